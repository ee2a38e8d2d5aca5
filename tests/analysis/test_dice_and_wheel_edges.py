"""Exact house edges of craps, roulette and Big Six against the textbook fractions."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from webgame.analysis.edges import configuration, exact
from webgame.analysis.roulette import _kinds, kind_edge
from webgame.games.wheel.edge import back_to_back_edge


def figures(game: str, variant: str, config: dict | None = None) -> dict[str, object]:
    _, rules, wagers = configuration(game, variant, config)
    return {w.bet: exact(game, variant, rules, w) for w in wagers if w.exact is not None}


@pytest.mark.parametrize("variant", ["grand-ronde", "chapter4"])
def test_craps_line_field_and_any_seven(variant: str) -> None:
    got = figures("craps", variant)
    assert got["pass"].house_edge == F(7, 495)  # 1.414141 %
    assert got["dont-pass"].house_edge == F(3, 220)  # bar 12: the push counts as a wager
    assert got["come"].house_edge == F(7, 495) and got["dont-come"].house_edge == F(3, 220)
    assert got["field"].house_edge == F(1, 18)  # the rulebook's field pays 2 to 1 on 2 and on 12
    assert got["any-seven"].house_edge == F(1, 6)
    assert got["pass"].hit_frequency == F(244, 495)
    assert got["any-seven"].hit_frequency == F(1, 6)


def test_craps_full_odds_lower_the_edge_per_total_action() -> None:
    chapter4 = figures("craps", "chapter4")["pass+odds"]
    assert chapter4.house_edge == F(7, 495)  # per flat wager the odds change nothing
    assert chapter4.element_of_risk == F(7, 495) / (1 + F(3 * 6 + 4 * 8 + 5 * 10, 36))  # 3-4-5x: 0.374 %
    grand_ronde = figures("craps", "grand-ronde")["pass+odds"]
    assert grand_ronde.element_of_risk == F(7, 495) / (1 + F(10 * 24, 36))  # 10x odds: 0.184 %
    single = figures("craps", "chapter4", {"options": {"odds_multiple": "1"}})["pass+odds"]
    assert single.element_of_risk == F(7, 495) / (1 + F(24, 36))  # single odds: 0.848 %
    # Don't pass with 20x/15x/12x laid (D-352): eleven times the flat bet on average in action.
    assert figures("craps", "grand-ronde")["dont-pass+odds"].element_of_risk == F(3, 220) / 11


def test_craps_option_changes_the_figure() -> None:
    assert figures("craps", "grand-ronde")["buy/4"].house_edge == F(1, 20)
    assert figures("craps", "grand-ronde", {"options": {"buy_vig_percent": 0}})["buy/4"].house_edge == 0


def test_roulette_double_and_single_zero() -> None:
    double = figures("roulette", "grand-ronde-00")
    assert {w: f.house_edge for w, f in double.items() if w != "five"} == {
        w: F(2, 38) for w in double if w != "five"}
    assert double["five"].house_edge == F(3, 38)  # the first five 0-00-1-2-3 at 6 to 1
    assert double["straight"].hit_frequency == F(1, 38)
    single = figures("roulette", "chapter4-0")
    assert {f.house_edge for w, f in single.items() if w != "back-to-back"} == {F(1, 37)}
    assert "five" not in single and single["first-four"].house_edge == F(1, 37)


@pytest.mark.parametrize("variant", ["grand-ronde-00", "chapter4-0"])
def test_every_roulette_spot_of_a_kind_pays_alike(variant: str) -> None:
    _, rules, _ = configuration("roulette", variant)
    for keys in _kinds(rules).values():
        kind_edge(rules, keys, every=True)


@pytest.mark.parametrize("variant,main", [("chapter4-00", F(2, 38)), ("chapter4-0", F(1, 37))])
def test_back_to_back_by_pocket_classes_agrees_with_every_pocket(variant: str, main: F) -> None:
    _, rules, _ = configuration("roulette", variant)
    edge = figures("roulette", variant)["back-to-back"].house_edge
    assert edge == back_to_back_edge(rules) and edge > main


def test_big_six_from_the_segment_counts() -> None:
    _, rules, _ = configuration("big-six", "chapter4")
    segments = rules["segments"]
    assert len(segments) == 54
    pays = {"1": 1, "2": 2, "5": 5, "10": 10, "20": 20, "joker": 40, "casino": 40}
    got = figures("big-six", "chapter4")
    for symbol, win in pays.items():
        count = segments.count(symbol)
        assert got[symbol].house_edge == 1 - F(count * (win + 1), 54), symbol
    assert got["1"].house_edge == F(1, 9) and got["joker"].house_edge == F(13, 54)
