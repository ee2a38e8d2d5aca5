"""The operator's house-edge fragment: the table's figures, a poll while any is computing."""

from __future__ import annotations

import re
import time

import pytest
import sqlalchemy as sa

from webgame.analysis import background, cache
from webgame.extensions import db
from webgame.models import Table
from webgame.services.demo import seed
from webgame.services.tables import create_table
from webgame.web import edges


@pytest.fixture
def operator(app, client):
    if "edges" not in app.blueprints:
        app.register_blueprint(edges.bp)
    seed()
    db.session.commit()
    client.get("/login")
    assert client.post("/login", {"username": "operator", "password": "operator-pass-123"}).status_code == 302
    return client


def fragment(client, table_id: int, query: str = "") -> str:
    resp = client.get(f"/operator/tables/{table_id}/edges{query}", headers={"HX-Request": "true"})
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def settled(client, table_id: int, query: str = "", seconds: float = 30.0) -> str:
    deadline = time.monotonic() + seconds
    while 'hx-trigger="every 2s"' in (html := fragment(client, table_id, query)):
        assert time.monotonic() < deadline, html
        time.sleep(0.2)
    return html


def test_exact_figures_need_no_poll(operator) -> None:
    table = create_table("Edge Craps", "craps", "chapter4", config={})
    db.session.commit()
    html = settled(operator, table.id)
    assert "House edge of this configuration" in html and "1.4141%" in html and "exact" in html
    assert "hx-trigger" not in html and "<progress" not in html


def test_a_configuration_being_simulated_polls_with_a_progress_bar(operator, monkeypatch) -> None:
    background.clear()
    monkeypatch.setattr(cache, "lookup", lambda *args, **kwargs: None)  # nobody cached this one
    table = create_table("Edge Stud", "caribbean-stud", "chapter4", config={})
    db.session.commit()
    first = fragment(operator, table.id)
    assert f'hx-get="/operator/tables/{table.id}/edges"' in first and 'hx-trigger="every 2s"' in first
    assert re.search(r'<progress max="100" value="\d+"', first)
    done = settled(operator, table.id)
    assert "simulation ±" in done and "rounds" in done and "<progress" not in done


def test_the_blackjack_main_bet_shows_an_exact_figure_and_its_strategy(operator) -> None:
    """P-110: counted off the request (a poll while it runs), then "exact" where an interval
    was, the strategy named beside the figure."""
    background.clear()
    table = create_table("Edge 21", "blackjack", "grand-ronde", config={"options": {"decks": 5}})
    db.session.commit()
    done = settled(operator, table.id, seconds=60.0)
    row = re.search(r"<td>Main bet \(house basic strategy chart\)</td>\s*<td>([0-9.]+)%</td>\s*<td>(\w+)", done)
    assert row is not None, done
    assert 0.55 < float(row.group(1)) < 0.70 and row.group(2) == "exact"
    assert "<progress" not in done


def test_the_form_previews_what_it_would_save(operator) -> None:
    table = create_table("Edge Craps", "craps", "grand-ronde", config={})
    db.session.commit()
    saved = settled(operator, table.id)
    form = "?variant=grand-ronde&opt_buy_vig_percent=0&name=Edge+Craps&csrf_token=x"
    preview = settled(operator, table.id, form)
    assert "(not saved yet)" in preview and "(not saved yet)" not in saved
    row = re.compile(r"<td>Buy 4</td>\s*<td>([0-9.]+)%</td>")
    assert row.search(saved).group(1) == "5.0000" and row.search(preview).group(1) == "0.0000"
    same = settled(operator, table.id, "?variant=grand-ronde&opt_buy_vig_percent=5")
    assert "(not saved yet)" not in same
    ignored = settled(operator, table.id, "?variant=grand-ronde&opt_buy_vig_percent=99")  # not a choice
    assert "(not saved yet)" not in ignored and row.search(ignored).group(1) == "5.0000"


def test_side_bet_boxes_are_previewed_too(operator) -> None:
    table = create_table("Edge 21 sides", "blackjack", "grand-ronde", config={})
    db.session.commit()
    offered = "?variant=grand-ronde&side_lucky-ladies=1&side_21-plus-3-xtreme=1&side_super-bonus-blackjack=1"
    assert "Lucky Ladies" in settled(operator, table.id, offered)
    without = settled(operator, table.id, "?variant=grand-ronde&side_21-plus-3-xtreme=1&side_super-bonus-blackjack=1")
    assert "Lucky Ladies" not in without and "21+3 Xtreme" in without and "(not saved yet)" in without


def test_only_operators_see_it(app, client) -> None:
    if "edges" not in app.blueprints:
        app.register_blueprint(edges.bp)
    seed()
    db.session.commit()
    client.get("/login")
    client.post("/guest")
    table = db.session.scalars(sa.select(Table)).first()
    assert client.get(f"/operator/tables/{table.id}/edges").status_code == 403


def test_a_configuration_the_data_no_longer_allows_shows_no_figures(operator) -> None:
    table = create_table("Edge stale", "craps", "chapter4", config={})
    table.config = {"options": {"buy_vig_percent": 99}}  # a choice the rules data does not offer
    db.session.commit()
    html = fragment(operator, table.id)
    assert 'id="edges-' in html and "House edge" not in html and "hx-trigger" not in html


def test_an_unexpected_error_is_not_turned_into_a_quiet_blank(operator, monkeypatch) -> None:
    """Only a configuration the data no longer allows is an expected blank; a failure inside
    the analysis is a bug, and it raises (the server logs it and answers 500) instead of
    showing the operator an empty report as if there were nothing to show."""
    table = create_table("Edge bug", "craps", "chapter4", config={})
    db.session.commit()

    def broken(game: str, variant: str, config: object) -> list[dict[str, object]]:
        raise KeyError("a bug in an analyzer")

    monkeypatch.setattr(edges, "edges_for_table", broken)
    with pytest.raises(KeyError, match="a bug in an analyzer"):
        fragment(operator, table.id)
