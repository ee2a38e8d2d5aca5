"""Caribbean Stud Poker: the Ante and Bet, and the progressive, by simulation through the engine.

Every position is a house bot of :mod:`webgame.games.carnival.caribbean` (raise with a pair
or better or ace-king, fold the rest): near enough the optimal strategy, whose published
edge is ≈5.2 % per Ante. Reproduce the cached figures with the ``command`` each entry names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from ..games.carnival import CARIBBEAN_STUD
from ..games.carnival.caribbean import PROGRESSIVE, PROGRESSIVE_TABLE
from . import poker_tables
from .core import Progress, Tally, Wager

GAME = "caribbean-stud"
MAIN = "ante"
SIDE_BETS = {PROGRESSIVE: PROGRESSIVE}
DEFAULT_ROUNDS = 12_000  # about 15 s on two cores
SIDE_ROUNDS = 6_000  # computed on request: a few seconds on two cores
STRATEGY = ("the house strategy of webgame.games.carnival.caribbean (raise with a pair or better or "
            "ace-king, fold the rest)")


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    return poker_tables.simulate(CARIBBEAN_STUD, rules, SIDE_BETS, None if bet == MAIN else bet, rounds, seed,
                                 progress)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    key = poker_tables.settings(rules)
    paytable = {**{f"ante {k}": v for k, v in poker_tables.lines(rules, "caribbean-ante").items()},
                **{f"bet {k}": v for k, v in poker_tables.lines(rules, "caribbean-bonus").items()}}
    out = [Wager(
        bet=MAIN, label="Ante and Bet (house strategy)", paytable=paytable,
        assumptions=poker_tables.main_assumptions(STRATEGY, rules)
        + " The table's aggregate payout cap applies as the engine applies it.",
        simulated=True, sim_key=key, default_rounds=DEFAULT_ROUNDS,
    )]
    if PROGRESSIVE_TABLE in rules.get("side_bets", []):
        out.append(Wager(
            bet=PROGRESSIVE, label="Progressive", paytable=poker_tables.lines(rules, PROGRESSIVE_TABLE),
            assumptions=poker_tables.side_assumptions("the progressive token", rules)
            + (" Every round starts with the meter at its seed (each round is dealt on its own), so the "
               "royal and straight flush shares are of the seed; a folded hand forfeits the token."),
            simulated=True, sim_key=key, default_rounds=SIDE_ROUNDS,
        ))
    return out
