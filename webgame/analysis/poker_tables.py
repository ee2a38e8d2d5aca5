"""Playing a house-banked hold'em table round after round through its engine: the
cross-check of the exact bonus figures (``flask edge ... --check ROUNDS``).

Every seat of the table is a house bot: it posts the minimum main wager and decides as
the engine's ``bot_action`` does; a side bet, when one is asked for, is placed at its
minimum on every seat. The table is the engine itself on a
:class:`~webgame.engine.rng.SeededRng`, a fresh deck every round, as a table deals it.

The main game's figure is the net of every wager but the side bets (Ante, its matched
wager, Play) per initial Ante, for the bots' strategy; its element of risk divides by all
that was staked on those wagers.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ..engine.protocol import SYSTEM_SEAT, Action, Settlement, Stake
from ..engine.rng import SeededRng
from .core import Progress, Tally

ANTE = "ante"


def simulate(engine: Any, rules: Mapping[str, Any], side_bets: Mapping[str, str], bet: str | None,
             rounds: int, seed: str, progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds; tally the main game (``bet`` None) or the side bet ``bet``.
    ``side_bets`` maps each side bet's settlement key to the circle it is placed on."""
    if bet is not None and bet not in side_bets:
        raise ValueError(f"no simulation for {bet}")
    spot = side_bets[bet] if bet is not None else ""
    rng = SeededRng(seed)
    tally = Tally()
    for r in range(rounds):
        state = engine.new_round(rules, rng, None)
        events: list[Any] = []
        for seat in sorted(state.seats):
            action = engine.bot_action(state, seat)
            if action is not None:
                events += engine.apply(state, action, rng)
            if bet is not None:
                # A bonus taken only beside another (the Bad Beat beside Trips, D-303) gets it first.
                for needed in (*_needs(rules, spot), spot):
                    legal = next(lg for lg in engine.legal_actions(state, seat)
                                 if lg.kind == "bet" and lg.spot == needed)
                    events += engine.apply(state, Action("bet", seat, needed, legal.min), rng)
        events += engine.apply(state, Action("deal", SYSTEM_SEAT), rng)
        while not engine.is_over(state):
            turn = engine.to_act(state)
            if turn is None:
                raise RuntimeError("the round waits for nobody")
            action = engine.bot_action(state, turn)
            if action is None:
                raise RuntimeError("a bot had no move")
            events += engine.apply(state, action, rng)
        _tally_round(tally, events, side_bets, bet)
        if progress is not None and (r + 1) % 500 == 0:
            progress(r + 1, rounds)
    if progress is not None:
        progress(rounds, rounds)
    return tally


def _needs(rules: Mapping[str, Any], spot: str) -> list[str]:
    """The side bets ``spot`` may be placed only beside, the first first (``side_bet_needs``)."""
    out: list[str] = []
    needed = rules.get("side_bet_needs", {}).get(spot)
    while needed and needed not in out:
        out.insert(0, str(needed))
        needed = rules.get("side_bet_needs", {}).get(needed)
    return out


def _tally_round(tally: Tally, events: list[Any], side_bets: Collection[str], bet: str | None) -> None:
    def mine(b: str) -> bool:
        return b == bet if bet is not None else b not in side_bets

    initial_bet = bet if bet is not None else ANTE
    initial: dict[int, int] = {}
    action = 0
    net: dict[int, int] = {}
    for e in events:
        if isinstance(e, Stake) and mine(e.bet):
            action += e.amount
            if e.bet == initial_bet:
                initial[e.seat] = initial.get(e.seat, 0) + e.amount
        elif isinstance(e, Settlement) and mine(e.bet):
            net[e.seat] = net.get(e.seat, 0) + e.returned - e.stake
    if not initial:
        return
    wins = sum(1 for seat in initial if net.get(seat, 0) > 0)
    tally.add(float(sum(net.values())), float(sum(initial.values())), float(action), len(initial), wins)


def lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    """A paytable's lines as printed: "3 to 1", or a fixed award in cents."""
    out: dict[str, str] = {}
    raw = rules["paytables"][paytable]["lines"]
    for k, v in raw.items():
        out[k] = str(v)
    return out
