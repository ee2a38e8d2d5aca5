"""Ultimate Texas Hold'em (seed 000 §25-§26, s.1268-1370): the rules data, betting, each
street's decisions, the dealer's qualifier, every Blind and Trips line, ties, folds,
rounding and the clock's defaults, on decks stacked to force exact hands.

This module also holds the functions the other hold'em tests share (``stacked``, ``settled``,
``check_money``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest

from tests.moneyflow import money_flows
from webgame.engine.cards import standard_deck
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    IllegalAction,
    Refund,
    Settlement,
    Stake,
)
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.holdem import ULTIMATE, HoldemState, HoldemTable, showdown

BURNS = (0, 3, 4)  # D-012


# ---------------------------------------------------------------------------------------
# Dealing stacked rounds, shared by the hold'em tests
# ---------------------------------------------------------------------------------------
def rules_for(engine: HoldemTable = ULTIMATE, **options: Any) -> dict[str, Any]:
    config = {"options": options} if options else None
    return resolve(load_game(engine.slug).variants["grand-ronde"], config)


def deck_order(board: Sequence[str], hands: Sequence[Sequence[str]], dealer: Sequence[str]) -> list[str]:
    """The deck order that deals exactly this board, these hands (seat order) and the
    dealer's cards in the rulebook's order (s.1348-1356), burns drawn from the rest."""
    used = [*board, *dealer, *(c for h in hands for c in h)]
    assert len(set(used)) == len(used), "a card twice in the stacked deal"
    rest = [c.code for c in standard_deck() if c.code not in used]
    order: list[str] = []
    for i, card in enumerate(board):
        if i in BURNS:
            order.append(rest.pop(0))
        order.append(card)
    for h in hands:
        order += list(h)
    return order + list(dealer) + rest


@contextmanager
def deck(order: Sequence[str]) -> Iterator[None]:
    with mock.patch.object(showdown, "shuffled_deck", lambda rng: list(order)):
        yield


def stacked(engine: HoldemTable = ULTIMATE, *, board: str, hands: Sequence[str], dealer: str,
            bets: Mapping[int, Mapping[str, int]] | None = None, **options: Any) -> tuple[HoldemState, list[Event]]:
    """A round dealt from a stacked deck: ``hands[k]`` goes to seat k; by default every seat
    posts a $10 Ante (and so a $10 Blind)."""
    rng = SeededRng(0)
    state = engine.new_round(rules_for(engine, **options), rng, None)
    events: list[Event] = []
    for seat, spots in (bets or {k: {"ante": 1000} for k in range(len(hands))}).items():
        for spot, amount in spots.items():
            events += engine.apply(state, Action("bet", seat, spot, amount), rng)
    with deck(deck_order(board.split(), [h.split() for h in hands], dealer.split())):
        events += engine.apply(state, Action("deal"), rng)
    return state, events


def act(state: HoldemState, kind: str, seat: int = 0, spot: str = "", engine: HoldemTable = ULTIMATE,
        amount: int = 0) -> list[Event]:
    return engine.apply(state, Action(kind, seat, spot, amount), SeededRng(1))


def settled(events: Sequence[Event]) -> dict[tuple[int, str], Settlement]:
    out: dict[tuple[int, str], Settlement] = {}
    for e in events:
        if isinstance(e, Settlement):
            assert (e.seat, e.bet) not in out, f"{e.bet} settled twice"
            out[(e.seat, e.bet)] = e
    return out


def nets(events: Sequence[Event], seat: int = 0) -> dict[str, int]:
    return {bet: s.net for (n, bet), s in settled(events).items() if n == seat}


def kinds(state: HoldemState, seat: int = 0, engine: HoldemTable = ULTIMATE) -> set[str]:
    return {f"{lg.kind}{'-' + lg.spot if lg.spot else ''}" for lg in engine.legal_actions(state, seat)}


def check_money(events: Sequence[Event], over: bool, settled_keys: Sequence[str] = ()) -> None:
    """Every Stake key is settled once or refunded, for exactly what was put down."""
    flows = money_flows(events)
    staked, back, done = flows.staked, flows.back(), flows.settled
    if over:
        assert dict(staked) == dict(back)
        assert sorted(f"{s}:{b}" for s, b in done) == sorted(settled_keys)
    for key, e in done.items():
        assert e.stake == staked[key] - (back[key] - e.stake), f"{key} settled for a different stake"


# ---------------------------------------------------------------------------------------
# Rules data (000 s.1282-1329)
# ---------------------------------------------------------------------------------------
def test_registry_slug_and_engine_identity() -> None:
    assert (ULTIMATE.slug, ULTIMATE.name, ULTIMATE.family) == ("ultimate-texas-holdem", "Ultimate Texas Hold'em", "carnival")
    assert set(load_game("ultimate-texas-holdem").variants) == {
        "grand-ronde", "lucky-derby", "bad-beat-lucky-derby", "bad-beat-1.0", "crystal-park"}
    assert registry.rules("ultimate-texas-holdem").family == "carnival"


def test_limits_are_100_each_on_ante_blind_and_trips_d301_s1293() -> None:
    r = rules_for()
    assert r["limits"]["main"] == {"min": 500, "max": 10000}  # Ante (and Blind) $100, $5 minimum (D-004)
    assert r["limits"]["uth-trips"] == {"min": 100, "max": 10000}
    assert r["side_bets"] == ["uth-trips"]


def test_blind_paytable_s1302_1307() -> None:
    lines = rules_for()["paytables"]["uth-blind"]["lines"]
    assert lines == {"royal-flush": "500 to 1", "straight-flush": "50 to 1", "four-of-a-kind": "10 to 1",
                     "full-house": "3 to 1", "flush": "3 to 2", "straight": "1 to 1"}


def test_trips_paytable_s1323_1329() -> None:
    lines = rules_for()["paytables"]["uth-trips"]["lines"]
    assert lines == {"royal-flush": "50 to 1", "straight-flush": "40 to 1", "four-of-a-kind": "30 to 1",
                     "full-house": "8 to 1", "flush": "7 to 1", "straight": "4 to 1", "three-of-a-kind": "3 to 1"}


def test_streets_are_4x_3x_then_2x_then_1x_or_fold_s1360_1362() -> None:
    streets = rules_for()["streets"]
    assert [(s["exposed"], s["multiples"], s["may_check"]) for s in streets] == [
        (0, [4, 3], True), (3, [2], True), (5, [1], False)]


# ---------------------------------------------------------------------------------------
# Betting
# ---------------------------------------------------------------------------------------
def new(engine: HoldemTable = ULTIMATE, **options: Any) -> HoldemState:
    return engine.new_round(rules_for(engine, **options), SeededRng(0), None)


def test_the_ante_posts_an_equal_blind_s1283() -> None:
    state = new()
    events = act(state, "bet", 0, "ante", amount=1500)
    assert [(e.bet, e.amount) for e in events if isinstance(e, Stake)] == [("ante", 1500), ("blind", 1500)]
    assert state.seats[0].bets == {"ante": 1500, "blind": 1500}
    with pytest.raises(IllegalAction, match="Blind is placed with the Ante"):
        act(state, "bet", 0, "blind", amount=500)


def test_trips_needs_the_ante_and_blind_d519() -> None:
    state = new()
    assert "bet-uth-trips" not in kinds(state)
    with pytest.raises(IllegalAction, match="Place the Ante and the Blind"):
        act(state, "bet", 0, "uth-trips", amount=500)
    act(state, "bet", 0, "ante", amount=500)
    assert "bet-uth-trips" in kinds(state)
    act(state, "bet", 0, "uth-trips", amount=500)
    # Clearing the Ante takes the Blind and the Trips back too.
    refunds = act(state, "clear", 0)
    assert sorted((e.bet, e.amount) for e in refunds if isinstance(e, Refund)) == [
        ("ante", 500), ("blind", 500), ("uth-trips", 500)]


def test_maximums_and_minimums_d301_d004() -> None:
    state = new()
    with pytest.raises(IllegalAction, match=r"maximum on the Ante is \$100"):
        act(state, "bet", 0, "ante", amount=10100)
    act(state, "bet", 0, "ante", amount=10000)
    with pytest.raises(IllegalAction, match=r"maximum on the Trips is \$100"):
        act(state, "bet", 0, "uth-trips", amount=10100)
    act(state, "bet", 1, "ante", amount=300)
    with pytest.raises(IllegalAction, match=r"Spot 2: the minimum on the Ante is \$5"):
        act(state, "deal", SYSTEM_SEAT)
    with pytest.raises(IllegalAction, match="steps of"):
        act(state, "bet", 1, "ante", amount=250)


def test_bets_close_at_the_deal_d026() -> None:
    state, _ = stacked(board="2c 7d 9h Js Kd", hands=["Ah Ad"], dealer="3c 4c")
    with pytest.raises(IllegalAction, match="Betting is closed"):
        act(state, "bet", 0, "ante", amount=500)
    with pytest.raises(IllegalAction, match="Betting is closed"):
        act(state, "clear", 0)


# ---------------------------------------------------------------------------------------
# Decisions (000 s.1360-1362)
# ---------------------------------------------------------------------------------------
BOARD_NOTHING = "2c 7d 9h Js 4d"


def test_preflop_offers_4x_3x_or_check_and_no_fold() -> None:
    state, _ = stacked(board=BOARD_NOTHING, hands=["Ah Kd"], dealer="3c 5s")
    assert kinds(state) == {"play-4x", "play-3x", "check"}
    assert {lg.spot: lg.min for lg in ULTIMATE.legal_actions(state, 0) if lg.kind == "play"} == {"4x": 4000, "3x": 3000}
    with pytest.raises(IllegalAction, match="nothing to fold"):
        act(state, "fold")
    with pytest.raises(IllegalAction, match="4x or 3x"):
        act(state, "play", 0, "2x")


def test_flop_offers_2x_or_check_river_1x_or_fold() -> None:
    state, _ = stacked(board=BOARD_NOTHING, hands=["Ah Kd"], dealer="3c 5s")
    act(state, "check")
    assert state.exposed == 3 and kinds(state) == {"play-2x", "check"}
    act(state, "check")
    assert state.exposed == 5 and kinds(state) == {"play-1x", "fold"}
    with pytest.raises(IllegalAction, match="must bet 1x or fold"):
        act(state, "check")


def test_one_play_per_hand_then_straight_to_showdown() -> None:
    state, events = stacked(board=BOARD_NOTHING, hands=["Ah Kd"], dealer="3c 5s")
    events += act(state, "play", 0, "4x")
    assert ULTIMATE.is_over(state)  # nobody left to decide: the board and dealer are turned
    assert state.seats[0].bets["play"] == 4000 == 4 * state.seats[0].bets["ante"]  # s.1294: at most 4x
    with pytest.raises(IllegalAction, match="over"):
        act(state, "play", 0, "2x")


def test_decisions_are_simultaneous_d013() -> None:
    state, _ = stacked(board=BOARD_NOTHING, hands=["Ah Kd", "Qs Qh", "8c 8d"], dealer="3c 5s")
    assert ULTIMATE.to_act(state) == 0
    assert all(kinds(state, n) for n in range(3))  # every position may decide now
    act(state, "check", 2)  # the last position first
    assert ULTIMATE.undecided(state) == [0, 1] and state.exposed == 0
    with pytest.raises(IllegalAction, match="already decided"):
        act(state, "play", 2, "4x")
    act(state, "play", 1, "3x")
    act(state, "check", 0)
    assert state.exposed == 3  # the flop comes only when every position has decided
    assert ULTIMATE.undecided(state) == [0, 2]  # the 3x Play has no decision left
    assert ULTIMATE.legal_actions(state, 1) == []


def test_clock_defaults_check_before_the_river_fold_at_the_river_d009() -> None:
    state, _ = stacked(board=BOARD_NOTHING, hands=["Ah Kd", "Qs Qh", "8c 8d"], dealer="3c 5s")
    assert ULTIMATE.timeout_action(state) == Action("timeout", SYSTEM_SEAT)
    with pytest.raises(IllegalAction, match="clock"):
        act(state, "timeout", 0)
    act(state, "play", 1, "4x")
    act(state, "timeout", SYSTEM_SEAT)  # one clock for everyone still deciding (D-013)
    assert [state.seats[n].last for n in range(3)] == ["Checked", "Bet 4x", "Checked"]
    assert state.exposed == 3 and ULTIMATE.undecided(state) == [0, 2]  # the flop's window is untouched
    act(state, "timeout", SYSTEM_SEAT)
    assert state.exposed == 5 and ULTIMATE.undecided(state) == [0, 2]
    events = act(state, "timeout", SYSTEM_SEAT)  # the river needs a Play: fold
    assert [state.seats[n].status for n in range(3)] == ["folded", "played", "folded"]
    assert {(s.seat, s.bet): s.returned for s in settled(events).values() if s.seat != 1} == {
        (0, "ante"): 0, (0, "blind"): 0, (2, "ante"): 0, (2, "blind"): 0}
    assert ULTIMATE.is_over(state) and ULTIMATE.timeout_action(state) is None
    assert ULTIMATE.timeout_action(new()) is None  # betting: the window deals, not the clock


# ---------------------------------------------------------------------------------------
# Showdown (000 s.1365-1368, D-299, D-518)
# ---------------------------------------------------------------------------------------
def showdown_nets(board: str, hand: str, dealer: str, *, play: str = "4x", trips: int = 0) -> dict[str, int]:
    bets = {0: {"ante": 1000, **({"uth-trips": trips} if trips else {})}}
    state, events = stacked(board=board, hands=[hand], dealer=dealer, bets=bets)
    if play == "fold":
        events += act(state, "check")
        events += act(state, "check")
        events += act(state, "fold")
    elif play == "1x":
        events += act(state, "check")
        events += act(state, "check")
        events += act(state, "play", 0, "1x")
    else:
        events += act(state, "play", 0, play)
    assert ULTIMATE.is_over(state)
    check_money(events, True, state.settled)
    return nets(events)


def test_dealer_without_a_pair_pushes_only_the_ante_s1365() -> None:
    # Player: pair of aces; dealer: king high. Ante push, Play wins, Blind pushes (below a straight).
    assert showdown_nets("2c 7d 9h Js 4d", "Ah Ad", "Kc 3s") == {"ante": 0, "play": 4000, "blind": 0}


def test_non_qualifying_dealer_still_beats_a_lower_hand_d299() -> None:
    # Dealer ace high does not qualify but beats king high: Ante pushes, Play and Blind lose.
    assert showdown_nets("2c 7d 9h Js 4d", "Kh 3d", "As 5c", play="1x") == {"ante": 0, "play": -1000, "blind": -1000}


def test_qualified_dealer_beaten_pays_ante_and_play_even_money_s1367() -> None:
    # Player jacks and nines beat the dealer's nines and sevens; two pair is below a straight.
    assert showdown_nets("2c 7d 9h 9s 4d", "Jh Jd", "7c 3s") == {"ante": 1000, "play": 4000, "blind": 0}


def test_dealer_beats_player_everything_loses_s1366() -> None:
    assert showdown_nets("2c 7d 9h Js 4d", "Kh Qd", "7c 7s", play="3x") == {"ante": -1000, "play": -3000, "blind": -1000}


@pytest.mark.parametrize(("board", "hand", "dealer", "won"), [
    ("Ts Js Qs 2d 3c", "As Ks", "4c 5d", 500_000),   # royal flush, 500 to 1 (s.1302)
    ("9h Th Jh 2d 3c", "Qh Kh", "4c 5d", 50_000),    # straight flush, 50 to 1 (s.1303)
    ("9h 9d 9c 2d 3c", "9s Kh", "4c 5d", 10_000),    # quads, 10 to 1 (s.1304)
    ("9h 9d Kc 2d 3c", "9s Kh", "4c 5d", 3_000),     # full house, 3 to 1 (s.1305)
    ("2h 7h Jh Qd 3c", "Ah 5h", "4c 6d", 1_500),     # flush, 3 to 2 (s.1306)
    ("4h 5d 6c Qd 2c", "7s 8h", "Kc 9c", 1_000),     # straight, 1 to 1 (s.1307)
    ("4h 5d 6c Qd 2c", "Qs Qh", "Kc 9c", 0),         # three of a kind: below a straight, push (s.1308)
])
def test_each_blind_line_when_the_player_wins(board: str, hand: str, dealer: str, won: int) -> None:
    out = showdown_nets(board, hand, dealer)
    assert out["blind"] == won
    assert out["play"] == 4000


def test_identical_hands_push_everything_s1368_d518() -> None:
    # The board is a straight both hands play: Ante, Play and Blind push; D-518 (suits never break ties).
    assert showdown_nets("6c 7d 8h 9s Td", "2h 3d", "2c 3s") == {"ante": 0, "play": 0, "blind": 0}


def test_kickers_decide_same_category_d518() -> None:
    # Both two pair, kings and nines; the player's ace kicker beats the dealer's queen.
    assert showdown_nets("Kc Kd 9h 9s 4d", "Ah 2d", "Qc 3s") == {"ante": 1000, "play": 4000, "blind": 0}
    # Same two pair, same kicker from the board: push.
    assert showdown_nets("Kc Kd 9h 9s Ad", "2h 3d", "4c 5s") == {"ante": 0, "play": 0, "blind": 0}


def test_a_wheel_is_the_lowest_straight_d518() -> None:
    # Player A-2-3-4-5 loses to the dealer's 2-3-4-5-6.
    assert showdown_nets("2c 3d 4h 5s Kd", "Ah Qd", "6c Js")["play"] == -4000


# ---------------------------------------------------------------------------------------
# Folding and Trips (000 s.1320-1329, s.1363-1364, D-297, D-298)
# ---------------------------------------------------------------------------------------
def test_fold_loses_ante_and_blind_at_once_d297() -> None:
    state, _ = stacked(board="2c 7d 9h Js 4d", hands=["Kh 3d", "Ah Ad"], dealer="7c 7s")
    act(state, "play", 1, "4x")
    act(state, "check", 0)
    act(state, "check", 0)
    fold = act(state, "fold", 0)
    got = settled(fold)
    assert got[(0, "ante")].returned == 0 and got[(0, "blind")].returned == 0
    assert state.seats[0].status == "folded" and ULTIMATE.is_over(state)


def test_a_folded_hand_still_wins_trips_s1364() -> None:
    # Board trips of nines: the folded player's best five is three of a kind, Trips 3 to 1.
    out = showdown_nets("9c 9d 9h Js 4d", "2h 3c", "Ac Qs", play="fold", trips=500)
    assert out == {"ante": -1000, "blind": -1000, "uth-trips": 1500}


@pytest.mark.parametrize(("board", "hand", "won"), [
    ("Ts Js Qs 2d 3c", "As Ks", 25_000),   # royal, 50 to 1 (s.1323)
    ("9h Th Jh 2d 3c", "Qh Kh", 20_000),   # straight flush, 40 to 1 (s.1324)
    ("9h 9d 9c 2d 3c", "9s Kh", 15_000),   # quads, 30 to 1 (s.1325)
    ("9h 9d Kc 2d 3c", "9s Kh", 4_000),    # full house, 8 to 1 (s.1326)
    ("2h 7h Jh Qd 3c", "Ah 5h", 3_500),    # flush, 7 to 1 (s.1327)
    ("4h 5d 6c Qd 2c", "7s 8h", 2_000),    # straight, 4 to 1 (s.1328)
    ("4h 5d 6c Qd 2c", "Qs Qh", 1_500),    # trips, 3 to 1 (s.1329)
    ("4h 5d 6c Qd 2c", "4s 5h", -500),     # two pair loses
])
def test_each_trips_line(board: str, hand: str, won: int) -> None:
    out = showdown_nets(board, hand, "Ad 8c", trips=500)
    assert out["uth-trips"] == won


def test_trips_is_graded_on_the_players_hand_not_the_dealers_d298() -> None:
    # The dealer makes quads; the player's best five is only a pair: Trips loses.
    out = showdown_nets("9c 9d 2h Js 4d", "Ah Kd", "9h 9s", play="1x", trips=500)
    assert out["uth-trips"] == -500 and out["play"] == -1000


def test_blind_three_to_two_truncates_to_the_cent_d002() -> None:
    # A 25-cent chip step: a $5.25 Blind on a flush wins $7.875, paid $7.87.
    rng = SeededRng(0)
    state = ULTIMATE.new_round(rules_for(bet_step=25), rng, None)
    ULTIMATE.apply(state, Action("bet", 0, "ante", 525), rng)
    with deck(deck_order(["2h", "7h", "Jh", "Qd", "3c"], [["Ah", "5h"]], ["Kc", "8c"])):
        ULTIMATE.apply(state, Action("deal"), rng)
    events = act(state, "play", 0, "4x")
    assert settled(events)[(0, "blind")].returned == 525 + 787


# ---------------------------------------------------------------------------------------
# The malfunction rule (D-010, D-008)
# ---------------------------------------------------------------------------------------
def test_a_deck_with_a_card_twice_voids_the_round_d010() -> None:
    rng = SeededRng(0)
    state = ULTIMATE.new_round(rules_for(), rng, None)
    ULTIMATE.apply(state, Action("bet", 0, "ante", 1000), rng)
    ULTIMATE.apply(state, Action("bet", 0, "uth-trips", 500), rng)
    broken = deck_order(["2c", "7d", "9h", "Js", "4d"], [["Ah", "Kd"]], ["3c", "5s"])
    broken[1] = broken[0]
    with deck(broken):
        events = ULTIMATE.apply(state, Action("deal"), rng)
    assert ULTIMATE.is_over(state)
    assert {(s.bet, s.result, s.returned) for s in settled(events).values()} == {
        ("ante", "void", 1000), ("blind", "void", 1000), ("uth-trips", "void", 500)}
