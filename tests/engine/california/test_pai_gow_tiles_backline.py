"""Bets behind at Pai Gow tiles (D-474: every wager), the most money in action setting the
tiles (rule 41, D-475) and rule 42 exactly as printed (002 s.705-709): "if the player with the
most money in action sets the hand that is obviously incorrect (both the front hand and the back
hand can be improved) that player plays the hand as set. But the players that are playing in
that spot with less money will have the hand reset 'House Way'." From stacked tiles and loaded
dice; every hand conserves money (P-243, P-244)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_pai_gow_tiles import (
    BANK,
    VARIANT,
    LoadedDice,
    counted_for,
    dice_for,
    money,
    order_for,
    rules,
)
from webgame.devices.shoe import Shoe
from webgame.engine.protocol import Action, Event, IllegalAction, Note, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.california.editions import edition
from webgame.games.california.table import PlayerDealerState, PlayerDealerTable
from webgame.games.paigow import tiles_table
from webgame.games.paigow.tiles import improves_both, set_tiles

GAME = "pai-gow-tiles"
PD = 0
BANK_LOW = "13a 15a"  # the bank: Teen + Tit 9 high, Gor + Look 0 low
# Teen + Day is 4 and Foo + Chop Ng 0; the House Way puts Day + Chop Ng (a Wong) high and
# Teen + Foo (3) low: both hands better. Against the bank: as set it loses, House Way it wins.
MIS = "66b 11a 56a 45"
MIS_LOW = "45 56a"
# Day + Yun is a Gong, Gor + Mooy 4: the House Way's Day + Gor low is better, its high (Yun +
# Mooy, 8) worse: only one hand improves, so the setting is played as set by everyone (a win).
ONE = "11b 44a 13b 55a"
ONE_LOW = "13b 55a"
BEHIND_2 = "main/behind-spot-2"
TILE = re.compile(r'"(\d\d[ab]?)"')


def behind_dealt(monkeypatch: pytest.MonkeyPatch, own: int, behind: Mapping[int, int], tiles: str = MIS,
                 ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    """Spot 1 banks; Spot 2 bets ``own`` cents and is dealt ``tiles``; ``behind`` backer seat ->
    cents behind Spot 2. The dice total 3 counts to Spot 7; the action is Spot 2's."""
    total = 3
    order = order_for(counted_for(PD, total), {PD: BANK, 1: tiles})

    def stacked(carry: Mapping[str, Any] | None, rng: Any) -> Shoe:
        return Shoe(decks=1, size=32, cut_at=32, remaining=list(order), shuffle_no=1, rounds_since_shuffle=1)

    monkeypatch.setattr(tiles_table, "new_tiles", stacked)
    engine = pd_engine(GAME, VARIANT)
    state = seated(engine, rules(), sorted({PD, 1, *behind}))
    rng = SeededRng(1)
    while engine.to_act(state) != PD:
        engine.apply(state, Action("decline", engine.to_act(state) or 0), rng)
    events = engine.apply(state, Action("bank", PD, "", 100_000), rng)
    events += engine.apply(state, Action("bet", 1, "main", own), rng)
    for backer, cents in behind.items():
        events += engine.apply(state, Action("behind", backer, "1:main", cents), rng)
    events += engine.apply(state, Action("deal", 1), LoadedDice(dice_for(total)))
    return engine, state, events


def settled(events: list[Event]) -> dict[tuple[int, str], Settlement]:
    return {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}


def hidden_tiles_shown(engine: PlayerDealerTable, state: PlayerDealerState, viewer: int) -> set[str]:
    """Spot 2's and the bank's tiles that ``viewer``'s view names though they may not see them:
    the seated player and whoever sets the hand see Spot 2's; the bank's stay shut until every
    position is set; nobody else sees anything before the tiles are opened (rule 41, P-243)."""
    view = engine.view(state, viewer)
    view.get("tiles", {}).pop("faces", None)  # every tile's drawing, named by code
    view.get("tiles", {}).pop("names", None)
    seen = set(TILE.findall(json.dumps(view)))
    hidden = set(state.inner.dealer) | set(state.inner.burn) | set(state.inner.shoe.remaining)
    if viewer not in (1, engine.controllers(state).get(1)):
        hidden |= set(state.inner.seats[1].cards)
    return seen & hidden


def test_the_tiles_edition_offers_every_wager_behind_and_the_most_money_sets():
    ed = edition(f"{GAME}@{VARIANT}")
    assert (ed.backline, ed.control, ed.one_hand) == ("all", "most-money", False)  # D-474, rule 41, P-244


def test_a_bigger_backer_sets_the_tiles_and_lesser_bettors_play_an_obvious_mis_set_house_way(monkeypatch):
    """Spot 2 bets $10; Spot 4 has $30 behind it and sets its tiles; Spot 5 has $10 behind. Spot 4
    puts Teen + Day (4) high and Foo + Chop Ng (0) low, where Day + Chop Ng (a Wong) and Teen + Foo
    (3) improve both: Spot 4 plays it as set and loses; Spot 2 and Spot 5 play the House Way and
    win (rule 42)."""
    four = MIS.split()
    assert improves_both(set_tiles(four, MIS_LOW.split()), four) is not None
    engine, state, events = behind_dealt(monkeypatch, 1000, {3: 3000, 4: 1000})
    assert engine.controllers(state) == {1: 3}
    assert state.inner.deciders == {1: 3}  # the card room told the engine at the deal
    assert {a.kind for a in engine.legal_actions(state, 1)} - {"next"} == set()
    with pytest.raises(IllegalAction, match="Spot 4 has more money on your hand"):
        engine.apply(state, Action("set", 1, MIS_LOW), SeededRng(3))
    # Rule 41: the tiles stay hidden from every bettor but the controller (and the seated player's own).
    for viewer in (PD, 1, 3, 4):
        assert not hidden_tiles_shown(engine, state, viewer), viewer
    assert set(MIS.split()) <= set(TILE.findall(json.dumps(engine.view(state, 3)["seats"])))
    assert not set(MIS.split()) & set(TILE.findall(json.dumps(engine.view(state, 4)["seats"])))
    events += engine.apply(state, Action("set@2", 3, MIS_LOW), SeededRng(3))
    assert sorted(state.inner.sets[1].front) == ["45", "56a"] and not state.inner.sets[1].by_house_way
    events += engine.apply(state, Action("set", PD, BANK_LOW), SeededRng(4))
    assert engine.is_over(state)
    rows = settled(events)
    controller, seat_bet, lesser = rows[(3, BEHIND_2)], rows[(1, "main")], rows[(4, BEHIND_2)]
    assert (controller.result, controller.returned) == ("lose", 0)  # 4 against 9, 0 against 0 (a copy)
    assert (seat_bet.result, seat_bet.returned) == ("win", 2000)  # a Wong over 9, 3 over 0: 1 to 1
    assert (lesser.result, lesser.returned) == ("win", 2000)
    assert "reset House Way, rule 42" in seat_bet.detail and "reset House Way, rule 42" in lesser.detail
    assert "played as set" in controller.detail and "rule 42" not in controller.detail
    assert all(len(r.detail) <= 120 for r in rows.values())  # the recall keeps 120 characters
    assert state.inner.sets[1].back_result == "lose"  # the felt shows the setting as played by its setter
    reset = engine.view(state, 4)["tiles"]["seats"][1]["reset"]
    assert set(reset["high"]) == {"11a", "45"} and (reset["high_result"], reset["low_result"]) == ("win", "win")
    assert any(isinstance(e, Note) and "rule 42" in e.text for e in events)
    order = [(e.seat, e.bet) for e in events if isinstance(e, Settlement) and e.bet != "bank"]
    assert order == [(1, "main"), (3, BEHIND_2), (4, BEHIND_2)]  # each bet behind right after the seat's (D-473)
    assert money(events) == 0
    assert state.collected == 3000 and state.paid == 2000
    again = engine.load(json.loads(json.dumps(engine.dump(state))))
    assert engine.dump(again) == engine.dump(state)


def test_on_equal_money_the_seated_player_sets_and_plays_the_mis_set_hand_as_set(monkeypatch):
    """$10 each: the seated player keeps the hand (D-475); its obvious mis-set is its own loss, and
    the backer, the lesser bettor, plays the House Way."""
    engine, state, events = behind_dealt(monkeypatch, 1000, {3: 1000})
    assert engine.controllers(state) == {1: 1} and state.inner.deciders == {}
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("set@2", 3, MIS_LOW), SeededRng(3))
    events += engine.apply(state, Action("set", 1, MIS_LOW), SeededRng(3))
    events += engine.apply(state, Action("set", PD, BANK_LOW), SeededRng(4))
    rows = settled(events)
    assert (rows[(1, "main")].result, rows[(1, "main")].returned) == ("lose", 0)
    assert (rows[(3, BEHIND_2)].result, rows[(3, BEHIND_2)].returned) == ("win", 2000)
    assert "reset House Way, rule 42" in rows[(3, BEHIND_2)].detail
    assert money(events) == 0


def test_a_setting_that_improves_only_one_hand_is_played_as_set_by_everyone(monkeypatch):
    """Day + Yun (a Gong) high, Gor + Mooy (4) low: the House Way's low (Day + Gor) is better, its
    high (Yun + Mooy, 8) worse, so the setting is not obviously incorrect: the seated player and
    the lesser backer are paid as the controller's setting plays (a win), not the House Way's
    push."""
    four = ONE.split()
    assert improves_both(set_tiles(four, ONE_LOW.split()), four) is None
    engine, state, events = behind_dealt(monkeypatch, 1000, {3: 3000, 4: 1000}, tiles=ONE)
    events += engine.apply(state, Action("set@2", 3, ONE_LOW), SeededRng(3))
    events += engine.apply(state, Action("set", PD, BANK_LOW), SeededRng(4))
    rows = settled(events)
    assert {(k, r.result, r.returned) for k, r in rows.items() if k[1] != "bank"} == {
        ((1, "main"), "win", 2000), ((3, BEHIND_2), "win", 6000), ((4, BEHIND_2), "win", 2000)}
    assert not [r for r in rows.values() if "rule 42" in r.detail]
    assert "reset" not in engine.view(state, 4)["tiles"]["seats"][1]
    assert money(events) == 0


def test_the_house_way_asked_for_is_never_reset(monkeypatch):
    """A controller who asks for the House Way sets no hand that rule 42 could reset."""
    engine, state, events = behind_dealt(monkeypatch, 1000, {3: 3000, 4: 1000})
    events += engine.apply(state, Action("house-way@2", 3), SeededRng(3))
    events += engine.apply(state, Action("set", PD, BANK_LOW), SeededRng(4))
    rows = settled(events)
    assert {r.returned for k, r in rows.items() if k[1] != "bank"} == {2000, 6000}
    assert not [r for r in rows.values() if "rule 42" in r.detail] and not state.inner.resets
    assert money(events) == 0
