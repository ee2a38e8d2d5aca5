"""Pai Gow tiles' one wager exactly over every deal of two hands from the 32 tiles
(webgame/analysis/pai_gow_tiles.py), both sides on the House Way of D-263. No published figure
exists for this House Way (the rulebook prints none); the figure is checked by brute force over
the actual tiles for single hands, and against random deals of the tiles themselves."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb, prod

from webgame.analysis import pai_gow_tiles
from webgame.analysis.edges import configuration
from webgame.games.paigow.tiles import TileHouseWay, house_way, tile_set, versus

GAME, VARIANT = "pai-gow-tiles", "lucky-chances"
WIN, PUSH, LOSE, DEALS = 245570108, 237761688, 252949204, 736281000
WAY = TileHouseWay("D-263", 7)


def test_the_bank_edge_under_the_house_way_on_both_sides():
    _, _, wagers = configuration(GAME, VARIANT, {})
    (wager,) = wagers
    assert wager.bet == "main" and "D-263" in wager.assumptions and "736,281,000" in wager.assumptions
    result = wager.exact()
    assert pai_gow_tiles._tally(7) == (WIN, PUSH, LOSE, DEALS)
    assert result.hit_frequency == Fraction(WIN, DEALS)
    assert result.house_edge == Fraction(LOSE - WIN, DEALS)  # even money (D-264): copies are the bank's edge
    assert round(float(result.house_edge) * 100, 3) == 1.002
    assert result.element_of_risk == Fraction(LOSE - WIN, WIN + LOSE)


def brute(four: tuple[str, ...]) -> tuple[int, int, int]:
    """One hand against every bank hand of the actual 28 tiles left, tile by tile."""
    mine = house_way(four, WAY).setting
    left = [c for c in tile_set().codes if c not in four]
    out = {"win": 0, "push": 0, "lose": 0}
    for bank in combinations(left, 4):
        out[versus(mine, house_way(bank, WAY).setting).result] += 1
    return out["win"], out["push"], out["lose"]


def test_single_hands_match_a_brute_force_count_over_the_tiles():
    hands = pai_gow_tiles._table(7)[0]
    # Two Teens with Gor and Bon; Teen, Day, a 9 and a Gee Joon; four different low tiles.
    for i in (hands.index(("66a", "66b", "13a", "22a")), hands.index(("66a", "11a", "45", "12")),
              hands.index(("16a", "15a", "34", "23"))):
        kinds = Counter(tile_set()[c].kind for c in hands[i])
        draws = prod(comb(2, n) for n in kinds.values())  # the same hand from other tiles of its kinds
        assert pai_gow_tiles.against_every_bank(7, i) == tuple(draws * n for n in brute(hands[i])), hands[i]


def test_random_deals_of_the_tiles_agree():
    """20,000 random deals of the 32 tiles: the win and loss rates are within four standard
    errors of the exact figures."""
    rng = random.Random("pai-gow-tiles-check")
    codes = tile_set().codes
    n, wins, losses = 20000, 0, 0
    for _ in range(n):
        rng.shuffle(codes)
        result = versus(house_way(codes[:4], WAY).setting, house_way(codes[4:8], WAY).setting).result
        wins += result == "win"
        losses += result == "lose"
    for seen, exact in ((wins, WIN / DEALS), (losses, LOSE / DEALS)):
        sigma = (exact * (1 - exact) / n) ** 0.5
        assert abs(seen / n - exact) < 4 * sigma, (seen / n, exact)
