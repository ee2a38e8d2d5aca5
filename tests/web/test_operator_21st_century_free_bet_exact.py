"""The operator's page shows 21st Century Free Bet Blackjack's base wager as an exact count with
its strategy named (P-284), and the table's rules panel prints the Free Bet chart the figure
assumes."""

from __future__ import annotations

import importlib
import re
import time

import pytest
import sqlalchemy as sa

from webgame.analysis.core import EXACT
from webgame.engine.paytable import load_game, resolve
from webgame.extensions import db
from webgame.games.blackjack import strategy
from webgame.models import Table
from webgame.services import strategy_charts
from webgame.services.demo import seed

fb = importlib.import_module("webgame.analysis.21st_century_free_bet_blackjack")
NAME = "Crystal Park 21st Century Free Bet Blackjack (player-dealer)"
LABEL = "Base wager (Free Bet chart bot)"


@pytest.fixture
def operator(client):
    seed()
    db.session.commit()
    client.get("/login")
    assert client.post("/login", {"username": "operator", "password": "operator-pass-123"}).status_code == 302
    return client


def settled(html_of, seconds: float) -> str:
    """Ask again while a figure is still being computed (the fragment polls itself)."""
    deadline = time.monotonic() + seconds
    while 'hx-trigger="every 2s"' in (html := html_of()):
        assert time.monotonic() < deadline, html
        time.sleep(0.2)
    return html


def test_every_deck_count_is_counted_exactly_under_the_named_chart() -> None:
    variant = load_game(fb.GAME).variants["crystal-park"]
    for decks in variant.options["decks"]["choices"]:
        rules = resolve(variant, {"options": {"decks": decks}})
        main = fb.wagers(variant, rules)[0]
        assert main.method == EXACT and not main.simulated and main.can_simulate, decks
        assert strategy.FREE_BET_NAME in main.assumptions and f"{decks} decks" in main.assumptions


def test_the_operator_page_shows_the_exact_figure(operator) -> None:
    table = db.session.scalars(sa.select(Table).filter_by(name=NAME)).one()
    html = settled(lambda: operator.get(f"/operator/tables/{table.id}/edges", headers={"HX-Request": "true"})
                   .get_data(as_text=True), seconds=180.0)
    m = re.search(rf"<td>{re.escape(LABEL)}</td>\s*<td>(-?[0-9.]+)%</td>\s*<td>\s*([a-z]+)", html)
    assert m, html
    assert m.group(2) == "exact" and 1.2 < float(m.group(1)) < 1.8  # the P/D's edge, 1.494 % in six decks
    assert "Free Bet strategy" in html


def test_the_table_page_prints_its_rules_and_the_free_bet_chart(guest) -> None:
    rules = resolve(load_game(fb.GAME).variants["crystal-park"], {})
    chart = strategy_charts.chart_for(fb.GAME, rules)
    assert chart is not None and chart["name"] == strategy.FREE_BET_NAME
    seed()
    db.session.commit()
    table = db.session.scalars(sa.select(Table).filter_by(name=NAME)).one()
    html = guest.get(f"/tables/{table.id}").get_data(as_text=True)
    panel = html[html.index('id="rules-h"'):]
    assert "Free double on a two-card hard 9, 10 or 11" in panel
    shown = panel[panel.index('data-testid="strategy-chart"'):]
    assert "Free Bet strategy" in shown
