"""The operator's page shows 21st Century Free Bet Blackjack's and No Bust 4.0's base wagers as
exact counts with their strategy named (P-284, P-287), and the tables' rules panels print the
chart each figure assumes."""

from __future__ import annotations

import importlib

from webgame.analysis.core import EXACT
from webgame.engine.paytable import load_game, resolve
from webgame.extensions import db
from webgame.games.blackjack import strategy
from webgame.services import strategy_charts
from webgame.services.demo import seed

from .operatorhelp import main_row, named, settled

fb = importlib.import_module("webgame.analysis.21st_century_free_bet_blackjack")
NAME = "Crystal Park 21st Century Free Bet Blackjack (player-dealer)"
LABEL = "Base wager (Free Bet chart bot)"


def test_every_deck_count_is_counted_exactly_under_the_named_chart() -> None:
    variant = load_game(fb.GAME).variants["crystal-park"]
    for decks in variant.options["decks"]["choices"]:
        rules = resolve(variant, {"options": {"decks": decks}})
        main = fb.wagers(variant, rules)[0]
        assert main.method == EXACT and not main.simulated and main.can_simulate, decks
        assert strategy.FREE_BET_NAME in main.assumptions and f"{decks} decks" in main.assumptions


def test_the_operator_page_shows_the_exact_figure(operator) -> None:
    table = named(NAME)
    html = settled(lambda: operator.get(f"/operator/tables/{table.id}/edges", headers={"HX-Request": "true"})
                   .get_data(as_text=True), seconds=180.0)
    edge, method = main_row(html, LABEL)
    assert method == "exact" and 1.2 < edge < 1.8  # the P/D's edge, 1.494 % in six decks
    assert "Free Bet strategy" in html


def test_the_table_page_prints_its_rules_and_the_free_bet_chart(guest) -> None:
    rules = resolve(load_game(fb.GAME).variants["crystal-park"], {})
    chart = strategy_charts.chart_for(fb.GAME, rules)
    assert chart is not None and chart["name"] == strategy.FREE_BET_NAME
    seed()
    db.session.commit()
    table = named(NAME)
    html = guest.get(f"/tables/{table.id}").get_data(as_text=True)
    panel = html[html.index('id="rules-h"'):]
    assert "Free double on a two-card hard 9, 10 or 11" in panel
    shown = panel[panel.index('data-testid="strategy-chart"'):]
    assert "Free Bet strategy" in shown


BUSTER_4_0 = "Lucky Derby No Bust 21st Century Buster Blackjack 4.0 (player-dealer)"


def test_no_bust_4_0_shows_its_exact_figure_and_the_house_chart(operator) -> None:
    """No Bust 4.0's base wager is counted too (P-287): the operator's page shows it as exact, and
    the table's rules panel prints the house chart the bots play."""
    table = named(BUSTER_4_0)
    html = settled(lambda: operator.get(f"/operator/tables/{table.id}/edges", headers={"HX-Request": "true"})
                   .get_data(as_text=True), seconds=180.0)
    edge, method = main_row(html, "Base wager (basic strategy bot)")
    assert method == "exact" and 6.0 < edge < 7.5  # the P/D's edge, 6.887 % in six decks
    page = operator.get(f"/tables/{table.id}").get_data(as_text=True)
    shown = page[page.index('id="rules-h"'):]
    shown = shown[shown.index('data-testid="strategy-chart"'):]
    assert "house basic strategy chart" in shown and "dealer hits soft 17" in shown
