"""Bets behind at the Fortune Pai Gow Poker tables (D-474): a Fortune Bonus behind a seat needs
the game wager behind it first (001 s.1160), is paid as that seat's Fortune is, and one of $5 or
more holds an Envy button on the hand it backs, which wins on every other player's qualifying
hand and never on that hand (001 s.1174: "Seated players as well as back-line bettors are
eligible to receive an Envy button"; 003 s.3565, s.3596)."""

from __future__ import annotations

import pytest

from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_fortune_pai_gow import BANK, ENVY, FORTUNE, QUADS, STRAIGHT, rules
from tests.engine.california.test_paigow_player_dealer import (
    LoadedDice,
    deck,
    dice_for,
    money,
    piles_for,
    round_trips,
    stack,
)
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, IllegalAction, Settlement
from webgame.engine.rng import SeededRng


@pytest.mark.parametrize("variant", ["lucky-derby", "crystal-park"])
def test_a_fortune_bet_behind_follows_the_seat_and_holds_an_envy_button(monkeypatch, variant):
    stack(monkeypatch, deck(piles_for(2, {0: BANK, 1: QUADS, 2: STRAIGHT})))  # the dice total 3: Spot 3 first
    engine = pd_engine("fortune-pai-gow-poker", variant)
    state = seated(engine, rules(variant), [0, 1, 2, 3, 4])
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", 0, "", 500_000), rng)
    for seat in (1, 2):
        events += engine.apply(state, Action("bet", seat, "main", 1000), rng)
        events += engine.apply(state, Action("bet", seat, FORTUNE, 500), rng)
    offered = {a.spot for a in engine.legal_actions(state, 3) if a.kind == "behind"}
    assert offered == {"1:main", "2:main"}  # no Fortune behind before the game wager behind
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("behind", 3, f"1:{FORTUNE}", 500), rng)
    for backer, target, fortune in ((3, 1, 500), (4, 2, 500)):
        events += engine.apply(state, Action("behind", backer, f"{target}:main", 1000), rng)
        events += engine.apply(state, Action("behind", backer, f"{target}:{FORTUNE}", fortune), rng)
    events += engine.apply(state, Action("deal", 1), LoadedDice(dice_for(3)))
    for seat in (1, 2):
        events += engine.apply(state, Action("house-way", seat), SeededRng(2))
    if not engine.is_over(state):
        events += engine.apply(state, Action("house-way", 0), SeededRng(3))  # Crystal Park: the P/D sets
    assert engine.is_over(state)
    rows = {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}
    # The Fortune behind Spot 2's four nines pays as Spot 2's does: 25 to 1 under FPG-04 at Lucky Derby.
    seat_fortune, backer_fortune = rows[(1, FORTUNE)], rows[(3, f"{FORTUNE}/behind-spot-2")]
    assert backer_fortune.returned == seat_fortune.returned > 500  # the same $5, the same ratio
    # Spot 5's button is on Spot 3's straight: Spot 2's four nines pay it, as they pay Spot 3's own.
    assert rows[(4, f"{ENVY}/behind-spot-3")].returned == rows[(2, ENVY)].returned > 0
    assert rows[(4, f"{ENVY}/behind-spot-3")].stake == 0
    # Spot 4's button is on the nines themselves: no Envy for the hand it backs.
    assert (3, f"{ENVY}/behind-spot-2") not in rows and (1, ENVY) not in rows
    order = [(e.seat, e.bet) for e in events if isinstance(e, Settlement) and e.bet != "bank"]
    assert order.index((4, f"{ENVY}/behind-spot-3")) == order.index((2, ENVY)) + 1  # right after the seat's Envy
    assert money(events) == 0
    round_trips(engine, state)


def test_a_fortune_bet_behind_under_five_dollars_holds_no_button(monkeypatch):
    stack(monkeypatch, deck(piles_for(2, {0: BANK, 1: QUADS, 2: STRAIGHT})))
    engine = pd_engine("fortune-pai-gow-poker", "lucky-derby")
    state = seated(engine, rules("lucky-derby"), [0, 1, 2, 3])
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", 0, "", 500_000), rng)
    for seat in (1, 2):
        events += engine.apply(state, Action("bet", seat, "main", 1000), rng)
        events += engine.apply(state, Action("bet", seat, FORTUNE, 500), rng)
    events += engine.apply(state, Action("behind", 3, "2:main", 1000), rng)
    events += engine.apply(state, Action("behind", 3, f"2:{FORTUNE}", 400), rng)
    events += engine.apply(state, Action("deal", 1), LoadedDice(dice_for(3)))
    for seat in (1, 2):
        events += engine.apply(state, Action("house-way", seat), SeededRng(2))
    assert engine.is_over(state)
    assert not [e for e in events if isinstance(e, Settlement) and e.bet.startswith(f"{ENVY}/")]  # D-240
    assert money(events) == 0


@pytest.mark.parametrize(("variant", "behind"), [
    ("crystal-park", {"1:main", f"1:{FORTUNE}"}),  # every wager (003 s.3512), the Fortune after the base
    ("lucky-derby", {"1:main"}),                   # the base game wager only (001 s.2820, D-474)
])
def test_face_up_offers_bets_behind_as_its_rulebook_says(variant, behind):
    engine = pd_engine("face-up-pai-gow-poker", variant)
    state = seated(engine, resolve(load_game("face-up-pai-gow-poker").variants[variant], None), [0, 1, 2])
    rng = SeededRng(1)
    engine.apply(state, Action("bank", 0, "", 500_000), rng)
    engine.apply(state, Action("bet", 1, "main", 1000), rng)
    engine.apply(state, Action("bet", 1, FORTUNE, 500), rng)
    engine.apply(state, Action("behind", 2, "1:main", 1000), rng)
    assert {a.spot for a in engine.legal_actions(state, 2) if a.kind == "behind"} == behind
