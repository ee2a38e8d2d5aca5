"""Let It Ride: the base bets with the best take-back decisions, and the side bets, exactly.

Every one of the 2,598,960 five-card hands of the deck is ranked at once by the numpy
evaluator; each distinct value is graded once through the engine's own ``pay_line``
(``webgame.games.carnival.base``), so the figures use the table's paytable as posted.

The base game is solved backwards with card removal, in whole numbers: after four
cards (three of the player's and the first community card) bet 2 rides exactly when
the 48 possible last cards pay on average; after three, bet 1 rides exactly when the
1,176 possible pairs of community cards pay on average; the third bet always plays.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from math import comb, lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.hands import evaluate_high
from ..engine.hands.batch import combinations_array, rank_high_batch
from ..engine.hands.value import HandValue
from ..engine.money import Odds
from ..engine.paytable import Variant
from ..games.carnival.base import pay_line
from ..games.carnival.let_it_ride import LET_IT_RIDE
from .core import Result, Wager
from .three_card_poker import deck_hands, hand_values

GAME = "let-it-ride"
BASE, DOLLAR, THREE_CARD = "base", "lir-dollar-bonus", "lir-three-card-bonus"


def five_card_hands() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """All five-card hands and their values (not kept: 40 MB a web process need not hold)."""
    hands = combinations_array(52, 5)
    return hands, rank_high_batch(hands).astype(np.int64)


@cache
def five_card_values() -> dict[int, HandValue]:
    """One HandValue per distinct five-card value (7,462 of them: the engine's words)."""
    hands, values = five_card_hands()
    _, first = np.unique(values, return_index=True)
    return {int(values[i]): evaluate_high([int(c) for c in hands[i]]) for i in first}


def _index(cards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The colex rank of sorted k-subsets (rows): a dense index from 0 to C(52, k) - 1."""
    out = np.zeros(len(cards), dtype=np.int64)
    binom = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
    for j in range(cards.shape[1]):
        out += binom[cards[:, j], j + 1]
    return out


def _payouts(rules: Mapping[str, Any], paytable: str, graded: Mapping[int, HandValue],
             values: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], int]:
    """Net result per hand (a loss is -1) as whole numbers over a common denominator."""
    nets: dict[int, Fraction] = {}
    for value, hand in graded.items():
        line = pay_line(rules, paytable, hand)
        nets[value] = Odds.parse(str(rules["paytables"][paytable]["lines"][line])).net if line else Fraction(-1)
    scale = lcm(*(f.denominator for f in nets.values()))
    table = np.zeros(int(values.max()) + 1, dtype=np.int64)
    for value, net in nets.items():
        table[value] = int(net * scale)
    return table[values], scale


def _subsets(hands: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For every 5-card hand the index of each of its five 4-card subsets, and for every
    4-card subset the index of each of its four 3-card subsets."""
    h = hands.astype(np.int64)
    fours = np.stack([_index(np.delete(h, j, axis=1)) for j in range(5)], axis=1)
    f = combinations_array(52, 4).astype(np.int64)
    order = np.argsort(_index(f))
    f = f[order]  # row i is the 4-card subset with index i
    threes = np.stack([_index(np.delete(f, j, axis=1)) for j in range(4)], axis=1)
    return fours, threes


def base_game(rules: Mapping[str, Any]) -> tuple[Result, dict[str, Fraction]]:
    """(figures per unit of one bet, with the chance each of bets 1 and 2 rides)."""
    hands, values = five_card_hands()
    m, scale = _payouts(rules, str(rules["base_paytable"]), five_card_values(), values)
    fours, threes = _subsets(hands)
    del hands
    s4 = np.zeros(comb(52, 4), dtype=np.int64)
    for j in range(5):
        s4 += np.bincount(fours[:, j], weights=m, minlength=comb(52, 4)).astype(np.int64)
    # Four cards seen: bet 3 plays, bet 2 rides when the 48 last cards pay on average (s4 > 0).
    ride2 = s4 > 0
    after4 = s4 + np.where(ride2, s4, 0)  # bets 2 and 3, summed over the 48 last cards
    w = np.zeros(comb(52, 3), dtype=np.int64)
    s3 = np.zeros(comb(52, 3), dtype=np.int64)
    ridden2 = np.zeros(comb(52, 3), dtype=np.int64)
    for j in range(4):
        w += np.bincount(threes[:, j], weights=after4, minlength=comb(52, 3)).astype(np.int64)
        s3 += np.bincount(threes[:, j], weights=s4, minlength=comb(52, 3)).astype(np.int64)
        ridden2 += np.bincount(threes[:, j], weights=ride2.astype(np.int64), minlength=comb(52, 3)).astype(np.int64)
    s3 //= 2  # each five-card hand holding the three is counted by two of its four-card subsets
    ride1 = s3 > 0
    # Per three-card hand, in units of 1/(48 * 49 * scale): bet 1 is s3 over C(49, 2) = 1,176 pairs.
    per_three = 2 * np.where(ride1, s3, 0) + w
    total = Fraction(int(per_three.sum()), comb(52, 3) * 48 * 49 * scale)
    p1 = Fraction(int(ride1.sum()), comb(52, 3))
    p2 = Fraction(int(ridden2.sum()), comb(52, 3) * 49)
    # A paying final hand wins every bet left in action; any other loses them all.
    hit = Fraction(int(np.count_nonzero(m > 0)), len(m))
    result = Result(house_edge=-total, hit_frequency=hit, element_of_risk=-total / (1 + p1 + p2))
    return result, {"bet-1": p1, "bet-2": p2}


def _side(rules: Mapping[str, Any], paytable: str, graded: Mapping[int, HandValue],
          values: npt.NDArray[np.int64]) -> Result:
    m, scale = _payouts(rules, paytable, graded, values)
    ev = Fraction(int(m.sum()), len(m) * scale)
    return Result(house_edge=-ev, hit_frequency=Fraction(int(np.count_nonzero(m > 0)), len(m)),
                  element_of_risk=-ev)


def _lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()}


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    base = str(rules["base_paytable"])
    out = [Wager(
        bet=BASE, label="Base bets (three equal bets)", paytable=_lines(rules, base),
        assumptions=("Exact: all 2,598,960 five-card hands of a fresh deck; bets 1 and 2 ride exactly when "
                     "that pays on average given the cards seen (the best strategy), bet 3 always plays. House "
                     "edge per unit of one bet, element of risk per total bets left in action; "
                     + ("no payout cap is posted." if rules["cap_kind"] == "none" else
                        "the payout cap ignored (it binds only on the largest awards at high stakes).")),
        exact=lambda: base_game(rules)[0], slow=True,
    )]
    side = rules.get("side_bets", [])
    if DOLLAR in side:
        out.append(Wager(
            bet=DOLLAR, label="$1 Bonus", paytable=_lines(rules, DOLLAR),
            assumptions="Exact: the player's final five-card hand, all 2,598,960 of them; 'for 1' includes the $1.",
            exact=lambda: _side(rules, DOLLAR, five_card_values(), five_card_hands()[1]), slow=True,
        ))
    if THREE_CARD in side:
        # The edition's own table where it posts one (002's 3 Card Bonus: Mini Royal 200 to 1).
        three = LET_IT_RIDE.side_paytable(rules, THREE_CARD)
        out.append(Wager(
            bet=THREE_CARD, label="Three Card Bonus", paytable=_lines(rules, three),
            assumptions="Exact: the player's own three cards, all 22,100 of them (A-K-Q suited is the royal).",
            exact=lambda: _side(rules, three, hand_values(), deck_hands()[1]),
        ))
    return out

