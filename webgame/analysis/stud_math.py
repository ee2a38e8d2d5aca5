"""What the two stud analyzers share: every five-card hand value graded once through the
engine's own ``pay_line``, the card sets of one deck in a dense order, and a seeded numpy
generator.

Mississippi Stud (:mod:`.mississippi_stud`) enumerates the deck; Caribbean Stud
(:mod:`.caribbean_stud`) samples it. Both read their payouts per hand *value* (the int
the evaluator returns, higher is better) from tables built here, so a paytable line is
looked up exactly as the table engine looks it up, never re-derived from the category.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import comb, lcm
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.hands import evaluate_high
from ..engine.hands.batch import rank_high_batch
from ..engine.hands.value import HandValue
from ..engine.money import Odds
from ..games.carnival.base import pay_line

DECK = 52
Ints = npt.NDArray[np.int64]


# ---------------------------------------------------------------------------------------
# Hand values
# ---------------------------------------------------------------------------------------
@cache
def representatives() -> tuple[Ints, Ints]:
    """One five-card hand for each of the 7,462 distinct high-hand values, and its value.

    Built from rank patterns rather than from the 2,598,960 hands of the deck (a tenth of
    a second instead of seconds, for a web process that only samples): every multiset of
    five ranks with at most four alike, suited so it is no flush (copies of a rank take
    suits 0, 1, 2, 3; five different ranks take 0, 0, 0, 0, 1), and every set of five
    different ranks once more in one suit (the flushes and straight flushes).
    """
    hands: list[list[int]] = []
    for ranks in combinations_with_replacement(range(13), 5):
        if ranks.count(ranks[0]) == 5:
            continue
        seen: dict[int, int] = {}
        cards = []
        for r in ranks:
            cards.append(r * 4 + seen.get(r, 0))
            seen[r] = seen.get(r, 0) + 1
        if len(seen) == 5:
            cards[4] = ranks[4] * 4 + 1  # five ranks, not one suit
            hands.append(sorted(cards))
            hands.append([r * 4 for r in ranks])  # the same five ranks suited
        else:
            hands.append(sorted(cards))
    out = np.array(hands, dtype=np.int64)
    values = rank_high_batch(out).astype(np.int64)
    if len(np.unique(values)) != len(values):
        raise RuntimeError("two representatives share a value")  # the evaluator changed shape
    return out, values


@cache
def hand_values() -> dict[int, HandValue]:
    """The engine's HandValue (words, category, ranks) of every distinct five-card value."""
    hands, values = representatives()
    return {int(v): evaluate_high([int(c) for c in h]) for h, v in zip(hands, values, strict=True)}


def value_count() -> int:
    """The size of an array indexed by hand value."""
    return int(representatives()[1].max()) + 1


def line_by_value(rules: Mapping[str, Any], paytable: str) -> Mapping[int, str | None]:
    """The line each hand value pays on (None: no line), by the engine's ``pay_line``
    (memoised per paytable: a hand settled by hand asks for it again; do not change it)."""
    return _lines_of(paytable, json.dumps(rules["paytables"][paytable], sort_keys=True))


@lru_cache(maxsize=32)
def _lines_of(paytable: str, text: str) -> dict[int, str | None]:
    rules = {"paytables": {paytable: json.loads(text)}}  # all that pay_line reads
    return {v: pay_line(rules, paytable, hand) for v, hand in hand_values().items()}


def odds_net(rules: Mapping[str, Any], paytable: str, line: str) -> Fraction:
    """A line's net win per unit staked ("3 to 1" is 3, "0 to 1" a push, "2 for 1" is 1)."""
    return Odds.parse(str(rules["paytables"][paytable]["lines"][line])).net


def scaled_nets(rules: Mapping[str, Any], paytable: str) -> tuple[Ints, int]:
    """The net result per unit staked of every hand value, as whole numbers over one common
    denominator (returned with it): integer arithmetic keeps an enumeration exact. A value
    on no line loses the stake (-1). Memoised per paytable; do not change the array."""
    return _scaled_nets(paytable, json.dumps(rules["paytables"][paytable], sort_keys=True))


@lru_cache(maxsize=32)
def _scaled_nets(paytable: str, text: str) -> tuple[Ints, int]:
    rules = {"paytables": {paytable: json.loads(text)}}
    nets: dict[int, Fraction] = {}
    for value, line in line_by_value(rules, paytable).items():
        nets[value] = odds_net(rules, paytable, line) if line is not None else Fraction(-1)
    scale = lcm(*(f.denominator for f in nets.values()))
    table = np.zeros(value_count(), dtype=np.int64)
    for value, net in nets.items():
        table[value] = int(net * scale)
    table.setflags(write=False)
    return table, scale


# ---------------------------------------------------------------------------------------
# Card sets of one deck in colex order
# ---------------------------------------------------------------------------------------
BINOMIAL = np.array([[comb(n, k) for k in range(8)] for n in range(DECK + 1)], dtype=np.int64)


def colex_sets(k: int) -> Ints:
    """Every k-card set of one deck, each row sorted, row i the set whose colex index is i
    (so an index computed from cards finds its row directly). Sets of up to four cards
    are kept (9 MB); the 2,598,960 five-card sets (104 MB) are built afresh each time."""
    return _kept_sets(k) if k <= 4 else _extend(_kept_sets(k - 1), k)


@cache
def _kept_sets(k: int) -> Ints:
    out = np.arange(DECK, dtype=np.int64)[:, None] if k == 1 else _extend(_kept_sets(k - 1), k)
    out.setflags(write=False)
    return out


def _extend(smaller: Ints, k: int) -> Ints:
    """k-card sets from the (k-1)-card sets: the first C(c, k-1) sets in colex order are
    exactly the sets below card c, so card c on top of each of them comes next."""
    out: Ints = np.vstack([np.column_stack([smaller[:comb(c, k - 1)], np.full(comb(c, k - 1), c, dtype=np.int64)])
                           for c in range(k - 1, DECK)])
    return out


def colex_index(cards: Ints) -> Ints:
    """The colex index of each row of sorted card ids: Σ C(card_j, j + 1)."""
    cards = np.asarray(cards, dtype=np.int64)
    out: Ints = BINOMIAL[cards, np.arange(1, cards.shape[1] + 1)].sum(axis=1)
    return out


def index_of(cards: list[int]) -> int:
    """The colex index of one set of cards, in any order."""
    return sum(comb(c, j + 1) for j, c in enumerate(sorted(cards)))


def subsets_dropping_one(sets: Ints) -> list[Ints]:
    """For each sorted k-card set (rows), the colex index of the (k-1)-card set left when
    card j is taken out: one array per column j. A card before j keeps its place
    (C(c, i + 1)), a card after it moves down one (C(c, i))."""
    k = sets.shape[1]
    columns = np.ascontiguousarray(sets.T)  # whole columns at once: strided reads cost 20x
    stay = [BINOMIAL[:, i + 1].take(columns[i]) for i in range(k)]
    shift = [BINOMIAL[:, i].take(columns[i]) for i in range(k)]
    out = []
    for j in range(k):
        total = np.zeros(len(sets), dtype=np.int64)
        for i in range(k):
            if i != j:
                total += stay[i] if i < j else shift[i]
        out.append(total)
    return out


def sum_over_supersets(down: list[Ints], weights: npt.NDArray[np.float64], smaller: int) -> npt.NDArray[np.float64]:
    """For every (k-1)-card set, the sum of ``weights`` over the k-card sets that hold it
    (``down``: :func:`subsets_dropping_one` of those sets; ``smaller``: how many
    (k-1)-card sets there are). Whole-number weights stay exact below 2**53."""
    total = np.zeros(smaller, dtype=np.float64)
    for column in down:
        total += np.bincount(column, weights=weights, minlength=smaller)
    return total


# ---------------------------------------------------------------------------------------
# Sampling
# ---------------------------------------------------------------------------------------
def generator(seed: str) -> np.random.Generator:
    """A numpy generator seeded from a seed string: the same string, the same cards, on any
    machine (PCG64 on the first 16 bytes of the string's SHA-256)."""
    digest = hashlib.sha256(seed.encode()).digest()
    return np.random.Generator(np.random.PCG64(int.from_bytes(digest[:16], "big")))


def deal(gen: np.random.Generator, rounds: int, cards: int) -> Ints:
    """``cards`` cards from a fresh shuffled deck for each of ``rounds`` rounds: the first
    ``cards`` steps of a Fisher-Yates shuffle, one vectorised swap per card."""
    deck = np.tile(np.arange(DECK, dtype=np.uint8), (rounds, 1))
    rows = np.arange(rounds)
    for i in range(cards):
        j = i + gen.integers(0, DECK - i, size=rounds)
        top = deck[rows, i].copy()
        deck[rows, i] = deck[rows, j]
        deck[rows, j] = top
    out: Ints = deck[:, :cards].astype(np.int64)
    return out
