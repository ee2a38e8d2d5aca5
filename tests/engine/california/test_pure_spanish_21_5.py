"""Pure Spanish 21.5 / Pure 21.5 Blackjack on the player-dealer table, dealt from stacked shoes:
the Lucky Derby (001 §34-§35, §39), Lucky Chances house-rules (002 §20) and Bureau (002 §33-§34)
and Crystal Park (003 §37-§38) editions. The Bonus cards in the shoe, the 21.5 and what it pays,
the P/D's 8-8-8, the forced stands and hits, double-double and rescue, the late surrender, the
Match the Dealer, Buster and Blackjack Bonus tables line by line, the action button set by the
P/D's down card, a bank that runs out mid-settlement, and the money of every hand (the bank
pays and collects within its stake; the house takes only the fees).

Seat 0 banks; seats 1, 2 and 3 bet. Each test deals the cards that make its rule matter: with
the rule wrong (an ordinary blackjack table's rule instead) the figure would differ."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from tests.engine.california import pdblackjack
from tests.engine.california import test_player_dealer_editions as editions_check
from tests.engine.california.pdblackjack import BETTORS, PD, act, check_money, kinds, nets, results
from tests.engine.california.pdhelp import pd_engine, seated
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games import registry
from webgame.games.blackjack import PURE_SPANISH_21_5
from webgame.games.blackjack.sidebets import blackjack_bonus, buster
from webgame.games.california import action as seats_action
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable, position

GAME = "pure-spanish-21-5"
EDITIONS = ("lucky-derby", "lucky-chances-2009", "lucky-chances-bgc", "crystal-park")

# Bonus cards as the shoe holds them.
K, Q, J = "Ks+bonus", "Qh+bonus", "Jd+bonus"
K2, Q2 = "Kh+bonus", "Qc+bonus"
T = "Tc+bonus"  # the Lucky Chances decks keep their 10s, as Bonus cards


def rules_for(variant: str, **options: Any) -> dict[str, Any]:
    return pdblackjack.rules_for(GAME, variant, **options)


def deal(variant: str, hands: Sequence[Sequence[str]], dealer: Sequence[str], draws: Sequence[str] = (), **kw: Any
         ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    return pdblackjack.deal_round(GAME, variant, hands, dealer, draws, **kw)


def finish(engine: PlayerDealerTable, state: PlayerDealerState, events: list[Event], stake: int = 100000) -> Settlement:
    """Every seat still to act takes the move its timer would make."""
    pdblackjack.play_out(engine, state, events, stand=False)
    return check_money(events, stake)


# ---------------------------------------------------------------------------------------
# The game, its editions and its shoe
# ---------------------------------------------------------------------------------------
def test_every_edition_is_a_player_dealer_edition_of_its_own_game_on_the_blackjack_engine() -> None:
    assert set(load_game(GAME).variants) == set(EDITIONS)
    assert registry.engine(GAME) is PURE_SPANISH_21_5 and PURE_SPANISH_21_5.family == "blackjack"
    for variant in EDITIONS:
        assert load_game(GAME).variants[variant].player_banked
        assert pd_engine(GAME, variant).inner is PURE_SPANISH_21_5


@pytest.mark.parametrize("variant", EDITIONS)
def test_the_operators_fee_options_are_the_editions_printed_schedules(variant: str) -> None:
    editions_check.test_collection_fee_choices_are_the_editions_schedules(GAME, variant)


@pytest.mark.parametrize("variant", EDITIONS)
@pytest.mark.parametrize("seed", range(6))
def test_random_hands_settle_in_the_editions_order_within_the_stake(variant: str, seed: int) -> None:
    """A bank of one to twenty table minimums against three players who bet every spot and play
    at random: each wager (doubles and splits settle with their hand, "main/…") has its place
    in the edition's order; the bank pays in that order until its stake runs out, every later
    wager goes back whole (D-466), and nothing is made or lost."""
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


@pytest.mark.parametrize(("variant", "size", "bonus", "ranks"), [
    ("lucky-derby", 288, 72, "JQK"),        # 6 x 48: no 10s, Bonus K/Q/J (001 s.808)
    ("crystal-park", 288, 72, "JQK"),       # 003 s.2174
    ("lucky-chances-2009", 312, 96, "TJQK"),  # 6 x 52, Bonus K/Q/J/10 (002 s.2002-2008, D-099)
    ("lucky-chances-bgc", 312, 96, "TJQK"),   # 002 s.4262
])
def test_the_shoe_holds_the_editions_bonus_cards(variant: str, size: int, bonus: int, ranks: str) -> None:
    state = PURE_SPANISH_21_5.new_round(rules_for(variant), SeededRng(0), None)
    cards = state.shoe.remaining
    assert len(cards) == size
    marked = [c for c in cards if c.endswith("+bonus")]
    assert len(marked) == bonus and {c[0] for c in marked} == set(ranks)
    assert not [c for c in cards if c[0] in ranks and not c.endswith("+bonus")]
    assert ("T" in ranks) == any(c[0] == "T" for c in cards)


def test_a_shoe_carried_from_another_card_stock_is_replaced() -> None:
    """A table whose edition changed between rounds starts a shoe of the new stock."""
    old = PURE_SPANISH_21_5.new_round(rules_for("lucky-chances-2009"), SeededRng(0), None)
    plain = registry.engine("blackjack").new_round(resolve(load_game("blackjack").variants["grand-ronde"]),
                                                   SeededRng(0), None)
    fresh = PURE_SPANISH_21_5.new_round(rules_for("lucky-chances-2009"), SeededRng(0),
                                        registry.engine("blackjack").carry(plain))
    assert sum(c.endswith("+bonus") for c in fresh.shoe.remaining) == 96
    assert sum(c.endswith("+bonus") for c in old.shoe.remaining) == 96


# ---------------------------------------------------------------------------------------
# The 21.5
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "ace_and", "won"), [
    ("lucky-derby", K, 1200),         # 6 to 5 (001 s.810, D-086)
    ("crystal-park", Q, 1500),        # 3 to 2 (003 s.2192, D-086)
    ("lucky-chances-2009", T, 1500),  # the Bonus 10 makes it too, 3 to 2 (002 s.2008)
    ("lucky-chances-bgc", J, 1500),   # 002 s.4273
])
def test_an_ace_and_a_bonus_card_is_a_pure_21_5_paid_at_the_editions_rate(variant: str, ace_and: str, won: int) -> None:
    engine, state, events = deal(variant, [["Ah", ace_and], ["9c", "8c"]], ["7d", "9s"], [K2])
    bank = finish(engine, state, events)
    assert nets(events, 1) == {"main": won} and nets(events, 2) == {"main": 1000}  # the P/D's 16 draws a K: bust
    assert "Pure 21.5 pays" in next(e.detail for e in events if isinstance(e, Settlement) and e.seat == 1)
    assert bank.net == -(won + 1000)


@pytest.mark.parametrize(("variant", "player_result", "player_net"), [
    ("lucky-derby", "win", 1200),        # both Pure 21.5: the player wins (001 s.870)
    ("crystal-park", "win", 1500),       # 003 s.2253
    ("lucky-chances-2009", "push", 0),   # D-105
    ("lucky-chances-bgc", "push", 0),    # Bureau rule 1
])
def test_pure_21_5_against_the_pd_s(variant: str, player_result: str, player_net: int) -> None:
    ten = T if variant.startswith("lucky-chances") else K2
    engine, state, events = deal(variant, [["As", K], ["9c", "9d"]], ["Ad", ten])
    assert engine.is_over(state)  # the peek ends the hand before anyone draws
    check_money(events, 100000)
    assert results(events, 1) == {"main": player_result} and nets(events, 1) == {"main": player_net}
    assert nets(events, 2) == {"main": -1000}  # every other hand loses its wager only


def test_the_pd_peeks_with_a_bonus_card_up() -> None:
    """D-101: a Bonus card up makes the P/D check for the 21.5 before anyone plays."""
    engine, state, events = deal("lucky-chances-bgc", [["9c", "9d"]], [T, "Ad"])
    assert engine.is_over(state) and nets(events, 1) == {"main": -1000}
    assert state.inner.peeked and state.inner.dealer_blackjack


def test_an_ace_and_a_bonus_card_after_a_split_is_21_not_21_5() -> None:
    """D-087, 002 s.2067: a split ace with a Bonus card is 21, paid 1 to 1."""
    engine, state, events = deal("lucky-chances-2009", [["As", "Ac"]], ["9d", "Ts+bonus"], ["Kh+bonus", "Qd+bonus"])
    events += act(engine, state, "split", 1, 1000)
    bank = finish(engine, state, events)
    assert nets(events, 1) == {"main": 1000, "main/2": 1000}  # two 21s against 19, at 1 to 1
    assert bank.net == -2000


# ---------------------------------------------------------------------------------------
# 21 against 21, and the 8-8-8
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "net"), [
    ("lucky-derby", 1000),        # both 21: the player wins (001 s.878)
    ("crystal-park", 1000),       # 003 s.2260
    ("lucky-chances-2009", 0),    # equal totals push (002 s.2015-2019)
    ("lucky-chances-bgc", 0),
])
def test_a_player_21_against_the_pd_21(variant: str, net: int) -> None:
    engine, state, events = deal(variant, [["7c", "7d"]], ["9s", "5h"], ["7s", "7h"])
    events += act(engine, state, "hit", 1)  # 21: stands
    finish(engine, state, events)
    assert [c[0] for c in state.inner.dealer] == ["9", "5", "7"]
    assert nets(events, 1) == {"main": net}


@pytest.mark.parametrize("variant", EDITIONS)
def test_a_pd_8_8_8_pushes_every_busted_hand(variant: str) -> None:
    """001 s.882, 002 s.2021, 003 s.2262 (D-103): a busted hand waits for the P/D; against its
    8-8-8 it pushes, while a standing hand beats the bust."""
    ten = T if variant.startswith("lucky-chances") else K
    engine, state, events = deal(variant, [["9c", "5d"], [ten, "9h"]], ["8c", "8d"], ["Qh+bonus" if ten == K else "Td+bonus", "8s"])
    events += act(engine, state, "hit", 1)  # 14 + 10: busts, and waits
    assert not [e for e in events if isinstance(e, Settlement) and e.seat == 1]
    finish(engine, state, events)
    assert [c[0] for c in state.inner.dealer] == ["8", "8", "8"]
    assert results(events, 1) == {"main": "push"} and nets(events, 2) == {"main": 1000}


@pytest.mark.parametrize("variant", EDITIONS)
def test_any_other_pd_bust_still_takes_a_busted_hand(variant: str) -> None:
    ten = T if variant.startswith("lucky-chances") else K
    engine, state, events = deal(variant, [["9c", "5d"]], ["8c", "8d"], [ten, "9s"])
    events += act(engine, state, "hit", 1)
    finish(engine, state, events)
    assert [c[0] for c in state.inner.dealer] == ["8", "8", "9"]
    assert results(events, 1) == {"main": "lose"}


def test_the_pd_draws_to_its_8_8_8_even_when_every_player_has_busted() -> None:
    engine, state, events = deal("lucky-derby", [["9c", "5d"]], ["8c", "8d"], [K, "8s"])
    events += act(engine, state, "hit", 1)
    finish(engine, state, events)
    assert len(state.inner.dealer) == 3 and nets(events, 1) == {"main": 0}


# ---------------------------------------------------------------------------------------
# The players' charts
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "cards", "may_hit", "may_stand"), [
    ("lucky-derby", [K, "7c"], False, True),          # hard 17: must stand (D-085)
    ("lucky-derby", ["9c", "7c"], True, True),        # hard 16: option
    ("lucky-derby", ["Ac", "6c"], True, True),        # soft 17: option
    ("lucky-derby", ["5c", "4d"], True, True),        # hard 9: option, no forced hit (D-085)
    ("crystal-park", [K, "7c"], False, True),         # 003 Chart 1A
    ("lucky-chances-2009", [T, "7c"], True, True),    # hard 17: option here
    ("lucky-chances-2009", [T, "9c"], False, True),   # hard 19: must stand (002 s.2138)
    ("lucky-chances-2009", ["5c", "6d"], True, False),  # hard 11: must hit (002 s.2141)
    ("lucky-chances-bgc", [T, "9c"], False, True),    # 002 s.4501
    ("lucky-chances-bgc", ["5c", "4d"], True, False),
])
def test_the_players_forced_stands_and_hits(variant: str, cards: list[str], may_hit: bool, may_stand: bool) -> None:
    engine, state, _ = deal(variant, [cards], ["9d", "5h"])
    legal = kinds(engine, state, 1)
    assert ("hit" in legal) is may_hit and ("stand" in legal) is may_stand
    if not may_hit:
        assert "double" not in legal  # a double draws a card
        with pytest.raises(IllegalAction):
            act(engine, state, "hit", 1)
    if not may_stand:
        assert engine.timeout_action(state) == Action("hit", 1, "0")  # the clock hits for the player


def test_double_double_to_eight_times_then_rescue() -> None:
    """001 s.895-896 (D-091): the double is the full bet, each double-double the total; three
    doublings at most; after each, stand, double again or rescue the last doubled portion."""
    engine, state, events = deal("lucky-derby", [["2c", "3d"]], ["9d", "7h"], ["2h", "2s", "2d"])
    first = next(lg for lg in engine.legal_actions(state, 1) if lg.kind == "double")
    assert (first.min, first.max) == (1000, 1000)  # no doubling for less
    events += act(engine, state, "double", 1, 1000)
    again = next(lg for lg in engine.legal_actions(state, 1) if lg.kind == "double")
    assert (again.min, again.max) == (2000, 2000) and "hit" not in kinds(engine, state, 1)
    events += act(engine, state, "double", 1, 2000)
    events += act(engine, state, "double", 1, 4000)
    assert kinds(engine, state, 1) == {"stand", "rescue"}  # 8x: no more doubling
    assert state.inner.seats[1].hands[0].total_wager == 8000
    events += act(engine, state, "rescue", 1)
    bank = finish(engine, state, events)
    assert sum(nets(events, 1).values()) == -4000  # the last $40 back, the first $40 lost
    assert bank.net == 4000


def test_the_house_rules_edition_doubles_for_less_once() -> None:
    engine, state, events = deal("lucky-chances-2009", [["5c", "5d"]], ["9d", "7h"], ["9h"])
    first = next(lg for lg in engine.legal_actions(state, 1) if lg.kind == "double")
    assert (first.min, first.max) == (100, 1000)  # 002 s.2055 (D-100)
    events += act(engine, state, "double", 1, 400)
    finish(engine, state, events)
    assert nets(events, 1) == {"main": 1000, "main/double": 400}  # 19 against the P/D's 16 … drawn
    assert "rescue" not in {e.bet for e in events if isinstance(e, Settlement)}


def test_late_surrender_on_the_original_two_cards_only() -> None:
    engine, state, events = deal("lucky-derby", [["8c", "8d"]], ["9d", "7h"], ["6h", "5s"])
    assert "surrender" in kinds(engine, state, 1)
    events += act(engine, state, "split", 1, 1000)
    assert "surrender" not in kinds(engine, state, 1)  # D-090: not on a split hand
    engine2, state2, events2 = deal("crystal-park", [["9c", "7d"]], ["9d", "7h"])
    events2 += act(engine2, state2, "surrender", 1)
    finish(engine2, state2, events2)
    assert nets(events2, 1) == {"main": -500}
    _, state3, _ = deal("lucky-chances-2009", [["9c", "7d"]], ["9d", "7h"])
    assert "surrender" not in kinds(pd_engine(GAME, "lucky-chances-2009"), state3, 1)


def test_split_aces_draw_freely_at_lucky_derby_and_take_one_card_at_lucky_chances() -> None:
    engine, state, _ = deal("lucky-derby", [["As", "Ac"]], ["9d", "7h"], ["2h", "3s"])
    act(engine, state, "split", 1, 1000)
    assert "hit" in kinds(engine, state, 1)  # 001 s.898
    engine, state, _ = deal("lucky-chances-bgc", [["As", "Ac"]], ["9d", "7h"], ["2h", "3s", "Kd+bonus"])
    act(engine, state, "split", 1, 1000)
    assert engine.to_act(state) != 1  # one card each, no decision (002 s.4520)
    assert [len(h.cards) for h in state.inner.seats[1].hands] == [2, 2]


# ---------------------------------------------------------------------------------------
# The action button and the bank's coverage
# ---------------------------------------------------------------------------------------
def test_the_down_card_sets_the_action_seat_once_it_is_turned() -> None:
    """001 s.838 (D-094): the P/D's down card, counted from the house dealer's left over the
    players' seats, sets where settlement begins; before it is turned nobody knows it."""
    engine, state, events = deal("lucky-derby", [["9c", "8d"], ["9h", "8s"], ["9s", "8h"]], ["9d", "7h"], ["Kh+bonus"])
    assert state.action_seat is None and not state.action_card  # the card is face down
    bank = finish(engine, state, events)
    assert state.action_card == "7h"
    layout = engine._layout(state)
    want = seats_action.by_card(layout, engine.edition(state.rules).action, "7")
    assert position(state.action_seat) == want.seat
    assert bank.net == -3000


def test_a_bank_that_runs_out_pays_in_order_from_the_action_seat_and_returns_the_rest() -> None:
    """D-466: three $10 winners against a $15 bank: the action seat is paid in full, the next
    seat $5, the last gets no action and its wager back whole."""
    engine, state, events = deal("lucky-derby", [["9c", "8d"], ["9h", "8s"], ["9s", "8h"]], ["9d", "7h"], [K],
                                 stake=1500)
    bank = finish(engine, state, events, stake=1500)
    order = seats_action.settlement_order(engine._layout(state), position(state.action_seat), "clockwise")
    seats = [p - 1 for p in order]
    assert [nets(events, s)["main"] for s in seats] == [1000, 500, 0]
    assert results(events, seats[2]) == {"main": NO_ACTION}
    assert bank.net == -1500 and bank.returned == 0


def test_the_bureau_edition_settles_every_game_wager_before_any_buster() -> None:
    """002 s.4527 (D-107): all game wagers from the action seat, then all Buster wagers; a
    short bank leaves Buster bets with no action before any game wager."""
    bets = {s: {"main": 1000, "buster-blackjack": 1000} for s in BETTORS}
    engine, state, events = deal("lucky-chances-bgc", [["9c", "8d"], ["9h", "8s"], ["9s", "8h"]], ["9d", "7h"], [T],
                                 bets=bets, stake=5000)
    finish(engine, state, events, stake=5000)
    settled = [e for e in events if isinstance(e, Settlement) and e.seat != PD]
    kinds_in_order = [e.bet for e in settled]
    assert kinds_in_order == ["main"] * 3 + ["buster-blackjack"] * 3
    assert [e.net for e in settled] == [1000, 1000, 1000, 2000, 0, 0]  # 3-card bust pays 2 to 1, then out


# ---------------------------------------------------------------------------------------
# Side bets
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("decks", "cards", "line", "won"), [
    (6, ["7d", "7d"], "two-suited", 18000),           # Table C (001 s.919)
    (6, ["7d", "7s"], "suited-and-unsuited", 13000),
    (6, ["7d", "2s"], "suited", 9000),
    (6, ["7c", "7s"], "two-unsuited", 8000),
    (6, ["7c", "2s"], "unsuited", 4000),
    (4, ["7d", "7d"], "two-suited", 16000),           # other deck counts: the 003 table (D-096)
    (8, ["7c", "2s"], "unsuited", 4000),
])
def test_match_the_dealer_at_lucky_derby(decks: int, cards: list[str], line: str, won: int) -> None:
    bets = {1: {"main": 2500, "match-the-dealer": 1000}}
    engine, state, events = deal("lucky-derby", [cards], ["7d", "9h"], ["9s", "9c"], bets=bets, decks=decks)
    finish(engine, state, events)
    assert nets(events, 1)["match-the-dealer"] == won


def test_match_the_dealer_must_be_less_than_the_base_wager_at_lucky_derby() -> None:
    """001 s.932 (D-097): a $10 base allows at most $9."""
    engine = pd_engine(GAME, "lucky-derby")
    state = seated(engine, rules_for("lucky-derby"), [PD, 1])
    engine.apply(state, Action("bank", PD, "", 100000), SeededRng(1))
    engine.apply(state, Action("bet", 1, "main", 1000), SeededRng(1))
    spot = next(lg for lg in engine.legal_actions(state, 1) if lg.spot == "match-the-dealer")
    assert spot.max == 900
    with pytest.raises(IllegalAction, match="less than the main bet"):
        engine.apply(state, Action("bet", 1, "match-the-dealer", 1000), SeededRng(1))


def test_match_the_dealer_at_crystal_park_pays_its_own_table_and_needs_no_size_relation() -> None:
    bets = {1: {"main": 1000, "match-the-dealer": 2000}}  # more than the base: D-097
    engine, state, events = deal("crystal-park", [[K, K]], [K, "9h"], bets=bets)
    finish(engine, state, events)
    assert nets(events, 1)["match-the-dealer"] == 32000  # two suited matches, 16 to 1 (003 s.2297)


@pytest.mark.parametrize(("cards", "line"), [
    (["8c", "8d", "8h"], "bust-3-cards"),
    (["9c", "7d", T], "bust-3-cards"),
    (["2c", "4d", T, "Jh+bonus"], "bust-4-cards"),
    (["2c", "2d", "2h", T, T], "bust-5-cards"),
    (["2c", "2d", "2h", "2s", "5c", T], "bust-6-cards"),
    (["Ac", "Ad", "2h", "2s", "3c", "4c", T], "bust-7-cards"),
    (["Ac", "Ad", "Ah", "As", "2c", "2d", "4c", T], "bust-8-or-more-cards"),
    (["Ac", "Ad", "Ah", "As", "2c", "2d", "2h", "2s", T], "bust-8-or-more-cards"),
    (["9c", "8d"], None),
    (["Ac", T], None),
])
def test_the_buster_grader(cards: list[str], line: str | None) -> None:
    assert buster(cards) == line


@pytest.mark.parametrize(("dealer", "draws", "won"), [
    (["9d", "7h"], [T], 2000),                           # 3 cards: 2 to 1
    (["2d", "4h"], [T, "Jh+bonus"], 2000),               # 4 cards: 2 to 1 (printed twice, D-107)
    (["2d", "2h"], ["2c", T, T], 4000),                  # 5 cards: 4 to 1
    (["2d", "2h"], ["2c", "2s", "5c", T], 18000),        # 6 cards: 18 to 1
    (["2d", "2h"], ["2c", "2s", "3c", "3d", T], 50000),  # 7 cards: 50 to 1
    (["9d", "8h"], [], -1000),                           # no bust: the bet loses
])
def test_buster_blackjack_pays_by_the_cards_in_the_pds_bust(dealer: list[str], draws: list[str], won: int) -> None:
    bets = {1: {"main": 1000, "buster-blackjack": 1000}}
    engine, state, events = deal("lucky-chances-bgc", [[T, "9c"]], dealer, draws, bets=bets)
    finish(engine, state, events)
    assert nets(events, 1)["buster-blackjack"] == won


def test_the_pd_completes_its_hand_for_a_buster_when_no_game_wager_is_left() -> None:
    """002 s.4700 (D-107): every player has a Pure 21.5, yet the P/D draws for the Buster."""
    bets = {1: {"main": 1000, "buster-blackjack": 500}}
    engine, state, events = deal("lucky-chances-bgc", [["As", T]], ["9d", "7h"], ["Kh+bonus"], bets=bets)
    finish(engine, state, events)
    assert len(state.inner.dealer) == 3
    assert nets(events, 1) == {"main": 1500, "buster-blackjack": 1000}


def test_buster_may_not_exceed_the_game_wager() -> None:
    engine = pd_engine(GAME, "lucky-chances-bgc")
    state = seated(engine, rules_for("lucky-chances-bgc"), [PD, 1])
    engine.apply(state, Action("bank", PD, "", 100000), SeededRng(1))
    engine.apply(state, Action("bet", 1, "main", 1000), SeededRng(1))
    with pytest.raises(IllegalAction, match="more than the main bet"):
        engine.apply(state, Action("bet", 1, "buster-blackjack", 1100), SeededRng(1))


def test_the_buster_is_offered_only_by_the_bureau_edition() -> None:
    assert [v for v in EDITIONS if "buster-blackjack" in load_game(GAME).variants[v].side_bets] == ["lucky-chances-bgc"]
    assert [v for v in EDITIONS if "blackjack-bonus-bet" in load_game(GAME).variants[v].side_bets] == ["lucky-derby"]


@pytest.mark.parametrize(("first_two", "hand", "split", "line"), [
    (["Ah", "Kh+bonus"], [], False, "blackjack-suited"),
    (["Ah", "Kd+bonus"], [], False, "blackjack-same-colour"),
    (["Ah", "Ks+bonus"], [], False, "blackjack-unsuited"),
    (["Ah", "2h"], ["Ah", "2h", "3h", "4h"], False, "ace-2-3-4-suited"),
    (["Ah", "2d"], ["Ah", "2d", "4h", "3d"], False, "ace-2-3-4-same-colour"),
    (["Ah", "2c"], ["Ah", "2c", "3h", "4h"], False, "ace-2-3-4-unsuited"),
    (["7s", "7s"], ["7s", "7s", "7s"], False, "seven-seven-seven-suited"),
    (["7s", "7c"], ["7s", "7c", "7s"], False, "seven-seven-seven-same-colour"),
    (["7s", "7h"], ["7s", "7h", "7s"], False, "seven-seven-seven-unsuited"),
    (["6d", "8d"], ["6d", "8d", "7d"], False, "six-seven-eight-suited"),
    (["6d", "8h"], ["6d", "8h", "7d"], False, "six-seven-eight-same-colour"),
    (["6d", "8h"], ["6d", "8h", "7s"], False, "six-seven-eight-unsuited"),
    (["2d", "2h"], ["2d", "2h", "2s", "3c", "3d", "Ac"], False, "six-card-no-bust"),
    (["2d", "2h"], ["2d", "2h", "2s", "3c", "3d"], False, "any-pair"),
    (["Kd+bonus", "Ks+bonus"], [], False, "any-pair"),           # same rank (D-141)
    (["Kd+bonus", "Qs+bonus"], [], False, "two-card-20"),         # unlike ranks: the push line
    (["7s", "7s"], ["7s", "7s"], True, "any-pair"),               # after a split: two-card lines only
    (["9c", "4d"], ["9c", "4d", "2c", "2d", "Ac", "Ad"], False, "six-card-no-bust"),
    (["9c", "4d"], ["9c", "4d", "5c"], False, None),
])
def test_the_blackjack_bonus_grader(first_two: list[str], hand: list[str], split: bool, line: str | None) -> None:
    assert blackjack_bonus(first_two, hand or first_two, split) == line


@pytest.mark.parametrize(("cards", "draws", "won", "result"), [
    (["Ah", "Kh+bonus"], [], 10000, "win"),              # suited 21.5: 10 to 1 (001 s.299)
    (["Ah", "Kd+bonus"], [], 5000, "win"),               # same colour: 5 to 1
    (["Ah", "Ks+bonus"], [], 3000, "win"),               # unsuited: 3 to 1
    (["7s", "7s"], ["7s"], 200000, "win"),               # 7-7-7 suited: 200 to 1 (001 s.305)
    (["6c", "8c"], ["7h"], 100000, "win"),               # 6-7-8 same colour? no: clubs, hearts: unsuited below
    (["5c", "5d"], [], 3000, "win"),                     # any pair: 3 to 1
    (["Kd+bonus", "Qs+bonus"], [], 0, "push"),           # two-card 20: push (001 s.313)
    (["9c", "4d"], ["2c"], -1000, "lose"),
])
def test_the_blackjack_bonus_bet_in_play(cards: list[str], draws: list[str], won: int, result: str) -> None:
    if cards == ["6c", "8c"]:
        won = 10000  # 6-7-8 of mixed colours: 10 to 1 (001 s.310)
    bets = {1: {"main": 2500, "blackjack-bonus-bet": 1000}}
    engine, state, events = deal("lucky-derby", [cards], ["9d", "8h"], draws, bets=bets, stake=500000)
    if draws:
        events += act(engine, state, "hit", 1)
    finish(engine, state, events, stake=500000)
    assert nets(events, 1)["blackjack-bonus-bet"] == won
    assert results(events, 1)["blackjack-bonus-bet"] == result


def test_the_blackjack_bonus_bet_is_one_to_25_dollars() -> None:
    lim = rules_for("lucky-derby")["limits"]["blackjack-bonus-bet"]
    assert (lim["min"], lim["max"]) == (100, 2500)  # 001 s.290


# ---------------------------------------------------------------------------------------
# Storage and the card art's codes
# ---------------------------------------------------------------------------------------
def test_a_round_round_trips_with_its_bonus_cards() -> None:
    engine, state, _ = deal("lucky-derby", [[K, "5c"]], [Q, "7h"])
    assert engine.load(json.loads(json.dumps(engine.dump(state)))) == state
    assert round_trips(state.inner)
    assert state.inner.seats[1].hands[0].cards[0] == K  # the marked card travels as "Ks+bonus"
    view = engine.view(state, None)
    assert view["dealer"]["cards"] == [Q, None] and view["seats"][1]["hands"][0]["cards"] == [K, "5c"]
