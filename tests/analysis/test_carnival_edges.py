"""Three Card Poker and Let It Ride against the published figures, by exact enumeration."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from webgame.analysis import let_it_ride, three_card_poker
from webgame.engine.paytable import load_game, resolve

# Three-card hands of one deck: straight flushes (4 of them A-K-Q), trips, straights,
# flushes, pairs; 22,100 in all.
SF, TRIPS, STRAIGHT, FLUSH, PAIR, ALL = 48, 52, 720, 1096, 3744, 22100


def rules(game: str, variant: str) -> dict:
    return resolve(load_game(game).variants[variant], {})


def test_pair_plus_40_30_6_4_1_and_40_30_6_3_1() -> None:
    full = three_card_poker.pair_plus(rules("three-card-poker", "chapter4"))
    assert full.house_edge == 1 - F(SF * 41 + TRIPS * 31 + STRAIGHT * 7 + FLUSH * 5 + PAIR * 2, ALL)
    assert round(float(full.house_edge), 4) == 0.0232  # the original Pair Plus table
    short = three_card_poker.pair_plus(rules("three-card-poker", "grand-ronde"))
    assert round(float(short.house_edge), 4) == 0.0728  # flush 3 to 1
    assert short.hit_frequency == F(SF + TRIPS + STRAIGHT + FLUSH + PAIR, ALL)


def test_ante_play_with_the_1_4_5_ante_bonus() -> None:
    result = three_card_poker.ante_play(rules("three-card-poker", "chapter4"))
    assert float(result.house_edge) == pytest.approx(0.0337, abs=0.00005)  # 3.37 % per Ante
    assert float(result.element_of_risk) == pytest.approx(0.0201, abs=0.00005)  # 2.01 % per total bet


def test_the_best_play_is_the_bots_queen_six_four() -> None:
    table = three_card_poker.ante_play_table(rules("three-card-poker", "grand-ronde"))
    assert sum(h.hands for h in table) == ALL
    assert all((h.play > -1) == h.bots_play for h in table)


def test_let_it_ride_standard_paytable() -> None:
    base, rides = let_it_ride.base_game(rules("let-it-ride", "chapter4"))
    assert round(float(base.house_edge), 4) == 0.0351  # 3.51 % per unit
    assert float(base.element_of_risk) == pytest.approx(0.0286, abs=0.00005)
    assert 0 < rides["bet-1"] < rides["bet-2"] < 1


def test_let_it_ride_three_card_bonus() -> None:
    r = rules("let-it-ride", "grand-ronde")
    wager = next(w for w in let_it_ride.wagers(load_game("let-it-ride").variants["grand-ronde"], r)
                 if w.bet == "lir-three-card-bonus")
    royal = 4  # A-K-Q suited
    expect = 1 - F(royal * 51 + (SF - royal) * 41 + TRIPS * 31 + STRAIGHT * 7 + FLUSH * 4 + PAIR * 2, ALL)
    assert wager.exact is not None and wager.exact().house_edge == expect
