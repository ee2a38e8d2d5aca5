"""No-limit Texas Hold'em on the hand engine: blinds, folds, all-ins, side pots, the minimum
raise (D-404), and what each seat may see."""

from __future__ import annotations

import json

import pytest

from tests.engine.poker.deal import holdem, stack
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import IllegalAction
from webgame.engine.state import dump, load, round_trips
from webgame.games.poker.hand import (
    Forced,
    HandState,
    act,
    contributed,
    is_over,
    legal,
    record,
    showdown,
    showdown_hands,
    start_from_rules,
    to_act,
    view,
)


def kinds(hand: HandState, seat: int) -> dict[str, tuple[int, int]]:
    return {o.kind: (o.min, o.max) for o in legal(hand, seat)}


def test_first_to_act_is_left_of_the_big_blind_and_the_big_blind_has_the_option() -> None:
    h = holdem([(1, 10000), (2, 10000), (3, 10000), (4, 10000)], ["AsKs", "2c2d", "7h8h", "QdJd"])
    assert to_act(h) == 3
    act(h, 3, "call")
    act(h, 4, "call")
    act(h, 1, "call")
    assert to_act(h) == 2
    assert "check" in kinds(h, 2) and "call" not in kinds(h, 2)
    act(h, 2, "check")
    assert h.street == 1 and len(h.boards[0]) == 3
    assert to_act(h) == 1  # after the flop: the first active player left of the button


def test_folded_to_a_win_is_one_award_without_a_showdown() -> None:
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["AsKs", "2c2d", "7h8h"])
    said = act(h, 3, "raise", 600)
    assert said == ["Seat 3 raises to $6"]
    act(h, 1, "fold")
    said = act(h, 2, "fold")
    assert is_over(h) and to_act(h) is None
    assert "Uncalled bet ($4) returned to seat 3" in said
    assert contributed(h) == {1: 100, 2: 200, 3: 200}
    awards = showdown(h, 0)
    assert len(awards) == 1 and awards[0].winners == {3: 500} and awards[0].hand_names == {}
    assert h.shown == [] and h.boards == [[]]


def test_no_limit_minimum_raise_is_the_largest_raise_so_far_D404() -> None:
    h = holdem([(1, 100000), (2, 100000), (3, 100000), (4, 100000)], ["AsKs", "2c2d", "7h8h", "QdJd"])
    assert kinds(h, 3)["raise"] == (400, 100000)   # at least one big blind more: $2 → $4
    act(h, 3, "raise", 1000)                        # raised by $8
    assert kinds(h, 4)["raise"][0] == 1800          # D-404: after a raise to $10 the next is to $18
    with pytest.raises(IllegalAction):
        act(h, 4, "raise", 1700)
    act(h, 4, "raise", 3000)                        # raised by $20
    assert kinds(h, 1)["raise"][0] == 5000


def test_opening_bet_after_the_flop_is_at_least_the_big_blind_D404() -> None:
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["AsKs", "2c2d", "7h8h"])
    act(h, 3, "call")
    act(h, 1, "call")
    act(h, 2, "check")
    assert kinds(h, 1)["bet"] == (200, 9800)
    with pytest.raises(IllegalAction):
        act(h, 1, "bet", 150)


def test_a_short_all_in_does_not_reopen_the_betting_D404() -> None:
    h = holdem([(1, 10000), (2, 10000), (3, 1300)], ["AsKs", "2c2d", "7h8h"])
    act(h, 3, "call")
    act(h, 1, "call")
    act(h, 2, "check")
    act(h, 1, "bet", 1000)
    act(h, 2, "call")
    act(h, 3, "raise", 1100)   # all-in for $11: $1 more, less than a full raise
    assert "raise" not in kinds(h, 1)
    assert kinds(h, 1)["call"] == (100, 100)


def test_three_all_ins_of_different_sizes_make_a_main_pot_and_two_side_pots_D409() -> None:
    # Seat 4 covers everyone; the shortest stack holds the best hand, the middle one the second.
    h = holdem([(1, 1000), (2, 3000), (3, 6000), (4, 20000)],
               ["AsAd", "KsKd", "QsQd", "2c7h"], board="Ah9c5d3h8s")
    act(h, 3, "raise", 6000)
    act(h, 4, "call")
    act(h, 1, "call")
    act(h, 2, "call")
    assert is_over(h)
    awards = showdown(h, 0)
    assert [(a.pot, a.amount, a.winners) for a in awards] == [
        (0, 4000, {1: 4000}),          # $10 from each of four
        (1, 6000, {2: 6000}),          # $20 more from each of three
        (2, 6000, {3: 6000}),          # $30 more from seats 3 and 4
    ]
    assert awards[0].hand_names == {1: "three of a kind, aces, 9-8 kickers"}
    assert sum(a.amount for a in awards) == sum(contributed(h).values())


def test_a_tie_splits_and_the_odd_chip_goes_clockwise_from_the_button_D408() -> None:
    # Both play the board's straight; 101 cents of pot after a 1-cent take.
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["2c3d", "2d3c", "4h4s"], board="9sTdJhQcKs")
    act(h, 3, "fold")
    act(h, 1, "call")
    act(h, 2, "check")
    for _ in range(3):
        act(h, 1, "check")
        act(h, 2, "check")
    awards = showdown(h, 399)
    assert awards[0].amount == 1 and awards[0].winners == {1: 1, 2: 0}


def test_house_take_comes_from_each_pot_in_proportion() -> None:
    """D-412: $5 from a $30 main pot and a $40 side pot: $2.14 and $2.85, the odd cent from the main pot."""
    h = holdem([(1, 1000), (2, 3000), (3, 3000)], ["AsAd", "KsKd", "2c7h"], board="Ah9c5d3h8s")
    act(h, 3, "raise", 3000)
    act(h, 1, "call")
    act(h, 2, "call")
    awards = showdown(h, 500)
    assert [(a.pot, a.amount) for a in awards] == [(0, 3000 - 215), (1, 4000 - 285)]


def test_view_never_shows_another_seats_hole_cards_or_the_deck_before_the_showdown() -> None:
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["AsKs", "2c2d", "7h8h"], board="Qh9c5d3h8s")
    act(h, 3, "call")
    act(h, 1, "call")
    act(h, 2, "check")
    text = json.dumps(view(h, 1))
    for card in ["2c", "2d", "7h", "8h", "3h", "8s"] + h.burns:
        assert f'"{card}"' not in text
    assert '"As"' in text and '"Qh"' in text
    assert '"As"' not in json.dumps(view(h, None))


def test_state_round_trips_through_json_mid_hand() -> None:
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["AsKs", "2c2d", "7h8h"])
    act(h, 3, "raise", 600)
    assert round_trips(h)
    again = load(HandState, json.loads(json.dumps(dump(h))))
    act(again, 1, "call")
    assert to_act(again) == 2


def test_record_keeps_the_whole_hand() -> None:
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["AsKs", "2c2d", "7h8h"], board="Qh9c5d3h8s")
    act(h, 3, "raise", 600)
    act(h, 1, "fold")
    act(h, 2, "call")
    for _ in range(3):
        act(h, 2, "check")
        act(h, 3, "check")
    showdown(h, 0)
    r = record(h)
    json.dumps(r)
    assert r["structure"] == "No Limit" and r["blinds"] == [100, 200] and r["button"] == 3
    assert r["hole"]["2"] == ["2c", "2d"] and r["streets"][1]["board"] == ["Qh", "9c", "5d"]
    assert r["streets"][0]["actions"][2] == {"seat": 3, "kind": "raise", "amount": 600, "to": 600,
                                             "all_in": False}
    assert r["shown"] == ["2", "3"]  # nobody bet the river: the first seat left of the button shows first (D-415)
    assert r["awards"][0]["winners"] == {3: 1300} and r["house_take"] == []


def test_not_your_turn_is_refused() -> None:
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["AsKs", "2c2d", "7h8h"])
    assert legal(h, 1) == []
    with pytest.raises(IllegalAction):
        act(h, 1, "fold")


def test_a_losing_hand_after_the_winner_is_mucked_unseen_but_an_all_in_hand_is_shown_D415() -> None:
    # Seat 2 bets the river and shows trips first; seat 3's losing call is mucked unseen.
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["AsKs", "QcQd", "7h8h"], board="Qh9c5d3h2s")
    act(h, 3, "call")
    act(h, 1, "fold")
    act(h, 2, "check")
    for _ in range(2):
        act(h, 2, "check")
        act(h, 3, "check")
    act(h, 2, "bet", 200)
    act(h, 3, "call")
    assert h.shown == [2]
    assert '"7h"' not in json.dumps(view(h, 2))
    # All-in hands are always shown, winner or not.
    h = holdem([(1, 10000), (2, 10000), (3, 1000)], ["AsKs", "QcQd", "7h8h"], board="Qh9c5d3h2s")
    act(h, 3, "raise", 1000)
    act(h, 1, "fold")
    act(h, 2, "call")
    assert h.shown == [3, 2]
    assert '"7h"' in json.dumps(view(h, 2))


def test_showdown_hands_say_whether_both_hole_cards_play_for_the_bad_beat_jackpot_D421() -> None:
    # Seat 2's aces full plays both aces; seat 3's four jacks play only one jack and the kicker
    # comes from the board (the ace), so its hole seven does not play.
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["2c3d", "AsAd", "Jh7h"], board="AhJsJdJcQs")
    act(h, 3, "call")
    act(h, 1, "fold")
    act(h, 2, "check")
    for _ in range(3):
        act(h, 2, "check")
        act(h, 3, "check")
    hands = showdown_hands(h)
    assert hands[2] == [{"name": "full house, aces over jacks", "value": hands[2][0]["value"],
                         "both_hole_cards": True}]
    assert hands[3][0]["name"] == "four of a kind, jacks, A kicker" and hands[3][0]["both_hole_cards"] is False
    assert hands[3][0]["value"] > hands[2][0]["value"]
    showdown(h, 0)
    assert record(h)["shown_hands"] == {"2": ["full house, aces over jacks"], "3": ["four of a kind, jacks, A kicker"]}


def test_a_hand_starts_from_a_variants_rules() -> None:
    rules = resolve(load_game("texas-holdem").variants["nl-procedure"])
    h = start_from_rules("Texas Hold'em", rules, [(1, 10000), (2, 10000), (3, 10000)], 3,
                         [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200)],
                         stack(["AsAd", "KsKd", "QsQd"]))
    assert h.rit_allowed and h.structure.raise_cap == 3 and h.structure.kind == "no-limit"
    off = resolve(load_game("texas-holdem").variants["nl-procedure"], {"options": {"run-it-twice": False}})
    h = start_from_rules("Texas Hold'em", off, [(1, 10000), (2, 10000)], 2,
                         [Forced(2, "small-blind", 100), Forced(1, "big-blind", 200)], stack(["AsAd", "KsKd"]))
    assert not h.rit_allowed


def test_the_announcements_name_each_street() -> None:
    h = holdem([(1, 10000), (2, 10000), (3, 10000)], ["AsKs", "2c2d", "7h8h"], board="Qh9c5d3h8s")
    act(h, 3, "call")
    act(h, 1, "call")
    assert act(h, 2, "check") == ["Seat 2 checks", "Flop: Qh 9c 5d"]
    act(h, 1, "bet", 300)
    act(h, 2, "fold")
    assert act(h, 3, "call") == ["Seat 3 calls $3", "Turn: 3h"]
    act(h, 1, "bet", 10000 - 500)
    assert act(h, 3, "call") == ["Seat 3 calls $95 and is all-in", "River: 8s"]
