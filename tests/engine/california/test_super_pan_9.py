"""Super Pan 9 at Lucky Chances (002 §12, s.982-1222) on the player-dealer table, dealt from
stacked shoes with loaded dice: the 36-card decks (D-208), three cards each dealt from the
action spot, one draw card at any total with the House Way on the clock (draw on 5 or less),
the player-dealer's rule (0-3 draws, 4-6 its choice, 7-9 stands: D-209), ties that push
(D-206), even money (D-207), the dice that name the action spot (D-210, D-478), the hands
hidden from the bank while it decides, a bank that runs out, the free hands of a new game
(D-492) and the money of every hand (what the players win the bank pays)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_action_seat import LoadedDice
from tests.engine.california.test_baccarat_player_dealer import check_money, nets, results
from tests.engine.test_red_dog import stack_shoe
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Event, IllegalAction
from webgame.engine.rng import SeededRng
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable

GAME, VARIANT = "super-pan-9", "lucky-chances"
PD = 0  # the first seated player is offered the bank first and takes it
BETTORS = (1, 2, 3)
FILLER = [r + s for r in "A23456" for s in "shdc"][:20]  # twenty different cards to stack


def start(cards: Sequence[str], bets: Mapping[int, int], dice: Sequence[int] = (3, 3, 3), stake: int = 100000,
          seats: Sequence[int] = (PD, *BETTORS), hands_dealt: int = 0
          ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event], SeededRng]:
    """Seats seated; Spot 1 banks ``stake``; ``bets`` by seat; the dice show ``dice`` (9 counts
    to the bank, so the action is on its left); the shoe starts with ``cards`` as they go out:
    three rounds of (each bettor from the action spot, then the P/D), then the draw cards."""
    engine = pd_engine(GAME, VARIANT)
    state = seated(engine, resolve(load_game(GAME).variants[VARIANT], None), seats)
    state.hands_dealt = hands_dealt
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", stake), rng)
    stack_shoe(state.inner.shoe, list(cards))
    for seat, amount in bets.items():
        events += engine.apply(state, Action("bet", seat, "player", amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), LoadedDice(dice))  # type: ignore[arg-type]
    return engine, state, events, rng


def hand(cards: Sequence[str], bets: Mapping[int, int], choices: Mapping[int, str],
         bank: str | None = None, dice: Sequence[int] = (3, 3, 3), stake: int = 100000
         ) -> tuple[PlayerDealerState, list[Event]]:
    engine, state, events, rng = start(cards, bets, dice, stake)
    assert state.inner.window == "draw" and set(state.inner.waiting) == set(bets)
    for seat, kind in choices.items():
        events += engine.apply(state, Action(kind, seat), rng)
    if state.inner.window == "bank":
        assert bank, "the bank had a choice to make"
        events += engine.apply(state, Action(bank, PD), rng)
    else:
        assert bank is None, "the bank had no choice"
    assert engine.is_over(state)
    check_money(events, stake)
    return state, events


def test_the_shoe_is_eight_decks_without_sevens_eights_nines_and_tens():
    """002 s.985, D-208: 8 decks of 36 cards."""
    _, state, _, _ = start(FILLER[:12], {1: 1000})
    shoe = state.inner.shoe
    cards = shoe.remaining + shoe.in_play + shoe.discards
    assert shoe.size == 8 * 36 == 288
    ranks = Counter(c[0] for c in cards)
    assert not {"7", "8", "9", "T"} & set(ranks)


def test_three_cards_each_in_rotation_from_the_action_spot_then_each_chooses():
    """s.1130: three cards each, one at a time, from the action spot, the P/D last in each
    turn; only the positions that ask get a draw card; the bank's 1 draws (s.1162)."""
    state, events = hand(["4s", "5h", "2c", "Kd",
                          "3s", "2h", "Qc", "Jd",
                          "2s", "2d", "5c", "Ad", "6h", "6c"], {1: 1000, 2: 1000, 3: 1000},
                         {1: "hit", 2: "stand", 3: "stand"})
    inner = state.inner
    assert inner.hands == {1: ["4s", "3s", "2s"], 2: ["5h", "2h", "2d"], 3: ["2c", "Qc", "5c"]}
    assert inner.draws == {1: "6h"}  # Spot 2's 9 draws to 5
    assert inner.banker == ["Kd", "Jd", "Ad", "6c"]  # the bank's 1 draws to 7
    assert nets(events, 1) == {"player": -1000}  # 5 against 7
    assert nets(events, 2) == {"player": 1000}  # 9 against 7
    assert results(events, 3) == {"player": "push"}  # 7 against 7 (D-206)


def test_a_position_may_draw_on_nine_and_the_draw_goes_out_before_the_bank():
    """s.1098-1104: one draw card at any total; the draw cards go out from the action spot
    before the P/D's hand is opened."""
    state, events = hand(["4s", "Kd", "3s", "Jd", "2s", "3d", "5h", "Qh"], {1: 1000}, {1: "hit"})
    assert state.inner.draws == {1: "5h"}  # 9 + 5 = 4
    assert state.inner.banker == ["Kd", "Jd", "3d", "Qh"]  # the bank's 3 draws a picture: 3
    assert nets(events, 1) == {"player": 1000}


def test_the_action_spot_the_dice_name_deals_first():
    """D-210, D-478: 11 (5 + 4 + 2) counts to position 3, Spot 3 (engine seat 2)."""
    _, state, _, _ = start(FILLER, {1: 1000, 2: 1000, 3: 1000}, dice=(5, 4, 2))
    assert state.counted == 2 and state.action_seat == 2 and state.inner.order == [2, 3, 1]
    assert state.inner.hands[2][0] == "As"


def test_the_house_way_on_the_clock_draws_on_5_and_stands_on_6():
    """s.1105, D-009: 5 or less takes a card; 6 or more stands; the bots play it too (P-005)."""
    engine, state, events, rng = start(["2s", "Kd", "Qs", "Jd", "3s", "Kh", "4h", "Qc"], {1: 1000})
    assert state.inner.hands[1] == ["2s", "Qs", "3s"] and engine.bot_action(state, 1) == Action("hit", 1)
    events += engine.apply(state, Action("timeout", -1), rng)
    assert state.inner.choices == {1: "hit"} and state.inner.draws == {1: "4h"}
    engine, state, events, rng = start(["2s", "Kd", "Qs", "Jd", "4s", "Kh", "Qc"], {1: 1000})
    assert engine.bot_action(state, 1) == Action("stand", 1)
    events += engine.apply(state, Action("timeout", -1), rng)
    assert state.inner.choices == {1: "stand"} and 1 not in state.inner.draws


@pytest.mark.parametrize("bank,drawn", [(["Ks", "Qd", "Jh"], True), (["Ks", "Qd", "3h"], True),
                                        (["4d", "3h", "Ks"], False), (["4d", "5h", "Ks"], False)])
def test_the_bank_draws_on_0_to_3_and_stands_on_7_to_9(bank, drawn):
    """s.1162: on 0-3 a card is dealt to the P/D; s.1166: on 7, 8 or 9 it stands (no choice)."""
    state, events = hand(["Ks", bank[0], "Qs", bank[1], "As", bank[2], "2c"], {1: 1000}, {1: "stand"})
    assert state.inner.banker == ([*bank, "2c"] if drawn else bank)
    assert results(events, 1) == {"player": "lose"}  # the position's 1 loses to 2, 5, 7 and 9


def test_the_bank_chooses_on_4_to_6_and_may_stand_or_draw():
    """s.1164, D-209: on 4, 5 or 6 the P/D chooses."""
    cards = ["Ks", "2d", "Qs", "3d", "6s", "Kh", "4c"]
    state, events = hand(cards, {1: 1000}, {1: "stand"}, bank="stand")
    assert state.inner.banker == ["2d", "3d", "Kh"] and nets(events, 1) == {"player": 1000}  # 6 beats 5
    state, events = hand(cards, {1: 1000}, {1: "stand"}, bank="hit")
    assert state.inner.banker == ["2d", "3d", "Kh", "4c"] and nets(events, 1) == {"player": -1000}  # 9 beats 6


def test_the_bank_on_the_clock_draws_on_4_and_5_and_stands_on_6():
    """D-209: the P/D's clock plays the player House Way."""
    for bank, expect in ((["2d", "2h", "Kh"], 4), (["2d", "4h", "Kh"], 3)):
        engine, state, events, rng = start(["Ks", bank[0], "Qs", bank[1], "6s", bank[2], "Ac"], {1: 1000})
        events += engine.apply(state, Action("stand", 1), rng)
        assert state.inner.window == "bank" and engine.bot_action(state, PD) == engine.inner.default_action(state.inner, PD)
        events += engine.apply(state, Action("timeout", -1), rng)
        assert len(state.inner.banker) == expect


def test_the_bank_sees_only_its_own_hand_and_which_seats_drew():
    """D-209: the P/D decides seeing its own three cards; the players' hands and draw cards stay
    face down to it; each player sees only its own hand (D-477) until the bank's is set."""
    engine, state, events, rng = start(["As", "Ah", "2s", "Ks", "Kc", "3d", "Qs", "Qd", "Kh", "5h"],
                                       {1: 1000, 2: 1000})
    events += engine.apply(state, Action("hit", 1), rng)
    events += engine.apply(state, Action("stand", 2), rng)
    assert state.inner.window == "bank" and state.inner.waiting == [PD]
    bank_view = engine.view(state, PD)
    assert bank_view["banker"]["cards"] == ["2s", "3d", "Kh"] and bank_view["banker"]["total"] == 5
    assert bank_view["seats"][1]["cards"] == ["", "", "", ""] and bank_view["seats"][2]["cards"] == ["", "", ""]
    own = engine.view(state, 1)
    assert own["seats"][1]["cards"] == ["As", "Ks", "Qs", "5h"] and own["seats"][2]["cards"] == ["", "", ""]
    assert own["player"]["total"] == 6 and own["seats"][1]["hand_total"] == 6
    assert own["banker"]["cards"] == ["2s", "3d", "Kh"]  # s.1158: opened once the draw is complete
    events += engine.apply(state, Action("stand", PD), rng)
    assert engine.view(state, 1)["seats"][2]["cards"] == ["Ah", "Kc", "Qd"]
    assert nets(events, 1) == {"player": 1000} and nets(events, 2) == {"player": -1000}  # 6 and 1 against 5
    check_money(events, 100000)


def test_a_tie_pushes_and_a_win_pays_even_money():
    """D-206: equal totals push; D-207: 1 to 1; the bank's 7 stands (s.1166)."""
    state, events = hand(["4s", "4h", "2c", "4d",
                          "3s", "2h", "Qc", "3d",
                          "Ks", "Kh", "6c", "Qd"], {1: 1000, 2: 2000, 3: 3000},
                         {1: "stand", 2: "stand", 3: "stand"})
    assert state.inner.banker == ["4d", "3d", "Qd"]
    assert results(events, 1) == {"player": "push"} and nets(events, 1) == {"player": 0}
    assert nets(events, 2) == {"player": -2000}  # 6
    assert nets(events, 3) == {"player": 3000}  # 8
    assert nets(events, PD)["bank"] == -1000


def test_the_bank_runs_out_from_the_action_spot_clockwise():
    """D-466: paid from the action spot clockwise as far as the stake covers; the rest get no
    action. Dice 10 (4 + 3 + 3) count to position 2, Spot 2 (engine seat 1) first."""
    cards = ["5s", "5h", "5c", "Kd", "4s", "4h", "4c", "Qd", "Ks", "Kh", "Kc", "Jd", "Qs"]
    _, events = hand(cards, {1: 1000, 2: 1000, 3: 1000}, {1: "stand", 2: "stand", 3: "stand"},
                     dice=(4, 3, 3), stake=1000)
    assert nets(events, 1) == {"player": 1000}
    assert results(events, 2) == {"player": NO_ACTION} and results(events, 3) == {"player": NO_ACTION}
    assert nets(events, PD)["bank"] == -1000


def test_a_new_game_deals_four_free_hands_then_collects():
    """D-492: the first 4 hands after a game opens carry no collection; A6 $10-$500: $1 a
    wager of $10-$100, the bank $1 on $10-$200 of table action."""
    _, _, events, _ = start(FILLER, {1: 1000, 2: 5000}, hands_dealt=3)
    assert not [e for e in events if type(e).__name__ == "Fee"]
    _, _, events, _ = start(FILLER, {1: 1000, 2: 5000}, hands_dealt=4)
    fees = {e.seat: e.amount for e in events if type(e).__name__ == "Fee"}
    assert fees == {1: 100, 2: 100, PD: 100}


def test_limits_and_no_other_bet():
    """A6 $10-$500 (P-034); s.1040: no side or proposition bets; the bank places no wager."""
    rules = resolve(load_game(GAME).variants[VARIANT], None)
    assert rules["limits"]["player"] == {"min": 1000, "max": 50000}
    engine = pd_engine(GAME, VARIANT)
    st = seated(engine, rules, (PD, 1))
    engine.apply(st, Action("bank", PD, "", 100000), SeededRng(1))
    for bad in (Action("bet", 1, "player", 50100), Action("bet", PD, "player", 1000), Action("bet", 1, "banker", 1000)):
        with pytest.raises(IllegalAction):
            engine.apply(st, bad, SeededRng(1))


@pytest.mark.parametrize("dice", [(3, 3, 3), (6, 6, 5)])
def test_dice_on_the_bank_pass_the_action_to_the_next_wager(dice):
    """D-478: eight positions with the P/D as 1, so 9 and 17 count to the bank; the action
    goes to the next position with a wager clockwise (Spot 3 here, Spot 2 being empty)."""
    _, state, _, _ = start(FILLER, {2: 1000, 3: 1000}, dice=dice)
    assert state.counted == PD and state.action_seat == 2 and state.inner.order == [2, 3]
    assert state.inner.hands[2][0] == FILLER[0] and state.inner.banker[0] == FILLER[2]
