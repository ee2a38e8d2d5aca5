"""Mississippi Stud hand by hand from stacked decks: the streets at 1x-3x, folds at each
street, every paytable line, the 6s-to-10s push, the per-hand cap (D-334), one position per
player (D-023), timeouts, bots and privacy (004 s.1610-1755)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
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
from webgame.engine.hands import batch
from webgame.engine.hands.high import high_evaluator
from webgame.engine.paytable import load_game
from webgame.engine.protocol import SYSTEM_SEAT, Action, IllegalAction, Stake
from webgame.engine.rng import SeededRng
from webgame.games.carnival import MISSISSIPPI_STUD as MS
from webgame.games.carnival.base import pay_line


def ms_round(hands: Sequence[str], community: str, bets: Mapping[int, Mapping[str, int]] | None = None, *,
             owners=None, limits=None):
    """Two cards to each player, one at a time from the dealer's left, then the three
    community cards (004 s.1704-1706)."""
    split = [h.split() for h in hands]
    order = [h[0] for h in split] + [h[1] for h in split] + community.split()
    rules = rules_for("mississippi-stud", "chapter4", limits=limits)
    bets = bets if bets is not None else {n: {"ante": 1000} for n in range(len(hands))}
    return stacked_round(MS, rules, order, bets, owners=owners)


def streets(state, events, *multiples: int):
    for m in multiples:
        for n in list(MS.undecided(state)):
            events += act(MS, state, "street", n, str(m))
    return events


def test_deal_two_cards_each_and_three_community_cards_face_down():
    state, _ = ms_round(["As Kd", "9c 2h"], "Qh Jc 8d")
    assert state.seats[0].cards == ["As", "Kd"] and state.seats[1].cards == ["9c", "2h"]
    assert state.community == ["Qh", "Jc", "8d"]
    assert MS.view(state, 0)["community"] == [None, None, None]
    legal = MS.legal_actions(state, 0)
    assert [(lg.kind, lg.spot, lg.min) for lg in legal] == [("street", "1", 1000), ("street", "2", 2000),
                                                           ("street", "3", 3000), ("fold", "", 0)]
    assert legal[0].label == "3rd Street 1x ($10)"


def test_each_street_turns_a_community_card_and_wagers_are_chosen_independently():
    state, events = ms_round(["As Kd"], "Qh Jc 8d")
    events += act(MS, state, "street", 0, "3")
    assert state.stage == 2 and MS.view(state, 0)["community"] == ["Qh", None, None]
    events += act(MS, state, "street", 0, "1")
    assert MS.view(state, None)["community"] == ["Qh", "Jc", None]
    assert MS.legal_actions(state, 0)[0].label == "5th Street 1x ($10)"
    events += act(MS, state, "street", 0, "2")
    assert [e for e in events if isinstance(e, Stake)] == [Stake(0, "ante", 1000), Stake(0, "3rd", 3000),
                                                           Stake(0, "4th", 1000), Stake(0, "5th", 2000)]
    assert state.phase == "over"
    assert nets(events) == {"ante": -1000, "3rd": -3000, "4th": -1000, "5th": -2000}  # ace high loses


def test_street_wagers_are_one_two_or_three_times_the_ante_004_s1617():
    state, _ = ms_round(["As Kd"], "Qh Jc 8d")
    for spot in ("4", "0", "x", ""):
        with pytest.raises(IllegalAction, match="1x, 2x, 3x the Ante"):
            act(MS, state, "street", 0, spot)
    with pytest.raises(IllegalAction, match="2x the Ante is \\$20"):
        act(MS, state, "street", 0, "2", amount=3000)


@pytest.mark.parametrize(("stage", "lost"), [
    (1, {"ante": -1000}), (2, {"ante": -1000, "3rd": -2000}), (3, {"ante": -1000, "3rd": -2000, "4th": -2000}),
])
def test_a_fold_loses_the_ante_and_the_streets_already_placed_004_s1714_D338(stage, lost):
    state, events = ms_round(["As Kd"], "Qh Jc 8d")
    events = streets(state, events, *([2] * (stage - 1)))
    events += act(MS, state, "fold", 0)
    assert state.phase == "over" and nets(events) == lost
    assert MS.view(state, None)["seats"][0]["cards"] == [None, None]


@pytest.mark.parametrize(("hand", "community", "odds"), [
    ("As Ks", "Qs Js Ts", 500), ("9h 8h", "7h 6h 5h", 100), ("Ah 2h", "3h 4h 5h", 100),
    ("9c 9d", "9h 9s 2c", 40), ("9c 9d", "9h 4s 4c", 10), ("2h 7h", "9h Jh Kh", 6),
    ("Ac 2d", "3h 4s 5c", 4), ("Tc Jd", "Qh Ks Ac", 4), ("7c 7d", "7h Ks 2c", 3), ("7c 7d", "2h 2s Kc", 2),
    ("Jc Jd", "2h 5s 8c", 1), ("Ac 5d", "As 9s 2c", 1),
    ("6c 6d", "2h 5s 8c", 0), ("Tc 4d", "Th 2s 8c", 0),   # 6s to 10s push (004 s.1726)
    ("5c 5d", "2h Ks 8c", -1), ("Qc Kd", "2h As 3c", -1),  # lower pairs and no pair lose (D-704); no wrap
])
def test_every_line_pays_every_wager_at_the_same_odds_004_s1733(hand, community, odds):
    state, events = ms_round([hand], community, bets={0: {"ante": 500}})
    events = streets(state, events, 1, 3, 2)
    got = settlements(events)
    stakes = {"ante": 500, "3rd": 500, "4th": 1500, "5th": 1000}
    assert nets(events) == {k: v * odds for k, v in stakes.items()}
    if odds == 0:
        assert {s.result for s in got.values()} == {"push"}


def test_the_cap_is_per_hand_and_the_greater_of_25000_and_the_minimum_bet_maximum_D334():
    # A royal flush on $500 + 3 x $1,500 = $5,000 wins $2,500,000 raw, cut to $25,000; the
    # other player's trips ($15,000) are paid in full: no pro-rating between hands.
    state, events = ms_round(["Js Ts", "Ah Ad"], "As Ks Qs", bets={0: {"ante": 50000}, 1: {"ante": 50000}})
    events = streets(state, events, 3, 3, 3)
    got = settlements(events)
    seat0 = sum(s.net for (n, _), s in got.items() if n == 0)
    seat1 = sum(s.net for (n, _), s in got.items() if n == 1)
    assert (seat0, seat1) == (2_500_000, 1_500_000)
    assert "004 s.1749" in got[(0, "ante")].detail
    check_money(MS, events, state)
    # With a $10 minimum the most one patron could win betting the minimum is $50,000.
    rules = rules_for("mississippi-stud", "chapter4", limits={"ante": {"min": 1000, "max": 50000}})
    assert MS.cap(rules) == 5_000_000 and MS.cap(rules_for("mississippi-stud", "chapter4")) == 2_500_000


def test_one_position_per_player_004_s1696_D023():
    state = MS.new_round(rules_for("mississippi-stud", "chapter4"), SeededRng(1), None)
    for seat, who in ((0, "ann"), (1, "ann"), (2, "bob")):
        act(MS, state, "owner", seat, who)
    act(MS, state, "bet", 0, "ante", 500)
    assert not [lg for lg in MS.legal_actions(state, 1) if lg.kind == "bet"]
    with pytest.raises(IllegalAction, match="only one position"):
        act(MS, state, "bet", 1, "ante", 500)
    act(MS, state, "bet", 2, "ante", 500)
    assert MS.bot_action(state, 1) is None
    with pytest.raises(ValueError):
        MS.new_round({**rules_for("mississippi-stud", "chapter4"), "max_spots_per_player": 3}, SeededRng(1), None)


def test_no_side_bets_at_the_chapter4_table_D517():
    v = load_game("mississippi-stud").variants["chapter4"]
    assert v.side_bets == () and list(v.limits) == ["ante"]
    assert v.rules["seats"] == 6 and v.rules["max_spots_per_player"] == 1  # 004 s.1629, s.1696
    assert "max_spots_per_player" not in v.options                        # D-023: not configurable


def test_timeout_folds_every_undecided_hand_D009():
    state, events = ms_round(["As Kd", "9c 2h", "7d 7s"], "Qh Jc 8d")
    events += act(MS, state, "street", 2, "3")
    events += MS.apply(state, MS.timeout_action(state), SeededRng(5))
    assert state.seats[0].folded and state.seats[1].folded and not state.seats[2].folded
    assert MS.undecided(state) == [2] and state.stage == 2
    check_money(MS, events, state)


@pytest.mark.parametrize(("cards", "community", "move"), [
    ("7d 7s", "", "3"), ("Kd 4c", "", "1"), ("8d 9d", "", "1"), ("2c 7h", "", "fold"), ("3d 4c", "", "fold"),
    ("Jd 4c", "Jh", "3"), ("8d 4c", "8h", "3"), ("5d 4c", "5h", "1"), ("2c 3h", "9s", "fold"),
    ("2h 7h", "9h Jh", "3"), ("5c 6d", "7h 8s", "3"), ("2c 3h", "9s Kd", "fold"),
])
def test_bots_raise_with_paying_hands_and_fold_trash(cards, community, move):
    shown = community.split()
    fill = [c for c in ("Ac", "Ad", "Ah") if c not in cards.split() + shown][: 3 - len(shown)]
    state, _ = ms_round([cards], " ".join(shown + fill))
    for _ in shown:
        act(MS, state, "street", 0, "1")
    got = MS.bot_action(state, 0)
    assert (got.kind if got.kind == "fold" else got.spot) == move


def test_views_hide_other_hands_and_unturned_community_cards_D016():
    state, events = ms_round(["As Kd", "9c 2h", "7d 7s"], "Qh Jc 8d", owners={0: "ann", 1: "bob", 2: "cy"})
    viewers = [None, SYSTEM_SEAT, 0, 1, 2]
    for m in (1, 1):
        check_views(MS, state, viewers)
        events = streets(state, events, m)
    events += act(MS, state, "fold", 1)
    check_views(MS, state, viewers)
    events = streets(state, events, 2)
    check_views(MS, state, viewers)
    assert MS.view(state, 2)["seats"][0]["cards"] == ["As", "Kd"]
    assert MS.view(state, 2)["seats"][1]["cards"] == [None, None]
    assert MS.view(state, 1)["seats"][1]["cards"] == ["9c", "2h"]


def test_every_five_card_hand_gets_its_line():
    rules = rules_for("mississippi-stud", "chapter4")
    hist = batch.histogram_high(5)
    ev = high_evaluator()
    counts: dict[str | None, int] = {}
    for value in np.nonzero(hist)[0]:
        line = pay_line(rules, "mississippi-stud", ev.value(int(value), ()))
        counts[line] = counts.get(line, 0) + int(hist[value])
    assert counts == {
        "royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3744, "flush": 5108,
        "straight": 10200, "three-of-a-kind": 54912, "two-pair": 123552,
        "pair-jacks-or-better": 4 * 84480, "pair-6s-to-10s": 5 * 84480, None: 1302540 + 4 * 84480}


def test_random_rounds_conserve_money_and_settle_every_wager_once():
    rules = rules_for("mississippi-stud", "chapter4")
    carry = None
    for seed in range(300):
        state, events = random_round(MS, rules, seed, carry=carry)
        check_money(MS, events, state)
        carry = MS.carry(state)
    for seed in range(4000, 4012):
        state, events = random_round(MS, rules, seed, thorough=True)
        check_money(MS, events, state)


def test_a_round_replays_exactly():
    rules = rules_for("mississippi-stud", "chapter4")
    a, ea = random_round(MS, rules, 99)
    b, eb = random_round(MS, rules, 99)
    assert MS.dump(a) == MS.dump(b) and ea == eb
    assert Action("timeout", SYSTEM_SEAT) != MS.timeout_action(a)
