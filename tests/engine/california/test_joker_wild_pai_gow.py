"""Joker's Wild Pai Gow Poker on the player-dealer table (001 §14, s.192-229; 003 §3,
s.119-132): the joker fully wild in each mode it plays (D-212, D-215), the foul test's joker
(A + joker in front over a pair counts as A-K, 001 s.192-229, D-232), five of a kind above the
royal flush (D-217), the joker house way's rows (003 s.121-132, D-212), and a whole hand dealt
from a stacked deck with loaded dice: the piles, the bank's hand set by the P/D, the coverage
and the money (D-478, D-235, D-466)."""

from __future__ import annotations

import pytest

from tests.engine.california.pdhelp import pd_engine
from tests.engine.california.test_paigow_player_dealer import dealt, finish, money, round_trips
from webgame.engine.hands import card_ids
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Settlement
from webgame.games import registry
from webgame.games.california import fees
from webgame.games.california.table import PlayerDealerTable
from webgame.games.paigow.hands import Ranking, parse_front, set_hand
from webgame.games.paigow.house_way import HouseWay, house_way

GAME = "joker-wild-pai-gow-poker"
EDITIONS = ("lucky-derby", "crystal-park")


def rules(game: str, variant: str) -> dict:
    return resolve(load_game(game).variants[variant], None)


@pytest.mark.parametrize("variant", EDITIONS)
def test_every_edition_is_player_banked_with_its_fee_options(variant):
    v = load_game(GAME).variants[variant]
    assert v.player_banked and isinstance(registry.engine(GAME, variant), PlayerDealerTable)
    option = v.options["collection_fee"]
    assert option["choices"] == [s.id for s in fees.schedules_for(f"{GAME}@{variant}")]
    assert rules(GAME, variant)["joker"] == "wild"


def test_the_joker_in_front_takes_the_highest_value_that_does_not_foul():
    """001 s.192-229: A, joker, 9, 9, 7, 3, 2 with A + joker in front is not a foul: the joker
    counts as a king. With the semi-wild joker the same setting is a pair of aces, a foul."""
    seven = card_ids(["As", "JK", "9c", "9d", "7h", "3s", "2d"])
    front = parse_front(seven, ["As", "JK"])
    wild = set_hand(Ranking.of(rules(GAME, "lucky-derby")), seven, front)
    semi = set_hand(Ranking.of(rules("pai-gow-poker", "lucky-derby")), seven, front)
    assert not wild.foul and semi.foul


def test_five_of_a_kind_ranks_above_the_royal_flush_only_with_the_wild_joker():
    five_kings = card_ids(["Kc", "Kd", "Kh", "Ks", "JK"])
    royal = card_ids(["Ah", "Kh", "Qh", "Jh", "Th"])
    wild = Ranking.of(rules(GAME, "crystal-park"))
    semi = Ranking.of(rules("pai-gow-poker", "crystal-park"))
    assert wild.back_value(five_kings) > wild.back_value(royal)
    assert wild.describe_back(wild.back_value(five_kings)) == "Five kings"
    assert semi.back_value(five_kings) < semi.back_value(royal)  # four kings and an ace


@pytest.mark.parametrize(("seven", "front"), [
    ("Qs 7h 9c 9d 4h 4s JK", ["JK", "Qs"]),   # a queen 3 ranks over the 9s: the joker pairs it in front
    ("Js 7h 9c 9d 4h 4s JK", ["9c", "9d"]),   # a jack only 2 over: the 9s in front, the joker with the 4s
    ("Qs Ts 8c 8d 5h 3s JK", ["8c", "8d"]),   # one pair: the joker pairs the queen behind, the 8s in front
    ("Qs 7h 7c 7d 5h 3s JK", ["JK", "Qs"]),   # three of a kind: the joker and the highest single in front
    ("Ks 9h 4c 4d 4h 4s JK", ["JK", "Ks"]),   # four of a kind with two singles: the joker and the higher single
])
def test_the_joker_house_way_rows(seven, front):
    r = rules(GAME, "crystal-park")
    done = house_way(Ranking.of(r), HouseWay.of(r["house_way"]), card_ids(seven.split()))
    assert sorted(done.hand.front_codes) == sorted(front), done.row
    assert not done.hand.foul


def test_a_joker_wild_hand_at_the_player_dealer_table(monkeypatch):
    """Lucky Derby: dice 10 from the P/D at Spot 1 count to Spot 3; the bettor at Spot 3 holds
    the joker and sets it by the house way; the P/D sets the bank's hand; 1 to 1, no commission."""
    bank = "Kh Qd 9c 7d 5s 3h 2c"   # king high: the house way puts Q-9 in front
    mine = "Ah JK 9h 9d 7h 3s 2d"   # one pair and the joker: the joker pairs the ace behind
    engine, state, events = dealt(monkeypatch, "lucky-derby", pd=0, bets={2: 1000, 4: 1000}, total=10,
                                  hands={0: bank, 2: mine}, game=GAME)
    assert state.counted == 2 and state.action_seat == 2 and state.inner.seats[2].cards == mine.split()
    events += finish(engine, state, {2: "house", 4: "house", 0: "house"})
    assert sorted(state.inner.sets[2].front) == ["9d", "9h"] and "aces" in state.inner.sets[2].back_words.lower()
    main = next(e for e in events if isinstance(e, Settlement) and e.seat == 2)
    assert (main.result, main.returned) == ("win", 2000)
    assert money(events) == 0
    round_trips(engine, state)
    assert pd_engine(GAME, "crystal-park").slug == GAME
