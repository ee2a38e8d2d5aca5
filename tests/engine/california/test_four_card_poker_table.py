"""Four Card Poker at the player-dealer table (games/california/table.py): the edition's fee
schedules, the action seat from every rank of the P/D's face-up card, and money conserved in
random hands (002 §28-§30; D-332, D-333, D-465 … D-467, D-479, D-483, P-080)."""

from __future__ import annotations

import random

import pytest

from tests.carnival_support import rules_for, stacking
from webgame.engine.paytable import load_game
from webgame.engine.protocol import Event, Settlement, Stake
from webgame.games import registry
from webgame.games.california import fees
from webgame.games.california.table import PlayerDealerTable
from webgame.games.carnival import base

from .test_player_dealer_tables import do, net_money, seated

GAME, VARIANT = "four-card-poker", "lucky-chances"
RANKS = "A23456789TJQK"
SUIT_OF = "cdhs"


def table() -> PlayerDealerTable:
    engine = registry.engine(GAME, VARIANT)
    assert isinstance(engine, PlayerDealerTable)
    return engine


def test_collection_fee_choices_are_the_editions_printed_schedules():
    """Appendix A9 prints seed 002's Three Card Poker schedule again for Four Card Poker
    (s.4071-4101): exactly its three options, the first the default (D-482)."""
    variant = load_game(GAME).variants[VARIANT]
    option = variant.options["collection_fee"]
    printed = [s.id for s in fees.schedules_for(f"{GAME}@{VARIANT}")]
    assert printed == ["002-three-card-poker-1", "002-three-card-poker-2", "002-three-card-poker-3"]
    assert option["choices"] == printed and option["default"] == printed[0]
    rules = rules_for(GAME, VARIANT)
    assert rules["seats"] == 8  # seven players and the P/D (D-333, P-080)
    assert table().bank_limit(rules) == (1000, 100000000000)  # the $10 table minimum, no maximum (D-471)
    assert not rules["bots_may_bank"] and rules["bot_bank"] == 50000


def deck_with_up_card(rank: str, players: int) -> list[str]:
    """A deck whose deal gives the P/D ``rank`` as its sixth, face-up card: five rounds of one
    card to each player and one to the P/D, then the P/D's sixth (four_card.deal)."""
    up = f"{rank}s"
    others = [f"{r}{s}" for s in SUIT_OF for r in RANKS if f"{r}{s}" != up]
    at = 5 * (players + 1)
    return others[:at] + [up]


@pytest.mark.parametrize("rank", list(RANKS))
def test_the_up_card_sets_the_action_seat_and_settlement_runs_from_it(monkeypatch, rank):
    """D-332: the P/D's face-up card counts A = 1 … K = 13 (D-479) clockwise over the seven
    seats that are not the P/D's, from the house dealer's left; settlement starts at the first
    seat with a wager from there. The P/D banks in Spot 1 and Spots 2-4 bet, so a count that
    ends on Spot 5-8 moves on round the table to Spot 2."""
    monkeypatch.setattr(base, "new_shoe", stacking(deck_with_up_card(rank, 3)))
    engine = table()
    rules = rules_for(GAME, VARIANT)
    state = seated(engine, rules, [0, 1, 2, 3])
    do(engine, state, "bank", 0, amount=1000)  # a $10 bank: only the first Ante it meets is settled
    for seat in (1, 2, 3):
        do(engine, state, "bet", seat, "ante", 1000)
    do(engine, state, "deal", 1)
    assert state.action_card == f"{rank}s"
    for seat in (1, 2, 3):
        do(engine, state, "play", seat, "1", 1000)
    assert engine.is_over(state)

    value = RANKS.index(rank) + 1
    counted = 2 + (value - 1) % 7  # a position: Spots 2-8
    action_position = counted if counted in (2, 3, 4) else 2
    assert state.action_seat == action_position - 1
    # The first Ante met uses up the whole $10 (a win pays at least even money, a loss takes
    # the $10; an Ante never pushes, D-328), so exactly that Ante is settled and everything
    # else goes back with no action (D-466).
    settled = {seat: {r["bet"]: r["result"] for r in rows} for seat, rows in state.results.items()}
    for seat in (1, 2, 3):
        expected = {"ante": "no-action", "play": "no-action"}
        if seat == action_position - 1:
            expected["ante"] = settled[str(seat)]["ante"]
            assert expected["ante"] in ("win", "lose")
        assert settled[str(seat)] == expected, (rank, seat)


@pytest.mark.parametrize("seed", range(10))
def test_random_hands_conserve_money_and_never_touch_more_than_the_stake(seed):
    """Random offers, stakes, Antes, Aces Up and Bad Beat bets and Play or fold: every hand's
    settlements net to zero between the players and the bank, the bank never pays or takes more
    than its stake, and each wager settles once."""
    chooser = random.Random(seed)
    engine = table()
    rules = rules_for(GAME, VARIANT)
    carry = None
    players = [0, 2, 3, 5, 7]
    for _hand in range(3):
        state = seated(engine, rules, players, carry)
        events: list[Event] = []
        for _ in range(12):
            if state.phase != "offer":
                break
            seat = engine.to_act(state)
            if seat is None:
                break
            if chooser.random() < 0.3:
                events += do(engine, state, "decline", seat)
            else:
                events += do(engine, state, "bank", seat, amount=chooser.choice([1000, 3000, 10000, 100000]))
        if state.phase == "offer":
            do(engine, state, "close")
            carry = engine.carry(state)
            continue
        for seat in players:
            if seat == state.pd_seat or chooser.random() < 0.2:
                continue
            ante = chooser.choice([1000, 2000, 5000])
            events += do(engine, state, "bet", seat, "ante", ante)
            for side in ("aces-up", "bad-beat"):
                if chooser.random() < 0.5:
                    events += do(engine, state, "bet", seat, side, ante)
        if not any(any(b.values()) for b in state.wagers.values()):
            events += do(engine, state, "close")
        else:
            events += do(engine, state, "deal")
            while not engine.is_over(state):
                for seat in engine.deciding(state):
                    move = chooser.choice([a for a in engine.legal_actions(state, seat) if a.kind in ("play", "fold")])
                    events += do(engine, state, move.kind, seat, move.spot, move.max)
        settled = [e for e in events if isinstance(e, Settlement)]
        keys = [(e.seat, e.bet) for e in settled]
        assert len(keys) == len(set(keys))
        bank = next(e for e in settled if e.bet == "bank")
        assert bank.stake == state.stake and bank.returned >= 0
        covered = [e for e in settled if e.bet != "bank" and e.result != "no-action"]
        assert state.collected + state.paid <= state.stake  # the stake is all the action there is
        assert sum(abs(e.net) for e in covered) == state.collected + state.paid
        assert sum(e.net for e in settled) == 0  # the house neither wins nor loses a cent
        assert net_money(events) == 0
        assert all(e.bet in ("ante", "play", "aces-up", "bad-beat", "bank") for e in settled + [
            e for e in events if isinstance(e, Stake)])
        carry = engine.carry(state)
