"""Three-card hands (Three Card Poker, Pair Plus, 6 Card Bonus's three, 3-Up, Chinese front).

Order (c000 §20, D-270, D-274, D-310): straight flush > three of a kind >
straight > flush > pair > high card. A-2-3 is the lowest straight and
Q-K-A the highest; K-A-2 is not a straight. A-K-Q suited has the category
"royal-flush" (the Mini Royal, D-274/D-277); a paytable without that line pays
it as a straight flush (``HandValue.lines``). Hands of one category compare card
by card from the highest. Values 1 … 741, higher is better.

Chinese Poker's front hand ignores straights and flushes (D-454):
``rank_three(..., straights_and_flushes=False)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from webgame.engine.hands.high import _cards
from webgame.engine.hands.ids import JOKER, CardLike
from webgame.engine.hands.tables import ACE, CARD_VALUE, KEY_MASK, flush_base, multisets
from webgame.engine.hands.value import HandValue, describe_high

BASE3 = flush_base(3)
FLAGS = 0x8888 << 32

# Three-card category order, low to high.
THREE_CATEGORIES = ("high-card", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")
CHINESE_FRONT_CATEGORIES = ("high-card", "pair", "three-of-a-kind")


@dataclass
class ThreeCardTable:
    nonflush: dict[int, int]
    flush: dict[int, int]
    classes: list[tuple[str, tuple[int, ...]]]  # index = value


def _straight_top(ranks: tuple[int, ...]) -> int | None:
    s = sorted(set(ranks))
    if len(s) != 3:
        return None
    if s[2] - s[0] == 2:
        return s[2]
    if s == [0, 1, ACE]:
        return 1  # A-2-3: three high, the lowest straight
    return None


@cache
def three_card_table(straights_and_flushes: bool = True) -> ThreeCardTable:
    order = THREE_CATEGORIES if straights_and_flushes else CHINESE_FRONT_CATEGORIES
    entries: list[tuple[tuple[int, tuple[int, ...]], str, tuple[int, ...], str, int]] = []
    for ranks, key in multisets(3, 3):
        desc = tuple(sorted(ranks, key=lambda r: (ranks.count(r), r), reverse=True))
        distinct = len(set(ranks))
        suitings = ("n", "f") if distinct == 3 and straights_and_flushes else ("n",)
        for suiting in suitings:
            top = _straight_top(ranks) if straights_and_flushes else None
            if distinct == 1:
                cat, sig = "three-of-a-kind", desc[:1]
                desc = sig
            elif distinct == 2:
                cat, sig = "pair", (desc[0], desc[2])
                desc = sig
            elif top is not None:
                cat = "straight-flush" if suiting == "f" else "straight"
                sig = (top,)
                desc = (1, 0, ACE) if top == 1 else desc  # A-2-3 reads "three high"
            else:
                cat, sig = ("flush" if suiting == "f" else "high-card"), desc
            entries.append(((order.index(cat), sig), cat, desc, suiting, key))
    entries.sort(key=lambda e: e[0])
    nonflush: dict[int, int] = {}
    flush: dict[int, int] = {}
    classes: list[tuple[str, tuple[int, ...]]] = [("none", ())]
    for value, (_, cat, desc, suiting, key) in enumerate(entries, start=1):
        if cat == "straight-flush" and desc[0] == ACE:
            cat = "royal-flush"
        classes.append((cat, desc))
        (flush if suiting == "f" else nonflush)[key] = value
    if not straights_and_flushes:
        flush = nonflush
    return ThreeCardTable(nonflush, flush, classes)


def rank_three(cards: Sequence[int], straights_and_flushes: bool = True) -> int:
    """Value of three card ids; higher is better."""
    t = three_card_table(straights_and_flushes)
    a, b, c = cards
    v = CARD_VALUE[a] + CARD_VALUE[b] + CARD_VALUE[c] + BASE3
    return (t.flush if v & FLAGS else t.nonflush)[v & KEY_MASK]


def describe_three(category: str, ranks: tuple[int, ...]) -> str:
    if category == "royal-flush":
        return "Mini royal flush"
    if category in ("straight-flush", "straight"):
        return f"{'Straight flush' if category == 'straight-flush' else 'Straight'}, " + \
            describe_high("straight", ranks).split(", ", 1)[1]
    return describe_high(category, ranks)


def evaluate_three(cards: Iterable[CardLike], *, straights_and_flushes: bool = True) -> HandValue:
    """A three-card hand with its category and words ("Pair of jacks, 9 kicker")."""
    ids, objs = _cards(cards)
    if len(ids) != 3 or JOKER in ids:
        raise ValueError("a three-card hand is three cards, no joker")
    value = rank_three(ids, straights_and_flushes)
    cat, ranks = three_card_table(straights_and_flushes).classes[value]
    scale = "three-card" if straights_and_flushes else "three-card-front"
    return HandValue(scale, value, cat, describe_three(cat, ranks), tuple(objs), ranks)
