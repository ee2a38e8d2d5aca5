"""The Game protocol every engine implements, and the values that cross it.

An engine is a pure, deterministic state machine: no Flask, no database, no
clock. The web layer loads a round's state, asks what is legal, applies one
action and stores the new state together with the money movements the engine
reported, in one database transaction.

Money crosses the boundary only as events:

* :class:`Stake` – a seat puts money at risk (a bet, a double, a split, insurance).
  The service debits the seat's chips into the table's wagers account.
* :class:`Settlement` – a wager is decided. ``returned`` is everything the
  player gets back (stake included): 0 for a loss, the stake for a push,
  stake + win for a win. The service moves the difference against the banker.
  Each (round, seat, bet) settles once; the key makes a replay harmless.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, TypeVar

from .rng import Rng

SYSTEM_SEAT = -1  # actions taken by the table itself (deal, dealer play, timers)


class IllegalAction(Exception):
    """A decision the rules do not allow now. The message is shown to the player as is."""


@dataclass(frozen=True)
class Action:
    kind: str  # "bet", "deal", "hit", "stand", "double", "split", "insurance", …
    seat: int = SYSTEM_SEAT
    spot: str = ""  # which wager or hand the action is about: "main", "lucky-ladies", "0"
    amount: int = 0  # cents, for actions that put money down

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        return cls(str(data["kind"]), int(data.get("seat", SYSTEM_SEAT)),
                   str(data.get("spot", "")), int(data.get("amount", 0)))


@dataclass(frozen=True)
class Legal:
    """One decision open to a seat now; money decisions carry their bounds in cents."""

    kind: str
    spot: str = ""
    min: int = 0
    max: int = 0
    label: str = ""


@dataclass(frozen=True)
class Stake:
    seat: int
    bet: str  # unique within the round and seat: "main", "main/split1", "insurance", "lucky-ladies"
    amount: int


@dataclass(frozen=True)
class Settlement:
    seat: int
    bet: str
    stake: int
    returned: int
    result: str  # "win", "lose", "push", "surrender", "void"
    detail: str = ""  # in words: "Blackjack pays 3 to 2"

    @property
    def net(self) -> int:
        return self.returned - self.stake


@dataclass(frozen=True)
class Refund:
    """A wager taken back before the deal (clearing a spot): the stake goes back in full."""

    seat: int
    bet: str
    amount: int


def settle_once(settled: list[str], results: list[dict[str, Any]], events: list[Event], seat: int,
                bet: str, stake: int, returned: int, result: str, detail: str) -> Settlement:
    """Decide one wager: record it in the round's ``settled`` keys and the seat's ``results``,
    and emit its Settlement. A second settlement of the same (seat, bet) is a malfunction
    (D-010), never a rule, so it raises instead of paying twice."""
    key = f"{seat}:{bet}"
    if key in settled:
        raise RuntimeError(f"{key} is already settled")
    settled.append(key)
    settlement = Settlement(seat, bet, stake, returned, result, detail)
    results.append({"bet": bet, "stake": stake, "returned": returned, "result": result,
                    "detail": detail, "net": settlement.net})
    events.append(settlement)
    return settlement


@dataclass(frozen=True)
class MeterMove:
    """Money into or out of a progressive jackpot meter (DECISIONS D-020: a meter is a ledger).

    ``direction="in"``: the house funds the meter (a contribution from progressive wagers it
    collected, or the seed after a top award). ``direction="out"``: the meter reimburses the
    house for an award the house has just paid through a Settlement. The engine learns each
    meter's balance at the start of the round from ``rules["meters"][name]``.
    """

    meter: str
    amount: int
    direction: str  # "in" or "out"
    memo: str = ""


@dataclass(frozen=True)
class Fee:
    """A collection fee at a player-dealer table (D-483): the seat's chips go to the table's
    ``fees`` account before the deal. A flat amount from the posted schedule, never a share
    of a wager or a win (``games/california/fees.py``)."""

    seat: int
    amount: int
    memo: str = ""


@dataclass(frozen=True)
class Drop:
    """The house's take out of a pot at a table where players play each other (the poker
    room): ``account`` is ``"rake"`` (the house's rake, seeds 000 and 004), ``"fees"`` (a
    card room's collection taken from the pot, seeds 001-003) or ``"jackpot:<meter>"`` (a
    jackpot's drop). Booked from the table's pot, which the seats' Settlements fill and empty."""

    account: str
    amount: int
    memo: str = ""


@dataclass(frozen=True)
class CarriedPot:
    """A pot that outlives its hand (Trips, 003 s.665, D-801): ``direction="keep"`` moves what
    carries on from the table's pot to its carried-pot account at the end of a hand;
    ``"bring"`` moves the carried pot back into the pot, at the end of the next hand, to be won.
    The carried pot belongs to the table's round of play and never to the house."""

    amount: int
    direction: str  # "keep" or "bring"
    memo: str = ""


@dataclass(frozen=True)
class Note:
    """Something the table announces ("Dealer busts", "Reshuffle")."""

    text: str
    seat: int = SYSTEM_SEAT


Event = Stake | Refund | Settlement | MeterMove | Fee | Drop | CarriedPot | Note


def event_to_dict(event: Event) -> dict[str, Any]:
    data = asdict(event)
    data["type"] = type(event).__name__
    return data


def event_from_dict(data: Mapping[str, Any]) -> Event:
    kinds: dict[str, type] = {"Stake": Stake, "Refund": Refund, "Settlement": Settlement,
                             "MeterMove": MeterMove, "Fee": Fee, "Drop": Drop, "CarriedPot": CarriedPot,
                             "Note": Note}
    payload = {k: v for k, v in data.items() if k != "type"}
    return kinds[str(data["type"])](**payload)  # type: ignore[no-any-return]


@dataclass
class RoundOutcome:
    """What a finished round leaves behind for the table (the shoe, meters…)."""

    carry: dict[str, Any] = field(default_factory=dict)


StateT = TypeVar("StateT")


class Game(Protocol[StateT]):
    """What the services may ask of an engine whose round state is a ``StateT``. Engines
    inherit :class:`GameBase`, which gives the optional hooks their defaults."""

    slug: str
    name: str
    family: str
    opening_actions: tuple[str, ...]
    independent_actions: tuple[str, ...]
    seat_owner_action: str | None
    window_closes_with: str
    carries_shoe: bool
    player_banked: bool
    pot_banked: bool
    owner_stacks: bool
    opens_itself: int | None
    carries_pot: bool
    most_seats: int

    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> StateT:
        """A round in its betting phase. ``carry`` is what the last round left (a shoe)."""
        ...

    def legal_actions(self, state: StateT, seat: int) -> list[Legal]: ...

    def apply(self, state: StateT, action: Action, rng: Rng) -> list[Event]:
        """Apply one action in place; raise IllegalAction if it may not be taken."""
        ...

    def view(self, state: StateT, viewer: int | None) -> dict[str, Any]:
        """Everything ``viewer`` may see, and nothing else (no hole card, no shoe order)."""
        ...

    def to_act(self, state: StateT) -> int | None:
        """The seat whose decision the round waits for; SYSTEM_SEAT if the table moves next;
        None when the round waits for nobody in particular (betting) or is over."""
        ...

    def is_over(self, state: StateT) -> bool: ...

    def carry(self, state: StateT) -> dict[str, Any]:
        """What the next round inherits (the shoe and its cut card)."""
        ...

    def dump(self, state: StateT) -> dict[str, Any]: ...

    def load(self, data: Mapping[str, Any]) -> StateT: ...

    def bot_action(self, state: StateT, seat: int) -> Action | None:
        """The house strategy for a bot in ``seat`` (basic strategy), or None."""
        ...

    def timeout_action(self, state: StateT) -> Action | None:
        """The move a passed clock makes (D-009 default, the spin, the roll), or None."""
        ...

    def deciding(self, state: StateT) -> list[int]:
        """Seats that may decide now, all at once (D-013); bots among them move at once."""
        ...

    def standing(self, carry: Mapping[str, Any] | None, seat: int) -> int:
        """Cents ``carry`` keeps on the layout for ``seat`` between rounds."""
        ...

    def went_dead(self, carry: Mapping[str, Any]) -> dict[str, Any]:
        """The carry of a table whose game went dead (D-011): a reshuffled shoe."""
        ...

    def takes_owners(self, state: StateT) -> bool:
        """Whether the round may still learn who plays each seat (before its cards are out)."""
        ...

    def seat_dealt_in(self, state: StateT, seat: int) -> bool: ...

    def carried_pot(self, carry: Mapping[str, Any] | None) -> int: ...

    def with_carried_pot(self, carry: Mapping[str, Any] | None, cents: int) -> dict[str, Any]: ...

    def carried_pot_terms(self, rules: Mapping[str, Any]) -> tuple[Any, ...]: ...

    def can_open(self, carry: Mapping[str, Any] | None, seated: int) -> bool: ...

    def history(self, state: StateT, viewer: int | None, names: Mapping[int, str], table_name: str,
                hand_id: int, started: str) -> str: ...

    def buy_in_refusal(self, rules: Mapping[str, Any], holding: int, amount: int,
                       earlier: Sequence[tuple[str, str]] = (), today: str = "") -> str: ...

    def buy_in_memo(self, rules: Mapping[str, Any], holding: int, amount: int) -> str: ...

    def bot_bankroll(self, rules: Mapping[str, Any]) -> tuple[int, int] | None: ...

    def time_bank(self, state: StateT, seat: int) -> int: ...

    def bank_reserve(self, rules: Mapping[str, Any]) -> int:
        """Chips a player who takes the bank must keep beside the stake (the player-dealer's
        collection fee, taken from its chips before the deal, D-483, D-484)."""
        ...

    def wait_seconds(self, state: StateT) -> int | None:
        """A wait the rules fix for this state (a player-dealer table paused for a banker,
        D-470), after which ``timeout_action`` moves; None: the table's own clocks apply."""
        ...

    def draw_every(self, state: StateT) -> int | None:
        """Seconds between a draw game's scheduled draws (keno, D-397): the round's deadline is
        the next draw's time on the server's clock, and ``timeout_action`` draws; None: the
        table's own clocks apply."""
        ...

    def config_refusal(self, rules: Mapping[str, Any], meters: Mapping[str, int]) -> str:
        """Why a table configuration may not be saved given its progressive meters' balances now
        (004 s.1171: a keno limit only above the meter showing); "" if it may."""
        ...


class GameBase(Game[StateT]):
    """The defaults of the optional hooks; an engine overrides what its game has. Each
    default is what the services did for an engine without the hook."""

    opening_actions: tuple[str, ...] = ("bet",)  # the moves that may open the next round
    # Moves of one seat that leave every other seat's choices as they were (a bet on its own
    # spot in the betting window): a form drawn before another seat made one still lands
    # (services.rounds, P-447). None by default: where players take turns, any move is news.
    independent_actions: tuple[str, ...] = ()
    seat_owner_action: str | None = None  # the move telling a round who plays each seat, if any
    window_closes_with = "deal"  # the table's move when the betting window runs out (D-025)
    carries_shoe = False  # the shoe outlives the round, so the game can go dead (D-011)
    player_banked = False  # a seated player banks (games/california/table.py): never the house
    pot_banked = False  # players play each other (the poker room): wagers settle against the table's pot
    owner_stacks = False  # the round is told each seat's chips with its owner (table stakes)
    # Seconds after a round ends when the table opens and deals the next one itself (the poker
    # room, services.clocks.open_itself); None: a round opens with a player's first move.
    opens_itself: int | None = None
    # A pot that outlives the round in the table's carried-pot account (Trips, D-801):
    # ``carried_pot(carry)`` is what that account must hold (services/audit.py).
    carries_pot = False
    # The most seats a table of the game may have: a felt's physical places. A draw game's
    # lounge or hall holds many more (engine/draw.py, P-410).
    most_seats = 12

    def carried_pot(self, carry: Mapping[str, Any] | None) -> int:
        """Cents the table's carried-pot account holds once a round left ``carry`` behind."""
        return 0

    def with_carried_pot(self, carry: Mapping[str, Any] | None, cents: int) -> dict[str, Any]:
        """The carry once the operator moves a carried pot (D-801): ``cents`` is what it holds
        now; 0 when the pot left a table withdrawn for good, which ends its round of play."""
        raise NotImplementedError(f"{type(self).__name__} carries no pot")

    def carried_pot_terms(self, rules: Mapping[str, Any]) -> tuple[Any, ...]:
        """What two tables must share for a carried pot to move between them (D-801: the limit)."""
        return ()

    def seat_dealt_in(self, state: StateT, seat: int) -> bool:
        """The seat holds cards in a hand still being played (it may not cash out or leave)."""
        return False

    def can_open(self, carry: Mapping[str, Any] | None, seated: int) -> bool:
        """Whether a table that opens itself has what its next round needs (``seated`` people
        and bots with chips)."""
        return False

    def history(self, state: StateT, viewer: int | None, names: Mapping[int, str], table_name: str,
                hand_id: int, started: str) -> str:
        """The round as a hand history in the common text format, as ``viewer`` may see it
        (the poker room); "" for games that keep none."""
        return ""

    def buy_in_refusal(self, rules: Mapping[str, Any], holding: int, amount: int,
                       earlier: Sequence[tuple[str, str]] = (), today: str = "") -> str:
        """Why buying ``amount`` more chips, holding ``holding`` at the table, is refused ("" if
        it is not): the poker room's minimum and maximum buy-in and its short buy-ins (table
        stakes, D-411). ``earlier``: the player's past purchases at this table, oldest first,
        as (`buy_in_memo`, day) pairs; ``today`` the day of this one ("2026-11-27")."""
        return ""

    def buy_in_memo(self, rules: Mapping[str, Any], holding: int, amount: int) -> str:
        """The ledger memo of a purchase of chips, which is how later purchases know the
        earlier ones: the poker room tells full and short buy-ins apart (D-411)."""
        return "buy-in"

    def bot_bankroll(self, rules: Mapping[str, Any]) -> tuple[int, int] | None:
        """(floor, target): a bot below the floor in chips is topped up to the target, where the
        game bounds what a seat may hold (table stakes); None: the house's usual bankroll."""
        return None

    def time_bank(self, state: StateT, seat: int) -> int:
        """Seconds of the seat's time bank its passed clock may draw now (the poker room's,
        D-239); the table then applies ``Action("time-bank", SYSTEM_SEAT, str(seat), seconds)``."""
        return 0

    def takes_owners(self, state: StateT) -> bool:
        return self.to_act(state) is None and not self.is_over(state)

    def bot_action(self, state: StateT, seat: int) -> Action | None:
        return None

    def timeout_action(self, state: StateT) -> Action | None:
        return None

    def deciding(self, state: StateT) -> list[int]:
        return []

    def standing(self, carry: Mapping[str, Any] | None, seat: int) -> int:
        return 0

    def went_dead(self, carry: Mapping[str, Any]) -> dict[str, Any]:
        return dict(carry)

    def wait_seconds(self, state: StateT) -> int | None:
        return None

    def bank_reserve(self, rules: Mapping[str, Any]) -> int:
        return 0

    def draw_every(self, state: StateT) -> int | None:
        return None

    def config_refusal(self, rules: Mapping[str, Any], meters: Mapping[str, int]) -> str:
        return ""
