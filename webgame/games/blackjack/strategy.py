"""Basic strategy for the house's bots: the standard multi-deck chart, double after split,
late surrender, with the few plays that change when the dealer hits soft 17.

The chart is a fixed table, not a simulation: it is what a careful regular plays, which
is all a bot seat needs. A bot never takes insurance, even money or side bets.

One chart serves three readers (P-110): the bots (:func:`decide`), the exact house edge
of the main bet (``webgame.analysis.blackjack_exact`` plays this same chart), and the
rules panel, which prints it as a grid (:func:`chart_rows`). The grid's codes are the
ones printed on strategy cards: H hit, S stand, D double (else hit), Ds double (else
stand), P split, R surrender (else hit), Rs surrender (else stand).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from .hand import card_value, count

HIT, STAND, DOUBLE, SPLIT, SURRENDER = "hit", "stand", "double", "split", "surrender"

# Chart codes, as strategy cards print them.
H, S, D, DS, P, R, RS = "H", "S", "D", "Ds", "P", "R", "Rs"
LEGEND: tuple[tuple[str, str], ...] = (
    (H, "hit"),
    (S, "stand"),
    (D, "double if allowed, otherwise hit"),
    (DS, "double if allowed, otherwise stand"),
    (P, "split"),
    (R, "surrender if allowed, otherwise hit"),
    (RS, "surrender if allowed, otherwise stand"),
)
UPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)  # the dealer's up card: 11 is the ace
HARD_TOTALS = tuple(range(4, 22))
SOFT_TOTALS = tuple(range(12, 22))
PAIR_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)  # 1 = aces
NAME = "the house basic strategy chart (multi-deck, total-dependent)"


@dataclass(frozen=True)
class Options:
    """What the rules allow on the hand right now."""

    can_double: bool
    can_split: bool
    can_surrender: bool
    dealer_hits_soft_17: bool


@dataclass(frozen=True)
class Chart:
    """The whole chart for one dealer rule: a code per (total, up card), a split flag per
    (pair value, up card). Read by the bots, the exact analysis and the rules panel."""

    dealer_hits_soft_17: bool
    hard: Mapping[int, Mapping[int, str]]
    soft: Mapping[int, Mapping[int, str]]
    pairs: Mapping[int, Mapping[int, bool]]

    @property
    def name(self) -> str:
        return f"{NAME}, dealer {'hits' if self.dealer_hits_soft_17 else 'stands on'} soft 17"


def up_value(up_card: str) -> int:
    """2-10, and 11 for an ace, as strategy charts index the dealer's card."""
    v = card_value(up_card)
    return 11 if v == 1 else v


# ---------------------------------------------------------------------------------------
# The chart, written once
# ---------------------------------------------------------------------------------------
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


def _surrender(total: int, up: int, h17: bool) -> bool:
    """Hard totals only: a soft hand is never surrendered."""
    if total == 16:
        return up in (9, 10, 11)
    if total == 15:
        return up == 10 or (h17 and up == 11)
    if total == 17:
        return h17 and up == 11
    return False


def _soft(total: int, up: int, h17: bool) -> str:
    if total >= 20:
        return S
    if total == 19:
        return DS if (h17 and up == 6) else S
    if total == 18:
        if 2 <= up <= 6 and (h17 or up >= 3):
            return DS
        if up in (2, 7, 8):  # soft 18 stands against a 2 when the dealer stands on soft 17
            return S
        return H
    if total == 17:
        return D if 3 <= up <= 6 else H
    if total in (15, 16):
        return D if 4 <= up <= 6 else H
    return D if up in (5, 6) else H  # soft 12 (an unsplit pair of aces), 13, 14


def _hard(total: int, up: int, h17: bool) -> str:
    if total >= 17:
        play = S
    elif total >= 13:
        play = S if up <= 6 else H
    elif total == 12:
        play = S if 4 <= up <= 6 else H
    elif total == 11:
        play = D if (up <= 10 or h17) else H
    elif total == 10:
        play = D if up <= 9 else H
    elif total == 9:
        play = D if 3 <= up <= 6 else H
    else:
        play = H
    if _surrender(total, up, h17):
        return R if play == H else RS
    return play


@cache
def chart(dealer_hits_soft_17: bool) -> Chart:
    h17 = dealer_hits_soft_17
    return Chart(
        dealer_hits_soft_17=h17,
        hard={t: {u: _hard(t, u, h17) for u in UPS} for t in HARD_TOTALS},
        soft={t: {u: _soft(t, u, h17) for u in UPS} for t in SOFT_TOTALS},
        pairs={v: {u: _pair(v, u) for u in UPS} for v in PAIR_VALUES},
    )


def play_of(code: str, can_double: bool, can_surrender: bool) -> str:
    """The move a chart code makes when the rules allow (or forbid) doubling and surrender."""
    if code in (D, DS):
        return DOUBLE if can_double else (HIT if code == D else STAND)
    if code in (R, RS):
        return SURRENDER if can_surrender else (HIT if code == R else STAND)
    return HIT if code == H else STAND


def hand_code(c: Chart, total: int, soft: bool, up: int) -> str:
    """The chart's code for a total (no split considered)."""
    return (c.soft if soft else c.hard)[total][up]


def decide(cards: Sequence[str], up_card: str, options: Options) -> str:
    """The basic-strategy play: "hit", "stand", "double", "split" or "surrender"."""
    up = up_value(up_card)
    c = chart(options.dealer_hits_soft_17)
    pair = len(cards) == 2 and card_value(cards[0]) == card_value(cards[1])
    if options.can_split and pair and c.pairs[card_value(cards[0])][up]:
        return SPLIT
    hand = count(cards)
    return play_of(hand_code(c, hand.total, hand.soft, up), options.can_double,
                   options.can_surrender and len(cards) == 2)


# ---------------------------------------------------------------------------------------
# The chart as the rules panel prints it
# ---------------------------------------------------------------------------------------
def _up_label(up: int) -> str:
    return "A" if up == 11 else str(up)


def chart_rows(dealer_hits_soft_17: bool) -> dict[str, object]:
    """The chart as three grids of plain codes (hard, soft, pairs) with the dealer's up
    cards as columns, and the legend: what the rules panel renders."""
    c = chart(dealer_hits_soft_17)
    hard = [(f"{t}", [c.hard[t][u] for u in UPS]) for t in range(8, 18)]
    hard.insert(0, ("5-7", [c.hard[7][u] for u in UPS]))  # 5, 6 and 7 play alike
    hard.append(("18+", [c.hard[18][u] for u in UPS]))
    soft = [(f"A,{t - 11}", [c.soft[t][u] for u in UPS]) for t in range(13, 21)]
    pairs = []
    for v in PAIR_VALUES:
        label = "A,A" if v == 1 else ("T,T" if v == 10 else f"{v},{v}")
        row = []
        for u in UPS:
            if c.pairs[v][u]:
                row.append(P)
            elif v == 1:
                row.append(c.soft[12][u])
            else:
                row.append(c.hard[2 * v][u])
        pairs.append((label, row))
    return {
        "name": c.name,
        "ups": [_up_label(u) for u in UPS],
        "hard": hard,
        "soft": soft,
        "pairs": pairs,
        "legend": list(LEGEND),
    }


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
