"""Pai Gow tiles (seed 002 §11): the one wager, a position's four tiles against the player-
dealer's, exactly by enumerating every deal of the two hands from the 32 tiles.

The strategy is named: both the position and the bank set their tiles by the House Way of
D-263 (the rulebook prints none; the engine's own :func:`~webgame.games.paigow.tiles.house_way`).
The two tiles of a kind are interchangeable for every rule (the Chop tiles of one value, and
the two Gee Joon tiles, rank, count and pair alike, D-257 to D-260), so a hand is a multiset of
kinds: 3,620 of them, each weighted by the ways its tiles can be drawn, and each pair of hands
by the ways the bank's can be drawn from the 28 tiles left (C(32,4) x C(28,4) = 736,281,000
deals in all). Other positions' tiles are unseen to this pair and change nothing (the tiles
are exchangeable).

The figure is the position's edge against the bank: the bank wins every copy (rules 3, 59,
60), which is its whole advantage when both sides set alike. The collection fee is posted apart
and is not in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial
from itertools import combinations_with_replacement
from math import comb
from typing import Any

import numpy as np

from ..engine.paytable import Variant
from ..games.paigow.tiles import TileHouseWay, house_way, tile_set
from .core import Result, Wager

GAME = "pai-gow-tiles"
BET = "main"


def _net(rules: Mapping[str, Any]) -> Fraction:
    from ..engine.money import Odds

    return Odds.parse(str(rules["paytables"]["pai-gow-tiles"]["lines"]["win"])).net


@cache
def _table(high_at_least: int) -> tuple[list[tuple[str, ...]], Any, Any, Any]:
    """Every hand as a multiset of kinds (one set of its tiles' codes), the count of each kind
    in it, and the rank of its House Way high and low hands among all two-tile hands."""
    ts = tile_set()
    kinds: dict[str, list[str]] = {}
    for code, t in ts.tiles.items():
        kinds.setdefault(t.kind, []).append(code)
    names = list(kinds)
    way = TileHouseWay("D-263", high_at_least)
    shapes = [c for c in combinations_with_replacement(range(len(names)), 4) if max(c.count(k) for k in c) <= 2]
    counts = np.zeros((len(shapes), len(names)), dtype=np.int64)
    hands: list[tuple[str, ...]] = []
    settings = []
    for i, h in enumerate(shapes):
        codes: list[str] = []
        for k in sorted(set(h)):
            counts[i, k] = h.count(k)
            codes += kinds[names[k]][:h.count(k)]
        hands.append(tuple(codes))
        settings.append(house_way(codes, way).setting)
    order = {key: n for n, key in enumerate(sorted({s.high.key for s in settings} | {s.low.key for s in settings}))}
    high = np.array([order[s.high.key] for s in settings])
    low = np.array([order[s.low.key] for s in settings])
    return hands, counts, high, low


# WAYS[left][taken]: the ways to draw ``taken`` tiles of a kind with ``left`` of them still in play
WAYS = np.array([[comb(left, taken) for taken in range(3)] for left in range(3)], dtype=np.int64)


def against_every_bank(high_at_least: int, i: int) -> tuple[int, int, int]:
    """One hand's deals won, pushed and lost against every bank hand of the 28 tiles left,
    counted in deals of the actual tiles (the hand's own draws included)."""
    _, counts, high, low = _table(high_at_least)
    own = int(np.prod(WAYS[2][counts[i]]))
    bank = np.prod(WAYS[2 - counts[i]][np.arange(counts.shape[1]), counts], axis=1) * own
    up_high, up_low = high[i] > high, low[i] > low  # equal is a copy: the bank's
    return (int(bank[up_high & up_low].sum()), int(bank[up_high ^ up_low].sum()),
            int(bank[~up_high & ~up_low].sum()))


@cache
def _tally(high_at_least: int) -> tuple[int, int, int, int]:
    """Deals the position wins, pushes and loses, and all deals, both sides on the House Way."""
    hands = _table(high_at_least)[0]
    win = push = lose = 0
    for i in range(len(hands)):
        w, p, lo = against_every_bank(high_at_least, i)
        win, push, lose = win + w, push + p, lose + lo
    return win, push, lose, comb(32, 4) * comb(28, 4)


def house_way_both(rules: Mapping[str, Any]) -> Result:
    """The position and the bank both set by the House Way (D-263)."""
    win, push, lose, total = _tally(int(rules["house_way_high_at_least"]))
    assert win + push + lose == total
    p_win, p_push, p_lose = Fraction(win, total), Fraction(push, total), Fraction(lose, total)
    ev = p_win * _net(rules) - p_lose
    return Result(house_edge=-ev, hit_frequency=p_win, element_of_risk=-ev / (1 - p_push))


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    least = int(rules["house_way_high_at_least"])
    how = ("Exact over every deal of the position's four tiles and the bank's four from the 32 "
           f"(736,281,000 deals). Strategy: both sides set by the House Way of DECISIONS D-263 (the strongest low "
           f"hand whose high hand holds {least} or more; else the strongest high hand), the rulebook printing none. "
           "Both halves must win; one pushes; copies go to the bank. The edge is the position's against the bank; "
           "element of risk excludes pushes. The collection fee is apart.")
    return [Wager(bet=BET, label="Against the bank", paytable={"win": str(rules["paytables"]["pai-gow-tiles"]["lines"]["win"])},
                  assumptions=how, exact=partial(house_way_both, rules), slow=True)]
