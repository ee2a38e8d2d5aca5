"""Whole Jackpot Hold'em rounds at random and by the house's bots: money conserved, every
wager settled once, JSON round trips, and no view shows a hidden card before the showdown."""

from __future__ import annotations

import pytest

from webgame.engine.state import round_trips
from webgame.games.holdem import JACKPOT

from .test_ultimate_holdem import check_money
from .test_ultimate_play import bots_play, random_round


@pytest.mark.parametrize("seed", range(3))
def test_random_rounds_thorough(seed: int) -> None:
    for n in range(10):
        state, events, _ = random_round(JACKPOT, 300 * seed + n)
        check_money(events, JACKPOT.is_over(state), state.settled)


def test_three_hundred_rounds_conserve_money() -> None:
    for n in range(300):
        state, events, _ = random_round(JACKPOT, 20_000 + n, thorough=False,
                                        options={"bet_step": [25, 100, 500][n % 3]})
        check_money(events, JACKPOT.is_over(state), state.settled)
        assert round_trips(state)


def test_bots_play_whole_rounds() -> None:
    bots_play(JACKPOT, 40)
