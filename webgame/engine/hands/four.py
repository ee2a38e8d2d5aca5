"""Four-card hands (Four Card Poker, Aces Up, Bad Beat).

Order (D-326, c002 Four Card Poker as printed, Two Pair added): four of a kind >
straight flush > three of a kind > flush > straight > two pair > pair > high
card. The ace plays high or low in straights (A-2-3-4 lowest, J-Q-K-A highest),
no wrap. A player keeps the best four of five cards, the player-dealer the
best four of six (D-326). Values 1 … 2495, higher is better.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from webgame.engine.hands.high import _cards
from webgame.engine.hands.ids import JOKER, CardLike
from webgame.engine.hands.tables import ACE, CARD_VALUE, KEY_MASK, flush_base, multisets
from webgame.engine.hands.value import HandValue, describe_high

BASE4 = flush_base(4)
FLAGS = 0x8888 << 32
FOUR_CATEGORIES = ("high-card", "pair", "two-pair", "straight", "flush",
                   "three-of-a-kind", "straight-flush", "four-of-a-kind")


@dataclass
class FourCardTable:
    nonflush: dict[int, int]
    flush: dict[int, int]
    classes: list[tuple[str, tuple[int, ...]]]


def _straight_top(ranks: tuple[int, ...]) -> int | None:
    s = sorted(set(ranks))
    if len(s) != 4:
        return None
    if s[3] - s[0] == 3:
        return s[3]
    if s == [0, 1, 2, ACE]:
        return 2  # A-2-3-4: four high
    return None


@cache
def four_card_table() -> FourCardTable:
    entries: list[tuple[tuple[int, tuple[int, ...]], str, tuple[int, ...], str, int]] = []
    for ranks, key in multisets(4):
        groups = tuple(sorted(set(ranks), key=lambda r: (ranks.count(r), r), reverse=True))
        pattern = tuple(sorted((ranks.count(r) for r in set(ranks)), reverse=True))
        suitings = ("n", "f") if len(groups) == 4 else ("n",)
        for suiting in suitings:
            top = _straight_top(ranks)
            sig = groups
            if pattern == (4,):
                cat = "four-of-a-kind"
            elif pattern == (3, 1):
                cat = "three-of-a-kind"
            elif pattern == (2, 2):
                cat = "two-pair"
            elif pattern == (2, 1, 1):
                cat = "pair"
            elif top is not None:
                cat = "straight-flush" if suiting == "f" else "straight"
                sig = (top,)
                if top == 2:
                    groups = (2, 1, 0, ACE)
            else:
                cat = "flush" if suiting == "f" else "high-card"
            entries.append(((FOUR_CATEGORIES.index(cat), sig), cat, groups, suiting, key))
    entries.sort(key=lambda e: e[0])
    nonflush: dict[int, int] = {}
    flush: dict[int, int] = {}
    classes: list[tuple[str, tuple[int, ...]]] = [("none", ())]
    for value, (_, cat, groups, suiting, key) in enumerate(entries, start=1):
        classes.append((cat, groups))
        (flush if suiting == "f" else nonflush)[key] = value
    return FourCardTable(nonflush, flush, classes)


def rank_four(cards: Sequence[int]) -> int:
    """Best four-card value of 4, 5 or 6 card ids; higher is better."""
    t = four_card_table()
    if len(cards) > 4:
        return max(rank_four(four) for four in combinations(cards, 4))
    v = sum(map(CARD_VALUE.__getitem__, cards), BASE4)
    return (t.flush if v & FLAGS else t.nonflush)[v & KEY_MASK]


def evaluate_four(cards: Iterable[CardLike]) -> HandValue:
    """Best four of 4-6 cards, with category and words."""
    ids, objs = _cards(cards)
    if not 4 <= len(ids) <= 6 or JOKER in ids:
        raise ValueError("a four-card hand is chosen from 4 to 6 cards, no joker")
    value = rank_four(ids)
    cat, ranks = four_card_table().classes[value]
    best = next(idx for idx in combinations(range(len(ids)), 4)
                if rank_four([ids[i] for i in idx]) == value)
    return HandValue("four-card", value, cat, describe_high(cat, ranks), tuple(objs[i] for i in best), ranks)
