"""The UTH Bad Beat Bonus, exactly: every board, every player hand, every dealer hand.

The bet pays by the beaten hand when three of a kind or better loses the showdown, whoever
held it, and loses on identical hands (001 s.1850-1868, 002 s.6098-6102; D-303). It looks at
the player's and the dealer's best five on the same board, so no seven-card histogram will
do: the count is :mod:`.holdem_exact`'s, one board at a time. The bet looks at no decision,
so only the five board cards matter, in no order: each board is taken once per class of suit
permutations (134,459 classes of the 2,598,960 boards), weighted by the size of its class; for
each player hand of the 47 unseen cards, the dealer hands of every category below the
player's value and above it are counted by inclusion-exclusion (``holdem_exact.places``),
never enumerated.

A fold loses the bet (D-303). It pays only when the player holds three of a kind or better
or beats such a hand, so the figure is for a player who does not fold those hands (P-051).
The P/D takes the house's side of it; the figure is the house edge per Bad Beat wagered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np

from ..engine.hands import batch
from ..engine.money import Odds
from . import holdem_exact
from .core import Progress, Result, Wager

I64 = holdem_exact.I64


def category_starts() -> list[tuple[str, int, int]]:
    """Each hand category with its first value and the value past its last, in value order."""
    values = np.arange(1, holdem_exact._value_count(), dtype=np.int64)
    codes = batch.high_categories(values)
    out = []
    for code in sorted({int(c) for c in codes}, key=lambda c: int(values[codes == c].min())):
        held = values[codes == code]
        out.append((batch.BATCH_CATEGORIES[code], int(held.min()), int(held.max()) + 1))
    return out


def beaten_lines(paytable: Mapping[str, Any]) -> list[tuple[str, int, int]]:
    """The paytable's lines as value ranges of the beaten hand (a royal cannot be beaten)."""
    lines = paytable["lines"]
    return [(name, lo, hi) for name, lo, hi in category_starts() if name in lines]


def count_boards(boards: I64, unseen: I64, lines: Sequence[tuple[str, int, int]]) -> dict[str, int]:
    """Over a batch of boards (B × 5, ``unseen`` B × 47 sorted), every player hand against every
    dealer hand: how many duels end in a bad beat of each line."""
    return {name: int(n.sum()) for name, n in per_board(boards, unseen, lines).items()}


def per_board(boards: I64, unseen: I64, lines: Sequence[tuple[str, int, int]]) -> dict[str, I64]:
    """As :func:`count_boards`, one count per board (B)."""
    p = holdem_exact.places(boards, unseen)
    losses = holdem_exact.DEALER_HANDS - p.below(p.hi)  # dealer hands above the player's value
    # dealer hands below each category boundary and below the player (lines share boundaries)
    under = {v: p.below(np.minimum(p.lo, p.place_of(v))) for v in sorted({v for _, lo, hi in lines for v in (lo, hi)})}
    out = {}
    for name, lo, hi in lines:
        mine = (p.values >= lo) & (p.values < hi)
        # the player's hand of this line beaten, or a dealer hand of this line beaten by the player
        out[name] = np.where(mine, losses, 0).sum(axis=1) + (under[hi] - under[lo]).sum(axis=1)
    return out


def board_classes() -> tuple[I64, I64]:
    """One board of every class of the 2,598,960 five-card boards under suit permutations
    (sorted card ids, B × 5), and how many boards each stands for."""
    boards = batch.combinations_array(52, 5).astype(np.int64)
    best = np.full(boards.shape[0], np.iinfo(np.int64).max, dtype=np.int64)
    weights = 52 ** np.arange(4, -1, -1, dtype=np.int64)
    for perm in holdem_exact.suit_permutations():
        suits = np.array(perm, dtype=np.int64)
        mapped = np.sort((boards & ~3) | suits[boards & 3], axis=1)
        np.minimum(best, mapped @ weights, out=best)
    codes, counts = np.unique(best, return_counts=True)
    reps = (codes[:, None] // weights[None, :]) % 52
    return reps.astype(np.int64), counts.astype(np.int64)


def count(paytable: Mapping[str, Any], progress: Progress | None = None,
          boards: tuple[I64, I64] | None = None) -> tuple[dict[str, int], int]:
    """Bad beats of each line, and every (board, player hand, dealer hand) counted. ``boards``
    (representatives, weights) restricts the boards (tests only)."""
    lines = beaten_lines(paytable)
    reps, weights = boards if boards is not None else board_classes()
    totals = dict.fromkeys((name for name, _, _ in lines), 0)
    step = holdem_exact.BOARDS_AT_ONCE * 20
    for start in range(0, reps.shape[0], holdem_exact.BOARDS_AT_ONCE):
        part = reps[start:start + holdem_exact.BOARDS_AT_ONCE]
        unseen = np.array([[c for c in range(52) if c not in set(b.tolist())] for b in part], dtype=np.int64)
        w = weights[start:start + holdem_exact.BOARDS_AT_ONCE]
        for name, n in per_board(part, unseen, lines).items():
            totals[name] += int((w * n).sum())
        if progress is not None and (start // holdem_exact.BOARDS_AT_ONCE) % 20 == 0:
            progress(min(start + step, reps.shape[0]), reps.shape[0])
    duels = int(weights.sum()) * len(holdem_exact.LOCAL) * holdem_exact.DEALER_HANDS
    if progress is not None:
        progress(reps.shape[0], reps.shape[0])
    return totals, duels


def edge(paytable: Mapping[str, Any], beats: Mapping[str, int], duels: int) -> Result:
    """The house edge per unit from the counts: each bad beat wins its line, the rest lose."""
    hits = sum(beats.values())
    won = sum((n * Odds.parse(str(paytable["lines"][name])).net for name, n in beats.items()), Fraction(0))
    ev = (won - (duels - hits)) / duels
    return Result(house_edge=-ev, hit_frequency=Fraction(hits, duels), element_of_risk=-ev)


def result(paytable: Mapping[str, Any], progress: Progress | None = None) -> Result:
    beats, duels = count(paytable, progress)
    return edge(paytable, beats, duels)


def settings(paytable: Mapping[str, Any]) -> dict[str, Any]:
    """What the figure depends on (its cache key): the lines and what they pay."""
    return {"bad_beat": dict(paytable["lines"])}


ASSUMPTIONS = ("Exact: every board, every player hand and every dealer hand of a fresh deck (boards by suit "
               "class), the beaten hand graded as the table grades it; identical hands lose. A fold loses "
               "it and it pays only where three of a kind or better is in the duel, so the figure is for a "
               "player who does not fold such a hand. House edge per Bad Beat wagered. Takes minutes, so "
               "the figure is kept in the repository cache with the command that counts it.")


def wager(rules: Mapping[str, Any], paytable: str, bet: str, label: str) -> Wager:
    table = rules["paytables"][paytable]
    return Wager(
        bet=bet, label=label, paytable={k: str(v) for k, v in table["lines"].items()},
        assumptions=ASSUMPTIONS, exact=partial(result, table), cached=True, slow=True,
        sim_key=settings(table), can_simulate=True,
    )
