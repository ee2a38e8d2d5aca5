"""Asian Baccarat at Crystal Park (003 §1, s.3-72) on the player-dealer table, dealt from
stacked shoes with loaded dice: every drawing rule of the community hand (3 or less: every
position draws its own card; 4-6: each chooses; 7-9: nobody draws), the player-dealer's own
rule (3 or less draws, 7-9 stands, 4-6 its choice with the House Way on the clock), the dice
that name the action spot (the bank at 1, 9 and 17 of eight positions, D-183, D-184, D-478),
the draw cards dealt from the action spot clockwise and hidden from the others (D-185), ties
that push, even money, a bank that runs out, and the money of every hand (what the players win
the bank pays)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_action_seat import LoadedDice
from tests.engine.california.test_baccarat_player_dealer import check_money, nets, results
from tests.engine.test_red_dog import stack_shoe
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Event, IllegalAction, Legal
from webgame.engine.rng import SeededRng
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable

GAME, VARIANT = "asian-baccarat", "crystal-park"
PD = 0  # the first seated player is offered the bank first and takes it
BETTORS = (1, 2, 3)
# Dice that count to the bank (9 = 3 + 3 + 3): the action spot is the first position with a
# wager on the bank's left (D-184), so the order is 1, 2, 3.
TO_BANK = (3, 3, 3)


def start(cards: Sequence[str], bets: Mapping[int, int], dice: Sequence[int] = TO_BANK, stake: int = 100000,
          seats: Sequence[int] = (PD, *BETTORS)) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event], SeededRng]:
    """Seats seated; Spot 1 banks ``stake``; ``bets`` by seat; the dice cup shows ``dice``;
    the shoe starts with ``cards`` as they go out: Players', P/D, Players', P/D, then the draws."""
    engine = pd_engine(GAME, VARIANT)
    state = seated(engine, resolve(load_game(GAME).variants[VARIANT], None), seats)
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", stake), rng)
    stack_shoe(state.inner.shoe, list(cards))
    for seat, amount in bets.items():
        events += engine.apply(state, Action("bet", seat, "player", amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), LoadedDice(dice))  # type: ignore[arg-type]
    return engine, state, events, rng


def hand(cards: Sequence[str], bets: Mapping[int, int], choices: Mapping[int, str] | None = None,
         bank: str | None = None, dice: Sequence[int] = TO_BANK, stake: int = 100000
         ) -> tuple[PlayerDealerState, list[Event]]:
    """A whole hand: the positions' choices (seat -> "hit" / "stand"), then the bank's on 4-6."""
    engine, state, events, rng = start(cards, bets, dice, stake)
    if state.inner.window == "draw":
        assert set(state.inner.waiting) == set(choices or {})
        for seat, kind in (choices or {}).items():
            events += engine.apply(state, Action(kind, seat), rng)
    else:
        assert not choices, "the hand had no choice for the positions"
    if state.inner.window == "bank":
        assert bank, "the bank had a choice to make"
        assert state.inner.waiting == [PD]
        events += engine.apply(state, Action(bank, PD), rng)
    else:
        assert bank is None, "the bank had no choice"
    assert engine.is_over(state)
    assert state.inner.player == list(cards[0:4:2]) and state.inner.banker[:2] == list(cards[1:4:2])
    check_money(events, stake)
    return state, events


# ---------------------------------------------------------------------------------------
# The community hand: 7-9 nobody draws, 3 or less everyone draws, 4-6 each chooses
# ---------------------------------------------------------------------------------------
def test_a_community_seven_stands_for_everyone_and_the_bank_stands_on_its_eight():
    """003 s.19: on 7, 8 or 9 no card; s.61: the P/D's 8 stands. The bank's 8 beats 7."""
    state, events = hand(["4s", "5h", "3c", "3d"], {1: 1000, 2: 2000})
    assert state.inner.draws == {} and state.inner.banker == ["5h", "3d"]
    assert nets(events, 1) == {"player": -1000} and nets(events, 2) == {"player": -2000}
    assert nets(events, PD)["bank"] == 3000


def test_a_community_three_deals_every_position_its_own_card_in_order():
    """003 s.26: on 3 or less everyone gets a draw card, each its own (s.25), from the action
    spot clockwise (D-185); the P/D's 7 stands (s.61)."""
    state, events = hand(["2s", "4h", "Tc", "3d", "6h", "Kd", "4c"], {1: 1000, 2: 1000, 3: 1000})
    assert state.inner.draws == {1: "6h", 2: "Kd", 3: "4c"}
    assert state.inner.banker == ["4h", "3d"]  # the bank's 7 stands
    # Spot 2: 2 + T + 6 = 8 beats 7; Spot 3: 3 loses; Spot 4: 2 + T + 4 = 6 loses
    assert nets(events, 1) == {"player": 1000}
    assert nets(events, 2) == {"player": -1000}
    assert nets(events, 3) == {"player": -1000}


def test_on_a_community_five_each_position_chooses_its_own_card():
    """003 s.20: on 4, 5 or 6 each position chooses (Seat 1 draws, seat 2 does not); only
    the positions that draw take a card, dealt in order from the action spot (D-185)."""
    state, events = hand(["2s", "Th", "3c", "Kd", "4h", "2c", "6s"], {1: 1000, 2: 1000, 3: 1000},
                         {1: "hit", 2: "stand", 3: "hit"})
    assert state.inner.draws == {1: "4h", 3: "2c"}
    assert state.inner.banker == ["Th", "Kd", "6s"]  # the bank's 0 draws (s.60) to 6
    # Spot 2: 5 + 4 = 9 wins; Spot 3 stands on 5 and loses; Spot 4: 5 + 2 = 7 wins
    assert nets(events, 1) == {"player": 1000}
    assert nets(events, 2) == {"player": -1000}
    assert nets(events, 3) == {"player": 1000}


def test_the_draw_begins_at_the_action_spot_the_dice_name():
    """003 s.31-33, s.49: the dice total counted clockwise from the bank as 1 names the action
    spot, the first to get a draw card. 11 (= 5 + 4 + 2) counts to position 3: Spot 3 (engine
    seat 2) draws first, then Spot 4, then Spot 2 round the table."""
    state, _ = hand(["2s", "4h", "Tc", "3d", "6h", "Kd", "4c"], {1: 1000, 2: 1000, 3: 1000}, dice=(5, 4, 2))
    assert state.dice == [5, 4, 2] and state.counted == 2 and state.action_seat == 2
    assert state.inner.order == [2, 3, 1]
    assert state.inner.draws == {2: "6h", 3: "Kd", 1: "4c"}


def test_dice_on_the_bank_pass_the_action_to_its_left():
    """D-184, D-478: 17 (6 + 6 + 5) counts to the bank (1, 9, 17): the first position with a
    wager to its left has the action."""
    _, state, _, _ = start(["4s", "5h", "3c", "3d"], {2: 1000, 3: 1000}, dice=(6, 6, 5))
    assert state.counted == PD and state.action_seat == 2 and state.inner.order == [2, 3]


def test_the_house_way_on_the_clock_draws_on_5_and_stands_on_6():
    """003 s.63-65, D-009: a position that does not choose plays the House Way."""
    engine, state, events, rng = start(["2s", "Th", "3c", "Kd", "4h", "2c", "9s"], {1: 1000})
    assert [a.kind for a in engine.legal_actions(state, 1)][:2] == ["hit", "stand"]
    events += engine.apply(state, Action("timeout", -1), rng)
    assert state.inner.choices == {1: "hit"} and state.inner.draws == {1: "4h"}
    engine, state, events, rng = start(["2s", "Th", "4c", "Kd", "4h"], {1: 1000})
    events += engine.apply(state, Action("timeout", -1), rng)
    assert state.inner.choices == {1: "stand"} and 1 not in state.inner.draws


# ---------------------------------------------------------------------------------------
# The player-dealer's hand
# ---------------------------------------------------------------------------------------
def test_the_bank_draws_on_3_or_less():
    """003 s.60: on 3 or less a card is dealt to the P/D automatically."""
    state, events = hand(["4s", "2h", "4c", "Td", "5h"], {1: 1000})
    assert state.inner.banker == ["2h", "Td", "5h"]  # 2 draws 5 = 7; Players' 8 wins
    assert nets(events, 1) == {"player": 1000}


def test_the_bank_chooses_on_4_to_6_and_may_stand():
    """D-186: on 4-6 the P/D chooses; standing on 5 keeps two cards."""
    state, events = hand(["4s", "2h", "4c", "3d", "9h"], {1: 1000}, bank="stand")
    assert state.inner.banker == ["2h", "3d"]
    assert nets(events, 1) == {"player": 1000}  # 8 beats 5


def test_the_bank_chooses_on_4_to_6_and_may_draw():
    state, events = hand(["4s", "2h", "4c", "3d", "4h"], {1: 1000}, bank="hit")
    assert state.inner.banker == ["2h", "3d", "4h"]  # 5 draws 4 = 9
    assert nets(events, 1) == {"player": -1000}


def test_the_bank_sees_its_own_hand_and_the_players_do_not_see_each_others_draws():
    """D-185: the P/D decides on 4-6 seeing the community cards, its own two cards and which
    positions drew, never their cards; a draw card is shown to its own position only."""
    engine, state, events, rng = start(["2s", "Th", "3c", "4d", "6h", "Kd"], {1: 1000, 2: 1000})
    for seat in (1, 2):
        events += engine.apply(state, Action("hit", seat), rng)
    assert state.inner.window == "bank"
    assert engine.legal_actions(state, PD)[:2] == [Legal("hit", label="Draw a card"), Legal("stand", label="No card")]
    bank_view = engine.view(state, PD)
    assert bank_view["banker"]["cards"] == ["Th", "4d"]
    assert bank_view["seats"][1]["draw"] == "" and bank_view["seats"][2]["draw"] == ""  # drew, unseen
    own = engine.view(state, 1)
    assert own["seats"][1]["draw"] == "6h" and own["seats"][2]["draw"] == ""
    assert own["seats"][1]["hand_total"] == 1 and own["seats"][2]["hand_total"] is None
    events += engine.apply(state, Action("timeout", -1), rng)  # D-186: the clock draws on 4
    assert len(state.inner.banker) == 3 and engine.view(state, 1)["seats"][2]["draw"] == "Kd"
    check_money(events, 100000)


def test_the_bank_stands_on_its_seven_and_a_tie_pushes():
    """003 s.30, s.37: equal totals push; s.61: the P/D's 7 stands."""
    _, events = hand(["4s", "4h", "3c", "3d"], {1: 1000, 2: 500 * 4})
    assert results(events, 1) == {"player": "push"} and nets(events, 1) == {"player": 0}
    assert nets(events, PD)["bank"] == 0


def test_only_the_bank_decides_in_its_window():
    engine, state, _, rng = start(["4s", "2h", "4c", "3d"], {1: 1000})
    assert state.inner.window == "bank" and engine.legal_actions(state, 1)[:1] != [Legal("hit", label="Draw a card")]
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("hit", 1), rng)


# ---------------------------------------------------------------------------------------
# Coverage, fees, limits
# ---------------------------------------------------------------------------------------
def test_the_bank_runs_out_from_the_action_spot_clockwise():
    """003 s.39: paid "to the extent that money covers, beginning with the action position
    and proceeding clockwise"; the rest get no action (D-466). Dice 10 (4 + 3 + 3) count to
    position 2, Spot 2 (engine seat 1): it is paid first and the bank's $10 runs out."""
    _, events = hand(["4s", "Th", "4c", "Td", "Kh"], {1: 1000, 2: 1000, 3: 1000}, dice=(4, 3, 3), stake=1000)
    assert nets(events, 1) == {"player": 1000}
    assert results(events, 2) == {"player": NO_ACTION} and results(events, 3) == {"player": NO_ACTION}
    assert nets(events, PD)["bank"] == -1000


def test_the_bank_runs_out_from_another_action_spot():
    """The same hand with dice 12 (4 + 4 + 4), position 4 = Spot 4 (engine seat 3) first."""
    _, events = hand(["4s", "Th", "4c", "Td", "Kh"], {1: 1000, 2: 1000, 3: 1000}, dice=(4, 4, 4), stake=1000)
    assert nets(events, 3) == {"player": 1000}
    assert results(events, 1) == {"player": NO_ACTION} and results(events, 2) == {"player": NO_ACTION}


def test_group_a_option_1_fees_and_limits():
    """003 s.2903-2905: $1 a player's wager; the bank $1 on $10-$50 of table action, $2 above;
    a $10-$100 table (P-034)."""
    _, _, events, _ = start(["4s", "5h", "3c", "3d"], {1: 1000, 2: 5000})
    fees = {e.seat: e.amount for e in events if type(e).__name__ == "Fee"}
    assert fees == {1: 100, 2: 100, PD: 200}
    rules = resolve(load_game(GAME).variants[VARIANT], None)
    assert rules["limits"]["player"] == {"min": 1000, "max": 10000}
    engine = pd_engine(GAME, VARIANT)
    st = seated(engine, rules, (PD, 1))
    engine.apply(st, Action("bank", PD, "", 100000), SeededRng(1))
    with pytest.raises(IllegalAction):
        engine.apply(st, Action("bet", 1, "player", 10100), SeededRng(1))


def test_the_bank_places_no_wager_and_the_table_takes_no_other_bet():
    engine = pd_engine(GAME, VARIANT)
    st = seated(engine, resolve(load_game(GAME).variants[VARIANT], None), (PD, 1))
    engine.apply(st, Action("bank", PD, "", 100000), SeededRng(1))
    with pytest.raises(IllegalAction):
        engine.apply(st, Action("bet", PD, "player", 1000), SeededRng(1))
    with pytest.raises(IllegalAction):
        engine.apply(st, Action("bet", 1, "banker", 1000), SeededRng(1))


def test_bots_play_the_house_way_for_a_position_and_for_the_bank():
    engine, state, _, rng = start(["2s", "Th", "4c", "4d"], {1: 1000})  # community 6, bank 4
    assert engine.bot_action(state, 1) == Action("stand", 1)
    engine.apply(state, Action("stand", 1), rng)
    assert engine.bot_action(state, PD) == Action("hit", PD)  # D-186: draws on 4


def test_a_bet_behind_follows_the_seated_players_own_card():
    """D-474: Asian Baccarat takes bets behind every position; the seated player decides its
    hand (D-475), and the bet behind settles as that hand did: Spot 2 draws to 9 and wins, the
    bettor behind it wins too; behind Spot 3, which stands on 5 against the bank's 6, it loses."""
    engine = pd_engine(GAME, VARIANT)
    state = seated(engine, resolve(load_game(GAME).variants[VARIANT], None), (PD, 1, 2, 3))
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", 100000), rng)
    stack_shoe(state.inner.shoe, ["2s", "Th", "3c", "6d", "4h"])
    events += engine.apply(state, Action("bet", 1, "player", 1000), rng)
    events += engine.apply(state, Action("bet", 2, "player", 1000), rng)
    events += engine.apply(state, Action("behind", 3, "1:player", 2000), rng)
    events += engine.apply(state, Action("behind", 3, "2:player", 1000), rng)
    events += engine.apply(state, Action("deal", 1), LoadedDice(TO_BANK))  # type: ignore[arg-type]
    assert not [a for a in engine.legal_actions(state, 3) if a.kind in ("hit", "stand")]  # no say in the hand
    events += engine.apply(state, Action("hit", 1), rng)
    events += engine.apply(state, Action("stand", 2), rng)
    events += engine.apply(state, Action("stand", PD), rng)
    assert engine.is_over(state) and state.inner.banker == ["Th", "6d"]
    assert nets(events, 1) == {"player": 1000} and nets(events, 2) == {"player": -1000}
    assert nets(events, 3) == {"player/behind-spot-2": 2000, "player/behind-spot-3": -1000}
    check_money(events, 100000)
