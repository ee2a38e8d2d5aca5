"""Free Bet Blackjack (seed 000 §24, lines 1194-1266): free doubles and splits, the dealer's
22, and how a Free Bet lammer settles, dealt from stacked shoes on the blackjack engine with
the Free Bet rules file. Each test fails if its rule were a blackjack table's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tests.moneyflow import money_flows
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games import registry
from webgame.games.blackjack import FREE_BET, BlackjackState

from .test_blackjack_table import deal_order, stack_shoe

GAME, VARIANT = "free-bet-blackjack", "grand-ronde"
ENGINE = FREE_BET


def rules_for(**options: Any) -> dict[str, Any]:
    return resolve(load_game(GAME).variants[VARIANT], {"options": options} if options else None)


def stacked(hands: Sequence[Sequence[str]], dealer: Sequence[str], draws: Sequence[str] = (), *,
            bets: Mapping[int, int] | None = None) -> tuple[BlackjackState, list[Event]]:
    rng = SeededRng(0)
    state = ENGINE.new_round(rules_for(), rng, None)
    stack_shoe(state.shoe, deal_order(hands, dealer, draws))
    events: list[Event] = []
    for seat, amount in (bets or {k: 1000 for k in range(len(hands))}).items():
        events += ENGINE.apply(state, Action("bet", seat, "main", amount), rng)
    events += ENGINE.apply(state, Action("deal"), rng)
    return state, events


def act(state: BlackjackState, kind: str, seat: int = 0, amount: int = 0) -> list[Event]:
    return ENGINE.apply(state, Action(kind, seat, "", amount), SeededRng(1))


def paid(events: Sequence[Event]) -> dict[tuple[int, str], Settlement]:
    return {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}


def staked(events: Sequence[Event]) -> dict[tuple[int, str], int]:
    return {(e.seat, e.bet): e.amount for e in events if isinstance(e, Stake)}


def legal(state: BlackjackState, kind: str, seat: int = 0) -> Any:
    return next((lg for lg in ENGINE.legal_actions(state, seat) if lg.kind == kind), None)


# ---------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------
def test_registered_as_its_own_game_on_the_blackjack_engine() -> None:
    assert registry.engine(GAME) is FREE_BET and FREE_BET.name == "Free Bet Blackjack"


@pytest.mark.parametrize("decks,ok", [(5, False), (6, True), (7, True), (8, True)])
def test_six_or_more_decks_d601(decks: int, ok: bool) -> None:
    if not ok:
        with pytest.raises(ValueError):
            rules_for(decks=decks)
        return
    assert ENGINE.new_round(rules_for(decks=decks), SeededRng(0), None).shoe.size == 52 * decks


def test_the_maximum_bet_is_1000_s1215() -> None:
    state = ENGINE.new_round(rules_for(), SeededRng(0), None)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Action("bet", 0, "main", 100100), SeededRng(0))


# ---------------------------------------------------------------------------------------
# Free doubles
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("cards", [["5h", "4d"], ["6h", "4d"], ["7h", "4d"], ["9c", "2s"]])
def test_free_double_on_two_card_hard_9_10_11_wins_as_money_s1262(cards: list[str]) -> None:
    state, _ = stacked([cards], ["6c", "Td"], ["Kh", "Ks"])  # the dealer's 16 draws a king: 26
    offer = legal(state, "double")
    assert (offer.min, offer.max) == (1000, 1000) and "free" in offer.label.lower()
    events = act(state, "double", amount=1000)
    assert staked(events) == {}  # the house's Free Bet: nothing leaves the player's chips
    got = paid(events)
    assert (got[(0, "main")].stake, got[(0, "main")].returned) == (1000, 2000)
    assert (got[(0, "main/double")].stake, got[(0, "main/double")].returned) == (0, 1000)  # D-079


def test_a_losing_free_double_costs_nothing_d079() -> None:
    state, _ = stacked([["6h", "4d"]], ["9c", "Td"], ["2h"])
    got = paid(act(state, "double", amount=1000))  # 12 against 19
    assert got[(0, "main")].returned == 0
    assert (got[(0, "main/double")].stake, got[(0, "main/double")].returned) == (0, 0)


@pytest.mark.parametrize("cards", [["Ah", "8d"], ["7h", "5d"], ["4h", "4d"]])
def test_other_two_card_doubles_are_paid_with_own_money_d081_d084(cards: list[str]) -> None:
    state, _ = stacked([cards], ["6c", "Td"], ["2h", "Ks"])
    offer = legal(state, "double")
    assert offer.min == 100 and offer.max == 1000 and "free" not in offer.label.lower()  # s.1252: less allowed
    events = act(state, "double", amount=600)
    assert staked(events) == {(0, "main/double"): 600}


# ---------------------------------------------------------------------------------------
# Free splits
# ---------------------------------------------------------------------------------------
def test_free_split_and_free_resplit_s1263_d080() -> None:
    state, _ = stacked([["8h", "8d"]], ["6c", "Td"], ["8s", "Kc", "9h", "Jc", "Kd"])
    assert "free" in legal(state, "split").label.lower()
    events = act(state, "split", amount=1000)
    assert staked(events) == {}  # the new hand's wager is a Free Bet
    events += act(state, "split", amount=1000)  # 8-8 again: free again
    assert staked(events) == {}
    hands = state.seats[0].hands
    assert [h.free for h in hands] == [[], ["main/3"], ["main/2"]]
    while state.phase == "play":
        events += act(state, "stand")
    got = paid(events)  # 8-K 18, 8-9 17, 8-J 18 against the dealer's 16 + K: bust
    assert (got[(0, "main")].stake, got[(0, "main")].returned) == (1000, 2000)
    assert (got[(0, "main/2")].stake, got[(0, "main/2")].returned) == (0, 1000)
    assert (got[(0, "main/3")].stake, got[(0, "main/3")].returned) == (0, 1000)


def test_ten_value_pairs_split_with_own_money_d081() -> None:
    state, _ = stacked([["Kh", "Qd"]], ["6c", "Td"], ["9s", "8c"])
    assert "free" not in legal(state, "split").label.lower()
    assert staked(act(state, "split", amount=1000)) == {(0, "main/2"): 1000}


def test_aces_split_free_once_one_card_each_s1254() -> None:
    state, _ = stacked([["Ah", "Ad"]], ["6c", "Td"], ["Ac", "5s", "Kd"])
    events = act(state, "split", amount=1000)
    assert staked(events) == {} and state.seats[0].hands[0].status == "stood"
    assert state.phase == "over" or legal(state, "split") is None  # A-A again may not split


def test_free_double_after_a_free_split_s1264() -> None:
    state, _ = stacked([["5h", "5d"]], ["6c", "Td"], ["4c", "Kd", "9h", "Kc"])
    act(state, "split", amount=1000)  # 5-4: hard 9
    assert "free" in legal(state, "double").label.lower()
    events = act(state, "double", amount=1000)
    assert staked(events) == {}
    assert state.seats[0].hands[0].free == ["main/double"]


# ---------------------------------------------------------------------------------------
# The dealer's 22
# ---------------------------------------------------------------------------------------
def test_dealer_22_pushes_every_hand_in_play_s1259() -> None:
    state, _ = stacked([["Th", "8d"], ["6h", "4d"]], ["6c", "6d"], ["Kc", "Qh"])
    act(state, "stand")
    got = paid(act(state, "double", seat=1, amount=1000))  # 10 + K = 20; dealer 12 + Q = 22
    assert got[(0, "main")].returned == 1000 and got[(0, "main")].result == "push"
    assert got[(1, "main")].returned == 1000
    assert (got[(1, "main/double")].stake, got[(1, "main/double")].returned) == (0, 0)  # worth nothing


def test_dealer_23_still_busts() -> None:
    state, _ = stacked([["Th", "8d"]], ["6c", "7d"], ["Qh"])
    got = paid(act(state, "stand"))
    assert got[(0, "main")].returned == 2000


def test_a_blackjack_is_paid_before_the_dealer_makes_22_d082() -> None:
    state, events = stacked([["Ah", "Kd"], ["Th", "8d"]], ["6c", "6d"], ["Qh"])
    assert paid(events)[(0, "main")].returned == 2500
    got = paid(act(state, "stand", seat=1))
    assert got[(1, "main")].returned == 1000  # the 18 pushes against 22


def test_a_busted_hand_loses_even_if_the_dealer_makes_22() -> None:
    state, _ = stacked([["Th", "6d"], ["Th", "8d"]], ["6c", "6d"], ["Kh", "Qh"])
    events = act(state, "hit")  # 26
    got = paid(events + act(state, "stand", seat=1))
    assert got[(0, "main")].returned == 0 and got[(1, "main")].returned == 1000


def test_peek_even_money_and_no_surrender_d601_d083() -> None:
    state, _ = stacked([["Ah", "Kd"]], ["As", "9c"])
    assert {lg.kind for lg in ENGINE.legal_actions(state, 0)} == {"insurance", "decline", "even-money"}
    state, events = stacked([["Th", "6d"]], ["Kc", "Ad"])
    assert state.phase == "over" and paid(events)[(0, "main")].returned == 0
    state, _ = stacked([["Th", "6d"]], ["Kc", "7d"])
    assert legal(state, "surrender") is None


def test_rules_summary_posts_the_free_bet_rules() -> None:
    text = " | ".join(ENGINE.view(ENGINE.new_round(rules_for(), SeededRng(0), None), None)["rules_summary"])
    for words in ("Dealer 22 pushes", "Free doubles on two-card hard 9, 10, 11", "Free splits on every pair but ten-values",
                  "A Free Bet wins as if it were money"):
        assert words in text, words


def test_whole_shoes_played_by_bots_conserve_money() -> None:
    rng = SeededRng("free-bet")
    carry = None
    free_seen = 0
    for _ in range(150):
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
        for key, amount in flows.staked.items():
            assert flows.settled[key].stake == amount
        for key, s in flows.settled.items():
            if key not in flows.staked:  # a Free Bet: paid only on a win, never more than 1 to 1
                assert s.stake == 0 and s.returned in (0, *[h.stake for h in state.seats[key[0]].hands])
                free_seen += 1
        carry = ENGINE.carry(state)
    assert free_seen > 20
