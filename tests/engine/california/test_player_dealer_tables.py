"""The player-dealer table (games/california/table.py) on Three Card Poker's P/D editions,
hand by hand from stacked decks: the offer and its rotation, the fees before the deal, the
coverage from the action seat, and money conserved in every hand (D-465 … D-470, D-483)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.carnival_support import rules_for, stacking
from tests.engine.california.pdhelp import pd_engine, seated
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, Fee, IllegalAction, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games import registry
from webgame.games.california import fees
from webgame.games.california.table import PlayerDealerState, PlayerDealerTable
from webgame.games.carnival import base

GAME = "three-card-poker"
EDITIONS = ("6cb-lucky-derby", "6cb-lucky-chances", "6cb-crystal-park", "lucky-chances")


def table(variant: str) -> PlayerDealerTable:
    return pd_engine(GAME, variant)


def do(engine: PlayerDealerTable, state: PlayerDealerState, kind: str, seat: int = SYSTEM_SEAT,
       spot: str = "", amount: int = 0) -> list[Event]:
    events = engine.apply(state, Action(kind, seat, spot, amount), SeededRng(1))
    assert round_trips_json(engine, state)
    return events


def round_trips_json(engine: PlayerDealerTable, state: PlayerDealerState) -> bool:
    import json

    again = engine.load(json.loads(json.dumps(engine.dump(state))))
    return engine.dump(again) == engine.dump(state) and round_trips(state.inner)


def net_money(events: Sequence[Event]) -> int:
    """Money conservation: what players and the bank put down equals what came back, fees apart."""
    staked = sum(e.amount for e in events if isinstance(e, Stake))
    back = sum(e.returned for e in events if isinstance(e, Settlement))
    return staked - back


@pytest.mark.parametrize("variant", EDITIONS)
def test_collection_fee_choices_are_the_editions_schedules(variant):
    """The operator picks among exactly the options printed for the edition, the first the
    default (D-481, D-482)."""
    from webgame.engine.paytable import load_game

    option = load_game(GAME).variants[variant].options["collection_fee"]
    printed = [s.id for s in fees.schedules_for(f"{GAME}@{variant}")]
    assert option["choices"] == printed and option["default"] == printed[0]
    assert load_game(GAME).variants[variant].player_banked


def test_house_variants_are_not_wrapped():
    assert not isinstance(registry.engine(GAME, "grand-ronde"), PlayerDealerTable)
    assert not registry.engine(GAME, "chapter4").player_banked


def test_bank_declined_round_the_table_pauses_then_closes():
    engine = table("6cb-lucky-derby")
    state = seated(engine, rules_for(GAME, "6cb-lucky-derby"), [0, 3, 5])
    assert engine.to_act(state) == 0  # first occupied seat left of the house dealer (D-469)
    do(engine, state, "decline", 0)
    assert engine.to_act(state) == 3
    do(engine, state, "decline", 3)
    assert engine.to_act(state) == 5
    events = do(engine, state, "decline", 5)
    assert state.bank["phase"] == "paused" and engine.to_act(state) is None
    assert not [e for e in events if isinstance(e, (Stake, Settlement, Fee))]
    assert engine.timeout_action(state) == Action("close", SYSTEM_SEAT)
    do(engine, state, "close")
    assert engine.is_over(state) and state.bank["phase"] == "closed"
    # The next round opens the table afresh.
    again = seated(engine, state.rules, [0, 3, 5], engine.carry(state))
    assert engine.to_act(again) == 0


def test_a_clock_that_runs_out_declines():
    engine = table("6cb-lucky-derby")
    state = seated(engine, rules_for(GAME, "6cb-lucky-derby"), [1, 2])
    assert engine.timeout_action(state) == Action("timeout", SYSTEM_SEAT)
    do(engine, state, "timeout")
    assert engine.to_act(state) == 2


def test_one_player_cannot_be_offered_the_bank():
    engine = table("6cb-lucky-derby")
    state = seated(engine, rules_for(GAME, "6cb-lucky-derby"), [4])
    assert state.bank["phase"] == "waiting" and engine.to_act(state) is None
    with pytest.raises(IllegalAction):
        do(engine, state, "bank", 4, amount=1000)


def play_hand(engine, state, pd, bettors, monkeypatch, order, stake=10000, ante=1000):
    monkeypatch.setattr(base, "new_shoe", stacking(order))
    events = do(engine, state, "bank", pd, amount=stake)
    for seat in bettors:
        events += do(engine, state, "bet", seat, "ante", ante)
    events += do(engine, state, "deal")
    for seat in list(engine.deciding(state)):
        events += do(engine, state, "play", seat, amount=ante)
    assert engine.is_over(state)
    return events


HANDS = ["Ah", "Kd", "3c", "As", "Kc", "4d", "Ad", "Ks", "5h", "2c", "4s", "7d"]  # three players, then a P/D below queen high


def test_two_consecutive_banks_then_a_forced_pass(monkeypatch):
    engine = table("6cb-lucky-derby")
    rules = rules_for(GAME, "6cb-lucky-derby")
    state = seated(engine, rules, [0, 1, 2, 3])
    monkeypatch.setattr(base, "new_shoe", stacking(HANDS))
    state.inner = engine.inner.new_round(rules, SeededRng(0), None)
    for seat in (0, 1, 2, 3):
        engine.inner.apply(state.inner, Action("owner", seat, f"p{seat}"), SeededRng(0))
    play_hand(engine, state, 0, [1, 2, 3], monkeypatch, HANDS)
    assert state.bank["offered_to"] == 1 and state.bank["hands"] == 1  # keep it? (2nd turn)
    second = seated(engine, rules, [0, 1, 2, 3], engine.carry(state))
    legal = {a.kind: a for a in engine.legal_actions(second, 0)}
    assert "2nd turn" in legal["bank"].label
    play_hand(engine, second, 0, [1, 2, 3], monkeypatch, HANDS)
    third = seated(engine, rules, [0, 1, 2, 3], engine.carry(second))
    assert engine.to_act(third) == 1  # forced pass, clockwise (D-468)
    with pytest.raises(IllegalAction, match="not being offered to you"):
        do(engine, third, "bank", 0, amount=10000)


def test_bank_that_runs_out_mid_settlement(monkeypatch):
    """$15 of action against three Antes of $10 that each win even money (the P/D does not
    qualify, 001 s.398): Spot 2 is paid $10, Spot 3 $5 of its $10 (the stake runs out on it),
    its Play and everything of Spot 4 get no action and go back whole (D-466)."""
    engine = table("6cb-lucky-derby")
    rules = rules_for(GAME, "6cb-lucky-derby")
    state = seated(engine, rules, [0, 1, 2, 3])
    monkeypatch.setattr(base, "new_shoe", stacking(HANDS))
    state.inner = engine.inner.new_round(rules, SeededRng(0), None)
    events = play_hand(engine, state, 0, [1, 2, 3], monkeypatch, HANDS, stake=1500)
    # The up card 7d counts seven seats from the house dealer's left past the P/D: Spot 8 has
    # no wager, so the action moves on clockwise to Spot 2 (D-479).
    assert state.action_seat == 1
    got = {(e.seat, e.bet): (e.returned, e.result) for e in events if isinstance(e, Settlement)}
    assert got == {
        (1, "ante"): (2000, "win"), (1, "play"): (1000, "push"),
        (2, "ante"): (1500, "win"), (2, "play"): (1000, "no-action"),
        (3, "ante"): (1000, "no-action"), (3, "play"): (1000, "no-action"),
        (0, "bank"): (0, "lose"),
    }
    assert net_money(events) == 0
    fee = [e for e in events if isinstance(e, Fee)]
    assert fee == [Fee(0, 50, fee[0].memo)]  # $30 of table action: the bank's $0.50


@pytest.mark.parametrize(("variant", "players", "ante", "expected"), [
    # 001-blackjack-tcp-1 (s.2077-2081): the P/D alone pays, on total table action.
    ("6cb-lucky-derby", 1, 1000, {0: 50}),
    ("6cb-lucky-derby", 3, 1000, {0: 50}),
    ("6cb-lucky-derby", 6, 1000, {0: 100}),
    # 002-three-card-poker-6cb-1 (s.6612-6660): $1 a circle, and the P/D by table action.
    ("6cb-lucky-chances", 1, 1000, {0: 100, 1: 100}),
    ("6cb-lucky-chances", 3, 1000, {0: 100, 1: 100, 2: 100, 3: 100}),
    ("6cb-lucky-chances", 6, 2000, {0: 200, **{s: 100 for s in range(1, 7)}}),
    # 003-three-card-poker-6cb-own-1 (s.4003-4024): $0.50 a player, the P/D $0.50 / $2.
    ("6cb-crystal-park", 1, 1000, {0: 50, 1: 50}),
    ("6cb-crystal-park", 3, 1000, {0: 50, 1: 50, 2: 50, 3: 50}),
    ("6cb-crystal-park", 6, 1000, {0: 200, **{s: 50 for s in range(1, 7)}}),
    # 002-three-card-poker-1 (s.3930-3961): Lucky Chances' own Three Card Poker.
    ("lucky-chances", 3, 1000, {0: 100, 1: 100, 2: 100, 3: 100}),
])
def test_fees_before_the_deal(variant, players, ante, expected):
    engine = table(variant)
    rules = rules_for(GAME, variant)
    seats = list(range(players + 1))
    state = seated(engine, rules, seats)
    do(engine, state, "bank", 0, amount=100000)
    for seat in seats[1:]:
        do(engine, state, "bet", seat, "ante", ante)
    events = do(engine, state, "deal")
    fees_paid = {}
    for e in events:
        if isinstance(e, Fee):
            fees_paid[e.seat] = fees_paid.get(e.seat, 0) + e.amount
    assert fees_paid == expected
    first_card = next(i for i, e in enumerate(events) if not isinstance(e, Fee))
    assert all(isinstance(e, Fee) for e in events[:first_card])  # taken before the deal (D-483)
    view = engine.view(state, 1)["player_dealer"]
    assert view["fees"] == expected and view["fees_taken"]


def test_player_dealer_places_no_wager_and_bad_stakes_are_refused():
    engine = table("6cb-lucky-derby")
    state = seated(engine, rules_for(GAME, "6cb-lucky-derby"), [0, 1])
    with pytest.raises(IllegalAction, match="at least \\$5"):
        do(engine, state, "bank", 0, amount=100)
    with pytest.raises(IllegalAction, match="nobody bets"):
        do(engine, state, "bet", 1, "ante", 1000)
    do(engine, state, "bank", 0, amount=10000)
    assert [a.kind for a in engine.legal_actions(state, 0)] == ["next"]  # no betting spot
    with pytest.raises(IllegalAction, match="places no wagers"):
        do(engine, state, "bet", 0, "ante", 1000)


def test_six_card_bonus_survives_a_fold_and_is_capped_by_the_ante_at_lucky_chances(monkeypatch):
    """002: the 6 Card Bonus is at most the Ante (D-286); a fold forfeits Ante and Pair Plus but
    the 6 Card Bonus is settled on the player's 3 + the P/D's 3 (D-281): here a flush, 15 to 1."""
    engine = table("6cb-lucky-chances")
    rules = rules_for(GAME, "6cb-lucky-chances")
    state = seated(engine, rules, [0, 1])
    monkeypatch.setattr(base, "new_shoe", stacking(["2h", "5h", "9h", "Kh", "Jh", "3d"]))
    state.inner = engine.inner.new_round(rules, SeededRng(0), None)
    engine.inner.apply(state.inner, Action("owner", 1, "p1"), SeededRng(0))
    do(engine, state, "bank", 0, amount=100000)
    do(engine, state, "bet", 1, "ante", 1000)
    with pytest.raises(IllegalAction, match="no more than the Ante"):
        do(engine, state, "bet", 1, "six-card-bonus", 1100)
    do(engine, state, "bet", 1, "six-card-bonus", 1000)
    do(engine, state, "bet", 1, "pair-plus", 500)
    do(engine, state, "deal")
    events = do(engine, state, "fold", 1)
    got = {e.bet: (e.returned, e.result) for e in events if isinstance(e, Settlement) and e.seat == 1}
    assert got == {"ante": (0, "lose"), "pair-plus": (0, "lose"), "six-card-bonus": (16000, "win")}
    assert net_money(events + [Stake(1, "ante", 1000), Stake(1, "six-card-bonus", 1000),
                               Stake(1, "pair-plus", 500), Stake(0, "bank", 100000)]) == 0


def test_lucky_chances_bonus_must_equal_the_ante():
    engine = table("lucky-chances")
    state = seated(engine, rules_for(GAME, "lucky-chances"), [0, 1])
    do(engine, state, "bank", 0, amount=100000)
    do(engine, state, "bet", 1, "ante", 2000)
    legal = {a.spot: a for a in engine.legal_actions(state, 1) if a.kind == "bet"}
    assert (legal["tcp-bonus"].min, legal["tcp-bonus"].max) == (2000, 2000)
    with pytest.raises(IllegalAction, match="must equal the Ante"):
        do(engine, state, "bet", 1, "tcp-bonus", 3000)


def test_bots_bank_only_where_the_operator_lets_them():
    engine = table("6cb-lucky-derby")
    state = seated(engine, rules_for(GAME, "6cb-lucky-derby"), [0, 1])
    assert engine.bot_action(state, 0) == Action("decline", 0)
    allowed = seated(engine, rules_for(GAME, "6cb-lucky-derby", options={"bots_may_bank": True}), [0, 1])
    move = engine.bot_action(allowed, 0)
    assert move is not None and move.kind == "bank" and move.amount == allowed.rules["bot_bank"]
    assert engine.bot_action(allowed, 1) is None  # not offered to that seat


def test_the_bank_has_no_maximum():
    """D-471: any stake of at least the table minimum; only the P/D's chips bound it."""
    engine = table("6cb-lucky-derby")
    state = seated(engine, rules_for(GAME, "6cb-lucky-derby"), [0, 1])
    do(engine, state, "bank", 0, amount=250_000_000)
    assert state.stake == 250_000_000


@pytest.mark.parametrize("variant", EDITIONS)
@pytest.mark.parametrize("seed", range(12))
def test_random_hands_conserve_money_and_never_touch_more_than_the_stake(variant, seed):
    """Random offers, stakes, wagers and decisions: every hand ends with the players' net and
    the bank's net summing to zero, the bank never losing more than its stake, every wager
    settled once, and the round stored and reloaded exactly."""
    import random

    chooser = random.Random(seed)
    engine = table(variant)
    rules = rules_for(GAME, variant)
    carry = None
    for _hand in range(3):
        state = seated(engine, rules, [0, 2, 3, 5], carry)
        events: list[Event] = []
        for _ in range(12):
            if state.phase != "offer":
                break
            seat = engine.to_act(state)
            if seat is None:  # paused: nobody left to offer it to
                break
            if chooser.random() < 0.3:
                events += do(engine, state, "decline", seat)
            else:
                low = rules["limits"]["bank"]["min"]
                events += do(engine, state, "bank", seat, amount=chooser.choice([low, 2 * low, 5 * low, 100000]))
        if state.phase == "offer":  # declined all the way round
            do(engine, state, "close")
            carry = engine.carry(state)
            continue
        for seat in (0, 2, 3, 5):
            if seat == state.pd_seat:
                continue
            for legal in engine.legal_actions(state, seat):
                if legal.kind == "bet" and chooser.random() < 0.7:
                    events += do(engine, state, "bet", seat, legal.spot, legal.min)
        if not any(any(b.values()) for b in state.wagers.values()):
            events += do(engine, state, "close")
        else:
            events += do(engine, state, "deal")
            while not engine.is_over(state):
                for seat in engine.deciding(state):
                    kinds = [a for a in engine.legal_actions(state, seat) if a.kind in ("play", "fold")]
                    move = chooser.choice(kinds)
                    events += do(engine, state, move.kind, seat, amount=move.max)
        settled = [e for e in events if isinstance(e, Settlement)]
        keys = [(e.seat, e.bet) for e in settled]
        assert len(keys) == len(set(keys))
        bank = next(e for e in settled if e.bet == "bank")
        assert bank.returned >= 0 and bank.stake == state.stake
        assert sum(e.net for e in settled) == 0  # the house neither wins nor loses a cent
        assert net_money(events) == 0
        carry = engine.carry(state)


def test_a_misdeal_voids_the_hand_returns_every_wager_and_takes_no_fee(monkeypatch):
    """D-008, D-010: a card dealt twice voids the hand; the bank gets its stake back whole and
    no collection fee is taken for a hand that was never played (D-483, D-485)."""
    from webgame.games.carnival.three_card import ThreeCardPoker

    engine = table("6cb-lucky-derby")
    rules = rules_for(GAME, "6cb-lucky-derby")
    state = seated(engine, rules, [0, 1, 2])
    do(engine, state, "bank", 0, amount=10000)
    do(engine, state, "bet", 1, "ante", 1000)
    do(engine, state, "bet", 2, "ante", 1000)
    real_deal = ThreeCardPoker.deal

    def twice(self, st, rng, players, events):
        real_deal(self, st, rng, players, events)
        st.dealer[0] = st.seats[players[0]].cards[0]  # the same card in two hands

    monkeypatch.setattr(ThreeCardPoker, "deal", twice)
    events = do(engine, state, "deal")
    assert not [e for e in events if isinstance(e, Fee)]
    settled = {(e.seat, e.bet): (e.stake, e.returned) for e in events if isinstance(e, Settlement)}
    assert settled == {(1, "ante"): (1000, 1000), (2, "ante"): (1000, 1000), (0, "bank"): (10000, 10000)}
    assert engine.is_over(state)
