"""Blackjack Switch (seed 004, lines 436-444; D-048 to D-052, D-602): two equal wagers and two
hands a box, the switch of the second cards, the dealer's 22, dealt from stacked shoes on the
blackjack engine with the Switch rules file. Each test fails if its rule were plain blackjack's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from tests.moneyflow import money_flows
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Refund, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games import registry
from webgame.games.blackjack import SWITCH, BlackjackState
from webgame.games.blackjack.strategy import better_switched

from .test_blackjack_table import stack_shoe

GAME, VARIANT = "blackjack-switch", "chapter4"
ENGINE = SWITCH


def rules_for(**options: Any) -> dict[str, Any]:
    return resolve(load_game(GAME).variants[VARIANT], {"options": options} if options else None)


def switch_order(boxes: Sequence[tuple[Sequence[str], Sequence[str]]], dealer: Sequence[str],
                 draws: Sequence[str] = ()) -> list[str]:
    """The shoe order for boxes of two hands: a first card to each hand, box by box, the up
    card, the second cards, the hole card, then ``draws``."""
    order = [h[0] for box in boxes for h in box] + [dealer[0]] + [h[1] for box in boxes for h in box] + [dealer[1]]
    return order + list(draws)


def stacked(boxes: Sequence[tuple[Sequence[str], Sequence[str]]], dealer: Sequence[str],
            draws: Sequence[str] = ()) -> tuple[BlackjackState, list[Event]]:
    rng = SeededRng(0)
    state = ENGINE.new_round(rules_for(), rng, None)
    stack_shoe(state.shoe, switch_order(boxes, dealer, draws))
    events: list[Event] = []
    for seat in range(len(boxes)):
        events += ENGINE.apply(state, Action("bet", seat, "main", 1000), rng)
    events += ENGINE.apply(state, Action("deal"), rng)
    return state, events


def act(state: BlackjackState, kind: str, seat: int = 0, amount: int = 0) -> list[Event]:
    return ENGINE.apply(state, Action(kind, seat, "", amount), SeededRng(1))


def paid(events: Sequence[Event]) -> dict[tuple[int, str], Settlement]:
    return {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}


def kinds(state: BlackjackState, seat: int = 0) -> set[str]:
    return {lg.kind for lg in ENGINE.legal_actions(state, seat)}


def test_registered_as_its_own_game_on_the_blackjack_engine() -> None:
    assert registry.engine(GAME) is SWITCH and SWITCH.name == "Blackjack Switch"
    rules = rules_for()
    assert not rules["dealer_hits_soft_17"] and rules["blackjack_pays"] == "3 to 2"  # D-051, D-052


def test_one_bet_places_two_equal_wagers_and_clear_takes_both_back_d048() -> None:
    state = ENGINE.new_round(rules_for(), SeededRng(0), None)
    events = ENGINE.apply(state, Action("bet", 0, "main", 1500), SeededRng(0))
    assert [(e.bet, e.amount) for e in events if isinstance(e, Stake)] == [("main", 1500), ("main/2", 1500)]
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Action("bet", 0, "main/2", 500), SeededRng(0))  # never unequal
    events = ENGINE.apply(state, Action("clear", 0, "main"), SeededRng(0))
    assert sorted((e.bet, e.amount) for e in events if isinstance(e, Refund)) == [("main", 1500), ("main/2", 1500)]


def test_two_hands_are_dealt_and_the_switch_exchanges_their_second_cards_s444() -> None:
    state, _ = stacked([(["Kh", "6d"], ["9c", "Ad"])], ["7s", "9h"])
    assert [h.cards for h in state.seats[0].hands] == [["Kh", "6d"], ["9c", "Ad"]]
    assert kinds(state) == {"switch", "keep"}
    events = act(state, "switch")
    hands = state.seats[0].hands
    assert [h.cards for h in hands] == [["Kh", "Ad"], ["9c", "6d"]]
    # The switched ace and king is a blackjack, paid 3 to 2 at once (D-051).
    assert paid(events)[(0, "main")].returned == 2500
    assert state.turn_hand == 1 and {"hit", "stand", "double"} <= kinds(state)
    with pytest.raises(IllegalAction):
        act(state, "switch")  # once only


def test_keep_plays_the_hands_as_dealt_first_hand_first() -> None:
    state, _ = stacked([(["Kh", "6d"], ["9c", "Ad"])], ["7s", "9h"], ["5c"])
    act(state, "keep")
    assert [h.cards for h in state.seats[0].hands] == [["Kh", "6d"], ["9c", "Ad"]]
    assert state.turn_hand == 0
    events = act(state, "hit")  # K-6-5 = 21 stands; 9-A = 20 next
    got = paid(events + act(state, "stand"))
    assert got[(0, "main")].returned == 2000 and got[(0, "main/2")].returned == 2000  # against the dealer's 16


def test_a_dealer_22_pushes_but_23_busts_s441_d049() -> None:
    state, _ = stacked([(["Th", "8d"], ["9c", "9d"])], ["6s", "6h"], ["Kd"])
    act(state, "keep")
    act(state, "stand")
    got = paid(act(state, "stand"))
    assert got[(0, "main")].returned == 1000 and got[(0, "main/2")].returned == 1000  # 22 pushes
    state, _ = stacked([(["Th", "8d"], ["9c", "9d"])], ["6s", "7h"], ["Kd"])
    act(state, "keep")
    act(state, "stand")
    got = paid(act(state, "stand"))
    assert got[(0, "main")].returned == 2000 and got[(0, "main/2")].returned == 2000  # 23 busts


def test_a_blackjack_beats_a_dealer_22_and_a_dealer_21_d050() -> None:
    state, _ = stacked([(["Ah", "Kd"], ["Th", "7d"])], ["6s", "6h"], ["Kc"])
    events = act(state, "keep")
    assert paid(events)[(0, "main")].returned == 2500
    got = paid(act(state, "stand"))
    assert got[(0, "main/2")].returned == 1000  # the 17 pushes against 22


def test_a_dealer_blackjack_ends_the_round_with_no_switch_d602() -> None:
    state, events = stacked([(["Ah", "Kd"], ["Th", "7d"])], ["Ks", "Ac"])
    got = paid(events)
    assert state.phase == "over" and not state.seats[0].switched
    assert got[(0, "main")].returned == 1000 and got[(0, "main/2")].returned == 0


def test_insurance_is_up_to_half_of_both_bets_and_even_money_leaves_no_switch_p104() -> None:
    state, _ = stacked([(["Ah", "Kd"], ["Th", "7d"])], ["As", "9h"])
    ins = next(lg for lg in ENGINE.legal_actions(state, 0) if lg.kind == "insurance")
    assert ins.max == 1000  # half of $10 + $10
    events = act(state, "even-money")
    assert paid(events)[(0, "main")].returned == 2000
    assert not state.seats[0].switch_open and state.phase == "play"
    assert "switch" not in kinds(state)


def test_no_surrender_and_splits_count_per_dealt_hand_d052() -> None:
    state, _ = stacked([(["8h", "8d"], ["9c", "7d"])], ["6s", "Th"], ["8c", "8s", "2c", "3c", "4c", "5c"])
    act(state, "keep")
    assert "surrender" not in kinds(state)
    act(state, "split")
    act(state, "split")
    act(state, "split")  # four hands from the first dealt hand
    assert sum(h.origin == 0 for h in state.seats[0].hands) == 4 and "split" not in kinds(state)


def test_the_bot_switches_by_the_table_of_hand_values_and_the_timeout_keeps() -> None:
    # P-272: the two hands' values from the switch table, as dealt and switched, against the up card.
    assert better_switched(["Kh", "6d"], ["9c", "Ad"], "7s", 6)      # K-A blackjack and 9-6 beat K-6 and 9-A
    assert not better_switched(["Kh", "Qd"], ["5c", "6d"], "6s", 6)  # 20 and 11 as dealt, not 16 and 15
    assert better_switched(["Kh", "Qd"], ["9c", "9d"], "7s", 6)  # two 19s against a 7 beat a 20 and an 18
    state, _ = stacked([(["Kh", "6d"], ["9c", "Ad"])], ["7s", "9h"])
    assert ENGINE.timeout_action(state) == Action("keep", 0)  # D-009: no choice made for the player
    assert ENGINE.bot_action(state, 0) == Action("switch", 0)


def test_whole_shoes_played_by_bots_conserve_money() -> None:
    rng = SeededRng("switch")
    carry = None
    switched = 0
    for _ in range(120):
        state = ENGINE.new_round(rules_for(), rng, carry)
        events: list[Event] = []
        for seat in sorted(state.seats):
            action = ENGINE.bot_action(state, seat)
            if action is not None:
                events += ENGINE.apply(state, action, rng)
        events += ENGINE.apply(state, Action("deal", SYSTEM_SEAT), rng)
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)
            assert seat is not None
            action = ENGINE.bot_action(state, seat)
            assert action is not None
            events += ENGINE.apply(state, action, rng)
        assert round_trips(state)
        flows = money_flows(events)
        assert set(flows.staked) == set(flows.settled)
        assert all(flows.settled[k].stake == v for k, v in flows.staked.items())
        switched += sum(box.switched for box in state.seats.values())
        carry = ENGINE.carry(state)
    assert switched > 50
