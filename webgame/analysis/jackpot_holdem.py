"""Jackpot Hold'em: the Ante/X-tra Bonus/Play game and its three bonuses, by simulation
through the engine.

Every position is a house bot of :mod:`webgame.games.holdem.strategy` (``jackpot``: 3x before
the flop with a pair, an ace, two cards ten or higher or a hole card matching the exposed
community card; then as the Ultimate Texas Hold'em bot). Sound, not optimal, play.
Longer runs can be kept in the repository cache (``flask edge <slug> --rounds N --write-cache``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from ..games.holdem import JACKPOT
from ..games.holdem.jackpot import HOLE_CARD_BONUS, PLAYER_BONUS, THREE_UP_BONUS
from . import poker_tables
from .core import Progress, Tally, Wager

GAME = "jackpot-holdem"
MAIN = "ante"
SIDE_BETS = {b: b for b in (PLAYER_BONUS, HOLE_CARD_BONUS, THREE_UP_BONUS)}
LABELS = {PLAYER_BONUS: "Player Bonus", HOLE_CARD_BONUS: "Hole Card Bonus", THREE_UP_BONUS: "3-Up Bonus"}
DEFAULT_ROUNDS = 12_000  # about 15 s on two cores
SIDE_ROUNDS = 6_000  # computed on request: a few seconds on two cores
STRATEGY = ("the house strategy of webgame.games.holdem.strategy.jackpot (3x with a pair, an ace, two cards "
            "ten or higher or a hole card paired by the exposed card; after that as the Ultimate Texas "
            "Hold'em bot; otherwise check and fold)")


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    return poker_tables.simulate(JACKPOT, rules, SIDE_BETS, None if bet == MAIN else bet, rounds, seed, progress)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    key = poker_tables.settings(rules)
    paytable = {**{f"ante/play {k}": v for k, v in poker_tables.lines(rules, str(rules["main_paytable"])).items()},
                **{f"x-tra bonus {k}": v for k, v in poker_tables.lines(rules, str(rules["matched_paytable"])).items()}}
    out = [Wager(
        bet=MAIN, label="Ante, X-tra Bonus and Play (house strategy)", paytable=paytable,
        assumptions=poker_tables.main_assumptions(STRATEGY, rules), simulated=True, sim_key=key,
        default_rounds=DEFAULT_ROUNDS,
    )]
    for slug in SIDE_BETS:
        if slug in rules.get("side_bets", []):
            out.append(Wager(
                bet=slug, label=LABELS[slug], paytable=poker_tables.lines(rules, slug),
                assumptions=poker_tables.side_assumptions(f"the {LABELS[slug]}", rules)
                + " A folded hand may still win it.",
                simulated=True, sim_key=key, default_rounds=SIDE_ROUNDS,
            ))
    return out
