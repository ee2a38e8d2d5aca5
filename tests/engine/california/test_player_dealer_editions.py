"""The player-dealer editions of Ultimate Texas Hold'em, Let It Ride, Mississippi Stud and
Caribbean Stud on the player-dealer table (games/california/table.py): the operator's fee
options are exactly each edition's printed schedules, every wager the engine settles has its
place in the edition's settlement order, a short bank pays in that order and returns the rest
(D-466, D-467), and money is conserved hand after hand."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tests.carnival_support import rules_for
from tests.engine.california.pdhelp import pd_engine, seated
from webgame.engine.paytable import load_game
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, Fee, Refund, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.california import action as seats_action
from webgame.games.california import fees
from webgame.games.california.editions import edition
from webgame.games.california.table import PlayerDealerState, PlayerDealerTable, position

EDITIONS = (
    ("ultimate-texas-holdem", "lucky-derby"),
    ("ultimate-texas-holdem", "bad-beat-lucky-derby"),
    ("ultimate-texas-holdem", "bad-beat-1.0"),
    ("ultimate-texas-holdem", "crystal-park"),
    ("let-it-ride", "bonus-1.0"),
    ("mississippi-stud", "crystal-park"),
    ("caribbean-stud", "designated-player"),
)
IDS = [f"{g}@{v}" for g, v in EDITIONS]


def table(game: str, variant: str) -> PlayerDealerTable:
    return pd_engine(game, variant)


def do(engine: PlayerDealerTable, state: PlayerDealerState, kind: str, seat: int = SYSTEM_SEAT,
       spot: str = "", amount: int = 0, rng: int = 1) -> list[Event]:
    return engine.apply(state, Action(kind, seat, spot, amount), SeededRng(rng))


@pytest.mark.parametrize(("game", "variant"), EDITIONS, ids=IDS)
def test_collection_fee_choices_are_the_editions_schedules(game, variant):
    """The operator picks among exactly the options printed for the edition, the first the
    default (D-481, D-482); the bank has a table minimum and no maximum (D-471)."""
    v = load_game(game).variants[variant]
    option = v.options["collection_fee"]
    printed = [s.id for s in fees.schedules_for(f"{game}@{variant}")]
    assert printed and option["choices"] == printed and option["default"] == printed[0]
    assert v.options["bots_may_bank"]["default"] is False
    assert v.player_banked
    rules = rules_for(game, variant)
    low, high = PlayerDealerTable.bank_limit(rules)
    main = next(iter(rules["limits"].values()))
    assert low == main["min"] and high >= 10**11


def play_out(engine: PlayerDealerTable, state: PlayerDealerState, chooser: random.Random,
             bettors: Sequence[int]) -> list[Event]:
    """Every bettor takes the main wager's minimum (and each side bet it may), then plays its
    hand with random legal decisions."""
    events: list[Event] = []
    for seat in bettors:
        for _ in range(3):  # a side bet opens once the main wager is down
            for legal in engine.legal_actions(state, seat):
                if legal.kind == "bet" and not state.wagers.get(str(seat), {}).get(legal.spot):
                    events += do(engine, state, "bet", seat, legal.spot, legal.min)
    events += do(engine, state, engine.inner.window_closes_with, bettors[0])
    turn = 0
    while not engine.is_over(state):
        turn += 1
        assert turn < 60
        moved = False
        for seat in list(engine.deciding(state)) or [s for s in [engine.to_act(state)] if s is not None]:
            moves = [a for a in engine.legal_actions(state, seat) if a.kind not in ("next", "bet", "clear")]
            if moves:
                move = chooser.choice(moves)
                events += do(engine, state, move.kind, seat, move.spot, move.max or move.min, rng=turn)
                moved = True
        if not moved:
            timeout = engine.timeout_action(state)
            assert timeout is not None
            events += engine.apply(state, timeout, SeededRng(turn))
    return events


@pytest.mark.parametrize(("game", "variant"), EDITIONS, ids=IDS)
@pytest.mark.parametrize("seed", range(8))
def test_hands_settle_in_the_editions_order_within_the_stake(game, variant, seed):
    """A bank of the table minimum against three players: every wager the engine settles has a
    place in the edition's order; the bank pays in that order until its stake runs out and every
    wager after that gets no action (D-466); the bank never loses more than its stake, the
    house neither wins nor loses, the fees are taken before any card."""
    chooser = random.Random(seed)
    engine = table(game, variant)
    rules = rules_for(game, variant)
    ed = edition(f"{game}@{variant}")
    state = seated(engine, rules, [0, 1, 2, 3])
    stake = engine.bank_limit(rules)[0] * chooser.choice([1, 2, 20])
    events = do(engine, state, "bank", 0, amount=stake)
    events += play_out(engine, state, chooser, [1, 2, 3])
    assert engine.is_over(state)
    fee_at = [i for i, e in enumerate(events) if isinstance(e, Fee)]
    settled = [e for e in events if isinstance(e, Settlement)]
    assert fee_at and settled and max(fee_at) < events.index(settled[0])
    bank = settled[-1]
    assert bank.bet == "bank" and bank.seat == 0 and bank.stake == stake and bank.returned >= 0
    players = settled[:-1]
    keys = [(e.seat, e.bet) for e in players]
    assert len(keys) == len(set(keys))
    assert {e.bet for e in players} <= set(ed.wager_order)
    # The order: seats round the table from the action seat, within a seat the edition's order.
    order = seats_action.settlement_order(engine._layout(state), position(state.action_seat or 0), ed.action.settle)
    ranks = [(order.index(position(e.seat)), ed.wager_order.index(e.bet)) for e in players]
    assert ranks == sorted(ranks)
    # Once the bank has run out, every later wager goes back whole.
    results = [e.result for e in players]
    if "no-action" in results:
        first = results.index("no-action")
        assert all(r == "no-action" for r in results[first:])
        assert all(e.returned == e.stake for e in players[first:])
    assert abs(bank.net) <= stake  # the bank never wins or loses more than its stake (D-466)
    assert sum(e.net for e in settled) == 0
    staked = sum(e.amount for e in events if isinstance(e, Stake))
    refunded = sum(e.amount for e in events if isinstance(e, Refund))
    assert staked - refunded == sum(e.returned for e in settled)


def test_let_it_rides_three_card_bonus_pays_its_own_fee():
    """002-let-it-ride-1 (002 s.4184-4214): a player pays $1 on a circle of $10 base bets
    and, for the 3 Card Bonus, $1 again on its own band: the bonus circle is a bonus bet for
    the fee though its stake key (three-card-bonus) is not the side bet's slug."""
    engine = table("let-it-ride", "bonus-1.0")
    rules = rules_for("let-it-ride", "bonus-1.0")
    state = seated(engine, rules, [0, 1, 2])
    do(engine, state, "bank", 0, amount=100000)
    do(engine, state, "bet", 1, "base", 1000)
    do(engine, state, "bet", 1, "three-card-bonus", 500)
    do(engine, state, "bet", 2, "base", 1000)
    events = do(engine, state, "deal", 1)
    paid: dict[int, int] = {}
    for e in events:
        if isinstance(e, Fee) and e.seat != 0:
            paid[e.seat] = paid.get(e.seat, 0) + e.amount
    assert paid == {1: 200, 2: 100}
    assert "three-card-bonus" in engine.side_spots(rules)


@pytest.mark.parametrize(("game", "variant", "seat"), [
    # Mississippi Stud and Let It Ride settle from the house dealer's right, counter-clockwise
    # (003 s.3786; 002 s.3415): the highest occupied seat first.
    ("mississippi-stud", "crystal-park", 3),
    ("let-it-ride", "bonus-1.0", 3),
    # Ultimate Texas Hold'em: from the player-dealer's left (D-467).
    ("ultimate-texas-holdem", "lucky-derby", 1),
    ("ultimate-texas-holdem", "bad-beat-1.0", 1),
])
def test_the_action_seat_is_the_editions_fixed_seat(game, variant, seat):
    engine = table(game, variant)
    rules = rules_for(game, variant)
    state = seated(engine, rules, [0, 1, 2, 3])
    do(engine, state, "bank", 0, amount=100000)
    main = next(a.spot for a in engine.legal_actions(state, 1) if a.kind == "bet")
    for s in (1, 2, 3):
        do(engine, state, "bet", s, main, engine.bank_limit(rules)[0])
    do(engine, state, "deal", 1)
    assert state.action_seat == seat


@pytest.mark.parametrize(("game", "variant", "players"), [
    ("mississippi-stud", "crystal-park", 5),  # "up to five players and a player-dealer position" (003 s.3737)
    ("caribbean-stud", "designated-player", 7),  # "a table with eight positions", the DP's among them (001 s.114)
])
def test_a_full_table_seats_every_player_beside_the_player_dealer(game, variant, players):
    engine = table(game, variant)
    rules = rules_for(game, variant)
    seats = list(range(players + 1))
    assert rules["seats"] == players + 1
    state = seated(engine, rules, seats)
    events = do(engine, state, "bank", 0, amount=100000)
    events += play_out(engine, state, random.Random(3), seats[1:])
    settled = [e for e in events if isinstance(e, Settlement) and e.bet != "bank"]
    assert {e.seat for e in settled} == set(seats[1:])
    assert sum(e.net for e in events if isinstance(e, Settlement)) == 0
