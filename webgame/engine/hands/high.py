"""Best five-card high hand from 5, 6 or 7 cards, and Omaha-style hole + board.

One table lookup per hand (see tables.py): a 7-card hand is valued from its
rank multiset, or from its flush suit's rank mask, without trying 21 subsets.

Values: 1 … 7462 for the 7462 distinct standard hands (7-5-4-3-2 offsuit is 1,
a royal flush 7462); 7463 … 7475 are five of a kind (twos … aces), reachable
only with jokers (joker.py). Other orders (Pai Gow's wheel, D-213; Double Hand
Poker's five aces, D-216; Mexican Stud's flush over full house, D-452; 2-7
lowball, D-445) renumber the same classes; higher is always better.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations

from webgame.engine.cards import Card
from webgame.engine.hands.ids import JOKER, CardLike, card_ids, id_card
from webgame.engine.hands.tables import (
    BASE5,
    CARD_VALUE,
    FLUSH_FLAGS,
    KEY_MASK,
    RANK_BIT,
    RANK_KEY,
    STANDARD,
    SUIT_SHIFT,
    FiveCardTable,
    Order,
    five_card_table,
)
from webgame.engine.hands.value import HandValue, describe_high

RankFn = Callable[[Sequence[int]], int]


def _table_rank(table: FiveCardTable) -> RankFn:
    """A closure with every lookup bound locally: this is the hot path."""
    nonflush = table.nonflush
    flush = table.flush
    value_of = CARD_VALUE.__getitem__
    rank_bit = RANK_BIT

    def rank(cards: Sequence[int], _base: int = BASE5, _flags: int = FLUSH_FLAGS,
             _mask: int = KEY_MASK, _v: tuple[int, ...] = CARD_VALUE) -> int:
        # Unpacking by hand size is about twice as fast as sum(map(...)) in CPython.
        n = len(cards)
        if n == 7:
            a, b, c, d, e, f, g = cards
            v = _v[a] + _v[b] + _v[c] + _v[d] + _v[e] + _v[f] + _v[g] + _base
        elif n == 5:
            a, b, c, d, e = cards
            v = _v[a] + _v[b] + _v[c] + _v[d] + _v[e] + _base
        else:
            v = sum(map(value_of, cards), _base)
        if v & _flags:
            h = v >> SUIT_SHIFT
            s = 0 if h & 0x8 else 1 if h & 0x80 else 2 if h & 0x800 else 3
            m = 0
            for c in cards:
                if c & 3 == s:
                    m |= rank_bit[c]
            # Seven cards cannot hold a flush and a full house (or quads) at once,
            # so a flush present is the hand; with five cards it is the only hand.
            return flush[m]
        return nonflush[v & _mask]

    return rank


def _multiset_rank(table: FiveCardTable) -> RankFn:
    """Orders that ignore suits (A-5 lows): the rank multiset is the whole key."""
    nonflush = table.nonflush
    key_of = RANK_KEY.__getitem__

    def rank(cards: Sequence[int]) -> int:
        return nonflush[sum(map(key_of, cards))]

    return rank


class HighEvaluator:
    """Evaluators for one Order; get them from ``high_evaluator(order)``."""

    def __init__(self, order: Order) -> None:
        self.order = order
        self.table = five_card_table(order)
        self.scale = "high" if order == STANDARD else order.name
        table_rank = _table_rank(self.table) if order.flushes else _multiset_rank(self.table)
        if order.lowball and order.flushes:
            # 2-7: from more than five cards the best low may dodge a flush, so try each five.
            def rank(cards: Sequence[int]) -> int:
                if len(cards) == 5:
                    return table_rank(cards)
                return max(table_rank(five) for five in combinations(cards, 5))
            self.rank: RankFn = rank
        else:
            self.rank = table_rank

    def rank_omaha(self, hole: Sequence[int], board: Sequence[int],
                   hole_counts: Iterable[int] = (2,)) -> int:
        """Best hand using k hole cards (k in ``hole_counts``) and 5 - k board cards.

        Omaha and Big O use exactly two (D-437, D-434 c001); c003 Big O allows
        two to five: ``hole_counts=(2, 3, 4, 5)``.
        """
        nonflush = self.table.nonflush
        flush = self.table.flush
        best = 0
        for k in hole_counts:
            hs = [_partial(h) for h in combinations(hole, k)]
            bs = [_partial(b) for b in combinations(board, 5 - k)]
            for hv, hsuit, hm in hs:
                for bv, bsuit, bm in bs:
                    suit = hsuit if bsuit == _NO_CARDS else bsuit if hsuit == _NO_CARDS else \
                        hsuit if hsuit == bsuit else -1
                    if suit >= 0:
                        v = flush[hm | bm]
                        best = max(best, v)
                    v = nonflush[(hv + bv) & KEY_MASK]
                    best = max(best, v)
        if self.order.lowball and self.order.flushes:
            best = max(self.rank(list(h) + list(b)) for k in hole_counts
                       for h in combinations(hole, k) for b in combinations(board, 5 - k))
        return best

    def describe(self, value: int) -> tuple[str, tuple[int, ...], str]:
        """(category, significant ranks, words) of a value."""
        cls = self.table.classes[value]
        if cls is None:
            return ("none", (), "No hand")
        return (cls.name, cls.ranks, describe_high(cls.name, cls.ranks))

    def value(self, rank: int, cards: Sequence[Card], joker_as: tuple[str, ...] = ()) -> HandValue:
        category, ranks, words = self.describe(rank)
        return HandValue(self.scale, rank, category, words, tuple(cards), ranks, joker_as)


_NO_CARDS = 4  # the suit of an empty part: any


def _partial(cards: Sequence[int]) -> tuple[int, int, int]:
    """Packed sum, common suit (-1 if mixed, 4 if no cards) and rank mask of a few cards."""
    v = sum(CARD_VALUE[c] for c in cards)
    suits = {c & 3 for c in cards}
    suit = suits.pop() if len(suits) == 1 else _NO_CARDS if not suits else -1
    mask = 0
    for c in cards:
        mask |= RANK_BIT[c]
    return v, suit, mask


@cache
def high_evaluator(order: Order = STANDARD) -> HighEvaluator:
    return HighEvaluator(order)


def rank_high(cards: Sequence[int]) -> int:
    """Standard high value of 5, 6 or 7 card ids (no jokers): higher is better.

    Hot loops should bind ``high_evaluator().rank`` once and call it directly.
    """
    return high_evaluator(STANDARD).rank(cards)


def rank_omaha(hole: Sequence[int], board: Sequence[int], hole_counts: Iterable[int] = (2,)) -> int:
    return high_evaluator(STANDARD).rank_omaha(hole, board, hole_counts)


def _cards(cards: Iterable[CardLike]) -> tuple[list[int], list[Card]]:
    items = cards.split() if isinstance(cards, str) else list(cards)
    ids = card_ids(items)
    objs = [c if isinstance(c, Card) else id_card(i) for c, i in zip(items, ids)]
    naturals = [i for i in ids if i != JOKER]
    if len(set(naturals)) != len(naturals):
        raise ValueError("a card appears twice")
    return ids, objs


def _best_five(ev: HighEvaluator, ids: list[int], objs: list[Card], value: int) -> list[Card]:
    for idx in combinations(range(len(ids)), 5):
        if ev.rank([ids[i] for i in idx]) == value:
            return [objs[i] for i in idx]
    raise AssertionError("no five cards make the hand's value")


def evaluate_high(cards: Iterable[CardLike], *, joker: str = "none",
                  order: Order = STANDARD) -> HandValue:
    """Best five-card high hand of 5-7 cards, with its words and the five cards.

    joker: "none" (a joker is an error), "bug" (an ace, or any card completing a
    straight, flush or straight flush: D-214, D-419) or "wild" (any card; five
    of a kind ranks above a royal flush, D-217, D-453).
    """
    ids, objs = _cards(cards)
    if not 5 <= len(ids) <= 7:
        raise ValueError(f"a high hand has 5 to 7 cards, not {len(ids)}")
    ev = high_evaluator(order)
    if JOKER in ids:
        from webgame.engine.hands.joker import evaluate_joker_high

        return evaluate_joker_high(ids, objs, joker, order)
    value = ev.rank(ids)
    return ev.value(value, _best_five(ev, ids, objs, value))


def evaluate_omaha(hole: Iterable[CardLike], board: Iterable[CardLike], *,
                   hole_counts: Iterable[int] = (2,), order: Order = STANDARD) -> HandValue:
    """Best high hand using exactly two hole cards and three board cards (by default)."""
    hids, hobjs = _cards(hole)
    bids, bobjs = _cards(board)
    if JOKER in hids or JOKER in bids:
        raise ValueError("Omaha is played without jokers")
    if len(set(hids) | set(bids)) != len(hids) + len(bids):
        raise ValueError("a card appears twice")
    counts = tuple(hole_counts)
    ev = high_evaluator(order)
    value = ev.rank_omaha(hids, bids, counts)
    for k in counts:
        for h in combinations(range(len(hids)), k):
            for b in combinations(range(len(bids)), 5 - k):
                if ev.rank([hids[i] for i in h] + [bids[i] for i in b]) == value:
                    return ev.value(value, [hobjs[i] for i in h] + [bobjs[i] for i in b])
    raise ValueError("no legal hand: too few hole or board cards")
