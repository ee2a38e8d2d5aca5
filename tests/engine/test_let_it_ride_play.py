"""Let It Ride hand by hand from stacked decks: the deal and the burn, taking bets 1 and 2
back, every base line, the $1 Bonus "for 1", the Three Card Bonus, the per-player cap (000
s.612) and the table-wide pro-rated cap (004 s.1124-1143), timeouts, bots and privacy."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from tests.carnival_support import (
    act,
    check_money,
    check_views,
    nets,
    rules_for,
    settlements,
    stacked_round,
)
from webgame.engine.paytable import load_game
from webgame.engine.protocol import SYSTEM_SEAT, Action, IllegalAction, Refund, Stake
from webgame.engine.rng import SeededRng
from webgame.games.carnival import LET_IT_RIDE as LIR
from webgame.games.carnival.base import prorate

VARIANTS = ("grand-ronde", "chapter4")


def lir_round(variant: str, hands: Sequence[str], community: str, bets: Mapping[int, Mapping[str, int]] | None = None,
              owners=None, burn: str = "", options=None):
    """Each player's 3-card stack in seat order, then the dealer's stack: burn, then the
    two community cards (000 s.669, 004 s.1101-1103). The burn is any unused card by default."""
    used = [c for h in hands for c in h.split()] + community.split()
    burn = burn or next(c for c in ("2c", "3d", "4s", "5h", "6c") if c not in used)
    order = used[:3 * len(hands)] + [burn, *community.split()]
    rules = rules_for("let-it-ride", variant, options=options)
    bets = bets if bets is not None else {n: {"base": 1000} for n in range(len(hands))}
    return stacked_round(LIR, rules, order, bets, owners=owners)


def decide_all(state, events, *moves: str):
    """Each stage's move for every hand still deciding: "ride" or "take-back"."""
    for move in moves:
        for n in list(LIR.undecided(state)):
            events += act(LIR, state, move, n, str(state.stage))
    return events


# ---------------------------------------------------------------------------------------
# The deal and the decisions
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "burn_shown"), [("grand-ronde", False), ("chapter4", True)])
def test_deal_burn_and_community_cards(variant, burn_shown):
    state, _ = lir_round(variant, ["Ah Kh Qh", "9c 9d 2s"], "Jh Th", burn="3d")
    assert state.seats[0].cards == ["Ah", "Kh", "Qh"] and state.seats[1].cards == ["9c", "9d", "2s"]
    assert state.burn == ["3d"] and state.community == ["Jh", "Th"]
    view = LIR.view(state, 0)
    assert view["community"] == [None, None] and view["burn"] == [None]
    assert view["burn_on_table"] is burn_shown  # 004 s.1103 burns at the first turn; 000 s.669 at once
    assert LIR.bot_action(state, 0).kind == "ride"


def test_bet_one_then_two_then_the_showdown_and_bet_three_never_comes_back():
    state, events = lir_round("grand-ronde", ["9c 9d 2s"], "Jh Th")
    assert [lg.kind for lg in LIR.legal_actions(state, 0)] == ["ride", "take-back"]
    with pytest.raises(IllegalAction, match="bet 3 can never be taken back"):
        act(LIR, state, "take-back", 0, "3")
    with pytest.raises(IllegalAction, match="can never be taken back"):
        act(LIR, state, "take-back", 0, "2")
    events += act(LIR, state, "take-back", 0, "1")
    assert Refund(0, "bet-1", 1000) in events and "bet-1" not in state.seats[0].bets
    assert state.stage == 2 and state.community_shown == 1
    assert LIR.view(state, None)["community"] == ["Jh", None]
    assert [lg.spot for lg in LIR.legal_actions(state, 0)] == ["2", "2"]
    events += act(LIR, state, "ride", 0, "2")
    assert state.phase == "over"
    assert nets(events) == {"bet-2": -1000, "bet-3": -1000}  # a pair of 9s is below 10s (000 s.693)
    check_money(LIR, events, state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_taking_both_back_leaves_only_the_dollar_bet(variant):
    state, events = lir_round(variant, ["Tc Td 2s"], "Jh 4h")
    events = decide_all(state, events, "take-back", "take-back")
    assert nets(events) == {"bet-3": 1000}
    check_money(LIR, events, state)


# ---------------------------------------------------------------------------------------
# Every base line
# ---------------------------------------------------------------------------------------
HANDS = [
    # (player, community, line, grand-ronde odds, chapter4 odds)
    ("Ah Kh Qh", "Jh Th", "royal-flush", 500, 1000),
    ("9h Kh Qh", "Jh Th", "straight-flush", 200, 200),
    ("Ah 2h 3h", "4h 5h", "straight-flush", 200, 200),   # the wheel straight flush (000 s.626)
    ("9c 9d 9h", "9s 2c", "four-of-a-kind", 50, 50),
    ("9c 9d 4h", "9s 4c", "full-house", 11, 11),
    ("2h 7h 9h", "Jh Kh", "flush", 8, 8),
    ("Ac 2d 3h", "4s 5c", "straight", 5, 5),              # A-2-3-4-5 is the lowest straight
    ("Tc Jd Qh", "Ks Ac", "straight", 5, 5),
    ("7c 7d 7h", "Ks 2c", "three-of-a-kind", 3, 3),
    ("7c 7d 2h", "2s Kc", "two-pair", 2, 2),
    ("Tc Td 2h", "5s Kc", "pair-tens-or-better", 1, 1),
    ("Ac 5d 2h", "As 9c", "pair-tens-or-better", 1, 1),
    ("9c 9d 2h", "5s Kc", None, 0, 0),                    # a pair of 9s loses
    ("Qc Kd 2h", "As 3c", None, 0, 0),                    # Q-K-A-2-3 is no straight (000 s.641)
    ("Ac Kd 9h", "5s 3c", None, 0, 0),
]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("player", "community", "line", "gr", "c4"), HANDS)
def test_every_base_line_pays_each_bet_in_action(variant, player, community, line, gr, c4):
    state, events = lir_round(variant, [player], community, bets={0: {"base": 500}})
    events = decide_all(state, events, "ride", "ride")
    odds = gr if variant == "grand-ronde" else c4
    expected = 500 * odds if line else -500
    assert nets(events) == {"bet-1": expected, "bet-2": expected, "bet-3": expected}
    if line:  # the line as the variant's paytable data labels it ("4 of a kind" in c004 s.1112)
        label = load_game("let-it-ride").variants[variant].paytables[state.rules["base_paytable"]].line(line).label
        assert settlements(events)[(0, "bet-3")].detail == f"{label} pays {odds} to 1"


# ---------------------------------------------------------------------------------------
# The $1 Bonus and the Three Card Bonus (c000 only, D-517)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("player", "community", "returned"), [
    ("Ah Kh Qh", "Jh Th", 1_000_000), ("9h Kh Qh", "Jh Th", 200_000), ("9c 9d 9h", "9s 2c", 10_000),
    ("9c 9d 4h", "9s 4c", 7_500), ("2h 7h 9h", "Jh Kh", 5_000), ("Ac 2d 3h", "4s 5c", 2_500),
    ("7c 7d 7h", "Ks 2c", 800), ("7c 7d 2h", "2s Kc", 400), ("Tc Td 2h", "5s Kc", 0), ("Ac Kd 9h", "5s 3c", 0),
])
def test_dollar_bonus_pays_for_1_whatever_was_taken_back_D024_D288(player, community, returned):
    state, events = lir_round("grand-ronde", [player], community, bets={0: {"base": 500, "dollar-bonus": 100}})
    events = decide_all(state, events, "take-back", "take-back")
    got = settlements(events)[(0, "dollar-bonus")]
    assert (got.stake, got.returned) == (100, returned)  # "X for 1": X back in all, the $1 included


@pytest.mark.parametrize(("player", "odds"), [
    ("Ah Kh Qh", 50), ("Jh Qh Kh", 40), ("Ah 2h 3h", 40), ("8c 8d 8h", 30), ("Ac Kd Qh", 6),
    ("Ac 2d 3h", 6), ("2h 7h 9h", 3), ("Kc Kd 2h", 1), ("Kc Ad 2h", -1), ("Ac Kd 9h", -1),
])
def test_three_card_bonus_grades_the_players_three_cards_000_s649(player, odds):
    state, events = lir_round("grand-ronde", [player], "5s 5c", bets={0: {"base": 500, "three-card-bonus": 2500}})
    events = decide_all(state, events, "take-back", "take-back")
    assert nets(events)["three-card-bonus"] == 2500 * odds


def test_bonuses_need_a_base_bet_and_the_dollar_bonus_is_exactly_one_dollar():
    state = LIR.new_round(rules_for("let-it-ride", "grand-ronde"), SeededRng(1), None)
    with pytest.raises(IllegalAction, match="needs a wager on each base bet"):
        act(LIR, state, "bet", 0, "dollar-bonus", 100)  # 000 s.590
    act(LIR, state, "bet", 0, "base", 500)
    legal = {lg.spot: lg for lg in LIR.legal_actions(state, 0) if lg.kind == "bet"}
    assert (legal["dollar-bonus"].min, legal["dollar-bonus"].max) == (100, 100)          # 000 s.583
    assert (legal["three-card-bonus"].min, legal["three-card-bonus"].max) == (100, 2500)  # 000 s.584
    assert (legal["base"].min, legal["base"].max) == (100, 4500)  # $50 per spot (000 s.588)
    # One click on the circle puts exactly $1 down, whatever chip is selected.
    assert act(LIR, state, "bet", 0, "dollar-bonus", 500) == [Stake(0, "dollar-bonus", 100)]
    with pytest.raises(IllegalAction, match="already on: it is a \\$1 wager"):
        act(LIR, state, "bet", 0, "dollar-bonus", 100)
    act(LIR, state, "bet", 0, "three-card-bonus", 500)
    assert state.seats[0].bets == {"bet-1": 500, "bet-2": 500, "bet-3": 500, "dollar-bonus": 100, "three-card-bonus": 500}
    refunds = act(LIR, state, "clear", 0, "base")  # the bonuses stand only on the base bets
    assert sorted(r.bet for r in refunds) == ["bet-1", "bet-2", "bet-3", "dollar-bonus", "three-card-bonus"]


def test_chapter4_offers_no_bonus_bets_D517():
    state = LIR.new_round(rules_for("let-it-ride", "chapter4"), SeededRng(1), None)
    act(LIR, state, "bet", 0, "base", 100)
    assert [lg.spot for lg in LIR.legal_actions(state, 0) if lg.kind == "bet"] == ["base"]
    for spot in ("dollar-bonus", "three-card-bonus"):
        with pytest.raises(IllegalAction, match="no such bet"):
            act(LIR, state, "bet", 0, spot, 100)
    legal = next(lg for lg in LIR.legal_actions(state, 1) if lg.kind == "bet")
    assert (legal.min, legal.max) == (100, 200000)  # $1 to $2,000 (004 s.1147)


# ---------------------------------------------------------------------------------------
# Caps
# ---------------------------------------------------------------------------------------
def test_grand_ronde_caps_a_players_base_bets_at_25000_a_round_000_s612():
    # A royal flush with $50 on each of three spots: 3 x $50 x 500 = $75,000, cut to $25,000.
    state, events = lir_round("grand-ronde", ["Ah Kh Qh"], "Jh Th", bets={0: {"base": 5000, "dollar-bonus": 100}})
    events = decide_all(state, events, "ride", "ride")
    got = settlements(events)
    assert sum(got[(0, k)].net for k in ("bet-1", "bet-2", "bet-3")) == 2_500_000
    assert [got[(0, k)].returned - 5000 for k in ("bet-1", "bet-2", "bet-3")] == [833_334, 833_333, 833_333]
    assert "000 s.612" in got[(0, "bet-1")].detail
    assert got[(0, "dollar-bonus")].returned == 1_000_000  # the bonus is not capped (D-289)
    check_money(LIR, events, state)


def test_grand_ronde_cap_counts_all_of_one_players_spots_together_D023():
    hands = ["Qs Js Ts", "Ad Ac Kh"]  # spot 1: royal flush; spot 2: aces full of kings with A-K on the board
    for owners, capped in (({0: "ann", 1: "ann"}, True), ({0: "ann", 1: "bob"}, False)):
        state, events = lir_round("grand-ronde", hands, "As Ks", owners=owners,
                                  bets={0: {"base": 5000}, 1: {"base": 5000}})
        events = decide_all(state, events, "ride", "ride")
        got = settlements(events)
        spot0 = sum(got[(0, k)].net for k in ("bet-1", "bet-2", "bet-3"))
        spot1 = sum(got[(1, k)].net for k in ("bet-1", "bet-2", "bet-3"))
        if capped:
            assert spot0 + spot1 == 2_500_000 and spot1 < 3 * 5000 * 11
        else:
            assert (spot0, spot1) == (2_500_000, 3 * 5000 * 11)
        check_money(LIR, events, state)


def test_prorate_is_the_chapter4_formula_truncated_to_the_cent_D292():
    # The rulebook's example with its figures as the formula gives them (004 s.1131-1143):
    # $75,000, $4,000 and $2,250 against a $25,000 limit.
    assert prorate({1: 7_500_000, 2: 400_000, 3: 225_000}, 2_500_000) == {1: 2_307_692, 2: 123_076, 3: 69_230}
    assert prorate({1: 100, 2: 200}, 2_500_000) == {1: 100, 2: 200}


def test_chapter4_aggregate_cap_pro_rates_every_players_award_004_s1124():
    # One board, three hands: a royal flush ($25 on 3 bets = $75,000), aces full of kings ($25
    # on bets 2 and $ after taking bet 1 back = $550) and a flush ($10 on 3 bets = $240).
    hands = ["Qs Js Ts", "Ad Ah Kh", "9s 8s 2s"]
    state, events = lir_round("chapter4", hands, "As Ks",
                              bets={0: {"base": 2500}, 1: {"base": 2500}, 2: {"base": 1000}})
    for n in (0, 2):
        events += act(LIR, state, "ride", n, "1")
    events += act(LIR, state, "take-back", 1, "1")
    events = decide_all(state, events, "ride")
    got = settlements(events)
    award = {n: sum(got[(n, k)].net for k in ("bet-1", "bet-2", "bet-3") if (n, k) in got) for n in range(3)}
    raw = {0: 7_500_000, 1: 55_000, 2: 24_000}
    total = sum(raw.values())
    assert award == {n: raw[n] * 2_500_000 // total for n in range(3)}
    assert sum(award.values()) <= 2_500_000
    assert "004 s.1124-1143" in got[(0, "bet-3")].detail
    check_money(LIR, events, state)


def test_chapter4_cap_is_an_operator_setting_004_s1124():
    state, events = lir_round("chapter4", ["Qs Js Ts"], "As Ks", bets={0: {"base": 2500}}, options={"cap": 10_000_000})
    events = decide_all(state, events, "ride", "ride")
    assert sum(nets(events).values()) == 7_500_000  # under a $100,000 limit nothing is cut


# ---------------------------------------------------------------------------------------
# Clock, bots, privacy
# ---------------------------------------------------------------------------------------
def test_timeout_takes_the_bet_back_for_every_undecided_hand_D009():
    state, events = lir_round("grand-ronde", ["Ah Kh Qh", "9c 9d 2s", "4c 7d 3s"], "Jh Th")
    events += act(LIR, state, "ride", 0, "1")
    events += LIR.apply(state, Action("timeout", SYSTEM_SEAT), SeededRng(2))
    assert [r.bet for r in events if isinstance(r, Refund)] == ["bet-1", "bet-1"]
    assert [r.seat for r in events if isinstance(r, Refund)] == [1, 2]
    assert state.stage == 2 and LIR.undecided(state) == [0, 1, 2]
    events += LIR.apply(state, LIR.timeout_action(state), SeededRng(3))
    assert state.phase == "over"
    assert nets(events) == {"bet-1": 500 * 1000, "bet-3": 500 * 1000 - 2000}
    check_money(LIR, events, state)


@pytest.mark.parametrize(("cards", "ride"), [
    ("Tc Td 2s", True), ("9c 9d 2s", False), ("7c 7d 7s", True), ("Jh Qh Kh", True),
    ("3h 4h 5h", True), ("2h 3h 4h", False), ("2h 7h 9h", False), ("Ac Kd 9h", False),
])
def test_bots_ride_the_first_bet_on_paying_hands_and_strong_draws(cards, ride):
    state, _ = lir_round("grand-ronde", [cards], "5s 6c", burn="8d")
    assert LIR.bot_action(state, 0) == Action("ride" if ride else "take-back", 0, "1")


@pytest.mark.parametrize(("cards", "first", "ride"), [
    ("2h 7h 9h", "Jh", True), ("8c 9d Th", "Js", True), ("2c 3d 4h", "5s", False), ("Kc 5d 2h", "9s", False),
])
def test_bots_ride_the_second_bet_on_four_to_a_flush_or_a_high_straight(cards, first, ride):
    state, _events = lir_round("grand-ronde", [cards], f"{first} Ad", burn="8s")
    act(LIR, state, "take-back", 0, "1")
    assert LIR.bot_action(state, 0) == Action("ride" if ride else "take-back", 0, "2")


def test_player_cards_stay_private_until_the_showdown_D016():
    state, events = lir_round("chapter4", ["Ah Kh Qh", "9c 9d 2s", "4c 7d Js"], "Jh Th",
                              owners={0: "ann", 1: "bob", 2: "ann"})
    viewers = [None, SYSTEM_SEAT, 0, 1, 2, 5]
    check_views(LIR, state, viewers)
    assert LIR.view(state, 2)["seats"][0]["cards"] == ["Ah", "Kh", "Qh"]
    assert LIR.view(state, 1)["seats"][0]["cards"] == [None] * 3
    for _ in range(2):
        for n in list(LIR.undecided(state)):
            events += act(LIR, state, "ride", n, str(state.stage))
            check_views(LIR, state, viewers)
    assert LIR.view(state, 1)["seats"][0]["cards"] == ["Ah", "Kh", "Qh"]
    assert "2c" not in str(LIR.view(state, 1))  # the burn card is never shown
