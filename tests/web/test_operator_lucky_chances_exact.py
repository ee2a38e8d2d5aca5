"""The operator's page shows Lucky Chances Blackjack's base wager as an exact count with its
strategy named (P-225), for every deck count the operator may pick, and the table's rules panel
prints the chart the figure assumes."""

from __future__ import annotations

import pytest

from webgame.analysis import lucky_chances_blackjack as lc
from webgame.analysis.core import EXACT
from webgame.engine.paytable import load_game, resolve
from webgame.extensions import db
from webgame.services import strategy_charts
from webgame.services.demo import seed

from .operatorhelp import main_row, named, settled

LABEL = "Base wager (basic strategy bot)"


def test_every_deck_count_is_counted_exactly_under_the_named_chart() -> None:
    variant = load_game(lc.GAME).variants["lucky-chances"]
    for decks in variant.options["decks"]["choices"]:
        rules = resolve(variant, {"options": {"decks": decks}})
        (main,) = lc.wagers(variant, rules)
        assert main.method == EXACT and not main.simulated and main.can_simulate, decks
        assert "house basic strategy chart" in main.assumptions and f"{decks * 2} Logo cards" in main.assumptions


def test_the_operator_page_shows_the_exact_figure_as_the_decks_change(operator) -> None:
    table = named("Lucky Chances Blackjack (player-dealer)")
    url = f"/operator/tables/{table.id}/edges"

    def fragment(**args):
        return operator.get(url, query_string=args, headers={"HX-Request": "true"}).get_data(as_text=True)

    saved, method = main_row(settled(lambda: fragment(), seconds=180.0), LABEL)
    assert method == "exact" and 1.8 < saved < 2.4  # the P/D's edge, 2.107 % in six decks (P-225)
    other = settled(lambda: fragment(variant="lucky-chances", form_variant="lucky-chances", opt_decks="4"),
                    seconds=180.0)
    moved, method = main_row(other, LABEL)
    assert method == "exact" and moved < saved and "(not saved yet)" in other


def test_the_rules_panel_prints_the_house_chart() -> None:
    rules = resolve(load_game(lc.GAME).variants["lucky-chances"], {})
    chart = strategy_charts.chart_for(lc.GAME, rules)
    assert chart is not None and "house basic strategy chart" in chart["name"]
    assert "hits soft 17" in chart["name"]  # the P/D hits soft 17 (002 s.1381-1384)


@pytest.mark.parametrize(("name", "words"), [
    ("Lucky Chances Blackjack (player-dealer)", "Two Logo cards are the Bonus Natural"),
    ("Lucky Derby Pure Spanish 21.5 (player-dealer)", "Pure 21.5"),
])
def test_the_table_page_prints_its_rules_and_the_chart(guest, name, words) -> None:
    """The rules panel of the player-dealer tables counted under the house chart (P-225, P-228)
    prints the posted rules and that chart, with the P/D's soft-17 rule."""
    seed()
    db.session.commit()
    table = named(name)
    html = guest.get(f"/tables/{table.id}").get_data(as_text=True)
    panel = html[html.index('id="rules-h"'):]
    assert words in panel
    chart = panel[panel.index('data-testid="strategy-chart"'):]
    assert "house basic strategy chart" in chart and "dealer hits soft 17" in chart
