"""Whole rounds played at random and by the house's bots, shoe after shoe: money is
conserved, every wager settles once, the state survives JSON at every step, no view ever
shows the hole card before it is turned, and a round replays exactly from its seed."""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.moneyflow import money_flows
from webgame.engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    IllegalAction,
    Stake,
)
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games.blackjack import ENGINE, BlackjackState
from webgame.games.blackjack.engine import SPOTS
from webgame.games.blackjack.strategy import Options, decide

from .test_blackjack_table import VARIANTS, rules_for, stacked_round

ALL_KINDS = ("bet", "clear", "owner", "deal", "insurance", "decline", "even-money", "hit", "stand",
             "double", "split", "surrender")
VIEWERS = (None, SYSTEM_SEAT, *range(7))  # nobody, the table, every box


# ---------------------------------------------------------------------------------------
# Checks run after every step
# ---------------------------------------------------------------------------------------
def check_step(state: BlackjackState, thorough: bool = True) -> None:
    """``thorough`` adds the JSON round trip of the whole state and every viewer's view."""
    if thorough:
        assert round_trips(state)
    views = [ENGINE.view(state, v) for v in (VIEWERS if thorough else VIEWERS[:1])]
    assert all(v == views[0] for v in views[1:])  # every card is face up to all (D-041)
    view = views[0]
    json.dumps(view)
    assert "remaining" not in json.dumps(view["shoe"])
    dealer = view["dealer"]
    if len(state.dealer) == 2 and not state.hole_revealed:
        up, hole = state.dealer
        assert dealer["cards"] == [up, None]
        assert not dealer["blackjack"] and dealer["total"] == (11 if up[0] == "A" else
                                                              10 if up[0] in "TJQK" else int(up[0]))
        if hole != up:
            public = json.dumps({k: v for k, v in view.items() if k != "seats"})
            assert not re.search(rf"\b{hole}\b", public), "the hole card shows before it is turned"
    elif state.dealer:
        assert dealer["cards"] == state.dealer
    seat = ENGINE.to_act(state)
    if state.phase in ("insurance", "play"):
        assert seat is not None and ENGINE.legal_actions(state, seat)
        for other in state.seats:
            if other != seat:
                assert ENGINE.legal_actions(state, other) == []
    else:
        assert seat is None


def check_money(events: list[Event], state: BlackjackState) -> None:
    """Every Stake key is settled once or refunded, for exactly what was put down."""
    flows = money_flows(events)
    staked, back, settled = flows.staked, flows.back(), flows.settled
    assert dict(staked) == dict(back)
    for key, amount in staked.items():
        refunded = amount - (settled[key].stake if key in settled else 0)
        assert key in settled or refunded == amount
    per_seat_in: dict[int, int] = defaultdict(int)
    per_seat_out: dict[int, int] = defaultdict(int)
    for (seat, _), amount in staked.items():
        per_seat_in[seat] += amount
    for (seat, _), amount in back.items():
        per_seat_out[seat] += amount
    assert per_seat_in == per_seat_out
    if ENGINE.is_over(state):
        assert sorted(f"{s}:{b}" for s, b in settled) == sorted(state.settled)


# ---------------------------------------------------------------------------------------
# A random player
# ---------------------------------------------------------------------------------------
def random_move(chooser: random.Random) -> Action:
    """A random, mostly illegal move: the fuzz the table must refuse cleanly."""
    return Action(chooser.choice(ALL_KINDS), chooser.choice([SYSTEM_SEAT, 0, 1, 2, 6, 9]),
                  chooser.choice(["", "0", "1", "main", "lucky-ladies", "nowhere"]),
                  chooser.choice([-100, 0, 1, 50, 100, 2600, 10**7]))


def random_round(variant: str, seed: int, carry: dict[str, Any] | None = None,
                 options: dict[str, Any] | None = None, *,
                 thorough: bool = True) -> tuple[BlackjackState, list[Event], list[Action]]:
    chooser = random.Random(seed)
    rng = SeededRng(seed)
    state = ENGINE.new_round(rules_for(variant, **(options or {})), rng, carry)
    events: list[Event] = []
    log: list[Action] = []

    def do(action: Action) -> None:
        events.extend(ENGINE.apply(state, action, rng))
        log.append(action)
        check_step(state, thorough)

    def fuzz() -> None:
        """A refused move leaves the round exactly as it was; an accepted one counts."""
        action = random_move(chooser)
        before = ENGINE.dump(state)
        try:
            do(action)
        except IllegalAction as refused:
            assert str(refused)
            assert ENGINE.dump(state) == before

    check_step(state, thorough)
    players = chooser.sample(range(len(state.seats)), chooser.randint(1, 4))
    for seat in players:
        if chooser.random() < 0.3:
            do(Action("owner", seat, chooser.choice(["alice", "bob"])))
    for seat in players:
        for _ in range(chooser.randint(1, 4)):
            bets = [lg for lg in ENGINE.legal_actions(state, seat) if lg.kind == "bet"]
            if not bets:
                break
            lg = chooser.choice(bets)
            step = int(state.rules["bet_step"])
            amount = chooser.randint(lg.min // step, lg.max // step) * step
            do(Action("bet", seat, lg.spot, amount))
        if chooser.random() < 0.1:
            do(Action("clear", seat, chooser.choice(["", "main"])))
    if chooser.random() < 0.2:
        fuzz()
    if state.phase == "betting" and not ENGINE.legal_actions(state, SYSTEM_SEAT):
        return state, events, log  # everybody cleared their bets: no round
    # Top up any spot still under its minimum so the deal goes ahead.
    for seat, box in sorted(state.seats.items()) if state.phase == "betting" else ():
        for spot in SPOTS:
            if box.bets.get(spot):
                lim = state.rules["limits"]["main" if spot == "main" else
                                            {"super-bonus-player": "super-bonus-blackjack",
                                             "super-bonus-dealer": "super-bonus-blackjack"}.get(spot, spot)]
                if box.bets[spot] < lim["min"]:
                    step = int(state.rules["bet_step"])
                    do(Action("bet", seat, spot, -(-(lim["min"] - box.bets[spot]) // step) * step))
    if state.phase == "betting":
        do(Action("deal"))
    while not ENGINE.is_over(state):
        if chooser.random() < 0.1:
            fuzz()
            if ENGINE.is_over(state):
                break
        turn = ENGINE.to_act(state)
        assert turn is not None
        lg = chooser.choice(ENGINE.legal_actions(state, turn))
        amount = chooser.randint(lg.min, lg.max) if lg.max else 0
        do(Action(lg.kind, turn, lg.spot if lg.kind not in ("insurance", "even-money") else "", amount))
    return state, events, log


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_shoe_after_shoe(variant: str) -> None:
    """Thorough checks at every step of 10 rounds per variant, then 90 more rounds with the
    money, turn and hole-card checks at every step and the JSON round trip at each round's end."""
    carry = None
    shuffles = set()
    for n in range(100):
        thorough = n < 10
        state, events, _ = random_round(variant, 1000 * VARIANTS.index(variant) + n, carry, thorough=thorough)
        check_money(events, state)
        assert round_trips(state)
        carry = ENGINE.carry(state)
        shuffles.add(state.shoe.shuffle_no)
    assert len(shuffles) > 2  # the cut card came out and the shoe was shuffled again


@settings(max_examples=20, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32),
       pays=st.sampled_from(["3 to 2", "6 to 5"]), step=st.sampled_from([1, 25, 100]),
       surrender=st.booleans())
def test_random_rounds_under_any_operator_options(variant: str, seed: int, pays: str, step: int,
                                                  surrender: bool) -> None:
    options: dict[str, Any] = {"bet_step": step, "surrender": surrender}
    if variant == "grand-ronde":
        options["blackjack_pays"] = pays
    state, events, _ = random_round(variant, seed, None, options)
    check_money(events, state)


def test_same_seed_and_actions_replay_the_same_round() -> None:
    for seed in range(12):
        variant = VARIANTS[seed % 3]
        first, events, log = random_round(variant, seed, thorough=False)
        again, events_again, _ = random_round(variant, seed, thorough=False)
        assert ENGINE.dump(first) == ENGINE.dump(again) and events == events_again
        # Replaying the action log alone on the same committed seed gives the same round.
        rng = SeededRng(seed)
        replay = ENGINE.new_round(rules_for(variant), rng, None)
        replayed: list[Event] = []
        for action in log:
            replayed += ENGINE.apply(replay, action, rng)
        assert ENGINE.dump(replay) == ENGINE.dump(first) and replayed == events


def test_loaded_state_plays_on_like_the_original() -> None:
    state, _ = stacked_round(hands=[("8s", "8h")], dealer=("6c", "Td"), draws=["3d", "Tc", "Th", "Ks"])
    copy = ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))
    for s in (state, copy):
        ENGINE.apply(s, Action("split", 0), SeededRng(5))
        ENGINE.apply(s, Action("double", 0, "0", 1000), SeededRng(5))
        ENGINE.apply(s, Action("stand", 0, "1"), SeededRng(5))
    assert ENGINE.dump(state) == ENGINE.dump(copy) and ENGINE.is_over(copy)


# ---------------------------------------------------------------------------------------
# The house's bots
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_play_whole_shoes(variant: str) -> None:
    carry = None
    for n in range(40):
        rng = SeededRng(n + 500)
        state = ENGINE.new_round(rules_for(variant), rng, carry)
        events: list[Event] = []
        for seat in state.seats:
            bet = ENGINE.bot_action(state, seat)
            assert bet is not None and bet.kind == "bet" and bet.spot == "main"
            assert bet.amount == state.rules["limits"]["main"]["min"]  # bots bet the minimum
            events += ENGINE.apply(state, bet, rng)
            assert ENGINE.bot_action(state, seat) is None
        events += ENGINE.apply(state, Action("deal"), rng)
        while not ENGINE.is_over(state):
            turn = ENGINE.to_act(state)
            assert turn is not None
            assert all(ENGINE.bot_action(state, s) is None for s in state.seats if s != turn)
            move = ENGINE.bot_action(state, turn)
            assert move is not None and move.kind not in ("insurance", "even-money")
            events += ENGINE.apply(state, move, rng)
        assert all(e.bet.startswith("main") for e in events if isinstance(e, Stake))  # no side bets
        check_money(events, state)
        carry = ENGINE.carry(state)


H17 = Options(can_double=True, can_split=True, can_surrender=True, dealer_hits_soft_17=True)
S17 = Options(can_double=True, can_split=True, can_surrender=True, dealer_hits_soft_17=False)
NO_EXTRAS = Options(can_double=False, can_split=False, can_surrender=False, dealer_hits_soft_17=True)


@pytest.mark.parametrize("cards,up,options,play", [
    (["As", "Ad"], "Th", S17, "split"),
    (["8s", "8d"], "9h", S17, "split"),
    (["Ks", "Qd"], "6h", S17, "stand"),
    (["9s", "7d"], "Th", S17, "surrender"),
    (["9s", "7d"], "Th", NO_EXTRAS, "hit"),
    (["9s", "6d"], "Ah", H17, "surrender"),
    (["9s", "6d"], "Ah", S17, "hit"),
    (["6s", "5d"], "Ah", H17, "double"),
    (["6s", "5d"], "Ah", S17, "hit"),
    (["6s", "5d"], "6h", NO_EXTRAS, "hit"),
    (["As", "7d"], "6h", NO_EXTRAS, "stand"),
    (["As", "7d"], "9h", S17, "hit"),
    (["As", "8d"], "6h", H17, "double"),
    (["Ts", "2d"], "4h", S17, "stand"),
    (["Ts", "2d"], "3h", S17, "hit"),
    (["Ts", "6d", "2c"], "Th", H17, "stand"),
])
def test_basic_strategy_chart(cards: list[str], up: str, options: Options, play: str) -> None:
    assert decide(cards, up, options) == play


def test_timeout_takes_no_more_risk_d009() -> None:
    state, _ = stacked_round(hands=[("As", "Kd")], dealer=("Ah", "9c"))
    assert ENGINE.timeout_action(state) == Action("decline", 0)
    ENGINE.apply(state, Action("decline", 0), SeededRng(0))
    state, _ = stacked_round(hands=[("Ts", "6d")], dealer=("9h", "9c"))
    assert ENGINE.timeout_action(state) == Action("stand", 0, "0")
    ENGINE.apply(state, Action("stand", 0), SeededRng(0))
    assert ENGINE.timeout_action(state) is None
