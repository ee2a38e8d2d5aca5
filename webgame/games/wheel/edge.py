"""Exact house edge of every wheel bet, by enumeration of the pockets or segments.

Each result is settled through the engine's own ``settle`` (the code that pays real
bets), so an odds report cannot drift from the table. The edge is per unit of wager:
``(stake - E[returned]) / stake``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...engine.protocol import Settlement, Stake
from .bigsix import BIG_SIX
from .common import WheelGame, WheelState
from .roulette import BACK_TO_BACK, ROULETTE


def expected_return(game: WheelGame, rules: Mapping[str, Any], spot: str, amount: int) -> Fraction:
    state = WheelState(rules=dict(rules))
    wheel = game.wheel(rules)
    total = sum(game.settle(state, spot, amount, result).returned for result in wheel)
    return Fraction(total, len(wheel))


def house_edge(game: WheelGame, rules: Mapping[str, Any], spot: str) -> Fraction:
    """The house edge of one main bet; the stake is $1, whose wins are whole cents."""
    amount = 100
    return (amount - expected_return(game, rules, spot, amount)) / amount


def roulette_edge(rules: Mapping[str, Any], spot: str) -> Fraction:
    return house_edge(ROULETTE, rules, spot)


def big_six_edge(rules: Mapping[str, Any], spot: str) -> Fraction:
    return house_edge(BIG_SIX, rules, spot)


def back_to_back_edge(rules: Mapping[str, Any], number: str = "17") -> Fraction:
    """The house edge of a Back-to-Back streak per $1 first staked, riding as D-376 says.

    Each spin is settled by the engine's own Back-to-Back settlement (with the table
    minimum on red as the main bet), following every chain of consecutive hits.
    """
    wheel = ROULETTE.wheel(rules)
    spot = f"{BACK_TO_BACK}:{number}"
    minimum = int(rules.get("table_minimum", 0)) or 100

    def net_from(hits: int) -> Fraction:
        """Expected net of the side bet from a spin with ``hits`` hits behind it to the end."""
        total = Fraction(0)
        for pocket in wheel:
            state = WheelState(rules=dict(rules), bets={0: {"red": minimum, spot: 100}},
                               streaks={0: hits} if hits else {})
            events = ROULETTE.settle_seat(state, 0, pocket)
            total += sum(e.returned - e.stake for e in events if isinstance(e, Settlement) and e.bet == spot)
            if any(isinstance(e, Stake) for e in events):  # it rides into the next spin
                total += net_from(state.streaks[0])
        return total / len(wheel)

    return -net_from(0) / 100
