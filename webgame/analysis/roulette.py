"""Roulette: every bet exactly, by settling each pocket through the engine.

Each spot on the layout is settled on every pocket of the wheel by the engine's own
``settle`` (:mod:`webgame.games.wheel.edge`); spots of one kind (every straight, every
split …) are reported together when their figures agree, one by one where they do not.
Back-to-Back follows every chain of consecutive hits through the engine's streak
settlement (D-376).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import Any

from ..engine.paytable import Variant
from ..engine.protocol import Settlement, Stake
from ..engine.rng import SeededRng
from ..games.wheel.common import WheelState
from ..games.wheel.edge import roulette_edge
from ..games.wheel.layout import PAY_LINE, spot_table
from ..games.wheel.roulette import BACK_TO_BACK, ROULETTE, STREAK_LINES
from .core import Progress, Result, Tally, Wager

GAME = "roulette"
EXACT_NOTE = "Exact: every pocket of the {n}-pocket wheel settled by the engine, per spin"


def _lines(rules: Mapping[str, Any], paytable: str, names: tuple[str, ...]) -> dict[str, str]:
    lines = rules["paytables"][paytable]["lines"]
    return {n: str(lines[n]) for n in names}


def spot_edge(rules: Mapping[str, Any], key: str) -> Result:
    pockets = ROULETTE.wheel(rules)
    spot = spot_table(rules)[key]
    return Result(house_edge=roulette_edge(rules, key),
                  hit_frequency=Fraction(sum(1 for p in pockets if spot.covers(p)), len(pockets)))


def _kinds(rules: Mapping[str, Any]) -> dict[str, list[str]]:
    """Spot keys by kind, in layout order (the side bet apart)."""
    out: dict[str, list[str]] = {}
    for key, spot in spot_table(rules).items():
        if spot.kind != BACK_TO_BACK:
            out.setdefault(spot.kind, []).append(key)
    return out


def kind_edge(rules: Mapping[str, Any], keys: list[str], *, every: bool = False) -> Result:
    """The figures of one kind of bet, from its first spot (``every``: checked on all)."""
    first = spot_edge(rules, keys[0])
    for key in keys[1:] if every else ():
        if spot_edge(rules, key) != first:
            raise ValueError(f"{key} does not pay like {keys[0]}: ask for the spot by name")
    return first


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    paytable = str(rules["paytable"])
    n = len(ROULETTE.wheel(rules))
    labels = rules.get("labels", {})
    out: list[Wager] = []
    for kind, keys in _kinds(rules).items():
        note = EXACT_NOTE.format(n=n)
        if len(keys) > 1:
            note += f"; the {len(keys)} {kind} spots pay alike (figures for {keys[0]})"
        out.append(Wager(bet=kind, label=str(labels.get(kind, kind)).format(numbers="", n="").strip(),
                         paytable=_lines(rules, paytable, (PAY_LINE[kind],)), assumptions=note + ".",
                         exact=partial(kind_edge, rules, keys), can_simulate=True))
    if BACK_TO_BACK in rules.get("side_bets", []):
        out.append(Wager(
            bet=BACK_TO_BACK, label="Back-to-Back", paytable=_lines(rules, BACK_TO_BACK, STREAK_LINES),
            assumptions=(f"Exact: every chain of consecutive hits on one number followed through the engine's "
                         f"streak settlement (D-376), per $1 first staked, with the table minimum on the main "
                         f"game every spin; {n} pockets."),
            exact=partial(back_to_back, rules),
        ))
    return out


def back_to_back(rules: Mapping[str, Any], number: str = "17") -> Result:
    """Back-to-Back per $1 first staked, every spin settled by the engine's streak settlement
    (D-376) with the table minimum on the main game. A spin's pockets fall in two classes
    for the side bet, its number and every other, so one pocket of each is settled per
    streak length and weighted by its count (webgame.games.wheel.edge follows all of them;
    a test checks the two agree)."""
    wheel = ROULETTE.wheel(rules)
    spot = f"{BACK_TO_BACK}:{number}"
    minimum = int(rules.get("table_minimum", 0)) or 100
    miss = next(p for p in wheel if p != number)
    table = dict(rules)  # one rules object for every state: the layout is parsed once

    def net_from(hits: int) -> tuple[Fraction, Fraction]:
        """(expected net, chance of a win) from a spin with ``hits`` hits behind it."""
        net, won = Fraction(0), Fraction(0)
        for pocket, weight in ((number, Fraction(1, len(wheel))), (miss, Fraction(len(wheel) - 1, len(wheel)))):
            state = WheelState(rules=table, bets={0: {"red": minimum, spot: 100}}, streaks={0: hits} if hits else {})
            events = ROULETTE.settle_seat(state, 0, pocket)
            gain = sum(e.returned - e.stake for e in events if isinstance(e, Settlement) and e.bet == spot)
            net += weight * gain
            if gain > 0 and hits == 0:
                won += weight
            if any(isinstance(e, Stake) for e in events):  # it rides into the next spin
                net += weight * net_from(state.streaks[0])[0]
        return net, won

    net, won = net_from(0)
    return Result(house_edge=-net / 100, hit_frequency=won, element_of_risk=-net / 100)


def wager(variant: Variant, rules: Mapping[str, Any], bet: str) -> Wager | None:
    """One spot by its key ("straight:17", "split:0-00")."""
    spot = spot_table(rules).get(bet)
    if spot is None or spot.kind == BACK_TO_BACK:
        return None
    return Wager(bet=bet, label=ROULETTE.label(_state(rules), bet),
                 paytable=_lines(rules, str(rules["paytable"]), (PAY_LINE[spot.kind],)),
                 assumptions=EXACT_NOTE.format(n=len(ROULETTE.wheel(rules))) + ".",
                 exact=lambda: spot_edge(rules, bet), can_simulate=True)


def resolve_bet(rules: Mapping[str, Any], bet: str) -> str:
    """A report's bet name (a kind such as "straight", or a spot key) as a spot key."""
    kinds = _kinds(rules)
    return kinds[bet][0] if bet in kinds else bet


def _state(rules: Mapping[str, Any]) -> WheelState:
    return WheelState(rules=dict(rules))


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Spin ``rounds`` times as the engine's spin does (``rng.randbelow`` over the wheel)
    and settle ``bet`` with the engine's ``settle`` each time: a cross-check."""
    key = resolve_bet(rules, bet)
    lo = int(rules["limits"][ROULETTE.limit_name(key)]["min"])
    state = _state(rules)
    wheel = ROULETTE.wheel(rules)
    rng = SeededRng(seed)
    tally = Tally()
    for r in range(rounds):
        outcome = ROULETTE.settle(state, key, lo, wheel[rng.randbelow(len(wheel))])
        net = outcome.returned - lo
        tally.add(float(net), float(lo), float(lo), 1, int(net > 0))
        if progress is not None and (r + 1) % 5000 == 0:
            progress(r + 1, rounds)
    return tally
