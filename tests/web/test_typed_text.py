"""Text a person types and others see (usernames, display names, table names): a NUL byte or
another control character is refused in plain words, on SQLite and on PostgreSQL alike
(PostgreSQL cannot store a NUL byte at all and used to answer with a server error). Ids in
links past PostgreSQL's integer column are checked here too, on the same two databases."""

from __future__ import annotations

import html
import re

import pytest
import sqlalchemy as sa

from tests.conftest import CasinoClient
from tests.pgserver import postgres_server
from webgame import create_app
from webgame.extensions import db
from webgame.models import Player, Table
from webgame.services.tables import create_table

FORM_ERROR = re.compile(r'class="form-error"[^>]*>([^<]*)<')
FLASH_ERROR = re.compile(r'class="flash flash-error"[^>]*>([^<]*)<')
UNSHOWABLE = "has a character that cannot be shown, such as a tab, a line break or an invisible code."
# NUL, other C0 controls, DEL, a C1 control, a line separator, a right-to-left override, a
# zero-width space, a byte-order mark.
CONTROLS = ["\x00", "\x01", "\t", "\n", "\x1b", "\x7f", "\x85", "\u2028", "\u202e", "\u200b", "\ufeff"]


def on_both(controls):
    """Every character on SQLite; on PostgreSQL (slower to set up) the NUL byte it cannot store
    and one other: the rule itself does not depend on the database."""
    pairs = [("sqlite", c) for c in controls] + [("postgresql", c) for c in controls[:2]]
    return pytest.mark.parametrize("site, control", pairs, indirect=["site"])


@pytest.fixture(scope="module")
def pg_url():
    """A throwaway PostgreSQL server, its schema built by the real migrations once."""
    for url in postgres_server():
        app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url})
        with app.app_context():
            with db.engine.begin() as conn:
                conn.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
            from flask_migrate import upgrade

            upgrade()
            db.engine.dispose()
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def site(request, tmp_path):
    """The app on each database, with a player, an operator and a table."""
    postgres = request.param == "postgresql"
    url = request.getfixturevalue("pg_url") if postgres else f"sqlite:///{tmp_path / 'casino.db'}"
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "RATELIMIT_ENABLED": False})
    with app.app_context():
        if postgres:
            names = ", ".join(t.name for t in db.metadata.sorted_tables)
            with db.engine.begin() as conn:
                conn.execute(sa.text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        else:
            db.create_all()
        for username, password, operator in (("alice", "demo-pass-123", False),
                                             ("operator", "operator-pass-123", True)):
            player = Player(username=username, display_name=username.title(), is_operator=operator)
            player.set_password(password)
            db.session.add(player)
        create_table("Grand Ronde Blackjack", "blackjack", "grand-ronde")
        db.session.commit()
        yield app
        db.session.remove()
        db.engine.dispose()


def _browser(app):
    client = CasinoClient(app.test_client())
    client.get("/signup")
    return client


def _form_error(resp) -> str:
    m = FORM_ERROR.search(resp.get_data(as_text=True))
    return html.unescape(m.group(1)) if m else ""


def _operator(app):
    client = _browser(app)
    assert client.post("/login", {"username": "operator", "password": "operator-pass-123"}).status_code == 302
    client.get("/operator/")
    return client


def _flash_error(client, resp) -> str:
    assert resp.status_code == 302
    m = FLASH_ERROR.search(client.get(resp.headers["Location"]).get_data(as_text=True))
    return html.unescape(m.group(1)) if m else ""


def _players() -> int:
    db.session.expire_all()
    return db.session.scalar(sa.select(sa.func.count(Player.id)))


@on_both(CONTROLS)
def test_sign_up_refuses_a_control_character_in_the_display_name(site, control):
    before = _players()
    resp = _browser(site).post("/signup", {"username": "carol", "password": "long-enough-1",
                                           "display_name": f"Car{control}ol"})
    assert resp.status_code == 400
    assert _form_error(resp) == f"Your display name {UNSHOWABLE} Please type it again."
    assert _players() == before


@on_both(["\x00", "\t", "\u202e"])
def test_sign_up_refuses_a_control_character_in_the_username(site, control):
    before = _players()
    resp = _browser(site).post("/signup", {"username": f"car{control}ol", "password": "long-enough-1"})
    assert resp.status_code == 400
    assert _form_error(resp) == "Choose a username of 3 to 32 letters, digits, dots, dashes or underscores."
    assert _players() == before


def test_display_names_people_really_have_are_kept(site):
    client = _browser(site)
    name = "  Zoë 👩‍👩‍👧 O'Brien  "  # an emoji family is joined by zero-width joiners
    assert client.post("/signup", {"username": "zoe", "password": "long-enough-1",
                                   "display_name": name}).status_code == 302
    assert db.session.scalars(sa.select(Player).filter_by(username="zoe")).one().display_name == name.strip()


def test_sign_up_limits_the_display_name(site):
    client = _browser(site)
    resp = client.post("/signup", {"username": "carol", "password": "long-enough-1", "display_name": "x" * 41})
    assert resp.status_code == 400
    assert _form_error(resp) == "Your display name can be at most 40 characters long."
    assert client.post("/signup", {"username": "carol", "password": "long-enough-1",
                                   "display_name": "x" * 40}).status_code == 302


@pytest.mark.parametrize("username", ["al\x00ice", "alice\x00", "\x00", "a" * 5000])
def test_log_in_with_a_control_character_is_just_a_wrong_username(site, username):
    resp = _browser(site).post("/login", {"username": username, "password": "demo-pass-123"})
    assert resp.status_code == 400
    assert _form_error(resp) == "That username and password do not match."


def test_log_in_still_works(site):
    assert _browser(site).post("/login", {"username": " alice ", "password": "demo-pass-123"}).status_code == 302


@on_both(["\x00", "\x1f", "\n", "\u202e"])
def test_operator_cannot_open_a_table_named_with_a_control_character(site, control):
    op = _operator(site)
    tables = db.session.scalar(sa.select(sa.func.count(Table.id)))
    resp = op.post("/operator/tables", {"name": f"High{control} Limit", "game_variant": "blackjack|chapter4"})
    assert _flash_error(op, resp) == f"The table name {UNSHOWABLE} Please type it again."
    db.session.expire_all()
    assert db.session.scalar(sa.select(sa.func.count(Table.id))) == tables


@on_both(["\x00", "\x1f", "\n", "\u202e"])
def test_operator_cannot_rename_a_table_with_a_control_character(site, control):
    op = _operator(site)
    table = db.session.scalars(sa.select(Table).order_by(Table.id)).first()
    name = table.name
    resp = op.post(f"/operator/tables/{table.id}", {"name": f"Renamed{control}", "variant": table.variant})
    assert _flash_error(op, resp) == f"The table name {UNSHOWABLE} Please type it again."
    db.session.expire_all()
    assert db.session.get(Table, table.id).name == name


def test_table_names_are_limited_not_cut(site):
    op = _operator(site)
    resp = op.post("/operator/tables", {"name": "x" * 81, "game_variant": "blackjack|chapter4"})
    assert _flash_error(op, resp) == "The table name can be at most 80 characters long."
    resp = op.post("/operator/tables", {"name": "  Salle Privée  ", "game_variant": "blackjack|chapter4"})
    assert _flash_error(op, resp) == ""
    assert db.session.scalars(sa.select(Table).filter_by(name="Salle Privée")).one()


@pytest.mark.parametrize("path", ["/tables/2147483648", "/tables/2147483648/play", "/rounds/2147483648/proof"])
def test_an_id_past_the_integer_column_is_no_page(site, path):
    # PostgreSQL's integer ends at 2**31 - 1; a larger id used to fail in the query itself.
    assert _browser(site).get(path).status_code == 404
