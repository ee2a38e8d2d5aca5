"""Casino War and Red Dog against the published figures and independent counts."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from webgame.analysis import casino_war, red_dog
from webgame.analysis.edges import configuration


def rules(game: str, decks: int = 6) -> dict:
    return configuration(game, "chapter4", {"options": {"decks": decks}})[1]


def test_casino_war_six_decks() -> None:
    tie = F(13 * 24 * 23, 312 * 311)
    assert casino_war.tie_wager(rules("casino-war")).house_edge == 1 - 11 * tie  # Tie at 10 to 1: 18.65 %
    # On a tie the war cards come from the 310 cards left; a tie at war pays the raise and
    # one more wager (004 s.1555), a win pays the raise and pushes the wager.
    war_tie = F(12 * 24 * 23 + 22 * 21, 310 * 309)
    war = (1 - war_tie) / 2 * 1 + war_tie * 2 - (1 - war_tie) / 2 * 2
    assert casino_war.main_wager(rules("casino-war")).house_edge == -tie * war  # 2.33 %
    assert round(float(-tie * war), 4) == 0.0233


@pytest.mark.parametrize("decks,published", [(1, 0.03155), (6, 0.0280), (8, 0.0275)])
def test_red_dog_with_the_raise_on_seven_or_more(decks: int, published: float) -> None:
    result = red_dog.outcomes(rules("red-dog", decks))
    assert float(result.house_edge) == pytest.approx(published, abs=0.00005)
