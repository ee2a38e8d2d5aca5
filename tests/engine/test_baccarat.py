"""The tableau baccarat tables, Mini-Baccarat (seed 004 s.904-1030) and EZ Baccarat (seed 000
s.1428-1532), dealt from stacked shoes: every cell of the drawing rules, the commission and
its rounding, every push, every side-bet line, the burn, the cut card and its last hands,
the dead game, the shoe that runs short, the limits, and the money of each round."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from webgame.engine.money import fmt
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Refund, Settlement
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games.baccarat import EZ_BACCARAT, MINI_BACCARAT, BaccaratState, BaccaratTable, Coup, commission

from .test_red_dog import stack_shoe
from .test_ultimate_holdem import check_money, nets

# Table 2 of seed 004 (s.986-1003), copied cell by cell: rows are the Banker's two-card
# total 0-7, columns the Player's third card 0-9; the last column is "no third card drawn".
TABLE_2 = {
    0: "DDDDDDDDDD D", 1: "DDDDDDDDDD D", 2: "DDDDDDDDDD D",
    3: "DDDDDDDDSD D",
    4: "SSDDDDDDSS D",
    5: "SSSSDDDDSS D",
    6: "SSSSSSDDSS S",
    7: "SSSSSSSSSS S",
}
# A two-card hand for each total, never a natural, of cards that do not clash with the draws.
TWO = {0: "Ts Tc", 1: "As Tc", 2: "2s Tc", 3: "3s Tc", 4: "4s Tc", 5: "5s Tc", 6: "6s Tc", 7: "7s Tc",
       8: "8s Tc", 9: "9s Tc"}
CARD = {0: "Qh", 1: "Ah", 2: "2h", 3: "3h", 4: "4h", 5: "5h", 6: "6h", 7: "7h", 8: "8h", 9: "9h"}


def rules_for(game: BaccaratTable, config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    variant = "chapter4" if game is MINI_BACCARAT else "grand-ronde"
    return resolve(load_game(game.slug).variants[variant], config)


def order(player: str, banker: str, *thirds: str) -> list[str]:
    """The dealing order: Player, Banker, Player, Banker, then the third cards (000 s.1514)."""
    p, b = player.split(), banker.split()
    return [p[0], b[0], p[1], b[1], *thirds]


def stacked(game: BaccaratTable, cards: list[str], bets: Mapping[str, int] | None = None, *,
            burn: str = "", config: Mapping[str, Any] | None = None) -> tuple[BaccaratState, list[Event]]:
    """A first round of a shoe whose cards are ``burn`` (Mini-Baccarat burns at a new shoe)
    and then ``cards``; ``bets`` on position 0."""
    rng = SeededRng(0)
    state = game.new_round(rules_for(game, config), rng, None)
    if game is MINI_BACCARAT and not burn:
        burn = "Ad As"  # an ace shown, one more burned (004 s.957)
    stack_shoe(state.shoe, burn.split() + cards)
    events: list[Event] = []
    for spot, amount in (bets or {"banker": 1000}).items():
        events += game.apply(state, Action("bet", 0, spot, amount), rng)
    events += game.apply(state, Action("deal"), rng)
    return state, events


def coup_of(state: BaccaratState) -> Coup:
    return Coup(tuple(state.player), tuple(state.banker))


# ---------------------------------------------------------------------------------------
# The tableau
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [MINI_BACCARAT, EZ_BACCARAT], ids=lambda g: g.slug)
@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_banker_draws_by_table_2_against_the_players_third_card(game: BaccaratTable, banker: int, third: int) -> None:
    """Every cell of Table 2 (004 s.986-1003; 000 s.1524-1530): the Player's 0 draws, and the
    Banker draws or stays on its two-card total against the value of that third card."""
    state, _ = stacked(game, order(TWO[0], TWO[banker], CARD[third], "Kd"))
    assert len(state.player) == 3
    assert len(state.banker) == (3 if TABLE_2[banker][third] == "D" else 2), state.drawing


@pytest.mark.parametrize("game", [MINI_BACCARAT, EZ_BACCARAT], ids=lambda g: g.slug)
@pytest.mark.parametrize("player", [6, 7])
@pytest.mark.parametrize("banker", range(8))
def test_banker_draws_0_to_5_when_the_player_stood(game: BaccaratTable, player: int, banker: int) -> None:
    """Table 2's "no third card drawn" column (004 s.986-1003; EZ: D-143)."""
    state, _ = stacked(game, order(TWO[player], TWO[banker], "Kd"))
    assert len(state.player) == 2
    assert len(state.banker) == (3 if TABLE_2[banker][-1] == "D" else 2)


@pytest.mark.parametrize("game", [MINI_BACCARAT, EZ_BACCARAT], ids=lambda g: g.slug)
@pytest.mark.parametrize("player", range(10))
def test_player_draws_on_0_to_5_and_stands_on_6_or_7(game: BaccaratTable, player: int) -> None:
    """Table 1 (004 s.977-984; 000 s.1521) against a Banker 7, which never draws."""
    state, _ = stacked(game, order(TWO[player], TWO[7], "Kd", "Kh"))
    assert len(state.player) == (3 if player <= 5 else 2)
    assert len(state.banker) == 2


@pytest.mark.parametrize("game", [MINI_BACCARAT, EZ_BACCARAT], ids=lambda g: g.slug)
@pytest.mark.parametrize(("player", "banker"), [(8, 0), (9, 3), (0, 8), (5, 9), (8, 9)])
def test_a_natural_on_either_hand_ends_the_coup(game: BaccaratTable, player: int, banker: int) -> None:
    """004 s.976, 000 s.1520 (D-144): no third card to either hand."""
    state, _ = stacked(game, order(TWO[player], TWO[banker], "Kd", "Kh"))
    assert (len(state.player), len(state.banker)) == (2, 2)
    assert state.drawing == "Natural: both hands stand"


def test_worked_example_banker_5_draws_against_a_4() -> None:
    """004 s.1003: Banker 5, Player's third card 4: the Banker draws."""
    state, _ = stacked(MINI_BACCARAT, order("Ts Ks", "2d 3d", "4c", "Jd"))
    assert state.banker == ["2d", "3d", "Jd"] and coup_of(state).banker_total == 5
    assert "Banker 5 draws against a Player third card of 4" in state.drawing


def test_points_count_the_last_digit() -> None:
    """004 s.910-915: A+2+4 = 7; A+2+9 = 12 counts 2; tens and pictures count nothing."""
    assert Coup(("Ac", "2d", "4h"), ("Ac", "2d", "9h")).player_total == 7
    assert Coup(("Ac", "2d", "4h"), ("Ac", "2d", "9h")).banker_total == 2
    assert Coup(("Kc", "Qd", "Th"), ("Jc", "5d")).player_total == 0


# ---------------------------------------------------------------------------------------
# Player and Banker, commission and pushes
# ---------------------------------------------------------------------------------------
def test_mini_banker_win_pays_even_money_less_five_percent() -> None:
    """004 s.942: 1 to 1 less a commission of 5% of the win, truncated to the cent (D-195)."""
    _, events = stacked(MINI_BACCARAT, order("Ts Kc", "9s Th"), {"banker": 1000, "player": 500})
    assert nets(events) == {"banker": 950, "player": -500}
    check_money(events, True, ["0:banker", "0:player"])


@pytest.mark.parametrize(("stake", "rounding", "vig"), [
    (1000, "cent", 50), (700, "cent", 35), (1025, "cent", 51),          # 5% of $10.25 is 51.25¢: 51¢
    (1000, "quarter-up", 50), (700, "quarter-up", 50), (1025, "quarter-up", 75), (2000, "quarter-up", 100),
])
def test_commission_rounding(stake: int, rounding: str, vig: int) -> None:
    """D-002, D-195: to the cent by default; the rulebook's round-off to the next 25 cents
    (004 s.942) where the operator chooses it."""
    config = {"options": {"commission_rounding": rounding, "bet_step": 25}}
    assert commission(rules_for(MINI_BACCARAT, config), stake) == vig
    state, events = stacked(MINI_BACCARAT, order("Ts Kc", "9s Th"), {"banker": stake}, config=config)
    assert nets(events) == {"banker": stake - vig}
    assert f"less {fmt(vig)} commission" in state.seats[0].results[0]["detail"]


def test_mini_player_win_pays_even_money() -> None:
    _, events = stacked(MINI_BACCARAT, order("9s Th", "Ts Kc"), {"banker": 1000, "player": 1000})
    assert nets(events) == {"banker": -1000, "player": 1000}


@pytest.mark.parametrize("game", [MINI_BACCARAT, EZ_BACCARAT], ids=lambda g: g.slug)
def test_a_tie_pushes_player_and_banker_and_pays_the_tie_8_to_1(game: BaccaratTable) -> None:
    """004 s.924, s.929, s.946; 000 s.1473 and D-145."""
    state, events = stacked(game, order("7s Th", "7d Kh"), {"banker": 1000, "player": 1000, "baccarat-tie": 500})
    assert coup_of(state).winner == "tie"
    assert nets(events) == {"banker": 0, "player": 0, "baccarat-tie": 4000}
    assert state.marks == ["T"]


def test_ez_banker_win_pays_even_money_with_no_commission() -> None:
    """000 s.1472."""
    _, events = stacked(EZ_BACCARAT, order("Ts Kc", "9s Th"), {"banker": 1000})
    assert nets(events) == {"banker": 1000}


def test_ez_banker_three_card_7_pushes_the_banker_bet_and_pays_dragon_7() -> None:
    """000 s.1445: a Banker win with a three-card 7 pushes the Banker bet; Dragon 7 pays 40
    to 1 (s.1474, D-150); the Player bet loses."""
    state, events = stacked(EZ_BACCARAT, order("Ts Th", "2s Tc", "6d", "5h"),
                            {"banker": 1000, "player": 500, "dragon-7": 100})
    assert (coup_of(state).player_total, coup_of(state).banker_total, len(state.banker)) == (6, 7, 3)
    assert nets(events) == {"banker": 0, "player": -500, "dragon-7": 4000}
    check_money(events, True, ["0:banker", "0:player", "0:dragon-7"])


def test_mini_banker_three_card_7_is_paid_less_commission() -> None:
    """Seed 004 has no such push: the Banker win is paid as any other."""
    _, events = stacked(MINI_BACCARAT, order("Ts Th", "2s Tc", "6d", "5h"), {"banker": 1000})
    assert nets(events) == {"banker": 950}


def test_ez_banker_two_card_7_is_paid() -> None:
    """Only a three-card 7 pushes."""
    _, events = stacked(EZ_BACCARAT, order("6s Th", "7s Tc"), {"banker": 1000, "dragon-7": 100})
    assert nets(events) == {"banker": 1000, "dragon-7": -100}


# ---------------------------------------------------------------------------------------
# EZ Baccarat side bets
# ---------------------------------------------------------------------------------------
def test_dragon_7_loses_on_a_three_card_7_tie() -> None:
    """D-150: the Banker must win."""
    state, events = stacked(EZ_BACCARAT, order("Ts Th", "2s Tc", "7d", "5h"), {"player": 1000, "dragon-7": 100})
    assert coup_of(state).winner == "tie"
    assert nets(events) == {"player": 0, "dragon-7": -100}


def test_panda_8_pays_25_to_1_and_the_player_is_paid_too() -> None:
    """000 s.1446, s.1475, D-151; the Banker 3 stays on a Player third card of 8 (Table 2)."""
    state, events = stacked(EZ_BACCARAT, order("Ts Th", "3s Tc", "8d", "Kh"), {"player": 1000, "panda-8": 200})
    assert (state.player, state.banker) == (["Ts", "Th", "8d"], ["3s", "Tc"])
    assert nets(events) == {"player": 1000, "panda-8": 5000}


def test_panda_8_loses_when_the_three_card_8_ties() -> None:
    state, events = stacked(EZ_BACCARAT, order("Ts Th", "Tc Kc", "8d", "8h"), {"player": 1000, "panda-8": 200})
    assert coup_of(state).winner == "tie"
    assert nets(events) == {"player": 0, "panda-8": -200}


def test_dragon_7_and_panda_8_need_a_line_bet() -> None:
    """D-149: refused alone; taking back the only line bet takes them back too."""
    rng = SeededRng(0)
    state = EZ_BACCARAT.new_round(rules_for(EZ_BACCARAT), rng, None)
    assert "dragon-7" not in {lg.spot for lg in EZ_BACCARAT.legal_actions(state, 0)}
    with pytest.raises(IllegalAction, match="needs a Player or Banker bet"):
        EZ_BACCARAT.apply(state, Action("bet", 0, "dragon-7", 100), rng)
    EZ_BACCARAT.apply(state, Action("bet", 0, "baccarat-tie", 100), rng)  # the Tie may stand alone
    EZ_BACCARAT.apply(state, Action("bet", 0, "player", 500), rng)
    assert {"dragon-7", "panda-8"} <= {lg.spot for lg in EZ_BACCARAT.legal_actions(state, 0)}
    EZ_BACCARAT.apply(state, Action("bet", 0, "panda-8", 100), rng)
    events = EZ_BACCARAT.apply(state, Action("clear", 0, "player"), rng)
    assert sorted((e.bet, e.amount) for e in events if isinstance(e, Refund)) == [("panda-8", 100), ("player", 500)]
    assert state.seats[0].bets == {"baccarat-tie": 100}


@pytest.mark.parametrize(("cards", "line_net"), [
    (order("Ts Th", "Tc Kc", "9d", "9h"), 75 * 100),   # both three-card 9: 75 to 1 only (D-159)
    (order("Ts Th", "2s Tc", "9d", "Jh"), 10 * 100),   # Player three-card 9
    (order("Ts Th", "Tc Kc", "5d", "9h"), 10 * 100),   # Banker three-card 9
    (order("9s Th", "Tc Kc"), -100),                    # a natural 9 is not a three-card 9
])
def test_divine_9_lines(cards: list[str], line_net: int) -> None:
    """000 s.1449, s.1489-1493."""
    _, events = stacked(EZ_BACCARAT, cards, {"divine-9": 100})
    assert nets(events) == {"divine-9": line_net}


@pytest.mark.parametrize("margin", range(4, 10))
@pytest.mark.parametrize("side", ["player", "banker"])
def test_golden_talons_pays_a_non_natural_win_by_its_margin(side: str, margin: int) -> None:
    """000 s.1479-1485: win by 4 pays 1 to 1 … win by 9 pays 30 to 1."""
    pays = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}
    win, lose = CARD[margin], "Kd"
    cards = order("Ts Th", "Tc Kc", win, lose) if side == "player" else order("Ts Th", "Tc Kc", lose, win)
    state, events = stacked(EZ_BACCARAT, cards, {"talons-player": 100, "talons-banker": 100})
    assert coup_of(state).winner == side and coup_of(state).margin() == margin
    other = "talons-banker" if side == "player" else "talons-player"
    assert nets(events) == {f"talons-{side}": pays[margin] * 100, other: -100}


@pytest.mark.parametrize(("cards", "player_net", "banker_net"), [
    (order("9s Th", "Tc Kc"), 100, -100),         # natural 9 over 0: 1 to 1, not 30 to 1 (D-157)
    (order("Tc Kc", "8s Th"), -100, 100),         # natural 8 wins for the Banker
    (order("8s Th", "8h Tc"), 0, 0),              # natural tie pushes both (s.1487)
    (order("7s Th", "7d Kh"), -100, -100),        # a non-natural tie loses (D-158)
    (order("Ts Th", "3s Tc", "6d", "Kh"), -100, -100),  # Player wins by 3: loses
])
def test_golden_talons_naturals_ties_and_small_margins(cards: list[str], player_net: int, banker_net: int) -> None:
    _, events = stacked(EZ_BACCARAT, cards, {"talons-player": 100, "talons-banker": 100})
    assert nets(events) == {"talons-player": player_net, "talons-banker": banker_net}


def test_ez_side_bet_maxima_are_shares_of_the_posted_maximum() -> None:
    """000 s.1456-1458 (D-156): Tie 20%, Dragon 7 2.5%, Panda 8 4% of the posted maximum,
    also when the operator posts a lower maximum; Divine 9 $100 and Golden Talons $200."""
    full = EZ_BACCARAT.limits_of(rules_for(EZ_BACCARAT))
    assert (full["player"]["max"], full["baccarat-tie"]["max"], full["dragon-7"]["max"], full["panda-8"]["max"]) == \
        (600000, 120000, 15000, 24000)
    assert (full["divine-9"]["max"], full["talons-player"]["max"]) == (10000, 20000)
    lower = {"limits": {"player": {"min": 500, "max": 100000}, "banker": {"min": 500, "max": 100000}}}
    rules = rules_for(EZ_BACCARAT, lower)
    small = EZ_BACCARAT.limits_of(rules)
    assert (small["baccarat-tie"]["max"], small["dragon-7"]["max"], small["panda-8"]["max"]) == (20000, 2500, 4000)
    rng = SeededRng(0)
    state = EZ_BACCARAT.new_round(rules, rng, None)
    EZ_BACCARAT.apply(state, Action("bet", 0, "banker", 1000), rng)
    with pytest.raises(IllegalAction, match=r"maximum on the Dragon 7 is \$25"):
        EZ_BACCARAT.apply(state, Action("bet", 0, "dragon-7", 2600), rng)


def test_ez_player_banker_maximum_is_6000() -> None:
    """000 s.1455 binds the operator (D-004)."""
    from webgame.engine.paytable import RulebookLimitError

    with pytest.raises(RulebookLimitError, match="1455"):
        rules_for(EZ_BACCARAT, {"limits": {"banker": {"min": 500, "max": 700000}}})


# ---------------------------------------------------------------------------------------
# The shoe: burn, cut card, last hands, dead game, a short shoe
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("burn", "count"), [("As Ad", 2), ("7c " + "2c " * 7, 8), ("Kc 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d", 11)])
def test_mini_burns_the_first_card_and_as_many_more_as_its_value(burn: str, count: int) -> None:
    """004 s.957, D-199: pictures and tens burn ten more; the burn is shown."""
    state, _ = stacked(MINI_BACCARAT, order("9s Th", "Ts Kc"), burn=burn)
    assert len(state.burned) == count and state.burned[0] == burn.split()[0]
    assert state.player == ["9s", "Th"]
    assert EZ_BACCARAT.view(stacked(EZ_BACCARAT, order("9s Th", "Ts Kc"))[0], 0)["burned"] == []  # D-012


def play(game: BaccaratTable, carry: Any, seed: int, before_cut: int | None = None) -> tuple[BaccaratState, dict[str, Any]]:
    """One round betting the Banker; ``before_cut`` moves cards to the discards so that the
    coup begins that many cards before the cut card."""
    rng = SeededRng(seed)
    state = game.new_round(rules_for(game), rng, carry)
    if before_cut is not None:
        shoe = state.shoe
        skip = shoe.cut_at - shoe.dealt - before_cut
        shoe.discards += shoe.remaining[:skip]
        shoe.remaining = shoe.remaining[skip:]
    game.apply(state, Action("bet", 0, "banker", 1000), rng)
    game.apply(state, Action("deal"), rng)
    return state, game.carry(state)


def test_mini_deals_one_last_hand_after_the_cut_card_then_reshuffles() -> None:
    """004 s.975, D-199: the coup is finished, one more "Last Hand", then the reshuffle,
    which clears the scoreboards."""
    state, carry = play(MINI_BACCARAT, None, 1)
    rounds = 1
    while state.after_cut < 0:
        state, carry = play(MINI_BACCARAT, carry, rounds + 1)
        rounds += 1
        assert not state.last_hand
    assert state.after_cut == 1 and len(state.marks) == rounds
    last, carry = play(MINI_BACCARAT, carry, 1000)
    assert last.last_hand and last.notes[0] == "Last Hand." and len(last.marks) == rounds + 1
    fresh, _ = play(MINI_BACCARAT, carry, 1001)
    assert fresh.shoe.just_shuffled and fresh.marks == ["BPT"[("banker", "player", "tie").index(coup_of(fresh).winner)]]


@pytest.mark.parametrize(("before_cut", "after"), [(0, 2), (2, 1)])
def test_ez_one_more_hand_after_a_mid_coup_cut_card_two_if_it_opens_a_coup(before_cut: int, after: int) -> None:
    """000 s.1512, D-153: the cut card as the first card out of a coup, or in its middle."""
    state, carry = play(EZ_BACCARAT, None, 1, before_cut=before_cut)
    assert state.after_cut == after
    for left in range(after - 1, -1, -1):
        state, carry = play(EZ_BACCARAT, carry, 10 + left)
        assert state.after_cut == left and state.last_hand == (left == 0)
        assert not state.shoe.just_shuffled
    state, _ = play(EZ_BACCARAT, carry, 99)
    assert state.shoe.just_shuffled and len(state.marks) == 1


def test_a_dead_game_reshuffles_ez_only_under_half_a_shoe() -> None:
    """D-011, D-153 (000 s.1513): Mini-Baccarat reshuffles a dead game; EZ Baccarat only if
    less than half the shoe remains."""
    _, carry = play(EZ_BACCARAT, None, 1)
    assert EZ_BACCARAT.went_dead(carry) == carry
    carry["shoe"]["discards"] += carry["shoe"]["remaining"][:250]
    carry["shoe"]["remaining"] = carry["shoe"]["remaining"][250:]
    assert EZ_BACCARAT.went_dead(carry)["shoe"]["cut_card_out"] is True
    _, mini = play(MINI_BACCARAT, None, 1)
    state = MINI_BACCARAT.new_round(rules_for(MINI_BACCARAT), SeededRng(2), MINI_BACCARAT.went_dead(mini))
    assert state.shoe.just_shuffled and state.marks == []


def test_a_shoe_that_cannot_finish_the_coup_voids_it_and_reshuffles() -> None:
    """004 s.1014: the round is void, every wager returned, a full reshuffle next."""
    _, carry = play(MINI_BACCARAT, None, 1)
    rng = SeededRng(5)
    state = MINI_BACCARAT.new_round(rules_for(MINI_BACCARAT), rng, carry)
    shoe = state.shoe
    shoe.discards += shoe.remaining[5:]
    shoe.remaining = shoe.remaining[:5]
    MINI_BACCARAT.apply(state, Action("bet", 0, "player", 1000), rng)
    events = MINI_BACCARAT.apply(state, Action("deal"), rng)
    assert [(e.result, e.returned) for e in events if isinstance(e, Settlement)] == [("void", 1000)]
    assert state.player == [] and MINI_BACCARAT.is_over(state)
    assert MINI_BACCARAT.new_round(rules_for(MINI_BACCARAT), SeededRng(6), MINI_BACCARAT.carry(state)).shoe.just_shuffled


# ---------------------------------------------------------------------------------------
# Betting, the view, bots and many rounds
# ---------------------------------------------------------------------------------------
def test_betting_rules_and_the_table_deal() -> None:
    rng = SeededRng(0)
    state = MINI_BACCARAT.new_round(rules_for(MINI_BACCARAT), rng, None)
    assert MINI_BACCARAT.legal_actions(state, SYSTEM_SEAT) == []
    with pytest.raises(IllegalAction, match="does not take"):
        MINI_BACCARAT.apply(state, Action("bet", 0, "dragon-7", 100), rng)  # not offered at Mini-Baccarat
    with pytest.raises(IllegalAction, match="maximum on the Tie is"):
        MINI_BACCARAT.apply(state, Action("bet", 0, "baccarat-tie", 2600), rng)
    MINI_BACCARAT.apply(state, Action("bet", 0, "baccarat-tie", 100), rng)  # D-197: alone
    MINI_BACCARAT.apply(state, Action("bet", 3, "player", 100), rng)
    with pytest.raises(IllegalAction, match="Spot 4: the minimum on the Player is"):
        MINI_BACCARAT.apply(state, Action("deal"), rng)
    MINI_BACCARAT.apply(state, Action("bet", 3, "player", 400), rng)
    assert [lg.kind for lg in MINI_BACCARAT.legal_actions(state, SYSTEM_SEAT)] == ["deal"]
    MINI_BACCARAT.apply(state, Action("deal"), rng)
    assert MINI_BACCARAT.is_over(state) and MINI_BACCARAT.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction):
        MINI_BACCARAT.apply(state, Action("bet", 0, "player", 500), rng)


def test_view_never_shows_the_shoe_order_and_round_trips() -> None:
    state, _ = stacked(EZ_BACCARAT, order("Ts Th", "2s Tc", "6d", "5h"), {"banker": 1000})
    view = EZ_BACCARAT.view(state, 0)
    text = json.dumps(view)
    assert "remaining" not in text and json.dumps(state.shoe.remaining[:8])[1:-1] not in text
    assert view["player"] == {"cards": ["Ts", "Th", "6d"], "total": 6}
    assert view["banker"]["total"] == 7 and view["winner"] == "banker"
    assert view["roads"]["bead"] == [{"col": 0, "row": 0, "mark": "B"}]
    assert round_trips(state)


def test_bots_bet_the_banker_minimum_only() -> None:
    state = MINI_BACCARAT.new_round(rules_for(MINI_BACCARAT), SeededRng(0), None)
    assert MINI_BACCARAT.bot_action(state, 2) == Action("bet", 2, "banker", 500)
    assert MINI_BACCARAT.timeout_action(state) is None and MINI_BACCARAT.to_act(state) is None


@pytest.mark.parametrize("game", [MINI_BACCARAT, EZ_BACCARAT], ids=lambda g: g.slug)
def test_hundreds_of_rounds_settle_every_wager_once(game: BaccaratTable) -> None:
    carry: Any = None
    spots = game.offered_spots(rules_for(game))
    for seed in range(300):
        rng = SeededRng(seed)
        state = game.new_round(rules_for(game), rng, carry)
        events: list[Event] = []
        for spot in spots:
            events += game.apply(state, Action("bet", 1, spot, 500), rng)
        events += game.apply(state, Action("deal"), rng)
        check_money(events, True, [f"1:{s}" for s in spots])
        carry = game.carry(state)
        assert len(state.marks) <= 90


def test_the_mini_baccarat_tie_may_be_posted_above_8_to_1() -> None:
    """004 s.946 "at least 8 to 1" (D-196): the operator's posted odds reach the paytable the
    round pays from, the felt's words and the odds."""
    from webgame.analysis import mini_baccarat
    from webgame.engine.prose import Posted

    config = {"options": {"tie_pays": "9 to 1"}}
    rules = rules_for(MINI_BACCARAT, config)
    assert rules["paytables"]["baccarat-tie"]["lines"]["tie"] == "9 to 1"
    assert "Tie bets pay 9 to 1" in Posted.of("mini-baccarat", rules).lines("felt")
    _, events = stacked(MINI_BACCARAT, order("7s Th", "7d Kh"), {"baccarat-tie": 500}, config=config)
    assert nets(events) == {"baccarat-tie": 4500}
    variant = load_game("mini-baccarat").variants["chapter4"]
    tie = next(w for w in mini_baccarat.wagers(variant, rules) if w.bet == "baccarat-tie")
    assert round(float(tie.exact().house_edge) * 100, 2) == 4.84  # 9 to 1: Wizard of Odds, 4.84%
    with pytest.raises(ValueError):
        rules_for(MINI_BACCARAT, {"options": {"tie_pays": "7 to 1"}})
