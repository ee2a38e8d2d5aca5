"""The exact house edge of every craps wager, enumerated through the engine's own resolution."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from webgame.games.dice.bets import POINTS
from webgame.games.dice.craps import table_rules
from webgame.games.dice.edge import house_edge, odds_edge

# The textbook figures, per unit of wager and per decision; vig counted on top of the stake.
KNOWN: dict[str, F] = {
    "pass": F(7, 495), "dont-pass": F(3, 220), "come": F(7, 495), "dont-come": F(3, 220),
    "place/4": F(1, 15), "place/10": F(1, 15), "place/5": F(1, 25), "place/9": F(1, 25),
    "place/6": F(1, 66), "place/8": F(1, 66),
    **{f"buy/{n}": F(1, 20) for n in POINTS},  # 5 % vig on a bet at true odds
    "lay/4": F(1, 40), "lay/10": F(1, 40), "lay/5": F(1, 30), "lay/9": F(1, 30), "lay/6": F(1, 24), "lay/8": F(1, 24),
    "hard/4": F(1, 9), "hard/10": F(1, 9), "hard/6": F(1, 11), "hard/8": F(1, 11),
    "field": F(1, 18),  # 2 to 1 on both 2 and 12
    "any-seven": F(1, 6), "any-craps": F(1, 9), "craps-2": F(5, 36), "craps-3": F(1, 9), "craps-12": F(5, 36),
    "eleven": F(1, 9), "c-and-e": F(1, 9), "horn": F(1, 8), "horn-high/2": F(23, 180), "horn-high/12": F(23, 180),
    "horn-high/3": F(11, 90), "horn-high/11": F(11, 90),
    "hop/3-3": F(5, 36), "hop/2-5": F(1, 9),
}
GRAND_RONDE = {"whirl": F(2, 15)}
CHAPTER4 = {
    "world": F(2, 15), "three-way-craps": F(7, 54), "high-low": F(5, 36), "ace-deuce-any-craps": F(1, 9),
    "big/6": F(1, 11), "big/8": F(1, 11),
    "place-lose/4": F(1, 33), "place-lose/10": F(1, 33), "place-lose/5": F(1, 40), "place-lose/9": F(1, 40),
    "place-lose/6": F(1, 55), "place-lose/8": F(1, 55),
    "put/4": F(1, 3), "put/5": F(1, 5), "put/6": F(1, 11),  # flat put without odds
}


@pytest.mark.parametrize("variant,extra", [("grand-ronde", GRAND_RONDE), ("chapter4", CHAPTER4)])
def test_house_edge_of_every_wager(variant: str, extra: dict[str, F]) -> None:
    rules = table_rules(variant)
    for spot, edge in {**KNOWN, **extra}.items():
        assert house_edge(rules, spot) == edge, spot


@pytest.mark.parametrize("variant", ("grand-ronde", "chapter4"))
def test_odds_have_no_house_edge(variant: str) -> None:
    rules = table_rules(variant)
    for n in POINTS:
        for line in ("pass", "dont-pass", "come", "dont-come"):
            assert odds_edge(rules, line, n) == 0
    if variant == "chapter4":
        assert all(odds_edge(rules, "put", n) == 0 for n in POINTS)


def test_lay_vig_on_the_win_lowers_the_lay_edge() -> None:
    rules = table_rules("chapter4", {"options": {"lay_vig_collection": "on-win"}})
    assert house_edge(rules, "lay/4") == F(1, 60)  # 5 % of the win, paid only when it wins


def test_buy_with_no_vig_is_a_fair_bet() -> None:
    rules = table_rules("grand-ronde", {"options": {"buy_vig_percent": 0}})
    assert house_edge(rules, "buy/6") == 0
