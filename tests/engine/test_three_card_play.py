"""Three Card Poker hand by hand from stacked decks: the dealer's queen-high qualifier, Ante
and Play, the Ante Bonus, Pair Plus, folds, pushes, limits, the deal order, misdeals,
timeouts, bots and privacy (000 §20-§21, s.1004-1100; 004 s.1444-1516)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.carnival_support import (
    act,
    check_money,
    check_views,
    nets,
    rules_for,
    settlements,
    stacked_round,
)
from webgame.engine.cards import standard_deck
from webgame.engine.protocol import (
    SYSTEM_SEAT,
    Action,
    IllegalAction,
    Note,
    Refund,
    Stake,
)
from webgame.engine.rng import SeededRng
from webgame.games.carnival import THREE_CARD_POKER as TCP

VARIANTS = ("grand-ronde", "chapter4")


def order(variant: str, hands: Sequence[str], dealer: str) -> list[str]:
    """The deck order that deals ``hands`` (one per seat with a bet, in seat order) and the
    dealer's hand: 3-card stacks (000 s.1085) or one card at a time in rotation (004 s.1456)."""
    split = [h.split() for h in hands]
    d = dealer.split()
    if variant == "grand-ronde":
        return [c for h in split for c in h] + d
    return [c for i in range(3) for c in [*(h[i] for h in split), d[i]]]


def tcp_round(variant: str, hands: Sequence[str], dealer: str, bets=None, owners=None):
    rules = rules_for("three-card-poker", variant)
    bets = bets if bets is not None else {n: {"ante": 1000} for n in range(len(hands))}
    return stacked_round(TCP, rules, order(variant, hands, dealer), bets, owners=owners)


def play_all(state, events):
    for n in list(TCP.undecided(state)):
        events += act(TCP, state, "play", n)
    return events


# ---------------------------------------------------------------------------------------
# The deal
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_deal_gives_each_hand_its_cards_in_the_rulebook_order(variant):
    hands = ["Ah Kh Qh", "2c 2d 7s"]
    state, _ = tcp_round(variant, hands, "Js 9d 4c")
    assert state.seats[0].cards == ["Ah", "Kh", "Qh"]
    assert state.seats[1].cards == ["2c", "2d", "7s"]
    assert state.dealer == ["Js", "9d", "4c"]
    assert len(state.shoe.remaining) == 52 - 9 and state.phase == "decide"


def test_each_round_deals_from_a_fresh_full_deck():
    rules = rules_for("three-card-poker", "grand-ronde")
    carry = None
    for seed in range(5):
        state = TCP.new_round(rules, SeededRng(seed), carry)
        assert sorted(state.shoe.remaining) == sorted(c.code for c in standard_deck())
        assert len(set(state.shoe.remaining)) == 52 and state.shoe.dealt == 0
        TCP.apply(state, Action("bet", 0, "ante", 500), SeededRng(seed))
        TCP.apply(state, Action("deal"), SeededRng(seed))
        carry = TCP.carry(state)
        assert carry == {"shuffle_no": seed + 1}


# ---------------------------------------------------------------------------------------
# Ante and Play against the dealer
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_dealer_below_queen_high_pays_ante_and_pushes_play_000_s1047_004_s1486(variant):
    state, events = tcp_round(variant, ["Kh 9c 4d"], "Js 9d 4c")
    events = play_all(state, events)
    got = settlements(events)
    assert got[(0, "ante")].returned == 2000 and got[(0, "ante")].result == "win"
    assert got[(0, "play")].returned == 1000 and got[(0, "play")].result == "push"
    assert state.phase == "over"
    view = TCP.view(state, None)
    assert view["dealer"]["qualifies"] is False and view["dealer"]["cards"] == ["Js", "9d", "4c"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_queen_high_qualifies_and_a_beaten_dealer_pays_ante_and_play_D266(variant):
    state, events = tcp_round(variant, ["Kh 9c 4d"], "Qs 3d 2c")
    events = play_all(state, events)
    assert nets(events) == {"ante": 1000, "play": 1000}


@pytest.mark.parametrize("variant", VARIANTS)
def test_dealer_higher_takes_ante_and_play_D267(variant):
    state, events = tcp_round(variant, ["Kh 9c 4d"], "Ks Qd 2c")
    events = play_all(state, events)
    assert nets(events) == {"ante": -1000, "play": -1000}


@pytest.mark.parametrize("variant", VARIANTS)
def test_identical_hands_push_ante_and_play_000_s1074_004_s1489_D270(variant):
    state, events = tcp_round(variant, ["Kc Qd 5h"], "Ks Qh 5d")
    events = play_all(state, events)
    got = settlements(events)
    assert got[(0, "ante")].result == got[(0, "play")].result == "push"
    assert nets(events) == {"ante": 0, "play": 0}


@pytest.mark.parametrize(("player", "dealer", "player_wins"), [
    ("Ah 2d 3c", "Kh Kd Ks", False),   # A-2-3 is a straight, below trips (D-270)
    ("Ah 2d 3c", "As Ks 2s", True),    # A-2-3 straight beats a flush (000 s.1071, 004 s.1480)
    ("Ah 2d 3c", "Qc Kd As", False),   # A-K-Q is the highest straight, A-2-3 the lowest
    ("Kh Ad 2c", "Qh Jd 3c", True),    # K-A-2 is no straight: ace high beats queen high
    ("Ac Kc Qc", "Kd Qd Jd", True),    # A-K-Q suited is the top straight flush
    ("9h 9d Ac", "9s 9c Kd", True),    # same pair: the odd card decides (000 s.1074)
    ("Ah Kd 5c", "Ad Kh 4s", True),    # card by card from the highest
])
def test_hand_order_and_tie_breaks(player, dealer, player_wins):
    state, events = tcp_round("grand-ronde", [player], dealer)
    events = play_all(state, events)
    assert nets(events)["play"] == (1000 if player_wins else -1000)


# ---------------------------------------------------------------------------------------
# The Ante Bonus (D-268)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize(("hand", "bonus"), [
    ("5h 6h 7h", 5000), ("Ah Kh Qh", 5000), ("Ah 2h 3h", 5000),  # straight flush 5 to 1
    ("7c 7d 7s", 4000),                                           # three of a kind 4 to 1
    ("5h 6d 7c", 1000), ("Ah 2d 3c", 1000),                       # straight 1 to 1
    ("2h 7h 9h", 0), ("Kh Kd 2c", 0), ("Ah Kd 9c", 0),            # flush, pair, high: no bonus
])
def test_ante_bonus_is_paid_whatever_the_dealer_holds(variant, hand, bonus):
    for dealer in ("Jd 8s 4c", "Ad Ac As"):  # a non-qualifying dealer and a dealer who wins
        state, events = tcp_round(variant, [hand], dealer)
        events = play_all(state, events)
        got = settlements(events)
        if bonus:
            assert got[(0, "ante-bonus")].returned == bonus and got[(0, "ante-bonus")].stake == 0
        else:
            assert (0, "ante-bonus") not in got
        check_money(TCP, events, state)


def test_a_folded_hand_gets_no_ante_bonus_D268():
    state, events = tcp_round("grand-ronde", ["5h 6h 7h"], "Ad Ac As")
    events += act(TCP, state, "fold", 0)
    assert (0, "ante-bonus") not in settlements(events)
    assert nets(events) == {"ante": -1000}


# ---------------------------------------------------------------------------------------
# Pair Plus
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "hand", "pays"), [
    ("grand-ronde", "5h 6h 7h", 40), ("grand-ronde", "7c 7d 7s", 30), ("grand-ronde", "5h 6d 7c", 6),
    ("grand-ronde", "2h 7h 9h", 3), ("grand-ronde", "Kh Kd 2c", 1), ("grand-ronde", "Ah Kd 9c", -1),
    ("chapter4", "5h 6h 7h", 40), ("chapter4", "7c 7d 7s", 30), ("chapter4", "5h 6d 7c", 6),
    ("chapter4", "2h 7h 9h", 4), ("chapter4", "Kh Kd 2c", 1), ("chapter4", "Ah Kd 9c", -1),
])
def test_pair_plus_pays_its_rulebook_line_000_s1056_004_s1491(variant, hand, pays):
    state, events = tcp_round(variant, [hand], "Jd 8s 4c", bets={0: {"pair-plus": 500}})
    assert state.phase == "over"  # a Pair-Plus-only hand has no decision (D-269)
    assert nets(events) == {"pair-plus": 500 * pays}


def test_pair_plus_alone_settles_regardless_of_the_dealer_and_without_a_decision():
    state, events = tcp_round("chapter4", ["Kh Kd 2c", "4h 9c Jd"], "Ah Ad As",
                              bets={0: {"pair-plus": 500}, 1: {"ante": 1000}})
    assert TCP.undecided(state) == [1] and TCP.legal_actions(state, 0) == []
    events += act(TCP, state, "play", 1)
    assert settlements(events)[(0, "pair-plus")].returned == 1000


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_fold_forfeits_a_winning_pair_plus_000_s1090_D269(variant):
    state, events = tcp_round(variant, ["7c 7d 7s"], "Jd 8s 4c", bets={0: {"ante": 1000, "pair-plus": 500}})
    legal = TCP.legal_actions(state, 0)
    assert [lg.kind for lg in legal] == ["play", "fold"] and "Pair Plus" in legal[1].label
    events += act(TCP, state, "fold", 0)
    assert nets(events) == {"ante": -1000, "pair-plus": -500}
    check_money(TCP, events, state)


def test_ante_and_pair_plus_may_differ_004_s1503():
    state, events = tcp_round("chapter4", ["7c 7d 7s"], "Jd 8s 4c", bets={0: {"ante": 2000, "pair-plus": 300}})
    events = play_all(state, events)
    assert nets(events) == {"pair-plus": 9000, "ante-bonus": 8000, "ante": 2000, "play": 0}


# ---------------------------------------------------------------------------------------
# Decisions
# ---------------------------------------------------------------------------------------
def test_play_must_equal_the_ante_000_s1021_004_s1478():
    state, _ = tcp_round("grand-ronde", ["Kh 9c 4d"], "Jd 8s 4c", bets={0: {"ante": 1500}})
    assert TCP.legal_actions(state, 0)[0].min == TCP.legal_actions(state, 0)[0].max == 1500
    with pytest.raises(IllegalAction, match="must equal the Ante"):
        act(TCP, state, "play", 0, amount=1000)
    events = act(TCP, state, "play", 0, amount=1500)
    assert Stake(0, "play", 1500) in events


def test_everyone_decides_at_once_and_the_dealer_waits_for_all_D013():
    state, events = tcp_round("grand-ronde", ["Kh 9c 4d", "2h 5c 8d", "Qh Jc 4s"], "Jd 8s 4c")
    assert TCP.undecided(state) == [0, 1, 2] and TCP.to_act(state) == 0
    events += act(TCP, state, "fold", 2)  # anyone may decide first
    assert TCP.legal_actions(state, 2) == [] and TCP.undecided(state) == [0, 1]
    with pytest.raises(IllegalAction, match="has folded"):
        act(TCP, state, "play", 2)
    events += act(TCP, state, "play", 1)
    with pytest.raises(IllegalAction, match="already decided"):
        act(TCP, state, "fold", 1)
    assert TCP.view(state, 0)["dealer"]["cards"] == [None, None, None]
    events += act(TCP, state, "play", 0)
    assert state.phase == "over"
    check_money(TCP, events, state)


def test_timeout_folds_every_undecided_hand_D009():
    state, events = tcp_round("grand-ronde", ["Kh 9c 4d", "2h 5c 8d", "Qh Jc 4s"], "Jd 8s 4c",
                              bets={0: {"ante": 1000}, 1: {"ante": 1000, "pair-plus": 500}, 2: {"ante": 1000}})
    events += act(TCP, state, "play", 1)
    assert TCP.timeout_action(state) == Action("timeout", SYSTEM_SEAT)
    events += TCP.apply(state, TCP.timeout_action(state), SeededRng(3))
    assert state.phase == "over"
    got = settlements(events)
    assert got[(0, "ante")].result == "lose" and got[(2, "ante")].result == "lose"
    assert state.seats[0].folded and state.seats[2].folded and not state.seats[1].folded
    assert TCP.timeout_action(state) is None


def test_timeout_is_the_tables_move_only():
    state, _ = tcp_round("grand-ronde", ["Kh 9c 4d"], "Jd 8s 4c")
    with pytest.raises(IllegalAction):
        act(TCP, state, "timeout", 0)


@pytest.mark.parametrize(("hand", "plays"), [
    ("Qh 6c 4d", True), ("Qh 6c 3d", False), ("Kh 3c 2d", True), ("Jh Tc 9d", True),
    ("Jh Tc 8d", False), ("2h 2c 3d", True), ("2h 5h 9h", True),
])
def test_bots_play_queen_six_four_or_better(hand, plays):
    state, _ = tcp_round("grand-ronde", [hand], "Jd 8s 4c")
    move = TCP.bot_action(state, 0)
    assert move.kind == ("play" if plays else "fold")


def test_bots_bet_the_minimum_ante_and_no_side_bet():
    state = TCP.new_round(rules_for("three-card-poker", "grand-ronde"), SeededRng(1), None)
    assert TCP.bot_action(state, 3) == Action("bet", 3, "ante", 500)
    act(TCP, state, "bet", 3, "ante", 500)
    assert TCP.bot_action(state, 3) is None
    assert TCP.bot_action(state, SYSTEM_SEAT) is None


# ---------------------------------------------------------------------------------------
# Betting limits and the deal
# ---------------------------------------------------------------------------------------
def test_limits_steps_and_minimums():
    state = TCP.new_round(rules_for("three-card-poker", "chapter4"), SeededRng(2), None)
    legal = {lg.spot: lg for lg in TCP.legal_actions(state, 0) if lg.kind == "bet"}
    assert (legal["ante"].min, legal["ante"].max) == (100, 50000)          # 004 s.1509
    assert (legal["pair-plus"].min, legal["pair-plus"].max) == (100, 10000)  # 004 s.1509
    with pytest.raises(IllegalAction, match="maximum on Pair Plus is \\$100"):
        act(TCP, state, "bet", 0, "pair-plus", 10100)
    with pytest.raises(IllegalAction, match="steps of \\$1"):
        act(TCP, state, "bet", 0, "ante", 150)
    with pytest.raises(IllegalAction, match="more than \\$0"):
        act(TCP, state, "bet", 0, "ante", -100)
    with pytest.raises(IllegalAction, match="no such bet"):
        act(TCP, state, "bet", 0, "play", 100)
    with pytest.raises(IllegalAction, match="Nobody has a bet"):
        act(TCP, state, "deal", SYSTEM_SEAT)
    state = TCP.new_round(rules_for("three-card-poker", "grand-ronde"), SeededRng(2), None)
    act(TCP, state, "bet", 0, "ante", 100)
    with pytest.raises(IllegalAction, match="minimum on the Ante is \\$5"):
        act(TCP, state, "deal", SYSTEM_SEAT)
    act(TCP, state, "bet", 0, "ante", 400)
    act(TCP, state, "deal", SYSTEM_SEAT)
    with pytest.raises(IllegalAction, match="Betting is closed"):
        act(TCP, state, "bet", 1, "ante", 500)  # D-026
    with pytest.raises(IllegalAction, match="Betting is closed"):
        act(TCP, state, "clear", 0)


def test_clear_takes_bets_back_before_the_deal():
    state = TCP.new_round(rules_for("three-card-poker", "grand-ronde"), SeededRng(2), None)
    act(TCP, state, "bet", 0, "ante", 1000)
    act(TCP, state, "bet", 0, "pair-plus", 500)
    assert act(TCP, state, "clear", 0, "ante") == [Refund(0, "ante", 1000)]  # Pair Plus stands alone
    assert act(TCP, state, "clear", 0) == [Refund(0, "pair-plus", 500)]
    with pytest.raises(IllegalAction, match="nothing to clear"):
        act(TCP, state, "clear", 0)


def test_pair_plus_off_at_a_table_that_switched_it_off():
    rules = rules_for("three-card-poker", "grand-ronde", side_bets_off=["pair-plus"])
    state = TCP.new_round(rules, SeededRng(2), None)
    assert [lg.spot for lg in TCP.legal_actions(state, 0) if lg.kind == "bet"] == ["ante"]
    with pytest.raises(IllegalAction, match="no such bet"):
        act(TCP, state, "bet", 0, "pair-plus", 500)


# ---------------------------------------------------------------------------------------
# Misdeals (D-008, D-010; 004 s.1465-1467, s.1510-1511)
# ---------------------------------------------------------------------------------------
def test_a_duplicate_card_voids_the_round_and_returns_every_wager(monkeypatch):
    real = TCP.deal

    def bad_deal(state, rng, players, events):
        real(state, rng, players, events)
        state.seats[players[0]].cards[0] = state.dealer[0]

    monkeypatch.setattr(TCP, "deal", bad_deal)
    state, events = tcp_round("grand-ronde", ["Kh 9c 4d", "2h 5c 8d"], "Jd 8s 4c",
                              bets={0: {"ante": 1000, "pair-plus": 500}, 1: {"ante": 1000}})
    assert state.phase == "over" and state.void
    assert {k: (s.result, s.returned) for k, s in settlements(events).items()} == {
        (0, "ante"): ("void", 1000), (0, "pair-plus"): ("void", 500), (1, "ante"): ("void", 1000)}
    check_money(TCP, events, state)


@pytest.mark.parametrize(("variant", "whole_table"), [("grand-ronde", True), ("chapter4", False)])
def test_a_short_hand_voids_the_player_in_chapter4_and_the_table_otherwise(monkeypatch, variant, whole_table):
    real = TCP.deal

    def short(state, rng, players, events):
        real(state, rng, players, events)
        state.shoe.remaining.insert(0, state.seats[players[0]].cards.pop())
        state.shoe.in_play.remove(state.shoe.remaining[0])

    monkeypatch.setattr(TCP, "deal", short)
    state, events = tcp_round(variant, ["Kh 9c 4d", "2h 5c 8d"], "Jd 8s 4c")
    got = settlements(events)
    assert got[(0, "ante")].result == "void"
    if whole_table:
        assert state.void and got[(1, "ante")].result == "void"
    else:
        assert not state.void and state.seats[0].void and TCP.undecided(state) == [1]
        events += act(TCP, state, "play", 1)
        assert state.phase == "over"
    check_money(TCP, events, state)


# ---------------------------------------------------------------------------------------
# Privacy (D-016)
# ---------------------------------------------------------------------------------------
def test_views_never_show_other_players_or_the_dealers_cards_before_the_showdown():
    state, events = tcp_round("grand-ronde", ["Kh 9c 4d", "2h 5c 8d", "Qh Jc 4s"], "Jd 8s 3c",
                              owners={0: "ann", 1: "bob", 2: "ann"})
    viewers = [None, SYSTEM_SEAT, 0, 1, 2, 3]
    check_views(TCP, state, viewers)
    ann = TCP.view(state, 0)["seats"]
    assert ann[0]["cards"] == ["Kh", "9c", "4d"] and ann[2]["cards"] == ["Qh", "Jc", "4s"]  # her two spots
    assert ann[1]["cards"] == [None, None, None] and ann[1]["hand"] is None
    events += act(TCP, state, "fold", 1)
    check_views(TCP, state, viewers)
    events += act(TCP, state, "play", 0)
    events += act(TCP, state, "play", 2)
    check_views(TCP, state, viewers)
    public = TCP.view(state, None)
    assert public["seats"][0]["cards"] == ["Kh", "9c", "4d"]      # live hands are turned up
    assert public["seats"][1]["cards"] == [None, None, None]       # the folded hand never is
    assert TCP.view(state, 1)["seats"][1]["cards"] == ["2h", "5c", "8d"]
    assert public["dealer"]["hand"] == "Jack high (J-8-3)"


def test_the_table_notes_never_name_a_hidden_card():
    _, events = tcp_round("grand-ronde", ["Kh 9c 4d"], "Jd 8s 3c")
    for e in events:
        if isinstance(e, Note):
            assert "Kh" not in e.text and "Jd" not in e.text
