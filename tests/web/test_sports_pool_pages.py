"""The sports pool's pages as a browser drives them: plain forms, CSRF on. A forged ticket is
refused with nothing changed; the traders post, move, close and grade; the player reads the
result in words; `flask games --json` lists the book and `flask ledger-check` passes."""

from __future__ import annotations

import json
import re

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.tablehelp import assert_books_balance, me
from webgame.extensions import db
from webgame.models import LedgerEntry, SportsTicket
from webgame.services import wallet

TOKEN = re.compile(r'name="pick" value="([^"]+)"')


def post_lions(client, **extra):
    form = {"sport": "Football", "away": "Bears", "home": "Lions", "starts_at": "+120",
            "spread_line": "-3.5", "spread_home_odds": "-110", "spread_away_odds": "-110",
            "moneyline_home_odds": "-170", "moneyline_away_odds": "+150",
            "total_line": "47.5", "total_over_odds": "-110", "total_under_odds": "-110", **extra}
    resp = client.post("/sports/book/events", form)
    assert resp.status_code == 303
    return resp


def picks(client) -> list[str]:
    return TOKEN.findall(client.get("/sports/").get_data(as_text=True))


def pick(client, words: str) -> str:
    html = client.get("/sports/").get_data(as_text=True)
    for m in re.finditer(r'title="([^"]+): decimal [0-9.]+">\s*<input type="checkbox" name="pick" value="([^"]+)"', html):
        if m.group(1) == words:
            return m.group(2)
    raise AssertionError(f"{words} not on the board")


@pytest.fixture
def book(client, app):
    """A trader (an operator account, no tables on the floor) posts the Lions and Bears."""
    from webgame.models import Player

    trader = Player(username="trader", display_name="Trader", is_operator=True)
    trader.set_password("trader-pass-123")
    db.session.add(trader)
    db.session.commit()
    client.get("/login")
    assert client.post("/login", {"username": "trader", "password": "trader-pass-123"}).status_code == 302
    post_lions(client)
    return client


@pytest.fixture
def punter(app, book):
    from tests.conftest import CasinoClient

    c = CasinoClient(app.test_client())
    c.get("/login")
    assert c.post("/guest").status_code == 302
    return c


def counts():
    db.session.expire_all()
    return (db.session.scalar(sa.select(sa.func.count(SportsTicket.id))),
            db.session.scalar(sa.select(sa.func.count(LedgerEntry.id))))


def test_the_board_shows_american_odds_with_decimal_beneath(punter):
    html = punter.get("/sports/").get_data(as_text=True)
    assert "Bears <span class=\"sp-at\">at</span> Lions" in html
    assert 'Lions -3.5: decimal 1.91' in html and '<span class="sp-american">+150</span><span class="sp-decimal">2.50</span>' in html


def test_a_guest_reviews_the_slip_then_confirms_and_the_stake_leaves_the_wallet(punter):
    before = wallet.balance(wallet.wallet(me().id))
    lions = pick(punter, "Lions -3.5")
    html = punter.post("/sports/slip", {"stake": "21", "pick": lions}).get_data(as_text=True)
    assert "Returns <strong>$40.09</strong> if it wins ($19.09 won)" in html  # shown before confirming
    assert counts()[0] == 0
    resp = punter.post("/sports/tickets", {"stake": "$21", "pick": lions})
    assert resp.status_code == 303
    db.session.expire_all()
    assert wallet.balance(wallet.wallet(me().id)) == before - 2100
    assert "Returns up to $40.09" in punter.get("/sports/").get_data(as_text=True)
    assert_books_balance()


@pytest.mark.parametrize("forged", [
    {"stake": "10", "pick": "999:spread:home:-110:-7"},          # an event that does not exist
    {"stake": "10", "pick": "{event}:moneyline:draw:-110:0"},     # a market side never posted
    {"stake": "10", "pick": "{event}:props:home:-110:0"},         # a market that does not exist
    {"stake": "-10", "pick": "{event}:spread:home:-110:-7"},      # a negative stake
    {"stake": "10", "pick": "{event}:spread:home:+200:-7"},       # odds not posted
    {"stake": "10", "pick": "{event}:spread:home:-110:-1"},       # a line not posted
    {"stake": "10", "pick": "garbage"},
    {"stake": "10"},                                              # no selection at all
])
def test_a_forged_ticket_is_refused_with_nothing_changed(punter, forged):
    event = pick(punter, "Lions -3.5").split(":")[0]
    form = {k: v.replace("{event}", event) for k, v in forged.items()}
    before, purse = counts(), wallet.balance(wallet.wallet(me().id))
    resp = punter.post("/sports/tickets", form)
    assert resp.status_code == 422
    assert 'class="flash flash-error"' in resp.get_data(as_text=True)
    assert counts() == before
    assert wallet.balance(wallet.wallet(me().id)) == purse
    assert_books_balance()


def test_a_wager_over_the_limit_is_refused_on_the_page(punter):
    resp = punter.post("/sports/tickets", {"stake": "600", "pick": pick(punter, "Lions -3.5")})
    assert resp.status_code == 422 and "The maximum wager is $500." in resp.get_data(as_text=True)
    assert counts()[0] == 0


def test_a_player_cannot_reach_the_book(punter):
    assert punter.get("/sports/book").status_code == 403
    assert punter.post("/sports/book/events", {"home": "A", "away": "B"}).status_code == 403


def test_the_traders_move_a_line_close_and_grade_and_the_player_reads_the_win(book, punter):
    lions = pick(punter, "Lions -3.5")
    event = lions.split(":")[0]
    purse = wallet.balance(wallet.wallet(me().id))
    assert punter.post("/sports/tickets", {"stake": "21", "pick": lions}).status_code == 303
    assert book.post(f"/sports/book/events/{event}/line",
                     {"spread_line": "-4.5", "spread_home_odds": "-105", "spread_away_odds": "-115"}).status_code == 303
    assert "Lions -4.5: decimal 1.95" in punter.get("/sports/").get_data(as_text=True)
    page = book.get("/sports/book").get_data(as_text=True)
    assert "$21" in page and "$19.09" in page  # the handle, and the exposure on the Lions at the sold price
    moved = pick(punter, "Lions -4.5")
    book.post(f"/sports/book/events/{event}/close")
    resp = punter.post("/sports/tickets", {"stake": "21", "pick": moved})
    assert resp.status_code == 422 and "closed" in resp.get_data(as_text=True)
    assert book.post(f"/sports/book/events/{event}/result", {"home_score": "24", "away_score": "20"}).status_code == 303
    html = punter.get("/sports/").get_data(as_text=True)
    assert "Won $19.09 on the Lions -3.5" in html  # the ticket kept -3.5 at -110
    # A replayed result form pays nothing twice.
    book.post(f"/sports/book/events/{event}/result", {"home_score": "24", "away_score": "20"})
    db.session.expire_all()
    assert wallet.balance(wallet.wallet(me().id)) == purse - 2100 + 4009
    assert_books_balance()


def test_the_operator_refuses_a_player_on_the_book_page(book, punter):
    from webgame.models import Player

    name = db.session.get(Player, me().id).username
    assert book.post("/sports/book/limits", {"username": name, "max_stake": "0", "reason": "house"}).status_code == 303
    resp = punter.post("/sports/tickets", {"stake": "5", "pick": pick(punter, "Lions -3.5")})
    assert resp.status_code == 422 and "does not take wagers" in resp.get_data(as_text=True)


def test_a_voided_event_refunds_from_the_book_page(book, punter):
    lions = pick(punter, "Lions -3.5")
    purse = wallet.balance(wallet.wallet(me().id))
    punter.post("/sports/tickets", {"stake": "30", "pick": lions})
    book.post(f"/sports/book/events/{lions.split(':')[0]}/void")
    db.session.expire_all()
    assert wallet.balance(wallet.wallet(me().id)) == purse
    assert "Refunded $30 on the Lions -3.5: Lions -3.5 was cancelled" in punter.get("/sports/").get_data(as_text=True)
    assert_books_balance()


def test_games_json_lists_the_sports_pool_as_playable_and_ledger_check_passes(app, book, punter):
    runner = app.test_cli_runner()
    report = json.loads(runner.invoke(args=["games", "--json"]).output)
    (entry,) = [g for g in report["games"] if g["slug"] == "sports-pool"]
    assert entry["playable"] and [v["slug"] for v in entry["variants"]] == ["grand-ronde"]
    assert entry["variants"][0]["playable"]
    punter.post("/sports/tickets", {"stake": "25", "pick": pick(punter, "Bears money line")})
    result = runner.invoke(args=["ledger-check"])
    assert result.exit_code == 0, result.output


TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=16)
PICKS = st.one_of(TEXT, st.builds(lambda e, m, s, o, h: f"{e}:{m}:{s}:{o}:{h}",
                                  st.one_of(st.integers(-10**20, 10**20).map(str), TEXT),
                                  st.sampled_from(["moneyline", "spread", "total", "props", ""]),
                                  st.sampled_from(["home", "away", "over", "under", "draw"]),
                                  st.one_of(st.integers(-10**12, 10**12).map(str), TEXT),
                                  st.one_of(st.integers(-10**12, 10**12).map(str), TEXT)))
PYTHON_WORDS = ("invalid literal", "Traceback", "KeyError", "ValueError", "NoneType")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(forms=st.lists(st.fixed_dictionaries({"stake": st.one_of(TEXT, st.integers(-10**12, 10**12).map(str)),
                                             "pick": st.lists(PICKS, max_size=3)}), min_size=1, max_size=3))
def test_hostile_slips_get_words_never_a_server_error(app, punter, forms):
    app.config["MONEY_RATE_LIMIT"] = "100000 per minute"
    for form in forms:
        for url in ("/sports/slip", "/sports/tickets"):
            resp = punter.post(url, form)
            assert resp.status_code in (200, 303, 400, 422), (url, form)
            assert not any(w in resp.get_data(as_text=True) for w in PYTHON_WORDS), form
    assert_books_balance()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.fixed_dictionaries({k: st.one_of(TEXT, st.integers(-10**12, 10**12).map(str)) for k in (
    "home", "away", "starts_at", "spread_line", "spread_home_odds", "moneyline_away_odds", "total_line",
    "total_over_odds", "spread_max", "home_score", "away_score", "max_stake", "username")}))
def test_hostile_trader_forms_get_words_never_a_server_error(book, form):
    for url in ("/sports/book/events", "/sports/book/events/1/line", "/sports/book/events/1/result",
                "/sports/book/limits", "/sports/book/events/999/void"):
        resp = book.post(url, form)
        assert resp.status_code == 303, (url, form)
    assert "Traceback" not in book.get("/sports/book").get_data(as_text=True)
    assert_books_balance()
