"""The main game of blackjack's relatives (Spanish 21, Free Bet Blackjack), played by their
engines: every box a house bot, round after round from one persistent shoe with its cut card,
on a :class:`~webgame.engine.rng.SeededRng`. Not an analyzer of its own (no ``GAME``): the
games' modules call it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..devices.shoe import Shoe
from ..engine.protocol import SYSTEM_SEAT, Action, Settlement, Stake
from ..engine.rng import SeededRng
from ..games.blackjack.engine import MAIN, SECOND, BlackjackEngine, BlackjackState
from .blackjack import _tally_round, simulation_rules
from .core import Progress, Tally


def _kept_shoe(engine: type[BlackjackEngine]) -> BlackjackEngine:
    """The engine with its shoe kept as an object from round to round: what the table's carry
    does through JSON, without the JSON. Every rule is the engine's own."""

    class Table(engine):  # type: ignore[valid-type, misc]
        def __init__(self) -> None:
            self.shoe: Shoe | None = None

        def _shoe(self, rules: Mapping[str, Any], carry: Mapping[str, Any] | None) -> Shoe:
            if self.shoe is None:
                # The table's own shoe: its Logo cards, Bonus-marked cards and No Bust aces too.
                self.shoe = engine._shoe(rules, None)
            return self.shoe

    return Table()


def _as_main(event: Any) -> Any:
    """A box's own award with no stake (a Super Bonus, a share of one, a Free Bet's win)
    counted under its main wager: it adds to the box's net and nothing to the action."""
    if isinstance(event, Settlement) and not event.bet.startswith(MAIN):
        return replace(event, bet=f"{MAIN}/{event.bet}")
    return event


def play_rounds(engine: type[BlackjackEngine], rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
                progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every box and tally the main wager with its
    doubles, splits and no-stake awards (house edge per initial wager)."""
    if bet != MAIN:
        raise ValueError(f"no simulation for {bet}")
    table_rules = simulation_rules(rules)
    table = _kept_shoe(engine)
    rng = SeededRng(seed)
    tally = Tally()
    for r in range(rounds):
        state: BlackjackState = table.new_round(table_rules, rng, None)
        events = []
        for seat in sorted(state.seats):
            action = table.bot_action(state, seat)
            if action is not None:
                events += table.apply(state, action, rng)
        # Both of a Switch box's wagers are its initial wager (D-048): counted as one.
        events = [replace(e, bet=MAIN) if isinstance(e, Stake) and e.bet == SECOND else e for e in events]
        events += table.apply(state, Action("deal", SYSTEM_SEAT), rng)
        while not table.is_over(state):
            turn = table.to_act(state)
            action = table.bot_action(state, turn) if turn is not None else None
            if action is None:
                raise RuntimeError("the round waits for nobody")
            events += table.apply(state, action, rng)
        _tally_round(tally, [_as_main(e) for e in events], None)
        if progress is not None and (r + 1) % 500 == 0:
            progress(r + 1, rounds)
    if progress is not None:
        progress(rounds, rounds)
    return tally
