"""Four Card Poker hand by hand from stacked decks (002 §28-§30, s.3013-3271): the ranking as
printed with Two Pair added (D-326), best four of five against the player-dealer's best four
of six, the player winning ties (D-328), no qualifier (D-329), every line of the Ante, Aces Up
and Bad Beat tables, the Play sizes, bonus bets at least the Ante, folds, misdeals, timeouts,
bots, privacy, and whole seeded rounds."""

from __future__ import annotations

import itertools
import json
import tomllib
from collections.abc import Sequence

import pytest

from tests.carnival_support import (
    act,
    check_money,
    check_views,
    random_round,
    rules_for,
    settlements,
    stacked_round,
)
from webgame.engine.hands import evaluate_four
from webgame.engine.paytable import RULES_DIR, load_game
from webgame.engine.protocol import SYSTEM_SEAT, Action, IllegalAction, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.carnival import FOUR_CARD_POKER as FCP
from webgame.games.carnival.four_card import SIDE_BETS, bot_multiple

GAME, VARIANT = "four-card-poker", "lucky-chances"
BONUSES = {"aces-up": 1000, "bad-beat": 1000}


def order(hands: Sequence[str], dealer: str) -> list[str]:
    """The deck order that deals ``hands`` (five cards, one hand per seat with a bet, in seat
    order) and the P/D's six cards: one card at a time round the table, the P/D last each
    time, the P/D's sixth card alone at the end (P-041)."""
    split, d = [h.split() for h in hands], dealer.split()
    return [c for i in range(6) for c in [*(h[i] for h in split if i < 5), d[i]]]


def fcp_round(hands: Sequence[str], dealer: str, bets=None, owners=None, rules=None):
    rules = rules or rules_for(GAME, VARIANT)
    bets = bets if bets is not None else {n: {"ante": 1000} for n in range(len(hands))}
    return stacked_round(FCP, rules, order(hands, dealer), bets, owners=owners)


def played(hand: str, dealer: str, multiple: int = 1, bets=None, rules=None):
    """One seat plays ``multiple`` x the Ante; returns the settlements by bet."""
    state, events = fcp_round([hand], dealer, bets=bets, rules=rules)
    events += act(FCP, state, "play", 0, str(multiple))
    assert state.phase == "over"
    check_money(FCP, events, state)
    return {bet: s for (_, bet), s in settlements(events).items()}


# ---------------------------------------------------------------------------------------
# The rules data
# ---------------------------------------------------------------------------------------
def test_paytables_are_the_rulebook_lines():
    v = load_game(GAME).variants[VARIANT]
    odds = lambda t: {ln.hand: str(ln.odds) for ln in v.paytable(t).lines}
    assert odds("four-card-ante") == {"four-of-a-kind": "5 to 1", "straight-flush": "4 to 1",         # s.3059-3065
                                      "three-of-a-kind": "3 to 2", "all-other-hands": "1 to 1"}
    assert odds("four-card-play") == {"win": "1 to 1"}                                                  # D-327
    assert odds("aces-up") == {"four-of-a-kind": "50 to 1", "straight-flush": "40 to 1",               # s.3151-3163
                               "three-of-a-kind": "9 to 1", "flush": "6 to 1", "straight": "4 to 1",
                               "two-pair": "2 to 1", "pair-of-aces": "1 to 1"}
    assert odds("four-card-bad-beat") == {"four-of-a-kind": "25000 to 1", "straight-flush": "10000 to 1",  # s.3198-3208
                                          "three-of-a-kind": "100 to 1", "flush": "25 to 1",
                                          "straight": "15 to 1", "two-pair": "4 to 1"}
    assert v.side_bets == ("aces-up", "four-card-bad-beat")
    assert (v.limits["ante"].min, v.limits["ante"].max) == (1000, 100000)                             # s.4078, s.4094
    assert v.rules["seats"] == 8 and v.rules["max_spots_per_player"] == 1    # seven players and the P/D: D-333, P-080; D-023
    assert (v.rules["player_cards"], v.rules["dealer_cards"]) == (5, 6)                               # s.3042-3044
    assert v.rules["play_multiples"] == [1, 2, 3] and v.rules["ties"] == "player"                     # s.3048, D-328


def test_the_variant_is_marked_player_banked_for_the_player_dealer_table():
    data = tomllib.loads((RULES_DIR / f"{GAME}.toml").read_text(encoding="utf-8"))
    assert data["variants"][VARIANT]["banking"] == "player-dealer"


def test_four_card_poker_is_only_ever_dealt_at_a_player_dealer_table():
    from webgame.games.california.table import PlayerDealerTable

    assert GAME in registry.slugs()
    assert all(v.player_banked for v in registry.rules(GAME).variants.values())  # never house-banked
    table = registry.engine(GAME, VARIANT)
    assert isinstance(table, PlayerDealerTable) and table.inner is FCP


def test_side_bets_are_entries_of_the_side_bet_table():
    assert SIDE_BETS.spots == ("aces-up", "bad-beat")  # the order player-dealer.toml settles them (D-332)
    assert [b.paytable for b in SIDE_BETS.offered(rules_for(GAME, VARIANT))] == ["aces-up", "four-card-bad-beat"]
    rules = rules_for(GAME, VARIANT, side_bets_off=["aces-up"])
    assert [s.key for s in FCP.offered(rules)] == ["ante", "bad-beat"]


# ---------------------------------------------------------------------------------------
# Hand ranking (D-326)
# ---------------------------------------------------------------------------------------
RANKED = [  # one four-card hand per category, best first, as printed with Two Pair added
    ("2c 2d 2h 2s", "four-of-a-kind"),
    ("Ah Kh Qh Jh", "straight-flush"),
    ("Ac Ad Ah Ks", "three-of-a-kind"),
    ("Ah Kh Qh 9h", "flush"),
    ("Ah Kd Qh Js", "straight"),
    ("Ac Ad Kh Ks", "two-pair"),
    ("Ac Ad Kh Qs", "pair"),
    ("Ac Kd Qh 9s", "high-card"),
]


def test_categories_rank_as_printed_quads_over_straight_flush_over_trips_over_flush():
    values = [evaluate_four(h.split()) for h, _ in RANKED]
    assert [v.category for v in values] == [c for _, c in RANKED]
    assert all(a > b for a, b in itertools.pairwise(values))


@pytest.mark.parametrize(("better", "worse"), [
    ("Jc Qd Kh As", "Tc Jd Qh Ks"),     # J-Q-K-A is the highest straight
    ("2c 3d 4h 5s", "Ac 2d 3h 4s"),     # A-2-3-4 is the lowest
    ("Ac 2d 3h 4s", "Ac Kd Qh 9s"),     # but still a straight
    ("Ac Kd Qh Js", "Qc Kd Ad 2s"),     # no wrap: Q-K-A-2 is ace high
    ("Kc Kd 3h 3s", "Qc Qd Jh Js"),     # two pair by the top pair
    ("Kc Kd 3h 3s", "Kh Ks 2c 2d"),     # then the second pair
    ("9c 9d Ah 2s", "9h 9s Kc Qd"),     # a pair, then its kickers
    ("Ac Kd Qh 9s", "Ac Kd Qh 8s"),     # high card to the last card
])
def test_order_within_categories(better, worse):
    assert evaluate_four(better.split()) > evaluate_four(worse.split())


def test_suits_never_break_a_tie():
    assert evaluate_four(["Ac", "Kd", "Qh", "9s"]) == evaluate_four(["Ad", "Kh", "Qs", "9c"])


def test_best_four_of_five_and_of_six():
    assert evaluate_four(["Ac", "Ad", "Ah", "2s", "2c"]).category == "three-of-a-kind"  # no full house: four cards
    assert evaluate_four(["7h", "8h", "9h", "Th", "2c", "2d"]).category == "straight-flush"
    assert evaluate_four(["7h", "8h", "9h", "Kh", "2c", "2d"]).category == "flush"


# ---------------------------------------------------------------------------------------
# Ante and Play against the player-dealer
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "dealer", "ante_won"), [
    ("9c 9d 9h 9s 2c", "Ac Ad Ah 3s 4d 5c", 5000),    # four of a kind: Ante 5 to 1 (s.3059)
    ("5h 6h 7h 8h 2c", "Ac Ad Ah 3s Kd Qc", 4000),    # straight flush: 4 to 1 (s.3061)
    ("Kc Kd Kh 2s 3c", "Qc Qd 5h 6s 8d Jc", 1500),    # three of a kind: 3 to 2 (s.3063)
    ("Ah Jh 8h 3h 2c", "Kc Kd 5h 6s 8d Jc", 1000),    # flush: all other hands even money (s.3065)
    ("9c Td Jh Qs 2c", "Kc Kd 5h 6s 8d Jc", 1000),    # straight
    ("Ac Ad Kh Ks 2c", "Qc Qd 5h 6s 8d Jc", 1000),    # two pair
    ("Ac Ad 5h 6s 2c", "Kc Kd 5d 6c 8d Jc", 1000),    # pair
])
def test_a_winning_ante_pays_by_the_players_hand_and_the_play_even_money(hand, dealer, ante_won):
    got = played(hand, dealer, multiple=3)
    assert (got["ante"].result, got["ante"].net) == ("win", ante_won)
    assert (got["play"].stake, got["play"].result, got["play"].net) == (3000, "win", 3000)  # D-327


def test_three_to_two_on_an_odd_ante_truncates_to_the_cent_D002():
    got = played("Kc Kd Kh 2s 3c", "Qc Qd 5h 6s 8d Jc", bets={0: {"ante": 1100}})
    assert got["ante"].net == 1650
    rules = rules_for(GAME, VARIANT, options={"bet_step": 100})
    rules["bet_step"] = 1  # a one-cent step, only to reach a fraction of a cent
    got = played("Kc Kd Kh 2s 3c", "Qc Qd 5h 6s 8d Jc", bets={0: {"ante": 1001}}, rules=rules)
    assert got["ante"].net == 1501  # 1501.5 truncated


def test_the_player_dealers_better_hand_takes_ante_and_play():
    got = played("Ac Ad 5h 6s 2c", "Kc Kd Kh 6c 8d Jc", multiple=2)
    assert {b: (s.result, s.net) for b, s in got.items()} == {"ante": ("lose", -1000), "play": ("lose", -2000)}


def test_identical_hands_go_to_the_player_D328():
    # Both hold Q-J-9-7 high (the P/D's six cards make nothing better).
    got = played("Qc Jd 9h 7s 2c", "Qd Jh 9s 7c 3d 4h")
    assert (got["ante"].result, got["ante"].net, got["play"].net) == ("win", 1000, 1000)
    assert "ties" in got["ante"].detail


def test_a_table_whose_data_gave_ties_to_the_player_dealer_would_lose_them():
    rules = rules_for(GAME, VARIANT)
    rules["ties"] = "dealer"
    got = played("Qc Jd 9h 7s 2c", "Qd Jh 9s 7c 3d 4h", rules=rules)
    assert (got["ante"].net, got["play"].net) == (-1000, -1000)


def test_the_player_dealer_always_plays_D329():
    # The P/D's nine high still beats a player's eight high: there is no qualifier.
    got = played("8c 7d 5h 3s 2c", "9d 6h 4s 3c 2d Th")
    assert got["ante"].result == "lose" and "Ten high" in got["ante"].detail
    got = played("Ac 7d 5h 3s 2c", "9d 6h 4s 3c 2d Th")
    assert got["ante"].result == "win"


def test_the_player_keeps_best_four_of_five_and_the_player_dealer_best_four_of_six():
    # Player: K-K-Q-Q of five cards (two pair). P/D: six cards holding a J-J-J trip among them.
    got = played("Kc Kd Qh Qs 2c", "Jc Jd Jh 3s 8d 5c")
    assert got["ante"].result == "lose" and "Three of a kind" in got["ante"].detail


# ---------------------------------------------------------------------------------------
# The Play decision
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("multiple", [1, 2, 3])
def test_play_is_one_two_or_three_times_the_ante_002_s3048(multiple):
    state, _ = fcp_round(["Ac Ad 5h 6s 2c"], "Kc Kd 5d 6c 8d Jc", bets={0: {"ante": 2500}})
    legal = {lg.spot: (lg.min, lg.max) for lg in FCP.legal_actions(state, 0) if lg.kind == "play"}
    assert legal == {"1": (2500, 2500), "2": (5000, 5000), "3": (7500, 7500)}
    events = act(FCP, state, "play", 0, str(multiple))
    assert Stake(0, "play", multiple * 2500) in events
    assert settlements(events)[(0, "play")].stake == multiple * 2500


@pytest.mark.parametrize(("spot", "amount", "words"), [
    ("4", 0, "The Play bet is 1x, 2x or 3x the Ante"),
    ("", 1000, "The Play bet is 1x, 2x or 3x the Ante"),
    ("2", 1000, "2x the Ante is $20."),
])
def test_other_play_sizes_are_refused_with_a_plain_message(spot, amount, words):
    state, _ = fcp_round(["Ac Ad 5h 6s 2c"], "Kc Kd 5d 6c 8d Jc")
    before = json.dumps(FCP.dump(state), sort_keys=True)
    with pytest.raises(IllegalAction, match=words.replace(".", r"\.").replace("$", r"\$")):
        act(FCP, state, "play", 0, spot, amount)
    assert json.dumps(FCP.dump(state), sort_keys=True) == before


def test_a_fold_forfeits_the_ante_and_nothing_more_002_s3046():
    state, events = fcp_round(["Ac Ad 5h 6s 2c"], "Kc Kd 5d 6c 8d Jc")
    events += act(FCP, state, "fold", 0)
    got = settlements(events)
    assert set(got) == {(0, "ante")} and got[(0, "ante")].net == -1000
    assert state.phase == "over"


def test_everyone_decides_at_once_and_a_timeout_folds_the_rest_D013_D009():
    state, events = fcp_round(["Ac Ad 5h 6s 2c", "Kh Ks 5c 6d 3c", "2h 7d 9c Js 4c"], "Qc Qd 5d 6c 8d Jc")
    assert FCP.deciding(state) == [0, 1, 2]
    events += act(FCP, state, "play", 1, "3")
    assert FCP.timeout_action(state) == Action("timeout", SYSTEM_SEAT)
    events += FCP.apply(state, Action("timeout", SYSTEM_SEAT), SeededRng(2))
    got = settlements(events)
    assert state.seats[0].folded and state.seats[2].folded and not state.seats[1].folded
    assert got[(0, "ante")].result == got[(2, "ante")].result == "lose"
    assert got[(1, "play")].net == 3000  # kings beat the P/D's queens
    check_money(FCP, events, state)


# ---------------------------------------------------------------------------------------
# Bonus bets: at least the Ante (002 s.3135; D-330, D-331)
# ---------------------------------------------------------------------------------------
def test_a_bonus_bet_under_the_ante_is_refused_with_a_plain_message():
    rules = rules_for(GAME, VARIANT)
    state = FCP.new_round(rules, SeededRng(0), None)
    FCP.apply(state, Action("bet", 0, "ante", 2000), SeededRng(0))
    before = json.dumps(FCP.dump(state), sort_keys=True)
    with pytest.raises(IllegalAction, match=r"Aces Up must be at least the Ante, \$20"):
        FCP.apply(state, Action("bet", 0, "aces-up", 1000), SeededRng(0))
    with pytest.raises(IllegalAction, match=r"The Bad Beat Bonus must be at least the Ante, \$20"):
        FCP.apply(state, Action("bet", 0, "bad-beat", 1500), SeededRng(0))
    assert json.dumps(FCP.dump(state), sort_keys=True) == before
    legal = {lg.spot: (lg.min, lg.max) for lg in FCP.legal_actions(state, 0) if lg.kind == "bet"}
    assert legal["aces-up"] == (2000, 100000) and legal["bad-beat"] == (2000, 100000)
    FCP.apply(state, Action("bet", 0, "aces-up", 2000), SeededRng(0))
    # The Ante may not then grow past the bonus bet: raise the bonus first.
    legal = {lg.spot: (lg.min, lg.max) for lg in FCP.legal_actions(state, 0) if lg.kind == "bet"}
    assert "ante" not in legal
    with pytest.raises(IllegalAction, match=r"Aces Up \(\$20\) must be at least the Ante"):
        FCP.apply(state, Action("bet", 0, "ante", 1000), SeededRng(0))
    FCP.apply(state, Action("bet", 0, "aces-up", 1000), SeededRng(0))
    FCP.apply(state, Action("bet", 0, "ante", 1000), SeededRng(0))
    assert state.seats[0].bets == {"ante": 3000, "aces-up": 3000}


def test_bonus_bets_need_an_ante_first_002_s3131():
    state = FCP.new_round(rules_for(GAME, VARIANT), SeededRng(0), None)
    assert [lg.spot for lg in FCP.legal_actions(state, 0) if lg.kind == "bet"] == ["ante"]
    with pytest.raises(IllegalAction, match="needs a wager on the Ante first"):
        FCP.apply(state, Action("bet", 0, "aces-up", 1000), SeededRng(0))


def test_clearing_the_ante_clears_the_bonus_bets_with_it():
    state = FCP.new_round(rules_for(GAME, VARIANT), SeededRng(0), None)
    for spot in ("ante", "aces-up", "bad-beat"):
        FCP.apply(state, Action("bet", 0, spot, 1000), SeededRng(0))
    FCP.apply(state, Action("clear", 0, "ante"), SeededRng(0))
    assert state.seats[0].bets == {}


# ---------------------------------------------------------------------------------------
# Aces Up: the player's own best four, fold or play (002 s.3149-3163, D-330)
# ---------------------------------------------------------------------------------------
DEALER = "Kc Kd 5d 6c 8d Jc"  # a pair of kings, nothing more from its six cards


@pytest.mark.parametrize(("hand", "won"), [
    ("9c 9d 9h 9s 2c", 50000),    # four of a kind 50 to 1
    ("5h 6h 7h 8h 2c", 40000),    # straight flush 40 to 1
    ("3c 3h 3s Qs 2c", 9000),     # three of a kind 9 to 1
    ("Ah Jh 9h 3h 2c", 6000),     # flush 6 to 1
    ("9c Td Jh Qs 2c", 4000),     # straight 4 to 1
    ("4c 4h 7s 7h 2c", 2000),     # two pair 2 to 1
    ("Ac Ah 7s 4h 2c", 1000),     # pair of aces even money
])
def test_aces_up_pays_its_rulebook_line(hand, won):
    got = played(hand, DEALER, bets={0: {"ante": 1000, "aces-up": 1000}})
    assert (got["aces-up"].result, got["aces-up"].net) == ("win", won)


def test_aces_up_loses_under_a_pair_of_aces():
    got = played("Qs Qh 7s 4h 2c", DEALER, bets={0: {"ante": 1000, "aces-up": 1000}})
    assert (got["aces-up"].result, got["aces-up"].net) == ("lose", -1000)


def test_aces_up_is_paid_on_a_folded_hand_whatever_the_player_dealer_holds_D330():
    state, events = fcp_round(["Ac Ah 7s 4h 2c", "Qs Qh 7d 4d 3c"], "Kc Kd Kh 6c 8d Jc",
                              bets={0: {"ante": 1000, "aces-up": 1000}, 1: {"ante": 1000, "aces-up": 1000}})
    events += act(FCP, state, "fold", 0)
    events += act(FCP, state, "fold", 1)
    got = settlements(events)
    assert (got[(0, "aces-up")].result, got[(0, "aces-up")].net) == ("win", 1000)
    assert got[(0, "ante")].net == -1000
    assert got[(1, "aces-up")].net == -1000 and "Qs" not in got[(1, "aces-up")].detail
    assert "Pair of queens" not in got[(1, "aces-up")].detail  # a folded hand is never described (D-016)


# ---------------------------------------------------------------------------------------
# The Bad Beat Bonus: paid by the beaten hand (002 s.3183-3208, D-331)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "dealer", "won"), [
    # the player's hand beaten by the P/D's
    ("9c 9d 9h 9s 2c", "Kc Kd Kh Ks 3d 4h", 25000000),     # 4 of a kind beaten 25,000 to 1
    ("5h 6h 7h 8h 2c", "Jc Jd Jh Js 3d 4h", 10000000),     # straight flush beaten 10,000 to 1
    ("3c 3h 3s Qs 2c", "Tc Td Th 9s 2d 4h", 100000),       # 3 of a kind beaten 100 to 1
    ("Ah Jh 9h 3h 2c", "Tc Td Th 9s 2d 4h", 25000),        # flush beaten 25 to 1
    ("9c Td Jh Qs 2c", "Ac Ad Ah 9s 2d 4h", 15000),        # straight beaten 15 to 1
    ("4c 4h 7s 7h 2c", "Qc Qd 6h 6s 2d 3h", 4000),         # 2 pair beaten 4 to 1
    # the P/D's hand beaten by the player's
    ("Kc Kd Kh Ks 2c", "9c 9d 9h 9s 3d 4h", 25000000),
    ("Qs Qh Qd Qc 2c", "5h 6h 7h 8h 3d 2d", 10000000),
    ("Jc Jd Jh 3s 2c", "4c 4h 4s Ts 2d 8h", 100000),
    ("Jc Jd Jh 3s 2c", "Ah Th 9h 3h 2d 6c", 25000),
    ("Jc Jd Jh 3s 2c", "9c Td Js Qs 2d 5h", 15000),
    ("Ac Ad 7c 7d 2c", "4c 4h 6s 6h 2d 9c", 4000),
])
def test_bad_beat_pays_by_the_beaten_hand_either_side(hand, dealer, won):
    got = played(hand, dealer, bets={0: {"ante": 1000, "bad-beat": 1000}})
    assert (got["bad-beat"].result, got["bad-beat"].net) == ("win", won)


@pytest.mark.parametrize(("hand", "dealer", "why"), [
    ("Ac Ad 7s 4h 2c", "Kc Kh Ks 6c 8d Jc", "under two pair"),      # a pair beaten pays nothing
    ("Kc Kh Ks 6c 2c", "Ac Ad 7s 4h 8d Jc", "under two pair"),      # nor a P/D's pair beaten
    ("4c 4h 7s 7h 2c", "4d 4s 7c 7d 3h 2d", "identical hands"),     # identical two pairs: no beat
])
def test_bad_beat_loses_without_a_beaten_hand_of_two_pair_or_better(hand, dealer, why):
    got = played(hand, dealer, bets={0: {"ante": 1000, "bad-beat": 1000}})
    assert (got["bad-beat"].result, got["bad-beat"].net) == ("lose", -1000)
    assert why in got["bad-beat"].detail


def test_a_folded_hand_loses_the_bad_beat_D331():
    state, events = fcp_round(["4c 4h 7s 7h 2c"], "Qc Qd 6h 6s 2d 3h", bets={0: {"ante": 1000, "bad-beat": 1000}})
    events += act(FCP, state, "fold", 0)
    got = settlements(events)
    assert got[(0, "bad-beat")].net == -1000 and "folded" in got[(0, "bad-beat")].detail


def test_each_seat_settles_ante_play_aces_up_bad_beat_in_order_D332():
    state, events = fcp_round(["4c 4h 7s 7h 2c", "Ac Ad Kc 9h 3c"], "Qc Qd 6h 6s 2d 3h",
                              bets={n: {"ante": 1000, "aces-up": 1000, "bad-beat": 1000} for n in (0, 1)})
    events += act(FCP, state, "play", 0, "1")
    events += act(FCP, state, "play", 1, "1")
    order_ = [(e.seat, e.bet) for e in events if isinstance(e, Settlement)]
    assert order_ == [(s, b) for s in (0, 1) for b in ("ante", "play", "aces-up", "bad-beat")]


# ---------------------------------------------------------------------------------------
# The deal, misdeals and privacy
# ---------------------------------------------------------------------------------------
def test_five_cards_to_each_player_and_six_to_the_player_dealer_one_face_up():
    state, _ = fcp_round(["Ac Ad 7s 4h 2c", "Kc Kh Ks 6c 3c"], "Qc Qd 6h 6s 2d 9h")
    assert state.seats[0].cards == ["Ac", "Ad", "7s", "4h", "2c"] and state.seats[1].cards == ["Kc", "Kh", "Ks", "6c", "3c"]
    assert state.dealer == ["Qc", "Qd", "6h", "6s", "2d", "9h"]
    assert FCP.up_card(state) == "9h"
    public = FCP.view(state, None)
    assert public["dealer"]["cards"] == [None] * 5 + ["9h"] and public["dealer"]["up_card"] == "9h"
    assert len(state.shoe.in_play) == 16


def test_a_duplicate_card_voids_the_round_and_returns_every_wager_D008_D010(monkeypatch):
    real = FCP.deal

    def bad_deal(state, rng, players, events):
        real(state, rng, players, events)
        state.seats[players[0]].cards[0] = state.dealer[0]

    monkeypatch.setattr(FCP, "deal", bad_deal)
    state, events = fcp_round(["Ac Ad 7s 4h 2c", "Kc Kh Ks 6c 3c"], "Qc Qd 6h 6s 2d 9h",
                              bets={0: {"ante": 1000, "aces-up": 2000}, 1: {"ante": 1000}})
    assert state.phase == "over" and state.void
    assert {k: (s.result, s.returned) for k, s in settlements(events).items()} == {
        (0, "ante"): ("void", 1000), (0, "aces-up"): ("void", 2000), (1, "ante"): ("void", 1000)}
    check_money(FCP, events, state)


def test_a_short_hand_voids_the_whole_table_irregularities_not_stated(monkeypatch):
    real = FCP.deal

    def short(state, rng, players, events):
        real(state, rng, players, events)
        state.shoe.remaining.insert(0, state.seats[players[0]].cards.pop())
        state.shoe.in_play.remove(state.shoe.remaining[0])

    monkeypatch.setattr(FCP, "deal", short)
    state, events = fcp_round(["Ac Ad 7s 4h 2c", "Kc Kh Ks 6c 3c"], "Qc Qd 6h 6s 2d 9h")
    got = settlements(events)
    assert state.void and got[(0, "ante")].result == got[(1, "ante")].result == "void"


def test_views_never_show_other_players_or_the_hole_cards_before_the_showdown():
    state, events = fcp_round(["Ac Ad 7s 4h 2c", "Kc Kh Ks 6c 3c"], "Qc Qd 6h 6s 2d 9h",
                              owners={0: "ann", 1: "bob"})
    viewers = [None, SYSTEM_SEAT, 0, 1, 2]
    check_views(FCP, state, viewers)
    assert FCP.view(state, 0)["seats"][0]["hand"] == "Pair of aces, 7-4 kickers"
    events += act(FCP, state, "fold", 1)
    check_views(FCP, state, viewers)
    events += act(FCP, state, "play", 0, "1")
    check_views(FCP, state, viewers)
    public = FCP.view(state, None)
    assert public["seats"][1]["cards"] == [None] * 5      # the folded hand is never turned up
    assert public["dealer"]["hand"] == "Two pair, queens and sixes"  # four cards: no kicker


# ---------------------------------------------------------------------------------------
# Bots
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "multiple"), [
    ("Ac Kd Qh Js 9c", 3),    # a straight: everything from two pair up plays 3x
    ("4c 4h 7s 7h 2c", 3),
    ("Tc Th 7s 4h 2c", 3),    # a pair of tens or better: 3x
    ("9c 9h 7s 4h 2c", 1),    # a pair of threes to nines: 1x
    ("3c 3h 7s 4h 2c", 1),
    ("2c 2h 7s 4h 9c", 0),    # deuces and no pair fold
    ("Ac Kd Qh 9s 7c", 0),
])
def test_bots_play_by_their_hand(hand, multiple):
    assert bot_multiple(evaluate_four(hand.split())) == multiple
    state, _ = fcp_round([hand], "5d 6d 8d Jd Qd Kh", bets={0: {"ante": 2000}})
    move = FCP.bot_action(state, 0)
    assert move == (Action("play", 0, str(multiple), multiple * 2000) if multiple else Action("fold", 0))


def test_bots_bet_the_minimum_ante_and_no_bonus():
    state = FCP.new_round(rules_for(GAME, VARIANT), SeededRng(0), None)
    assert FCP.bot_action(state, 0) == Action("bet", 0, "ante", 1000)


# ---------------------------------------------------------------------------------------
# Whole rounds
# ---------------------------------------------------------------------------------------
def test_a_seeded_round_replays_to_the_same_settlements():
    def run(seed: bytes):
        rng = SeededRng(seed)
        state = FCP.new_round(rules_for(GAME, VARIANT), rng, None)
        events = []
        for n in range(4):
            for spot in ("ante", "aces-up", "bad-beat"):
                events += FCP.apply(state, Action("bet", n, spot, 1000 * (n + 1)), rng)
        events += FCP.apply(state, Action("deal"), rng)
        while not FCP.is_over(state):
            seat = FCP.to_act(state)
            move = FCP.bot_action(state, seat)
            events += FCP.apply(state, move, rng)
        check_money(FCP, events, state)
        return state, [e for e in events if isinstance(e, Settlement)]

    state, first = run(b"four-card")
    assert run(b"four-card")[1] == first
    assert len(first) == sum(len(box.bets) for box in state.seats.values()) >= 4 * 3
    # Every settlement follows from the hands dealt: re-grade each seat's Ante by the ranking.
    dealer = evaluate_four(state.dealer)
    for s in first:
        box = state.seats[s.seat]
        if s.bet == "ante" and not box.folded:
            assert (s.result == "win") == (evaluate_four(box.cards) >= dealer)


@pytest.mark.parametrize("seed", range(60))
def test_random_rounds_keep_the_money_straight(seed):
    state, events = random_round(FCP, rules_for(GAME, VARIANT), seed, thorough=seed < 15)
    check_money(FCP, events, state)
