"""Three Card Poker's player-dealer editions against the rulebooks' own figures, exactly:
the 6 Card Bonus's stated edge and hit frequency (001 s.461), Pair Plus with the Mini Royal,
and Ante/Play with no Ante Bonus and, at Lucky Chances, the Ante paid only when it beats a
player-dealer who does not qualify (D-272)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from webgame.analysis import three_card_poker
from webgame.analysis.edges import configuration
from webgame.engine.paytable import load_game, resolve

ROYAL, SF, TRIPS, STRAIGHT, FLUSH, PAIR, ALL = 4, 44, 52, 720, 1096, 3744, 22100


def rules(variant: str) -> dict:
    return resolve(load_game("three-card-poker").variants[variant], {})


def test_six_card_bonus_matches_the_rulebooks_figures() -> None:
    """001 s.461: "house advantage 6.74%", "hit frequency 7.2798%"."""
    result = three_card_poker.six_card_bonus(rules("6cb-lucky-derby"))
    assert round(float(result.house_edge), 4) == 0.0674
    assert round(float(result.hit_frequency), 6) == 0.072798
    richer = three_card_poker.six_card_bonus(rules("6cb-crystal-park"))  # straight 10, trips 7
    assert richer.house_edge != result.house_edge


def test_pair_plus_with_the_mini_royal() -> None:
    result = three_card_poker.pair_plus(rules("6cb-lucky-chances"))
    returned = ROYAL * 201 + SF * 41 + TRIPS * 31 + STRAIGHT * 7 + FLUSH * 4 + PAIR * 2
    assert result.house_edge == 1 - F(returned, ALL)


def test_no_ante_bonus_costs_exactly_what_the_bonus_paid() -> None:
    """Every hand the 1-4-5 Ante Bonus pays (a straight or better) is played anyway, so removing
    it adds exactly its value per Ante to the edge."""
    house = three_card_poker.ante_play(rules("chapter4"))
    banked = three_card_poker.ante_play(rules("6cb-lucky-derby"))
    assert banked.house_edge - house.house_edge == F(STRAIGHT * 1 + TRIPS * 4 + (SF + ROYAL) * 5, ALL)


def test_lucky_chances_pays_the_ante_only_over_the_player_dealer() -> None:
    """D-272 lowers what playing a weak hand is worth, but every hand worth playing (queen-six-
    four or better) beats any player-dealer below queen high, so the optimal edge is the same."""
    always = three_card_poker.ante_play_table(rules("6cb-lucky-derby"))
    if_higher = three_card_poker.ante_play_table(rules("lucky-chances"))
    lower = [a for a, b in zip(always, if_higher, strict=True) if b.play < a.play]
    assert lower and all(a.play <= -1 for a in lower)  # only hands nobody should play
    assert all(b.play == a.play for a, b in zip(always, if_higher, strict=True) if a.play > -1)
    assert three_card_poker.ante_play(rules("lucky-chances")).house_edge == \
        three_card_poker.ante_play(rules("6cb-lucky-derby")).house_edge


@pytest.mark.parametrize("variant", ["6cb-lucky-derby", "6cb-lucky-chances", "6cb-crystal-park", "lucky-chances"])
def test_every_wager_of_the_editions_has_a_figure(variant: str) -> None:
    _, resolved, wagers = configuration("three-card-poker", variant, {})
    offered = {"ante", *resolved["side_bets"]}
    assert {w.bet for w in wagers} == offered
    assert all(w.exact is not None for w in wagers)
