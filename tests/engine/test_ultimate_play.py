"""Whole hold'em rounds played at random and by the house's bots: money is conserved, every
wager settles once, the state survives JSON at every step, no view ever shows the dealer's
cards, another position's hole cards or an unturned community card before the showdown,
and a round replays exactly from its seed. ``random_round`` also serves Jackpot Hold'em."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Stake
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games.holdem import ULTIMATE, HoldemState, HoldemTable

from .test_ultimate_holdem import check_money, rules_for

KINDS = ("bet", "clear", "owner", "deal", "play", "check", "fold", "raise", "war")
VIEWERS = (None, SYSTEM_SEAT, *range(7))


def private_codes(engine: HoldemTable, state: HoldemState, viewer: int | None) -> set[str]:
    """The cards ``viewer`` must not see now."""
    if state.phase == "over":
        return set()
    hidden = set(state.dealer) | set(state.burns) | set(state.board[state.exposed:])
    mine = engine.viewer_seats(state, viewer)
    for n, box in state.seats.items():
        if n not in mine:
            hidden |= set(box.cards)
    return hidden


def check_views(engine: HoldemTable, state: HoldemState) -> None:
    over = state.phase == "over"
    for viewer in VIEWERS:
        view = engine.view(state, viewer)
        text = json.dumps(view)
        for code in private_codes(engine, state, viewer):
            assert not re.search(rf"\b{code}\b", text), f"{code} shows to viewer {viewer} in phase {state.phase}"
        assert view["board"] == [c if i < state.exposed else None for i, c in enumerate(state.board)]
        assert view["dealer"]["cards"] == (list(state.dealer) if over else [None] * len(state.dealer))
        mine = engine.viewer_seats(state, viewer)
        for n, seat in view["seats"].items():
            if not over and n not in mine:
                assert set(seat["cards"]) <= {None} and seat["hand"] == "" and seat["results"] == []


def check_step(engine: HoldemTable, state: HoldemState, thorough: bool) -> None:
    if thorough:
        assert round_trips(state)
        check_views(engine, state)
    waiting = engine.undecided(state)
    assert engine.to_act(state) == (waiting[0] if waiting else None)
    if state.phase == "deciding":
        assert waiting, "a decision window with nobody to decide"
        for n in state.seats:
            assert bool(engine.legal_actions(state, n)) == (n in waiting)
    else:
        assert not waiting


def random_round(engine: HoldemTable, seed: int, *, thorough: bool = True,
                 options: dict[str, Any] | None = None) -> tuple[HoldemState, list[Event], list[Action]]:
    chooser = random.Random(seed)
    rng = SeededRng(seed)
    state = engine.new_round(rules_for(engine, **(options or {})), rng, None)
    events: list[Event] = []
    log: list[Action] = []

    def do(action: Action) -> None:
        events.extend(engine.apply(state, action, rng))
        log.append(action)
        check_step(engine, state, thorough)

    def fuzz() -> None:
        action = Action(chooser.choice(KINDS), chooser.choice([SYSTEM_SEAT, 0, 1, 3, 6, 9]),
                        chooser.choice(["", "ante", "blind", "play", "4x", "2x", "1x", "uth-trips",
                                        "jh-3-up-bonus", "nowhere"]),
                        chooser.choice([-100, 0, 1, 100, 500, 2600, 10**7]))
        before = engine.dump(state)
        try:
            do(action)
        except IllegalAction as refused:
            assert str(refused)
            assert engine.dump(state) == before

    players = chooser.sample(range(len(state.seats)), chooser.randint(1, 5))
    people = ["alice", "bob", "carol"]
    for seat in players:
        if chooser.random() < 0.6:
            do(Action("owner", seat, chooser.choice(people)))
    for seat in players:
        for _ in range(chooser.randint(1, 4)):
            bets = [lg for lg in engine.legal_actions(state, seat) if lg.kind == "bet"]
            if not bets:
                break
            lg = chooser.choice(bets)
            step = int(state.rules["bet_step"])
            do(Action("bet", seat, lg.spot, chooser.randint(lg.min // step, lg.max // step) * step))
        if chooser.random() < 0.1:
            do(Action("clear", seat))
    if chooser.random() < 0.3:
        fuzz()
    if not engine.legal_actions(state, SYSTEM_SEAT):
        return state, events, log
    for n, box in sorted(state.seats.items()):  # top up spots under their minimum
        for spot, amount in list(box.bets.items()):
            lim = engine.limit(state.rules, spot)
            if amount < lim["min"]:
                do(Action("bet", n, spot, lim["min"] - amount))
    do(Action("deal", chooser.choice([SYSTEM_SEAT, *[n for n, b in state.seats.items() if b.bets]])))
    while not engine.is_over(state):
        if chooser.random() < 0.15:
            fuzz()
            continue
        waiting = engine.undecided(state)
        if chooser.random() < 0.1:
            move = engine.timeout_action(state)
            assert move == Action("timeout", SYSTEM_SEAT)
            street = state.street
            do(move)
            assert engine.is_over(state) or state.street > street  # the whole window was decided
            continue
        seat = chooser.choice(waiting)
        lg = chooser.choice(engine.legal_actions(state, seat))
        do(Action(lg.kind, seat, lg.spot, chooser.choice([0, lg.min])))
    return state, events, log


@pytest.mark.parametrize("seed", range(3))
def test_random_rounds_thorough(seed: int) -> None:
    """Views for every seat, the JSON round trip and the turn checks at every step."""
    for n in range(10):
        state, events, _ = random_round(ULTIMATE, 100 * seed + n)
        check_money(events, ULTIMATE.is_over(state), state.settled)


def test_three_hundred_rounds_conserve_money() -> None:
    for n in range(300):
        state, events, _ = random_round(ULTIMATE, 10_000 + n, thorough=False, options={"bet_step": [25, 100, 500][n % 3]})
        check_money(events, ULTIMATE.is_over(state), state.settled)
        assert round_trips(state)


def test_same_seed_and_actions_replay_the_same_round() -> None:
    for seed in range(10):
        first, events, log = random_round(ULTIMATE, seed, thorough=False)
        rng = SeededRng(seed)
        replay = ULTIMATE.new_round(rules_for(ULTIMATE), rng, None)
        replayed: list[Event] = []
        for action in log:
            replayed += ULTIMATE.apply(replay, action, rng)
        assert ULTIMATE.dump(replay) == ULTIMATE.dump(first) and replayed == events


def test_loaded_state_plays_on_like_the_original() -> None:
    rng = SeededRng(3)
    state = ULTIMATE.new_round(rules_for(), rng, None)
    for n in (0, 1):
        ULTIMATE.apply(state, Action("bet", n, "ante", 1000), rng)
    ULTIMATE.apply(state, Action("deal"), rng)
    copy = ULTIMATE.load(json.loads(json.dumps(ULTIMATE.dump(state))))
    for s in (state, copy):
        ULTIMATE.apply(s, Action("check", 1), SeededRng(5))
        ULTIMATE.apply(s, Action("play", 0, "4x"), SeededRng(5))
        ULTIMATE.apply(s, Action("play", 1, "2x"), SeededRng(5))
    assert ULTIMATE.dump(state) == ULTIMATE.dump(copy) and ULTIMATE.is_over(copy)


def test_a_player_sees_every_position_they_play_and_no_other_d023() -> None:
    rng = SeededRng(9)
    state = ULTIMATE.new_round(rules_for(), rng, None)
    for n, who in ((0, "alice"), (2, "alice"), (4, "bob")):
        ULTIMATE.apply(state, Action("owner", n, who), rng)
        ULTIMATE.apply(state, Action("bet", n, "ante", 500), rng)
    ULTIMATE.apply(state, Action("deal"), rng)
    view = ULTIMATE.view(state, 2)
    assert view["seats"][0]["cards"] == state.seats[0].cards and view["seats"][2]["cards"] == state.seats[2].cards
    assert view["seats"][4]["cards"] == [None, None]
    assert ULTIMATE.view(state, 4)["seats"][0]["cards"] == [None, None]
    assert ULTIMATE.view(state, None)["seats"][4]["cards"] == [None, None]


# ---------------------------------------------------------------------------------------
# The house's bots
# ---------------------------------------------------------------------------------------
def bots_play(engine: HoldemTable, rounds: int) -> None:
    for n in range(rounds):
        rng = SeededRng(n + 500)
        state = engine.new_round(rules_for(engine), rng, None)
        events: list[Event] = []
        for seat in state.seats:
            bet = engine.bot_action(state, seat)
            assert bet is not None and (bet.kind, bet.spot, bet.amount) == ("bet", "ante", 500)
            events += engine.apply(state, bet, rng)
            assert engine.bot_action(state, seat) is None
        events += engine.apply(state, Action("deal"), rng)
        while not engine.is_over(state):
            turn = engine.to_act(state)
            assert turn is not None
            move = engine.bot_action(state, turn)
            assert move is not None and move.kind in ("play", "check", "fold")
            events += engine.apply(state, move, rng)
        assert {e.bet for e in events if isinstance(e, Stake)} <= {"ante", engine.matched, "play"}  # P-005
        check_money(events, True, state.settled)


def test_bots_play_whole_rounds() -> None:
    bots_play(ULTIMATE, 40)
