"""Pure Spanish 21.5's wagers in the analyzer: every side bet and the main game exactly by
counting (the main game's count is checked in test_pure_spanish_21_5_exact.py), each figure the
player's edge against the player-dealer."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from webgame.analysis import pure_spanish_21_5 as ps
from webgame.analysis import spanish_21
from webgame.analysis.edges import configuration
from webgame.engine.paytable import load_game, resolve

GAME = "pure-spanish-21-5"
EDITIONS = ("lucky-derby", "lucky-chances-2009", "lucky-chances-bgc", "crystal-park")


def rules(variant: str, **options) -> dict:
    return ps.posted(resolve(load_game(GAME).variants[variant], {"options": options} if options else None))


@pytest.mark.parametrize("variant", EDITIONS)
def test_every_wager_has_a_figure(variant):
    _, resolved, wagers = configuration(GAME, variant, {})
    assert {w.bet for w in wagers} == {"main", *resolved["side_bets"]}
    assert all(w.exact is not None for w in wagers if w.bet != "main")
    main = next(w for w in wagers if w.bet == "main")
    assert main.exact is not None and main.can_simulate and not main.simulated
    assert "basic strategy" in main.assumptions and "player-dealer" in main.assumptions


def test_match_the_dealer_at_lucky_derby_is_spanish_21s_table_c():
    """Six 48-card decks and the 18/13/9/8/4 table: the same bet as Spanish 21's (000 §23),
    3.06% (Wizard of Odds, "Spanish 21", Match the Dealer, six decks: 3.06%)."""
    derby = ps.match_result(rules("lucky-derby"))
    spanish = spanish_21.match_the_dealer(resolve(load_game("spanish-21").variants["grand-ronde"]))
    assert derby.house_edge == spanish.house_edge
    assert round(float(derby.house_edge) * 100, 2) == 3.06


def test_match_the_dealer_pays_less_on_other_deck_counts_and_at_crystal_park():
    """D-096: off six decks the Lucky Derby table is the 003 table (16/12/8/8/4), Crystal Park's
    always; a thinner table is a bigger edge."""
    six, four = ps.match_result(rules("lucky-derby")), ps.match_result(rules("lucky-derby", decks=4))
    crystal = ps.match_result(rules("crystal-park"))
    assert crystal.house_edge > six.house_edge
    assert four.house_edge == ps.match_result(rules("crystal-park", decks=4)).house_edge


def test_buster_blackjack_by_the_pds_cards():
    """The P/D's hand off six 52-card decks: every outcome counted once; the bust chance is
    the H17 dealer's less its naturals (28.6%), and the bet's edge follows from the table."""
    r = rules("lucky-chances-bgc")
    dist = ps.buster_distribution(r)
    assert sum(dist.values()) == 1
    assert set(dist) == {None, "bust-3-cards", "bust-4-cards", "bust-5-cards", "bust-6-cards", "bust-7-cards",
                         "bust-8-or-more-cards"}
    assert 0.28 < float(1 - dist[None]) < 0.29
    pays = {"bust-3-cards": 2, "bust-4-cards": 2, "bust-5-cards": 4, "bust-6-cards": 18, "bust-7-cards": 50,
            "bust-8-or-more-cards": 200}
    ev = sum((p * pays[k] for k, p in dist.items() if k), F(0)) - dist[None]
    assert ps.buster_result(r).house_edge == -ev
    assert round(float(-ev) * 100, 2) == 4.69


def test_the_blackjack_bonus_bets_two_card_lines_are_counted_exactly():
    """Six 48-card decks (288 cards): an ace and a Bonus K/Q/J of one suit is 2 x 24/288 x 18/287
    (the ace first or second); the same colour's other suit as many; the two-card 20 of unlike
    Bonus cards 3 x 2 x 24/288 x 24/287: the counts by hand."""
    dist = ps.bonus_distribution(rules("lucky-derby"))
    assert sum(dist.values()) == 1
    suited = 2 * F(24, 288) * F(18, 287)
    assert dist["blackjack-suited"] == suited
    assert dist["blackjack-same-colour"] == suited  # the other suit of the same colour
    assert dist["blackjack-unsuited"] == 2 * suited
    # A pair stays a pair unless its drawn cards make a higher line: 7-7 drawing a 7, or small
    # pairs reaching six cards; never more pairs than the first two cards deal.
    pair = 12 * F(24, 288) * F(23, 287)  # twelve ranks, 24 cards each
    assert pair - F(1, 100) < dist["any-pair"] < pair
    two_card_20 = 3 * 2 * F(24, 288) * F(24, 287)  # K-Q, K-J, Q-J, either order
    assert dist["two-card-20"] == two_card_20
    assert 0.10 < float(ps.bonus_result(rules("lucky-derby")).house_edge) < 0.15
