"""21st Century Free Bet Blackjack on the player-dealer table (003 §46-§47), dealt from stacked
shoes: the Bonus aces in the shoe, the Natural of 21½ paid 6 to 5 before the player-dealer (P/D)
draws, free doubles and free splits matched by the P/D (the lammer, D-126), the own-money double
on 2-8 and split of ten-values, the P/D's 22 pushing every hand in action (D-127), its suited
7-8-9 pushing closer over hands, the peek only under a Bonus ace and a Natural found after play
(D-130), Push 22 at 11 to 1, the settlement order within a seat and a bank that runs out.

Seat 0 banks; seats 1, 2 and 3 bet."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tests.engine.california import pdblackjack
from tests.engine.california import test_player_dealer_editions as editions_check
from tests.engine.california.pdblackjack import BETTORS, PD, act, kinds, nets, results
from tests.engine.california.pdhelp import pd_engine, seated
from webgame.engine.paytable import load_game
from webgame.engine.protocol import Action, Event, IllegalAction, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.blackjack import FREE_BET_21ST_CENTURY
from webgame.games.blackjack.engine import over_scale_result
from webgame.games.california import action as seats_action
from webgame.games.california.coverage import Outcome, in_settlement_order
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable, position

GAME = "21st-century-free-bet-blackjack"
VARIANT = "crystal-park"
BA, BA2 = "As+bonus", "Ah+bonus"  # every ace of this shoe is a Bonus ace (003 s.2703)


def rules_for(**options: Any) -> dict[str, Any]:
    return pdblackjack.rules_for(GAME, VARIANT, **options)


def deal(hands: Sequence[Sequence[str]], dealer: Sequence[str], draws: Sequence[str] = (), **kw: Any
         ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    return pdblackjack.deal_round(GAME, VARIANT, hands, dealer, draws, **kw)


def check_money(events: Sequence[Event], stake: int) -> Settlement:
    """A Free Bet lammer, staked by nobody, shows only when it wins, paid by the bank (D-126)."""
    return pdblackjack.check_money(events, stake, fees=False, lammers=True)


def stand_all(engine: PlayerDealerTable, state: PlayerDealerState, events: list[Event], stake: int = 100000
              ) -> Settlement:
    pdblackjack.play_out(engine, state, events, stand=True)
    return check_money(events, stake)


def double_offer(engine: PlayerDealerTable, state: PlayerDealerState, seat: int) -> Any:
    return next((lg for lg in engine.legal_actions(state, seat) if lg.kind == "double"), None)


# ---------------------------------------------------------------------------------------
# The game and its shoe
# ---------------------------------------------------------------------------------------
def test_a_player_dealer_edition_on_the_blackjack_engine_with_the_printed_fee_options() -> None:
    assert set(load_game(GAME).variants) == {VARIANT}
    assert registry.engine(GAME) is FREE_BET_21ST_CENTURY and pd_engine(GAME, VARIANT).inner is FREE_BET_21ST_CENTURY
    editions_check.test_collection_fee_choices_are_the_editions_schedules(GAME, VARIANT)
    assert pd_engine(GAME, VARIANT).edition(rules_for()).backline == "none"  # 003 s.2771, D-474


def test_every_ace_in_the_shoe_is_a_bonus_ace() -> None:
    state = FREE_BET_21ST_CENTURY.new_round(rules_for(decks=8), SeededRng(0), None)
    aces = [c for c in state.shoe.remaining if c[0] == "A"]
    assert len(state.shoe.remaining) == 416 and len(aces) == 32 and all(c.endswith("+bonus") for c in aces)


@pytest.mark.parametrize("seed", range(6))
def test_random_hands_settle_in_order_within_the_stake(seed: int) -> None:
    """Per seat: the base wager, then Push 22, then the Free Double or Free Split and any other
    wager a double or split added (003 s.2839); the bank pays in that order from the action seat
    until its stake runs out, and every later wager goes back whole."""
    chooser = random.Random(seed)
    engine = pd_engine(GAME, VARIANT)
    rules = rules_for()
    ed = engine.edition(rules)
    state = seated(engine, rules, [PD, *BETTORS])
    stake = engine.bank_limit(rules)[0] * chooser.choice([1, 2, 20])
    events = engine.apply(state, Action("bank", PD, "", stake), SeededRng(1))
    events += editions_check.play_out(engine, state, chooser, list(BETTORS))
    check_money(events, stake)
    players = [e for e in events if isinstance(e, Settlement) and e.seat != PD]
    order = seats_action.settlement_order(engine._layout(state), position(state.action_seat or 0), ed.action.settle)
    outcomes = [Outcome(position(e.seat), e.seat, e.bet, e.stake, 0) for e in players]
    assert [o.bet for o in in_settlement_order(outcomes, order, ed.wager_order)] == [e.bet for e in players]
    if NO_ACTION in [e.result for e in players]:
        first = [e.result for e in players].index(NO_ACTION)
        assert all(e.result == NO_ACTION and e.returned == e.stake for e in players[first:])


# ---------------------------------------------------------------------------------------
# The Natural, the P/D's 22 and the over hands
# ---------------------------------------------------------------------------------------
def test_a_natural_is_paid_6_to_5_before_the_pd_draws_its_22() -> None:
    """003 s.2775, s.2836: the Natural is paid before the P/D hits; the 22 then pushes the 19."""
    engine, state, events = deal([[BA, "Kd"], ["Tc", "9h"]], ["9d", "7h"], ["6c"])
    stand_all(engine, state, events)
    assert [c[0] for c in state.inner.dealer] == ["9", "7", "6"]
    assert nets(events, 1) == {"main": 1200} and results(events, 2) == {"main": "push"}


def test_the_pds_22_pushes_every_hand_in_action_over_hands_and_free_bets_too() -> None:
    """D-127: a player's 21 from a free double and a player's over 23 both push; the free
    portion is worth nothing."""
    engine, state, events = deal([["5c", "6d"], ["Tc", "5d"]], ["9d", "7h"], ["Kc", "8s", "6c"])
    events += act(engine, state, "double", 1, 1000)
    events += act(engine, state, "hit", 2)
    assert state.inner.seats[2].hands[0].status == "over"
    stand_all(engine, state, events)
    assert nets(events, 1) == {"main": 0} and nets(events, 2) == {"main": 0}  # the lammer: nothing to settle


@pytest.mark.parametrize(("player", "dealer", "expect"), [
    (["Tc", "8d"], ["9s", "7h", "7c"], "win"),          # under against the P/D's 23 wins (s.2777)
    (["Tc", "5d", "8s"], ["Ts", "8h"], "lose"),         # over against under (s.2778)
    (["Tc", "8d"], ["Ts", "8h"], "push"),               # equal under (s.2780)
    (["Tc", "5d", "8s"], ["9s", "6h", "Tc"], "lose"),   # both over, the player closer still loses (s.2786)
    (["Tc", "5d", "8s"], ["7h", "8h", "9h"], "push"),   # …except against the P/D's suited 7-8-9
    (["Tc", "5d", "8s"], ["7h", "8h", "9c"], "lose"),   # of one suit only
    (["Tc", "6d", "8s"], ["7h", "8h", "9h"], "lose"),   # a tie over a Natural: the P/D is not farther
    (["Tc", "5d", "7s"], ["9s", "7h", "6c"], "push"),   # the P/D's 22 (D-127), even against a player 22
])
def test_the_comparison(player: list[str], dealer: list[str], expect: str) -> None:
    assert over_scale_result(rules_for(), player, dealer)[0] == expect


def test_a_suited_7_8_9_pushes_a_closer_over_hand_through_a_whole_round() -> None:
    engine, state, events = deal([["Tc", "5d"], ["Tc", "8d"]], ["7h", "8h"], ["8s", "9h"])
    events += act(engine, state, "hit", 1)  # 23: over, waits
    stand_all(engine, state, events)
    assert results(events, 1) == {"main": "push"} and nets(events, 2) == {"main": 1000}  # 18 against 24


# ---------------------------------------------------------------------------------------
# Free doubles and splits, and the player's own
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("draw", "dealer_draw", "net"), [
    ("9h", "Tc", {"main": 1000, "main/double": 1000}),  # 20 against 26: the P/D pays the lammer too (D-126)
    ("2h", "2c", {"main": -1000}),                      # 13 against 18: the lammer costs nothing
])
def test_a_free_double_on_hard_11(draw: str, dealer_draw: str, net: dict[str, int]) -> None:
    engine, state, events = deal([["5c", "6d"]], ["9d", "7h"], [draw, dealer_draw])
    offer = double_offer(engine, state, 1)
    assert (offer.min, offer.max) == (1000, 1000)
    assert offer.label == "Double for free: the player-dealer puts a Free Bet on it"
    events += act(engine, state, "double", 1, 1000)
    assert not [e for e in events if isinstance(e, Stake) and e.bet == "main/double"]  # no money from the player
    stand_all(engine, state, events)
    assert nets(events, 1) == net


@pytest.mark.parametrize(("cards", "free", "own"), [
    (["5c", "4d"], True, False),    # hard 9: free (003 s.2798)
    (["2c", "4d"], False, True),    # 6: own money (s.2792)
    (["Ac", "7d"], False, True),    # A-7 counts 8 with the ace as 1 (D-129)
    (["Ac", "8d"], False, False),   # neither (D-129)
    (["Tc", "2d"], False, False),   # hard 12: no double
])
def test_which_two_cards_double_and_how(cards: list[str], free: bool, own: bool) -> None:
    cards = [BA if c == "Ac" else c for c in cards]
    engine, state, events = deal([cards], ["9d", "7h"], ["2h", "Tc"])
    offer = double_offer(engine, state, 1)
    assert (offer is not None) is (free or own)
    if offer is None:
        return
    assert ("free" in offer.label.lower()) is free
    assert (offer.min, offer.max) == (1000, 1000)  # the full wager (P-207)
    events += act(engine, state, "double", 1, 1000)
    assert bool([e for e in events if isinstance(e, Stake) and e.bet == "main/double"]) is own


def test_a_free_split_puts_the_pds_lammer_on_the_second_hand() -> None:
    """003 s.2812: the first card keeps the base wager, the second the free bet; both win."""
    engine, state, events = deal([["8c", "8d"]], ["9d", "7h"], ["Th", "Ts", "Tc"])
    events += act(engine, state, "split", 1, 1000)
    assert not [e for e in events if isinstance(e, Stake) and e.bet == "main/2"]
    stand_all(engine, state, events)
    assert nets(events, 1) == {"main": 1000, "main/2": 1000}  # 18s against the P/D's 26, the lammer paid


def test_ten_value_pairs_split_with_the_players_own_money_and_aces_free_once() -> None:
    engine, state, events = deal([["Kc", "Qd"], [BA, BA2]], ["9d", "7h"], ["9h", "Ts", BA, "5c"])
    split = next(lg for lg in engine.legal_actions(state, 1) if lg.kind == "split")
    assert "free" not in split.label.lower()
    events += act(engine, state, "split", 1, 1000)
    assert [e for e in events if isinstance(e, Stake) and e.bet == "main/2"]
    while engine.to_act(state) == 1:
        events += act(engine, state, "stand", 1)
    split = next(lg for lg in engine.legal_actions(state, 2) if lg.kind == "split")
    assert "free" in split.label.lower()
    events += act(engine, state, "split", 2, 1000)
    assert engine.to_act(state) != 2  # one card each, no resplit (003 s.2813)
    assert [len(h.cards) for h in state.inner.seats[2].hands] == [2, 2]


def test_no_surrender() -> None:
    engine, state, _ = deal([["Tc", "6d"]], ["9d", "7h"])
    assert "surrender" not in kinds(engine, state, 1)


# ---------------------------------------------------------------------------------------
# The peek, and a Natural found after play
# ---------------------------------------------------------------------------------------
def test_the_pd_peeks_only_under_a_bonus_ace_and_insurance_is_half() -> None:
    engine, state, events = deal([["Tc", "9d"]], [BA, "Kc"])
    offer = next(lg for lg in engine.legal_actions(state, 1) if lg.kind == "insurance")
    assert (offer.min, offer.max) == (500, 500)
    with pytest.raises(IllegalAction):
        act(engine, state, "insurance", 1, 200)
    events += act(engine, state, "insurance", 1, 500)
    assert engine.is_over(state)
    assert nets(events, 1) == {"insurance": 1000, "main": -1000}


def test_a_natural_under_a_ten_is_found_after_play_and_takes_only_original_wagers() -> None:
    """D-130: no peek under a ten; the own-money double goes back, the free double costs
    nothing, the original wagers lose, and the player's Natural pushes."""
    engine, state, events = deal([["2c", "3d"], [BA, "Kd"], ["5c", "6d"]], ["Kc", BA2], ["9h", "2h"])
    assert not state.inner.peeked and state.inner.phase == "play"
    assert not nets(events, 2)  # the Natural waits for the hole card
    events += act(engine, state, "double", 1, 1000)
    events += act(engine, state, "double", 3, 1000)
    stand_all(engine, state, events)
    assert nets(events, 1) == {"main": -1000, "main/double": 0}
    assert results(events, 1)["main/double"] == "push"
    assert results(events, 2) == {"main": "push"}
    assert nets(events, 3) == {"main": -1000}  # the free double: nothing
    assert len(state.inner.dealer) == 2


# ---------------------------------------------------------------------------------------
# Push 22
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("dealer_draw", "won"), [("6c", 11000), ("5c", -1000)])
def test_push_22_pays_11_to_1_on_the_pds_22(dealer_draw: str, won: int) -> None:
    """003 s.2835, s.2844."""
    engine, state, events = deal([["Tc", "9d"]], ["9d", "7h"], [dealer_draw],
                                 bets={1: {"main": 1000, "push-22": 1000}})
    stand_all(engine, state, events)
    assert nets(events, 1)["push-22"] == won


def test_push_22_may_not_exceed_the_base_wager_and_rides_when_every_hand_is_a_natural() -> None:
    """003 s.2840; D-132: the P/D completes its hand for the Push 22 alone."""
    engine, state, events = deal([[BA, "Kd"]], ["9d", "7h"], ["6c"], bets={1: {"main": 1000, "push-22": 1000}})
    stand_all(engine, state, events)
    assert len(state.inner.dealer) == 3
    assert nets(events, 1) == {"main": 1200, "push-22": 11000}
    engine = pd_engine(GAME, VARIANT)
    state = seated(engine, rules_for(), [PD, 1])
    engine.apply(state, Action("bank", PD, "", 100000), SeededRng(1))
    engine.apply(state, Action("bet", 1, "main", 1000), SeededRng(1))
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("bet", 1, "push-22", 1100), SeededRng(1))


def test_a_seat_settles_its_base_wager_then_push_22_then_its_free_double() -> None:
    """003 s.2839: a $20 bank against a seat's $10 base win, $10 Push 22 loss and $10 free
    double win: the base wager is paid and the Push 22 collected, which uses the whole stake
    (D-465), so the free double that comes last is not reached; with a $30 bank it is paid."""
    engine, state, events = deal([["5c", "6d"]], ["9d", "7h"], ["9h", "Tc"],
                                 bets={1: {"main": 1000, "push-22": 1000}}, stake=2000)
    events += act(engine, state, "double", 1, 1000)
    stand_all(engine, state, events, stake=2000)
    settled = [e for e in events if isinstance(e, Settlement) and e.seat == 1]
    assert [e.bet for e in settled] == ["main", "push-22"]
    assert [e.net for e in settled] == [1000, -1000]
    engine, state, events = deal([["5c", "6d"]], ["9d", "7h"], ["9h", "Tc"],
                                 bets={1: {"main": 1000, "push-22": 1000}}, stake=3000)
    events += act(engine, state, "double", 1, 1000)
    stand_all(engine, state, events, stake=3000)
    settled = [e for e in events if isinstance(e, Settlement) and e.seat == 1]
    assert [(e.bet, e.net) for e in settled] == [("main", 1000), ("push-22", -1000), ("main/double", 1000)]


def test_the_pds_hole_card_counted_from_the_dealers_left_sets_the_action_seat() -> None:
    """003 s.2768 (mapping C, D-479): a hole-card 3 names the third seat from the house dealer's
    left, the P/D's seat not counted."""
    engine, state, events = deal([["Tc", "8d"], ["Tc", "8s"], ["Th", "8h"]], ["9d", "3h"], ["5c", "Kc"])
    stand_all(engine, state, events)
    assert state.action_card == "3h"
    assert position(state.action_seat) == 4  # seats 2, 3, 4 are the players' first three
