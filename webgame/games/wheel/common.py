"""What every wheel table shares: bets on spots, one spin per round, settle, carry the board.

Roulette and Big Six are the same machine with different wheels: players put chips on
spots during the betting phase (``bet``, ``clear``), then one ``spin`` picks a result with
``rng.randbelow(len(wheel))`` (every pocket or segment equally likely; DECISIONS D-010,
D-373, D-379: no "no spin" under an RNG) and every bet is settled at once.

Money, in events: ``bet`` emits a :class:`Stake`, ``clear`` a :class:`Refund`, the spin one
:class:`Settlement` per bet. A bet that rides into the next spin (roulette Back-to-Back,
D-376) is settled and staked again at once, so every Stake is settled or refunded exactly
once. Stake and Refund keys are unique within the round ("#2" on a repeat).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine import state as codec
from ...engine.money import Cents, Odds, fmt
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    GameBase,
    IllegalAction,
    Legal,
    Note,
    Refund,
    Settlement,
    Stake,
)
from ...engine.rng import Rng


@dataclass
class WheelState:
    rules: dict[str, Any]
    phase: str = "betting"  # "betting" until the spin, then "done"
    bets: dict[int, dict[str, Cents]] = field(default_factory=dict)  # seat -> spot -> amount
    streaks: dict[int, int] = field(default_factory=dict)  # seat -> Back-to-Back hits so far
    result: str = ""  # the pocket or segment of this spin, once spun
    result_index: int = -1  # its position on the wheel
    rest_index: int = -1  # where the wheel rests before this spin: the last spin's position
    history: list[str] = field(default_factory=list)  # the last results, oldest first
    results: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    spin_no: int = 0  # spins at this table so far
    spun_by: int = SYSTEM_SEAT
    keys: list[str] = field(default_factory=list)  # event keys used this round


@dataclass(frozen=True)
class Outcome:
    result: str  # "win" or "lose"
    returned: Cents
    detail: str


def settlement_dict(s: Settlement) -> dict[str, Any]:
    return {"seat": s.seat, "bet": s.bet, "stake": s.stake, "returned": s.returned,
            "result": s.result, "detail": s.detail}


def odds_of(rules: Mapping[str, Any], line: str, paytable: str | None = None) -> Odds:
    table = rules["paytables"][paytable or rules["paytable"]]
    return Odds.parse(str(table["lines"][line]))


class WheelGame(GameBase[WheelState]):
    """The Game protocol for a spin-once table; subclasses describe the wheel and the spots."""

    slug = ""
    name = ""
    family = "wheel"
    independent_actions = ("bet",)  # each player bets on their own chips' spots (P-447)

    # -- hooks ----------------------------------------------------------------------------
    def wheel(self, rules: Mapping[str, Any]) -> list[str]:
        raise NotImplementedError

    def spots(self, state: WheelState) -> list[str]:
        """Every spot a player may bet now (canonical keys)."""
        raise NotImplementedError

    def canonical(self, state: WheelState, spot: str) -> str:
        """The canonical key of ``spot``; raise ValueError for a spot not on this layout."""
        raise NotImplementedError

    def label(self, state: WheelState, spot: str) -> str:
        raise NotImplementedError

    def limit_name(self, spot: str) -> str:
        raise NotImplementedError

    def phrase(self, label: str) -> str:
        """A spot's label as it reads in a sentence ("the Joker")."""
        return label

    def settle(self, state: WheelState, spot: str, amount: Cents, result: str) -> Outcome:
        """Decide one bet on the spin's result."""
        raise NotImplementedError

    def extra_carry(self, state: WheelState) -> dict[str, Any]:
        return {}

    def extra_view(self, state: WheelState, viewer: int | None) -> dict[str, Any]:
        return {}

    def check_bet(self, state: WheelState, seat: int, spot: str, total: Cents) -> None:
        """Further conditions on a bet (Back-to-Back); raise IllegalAction to refuse."""

    def settle_seat(self, state: WheelState, seat: int, result: str) -> list[Event]:
        book = state.bets.get(seat, {})
        events: list[Event] = []
        for spot, amount in book.items():
            o = self.settle(state, spot, amount, result)
            events.append(Settlement(seat, spot, amount, o.returned, o.result, o.detail))
        state.bets[seat] = {}
        return events

    # -- round life -------------------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> WheelState:
        carry = carry or {}
        st = WheelState(rules=codec.plain_copy(dict(rules)),
                        history=[str(x) for x in carry.get("history", [])],
                        spin_no=int(carry.get("spin_no", 0)),
                        rest_index=int(carry.get("last_index", -1)))
        self.restore(st, carry)
        return st

    def restore(self, state: WheelState, carry: Mapping[str, Any]) -> None:
        """Put back what rides from the last spin."""

    def carry(self, state: WheelState) -> dict[str, Any]:
        last = state.result_index if state.result_index >= 0 else state.rest_index
        return {"history": list(state.history), "spin_no": state.spin_no, "last_index": last,
                **self.extra_carry(state)}

    def is_over(self, state: WheelState) -> bool:
        return state.phase == "done"

    def standing(self, carry: Mapping[str, Any] | None, seat: int) -> Cents:
        """Cents a seat has riding into the next spin (a Back-to-Back streak), which the
        seat's player must keep: its settlement belongs to them."""
        ride = (carry or {}).get("riding", {}).get(str(seat))
        return int(ride["amount"]) if ride else 0

    def timeout_action(self, state: WheelState) -> Action | None:
        """When the betting window runs out (D-025) the table spins."""
        return Action("spin", SYSTEM_SEAT) if state.phase == "betting" else None

    def to_act(self, state: WheelState) -> int | None:
        return None  # betting is open to every seat until the spin

    def dump(self, state: WheelState) -> dict[str, Any]:
        return codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> WheelState:
        return codec.load(WheelState, data)

    # -- event keys and limits -----------------------------------------------------------
    def _event_key(self, state: WheelState, kind: str, seat: int, bet: str) -> str:
        key, n = bet, 1
        while f"{kind}:{seat}:{key}" in state.keys:
            n += 1
            key = f"{bet}#{n}"
        state.keys.append(f"{kind}:{seat}:{key}")
        return key

    def stake(self, state: WheelState, seat: int, bet: str, amount: Cents) -> Stake:
        return Stake(seat, self._event_key(state, "stake", seat, bet), amount)

    def refund(self, state: WheelState, seat: int, bet: str, amount: Cents) -> Refund:
        return Refund(seat, self._event_key(state, "refund", seat, bet), amount)

    def limits(self, state: WheelState, spot: str) -> tuple[Cents, Cents]:
        lim = state.rules["limits"][self.limit_name(spot)]
        return int(lim["min"]), int(lim["max"])

    def step(self, state: WheelState) -> Cents:
        return int(state.rules.get("bet_step", 100))

    def positions(self, state: WheelState) -> int:
        return int(state.rules.get("positions", 0)) or 1_000_000  # Big Six: unlimited (D-022)

    # -- actions ----------------------------------------------------------------------------
    def apply(self, state: WheelState, action: Action, rng: Rng) -> list[Event]:
        if state.phase != "betting":
            raise IllegalAction("This spin is over.")
        if action.kind == "spin":
            return self._spin(state, action.seat, rng)
        if action.seat == SYSTEM_SEAT:
            raise IllegalAction("Only a seated player can do that.")
        if not 0 <= action.seat < self.positions(state):
            raise IllegalAction("That seat is not at this table.")
        if action.kind == "bet":
            return self._bet(state, action.seat, action.spot, action.amount)
        if action.kind == "clear":
            return self._clear(state, action.seat, action.spot)
        raise IllegalAction(f"That is not a {self.name} action.")

    def _bet(self, state: WheelState, seat: int, spot_text: str, amount: Cents) -> list[Event]:
        try:
            spot = self.canonical(state, spot_text)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if amount <= 0:
            raise IllegalAction("Enter an amount above zero.")
        book = state.bets.setdefault(seat, {})
        total = book.get(spot, 0) + amount
        step = self.step(state)
        lo, hi = self.limits(state, spot)
        label = self.label(state, spot)
        if total % step and lo != hi:  # a fixed-amount bet (Back-to-Back $1) is exempt
            raise IllegalAction(f"Bets at this table go in steps of {fmt(step)}.")
        if total < lo:
            raise IllegalAction(f"The minimum on {self.phrase(label)} is {fmt(lo)}.")
        if total > hi:
            raise IllegalAction(f"The maximum on {self.phrase(label)} is {fmt(hi)}.")
        self.check_bet(state, seat, spot, total)
        book[spot] = total
        return [self.stake(state, seat, spot, amount)]

    def _clear(self, state: WheelState, seat: int, spot_text: str) -> list[Event]:
        book = state.bets.get(seat, {})
        if spot_text:
            try:
                spot = self.canonical(state, spot_text)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            if spot not in book:
                raise IllegalAction("You have no bet there.")
            spots = [spot]
        else:
            spots = list(book)
        events: list[Event] = [self.refund(state, seat, s, book.pop(s)) for s in spots]
        self.after_clear(state, seat, spots)
        if not book:
            state.bets.pop(seat, None)
        return events

    def after_clear(self, state: WheelState, seat: int, spots: list[str]) -> None:
        """React to bets taken back (a riding Back-to-Back ends its streak)."""

    def _spin(self, state: WheelState, seat: int, rng: Rng) -> list[Event]:
        if seat != SYSTEM_SEAT and not state.bets.get(seat):
            raise IllegalAction("Place a bet to spin the wheel.")
        wheel = self.wheel(state.rules)
        index = rng.randbelow(len(wheel))
        return self.settle_spin(state, index, seat)

    def settle_spin(self, state: WheelState, index: int, spun_by: int = SYSTEM_SEAT) -> list[Event]:
        """Settle every bet on the wheel position ``index``."""
        wheel = self.wheel(state.rules)
        result = wheel[index]
        state.result, state.result_index, state.spun_by = result, index, spun_by
        events: list[Event] = []
        for seat in sorted(state.bets):
            seat_events = self.settle_seat(state, seat, result)
            events.extend(seat_events)
            state.results.setdefault(seat, []).extend(
                settlement_dict(e) for e in seat_events if isinstance(e, Settlement))
        state.bets = {s: b for s, b in state.bets.items() if b}
        state.history = (state.history + [result])[-int(state.rules.get("history", 20)):]
        state.spin_no += 1
        state.phase = "done"
        events.append(Note(self.announce(state, result)))
        return events

    def announce(self, state: WheelState, result: str) -> str:
        return result

    # -- what a seat may do -------------------------------------------------------------------
    def legal_actions(self, state: WheelState, seat: int) -> list[Legal]:
        if state.phase != "betting":
            return []
        spin = [Legal("spin", label="Spin")]
        if seat == SYSTEM_SEAT:
            return spin
        book = state.bets.get(seat, {})
        out: list[Legal] = []
        for spot in self.spots(state):
            lo, hi = self.limits(state, spot)
            have = book.get(spot, 0)
            if hi - have <= 0:
                continue
            out.append(Legal("bet", spot, max(lo - have, min(self.step(state), hi)), hi - have,
                             self.label(state, spot)))
        for spot, amount in book.items():
            out.append(Legal("clear", spot, 0, amount, self.label(state, spot)))
        if book:
            out.append(Legal("clear", "", 0, sum(book.values()), "Clear all bets"))
            out.extend(spin)
        return out

    def view(self, state: WheelState, viewer: int | None) -> dict[str, Any]:
        bets = {
            str(seat): [{"spot": s, "label": self.label(state, s), "amount": a} for s, a in book.items()]
            for seat, book in sorted(state.bets.items())
        }
        pt = state.rules["paytables"][state.rules["paytable"]]
        return {
            "game": self.slug,
            "variant": state.rules.get("variant", ""),
            "phase": state.phase,
            "wheel": list(self.wheel(state.rules)),
            "result": state.result,
            "result_index": state.result_index,
            "rest_index": state.rest_index,
            "history": list(state.history),
            "spin_no": state.spin_no,
            "bets": bets,
            "results": {str(s): list(v) for s, v in sorted(state.results.items())},
            "you": viewer,
            "paytable": {"name": pt["name"], "lines": dict(pt["lines"])},
            "limits": {k: dict(v) for k, v in state.rules["limits"].items()},
            **self.extra_view(state, viewer),
        }

    def bot_action(self, state: WheelState, seat: int) -> Action | None:
        raise NotImplementedError
