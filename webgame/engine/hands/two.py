"""Two-card hands: the Pai Gow Poker front (low) hand.

A pair beats any two unpaired cards; pairs compare by rank, unpaired hands by
the higher card, then the lower (c000 §15 s.731-752, c004 s.1220-1235). In the
front hand a semi-wild joker is an ace (D-212); a fully wild joker takes its
strongest value, so it pairs the other card (D-232: the game lowers it when
that would foul). Values 1 … 91, higher is better.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from webgame.engine.hands.high import _cards
from webgame.engine.hands.ids import JOKER, CardLike
from webgame.engine.hands.tables import ACE
from webgame.engine.hands.value import HandValue, describe_high

PAIRS_FROM = 13 * 12 // 2  # the 78 unpaired hands come first


def _value(hi: int, lo: int) -> int:
    if hi == lo:
        return PAIRS_FROM + hi + 1
    return hi * (hi - 1) // 2 + lo + 1  # unpaired (hi > lo), in order: 3-2 is 1, A-K is 78


def rank_two(cards: Sequence[int], joker: str = "bug") -> int:
    """Value of two card ids (a joker is 52); higher is better."""
    a, b = cards
    ranks = sorted(((c >> 2) if c != JOKER else -1 for c in (a, b)), reverse=True)
    hi, lo = ranks
    if lo == -1:  # one joker at least
        if hi == -1:
            return _value(ACE, ACE)
        lo = hi if joker == "wild" else ACE
        hi, lo = max(hi, lo), min(hi, lo)
    return _value(hi, lo)


def evaluate_two(cards: Iterable[CardLike], *, joker: str = "bug") -> HandValue:
    ids, objs = _cards(cards)
    if len(ids) != 2:
        raise ValueError("a two-card hand is two cards")
    value = rank_two(ids, joker)
    if value > PAIRS_FROM:
        ranks: tuple[int, ...] = (value - PAIRS_FROM - 1,)
        category = "pair"
    else:
        hi = next(h for h in range(1, 13) if h * (h + 1) // 2 >= value)
        ranks = (hi, value - 1 - hi * (hi - 1) // 2)
        category = "high-card"
    return HandValue("two-card", value, category, describe_high(category, ranks), tuple(objs), ranks)
