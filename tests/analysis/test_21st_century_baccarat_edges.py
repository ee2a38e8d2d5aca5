"""21st Century Baccarat, every wager exactly by composition of the full shoe with the
Player's option played by the House Way (webgame/analysis/option_baccarat_math.py), against
published figures where the rules meet a published game. The player-dealer banks: a figure is
the player's edge against the bank."""

from __future__ import annotations

from fractions import Fraction

import pytest

from webgame.analysis.edges import configuration

GAME = "21st-century-baccarat"


def edges(variant: str, config: dict | None = None) -> dict[str, float]:
    _, _, wagers = configuration(GAME, variant, config or {})
    return {w.bet: float(w.exact().house_edge) * 100 for w in wagers}


@pytest.mark.parametrize("variant", ["5.0-lc", "8.3", "5.0-cp", "face-up"])
def test_every_wager_has_an_exact_figure_under_the_house_way(variant):
    _, resolved, wagers = configuration(GAME, variant, {})
    bets = {w.bet for w in wagers}
    assert "player" in bets and ("dealer" in bets) == (variant != "face-up")
    assert ("baccarat-tie" in bets) == ("baccarat-tie" in resolved["side_bets"])
    assert ("late-tie" in bets) == ("late-tie" in resolved["side_bets"])
    assert ("player-dragon-bonus" in bets) == ("dragon-bonus" in resolved["side_bets"])
    assert all(w.exact is not None for w in wagers)
    assert all("House Way" in w.assumptions for w in wagers if w.bet != "bonus-pair")


def test_8_3_under_the_house_way_is_punto_banco_with_the_dealer_line_at_19_to_20():
    """Under the House Way (hit on 5) 8.3's Player hand draws on 0-5 and its Dealer follows the
    banker chart: the tableau of punto banco, every tie a push. Wizard of Odds, "Baccarat"
    (wizardofodds.com/games/baccarat/), eight decks: Banker (5% commission, the same as 19 to
    20) 1.0579%, Player 1.2351%, Tie at 9 to 1 4.8440%; "Dragon Bonus" (wizardofodds.com/games/
    baccarat/side-bets/dragon-bonus/): Player 2.6517%, Banker 9.3731%."""
    e = edges("8.3")
    assert e["dealer"] == pytest.approx(1.0579, abs=5e-5)
    assert e["player"] == pytest.approx(1.2351, abs=5e-5)
    assert e["early-tie"] == pytest.approx(4.8440, abs=5e-5)
    assert e["player-dragon-bonus"] == pytest.approx(2.6517, abs=5e-5)
    assert e["dealer-dragon-bonus"] == pytest.approx(9.3731, abs=5e-5)


def test_bonus_pair_figures_by_hand_count():
    """Off eight decks the second card matches the first's rank and suit 7 times in 415, its
    rank and colour 8, its rank only 16. 8.3 (6/12/25): (7x25 + 8x12 + 16x6 - 384) / 415 =
    -17/415, a 4.0964% edge. 5.0's printed 10/20/40 (002 s.1851-1853) gives the bettor the edge:
    (7x40 + 8x20 + 16x10 - 384) / 415 = +216/415 against the player-dealer."""
    _, _, wagers = configuration(GAME, "8.3", {})
    pair = next(w for w in wagers if w.bet == "bonus-pair").exact()
    assert pair.house_edge == Fraction(17, 415)
    _, _, wagers = configuration(GAME, "5.0-lc", {})
    pair = next(w for w in wagers if w.bet == "bonus-pair").exact()
    assert pair.house_edge == Fraction(-216, 415)


def test_5_0_the_dealer_wins_ties_on_0_and_1_and_every_hand_draws_on_5():
    """5.0: the Dealer draws on 5 or less whatever the Player did, so its figures are its own;
    the 0/1 ties move both lines toward the Dealer against a 5.0 table where they pushed."""
    e = edges("5.0-lc")
    assert e["player"] == pytest.approx(1.1473, abs=5e-5)
    assert e["dealer"] == pytest.approx(1.1756, abs=5e-5)
    assert e["early-tie"] == pytest.approx(5.7050, abs=5e-5)   # returned against a Dealer two-card 9 (D-165)
    assert e["late-tie"] == pytest.approx(20.1858, abs=5e-5)   # per Late Tie where allowed (D-164)


def test_5_0_cp_posts_its_early_tie_rate():
    """D-163: at 9 to 1 the Crystal Park Early Tie is Lucky Chances' 5.0 figure; at 8 to 1 each
    tie pays one unit less: the edge grows by the tie's hit frequency."""
    lc, cp = edges("5.0-lc"), edges("5.0-cp")
    assert cp["early-tie"] == pytest.approx(lc["early-tie"], abs=1e-9)
    _, _, wagers = configuration(GAME, "5.0-cp", {"options": {"early_tie_pays": "8 to 1"}})
    tie = next(w for w in wagers if w.bet == "early-tie").exact()
    assert float(tie.house_edge) * 100 == pytest.approx(lc["early-tie"] + float(tie.hit_frequency) * 100, abs=1e-9)


def test_face_up_figures():
    """Face Up under the House Way (hit on 5, stand on 6): both hands draw by the same rule, so
    winning and losing are even and the Player's edge is the chance of a 0 or 1 tie, which no
    natural can reach: the same 1.1473 % as 5.0 with its naturals. The Tie Hands at 8 to 1,
    counted where it may be bet (not 5-9 against the same up card, D-173)."""
    e = edges("face-up")
    assert e["player"] == pytest.approx(edges("5.0-lc")["player"], abs=1e-12)
    assert e["baccarat-tie"] == pytest.approx(5.5224, abs=5e-5)
