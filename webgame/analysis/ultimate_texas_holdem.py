"""Ultimate Texas Hold'em: the Ante/Blind/Play game and Trips, by simulation through the engine.

Every position is a house bot of :mod:`webgame.games.holdem.strategy` (``uth``: 4x with the
usual pre-flop list, 2x on the flop with a hidden pair or a hidden flush draw to a ten or
better, 1x on the river with a hidden pair or an ace in the hole). That is sound, not
optimal play, so the figure sits a little above the published ≈2.19 % of optimal play.
Longer runs can be kept in the repository cache (``flask edge <slug> --rounds N --write-cache``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from ..games.holdem import ULTIMATE
from ..games.holdem.ultimate import TRIPS
from . import poker_tables
from .core import Progress, Tally, Wager

GAME = "ultimate-texas-holdem"
MAIN = "ante"
SIDE_BETS = {TRIPS: TRIPS}
DEFAULT_ROUNDS = 12_000  # about 15 s on two cores
SIDE_ROUNDS = 6_000  # computed on request: a few seconds on two cores
STRATEGY = ("the house strategy of webgame.games.holdem.strategy.uth (4x on the usual pre-flop list, 2x on "
            "a hidden pair or a hidden flush draw on the flop, 1x with a hidden pair or an ace in the hole "
            "at the river, otherwise check and fold)")


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    return poker_tables.simulate(ULTIMATE, rules, SIDE_BETS, None if bet == MAIN else bet, rounds, seed, progress)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    key = poker_tables.settings(rules)
    paytable = {**{f"ante/play {k}": v for k, v in poker_tables.lines(rules, str(rules["main_paytable"])).items()},
                **{f"blind {k}": v for k, v in poker_tables.lines(rules, str(rules["matched_paytable"])).items()}}
    out = [Wager(
        bet=MAIN, label="Ante, Blind and Play (house strategy)", paytable=paytable,
        assumptions=poker_tables.main_assumptions(STRATEGY, rules), simulated=True, sim_key=key,
        default_rounds=DEFAULT_ROUNDS,
    )]
    if TRIPS in rules.get("side_bets", []):
        out.append(Wager(
            bet=TRIPS, label="Trips", paytable=poker_tables.lines(rules, TRIPS),
            assumptions=poker_tables.side_assumptions("Trips", rules) + " Trips pays on a folded hand too.",
            simulated=True, sim_key=key, default_rounds=SIDE_ROUNDS,
        ))
    return out
