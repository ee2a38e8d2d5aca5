"""The betting structures on stacked hands: the limit raise cap and its heads-up exception
(D-403), spread limit (D-426), pot limit (D-429), the c002 minimum open and the Lucky Derby
$200 raise (D-404, D-423), straddles (D-414), dead blinds (D-413) and bomb pots (D-456)."""

from __future__ import annotations

import pytest

from tests.engine.poker.deal import holdem
from webgame.engine.protocol import IllegalAction
from webgame.games.poker.hand import (
    Forced,
    HandState,
    act,
    contributed,
    is_over,
    legal,
    showdown,
    timeout_action,
    to_act,
)
from webgame.games.poker.structures import Structure, from_rules, scaled

LIMIT = Structure("fixed-limit", 100, 200, bets=(200, 200, 400, 400), raise_cap=3, cap_heads_up=True)
FOUR = [(1, 100000), (2, 100000), (3, 100000), (4, 100000)]
HOLES = ["AsKs", "2c2d", "7h8h", "QdJd"]


def kinds(hand: HandState, seat: int) -> dict[str, tuple[int, int]]:
    return {o.kind: (o.min, o.max) for o in legal(hand, seat)}


def test_limit_raises_by_one_small_bet_and_caps_at_a_bet_and_three_raises_D403() -> None:
    h = holdem(FOUR, HOLES, structure=LIMIT)
    assert kinds(h, 3)["raise"] == (400, 400)  # the big blind is the bet; a raise is one small bet more
    act(h, 3, "raise", 400)
    act(h, 4, "raise", 600)
    act(h, 1, "raise", 800)                    # the third raise: capped
    assert "raise" not in kinds(h, 2) and kinds(h, 2)["call"] == (600, 600)
    act(h, 2, "call")
    assert "raise" not in kinds(h, 3)


def test_limit_turn_and_river_use_the_big_bet_D425() -> None:
    h = holdem(FOUR[:3], HOLES[:3], structure=LIMIT)
    act(h, 3, "call")
    act(h, 1, "call")
    act(h, 2, "check")
    assert kinds(h, 1)["bet"] == (200, 200)
    for seat in (1, 2, 3):
        act(h, seat, "check")
    assert h.street == 2 and kinds(h, 1)["bet"] == (400, 400)


def test_the_cap_is_lifted_heads_up_D403() -> None:
    h = holdem(FOUR[:2], HOLES[:2], structure=LIMIT)  # seat 2 is the button and small blind
    assert to_act(h) == 2
    to = 200
    for i in range(6):  # six raises, far past a bet and three raises
        seat = 2 if i % 2 == 0 else 1
        to += 200
        act(h, seat, "raise", to)
    assert kinds(h, 2)["raise"] == (to + 200, to + 200)


def test_a_round_capped_before_it_became_heads_up_stays_capped_D403() -> None:
    h = holdem(FOUR[:3], HOLES[:3], structure=LIMIT)
    act(h, 3, "raise", 400)
    act(h, 1, "raise", 600)
    act(h, 2, "raise", 800)  # capped with three players in
    act(h, 3, "fold")        # now heads-up, but the round was capped before
    assert "raise" not in kinds(h, 1)
    # Without the exception flag the cap holds heads-up too.
    plain = Structure("fixed-limit", 100, 200, bets=(200, 200, 400, 400), raise_cap=3, cap_heads_up=False)
    h = holdem(FOUR[:2], HOLES[:2], structure=plain)
    act(h, 2, "raise", 400)
    act(h, 1, "raise", 600)
    act(h, 2, "raise", 800)
    assert "raise" not in kinds(h, 1)


def test_limit_all_in_of_half_a_bet_counts_as_a_raise_and_reopens_D403() -> None:
    h = holdem([(1, 100000), (2, 100000), (3, 100000), (4, 300)], HOLES, structure=LIMIT)
    act(h, 3, "call")
    act(h, 4, "raise", 300)          # all-in $3 over the $2: half a bet, counts as a raise
    assert h.raises == 2
    act(h, 1, "call")
    act(h, 2, "call")
    assert kinds(h, 3)["raise"] == (500, 500)  # seat 3 already acted, and may raise again
    h = holdem([(1, 100000), (2, 100000), (3, 100000), (4, 290)], HOLES, structure=LIMIT)
    act(h, 3, "call")
    act(h, 4, "raise", 290)          # 90 cents more: less than half a bet
    act(h, 1, "call")
    act(h, 2, "call")
    assert "raise" not in kinds(h, 3)


def test_spread_limit_bets_anything_between_the_two_figures_D426() -> None:
    spread = Structure("spread-limit", 100, 200, spread=(200, 1000), raise_cap=3, cap_heads_up=True)
    h = holdem(FOUR, HOLES, structure=spread)
    assert kinds(h, 3)["raise"] == (400, 1200)  # raise by $2 to $10
    act(h, 3, "raise", 900)                     # raised by $7
    assert kinds(h, 4)["raise"] == (1600, 1900)  # a raise at least the previous raise
    with pytest.raises(IllegalAction):
        act(h, 4, "raise", 2000)


def test_pot_limit_maximum_raise_is_the_pot_after_the_call_D429() -> None:
    pl = Structure("pot-limit", 100, 200, min_bet=200)
    h = holdem(FOUR, HOLES, structure=pl)
    assert kinds(h, 3)["raise"] == (400, 700)   # call $2, pot $5, raise $5 more: to $7
    act(h, 3, "raise", 700)
    assert kinds(h, 4)["raise"] == (1200, 2400)  # call $7: pot $17, raise to $24
    act(h, 4, "call")
    act(h, 1, "call")
    act(h, 2, "call")
    assert kinds(h, 1)["bet"] == (200, 2800)    # the pot is $28


def test_c002_no_limit_opens_for_the_sum_of_the_blinds_D404() -> None:
    st = Structure("no-limit", 100, 200, min_bet=200, open_blinds_sum=True)
    h = holdem(FOUR, HOLES, structure=st)
    assert "call" not in kinds(h, 3) and kinds(h, 3)["raise"][0] == 300  # no limping: open to $3
    act(h, 3, "raise", 300)
    assert kinds(h, 4)["call"] == (300, 300)
    assert kinds(h, 4)["raise"][0] == 500       # D-404's example: re-raise to $5 or more


def test_lucky_derby_nl100_raises_at_most_200_dollars_D423() -> None:
    st = from_rules({"structure": "no-limit", "blinds": [100, 300], "min_bet": 300, "max_raise": 20000,
                     "raise_cap": -1})
    h = holdem([(1, 100000), (2, 100000), (3, 100000)], HOLES[:3], structure=st)
    assert kinds(h, 3)["raise"] == (600, 20300)
    act(h, 3, "raise", 20300)
    assert kinds(h, 1)["raise"] == (40300, 40300)
    assert from_rules({"structure": "fixed-limit", "blinds": [300, 800], "bets": [800, 1600]}).bets == \
        (800, 800, 1600, 1600)


def test_a_live_straddle_acts_last_and_sets_the_minimum_raise_D414() -> None:
    forced = [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200), Forced(3, "straddle", 400)]
    h = holdem(FOUR, HOLES, forced=forced)
    assert to_act(h) == 4
    assert kinds(h, 4)["call"] == (400, 400) and kinds(h, 4)["raise"][0] == 800
    act(h, 4, "call")
    act(h, 1, "call")
    act(h, 2, "call")
    assert to_act(h) == 3 and "check" in kinds(h, 3)


def test_a_limit_straddle_allows_one_more_raise_D414() -> None:
    forced = [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200), Forced(3, "straddle", 400)]
    h = holdem(FOUR, HOLES, structure=LIMIT, forced=forced)
    act(h, 4, "raise", 600)
    act(h, 1, "raise", 800)
    assert "raise" in kinds(h, 2)  # a bet and four raises after the straddle
    act(h, 2, "raise", 1000)
    assert "raise" not in kinds(h, 3)


def test_a_dead_small_blind_goes_in_the_pot_but_does_not_count_toward_the_call_D413() -> None:
    forced = [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200),
              Forced(4, "big-blind", 200), Forced(4, "dead", 100, live=False)]
    h = holdem(FOUR, HOLES, forced=forced)
    assert to_act(h) == 3
    act(h, 3, "call")
    assert "check" in kinds(h, 4)   # the posted big blind is live: seat 4 may check
    act(h, 4, "check")
    act(h, 1, "call")
    act(h, 2, "check")
    assert contributed(h) == {1: 200, 2: 200, 3: 200, 4: 300}


def test_a_bomb_pot_skips_the_pre_flop_betting_D456() -> None:
    forced = [Forced(s, "bomb", 500) for s in (1, 2, 3)]
    h = holdem(FOUR[:3], HOLES[:3], forced=forced, board="Qh9c5d3h8s")
    assert h.street == 1 and h.boards[0] == ["Qh", "9c", "5d"]
    assert to_act(h) == 1 and kinds(h, 1)["bet"][0] == 200
    for seat in (1, 2, 3):
        act(h, seat, "check")
    assert h.street == 2


def test_everyone_all_in_on_the_blinds_runs_the_board_out() -> None:
    h = holdem([(1, 100), (2, 150)], ["AsAd", "KsKd"], board="2c3h9d7s8c")
    # seat 2 is the button: small blind $1 of $1.50; seat 1 the big blind all-in for $1.
    assert to_act(h) == 2
    act(h, 2, "call")
    awards = showdown(h, 0)
    assert awards[0].winners == {1: 200} and contributed(h) == {1: 100, 2: 100}


def test_a_kill_blind_raises_the_limits_and_acts_last_D427() -> None:
    kill = scaled(LIMIT, 2, 1)  # a full kill: limits doubled
    assert (kill.small_blind, kill.big_blind, kill.bets) == (200, 400, (400, 400, 800, 800))
    assert scaled(LIMIT, 3, 2).bets == (300, 300, 600, 600)  # a half kill
    forced = [Forced(1, "small-blind", 200), Forced(2, "big-blind", 400), Forced(4, "kill", 800)]
    h = holdem(FOUR, HOLES, structure=kill, forced=forced)
    assert to_act(h) == 1  # the action starts left of the kill blind, which acts last
    assert kinds(h, 1)["call"] == (600, 600) and kinds(h, 1)["raise"] == (1200, 1200)
    act(h, 1, "call")
    act(h, 2, "call")
    act(h, 3, "call")
    assert to_act(h) == 4 and "check" in kinds(h, 4)


def test_a_timeout_checks_if_free_else_folds_D416() -> None:
    h = holdem(FOUR, HOLES)
    assert timeout_action(h, 3) == ("fold", 0, "")
    act(h, 3, "call")
    act(h, 4, "call")
    act(h, 1, "call")
    assert timeout_action(h, 2) == ("check", 0, "")
    with pytest.raises(IllegalAction):
        timeout_action(h, 1)


def test_spread_limit_all_in_of_half_a_raise_counts_and_reopens_D403() -> None:
    spread = Structure("spread-limit", 100, 200, spread=(200, 1000), raise_cap=3, cap_heads_up=True)
    h = holdem([(1, 100000), (2, 100000), (3, 100000), (4, 1000)], HOLES, structure=spread)
    act(h, 3, "raise", 800)     # raised by $6: a full raise is now $6
    act(h, 4, "raise", 1000)    # all-in $2 more: less than half of $6, not a raise
    assert h.raises == 2
    act(h, 1, "call")
    act(h, 2, "call")
    assert "raise" not in kinds(h, 3)
    h = holdem([(1, 100000), (2, 100000), (3, 100000), (4, 1100)], HOLES, structure=spread)
    act(h, 3, "raise", 800)
    act(h, 4, "raise", 1100)    # $3 more: half of $6, counts and reopens
    assert h.raises == 3
    act(h, 1, "call")
    act(h, 2, "call")
    assert kinds(h, 3)["raise"][0] == 1700


def test_a_dead_small_blind_stays_in_the_main_pot_when_its_poster_is_all_in_D413() -> None:
    # Seat 4 owes both blinds: $2 live, $1 dead, and moves all-in for $10 in all ($9 live).
    # Seat 3 calls $9; the dead dollar goes to the main pot, not back to seat 4 as a side pot.
    forced = [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200),
              Forced(4, "big-blind", 200), Forced(4, "dead", 100, live=False)]
    h = holdem([(1, 10000), (2, 10000), (3, 10000), (4, 1000)], ["2c3d", "4c5d", "AsAd", "KsKd"],
               forced=forced, board="7h8s9dJcQh")
    act(h, 3, "call")
    act(h, 4, "raise", 900)
    act(h, 1, "fold")
    act(h, 2, "fold")
    act(h, 3, "call")
    assert is_over(h)
    awards = showdown(h, 0)
    assert [(a.pot, a.amount, a.winners) for a in awards] == [(0, 2200, {3: 2200})]


def test_a_spread_limit_raise_pre_flop_is_at_least_the_big_blind_D426() -> None:
    spread = Structure("spread-limit", 100, 200, spread=(100, 400), raise_cap=3, cap_heads_up=True)
    h = holdem(FOUR, HOLES, structure=spread)
    assert kinds(h, 3)["raise"] == (400, 600)
