"""Face Up Pai Gow Poker on the player-dealer table: Lucky Derby (001 §18-§21, s.2769-3240)
and Crystal Park (003 §57-§59, s.3466-3694), from stacked decks and loaded dice.

The bank's seven cards are turned over for everyone and set before any player sets (001
s.2836, 003 s.3528): by the player-dealer at Lucky Derby, by the house way at Crystal Park
(D-235). A bank "Pai Gow" (no pair, straight or flush, D-252) pushes every game wager at once:
ace-high at Lucky Derby (s.2838, the semi-wild joker its ace), ace- or king-high at Crystal
Park (s.3529, where the wild joker always pairs). The Ace-High Bonus pays each of its lines
(s.2995-2997, D-253), seats settle base, Ace-High, Fortune, Envy (s.2851), Crystal Park's
Envy pays the highest hand only (s.3616, D-241) and its Fortune table nothing for three of a
kind (s.3623-3634); the bank pays only as far as its stake covers (D-465, D-466)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_paigow_player_dealer import (
    LoadedDice,
    deck,
    dice_for,
    money,
    piles_for,
    round_trips,
    stack,
)
from webgame.engine.hands import card_ids
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.california import fees
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable
from webgame.games.paigow.bonus import ace_high_line, fortune_line, pai_gow_high

GAME = "face-up-pai-gow-poker"
EDITIONS = ("lucky-derby", "crystal-park")
FORTUNE, ENVY, ACE_HIGH = "fortune-bonus", "envy-bonus", "ace-high-bonus"


def rules(variant: str) -> dict[str, Any]:
    return resolve(load_game(GAME).variants[variant], None)


@pytest.mark.parametrize("variant", EDITIONS)
def test_every_edition_is_player_banked_with_its_fee_options(variant):
    v = load_game(GAME).variants[variant]
    assert v.player_banked and isinstance(registry.engine(GAME, variant), PlayerDealerTable)
    assert v.options["collection_fee"]["choices"] == [s.id for s in fees.schedules_for(f"{GAME}@{variant}")]


def test_each_edition_keeps_its_joker_its_pai_gow_ranks_and_its_bonuses():
    ld, cp = rules("lucky-derby"), rules("crystal-park")
    assert (ld["joker"], cp["joker"]) == ("bug", "wild")  # 001 s.2785; 003 s.3480 (D-251)
    assert (ld["pai_gow_push"], cp["pai_gow_push"]) == (["A"], ["A", "K"])  # 001 s.2838; 003 s.3529
    assert ld["side_bets"] == [FORTUNE, ENVY, ACE_HIGH] and cp["side_bets"] == [FORTUNE, ENVY]
    assert (ld["bank_set_by"], cp["bank_set_by"]) == ("player-dealer", "house-way")  # D-235
    assert (ld["envy_pays"], cp["envy_pays"]) == ("each", "highest")  # D-241


# ---- the Pai Gow and the Ace-High Bonus (D-252, D-253)

@pytest.mark.parametrize(("seven", "joker", "top"), [
    ("As Kd 9h 7c 5s 3d 2c", "bug", 12),    # ace high, no joker
    ("JK Kd 9h 7c 5s 3d 2c", "bug", 12),    # the semi-wild joker is its ace
    ("JK Ad 9h 7c 5s 3d 2c", "bug", None),  # with a natural ace the joker makes a pair
    ("JK 5d 4h 3c 2s 9d Kc", "bug", None),  # the joker fills A-2-3-4-5: a straight, not a Pai Gow
    ("JK Kd 9h 7c 5s 3d 2c", "wild", None),  # a fully wild joker always pairs a card
    ("Kd Qh 9c 7s 5d 3h 2c", "wild", 11),   # king high
    ("Kd Kh 9c 7s 5d 3h 2c", "bug", None),  # a pair
])
def test_a_pai_gow_is_seven_cards_with_no_pair_straight_or_flush(seven, joker, top):
    assert pai_gow_high(card_ids(seven.split()), joker) == top


def test_the_ace_high_bonus_pays_each_line():
    bank, joker_bank = card_ids(["As", "Kd", "9h", "7c", "5s", "3d", "2c"]), card_ids(["JK", "Kd", "9h", "7c", "5s", "3d", "2c"])
    ace_high, paired = card_ids(["Ac", "Qd", "8h", "6c", "4s", "3h", "2d"]), card_ids(["Qs", "Qh", "8d", "6d", "4h", "3s", "2h"])
    assert ace_high_line(ace_high, bank) == "player-and-player-dealer"  # 40 to 1 (001 s.2995)
    assert ace_high_line(ace_high, joker_bank) == "player-and-player-dealer"
    assert ace_high_line(paired, joker_bank) == "player-dealer-joker"  # 15 to 1 (s.2996)
    assert ace_high_line(paired, bank) == "player-dealer"  # 5 to 1 (s.2997)
    assert ace_high_line(ace_high, paired) is None  # the bank not ace high: the bet loses
    lines = rules("lucky-derby")["paytables"][ACE_HIGH]["lines"]
    assert lines == {"player-and-player-dealer": "40 to 1", "player-dealer-joker": "15 to 1", "player-dealer": "5 to 1"}


def test_the_crystal_park_fortune_table_pays_nothing_for_three_of_a_kind():
    cp = rules("crystal-park")["paytables"]["fortune-face-up-crystal-park"]["lines"]
    ld = rules("lucky-derby")["paytables"]["fortune-face-up-lucky-derby"]["lines"]
    trips = card_ids(["9s", "9d", "9c", "6h", "4h", "3s", "Kd"])
    assert fortune_line(trips, list(cp), "wild") is None and fortune_line(trips, list(ld), "bug") == "three-of-a-kind"
    five_kings = card_ids(["Ks", "Kh", "Kd", "Kc", "JK", "7d", "2s"])
    assert fortune_line(five_kings, list(cp), "wild") == "five-of-a-kind" and cp["five-of-a-kind"] == "200 to 1"


# ---- whole hands

def dealt(monkeypatch: pytest.MonkeyPatch, variant: str, *, pd: int, bets: Mapping[int, Mapping[str, int]],
          total: int, hands: Mapping[int, str], stake: int = 500000,
          ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    counted = (pd + (total - 1) % 7) % 7
    stack(monkeypatch, deck(piles_for(counted, hands)))
    engine = pd_engine(GAME, variant)
    state = seated(engine, rules(variant), sorted([pd, *bets]))
    rng = SeededRng(1)
    while engine.to_act(state) != pd:
        engine.apply(state, Action("decline", engine.to_act(state) or 0), rng)
    events = engine.apply(state, Action("bank", pd, "", stake), rng)
    for seat, spots in bets.items():
        for spot, amount in spots.items():
            events += engine.apply(state, Action("bet", seat, spot, amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), LoadedDice(dice_for(total)))
    return engine, state, events


def settled(events: list[Event]) -> list[tuple[int, str, str, int]]:
    return [(e.seat, e.bet, e.result, e.returned) for e in events if isinstance(e, Settlement) and e.bet != "bank"]


KINGS = "Kd Kh 9h 7c 5s 3d 2c"  # a pair of kings: no Pai Gow


def test_the_player_dealer_sets_the_face_up_bank_before_any_player_sets(monkeypatch):
    engine, state, events = dealt(monkeypatch, "lucky-derby", pd=0, total=3, bets={1: {"main": 1000}},
                                  hands={0: KINGS, 1: "As Ad Qs Js 8h 6s 4c"})
    # Every player sees the bank's seven cards at once; only the P/D may act.
    assert engine.view(state, 1)["dealer"]["cards"] == KINGS.split()
    assert engine.to_act(state) == 0
    assert not [a for a in engine.legal_actions(state, 1) if a.kind in ("set", "house-way")]
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("house-way", 1), SeededRng(1))
    assert engine.view(state, 0)["paigow"]["bank_to_set"]["cards"] == KINGS.split()
    events += engine.apply(state, Action("set", 0, "9h 7c"), SeededRng(1))  # the P/D's own way
    bank = engine.view(state, 1)["paigow"]["bank"]
    assert bank["front"] == ["9h", "7c"] and not bank["by_house_way"]
    assert not engine.is_over(state) and engine.to_act(state) == 1  # now the player sets, seeing it
    events += engine.apply(state, Action("house-way", 1), SeededRng(1))
    assert engine.is_over(state)
    # Aces and Q-J beat the bank's kings and 9-7: the base wager wins 1 to 1.
    assert settled(events) == [(1, "main", "win", 2000)]
    assert money(events) == 0
    round_trips(engine, state)


def test_an_ace_high_bank_pushes_every_bet_and_pays_the_ace_high_bonus(monkeypatch):
    """001 s.2838: nobody sets; base wagers push; Ace-High pays 40 to 1 or 5 to 1; each seat
    settles base, Ace-High, Fortune, Envy from the action seat (s.2851)."""
    engine, state, events = dealt(monkeypatch, "lucky-derby", pd=0, total=3, hands={
        0: "As Kd 9h 7c 5s 3d 2c", 1: "Ac Qd 8h 6c 4s 3h 2d", 2: "Ts Td Tc Th 8d 6d 4d"},
        bets={1: {"main": 1000, ACE_HIGH: 500, FORTUNE: 500}, 2: {"main": 1000, ACE_HIGH: 500, FORTUNE: 500}})
    assert engine.is_over(state) and state.inner.pai_gow == 12
    assert settled(events) == [
        (2, "main", "push", 1000), (2, ACE_HIGH, "win", 500 + 2500), (2, FORTUNE, "win", 500 + 12500),
        (1, "main", "push", 1000), (1, ACE_HIGH, "win", 500 + 20000), (1, FORTUNE, "lose", 0), (1, ENVY, "win", 500),
    ]
    assert money(events) == 0
    round_trips(engine, state)


def test_the_joker_as_the_banks_ace_pays_fifteen_to_one(monkeypatch):
    engine, state, events = dealt(monkeypatch, "lucky-derby", pd=0, total=3,
                                  hands={0: "JK Kd 9h 7c 5s 3d 2c", 1: "Qs Qh 8d 6d 4h 3s 2h"},
                                  bets={1: {"main": 1000, ACE_HIGH: 1000}})
    assert engine.is_over(state)
    assert settled(events) == [(1, "main", "push", 1000), (1, ACE_HIGH, "win", 1000 + 15000)]


def test_a_bank_that_is_not_ace_high_loses_the_ace_high_bonus(monkeypatch):
    engine, state, events = dealt(monkeypatch, "lucky-derby", pd=0, total=3, bets={1: {"main": 1000, ACE_HIGH: 500}},
                                  hands={0: KINGS, 1: "As Ad Qs Js 8h 6s 4c"})
    events += engine.apply(state, Action("house-way", 0), SeededRng(1))
    events += engine.apply(state, Action("house-way", 1), SeededRng(1))
    assert settled(events) == [(1, "main", "win", 2000), (1, ACE_HIGH, "lose", 0)]


def test_crystal_park_sets_the_bank_by_the_house_way_and_pushes_on_king_high(monkeypatch):
    engine, state, events = dealt(monkeypatch, "crystal-park", pd=0, total=3, bets={1: {"main": 1000}},
                                  hands={0: "Kd Qh 9c 7s 5d 3h 2c", 1: "As Ad Qs Js 8h 6s 4c"})
    assert engine.is_over(state) and state.inner.pai_gow == 11 and state.inner.bank.by_house_way
    assert settled(events) == [(1, "main", "push", 1000)]  # 003 s.3529


def test_crystal_park_envy_pays_only_the_highest_hand(monkeypatch):
    """003 s.3616 (D-241): four tens and five aces at the table: every button is paid the Five
    Aces award once, except the five aces' own holder, who gets nothing."""
    engine, state, events = dealt(monkeypatch, "crystal-park", pd=0, total=3, hands={
        0: "Jd Jh 9c 7s 5d 3h 2c", 1: "As Ah Ad Ac JK 8s 4s", 2: "Ts Td Tc Th 8d 6d 4d", 3: "Qs Qd 8c 6h 4h 3s 2d"},
        bets={n: {"main": 1000, FORTUNE: 500} for n in (1, 2, 3)})
    assert state.inner.bank.by_house_way and not engine.is_over(state)  # set by the house way at the deal
    assert engine.to_act(state) in (1, 2, 3)
    for seat in (1, 2, 3):
        events += engine.apply(state, Action("house-way", seat), SeededRng(1))
    envy = {seat: returned for seat, bet, _, returned in settled(events) if bet == ENVY}
    assert envy == {2: 5000, 3: 5000}  # Five aces: $50 (s.3627); never the four tens' $5 too
    fortune = {seat: returned for seat, bet, _, returned in settled(events) if bet == FORTUNE}
    assert fortune == {1: 500 + 125000, 2: 500 + 12500, 3: 0}
    assert money(events) == 0


def test_the_bank_runs_out_on_the_ace_high_bonus(monkeypatch):
    """D-466: from the action seat, Spot 3's 40-to-1 Ace-High empties a $100 bank; Spot 2 gets
    no action."""
    _engine, _state, events = dealt(monkeypatch, "lucky-derby", pd=0, total=3, stake=10000, hands={
        0: "As Kd 9h 7c 5s 3d 2c", 2: "Ac Qd 8h 6c 4s 3h 2d", 1: "Qs Qh 8d 6d 4h 3s 2h"},
        bets={1: {"main": 1000, ACE_HIGH: 500}, 2: {"main": 1000, ACE_HIGH: 500}})
    assert settled(events) == [
        (2, "main", "push", 1000), (2, ACE_HIGH, "win", 500 + 10000),  # $200 due, the $100 stake paid
        (1, "main", NO_ACTION, 1000), (1, ACE_HIGH, NO_ACTION, 500),
    ]
    assert money(events) == 0


def test_the_posted_rules_name_each_editions_pai_gow_push():
    """A list setting in a prose condition holds when it holds the value (pai_gow_push=K)."""
    from webgame.engine.prose import Posted

    ld = " ".join(Posted(load_game(GAME).variants["lucky-derby"], rules("lucky-derby")).lines("summary"))
    cp = " ".join(Posted(load_game(GAME).variants["crystal-park"], rules("crystal-park")).lines("summary"))
    assert "nothing but ace high" in ld and "king" not in ld
    assert "nothing but ace or king high" in cp
