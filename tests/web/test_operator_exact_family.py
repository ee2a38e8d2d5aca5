"""The operator's page shows Spanish 21's, Free Bet Blackjack's and Blackjack Switch's main
game as an exact count with its strategy named (P-140, P-270), as it does blackjack's, for
every option the operator may pick; and the tables' rules panels print the chart the figure
assumes."""

from __future__ import annotations

import itertools

import pytest

from webgame.analysis import blackjack_switch, free_bet_blackjack, spanish_21
from webgame.analysis.core import EXACT
from webgame.engine.paytable import load_game, resolve
from webgame.services import strategy_charts

from .operatorhelp import main_row, named, settled

# The operator's options that change the main game's count (the rest is the table's furniture).
COUNTED = ("decks",)


@pytest.mark.parametrize(("game", "module", "strategy_name"), [
    ("spanish-21", spanish_21, "Spanish 21 basic strategy"),
    ("free-bet-blackjack", free_bet_blackjack, "Free Bet strategy"),
    ("blackjack-switch", blackjack_switch, "Blackjack Switch strategy"),
])
def test_every_option_of_the_variant_is_counted_exactly_under_a_named_strategy(game, module, strategy_name) -> None:
    """Whatever the operator picks, the main bet is the exact count (never a simulation)
    and its assumptions name the strategy."""
    for slug, variant in load_game(game).variants.items():
        specs = {name: spec["choices"] for name, spec in variant.options.items() if name in COUNTED}
        for choice in itertools.product(*specs.values()):
            rules = resolve(variant, {"options": dict(zip(specs, choice, strict=True))})
            main = module.wagers(variant, rules)[0]
            assert main.bet == "main" and main.method == EXACT and not main.simulated, (slug, choice)
            assert strategy_name in main.assumptions and strategy_name in main.label


@pytest.mark.parametrize(("table_name", "variant", "label", "decks", "low", "high"), [
    # 0.48 % on six decks, the chart doubling for a table that doubles again (P-275).
    ("Grand Ronde Spanish 21", "grand-ronde", "Main bet (Spanish 21 basic strategy)", "8", 0.3, 0.7),
    ("Grand Ronde Free Bet Blackjack", "grand-ronde", "Main bet (Free Bet strategy)", "8", 0.5, 1.5),
    # Chapter 4 pays a switched blackjack 3 to 2 (D-051): the player's edge, a negative figure.
    ("Chapter 4 Blackjack Switch", "chapter4", "Both bets (Blackjack Switch strategy)", "2", -4.5, -3.0),
])
def test_the_operator_page_shows_the_exact_figure_as_an_option_changes(operator, table_name, variant, label, decks,
                                                                        low, high) -> None:
    table = named(table_name)
    url = f"/operator/tables/{table.id}/edges"

    def fragment(**args):
        return operator.get(url, query_string=args, headers={"HX-Request": "true"}).get_data(as_text=True)

    # An exact count of a few seconds (P-110, P-140), made off the request.
    saved, method = main_row(settled(lambda: fragment(), seconds=180.0), label)
    assert method == "exact" and low < saved < high
    other = settled(lambda: fragment(variant=variant, form_variant=variant, opt_decks=decks), seconds=180.0)
    moved, method = main_row(other, label)
    assert method == "exact" and moved != saved and "(not saved yet)" in other


@pytest.mark.parametrize(("game", "name", "spanish"), [
    ("spanish-21", "Spanish 21 basic strategy", True), ("free-bet-blackjack", "Free Bet strategy", False),
])
def test_the_rules_panel_prints_the_chart_the_figure_assumes(game, name, spanish) -> None:
    rules = resolve(load_game(game).variants["grand-ronde"], {})
    chart = strategy_charts.chart_for(game, rules)
    assert chart is not None and name in chart["name"]
    hard = dict(chart["hard"])
    if spanish:
        # Stiff hands of many cards draw for the bonus 21s: "S4" stands on two or three cards.
        assert hard["14"][2] == "S4" and ("S4", "stand; with 4 or more cards, hit") in chart["legend"]
        # First doubles for a table that doubles again (P-275): 9 against a 4 and A,2 against a 5.
        soft = dict(chart["soft"])
        assert hard["9"][2] == "D" and soft["A,2"][3] == "D" and hard["5-7"][4] == "D4"
        # After a double (P-274, P-275): 12 against a 7 doubles again, 15 against an 8 rescues,
        # a doubled 10 always doubles again.
        after = dict(chart["after_double"])
        assert after["12"][5] == "DD" and after["15"][6] == "RE" and after["15"][5] == "S"
        assert after["10"] == ["DD"] * 10
        assert any(code == "RE" and "rescue" in words for code, words in chart["legend"])
    else:
        # The free double on hard 9, 10 and 11 against every up card; no surrender.
        assert set(hard["9"]) == {"D"} and all(code not in ("R", "Rs") for _, row in chart["hard"] for code in row)
        assert chart["after_double"] == []  # a Free Bet double takes one card and stands


def test_the_switch_rules_panel_prints_the_switch_table_for_the_tables_decks() -> None:
    """P-272: the switch table the bots read, for the decks the table deals, beside the play chart."""
    variant = load_game("blackjack-switch").variants["chapter4"]
    rules = resolve(variant, {})
    six = strategy_charts.chart_for("blackjack-switch", rules)
    two = strategy_charts.chart_for("blackjack-switch", rules, {"options": {"decks": 2}})
    assert six is not None and two is not None and "Blackjack Switch strategy" in six["name"]
    switch = dict(six["switch"])
    assert switch["A,T"] == ["150"] * 10  # a blackjack, switched too, pays 3 to 2 (D-051)
    assert dict(two["switch"]) != switch
    # No surrender at Switch (D-052): no R codes in the grids.
    assert all(code not in ("R", "Rs") for key in ("hard", "soft", "pairs") for _, row in six[key] for code in row)
    assert strategy_charts.chart_for("blackjack", resolve(load_game("blackjack").variants["chapter4"], {}))["switch"] == []
