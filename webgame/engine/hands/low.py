"""Low hands: ace-to-five, 8-or-better, deuce-to-seven, and Badugi.

Every value here is "higher is better" for the low game it belongs to, like
the high values, so ``max()`` finds the winning low. Each function's value is
only comparable with the same function's values.

* A-5 (Razz, low draw by default, the low half of hi-lo games; D-407, D-444,
  D-445): the ace is low, straights and flushes are ignored, so 5-4-3-2-A (the
  wheel) is the best hand. Any no-pair hand beats any pair, a pair beats two
  pair, two pair beats three of a kind, and so on; within a category the lower
  cards win, compared from the top down (pairs before kickers). 6175 values.
* 8-or-better (D-407, D-443, D-447): an A-5 low of five different ranks, none
  above an eight. Value 0 means "no qualifying low" (the high hand scoops).
* 2-7 (D-445 [configurable] lowball): the ace is always high, so A-2-3-4-5 is
  ace high, not a straight; straights and flushes count against the hand; the
  best hand is 7-5-4-3-2 of mixed suits. The reverse of high poker: 7462 values.
* Badugi (D-450): the largest set of cards with no two of one rank or suit
  plays; more cards beat fewer; sets of one size compare from the highest
  card down, lower winning; the ace is low.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

from webgame.engine.cards import Card
from webgame.engine.hands.high import HighEvaluator, _cards, high_evaluator
from webgame.engine.hands.ids import JOKER, CardLike
from webgame.engine.hands.tables import (
    ACE_TO_FIVE,
    DEUCE_TO_SEVEN,
    EIGHT_OR_BETTER,
    Order,
)
from webgame.engine.hands.value import (
    RANK_LABEL,
    HandValue,
    describe_high,
    labels,
    word,
)

LOW_KINDS: dict[str, Order] = {"a5": ACE_TO_FIVE, "8-or-better": EIGHT_OR_BETTER, "27": DEUCE_TO_SEVEN}


@cache
def _ev(kind: str) -> HighEvaluator:
    return high_evaluator(LOW_KINDS[kind])


def rank_low_a5(cards: Sequence[int]) -> int:
    """A-5 low of the best five of 5-7 card ids; higher is better (wheel = 6175)."""
    return _ev("a5").rank(cards)


def rank_low_8(cards: Sequence[int]) -> int:
    """8-or-better A-5 low of 5-7 card ids; 0 when no five cards qualify."""
    return _ev("8-or-better").rank(cards)


def rank_low_27(cards: Sequence[int]) -> int:
    """2-7 low of the best five of 5-7 card ids; higher is better (7-5-4-3-2 = 7462)."""
    return _ev("27").rank(cards)


def rank_omaha_low8(hole: Sequence[int], board: Sequence[int],
                    hole_counts: Iterable[int] = (2,)) -> int:
    """8-or-better low from exactly two hole cards and three board cards; 0 = none."""
    return _ev("8-or-better").rank_omaha(hole, board, hole_counts)


def describe_low(kind: str, category: str, ranks: tuple[int, ...]) -> str:
    if category == "none":
        return "No qualifying low"
    if category == "high-card":
        if kind != "27" and ranks == (3, 2, 1, 0, 12):
            return "Wheel (5-4-3-2-A)"
        return f"{word(ranks[0]).capitalize()}-{word(ranks[1])} low ({labels(ranks)})"
    return describe_high(category, ranks)


def evaluate_low(cards: Iterable[CardLike], kind: str = "a5") -> HandValue:
    """Best low of 5-7 cards: kind "a5", "8-or-better" or "27"."""
    if kind not in LOW_KINDS:
        raise ValueError(f"low kind must be one of {tuple(LOW_KINDS)}, not {kind!r}")
    ids, objs = _cards(cards)
    if not 5 <= len(ids) <= 7 or JOKER in ids:
        raise ValueError("a low hand is chosen from 5 to 7 cards, no joker")
    ev = _ev(kind)
    value = ev.rank(ids)
    category, ranks, _ = ev.describe(value)
    best: tuple[Card, ...] = ()
    if value:
        best = next(tuple(objs[i] for i in idx) for idx in combinations(range(len(ids)), 5)
                    if ev.rank([ids[i] for i in idx]) == value)
    return HandValue(f"{kind}-low", value, category, describe_low(kind, category, ranks),
                     best, ranks)


def evaluate_omaha_low(hole: Iterable[CardLike], board: Iterable[CardLike], *,
                       hole_counts: Iterable[int] = (2,)) -> HandValue:
    """Omaha Hi-Lo's low half: 8-or-better from two hole and three board cards."""
    hids, hobjs = _cards(hole)
    bids, bobjs = _cards(board)
    counts = tuple(hole_counts)
    ev = _ev("8-or-better")
    value = ev.rank_omaha(hids, bids, counts)
    category, ranks, _ = ev.describe(value)
    best: list[Card] = []
    if value:
        best = next([hobjs[i] for i in h] + [bobjs[i] for i in b]
                    for k in counts for h in combinations(range(len(hids)), k)
                    for b in combinations(range(len(bids)), 5 - k)
                    if ev.rank([hids[i] for i in h] + [bids[i] for i in b]) == value)
    return HandValue("8-or-better-low", value, category,
                     describe_low("8-or-better", category, ranks), tuple(best), ranks)


def _low_pos(cid: int) -> int:
    return ((cid >> 2) + 1) % 13  # ace 0, deuce 1 … king 12


def _badugi_best(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    best: tuple[int, tuple[int, ...]] = (0, ())
    best_key: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(len(cards), 0, -1):
        for sub in combinations(cards, size):
            if len({c >> 2 for c in sub}) == size and len({c & 3 for c in sub}) == size:
                desc = tuple(sorted((_low_pos(c) for c in sub), reverse=True))
                key = (size, tuple(-p for p in desc))
                if key > best_key:
                    best_key, best = key, (size, desc)
        if best[0]:
            break
    return best


def rank_badugi(cards: Sequence[int]) -> int:
    """Badugi value of four card ids: higher is better (A-2-3-4 rainbow is best)."""
    size, desc = _badugi_best(cards)
    packed = 0
    for p in desc + (0,) * (4 - size):
        packed = packed * 13 + p
    return (size << 16) | (0xFFFF - packed)


def evaluate_badugi(cards: Iterable[CardLike]) -> HandValue:
    ids, objs = _cards(cards)
    if len(ids) != 4 or JOKER in ids:
        raise ValueError("a Badugi hand is four cards, no joker")
    size, desc = _badugi_best(ids)
    ranks = tuple((p + 12) % 13 for p in desc)  # back to rank indexes (ace = 12)
    used = []
    for p in desc:
        used.append(next(o for i, o in zip(ids, objs) if _low_pos(i) == p and o not in used))
    category = "badugi" if size == 4 else f"{size}-card"
    text = "-".join(RANK_LABEL[r] for r in ranks)
    words = f"Badugi, {text}" if size == 4 else f"{size}-card hand, {text}"
    return HandValue("badugi", rank_badugi(ids), category, words, tuple(used), ranks)
