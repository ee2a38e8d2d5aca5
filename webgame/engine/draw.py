"""The draw games' round: one draw (or one called game) shared by everyone holding a ticket or
a card at the table, on the house's clock (docs/ARCHITECTURE.md "Draw games").

Keno and bingo share the whole life of a round: tickets or cards are sold while the round is
``selling``; the table's schedule (``draw_every``) is the round's deadline, where the table's
``draw`` (``timeout_action``) decides it; nobody is ever "to act"; a round is over once drawn or
void. :class:`DrawGame` is that life once, generic over the game's state, so a draw game adds
only its data, its purchase and its draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from . import state as codec
from .protocol import SYSTEM_SEAT, Action, Event, GameBase, IllegalAction, Legal
from .rng import Rng

SELLING = "selling"  # the phase of a round whose tickets or cards are still sold
DEFAULT_DRAW_MINUTES = 4  # D-397: a draw every four minutes unless the operator sets another
MOST_PLACES = 100  # P-410: a lounge or hall's most places at one draw (a table opens with its rules' ``seats``)


class DrawRound(Protocol):
    """What the base reads of a draw game's state: its rules snapshot and its phase."""

    rules: dict[str, Any]
    phase: str


DrawT = TypeVar("DrawT", bound=DrawRound)


class DrawGame(GameBase[DrawT]):
    """A round is one draw: sold until the schedule's time, then drawn by the table.

    A game names its state type (``state_type``), the words of a closed round
    (``closed_words``, with ``{no}`` for the draw's number) and implements ``number`` (the
    table's draw or game number), ``offers`` (what a seated player may buy now), ``sell`` (a
    seat's purchase) and ``table_move`` (the draw, a void, …); for house bots, ``holds`` and
    ``bot_purchase`` (P-412)."""

    family = "draw"
    most_seats = MOST_PLACES  # a lounge, not a felt with physical places (P-410)
    state_type: type[DrawT]
    closed_words = "Draw {no} is closed."

    # -- the life of a round -------------------------------------------------------------------
    def selling(self, state: DrawT) -> bool:
        return state.phase == SELLING

    def number(self, state: DrawT) -> int:
        raise NotImplementedError

    def draw_every(self, state: DrawT) -> int | None:
        """Seconds between draws (D-397): the round's deadline is the next draw's time."""
        if not self.selling(state):
            return None
        return int(state.rules.get("draw_minutes", DEFAULT_DRAW_MINUTES)) * 60

    def is_over(self, state: DrawT) -> bool:
        return not self.selling(state)

    def to_act(self, state: DrawT) -> int | None:
        return None  # every player buys at once; the table draws on its clock

    def timeout_action(self, state: DrawT) -> Action | None:
        return Action("draw", SYSTEM_SEAT) if self.selling(state) else None

    def dump(self, state: DrawT) -> dict[str, Any]:
        return codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> DrawT:
        return codec.load(self.state_type, data)

    # -- moves ---------------------------------------------------------------------------------
    def legal_actions(self, state: DrawT, seat: int) -> list[Legal]:
        if not self.selling(state):
            return []
        return self.offers(state, seat)

    def apply(self, state: DrawT, action: Action, rng: Rng) -> list[Event]:
        if not self.selling(state):
            raise IllegalAction(self.closed_words.format(no=self.number(state)))
        if action.kind == self.opening_actions[0] and action.seat >= 0:
            return self.sell(state, action, rng)
        if action.seat != SYSTEM_SEAT:
            raise IllegalAction(f"That is not a {self.slug} move.")
        return self.table_move(state, action, rng)

    # -- house bots (P-412) ------------------------------------------------------------------
    def bot_action(self, state: DrawT, seat: int) -> Action | None:
        """A house bot buys once for each draw, while it sells: the game's own purchase within
        its limits (``bot_purchase``), none while it still holds one for this draw."""
        if seat < 0 or not self.selling(state) or self.holds(state, seat):
            return None
        return self.bot_purchase(state, seat)

    def holds(self, state: DrawT, seat: int) -> bool:
        """Whether ``seat`` already has a ticket or a card playing this draw."""
        raise NotImplementedError

    def bot_purchase(self, state: DrawT, seat: int) -> Action | None:
        """A bot's purchase for this draw, inside the table's limits, or None."""
        return None

    def offers(self, state: DrawT, seat: int) -> list[Legal]:
        """What ``seat`` may do while the round sells (the table's moves for SYSTEM_SEAT)."""
        raise NotImplementedError

    def sell(self, state: DrawT, action: Action, rng: Rng) -> list[Event]:
        """A seat's purchase (``opening_actions[0]``): its stakes."""
        raise NotImplementedError

    def table_move(self, state: DrawT, action: Action, rng: Rng) -> list[Event]:
        """The table's move while the round sells: the draw, a void, …"""
        raise NotImplementedError
