"""No Bust 21st Century Blackjack on the player-dealer table, dealt from stacked shoes: the
Lucky Derby 4.0 and Buster 4.0 editions (001 §36-§39) and the Crystal Park 4.0a and 4.0a Perfect
Pairs editions (003 §29-§30, §43-§45). The Natural and what it pays on each scale (22 at 4.0,
20½ at 4.0a), hands over a Natural that wait for the player-dealer (P/D), the both-over rules
and their 3-card pushes, the aces that count 11 up to 22 at 4.0, the players' forced moves,
the split limits, the Buster, Perfect Pairs and Blackjack Bonus tables line by line, the
"No Bust" aces in the shoe, the action button, the counter-clockwise settlement of 4.0a, a bank
that runs out mid-settlement, and the money of every hand.

Seat 0 banks; seats 1, 2 and 3 bet. Each test deals the cards that make its rule matter: with
an ordinary blackjack table's rule the figure would differ."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tests.engine.california import pdblackjack
from tests.engine.california import test_player_dealer_editions as editions_check
from tests.engine.california.pdblackjack import BETTORS, PD, act, check_money, kinds, nets, results
from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.test_blackjack_table import deal_order, stack_shoe
from webgame.engine.paytable import load_game
from webgame.engine.protocol import Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.blackjack import NO_BUST
from webgame.games.blackjack.engine import over_scale_result
from webgame.games.blackjack.sidebets import blackjack_bonus, buster, perfect_pairs
from webgame.games.california import action as seats_action
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable, position

GAME = "no-bust-21st-century-blackjack"
EDITIONS = ("4.0", "buster-4.0", "4.0a", "4.0a-perfect-pairs")
# Crystal Park's aces are all marked "No Bust" aces (003 s.1579): the shoe holds no other.
NA, NA2, NA3 = "As+no-bust", "Ah+no-bust", "Ad+no-bust"


def rules_for(variant: str, **options: Any) -> dict[str, Any]:
    return pdblackjack.rules_for(GAME, variant, **options)


def deal(variant: str, hands: Sequence[Sequence[str]], dealer: Sequence[str], draws: Sequence[str] = (), **kw: Any
         ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    return pdblackjack.deal_round(GAME, variant, hands, dealer, draws, **kw)


def stand_all(engine: PlayerDealerTable, state: PlayerDealerState, events: list[Event], stake: int = 100000
              ) -> Settlement:
    """Every hand still to act stands where it may (else the clock's move)."""
    pdblackjack.play_out(engine, state, events, stand=True)
    return check_money(events, stake)


# ---------------------------------------------------------------------------------------
# The game, its editions and its shoe
# ---------------------------------------------------------------------------------------
def test_every_edition_is_a_player_dealer_edition_of_its_own_game_on_the_blackjack_engine() -> None:
    assert set(load_game(GAME).variants) == set(EDITIONS)
    assert registry.engine(GAME) is NO_BUST and NO_BUST.family == "blackjack"
    for variant in EDITIONS:
        assert load_game(GAME).variants[variant].player_banked
        assert pd_engine(GAME, variant).inner is NO_BUST


@pytest.mark.parametrize("variant", EDITIONS)
def test_the_operators_fee_options_are_the_editions_printed_schedules(variant: str) -> None:
    editions_check.test_collection_fee_choices_are_the_editions_schedules(GAME, variant)


@pytest.mark.parametrize("variant", EDITIONS)
@pytest.mark.parametrize("seed", range(6))
def test_random_hands_settle_in_the_editions_order_within_the_stake(variant: str, seed: int) -> None:
    """A bank of one to twenty table minimums against three players who bet every spot and play
    at random: each wager has its place in the edition's order, the bank pays in that order
    until its stake runs out, every later wager goes back whole (D-466), nothing is made or lost."""
    chooser = random.Random(seed)
    engine = pd_engine(GAME, variant)
    rules = rules_for(variant)
    ed = engine.edition(rules)
    state = seated(engine, rules, [PD, *BETTORS])
    stake = engine.bank_limit(rules)[0] * chooser.choice([1, 2, 20])
    events = engine.apply(state, Action("bank", PD, "", stake), SeededRng(1))
    events += editions_check.play_out(engine, state, chooser, list(BETTORS))
    bank = check_money(events, stake)
    players = [e for e in events if isinstance(e, Settlement) and e.seat != PD]
    order = seats_action.settlement_order(engine._layout(state), position(state.action_seat or 0), ed.action.settle)
    kinds_of = [e.bet.split("/")[0] for e in players]
    assert set(kinds_of) <= set(ed.wager_order)
    ranks = [(ed.wager_order.index(k), order.index(position(e.seat))) if ed.settle_by == "wager"
             else (order.index(position(e.seat)), ed.wager_order.index(k)) for e, k in zip(players, kinds_of, strict=True)]
    assert ranks == sorted(ranks)
    if NO_ACTION in [e.result for e in players]:
        first = [e.result for e in players].index(NO_ACTION)
        assert all(e.result == NO_ACTION and e.returned == e.stake for e in players[first:])
    assert bank.returned >= 0


@pytest.mark.parametrize(("variant", "marked"), [("4.0", 0), ("buster-4.0", 0), ("4.0a", 24), ("4.0a-perfect-pairs", 24)])
def test_crystal_parks_aces_are_marked_no_bust_aces(variant: str, marked: int) -> None:
    """003 s.1579: every ace of the 4.0a decks is a "No Bust" ace; the Lucky Derby decks are
    standard (D-109: any ace is its "bonus ace")."""
    state = NO_BUST.new_round(rules_for(variant), SeededRng(0), None)
    cards = state.shoe.remaining
    assert len(cards) == 312
    flagged = [c for c in cards if c.endswith("+no-bust")]
    assert len(flagged) == marked and {c[0] for c in flagged} <= {"A"}
    assert sum(c[0] == "A" for c in cards) == 24


# ---------------------------------------------------------------------------------------
# The Natural
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "ace"), [("4.0", "As"), ("buster-4.0", "As"), ("4.0a", NA), ("4.0a-perfect-pairs", NA)])
def test_a_natural_pays_6_to_5_and_beats_the_pds_best_other_hand(variant: str, ace: str) -> None:
    """001 s.1324, 003 s.1667: an ace and a ten-value pays 6 to 5; it beats the P/D's 3-card
    22 (4.0's best total under the Natural) and 20 (4.0a's)."""
    dealer_draw = "6c" if variant.endswith("4.0") else "4c"  # 9 + 7 + 6 = 22; 9 + 7 + 4 = 20
    engine, state, events = deal(variant, [[ace, "Kd"], ["Tc", "9h"]], ["9d", "7h"], [dealer_draw])
    bank = stand_all(engine, state, events)
    assert nets(events, 1) == {"main": 1200}
    assert nets(events, 2) == {"main": -1000}  # 19 loses to 22 or 20
    assert bank.net == -200


@pytest.mark.parametrize(("variant", "ace", "ace2"), [("4.0", "As", "Ah"), ("4.0a", NA, NA2)])
def test_a_natural_against_the_pds_natural_pushes_and_ends_the_hand(variant: str, ace: str, ace2: str) -> None:
    """Rule 1 (001 s.1380, 003 s.1665): Natural against Natural pushes; the P/D peeks under an
    ace (D-110) and every other hand loses its wager only."""
    engine, state, events = deal(variant, [[ace, "Kd"], ["Tc", "9h"]], ["Qs", ace2])
    assert engine.is_over(state)
    check_money(events, 100000)
    assert results(events, 1) == {"main": "push"} and nets(events, 2) == {"main": -1000}


def test_a_split_ace_and_a_ten_is_21_not_a_natural_and_is_over_at_4_0a() -> None:
    """003 s.1694: no Natural after splitting aces; 21 is over 20½ (D-112). Against the P/D's
    20 the 21 loses, where at blackjack it would win."""
    engine, state, events = deal("4.0a", [[NA, NA2]], ["Tc", "Td"], ["Kh", "9s"])
    events += act(engine, state, "split", 1, 1000)
    stand_all(engine, state, events)
    hands = state.inner.seats[1].hands
    assert [c[0] for c in hands[0].cards] == ["A", "K"] and hands[0].status == "over"
    assert nets(events, 1) == {"main": -1000, "main/2": 0}  # A-9 is 20: a push


# ---------------------------------------------------------------------------------------
# Over a Natural: the both-over rules
# ---------------------------------------------------------------------------------------
def test_at_4_0_an_ace_counts_11_up_to_22_and_a_multi_card_22_is_the_best_total_under_the_natural() -> None:
    """D-112: A-5-6 counts 22, the player must stand on it; D-111: it beats the P/D's 21."""
    engine, state, events = deal("4.0", [["As", "5d"]], ["Tc", "4h"], ["6h", "7d"])
    events += act(engine, state, "hit", 1)
    assert state.inner.seats[1].hands[0].status == "stood"  # 22: no more cards
    stand_all(engine, state, events)
    assert [c[0] for c in state.inner.dealer] == ["T", "4", "7"]
    assert nets(events, 1) == {"main": 1000}


@pytest.mark.parametrize(("player", "hits", "dealer", "dealer_draws", "net"), [
    # 4.0 rule 2: under against the P/D over 22 wins: 17 against 25.
    (["Tc", "7d"], [], ["Td", "6h"], ["9s"], 1000),
    # rule 7: over against the P/D under loses: 23 against 18.
    (["Tc", "5d"], ["8s"], ["Td", "8h"], [], -1000),
    # rule 6: both over and tied, the P/D wins: 23 against 23.
    (["Tc", "5d"], ["8s"], ["Td", "6h"], ["7c"], -1000),
    # rule 5b: both over, the player closer still loses: 24 against 26.
    (["Tc", "6d"], ["8s"], ["Td", "6h"], ["Th"], -1000),
    # rule 5b: a 3-card 25 closer than the P/D's 26 pushes (001 s.1390).
    (["Tc", "6d"], ["9s"], ["Td", "6h"], ["Th"], 0),
    # …but a 4-card 25 loses.
    (["5c", "6d"], ["4s", "Kh"], ["Td", "6h"], ["Th"], -1000),
    # …and a 3-card 25 against the P/D's 25 is a tie over a Natural: the P/D wins (rule 6).
    (["Tc", "6d"], ["9s"], ["Td", "6h"], ["9h"], -1000),
    # D-111: a multi-card 22 against the P/D's multi-card 22 pushes.
    (["Tc", "5d"], ["7s"], ["Td", "5h"], ["7c"], 0),
])
def test_the_4_0_both_over_rules(player: list[str], hits: list[str], dealer: list[str], dealer_draws: list[str],
                                 net: int) -> None:
    engine, state, events = deal("4.0", [player], dealer, [*hits, *dealer_draws])
    for _ in hits:
        events += act(engine, state, "hit", 1)
    stand_all(engine, state, events)
    assert len(state.inner.dealer) == 2 + len(dealer_draws)
    assert nets(events, 1) == {"main": net}


@pytest.mark.parametrize(("player", "dealer", "expect"), [
    # 4.0a: 21 is over a Natural of 20½, so a player 21 loses to the P/D's 20.
    (["7c", "7d", "7h"], ["Tc", "Td"], "lose"),
    # both under: 20 against 20 pushes.
    (["Tc", "Td"], ["Ts", "Th"], "push"),
    # under against over: 12 against 21 wins.
    (["Tc", "2d"], ["9s", "5h", "7c"], "win"),
    # both over, the player's 3-card 21 closer than the P/D's 3-card 23: push (D-118).
    (["7c", "7d", "7h"], ["9s", "5h", "9c"], "push"),
    # …against the P/D's 3-card 25 too, and a 3-card 22 with no ace still loses (rule 5c).
    (["7c", "7d", "7h"], ["9s", "6h", "Tc"], "push"),
    (["8c", "7d", "7h"], ["9s", "6h", "Tc"], "lose"),
    # a 4-card over hand loses (rule 5d).
    (["5c", "5d", "5h", "6c"], ["9s", "5h", "9c"], "lose"),
    # the P/D's 4-card 23 gives no push.
    (["7c", "7d", "7h"], ["2s", "3h", "9c", "9d"], "lose"),
    # the P/D's 3-card 26 is not 23-25: the closer player still loses.
    (["7c", "7d", "7h"], ["9s", "7h", "Tc"], "lose"),
    # the P/D wins ties over a Natural: 24 against 24.
    (["8c", "8d", "8h"], ["9s", "5h", "Tc"], "lose"),
])
def test_the_4_0a_both_over_rules(player: list[str], dealer: list[str], expect: str) -> None:
    """003 s.1669-1693 as D-118 reads it, graded by the engine's own comparison."""
    rules = rules_for("4.0a")
    assert over_scale_result(rules, player, dealer)[0] == expect


def test_a_4_0a_push_against_the_pds_3_card_23_dealt_and_drawn() -> None:
    """The same rule through a whole hand: 7-7 hits a 7 (21, over, and waits); the P/D's 9-5
    draws a 9 (23, three cards): push, where 4.0's scale would have the player win."""
    engine, state, events = deal("4.0a", [["7c", "7d"], ["Tc", "8d"]], ["9s", "5h"], ["7h", "9c"])
    events += act(engine, state, "hit", 1)
    assert state.inner.seats[1].hands[0].status == "over" and not nets(events, 1)  # it waits
    stand_all(engine, state, events)
    assert [c[0] for c in state.inner.dealer] == ["9", "5", "9"]
    assert results(events, 1) == {"main": "push"} and nets(events, 2) == {"main": 1000}


# ---------------------------------------------------------------------------------------
# The players' charts, doubles, splits, insurance
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "cards", "may_hit", "may_stand"), [
    ("4.0", ["5c", "6d"], True, False),    # 11 or less: must hit (001 s.1373)
    ("4.0", ["Tc", "2d"], True, True),     # 12-20: option
    ("4.0a", ["5c", "6d"], True, False),   # 003 s.1633
    ("4.0a", ["Tc", "Kd"], True, True),    # 20: option
])
def test_the_players_forced_stands_and_hits(variant: str, cards: list[str], may_hit: bool, may_stand: bool) -> None:
    engine, state, _ = deal(variant, [cards], ["9d", "5h"])
    legal = kinds(engine, state, 1)
    assert ("hit" in legal) is may_hit and ("stand" in legal) is may_stand


def test_a_hand_of_21_must_stand() -> None:
    """Soft and hard 21 (001 s.1373, D-603): no card, no double."""
    engine, state, events = deal("4.0", [["9c", "2d"]], ["9d", "5h"], ["Kh"])
    events += act(engine, state, "hit", 1)
    assert engine.to_act(state) != 1 or "hit" not in kinds(engine, state, 1)
    assert state.inner.seats[1].hands[0].status == "stood"


@pytest.mark.parametrize(("variant", "least"), [("4.0", 1), ("4.0a", 500)])
def test_insurance_is_up_to_half_at_4_0_and_exactly_half_at_4_0a(variant: str, least: int) -> None:
    """D-110: c001 "up to 1/2" (s.1420), c003 "betting half (1/2)" (s.1699); 2 to 1."""
    ace = "Ah" if variant == "4.0" else NA2
    engine, state, events = deal(variant, [["Tc", "9d"]], [ace, "Kc"])
    offer = next(lg for lg in engine.legal_actions(state, 1) if lg.kind == "insurance")
    assert (offer.min, offer.max) == (least, 500)
    if least == 500:
        with pytest.raises(IllegalAction):
            act(engine, state, "insurance", 1, 300)
    events += act(engine, state, "insurance", 1, 500)
    check_money(events, 100000)
    assert nets(events, 1) == {"insurance": 1000, "main": -1000}


def test_double_for_less_on_any_two_cards() -> None:
    engine, state, events = deal("4.0", [["Tc", "5d"]], ["9d", "7h"], ["6h", "Kc"])
    offer = next(lg for lg in engine.legal_actions(state, 1) if lg.kind == "double")
    assert (offer.min, offer.max) == (100, 1000)
    events += act(engine, state, "double", 1, 400)
    stand_all(engine, state, events)
    assert nets(events, 1) == {"main": 1000, "main/double": 400}  # 21 against the P/D's 26


@pytest.mark.parametrize(("variant", "pair", "splits"), [
    ("4.0", ["Kc", "Qd"], True),             # any two cards of equal value (D-113)
    ("4.0a", ["Kc", "Qd"], False),           # ten-values only of one rank (003 s.1693)
    ("4.0a", ["Kc", "Kd"], True),
    ("4.0a-perfect-pairs", ["Kc", "Qd"], False),
])
def test_which_ten_value_pairs_split(variant: str, pair: list[str], splits: bool) -> None:
    engine, state, _ = deal(variant, [pair], ["9d", "7h"])
    assert ("split" in kinds(engine, state, 1)) is splits


def test_4_0a_resplits_aces_to_four_hands_and_the_perfect_pairs_edition_splits_them_once() -> None:
    """003 s.1694: aces up to 3 splits, one card each; 003 s.2563: once in the Perfect Pairs edition."""
    engine, state, events = deal("4.0a", [[NA, NA2]], ["9d", "7h"], [NA3, "5c", "6c", "7c"])
    events += act(engine, state, "split", 1, 1000)
    assert kinds(engine, state, 1) == {"split", "stand"}  # the first ace drew an ace
    events += act(engine, state, "split", 1, 1000)
    assert len(state.inner.seats[1].hands) == 3
    stand_all(engine, state, events)
    assert all(len(h.cards) == 2 for h in state.inner.seats[1].hands)
    engine, state, events = deal("4.0a-perfect-pairs", [[NA, NA2]], ["9d", "7h"], [NA3, "5c"])
    events += act(engine, state, "split", 1, 1000)
    assert engine.to_act(state) != 1  # one card each, no resplit: two hands at most
    assert len(state.inner.seats[1].hands) == 2


def test_the_perfect_pairs_edition_splits_tens_to_three_hands() -> None:
    engine, state, events = deal("4.0a-perfect-pairs", [["Kc", "Kd"]], ["9d", "7h"], ["Kh", "Ks", "9c"])
    events += act(engine, state, "split", 1, 1000)
    events += act(engine, state, "split", 1, 1000)
    assert len(state.inner.seats[1].hands) == 3 and "split" not in kinds(engine, state, 1)


# ---------------------------------------------------------------------------------------
# Buster Blackjack, Perfect Pairs and the Blackjack Bonus Bet
# ---------------------------------------------------------------------------------------
BUSTS_4_0 = [  # the P/D's hands (up, hole, draws) that go over 22 with 3 … 8 cards
    (["9d", "7h"], ["Kc"]),
    (["5d", "6h"], ["5c", "Kc"]),
    (["2d", "3h"], ["4c", "5c", "9c"]),
    (["2d", "2h"], ["3c", "3h", "4c", "9c"]),
    (["2d", "2h"], ["2c", "2s", "3c", "3h", "9c"]),
    (["2d", "2h"], ["2c", "2s", "2d", "2h", "2c", "9c"]),
]


@pytest.mark.parametrize(("dealer", "line", "won"), [
    (BUSTS_4_0[0], "bust-3-cards", 2000), (BUSTS_4_0[1], "bust-4-cards", 2000), (BUSTS_4_0[2], "bust-5-cards", 4000),
    (BUSTS_4_0[3], "bust-6-cards", 15000), (BUSTS_4_0[4], "bust-7-cards", 50000),
    (BUSTS_4_0[5], "bust-8-or-more-cards", 300000),
])
def test_buster_4_0_pays_by_the_cards_of_the_pds_bust_over_22(dealer: tuple[list[str], list[str]], line: str,
                                                               won: int) -> None:
    """001 s.1621-1626 (D-121): 3 or 4 cards 2 to 1, 5 cards 4 to 1, 6 cards 15 to 1, 7 cards
    50 to 1, 8 or more 300 to 1."""
    up_hole, draws = dealer
    engine, state, events = deal("buster-4.0", [["Tc", "8d"]], up_hole, draws,
                                 bets={1: {"main": 1000, "buster-blackjack": 1000}}, stake=10**9)
    stand_all(engine, state, events, stake=10**9)
    assert len(state.inner.dealer) == len(up_hole) + len(draws)
    assert buster(state.inner.dealer, 22, 22) == line
    assert nets(events, 1) == {"main": 1000, "buster-blackjack": won}


def test_a_pd_22_is_no_bust_at_4_0() -> None:
    """D-111, D-121: the P/D's 3-card 22 is under the Natural: the Buster loses, and 22 beats 18."""
    engine, state, events = deal("buster-4.0", [["Tc", "8d"]], ["9d", "7h"], ["6c"],
                                 bets={1: {"main": 1000, "buster-blackjack": 500}})
    stand_all(engine, state, events)
    assert nets(events, 1) == {"main": -1000, "buster-blackjack": -500}


BUSTS_4_0A = [  # over 20½: 21 or more
    (["9d", "5h"], ["7c"]),                                # 21 with 3 cards
    (["5d", "6h"], ["5c", "Kc"]),
    (["2d", "3h"], ["4c", "5c", "9c"]),
    (["2d", "2h"], ["3c", "3h", "4c", "9c"]),
    (["2d", "2h"], ["2c", "2s", "3c", "3h", "9c"]),
    (["2d", "2h"], ["2c", "2s", "2d", "2h", "2c", "9c"]),
]


@pytest.mark.parametrize(("variant", "dealer", "line", "won"), [
    ("4.0a", BUSTS_4_0A[0], "bust-3-cards", 1000), ("4.0a", BUSTS_4_0A[1], "bust-4-cards", 3000),
    ("4.0a", BUSTS_4_0A[2], "bust-5-cards", 5000), ("4.0a", BUSTS_4_0A[3], "bust-6-cards", 20000),
    ("4.0a", BUSTS_4_0A[4], "bust-7-cards", 200000), ("4.0a", BUSTS_4_0A[5], "bust-8-or-more-cards", 500000),
    ("4.0a-perfect-pairs", BUSTS_4_0A[3], "bust-6-cards", 25000),   # 003 s.2648 (D-123)
    ("4.0a-perfect-pairs", BUSTS_4_0A[4], "bust-7-cards", 100000),  # 003 s.2649
    ("4.0a-perfect-pairs", BUSTS_4_0A[0], "bust-3-cards", 1000),
])
def test_the_4_0a_busters_pay_by_the_cards_of_the_pds_hand_over_20_and_a_half(
        variant: str, dealer: tuple[list[str], list[str]], line: str, won: int) -> None:
    """003 s.1739-1744 and s.2645-2650: a P/D 21 is already a bust on this scale."""
    up_hole, draws = dealer
    engine, state, events = deal(variant, [["Tc", "8d"]], up_hole, draws,
                                 bets={1: {"main": 1000, "buster-blackjack": 1000}}, stake=10**9)
    stand_all(engine, state, events, stake=10**9)
    assert buster(state.inner.dealer, 20, 21) == line
    assert nets(events, 1)["buster-blackjack"] == won


def test_the_pd_completes_its_hand_for_a_buster_when_every_player_has_a_natural() -> None:
    """001 s.1612, 003 s.1725: no base wager left, the Buster still rides on the P/D's hand."""
    engine, state, events = deal("4.0a", [[NA, "Kd"]], ["9d", "5h"], ["7c"],
                                 bets={1: {"main": 1000, "buster-blackjack": 1000}})
    stand_all(engine, state, events)
    assert len(state.inner.dealer) == 3
    assert nets(events, 1) == {"main": 1200, "buster-blackjack": 1000}


@pytest.mark.parametrize(("cards", "line", "won"), [
    (["Kc", "Kc"], "perfect-pair", 25000),   # 003 s.2667: identical (two decks or more)
    (["Kh", "Kd"], "coloured-pair", 12000),  # s.2668
    (["Kh", "Ks"], "mixed-pair", 6000),      # s.2670
    (["Kh", "Qh"], None, -1000),             # D-124: K-Q is no pair
])
def test_perfect_pairs_line_by_line(cards: list[str], line: str | None, won: int) -> None:
    assert perfect_pairs(cards) == line
    engine, state, events = deal("4.0a-perfect-pairs", [cards], ["9d", "7h"], ["5c"],
                                 bets={1: {"main": 1000, "perfect-pairs": 1000}})
    stand_all(engine, state, events)
    assert nets(events, 1)["perfect-pairs"] == won


def test_perfect_pairs_may_not_exceed_the_game_wager() -> None:
    """003 s.2660."""
    engine = pd_engine(GAME, "4.0a-perfect-pairs")
    state = seated(engine, rules_for("4.0a-perfect-pairs"), [PD, 1])
    engine.apply(state, Action("bank", PD, "", 100000), SeededRng(1))
    engine.apply(state, Action("bet", 1, "main", 1000), SeededRng(1))
    offer = next(lg for lg in engine.legal_actions(state, 1) if lg.spot == "perfect-pairs")
    assert offer.max == 1000
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("bet", 1, "perfect-pairs", 1100), SeededRng(1))


@pytest.mark.parametrize(("hand", "line", "won"), [
    (["As", "Ks"], "blackjack-suited", 10000),           # 001 s.299: the Natural of one suit, 10 to 1
    (["Ah", "Kd"], "blackjack-same-colour", 5000),       # s.300
    (["Ah", "Ks"], "blackjack-unsuited", 3000),          # s.301
    (["2c", "3d", "2h", "3s", "4c", "8d"], "six-card-no-bust", 20000),  # six cards and 22: no bust here (D-141)
    (["7c", "7d", "7h"], "seven-seven-seven-unsuited", 75000),
    (["Kc", "Qd"], "two-card-20", 0),                    # s.313: push
])
def test_the_blackjack_bonus_bet_on_the_no_bust_scale(hand: list[str], line: str, won: int) -> None:
    """001 §39 at No Bust 4.0 (D-140, D-141): the Natural is the ace and ten; six cards count
    up to 22. The same six cards are a bust at a 21 table."""
    assert blackjack_bonus(hand[:2], hand, False, 22, 22) == line
    if line == "six-card-no-bust":
        assert blackjack_bonus(hand[:2], hand, False) is None  # 22 busts at a 21 table
    engine, state, events = deal("4.0", [hand[:2]], ["9d", "7h"], [*hand[2:], "Kc"],
                                 bets={1: {"main": 1000, "blackjack-bonus-bet": 1000}})
    for _ in hand[2:]:
        events += act(engine, state, "hit", 1)
    stand_all(engine, state, events)
    assert nets(events, 1)["blackjack-bonus-bet"] == won


# ---------------------------------------------------------------------------------------
# The action button and the bank's coverage
# ---------------------------------------------------------------------------------------
def test_the_pds_second_card_counted_from_the_pd_sets_the_action_seat() -> None:
    """001 s.1357 (D-110, D-479): the P/D's second card, the P/D as 0, seats counted clockwise."""
    engine, state, events = deal("4.0", [["Tc", "8d"], ["Tc", "8s"], ["Th", "8h"]], ["9d", "2h"], ["Kc"])
    assert not state.action_card
    stand_all(engine, state, events)
    assert state.action_card == "2h"
    assert position(state.action_seat) == 3  # the second seat clockwise from the P/D in seat 1


def test_buster_4_0_settles_every_base_wager_before_any_buster_and_a_short_bank_returns_the_rest() -> None:
    """001 s.1561 (D-121): all base wagers from the action seat, then all Busters; a $45 bank
    pays three $10 winners and $15 of the first Buster's 2 to 1, the other Busters get no action."""
    bets = {s: {"main": 1000, "buster-blackjack": 1000} for s in BETTORS}
    engine, state, events = deal("buster-4.0", [["Tc", "8d"], ["Tc", "8s"], ["Th", "8h"]], ["9d", "7h"], ["Kc"],
                                 bets=bets, stake=4500)
    stand_all(engine, state, events, stake=4500)
    settled = [e for e in events if isinstance(e, Settlement) and e.seat != PD]
    assert [e.bet for e in settled] == ["main"] * 3 + ["buster-blackjack"] * 3
    assert [e.net for e in settled] == [1000, 1000, 1000, 1500, 0, 0]
    assert [e.result for e in settled][-2:] == [NO_ACTION, NO_ACTION]


def test_4_0a_settles_counter_clockwise_from_the_action_seat() -> None:
    """003 s.1650 and Buster rule 9 (D-122): from the action button, counter-clockwise; a $15
    bank against three $10 winners pays the action seat, then the seat to its right."""
    engine, state, events = deal("4.0a", [["Tc", "8d"], ["Tc", "8s"], ["Th", "8h"]], ["9d", "7h"], ["Kc"],
                                 stake=1500)
    stand_all(engine, state, events, stake=1500)
    order = seats_action.settlement_order(engine._layout(state), position(state.action_seat), "counter-clockwise")
    seats = [p - 1 for p in order]
    assert [nets(events, s)["main"] for s in seats] == [1000, 500, 0]
    clockwise = seats_action.settlement_order(engine._layout(state), position(state.action_seat), "clockwise")
    assert order[1] != clockwise[1]


def test_the_perfect_pairs_edition_settles_from_the_dealers_right_counter_clockwise() -> None:
    """003 s.2572 (D-122): seat 3, the nearest the dealer's right, first; a $15 bank pays it and
    half of seat 2; seat 1 gets no action."""
    engine, state, events = deal("4.0a-perfect-pairs", [["Tc", "8d"], ["Tc", "8s"], ["Th", "8h"]], ["9d", "7h"],
                                 ["Kc"], stake=1500)
    stand_all(engine, state, events, stake=1500)
    assert [nets(events, s)["main"] for s in (3, 2, 1)] == [1000, 500, 0]
    assert results(events, 1) == {"main": NO_ACTION}


@pytest.mark.parametrize(("variant", "backline"), [("4.0", "base"), ("buster-4.0", "base"), ("4.0a", "base"),
                                                    ("4.0a-perfect-pairs", "none")])
def test_bets_behind_only_on_the_base_wager_and_never_at_the_perfect_pairs_edition(variant: str, backline: str) -> None:
    """D-474: the base game only at 4.0, Buster 4.0 and 4.0a; never at the Perfect Pairs edition."""
    engine = pd_engine(GAME, variant)
    assert engine.edition(rules_for(variant)).backline == backline


def test_a_bet_behind_follows_the_base_wager_and_never_the_buster() -> None:
    """D-474: at 4.0a a seated player may bet behind another seat's base wager, not its Buster;
    the bet behind rides on that hand's result and settles right after it."""
    engine = pd_engine(GAME, "4.0a")
    state = seated(engine, rules_for("4.0a"), [PD, *BETTORS])
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", 100000), rng)
    stack_shoe(state.inner.shoe, deal_order([["Tc", "8d"], ["Tc", "5s"]], ["9d", "7h"], ["Kc"]))
    events += engine.apply(state, Action("bet", 1, "main", 1000), rng)
    events += engine.apply(state, Action("bet", 1, "buster-blackjack", 500), rng)
    events += engine.apply(state, Action("bet", 2, "main", 1000), rng)
    offered = {lg.spot for lg in engine.legal_actions(state, 3) if lg.kind == "behind"}
    assert offered == {"1:main", "2:main"}  # no Buster behind (003 s.1716)
    events += engine.apply(state, Action("behind", 3, "1:main", 2000), rng)
    events += engine.apply(state, Action("deal", 1), rng)
    stand_all(engine, state, events)
    settled = [e for e in events if isinstance(e, Settlement)]
    main = next(e for e in settled if (e.seat, e.bet) == (1, "main"))
    behind = next(e for e in settled if (e.seat, e.bet) == (3, "main/behind-spot-2"))
    assert main.net == 1000 and behind.net == 2000  # 18 against the P/D's 26
    assert settled.index(behind) == settled.index(main) + 1
