"""Who makes a seat's decisions at a player-dealer table (D-475, D-477, P-260, P-261).

Where the edition says ``control = "most-money"`` (c001 Lucky Derby Pai Gow Poker and Joker's
Wild, c002 Double Hand Poker, Super Pan 9 and Lucky Chances Blackjack) the person with the most
money in action on a seat's hand decides it, the seated player on equal amounts; a bettor who
plays a hand of their own sees only that hand and never takes another. Everywhere else the seated
player decides (003 rule 44). The controller posts the hand's decisions from their own seat; the
seated player who does not control is refused and nothing changes; on the clock the default
applies (D-009)."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping

import pytest

from tests.carnival_support import check_player_dealer_views
from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_paigow_player_dealer import (
    LoadedDice,
    deck,
    dice_for,
    money,
    piles_for,
    round_trips,
    rules,
    stack,
)
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.california.editions import editions
from webgame.games.california.table import PlayerDealerState, PlayerDealerTable

PD = 0
BANK_HAND = "As Kd Qh 9s 7c 4d 2h"   # ace high, no pair: the house way puts K-Q in front
SPLIT_HAND = "Jh Jd 8c 8d 6h 5c 3c"  # jacks and eights: the house way splits them
OTHER_HAND = "Tc Td 9c 9d 4h 3s 2d"


def behind_dealt(monkeypatch: pytest.MonkeyPatch, variant: str, bets: Mapping[int, int],
                 behind: Mapping[int, tuple[int, int]], game: str = "pai-gow-poker",
                 ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    """Spot 1 banks; ``bets`` seat -> own Bet; ``behind`` backer -> (the seat backed, amount);
    the dice total 3 counts to Spot 3, so Spot 2's pile is SPLIT_HAND and Spot 3's OTHER_HAND."""
    total = 3
    counted = (PD + (total - 1) % 7) % 7
    stack(monkeypatch, deck(piles_for(counted, {PD: BANK_HAND, 1: SPLIT_HAND, 2: OTHER_HAND})))
    engine = pd_engine(game, variant)
    state = seated(engine, rules(variant, game), sorted({PD, *bets, *behind}))
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", 100_000), rng)
    for seat, amount in bets.items():
        events += engine.apply(state, Action("bet", seat, "main", amount), rng)
    for backer, (target, amount) in behind.items():
        events += engine.apply(state, Action("behind", backer, f"{target}:main", amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), LoadedDice(dice_for(total)))
    return engine, state, events


def shows(view: Mapping[str, object], hand: str) -> bool:
    """Whether any card of ``hand`` is anywhere in a view."""
    text = json.dumps(view)
    return any(f'"{code}"' in text for code in hand.split())


def kinds(engine: PlayerDealerTable, state: PlayerDealerState, seat: int) -> set[str]:
    return {a.kind for a in engine.legal_actions(state, seat)} - {"next"}


def test_the_editions_that_name_most_money_control_and_no_other():
    most = {slug for slug, ed in editions().items() if ed.control == "most-money"}
    assert most == {"pai-gow-poker@lucky-derby", "joker-wild-pai-gow-poker@lucky-derby",
                    "pai-gow-poker@double-hand-poker", "super-pan-9@lucky-chances",
                    "lucky-chances-blackjack@lucky-chances", "pai-gow-tiles@lucky-chances"}  # D-475
    assert editions()["pai-gow-poker@crystal-park"].control == "seated"  # 003 rule 44
    one = {slug for slug, ed in editions().items() if ed.one_hand}
    assert one == {"pai-gow-poker@lucky-derby", "joker-wild-pai-gow-poker@lucky-derby",
                   "pai-gow-poker@double-hand-poker", "super-pan-9@lucky-chances"}  # 001 s.61, s.214; 002 s.466, s.1175 (D-477)


@pytest.mark.parametrize("variant", ["lucky-derby", "double-hand-poker"])
def test_a_bigger_bet_behind_takes_the_hand_and_sets_it(monkeypatch, variant):
    """Spot 2 bets $10; Spot 4 bets $20 behind it: Spot 4 sets Spot 2's hand its own way."""
    engine, state, events = behind_dealt(monkeypatch, variant, {1: 1000}, {3: (1, 2000)})
    assert engine.controllers(state) == {1: 3}
    assert kinds(engine, state, 1) == set()  # the seated player has no decision to post
    assert kinds(engine, state, 3) == {"set@2", "house-way@2"}  # Spot 2's setting choices, named for it
    # Spot 2's own forged setting is refused with the reason, and nothing changes.
    before = engine.dump(state)
    with pytest.raises(IllegalAction, match="Spot 4 has more money on your hand"):
        engine.apply(state, Action("set", 1, "Jh Jd"), SeededRng(3))
    assert engine.dump(state) == before
    # The controller keeps two pair behind and 6-5 in front: not the house way (J-J / 8-8).
    with pytest.raises(IllegalAction, match="You do not decide that hand"):
        engine.apply(state, Action("set@2", PD, "6h 5c"), SeededRng(3))  # the bank backs nothing
    events += engine.apply(state, Action("set@2", 3, "6h 5c"), SeededRng(3))
    assert sorted(state.inner.sets[1].front) == ["5c", "6h"] and not state.inner.sets[1].by_house_way
    events += engine.apply(state, Action("house-way", PD), SeededRng(4))
    assert engine.is_over(state)
    settled = {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}
    seat_bet, backer = settled[(1, "main")], settled[(3, "main/behind-spot-2")]
    # Two pair behind beats ace high; 6-5 in front loses to K-Q: a push for both bettors.
    assert (seat_bet.returned, backer.returned) == (1000, 2000)
    assert money(events) == 0
    round_trips(engine, state)


def test_equal_money_leaves_the_hand_with_the_seated_player(monkeypatch):
    engine, state, _ = behind_dealt(monkeypatch, "lucky-derby", {1: 1000}, {3: (1, 1000)})
    assert engine.controllers(state) == {1: 1}
    assert kinds(engine, state, 1) == {"set", "house-way"} and kinds(engine, state, 3) == set()
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("set@2", 3, "6h 5c"), SeededRng(3))  # the seated player decides


def test_where_a_player_sees_one_hand_a_backer_with_its_own_never_takes_another(monkeypatch):
    """D-477 at Lucky Derby ("a player may set only the first hand they look at", 001 s.61):
    Spot 3 plays its own hand and has $50 behind Spot 2's $10, so it does not take Spot 2's;
    Spot 4's $20 behind is the most among those who may see it."""
    engine, state, _ = behind_dealt(monkeypatch, "lucky-derby", {1: 1000, 2: 1000}, {2: (1, 5000), 3: (1, 2000)})
    assert engine.controllers(state) == {1: 3, 2: 2}
    assert engine.money_on(state, 1) == {1: 1000, 2: 5000, 3: 2000}


def test_where_a_player_sees_one_hand_a_backer_decides_the_first_it_outbets(monkeypatch):
    """Spot 4 has the most money behind Spot 2 and Spot 3: it decides the first hand played (the
    dice put the action at Spot 3) and Spot 2 keeps its own."""
    engine, state, _ = behind_dealt(monkeypatch, "lucky-derby", {1: 1000, 2: 1000}, {3: (1, 2000), 4: (2, 2000)})
    assert state.action_seat == 2  # the dice total 3 counts from the bank to Spot 3
    state.behind["3"]["main/behind-spot-3"] = 3000  # Spot 4 backs Spot 3 too
    assert engine.controllers(state) == {1: 1, 2: 3}
    assert engine.backs(state, 3) == [2]


def test_at_double_hand_poker_a_player_sees_one_hand_only(monkeypatch):
    """Double Hand Poker's rule 46 (002 s.466, D-477): "A Player may see one hand only, regardless
    of the number of hands on which he has wagered". Spot 3 plays its own hand and has $50 behind
    Spot 2's $10: it sets its own hand only, and Spot 2's stays with Spot 2, unseen by Spot 3."""
    engine, state, events = behind_dealt(monkeypatch, "double-hand-poker", {1: 1000, 2: 1000}, {2: (1, 5000)})
    assert engine.controllers(state) == {1: 1, 2: 2}
    assert kinds(engine, state, 2) == {"set", "house-way"} and kinds(engine, state, 1) == {"set", "house-way"}
    shown = engine.view(state, 2)
    assert shows(shown, OTHER_HAND) and not shows(shown, SPLIT_HAND) and shown["player_dealer"]["you_control"] == []
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("set@2", 2, "6h 5c"), SeededRng(3))
    events += engine.apply(state, Action("house-way", 2), SeededRng(3))
    events += engine.apply(state, Action("set", 1, "6h 5c"), SeededRng(3))
    assert sorted(state.inner.sets[1].front) == ["5c", "6h"] and state.inner.sets[2].by_house_way
    events += engine.apply(state, Action("house-way", PD), SeededRng(4))
    assert engine.is_over(state) and money(events) == 0


def test_where_the_seated_player_decides_a_bigger_bet_behind_does_not(monkeypatch):
    engine, state, _ = behind_dealt(monkeypatch, "crystal-park", {1: 1000}, {3: (1, 5000)})
    assert engine.controllers(state) == {1: 1}
    assert kinds(engine, state, 1) == {"set", "house-way"} and kinds(engine, state, 3) == set()


def test_the_clock_sets_a_controlled_hand_by_the_house_way(monkeypatch):
    engine, state, events = behind_dealt(monkeypatch, "lucky-derby", {1: 1000}, {3: (1, 2000)})
    move = engine.timeout_action(state)
    assert move is not None and move.seat == SYSTEM_SEAT
    events += engine.apply(state, move, SeededRng(5))
    assert state.inner.sets[1].by_house_way and sorted(state.inner.sets[1].front) == ["8c", "8d"]  # D-009
    while not engine.is_over(state):
        nxt = engine.timeout_action(state)
        assert nxt is not None
        events += engine.apply(state, nxt, SeededRng(6))
    assert money(events) == 0


def test_only_the_controller_sees_the_hand_it_decides(monkeypatch):
    engine, state, _ = behind_dealt(monkeypatch, "lucky-derby", {1: 1000, 2: 1000}, {3: (1, 2000), 4: (1, 500)})
    cards = SPLIT_HAND.split()
    mine = engine.view(state, 3)
    assert mine["seats"][1]["cards"] == cards and mine["player_dealer"]["you_control"] == [1]
    assert mine["player_dealer"]["controlled_by"] == {1: 3}
    assert not any(mine["seats"][2]["cards"])  # Spot 3's own hand stays face down to Spot 4
    assert not shows(mine, OTHER_HAND)
    seated_view = engine.view(state, 1)
    assert seated_view["seats"][1]["cards"] == cards and seated_view["player_dealer"]["you_control"] == []
    for viewer in (2, 4, None):  # another player, a lesser backer, a watcher
        assert not shows(engine.view(state, viewer), SPLIT_HAND)
    assert state.inner.owners.get(1) == "p1"  # the view lent the hand on a copy only


def test_the_hidden_card_scan_holds_for_a_backline_controller_through_the_hand(monkeypatch):
    """Every viewer at every step: nobody sees a card hidden from them; the controller also sees
    the hand it decides (tests.carnival_support.check_player_dealer_views)."""
    engine, state, _ = behind_dealt(monkeypatch, "lucky-derby", {1: 1000, 2: 1000}, {3: (1, 2000), 4: (2, 500)})
    viewers = [None, PD, 1, 2, 3, 4]
    check_player_dealer_views(engine, state, viewers)
    engine.apply(state, Action("set@2", 3, "6h 5c"), SeededRng(3))
    check_player_dealer_views(engine, state, viewers)
    engine.apply(state, Action("house-way", 2), SeededRng(3))
    check_player_dealer_views(engine, state, viewers)  # the bank's hand to set: the P/D alone sees it
    engine.apply(state, Action("house-way", PD), SeededRng(3))
    assert engine.is_over(state)
    check_player_dealer_views(engine, state, viewers)


def test_a_bot_whose_hand_a_player_controls_waits_for_them(monkeypatch):
    engine, state, _ = behind_dealt(monkeypatch, "lucky-derby", {1: 1000}, {3: (1, 2000)})
    assert engine.bot_action(state, 1) is None
    trial = copy.deepcopy(state)
    assert engine.apply(trial, Action("house-way@2", 3), SeededRng(1)) is not None
    assert trial.inner.sets[1].by_house_way


# ---- Lucky Chances Blackjack: the controller hits and stands; a double or a split would put up
# more of the seated player's chips, so a backline controller is not offered it (P-261).

def blackjack_dealt(hand: list[str], behind: int) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    from tests.engine.california.test_lucky_chances_blackjack import GAME as BJ
    from tests.engine.california.test_lucky_chances_blackjack import VARIANT as LC
    from tests.engine.california.test_lucky_chances_blackjack import rules_for as bj_rules
    from tests.engine.test_blackjack_table import deal_order, stack_shoe

    engine = pd_engine(BJ, LC)
    state = seated(engine, bj_rules(), [PD, 1, 4])
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", 100_000), rng)
    stack_shoe(state.inner.shoe, deal_order([hand], ["9s", "7d"], ["Th", "Kc", "5c"]))
    events += engine.apply(state, Action("bet", 1, "main", 1000), rng)
    events += engine.apply(state, Action("behind", 4, "1:main", behind), rng)
    events += engine.apply(state, Action("deal", 1), rng)
    return engine, state, events


def test_a_backline_controller_plays_the_blackjack_hand_but_never_doubles_it():
    engine, state, events = blackjack_dealt(["5h", "6d"], 2000)
    assert engine.controllers(state) == {1: 4}
    assert kinds(engine, state, 1) == set()
    offered = kinds(engine, state, 4)
    assert offered == {"hit@2"}  # 11 must hit (002 s.2031); the seated player could also double
    with pytest.raises(IllegalAction, match="puts up no further wager"):
        engine.apply(state, Action("double@2", 4, str(state.inner.turn_hand), 1000), SeededRng(2))
    with pytest.raises(IllegalAction, match="Spot 5 has more money"):
        engine.apply(state, Action("hit", 1, str(state.inner.turn_hand)), SeededRng(2))
    events += engine.apply(state, Action("hit@2", 4, str(state.inner.turn_hand)), SeededRng(2))
    assert state.inner.seats[1].hands[0].cards[-1] == "Th"  # 21 on Spot 2's hand
    move = engine.timeout_action(state)
    assert move is None or move.seat != 1  # the clock posts as the controller, never as Spot 2
    while not engine.is_over(state):
        move = engine.timeout_action(state)
        assert move is not None
        events += engine.apply(state, move, SeededRng(3))
    settled = {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}
    assert settled[(1, "main")].returned == 2000 and settled[(4, "main/behind-spot-2")].returned == 4000
    assert money(events) == 0


def test_a_smaller_bet_behind_leaves_the_double_to_the_seated_player():
    engine, state, _ = blackjack_dealt(["5h", "6d"], 500)
    assert engine.controllers(state) == {1: 1}
    assert "double" in kinds(engine, state, 1) and kinds(engine, state, 4) == set()


def test_the_controllers_clock_stands_the_blackjack_hand():
    engine, state, events = blackjack_dealt(["Th", "7d"], 2000)
    move = engine.timeout_action(state)
    assert move is not None and (move.kind, move.seat) == ("stand@2", 4)  # posted as the controller's (D-009)
    events += engine.apply(state, move, SeededRng(2))
    assert state.inner.seats[1].hands[0].cards == ["Th", "7d"]  # Spot 2's 17 stands
    while not engine.is_over(state):
        nxt = engine.timeout_action(state)
        assert nxt is not None
        events += engine.apply(state, nxt, SeededRng(3))
    assert money(events) == 0


# ---- Super Pan 9: the draw card is the controller's (002 rule 41, s.1143)

def test_a_backline_controller_draws_for_the_super_pan_9_position():
    from tests.engine.california.test_action_seat import LoadedDice as Dice
    from tests.engine.california.test_super_pan_9 import GAME as SP9
    from tests.engine.california.test_super_pan_9 import VARIANT as SP9_LC
    from tests.engine.test_red_dog import stack_shoe as stack_cards
    from webgame.engine.paytable import load_game, resolve

    engine = pd_engine(SP9, SP9_LC)
    state = seated(engine, resolve(load_game(SP9).variants[SP9_LC], None), [PD, 1, 2])
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", 100_000), rng)
    stack_cards(state.inner.shoe, ["4s", "Kd", "3s", "Jd", "2s", "3d", "5h", "Qh"])
    events += engine.apply(state, Action("bet", 1, "player", 1000), rng)
    events += engine.apply(state, Action("behind", 2, "1:player", 2000), rng)
    events += engine.apply(state, Action("deal", 1), Dice((3, 3, 3)))  # type: ignore[arg-type]
    assert engine.controllers(state) == {1: 2}
    assert state.inner.hands[1] == ["4s", "3s", "2s"]
    assert json.dumps(engine.view(state, 2)).count('"4s"') >= 1  # the controller sees the nine
    assert not shows(engine.view(state, None), "4s 3s 2s")
    with pytest.raises(IllegalAction, match="Spot 3 has more money"):
        engine.apply(state, Action("stand", 1), rng)
    events += engine.apply(state, Action("hit@2", 2), rng)  # the backer draws to the nine
    assert state.inner.draws == {1: "5h"}
    assert engine.is_over(state)
    settled = {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}
    assert settled[(1, "player")].returned == 2000 and settled[(2, "player/behind-spot-2")].returned == 4000
    assert money(events) == 0
