"""Caribbean Stud Poker hand by hand from stacked decks: the ace-king qualifier, Ante and
Bet, every line of the bonus schedule, the cap on the lines marked *, and the progressive
meter: contributions, fixed and percentage awards, the seat order of several winners, the
reset to the seed and the payout log (004 s.730-782; D-312 … D-320, D-519, D-520)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from tests.carnival_support import (
    act,
    check_money,
    check_views,
    nets,
    random_round,
    rules_for,
    settlements,
    stacked_round,
)
from webgame.engine.protocol import SYSTEM_SEAT, IllegalAction, MeterMove, Stake
from webgame.engine.rng import SeededRng
from webgame.games.carnival import CARIBBEAN_STUD as CSP

SEED = 1_000_000


def csp_round(hands: Sequence[str], dealer: str, bets: Mapping[int, Mapping[str, int]] | None = None, *,
              meter: int | None = SEED, owners=None, options=None, limits=None):
    """Five cards each, one at a time from the dealer's left, the dealer last in each turn
    (D-312); the dealer's fifth card is the one face up."""
    split = [h.split() for h in hands]
    d = dealer.split()
    order = [c for i in range(5) for c in [*(h[i] for h in split), d[i]]]
    rules = rules_for("caribbean-stud", "chapter4", options=options, limits=limits,
                      meters=None if meter is None else {"caribbean-progressive": meter})
    bets = bets if bets is not None else {n: {"ante": 1000} for n in range(len(hands))}
    return stacked_round(CSP, rules, order, bets, owners=owners)


def play_all(state, events):
    for n in list(CSP.undecided(state)):
        events += act(CSP, state, "play", n)
    return events


def meter_moves(events):
    return [(e.amount, e.direction) for e in events if isinstance(e, MeterMove)]


# ---------------------------------------------------------------------------------------
# The deal, the qualifier, Ante and Bet
# ---------------------------------------------------------------------------------------
def test_five_cards_each_and_one_dealer_card_up_D312():
    state, _ = csp_round(["As Kd 9c 7h 2s"], "Qh Jc 8d 5s 3h")
    assert state.seats[0].cards == ["As", "Kd", "9c", "7h", "2s"]
    assert state.dealer == ["Qh", "Jc", "8d", "5s", "3h"]
    view = CSP.view(state, 0)
    assert view["dealer"]["cards"] == [None, None, None, None, "3h"]
    assert [lg.kind for lg in CSP.legal_actions(state, 0)] == ["play", "fold"]


def test_dealer_below_ace_king_pays_the_ante_and_pushes_the_bet_004_s738_D313():
    state, events = csp_round(["2s 2d 9c 7h 4s"], "Ah Qc 8d 5s 3h")
    events = play_all(state, events)
    assert nets(events) == {"ante": 1000, "bet": 0}
    assert settlements(events)[(0, "bet")].result == "push"
    assert CSP.view(state, None)["dealer"]["qualifies"] is False


@pytest.mark.parametrize(("dealer", "plays"), [
    ("Ah Kc 4d 3s 2h", True), ("Ah Qc Jd 9s 8h", False), ("2h 2c 5d 7s 9h", True), ("Kh Qc Jd 9s 7h", False),
])
def test_the_dealer_qualifies_with_ace_king_or_any_pair_D520(dealer, plays):
    state, events = csp_round(["Ts Td Tc 6h 6s"], dealer)
    events = play_all(state, events)
    assert nets(events) == ({"ante": 1000, "bet": 2000 * 7} if plays else {"ante": 1000, "bet": 0})


@pytest.mark.parametrize(("player", "line_odds"), [
    ("As Ks Qs Js Ts", 100), ("9h 8h 7h 6h 5h", 50), ("9c 9d 9h 9s 2c", 20), ("9c 9d 9h 4s 4c", 7),
    ("2h 7h 9h Jh Kh", 5), ("Ac 2d 3h 4s 5c", 4), ("7c 7d 7h Ks 2c", 3), ("7c 7d 2h 2s Kh", 2),
    ("Qc Qd 2h 5s 8c", 1), ("Ac Kd 9h 6s 5c", 1),  # a winning ace-king high pays the Bet 1 to 1 (D-314)
])
def test_every_line_of_the_bonus_schedule_pays_the_bet_only_D314(player, line_odds):
    state, events = csp_round([player], "Ad Kc 8d 4d 3c")  # a qualified dealer with A-K-8
    events = play_all(state, events)
    assert nets(events) == {"ante": 1000, "bet": 2000 * line_odds}


def test_identical_hands_push_and_a_higher_dealer_takes_both_D313():
    state, events = csp_round(["Ac Kd 9h 6s 5c"], "Ad Kh 9d 6c 5h")
    events = play_all(state, events)
    assert nets(events) == {"ante": 0, "bet": 0}
    state, events = csp_round(["Ac Kd 9h 6s 4c"], "Ad Kh 9d 6c 5h")
    events = play_all(state, events)
    assert nets(events) == {"ante": -1000, "bet": -2000}


def test_the_bet_is_exactly_double_the_ante_004_s737():
    state, _ = csp_round(["Ac Kd 9h 6s 4c"], "Ad Kh 9d 6c 5h", bets={0: {"ante": 1500}})
    assert CSP.legal_actions(state, 0)[0].min == CSP.legal_actions(state, 0)[0].max == 3000
    with pytest.raises(IllegalAction, match="exactly 2 times the Ante"):
        act(CSP, state, "play", 0, amount=1500)
    assert Stake(0, "bet", 3000) in act(CSP, state, "play", 0, amount=3000)


def test_a_fold_forfeits_the_ante_and_the_progressive_D316():
    state, events = csp_round(["Ac Qd 9h 6s 4c"], "2d 3h 9d 6c 5h", bets={0: {"ante": 1000, "progressive": 100}})
    events += act(CSP, state, "fold", 0)
    assert nets(events) == {"ante": -1000, "progressive": -100}
    assert CSP.view(state, None)["seats"][0]["cards"] == [None] * 5  # a folded hand is never shown


# ---------------------------------------------------------------------------------------
# The cap on the lines marked * (004 s.769, D-315)
# ---------------------------------------------------------------------------------------
def test_only_the_starred_lines_are_capped_at_the_tables_maximum_payout():
    limits = {"ante": {"min": 500, "max": 1_000_000}}
    # Trips: $20,000 Bet x 3 = $60,000, cut to $25,000; the Ante's win is not capped.
    state, events = csp_round(["7c 7d 7h Ks 2c"], "Ad Kh 8d 4c 3h", bets={0: {"ante": 1_000_000}}, limits=limits)
    events = play_all(state, events)
    got = settlements(events)
    assert (got[(0, "bet")].net, got[(0, "ante")].net) == (2_500_000, 1_000_000)
    assert "004 s.769" in got[(0, "bet")].detail
    # Two pair is not a * line: $20,000 x 2 = $40,000 is paid in full.
    state, events = csp_round(["7c 7d 2h 2s Kc"], "Ad Kh 8d 4c 3h", bets={0: {"ante": 1_000_000}}, limits=limits)
    events = play_all(state, events)
    assert nets(events) == {"ante": 1_000_000, "bet": 4_000_000}


def test_the_cap_is_per_hand_and_configurable():
    state, events = csp_round(["As Ks Qs Js Ts"], "Ad Kh 8d 4c 3h", bets={0: {"ante": 50000}},
                              options={"table_max_payout": 10_000_000})
    events = play_all(state, events)
    assert nets(events)["bet"] == 10_000_000  # $1,000 x 100 = $100,000: exactly the $100,000 cap


# ---------------------------------------------------------------------------------------
# The progressive (004 s.736-778; D-316 … D-319)
# ---------------------------------------------------------------------------------------
def test_each_progressive_wager_funds_the_meter_when_betting_closes_D317_D319():
    state, events = csp_round(["Ac Qd 9h 6s 4c", "2c 3d 5h 8s Jc", "4h 6d 8c Ts Qc"], "2d 3h 9d 6c 5d",
                              bets={0: {"ante": 1000, "progressive": 100}, 1: {"ante": 1000},
                                    2: {"ante": 1000, "progressive": 100}})
    assert meter_moves(events) == [(50, "in"), (50, "in")]
    assert state.meter == SEED + 100 and CSP.view(state, None)["progressive"]["meter"] == SEED + 100


def test_the_progressive_needs_an_ante_and_is_exactly_one_dollar_D519_D317():
    state = CSP.new_round(rules_for("caribbean-stud", "chapter4"), SeededRng(1), None)
    with pytest.raises(IllegalAction, match="needs a wager on the Ante"):
        act(CSP, state, "bet", 0, "progressive", 100)
    act(CSP, state, "bet", 0, "ante", 500)
    assert act(CSP, state, "bet", 0, "progressive", 500) == [Stake(0, "progressive", 100)]  # exactly $1
    with pytest.raises(IllegalAction, match="already on"):
        act(CSP, state, "bet", 0, "progressive", 100)
    assert state.meter == SEED  # a new meter starts at its seed (004 s.752)


@pytest.mark.parametrize(("player", "award"), [
    ("2h 7h 9h Jh Kh", 5000), ("9c 9d 9h 4s 4c", 10000), ("9c 9d 9h 9s 2c", 50000),
    ("9h 8h 7h 6h 5h", (3 * SEED + 50) // 10), ("As Ks Qs Js Ts", 3 * SEED + 50), ("Ac Kd 9h 6s 5c", 0),
])
def test_progressive_awards_whatever_the_dealer_holds_004_s771(player, award):
    for dealer in ("2d 3c 9d 6c 5d", "Ad Ah Ac Kh Kc"):  # a dealer who does not qualify, and one who wins
        if set(player.split()) & set(dealer.split()):
            continue
        state, events = csp_round([player], dealer, bets={0: {"ante": 1000, "progressive": 100}}, meter=3 * SEED)
        events = play_all(state, events)
        got = settlements(events)[(0, "progressive")]
        assert got.returned == (100 + award if award else 0)
        check_money(CSP, events, state)


def test_a_royal_flush_takes_the_whole_meter_and_resets_it_to_the_seed_004_s750():
    state, events = csp_round(["As Ks Qs Js Ts"], "2d 3c 9d 6c 5d", bets={0: {"ante": 1000, "progressive": 100}},
                              meter=2_345_600)
    events = play_all(state, events)
    assert settlements(events)[(0, "progressive")].net == 2_345_650
    assert meter_moves(events) == [(50, "in"), (2_345_650, "out"), (SEED, "in")]
    assert state.meter == SEED
    (entry,) = CSP.view(state, None)["progressive"]["log"]
    assert entry["cards"] == ["As", "Ks", "Qs", "Js", "Ts"] and entry["award"] == 2_345_650
    assert (entry["meter_before"], entry["meter_after"], entry["reset"]) == (2_345_650, SEED, True)


def test_a_fixed_award_never_takes_the_meter_below_the_seed_D318():
    state, events = csp_round(["9c 9d 9h 9s 2c"], "2d 3c 8d 6c 5d", bets={0: {"ante": 1000, "progressive": 100}},
                              meter=SEED + 20_000)
    events = play_all(state, events)
    assert settlements(events)[(0, "progressive")].net == 50_000  # paid in full
    assert meter_moves(events) == [(50, "in"), (20_050, "out")]    # the house funds the other $299.50
    assert state.meter == SEED
    assert state.meter_log[0]["house_paid"] == 50_000 - 20_050


def test_several_winners_are_paid_from_the_dealers_right_on_the_meter_as_it_stands_D318():
    hands = ["9h 8h 7h 6h 5h", "2h 7d 9c Jd Kh", "As Ks Qs Js Ts"]  # straight flush, nothing, royal flush
    state, events = csp_round(hands, "2d 3c 8d 6c 5d", meter=3 * SEED,
                              bets={n: {"ante": 1000, "progressive": 100} for n in range(3)})
    events = play_all(state, events)
    got = settlements(events)
    # Spot 3 (nearer the dealer's right) takes the whole meter first; the meter resets to the
    # seed; then spot 1's straight flush takes 10 % of the seed.
    assert got[(2, "progressive")].net == 3 * SEED + 150
    assert got[(0, "progressive")].net == SEED // 10
    assert [e["seat"] for e in state.meter_log] == [2, 0]
    assert state.meter == SEED  # 10 % of the seed would take it below the seed: the house pays it
    check_money(CSP, events, state)


def test_folding_a_progressive_winner_needs_confirming_D316():
    state, events = csp_round(["2h 7h 9h Jh Kh"], "Ad Kc 8d 4c 3h", bets={0: {"ante": 1000, "progressive": 100}})
    legal = CSP.legal_actions(state, 0)
    assert [(lg.kind, lg.spot) for lg in legal] == [("play", ""), ("fold", "confirm")]
    assert "$50 progressive award" in legal[1].label
    with pytest.raises(IllegalAction, match="choose 'Fold anyway'"):
        act(CSP, state, "fold", 0)
    assert CSP.bot_action(state, 0).kind == "play"
    events += act(CSP, state, "fold", 0, "confirm")
    assert nets(events) == {"ante": -1000, "progressive": -100}


def test_timeout_folds_every_undecided_hand_D009():
    state, events = csp_round(["Ac Qd 9h 6s 4c", "2h 7h Th Jh Kh"], "2d 3c 8d 6c 5d",
                              bets={0: {"ante": 1000}, 1: {"ante": 1000, "progressive": 100}})
    events += CSP.apply(state, CSP.timeout_action(state), SeededRng(4))
    assert state.phase == "over" and state.seats[0].folded and state.seats[1].folded
    check_money(CSP, events, state)


@pytest.mark.parametrize(("hand", "plays"), [  # the dealer shows the 7s
    ("Ac Kd 9h 7c 4c", True), ("Ac Kd 9h 6s 4c", False), ("Ac Qd Jh 6s 4c", False), ("2c 2d 5h 8s Jc", True),
    ("Kc Qd Jh 9s 7c", False),
])
def test_bots_play_a_pair_or_better_and_ace_king_by_the_dealers_card(hand, plays):
    state, _ = csp_round([hand], "3c 4h 8d 6d 7s")
    assert CSP.bot_action(state, 0).kind == ("play" if plays else "fold")


def test_views_hide_hole_cards_and_other_players_hands_D016():
    state, events = csp_round(["Ac Qd 9h 6s 4c", "2c 3d 5h 8s Jc", "4h 6d 8c Ts Qc"], "2d 3h 9d 6c 5d",
                              owners={0: "ann", 1: "bob", 2: "cy"})
    viewers = [None, SYSTEM_SEAT, 0, 1, 2]
    check_views(CSP, state, viewers)
    events += act(CSP, state, "fold", 1)
    check_views(CSP, state, viewers)
    events = play_all(state, events)
    check_views(CSP, state, viewers)
    assert CSP.view(state, 0)["dealer"]["cards"] == ["2d", "3h", "9d", "6c", "5d"]


def test_meter_moves_add_up_to_the_meter_over_many_rounds():
    meter = 1_234_500
    for seed in range(200):
        rules = rules_for("caribbean-stud", "chapter4", meters={"caribbean-progressive": meter})
        state, events = random_round(CSP, rules, seed)
        check_money(CSP, events, state)
        moved = sum(e.amount if e.direction == "in" else -e.amount for e in events if isinstance(e, MeterMove))
        assert state.meter == meter + moved >= SEED
        meter = state.meter


def test_a_round_without_meter_balances_starts_at_the_seed():
    state = CSP.new_round(rules_for("caribbean-stud", "chapter4"), SeededRng(3), None)
    assert state.meter == SEED
    assert CSP.view(state, None)["progressive"]["meter"] == SEED
    with pytest.raises(ValueError):
        CSP.new_round({**rules_for("caribbean-stud", "chapter4"), "progressive_meters": {}}, SeededRng(3), None)
