"""Craps table rules: limits, odds, commissions, take-downs, the shooter, carry between rolls."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from webgame.engine.protocol import (
    SYSTEM_SEAT,
    Action,
    IllegalAction,
    Refund,
    Settlement,
    Stake,
)
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games.dice.craps import CRAPS, CrapsState, table_rules

RNG = SeededRng(0)


def table(variant: str = "grand-ronde", point: int = 0, bets: dict[int, dict[str, Any]] | None = None,
          config: dict[str, Any] | None = None, **carry: Any) -> CrapsState:
    data: dict[str, Any] = {"point": point, **carry}
    if bets:
        data["bets"] = {str(s): {k: (v if isinstance(v, dict) else {"amount": v}) for k, v in b.items()}
                        for s, b in bets.items()}
    return CRAPS.new_round(table_rules(variant, config), RNG, data)


def act(st: CrapsState, kind: str, seat: int = 0, spot: str = "", amount: int = 0) -> list[Any]:
    return CRAPS.apply(st, Action(kind, seat, spot, amount), RNG)


def refused(st: CrapsState, kind: str, seat: int = 0, spot: str = "", amount: int = 0) -> str:
    with pytest.raises(IllegalAction) as err:
        act(st, kind, seat, spot, amount)
    return str(err.value)


def next_round(st: CrapsState) -> CrapsState:
    return CRAPS.new_round(st.rules, RNG, json.loads(json.dumps(CRAPS.carry(st))))


# -- limits and amounts ----------------------------------------------------------------------

def test_the_maximum_on_the_field_is_500() -> None:
    st = table()
    assert refused(st, "bet", spot="field", amount=50100) == "The maximum on the Field is $500."
    act(st, "bet", spot="field", amount=50000)


def test_amounts_must_be_positive_and_whole_dollars_by_default() -> None:
    st = table()
    assert refused(st, "bet", spot="field", amount=0) == "Enter an amount above zero."
    assert refused(st, "bet", spot="field", amount=-500) == "Enter an amount above zero."
    assert refused(st, "bet", spot="field", amount=550) == "Bets at this table go in steps of $1."
    assert refused(st, "bet", spot="field", amount=400) == "The minimum on the Field is $5."


def test_grand_ronde_stated_exceptions_to_the_500_limit() -> None:
    """000 s.422-427: $600 place 6/8; straight lay $600 / $750 / $1,000."""
    st = table(point=5)
    act(st, "bet", spot="place/6", amount=60000)
    assert "maximum" in refused(st, "bet", spot="place/5", amount=50100)
    act(st, "bet", spot="lay/6", amount=60000)
    act(st, "bet", spot="lay/9", amount=75000)
    act(st, "bet", spot="lay/10", amount=100000)
    assert refused(st, "bet", 1, "lay/4", 100100) == "The maximum on Lay 4 is $1,000."


def test_unknown_spots_and_seats_are_refused() -> None:
    st = table()
    assert "no" in refused(st, "bet", spot="place/7", amount=500)
    assert "from 1 to 6" in refused(st, "bet", spot="hop/0-7", amount=500)
    assert refused(st, "bet", 12, "field", 500) == "That seat is not at this table."
    assert refused(st, "bet", SYSTEM_SEAT, "field", 500) == "Only a seated player can do that."
    assert refused(st, "dance") == "That is not a craps action."


def test_d517_chapter4_only_wagers_are_refused_at_grand_ronde() -> None:
    st = table("grand-ronde", point=6)
    for spot in ("put/6", "big/6", "place-lose/4", "three-way-craps", "world", "high-low", "ace-deuce-any-craps"):
        assert "not offered" in refused(st, "bet", spot=spot, amount=1100)
    assert "not offered" in refused(table("chapter4"), "bet", spot="whirl", amount=500)


# -- D-003 whole-cent wins (chapter4) and D-002 truncation (grand-ronde) -------------------------------

@pytest.mark.parametrize("spot,bad,good", [
    ("place/6", 500, 600),        # 7 to 6: multiples of 6¢, so $3 multiples on $1 steps
    ("place/8", 700, 1200),
    ("lay/5", 1000, 1200),        # 2 to 3: multiples of 3¢ → $3
    ("lay/6", 1000, 1200),        # 5 to 6
    ("place-lose/4", 1000, 1100), # 5 to 11: multiples of 11¢ → $11
    ("place-lose/5", 700, 800),   # 5 to 8
])
def test_d003_chapter4_refuses_wagers_whose_win_is_not_whole_cents(spot: str, bad: int, good: int) -> None:
    st = table("chapter4", point=4)
    assert "so the win is paid to the cent" in refused(st, "bet", spot=spot, amount=bad)
    act(st, "bet", spot=spot, amount=good)


def test_d003_chapter4_refuses_inexact_lay_odds_and_names_the_multiple() -> None:
    st = table("chapter4", point=5, bets={0: {"dont-pass": 1000}})
    assert refused(st, "odds", spot="dont-pass", amount=1000) == (
        "the odds behind the Don't Pass pays 2 to 3: bet a multiple of $3 so the win is paid to the cent.")
    act(st, "odds", spot="dont-pass", amount=900)


def test_d003_grand_ronde_accepts_and_truncates_place_6() -> None:
    """D-002: a $5 place 6 at 7 to 6 wins $5.83 (583.33¢ truncated)."""
    st = table("grand-ronde", point=4)
    act(st, "bet", spot="place/6", amount=500)
    settled = [e for e in CRAPS.settle_roll(st, 3, 3, 0) if isinstance(e, Settlement)]
    assert settled[0].returned == 500 + 583


def test_view_shows_the_exact_payout_multiple() -> None:
    view = CRAPS.view(table("grand-ronde", point=4), 0)
    place6 = next(x for x in view["layout"] if x["spot"] == "place/6")
    assert place6["exact_multiple"] == 6 and place6["multiple"] == 100
    view = CRAPS.view(table("chapter4", point=4), 0)
    assert next(x for x in view["layout"] if x["spot"] == "place/6")["multiple"] == 300  # D-003: $3 on $1 steps


# -- odds ------------------------------------------------------------------------------------

def test_grand_ronde_take_odds_10x_capped_at_500() -> None:
    """D-348 / 000 s.440: 10x the flat bet, never more than $500."""
    st = table(point=6, bets={0: {"pass": 1000}, 1: {"pass": 10000}})
    assert refused(st, "odds", 0, "pass", 10100) == "The maximum on the odds behind the Pass Line is $100."
    act(st, "odds", 0, "pass", 10000)
    assert "$500" in refused(st, "odds", 1, "pass", 50100)
    act(st, "odds", 1, "pass", 50000)


@pytest.mark.parametrize("number,flat,most", [
    (4, 1000, 20000),     # 20x
    (4, 10000, 100000),   # 20x capped at $1,000
    (5, 1000, 15000),     # 15x
    (5, 10000, 75000),    # capped at $750
    (6, 1000, 12000),     # 12x
    (6, 5000, 50000),     # under $100 flat: the $500 general limit
    (6, 10000, 60000),    # $100 flat: $600 (000 s.425)
])
def test_grand_ronde_lay_odds_limits_d352(number: int, flat: int, most: int) -> None:
    st = table(point=number, bets={0: {"dont-pass": flat}})
    assert "maximum" in refused(st, "odds", spot="dont-pass", amount=most + 100)
    act(st, "odds", spot="dont-pass", amount=most)


def test_the_600_lay_odds_allowance_never_lifts_a_lower_maximum_the_operator_posts() -> None:
    """000 s.425 raises the table's $500 to $600 behind a $100 don't bet; a table whose
    operator posts $300 on lay odds on 6 keeps $300 (D-004)."""
    st = table(point=6, bets={0: {"dont-pass": 10000}},
               config={"limits": {"lay-odds/6": {"min": 100, "max": 30000}}})
    assert "maximum" in refused(st, "odds", spot="dont-pass", amount=30100)
    act(st, "odds", spot="dont-pass", amount=30000)


@pytest.mark.parametrize("number,take,lay", [(4, 3000, 12000), (5, 4000, 9000), (6, 5000, 7200)])
def test_chapter4_three_four_five_times_odds_d353(number: int, take: int, lay: int) -> None:
    """Take 3x/4x/5x; lay to win at most 6x the flat bet."""
    st = table("chapter4", point=number, bets={0: {"pass": 1000}, 1: {"dont-pass": 1000}})
    act(st, "odds", 0, "pass", take)
    assert "maximum" in refused(st, "odds", 0, "pass", 100)
    act(st, "odds", 1, "dont-pass", lay)
    assert "maximum" in refused(st, "odds", 1, "dont-pass", 600)


def test_chapter4_odds_multiple_is_a_table_setting() -> None:
    st = table("chapter4", point=4, bets={0: {"pass": 1000}}, config={"options": {"odds_multiple": "10"}})
    act(st, "odds", spot="pass", amount=10000)


def test_odds_need_a_point() -> None:
    st = table(bets={0: {"pass": 1000}})
    assert refused(st, "odds", spot="pass", amount=1000) == "Odds are taken once the point is set."
    st = table(point=5, bets={0: {"come": 1000}})
    assert "moved to its number" in refused(st, "odds", spot="come", amount=1000)
    assert "behind" in refused(st, "odds", spot="place/6", amount=1000)


# -- commissions (D-356, D-357, D-522, D-523) ------------------------------------------------------

def test_buy_vig_is_five_percent_of_the_bet_paid_with_it_truncated() -> None:
    st = table(point=5)
    events = act(st, "bet", spot="buy/4", amount=2500)
    assert events == [Stake(0, "buy/4", 2500), Stake(0, "buy/4/vig", 125)]
    events = act(st, "bet", 1, "buy/10", 700)
    assert events == [Stake(1, "buy/10", 700), Stake(1, "buy/10/vig", 35)]


def test_lay_vig_is_five_percent_of_the_win_truncated() -> None:
    """D-357: $25 lay on 6 wins $20.83; 5% of that is 104.15¢, charged as $1.04."""
    st = table(point=5)
    assert act(st, "bet", spot="lay/6", amount=2500) == [Stake(0, "lay/6", 2500), Stake(0, "lay/6/vig", 104)]
    assert act(st, "bet", 1, "lay/4", 4000) == [Stake(1, "lay/4", 4000), Stake(1, "lay/4/vig", 100)]


def test_winning_buy_stays_up_and_pays_its_vig_again_d522() -> None:
    st = table(point=5, bets={0: {"buy/4": {"amount": 2000, "vig": 100}}})
    events = CRAPS.settle_roll(st, 1, 3, 0)
    assert [e for e in events if not hasattr(e, "text")] == [
        Settlement(0, "buy/4", 2000, 6000, "win", "Buy 4 pays 2 to 1"),
        Settlement(0, "buy/4/vig", 100, 0, "lose", "Vig paid with the bet"),
        Stake(0, "buy/4", 2000),
        Stake(0, "buy/4/vig", 100),
    ]
    assert st.bets[0]["buy/4"].amount == 2000 and st.bets[0]["buy/4"].vig == 100


def test_lay_vig_can_be_collected_from_the_win_instead() -> None:
    rules = {"options": {"lay_vig_collection": "on-win"}}
    st = table(point=5, config=rules)
    assert act(st, "bet", spot="lay/4", amount=4000) == [Stake(0, "lay/4", 4000)]
    settled = [e for e in CRAPS.settle_roll(st, 3, 4, 0) if isinstance(e, Settlement)]
    assert [(s.bet, s.returned) for s in settled] == [("lay/4", 4000 + 2000 - 100)]


def test_vig_comes_back_when_the_bet_is_taken_down_d523() -> None:
    st = table(point=5, bets={0: {"buy/4": {"amount": 2000, "vig": 100}}})
    assert act(st, "take-down", spot="buy/4") == [Refund(0, "buy/4", 2000), Refund(0, "buy/4/vig", 100)]
    assert 0 not in st.bets


def test_reducing_a_buy_returns_the_vig_difference_d523() -> None:
    st = table(point=5, bets={0: {"buy/4": {"amount": 2500, "vig": 125}}})
    assert act(st, "take-down", spot="buy/4", amount=500) == [Refund(0, "buy/4", 500), Refund(0, "buy/4/vig", 25)]
    assert st.bets[0]["buy/4"].amount == 2000 and st.bets[0]["buy/4"].vig == 100


def test_losing_buy_loses_its_vig_too() -> None:
    st = table(point=5, bets={0: {"buy/4": {"amount": 2000, "vig": 100}}})
    settled = [e for e in CRAPS.settle_roll(st, 3, 4, 0) if isinstance(e, Settlement)]
    assert [(s.bet, s.returned) for s in settled] == [("buy/4", 0), ("buy/4/vig", 0)]


# -- bets that stay up (D-522) and one-roll bets (D-351) ---------------------------------------------

@pytest.mark.parametrize("spot,dice", [("place/6", (2, 4)), ("hard/8", (4, 4)), ("lay/4", (3, 4))])
def test_multi_roll_bets_stay_up_after_a_win(spot: str, dice: tuple[int, int]) -> None:
    st = table(point=5, bets={0: {spot: 600}})
    events = CRAPS.settle_roll(st, *dice, 0)
    assert Stake(0, spot, 600) in events
    assert st.bets[0][spot].amount == 600


def test_take_down_on_win_setting_d522() -> None:
    st = table(point=5, bets={0: {"place/6": 600, "buy/4": {"amount": 2000, "vig": 100}}})
    act(st, "down-on-win", spot="on")
    events = CRAPS.settle_roll(st, 3, 3, 0)
    assert not any(isinstance(e, Stake) for e in events)
    assert set(st.bets[0]) == {"buy/4"} and CRAPS.carry(st)["down_on_win"] == [0]
    act(next_round(st), "down-on-win", spot="off")


def test_split_bet_with_a_net_win_stays_up_d351() -> None:
    st = table("chapter4", bets={0: {"c-and-e": 1000, "horn": 400, "field": 500}})
    events = CRAPS.settle_roll(st, 6, 6, 0)
    settled = {e.bet: e for e in events if isinstance(e, Settlement)}
    assert settled["c-and-e"].returned == 500 + 3500  # craps half 7 to 1, eleven half lost: net +$30
    assert settled["horn"].returned == 100 + 3000
    assert settled["field"].returned == 1500
    assert list(st.bets[0]) == ["c-and-e"]  # only the split bet stays; horn and field come down
    st = table("chapter4", bets={0: {"c-and-e": 1000}})
    CRAPS.settle_roll(st, 2, 2, 0)
    assert 0 not in st.bets  # both halves lost: removed


def test_craps_eleven_is_the_c_and_e_split_d347() -> None:
    st = table("grand-ronde", bets={0: {"c-and-e": 1000}})
    settled = [e for e in CRAPS.settle_roll(st, 5, 6, 0) if isinstance(e, Settlement)]
    assert settled[0].returned == 500 + 7500  # eleven half at 15 to 1, craps half lost
    assert CRAPS.view(st, 0)["bets"]["0"][0]["label"] == "Craps Eleven (C and E)"


def test_horn_high_whirl_and_hop_examples() -> None:
    st = table("grand-ronde", bets={0: {"horn-high/12": 500, "whirl": 500, "hop/6-6": 100}})
    settled = {e.bet: e for e in CRAPS.settle_roll(st, 6, 6, 0) if isinstance(e, Settlement)}
    assert settled["horn-high/12"].returned == 200 + 6000  # two units on 12 at 30 to 1
    assert settled["whirl"].returned == 100 + 3000
    assert settled["hop/6-6"].returned == 3100
    st = table("grand-ronde", bets={0: {"whirl": 500, "hop/3-4": 100}})
    settled = {e.bet: e for e in CRAPS.settle_roll(st, 4, 3, 0) if isinstance(e, Settlement)}
    assert (settled["whirl"].result, settled["whirl"].returned) == ("push", 500)  # 7 at 4 to 1, four units lost
    assert settled["hop/3-4"].returned == 1600


def test_unit_bets_must_split_into_whole_cents_d349() -> None:
    st = table("grand-ronde", config={"options": {"bet_step": 1}})
    assert "equal parts" in refused(st, "bet", spot="horn", amount=501)
    act(st, "bet", spot="horn", amount=500)  # $1.25 units
    assert "equal parts" in refused(st, "bet", spot="whirl", amount=502)
    assert "equal parts" in refused(st, "bet", spot="c-and-e", amount=501)


# -- when bets may be made and taken down -------------------------------------------------------

def test_pass_only_before_a_come_out_d358_and_come_only_during_a_point() -> None:
    st = table(point=6)
    assert "only before a come-out" in refused(st, "bet", spot="pass", amount=500)
    assert "only before a come-out" in refused(st, "bet", spot="dont-pass", amount=500)
    act(st, "bet", spot="come", amount=500)
    assert "once a point is set" in refused(table(), "bet", spot="come", amount=500)
    assert "Come box" in refused(st, "bet", spot="come/6", amount=500)


def test_pass_and_come_cannot_come_down_once_their_point_is_set() -> None:
    st = table(point=6, bets={0: {"pass": 1000, "come/5": 1000, "dont-pass": 1000, "place/8": 1200}})
    assert "cannot be taken down" in refused(st, "take-down", spot="pass")
    assert "cannot be taken down" in refused(st, "take-down", spot="come/5")
    assert act(st, "take-down", spot="dont-pass", amount=500) == [Refund(0, "dont-pass", 500)]
    assert act(st, "take-down", spot="place/8") == [Refund(0, "place/8", 1200)]
    assert act(table(bets={0: {"pass": 1000}}), "take-down", spot="pass") == [Refund(0, "pass", 1000)]


def test_removing_a_dont_bet_returns_its_odds_too() -> None:
    st = table(point=4, bets={0: {"dont-come/10": {"amount": 1000, "odds": 2000}}})
    assert act(st, "take-down", spot="dont-come/10") == [
        Refund(0, "dont-come/10", 1000), Refund(0, "dont-come/10/odds", 2000)]


def test_odds_come_down_and_a_second_refund_gets_a_unique_key() -> None:
    st = table(point=4, bets={0: {"pass": {"amount": 1000, "odds": 3000}}})
    assert act(st, "take-down", spot="pass/odds", amount=1000) == [Refund(0, "pass/odds", 1000)]
    assert act(st, "take-down", spot="pass/odds") == [Refund(0, "pass/odds#2", 2000)]
    assert act(st, "odds", spot="pass", amount=1000) == [Stake(0, "pass/odds", 1000)]
    assert act(st, "odds", spot="pass", amount=1000) == [Stake(0, "pass/odds#2", 1000)]


def test_turning_bets_on_for_the_come_out() -> None:
    st = table(bets={0: {"place/6": 600, "field": 500}})
    assert "called on or off" in refused(st, "turn-on", spot="field")
    act(st, "turn-on", spot="place/6")
    settled = [e for e in CRAPS.settle_roll(st, 3, 3, 0) if isinstance(e, Settlement)]
    assert ("place/6", 1300) in [(s.bet, s.returned) for s in settled]


def test_betting_closes_with_the_roll_d364() -> None:
    st = table(bets={0: {"pass": 500}})
    act(st, "roll", 0)
    assert CRAPS.is_over(st)
    assert refused(st, "bet", spot="field", amount=500) == "This roll is over."
    assert CRAPS.legal_actions(st, 0) == []


# -- the shooter ------------------------------------------------------------------------------

def test_the_shooter_needs_a_line_bet_d362() -> None:
    st = table(bets={0: {"field": 500}})
    assert "Pass or Don't Pass" in refused(st, "roll", SYSTEM_SEAT)
    act(st, "bet", 3, "dont-pass", 500)
    assert CRAPS.dice_holder(st) == 3
    assert refused(st, "roll", 0) == "Only the shooter rolls the dice."
    act(st, "roll", 3)


def test_seven_out_passes_the_dice_clockwise_to_the_next_line_bettor() -> None:
    st = table(point=8, shooter=4, offer_from=4, bets={2: {"pass": 500}, 4: {"pass": 500}, 9: {"field": 500}})
    CRAPS.settle_roll(st, 3, 4, 4)
    assert st.point == 0 and st.offer_from == 5
    nxt = next_round(st)
    assert CRAPS.dice_holder(nxt) == SYSTEM_SEAT  # nobody has a line bet yet
    act(nxt, "bet", 2, "pass", 500)
    act(nxt, "bet", 7, "dont-pass", 500)
    assert CRAPS.dice_holder(nxt) == 7  # first line bettor clockwise from seat 5
    CRAPS.settle_roll(nxt, 2, 2, 7)
    assert nxt.shooter == 7 and CRAPS.dice_holder(nxt) == 7


def test_single_player_keeps_the_dice_after_a_seven_out() -> None:
    st = table(point=8, shooter=0, bets={0: {"pass": 500}})
    CRAPS.settle_roll(st, 3, 4, 0)
    nxt = next_round(st)
    act(nxt, "bet", 0, "pass", 500)
    assert CRAPS.dice_holder(nxt) == 0


def test_point_made_keeps_the_shooter() -> None:
    st = table(point=8, shooter=3, offer_from=3, bets={3: {"pass": 500}, 5: {"pass": 500}})
    CRAPS.settle_roll(st, 4, 4, 3)
    nxt = next_round(st)
    act(nxt, "bet", 3, "pass", 500)
    act(nxt, "bet", 5, "pass", 500)
    assert CRAPS.dice_holder(nxt) == 3


def test_the_shooter_may_pass_the_dice_and_the_next_one_finishes_the_hand() -> None:
    st = table(point=6, shooter=1, offer_from=1, bets={1: {"pass": 500}, 6: {"place/8": 600}})
    assert refused(st, "pass-dice", 6) == "Only the shooter can pass the dice."
    act(st, "pass-dice", 1)
    assert CRAPS.dice_holder(st) == 6  # 004 s.241: the new shooter completes the hand
    act(st, "roll", 6)


def test_roll_draws_two_dice_from_the_round_rng() -> None:
    st = table(bets={0: {"pass": 500}})
    CRAPS.apply(st, Action("roll"), SeededRng(42))
    rng = SeededRng(42)
    assert st.dice == [rng.randbelow(6) + 1, rng.randbelow(6) + 1]


# -- carry between rounds ----------------------------------------------------------------------

def test_bets_persist_across_rolls_through_carry() -> None:
    st = table("chapter4", bets={0: {"pass": 1000}})
    act(st, "bet", 0, "place/6", 1200)
    CRAPS.settle_roll(st, 2, 2, 0)  # point 4; place 6 is off and stays
    st = next_round(st)
    assert st.point == 4 and set(st.bets[0]) == {"pass", "place/6"}
    act(st, "odds", 0, "pass", 3000)
    act(st, "bet", 0, "come", 500)
    CRAPS.settle_roll(st, 5, 5, 0)  # 10: come moves to 10
    st = next_round(st)
    assert set(st.bets[0]) == {"pass", "place/6", "come/10"} and st.bets[0]["pass"].odds == 3000
    events = CRAPS.settle_roll(st, 1, 3, 0)  # point made
    settled = {e.bet: e.returned for e in events if isinstance(e, Settlement)}
    assert settled == {"pass": 2000, "pass/odds": 9000}
    assert st.point == 0 and st.history == [[2, 2], [5, 5], [1, 3]]


def test_state_round_trips_through_json() -> None:
    st = table("chapter4", point=6, bets={0: {"pass": {"amount": 1000, "odds": 5000}, "buy/4": {"amount": 2000, "vig": 100}},
                                          5: {"dont-come/9": {"amount": 900, "odds": 1800}, "hop/2-5": 100}})
    CRAPS.settle_roll(st, 2, 5, 0)
    assert round_trips(st)
    assert CRAPS.load(json.loads(json.dumps(CRAPS.dump(st)))) == st
    json.dumps(CRAPS.view(st, None))


def test_view_has_the_table_at_a_glance() -> None:
    st = table("chapter4", point=6, shooter=2, bets={2: {"pass": 1000}})
    view = CRAPS.view(st, 2)
    for key in ("phase", "point", "puck", "shooter", "dice", "history", "bets", "results", "paytable", "limits"):
        assert key in view
    assert view["puck"] == "on" and view["shooter"] == 2 and view["bets"]["2"][0]["label"] == "Pass Line"


def test_legal_actions_offer_only_what_may_be_done() -> None:
    st = table(point=6, shooter=0, bets={0: {"pass": 1000, "place/8": 600}})
    legal = CRAPS.legal_actions(st, 0)
    spots = {(x.kind, x.spot) for x in legal}
    assert ("bet", "pass") not in spots and ("bet", "come") in spots
    assert ("take-down", "pass") not in spots and ("take-down", "place/8") in spots
    assert ("down-on-win", "on") in spots
    assert ("odds", "pass") in spots and ("roll", "") in spots
    odds = next(x for x in legal if x.kind == "odds")
    assert odds.max == 10000
    assert [x.kind for x in CRAPS.legal_actions(st, SYSTEM_SEAT)] == ["roll"]
    assert CRAPS.legal_actions(table(bets={0: {"field": 500}}), SYSTEM_SEAT) == []  # nobody may shoot


# -- bots and money conservation ------------------------------------------------------------------

def test_timeout_rolls_for_the_table_and_standing_bets_are_counted() -> None:
    st = table(bets={0: {"field": 500}})
    assert CRAPS.timeout_action(st) is None  # nobody may shoot yet
    act(st, "bet", 2, "pass", 500)
    assert CRAPS.timeout_action(st) == Action("roll", SYSTEM_SEAT)
    carry = CRAPS.carry(table(point=4, bets={3: {"pass": {"amount": 1000, "odds": 2000}, "buy/4": {"amount": 2000, "vig": 100}}}))
    assert CRAPS.standing(carry, 3) == 5100 and CRAPS.standing(carry, 4) == 0 and CRAPS.standing(None, 3) == 0
    assert "odds" in CRAPS.opening_actions and "roll" in CRAPS.opening_actions


def test_bot_bets_the_pass_line_then_takes_odds() -> None:
    st = table("chapter4")
    assert CRAPS.bot_action(st, 3) == Action("bet", 3, "pass", 500)
    st = table("chapter4", point=6, bets={3: {"pass": 500}})
    assert CRAPS.bot_action(st, 3) == Action("odds", 3, "pass", 1000)
    act(st, "odds", 3, "pass", 1000)
    assert CRAPS.bot_action(st, 3) is None


@pytest.mark.parametrize("variant", ("grand-ronde", "chapter4"))
def test_money_is_conserved_over_many_random_rolls(variant: str) -> None:
    """Every Stake is settled, refunded or still standing; keys never repeat within a round."""
    chooser = random.Random(variant)
    carry: dict[str, Any] | None = None
    staked = settled = refunded = 0
    rules = table_rules(variant)
    for n in range(200):
        st = CRAPS.new_round(rules, SeededRng(n), carry)
        events: list[Any] = []
        for seat in (0, 1, 2):
            legal = [x for x in CRAPS.legal_actions(st, seat) if x.kind not in ("roll", "pass-dice")]
            for x in chooser.sample(legal, min(3, len(legal))):
                if x.kind in ("bet", "odds"):
                    m = max(x.min, 1)
                    amount = chooser.choice([x.min, min(x.max, 3 * x.min)]) // m * m
                else:
                    amount = 0
                try:
                    events += CRAPS.apply(st, Action(x.kind, seat, x.spot, amount), RNG)
                except IllegalAction:
                    pass  # an earlier action of this seat changed what is open
            bot = CRAPS.bot_action(st, seat)
            if bot:
                events += CRAPS.apply(st, bot, RNG)
        if CRAPS.legal_actions(st, SYSTEM_SEAT):
            events += CRAPS.apply(st, Action("roll"), SeededRng(1000 + n))
        for kind in (Stake, Refund, Settlement):
            keys = Counter((e.seat, e.bet) for e in events if isinstance(e, kind))
            assert all(c == 1 for c in keys.values()), keys
        staked += sum(e.amount for e in events if isinstance(e, Stake))
        settled += sum(e.stake for e in events if isinstance(e, Settlement))
        refunded += sum(e.amount for e in events if isinstance(e, Refund))
        if n % 20 == 0:
            assert round_trips(st)
        carry = json.loads(json.dumps(CRAPS.carry(st)))
    standing = sum(w["amount"] + w["odds"] + w["vig"] for book in carry["bets"].values() for w in book.values())
    assert staked == settled + refunded + standing
    assert settled > 0 and refunded > 0


def test_the_last_roll_is_still_called_in_the_next_round() -> None:
    """The stickman's call stays readable after the next round opens, until the next roll."""
    st = table(bets={0: {"pass": 1000}})
    CRAPS.apply(st, Action("roll"), SeededRng(42))
    assert st.calls
    nxt = next_round(st)
    assert nxt.calls == [] and nxt.last_calls == st.calls
    assert CRAPS.view(nxt, 0)["last_calls"] == st.calls
    # A round opened and left without a roll keeps the same last call.
    assert next_round(nxt).last_calls == st.calls
    if "pass" not in nxt.bets.get(0, {}):
        act(nxt, "bet", 0, "pass", 1000)
    CRAPS.apply(nxt, Action("roll"), SeededRng(7))
    assert next_round(nxt).last_calls == nxt.calls != []
    assert round_trips(nxt)
