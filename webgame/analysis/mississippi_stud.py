"""Mississippi Stud: the Ante and the three street wagers under the best strategy, exactly.

The player sees two cards at 3rd Street, three at 4th and four at 5th (004 s.1703-1720),
and at each street folds (losing the Ante and every street wager placed, 004 s.1714-1719)
or wagers 1x, 2x or 3x the Ante. The five cards then pay every wager at the line's odds
(004 s.1728), a pair of 6s to 10s pushes them all (s.1726), anything lower loses (D-704).
Only which cards have been seen matters, never their order: the two hole cards and the
community cards make one five-card hand.

The game is solved backwards over every set of cards of one fresh deck, in whole numbers:
every one of the 2,598,960 final hands is graded once through the engine's own
``pay_line``; each four-card set sums its 48 completions, each three-card set its 49
four-card supersets and each two-card set its 50 three-card supersets. The value of a
street depends on what is already wagered, because a fold loses it and a raise multiplies
it, so each street is solved for every amount the earlier streets can have put down. The
best wager is then always 1x or 3x: a street's value is convex in what is wagered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.hands.batch import rank_high_batch
from ..engine.hands.ids import card_ids
from ..engine.money import Odds
from ..engine.paytable import Variant
from ..games.carnival import MISSISSIPPI_STUD
from ..games.carnival.base import pay_line
from ..games.carnival.mississippi import THREE_CARD
from .core import Result, Wager
from .stud_math import (
    colex_sets,
    index_of,
    scaled_nets,
    subsets_dropping_one,
    sum_over_supersets,
)
from .three_card_poker import deck_hands, hand_values

GAME = "mississippi-stud"
MAIN = "ante"
STREETS = ("3rd", "4th", "5th")
SEEN = (2, 3, 4)  # cards the player has seen at each street's decision
FOLD = 0

Floats = npt.NDArray[np.float64]
Choices = npt.NDArray[np.int8]


def paytable_of(rules: Mapping[str, Any]) -> str:
    return str(rules["paytable"])


def multiples_of(rules: Mapping[str, Any]) -> tuple[int, ...]:
    return tuple(sorted(int(m) for m in rules["street_multiples"]))


@dataclass(frozen=True)
class StreetPlay:
    """A whole strategy and what it is worth.

    ``choices[s]`` holds, for street ``s`` (0 = 3rd), the wager in Ante units (0 = fold)
    for every set of cards seen there (rows by colex index, :mod:`.stud_math`) and every
    amount already wagered (columns, in Ante units; the Ante alone is 1).
    """

    result: Result
    choices: tuple[Choices, Choices, Choices]

    def street(self, cards: Sequence[int | str], wagered: int) -> int:
        """The wager, in Ante units (0 = fold), with these cards seen and ``wagered`` Antes
        already down (1 at 3rd Street)."""
        ids = card_ids(list(cards))
        s = SEEN.index(len(ids))
        return int(self.choices[s][index_of(ids), wagered])


def final_nets(rules: Mapping[str, Any]) -> tuple[npt.NDArray[np.int64], int]:
    """Net result per Ante unit wagered for every hand value, over a common denominator:
    the line's odds, 0 for a push line, -1 for a hand on no line."""
    return scaled_nets(rules, paytable_of(rules))


def settle(rules: Mapping[str, Any], cards: Sequence[int | str], wagers: Sequence[int]) -> Fraction:
    """The player's net result in Antes for five cards (hole cards first) and the street
    wagers made in Ante units, a 0 marking a fold at that street: a fold loses everything
    wagered before it (004 s.1714-1719); otherwise every wager, the Ante included, takes the
    final hand's net (004 s.1726-1728)."""
    down = 1
    for w in wagers:
        if w == FOLD:
            return Fraction(-down)
        down += w
    if len(wagers) != len(STREETS):
        raise ValueError("three street wagers, or a fold")
    table, scale = final_nets(rules)
    value = int(rank_high_batch(np.array([card_ids(list(cards))], dtype=np.int64))[0])
    return Fraction(int(table[value]) * down, scale)


def solve(rules: Mapping[str, Any], fixed: tuple[Choices, Choices, Choices] | None = None) -> StreetPlay:
    """The best strategy and its exact figures; with ``fixed`` (a wager per set of cards
    seen at each street, whatever is down, as ``StreetPlay.choices`` without the second
    axis) the figures of that strategy instead.

    Every figure is a whole-number sum: at a street with ``n`` ways for the cards still
    to come, ``ev`` sums the net result (times the paytable's denominator) over them,
    ``action`` the total wagered and ``hits`` the ways that end the round ahead.
    """
    multiples = multiples_of(rules)
    table, scale = final_nets(rules)
    fives = colex_sets(5)
    nets = table[rank_high_batch(fives)]
    down = subsets_dropping_one(fives)
    del fives
    n4 = comb(52, 4)
    completions_ev = sum_over_supersets(down, nets.astype(np.float64), n4)
    completions_hit = sum_over_supersets(down, (nets > 0).astype(np.float64), n4)
    del down, nets

    wagered_at = [{1}]  # the Ante units down at each street's decision
    for _ in STREETS[1:]:
        wagered_at.append({w + m for w in wagered_at[-1] for m in multiples})
    widest = max(wagered_at[-1]) + max(multiples) + 1
    choices: list[Choices] = []
    # 5th Street first: the 48 completions of each four-card set, summed above.
    layer: dict[int, tuple[Floats, Floats, Floats]] = {}
    ways = 48
    for street in reversed(range(len(STREETS))):
        sets = comb(52, SEEN[street])
        if street < len(STREETS) - 1:
            smaller = subsets_dropping_one(colex_sets(SEEN[street] + 1))
            later = {w: (sum_over_supersets(smaller, layer[w][0], sets), sum_over_supersets(smaller, layer[w][1], sets),
                         sum_over_supersets(smaller, layer[w][2], sets)) for w in layer}
            ways *= 52 - SEEN[street]
        choice = np.zeros((sets, widest), dtype=np.int8)
        here: dict[int, tuple[Floats, Floats, Floats]] = {}
        for w in sorted(wagered_at[street]):
            # The raises from the smallest, then the fold: where a raise and the fold are
            # worth the same the player raises. The edge is the same either way; the
            # element of risk and hit frequency are not, and the published 1.37 % element
            # of risk is the one that raises.
            options: list[tuple[Floats, Floats, Floats]] = []
            for m in multiples:
                if street == len(STREETS) - 1:
                    options.append((completions_ev * (w + m), np.full(sets, float(ways * (w + m))), completions_hit))
                else:
                    options.append(later[w + m])
            options.append((np.full(sets, -float(ways * w * scale)), np.full(sets, float(ways * w)), np.zeros(sets)))
            ev = np.stack([o[0] for o in options])
            if fixed is None:
                pick = np.argmax(ev, axis=0)
            else:
                pick = np.searchsorted(np.array(multiples), fixed[street].astype(np.int64))
                pick = np.where(fixed[street] == FOLD, len(multiples), pick)
            rows = np.arange(sets)
            here[w] = (ev[pick, rows], np.stack([o[1] for o in options])[pick, rows],
                       np.stack([o[2] for o in options])[pick, rows])
            choice[:, w] = np.array((*multiples, FOLD), dtype=np.int8)[pick]
        layer = here
        choices.insert(0, choice)
    net, action, hits = (round(float(x.sum())) for x in layer[1])  # every deal, from the Ante alone
    hands = comb(52, 2) * ways
    edge = -Fraction(net, hands * scale)
    result = Result(house_edge=edge, hit_frequency=Fraction(hits, hands),
                    element_of_risk=edge / Fraction(action, hands))
    return StreetPlay(result, (choices[0], choices[1], choices[2]))


def ante_game(rules: Mapping[str, Any]) -> Result:
    return solve(rules).result


def cap_binds(rules: Mapping[str, Any]) -> bool:
    """Whether the per-hand cap (004 s.1749, D-334) could cut a payout at the minimum Ante:
    never on the rulebook's terms, whose cap is at least the most the minimum bet can win;
    never where there is no cap (003)."""
    cap = MISSISSIPPI_STUD.cap(rules)
    if cap is None:
        return False
    table = rules["paytables"][paytable_of(rules)]["lines"]
    top = max(Fraction(MISSISSIPPI_STUD.odds(rules, paytable_of(rules), line).net) for line in table)
    stake = int(rules["limits"]["ante"]["min"]) * (1 + len(STREETS) * max(multiples_of(rules)))
    return top * stake > cap


def three_card_bonus(rules: Mapping[str, Any]) -> Result:
    """The 3 Card Bonus on the three community cards (003 s.3810): the paytable against all
    22,100 three-card sets of a fresh deck, graded by the engine's own line lookup. The
    community cards are dealt whatever anyone decides, so no strategy enters."""
    table = MISSISSIPPI_STUD.side_paytable(rules, THREE_CARD)
    values = hand_values()
    counts = deck_hands()[1]
    ev = Fraction(0)
    hits = 0
    total = 0
    for value_id, n in zip(*np.unique(counts, return_counts=True), strict=True):
        line = pay_line(rules, table, values[int(value_id)])
        total += int(n)
        if line is None:
            ev -= int(n)
        else:
            hits += int(n)
            ev += int(n) * Odds.parse(str(rules["paytables"][table]["lines"][line])).net
    if total != comb(52, 3):
        raise AssertionError("the three-card sets counted are not every set")
    return Result(house_edge=-ev / total, hit_frequency=Fraction(hits, total), element_of_risk=-ev / total)


def _lines(rules: Mapping[str, Any]) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable_of(rules)]["lines"].items()}


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    multiples = "x, ".join(str(m) for m in multiples_of(rules)) + "x"
    cap = ("the per-hand cap never binds at the minimum Ante (004 s.1749: it is at least the most the minimum "
           "bet can win)" if not cap_binds(rules) else
           "the per-hand cap ignored (004 s.1749; at this table it could cut a royal flush at the minimum Ante)")
    return [Wager(
        bet=MAIN, label="Ante and street wagers (best strategy)", paytable=_lines(rules),
        assumptions=(f"Exact: every deal of a fresh deck (2 hole cards, 3 community cards); at 3rd, 4th and 5th "
                     f"Street the player folds or wagers {multiples} the Ante, whichever is worth most given "
                     "the cards seen and the wagers already down (the best strategy, solved backwards over "
                     "all 2,598,960 final hands); where a raise and the fold are worth the same the player "
                     "raises (the edge is the same either way). House edge per Ante; element of risk per "
                     "total wagered (Ante and street wagers); hit frequency = hands that win. Pushes count "
                     f"as wagers made; {cap}."),
        exact=partial(ante_game, rules), slow=True,
    )] + ([Wager(
        bet=THREE_CARD, label="3 Card Bonus",
        paytable={k: str(v) for k, v in
                  rules["paytables"][MISSISSIPPI_STUD.side_paytable(rules, THREE_CARD)]["lines"].items()},
        assumptions=("Exact: the three community cards, all 22,100 sets of a fresh deck (A-2-3 and Q-K-A are "
                     "straights, D-339); it settles whatever the player decides, a folded hand included. "
                     "House edge per 3 Card Bonus wagered."),
        exact=partial(three_card_bonus, rules),
    )] if THREE_CARD in rules.get("side_bets", []) else [])
