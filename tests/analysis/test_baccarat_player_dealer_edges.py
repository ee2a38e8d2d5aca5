"""The player-dealer baccarat editions, every wager exactly by composition of the full
eight-deck shoe (webgame/analysis/baccarat_math.py), against published figures where they
exist. The player-dealer banks: a figure is the player's edge against the bank."""

from __future__ import annotations

import pytest

from webgame.analysis.edges import configuration

EDITIONS = [("ez-baccarat", "lucky-derby"), ("ez-baccarat", "lucky-chances"), ("ez-baccarat", "crystal-park"),
            ("fortune-7-baccarat", "crystal-park"), ("california-baccarat", "crystal-park"),
            ("dragon-dai-bacc", "crystal-park"), ("ruyi-baccarat", "crystal-park")]


def edges(game: str, variant: str) -> dict[str, float]:
    _, _, wagers = configuration(game, variant, {})
    return {w.bet: float(w.exact().house_edge) * 100 for w in wagers}


@pytest.mark.parametrize(("game", "variant"), EDITIONS, ids=[f"{g}@{v}" for g, v in EDITIONS])
def test_every_wager_of_the_edition_has_an_exact_figure(game, variant):
    _, resolved, wagers = configuration(game, variant, {})
    assert {w.bet for w in wagers} == {"player", "banker", *resolved["side_bets"]}
    assert all(w.exact is not None for w in wagers)


def test_ez_baccarat_at_the_player_dealer_tables():
    """Wizard of Odds, "Baccarat" and "EZ Baccarat" (wizardofodds.com/games/baccarat/), eight
    decks: Player 1.2351%, Tie at 8 to 1 14.3596%, at 9 to 1 4.8440%; Dragon 7 7.6113%, Panda 8
    10.1876%. With no three-card-7 push (D-146) the Banker line pays 1 to 1 on every win, so it
    is the Player's figure turned round: the bettor has the edge over the player-dealer."""
    derby = edges("ez-baccarat", "lucky-derby")
    assert derby["player"] == pytest.approx(1.2351, abs=5e-5)
    assert derby["banker"] == pytest.approx(-1.2351, abs=5e-5)
    assert derby["baccarat-tie"] == pytest.approx(14.3596, abs=5e-5)
    assert derby["dragon-7"] == pytest.approx(7.6113, abs=5e-5)
    assert derby["panda-8"] == pytest.approx(10.1876, abs=5e-5)
    chances = edges("ez-baccarat", "lucky-chances")
    assert chances["baccarat-tie"] == pytest.approx(4.8440, abs=5e-5)  # 9 to 1 (D-147)
    assert edges("ez-baccarat", "crystal-park") == pytest.approx(derby)


def test_the_three_card_7_and_8_bets_share_their_figures():
    """Fortune 7, Dragon King, Tiger 7 and Gold 7 are Dragon 7 (40 to 1, 7.6113%); China Bear,
    Ox 8 and Jade 8 are Panda 8 (25 to 1, 10.1876%): two graders, one figure each. The Banker
    with its three-card-7 push is EZ Baccarat's 1.0183% (Wizard of Odds)."""
    f7, ca = edges("fortune-7-baccarat", "crystal-park"), edges("california-baccarat", "crystal-park")
    dd, ru = edges("dragon-dai-bacc", "crystal-park"), edges("ruyi-baccarat", "crystal-park")
    for seven in (f7["fortune-7-bonus"], ca["dragon-king"], dd["tiger-7"], ru["gold-7"]):
        assert seven == pytest.approx(7.6113, abs=5e-5)
    for eight in (ca["china-bear"], dd["ox-8"], ru["jade-8"]):
        assert eight == pytest.approx(10.1876, abs=5e-5)
    for table in (f7, ca, dd, ru):
        assert table["banker"] == pytest.approx(1.0183, abs=5e-5)
        assert table["player"] == pytest.approx(1.2351, abs=5e-5)
        if "baccarat-tie" in table:
            assert table["baccarat-tie"] == pytest.approx(14.3596, abs=5e-5)


def test_the_bets_with_no_published_figure():
    """No published figure for seed 003's One Up, Kill the Ox/Tiger and Ruby 9 tables: these are
    this enumeration's, pinned so a change to a grader or a line shows. Ruby 9 pays as Divine 9
    (75 and 10 to 1, D-192) and has its figure."""
    assert edges("fortune-7-baccarat", "crystal-park")["one-up"] == pytest.approx(8.8071, abs=5e-5)
    assert edges("dragon-dai-bacc", "crystal-park")["kill-the-ox-tiger"] == pytest.approx(61.9725, abs=5e-5)
    assert edges("ruyi-baccarat", "crystal-park")["ruby-9"] == pytest.approx(9.3105, abs=5e-5)
