"""numpy batch path: rank millions of hands at once, and exact histograms.

Used by the odds analyzer (every five-card hand, every three-card hand, every
seven-card hand) and by the exhaustive tests. Same keys and values as the
scalar evaluators (tables.py): a hand's packed key is the sum of its cards'
``CARD_VALUE``; the rank part indexes a dense array (one per hand size, built
once), a flush is read from its suit's 13-bit mask.

numpy is imported by this module only, so the rest of the engine runs without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt

from webgame.engine.hands.tables import (
    CARD_VALUE,
    CATEGORY_NAMES,
    COUNT_SHIFT,
    FLUSH_FLAGS,
    RANK_MASK,
    ROYAL,
    STANDARD,
    SUIT_SHIFT,
    Order,
    five_card_table,
    flush_base,
)

Hands = npt.NDArray[np.integer]
Values = npt.NDArray[np.int64]

CARD_VALUES = np.array(CARD_VALUE, dtype=np.int64)
# One bit per card, suit-major, so a suit's ranks are a 13-bit field: (bits >> 13*suit) & 0x1FFF.
CARD_BITS = np.array([1 << (13 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.int64)

BATCH_CATEGORIES: tuple[str, ...] = CATEGORY_NAMES + (ROYAL,)
"""Category codes of ``high_categories``: CATEGORY_NAMES, then 10 = royal flush."""


def combinations_array(n: int, k: int) -> npt.NDArray[np.uint8]:
    """All k-subsets of range(n) as rows, in itertools.combinations (lexicographic) order."""
    return _combinations(n, k).copy()


@cache
def _combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    if k > n:
        return np.zeros((0, k), dtype=np.uint8)
    parts = []
    for first in range(n - k + 1):
        rest = _combinations(n - first - 1, k - 1) + np.uint8(first + 1)
        head = np.full((rest.shape[0], 1), first, dtype=np.uint8)
        parts.append(np.hstack([head, rest]))
    out = np.vstack(parts)
    out.setflags(write=False)
    return out


@cache
def _dense(order: Order, n: int) -> npt.NDArray[np.uint16]:
    """Non-flush values of n-card hands indexed by the rank part of the key."""
    table = five_card_table(order)
    items = [(k & RANK_MASK, v) for k, v in table.nonflush.items() if k >> COUNT_SHIFT == n]
    if not items:
        raise ValueError(f"no {n}-card table for order {order.name}")
    keys = np.array([k for k, _ in items], dtype=np.int64)
    vals = np.array([v for _, v in items], dtype=np.uint16)
    out = np.zeros(int(keys.max()) + 1, dtype=np.uint16)
    out[keys] = vals
    return out


@cache
def _flush_array(order: Order) -> npt.NDArray[np.uint16]:
    return np.array(five_card_table(order).flush, dtype=np.uint16)


def _finish(order: Order, n: int, v: Values, bits_of: np.ndarray | None,
            hands: Hands | None) -> npt.NDArray[np.uint16]:
    """Values from packed sums; flush rows read their suit mask from card bits."""
    out: npt.NDArray[np.uint16] = _dense(order, n)[v & RANK_MASK]
    if order.flushes:
        flush = (v & FLUSH_FLAGS) != 0
        if flush.any():
            fv = v[flush] >> SUIT_SHIFT
            suit = np.where(fv & 0x8, 0, np.where(fv & 0x80, 1, np.where(fv & 0x800, 2, 3)))
            if bits_of is None:
                assert hands is not None
                bits = np.bitwise_or.reduce(CARD_BITS[hands[flush]], axis=1)
            else:
                bits = bits_of[flush]
            mask = (bits >> (13 * suit)) & 0x1FFF
            out[flush] = _flush_array(order)[mask]
    return out


def rank_high_batch(hands: Hands, order: Order = STANDARD) -> npt.NDArray[np.uint16]:
    """Values of an (N, n) array of card ids, n = 5, 6 or 7; same values as ``rank_high``."""
    hands = np.asarray(hands)
    n = hands.shape[1]
    if not 5 <= n <= 7:
        raise ValueError("batch high hands have 5 to 7 cards")
    if order.lowball and order.flushes and n > 5:
        raise ValueError("2-7 lows of more than five cards are not batched")
    v = CARD_VALUES[hands].sum(axis=1) + flush_base(5)
    return _finish(order, n, v, None, hands)


def high_categories(values: npt.NDArray[np.integer], order: Order = STANDARD) -> npt.NDArray[np.uint8]:
    """Category code (index into BATCH_CATEGORIES) of each value."""
    codes: npt.NDArray[np.uint8] = _category_of_value(order)[values]
    return codes


@cache
def _category_of_value(order: Order) -> npt.NDArray[np.uint8]:
    table = five_card_table(order)
    codes = [255] + [BATCH_CATEGORIES.index(c.name) for c in table.classes[1:] if c is not None]
    return np.array(codes, dtype=np.uint8)


def category_counts(histogram: npt.NDArray[np.integer], order: Order = STANDARD) -> dict[str, int]:
    """Hands per category from a per-value histogram (royal flushes counted apart)."""
    codes = _category_of_value(order)
    out: dict[str, int] = {}
    for value in np.nonzero(histogram)[0]:
        code = codes[value]
        name = "none" if code == 255 else BATCH_CATEGORIES[code]
        out[name] = out.get(name, 0) + int(histogram[value])
    return out


def histogram_high(k: int, deck: Sequence[int] | None = None, order: Order = STANDARD) -> npt.NDArray[np.int64]:
    """How many k-card hands (k = 5, 6, 7) from ``deck`` have each value: exact, no sampling.

    Seven cards = a prefix of two cards and a suffix of five: the five-card
    subsets in lexicographic order whose first card comes after the prefix's last
    are one contiguous tail, so each prefix is one vectorised pass over it.
    """
    cards = np.array(range(52) if deck is None else list(deck), dtype=np.int64)
    m = len(cards)
    size = five_card_table(order).size + 1
    hist = np.zeros(size, dtype=np.int64)
    if not 5 <= k <= 7:
        raise ValueError("k must be 5, 6 or 7")
    tails = _combinations(m, 5)
    tail_cards = cards[tails]
    tail_v = CARD_VALUES[tail_cards].sum(axis=1) + flush_base(5)
    tail_bits = np.bitwise_or.reduce(CARD_BITS[tail_cards], axis=1)
    # start[i]: index of the first tail whose first position is >= i.
    start = [0]
    for i in range(m):
        start.append(start[-1] + comb(m - i - 1, 4))
    if k == 5:
        hist += np.bincount(_finish(order, 5, tail_v, tail_bits, None), minlength=size)
        return hist
    for prefix in _combinations(m, k - 5):
        lo = start[int(prefix[-1]) + 1]
        if lo >= len(tail_v):
            continue
        pc = cards[prefix.astype(np.int64)]
        v = tail_v[lo:] + int(CARD_VALUES[pc].sum())
        bits = tail_bits[lo:] | int(np.bitwise_or.reduce(CARD_BITS[pc]))
        hist += np.bincount(_finish(order, k, v, bits, None), minlength=size)
    return hist


# Three- and four-card hands: small tables, looked up by sorted keys.

@cache
def _sorted_lookup(kind: str) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16], npt.NDArray[np.int64], npt.NDArray[np.uint16]]:
    if kind == "three":
        from webgame.engine.hands.three import three_card_table
        t3 = three_card_table()
        nonflush, flush = t3.nonflush, t3.flush
    else:
        from webgame.engine.hands.four import four_card_table
        t4 = four_card_table()
        nonflush, flush = t4.nonflush, t4.flush

    def arrays(d: dict[int, int]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint16]]:
        keys = np.array(sorted(d), dtype=np.int64)
        return keys, np.array([d[k] for k in sorted(d)], dtype=np.uint16)

    return (*arrays(nonflush), *arrays(flush))


def _rank_small(hands: Hands, kind: str, n: int) -> npt.NDArray[np.uint16]:
    hands = np.asarray(hands)
    if hands.shape[1] != n:
        raise ValueError(f"{kind}-card hands have {n} cards")
    nk, nv, fk, fv = _sorted_lookup(kind)
    v = CARD_VALUES[hands].sum(axis=1) + flush_base(n)
    key = v & ((1 << SUIT_SHIFT) - 1)
    flush = (v & FLUSH_FLAGS) != 0
    out: npt.NDArray[np.uint16] = nv[np.searchsorted(nk, key)]
    if flush.any():
        out[flush] = fv[np.searchsorted(fk, key[flush])]
    return out


def rank_three_batch(hands: Hands) -> npt.NDArray[np.uint16]:
    """Three Card Poker values of an (N, 3) array; same values as ``rank_three``."""
    return _rank_small(hands, "three", 3)


def rank_four_batch(hands: Hands) -> npt.NDArray[np.uint16]:
    """Four Card Poker values of an (N, 4) array; same values as ``rank_four`` on four cards."""
    return _rank_small(hands, "four", 4)
