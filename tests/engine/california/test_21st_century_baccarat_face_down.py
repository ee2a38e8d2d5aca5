"""21st Century Baccarat, New Version Face Down (003 §17, s.685-829) on the player-dealer
table, dealt from stacked shoes: every position's own two cards, the must-hit, option and
must-stand totals, double down and surrender, the jokers (wild: a hand with one counts 9; two
are a Natural), the deal that ends on a P/D joker up card or two-card 9, the P/D's draw and its
choice on 6, the bonus schedule, the P/D's ties on 0-4, the hole card that names the action seat
(a joker: Seat 8) and a bank that runs out; the money of every hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_baccarat_player_dealer import check_money, nets, results
from tests.engine.test_red_dog import stack_shoe
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Event, Fee, IllegalAction
from webgame.engine.rng import SeededRng
from webgame.games.baccarat.facedown import NATURAL, hand_total, rank
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable

GAME, VARIANT = "21st-century-baccarat", "face-down"
PD = 0


def start(cards: Sequence[str], bets: Mapping[int, int], stake: int = 100000, seats: Sequence[int] = (PD, 1, 2, 3)
          ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event], SeededRng]:
    """Spot 1 banks ``stake``; ``cards`` as they go out: each bettor's first card from the
    P/D's left, the P/D's up card, each bettor's second, the P/D's hole card, then the draws."""
    engine = pd_engine(GAME, VARIANT)
    state = seated(engine, resolve(load_game(GAME).variants[VARIANT], None), seats)
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", stake), rng)
    stack_shoe(state.inner.shoe, list(cards))
    for seat, amount in bets.items():
        events += engine.apply(state, Action("bet", seat, "main", amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), rng)
    return engine, state, events, rng


def hand(cards: Sequence[str], bets: Mapping[int, int], choices: Mapping[int, Action] | None = None,
         bank: str | None = None, stake: int = 100000, seats: Sequence[int] = (PD, 1, 2, 3)
         ) -> tuple[PlayerDealerState, list[Event]]:
    engine, state, events, rng = start(cards, bets, stake, seats)
    if state.inner.window == "play":
        assert set(state.inner.waiting) == set(choices or {})
        for action in (choices or {}).values():
            events += engine.apply(state, action, rng)
    else:
        assert not choices, "nobody had a choice"
    if state.inner.window == "bank":
        assert bank and state.inner.waiting == [PD]
        events += engine.apply(state, Action(bank, PD), rng)
    else:
        assert bank is None, "the bank had no choice"
    assert engine.is_over(state)
    check_money(events, stake)
    return state, events


def hit(seat: int) -> Action:
    return Action("hit", seat)


def stand(seat: int) -> Action:
    return Action("stand", seat)


# ---------------------------------------------------------------------------------------
# Jokers and the shoe
# ---------------------------------------------------------------------------------------
def test_eight_decks_and_eight_jokers():
    """003 s.715, s.735: one joker added to each of eight decks."""
    _, state, _, _ = start(["4s", "5h", "3c", "3d", "2h", "Kd"], {1: 1000})
    shoe = state.inner.shoe
    assert shoe.size == 424
    assert sum(c == "JK" for c in shoe.remaining + shoe.in_play + shoe.discards) == 8


def test_a_joker_counts_nine_and_two_jokers_are_a_natural():
    """Rule 7 (wild, any value 0-9; D-178: the best), rule 2: two jokers a Natural above all 9s."""
    assert hand_total(["JK", "5s"]) == 9 and hand_total(["4s", "3c", "JK"]) == 9
    assert rank(["JK", "JK"]) == NATURAL and rank(["9s", "Kd"]) == 9


# ---------------------------------------------------------------------------------------
# The deal that ends at once
# ---------------------------------------------------------------------------------------
def test_a_joker_up_card_ends_the_deal_and_pushes_only_the_9s():
    """Rule 11: a P/D joker up card concludes the deal; it wins everything but a 9 (push) and
    a Natural (wins 3 to 1, rule 21, D-179)."""
    state, events = hand(["9s", "JK", "8c", "JK", "Th", "Kd", "7c", "2h"], {1: 1000, 2: 1000, 3: 1000})
    # Spot 2: 9 + T = 9 pushes; Spot 3: JK + K = 9 pushes; Spot 4: 8 + 7 = 5 loses
    assert state.inner.concluded == "a joker up" and all(len(h) == 2 for h in state.inner.hands.values())
    assert results(events, 1) == {"main": "push"} and results(events, 2) == {"main": "push"}
    assert nets(events, 3) == {"main": -1000}


def test_a_two_card_9_ends_the_deal_a_natural_beats_it():
    """Rules 12-13: the P/D's two-card 9 ends the deal; a player Natural wins 3 to 1; a player
    two-card 9 pushes; a 7 loses."""
    state, events = hand(["JK", "JK", "4s", "4c", "JK", "4d", "3d", "5h"], {1: 1000, 2: 1000, 3: 1000})
    # Spot 2: JK JK (a Natural); Spot 3: JK 4 (a 9); Spot 4: 4 3 = 7; the P/D: 4 up, 5 down
    assert state.inner.banker == ["4c", "5h"] and state.inner.concluded == "a two-card 9"
    assert nets(events, 1) == {"main": 3000}
    assert results(events, 2) == {"main": "push"}
    assert nets(events, 3) == {"main": -1000}


def test_a_player_dealer_natural_pushes_only_a_natural():
    """Rule 21: a P/D Natural wins every hand, any 9 too, except a player Natural: a push."""
    state, events = hand(["JK", "9c", "JK", "JK", "Kd", "JK"], {1: 1000, 2: 1000})
    assert state.inner.banker == ["JK", "JK"]
    assert results(events, 1) == {"main": "push"}
    assert nets(events, 2) == {"main": -1000}


# ---------------------------------------------------------------------------------------
# The players' draw and the bonus schedule
# ---------------------------------------------------------------------------------------
def test_a_7_stands_with_no_choice_and_the_bank_hits_its_5():
    """Rule 18: must stand on 7 and above (no window); rule 19: the P/D hits on 5 or below."""
    state, events = hand(["4s", "2h", "3c", "3d", "Kh"], {1: 1000})
    assert state.inner.hands[1] == ["4s", "3c"] and state.inner.banker == ["2h", "3d", "Kh"]
    assert nets(events, 1) == {"main": 1000}  # 7 beats 5: 1 to 1


def test_a_three_card_9_hit_from_a_5_pays_2_to_1():
    """Rule 17, s.751: a winning three-card 9 after hitting on 5 or 6 pays 2 to 1; the P/D's 7
    stands (rule 19)."""
    state, events = hand(["2s", "4h", "3c", "3d", "4c"], {1: 1000}, {1: hit(1)})
    assert state.inner.hands[1] == ["2s", "3c", "4c"]
    assert nets(events, 1) == {"main": 2000}


def test_a_three_card_8_hit_from_a_6_pays_2_to_1():
    _, events = hand(["2s", "4h", "4c", "3d", "2c"], {1: 1000}, {1: hit(1)})
    assert nets(events, 1) == {"main": 2000}


def test_a_three_card_9_from_a_must_hit_4_pays_even_money():
    """The bonus is for hitting on 5 or 6 only (s.751): from a 4 a three-card 9 pays 1 to 1."""
    state, events = hand(["2s", "4h", "2c", "3d", "5c"], {1: 1000}, {1: hit(1)})
    assert state.inner.hands[1] == ["2s", "2c", "5c"]
    assert nets(events, 1) == {"main": 1000}


def test_the_house_way_on_the_clock_hits_5_and_stands_6():
    """Rule 22, D-009: the clock plays the House Way for a position; never a double or a
    surrender."""
    engine, state, events, rng = start(["2s", "3s", "4h", "3c", "3d", "Kh", "5c", "9c"], {1: 1000, 2: 1000})
    assert {a.kind for a in engine.legal_actions(state, 1)} >= {"hit", "stand", "double", "surrender"}
    events += engine.apply(state, Action("timeout", -1), rng)
    assert state.inner.choices == {1: "hit", 2: "stand"}
    assert state.inner.hands[1] == ["2s", "3c", "5c"] and state.inner.hands[2] == ["3s", "3d"]
    assert state.inner.banker == ["4h", "Kh", "9c"]  # the P/D's 4 hits to 3
    assert nets(events, 1) == {"main": -1000} and nets(events, 2) == {"main": 1000}  # 0 and 6 against 3
    check_money(events, 100000)


def test_a_must_hit_4_cannot_stand_and_a_7_cannot_hit():
    """D-180: the felt enforces the must-hit and must-stand totals, so no hand is fouled."""
    engine, state, _, rng = start(["2s", "4s", "5h", "2c", "3d", "3h"], {1: 1000, 2: 1000})
    assert {a.kind for a in engine.legal_actions(state, 1)} - {"next"} == {"hit", "double", "surrender"}
    assert 2 not in state.inner.waiting  # a 7 stands with no choice
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("stand", 1), rng)


# ---------------------------------------------------------------------------------------
# Double down and surrender
# ---------------------------------------------------------------------------------------
def test_a_doubled_hand_that_wins_is_paid_1_to_1_on_the_whole_stake():
    """Rule 29 (s.743), D-177: even a three-card 9 from a 5 pays 1 to 1 once doubled; D-175: a
    double up to the wager. The fee is not taken on the double (catalog-003 cross-cutting 4)."""
    state, events = hand(["2s", "4h", "3c", "3d", "4c"], {1: 2000}, {1: Action("double", 1, "double", 1500)})
    assert state.inner.hands[1] == ["2s", "3c", "4c"]
    assert nets(events, 1) == {"main": 2000, "double": 1500}
    assert {e.seat: e.amount for e in events if isinstance(e, Fee)} == {1: 100, PD: 100}


def test_a_doubled_hand_that_loses_loses_both():
    _, events = hand(["2s", "7h", "3c", "Kd", "Kc"], {1: 2000}, {1: Action("double", 1, "double", 2000)})
    assert nets(events, 1) == {"main": -2000, "double": -2000}


def test_a_double_is_at_most_the_wager():
    engine, state, _, rng = start(["2s", "4h", "3c", "3d", "4c"], {1: 2000})
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("double", 1, "double", 2100), rng)


def test_surrender_forfeits_half():
    """Rule 15: a 0-6 may surrender and forfeit half the wager; it takes no card."""
    state, events = hand(["2s", "2d", "7h", "3c", "3h", "Kd", "4c"], {1: 1100, 2: 1000},
                         {1: Action("surrender", 1), 2: hit(2)}, seats=(PD, 1, 2))
    assert state.inner.hands[1] == ["2s", "3c"] and state.inner.hands[2] == ["2d", "3h", "4c"]
    assert nets(events, 1) == {"main": -550}  # D-002: the bank's half rounded down
    assert nets(events, 2) == {"main": 2000}


# ---------------------------------------------------------------------------------------
# The player-dealer's draw, its option and the ties
# ---------------------------------------------------------------------------------------
def test_the_bank_chooses_on_6_and_its_clock_stands():
    """Rule 19, D-181: the P/D's option is on 6 only; it may hit."""
    state, events = hand(["4s", "2h", "3c", "4d", "2c"], {1: 1000}, bank="hit")
    assert state.inner.banker == ["2h", "4d", "2c"]  # 6 hits to 8 and beats 7
    assert nets(events, 1) == {"main": -1000}
    engine, state, events, rng = start(["4s", "2h", "3c", "4d"], {1: 1000})
    events += engine.apply(state, Action("timeout", -1), rng)
    assert state.inner.banker == ["2h", "4d"] and nets(events, 1) == {"main": 1000}


def test_the_bank_wins_ties_on_0_to_4_and_ties_on_5_to_9_push():
    """Rule 16: "wins all ties on zero to four, on all other tie numbers are push"."""
    _, events = hand(["2s", "Kh", "2c", "4d", "Tc", "Ts"], {1: 1000}, {1: hit(1)})
    assert nets(events, 1) == {"main": -1000}  # 4 against 4
    _, events = hand(["4s", "Kh", "3c", "7d"], {1: 1000})
    assert results(events, 1) == {"main": "push"}  # 7 against 7


def test_a_joker_hole_card_names_seat_8():
    """D-167, D-182: a joker hole card maps to Seat 8, the 7th position clockwise from the P/D;
    a joker in the P/D's hand is a 9 and ends the deal (rule 12)."""
    state, events = hand(["9s", "2c", "4s", "5h", "Kd", "3c", "3s", "JK"], {1: 1000, 2: 1000, 7: 1000},
                         seats=(PD, 1, 2, 7))
    assert state.action_card == "JK" and state.action_seat == 7
    assert results(events, 1) == {"main": "push"}
    assert nets(events, 2) == {"main": -1000} and nets(events, 7) == {"main": -1000}


@pytest.mark.parametrize(("hole", "first", "short"), [("Ad", 1, 2), ("2h", 2, 1)])
def test_a_short_bank_pays_from_the_seat_its_hole_card_names(hole, first, short):
    """D-167: an ace names Seat 2 (the P/D's left), a deuce Seat 3; both 7s beat the P/D's
    ten-and-card drawn to a 1 or 2; the $10 bank pays the first and the other gets no action."""
    state, events = hand(["4s", "4c", "Th", "3c", "3d", hole, "Ks"], {1: 1000, 2: 1000}, stake=1000,
                         seats=(PD, 1, 2))
    assert state.action_seat == first
    assert nets(events, first) == {"main": 1000}
    assert results(events, short) == {"main": NO_ACTION}


def test_each_position_sees_only_its_own_cards_until_the_settlement():
    engine, state, _, rng = start(["2s", "3s", "4h", "3c", "3d", "Kh"], {1: 1000, 2: 1000})
    mine = engine.view(state, 1)
    assert mine["seats"][1]["cards"] == ["2s", "3c"] and mine["seats"][2]["cards"] == ["", ""]
    assert mine["banker"]["cards"] == ["4h", ""]  # the hole card is down
    engine.apply(state, Action("timeout", -1), rng)
    assert engine.view(state, 1)["seats"][2]["cards"] == ["3s", "3d"]


def test_a_player_dealer_three_card_9_pushes_a_two_card_9():
    """Rule 20: "The player/dealer's three card 9 pushes all players with two card 9"."""
    state, events = hand(["4s", "2h", "5c", "3d", "4h"], {1: 1000})
    assert state.inner.hands[1] == ["4s", "5c"] and state.inner.banker == ["2h", "3d", "4h"]
    assert results(events, 1) == {"main": "push"}


def test_a_joker_drawn_to_a_5_is_a_three_card_9_and_pays_2_to_1():
    """D-178: the joker takes the best value, 9; hit from a 5 it is the bonus's three-card 9."""
    state, events = hand(["2s", "4h", "3c", "3d", "JK"], {1: 1000}, {1: hit(1)})
    assert state.inner.hands[1] == ["2s", "3c", "JK"]
    assert nets(events, 1) == {"main": 2000}


def test_standing_on_a_6_keeps_two_cards():
    state, events = hand(["2s", "4h", "4c", "Kd", "9h"], {1: 1000}, {1: stand(1)})
    assert state.inner.hands[1] == ["2s", "4c"] and state.inner.banker == ["4h", "Kd", "9h"]  # the P/D's 4 hits to 3
    assert nets(events, 1) == {"main": 1000}
