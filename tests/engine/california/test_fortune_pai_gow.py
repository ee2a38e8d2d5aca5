"""Fortune Pai Gow Poker on the player-dealer table: Lucky Derby (001 §15-§17, s.1035-1307),
Lucky Chances (002 §21-§23, s.2147-2418) and Crystal Park (003 §23-§25, s.1133-1303).

Every line of every Fortune and Envy paytable option is graded from a seven-card hand that makes
it, with the joker each option plays (D-246); whole hands are dealt from stacked decks with
loaded dice: the house dealer sets the Lucky Derby bank by the house way (001 s.1110, D-235),
each seat settles game wager, Fortune, Envy in turn there (001 s.1078, D-242) while Lucky
Chances and Crystal Park pay every Envy award after every seat (002 s.2272, 003 s.1195, D-242),
Envy pays for other players' hands with a Fortune bet only (D-239), three pair pushes under
FPG-01..03 (D-244), and the bank pays only as far as its stake covers (D-465, D-466)."""

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
from webgame.engine.money import Odds
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.california import fees
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable
from webgame.games.paigow.bonus import fortune_line
from webgame.games.paigow.hands import Ranking
from webgame.games.paigow.house_way import HouseWay, house_way
from webgame.games.paigow.table import envy_table

GAME = "fortune-pai-gow-poker"
EDITIONS = ("lucky-derby", "lucky-chances", "crystal-park")
FORTUNE, ENVY = "fortune-bonus", "envy-bonus"


def rules(variant: str, **options: Any) -> dict[str, Any]:
    return resolve(load_game(GAME).variants[variant], {"options": options} if options else None)


# A seven-card hand for each Fortune line, none of them making a higher line.
LINE_HANDS = {
    "seven-card-straight-flush": "2h 3h 4h 5h 6h 7h 8h",
    "royal-flush-royal-match": "Ah Kh Qh Jh Th Ks Qs",
    "seven-card-straight-flush-joker": "2h 3h 4h 5h 6h 7h JK",
    "five-aces": "As Ah Ad Ac JK 7d 2s",
    "five-of-a-kind": "Ks Kh Kd Kc JK 7d 2s",
    "royal-flush": "Ah Kh Qh Jh Th 3s 2d",
    "straight-flush": "9h 8h 7h 6h 5h 2s 2d",
    "four-of-a-kind": "9s 9h 9d 9c 5h 3s 2d",
    "full-house": "9s 9h 9d 5c 5h 3s 2d",
    "flush": "Ah 9h 7h 5h 3h Ks 2d",
    "three-of-a-kind": "9s 9h 9d 6c 4h 3s 2d",
    "straight": "9s 8h 7d 6c 5h Ks 2d",
    "three-pair": "9s 9h 7d 7c 5h 5s 2d",
}

OPTIONS = [("lucky-derby", "fortune-lucky-derby")] + [
    ("lucky-chances", f"fpg-0{n}") for n in range(1, 10)] + [
    ("crystal-park", "fortune-option-a"), ("crystal-park", "fortune-option-b")]


def table_rules(variant: str, paytable: str) -> dict[str, Any]:
    if variant == "lucky-derby":
        return rules(variant)
    return rules(variant, fortune_paytable=paytable)


# ---- the editions

@pytest.mark.parametrize("variant", EDITIONS)
def test_every_edition_is_player_banked_with_its_fee_options_and_both_bonuses(variant):
    v = load_game(GAME).variants[variant]
    assert v.player_banked and isinstance(registry.engine(GAME, variant), PlayerDealerTable)
    assert v.options["collection_fee"]["choices"] == [s.id for s in fees.schedules_for(f"{GAME}@{variant}")]
    r = rules(variant)
    assert r["side_bets"] == [FORTUNE, ENVY] and r["envy_min"] == 500  # D-240
    assert r["fortune_cap"] == 0  # no cap: the bank's stake bounds it (D-465)


def test_the_joker_follows_each_edition_and_each_lucky_chances_paytable():
    assert rules("lucky-derby")["joker"] == "wild"  # 001 s.1045
    assert rules("crystal-park")["joker"] == "bug"  # D-212: only semi-wild tables are printed
    for n in range(1, 10):  # 002 s.2169 vs "Jokers Fully-Wild" (s.2367), D-246
        assert rules("lucky-chances", fortune_paytable=f"fpg-0{n}")["joker"] == ("wild" if n >= 7 else "bug")


def test_the_lucky_derby_bank_is_set_by_the_house_way_the_others_by_the_player_dealer():
    assert rules("lucky-derby")["bank_set_by"] == "house-way"  # 001 s.1110, D-235
    assert rules("lucky-chances")["bank_set_by"] == rules("crystal-park")["bank_set_by"] == "player-dealer"


# ---- every paytable line (001 s.1187-1197; 002 s.2304-2381; 003 s.1277-1291)

@pytest.mark.parametrize(("variant", "paytable"), OPTIONS)
def test_every_line_of_every_fortune_paytable_is_paid_on_its_hand(variant, paytable):
    r = table_rules(variant, paytable)
    lines = r["paytables"][paytable]["lines"]
    assert r["fortune_paytable"] == paytable and r["paytables"][envy_table(r)]["lines"]
    for line in lines:
        assert fortune_line(card_ids(LINE_HANDS[line].split()), list(lines), r["joker"]) == line, line
    # Anything below the lowest line loses (003 s.1291 "All Other: Loss").
    assert fortune_line(card_ids(["As", "Kh", "9d", "7c", "5h", "3s", "2d"]), list(lines), r["joker"]) is None


def test_fully_wild_tables_pay_five_of_a_kind_and_nothing_for_three_of_a_kind():
    r = rules("lucky-chances", fortune_paytable="fpg-07")
    lines = list(r["paytables"]["fpg-07"]["lines"])
    assert fortune_line(card_ids(LINE_HANDS["five-of-a-kind"].split()), lines, "wild") == "five-of-a-kind"
    assert fortune_line(card_ids(LINE_HANDS["three-of-a-kind"].split()), lines, "wild") is None  # 002 s.2369-2381
    # With the joker semi-wild (FPG-04) four kings and the joker are four of a kind.
    semi = list(rules("lucky-chances")["paytables"]["fpg-04"]["lines"])
    assert fortune_line(card_ids(LINE_HANDS["five-of-a-kind"].split()), semi, "bug") == "four-of-a-kind"


def test_a_royal_match_with_no_line_of_its_own_is_paid_as_the_royal_flush():
    """D-238: FPG-07 prints no royal match: the hand is paid at the best line it also makes."""
    lines = list(rules("lucky-chances", fortune_paytable="fpg-07")["paytables"]["fpg-07"]["lines"])
    assert fortune_line(card_ids(LINE_HANDS["royal-flush-royal-match"].split()), lines, "wild") == "royal-flush"


def test_crystal_park_option_b_reads_its_illegible_figures_by_d248():
    b = rules("crystal-park", fortune_paytable="fortune-option-b")["paytables"]
    assert b["fortune-option-b"]["lines"]["seven-card-straight-flush"] == "8000 to 1"
    assert b["fortune-option-b"]["lines"]["four-of-a-kind"] == "25 to 1"
    assert b["envy-option-b"]["lines"]["seven-card-straight-flush"] == 500000


def test_the_lucky_derby_house_way_puts_a_pair_of_aces_in_front_of_five_aces():
    """001 s.1123 "FIVE ACES: Put pair of A's in front" (the exception of D-212); the fully wild
    chart elsewhere puts the joker and the higher single in front."""
    seven = card_ids(["As", "Ah", "Ad", "Ac", "JK", "9d", "2s"])
    ld = rules("lucky-derby")
    done = house_way(Ranking.of(ld), HouseWay.of(ld["house_way"]), seven)
    assert [c[0] for c in done.hand.front_codes] == ["A", "A"] and "JK" in done.hand.back_codes
    wild = resolve(load_game("joker-wild-pai-gow-poker").variants["lucky-derby"], None)
    other = house_way(Ranking.of(wild), HouseWay.of(wild["house_way"]), seven)
    assert sorted(other.hand.front_codes) == ["9d", "JK"]


# ---- whole hands

def dealt(monkeypatch: pytest.MonkeyPatch, variant: str, *, pd: int, bets: Mapping[int, Mapping[str, int]],
          total: int, hands: Mapping[int, str], stake: int = 500000, **options: Any,
          ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    counted = (pd + (total - 1) % 7) % 7
    stack(monkeypatch, deck(piles_for(counted, hands)))
    engine = pd_engine(GAME, variant)
    state = seated(engine, rules(variant, **options), sorted([pd, *bets]))
    rng = SeededRng(1)
    while engine.to_act(state) != pd:
        engine.apply(state, Action("decline", engine.to_act(state) or 0), rng)
    events = engine.apply(state, Action("bank", pd, "", stake), rng)
    for seat, spots in bets.items():
        for spot, amount in spots.items():
            events += engine.apply(state, Action("bet", seat, spot, amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), LoadedDice(dice_for(total)))
    return engine, state, events


def play(engine: PlayerDealerTable, state: PlayerDealerState, seats: list[int]) -> list[Event]:
    events: list[Event] = []
    for seat in seats:
        events += engine.apply(state, Action("house-way", seat), SeededRng(2))
    return events


BANK = "Jd Tc 7h 5d 4c 3s 2h"     # jack high
QUADS = "9s 9h 9d 9c 6h 3d Kd"    # four nines: Fortune 25 to 1, Envy $5 (FPG-04)
STRAIGHT = "8h 7d 6c 5c 4d Ks Qd"   # an eight-high straight
ACES = "As Ah Ad Ac 8s 4s 2c"     # four aces, no joker
NOTHING = "Ac Ks Qs Jc 8d 6s 4h"  # ace high


def settled(events: list[Event]) -> list[tuple[int, str, str, int]]:
    return [(e.seat, e.bet, e.result, e.returned) for e in events if isinstance(e, Settlement) and e.bet != "bank"]


def test_lucky_derby_sets_the_bank_by_the_house_way_and_settles_game_fortune_envy_per_seat(monkeypatch):
    engine, state, events = dealt(monkeypatch, "lucky-derby", pd=0, total=3,
                                  bets={1: {"main": 1000, FORTUNE: 500}, 2: {"main": 1000, FORTUNE: 500}},
                                  hands={0: BANK, 1: QUADS, 2: STRAIGHT})
    assert state.action_seat == 2  # total 3 from the P/D at Spot 1: Spot 3
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("set", 0, "Jd 9c"), SeededRng(1))
    events += play(engine, state, [1, 2])
    # Nobody waits for the P/D: the house dealer set the bank's hand by the house way (D-235).
    assert engine.is_over(state) and state.inner.bank.by_house_way
    assert settled(events) == [
        (2, "main", "win", 2000), (2, FORTUNE, "win", 500 + 1000), (2, ENVY, "win", 500),  # straight 2 to 1; Envy for Spot 2's nines
        (1, "main", "win", 2000), (1, FORTUNE, "win", 500 + 12500),  # four of a kind 25 to 1; no Envy for its own hand
    ]
    assert money(events) == 0
    round_trips(engine, state)


def test_envy_needs_the_other_players_fortune_bet_and_a_five_dollar_button(monkeypatch):
    """D-239: a hand without a Fortune bet triggers nothing; D-240: a Fortune bet under $5
    earns no button."""
    engine, state, events = dealt(monkeypatch, "lucky-derby", pd=0, total=3,
                                  bets={1: {"main": 1000}, 2: {"main": 1000, FORTUNE: 500}, 3: {"main": 1000, FORTUNE: 400}},
                                  hands={0: BANK, 1: QUADS, 2: STRAIGHT, 3: ACES})
    events += play(engine, state, [1, 2, 3])
    envy = [e for e in events if isinstance(e, Settlement) and e.bet == ENVY]
    # Spot 4's four aces (its Fortune bet under $5 still counts, D-239) pay Spot 3's button $5;
    # Spot 2's nines had no Fortune bet; Spot 4's $4 bet earned no button.
    assert [(e.seat, e.returned) for e in envy] == [(2, 500)]
    assert money(events) == 0


def test_lucky_chances_pays_every_envy_award_after_every_seat(monkeypatch):
    """002 s.2272 (D-242): base and Fortune seat by seat, then the Envy awards, in seat order."""
    engine, state, events = dealt(monkeypatch, "lucky-chances", pd=0, total=3,
                                  bets={1: {"main": 1000, FORTUNE: 500}, 2: {"main": 1000, FORTUNE: 500}},
                                  hands={0: BANK, 1: QUADS, 2: ACES})
    events += play(engine, state, [1, 2])
    assert not engine.is_over(state)  # the P/D sets its own hand here (D-235)
    events += engine.apply(state, Action("house-way", 0), SeededRng(3))
    assert [(bet, seat) for seat, bet, _, _ in settled(events)] == [
        ("main", 2), (FORTUNE, 2), ("main", 1), (FORTUNE, 1), (ENVY, 2), (ENVY, 1)]
    envy = {seat: returned for seat, bet, _, returned in settled(events) if bet == ENVY}
    assert envy == {2: 500, 1: 500}  # FPG-04 four of a kind: $5 each, for the other's hand
    assert money(events) == 0


def test_three_pair_pushes_the_fortune_bonus_under_fpg_01_and_loses_under_fpg_04(monkeypatch):
    for paytable, result in (("fpg-01", ("push", 500)), ("fpg-04", ("lose", 0))):
        engine, state, events = dealt(monkeypatch, "lucky-chances", pd=0, total=3, fortune_paytable=paytable,
                                      bets={1: {"main": 1000, FORTUNE: 500}},
                                      hands={0: BANK, 1: LINE_HANDS["three-pair"]})
        events += play(engine, state, [1])
        events += engine.apply(state, Action("house-way", 0), SeededRng(3))
        fortune = next(e for e in events if isinstance(e, Settlement) and e.bet == FORTUNE)
        assert (fortune.result, fortune.returned) == result, paytable  # D-244
        assert money(events) == 0


def test_the_bank_runs_out_on_a_fortune_award_and_leaves_the_envy_unpaid(monkeypatch):
    """D-465, D-466: the stake is used up seat by seat from the action seat; the Envy award the
    action does not reach goes unpaid, wagers it does not reach get no action."""
    engine, state, _ = dealt(monkeypatch, "crystal-park", pd=0, total=3, stake=5000,
                             bets={1: {"main": 1000, FORTUNE: 500}, 2: {"main": 1000, FORTUNE: 500}},
                             hands={0: BANK, 1: STRAIGHT, 2: QUADS})
    events = play(engine, state, [1, 2])
    events += engine.apply(state, Action("house-way", 0), SeededRng(3))
    # Spot 3 first: $10 win, then four of a kind 20 to 1 on $5 = $100, more than the $40 left.
    assert settled(events) == [
        (2, "main", "win", 2000), (2, FORTUNE, "win", 500 + 4000),
        (1, "main", NO_ACTION, 1000), (1, FORTUNE, NO_ACTION, 500),
    ]
    bank = next(e for e in events if isinstance(e, Settlement) and e.bet == "bank")
    assert bank.returned == 0


def test_an_envy_award_is_fixed_dollars_whatever_the_fortune_bet(monkeypatch):
    engine, state, _ = dealt(monkeypatch, "crystal-park", pd=0, total=3,
                             bets={1: {"main": 1000, FORTUNE: 20000}, 2: {"main": 1000, FORTUNE: 500}},
                             hands={0: BANK, 1: NOTHING, 2: "Ah Kh Qh Jh Th 3d 2d"})
    play(engine, state, [1, 2])
    engine.apply(state, Action("house-way", 0), SeededRng(3))
    envy = [r for r in state.results["1"] if r["bet"] == ENVY]
    assert [r["returned"] for r in envy] == [2500]  # Option A royal flush: $25 (003 s.1284)
    pays = Odds.parse(rules("crystal-park")["paytables"]["fortune-option-a"]["lines"]["royal-flush"])
    assert [r["returned"] for r in state.results["2"] if r["bet"] == FORTUNE] == [500 + pays.win(500)]


def test_the_joker_follows_the_lucky_chances_paytable_in_a_dealt_hand(monkeypatch):
    """D-246: under FPG-08 the joker is fully wild: four kings and the joker are five of a kind,
    250 to 1 (002 s.2375); under FPG-04 it is an ace or fills a straight or flush, so the same
    cards are four kings, 25 to 1 (s.2357)."""
    for paytable, won in (("fpg-08", 250 * 500), ("fpg-04", 25 * 500)):
        engine, state, events = dealt(monkeypatch, "lucky-chances", pd=0, total=3, fortune_paytable=paytable,
                                      bets={1: {"main": 1000, FORTUNE: 500}},
                                      hands={0: BANK, 1: "Ks Kh Kd Kc JK 8c 4h"})
        assert state.rules["joker"] == ("wild" if paytable == "fpg-08" else "bug")
        events += play(engine, state, [1])
        events += engine.apply(state, Action("house-way", 0), SeededRng(3))
        fortune = next(e for e in events if isinstance(e, Settlement) and e.bet == FORTUNE)
        assert fortune.returned == 500 + won, paytable
        assert money(events) == 0
