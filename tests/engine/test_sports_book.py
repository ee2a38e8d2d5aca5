"""The sports book's rules (000 §27, D-401): exact American odds, spreads with half points and
pushes, totals, parlays reduced by pushed and cancelled legs, limits and posted terms."""

from __future__ import annotations

from fractions import Fraction

import pytest

from webgame.games.sports import (
    Leg,
    Offer,
    Refused,
    check_ticket,
    decimal,
    describe,
    exposure,
    fmt_decimal,
    fmt_line,
    grade,
    load_rules,
    parse_american,
    parse_line,
    potential_return,
    settle,
)

RULES = load_rules()


def ml(event: int, side: str, odds: int) -> Leg:
    return Leg(event, "moneyline", side, odds)


def spread(event: int, side: str, line: str, odds: int = -110) -> Leg:
    return Leg(event, "spread", side, odds, parse_line(line))


def total(event: int, side: str, line: str, odds: int = -110) -> Leg:
    return Leg(event, "total", side, odds, parse_line(line))


# --- odds -------------------------------------------------------------------------------
def test_minus_110_pays_100_for_110_exactly_truncated_to_the_cent():
    # D-401 / D-001: 1 + 100/110, never 1.91; $21 wins 19.0909… → $19.09 (D-002).
    assert decimal(-110) == Fraction(21, 11)
    assert potential_return(2100, [ml(1, "home", -110)]) == 2100 + 1909
    # A rounded 1.91 would pay $40.11 here; the exact fraction pays $40.09.
    assert potential_return(2100, [ml(1, "home", -110)]) != int(2100 * 1.91)


def test_plus_150_wins_one_and_a_half_times_the_stake():
    assert potential_return(1000, [ml(1, "away", 150)]) == 2500


def test_a_parlay_multiplies_exact_fractions_and_truncates_once():
    legs = [ml(1, "home", -110), ml(2, "home", -110)]
    # (21/11)^2 × $10 = $36.4462… → $36.44; two rounded 1.91s would give $36.48.
    assert potential_return(1000, legs) == 3644


def test_american_odds_are_read_and_refused_in_words():
    assert parse_american("-110") == -110
    assert parse_american("+150") == 150
    assert parse_american("even") == 100
    for bad in ("-99", "abc", "", "1.91"):
        with pytest.raises(ValueError):
            parse_american(bad)
    assert fmt_decimal(-110) == "1.91"  # 1.909… shown to two places, never used to pay


def test_lines_are_half_points():
    assert parse_line("-3.5") == -7
    assert parse_line("47") == 94
    assert fmt_line(-7) == "-3.5" and fmt_line(6) == "+3" and fmt_line(0) == "PK"
    with pytest.raises(ValueError):
        parse_line("3.25")


# --- grading ----------------------------------------------------------------------------
def test_the_favourite_must_cover_a_half_point_spread():
    lions = spread(1, "home", "-3.5")
    assert grade(lions, 24, 20, RULES) == "win"
    assert grade(lions, 23, 20, RULES) == "lose"
    assert grade(spread(1, "away", "+3.5"), 23, 20, RULES) == "win"


def test_a_spread_landing_exactly_pushes_and_refunds():
    lions = spread(1, "home", "-3")
    assert grade(lions, 23, 20, RULES) == "push"
    assert settle(1100, [(lions, "push")]).returned == 1100
    assert settle(1100, [(lions, "push")]).result == "refunded"


def test_totals_over_under_and_push():
    assert grade(total(1, "over", "47.5"), 24, 24, RULES) == "win"
    assert grade(total(1, "under", "47.5"), 24, 24, RULES) == "lose"
    assert grade(total(1, "over", "48"), 24, 24, RULES) == "push"
    assert grade(total(1, "under", "48"), 20, 24, RULES) == "win"


def test_money_line_winner_and_a_tie_pushes():
    assert grade(ml(1, "home", -150), 2, 1, RULES) == "win"
    assert grade(ml(1, "away", 130), 2, 1, RULES) == "lose"
    assert grade(ml(1, "away", 130), 1, 1, RULES) == "push"


# --- settlement -------------------------------------------------------------------------
def test_a_won_straight_returns_stake_and_exact_win():
    leg = spread(1, "home", "-3.5")
    assert settle(2100, [(leg, "win")]).returned == 4009
    assert settle(2100, [(leg, "lose")]).returned == 0


def test_a_cancelled_event_refunds_a_straight_wager():
    # 000 s.1421: "straight wagers being refunded".
    result = settle(5000, [(ml(1, "home", 200), "void")])
    assert (result.result, result.returned) == ("refunded", 5000)


def test_a_parlay_with_a_cancelled_leg_drops_to_the_next_lower_number():
    # 000 s.1421: "Parlays … will reduce to the next lower number of selections" (D-401).
    legs = [ml(1, "home", 100), ml(2, "home", 100), ml(3, "home", -110)]
    result = settle(1000, [(legs[0], "win"), (legs[1], "void"), (legs[2], "win")])
    assert result.live_legs == 2
    assert result.returned == potential_return(1000, [legs[0], legs[2]]) == 3818  # 2 × 21/11 × $10


def test_a_parlay_reduced_to_one_leg_is_a_straight_bet_and_to_none_a_refund():
    a, b = ml(1, "home", 150), spread(2, "home", "-3")
    assert settle(1000, [(a, "win"), (b, "push")]).returned == 2500
    assert settle(1000, [(a, "void"), (b, "push")]).returned == 1000


def test_one_losing_leg_loses_the_parlay_whatever_the_others():
    a, b = ml(1, "home", 150), ml(2, "home", 150)
    assert settle(1000, [(a, "lose"), (b, "void")]).returned == 0
    assert settle(1000, [(a, "lose"), (b, "win")]).result == "lost"


# --- acceptance: posted terms and limits ------------------------------------------------
def board(*legs: Leg, open_: bool = True, market_max: int = 50000) -> dict[tuple[int, str, str], Offer]:
    return {(leg.event_id, leg.market, leg.side): Offer(leg, open_, market_max) for leg in legs}


def test_a_wager_over_the_limit_is_refused():
    leg = ml(1, "home", -110)
    with pytest.raises(Refused, match=r"maximum wager is \$500"):
        check_ticket(50001, [leg], board(leg), RULES)
    assert check_ticket(50000, [leg], board(leg), RULES) == potential_return(50000, [leg])


def test_a_market_limit_and_a_player_limit_bind_below_the_ticket_limit():
    leg = ml(1, "home", -110)
    with pytest.raises(Refused, match=r"this market takes .* \$100"):
        check_ticket(10100, [leg], board(leg, market_max=10000), RULES)
    with pytest.raises(Refused, match=r"limits your wagers to \$20"):
        check_ticket(2100, [leg], board(leg), RULES, player_max=2000)
    with pytest.raises(Refused, match="does not take wagers"):
        check_ticket(500, [leg], board(leg), RULES, player_max=0)


def test_a_wager_below_the_minimum_is_refused():
    leg = ml(1, "home", -110)
    with pytest.raises(Refused, match="minimum"):
        check_ticket(499, [leg], board(leg), RULES)


def test_a_closed_event_takes_no_ticket():
    leg = ml(1, "home", -110)
    with pytest.raises(Refused, match="closed"):
        check_ticket(1000, [leg], board(leg, open_=False), RULES)


def test_only_the_posted_terms_are_accepted():
    # 000 s.1416: wagers on currently posted terms; a moved line must be confirmed again.
    posted = spread(1, "home", "-3.5", -110)
    with pytest.raises(Refused, match="moved"):
        check_ticket(1000, [spread(1, "home", "-3", -110)], board(posted), RULES)
    with pytest.raises(Refused, match="moved"):
        check_ticket(1000, [spread(1, "home", "-3.5", -105)], board(posted), RULES)
    with pytest.raises(Refused, match="not on the board"):
        check_ticket(1000, [total(1, "over", "40")], board(posted), RULES)


def test_parlay_legs_on_one_event_and_too_many_legs_are_refused():
    a, b = ml(1, "home", -110), total(1, "over", "47.5")
    with pytest.raises(Refused, match="different events"):
        check_ticket(1000, [a, b], board(a, b), RULES)
    legs = [ml(i, "home", -110) for i in range(11)]
    with pytest.raises(Refused, match="2 to 10"):
        check_ticket(1000, legs, board(*legs), RULES)
    assert check_ticket(500, legs[:10], board(*legs), RULES) > 0


def test_a_ticket_whose_return_passes_the_payout_limit_is_refused():
    legs = [ml(i, "home", 1000) for i in range(4)]  # 11^4 = 14,641 for 1
    with pytest.raises(Refused, match="most a ticket may return"):
        check_ticket(500, legs, board(*legs), RULES)


def test_exposure_counts_each_open_ticket_on_every_leg():
    a, b = ml(1, "home", -110), ml(2, "away", 100)
    book = exposure([(1100, [a]), (1000, [a, b])])
    assert book[(1, "moneyline", "home")] == 1000 + (potential_return(1000, [a, b]) - 1000)
    assert book[(2, "moneyline", "away")] == potential_return(1000, [a, b]) - 1000


def test_selections_read_as_the_book_writes_them():
    assert describe(spread(1, "home", "-3.5"), "Lions", "Bears") == "Lions -3.5"
    assert describe(total(1, "under", "47"), "Lions", "Bears") == "Under 47"
    assert describe(ml(1, "away", 120), "Lions", "Bears") == "Bears money line"
