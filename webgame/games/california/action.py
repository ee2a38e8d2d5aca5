"""The action seat: where a player-dealer hand's settlement (and, with dice, the deal) begins.

Seats are numbered 1..N clockwise from the house dealer's left, the player-dealer (P/D) sitting
in one of them. A game picks its method by data (``rules/california/player-dealer.toml``):

* ``dice``      three dice counted from the P/D as position 1 (D-478); Face Up may use a random
                position instead of the dice (001 s.2828);
* ``card``      a card's value counted over the non-P/D seats, from the house dealer's left or
                from the P/D as 0, wrapping round the table (D-479); ``card`` names which of
                the dealer's face-up cards counts (the EZ Baccarat editions: the second card
                dealt to the Banker line, 001 s.595, 002 s.5553, 003 s.1808);
* ``seat-map``  a P/D card mapped to a seat counted from the P/D (D-167);
* ``fixed``     the first seat with a wager on one side of the P/D or of the house dealer (D-467).

Wherever the count lands on the P/D or on a seat with no wager, the action moves on to the
next seat with a wager in the game's direction (D-230, D-478, D-479). Randomness comes only
through the engine's :class:`Rng`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ...engine.rng import Rng

Direction = Literal["clockwise", "counter-clockwise"]
DICE = 3
DIE_FACES = 6


@dataclass(frozen=True)
class Layout:
    """The table as the action is chosen: ``positions`` seats, the P/D's seat, the seats with a wager."""

    positions: int
    player_dealer: int
    wagering: frozenset[int]

    def step(self, seat: int, direction: Direction, count: int = 1) -> int:
        """The seat ``count`` places from ``seat`` round the table."""
        sign = 1 if direction == "clockwise" else -1
        return (seat - 1 + sign * count) % self.positions + 1

    def next_with_wager(self, seat: int, direction: Direction) -> int | None:
        """``seat`` itself if it has a wager and is not the P/D's, else the next one that has."""
        for k in range(self.positions):
            candidate = self.step(seat, direction, k)
            if candidate != self.player_dealer and candidate in self.wagering:
                return candidate
        return None

    def players(self, start: int, direction: Direction) -> list[int]:
        """The non-P/D seats from ``start`` round the table (the count of D-479)."""
        seats = [self.step(start, direction, k) for k in range(self.positions)]
        return [s for s in seats if s != self.player_dealer]


@dataclass(frozen=True)
class ActionRule:
    """How one edition picks its action seat; read from its data."""

    method: Literal["dice", "random-position", "card", "seat-map", "fixed"]
    direction: Direction = "clockwise"  # of the count, and of the move past an empty seat
    settle: Direction = "clockwise"  # the settlement order from the action seat (D-467)
    count_from: Literal["house-dealer-left", "player-dealer"] = "house-dealer-left"
    card_values: Mapping[str, int] = field(default_factory=dict)  # rank -> count (D-479)
    seat_map: Mapping[str, int] = field(default_factory=dict)  # rank -> seat from the P/D (D-167)
    fixed_start: Literal["player-dealer-left", "player-dealer-right", "house-dealer-left",
                         "house-dealer-right"] = "player-dealer-left"
    only_when_short: bool = False  # the button is used only when the P/D cannot cover (D-332)
    card: int = 1  # which of the dealer's face-up cards counts: the EZ editions count the 2nd Banker card
    card_words: str = ""  # that card as the felt names it, where it is not the P/D's up card
    counted_words: str = "takes the first pile"  # what the counted position does (pai gow: the first pile)
    cite: str = ""


@dataclass(frozen=True)
class ActionSeat:
    """Where the hand begins: ``counted`` is where the count landed (with dice, the position that
    takes the first pile, the P/D's included); ``seat`` is the action seat, None if nobody bet."""

    counted: int
    seat: int | None
    dice: tuple[int, ...] = ()


def dice_position(total: int, positions: int) -> int:
    """The position a dice total names with the P/D as 1 (and 1 + N, 1 + 2N): D-478."""
    return (total - 1) % positions + 1


def by_count(layout: Layout, total: int, direction: Direction) -> ActionSeat:
    """Dice or random position: count ``total`` positions from the P/D as 1 (D-478, D-230)."""
    counted = layout.step(layout.player_dealer, direction, dice_position(total, layout.positions) - 1)
    return ActionSeat(counted, layout.next_with_wager(counted, direction))


def by_card(layout: Layout, rule: ActionRule, rank: str) -> ActionSeat:
    """A card's value counted over the non-P/D seats, wrapping round (D-479)."""
    if rule.count_from == "player-dealer":
        seats = layout.players(layout.step(layout.player_dealer, "clockwise"), "clockwise")
    else:
        seats = layout.players(1, "clockwise")
    counted = seats[(rule.card_values[rank] - 1) % len(seats)]
    return ActionSeat(counted, layout.next_with_wager(counted, "clockwise"))


def by_seat_map(layout: Layout, rule: ActionRule, rank: str) -> ActionSeat:
    """The chart's "Seat k" is the (k - 1)th seat clockwise from the P/D (D-167)."""
    counted = layout.step(layout.player_dealer, "clockwise", rule.seat_map[rank] - 1)
    return ActionSeat(counted, layout.next_with_wager(counted, "clockwise"))


def fixed(layout: Layout, rule: ActionRule) -> ActionSeat:
    """The first seat with a wager from a fixed side, in the settlement direction (D-467)."""
    start = {
        "player-dealer-left": layout.step(layout.player_dealer, "clockwise"),
        "player-dealer-right": layout.step(layout.player_dealer, "counter-clockwise"),
        "house-dealer-left": 1,
        "house-dealer-right": layout.positions,
    }[rule.fixed_start]
    return ActionSeat(start, layout.next_with_wager(start, rule.settle))


def roll(rng: Rng) -> tuple[int, ...]:
    """Three fair dice, shaken by the server (D-478, D-010)."""
    return tuple(rng.randbelow(DIE_FACES) + 1 for _ in range(DICE))


def choose(layout: Layout, rule: ActionRule, rng: Rng | None = None, card: str | None = None) -> ActionSeat:
    """The action seat by the edition's method: dice need ``rng``, cards need the P/D's ``card``
    rank. Dice games shake through :class:`DiceCup` when the P/D may ask for a reshake."""
    if rule.method == "dice":
        if rng is None:
            raise ValueError("the dice need the round's Rng")
        dice = roll(rng)
        return _with_dice(by_count(layout, sum(dice), rule.direction), dice)
    if rule.method == "random-position":
        if rng is None:
            raise ValueError("the random position needs the round's Rng")
        return by_count(layout, rng.randbelow(layout.positions) + 1, rule.direction)
    if rule.method == "fixed":
        return fixed(layout, rule)
    if card is None:
        raise ValueError("this action seat is set by a card")
    return by_seat_map(layout, rule, card) if rule.method == "seat-map" else by_card(layout, rule, card)


def settlement_order(layout: Layout, action_seat: int, settle: Direction) -> list[int]:
    """The seats with a wager in the order they settle: from the action seat round the table."""
    return [s for s in layout.players(action_seat, settle) if s in layout.wagering]


def _with_dice(seat: ActionSeat, dice: tuple[int, ...]) -> ActionSeat:
    return ActionSeat(seat.counted, seat.seat, dice)


@dataclass
class DiceCup:
    """The P/D's dice cup: shaken, then opened. Until it is opened the P/D may have it shaken
    again ("no dice"): a P/D who wants to change the action has the cup taken back and
    reshaken (003 s.116). Cocked or spilled dice cannot happen to server dice (D-010)."""

    dice: tuple[int, ...] = ()
    opened: bool = False
    shakes: int = 0

    def shake(self, rng: Rng) -> None:
        if self.opened:
            raise ValueError("the cup is open: the action is set")
        self.dice = roll(rng)
        self.shakes += 1

    def no_dice(self, rng: Rng) -> None:
        """The roll does not count; the cup is shaken again."""
        if not self.dice:
            raise ValueError("the cup has not been shaken")
        self.shake(rng)

    def open(self, layout: Layout, rule: ActionRule) -> ActionSeat:
        if not self.dice:
            raise ValueError("the cup has not been shaken")
        self.opened = True
        return _with_dice(by_count(layout, sum(self.dice), rule.direction), self.dice)
