"""Red Dog Poker: the wager, with the raise taken whenever it pays, exactly, by
composition over the table's shoe with card removal.

The first two cards are classified by the engine's own ``classify`` and the third judged
by its ``between`` (004 s.1397-1416); each case is weighted by how many cards the shoe
holds of each rank, the first two removed before the third.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import Any

from ..engine.cards import RANKS
from ..engine.money import Odds
from ..engine.paytable import Variant
from ..games.war.red_dog import between, classify
from .core import Result, Wager

GAME = "red-dog"
MAIN = "main"
PAYTABLE = "red-dog"


def _net(rules: Mapping[str, Any], line: str) -> Fraction:
    return Odds.parse(str(rules["paytables"][PAYTABLE]["lines"][line])).net


def outcomes(rules: Mapping[str, Any]) -> Result:
    counts = {r: 4 * int(rules["decks"]) for r in RANKS}
    n = sum(counts.values())
    ev, raised, won = Fraction(0), Fraction(0), Fraction(0)
    for a, ca in counts.items():
        for b, cb in counts.items():
            p = Fraction(ca * (cb - (a == b)), n * (n - 1))
            first, second = a + "h", b + "s"
            kind, spread = classify(first, second)
            left = dict(counts)
            left[a] -= 1
            left[b] -= 1
            if kind == "consecutive":
                continue  # a tie hand: the wager is returned (s.1397)
            if kind == "pair":
                trips = Fraction(left[a], n - 2)
                ev += p * trips * _net(rules, "three-of-a-kind")  # otherwise a tie hand (s.1400)
                won += p * trips
                continue
            hit = Fraction(sum(c for r, c in left.items() if between(first, second, r + "d")), n - 2)
            per_unit = hit * _net(rules, f"spread-{spread}") - (1 - hit)
            stake = 2 if per_unit > 0 else 1  # raise the full wager exactly when it pays (s.1407)
            ev += p * stake * per_unit
            raised += p * (stake - 1)
            won += p * hit
    return Result(house_edge=-ev, hit_frequency=won, element_of_risk=-ev / (1 + raised))


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    return [Wager(
        bet=MAIN, label="Wager (raising when it pays)",
        paytable={k: str(v) for k, v in rules["paytables"][PAYTABLE]["lines"].items()},
        assumptions=(f"Exact by composition over {decks} deck{'s' if decks > 1 else ''} with card removal; the "
                     "player raises the full wager exactly when the spread makes the raise pay (spreads of 7 "
                     "or more, the house bots' rule). House edge per initial wager, element of risk per total "
                     "action; consecutive cards and pairs without trips are tie hands."),
        exact=partial(outcomes, rules),
    )]
