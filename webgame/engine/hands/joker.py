"""High hands holding jokers: the "bug" and the fully wild joker.

* "bug" (semi-wild): the joker is an ace, or any card that completes a straight,
  flush, straight flush or royal flush (D-214 for Pai Gow, D-419 for five-card
  draw, D-452 for Mexican Stud's face-up joker). Four aces and the joker are
  five aces, the best hand (D-216 places it below the royal in Double Hand
  Poker: use ``DOUBLE_HAND_POKER``). In a flush that it does not make straight,
  the joker is the highest card missing from the suit (D-214): the table lookup
  finds exactly that.
* "wild": any card (Joker's Wild / Face Up Pai Gow, D-212; Mexican Draw, D-453;
  Mexican Stud's face-down joker, D-452; Trips DCS's two jokers). Four of a kind
  and a joker are five of a kind, above a royal flush, five aces highest (D-217).
  A hand made with a joker ranks as the natural hand of the same ranks (D-453).

No search over 52 replacement cards: the joker adds one rank to the multiset
(13 lookups at most) or one missing rank to a suit's mask (a precomputed table).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement, product

from webgame.engine.cards import Card
from webgame.engine.hands.high import high_evaluator
from webgame.engine.hands.ids import JOKER, id_code
from webgame.engine.hands.tables import (
    ACE,
    COUNT_SHIFT,
    FLUSH,
    RANK_KEY,
    RANK_WEIGHTS,
    STANDARD,
    STRAIGHT,
    STRAIGHT_FLUSH,
    Order,
    five_card_table,
    flush_plus,
)
from webgame.engine.hands.value import RANK_LABEL, HandValue

JOKER_MODES = ("bug", "wild")
ONE = 1 << COUNT_SHIFT


def rank_joker_high(cards: Sequence[int], mode: str = "bug", order: Order = STANDARD) -> int:
    """Value of 5-7 card ids where JOKER (52) may appear; higher is better.

    mode "bug" allows one joker per hand; "wild" any number.
    """
    naturals = [c for c in cards if c != JOKER]
    k = len(cards) - len(naturals)
    if k == 0:
        return high_evaluator(order).rank(cards)
    if mode not in JOKER_MODES:
        raise ValueError(f"joker mode must be one of {JOKER_MODES}, not {mode!r}")
    if order.lowball:
        raise ValueError("no low game in the rules plays a joker")
    if mode == "bug" and k > 1:
        raise ValueError("a bug game has one joker")
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a high hand has 5 to 7 cards, not {len(cards)}")
    table = five_card_table(order)
    nonflush = table.nonflush
    counts = [0] * 13
    masks = [0, 0, 0, 0]
    key = 0
    for c in naturals:
        counts[c >> 2] += 1
        masks[c & 3] |= 1 << (c >> 2)
        key += RANK_KEY[c]
    best = 0
    if mode == "bug":
        # As an ace (five aces with four natural ones).
        best = table.five_kind[ACE] if counts[ACE] == 4 else nonflush[key + RANK_WEIGHTS[ACE] + ONE]
        # As a rank the hand lacks, only when that makes a straight.
        for r in range(13):
            if not counts[r]:
                v = nonflush[key + RANK_WEIGHTS[r] + ONE]
                cls = table.classes[v]
                if v > best and cls is not None and cls.category == STRAIGHT:
                    best = v
    else:
        for added in combinations_with_replacement(range(13), k):
            over = [r for r in set(added) if counts[r] + added.count(r) >= 5]
            if over:
                v = table.five_kind[max(over)]
            else:
                v = nonflush[key + sum(RANK_WEIGHTS[r] for r in added) + k * ONE]
            best = max(best, v)
    # As the missing card(s) of a suit: flush or straight flush (both modes).
    plus = flush_plus(order, k)
    for m in masks:
        if m.bit_count() + k >= 5:
            v = plus[m]
            best = max(best, v)
    return best


def _valid_bug(sub: int, value: int, order: Order) -> bool:
    cls = five_card_table(order).classes[value]
    if sub >> 2 == ACE:
        return True
    return cls is not None and cls.category in (STRAIGHT, FLUSH, STRAIGHT_FLUSH)


def _joker_as(five: list[int], mode: str, order: Order, value: int) -> tuple[str, ...]:
    """What the jokers in these five cards stand for, for the UI."""
    table = five_card_table(order)
    cls = table.classes[value]
    assert cls is not None
    naturals = [c for c in five if c != JOKER]
    k = 5 - len(naturals)
    if k == 0:
        return ()
    if cls.name == "five-of-a-kind":
        return tuple(RANK_LABEL[cls.ranks[0]] for _ in range(k))
    rank = high_evaluator(order).rank
    spare = sorted(set(range(52)) - set(naturals), reverse=True)  # aces first
    for subs in product(spare, repeat=k):
        if len(set(subs)) < k:
            continue
        if rank(naturals + list(subs)) != value:
            continue
        if mode == "bug" and not _valid_bug(subs[0], value, order):
            continue
        if cls.category in (FLUSH, STRAIGHT_FLUSH):
            return tuple(id_code(s) for s in subs)
        return tuple(RANK_LABEL[s >> 2] for s in subs)
    raise AssertionError("no card the joker can stand for gives the hand's value")


def evaluate_joker_high(ids: list[int], objs: list[Card], mode: str, order: Order) -> HandValue:
    if mode == "none":
        raise ValueError("this game plays no joker")
    value = rank_joker_high(ids, mode, order)
    ev = high_evaluator(order)
    for idx in combinations(range(len(ids)), 5):
        five = [ids[i] for i in idx]
        if rank_joker_high(five, mode, order) == value:
            return ev.value(value, [objs[i] for i in idx], _joker_as(five, mode, order, value))
    raise AssertionError("no five cards make the hand's value")
