"""The bonus wagers of the house-banked hold'em games, exactly: UTH Trips and Jackpot
Hold'em's Player Bonus (best five of seven), Hole Card Bonus (two hole cards) and 3-Up
Bonus (hole cards and the first community card, on the Three Card Poker order).

Every one settles on the player's own cards whatever the player decides, a folded hand
included (000 s.1364, s.1664; D-297, D-309), so no strategy enters: each is the paytable
against the exact count of hands of a fresh deck. Hands are graded by the engine's own
graders (``webgame.games.holdem.showdown.GRADERS``) and the engine's ``first_line``; the
seven-card count takes the all-hands histogram and grades one hand per distinct value.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial
from math import comb
from typing import Any

import numpy as np

from ..engine.hands.batch import combinations_array, histogram_high, rank_high_batch
from ..engine.hands.ids import id_code
from ..engine.money import Odds
from ..games.holdem import showdown
from ..games.holdem.banked import first_line
from .core import Result, Wager

BEST_FIVE, HOLE_CARDS, THREE_UP = "best-five", "hole-cards", "three-up"


@cache
def seven_card_counts() -> dict[int, int]:
    """How many of the 133,784,560 seven-card hands have each best-five value."""
    hist = histogram_high(7)
    return {int(v): int(hist[v]) for v in np.nonzero(hist)[0]}


@cache
def five_card_examples() -> dict[int, tuple[str, ...]]:
    """One five-card hand for every high-hand value (every seven-card best five is one)."""
    hands = combinations_array(52, 5)
    values = rank_high_batch(hands).astype(np.int64)
    _, first = np.unique(values, return_index=True)
    return {int(values[i]): tuple(id_code(int(c)) for c in hands[i]) for i in first}


def _net(rules: Mapping[str, Any], paytable: str, line: str | None) -> Fraction:
    if line is None:
        return Fraction(-1)
    return Odds.parse(str(rules["paytables"][paytable]["lines"][line])).net


def _graded(rules: Mapping[str, Any], paytable: str, hole: tuple[str, ...], board: tuple[str, ...]) -> str | None:
    table = rules["paytables"][paytable]
    lines, _ = showdown.GRADERS[table["grade"]](list(hole), list(board), table)
    return first_line(rules, paytable, lines)


def bonus(rules: Mapping[str, Any], paytable: str) -> Result:
    """The house edge of one bonus wager per unit wagered."""
    grade = rules["paytables"][paytable]["grade"]
    weighted: list[tuple[int, str | None]] = []
    if grade == BEST_FIVE:
        examples = five_card_examples()
        for value, count in seven_card_counts().items():
            hand = examples[value]
            weighted.append((count, _graded(rules, paytable, hand[:2], hand[2:])))
        total = comb(52, 7)
    elif grade == HOLE_CARDS:
        codes = [id_code(c) for c in range(52)]
        for hole in itertools.combinations(codes, 2):
            weighted.append((1, _graded(rules, paytable, hole, ())))
        total = comb(52, 2)
    elif grade == THREE_UP:
        codes = [id_code(c) for c in range(52)]
        for three in itertools.combinations(codes, 3):
            weighted.append((1, _graded(rules, paytable, three[:2], three[2:])))
        total = comb(52, 3)
    else:
        raise ValueError(f"no exact count for the {grade!r} grade")
    if sum(n for n, _ in weighted) != total:
        raise AssertionError("the hands counted are not every hand")
    ev = sum((n * _net(rules, paytable, line) for n, line in weighted), Fraction(0)) / total
    hits = Fraction(sum(n for n, line in weighted if line is not None), total)
    return Result(house_edge=-ev, hit_frequency=hits, element_of_risk=-ev)


def assumptions(rules: Mapping[str, Any], paytable: str) -> str:
    grade = rules["paytables"][paytable]["grade"]
    what = {
        BEST_FIVE: "all 133,784,560 seven-card hands (the best five of hole cards and board)",
        HOLE_CARDS: "all 1,326 two-card hands (the hole cards alone)",
        THREE_UP: "all 22,100 three-card hands (the hole cards and the first community card, Three Card Poker order)",
    }[grade]
    if not rules.get("side_bets_survive_fold", True):
        # The Bad Beat editions lose the bonus on a fold (D-297): it pays only on three of a
        # kind or better, so the count holds for a player who never folds such a hand (P-051).
        return (f"Exact: {what} of a fresh deck, graded by the table's own grader. A fold loses it here, "
                "and it pays only on three of a kind or better: the figure is for a player who does not "
                "fold such a hand (every other hand loses it folded or not). House edge per bonus wager.")
    return (f"Exact: {what} of a fresh deck, graded by the table's own grader. It settles whatever the "
            "player decides, a folded hand included, so no strategy enters. House edge per bonus wager.")


def wager(rules: Mapping[str, Any], paytable: str, label: str, bet: str | None = None) -> Wager:
    """One bonus as the analyzer lists it, with the engine simulation to cross-check it.
    ``bet`` names its spot where the edition pays it from a table of another name (its own
    Trips table, ``side_paytables``)."""
    return Wager(
        bet=bet or paytable, label=label,
        paytable={k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()},
        assumptions=assumptions(rules, paytable), exact=partial(bonus, rules, paytable), slow=True,
        can_simulate=True,
    )
