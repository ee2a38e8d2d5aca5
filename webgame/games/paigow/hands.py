"""Pai Gow Poker hands: seven cards set into a five-card high hand (the back) and a two-card
low hand (the front), the foul, and a set hand against the bank's.

One core for every edition; what differs is data (``rules`` of the variant):

* ``joker``: ``"bug"`` (semi-wild: an ace, or any card that completes a straight, flush,
  straight flush or royal flush, D-214) or ``"wild"`` (any card, D-212, D-217, D-232);
* ``wheel``: ``"second"`` (A-2-3-4-5 the second-best straight, and the best straight flush
  below the royal: c000 s.743/747, c004 s.1222-1230, D-213) or ``"lowest"`` (the California
  profiles, D-213);
* ``five_aces``: ``"highest"`` (every profile but one) or ``"below-royal"`` (Double Hand
  Poker's printed order, D-216).

Values are ints where higher is better; a front compares only with a front and a back only
with a back. A front outranks a back (a foul) as D-227 says: category first (a two-card hand
is a pair or high cards), then the pair's rank, then the cards from the highest down; when
every card of the front is matched, the back is higher because it holds more cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ...engine.hands import JOKER, card_id, id_code, rank_joker_high, rank_two
from ...engine.hands.tables import (
    DOUBLE_HAND_POKER,
    HIGH_CARD,
    PAI_GOW_WHEEL_SECOND,
    PAIR,
    STANDARD,
    HandClass,
    Order,
    five_card_table,
)
from ...engine.hands.two import PAIRS_FROM
from ...engine.hands.value import describe_high

JOKER_MODES = ("bug", "wild")
ACE = 12


@dataclass(frozen=True)
class Ranking:
    """How one edition ranks hands: its joker and its order of five-card hands."""

    joker: str
    order: Order

    @classmethod
    def of(cls, rules: Mapping[str, Any]) -> Ranking:
        joker = str(rules["joker"])
        if joker not in JOKER_MODES:
            raise ValueError(f"joker must be one of {JOKER_MODES}, not {joker!r}")
        wheel, five_aces = str(rules["wheel"]), str(rules["five_aces"])
        if five_aces == "below-royal":
            if wheel != "lowest":
                raise ValueError("the five-aces-below-royal order has the wheel lowest")
            return cls(joker, DOUBLE_HAND_POKER)
        if five_aces != "highest":
            raise ValueError(f"five_aces must be 'highest' or 'below-royal', not {five_aces!r}")
        if wheel == "second":
            return cls(joker, PAI_GOW_WHEEL_SECOND)
        if wheel == "lowest":
            return cls(joker, STANDARD)
        raise ValueError(f"wheel must be 'second' or 'lowest', not {wheel!r}")

    def back_value(self, five: Sequence[int]) -> int:
        return rank_joker_high(list(five), self.joker, self.order)

    def back_class(self, value: int) -> HandClass:
        cls = five_card_table(self.order).classes[value]
        assert cls is not None
        return cls

    def describe_back(self, value: int) -> str:
        cls = self.back_class(value)
        return describe_high(cls.name, cls.ranks)


def front_shape(value: int) -> tuple[bool, tuple[int, ...]]:
    """(is a pair, ranks from the highest) of a two-card value (``rank_two``)."""
    if value > PAIRS_FROM:
        return True, (value - PAIRS_FROM - 1,)
    hi = next(h for h in range(1, 13) if h * (h + 1) // 2 >= value)
    return False, (hi, value - 1 - hi * (hi - 1) // 2)


def two_value(hi: int, lo: int) -> int:
    """The ``rank_two`` value of two ranks (equal ranks: a pair)."""
    hi, lo = max(hi, lo), min(hi, lo)
    if hi == lo:
        return PAIRS_FROM + hi + 1
    return hi * (hi - 1) // 2 + lo + 1


def describe_front(value: int) -> str:
    pair, ranks = front_shape(value)
    return describe_high("pair" if pair else "high-card", ranks)


def front_outranks(front: int, back: HandClass) -> bool:
    """D-227: the two-card hand outranks the five-card hand (a foul)."""
    pair, ranks = front_shape(front)
    if back.category > PAIR:
        return False
    if back.category == PAIR:
        return pair and ranks[0] > back.ranks[0]
    assert back.category == HIGH_CARD
    if pair:
        return True
    return ranks > tuple(back.ranks[:2])


def front_value(ranking: Ranking, front: Sequence[int], back: HandClass | None = None) -> int:
    """The two-card value. A semi-wild joker in front is an ace (D-212, c000 s.751). A fully
    wild joker takes the value that makes the front strongest, subject to the setting being
    legal (D-232): ace and joker count as A-K where a pair of aces would foul."""
    if JOKER not in front or ranking.joker == "bug":
        return rank_two(list(front), "bug")
    other = [c for c in front if c != JOKER]
    mate = other[0] >> 2 if other else ACE
    best = two_value(mate, mate)
    if back is None or not front_outranks(best, back):
        return best
    for r in range(ACE, -1, -1):  # the highest unpaired value that keeps the setting legal
        if r == mate:
            continue
        value = two_value(mate, r)
        if not front_outranks(value, back):
            return value
    return two_value(mate, 0 if mate else 1)  # unreachable: a back always beats 3-2


@dataclass(frozen=True)
class SetHand:
    """Seven cards set: the front (two ids), the back (five ids), their values, the foul."""

    front: tuple[int, int]
    back: tuple[int, int, int, int, int]
    front_value: int
    back_value: int
    foul: bool

    @property
    def front_codes(self) -> list[str]:
        return [id_code(c) for c in self.front]

    @property
    def back_codes(self) -> list[str]:
        return [id_code(c) for c in self.back]


def set_hand(ranking: Ranking, seven: Sequence[int], front: Sequence[int]) -> SetHand:
    """Set ``seven`` card ids with ``front`` (two of them) in front and the rest behind."""
    if len(seven) != 7 or len(set(seven)) != 7:
        raise ValueError("a pai gow hand is seven different cards")
    if len(front) != 2 or len(set(front)) != 2 or not set(front) <= set(seven):
        raise ValueError("the front hand is two of the seven cards")
    back = tuple(c for c in seven if c not in front)
    bv = ranking.back_value(back)
    cls = ranking.back_class(bv)
    fv = front_value(ranking, front, cls)
    a, b = front
    v, w, x, y, z = back
    return SetHand((a, b), (v, w, x, y, z), fv, bv, front_outranks(fv, cls))


def settings(ranking: Ranking, seven: Sequence[int]) -> list[SetHand]:
    """All 21 ways to set seven cards, fouls included."""
    return [set_hand(ranking, seven, pair) for pair in combinations(seven, 2)]


def parse_front(seven: Sequence[int], codes: Sequence[str]) -> tuple[int, int]:
    """Two card codes a player posted for the front, checked against the seven dealt: anything
    else (a card not dealt, the same card twice, three cards, junk) is refused."""
    if len(codes) != 2:
        raise ValueError("Choose exactly two cards for the low hand.")
    try:
        ids = [card_id(c) for c in codes]
    except (ValueError, IndexError) as exc:
        raise ValueError("Those are not cards of this hand.") from exc
    if ids[0] == ids[1] or not set(ids) <= set(seven):
        raise ValueError("Those are not cards of this hand.")
    return ids[0], ids[1]


@dataclass(frozen=True)
class Versus:
    """A set hand against the bank's: each half ("win", "copy", "lose") and the wager."""

    front: str
    back: str
    result: str  # "win", "push", "lose"
    foul: bool = False


def versus(player: SetHand, bank: SetHand) -> Versus:
    """c000 s.795-803, c004 s.1299-1309: both halves higher wins, one higher pushes; a copy is
    the bank's (c000 s.707, c004 s.1237, D-218); a fouled hand loses (c000 s.798, c004 s.1343)."""
    if player.foul:
        return Versus("lose", "lose", "lose", foul=True)

    def half(mine: int, theirs: int) -> str:
        return "win" if mine > theirs else "copy" if mine == theirs else "lose"

    front, back = half(player.front_value, bank.front_value), half(player.back_value, bank.back_value)
    wins = (front == "win") + (back == "win")
    return Versus(front, back, ("lose", "push", "win")[wins])
