"""A player-dealer blackjack round on a stacked shoe, for the engine tests of every P/D
blackjack edition (Pure 21.5, No Bust, 21st Century Free Bet, Lucky Chances): seat 0 banks,
seats 1-3 bet, the cards come in the order a real deal takes them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.test_blackjack_table import deal_order, stack_shoe
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Event, Fee, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.california.table import PlayerDealerState, PlayerDealerTable

PD = 0
BETTORS = (1, 2, 3)


def rules_for(game: str, variant: str, **options: Any) -> dict[str, Any]:
    return resolve(load_game(game).variants[variant], {"options": options} if options else None)


def deal_round(game: str, variant: str, hands: Sequence[Sequence[str]], dealer: Sequence[str],
               draws: Sequence[str] = (), *, bets: Mapping[int, Mapping[str, int]] | None = None,
               stake: int = 100000, **options: Any) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    """Seat 0 banks ``stake``; ``hands`` go to the betting seats in order (seats 1, 2, 3 by
    default, $10 each), the P/D's up and hole cards are ``dealer``, then ``draws``."""
    engine = pd_engine(game, variant)
    state = seated(engine, rules_for(game, variant, **options), [PD, *BETTORS])
    rng = SeededRng(1)
    events = engine.apply(state, Action("bank", PD, "", stake), rng)
    stack_shoe(state.inner.shoe, deal_order(hands, dealer, draws))
    for seat, spots in (bets or {s: {"main": 1000} for s in BETTORS[:len(hands)]}).items():
        for spot, amount in spots.items():
            events += engine.apply(state, Action("bet", seat, spot, amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets or {1: {}}))), rng)
    return engine, state, events


def play_out(engine: PlayerDealerTable, state: PlayerDealerState, events: list[Event], *, stand: bool) -> None:
    """Every hand still to act takes the move its clock would make, or stands where it may
    when ``stand``; the round runs to its settlement."""
    n = 0
    while not engine.is_over(state):
        n += 1
        assert n < 40
        seat = engine.to_act(state)
        move = engine.timeout_action(state)
        assert move is not None
        if stand and seat is not None and state.inner.phase == "play" and "stand" in kinds(engine, state, seat):
            move = Action("stand", seat, str(state.inner.turn_hand))
        events += engine.apply(state, move, SeededRng(n))


def act(engine: PlayerDealerTable, state: PlayerDealerState, kind: str, seat: int, amount: int = 0) -> list[Event]:
    return engine.apply(state, Action(kind, seat, "", amount), SeededRng(7))


def kinds(engine: PlayerDealerTable, state: PlayerDealerState, seat: int) -> set[str]:
    return {lg.kind for lg in engine.legal_actions(state, seat)} - {"next"}


def nets(events: Sequence[Event], seat: int) -> dict[str, int]:
    return {e.bet: e.net for e in events if isinstance(e, Settlement) and e.seat == seat}


def results(events: Sequence[Event], seat: int) -> dict[str, str]:
    return {e.bet: e.result for e in events if isinstance(e, Settlement) and e.seat == seat}


def check_money(events: Sequence[Event], stake: int, *, fees: bool = True, lammers: bool = False) -> Settlement:
    """Every wager is settled once, the players' nets are the bank's (nothing made or lost),
    the bank never wins or loses more than its stake, and (``fees``) the fees are taken
    before any card. With ``lammers`` a Free Bet lammer, staked by nobody, shows only when it
    wins, paid by the bank (D-126)."""
    staked: dict[tuple[int, str], int] = {}
    for e in events:
        if isinstance(e, Stake):
            staked[(e.seat, e.bet)] = staked.get((e.seat, e.bet), 0) + e.amount
    settled = {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}
    if lammers:
        assert set(staked) <= set(settled)
        assert all(e.stake == 0 and e.net > 0 for k, e in settled.items() if k not in staked)
    else:
        assert set(settled) == set(staked)
    assert all(settled[k].stake == v for k, v in staked.items())
    assert sum(e.net for e in settled.values()) == 0
    bank = settled[(PD, "bank")]
    assert bank.stake == stake and abs(bank.net) <= stake
    if fees:
        taken = [i for i, e in enumerate(events) if isinstance(e, Fee)]
        assert taken and max(taken) < min(i for i, e in enumerate(events) if isinstance(e, Settlement))
    return bank
