"""Craps: the table engine. One round is one roll of the dice.

A craps table never really ends a game: bets stand from roll to roll, the point
comes and goes, the dice go round the table. Here each roll is one round with its
own committed seed. ``carry`` hands the next round everything that stands on the
layout (point, puck, every bet, the shooter, the history board), so a place bet
made three rolls ago is still there, already paid for.

Money, in events:

* placing or adding to a bet emits a :class:`Stake`; a buy or lay vig paid with the
  bet (D-356, D-357) is its own Stake keyed "<bet>/vig", settled to the house when the
  bet is decided and refunded if the bet is taken down (D-523);
* the roll emits one :class:`Settlement` per decided wager; ``stake`` is the whole
  amount at risk, which may have been staked in earlier rounds;
* a bet that stays up after a win (place, buy, lay, place to lose, hardways, Big 6/8:
  D-522; split bets with a net win: D-351) is settled in full and staked again at once,
  so every Stake is settled or refunded exactly once;
* taking a bet down or reducing it emits a :class:`Refund`.

Stake and Refund keys are unique within the round; a second Stake on one spot in the
same round gets a "#2" suffix.

Actions (``Action.kind``): ``bet`` (spot, amount), ``odds`` (spot = the line bet, amount),
``take-down`` (spot = bet key or "<bet>/odds"; amount 0 takes all, otherwise reduces by
amount), ``turn-on`` / ``turn-off`` (the come-out call on place, buy, hardway, come-odds and
put-odds bets), ``pass-dice`` (the shooter gives up the dice, D-362), ``down-on-win`` (spot
"on"/"off": the D-522 player setting that takes winning place-type bets down instead of
leaving them up) and ``roll`` (the shooter or SYSTEM).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ...engine import state as codec
from ...engine.money import Cents, fmt
from ...engine.paytable import load_game, resolve
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
from .bets import (
    DO_KINDS,
    HORN_NUMBERS,
    LIMIT_GROUP,
    LINE_KINDS,
    ONE_ROLL_SINGLE,
    POINTS,
    SPLIT_BETS,
    UNIT_BETS,
    Resolver,
    Spot,
    parse_spot,
    resolver_for,
)

# Bets that are off on a come-out roll unless called on (D-355; hardways D-354).
COME_OUT_OFF = ("place", "buy", "hard")
ODDS_COME_OUT_OFF = ("come", "put")  # their odds (D-355, D-365)


@dataclass
class Wager:
    """One bet standing on the layout for one seat."""

    amount: Cents
    odds: Cents = 0  # odds taken or laid behind a line or put bet
    vig: Cents = 0  # commission paid with a buy or lay bet and held until it is decided
    working: str = ""  # the player's come-out call: "" (table default), "on", "off"
    odds_working: str = ""  # the same for odds behind a come or put bet


@dataclass
class CrapsState:
    rules: dict[str, Any]
    phase: str = "betting"  # "betting" until the dice are rolled, then "done"
    point: int = 0  # 0 = puck off (come-out roll next)
    shooter: int = SYSTEM_SEAT  # the seat holding the dice while a point is on
    offer_from: int = 0  # at a come-out the dice go clockwise from here to the first line bettor
    bets: dict[int, dict[str, Wager]] = field(default_factory=dict)
    dice: list[int] = field(default_factory=list)  # this round's roll, once rolled
    rolled_by: int = SYSTEM_SEAT
    calls: list[str] = field(default_factory=list)  # what the stickman called
    last_calls: list[str] = field(default_factory=list)  # the calls of the roll before this round
    history: list[list[int]] = field(default_factory=list)  # the last rolls, oldest first
    results: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    roll_no: int = 0  # rolls at this table so far
    keys: list[str] = field(default_factory=list)  # event keys used this round
    down_on_win: list[int] = field(default_factory=list)  # seats whose winning bets come down (D-522)


_WAGER_FIELDS = ("amount", "odds", "vig", "working", "odds_working")


def _wager(data: Mapping[str, Any]) -> Wager:
    """A carried wager (plain data) back into a Wager; fast, as every roll carries the layout."""
    return Wager(**{k: data[k] for k in _WAGER_FIELDS if k in data})


def _the(label: str) -> str:
    """ "the Field", "the Pass Line", but "Place 6", "Hop 2-5": how a dealer says it."""
    if label.startswith("the ") or any(ch.isdigit() for ch in label):
        return label
    return f"the {label}"


def _settlement_dict(s: Settlement) -> dict[str, Any]:
    return {"seat": s.seat, "bet": s.bet, "stake": s.stake, "returned": s.returned,
            "result": s.result, "detail": s.detail}


def table_rules(variant: str, config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The resolved rules of one craps variant, as the service would pass them."""
    return resolve(load_game("craps").variants[variant], config)


def odds_multiples(rules: Mapping[str, Any]) -> tuple[dict[int, int], dict[int, int], str]:
    """(take multiple per number, lay figure per number, "lay" or "win").

    Seed 000 states lay odds as multiples of the flat bet (D-352); the seed 004 table
    lays odds to win a multiple of the flat bet (D-353).
    """
    if rules.get("odds_rule") == "multiple":
        take = {int(k): int(v) for k, v in rules["take_odds_multiple"].items()}
        lay = {int(k): int(v) for k, v in rules["lay_odds_multiple"].items()}
        return take, lay, "lay"
    choice = str(rules.get("odds_multiple", "3-4-5"))
    if choice == "3-4-5":  # D-353: 3x on 4/10, 4x on 5/9, 5x on 6/8; lay to win 6x
        take = {4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}
        return take, {n: 6 for n in POINTS}, "win"
    n = int(choice)
    return {p: n for p in POINTS}, {p: n for p in POINTS}, "win"


class CrapsGame(GameBase[CrapsState]):
    """The craps engine (Game protocol)."""

    slug = "craps"
    name = "Craps"
    family = "dice"
    # Bets stand from roll to roll, so any of these may be the first move of the next roll.
    opening_actions = ("bet", "odds", "take-down", "turn-on", "turn-off", "down-on-win", "pass-dice", "roll")
    independent_actions = ("bet", "odds")  # a player's own bets and odds (P-447); never the roll

    # -- round life ---------------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> CrapsState:
        carry = carry or {}
        bets = {int(seat): {key: _wager(w) for key, w in book.items()}
                for seat, book in carry.get("bets", {}).items()}
        return CrapsState(
            rules=copy.deepcopy(dict(rules)),
            point=int(carry.get("point", 0)),
            shooter=int(carry.get("shooter", SYSTEM_SEAT)),
            offer_from=int(carry.get("offer_from", 0)),
            bets={s: b for s, b in bets.items() if b},
            history=[list(r) for r in carry.get("history", [])],
            roll_no=int(carry.get("roll_no", 0)),
            down_on_win=[int(x) for x in carry.get("down_on_win", [])],
            last_calls=[str(x) for x in carry.get("calls", [])],
        )

    def carry(self, state: CrapsState) -> dict[str, Any]:
        return {
            "point": state.point,
            "shooter": state.shooter,
            "offer_from": state.offer_from,
            "bets": {str(s): {k: asdict(w) for k, w in book.items()} for s, book in state.bets.items() if book},
            "history": [list(r) for r in state.history],
            "roll_no": state.roll_no,
            "down_on_win": list(state.down_on_win),
            "calls": list(state.calls or state.last_calls),
        }

    def is_over(self, state: CrapsState) -> bool:
        return state.phase == "done"

    def standing(self, carry: Mapping[str, Any] | None, seat: int) -> Cents:
        """Cents a seat still has on the layout between rolls (flat bets, odds and vig).

        Bets outlive the round, so a seat that holds any must not change hands before they
        are decided or taken down: their settlements belong to the player who made them.
        """
        book = (carry or {}).get("bets", {}).get(str(seat), {})
        return sum(int(w.get("amount", 0)) + int(w.get("odds", 0)) + int(w.get("vig", 0)) for w in book.values())

    def timeout_action(self, state: CrapsState) -> Action | None:
        """D-364: betting closes when the roll starts; when the betting window runs out the
        table rolls for the shooter (D-025), if anyone may shoot."""
        if state.phase != "betting" or not self.legal_actions(state, SYSTEM_SEAT):
            return None
        return Action("roll", SYSTEM_SEAT)

    def to_act(self, state: CrapsState) -> int | None:
        return None  # betting is open to every seat until the shooter (or the table) rolls

    def dump(self, state: CrapsState) -> dict[str, Any]:
        return codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> CrapsState:
        return codec.load(CrapsState, data)

    # -- who shoots ---------------------------------------------------------------------
    def dice_holder(self, state: CrapsState) -> int:
        """The shooter for the next roll, or SYSTEM_SEAT if nobody may shoot.

        While a point is on, the shooter finishes the hand (004 s.241). At a come-out the
        dice go clockwise from ``offer_from`` to the first seat holding a Pass or Don't
        Pass bet: a shooter must make one (000 s.487; 004 s.210; D-362).
        """
        if state.point:
            return state.shooter
        positions = int(state.rules.get("positions", 12))
        for i in range(positions):
            seat = (state.offer_from + i) % positions
            book = state.bets.get(seat, {})
            if "pass" in book or "dont-pass" in book:
                return seat
        return SYSTEM_SEAT

    # -- actions ------------------------------------------------------------------------
    def apply(self, state: CrapsState, action: Action, rng: Rng) -> list[Event]:
        if state.phase != "betting":
            raise IllegalAction("This roll is over.")
        kind = action.kind
        if kind == "roll":
            return self._roll(state, action.seat, rng)
        if action.seat == SYSTEM_SEAT:
            raise IllegalAction("Only a seated player can do that.")
        positions = int(state.rules.get("positions", 12))
        if not 0 <= action.seat < positions:
            raise IllegalAction("That seat is not at this table.")
        if kind == "bet":
            return self._bet(state, action.seat, action.spot, action.amount)
        if kind == "odds":
            return self._odds(state, action.seat, action.spot, action.amount)
        if kind == "take-down":
            return self._take_down(state, action.seat, action.spot, action.amount)
        if kind in ("turn-on", "turn-off"):
            return self._toggle(state, action.seat, action.spot, kind == "turn-on")
        if kind == "pass-dice":
            return self._pass_dice(state, action.seat)
        if kind == "down-on-win":  # D-522 player setting: winning place-type bets come down
            if action.spot not in ("on", "off"):
                raise IllegalAction("Choose on or off.")
            state.down_on_win = sorted(set(state.down_on_win) - {action.seat}
                                       | ({action.seat} if action.spot == "on" else set()))
            return []
        raise IllegalAction("That is not a craps action.")

    # -- limits, keys and amounts -------------------------------------------------------
    def _resolver(self, state: CrapsState) -> Resolver:
        return resolver_for(state.rules)

    def _event_key(self, state: CrapsState, kind: str, seat: int, bet: str) -> str:
        key, n = bet, 1
        while f"{kind}:{seat}:{key}" in state.keys:
            n += 1
            key = f"{bet}#{n}"
        state.keys.append(f"{kind}:{seat}:{key}")
        return key

    def _stake(self, state: CrapsState, seat: int, bet: str, amount: Cents) -> Stake:
        return Stake(seat, self._event_key(state, "stake", seat, bet), amount)

    def _refund(self, state: CrapsState, seat: int, bet: str, amount: Cents) -> Refund:
        return Refund(seat, self._event_key(state, "refund", seat, bet), amount)

    def _limit(self, state: CrapsState, names: list[str]) -> tuple[Cents, Cents]:
        limits = state.rules["limits"]
        for name in names:
            if name and name in limits:
                return int(limits[name]["min"]), int(limits[name]["max"])
        return int(limits["bet"]["min"]), int(limits["bet"]["max"])

    def _odds_limit_names(self, line: str) -> list[str]:
        """Odds limits: "odds/6" or "lay-odds/6", then "lay-odds", then "odds"."""
        return [line, "lay-odds" if line.startswith("lay-") else "odds", "odds"]

    def flat_limit(self, state: CrapsState, spot: Spot) -> tuple[Cents, Cents]:
        names = [spot.key if spot.number else "", spot.kind, LIMIT_GROUP.get(spot.kind, ""), "bet"]
        return self._limit(state, names)

    def step(self, state: CrapsState) -> Cents:
        return int(state.rules.get("bet_step", 100))

    def multiple(self, state: CrapsState, spot: Spot, odds_line: str | None = None) -> Cents:
        """The cent multiple a bet on ``spot`` must be: the table step, whole-cent units
        (D-347, D-349) and, where the rulebook demands it, a whole-cent win (D-003)."""
        r = self._resolver(state)
        m = self.step(state)
        if odds_line is None:
            m = math.lcm(m, r.unit_multiple(spot))
        if state.rules.get("exact_wins_only"):
            m = math.lcm(m, r.exact_multiple(spot, odds_line))
        return m

    def _check_amount(self, state: CrapsState, label: str, total: Cents, lo: Cents, hi: Cents,
                      spot: Spot, odds_line: str | None = None) -> None:
        r = self._resolver(state)
        step = self.step(state)
        if total % step:
            raise IllegalAction(f"Bets at this table go in steps of {fmt(step)}.")
        if total < lo:
            raise IllegalAction(f"The minimum on {_the(label)} is {fmt(lo)}.")
        if total > hi:
            raise IllegalAction(f"The maximum on {_the(label)} is {fmt(hi)}.")
        if odds_line is None and total % r.unit_multiple(spot):
            units = r.unit_multiple(spot)
            raise IllegalAction(f"{label} is {units} equal parts: the amount must divide into whole cents.")
        if state.rules.get("exact_wins_only"):
            m = self.multiple(state, spot, odds_line)
            if total % m:
                pays = r.odds(odds_line) if odds_line else r.odds(r.pieces(spot)[0].line)
                raise IllegalAction(
                    f"{label} pays {pays}: bet a multiple of {fmt(m)} so the win is paid to the cent.")

    def _offered(self, state: CrapsState, kind: str) -> bool:
        return kind in state.rules.get("wagers", [])

    def _when_refusal(self, state: CrapsState, spot: Spot) -> str:
        """Why ``spot`` may not be bet now, or "" if it may."""
        k = spot.kind
        if k in ("pass", "dont-pass") and state.point:
            return ("Pass Line bets are taken only before a come-out roll; make a Come bet."
                    if k == "pass" else "Don't Pass bets are taken only before a come-out roll.")
        if k in ("come", "dont-come") and spot.number:
            return "A Come bet goes in the Come box; it moves to its number on the next roll."
        if k in ("come", "dont-come") and not state.point:
            return "Come and Don't Come bets are taken once a point is set."
        return ""

    def _bet(self, state: CrapsState, seat: int, spot_text: str, amount: Cents) -> list[Event]:
        try:
            spot = parse_spot(spot_text)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if not self._offered(state, spot.kind):
            raise IllegalAction(f"{self._resolver(state).label(spot)} is not offered at this table.")
        refusal = self._when_refusal(state, spot)
        if refusal:
            raise IllegalAction(refusal)
        if amount <= 0:
            raise IllegalAction("Enter an amount above zero.")
        r = self._resolver(state)
        book = state.bets.setdefault(seat, {})
        w = book.get(spot.key)
        total = (w.amount if w else 0) + amount
        lo, hi = self.flat_limit(state, spot)
        self._check_amount(state, r.label(spot), total, lo, hi, spot)
        events: list[Event] = [self._stake(state, seat, spot.key, amount)]
        if w is None:
            w = Wager(amount=0)
            book[spot.key] = w
        w.amount = total
        vig = r.vig(spot, total)
        if vig > w.vig:
            events.append(self._stake(state, seat, f"{spot.key}/vig", vig - w.vig))
            w.vig = vig
        return events

    def max_odds(self, state: CrapsState, key: str, w: Wager) -> Cents:
        """The most odds a line bet may carry (D-348, D-352, D-353)."""
        spot = parse_spot(key)
        number = state.point if spot.kind in ("pass", "dont-pass") else spot.number
        take, lay, lay_mode = odds_multiples(state.rules)
        r = self._resolver(state)
        if spot.kind in DO_KINDS:
            _, hi = self._limit(state, [f"odds/{number}", "odds"])
            return min(w.amount * take[number], hi)
        _, hi = self._limit(state, self._odds_limit_names(f"lay-odds/{number}"))
        raised = state.rules.get("lay_odds_raised")
        if (raised and number in raised.get("numbers", []) and w.amount >= int(raised["flat_min"])
                and hi >= int(raised.get("over", 0))):
            # 000 s.425: $600 behind a don't bet of $100 or more, where the table posts the
            # rulebook's $500; a lower maximum the operator posts still binds.
            hi = max(hi, int(raised["max"]))
        if lay_mode == "lay":
            cap = w.amount * lay[number]
        else:  # lay enough to win at most N times the flat bet
            net = r.odds(f"lay-odds/{number}").net
            cap = math.floor(w.amount * lay[number] / net)
        return min(cap, hi)

    def _odds(self, state: CrapsState, seat: int, key: str, amount: Cents) -> list[Event]:
        book = state.bets.get(seat, {})
        w = book.get(key)
        if w is None:
            raise IllegalAction("Odds go behind a Pass, Don't Pass, Come, Don't Come or Put bet of yours.")
        spot = parse_spot(key)
        if spot.kind not in LINE_KINDS and spot.kind != "put":
            raise IllegalAction("Odds go behind a Pass, Don't Pass, Come, Don't Come or Put bet.")
        if spot.kind in ("pass", "dont-pass") and not state.point:
            raise IllegalAction("Odds are taken once the point is set.")  # 000 s.439; 004 s.196
        if spot.kind in ("come", "dont-come") and not spot.number:
            raise IllegalAction("Odds go behind a Come bet once it has moved to its number.")  # 004 s.198
        if amount <= 0:
            raise IllegalAction("Enter an amount above zero.")
        r = self._resolver(state)
        line = r.odds_line(spot, state.point)
        lo, _ = self._limit(state, self._odds_limit_names(line))
        hi = self.max_odds(state, key, w)
        label = f"the odds behind {_the(r.label(spot))}"
        self._check_amount(state, label, w.odds + amount, lo, hi, spot, line)
        w.odds += amount
        return [self._stake(state, seat, f"{key}/odds", amount)]

    def may_take_down(self, state: CrapsState, key: str) -> bool:
        """000 s.429, s.437; 004 s.97-98: any bet may come down before the roll that decides it,
        except a Pass or Come bet once its point is set."""
        spot = parse_spot(key)
        point_set = bool(state.point) if spot.kind == "pass" else bool(spot.number)
        return not (spot.kind in ("pass", "come") and point_set)

    def _take_down(self, state: CrapsState, seat: int, key: str, amount: Cents) -> list[Event]:
        book = state.bets.get(seat, {})
        r = self._resolver(state)
        if amount < 0:
            raise IllegalAction("Enter an amount above zero.")
        if key.endswith("/odds"):
            line_key = key[: -len("/odds")]
            w = book.get(line_key)
            if w is None or w.odds == 0:
                raise IllegalAction("You have no odds there.")
            back = w.odds if amount == 0 else amount
            if back > w.odds:
                raise IllegalAction(f"You have only {fmt(w.odds)} in odds there.")
            left = w.odds - back
            if left:
                spot = parse_spot(line_key)
                line = r.odds_line(spot, state.point)
                lo, _ = self._limit(state, self._odds_limit_names(line))
                self._check_amount(state, "the odds", left, lo, self.max_odds(state, line_key, w), spot, line)
            w.odds = left
            if not left:
                w.odds_working = ""
            return [self._refund(state, seat, key, back)]
        w = book.get(key)
        if w is None:
            raise IllegalAction("You have no bet there.")
        spot = parse_spot(key)
        label = r.label(spot)
        if not self.may_take_down(state, key):
            raise IllegalAction(f"{label} cannot be taken down or reduced once its point is set.")
        back = w.amount if amount == 0 else amount
        if back > w.amount:
            raise IllegalAction(f"You have only {fmt(w.amount)} on {label}.")
        left = w.amount - back
        events: list[Event] = []
        if left == 0:
            events.append(self._refund(state, seat, key, w.amount))
            if w.odds:
                events.append(self._refund(state, seat, f"{key}/odds", w.odds))
            if w.vig:  # D-523: the vig comes back in full with a bet taken down
                events.append(self._refund(state, seat, f"{key}/vig", w.vig))
            del book[key]
            if not book:
                del state.bets[seat]
            return events
        lo, hi = self.flat_limit(state, spot)
        self._check_amount(state, label, left, lo, hi, spot)
        if w.odds and w.odds > self.max_odds(state, key, Wager(left)):
            raise IllegalAction("Take down some of the odds first: they would exceed the limit.")
        events.append(self._refund(state, seat, key, back))
        new_vig = r.vig(spot, left)
        if w.vig > new_vig:  # D-523: a reduced bet gets back the vig it no longer owes
            events.append(self._refund(state, seat, f"{key}/vig", w.vig - new_vig))
            w.vig = new_vig
        w.amount = left
        return events

    def toggle_target(self, key: str) -> str:
        """The spot kind whose come-out status ``key`` toggles, or "" if it has none."""
        if key.endswith("/odds"):
            kind = parse_spot(key[: -len("/odds")]).kind
            return "odds" if kind in ODDS_COME_OUT_OFF else ""
        kind = parse_spot(key).kind
        return kind if kind in COME_OUT_OFF else ""

    def _toggle(self, state: CrapsState, seat: int, key: str, on: bool) -> list[Event]:
        book = state.bets.get(seat, {})
        try:
            target = self.toggle_target(key)
        except ValueError:
            target = ""
        if not target:
            raise IllegalAction("Only place, buy, hardway, come-odds and put-odds bets are called on or off "
                                "for the come-out roll.")
        line_key = key[: -len("/odds")] if target == "odds" else key
        w = book.get(line_key)
        if w is None or (target == "odds" and not w.odds):
            raise IllegalAction("You have no bet there.")
        if target == "odds":
            w.odds_working = "on" if on else "off"
        else:
            w.working = "on" if on else "off"
        return []

    def _pass_dice(self, state: CrapsState, seat: int) -> list[Event]:
        holder = self.dice_holder(state)
        if seat != holder:
            raise IllegalAction("Only the shooter can pass the dice.")
        positions = int(state.rules.get("positions", 12))
        state.offer_from = (seat + 1) % positions
        if state.point:  # 004 s.241: the new shooter finishes the hand in progress
            state.shooter = next((s for s in ((seat + i) % positions for i in range(1, positions))
                                  if state.bets.get(s)), SYSTEM_SEAT)
        return [Note("The shooter passes the dice.", seat)]

    # -- working status -----------------------------------------------------------------
    def flat_working(self, state: CrapsState, spot: Spot, w: Wager, come_out: bool) -> bool:
        if not come_out or spot.kind not in COME_OUT_OFF:
            return True
        if spot.kind == "hard" and w.working == "":
            return bool(state.rules.get("hardways_on_come_out", False))  # D-354 table default
        return w.working == "on"

    def odds_working(self, spot: Spot, w: Wager, come_out: bool) -> bool:
        if not come_out or spot.kind not in ODDS_COME_OUT_OFF:
            return True
        return w.odds_working == "on"

    # -- the roll -----------------------------------------------------------------------
    def _roll(self, state: CrapsState, seat: int, rng: Rng) -> list[Event]:
        holder = self.dice_holder(state)
        come_out = state.point == 0
        if come_out and holder == SYSTEM_SEAT:
            raise IllegalAction("The shooter must have a Pass or Don't Pass bet before the come-out roll.")
        if seat != SYSTEM_SEAT and seat != holder:
            raise IllegalAction("Only the shooter rolls the dice.")
        d1 = rng.randbelow(6) + 1
        d2 = rng.randbelow(6) + 1
        return self.settle_roll(state, d1, d2, holder)

    def settle_roll(self, state: CrapsState, d1: int, d2: int, shooter: int) -> list[Event]:
        """Settle every wager on the roll d1-d2 and move the puck and the dice."""
        r = self._resolver(state)
        come_out = state.point == 0
        events: list[Event] = []
        for seat in sorted(state.bets):
            book = state.bets[seat]
            kept: dict[str, Wager] = {}
            settled: list[Settlement] = []
            restakes: list[Stake] = []
            for key, w in book.items():
                spot = parse_spot(key)
                if spot.kind in LINE_KINDS or spot.kind == "put":
                    flat = r.decide(spot, w.amount, d1, d2, point=state.point)
                    if flat.result == "point":
                        new_key = f"{spot.kind}/{flat.number}" if spot.kind in ("come", "dont-come") else key
                        kept[new_key] = w
                        continue
                    if not flat.decided:
                        kept[key] = w
                        continue
                    settled.append(Settlement(seat, key, w.amount, flat.returned, flat.result, flat.detail))
                    if w.odds:
                        od = r.decide_odds(spot, w.odds, d1, d2, point=state.point,
                                           working=self.odds_working(spot, w, come_out))
                        settled.append(Settlement(seat, f"{key}/odds", w.odds, od.returned, od.result, od.detail))
                    continue
                d = r.decide(spot, w.amount, d1, d2, working=self.flat_working(state, spot, w, come_out))
                if not d.decided:
                    kept[key] = w
                    continue
                settled.append(Settlement(seat, key, w.amount, d.returned, d.result, d.detail))
                if w.vig:
                    settled.append(Settlement(seat, f"{key}/vig", w.vig, 0, "lose", "Vig paid with the bet"))
                if d.result == "win" and spot.stays_up and seat not in state.down_on_win:
                    # D-522 / D-351: the bet stays up at the same amount; a buy or lay owes its vig again
                    restakes.append(self._stake(state, seat, key, w.amount))
                    vig = r.vig(spot, w.amount)
                    if vig:
                        restakes.append(self._stake(state, seat, f"{key}/vig", vig))
                    kept[key] = Wager(w.amount, vig=vig, working=w.working)
            events.extend(settled)
            events.extend(restakes)
            state.results.setdefault(seat, []).extend(_settlement_dict(s) for s in settled)
            state.bets[seat] = kept
        state.bets = {s: b for s, b in state.bets.items() if b}
        self._move_puck(state, d1, d2, shooter)
        events.extend(Note(text) for text in state.calls)
        return events

    def _move_puck(self, state: CrapsState, d1: int, d2: int, shooter: int) -> None:
        total = d1 + d2
        positions = int(state.rules.get("positions", 12))
        hard = " the hard way" if d1 == d2 and total in (4, 6, 8, 10) else ""
        calls: list[str] = []
        if state.point == 0:
            if total in POINTS:
                calls.append(f"{total}{hard}: the point is {total}.")
                state.point = total
            elif total in (7, 11):
                calls.append(f"{total}, winner on the come-out.")
            else:
                calls.append(f"Craps {total}.")
            if shooter != SYSTEM_SEAT:
                state.shooter = shooter
                state.offer_from = shooter
        elif total == state.point:
            calls.append(f"{total}{hard}: winner, the point is made.")
            state.point = 0
            if state.shooter != SYSTEM_SEAT:
                state.offer_from = state.shooter
        elif total == 7:
            calls.append("Seven out.")
            state.point = 0
            if state.shooter != SYSTEM_SEAT:  # 000 s.488; 004 s.237-240: the dice pass clockwise
                state.offer_from = (state.shooter + 1) % positions
            state.shooter = SYSTEM_SEAT
        else:
            calls.append(f"{total}{hard}.")
        state.calls = calls
        state.dice = [d1, d2]
        state.rolled_by = shooter
        state.history.append([d1, d2])
        keep = int(state.rules.get("history", 20))
        state.history = state.history[-keep:]
        state.roll_no += 1
        state.phase = "done"

    # -- what a seat may do ---------------------------------------------------------------
    def open_spots(self, state: CrapsState) -> list[Spot]:
        """Every spot that may be bet right now at this table."""
        offered = state.rules.get("wagers", [])
        out: list[Spot] = []
        for kind in offered:
            if kind == "hop":
                out.extend(Spot("hop", 0, (a, b)) for a in range(1, 7) for b in range(a, 7))
            elif kind == "horn-high":
                out.extend(Spot(kind, n) for n in HORN_NUMBERS)
            elif kind in ("put", "place", "buy", "lay", "place-lose"):
                out.extend(Spot(kind, n) for n in POINTS)
            elif kind == "hard":
                out.extend(Spot(kind, n) for n in (4, 6, 8, 10))
            elif kind == "big":
                out.extend(Spot(kind, n) for n in (6, 8))
            elif kind in (*LINE_KINDS, "field", *ONE_ROLL_SINGLE, *UNIT_BETS, *SPLIT_BETS):
                out.append(Spot(kind))
        return [s for s in out if not self._when_refusal(state, s)]

    def legal_actions(self, state: CrapsState, seat: int) -> list[Legal]:
        if state.phase != "betting":
            return []
        holder = self.dice_holder(state)
        roll = [Legal("roll", label="Roll the dice")]
        if seat == SYSTEM_SEAT:
            return roll if holder != SYSTEM_SEAT or state.point else []
        r = self._resolver(state)
        book = state.bets.get(seat, {})
        out: list[Legal] = []
        for spot in self.open_spots(state):
            w = book.get(spot.key)
            lo, hi = self.flat_limit(state, spot)
            have = w.amount if w else 0
            if hi - have <= 0:
                continue
            lo_add = max(lo - have, self.multiple(state, spot))
            out.append(Legal("bet", spot.key, lo_add, hi - have, r.label(spot)))
        for key, w in book.items():
            spot = parse_spot(key)
            label = r.label(spot)
            has_number = (state.point if spot.kind in ("pass", "dont-pass") else spot.number) or spot.kind == "put"
            if (spot.kind in LINE_KINDS or spot.kind == "put") and has_number:
                room = self.max_odds(state, key, w) - w.odds
                line = r.odds_line(spot, state.point)
                if room > 0:
                    lo, _ = self._limit(state, self._odds_limit_names(line))
                    out.append(Legal("odds", key, max(lo - w.odds, self.multiple(state, spot, line)), room,
                                     f"Odds behind {label}"))
                if w.odds:
                    out.append(Legal("take-down", f"{key}/odds", 0, w.odds, f"Odds behind {label}"))
                    if self.toggle_target(f"{key}/odds"):
                        on = w.odds_working == "on"
                        out.append(Legal("turn-off" if on else "turn-on", f"{key}/odds", label=f"Odds behind {label}"))
            if self.may_take_down(state, key):
                out.append(Legal("take-down", key, 0, w.amount, label))
            if self.toggle_target(key):
                on = self.flat_working(state, spot, w, True)
                out.append(Legal("turn-off" if on else "turn-on", key, label=label))
        down = seat in state.down_on_win
        out.append(Legal("down-on-win", "off" if down else "on",
                         label="Leave winning bets up" if down else "Take winning bets down"))
        if seat == holder:
            out.extend(roll)
            out.append(Legal("pass-dice", label="Pass the dice"))
        return out

    # -- what everyone sees ---------------------------------------------------------------
    def view(self, state: CrapsState, viewer: int | None) -> dict[str, Any]:
        r = self._resolver(state)
        come_out = state.point == 0
        bets: dict[str, list[dict[str, Any]]] = {}
        for seat, book in sorted(state.bets.items()):
            rows = []
            for key, w in book.items():
                spot = parse_spot(key)
                rows.append({
                    "spot": key, "label": r.label(spot), "amount": w.amount, "odds": w.odds, "vig": w.vig,
                    "working": self.flat_working(state, spot, w, come_out),
                    "odds_working": self.odds_working(spot, w, come_out) if w.odds else None,
                    "can_take_down": self.may_take_down(state, key),
                })
            bets[str(seat)] = rows
        pt = state.rules["paytables"][state.rules["paytable"]]
        limits = state.rules["limits"]
        return {
            "game": self.slug,
            "variant": state.rules.get("variant", ""),
            "phase": state.phase,
            "point": state.point,
            "puck": "on" if state.point else "off",
            "come_out": come_out,
            "shooter": self.dice_holder(state) if state.phase == "betting" else state.rolled_by,
            "dice": list(state.dice),
            "total": sum(state.dice),
            "calls": list(state.calls),
            "last_calls": list(state.last_calls),
            "history": [list(x) for x in state.history],
            "roll_no": state.roll_no,
            "bets": bets,
            "results": {str(s): list(v) for s, v in sorted(state.results.items())},
            "you": viewer,
            "down_on_win": list(state.down_on_win),
            "wagers": list(state.rules.get("wagers", [])),
            "layout": [
                {"spot": s.key, "label": r.label(s), "multiple": self.multiple(state, s),
                 "exact_multiple": r.exact_multiple(s)}
                for s in self.open_spots(state)
            ],
            "paytable": {"name": pt["name"], "lines": dict(pt["lines"])},
            "limits": {k: dict(v) for k, v in limits.items()},
        }

    # -- the house's bots -----------------------------------------------------------------
    def bot_action(self, state: CrapsState, seat: int) -> Action | None:
        """A plain bettor: the Pass Line at the table minimum, then double odds once a point is set."""
        if state.phase != "betting":
            return None
        book = state.bets.get(seat, {})
        if not state.point:
            if "pass" in book or "dont-pass" in book or not self._offered(state, "pass"):
                return None
            spot = Spot("pass")
            lo, _ = self.flat_limit(state, spot)
            m = self.multiple(state, spot)
            return Action("bet", seat, "pass", -(-lo // m) * m)
        w = book.get("pass")
        if w is None or w.odds:
            return None
        line = self._resolver(state).odds_line(Spot("pass"), state.point)
        m = self.multiple(state, Spot("pass"), line)
        target = min(2 * w.amount, self.max_odds(state, "pass", w))
        amount = target // m * m
        lo, _ = self._limit(state, self._odds_limit_names(line))
        return Action("odds", seat, "pass", amount) if amount >= max(lo, m) else None


CRAPS = CrapsGame()

__all__ = ["CRAPS", "CrapsGame", "CrapsState", "Wager", "odds_multiples", "table_rules"]
