"""D-470: a player-dealer table nobody will bank pauses, then closes after the operator's pause
(5 minutes unless the operator chose another), and the table's other clocks do not apply."""

from __future__ import annotations

import pytest

from tests.engine.california.pdhelp import pd_engine, seated
from webgame.engine.paytable import resolve
from webgame.engine.protocol import Action
from webgame.engine.rng import SeededRng
from webgame.games import registry


def paused(minutes: int | None):
    engine = pd_engine("three-card-poker", "6cb-lucky-derby")
    variant = registry.rules("three-card-poker").variants["6cb-lucky-derby"]
    rules = resolve(variant, {"options": {"pause_minutes": minutes}} if minutes else {})
    state = seated(engine, rules, [0, 1])
    assert engine.wait_seconds(state) is None  # offering: the offer's own clock applies
    for _ in range(6):  # everyone declines, the offer goes round and back
        turn = engine.to_act(state)
        if turn is None:
            break
        engine.apply(state, Action("decline", turn), SeededRng(0))
    assert engine._bank(state).phase == "paused"
    return engine, state


@pytest.mark.parametrize(("minutes", "seconds"), [(None, 300), (1, 60), (15, 900)])
def test_a_paused_table_waits_the_chosen_pause(minutes, seconds) -> None:
    engine, state = paused(minutes)
    assert engine.wait_seconds(state) == seconds
    move = engine.timeout_action(state)
    assert move is not None and move.kind == "close"
    engine.apply(state, move, SeededRng(0))
    assert engine._bank(state).phase == "closed" and engine.wait_seconds(state) is None


def test_the_pause_is_an_operator_choice_with_d470_the_default() -> None:
    for game, v in [(g, var) for g in registry.ENGINES for var in registry.rules(g).variants.values()
                    if var.player_banked]:
        spec = v.options["pause_minutes"]
        assert spec["default"] == 5 and 5 in spec["choices"], (game, v.slug)
