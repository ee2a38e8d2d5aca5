"""Asian Baccarat (seed 003 §1, lines 3-72): the player-option baccarat where every position
plays one two-card community Players' hand against the player-dealer's (P/D) hand, and each
position draws its **own** third card.

The drawing rules are data, ``rules["draw"]``:

``all_draw``              community totals on which every position gets its own card (s.26)
``option``                totals on which each position chooses to draw or not (s.20)
``house_way_draws``       the House Way (s.63-65): what the clock plays for a position (D-009)
``bank_draws``            P/D two-card totals on which a card is dealt to it (s.60)
``bank_option``           P/D totals on which the P/D chooses (s.27, D-186)
``bank_house_way_draws``  what the clock plays for the P/D (D-186, D-472)

Every other total stands (s.19, s.61).

A round: bets; the card room shakes the dice cup and tells this engine where the bank sits and
which position the dice counted (``seat_player_dealer``, D-478); the deal (Players' hand,
P/D, Players' hand, P/D: s.12-16); on an option total each bettor chooses Draw or No card at
once (D-013); the draw cards go out face down from the action spot clockwise (D-185), each
seen by its own position only; the P/D's hand is turned over and the P/D draws last (s.27,
s.33), choosing on 4-6; every wager is settled at once (D-013) and handed to the P/D table,
which settles them from the action spot within the bank's stake.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...engine.money import fmt
from ...engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Legal, Note
from ...engine.rng import Rng
from ..banked import BETTING, OVER, Move, spot_word
from ..war.common import shoe_consistent
from .coup import total
from .table import MARK, BaccaratState, BaccaratTable

WAGER = "player"  # the one wager a position makes: its hand against the P/D's
DRAW_WINDOW, BANK_WINDOW = "draw", "bank"
DRAW, NO_CARD = "hit", "stand"  # the buttons: "Draw a card" / "No card"
PAYTABLE = "asian-baccarat"


@dataclass
class AsianState(BaccaratState):
    window: str = ""  # DRAW_WINDOW while the positions choose, BANK_WINDOW while the P/D does
    waiting: list[int] = field(default_factory=list)
    choices: dict[int, str] = field(default_factory=dict)  # seat -> DRAW / NO_CARD on an option total
    draws: dict[int, str] = field(default_factory=dict)  # seat -> its own draw card
    order: list[int] = field(default_factory=list)  # the bettors from the action spot clockwise
    bank_seat: int | None = None  # the P/D's position, as the card room says
    counted: int | None = None  # the position the dice counted to (the P/D's own included)
    bank_choice: str = ""
    bank_open: bool = False  # the P/D's hand turned over (s.27)
    set_done: bool = False  # the P/D's hand is set: every draw card may be shown (D-185)
    start: int = 0  # cards dealt from the shoe before this hand (where the cut card is looked for)


class AsianBaccaratTable(BaccaratTable):
    """Each position's one wager against the P/D's hand."""

    state_class = AsianState
    spots = (WAGER,)
    spot_names: ClassVar[Mapping[str, str]] = {WAGER: "Against the bank"}
    paytable: ClassVar[str] = PAYTABLE  # Super Pan 9 (superpan.py) reads its own

    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> AsianState:
        base = super().new_round(rules, rng, carry)
        return AsianState(**vars(base))

    # -- what the table offers -------------------------------------------------------------
    def offered_spots(self, rules: Mapping[str, Any]) -> list[str]:
        return [WAGER]

    def needs_line(self, rules: Mapping[str, Any], spot: str) -> bool:
        return False

    def cleared_with(self, state: BaccaratState, box: Any, spot: str) -> list[str]:
        if spot and spot not in self.spots:
            raise IllegalAction("There is no such bet at this table.")
        return [WAGER]

    @staticmethod
    def model(rules: Mapping[str, Any]) -> dict[str, Any]:
        drawn: dict[str, Any] = rules["draw"]
        return drawn

    def seat_player_dealer(self, state: BaccaratState, bank_seat: int, first_seat: int) -> None:
        """The card room's word before the deal: the P/D sits at ``bank_seat`` and the dice
        counted to ``first_seat`` (D-478); the action spot is the first position with a wager
        from there clockwise, the P/D's own position passing to its left (D-184)."""
        assert isinstance(state, AsianState)
        state.bank_seat, state.counted = bank_seat, first_seat

    def draw_order(self, state: AsianState) -> list[int]:
        """The positions with a wager from the action spot clockwise (D-185); without a seated
        bank (a bare engine) from the first position."""
        seats = sorted(state.seats)
        start = state.counted if state.counted is not None else seats[0]
        ring = [seats[(seats.index(start) + k) % len(seats)] for k in range(len(seats))] if start in seats else seats
        return [n for n in ring if n != state.bank_seat and state.seats[n].bets.get(WAGER)]

    # -- what may be done --------------------------------------------------------------------
    def legal_actions(self, state: BaccaratState, seat: int) -> list[Legal]:
        assert isinstance(state, AsianState)
        if state.phase == BETTING:
            return super().legal_actions(state, seat)
        if state.phase == OVER or seat not in state.waiting:
            return []
        return [Legal(DRAW, label="Draw a card"), Legal(NO_CARD, label="No card")]

    def moves(self) -> dict[str, Move[BaccaratState]]:
        return {**super().moves(), "bet": self._bet_asian, "deal": self._deal_asian,  # type: ignore[dict-item]
                DRAW: self._choose, NO_CARD: self._choose,  # type: ignore[dict-item]
                "timeout": self.timeout}

    def _bet_asian(self, state: BaccaratState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # s.68: after the cup is opened no wager is touched
        box = self.book(state, action.seat)
        if (action.spot or WAGER) != WAGER:
            raise IllegalAction("This table takes one wager a position, against the bank.")
        self.check_amount(state.rules, action.amount, "A bet")
        self.add_to_spot(state.rules, box.bets, action.seat, WAGER, action.amount, events)

    # -- the deal ---------------------------------------------------------------------------
    def _deal_asian(self, state: AsianState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("The cards are already out.")
        if action.seat != SYSTEM_SEAT and not self.book(state, action.seat).bets:
            raise IllegalAction("Make a bet before the deal.")
        bettors = [n for n, s in sorted(state.seats.items()) if s.bets.get(WAGER)]
        if not bettors:
            raise IllegalAction("Nobody has a bet down yet.")
        for n in bettors:
            lim = self.limit(state.rules, WAGER)
            if state.seats[n].bets[WAGER] < lim["min"]:
                raise IllegalAction(f"{spot_word(n)}: the minimum wager is {fmt(lim['min'])}.")
        shoe = state.shoe
        if not shoe_consistent(shoe):
            self.void_round(state, events, "the shoe does not hold its cards")
            return
        if shoe.cards_left < 4 + len(bettors) + 1:
            self.void_round(state, events, "not enough cards in the shoe to finish the hand")
            shoe.cut_card_out = True
            state.after_cut = 0
            return
        state.start = shoe.dealt
        state.order = self.draw_order(state)
        for _ in range(2):  # s.12-16: the croupier's (Players') card, then the shoe corner's (P/D)
            state.player.append(shoe.draw(rng).code)
            state.banker.append(shoe.draw(rng).code)
        p2 = total(state.player)
        rule = self.model(state.rules)
        if p2 in rule["option"]:
            state.phase, state.window, state.waiting = "play", DRAW_WINDOW, list(state.order)
            state.drawing = f"Players' {p2}: each position chooses"
            events.append(Note(f"Players' hand {p2}: Draw or No card? (House Way: {self._way_word(state)})"))
            return
        state.drawing = (f"Players' {p2}: every position draws" if p2 in rule["all_draw"]
                         else f"Players' {p2}: nobody draws")
        self._draw_cards(state, rng, events)

    def _house_way(self, state: AsianState) -> str:
        if state.window == BANK_WINDOW:
            return DRAW if total(state.banker) in self.model(state.rules)["bank_house_way_draws"] else NO_CARD
        return DRAW if total(state.player) in self.model(state.rules)["house_way_draws"] else NO_CARD

    def _way_word(self, state: AsianState) -> str:
        return "draw" if self._house_way(state) == DRAW else "no card"

    def _choose(self, state: AsianState, action: Action, rng: Rng, events: list[Event]) -> None:
        if not state.window or action.seat not in state.waiting:
            raise IllegalAction("You have no choice to make now.")
        word = "draws" if action.kind == DRAW else "takes no card"
        if state.window == BANK_WINDOW:
            state.bank_choice = action.kind
            events.append(Note(f"The player-dealer {word}.", action.seat))
        else:
            state.choices[action.seat] = action.kind
            events.append(Note(f"{spot_word(action.seat)} {word}.", action.seat))
        self._decided(state, action.seat, rng, events)

    def _decided(self, state: AsianState, seat: int, rng: Rng, events: list[Event]) -> None:
        state.waiting = [s for s in state.waiting if s != seat]
        if state.waiting:
            return
        window, state.window = state.window, ""
        if window == DRAW_WINDOW:
            self._draw_cards(state, rng, events)
        else:
            self._bank_draws(state, rng, events, state.bank_choice == DRAW)

    def undecided(self, state: BaccaratState) -> list[int]:
        assert isinstance(state, AsianState)
        return list(state.waiting) if state.window else []

    def default_action(self, state: BaccaratState, seat: int) -> Action:
        """D-009, D-186, D-472: the House Way, draw on 5 or less, stand on 6 (s.63-65)."""
        assert isinstance(state, AsianState)
        return Action(self._house_way(state), seat)

    def decide(self, state: BaccaratState, action: Action, rng: Rng, events: list[Event]) -> None:
        assert isinstance(state, AsianState)
        self._choose(state, action, rng, events)

    def _draw_cards(self, state: AsianState, rng: Rng, events: list[Event]) -> None:
        """Each drawing position's own card, face down, from the action spot clockwise (s.25,
        D-185); then the P/D's hand is turned over (s.27)."""
        p2 = total(state.player)
        everyone = p2 in self.model(state.rules)["all_draw"]
        drew = [n for n in state.order if everyone or state.choices.get(n) == DRAW]
        for n in drew:
            state.draws[n] = state.shoe.draw(rng).code
        if drew:
            events.append(Note(f"Draw cards to {', '.join(spot_word(n) for n in drew)}."))
        state.bank_open = True
        b2 = total(state.banker)
        rule = self.model(state.rules)
        if b2 in rule["bank_option"]:
            if state.bank_seat is None:  # no seated bank to ask: the House Way (D-472)
                state.window = BANK_WINDOW
                self._bank_draws(state, rng, events, self._house_way(state) == DRAW)
                return
            state.phase, state.window, state.waiting = "play", BANK_WINDOW, [state.bank_seat]
            events.append(Note(f"The player-dealer has {b2}: Draw or No card? (House Way: {self._way_word(state)})"))
            return
        self._bank_draws(state, rng, events, b2 in rule["bank_draws"])

    def _bank_draws(self, state: AsianState, rng: Rng, events: list[Event], draws: bool) -> None:
        b2 = total(state.banker)
        state.window = ""
        if draws:
            state.banker.append(state.shoe.draw(rng).code)
        rule = self.model(state.rules)
        did = f"draws to {total(state.banker)}" if draws else "stands"
        state.drawing += f"; bank {b2} {did}" + (" by choice" if b2 in rule["bank_option"] else "")
        self._finish(state, events)

    # -- settlement ----------------------------------------------------------------------
    def hand_of(self, state: AsianState, seat: int) -> list[str]:
        """A position's hand: the two community cards and its own draw card, if any (s.25)."""
        return [*state.player[:2], *([state.draws[seat]] if seat in state.draws else [])]

    def _finish(self, state: AsianState, events: list[Event]) -> None:
        state.set_done = True
        bank = total(state.banker)
        first = state.order[0] if state.order else None
        if first is not None:  # the road marks the action spot's hand, the first compared (P-190)
            mine = total(self.hand_of(state, first))
            state.marks.append(MARK["player"] if mine > bank else MARK["banker"] if mine < bank else MARK["tie"])
        events.append(Note(self.call_of(state)))
        self._cut_card(state, state.start, events)
        for n in state.order:
            mine = total(self.hand_of(state, n))
            if mine > bank:
                self.pay(state, events, n, WAGER, self.paytable, "win", f"{mine} beats the bank's {bank}")
            elif mine < bank:
                self.lose(state, events, n, WAGER, f"The bank's {bank} beats {mine}")
            else:
                self.push(state, events, n, WAGER, f"{mine} against {bank}: a tie pushes")  # s.30, s.37
        state.waiting = []
        state.phase = OVER

    def call_of(self, state: AsianState) -> str:
        if not state.set_done:
            return ""
        return f"Players' hand {total(state.player[:2])}, the bank {total(state.banker)}."

    # -- showing it ------------------------------------------------------------------------
    def view(self, state: BaccaratState, viewer: int | None) -> dict[str, Any]:
        """The community cards are face up; the P/D's hand is face down until it is turned
        over (s.15-16, s.27), seen before that by the P/D alone; each draw card by its own
        position alone until the P/D's hand is set (D-185)."""
        assert isinstance(state, AsianState)
        mine = self.viewer_seats(state, viewer)
        bank_seen = state.bank_open or (state.bank_seat is not None and state.bank_seat in mine)
        bank_cards = list(state.banker) if bank_seen else ["" for _ in state.banker]
        seats: dict[int, dict[str, Any]] = {}
        for n, box in sorted(state.seats.items()):
            card = state.draws.get(n, "")
            seen = state.set_done or n in mine
            hand = self.hand_of(state, n) if box.bets.get(WAGER) and state.player else []
            seats[n] = {"owner": state.owners.get(n), "bets": dict(box.bets), "mine": n in mine,
                        "choice": state.choices.get(n, ""),
                        "draw": (card if seen else "") if card else None,
                        "hand_total": total(hand) if hand and (seen or not card) else None,
                        "results": self.results_view(box, True)}
        over = state.phase == OVER and state.set_done
        bank = {"cards": bank_cards, "total": total(state.banker) if bank_seen and state.banker else None}
        return self.felt_view(
            state,
            player={"cards": list(state.player), "total": total(state.player) if state.player else None},
            banker=bank,
            box_labels={"player": "Players' hand", "banker": "Player-dealer"},
            winner=None,
            call=self.call_of(state) if over else "",
            seats=seats,
            window=state.window,
            house_way=self._way_word(state) if state.window else "",
            action_order=list(state.order),
            spots=[{"spot": WAGER, "label": self.spot_name(WAGER), "side": False}],
            needs_line=[],
            commission_pct=0,
            draw_rule=self.model(state.rules),
        )

    # -- the house's players ---------------------------------------------------------------
    def bot_spot(self, rules: Mapping[str, Any]) -> str:
        """Bots bet the minimum and play the House Way, for a position or for the bank (P-005)."""
        return WAGER


ASIAN_BACCARAT = AsianBaccaratTable("asian-baccarat", "Asian Baccarat")

