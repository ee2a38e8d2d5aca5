"""Big Six: every insignia exactly, from the segment counts, settled by the engine."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import Any

from ..engine.paytable import Variant
from ..engine.rng import SeededRng
from ..games.wheel.bigsix import BIG_SIX
from ..games.wheel.common import WheelState
from ..games.wheel.edge import big_six_edge
from .core import Progress, Result, Tally, Wager

GAME = "big-six"


def symbol_edge(rules: Mapping[str, Any], symbol: str) -> Result:
    segments = BIG_SIX.wheel(rules)
    return Result(house_edge=big_six_edge(rules, symbol),
                  hit_frequency=Fraction(segments.count(symbol), len(segments)))


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    segments = BIG_SIX.wheel(rules)
    lines = rules["paytables"][rules["paytable"]]["lines"]
    labels = rules.get("labels", {})
    return [Wager(
        bet=symbol, label=str(labels.get(symbol, symbol)), paytable={symbol: str(lines[symbol])},
        assumptions=(f"Exact: {segments.count(symbol)} of the {len(segments)} segments, every segment "
                     "settled by the engine, per spin."),
        exact=partial(symbol_edge, rules, symbol), can_simulate=True,
    ) for symbol in rules["symbols"]]


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Spin ``rounds`` times as the engine's spin does (``rng.randbelow`` over the segments)
    and settle ``bet`` with the engine's ``settle`` each time: a cross-check."""
    lo = int(rules["limits"][bet]["min"])
    state = WheelState(rules=dict(rules))
    wheel = BIG_SIX.wheel(rules)
    rng = SeededRng(seed)
    tally = Tally()
    for r in range(rounds):
        outcome = BIG_SIX.settle(state, bet, lo, wheel[rng.randbelow(len(wheel))])
        net = outcome.returned - lo
        tally.add(float(net), float(lo), float(lo), 1, int(net > 0))
        if progress is not None and (r + 1) % 5000 == 0:
            progress(r + 1, rounds)
    return tally
