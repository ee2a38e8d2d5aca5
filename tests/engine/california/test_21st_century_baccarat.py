"""21st Century Baccarat on the player-option draw model and the player-dealer table, dealt
from stacked shoes: 5.0 at Lucky Chances (002 §16-§19) and 8.3 (002 §24-§27). Every drawing
rule that matters (the must-hit totals, the option on 5 with bettors split between stand and
hit, the House Way when nobody holds the option, 8.3's up-card condition and its banker
chart), the ties on 0 and 1, the Dealer line's 19 to 20, every side-bet line, the hole card
that sets the action seat and a bank that runs out; the money of every hand (nothing is made
or lost: what the players win the bank pays)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_baccarat_player_dealer import PD, check_money, nets, results
from tests.engine.test_red_dog import stack_shoe
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable

GAME = "21st-century-baccarat"
BETTORS = (1, 2, 3)


def start(variant: str, cards: list[str], bets: Mapping[int, Mapping[str, int]], stake: int = 100000
          ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event], SeededRng]:
    """Four players seated; Spot 1 banks ``stake``; ``bets`` by seat; the shoe starts with
    ``cards`` as they go out: Player, Dealer, Player, Dealer (the hole card), then the draws."""
    engine = pd_engine(GAME, variant)
    state = seated(engine, resolve(load_game(GAME).variants[variant], None), [PD, *BETTORS])
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", stake), rng)
    stack_shoe(state.inner.shoe, cards)
    for seat, spots in bets.items():
        for spot, amount in spots.items():
            events += engine.apply(state, Action("bet", seat, spot, amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), rng)
    return engine, state, events, rng


def hand(variant: str, cards: list[str], bets: Mapping[int, Mapping[str, int]], choices: Mapping[int, str] | None = None,
         late: Mapping[int, int] | None = None, stake: int = 100000
         ) -> tuple[PlayerDealerState, list[Event]]:
    """A whole hand: the Late Tie window (``late``: seat -> amount; other holders pass), then
    the option (``choices``: seat -> "hit" / "stand"), then the money is checked."""
    engine, state, events, rng = start(variant, cards, bets, stake)
    if state.inner.window == "late-tie":
        for seat in list(state.inner.waiting):
            amount = (late or {}).get(seat)
            events += engine.apply(state, Action("late-tie", seat, "late-tie", amount) if amount else Action("pass", seat), rng)
    if state.inner.window == "option":
        assert set(state.inner.waiting) == set(choices or {})
        for seat, kind in (choices or {}).items():
            events += engine.apply(state, Action(kind, seat), rng)
    else:
        assert not choices, "the hand had no option"
    assert engine.is_over(state)
    assert state.inner.player[:2] == cards[0:4:2] and state.inner.banker[:2] == cards[1:4:2]
    check_money(events, stake)
    return state, events


# ---------------------------------------------------------------------------------------
# 5.0: the Player's drawing rules and the option
# ---------------------------------------------------------------------------------------
def test_player_must_hit_on_4_and_the_dealer_stands_on_6():
    """002 s.1720-1733: the Player hand hits on 0-4 with no choice; the Dealer stands on 6."""
    state, events = hand("5.0-lc", ["2s", "Th", "2c", "6d", "3h"], {1: {"player": 1000}, 2: {"dealer": 1000}})
    assert state.inner.player == ["2s", "2c", "3h"] and state.inner.banker == ["Th", "6d"]
    assert nets(events, 1) == {"player": 1000}
    assert nets(events, 2) == {"dealer": -1000}
    assert nets(events, PD) == {"bank": -1000 + 1000}


def test_option_on_5_split_between_stand_and_hit():
    """002 s.1720-1728, D-161: one community hit card; the stand line keeps the two-card 5,
    the hit line takes the three-card total, the Dealer line is settled on the hand as
    completed at the table; the Dealer hits its 4 (002 s.1733)."""
    cards = ["5s", "Th", "Kc", "4d", "3h", "Ac"]   # P 5; D 4; hit card 3 -> 8; D draws A -> 5
    state, events = hand("5.0-lc", cards, {1: {"player": 1000}, 2: {"player": 1000}, 3: {"dealer": 1000}},
                         choices={1: "stand", 2: "hit"})
    assert state.inner.player == ["5s", "Kc", "3h"] and state.inner.banker == ["Th", "4d", "Ac"]
    assert results(events, 1) == {"player": "push"}      # 5 against 5: a tie on 5 pushes
    assert nets(events, 2) == {"player": 1000}            # 8 against 5
    assert nets(events, 3) == {"dealer": -1000}           # the table's 8 beats the Dealer's 5


def test_everyone_stands_on_5_and_no_hit_card_is_dealt():
    """D-161 (5.0): no bettor hits, so no hit card; the next card is the Dealer's."""
    state, events = hand("5.0-lc", ["5s", "3h", "Kc", "Kd", "4c"], {1: {"player": 1000}, 2: {"player": 1000}},
                         choices={1: "stand", 2: "stand"})
    assert state.inner.player == ["5s", "Kc"] and state.inner.banker == ["3h", "Kd", "4c"]
    assert nets(events, 1) == {"player": -1000} and nets(events, 2) == {"player": -1000}


def test_nobody_on_the_player_line_plays_the_house_way():
    """D-161: with no Player-line bettor the hand follows the House Way and hits on 5."""
    state, events = hand("5.0-lc", ["5s", "3h", "Kc", "Kd", "4c", "Qh"], {1: {"dealer": 1000}})
    assert state.inner.player == ["5s", "Kc", "4c"]       # 9
    assert state.inner.banker == ["3h", "Kd", "Qh"]        # 3 hits on 5 or less: 3
    assert nets(events, 1) == {"dealer": -1000}


def test_the_option_clock_plays_the_house_way():
    """D-009, D-472: a bettor who lets the clock run out is played by the House Way: hit on 5."""
    engine, state, events, rng = start("5.0-lc", ["5s", "Th", "Kc", "4d", "3h", "Ac"], {1: {"player": 1000}})
    assert [a.kind for a in engine.legal_actions(state, 1) if a.kind in ("hit", "stand")] == ["hit", "stand"]
    timeout = engine.timeout_action(state)
    assert timeout is not None
    events += engine.apply(state, timeout, rng)
    assert engine.is_over(state) and state.inner.choices == {1: "hit"}
    assert nets(events, 1) == {"player": 1000}


def test_player_6_stands_and_the_dealer_draws_on_5():
    state, events = hand("5.0-lc", ["6s", "5h", "Kc", "Kd", "Ac"], {1: {"player": 1000}})
    assert state.inner.player == ["6s", "Kc"] and state.inner.banker == ["5h", "Kd", "Ac"]
    assert results(events, 1) == {"player": "push"}       # 6 against 6 pushes


def test_a_natural_stops_every_draw_and_the_option():
    """D-160: a two-card 8 or 9 on either hand: nobody draws, even a Player 5 has no option."""
    state, events = hand("5.0-lc", ["5s", "4h", "Kc", "4d"], {1: {"player": 1000}})
    assert state.inner.player == ["5s", "Kc"] and state.inner.banker == ["4h", "4d"]
    assert nets(events, 1) == {"player": -1000}


# ---------------------------------------------------------------------------------------
# 5.0: ties, the Dealer line and the tie bets
# ---------------------------------------------------------------------------------------
def test_the_dealer_wins_ties_on_0_and_the_tie_bets_still_pay():
    """002 s.1692, D-162: a 0-0 tie goes to the Dealer hand (the Dealer line is paid 19 to 20,
    the Player line loses) while the Early Tie pays 9 to 1 (002 s.1804)."""
    cards = ["Ts", "Kh", "Kc", "Qd", "Jd", "Qs"]     # P 0 hits 0; D 0 hits 0
    _, events = hand("5.0-lc", cards, {1: {"player": 1000, "early-tie": 1000}, 2: {"dealer": 2000}})
    assert nets(events, 1) == {"player": -1000, "early-tie": 9000}
    assert nets(events, 2) == {"dealer": 1900}            # 19 to 20 on $20


def test_the_dealer_wins_ties_on_1_but_a_tie_on_2_pushes():
    _, one = hand("5.0-lc", ["As", "Kh", "Kc", "Ad", "Td", "Qs"], {1: {"player": 1000}, 2: {"dealer": 1100}})
    assert nets(one, 1) == {"player": -1000} and nets(one, 2) == {"dealer": 1045}   # 19/20 of $11
    _, two = hand("5.0-lc", ["2s", "2h", "Kc", "Kd", "Td", "Qs"], {1: {"player": 1000}, 2: {"dealer": 1100}})
    assert results(two, 1) == {"player": "push"} and results(two, 2) == {"dealer": "push"}


def test_late_tie_pays_7_to_1_beside_the_early_tie():
    """002 s.1809-1830, D-164: Early Tie holders may add a Late Tie after the two-card deal."""
    cards = ["2s", "3h", "Ac", "Kd", "Td", "Qs"]      # P 3 hits 0 = 3; D 3 hits 0 = 3
    state, events = hand("5.0-lc", cards, {1: {"player": 1000, "early-tie": 1000}, 2: {"player": 1000}},
                         late={1: 2000})
    assert nets(events, 1) == {"player": 0, "early-tie": 9000, "late-tie": 14000}
    assert "late-tie" not in state.wagers.get("1", {})    # no collection on the Late Tie (002 s.1820)


def test_late_tie_is_refused_on_a_player_9_and_on_a_5_to_9_matching_the_up_card():
    """D-164: refused on a Player two-card 9, or a Player 5-9 equal to the Dealer's up card."""
    engine, state, _, _ = start("5.0-lc", ["2s", "6h", "4c", "Kd", "Ac", "2c"], {1: {"player": 1000, "early-tie": 1000}})
    assert state.inner.window != "late-tie"                # Player 6, the Dealer shows 6
    engine, state, _, rng = start("5.0-lc", ["2s", "6h", "3c", "Kd", "Ac", "2c"], {1: {"player": 1000, "early-tie": 1000}})
    assert state.inner.window == "late-tie"                # Player 5, the Dealer shows 6
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("late-tie", 2, "late-tie", 1000), rng)  # no Early Tie, no Late Tie


def test_every_tie_bet_goes_back_against_a_dealer_two_card_9():
    """D-165: all tie bets are returned when the Dealer has a two-card 9."""
    _, events = hand("5.0-lc", ["2s", "4h", "Ac", "5d"], {1: {"player": 1000, "early-tie": 1000}}, late={1: 1000})
    assert results(events, 1) == {"player": "lose", "early-tie": "push", "late-tie": "push"}


@pytest.mark.parametrize(("player", "dealer", "line", "won"), [
    (["7s", "7s"], ["Th", "Kd"], "same-suit", 40000),
    (["7h", "7d"], ["Th", "Kd"], "same-colour", 20000),
    (["7h", "7c"], ["Th", "Kd"], "pair", 10000),
    (["7h", "6h"], ["Th", "Kd"], None, -1000),
])
def test_bonus_pair_5_0(player, dealer, line, won):
    """002 s.1847-1852, D-166: 10, 20 and 40 to 1, only the highest tier."""
    cards = [player[0], dealer[0], player[1], dealer[1], "2c", "2d"]
    _, events = hand("5.0-lc", cards, {1: {"player": 1000, "player-bonus-pair": 1000},
                                       2: {"dealer": 1000, "dealer-bonus-pair": 1000}})
    assert nets(events, 1)["player-bonus-pair"] == won
    assert nets(events, 2)["dealer-bonus-pair"] == -1000  # T-K is no pair: same point, not same rank


def test_side_bets_need_a_line_and_a_seat_plays_one_line():
    engine = pd_engine(GAME, "5.0-lc")
    state = seated(engine, resolve(load_game(GAME).variants["5.0-lc"], None), [PD, 1])
    rng = SeededRng(1)
    engine.apply(state, Action("bank", PD, "", 100000), rng)
    assert {a.spot for a in engine.legal_actions(state, 1) if a.kind == "bet"} == {"player", "dealer"}
    with pytest.raises(IllegalAction, match="needs a Player or Dealer bet"):
        engine.apply(state, Action("bet", 1, "early-tie", 1000), rng)
    engine.apply(state, Action("bet", 1, "player", 1000), rng)
    with pytest.raises(IllegalAction, match="one line"):
        engine.apply(state, Action("bet", 1, "dealer", 1000), rng)
    with pytest.raises(IllegalAction, match="maximum"):
        engine.apply(state, Action("bet", 1, "player-bonus-pair", 30100), rng)  # $300 most (002 s.1840)


# ---------------------------------------------------------------------------------------
# 8.3: the option against a 5 or 6, the banker chart, ties push, Dragon Bonus, Bonus Pair
# ---------------------------------------------------------------------------------------
def test_8_3_a_player_5_must_hit_unless_the_dealer_shows_5_or_6():
    """002 s.2640, D-168: the option on 5 only against an up card of 5 or 6."""
    engine, state, _, _ = start("8.3", ["5s", "3h", "Kc", "Kd", "Ac", "2c"], {1: {"player": 1000}})
    assert engine.is_over(state) and state.inner.player == ["5s", "Kc", "Ac"]
    engine, state, _, _ = start("8.3", ["5s", "6h", "Kc", "Kd", "Ac", "2c"], {1: {"player": 1000}})
    assert state.inner.window == "option"


@pytest.mark.parametrize(("hit", "dealer_draws"), [("7c", True), ("8c", False)])
def test_8_3_all_stand_the_hit_card_is_still_dealt_and_drives_the_chart(hit, dealer_draws):
    """002 rule 15, D-169: everyone stands on 5 against a 6, the hit card is dealt anyway; the
    Dealer's 6 hits on a 6 or 7 and stands on an 8 (002 s.2657-2665); stand-line bets keep 5."""
    cards = ["5s", "6h", "Kc", "Kd", hit, "2d"]
    state, events = hand("8.3", cards, {1: {"player": 500}, 2: {"dealer": 500}}, choices={1: "stand"})
    assert state.inner.player == ["5s", "Kc", hit]
    assert len(state.inner.banker) == (3 if dealer_draws else 2)
    assert nets(events, 1) == {"player": -500}            # 5 against 8 or 6
    assert nets(events, 2) == {"dealer": 475}             # 19 to 20 on $5


def test_8_3_dealer_3_stands_on_a_player_hit_card_of_8():
    """The banker chart's odd cell: a 3 stands against an 8 (002 s.2661); 5.0's Dealer would hit."""
    state, _ = hand("8.3", ["2s", "3h", "2c", "Kd", "8c", "9d"], {1: {"player": 500}})
    assert state.inner.banker == ["3h", "Kd"]
    state, _ = hand("5.0-lc", ["2s", "3h", "2c", "Kd", "8c", "9d"], {1: {"player": 1000}})
    assert state.inner.banker == ["3h", "Kd", "9d"]


def test_8_3_every_tie_pushes_even_on_0():
    """002 rule 22: all ties push; the Early Tie pays 9 to 1 (D-171)."""
    _, events = hand("8.3", ["Ts", "Kh", "Kc", "Qd", "Jd", "Qs"], {1: {"player": 500, "early-tie": 500}, 2: {"dealer": 500}})
    assert nets(events, 1) == {"player": 0, "early-tie": 4500}
    assert results(events, 2) == {"dealer": "push"}


@pytest.mark.parametrize(("cards", "player", "dealer"), [
    (["4s", "2h", "5c", "Kd"], 500, -500),                 # Player natural 9 beats 2: natural win 1 to 1
    (["4s", "4h", "5c", "5d"], 0, 0),                      # natural 9 against natural 9: push
    (["2s", "Th", "Kc", "Qd", "7c", "2d"], 3000, -500),    # P 2 hits 7 = 9; D 0 hits 2 = 2: win by 7, 6 to 1
    (["2s", "Th", "Kc", "Qd", "4c", "3d"], -500, -500),    # P 6 against D 3: by 3 loses
    (["Ts", "6h", "Kc", "2d"], -500, 500),                 # P 0 against a Dealer natural 8: the Dealer's natural wins
])
def test_8_3_dragon_bonus(cards, player, dealer):
    """002 s.2666-2715, D-172: natural win 1 to 1, natural tie push, a win by 4+ by the table."""
    _, events = hand("8.3", cards, {1: {"player": 500, "player-dragon-bonus": 500},
                                    2: {"dealer": 500, "dealer-dragon-bonus": 500}})
    assert nets(events, 1)["player-dragon-bonus"] == player
    assert nets(events, 2)["dealer-dragon-bonus"] == dealer


def test_8_3_dragon_bonus_follows_the_line():
    engine = pd_engine(GAME, "8.3")
    state = seated(engine, resolve(load_game(GAME).variants["8.3"], None), [PD, 1])
    rng = SeededRng(1)
    engine.apply(state, Action("bank", PD, "", 100000), rng)
    engine.apply(state, Action("bet", 1, "player", 500), rng)
    with pytest.raises(IllegalAction, match="D-172"):
        engine.apply(state, Action("bet", 1, "dealer-dragon-bonus", 500), rng)


def test_8_3_bonus_pair_pays_6_12_25():
    _, events = hand("8.3", ["7s", "Th", "7s", "Kd", "2c", "2d"], {1: {"player": 500, "player-bonus-pair": 500}})
    assert nets(events, 1)["player-bonus-pair"] == 12500
    _, events = hand("8.3", ["7h", "Th", "7c", "Kd", "2c", "2d"], {1: {"player": 500, "player-bonus-pair": 500}})
    assert nets(events, 1)["player-bonus-pair"] == 3000


# ---------------------------------------------------------------------------------------
# The hole card sets the action seat; a bank that runs out
# ---------------------------------------------------------------------------------------
def test_the_hole_card_names_the_action_seat_and_the_bank_runs_out():
    """002 s.1686, D-167: the hole card 3 names Seat 4, the third position clockwise from the
    P/D (engine seat 3); settlement runs clockwise from there until the stake is spent."""
    cards = ["7s", "Th", "Kc", "3d"]                       # P 7 stands; D 3 hits 0: P wins
    state, events = hand("5.0-lc", [*cards, "Kh"], {1: {"player": 1000}, 2: {"player": 1000}, 3: {"player": 1000}},
                         stake=1500)
    assert state.action_seat == 3 and state.action_card == "3d"
    assert nets(events, 3) == {"player": 1000}
    assert nets(events, 1) == {"player": 500}
    assert [e.result for e in events if isinstance(e, Settlement) and e.seat == 2] == [NO_ACTION]


def test_the_hole_card_stays_down_until_the_player_has_drawn():
    engine, state, _, _ = start("5.0-lc", ["5s", "Th", "Kc", "4d", "3h", "Ac"], {1: {"player": 1000}})
    view = engine.view(state, 1)
    assert view["dealer"]["cards"] == ["Th", ""] and view["dealer"]["total"] == 0
    assert [a.label for a in engine.legal_actions(state, 1) if a.kind in ("hit", "stand")] == ["Hit", "Stand"]


# ---------------------------------------------------------------------------------------
# 5.0 at Crystal Park (003 §18-§21): the posted tie rates, tie bets capped by the base wager,
# no collection on the tie and bonus bets
# ---------------------------------------------------------------------------------------
def test_5_0_cp_tie_rates_as_posted():
    """D-163, D-164: the Early Tie 9 to 1 unless 8 to 1 is posted; the Late Tie 7 to 1 or 9 to 1."""
    cards = ["2s", "3h", "Ac", "Kd", "Td", "Qs"]      # a tie on 3
    _, events = hand("5.0-cp", cards, {1: {"player": 1000, "early-tie": 1000}}, late={1: 1000})
    assert nets(events, 1) == {"player": 0, "early-tie": 9000, "late-tie": 7000}
    engine = pd_engine(GAME, "5.0-cp")
    rules = resolve(load_game(GAME).variants["5.0-cp"], {"options": {"early_tie_pays": "8 to 1", "late_tie_pays": "9 to 1"}})
    state = seated(engine, rules, [PD, *BETTORS])
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", 100000), rng)
    stack_shoe(state.inner.shoe, cards)
    events += engine.apply(state, Action("bet", 1, "player", 1000), rng)
    events += engine.apply(state, Action("bet", 1, "early-tie", 1000), rng)
    events += engine.apply(state, Action("deal", 1), rng)
    events += engine.apply(state, Action("late-tie", 1, "late-tie", 1000), rng)
    assert engine.is_over(state)
    assert nets(events, 1) == {"player": 0, "early-tie": 8000, "late-tie": 9000}


def test_5_0_cp_tie_bets_at_most_the_base_wager_and_no_fee_on_them():
    """003 s.904 (D-163), D-164: neither tie bet over the base wager; 003 s.906, s.915, s.928:
    no collection on the tie and Bonus Pair bets (group A charges the line wagers only)."""
    engine, state, _, rng = start("5.0-cp", ["2s", "3h", "Ac", "Kd", "Td", "Qs"],
                                       {1: {"player": 1000, "early-tie": 1000, "player-bonus-pair": 1000}})
    with pytest.raises(IllegalAction, match="base wager"):
        engine.apply(state, Action("late-tie", 1, "late-tie", 2000), rng)
    assert state.fees == {"1": 100, "0": 100}             # $1 on the Player line; the bank's $1
    engine2 = pd_engine(GAME, "5.0-cp")
    state2 = seated(engine2, resolve(load_game(GAME).variants["5.0-cp"], None), [PD, 1])
    engine2.apply(state2, Action("bank", PD, "", 100000), rng)
    engine2.apply(state2, Action("bet", 1, "player", 1000), rng)
    with pytest.raises(IllegalAction, match="base wager"):
        engine2.apply(state2, Action("bet", 1, "early-tie", 2000), rng)


# ---------------------------------------------------------------------------------------
# Face Up (003 §14-§15): the option on 5 and 6, no naturals, no Dealer line, Tie Hands
# ---------------------------------------------------------------------------------------
def test_face_up_option_on_6_split_and_no_naturals():
    """003 s.413-420: hit 0-4, choose on 5 or 6, stand 7-9; a Dealer two-card 9 stops nothing
    (D-160: no natural rule), the Dealer stands on 9."""
    cards = ["6s", "4h", "Kc", "5d", "2h"]           # P 6; D 9 (no natural); hit card 2 -> 8
    state, events = hand("face-up", cards, {1: {"player": 1000}, 2: {"player": 1000}}, choices={1: "stand", 2: "hit"})
    assert state.inner.player == ["6s", "Kc", "2h"] and state.inner.banker == ["4h", "5d"]
    assert nets(events, 1) == {"player": -1000} and nets(events, 2) == {"player": -1000}
    cards = ["4s", "4h", "Kc", "4d", "Kh", "Qd"]       # P 4 must hit even against a Dealer 8
    state, _ = hand("face-up", cards, {1: {"player": 1000}})
    assert state.inner.player == ["4s", "Kc", "Kh"] and state.inner.banker == ["4h", "4d"]


def test_face_up_house_way_stands_on_6_and_no_dealer_line():
    engine, state, events, rng = start("face-up", ["6s", "3h", "Kc", "Kd", "2h", "4c"], {1: {"player": 1000}})
    assert state.inner.window == "late-tie"              # the Tie Hands window first (D-173)
    events += engine.apply(state, Action("pass", 1), rng)
    assert state.inner.window == "option"
    events += engine.apply(state, engine.timeout_action(state), rng)
    assert state.inner.choices == {1: "stand"} and state.inner.player == ["6s", "Kc"]   # House Way: stand on 6
    assert state.inner.banker == ["3h", "Kd", "2h"]                                    # the Dealer's 3 draws
    assert nets(events, 1) == {"player": 1000}
    engine2 = pd_engine(GAME, "face-up")
    state2 = seated(engine2, resolve(load_game(GAME).variants["face-up"], None), [PD, 1])
    engine2.apply(state2, Action("bank", PD, "", 100000), rng)
    assert {a.spot for a in engine2.legal_actions(state2, 1) if a.kind == "bet"} == {"player"}
    with pytest.raises(IllegalAction):
        engine2.apply(state2, Action("bet", 1, "dealer", 1000), rng)


def test_face_up_tie_hands_after_the_deal_on_the_bettors_own_hand():
    """003 s.444-458, D-173: the Tie Hands bet after the deal, 8 to 1 on a tie of the bettor's
    own version (here the stand line's 5 against 5), no collection; the hitter's bet loses."""
    cards = ["5s", "2h", "Kc", "Kd", "4h", "3c"]        # P 5; D 2; hit card 4 -> 9; D 2 draws 3 = 5
    state, events = hand("face-up", cards, {1: {"player": 1000}, 2: {"player": 1000}},
                         choices={1: "stand", 2: "hit"}, late={1: 1000, 2: 1000})
    assert nets(events, 1) == {"player": 0, "baccarat-tie": 8000}
    assert nets(events, 2) == {"player": 1000, "baccarat-tie": -1000}
    assert set(state.fees) == {"0", "1", "2"} and state.fees["1"] == 100   # the line wager only


def test_face_up_no_tie_hands_on_5_against_a_5():
    _, state, _, _ = start("face-up", ["5s", "5h", "Kc", "Kd", "4h", "3c"], {1: {"player": 1000}})
    assert state.inner.window == "option"                # straight to the option: no Tie Hands window
    _, state, _, _ = start("face-up", ["9s", "2h", "Kc", "Kd", "4h"], {1: {"player": 1000}})
    assert state.inner.window == "late-tie"              # a Player 9 may still take it at Face Up
