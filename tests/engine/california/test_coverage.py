"""Settling within the player-dealer's stake (D-465, D-466, D-467, D-473, D-121)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webgame.engine.protocol import Refund, Settlement
from webgame.games.california.action import Layout, by_count, settlement_order
from webgame.games.california.coverage import (
    BANK_BET,
    Outcome,
    in_settlement_order,
    settle,
)
from webgame.games.california.editions import edition

PD = 3


def test_bank_runs_out_mid_settlement() -> None:
    # UTH, action seat 5, clockwise: 5, 6, 1, 2; the P/D posted $100
    hand = [
        Outcome(5, 5, "ante", 3000, +3000),
        Outcome(5, 5, "trips", 1000, -1000),
        Outcome(6, 6, "ante", 5000, +5000),
        Outcome(1, 1, "ante", 4000, +4000),   # $10 of action left: paid $10 of $40 (D-466)
        Outcome(2, 2, "ante", 2000, -2000),   # no action: back whole
        Outcome(2, 2, "blind", 2000, 0),
    ]
    cover = settle(10000, PD, hand)
    assert [(s.seat, s.bet, s.returned, s.result) for s in cover.settlements] == [
        (5, "ante", 6000, "win"), (5, "trips", 0, "lose"), (6, "ante", 10000, "win"), (1, "ante", 5000, "win")]
    assert "ran out" in cover.settlements[-1].detail
    assert cover.no_action == (Refund(2, "ante", 2000), Refund(2, "blind", 2000))
    assert (cover.collected, cover.paid, cover.action_left) == (1000, 9000, 0)
    assert cover.player_dealer == Settlement(PD, BANK_BET, 10000, 2000, "lose", "Collected $10, paid $90")


def test_bank_that_would_win_more_than_its_stake_wins_exactly_its_stake() -> None:
    hand = [Outcome(s, s, "ante", 6000, -6000) for s in (4, 5, 6)]
    cover = settle(10000, PD, hand)
    assert [(s.seat, s.returned) for s in cover.settlements] == [(4, 0), (5, 2000)]  # $40 of $60 collected
    assert cover.no_action == (Refund(6, "ante", 6000),)
    assert cover.player_dealer.returned == 20000 and cover.player_dealer.net == 10000


def test_winnings_collected_never_pay_a_later_bet() -> None:  # c002 s.767-776
    hand = [Outcome(1, 1, "main", 5000, -5000), Outcome(2, 2, "main", 10000, +10000)]
    cover = settle(10000, PD, hand)
    assert cover.settlements[1].returned == 10000 + 5000  # only the $50 of action left
    assert cover.player_dealer.returned == 10000


def test_pushes_use_no_action() -> None:
    cover = settle(1000, PD, [Outcome(1, 1, "main", 5000, 0), Outcome(2, 2, "main", 1000, +1000)])
    assert [s.result for s in cover.settlements] == ["push", "win"] and cover.no_action == ()


def test_award_without_a_stake_uses_action_and_may_go_unpaid() -> None:  # Envy, D-465
    hand = [Outcome(1, 1, "main", 4000, +4000), Outcome(1, 1, "envy", 0, +2500), Outcome(2, 2, "envy", 0, +5000)]
    cover = settle(5000, PD, hand)
    assert cover.settlements[1].returned == 1000
    assert [o.seat for o in cover.unpaid] == [2] and cover.no_action == ()


def test_bank_that_covers_everything_settles_every_bet() -> None:
    hand = [Outcome(1, 1, "main", 1000, +1000), Outcome(2, 2, "main", 1000, -1000)]
    cover = settle(100000, PD, hand)
    assert len(cover.settlements) == 2 and cover.action_left == 100000 - 2000
    assert cover.player_dealer.result == "push" and cover.player_dealer.returned == 100000


@given(stake=st.integers(1, 50000),
       bets=st.lists(st.tuples(st.integers(0, 5000), st.integers(-3, 3)), max_size=12))
def test_the_bank_never_wins_or_loses_more_than_its_stake(stake: int, bets: list[tuple[int, int]]) -> None:
    hand = [Outcome(i + 1, i + 1, "main", amount, amount * sign)
            for i, (amount, sign) in enumerate(bets)]
    cover = settle(stake, PD, hand)
    players = sum(s.net for s in cover.settlements)
    assert players + cover.player_dealer.net == 0  # every cent a player wins the bank pays
    assert -stake <= cover.player_dealer.net <= stake
    assert cover.collected + cover.paid <= stake
    assert len(cover.settlements) + len(cover.no_action) + len(cover.unpaid) == len(
        [o for o in hand if o.stake or o.player_net > 0])


# ---- the order (D-467, D-473, D-121)

def test_seats_from_the_action_seat_then_wagers_in_the_games_order_backline_after_seat() -> None:
    ed = edition("ultimate-texas-holdem@lucky-derby")
    hand = [Outcome(1, 1, "uth-trips", 500, -500), Outcome(5, 2, "ante", 1000, 1000), Outcome(1, 1, "ante", 1000, 0),
            Outcome(5, 5, "blind", 1000, 0), Outcome(5, 5, "ante", 1000, 1000), Outcome(1, 1, "play", 2000, -2000)]
    ordered = in_settlement_order(hand, [5, 6, 1], ed.wager_order, ed.settle_by)
    assert [(o.circle, o.seat, o.bet) for o in ordered] == [
        (5, 5, "ante"), (5, 2, "ante"), (5, 5, "blind"), (1, 1, "ante"), (1, 1, "play"), (1, 1, "uth-trips")]


def test_no_bust_settles_every_base_wager_then_every_buster() -> None:  # 001 s.1561, D-121
    ed = edition("no-bust-21st-century-blackjack@buster-4.0")
    hand = [Outcome(s, s, bet, 1000, 0) for s in (2, 6) for bet in ("main", "buster-blackjack")]
    hand.append(Outcome(6, 6, "main/split1", 1000, 0))
    ordered = in_settlement_order(hand, [6, 2], ed.wager_order, ed.settle_by)
    assert [(o.circle, o.bet) for o in ordered] == [
        (6, "main"), (6, "main/split1"), (2, "main"), (6, "buster-blackjack"), (2, "buster-blackjack")]


def test_a_kind_with_a_star_settles_a_hands_added_wagers_after_the_next_kind() -> None:
    """003 s.2839: 21st Century Free Bet settles the base wager, then Push 22, then the Free
    Double or Free Split ("main/*")."""
    ed = edition("21st-century-free-bet-blackjack@crystal-park")
    hand = [Outcome(3, 3, bet, 1000, 0) for bet in ("main/double", "main/2", "push-22", "main")]
    ordered = in_settlement_order(hand, [3], ed.wager_order, ed.settle_by)
    assert [o.bet for o in ordered] == ["main", "push-22", "main/double", "main/2"]


def test_pai_gow_hand_from_the_dice_to_the_money() -> None:
    ed = edition("pai-gow-poker@lucky-derby")
    layout = Layout(7, PD, frozenset({1, 2, 5, 6}))
    action = by_count(layout, 11, ed.action.direction)  # 11: position 4 from the bank in seat 3 = seat 6
    assert action.seat == 6
    seats = settlement_order(layout, 6, ed.action.settle)
    hand = in_settlement_order([Outcome(s, s, "main", 5000, +5000 if s % 2 else -5000) for s in (1, 2, 5, 6)],
                               seats, ed.wager_order)
    cover = settle(10000, PD, hand)  # $50 collected from seat 6, $50 paid to seat 1: spent
    assert [(s.seat, s.result) for s in cover.settlements] == [(6, "lose"), (1, "win")]
    assert cover.no_action == (Refund(2, "main", 5000), Refund(5, "main", 5000))
