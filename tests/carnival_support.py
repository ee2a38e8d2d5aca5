"""Test support for the carnival games: stacked decks, whole rounds at random, and the
checks every round must pass (money, privacy, JSON, legality). Used by the engine and web
tests only; nothing here is reachable from play.

A stacked deck changes only which cards come first; the rest of the deck follows in its
canonical order, so a stacked round still deals from exactly one 52-card deck.
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from tests.moneyflow import money_flows
from webgame.devices.shoe import Shoe
from webgame.engine.cards import standard_deck
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    IllegalAction,
    Settlement,
)
from webgame.engine.rng import Rng, SeededRng
from webgame.engine.state import round_trips
from webgame.games.carnival.base import CarnivalEngine, CarnivalState


def rules_for(slug: str, variant: str, *, options: Mapping[str, Any] | None = None,
              limits: Mapping[str, Any] | None = None, meters: Mapping[str, int] | None = None,
              side_bets_off: Sequence[str] = ()) -> dict[str, Any]:
    config: dict[str, Any] = {}
    if options:
        config["options"] = dict(options)
    if limits:
        config["limits"] = dict(limits)
    if side_bets_off:
        config["side_bets_off"] = list(side_bets_off)
    rules = resolve(load_game(slug).variants[variant], config)
    if meters is not None:
        rules["meters"] = dict(meters)
    return rules


def stacked_shoe(order: Sequence[str], shuffle_no: int = 1) -> Shoe:
    """A one-deck shoe that deals ``order`` first, then the rest of the deck."""
    rest = [c.code for c in standard_deck()]
    for code in order:
        rest.remove(code)  # ValueError on a card that is not in the deck, or twice in the order
    shoe = Shoe.fresh(1, 90)
    shoe.cut_at = shoe.size
    shoe.remaining = list(order) + rest
    shoe.cut_card_out = False
    shoe.shuffle_no = shuffle_no
    shoe.rounds_since_shuffle = 1
    return shoe


def stacking(order: Sequence[str]) -> Callable[[Mapping[str, Any] | None, Rng], Shoe]:
    """A replacement for ``base.new_shoe`` that deals ``order`` first (web tests monkeypatch it)."""
    def make(carry: Mapping[str, Any] | None, rng: Rng) -> Shoe:
        return stacked_shoe(order, int((carry or {}).get("shuffle_no", 0)) + 1)
    return make


def stacked_round(engine: CarnivalEngine, rules: Mapping[str, Any], order: Sequence[str],
                  bets: Mapping[int, Mapping[str, int]], *, owners: Mapping[int, str] | None = None,
                  ) -> tuple[CarnivalState, list[Event]]:
    """A round dealt from a stacked deck after the given bets (seat -> {spot: amount})."""
    rng = SeededRng(0)
    state = engine.new_round(rules, rng, None)
    state.shoe = stacked_shoe(order)
    events: list[Event] = []
    for seat, who in (owners or {}).items():
        events += engine.apply(state, Action("owner", seat, who), rng)
    for seat, spots in bets.items():
        for spot, amount in spots.items():
            events += engine.apply(state, Action("bet", seat, spot, amount), rng)
    events += engine.apply(state, Action("deal"), rng)
    return state, events


def act(engine: CarnivalEngine, state: CarnivalState, kind: str, seat: int, spot: str = "",
        amount: int = 0) -> list[Event]:
    return engine.apply(state, Action(kind, seat, spot, amount), SeededRng(1))


def settlements(events: Iterable[Event]) -> dict[tuple[int, str], Settlement]:
    out: dict[tuple[int, str], Settlement] = {}
    for e in events:
        if isinstance(e, Settlement):
            assert (e.seat, e.bet) not in out, f"{e} settled twice"
            out[(e.seat, e.bet)] = e
    return out


def nets(events: Iterable[Event]) -> dict[str, int]:
    """bet -> net for a one-seat round (or summed over seats)."""
    out: dict[str, int] = defaultdict(int)
    for (_, bet), s in settlements(events).items():
        out[bet] += s.net
    return dict(out)


# ---------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------
def check_money(engine: CarnivalEngine, events: Sequence[Event], state: CarnivalState) -> None:
    """Every staked wager is settled once or taken back, for exactly what was put down; the
    only settlements without a stake of their own are payouts (the TCP Ante Bonus)."""
    flows = money_flows(events)
    staked, refunded, settled = flows.staked, flows.refunded, flows.settled
    for key, s in settled.items():
        assert s.returned >= 0 and s.stake >= 0
        if s.stake == 0 and key not in staked:
            assert s.result == "win" and s.returned > 0, s  # a payout with no wager of its own
            continue
        assert s.stake == staked[key] - refunded[key] > 0, s  # settles exactly what was at risk
    for key, amount in staked.items():
        assert amount == refunded[key] + (settled[key].stake if key in settled else 0) or not engine.is_over(state)
    if engine.is_over(state):
        assert sorted(f"{s}:{b}" for s, b in settled) == sorted(state.settled)
        for n, box in state.seats.items():
            for bet in box.bets:
                assert (n, bet) in settled, f"{n}:{bet} never settled"


def hidden_cards(engine: CarnivalEngine, state: CarnivalState, viewer: int | None) -> set[str]:
    """The cards ``viewer`` must not see now."""
    mine = engine.viewer_seats(state, viewer)
    hidden: set[str] = set()
    for n, box in state.seats.items():
        if n in mine or (state.revealed and box.live):
            continue
        hidden.update(box.cards)
    if not state.revealed:
        hidden.update(c for i, c in enumerate(state.dealer) if i not in state.dealer_up)
    hidden.update(state.community[state.community_shown:])
    hidden.update(state.burn)
    hidden.update(state.shoe.remaining)
    return hidden


def check_views(engine: CarnivalEngine, state: CarnivalState, viewers: Iterable[int | None]) -> None:
    """Every viewer's view is JSON and names none of the cards hidden from that viewer."""
    for viewer in viewers:
        text = json.dumps(engine.view(state, viewer))
        shown = set(CARD.findall(text)) & hidden_cards(engine, state, viewer)
        assert not shown, f"{sorted(shown)} show to viewer {viewer}: {text[:400]}"


def check_player_dealer_views(engine: Any, state: Any, viewers: Iterable[int | None]) -> None:
    """``check_views`` at a player-dealer table (``PlayerDealerTable`` over a carnival engine):
    a backline bettor who decides a hand sees that hand as its player does, and still nothing
    else hidden from them (D-477, P-260)."""
    for viewer in viewers:
        hidden = hidden_cards(engine.inner, state.inner, viewer)
        backed = engine.backs(state, viewer) if viewer is not None else []
        lent = {c for hand in backed for c in state.inner.seats[hand].cards}
        if viewer is not None and viewer == state.pd_seat and viewer in engine.inner.deciding(state.inner):
            hidden -= set(state.inner.dealer)  # the bank's own hand, when it is the bank's to set (D-235)
        text = json.dumps(engine.view(state, viewer))
        seen = set(CARD.findall(text))
        shown = seen & (hidden - lent)
        assert not shown, f"{sorted(shown)} show to viewer {viewer}: {text[:400]}"
        assert {c for c in lent if CARD.fullmatch(f'"{c}"')} <= seen, f"viewer {viewer} cannot see the hand it decides"


def check_legal(engine: CarnivalEngine, state: CarnivalState, seats: Iterable[int]) -> None:
    """Every action the table lists is accepted (on a copy of the round)."""
    data = json.dumps(engine.dump(state))
    for seat in seats:
        for legal in engine.legal_actions(state, seat):
            copy = engine.load(json.loads(data))
            amount = legal.max if legal.max else 0
            try:
                engine.apply(copy, Action(legal.kind, seat, legal.spot, amount), SeededRng(7))
            except IllegalAction as exc:
                raise AssertionError(f"listed {legal} but refused it: {exc}") from exc


# ---------------------------------------------------------------------------------------
# Whole rounds at random
# ---------------------------------------------------------------------------------------
CARD = re.compile(r'"([2-9TJQKA][cdhs])"')
FUZZ_KINDS = ("bet", "clear", "deal", "play", "fold", "ride", "take-back", "street", "timeout", "owner", "hit")


def random_round(engine: CarnivalEngine, rules: Mapping[str, Any], seed: int, *,
                 carry: Mapping[str, Any] | None = None, thorough: bool = False,
                 players: int = 3) -> tuple[CarnivalState, list[Event]]:
    """Random bets and decisions by up to ``players`` people over the table's seats, with
    illegal moves thrown in that must be refused without changing anything."""
    chooser = random.Random(seed)
    rng = SeededRng(seed)
    state = engine.new_round(rules, rng, carry)
    events: list[Event] = []
    seats = sorted(state.seats)
    viewers: list[int | None] = [None, SYSTEM_SEAT, *seats]

    def do(action: Action) -> None:
        events.extend(engine.apply(state, action, rng))
        if thorough:
            assert round_trips(state)
            check_views(engine, state, viewers)
            check_legal(engine, state, [*chooser.sample(seats, 2), action.seat, SYSTEM_SEAT])

    def fuzz() -> None:
        kind = chooser.choice(FUZZ_KINDS)
        action = Action(kind, chooser.choice([SYSTEM_SEAT, *seats, 99]),
                        chooser.choice(["", "1", "2", "3", "ante", "base", "nowhere", "pair-plus", "confirm"]),
                        chooser.choice([-100, 0, 1, 100, 250, 1000, 10**8]))
        before = json.dumps(engine.dump(state), sort_keys=True)
        try:
            got = engine.apply(state, action, rng)
        except IllegalAction:
            assert json.dumps(engine.dump(state), sort_keys=True) == before, f"{action} changed a refused round"
            return
        events.extend(got)

    for n in seats:
        if chooser.random() < 0.7:
            do(Action("owner", n, f"p{chooser.randrange(players)}"))
    for n in seats:
        if chooser.random() < 0.25:
            continue
        for _ in range(chooser.randrange(1, 4)):
            bets = [lg for lg in engine.legal_actions(state, n) if lg.kind == "bet"]
            if not bets:
                break
            lg = chooser.choice(bets)
            step = int(state.rules["bet_step"])
            amount = lg.min if lg.min == lg.max else chooser.randrange(lg.min, lg.max + 1, step)
            try:
                do(Action("bet", n, lg.spot, amount))
            except IllegalAction:
                pass  # one person, two positions: a rule may refuse the second (Mississippi Stud)
        if chooser.random() < 0.05 and state.seats[n].bets:
            do(Action("clear", n))
    if chooser.random() < 0.3:
        fuzz()
    try:
        do(Action("deal"))
    except IllegalAction:
        return state, events  # nobody bet, or a bet under a minimum: the round does not start
    for _ in range(200):
        if engine.is_over(state):
            break
        if chooser.random() < 0.15:
            fuzz()
            continue
        waiting = engine.undecided(state)
        if chooser.random() < 0.05:
            do(Action("timeout", SYSTEM_SEAT))
            continue
        seat = chooser.choice(waiting)
        options = engine.legal_actions(state, seat)
        if chooser.random() < 0.3:
            move = engine.bot_action(state, seat)
            assert move is not None
            do(move)
            continue
        lg = chooser.choice(options)
        do(Action(lg.kind, seat, lg.spot, lg.max))
    assert engine.is_over(state)
    return state, events
