"""Basic strategy for the house's bots: the standard multi-deck chart, double after split,
late surrender, with the few plays that change when the dealer hits soft 17.

The chart is a fixed table, not a simulation: it is what a careful regular plays, which
is all a bot seat needs. A bot never takes insurance, even money or side bets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .hand import card_value, count

HIT, STAND, DOUBLE, SPLIT, SURRENDER = "hit", "stand", "double", "split", "surrender"


@dataclass(frozen=True)
class Options:
    """What the rules allow on the hand right now."""

    can_double: bool
    can_split: bool
    can_surrender: bool
    dealer_hits_soft_17: bool


def up_value(up_card: str) -> int:
    """2-10, and 11 for an ace, as strategy charts index the dealer's card."""
    v = card_value(up_card)
    return 11 if v == 1 else v


def _pair(pair_value: int, up: int) -> bool:
    """Whether to split a pair of this value (1 = aces)."""
    if pair_value in (1, 8):
        return True
    if pair_value == 9:
        return up in (2, 3, 4, 5, 6, 8, 9)
    if pair_value == 7:
        return 2 <= up <= 7
    if pair_value == 6:
        return 2 <= up <= 6
    if pair_value == 4:
        return up in (5, 6)
    if pair_value in (2, 3):
        return 2 <= up <= 7
    return False  # fives play as a hard ten, tens are never split


def _surrender(total: int, soft: bool, up: int, h17: bool) -> bool:
    if soft:
        return False
    if total == 16:
        return up in (9, 10, 11)
    if total == 15:
        return up == 10 or (h17 and up == 11)
    if total == 17:
        return h17 and up == 11
    return False


def _soft(total: int, up: int, h17: bool) -> str:
    """Soft totals. "double/stand" means: double if allowed, otherwise stand."""
    if total >= 20:
        return STAND
    if total == 19:
        return DOUBLE + "/" + STAND if (h17 and up == 6) else STAND
    if total == 18:
        if 2 <= up <= 6 and (h17 or up >= 3):
            return DOUBLE + "/" + STAND
        if up in (7, 8):
            return STAND
        return HIT
    if total == 17:
        return DOUBLE + "/" + HIT if 3 <= up <= 6 else HIT
    if total in (15, 16):
        return DOUBLE + "/" + HIT if 4 <= up <= 6 else HIT
    return DOUBLE + "/" + HIT if up in (5, 6) else HIT  # soft 13, 14


def _hard(total: int, up: int, h17: bool) -> str:
    if total >= 17:
        return STAND
    if total >= 13:
        return STAND if up <= 6 else HIT
    if total == 12:
        return STAND if 4 <= up <= 6 else HIT
    if total == 11:
        return DOUBLE + "/" + HIT if (up <= 10 or h17) else HIT
    if total == 10:
        return DOUBLE + "/" + HIT if up <= 9 else HIT
    if total == 9:
        return DOUBLE + "/" + HIT if 3 <= up <= 6 else HIT
    return HIT


def decide(cards: Sequence[str], up_card: str, options: Options) -> str:
    """The basic-strategy play: "hit", "stand", "double", "split" or "surrender"."""
    up = up_value(up_card)
    h17 = options.dealer_hits_soft_17
    pair = len(cards) == 2 and card_value(cards[0]) == card_value(cards[1])
    if options.can_split and pair and _pair(card_value(cards[0]), up):
        return SPLIT
    hand = count(cards)
    if options.can_surrender and len(cards) == 2 and _surrender(hand.total, hand.soft, up, h17):
        return SURRENDER
    play = _soft(hand.total, up, h17) if hand.soft else _hard(hand.total, up, h17)
    if "/" in play:
        preferred, fallback = play.split("/")
        return preferred if options.can_double else fallback
    return play


# Blackjack Switch: a simple point score of a two-card hand (not a published chart). A
# blackjack is best, then the made hands and the doubling totals; a stiff 12-16 is worst.
_SWITCH_SCORE = {21: 10, 20: 7, 19: 5, 11: 5, 10: 4, 18: 3, 9: 2, 17: 0}


def _switch_score(cards: Sequence[str]) -> int:
    hand = count(cards)
    if len(cards) == 2 and card_value(cards[0]) == card_value(cards[1]) and card_value(cards[0]) in (1, 8):
        return 5  # aces and eights split well
    if 12 <= hand.total <= 16 and not hand.soft:
        return -2
    return _SWITCH_SCORE.get(hand.total, 1)


def better_switched(first: Sequence[str], second: Sequence[str]) -> bool:
    """Blackjack Switch: whether exchanging the second cards of the two hands scores higher
    by the point score above (ties keep the hands as dealt)."""
    dealt = _switch_score(first) + _switch_score(second)
    swapped = _switch_score([first[0], second[1]]) + _switch_score([second[0], first[1]])
    return swapped > dealt
