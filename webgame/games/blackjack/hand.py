"""Counting a blackjack hand.

Card values (000 s.278-281; 004 s.332-335): 2-9 at face value, ten, jack, queen and
king count ten, an ace counts eleven unless that takes the hand over 21, then one.
A hand is *soft* while one of its aces is still counted as eleven (000 s.261; 004 s.327).

Cards are text codes ("As", "Td") as they are stored in a round's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

TEN_VALUES = frozenset("TJQK")
BUST_OVER = 21


def is_logo(code: str) -> bool:
    """A Lucky Chances Logo card: a card of its own in the shoe (two a deck, 002 s.1235-1236),
    carried as a joker flagged "logo" (D-019, D-138)."""
    return code.startswith("JK") and "+logo" in code


_VALUES: dict[str, int] = {}  # card code -> hard value: a shoe has a few dozen codes


def card_value(code: str) -> int:
    """The hard value of a card: an ace is 1 here, the soft 10 is added by :func:`count`.
    A Logo card counts ten in any hand that is not a Natural (002 s.1238-1239)."""
    value = _VALUES.get(code)
    if value is None:
        value = _VALUES[code] = _hard_value(code)
    return value


def _hard_value(code: str) -> int:
    if is_logo(code):
        return 10
    rank = code[0]
    if rank == "A":
        return 1
    if rank in TEN_VALUES:
        return 10
    return int(rank)


def is_ten_value(code: str) -> bool:
    return is_logo(code) or code[0] in TEN_VALUES


def is_ace(code: str) -> bool:
    return code[0] == "A"


@dataclass(frozen=True)
class Count:
    """A hand's best total and whether an ace still counts eleven in it."""

    total: int
    soft: bool

    @property
    def bust(self) -> bool:
        return self.total > BUST_OVER


def count(cards: Iterable[str], soft_up_to: int = BUST_OVER) -> Count:
    """The best total: one ace counts eleven while the hand stays at ``soft_up_to`` or less,
    21 at every table but No Bust 4.0, whose aces count eleven up to its target of 22 (D-112)."""
    hard = 0
    aces = 0
    for code in cards:
        hard += card_value(code)
        aces += is_ace(code)
    # Only one ace can ever count eleven: two would already make 22 (23 on No Bust 4.0's scale).
    if aces and hard + 10 <= soft_up_to:
        return Count(hard + 10, True)
    return Count(hard, False)


def is_natural(cards: Sequence[str]) -> bool:
    """An ace and a ten-value card as the first two cards (000 s.259; 004 s.323).

    Whether the hand came from a split is the caller's business: a split hand's
    ace and ten is 21, not blackjack (004 s.323, D-038).
    """
    return len(cards) == 2 and count(cards).total == BUST_OVER


def same_value(a: str, b: str) -> bool:
    """Cards that may be split: equal in value, so a king splits with a queen (000 s.308, D-037)."""
    return card_value(a) == card_value(b)
