"""Mississippi Stud: the Ante and the three street wagers, by simulation through the engine.

Every position is a house bot of :mod:`webgame.games.carnival.mississippi`; the published
edge of optimal play is ≈4.9 % per Ante.

"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from ..games.carnival import MISSISSIPPI_STUD
from . import poker_tables
from .core import Progress, Tally, Wager

GAME = "mississippi-stud"
MAIN = "ante"
PAYTABLE = "mississippi-stud"  # rules["paytable"]
DEFAULT_ROUNDS = 12_000  # about 15 s on two cores
STRATEGY = ("the house strategy of webgame.games.carnival.mississippi (street wagers of 3x, 1x or fold "
            "by the bot's rule for the cards seen)")


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    if bet != MAIN:
        raise ValueError(f"no simulation for {bet}")
    return poker_tables.simulate(MISSISSIPPI_STUD, rules, {}, None, rounds, seed, progress)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    return [Wager(
        bet=MAIN, label="Ante and street wagers (house strategy)", paytable=poker_tables.lines(rules, str(rules.get("paytable", PAYTABLE))),
        assumptions=poker_tables.main_assumptions(STRATEGY, rules), simulated=True,
        sim_key=poker_tables.settings(rules), default_rounds=DEFAULT_ROUNDS,
    )]
