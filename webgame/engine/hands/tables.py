"""Lookup tables shared by every evaluator, built lazily and cached.

Keys, not strings. Each card id maps to one packed int (``CARD_VALUE``); a hand's
key is the plain sum of its cards' values, so evaluation is a sum and a lookup:

* bits 0-22: sum of per-rank weights ``RANK_WEIGHTS``. The weights are chosen so
  that every multiset of n <= 7 ranks (at most 4 of a rank) has a unique sum for
  that n (the deuce weighs 0; its count follows from n).
* bits 23-25: the number of cards n, so one dict serves 5-, 6- and 7-card hands.
* bits 32-47: one 4-bit counter per suit. A hand starts from a base that puts
  ``8 - need`` in each counter, so a suit holding ``need`` cards sets bit 3 of
  its counter: ``key & FLUSH_FLAGS`` says "there is a flush" in one operation.

A non-flush hand is valued by its rank multiset alone (dict ``nonflush``); a
flush by the 13-bit rank mask of its suit (list ``flush``). The 6- and 7-card
tables are built from the 5-card one by "best of the hands with one card
fewer", so a 7-card evaluation is one lookup, not 21.

An ``Order`` describes a ranking of five-card hands: standard high poker, the
Pai Gow and Mexican Stud variations, or a low (2-7, A-5, 8-or-better). Every
table stores values where a HIGHER int is a BETTER hand for the game the order
is for, lows included, so ``max()`` always finds the winner.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

RANK_WEIGHTS: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)
COUNT_SHIFT = 23
SUIT_SHIFT = 32
KEY_MASK = (1 << SUIT_SHIFT) - 1
RANK_MASK = (1 << COUNT_SHIFT) - 1
FLUSH_FLAGS = 0x8888 << SUIT_SHIFT
ACE = 12

CARD_VALUE: tuple[int, ...] = tuple(
    RANK_WEIGHTS[c >> 2] + (1 << COUNT_SHIFT) + (1 << (SUIT_SHIFT + 4 * (c & 3)))
    for c in range(52)
)
RANK_KEY: tuple[int, ...] = tuple(v & KEY_MASK for v in CARD_VALUE)
RANK_BIT: tuple[int, ...] = tuple(1 << (c >> 2) for c in range(52))


def flush_base(need: int) -> int:
    """Starting suit counters so that ``need`` cards of a suit set that counter's bit 3."""
    return sum((8 - need) << (SUIT_SHIFT + 4 * s) for s in range(4))


BASE5 = flush_base(5)

# Category codes (index into CATEGORY_NAMES); the ORDER of codes is standard high poker.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_KIND = range(10)
CATEGORY_NAMES: tuple[str, ...] = (
    "high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
    "full-house", "four-of-a-kind", "straight-flush", "five-of-a-kind",
)
ROYAL = "royal-flush"

WHEEL_MASK = 0b1000000001111  # A-2-3-4-5


@dataclass(frozen=True)
class Order:
    """How five-card hands rank in one game. Frozen: it keys the table cache.

    wheel: where A-2-3-4-5 stands: "lowest" straight (D-406), "second" highest
        straight and straight flush below the royal (Pai Gow c000/c004, D-213), or
        "none": not a straight at all (2-7 lowball, D-445).
    straights, flushes: whether they count (A-5 lows ignore both, D-445/D-407).
    ace_low: the ace ranks below the deuce (A-5 lows).
    flush_over_full_house: Mexican Stud's stripped deck (D-452).
    five_aces_below_royal: Double Hand Poker's printed order (D-216).
    lowball: the worst high hand wins; values are reversed so higher is still better.
    qualifier: for an A-5 low, the highest card a qualifying low may hold, as a
        low position (ace 0, deuce 1 … eight 7); other hands get value 0 (D-407).
    """

    name: str
    wheel: str = "lowest"
    straights: bool = True
    flushes: bool = True
    ace_low: bool = False
    flush_over_full_house: bool = False
    five_aces_below_royal: bool = False
    lowball: bool = False
    qualifier: int | None = None


STANDARD = Order("standard")
PAI_GOW_WHEEL_SECOND = Order("pai-gow-wheel-second", wheel="second")
DOUBLE_HAND_POKER = Order("double-hand-poker", five_aces_below_royal=True)
MEXICAN_STUD = Order("mexican-stud", flush_over_full_house=True)
DEUCE_TO_SEVEN = Order("deuce-to-seven", wheel="none", lowball=True)
ACE_TO_FIVE = Order("ace-to-five", straights=False, flushes=False, ace_low=True, lowball=True)
EIGHT_OR_BETTER = Order(
    "eight-or-better", straights=False, flushes=False, ace_low=True, lowball=True, qualifier=7,
)


@dataclass(frozen=True)
class HandClass:
    """One equivalence class of five-card hands: what a value means."""

    category: int
    ranks: tuple[int, ...]  # rank indexes (0 = deuce, 12 = ace) in order of significance
    flush: bool

    @property
    def name(self) -> str:
        if self.category == STRAIGHT_FLUSH and self.ranks[0] == ACE:
            return ROYAL
        return CATEGORY_NAMES[self.category]


@cache
def multisets(n: int, limit: int = 4) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of n ranks (at most ``limit`` of a rank) as sorted ranks, with its key."""
    weights = RANK_WEIGHTS
    top = n << COUNT_SHIFT
    return tuple(
        (combo, sum(map(weights.__getitem__, combo)) + top)
        for combo in combinations_with_replacement(range(13), n)
        if all(combo[i] != combo[i + limit] for i in range(n - limit))
    )


def counts_of(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(ranks.count(r) for r in range(13))


def counts_key(counts: tuple[int, ...]) -> int:
    """Table key (rank weights plus card count) of a count vector."""
    return sum(c * w for c, w in zip(counts, RANK_WEIGHTS)) + (sum(counts) << COUNT_SHIFT)


def straight_top(ranks: set[int] | frozenset[int], order: Order) -> float | None:
    """Top card of the straight these five distinct ranks make, as a sort position.

    The wheel's position depends on the order: 3 (five high), 11.5 (just below the
    ace-high straight, D-213) or no straight at all.
    """
    if not order.straights or len(ranks) != 5:
        return None
    lo, hi = min(ranks), max(ranks)
    if hi - lo == 4:
        return float(hi)
    if ranks == {ACE, 0, 1, 2, 3}:
        return {"lowest": 3.0, "second": 11.5}.get(order.wheel)
    return None


def _category_position(category: int, order: Order) -> float:
    if order.flush_over_full_house and category == FLUSH:
        return FULL_HOUSE + 0.5
    return float(category)


def classify(counts: tuple[int, ...], flush: bool, order: Order) -> tuple[HandClass, tuple[Any, ...]]:
    """A five-card rank multiset (and whether it is suited) as a class and its sort key."""
    def pos(r: int) -> int:
        return (r + 1) % 13 if order.ace_low else r

    present = [r for r in range(13) if counts[r]]
    groups = sorted(present, key=lambda r: (counts[r], pos(r)), reverse=True)
    pattern = tuple(sorted((counts[r] for r in present), reverse=True))
    sig: tuple[float, ...] = tuple(float(pos(r)) for r in groups)
    ranks = tuple(groups)
    if pattern == (5,):
        cat = FIVE_KIND
        if order.five_aces_below_royal:
            return HandClass(cat, ranks, False), (float(STRAIGHT_FLUSH), 11.5, sig)
    elif pattern == (4, 1):
        cat = QUADS
    elif pattern == (3, 2):
        cat = FULL_HOUSE
    elif pattern == (3, 1, 1):
        cat = TRIPS
    elif pattern == (2, 2, 1):
        cat = TWO_PAIR
    elif pattern == (2, 1, 1, 1):
        cat = PAIR
    else:
        top = straight_top(set(present), order)
        if top is not None:
            cat = STRAIGHT_FLUSH if flush else STRAIGHT
            if top == 3.0 or top == 11.5:  # the wheel: five high
                ranks = (3, 2, 1, 0, ACE)
            return HandClass(cat, ranks, flush), (_category_position(cat, order), top)
        cat = FLUSH if flush else HIGH_CARD
    return HandClass(cat, ranks, flush), (_category_position(cat, order), sig)


@dataclass
class FiveCardTable:
    """Five-card classes of one order and the lookups built from them."""

    order: Order
    classes: list[HandClass | None]  # index = value; 0 is "no hand" (a non-qualifying low)
    nonflush: dict[int, int]  # counts key (n = 5, 6, 7) -> best value
    flush: list[int]  # 13-bit rank mask of one suit -> best flush value (0: no flush)
    five_kind: list[int]  # rank -> value of five of a kind (jokers)

    @property
    def size(self) -> int:
        return len(self.classes) - 1


def _qualifies(cls: HandClass, order: Order) -> bool:
    if order.qualifier is None:
        return True
    return cls.category == HIGH_CARD and all((r + 1) % 13 <= order.qualifier for r in cls.ranks)


@cache
def five_card_table(order: Order = STANDARD) -> FiveCardTable:
    """Build (once per order) the five-card classes, then the 6- and 7-card lookups."""
    entries: list[tuple[tuple[Any, ...], HandClass, tuple[str, int]]] = []
    five = multisets(5)
    for ranks, key in five:
        cls, sort_key = classify(counts_of(ranks), False, order)
        entries.append((sort_key, cls, ("n", key)))
    if order.flushes:
        for ranks, _ in multisets(5, 1):
            cls, sort_key = classify(counts_of(ranks), True, order)
            entries.append((sort_key, cls, ("f", sum(1 << r for r in ranks))))
    if not order.lowball:
        for r in range(13):
            counts = tuple(5 if i == r else 0 for i in range(13))
            cls, sort_key = classify(counts, False, order)
            entries.append((sort_key, cls, ("5", r)))
    entries.sort(key=lambda e: e[0])
    if order.lowball:
        entries.reverse()  # the best low is the worst high: give it the highest value
    qualified = [e for e in entries if _qualifies(e[1], order)]

    classes: list[HandClass | None] = [None]
    nonflush: dict[int, int] = {key: 0 for _, key in five}  # 0: a non-qualifying low
    flush = [0] * 8192
    five_kind = [0] * 13
    for value, (_, cls, ref) in enumerate(qualified, start=1):
        classes.append(cls)
        tag, data = ref
        if tag == "n":
            nonflush[data] = value
        elif tag == "f":
            flush[data] = value
        else:
            five_kind[data] = value

    # 6 and 7 cards: the best of the multisets with one card fewer.
    if not (order.lowball and order.flushes):  # 2-7 with >5 cards goes through combinations
        one = 1 << COUNT_SHIFT
        for n in (6, 7):
            for ranks, key in multisets(n):
                nonflush[key] = max([nonflush[key - RANK_WEIGHTS[r] - one] for r in set(ranks)])
        if order.flushes:
            for mask in range(8192):
                if 5 < mask.bit_count() <= 7:
                    flush[mask] = max(flush[mask & ~(1 << r)] for r in range(13) if mask >> r & 1)
    return FiveCardTable(order, classes, nonflush, flush, five_kind)


@cache
def flush_plus(order: Order, jokers: int) -> list[int]:
    """Best flush value reachable from a suit's rank mask by adding ``jokers`` missing ranks.

    Used by the joker evaluators: a joker in a flush stands for the best card
    missing from that suit (D-214).
    """
    table = five_card_table(order).flush
    if jokers == 0:
        return table
    prev = flush_plus(order, jokers - 1)
    out = [0] * 8192
    for mask in range(8192):
        if mask.bit_count() + jokers < 5 or mask.bit_count() + jokers > 7:
            continue
        best = 0
        for r in range(13):
            if not mask >> r & 1:
                v = prev[mask | 1 << r]
                best = max(best, v)
        out[mask] = best
    return out
