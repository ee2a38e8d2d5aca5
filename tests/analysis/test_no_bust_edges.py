"""No Bust 21st Century Blackjack's and 21st Century Free Bet Blackjack's wagers in the analyzer:
every side bet and the main game exactly by counting, each figure the player's edge against the
player-dealer."""

from __future__ import annotations

import importlib
from fractions import Fraction as F

import pytest

from webgame.analysis import no_bust_21st_century_blackjack as nb
from webgame.analysis import pure_spanish_21_5 as ps
from webgame.analysis.edges import configuration
from webgame.engine.paytable import load_game, resolve

fb = importlib.import_module("webgame.analysis.21st_century_free_bet_blackjack")
GAME = "no-bust-21st-century-blackjack"
FREE_BET = "21st-century-free-bet-blackjack"
EDITIONS = ("4.0", "buster-4.0", "4.0a", "4.0a-perfect-pairs")


def rules(game: str, variant: str, **options) -> dict:
    return ps.posted(resolve(load_game(game).variants[variant], {"options": options} if options else None))


@pytest.mark.parametrize(("game", "variant"), [*((GAME, v) for v in EDITIONS), (FREE_BET, "crystal-park")])
def test_every_wager_has_a_figure(game, variant):
    _, resolved, wagers = configuration(game, variant, {})
    assert {w.bet for w in wagers} == {"main", *resolved["side_bets"]}
    assert all(w.exact is not None for w in wagers if w.bet != "main")
    main = next(w for w in wagers if w.bet == "main")
    assert "strategy" in main.assumptions and "player-dealer" in main.assumptions
    # Every edition's is counted (P-284, P-287; tests/analysis/test_21st_century_free_bet_exact.py,
    # test_no_bust_exact.py, test_no_bust_4_0a_exact.py), the engine's simulation its cross-check.
    assert not main.simulated and main.exact is not None and main.can_simulate


def test_perfect_pairs_counts_the_second_card_and_matches_the_published_six_deck_figure():
    """Six decks (312 cards): the second card is the first's twin 5 ways in 311, the same
    colour's other suit 6, the other colour 12; at 25/12/6 the house edge is 6.11% (Wizard of
    Odds, "Perfect Pairs", six decks, 25-12-6 table: 6.11%)."""
    r = rules(GAME, "4.0a-perfect-pairs")
    dist = nb.perfect_pairs_distribution(r)
    assert (dist["perfect-pair"], dist["coloured-pair"], dist["mixed-pair"]) == (F(5, 311), F(6, 311), F(12, 311))
    edge = nb.perfect_pairs_result(r).house_edge
    assert edge == 1 - F(5 * 26 + 6 * 13 + 12 * 7, 311)
    assert round(float(edge) * 100, 2) == 6.11


def test_the_two_crystal_park_buster_tables_differ_only_on_six_and_seven_cards():
    """D-123: 20 and 200 to 1 at 4.0a, 25 and 100 to 1 in the Perfect Pairs edition; a bust is 21
    or more on the 20½ scale, over a third of the P/D's hands."""
    plain, pairs = rules(GAME, "4.0a"), rules(GAME, "4.0a-perfect-pairs")
    dist = ps.buster_distribution(plain)
    assert dist == ps.buster_distribution(pairs) and sum(dist.values()) == 1
    assert 0.35 < float(1 - dist[None]) < 0.37
    gap = ps.buster_result(plain).house_edge - ps.buster_result(pairs).house_edge
    assert gap == dist["bust-6-cards"] * 5 - dist["bust-7-cards"] * 100


def test_buster_4_0_busts_only_over_22():
    """D-121: on 4.0's scale a 22 is no bust, so the P/D busts less often than at a 21 table."""
    dist = ps.buster_distribution(rules(GAME, "buster-4.0"))
    bust = float(1 - dist[None])
    assert sum(dist.values()) == 1 and 0.20 < bust < 0.22
    assert bust < float(1 - ps.buster_distribution(rules("pure-spanish-21-5", "lucky-chances-bgc"))[None])


def test_the_blackjack_bonus_bets_natural_is_an_ace_and_a_ten_at_no_bust_4_0():
    """D-140: six 52-card decks: an ace and a ten-value of one suit, either card first."""
    dist = ps.bonus_distribution(rules(GAME, "4.0"))
    assert sum(dist.values()) == 1
    assert dist["blackjack-suited"] == 2 * F(24, 312) * F(24, 311)
    assert dist["six-card-no-bust"] > 0


def test_push_22_is_the_pds_final_22():
    r = rules(FREE_BET, "crystal-park")
    totals = fb.dealer_totals(r)
    assert sum(totals.values()) == 1 and set(totals) == {0, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26}
    p = totals[22]
    assert fb.push_22_result(r).house_edge == 1 - 12 * p
    assert 0.07 < float(p) < 0.08


@pytest.mark.parametrize(("game", "variant"), [(GAME, "4.0"), (GAME, "4.0a"), (FREE_BET, "crystal-park")])
def test_the_main_game_simulation_plays_through_the_engine(game, variant):
    module = nb if game == GAME else fb
    tally = module.simulate(rules(game, variant), "main", 200, "7")
    assert tally.rounds == 200 and tally.sw > 0
