"""Jackpot Hold'em (seed 000 §33-§36, s.1534-1670): the rules data, the first card exposed
before the 3x decision, the X-tra Bonus table, the dealer's qualifier, and every line of the
Player, Hole Card and 3-Up bonuses, on decks stacked to force exact hands."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from webgame.engine.cards import standard_deck
from webgame.engine.paytable import load_game
from webgame.engine.protocol import Action, IllegalAction
from webgame.engine.rng import SeededRng
from webgame.games.holdem import JACKPOT
from webgame.games.holdem.banked import first_line
from webgame.games.holdem.showdown import grade_hole_cards, grade_three_up

from .test_ultimate_holdem import (
    act,
    check_money,
    kinds,
    nets,
    rules_for,
    settled,
    stacked,
)

PB, HC, UP = "jh-player-bonus", "jh-hole-card-bonus", "jh-3-up-bonus"
DECK = [c.code for c in standard_deck()]


# ---------------------------------------------------------------------------------------
# Rules data
# ---------------------------------------------------------------------------------------
def test_engine_identity_and_variant() -> None:
    assert (JACKPOT.slug, JACKPOT.name, JACKPOT.family) == ("jackpot-holdem", "Jackpot Hold'em", "carnival")
    assert set(load_game("jackpot-holdem").variants) == {"grand-ronde"}


def test_limits_25_each_s1563_and_hole_card_d308() -> None:
    r = rules_for(JACKPOT)
    assert r["limits"]["main"] == {"min": 500, "max": 2500}
    for slug in (PB, HC, UP):
        assert r["limits"][slug] == {"min": 100, "max": 2500}
    assert r["side_bets"] == [PB, HC, UP]  # all three offered (D-308)


def test_xtra_bonus_table_differs_from_the_blind_s1580_1585() -> None:
    lines = rules_for(JACKPOT)["paytables"]["jh-xtra-bonus"]["lines"]
    assert lines == {"royal-flush": "500 to 1", "straight-flush": "50 to 1", "four-of-a-kind": "10 to 1",
                     "full-house": "4 to 1", "flush": "2 to 1", "straight": "1 to 1"}


def test_bonus_tables_s1594_1625() -> None:
    pts = rules_for(JACKPOT)["paytables"]
    assert pts[PB]["lines"] == {"royal-flush": "100 to 1", "straight-flush": "40 to 1", "four-of-a-kind": "30 to 1",
                                "full-house": "8 to 1", "flush": "7 to 1", "straight": "4 to 1",
                                "three-of-a-kind": "3 to 1"}
    assert pts[HC]["lines"] == {"pair-of-aces": "30 to 1", "ace-face-suited": "20 to 1",
                                "ace-face-offsuit": "10 to 1", "pair": "4 to 1"}
    assert pts[UP]["lines"] == {"royal-flush": "50 to 1", "straight-flush": "40 to 1", "three-of-a-kind": "30 to 1",
                                "straight": "6 to 1", "flush": "3 to 1", "pair": "1 to 1"}


def test_streets_3x_after_the_first_card_then_2x_then_1x_or_fold_s1657_1660() -> None:
    streets = rules_for(JACKPOT)["streets"]
    assert [(s["exposed"], s["multiples"], s["may_check"]) for s in streets] == [
        (1, [3], True), (3, [2], True), (5, [1], False)]


# ---------------------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------------------
def test_the_first_community_card_is_exposed_before_the_first_decision_s1657() -> None:
    state, _ = stacked(JACKPOT, board="2c 7d 9h Js 4d", hands=["Ah Kd"], dealer="3c 5s")
    assert state.exposed == 1
    view = JACKPOT.view(state, 0)
    assert view["board"] == ["2c", None, None, None, None]
    assert kinds(state, engine=JACKPOT) == {"play-3x", "check"}
    with pytest.raises(IllegalAction, match="3x"):
        act(state, "play", 0, "4x", engine=JACKPOT)
    act(state, "check", engine=JACKPOT)
    assert state.exposed == 3 and kinds(state, engine=JACKPOT) == {"play-2x", "check"}
    act(state, "check", engine=JACKPOT)
    assert state.exposed == 5 and kinds(state, engine=JACKPOT) == {"play-1x", "fold"}


def test_the_xtra_bonus_is_required_and_equal_to_the_ante_s1551() -> None:
    state = JACKPOT.new_round(rules_for(JACKPOT), SeededRng(0), None)
    events = act(state, "bet", 0, "ante", engine=JACKPOT, amount=700)
    assert [(e.bet, e.amount) for e in events] == [("ante", 700), ("xtra-bonus", 700)]
    with pytest.raises(IllegalAction, match="X-tra Bonus is placed with the Ante"):
        act(state, "bet", 0, "xtra-bonus", engine=JACKPOT, amount=100)
    with pytest.raises(IllegalAction, match=r"maximum on the Ante is \$25"):
        act(state, "bet", 0, "ante", engine=JACKPOT, amount=1900)


def jh_nets(board: str, hand: str, dealer: str, *, play: str = "3x", bonus: dict[str, int] | None = None) -> dict[str, int]:
    state, events = stacked(JACKPOT, board=board, hands=[hand], dealer=dealer,
                            bets={0: {"ante": 1000, **(bonus or {})}})
    if play == "fold":
        for kind in ("check", "check", "fold"):
            events += act(state, kind, engine=JACKPOT)
    else:
        events += act(state, "play", 0, play, engine=JACKPOT)
    assert JACKPOT.is_over(state)
    check_money(events, True, state.settled)
    return nets(events)


def test_dealer_without_a_pair_pushes_only_the_ante_s1665() -> None:
    assert jh_nets("2c 7d 9h Js 4d", "Ah Ad", "Kc 3s") == {"ante": 0, "play": 3000, "xtra-bonus": 0}
    assert jh_nets("2c 7d 9h Js 4d", "Kh 3d", "As 5c") == {"ante": 0, "play": -3000, "xtra-bonus": -1000}


@pytest.mark.parametrize(("board", "hand", "dealer", "won"), [
    ("Ts Js Qs 2d 3c", "As Ks", "4c 5d", 500_000),   # royal, 500 to 1 (s.1580)
    ("9h Th Jh 2d 3c", "Qh Kh", "4c 5d", 50_000),    # straight flush, 50 to 1 (s.1581)
    ("9h 9d 9c 2d 3c", "9s Kh", "4c 5d", 10_000),    # quads, 10 to 1 (s.1582)
    ("9h 9d Kc 2d 3c", "9s Kh", "4c 5d", 4_000),     # full house, 4 to 1 (s.1583)
    ("2h 7h Jh Qd 3c", "Ah 5h", "4c 6d", 2_000),     # flush, 2 to 1 (s.1584)
    ("4h 5d 6c Qd 2c", "7s 8h", "Kc 9c", 1_000),     # straight, 1 to 1 (s.1585)
    ("4h 5d 6c Qd 2c", "Qs Qh", "Kc 9c", 0),         # trips: push (s.1586)
])
def test_each_xtra_bonus_line(board: str, hand: str, dealer: str, won: int) -> None:
    out = jh_nets(board, hand, dealer)
    assert out["xtra-bonus"] == won and out["play"] == 3000


def test_identical_hands_push_s1668() -> None:
    assert jh_nets("6c 7d 8h 9s Td", "2h 3d", "2c 3s") == {"ante": 0, "play": 0, "xtra-bonus": 0}


def test_fold_forfeits_ante_and_xtra_bonus_and_keeps_the_bonuses_d309() -> None:
    out = jh_nets("9c 9d 9h Js 4d", "2h 2c", "Ac Qs", play="fold", bonus={PB: 500, HC: 500, UP: 500})
    # Full house on the board plus the pair of twos: Player Bonus 8 to 1; Hole Card pair 4 to 1;
    # 3-Up: 2-2 with the first card 9c is a pair, 1 to 1.
    assert out == {"ante": -1000, "xtra-bonus": -1000, PB: 4000, HC: 2000, UP: 500}


@pytest.mark.parametrize(("board", "hand", "won"), [
    ("Ts Js Qs 2d 3c", "As Ks", 10_000),   # royal, 100 to 1 (s.1594)
    ("9h Th Jh 2d 3c", "Qh Kh", 4_000),    # straight flush, 40 to 1 (s.1595)
    ("9h 9d 9c 2d 3c", "9s Kh", 3_000),    # quads, 30 to 1 (s.1596)
    ("9h 9d Kc 2d 3c", "9s Kh", 800),      # full house, 8 to 1 (s.1597)
    ("2h 7h Jh Qd 3c", "Ah 5h", 700),      # flush, 7 to 1 (s.1598)
    ("4h 5d 6c Qd 2c", "7s 8h", 400),      # straight, 4 to 1 (s.1599)
    ("4h 5d 6c Qd 2c", "Qs Qh", 300),      # trips, 3 to 1 (s.1600)
    ("4h 5d 6c Qd 2c", "4s 5h", -100),     # two pair loses
])
def test_each_player_bonus_line(board: str, hand: str, won: int) -> None:
    assert jh_nets(board, hand, "Ad 8c", bonus={PB: 100})[PB] == won


@pytest.mark.parametrize(("hand", "won"), [
    ("As Ad", 3_000),    # pair of aces, 30 to 1 (s.1605)
    ("As Ks", 2_000),    # ace and king suited, 20 to 1 (s.1606)
    ("Ah Jh", 2_000),    # ace and jack suited
    ("Ac Qd", 1_000),    # ace and queen not suited, 10 to 1 (s.1607)
    ("Kd Kc", 400),      # a pair other than aces, 4 to 1 (s.1608, D-311)
    ("3d 3c", 400),
    ("As Ts", -100),     # 10s are not face cards (s.1610)
    ("Kd Qd", -100),     # no ace
])
def test_each_hole_card_bonus_line(hand: str, won: int) -> None:
    assert jh_nets("2c 7d 9h 5s 4h", hand, "8c 6h", bonus={HC: 100})[HC] == won


@pytest.mark.parametrize(("first", "hand", "won"), [
    ("Qs", "As Ks", 5_000),   # A-K-Q suited: its own 50 to 1 line, not the straight flush (s.1620, D-310)
    ("Jh", "9h Th", 4_000),   # straight flush, 40 to 1 (s.1621)
    ("3h", "2h Ah", 4_000),   # A-2-3 suited is a straight flush (D-310)
    ("7c", "7d 7h", 3_000),   # three of a kind, 30 to 1 (s.1622)
    ("Qd", "As Kc", 600),     # Q-K-A straight, 6 to 1 (s.1623, D-310)
    ("3c", "Ad 2h", 600),     # A-2-3 straight (D-310)
    ("Kc", "Ad 2h", -100),    # K-A-2 is no straight
    ("9s", "2s Ks", 300),     # flush, 3 to 1 (s.1624)
    ("9s", "9d Kh", 100),     # pair, 1 to 1 (s.1625)
    ("9s", "2d Kh", -100),    # nothing
])
def test_each_three_up_line(first: str, hand: str, won: int) -> None:
    rest = [c for c in ["4c", "5d", "6h", "8s", "Th", "Jd"] if c not in hand.split() and c != first][:4]
    board = " ".join([first, *rest])
    assert jh_nets(board, hand, "8c 6c", bonus={UP: 100})[UP] == won


def test_three_up_and_hole_card_settle_when_the_first_card_is_exposed_d310() -> None:
    state, events = stacked(JACKPOT, board="9s 9c 9h 9d 4h", hands=["As Ad"],
                            dealer="8c 6h", bets={0: {"ante": 1000, UP: 100, HC: 100, PB: 100}})
    got = settled(events)
    assert set(got) == {(0, UP), (0, HC)}  # before any decision; the Player Bonus waits for the showdown
    assert got[(0, HC)].net == 3000 and got[(0, UP)].net == 100  # A-A-9: a pair on the 3-Up
    assert state.exposed == 1


def test_bonuses_need_the_ante_d519() -> None:
    state = JACKPOT.new_round(rules_for(JACKPOT), SeededRng(0), None)
    for slug in (PB, HC, UP):
        with pytest.raises(IllegalAction, match="Place the Ante and the X-tra Bonus"):
            JACKPOT.apply(state, Action("bet", 0, slug, 100), SeededRng(1))


# ---------------------------------------------------------------------------------------
# Exhaustive: every two-card and every three-card hand
# ---------------------------------------------------------------------------------------
def test_hole_card_bonus_over_every_two_card_hand_s1605_1610() -> None:
    rules = rules_for(JACKPOT)
    table = rules["paytables"][HC]
    counts: Counter[str | None] = Counter()
    for a, b in combinations(DECK, 2):
        lines, _ = grade_hole_cards([a, b], [], table)
        counts[first_line(rules, HC, lines)] += 1
    # 6 ways to pair aces; 4 aces x 3 faces suited; 4 x 9 offsuit; 12 ranks x 6 other pairs.
    assert counts == {"pair-of-aces": 6, "ace-face-suited": 12, "ace-face-offsuit": 36, "pair": 72, None: 1326 - 126}


@pytest.mark.slow
def test_three_up_over_every_three_card_hand_d310() -> None:
    rules = rules_for(JACKPOT)
    table = rules["paytables"][UP]
    counts: Counter[str | None] = Counter()
    for a, b, c in combinations(DECK, 3):
        lines, _ = grade_three_up([a, b], [c], table)
        counts[first_line(rules, UP, lines)] += 1
    # The Three Card Poker frequencies: 48 straight flushes, 4 of them A-K-Q suited (D-310).
    assert counts == {"royal-flush": 4, "straight-flush": 44, "three-of-a-kind": 52, "straight": 720,
                      "flush": 1096, "pair": 3744, None: 16440}
