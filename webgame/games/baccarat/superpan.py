"""Super Pan 9 (seed 002 §12, lines 982-1222): every position plays its **own** three-card
hand, dealt face down from a shoe without sevens, eights, nines and tens (D-208), against the
player-dealer's (P/D) three cards; a position may take one draw card at any total, the P/D
draws on 0-3, chooses on 4-6 and stands on 7-9 (rule 45, D-209). It is Asian Baccarat's
player-dealer round (``asian.py``: the dice cup names the action spot, D-210/D-478; the
positions choose in one window, D-013; the P/D decides last, seeing only its own cards and
which seats drew, D-209) with each position's hand its own instead of a community one.

The drawing rules are data, ``rules["draw"]`` (as in ``asian.py``): ``option`` lists every
total, because a player "may draw one card" at any total; ``all_draw`` is empty;
``house_way_draws`` is "5 or less takes a card" (the clock and the bots, D-009);
``bank_draws`` / ``bank_option`` / ``bank_house_way_draws`` are the P/D's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.money import fmt
from ...engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Note
from ...engine.rng import Rng
from ..banked import BETTING, spot_word
from ..war.common import shoe_consistent
from .asian import BANK_WINDOW, DRAW, DRAW_WINDOW, NO_CARD, WAGER, AsianBaccaratTable, AsianState
from .coup import total
from .table import BaccaratState

HAND = 3  # "Each player and the P/D get 3 cards" (002 s.1130)


@dataclass
class SuperPanState(AsianState):
    hands: dict[int, list[str]] = field(default_factory=dict)  # seat -> its own three cards


class SuperPan9Table(AsianBaccaratTable):
    """Each position's own three-card hand and one optional draw card against the P/D's."""

    state_class = SuperPanState
    paytable = "super-pan-9"

    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> SuperPanState:
        base = super().new_round(rules, rng, carry)
        return SuperPanState(**vars(base))

    def _deal_asian(self, state: AsianState, action: Action, rng: Rng, events: list[Event]) -> None:
        assert isinstance(state, SuperPanState)
        if state.phase != BETTING:
            raise IllegalAction("The cards are already out.")
        if action.seat != SYSTEM_SEAT and not self.book(state, action.seat).bets:
            raise IllegalAction("Make a bet before the deal.")
        bettors = [n for n, s in sorted(state.seats.items()) if s.bets.get(WAGER)]
        if not bettors:
            raise IllegalAction("Nobody has a bet down yet.")
        lim = self.limit(state.rules, WAGER)
        for n in bettors:
            if state.seats[n].bets[WAGER] < lim["min"]:
                raise IllegalAction(f"{spot_word(n)}: the minimum wager is {fmt(lim['min'])}.")
        shoe = state.shoe
        if not shoe_consistent(shoe):
            self.void_round(state, events, "the shoe does not hold its cards")
            return
        if shoe.cards_left < (HAND + 1) * (len(bettors) + 1):  # three cards and a draw card each
            self.void_round(state, events, "not enough cards in the shoe to finish the hand")
            shoe.cut_card_out = True
            state.after_cut = 0
            return
        state.start = shoe.dealt
        state.order = self.draw_order(state)
        # s.1130 "one at a time, in turn, in rotation": from the action spot clockwise, the P/D last
        for _ in range(HAND):
            for n in state.order:
                state.hands.setdefault(n, []).append(shoe.draw(rng).code)
            state.banker.append(shoe.draw(rng).code)
        state.phase, state.window, state.waiting = "play", DRAW_WINDOW, list(state.order)
        state.drawing = "Each position draws one card or stands"
        events.append(Note("Three cards each: Draw a card or No card? (House Way: draw on 5 or less)"))

    def _seat_way(self, state: SuperPanState, seat: int) -> str:
        """The House Way for a position: 5 or less takes a card, 6 or more stands (s.1105)."""
        return DRAW if total(state.hands.get(seat, [])) in self.model(state.rules)["house_way_draws"] else NO_CARD

    def default_action(self, state: BaccaratState, seat: int) -> Action:
        """D-009, D-209, D-472: the House Way for a position or for the P/D."""
        assert isinstance(state, SuperPanState)
        if state.window == BANK_WINDOW:
            return Action(self._house_way(state), seat)
        return Action(self._seat_way(state, seat), seat)

    def hand_of(self, state: AsianState, seat: int) -> list[str]:
        assert isinstance(state, SuperPanState)
        return [*state.hands.get(seat, []), *([state.draws[seat]] if seat in state.draws else [])]

    def call_of(self, state: AsianState) -> str:
        return f"The player-dealer's hand: {total(state.banker)}." if state.set_done else ""

    def view(self, state: BaccaratState, viewer: int | None) -> dict[str, Any]:
        """Each position sees its own hand and draw card; the others' (and the P/D's to the
        players) stay face down until the P/D's hand is set (D-209, D-477)."""
        assert isinstance(state, SuperPanState)
        out = super().view(state, viewer)
        mine = self.viewer_seats(state, viewer)
        own: list[str] = []
        for n, sv in out["seats"].items():
            cards = self.hand_of(state, n)
            seen = state.set_done or n in mine
            if n in mine and cards and not own:
                own = cards
            sv["cards"] = list(cards) if seen else ["" for _ in cards]
            sv["hand_total"] = total(cards) if cards and seen else None
            sv["draw"] = None
        out["player"] = {"cards": own, "total": total(own) if own else None}
        out["box_labels"] = {"player": "Your hand", "banker": "Player-dealer"}
        if state.window == DRAW_WINDOW:
            seat = next((n for n in state.waiting if n in mine), None)
            out["house_way"] = ("draw" if self._seat_way(state, seat) == DRAW else "no card") if seat is not None else ""
        return out


SUPER_PAN_9 = SuperPan9Table("super-pan-9", "Super Pan 9")
