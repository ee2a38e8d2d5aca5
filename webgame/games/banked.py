"""The one base of the house-banked card tables: the carnival poker games
(:mod:`webgame.games.carnival`), the hold'em tables (:mod:`webgame.games.holdem`) and the war
tables (:mod:`webgame.games.war`). Each is a table of betting positions holding wagers on
named spots, within limits and chip steps, with an owner per position, one settlement per
(position, wager), the malfunction void, and decisions taken simultaneously.

A seat's ``bets`` maps a spot ("ante", "main", "uth-trips" …) to the cents on it; every
:class:`Stake` the engine reports is keyed by that spot, and settled or refunded exactly
once (the key ``"<seat>:<bet>"`` goes into the state's ``settled`` list).

Simultaneous decisions (DECISIONS D-013): where one player's decision cannot change the
cards another receives (the carnival stages, the hold'em streets, the Red Dog raise), every
seat still to decide may act at once and in any order, within one timer. ``to_act`` names
the lowest such seat so that the play service runs the decision clock (D-009, D-025) and
lets a bot in that seat move; when the clock runs out, the table's ``timeout`` move applies
the default (:meth:`BankedTable.default_action`) to every seat still undecided.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar

from ..engine import state as codec
from ..engine.money import Odds, fmt
from ..engine.paytable import odds_of
from ..engine.prose import Posted
from ..engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    GameBase,
    IllegalAction,
    Note,
    Refund,
    Stake,
    settle_once,
)
from ..engine.rng import Rng

NOTES_SHOWN = 12
BETTING, OVER = "betting", "over"


@dataclass
class SeatBook:
    """The wagers of one betting position and what became of them."""

    bets: dict[str, int] = field(default_factory=dict)
    results: list[dict[str, Any]] = field(default_factory=list)


class Book(Protocol):
    """What the table reads of a position: its wagers and their results (a :class:`SeatBook`,
    or a game's own position such as the carnival ``Box``)."""

    bets: dict[str, int]
    results: list[dict[str, Any]]


BookT_co = TypeVar("BookT_co", bound=Book, covariant=True)


class BankedState(Protocol[BookT_co]):
    """What the table reads and writes of a round's state; each game's state dataclass has
    these fields and its own."""

    rules: dict[str, Any]
    owners: dict[int, str]
    phase: str
    settled: list[str]
    notes: list[str]

    @property
    def seats(self) -> Mapping[int, BookT_co]: ...


StateT = TypeVar("StateT", bound=BankedState[Any])
BookT = TypeVar("BookT", bound=Book)
Move = Callable[[StateT, Action, Rng, list[Event]], None]  # (state, action, rng, events)


def spot_word(seat: int) -> str:
    """Positions are shown counted from the dealer's left (first base): engine seat 0 is Spot 1."""
    return f"Spot {seat + 1}"


def humanize(slug: str) -> str:
    return slug.replace("-", " ").capitalize()


def snapshot(rules: Mapping[str, Any]) -> dict[str, Any]:
    """A deep, JSON-clean copy of the resolved rules: what the round runs on and recalls."""
    copied: dict[str, Any] = json.loads(json.dumps(dict(rules)))
    return copied


class BankedTable(GameBase[StateT]):
    """Bookkeeping shared by the house-banked engines; subclasses hold the game and name
    their state dataclass (``BankedTable[CarnivalState]``)."""

    slug = ""
    name = ""
    family = "carnival"
    seat_owner_action = "owner"  # the seating layer tells the round who plays each position
    independent_actions = ("bet",)  # each player bets on their own spots (P-447)
    state_class: type[StateT]
    spots: tuple[str, ...] = ()
    spot_names: ClassVar[Mapping[str, str]] = {}

    # -- protocol plumbing ---------------------------------------------------------------
    def dump(self, state: StateT) -> dict[str, Any]:
        return codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> StateT:
        return codec.load(self.state_class, data)

    def is_over(self, state: StateT) -> bool:
        return bool(state.phase == OVER)

    # -- small readings of the rules -----------------------------------------------------
    @staticmethod
    def step(rules: Mapping[str, Any]) -> int:
        return int(rules["bet_step"])

    def limit_key(self, spot: str) -> str:
        return spot

    def limit(self, rules: Mapping[str, Any], spot: str) -> dict[str, int]:
        lim = rules["limits"][self.limit_key(spot)]
        return {"min": int(lim["min"]), "max": int(lim["max"])}

    def spot_name(self, spot: str) -> str:
        return self.spot_names.get(spot, humanize(spot))

    def bet_bounds(self, rules: Mapping[str, Any], have: int, spot: str) -> tuple[int, int] | None:
        """(min, max) cents that may still be added to a spot holding ``have``, or None."""
        step = self.step(rules)
        lim = self.limit(rules, spot)
        room = (lim["max"] - have) // step * step
        if room <= 0:
            return None
        low = max(lim["min"] - have, step)
        low = -(-low // step) * step  # round up to the chip step
        return min(low, room), room

    def check_amount(self, rules: Mapping[str, Any], amount: int, what: str) -> None:
        if amount <= 0:
            raise IllegalAction(f"{what} must be more than $0.")
        step = self.step(rules)
        if amount % step:
            raise IllegalAction(f"Bets are taken in steps of {fmt(step)}.")  # D-003

    def add_to_spot(self, rules: Mapping[str, Any], bets: dict[str, int], seat: int, spot: str, amount: int,
                    events: list[Event], too_much: str = "") -> int:
        """Add ``amount`` to the seat's wager on ``spot`` within the spot's maximum (a limit the
        table posts, D-004) and stake it; returns the spot's new total. ``too_much`` words the
        refusal where the game has its own ("The maximum bet is {max}.")."""
        lim = self.limit(rules, spot)
        total = bets.get(spot, 0) + amount
        if total > lim["max"]:
            words = too_much or "The maximum on the {name} is {max}."
            raise IllegalAction(words.format(name=self.spot_name(spot), max=fmt(lim["max"])))
        bets[spot] = total
        events.append(Stake(seat, spot, amount))
        return total

    @staticmethod
    def book(state: BankedState[BookT], seat: int) -> BookT:
        if seat not in state.seats:
            raise IllegalAction("There is no such betting position at this table.")
        return state.seats[seat]

    @staticmethod
    def side_paytable(rules: Mapping[str, Any], side_bet: str) -> str:
        """The paytable a side bet is paid from: its own slug, unless the table's edition posts
        its own table for it (``side_paytables``, side bet -> paytable: the player-dealer
        editions' Trips and 3 Card Bonus tables)."""
        return str(rules.get("side_paytables", {}).get(side_bet, side_bet))

    @staticmethod
    def odds(rules: Mapping[str, Any], paytable: str, line: str) -> Odds:
        """A paytable line's odds, read from the round's own paytables (D-005)."""
        return odds_of(rules, paytable, line)

    def words(self, rules: Mapping[str, Any]) -> Posted:
        """The words this table posts (its rules, its paytables' labels), filled in from a
        round's rules: nothing a player reads about odds or rules is typed in code."""
        return Posted.of(self.slug, rules)

    # -- actions every table takes -------------------------------------------------------
    def moves(self) -> dict[str, Move[StateT]]:
        """The action kinds this table takes, each with its handler. Every table takes
        ``clear`` and ``owner``; a game adds its own (the bet, the deal, its decisions)."""
        return {"clear": lambda s, a, r, e: self.clear(s, a, e),
                "owner": lambda s, a, r, e: self.owner(s, a, e)}

    def apply(self, state: StateT, action: Action, rng: Rng) -> list[Event]:
        """One action: refused in plain words if the round is over or the table has no such
        move; otherwise its events, with every Note kept on the round's notes."""
        if state.phase == OVER:
            raise IllegalAction("This round is over.")
        handler = self.moves().get(action.kind)
        if handler is None:
            raise IllegalAction("That is not a move at this table.")
        events: list[Event] = []
        handler(state, action, rng, events)
        self.record_notes(state, events)
        return events

    def owner(self, state: StateT, action: Action, events: list[Event]) -> None:
        """Who plays this position (``spot`` = a player id, "" = nobody): the view shows a
        player the private cards of every position they play (D-023, D-016), and per-player
        caps count by it (D-006)."""
        if state.phase != BETTING:
            raise IllegalAction("Positions can only change hands between rounds.")
        self.book(state, action.seat)
        if action.spot:
            state.owners[action.seat] = action.spot
        else:
            state.owners.pop(action.seat, None)

    def clear(self, state: StateT, action: Action, events: list[Event]) -> None:
        """Take chips back before the deal (P-003): one spot, or everything ("" spot)."""
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # D-026
        box = self.book(state, action.seat)
        keys = [k for k in self.cleared_with(state, box, action.spot) if box.bets.get(k)]
        if not keys:
            raise IllegalAction("There is nothing to clear.")
        for key in keys:
            events.append(Refund(action.seat, key, box.bets.pop(key)))

    def cleared_with(self, state: StateT, box: Book, spot: str) -> list[str]:
        """The wagers that clearing ``spot`` takes back. Side bets stand only on the main
        wager, so taking the main wager back takes them too."""
        if spot and spot not in self.spots:
            raise IllegalAction("There is no such bet at this table.")
        return list(box.bets) if spot in ("", *self.required_spots()) else [spot]

    def required_spots(self) -> tuple[str, ...]:
        """The wagers without which a position is not in the round."""
        return ("main",)

    # -- settlement ----------------------------------------------------------------------
    def settle(self, state: StateT, events: list[Event], seat: int, bet: str, stake: int,
               returned: int, result: str, detail: str) -> None:
        settle_once(state.settled, state.seats[seat].results, events, seat, bet, stake, returned,
                    result, detail)

    def pay(self, state: StateT, events: list[Event], seat: int, bet: str, paytable: str, line: str,
            label: str = "") -> None:
        """Pay one wager by a paytable line: the stake back plus the win, truncated (D-002)."""
        stake = state.seats[seat].bets.get(bet, 0)
        if not stake:
            return
        o = self.odds(state.rules, paytable, line)
        self.win(state, events, seat, bet, o.win(stake), f"{label or humanize(line)} pays {o}")

    def win(self, state: StateT, events: list[Event], seat: int, bet: str, won: int, detail: str) -> None:
        """Pay one wager ``won`` cents besides its stake."""
        stake = state.seats[seat].bets.get(bet, 0)
        if stake:
            self.settle(state, events, seat, bet, stake, stake + won, "win", detail)

    def push(self, state: StateT, events: list[Event], seat: int, bet: str, detail: str) -> None:
        stake = state.seats[seat].bets.get(bet, 0)
        if stake:
            self.settle(state, events, seat, bet, stake, stake, "push", detail)

    def lose(self, state: StateT, events: list[Event], seat: int, bet: str, detail: str) -> None:
        stake = state.seats[seat].bets.get(bet, 0)
        if stake:
            self.settle(state, events, seat, bet, stake, 0, "lose", detail)

    def open_stakes(self, state: StateT) -> list[tuple[int, str, int]]:
        return [(n, bet, amount) for n, box in sorted(state.seats.items()) for bet, amount in box.bets.items()
                if amount and f"{n}:{bet}" not in state.settled]

    def void_round(self, state: StateT, events: list[Event], why: str) -> None:
        """D-010 → D-008: an internal inconsistency (a card twice, a wrong card count) is a
        malfunction: the round is void and every wager not yet settled is returned in full.
        The carnival games announce it in their rulebooks' words (their own override)."""
        for n, bet, amount in self.open_stakes(state):
            self.settle(state, events, n, bet, amount, amount, "void", f"Round void: {why}")
        events.append(Note(f"Malfunction: {why}. The round is void and every open wager is returned."))
        state.phase = OVER

    @staticmethod
    def record_notes(state: BankedState[Any], events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, Note):
                state.notes.append(event.text)

    # -- simultaneous decisions (D-013) -------------------------------------------------
    def undecided(self, state: StateT) -> list[int]:
        """Positions still to decide in the current decision window, lowest first."""
        return []

    def deciding(self, state: StateT) -> list[int]:
        """Every position that may decide now: all of them at once (D-013)."""
        return self.undecided(state)

    def default_action(self, state: StateT, seat: int) -> Action:
        """D-009: the choice that puts no more money at risk (check, fold, no raise …)."""
        raise NotImplementedError

    def timeout_action(self, state: StateT) -> Action | None:
        """D-009, D-013: when the one decision clock runs out, the table's ``timeout`` move
        gives every position still undecided the option that puts no more money at risk."""
        return Action("timeout", SYSTEM_SEAT) if self.undecided(state) else None

    def timeout(self, state: StateT, action: Action, rng: Rng, events: list[Event]) -> None:
        if action.seat != SYSTEM_SEAT:
            raise IllegalAction("Only the table's clock can time a decision out.")
        waiting = self.undecided(state)
        if not waiting:
            raise IllegalAction("Nobody is deciding now.")
        # Only the positions of this window: the last default may open the next window.
        for seat in waiting:
            move = self.default_action(state, seat)
            events.append(Note(f"{spot_word(seat)}: time is up.", seat))
            self.decide(state, move, rng, events)

    def decide(self, state: StateT, action: Action, rng: Rng, events: list[Event]) -> None:
        """Take one position's decision in the current window; the last one closes it."""
        raise NotImplementedError

    def to_act(self, state: StateT) -> int | None:
        waiting = self.undecided(state)
        return waiting[0] if waiting else None

    # -- views ---------------------------------------------------------------------------
    @staticmethod
    def viewer_seats(state: BankedState[Any], viewer: int | None) -> set[int]:
        """The positions whose private cards ``viewer`` may see: their own and any other
        position played by the same person (D-023)."""
        if viewer is None or viewer not in state.seats:
            return set()
        who = state.owners.get(viewer)
        if who is None:
            return {viewer}
        return {n for n, owner in state.owners.items() if owner == who} | {viewer}

    @staticmethod
    def results_view(box: Book, visible: bool) -> list[dict[str, Any]]:
        return [dict(r) for r in box.results] if visible else []

    @staticmethod
    def limits_view(rules: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        return {k: {"min": int(v["min"]), "max": int(v["max"])} for k, v in rules["limits"].items()}

