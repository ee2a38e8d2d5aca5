"""Casino War (seed 004 Section 14, s.1518-1578) with the Tie wager: the rules data, the
first comparison, the Tie wager, war and surrender with their exact money, several players
at war against one dealer war card, the turn order, the shoe, and hundreds of random rounds."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from webgame.engine.cards import RANKS
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Stake
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games.war import CASINO_WAR, WarState

from .test_red_dog import stack_shoe
from .test_ultimate_holdem import check_money, nets, settled

BURN3 = "2c 2d 2h"


def rules_for(**options: Any) -> dict[str, Any]:
    return resolve(load_game("casino-war").variants["chapter4"], {"options": options} if options else None)


def stacked(cards: str, bets: Mapping[int, Mapping[str, int]] | None = None,
            **options: Any) -> tuple[WarState, list[Event]]:
    """A round whose shoe deals ``cards`` in order: each betting position's card from the
    dealer's left, the house card, then burns and war cards."""
    rng = SeededRng(0)
    state = CASINO_WAR.new_round(rules_for(**options), rng, None)
    stack_shoe(state.shoe, cards.split())
    events: list[Event] = []
    for seat, spots in (bets or {0: {"main": 1000}}).items():
        for spot, amount in spots.items():
            events += CASINO_WAR.apply(state, Action("bet", seat, spot, amount), rng)
    events += CASINO_WAR.apply(state, Action("deal"), rng)
    return state, events


def act(state: WarState, kind: str, seat: int = 0) -> list[Event]:
    return CASINO_WAR.apply(state, Action(kind, seat, "war" if kind == "war" else ""), SeededRng(1))


# ---------------------------------------------------------------------------------------
# Rules data
# ---------------------------------------------------------------------------------------
def test_engine_identity_and_data() -> None:
    assert (CASINO_WAR.slug, CASINO_WAR.name) == ("casino-war", "Casino War")
    r = rules_for()
    assert r["limits"]["main"] == {"min": 100, "max": 500000}  # $1-$5,000 (s.1566)
    assert r["limits"]["war-tie"] == {"min": 100, "max": 2500}  # D-346
    assert (r["decks"], r["penetration_pct"], r["war_burn"], r["surrender_forfeit_pct"]) == (6, 75, 3, 50)
    assert r["paytables"]["war-tie"]["lines"] == {"tie": "10 to 1"}  # s.1561
    assert r["paytables"]["casino-war"]["lines"] == {"win": "1 to 1", "war-win": "1 to 1",
                                                     "war-tie-raise": "1 to 1", "war-tie-bonus": "1 to 1"}
    assert r["side_bets"] == ["war-tie"]


# ---------------------------------------------------------------------------------------
# The first comparison (s.1541-1545) and the Tie wager (s.1557-1561, D-345)
# ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_every_pair_of_ranks_on_the_first_comparison_ace_high_s1537() -> None:
    for (i, a), (j, b) in itertools.product(enumerate(RANKS), repeat=2):
        state, events = stacked(f"{a}s {b}h", {0: {"main": 1000, "war-tie": 200}}, decks=1)
        out = nets(events)
        if i > j:
            assert out == {"main": 1000, "war-tie": -200} and CASINO_WAR.is_over(state)
        elif i < j:
            assert out == {"main": -1000, "war-tie": -200} and CASINO_WAR.is_over(state)
        else:
            assert out == {"war-tie": 2000} and state.phase == "war-decisions"  # 10 to 1, before the decision


def test_tie_wager_needs_the_initial_wager_s1559() -> None:
    rng = SeededRng(0)
    state = CASINO_WAR.new_round(rules_for(), rng, None)
    assert {lg.spot for lg in CASINO_WAR.legal_actions(state, 0) if lg.kind == "bet"} == {"main"}
    with pytest.raises(IllegalAction, match="initial wager before betting the Tie"):
        CASINO_WAR.apply(state, Action("bet", 0, "war-tie", 100), rng)
    CASINO_WAR.apply(state, Action("bet", 0, "main", 100), rng)
    with pytest.raises(IllegalAction, match=r"maximum on the Tie is \$25"):
        CASINO_WAR.apply(state, Action("bet", 0, "war-tie", 2600), rng)
    with pytest.raises(IllegalAction, match="only on a tie"):
        CASINO_WAR.apply(state, Action("bet", 0, "war", 100), rng)


def test_a_tie_at_war_does_not_pay_the_tie_wager_d345() -> None:
    state, events = stacked(f"7s 7h {BURN3} 9c 3c 3d 3h 9d", {0: {"main": 1000, "war-tie": 100}})
    events += act(state, "war")
    out = nets(events)
    assert out["war-tie"] == 1000  # paid once, on the initial tie only


# ---------------------------------------------------------------------------------------
# War and surrender (s.1545-1555)
# ---------------------------------------------------------------------------------------
def war(player_war: str, dealer_war: str) -> dict[str, int]:
    state, events = stacked(f"7s 7h {BURN3} {player_war} 3c 3d 3h {dealer_war}")
    assert {lg.kind for lg in CASINO_WAR.legal_actions(state, 0)} == {"war", "surrender"}
    events += act(state, "war")
    assert CASINO_WAR.is_over(state)
    assert [(e.bet, e.amount) for e in events if isinstance(e, Stake)][-1] == ("war", 1000)  # s.1549: equal to the wager
    assert len(state.seats[0].burns) == 3 and len(state.house_burns) == 3  # s.1549, D-344
    check_money(events, True, state.settled)
    return nets(events)


def test_war_won_nets_one_initial_wager_s1551() -> None:
    out = war("Kc", "9d")
    assert out == {"main": 0, "war": 1000} and sum(out.values()) == 1000


def test_war_lost_loses_both_s1553() -> None:
    out = war("4c", "9d")
    assert out == {"main": -1000, "war": -1000}


def test_tie_at_war_nets_two_initial_wagers_s1555() -> None:
    out = war("9c", "9d")
    assert sum(out.values()) == 2000


def test_surrender_loses_half_rounded_for_the_player_s1546_d002() -> None:
    state, events = stacked("7s 7h", {0: {"main": 125}}, bet_step=25)
    events += act(state, "surrender")
    s = settled(events)[(0, "main")]
    assert (s.result, s.returned) == ("surrender", 63)  # the house keeps 62 cents of $1.25
    assert CASINO_WAR.is_over(state) and state.seats[0].war_card == ""


def test_several_ties_decide_in_turn_then_one_dealer_war_card_d521() -> None:
    # Positions 0, 2 and 4 tie the house 7; position 1 wins; 2 surrenders; 0 and 4 go to war.
    cards = f"7s Kd 7h 7c 7d {BURN3} Qc 3c 3d 3h 5s 4c 4d 4h Jd"
    state, events = stacked(cards, {n: {"main": 1000} for n in (0, 1, 2, 4)})
    assert CASINO_WAR.undecided(state) == [0, 2, 4] and CASINO_WAR.to_act(state) == 0
    assert CASINO_WAR.legal_actions(state, 2) == []  # in turn from the dealer's left
    with pytest.raises(IllegalAction, match="in turn"):
        act(state, "war", 2)
    events += act(state, "war", 0)
    assert state.seats[0].war_card == ""  # no war card before everyone has decided
    events += act(state, "surrender", 2)
    events += act(state, "war", 4)
    assert (state.seats[0].war_card, state.seats[4].war_card, state.house_war) == ("Qc", "5s", "Jd")
    got = {(s.seat, s.bet): s.net for s in settled(events).values()}
    assert got == {(1, "main"): 1000, (0, "main"): 0, (0, "war"): 1000, (2, "main"): -500,
                   (4, "main"): -1000, (4, "war"): -1000}
    check_money(events, True, state.settled)


def test_the_clock_surrenders_d521_d009() -> None:
    state, _ = stacked("7s 7h")
    assert CASINO_WAR.timeout_action(state) == Action("surrender", 0)


def test_the_war_amount_is_exactly_the_wager() -> None:
    state, _ = stacked("7s 7h")
    with pytest.raises(IllegalAction, match="exactly the initial wager"):
        CASINO_WAR.apply(state, Action("war", 0, "war", 500), SeededRng(0))


def test_a_shoe_missing_a_card_voids_the_round_d010() -> None:
    rng = SeededRng(0)
    state = CASINO_WAR.new_round(rules_for(), rng, None)
    state.shoe.remaining.pop()
    CASINO_WAR.apply(state, Action("bet", 0, "main", 500), rng)
    CASINO_WAR.apply(state, Action("bet", 0, "war-tie", 100), rng)
    events = CASINO_WAR.apply(state, Action("deal"), rng)
    assert CASINO_WAR.is_over(state)
    assert sorted((s.bet, s.result, s.returned) for s in settled(events).values()) == [
        ("main", "void", 500), ("war-tie", "void", 100)]


# ---------------------------------------------------------------------------------------
# Hundreds of rounds
# ---------------------------------------------------------------------------------------
def random_round(seed: int, carry: Any, thorough: bool) -> tuple[WarState, list[Event]]:
    chooser = random.Random(seed)
    rng = SeededRng(seed)
    state = CASINO_WAR.new_round(rules_for(), rng, carry)
    events: list[Event] = []

    def do(action: Action) -> None:
        events.extend(CASINO_WAR.apply(state, action, rng))
        if thorough:
            assert round_trips(state)
            for viewer in (None, SYSTEM_SEAT, *range(7)):
                assert "remaining" not in json.dumps(CASINO_WAR.view(state, viewer))
        waiting = CASINO_WAR.undecided(state)
        assert CASINO_WAR.to_act(state) == (waiting[0] if waiting else None)
        for n in state.seats:
            if state.phase == "war-decisions":
                assert bool(CASINO_WAR.legal_actions(state, n)) == (n == waiting[0])

    for seat in chooser.sample(range(7), chooser.randint(1, 7)):
        do(Action("bet", seat, "main", chooser.randint(1, 30) * 100))
        if chooser.random() < 0.4:
            do(Action("bet", seat, "war-tie", chooser.randint(1, 25) * 100))
        if chooser.random() < 0.05:
            do(Action("clear", seat))
    if not CASINO_WAR.legal_actions(state, SYSTEM_SEAT):
        return state, events
    do(Action("deal"))
    while not CASINO_WAR.is_over(state):
        seat = CASINO_WAR.to_act(state)
        if chooser.random() < 0.2:
            do(CASINO_WAR.timeout_action(state))  # type: ignore[arg-type]
        else:
            do(Action(chooser.choice(["war", "surrender"]), seat, "war"))
    return state, events


def test_hundreds_of_rounds_through_several_shoes() -> None:
    carry = None
    shuffles, statuses = set(), set()
    for n in range(500):
        state, events = random_round(n, carry, thorough=n < 20)
        check_money(events, CASINO_WAR.is_over(state), state.settled)
        carry = CASINO_WAR.carry(state)
        shuffles.add(state.shoe.shuffle_no)
        statuses |= {s.status for s in state.seats.values()}
    assert len(shuffles) > 2
    assert {"won", "lost", "surrendered", "won war", "lost war"} <= statuses


def test_bots_bet_the_minimum_and_always_go_to_war() -> None:
    carry = None
    for n in range(60):
        rng = SeededRng(n)
        state = CASINO_WAR.new_round(rules_for(), rng, carry)
        events: list[Event] = []
        for seat in state.seats:
            move = CASINO_WAR.bot_action(state, seat)
            assert move == Action("bet", seat, "main", 100)
            events += CASINO_WAR.apply(state, move, rng)
        events += CASINO_WAR.apply(state, Action("deal"), rng)
        while not CASINO_WAR.is_over(state):
            move = CASINO_WAR.bot_action(state, CASINO_WAR.to_act(state))  # type: ignore[arg-type]
            assert move is not None and move.kind == "war"
            events += CASINO_WAR.apply(state, move, rng)
        assert all(e.bet != "war-tie" for e in events if isinstance(e, Stake))  # P-005
        check_money(events, True, state.settled)
        carry = CASINO_WAR.carry(state)


def test_view_shows_burns_face_down() -> None:
    state, _ = stacked(f"7s 7h {BURN3} Kc 3c 3d 3h 9d")
    act(state, "war")
    view = CASINO_WAR.view(state, None)
    assert view["seats"][0]["burns"] == 3 and view["seats"][0]["hands"][0]["cards"] == ["7s", None, None, None, "Kc"]
    assert view["dealer"]["cards"] == ["7h", None, None, None, "9d"]
