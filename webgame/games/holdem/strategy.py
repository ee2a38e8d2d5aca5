"""Simple house strategies for the hold'em bots (P-005): sound, not optimal, never a bonus bet."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...engine.cards import RANKS

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


def uth(hole: Sequence[str], board: Sequence[str], multiples: Sequence[int]) -> int:
    if not board:
        return max(multiples) if strong_start(hole) else 0
    if len(board) == 3:
        return multiples[0] if hidden_pair_or_better(hole, board) or hidden_flush_draw(hole, board) else 0
    return multiples[0] if hidden_pair_or_better(hole, board) or max(_ranks(hole)) == ACE else 0


def jackpot(hole: Sequence[str], board: Sequence[str], multiples: Sequence[int]) -> int:
    if len(board) <= 1:
        h = _ranks(hole)
        good = h[0] == h[1] or ACE in h or min(h) >= TEN or bool(board and _ranks(board)[0] in h)
        return multiples[0] if good else 0
    return uth(hole, board, multiples)
