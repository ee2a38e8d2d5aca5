"""The board games on stacked decks: Omaha's exactly two hole cards (D-434, D-437), Big O under
each rulebook (D-434), Omaha Hi-Lo's halves (D-407, D-408), Double Board Omaha (D-433), the
pineapple discard at both times (D-438) and running it twice (D-457)."""

from __future__ import annotations

import json

import pytest

from tests.engine.poker.deal import holdem
from webgame.engine.protocol import IllegalAction
from webgame.games.poker.games import AT_LEAST_TWO, EXACTLY_TWO, GameKind
from webgame.games.poker.hand import (
    HandState,
    act,
    contributed,
    is_over,
    legal,
    record,
    showdown,
    timeout_action,
    to_act,
    view,
)

OMAHA = GameKind("Omaha", hole_cards=4, hole_rule=EXACTLY_TWO)
OMAHA8 = GameKind("Omaha Hi-Lo", hole_cards=4, hole_rule=EXACTLY_TWO, hi_lo=True)
OMAHA8_LD = GameKind("Omaha Hi-Lo", hole_cards=4, hole_rule=EXACTLY_TWO, hi_lo=True, odd_chip="nearest-button")
BIG_O_LD = GameKind("Big O", hole_cards=5, hole_rule=EXACTLY_TWO)
BIG_O_CP = GameKind("Big O", hole_cards=5, hole_rule=AT_LEAST_TWO)
DOUBLE = GameKind("Double Board Omaha", hole_cards=4, hole_rule=EXACTLY_TWO, boards=2)
PINEAPPLE = GameKind("Pineapple", hole_cards=3, discard="before-flop")
CRAZY = GameKind("Crazy Pineapple", hole_cards=3, discard="after-flop")


def check_down(h: HandState) -> None:
    """Everybody calls pre-flop and checks to the end (discarding the last card when asked)."""
    while not is_over(h):
        seat = to_act(h)
        assert seat is not None
        options = {o.kind: o for o in legal(h, seat)}
        if "discard" in options:
            act(h, seat, "discard", spot=[o.spot for o in legal(h, seat)][-1])
        elif "check" in options:
            act(h, seat, "check")
        else:
            act(h, seat, "call")


def winners(h: HandState, take: int = 0) -> list[tuple[int, str, int, dict[int, int]]]:
    return [(a.board, a.half, a.amount, a.winners) for a in showdown(h, take)]


def test_omaha_plays_exactly_two_hole_cards_D437() -> None:
    # Four hearts in the hole and two on the board: a royal flush in hold'em, but in Omaha only
    # ace-king high; the pair of nines and the board's nine make three of a kind and win.
    stacks = [(1, 10000), (2, 10000), (3, 10000)]
    h = holdem(stacks, ["AhKhQhJh", "9c9d5s6s", "2c3d4c7d"], board="Th2h5c4d9s", kind=OMAHA)
    check_down(h)
    assert winners(h) == [(0, "whole", 600, {2: 600})]
    assert showdown(h, 0)[0].hand_names == {2: "three of a kind, nines, T-5 kickers"}


def test_big_o_lucky_derby_uses_exactly_two_but_crystal_park_at_least_two_D434() -> None:
    # Three spades in the hole and two on the board make a flush only with three hole cards.
    holes = ["AsKsQs2d3c", "9c9dJh4h5h"]
    board = "Ts7s9h8cKd"
    stacks = [(1, 10000), (2, 10000)]
    h = holdem(stacks, holes, board=board, kind=BIG_O_LD)
    check_down(h)
    assert winners(h) == [(0, "whole", 400, {2: 400})]  # nines: three of a kind
    h = holdem(stacks, holes, board=board, kind=BIG_O_CP)
    check_down(h)
    assert winners(h) == [(0, "whole", 400, {1: 400})]  # c003 rule 8: the flush with three hole cards
    assert showdown(h, 0)[0].hand_names == {1: "flush, ace high (A-K-Q-T-7)"}


def test_omaha_hi_lo_splits_high_and_low_with_different_hole_cards_D407() -> None:
    # Seat 1 makes the nut low with A-2 and the high flush with K-Q of clubs: it scoops both halves.
    stacks = [(1, 10000), (2, 10000), (3, 10000)]
    h = holdem(stacks, ["As2dKcQc", "JsJdTsTd", "3s4s8h8d"], board="5c6c7cJhKd", kind=OMAHA8)
    check_down(h)
    assert winners(h) == [(0, "high", 300, {1: 300}), (0, "low", 300, {1: 300})]
    assert showdown(h, 0)[1].hand_names == {1: "7-6-5-2-A low"}  # beats seat 3's 7-6-5-4-3


def test_omaha_hi_lo_without_a_qualifying_low_the_high_takes_it_all_D407() -> None:
    stacks = [(1, 10000), (2, 10000)]
    h = holdem(stacks, ["As2dKcQc", "JsJdTsTd"], board="9c9hJhKdQs", kind=OMAHA8)
    check_down(h)
    assert winners(h) == [(0, "whole", 400, {2: 400})]


def test_omaha_hi_lo_quartered_pot_and_the_odd_cents_by_each_rulebook_D408() -> None:
    # Seats 1 and 2 share the low; seat 3 wins the high. Pot $6 less 1 cent: 599.
    holes = ["As2dKhQh", "Ac2cJsJd", "TsTdTh9s"]
    board = "3c4d7hTcKs"  # lows 7-4-3-2-A for both; seat 3: three tens
    stacks = [(1, 10000), (2, 10000), (3, 10000)]
    h = holdem(stacks, holes, board=board, kind=OMAHA8)
    check_down(h)
    # The high half takes the odd cent (300 of 599), the low half 299 split 150/149 clockwise.
    assert winners(h, 1) == [(0, "high", 300, {3: 300}), (0, "low", 299, {1: 150, 2: 149})]
    h = holdem(stacks, holes, board=board, kind=OMAHA8_LD)
    check_down(h)
    # c001 (s.6036-6038): a shared half sends every odd cent of the pot (299 + 149 + 149 = 597,
    # two left) to the winner nearest the button's left.
    assert winners(h, 1) == [(0, "high", 299, {3: 299}), (0, "low", 300, {1: 151, 2: 149})]


def test_double_board_omaha_gives_each_board_half_the_pot_D433() -> None:
    stacks = [(1, 10000), (2, 10000)]
    h = holdem(stacks, ["AsAdKcQc", "9s9d8h7h"], boards=["Ah2c3dJsTh", "9h6c5h4s2h"], kind=DOUBLE)
    check_down(h)
    assert view(h, None)["boards"] == [["Ah", "2c", "3d", "Js", "Th"], ["9h", "6c", "5h", "4s", "2h"]]
    # Seat 1's aces win board 1, seat 2's nine-high straight board 2. The pot of 400 less a
    # 1-cent take leaves 399: the first board's pot gets the odd cent.
    assert winners(h, 1) == [(0, "whole", 200, {1: 200}), (1, "whole", 199, {2: 199})]


def test_pineapple_discards_before_the_flop_D438() -> None:
    # Seat 1 throws away the ace; with it, it would have made aces and won.
    stacks = [(1, 10000), (2, 10000)]
    h = holdem(stacks, ["AsKd2c", "QsQd3c"], board="Ah7c8d9sJh", kind=PINEAPPLE)
    act(h, 2, "call")
    act(h, 1, "check")
    assert h.street == 0 and to_act(h) == 1
    assert [o.kind for o in legal(h, 1)] == ["discard"] * 3
    with pytest.raises(IllegalAction):
        act(h, 1, "discard", spot="Qs")
    act(h, 1, "discard", spot="As")
    assert '"As"' not in json.dumps(view(h, 2))
    act(h, 2, "discard", spot="3c")
    assert h.street == 1 and len(h.boards[0]) == 3
    check_down(h)
    assert winners(h) == [(0, "whole", 400, {2: 400})]


def test_crazy_pineapple_discards_after_the_flop_betting_D438() -> None:
    stacks = [(1, 10000), (2, 10000)]
    h = holdem(stacks, ["AsKd2c", "QsQd3c"], board="Ah7c8d9sJh", kind=CRAZY)
    act(h, 2, "call")
    act(h, 1, "check")
    assert h.street == 1 and [o.kind for o in legal(h, 1)] == ["fold", "check", "bet"]
    act(h, 1, "check")
    act(h, 2, "check")
    assert h.street == 1 and [o.kind for o in legal(h, 1)] == ["discard"] * 3
    act(h, 1, "discard", spot="2c")
    act(h, 2, "discard", spot="3c")
    assert h.street == 2
    check_down(h)
    assert winners(h) == [(0, "whole", 400, {1: 400})]  # aces with the ace kept


def all_in_preflop(h: HandState) -> None:
    act(h, 2, "raise", 10000)
    act(h, 1, "call")


def test_run_it_twice_deals_a_second_board_and_halves_the_pot_D457() -> None:
    stacks = [(1, 10000), (2, 10000)]
    h = holdem(stacks, ["AsAd", "KsKd"], board="2c7h9dJc3s", rest=["Kh", "Qh", "4c", "8d", "5s", "6d", "Tc"],
               run_it_twice=True)
    all_in_preflop(h)
    assert h.phase == "run-vote" and to_act(h) == 1
    assert [(o.kind, o.spot) for o in legal(h, 1)] == [("run-twice", "yes"), ("run-twice", "no")]
    act(h, 1, "run-twice", spot="yes")
    act(h, 2, "run-twice", spot="yes")
    assert is_over(h) and len(h.boards) == 2
    # The second run: burn Kh, flop Qh 4c 8d, burn 5s, turn 6d, burn Tc, river (next card).
    assert h.boards[1][:4] == ["Qh", "4c", "8d", "6d"]
    awards = showdown(h, 1)  # 19999 cents: the first run takes the odd cent
    assert [(a.board, a.amount) for a in awards] == [(0, 10000), (1, 9999)]
    assert sum(a.amount for a in awards) + 1 == sum(contributed(h).values())


def test_run_it_twice_needs_every_player_to_agree_D457() -> None:
    stacks = [(1, 10000), (2, 10000)]
    h = holdem(stacks, ["AsAd", "KsKd"], board="2c7h9dJc3s", run_it_twice=True)
    all_in_preflop(h)
    act(h, 1, "run-twice", spot="yes")
    act(h, 2, "run-twice", spot="no")
    assert is_over(h) and len(h.boards) == 1
    assert winners(h) == [(0, "whole", 20000, {1: 20000})]


def test_run_it_twice_is_not_offered_unless_the_table_allows_it() -> None:
    h = holdem([(1, 10000), (2, 10000)], ["AsAd", "KsKd"], board="2c7h9dJc3s")
    all_in_preflop(h)
    assert is_over(h) and h.phase == "done"


def test_a_pineapple_timeout_throws_away_the_lowest_card_and_a_silent_vote_runs_once() -> None:
    h = holdem([(1, 10000), (2, 10000)], ["AsKd2c", "QsQd3c"], board="Ah7c8d9sJh", kind=PINEAPPLE)
    act(h, 2, "call")
    act(h, 1, "check")
    assert timeout_action(h, 1) == ("discard", 0, "2c")
    h = holdem([(1, 10000), (2, 10000)], ["AsAd", "KsKd"], board="2c7h9dJc3s", run_it_twice=True)
    all_in_preflop(h)
    assert timeout_action(h, 1) == ("run-twice", 0, "no")


def test_double_board_record_keeps_both_boards_street_by_street() -> None:
    h = holdem([(1, 10000), (2, 10000)], ["AsAdKcQc", "9s9d8h7h"], boards=["Ah2c3dJsTh", "9h6c5h4s2h"], kind=DOUBLE)
    check_down(h)
    showdown(h, 0)
    r = record(h)
    assert r["streets"][1]["boards"] == [["Ah", "2c", "3d"], ["9h", "6c", "5h"]]
    assert "board" not in r["streets"][1]


def test_ten_handed_omaha_runs_twice_from_the_stub_then_the_burn_cards_D457() -> None:
    # 40 hole cards and board 1 (3 burns, 5 cards) leave a 4-card stub: board 2's burn and flop;
    # then the four burn cards, in the order burned, give burn, turn, burn, river (001 s.4082-4087).
    holes = ["AsAdAhAc", "KsKdKhKc", "QsQdQhQc", "JsJdJhJc", "TsTdThTc",
             "9s9d9h9c", "8s8d8h8c", "7s7d7h7c", "6s6d6h6c", "5s5d5h5c"]
    stacks = [(s, 1000) for s in range(1, 11)]
    h = holdem(stacks, holes, board="2s3d4h2c3s", kind=OMAHA, run_it_twice=True)
    while h.phase == "betting":
        seat = to_act(h)
        assert seat is not None
        act(h, seat, "raise" if "raise" in {o.kind for o in legal(h, seat)} else "call",
            max(o.max for o in legal(h, seat)))
    while h.phase == "run-vote":
        seat = to_act(h)
        assert seat is not None
        act(h, seat, "run-twice", spot="yes")
    assert is_over(h) and len(h.boards) == 2
    burns = h.burns[:4]
    stub = h.deck[40 + 8:]
    assert h.boards[1][:3] == stub[1:4] and burns[3] == stub[0]
    assert h.boards[1][3:] == [burns[1], burns[3]]
    assert len(set(h.boards[0]) | set(h.boards[1])) == 10
