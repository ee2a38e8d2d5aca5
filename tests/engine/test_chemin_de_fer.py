"""Chemin de Fer (seed 004 §25, s.784-902) dealt from stacked shoes: the auction for the shoe,
the Banker's 1x-2x wagers, Banco Suivi, Banco and the partial bets with their coverage, the
Player 5 option, every cell of the Banker's table with its one option (D-200), the house
commission and its rounding, the bank passing, and every cent of each coup."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, Fee, IllegalAction, Refund, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games.baccarat.chemin import CHEMIN_DE_FER as CHEMIN
from webgame.games.baccarat.chemin import CheminState, ccw

from .test_baccarat import CARD, TABLE_2, TWO
from .test_red_dog import stack_shoe

BURN = ["As", "Ad"]  # an ace shown and one more burned at a new shoe (004 s.814)


def rules(**options: Any) -> dict[str, Any]:
    return resolve(load_game("chemin-de-fer").variants["chapter4"], {"options": options} if options else None)


def order(player: str, banker: str, *thirds: str) -> list[str]:
    """Cards one and three to the Player, two and four to the Banker (004 s.853)."""
    p, b = player.split(), banker.split()
    return [p[0], b[0], p[1], b[1], *thirds]


class Table:
    """One table's rounds in a row, every event kept."""

    def __init__(self, **options: Any) -> None:
        self.rules = rules(**options)
        self.rng = SeededRng(7)
        self.state: CheminState = CHEMIN.new_round(self.rules, self.rng, None)
        self.events: list[Event] = []
        self.round_events: list[Event] = []

    def act(self, kind: str, seat: int = SYSTEM_SEAT, amount: int = 0) -> list[Event]:
        out = CHEMIN.apply(self.state, Action(kind, seat, "", amount), self.rng)
        self.events += out
        self.round_events += out
        return out

    def stack(self, cards: Sequence[str]) -> None:
        burn = BURN if self.state.shoe.first_round_after_shuffle else []
        stack_shoe(self.state.shoe, [*burn, *cards])

    def next_round(self) -> None:
        assert CHEMIN.is_over(self.state)
        self.state = CHEMIN.new_round(self.rules, self.rng, CHEMIN.carry(self.state))
        self.round_events = []

    def settled(self) -> dict[tuple[int, str], Settlement]:
        return {(e.seat, e.bet): e for e in self.round_events if isinstance(e, Settlement)}


def banked(banker: int = 4, amount: int = 10000, **options: Any) -> Table:
    t = Table(**options)
    t.act("bid", banker, amount)
    t.act("close")
    return t


def coup(t: Table, cards: Sequence[str]) -> None:
    t.stack(cards)
    t.act("close")


def check_money(events: Sequence[Event]) -> None:
    """Every stake is refunded or settled for exactly what is left of it, and the table's money
    only changes hands: what the punters and the Banker win together is the house commission."""
    staked: Counter[tuple[int, str]] = Counter()
    for e in events:
        if isinstance(e, Stake):
            staked[(e.seat, e.bet)] += e.amount
        elif isinstance(e, Refund):
            staked[(e.seat, e.bet)] -= e.amount
    done = [e for e in events if isinstance(e, Settlement)]
    assert sum(e.stake for e in done) == sum(staked.values())
    fees = sum(e.amount for e in events if isinstance(e, Fee))
    assert sum(e.returned - e.stake for e in done) == 0
    assert fees >= 0


# ---------------------------------------------------------------------------------------
# The shoe goes to the highest bidder (s.819, s.827)
# ---------------------------------------------------------------------------------------
def test_a_new_shoe_is_bid_for_and_the_highest_bid_banks_that_amount() -> None:
    t = Table()
    assert t.state.phase == "bid"
    t.act("bid", 1, 5000)
    t.act("bid", 6, 12000)
    t.act("bid", 3, 8000)
    out = t.act("close")
    assert t.state.banker == 6 and t.state.wager == 12000
    assert Stake(6, "bank", 12000) in out
    assert t.state.phase == "betting"


def test_equal_bids_go_to_the_bidder_nearest_the_dealer_counter_clockwise() -> None:
    """D-203, P-180: counter-clockwise from the dealer runs from the highest seat down."""
    t = Table()
    t.act("bid", 2, 5000)
    t.act("bid", 7, 5000)
    t.act("close")
    assert t.state.banker == 7


def test_a_bid_outside_the_bank_limits_is_refused() -> None:
    t = Table()
    with pytest.raises(IllegalAction):
        t.act("bid", 1, 1000)  # below the $20 bank minimum
    with pytest.raises(IllegalAction):
        t.act("bid", 1, 100100)


def test_counter_clockwise_order_starts_at_the_seats_right() -> None:
    assert ccw(9, 4) == [3, 2, 1, 0, 8, 7, 6, 5]


# ---------------------------------------------------------------------------------------
# Wagers against the bank (s.832-838)
# ---------------------------------------------------------------------------------------
def test_banco_takes_the_whole_bank_alone_and_the_partial_bets_go_back() -> None:
    t = banked(banker=4, amount=10000)
    t.act("against", 3, 3000)
    t.act("banco", 1)
    t.act("against", 2, 2000)
    out = t.stack(order(TWO[7], TWO[6])) or t.act("close")
    assert Refund(3, "against", 3000) in out and Refund(2, "against", 2000) in out
    assert t.state.bets == {1: 10000} and t.state.dominant == 1
    assert t.settled()[(1, "against")].returned == 20000  # Player 7 beats Banker 6: 1 to 1 from the bank
    check_money(t.events)


def test_two_banco_calls_go_to_the_one_nearest_the_banker_counter_clockwise() -> None:
    t = banked(banker=4)
    t.act("banco", 0)
    t.act("banco", 2)
    coup(t, order(TWO[7], TWO[6]))
    assert t.state.bets == {2: 10000}


def test_banco_suivi_comes_before_banco() -> None:
    """s.833: the punter who equaled and lost the last wager has the first option."""
    t = banked(banker=4, amount=10000)
    t.act("banco", 1)
    coup(t, order(TWO[6], TWO[7]))  # the bank wins
    assert t.state.suivi == 1
    t.next_round()
    assert t.state.phase == "bank"
    t.act("bank", 4, 15000)
    with pytest.raises(IllegalAction):
        t.act("suivi", 3)  # only the punter who lost the last bank may
    t.act("banco", 3)
    t.act("suivi", 1)
    out = t.stack(order(TWO[7], TWO[6])) or t.act("close")
    assert Refund(3, "against", 15000) in out
    assert t.state.bets == {1: 15000} and t.state.dominant == 1
    check_money(t.events)


def test_a_stand_off_does_not_count_as_the_preceding_wager() -> None:
    """s.833: after a tie the Suivi stays with the punter who lost the bank before it."""
    t = banked()
    t.act("banco", 1)
    coup(t, order(TWO[6], TWO[7]))
    t.next_round()
    t.act("bank", 4, 10000)
    t.act("against", 2, 1000)
    coup(t, order(TWO[6], TWO[6]))
    assert {e.result for e in t.settled().values()} == {"push"}
    assert t.state.banker == 4 and t.state.suivi == 1
    t.next_round()
    t.act("bank", 4, 10000)
    assert "suivi" in {lg.kind for lg in CHEMIN.legal_actions(t.state, 1)}


def test_partial_bets_cover_the_bank_counter_clockwise_from_the_bankers_right() -> None:
    """s.835: a bank smaller than the bets; the bet that reaches the total is cut, the rest go back."""
    t = banked(banker=4, amount=10000)
    t.act("against", 1, 6000)
    t.act("against", 3, 6000)
    t.act("against", 2, 6000)
    out = t.stack(order(TWO[6], TWO[7])) or t.act("close")
    assert t.state.bets == {3: 6000, 2: 4000}
    assert Refund(2, "against", 2000) in out and Refund(1, "against", 6000) in out
    assert t.state.dominant == 3  # D-202: the largest wager plays the Player hand
    s = t.settled()
    assert s[(4, "bank")].returned == 20000
    check_money(t.events)


def test_the_banker_withdraws_what_nobody_covered() -> None:
    """s.837: only the covered part is at risk; the commission is on what the bank won."""
    t = banked(banker=4, amount=10000)
    t.act("against", 2, 3000)
    coup(t, order(TWO[6], TWO[7]))
    s = t.settled()
    assert (s[(4, "bank")].stake, s[(4, "bank")].returned) == (10000, 13000)
    assert [e.amount for e in t.round_events if isinstance(e, Fee)] == [150]


def test_equal_partial_bets_hand_the_player_hand_to_the_nearest_counter_clockwise() -> None:
    t = banked(banker=4)
    t.act("against", 0, 3000)
    t.act("against", 2, 3000)
    coup(t, order(TWO[6], TWO[7]))
    assert t.state.dominant == 2


def test_the_banker_cannot_bet_against_the_bank_nor_a_punter_above_it() -> None:
    t = banked(banker=4, amount=10000)
    with pytest.raises(IllegalAction):
        t.act("banco", 4)
    with pytest.raises(IllegalAction):
        t.act("against", 1, 10100)


# ---------------------------------------------------------------------------------------
# The Player 5 (s.858-860) and the Banker's table with its option (s.865-869, D-200)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("call,drawn", [("card", 3), ("stay", 2)])
def test_the_dominant_player_chooses_on_a_five(call: str, drawn: int) -> None:
    t = banked(banker=4)
    t.act("against", 1, 2000)
    t.act("against", 2, 5000)
    coup(t, order(TWO[5], TWO[7], "Kd"))
    assert t.state.phase == "player" and CHEMIN.to_act(t.state) == 2
    assert CHEMIN.legal_actions(t.state, 1) == []
    with pytest.raises(IllegalAction):
        t.act(call, 1)
    t.act(call, 2)
    assert len(t.state.player) == drawn and CHEMIN.is_over(t.state)
    check_money(t.events)


def test_a_player_five_left_to_the_clock_draws() -> None:
    t = banked(banker=4)
    t.act("banco", 1)
    coup(t, order(TWO[5], TWO[7], "Kd"))
    assert CHEMIN.timeout_action(t.state) == Action("card")


@pytest.mark.parametrize("player", [0, 1, 2, 3, 4, 6, 7])
def test_the_player_has_no_choice_outside_five(player: int) -> None:
    t = banked(banker=4)
    t.act("banco", 1)
    coup(t, order(TWO[player], TWO[7], "Kd"))
    assert CHEMIN.is_over(t.state)
    assert len(t.state.player) == (3 if player <= 4 else 2)


@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_the_banker_follows_table_2_with_its_one_option(banker: int, third: int) -> None:
    """Every cell of Table 2 (004 s.986-1003); Banker 3 against a 9 is the Banker's (D-200)."""
    t = banked(banker=4)
    t.act("banco", 1)
    coup(t, order(TWO[0], TWO[banker], CARD[third], "Kd"))
    if (banker, third) == (3, 9):
        assert t.state.phase == "banker" and CHEMIN.to_act(t.state) == 4
        assert CHEMIN.timeout_action(t.state) == Action("draw")
        return
    assert CHEMIN.is_over(t.state)
    assert len(t.state.banker_cards) == (3 if TABLE_2[banker][third] == "D" else 2), t.state.drawing


@pytest.mark.parametrize("choice,cards", [("draw", 3), ("stand", 2)])
def test_the_banker_chooses_on_three_against_a_nine(choice: str, cards: int) -> None:
    t = banked(banker=4)
    t.act("banco", 1)
    coup(t, order(TWO[0], TWO[3], "9h", "Kd"))
    with pytest.raises(IllegalAction):
        t.act(choice, 1)
    t.act(choice, 4)
    assert len(t.state.banker_cards) == cards
    assert "the Banker's option" in t.state.drawing
    check_money(t.events)


@pytest.mark.parametrize("banker", range(8))
def test_the_banker_draws_on_0_to_5_when_the_player_stayed(banker: int) -> None:
    t = banked(banker=4)
    t.act("banco", 1)
    coup(t, order(TWO[7], TWO[banker], "Kd"))
    assert len(t.state.banker_cards) == (3 if banker <= 5 else 2)


def test_a_natural_ends_the_coup_before_any_option() -> None:
    """D-201: a two-card 8 or 9 on either hand; the Player's 5 gets no choice."""
    t = banked(banker=4)
    t.act("banco", 1)
    coup(t, order(TWO[5], TWO[8]))
    assert CHEMIN.is_over(t.state) and t.state.winner == "banker"


# ---------------------------------------------------------------------------------------
# The house commission (s.877, D-205) and the bank passing (s.881-886)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rounding,fee", [("cent", 65), ("quarter-up", 75)])
def test_the_house_takes_five_percent_of_the_banks_win(rounding: str, fee: int) -> None:
    t = banked(banker=4, amount=10000, commission_rounding=rounding)
    t.act("against", 1, 1300)
    coup(t, order(TWO[6], TWO[7]))
    assert [e for e in t.round_events if isinstance(e, Fee)] == [Fee(4, fee, "house commission 5% of $13")]
    assert t.settled()[(4, "bank")].returned == 11300


def test_no_commission_when_the_bank_loses_or_ties() -> None:
    for cards in (order(TWO[7], TWO[6]), order(TWO[6], TWO[6])):
        t = banked(banker=4)
        t.act("banco", 1)
        coup(t, cards)
        assert not [e for e in t.round_events if isinstance(e, Fee)]


def test_a_losing_bank_passes_and_the_auction_starts_at_the_bankers_right() -> None:
    t = banked(banker=4, amount=10000)
    t.act("banco", 1)
    coup(t, order(TWO[7], TWO[6]))
    s = t.settled()
    assert (s[(1, "against")].returned, s[(4, "bank")].returned) == (20000, 0)
    v = CHEMIN.view(t.state, None)
    assert v["banker"] == 4 and v["passes"]  # the felt shows who held the shoe for the coup
    t.next_round()
    assert t.state.phase == "bid" and t.state.banker is None
    t.act("bid", 0, 5000)
    t.act("bid", 3, 5000)
    t.act("close")
    assert t.state.banker == 3  # nearest the old Banker's right (s.884, P-182)


def test_a_winning_banker_wagers_again_between_one_and_two_times_the_last() -> None:
    t = banked(banker=4, amount=10000)
    t.act("banco", 1)
    coup(t, order(TWO[6], TWO[7]))
    t.next_round()
    lg = {x.kind: x for x in CHEMIN.legal_actions(t.state, 4)}
    assert (lg["bank"].min, lg["bank"].max) == (10000, 20000) and "pass" in lg
    for bad in (9900, 20100):
        with pytest.raises(IllegalAction):
            t.act("bank", 4, bad)
    assert CHEMIN.timeout_action(t.state) == Action("pass", 4)  # D-009 (c)
    t.act("bank", 4, 20000)
    assert t.state.wager == 20000


def test_a_voluntary_pass_goes_to_the_first_bidder_who_meets_the_last_wager() -> None:
    """s.885: counter-clockwise from the passer's right, 1x-2x the last wager; the passer sits out."""
    t = banked(banker=4, amount=10000)
    t.act("banco", 1)
    coup(t, order(TWO[6], TWO[7]))
    t.next_round()
    t.act("pass", 4)
    assert t.state.phase == "bid"
    with pytest.raises(IllegalAction):
        t.act("bid", 4, 10000)
    t.act("bid", 7, 50000)  # the highest, but above twice the last wager
    t.act("bid", 1, 15000)
    t.act("bid", 2, 12000)
    t.act("close")
    assert t.state.banker == 2 and t.state.wager == 12000
    assert Stake(2, "bank", 12000) in t.round_events


def test_a_new_shoe_puts_the_bank_up_for_bidding_again() -> None:
    t = banked(banker=4)
    t.act("banco", 1)
    coup(t, order(TWO[6], TWO[7]))
    t.state.shoe.cut_card_out = True
    t.next_round()
    assert t.state.phase == "bid" and t.state.banker is None


# ---------------------------------------------------------------------------------------
# Clocks, bots, the view and the state
# ---------------------------------------------------------------------------------------
def test_bots_bid_bank_and_call_banco() -> None:
    t = Table()
    for seat in (2, 5):
        a = CHEMIN.bot_action(t.state, seat)
        assert a is not None and a.kind == "bid"
        t.act(a.kind, a.seat, a.amount)
    t.act("close")
    a = CHEMIN.bot_action(t.state, 1)
    assert a == Action("banco", 1)
    t.act(a.kind, a.seat)
    assert CHEMIN.bot_action(t.state, 0) == Action("against", 0, amount=500)


def test_the_player_hand_is_hidden_from_the_table_while_its_five_is_open() -> None:
    t = banked(banker=4)
    t.act("banco", 1)
    coup(t, order(TWO[5], TWO[7], "Kd"))
    assert CHEMIN.view(t.state, 1)["player"]["cards"] == TWO[5].split()
    assert CHEMIN.view(t.state, 4)["player"]["cards"] == []
    assert CHEMIN.view(t.state, 4)["banker_hand"]["cards"] == []
    t.act("stay", 1)
    v = CHEMIN.view(t.state, None)
    assert v["banker_hand"]["total"] == 7 and v["bank"] == 10000 and v["banker"] == 4


def test_the_state_round_trips() -> None:
    t = banked(banker=4)
    t.act("banco", 1)
    coup(t, order(TWO[5], TWO[7], "Kd"))
    assert round_trips(t.state)
    assert CHEMIN.load(CHEMIN.dump(t.state)) == t.state
