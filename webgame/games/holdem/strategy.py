"""House strategies for the hold'em bots (P-005): sound, near-optimal, never a bonus bet.

Before the flop and on the flop the bots follow the well-known card rules (below); at the
river they count: the Play is made when it is worth more than the fold, over every hand
the dealer can hold from the cards the bot cannot see. The odds analyzer counts the
optimal strategy exactly (``webgame.analysis.holdem_exact``); these rules come close.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from ...engine.cards import RANKS
from ...engine.hands import rank_high
from ...engine.hands.ids import card_ids

ACE, KING, QUEEN, JACK, TEN = (RANKS.index(r) for r in "AKQJT")


def _ranks(cards: Sequence[str]) -> list[int]:
    return [RANKS.index(c[0]) for c in cards]


def strong_start(hole: Sequence[str]) -> bool:
    """The usual UTH pre-flop 4x list: any pair but deuces, any ace, K-x suited or K-5+,
    Q-6+ suited or Q-8+, J-8+ suited or J-T+."""
    hi, lo = sorted(_ranks(hole), reverse=True)
    suited = hole[0][1] == hole[1][1]
    if hi == lo:
        return hi > 0
    if hi == ACE:
        return True
    need = {KING: (0, 3), QUEEN: (4, 6), JACK: (6, 8)}.get(hi)
    return need is not None and lo >= (need[0] if suited else need[1])


def hidden_pair_or_better(hole: Sequence[str], board: Sequence[str]) -> bool:
    """A pair or better that uses a hole card (pocket deuces do not count)."""
    h = _ranks(hole)
    b = Counter(_ranks(board))
    if h[0] == h[1] and h[0] > 0:
        return True
    return any(b[r] for r in h)


def hidden_flush_draw(hole: Sequence[str], board: Sequence[str]) -> bool:
    """Four or more to a flush with a hole card of ten or higher in that suit."""
    suits = Counter(c[1] for c in list(hole) + list(board))
    return any(n >= 4 and any(c[1] == s and RANKS.index(c[0]) >= TEN for c in hole) for s, n in suits.items())


def river_play_pays(hole: Sequence[str], board: Sequence[str]) -> bool:
    """Whether a 1x Play at the river is worth more than folding (-2: the Ante and the
    matched wager), counted over the dealer's 990 possible hands. Each beaten dealer wins
    the Play, the Ante if the dealer has a pair, the matched wager's bonus is left out
    (it pays on straights and better, which play anyway); each loss costs the Play, the
    matched wager and the Ante if the dealer has a pair; a tie pushes."""
    mine = card_ids(list(hole) + list(board))
    me = rank_high(mine)
    unseen = [c for c in range(52) if c not in mine]
    table = card_ids(list(board))
    pair = _LOWEST_PAIR
    total = 0
    for d in combinations(unseen, 2):
        dealer = rank_high([*d, *table])
        if me > dealer:
            total += 1 + (dealer >= pair)
        elif me < dealer:
            total -= 2 + (dealer >= pair)
    return total > -2 * 990


def _lowest_pair() -> int:
    """The lowest hand value with a pair: 2-2-5-4-3 is the worst pair hand."""
    return rank_high(card_ids("2c 2d 5h 4s 3c"))


_LOWEST_PAIR = _lowest_pair()


def uth(hole: Sequence[str], board: Sequence[str], multiples: Sequence[int]) -> int:
    if not board:
        return max(multiples) if strong_start(hole) else 0
    if len(board) == 3:
        return multiples[0] if hidden_pair_or_better(hole, board) or hidden_flush_draw(hole, board) else 0
    return multiples[0] if river_play_pays(hole, board) else 0


def jackpot(hole: Sequence[str], board: Sequence[str], multiples: Sequence[int]) -> int:
    if len(board) <= 1:
        h = _ranks(hole)
        good = h[0] == h[1] or ACE in h or min(h) >= TEN or bool(board and _ranks(board)[0] in h)
        return multiples[0] if good else 0
    return uth(hole, board, multiples)
