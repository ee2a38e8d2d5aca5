"""Roulette: every bet on every pocket of each wheel, layout validation, limits, Back-to-Back."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction as F
from typing import Any

import pytest

from webgame.engine.protocol import (
    SYSTEM_SEAT,
    Action,
    IllegalAction,
    Note,
    Refund,
    Settlement,
    Stake,
)
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games.wheel.common import WheelState
from webgame.games.wheel.edge import back_to_back_edge, roulette_edge
from webgame.games.wheel.layout import all_spots
from webgame.games.wheel.roulette import ROULETTE, table_rules

VARIANTS = ("grand-ronde-00", "chapter4-00", "chapter4-0")
RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}  # D-368
# 000 s.987-1000; 004 s.275-288
PAYS = {"straight": 35, "split": 17, "street": 11, "trio": 11, "corner": 8, "first-four": 8, "five": 6,
        "line": 5, "column": 2, "dozen": 2, "red": 1, "black": 1, "odd": 1, "even": 1, "low": 1, "high": 1}
RNG = SeededRng(0)


def covered(spot: str) -> set[str]:
    """The pockets a spot covers, worked out from the layout rules independently of the engine."""
    kind, _, rest = spot.partition(":")
    nums = range(1, 37)
    if kind in ("straight", "split", "trio"):
        return set(rest.split("-"))
    if kind in ("street", "line"):
        a, b = (int(x) for x in rest.split("-"))
        return {str(n) for n in range(a, b + 1)}
    if kind == "corner":
        a = int(rest.split("-")[0])
        return {str(a), str(a + 1), str(a + 3), str(a + 4)}
    if kind == "first-four":
        return {"0", "1", "2", "3"}
    if kind == "five":
        return {"0", "00", "1", "2", "3"}
    if kind == "column":
        return {str(n) for n in nums if n % 3 == int(rest) % 3}
    if kind == "dozen":
        d = int(rest)
        return {str(n) for n in nums if 12 * (d - 1) < n <= 12 * d}
    pick = {"red": lambda n: n in RED, "black": lambda n: n not in RED, "odd": lambda n: n % 2 == 1,
            "even": lambda n: n % 2 == 0, "low": lambda n: n <= 18, "high": lambda n: n >= 19}[kind]
    return {str(n) for n in nums if pick(n)}  # 0 and 00 lose every outside bet (D-369)


def table(variant: str, **carry: Any) -> WheelState:
    return ROULETTE.new_round(table_rules(variant), RNG, carry or None)


def act(st: WheelState, kind: str, seat: int = 0, spot: str = "", amount: int = 0) -> list[Any]:
    return ROULETTE.apply(st, Action(kind, seat, spot, amount), RNG)


def refused(st: WheelState, kind: str, seat: int = 0, spot: str = "", amount: int = 0) -> str:
    with pytest.raises(IllegalAction) as err:
        act(st, kind, seat, spot, amount)
    return str(err.value)


def test_wheels_hold_every_pocket_once() -> None:
    double = ROULETTE.wheel(table_rules("chapter4-00"))
    single = ROULETTE.wheel(table_rules("chapter4-0"))
    assert sorted(double) == sorted(["0", "00", *map(str, range(1, 37))]) and len(double) == 38
    assert sorted(single) == sorted(["0", *map(str, range(1, 37))]) and len(single) == 37
    assert ROULETTE.wheel(table_rules("grand-ronde-00")) == double


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_bet_on_every_pocket(variant: str) -> None:
    rules = table_rules(variant)
    spots = [s.key for s in all_spots(rules) if not s.key.startswith("back-to-back")]
    wheel = ROULETTE.wheel(rules)
    for index, pocket in enumerate(wheel):
        st = ROULETTE.new_round(rules, RNG, None)
        st.bets = {0: {s: 100 for s in spots}}
        got = {e.bet: e for e in ROULETTE.settle_spin(st, index) if isinstance(e, Settlement)}
        assert set(got) == set(spots)
        for spot in spots:
            kind = spot.split(":")[0]
            want = 100 + 100 * PAYS[kind] if pocket in covered(spot) else 0
            assert (got[spot].returned, got[spot].result) == (want, "win" if want else "lose"), (spot, pocket)


@pytest.mark.parametrize("variant,counts", [
    ("grand-ronde-00", {"straight": 38, "split": 62, "street": 12, "trio": 3, "corner": 22, "five": 1, "line": 11}),
    ("chapter4-0", {"straight": 37, "split": 60, "street": 12, "trio": 2, "corner": 22, "first-four": 1, "line": 11}),
])
def test_layout_has_the_right_number_of_each_bet(variant: str, counts: dict[str, int]) -> None:
    kinds = Counter(s.kind for s in all_spots(table_rules(variant)))
    for kind, n in counts.items():
        assert kinds[kind] == n, kind
    assert kinds["column"] == kinds["dozen"] == 3


@pytest.mark.parametrize("variant,spot", [
    ("grand-ronde-00", "split:1-5"), ("grand-ronde-00", "split:3-4"), ("grand-ronde-00", "split:0-3"),
    ("grand-ronde-00", "corner:3-7"), ("grand-ronde-00", "street:2-4"), ("grand-ronde-00", "line:2-7"),
    ("grand-ronde-00", "first-four"), ("chapter4-0", "five"), ("chapter4-0", "straight:00"),
    ("chapter4-0", "trio:0-00-2"), ("grand-ronde-00", "trio:0-1-3"), ("grand-ronde-00", "column:4"),
    ("grand-ronde-00", "straight:37"), ("grand-ronde-00", "green"), ("grand-ronde-00", "back-to-back:17"),
])
def test_spots_off_the_layout_are_refused(variant: str, spot: str) -> None:
    refused(table(variant), "bet", spot=spot, amount=500)


def test_split_must_be_adjacent_and_is_read_either_way() -> None:
    st = table("grand-ronde-00")
    assert refused(st, "bet", spot="split:3-4", amount=100) == "3 and 4 are not next to each other on the layout."
    assert act(st, "bet", spot="split:20-17", amount=100) == [Stake(0, "split:17-20", 100)]
    assert act(st, "bet", spot="split:00-0", amount=100) == [Stake(0, "split:0-00", 100)]  # D-371
    assert act(table("chapter4-0"), "bet", spot="split:0-3", amount=500) == [Stake(0, "split:0-3", 500)]


def test_zero_loses_the_outside_bets_d369() -> None:
    rules = table_rules("grand-ronde-00")
    for pocket in ("0", "00"):
        st = ROULETTE.new_round(rules, RNG, None)
        st.bets = {0: {k: 500 for k in ("red", "black", "odd", "even", "low", "high", "column:1", "dozen:1")}}
        events = ROULETTE.settle_spin(st, ROULETTE.wheel(rules).index(pocket))
        assert all(e.returned == 0 for e in events if isinstance(e, Settlement))


def test_five_number_bet_pays_six_to_one_d370() -> None:
    rules = table_rules("grand-ronde-00")
    st = ROULETTE.new_round(rules, RNG, None)
    st.bets = {0: {"five": 1000}}
    settled = [e for e in ROULETTE.settle_spin(st, ROULETTE.wheel(rules).index("00")) if isinstance(e, Settlement)]
    assert settled[0].returned == 7000


# -- limits -----------------------------------------------------------------------------------

def test_grand_ronde_limits_d367() -> None:
    st = table("grand-ronde-00")
    act(st, "bet", spot="straight:17", amount=100)
    assert refused(st, "bet", spot="red", amount=400) == "The minimum on Red is $5."
    assert refused(st, "bet", spot="red", amount=50100) == "The maximum on Red is $500."
    act(st, "bet", spot="red", amount=50000)
    assert refused(st, "bet", spot="straight:17", amount=50000) == "The maximum on Straight 17 is $500."


def test_chapter4_limits_d004() -> None:
    st = table("chapter4-00")
    assert refused(st, "bet", spot="straight:17", amount=100) == "The minimum on Straight 17 is $5."


def test_bad_amounts_and_seats() -> None:
    st = table("grand-ronde-00")
    assert refused(st, "bet", spot="red", amount=0) == "Enter an amount above zero."
    assert refused(st, "bet", spot="red", amount=-100) == "Enter an amount above zero."
    assert refused(st, "bet", spot="red", amount=550) == "Bets at this table go in steps of $1."
    assert refused(st, "bet", 8, "red", 500) == "That seat is not at this table."
    assert refused(st, "bet", SYSTEM_SEAT, "red", 500) == "Only a seated player can do that."


# -- the spin ---------------------------------------------------------------------------------

def test_spin_picks_the_pocket_with_the_round_rng() -> None:
    st = table("chapter4-0")
    act(st, "bet", 2, "red", 500)
    assert refused(st, "spin", 3) == "Place a bet to spin the wheel."
    ROULETTE.apply(st, Action("spin", 2), SeededRng(9))
    assert st.result == ROULETTE.wheel(st.rules)[SeededRng(9).randbelow(37)]
    assert ROULETTE.is_over(st) and refused(st, "bet", 2, "red", 500) == "This spin is over."


def test_clear_refunds() -> None:
    st = table("grand-ronde-00")
    act(st, "bet", spot="red", amount=500)
    act(st, "bet", spot="straight:7", amount=200)
    assert act(st, "clear", spot="straight:7") == [Refund(0, "straight:7", 200)]
    assert act(st, "clear") == [Refund(0, "red", 500)]
    assert refused(st, "clear", spot="red") == "You have no bet there."


def test_history_carries_and_keeps_twenty() -> None:
    carry: dict[str, Any] | None = None
    for n in range(25):
        st = ROULETTE.new_round(table_rules("grand-ronde-00"), RNG, carry)
        ROULETTE.apply(st, Action("spin"), SeededRng(n))
        carry = json.loads(json.dumps(ROULETTE.carry(st)))
    assert len(st.history) == 20 and st.spin_no == 25
    view = ROULETTE.view(st, None)
    assert len(view["history_colours"]) == 20


def test_view_gives_each_position_its_own_chip_colour_d022() -> None:
    st = table("chapter4-00", riding={"1": {"spot": "back-to-back:00", "amount": 100, "hits": 1}})
    act(st, "bet", 1, "corner:17-21", 500)
    view = json.loads(json.dumps(ROULETTE.view(st, 0)))
    assert len(set(view["chip_colours"].values())) == 8 == len(view["chip_colours"])
    assert view["covers"]["1"]["corner:17-21"] == ["17", "18", "20", "21"]
    assert view["back_to_back"] == {"1": {"spot": "back-to-back:00", "hits": 1}}
    for key in ("phase", "wheel", "result", "history", "bets", "results", "paytable", "limits", "covers"):
        assert key in view


def test_bot_bets_red_or_black() -> None:
    st = table("grand-ronde-00")
    assert ROULETTE.bot_action(st, 0) == Action("bet", 0, "red", 500)
    assert ROULETTE.bot_action(st, 1) == Action("bet", 1, "black", 500)
    act(st, "bet", 0, "red", 500)
    assert ROULETTE.bot_action(st, 0) is None


# -- Back-to-Back (D-376, chapter4 only: D-517) -----------------------------------------------------

def spin_to(st: WheelState, pocket: str) -> list[Any]:
    return ROULETTE.settle_spin(st, ROULETTE.wheel(st.rules).index(pocket))


def next_round(st: WheelState) -> WheelState:
    return ROULETTE.new_round(st.rules, RNG, json.loads(json.dumps(ROULETTE.carry(st))))


def test_back_to_back_needs_the_main_minimum_and_is_exactly_one_dollar() -> None:
    st = table("chapter4-00")
    assert refused(st, "bet", spot="back-to-back:17", amount=100) == (
        "Back-to-Back needs the table minimum of $5 on the main game first.")
    act(st, "bet", spot="straight:17", amount=500)
    assert refused(st, "bet", spot="back-to-back:17", amount=200) == "The maximum on Back-to-Back 17 is $1."
    act(st, "bet", spot="back-to-back:00", amount=100)
    assert refused(st, "bet", spot="back-to-back:5", amount=100) == "You already have a Back-to-Back on 00."


def test_back_to_back_streak_pays_1_then_1000_then_10000_and_ends() -> None:
    st = table("chapter4-0")
    act(st, "bet", spot="red", amount=500)
    act(st, "bet", spot="back-to-back:7", amount=100)
    events = spin_to(st, "7")
    assert Settlement(0, "back-to-back:7", 100, 200, "win", "Back-to-Back 7, first time, pays 1 to 1") in events
    assert Stake(0, "back-to-back:7#2", 100) in events  # it rides: staked again, a fresh key this round
    st = next_round(st)
    assert st.bets == {0: {"back-to-back:7": 100}} and st.streaks == {0: 1}
    act(st, "bet", spot="black", amount=500)
    events = spin_to(st, "7")
    assert [(e.returned, e.detail) for e in events if isinstance(e, Settlement) and e.bet.startswith("back")] == [
        (100 + 100000, "Back-to-Back 7, second time, pays 1000 to 1")]
    st = next_round(st)
    act(st, "bet", spot="odd", amount=500)
    events = spin_to(st, "7")
    assert [e.returned for e in events if isinstance(e, Settlement) and e.bet.startswith("back")] == [100 + 1000000]
    assert not any(isinstance(e, Stake) for e in events)  # the third hit ends the bet
    assert ROULETTE.carry(st)["riding"] == {}


def test_back_to_back_miss_loses_and_ends() -> None:
    st = table("chapter4-00", riding={"0": {"spot": "back-to-back:7", "amount": 100, "hits": 1}})
    act(st, "bet", spot="red", amount=500)
    events = spin_to(st, "8")
    assert Settlement(0, "back-to-back:7", 100, 0, "lose", "Back-to-Back 7 misses") in events
    assert ROULETTE.carry(st)["riding"] == {}


def test_riding_back_to_back_without_the_main_minimum_is_returned_d376() -> None:
    st = table("chapter4-00", riding={"3": {"spot": "back-to-back:7", "amount": 100, "hits": 1}})
    events = spin_to(st, "7")
    assert events[0] == Refund(3, "back-to-back:7", 100) and isinstance(events[1], Note)
    assert ROULETTE.carry(st)["riding"] == {}


def test_a_riding_back_to_back_stands_between_spins() -> None:
    carry = {"riding": {"2": {"spot": "back-to-back:7", "amount": 100, "hits": 1}}}
    assert ROULETTE.standing(carry, 2) == 100 and ROULETTE.standing(carry, 1) == 0
    st = table("chapter4-00", **carry)
    assert ROULETTE.timeout_action(st) == Action("spin", SYSTEM_SEAT)
    assert "spin" in ROULETTE.opening_actions


def test_clearing_a_riding_back_to_back_ends_the_streak() -> None:
    st = table("chapter4-00", riding={"0": {"spot": "back-to-back:7", "amount": 100, "hits": 2}})
    assert act(st, "clear", spot="back-to-back:7") == [Refund(0, "back-to-back:7", 100)]
    assert st.streaks == {}


# -- edges, JSON, money ---------------------------------------------------------------------------

@pytest.mark.parametrize("variant,edge,five", [("grand-ronde-00", F(2, 38), F(3, 38)),
                                               ("chapter4-00", F(2, 38), F(3, 38)),
                                               ("chapter4-0", F(1, 37), None)])
def test_house_edge_of_every_bet(variant: str, edge: F, five: F | None) -> None:
    rules = table_rules(variant)
    for s in all_spots(rules):
        if s.kind == "back-to-back":
            continue
        assert roulette_edge(rules, s.key) == (five if s.kind == "five" else edge), s.key


@pytest.mark.parametrize("variant,pockets", [("chapter4-00", 38), ("chapter4-0", 37)])
def test_back_to_back_streak_edge(variant: str, pockets: int) -> None:
    p, q = F(1, pockets), F(pockets - 1, pockets)
    player = (p * 1 - q) + p * (p * 1000 - q) + p * p * (p * 10000 - q)
    assert back_to_back_edge(table_rules(variant)) == -player


def test_state_round_trips() -> None:
    st = table("chapter4-00", riding={"1": {"spot": "back-to-back:00", "amount": 100, "hits": 1}})
    act(st, "bet", 1, "split:0-00", 500)
    assert round_trips(st)
    spin_to(st, "00")
    assert round_trips(st)
    assert ROULETTE.load(json.loads(json.dumps(ROULETTE.dump(st)))) == st


@pytest.mark.parametrize("variant", VARIANTS)
def test_money_is_conserved(variant: str) -> None:
    chooser = random.Random(variant)
    rules = table_rules(variant)
    carry: dict[str, Any] | None = None
    staked = settled = refunded = rides = 0
    for _ in range(100):
        st = ROULETTE.new_round(rules, RNG, carry)
        rides += bool(st.streaks)
        events: list[Any] = []
        for seat in range(4):
            legal = [x for x in ROULETTE.legal_actions(st, seat)
                     if x.kind == "bet" and not x.spot.startswith("back-to-back")]
            for x in chooser.sample(legal, 3):
                events += ROULETTE.apply(st, Action("bet", seat, x.spot, x.min), RNG)
            b2b = [x for x in ROULETTE.legal_actions(st, seat) if x.kind == "bet" and x.spot.startswith("back-to-back")]
            if b2b and chooser.random() < 0.5:
                events += ROULETTE.apply(st, Action("bet", seat, b2b[0].spot, 100), RNG)
            if chooser.random() < 0.2 and st.bets.get(seat):
                events += ROULETTE.apply(st, Action("clear", seat, chooser.choice(list(st.bets[seat]))), RNG)
        # land on a Back-to-Back number now and then so that streaks ride
        riding = [s.split(":")[1] for b in st.bets.values() for s in b if s.startswith("back-to-back")]
        wheel = ROULETTE.wheel(rules)
        index = wheel.index(riding[0]) if riding and chooser.random() < 0.6 else chooser.randrange(len(wheel))
        events += ROULETTE.settle_spin(st, index)
        for kind in (Stake, Refund, Settlement):
            keys = Counter((e.seat, e.bet) for e in events if isinstance(e, kind))
            assert all(c == 1 for c in keys.values())
        staked += sum(e.amount for e in events if isinstance(e, Stake))
        settled += sum(e.stake for e in events if isinstance(e, Settlement))
        refunded += sum(e.amount for e in events if isinstance(e, Refund))
        carry = json.loads(json.dumps(ROULETTE.carry(st)))
    standing = sum(r["amount"] for r in carry["riding"].values())
    assert staked == settled + refunded + standing
    assert rides > 0 or variant == "grand-ronde-00"
