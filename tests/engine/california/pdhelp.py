"""A player-dealer round to work on in engine tests: the wrapped engine of a marked variant,
and a round that knows who sits where."""

from __future__ import annotations

from collections.abc import Sequence

from webgame.engine.protocol import Action
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.california.table import PlayerDealerState, PlayerDealerTable


def pd_engine(game: str, variant: str) -> PlayerDealerTable:
    engine = registry.engine(game, variant)
    assert isinstance(engine, PlayerDealerTable)
    return engine


def seated(engine: PlayerDealerTable, rules: dict, seats: Sequence[int], carry: dict | None = None
           ) -> PlayerDealerState:
    state = engine.new_round(rules, SeededRng(0), carry)
    for seat in seats:
        engine.apply(state, Action("owner", seat, f"p{seat}"), SeededRng(0))
    return state
