"""21st Century Baccarat, New Version Face Down (seed 003 §17, lines 685-829): every position
plays its **own** two-card hand, dealt face down, against the player-dealer's (P/D) hand, from
eight decks with one joker each.

Rules as data, ``rules["face_down"]``:

``must_hit`` / ``option`` / ``must_stand``  the player's two-card totals (rule 18)
``double_on`` / ``surrender_on``            the totals on which a player may double or
                                            surrender instead (rules 15, 29; D-175, D-176)
``house_way_draws``                         rule 22, played by the clock (D-009)
``bank_hits`` / ``bank_option``             the P/D's totals (rule 19; D-181: it chooses on 6,
                                            the clock stands)
``bank_wins_ties_on``                       rule 16
``bonus_on_hit_from``                       the two-card totals a winning three-card 8 or 9 must
                                            have hit from to pay the bonus (rule 17)

A joker is wild (rule 7): a hand holding one counts 9, the best any joker can make (D-178);
two jokers as the first two cards are a Natural, above every 9 (rules 2, 21; D-179). A P/D joker
up card, or any P/D two-card 9, ends the deal before anyone draws (rules 11-13): the P/D then
wins everything but a player 9 (push) or Natural (wins, 3 to 1); a P/D Natural pushes only a
player Natural; nobody has doubled by then, so a double never meets a P/D two-card 9 or Natural
(rule 30 is met by the order of play, D-176). Otherwise each position hits, stands, doubles or surrenders in one window
(D-013), the draw cards go out from the P/D's left clockwise, the P/D's hole card is turned (it
names the action seat, D-167) and the P/D draws. A round is settled at once (D-013) and handed
to the player-dealer table, which settles it within the bank from the action seat.
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
from .coup import point
from .table import MARK, BaccaratState, BaccaratTable

MAIN, DOUBLE = "main", "double"
HIT, STAND, DOUBLE_DOWN, SURRENDER = "hit", "stand", "double", "surrender"
JOKER = "JK"
NATURAL = 10  # above every 9 (the ranking chart, 003 s.765-779)
PAYTABLE = "face-down"


def is_joker(code: str) -> bool:
    return code.upper().startswith(JOKER)


def hand_total(cards: list[str] | tuple[str, ...]) -> int:
    """Last digit of the sum; a hand with a joker counts 9, the best its wild card can make
    (rule 7, D-178)."""
    if any(is_joker(c) for c in cards):
        return 9
    return sum(point(c) for c in cards) % 10


def rank(cards: list[str] | tuple[str, ...]) -> int:
    """A Natural (two jokers as the first two cards, rule 2) above 9; otherwise the total."""
    if len(cards) == 2 and all(is_joker(c) for c in cards):
        return NATURAL
    return hand_total(cards)


def shown_total(cards: list[str]) -> str:
    r = rank(cards)
    return "Natural" if r == NATURAL else str(r)


def outcome_of(fd: Mapping[str, Any], cards: list[str], bank_cards: list[str]) -> tuple[str, str]:
    """(win / push / lose, the paytable line of a win) of a position's hand against the P/D's
    (rules 13, 16, 17, 20, 21; D-179), by the edition's data ``fd``."""
    mine, bank = rank(cards), rank(bank_cards)
    if mine == NATURAL or bank == NATURAL:
        if mine == bank:
            return "push", ""
        return ("win", "natural") if mine == NATURAL else ("lose", "")
    if mine > bank:
        if len(cards) == 3 and mine in (8, 9) and rank(cards[:2]) in fd["bonus_on_hit_from"]:
            return "win", f"three-card-{mine}"
        return "win", "win"
    if mine < bank:
        return "lose", ""
    return ("lose", "") if mine in fd["bank_wins_ties_on"] else ("push", "")


@dataclass
class FaceDownState(BaccaratState):
    hands: dict[int, list[str]] = field(default_factory=dict)  # seat -> its own cards
    window: str = ""  # "play" while the positions decide, "bank" while the P/D does
    waiting: list[int] = field(default_factory=list)
    choices: dict[int, str] = field(default_factory=dict)  # seat -> hit / stand / double / surrender
    order: list[int] = field(default_factory=list)  # the bettors from the P/D's left clockwise
    bank_seat: int | None = None
    concluded: str = ""  # why the deal ended before the draw (a P/D 9 or Natural)
    hole_shown: bool = False
    start: int = 0


class FaceDownTable(BaccaratTable):
    """21st Century Baccarat Face Down: a position's own hand against the P/D's."""

    state_class = FaceDownState
    spots = (MAIN, DOUBLE)
    spot_names: ClassVar[Mapping[str, str]] = {MAIN: "Wager", DOUBLE: "Double down"}

    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> FaceDownState:
        base = super().new_round(rules, rng, carry)
        return FaceDownState(**vars(base))

    # -- the table's data --------------------------------------------------------------------
    @staticmethod
    def model(rules: Mapping[str, Any]) -> dict[str, Any]:
        fd: dict[str, Any] = rules["face_down"]
        return fd

    def offered_spots(self, rules: Mapping[str, Any]) -> list[str]:
        return [MAIN]

    def needs_line(self, rules: Mapping[str, Any], spot: str) -> bool:
        return False

    def limit_key(self, spot: str) -> str:
        return MAIN

    def cleared_with(self, state: BaccaratState, box: Any, spot: str) -> list[str]:
        if spot and spot not in self.spots:
            raise IllegalAction("There is no such bet at this table.")
        return [MAIN]

    def seat_player_dealer(self, state: BaccaratState, bank_seat: int, first_seat: int) -> None:
        """The card room's word before the deal: the P/D sits at ``bank_seat`` (its choice on 6
        is its own, D-181); the deal and the draw start on its left (rule 18)."""
        assert isinstance(state, FaceDownState)
        state.bank_seat = bank_seat

    def _order(self, state: FaceDownState) -> list[int]:
        seats = sorted(state.seats)
        start = seats.index(state.bank_seat) + 1 if state.bank_seat in seats else 0
        ring = [seats[(start + k) % len(seats)] for k in range(len(seats))]
        return [n for n in ring if n != state.bank_seat and state.seats[n].bets.get(MAIN)]

    # -- what may be done --------------------------------------------------------------------
    def options(self, state: FaceDownState, seat: int) -> list[str]:
        """What a position may do with its two cards (rules 15, 18, 29; D-180: no foul)."""
        fd = self.model(state.rules)
        t = rank(state.hands[seat])
        out = []
        if t in fd["must_hit"] or t in fd["option"]:
            out.append(HIT)
        if t in fd["option"]:
            out.append(STAND)
        if t in fd["double_on"]:
            out.append(DOUBLE_DOWN)
        if t in fd["surrender_on"]:
            out.append(SURRENDER)
        return out

    def legal_actions(self, state: BaccaratState, seat: int) -> list[Legal]:
        assert isinstance(state, FaceDownState)
        if state.phase == BETTING:
            return super().legal_actions(state, seat)
        if state.phase == OVER or seat not in state.waiting:
            return []
        if state.window == "bank":
            return [Legal(HIT, label="Draw a card"), Legal(STAND, label="Stand")]
        labels = {HIT: "Hit", STAND: "Stand", SURRENDER: "Surrender (lose half)"}
        out = []
        for kind in self.options(state, seat):
            if kind == DOUBLE_DOWN:
                base = state.seats[seat].bets[MAIN]
                low = min(base, 100)  # D-175: from $1 up to the original wager
                out.append(Legal(DOUBLE_DOWN, DOUBLE, low, base, f"Double down (up to {fmt(base)})"))
            else:
                out.append(Legal(kind, label=labels[kind]))
        return out

    def moves(self) -> dict[str, Move[BaccaratState]]:
        return {**super().moves(), "bet": self._bet_main, "deal": self._deal_fd,  # type: ignore[dict-item]
                HIT: self._choose, STAND: self._choose, DOUBLE_DOWN: self._choose,  # type: ignore[dict-item]
                SURRENDER: self._choose, "timeout": self.timeout}  # type: ignore[dict-item]

    def _bet_main(self, state: BaccaratState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")
        if (action.spot or MAIN) != MAIN:
            raise IllegalAction("This table takes one wager a position; a double comes after the deal.")
        box = self.book(state, action.seat)
        self.check_amount(state.rules, action.amount, "A bet")
        self.add_to_spot(state.rules, box.bets, action.seat, MAIN, action.amount, events)

    # -- the deal ---------------------------------------------------------------------------
    def _deal_fd(self, state: FaceDownState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("The cards are already out.")
        if action.seat != SYSTEM_SEAT and not self.book(state, action.seat).bets:
            raise IllegalAction("Make a bet before the deal.")
        state.order = self._order(state)
        if not state.order:
            raise IllegalAction("Nobody has a bet down yet.")
        lim = self.limit(state.rules, MAIN)
        for n in state.order:
            if state.seats[n].bets[MAIN] < lim["min"]:
                raise IllegalAction(f"{spot_word(n)}: the minimum wager is {fmt(lim['min'])}.")
        shoe = state.shoe
        if not shoe_consistent(shoe):
            self.void_round(state, events, "the shoe does not hold its cards")
            return
        if shoe.cards_left < 3 * (len(state.order) + 1):
            self.void_round(state, events, "not enough cards in the shoe to finish the hand")
            shoe.cut_card_out = True
            state.after_cut = 0
            return
        state.start = shoe.dealt
        for _ in range(2):  # rule 9: one at a time in rotation; the P/D's first card up, second down
            for n in state.order:
                state.hands.setdefault(n, []).append(shoe.draw(rng).code)
            state.banker.append(shoe.draw(rng).code)
        up, bank = state.banker[0], rank(state.banker)
        if is_joker(up) or bank >= 9:  # rules 11-13, 21: no one draws
            state.concluded = "a Natural" if bank == NATURAL else "a joker up" if is_joker(up) else "a two-card 9"
            state.drawing = f"The player-dealer has {state.concluded}: nobody draws"
            self._finish(state, events)
            return
        state.waiting = [n for n in state.order if self.options(state, n)]
        state.drawing = "Each position hits, stands, doubles or surrenders"
        if state.waiting:
            state.phase, state.window = "play", "play"
            events.append(Note("Hit, Stand, Double down or Surrender? (House Way: hit on 5 or less, stand on 6 or more)"))
            return
        self._draw_cards(state, rng, events)

    def _choose(self, state: FaceDownState, action: Action, rng: Rng, events: list[Event]) -> None:
        if not state.window or action.seat not in state.waiting:
            raise IllegalAction("You have no choice to make now.")
        if state.window == "bank":
            if action.kind not in (HIT, STAND):
                raise IllegalAction("The player-dealer hits or stands.")
            state.waiting = []
            state.window = ""
            events.append(Note(f"The player-dealer {'hits' if action.kind == HIT else 'stands'} on 6.", action.seat))
            self._bank_draws(state, rng, events, action.kind == HIT)
            return
        if action.kind not in self.options(state, action.seat):
            raise IllegalAction("That is not a choice on this hand (hit on 0-4, stand on 7-9).")
        if action.kind == DOUBLE_DOWN:
            base = state.seats[action.seat].bets[MAIN]
            if not min(base, 100) <= action.amount <= base:
                raise IllegalAction(f"A double is from {fmt(min(base, 100))} up to your wager, {fmt(base)} (D-175).")
            self.add_to_spot(state.rules, state.seats[action.seat].bets, action.seat, DOUBLE, action.amount, events)
        state.choices[action.seat] = action.kind
        events.append(Note(f"{spot_word(action.seat)}: {action.kind}.", action.seat))
        state.waiting = [s for s in state.waiting if s != action.seat]
        if not state.waiting:
            state.window = ""
            self._draw_cards(state, rng, events)

    def undecided(self, state: BaccaratState) -> list[int]:
        assert isinstance(state, FaceDownState)
        return list(state.waiting) if state.window else []

    def default_action(self, state: BaccaratState, seat: int) -> Action:
        """D-009: the House Way, hit on 5 or less, stand on 6 or more (rule 22); the P/D stands
        on its 6 (D-181). Never a double or a surrender: no money is added without consent."""
        assert isinstance(state, FaceDownState)
        if state.window == "bank":
            return Action(STAND, seat)
        hits = rank(state.hands[seat]) in self.model(state.rules)["house_way_draws"]
        return Action(HIT if hits else STAND, seat)

    def decide(self, state: BaccaratState, action: Action, rng: Rng, events: list[Event]) -> None:
        assert isinstance(state, FaceDownState)
        self._choose(state, action, rng, events)

    def _draw_cards(self, state: FaceDownState, rng: Rng, events: list[Event]) -> None:
        """The draw cards from the P/D's left clockwise (rule 18); must-hit hands that had no
        other choice draw too; then the hole card is turned and the P/D draws (rule 19)."""
        fd = self.model(state.rules)
        for n in state.order:
            choice = state.choices.get(n)
            if choice in (HIT, DOUBLE_DOWN) or (choice is None and rank(state.hands[n]) in fd["must_hit"]):
                state.hands[n].append(state.shoe.draw(rng).code)
        state.hole_shown = True
        bank = rank(state.banker)
        if bank in fd["bank_option"]:
            if state.bank_seat is None:  # no seated bank to ask: it stands (D-181)
                self._bank_draws(state, rng, events, False)
                return
            state.phase, state.window, state.waiting = "play", "bank", [state.bank_seat]
            events.append(Note("The player-dealer has 6: hit or stand? (on the clock it stands)"))
            return
        self._bank_draws(state, rng, events, bank in fd["bank_hits"])

    def _bank_draws(self, state: FaceDownState, rng: Rng, events: list[Event], draws: bool) -> None:
        b2 = rank(state.banker)
        if draws:
            state.banker.append(state.shoe.draw(rng).code)
        state.drawing = f"Player-dealer {b2}" + (f" draws to {shown_total(state.banker)}" if draws else " stands")
        self._finish(state, events)

    # -- settlement ----------------------------------------------------------------------
    def _finish(self, state: FaceDownState, events: list[Event]) -> None:
        state.hole_shown = True
        state.window, state.waiting = "", []
        first = state.order[0] if state.order else None
        if first is not None:  # the road marks the first hand dealt against the bank
            mine = self.outcome(state, first)[0]
            state.marks.append(MARK["player"] if mine == "win" else MARK["banker"] if mine == "lose" else MARK["tie"])
        events.append(Note(f"The player-dealer's hand: {shown_total(state.banker)}."))
        self._cut_card(state, state.start, events)
        for n in state.order:
            box = state.seats[n]
            cards = state.hands[n]
            if state.choices.get(n) == SURRENDER:
                stake = box.bets[MAIN]
                kept = stake // 2  # D-002: the bank's half rounded down
                self.settle(state, events, n, MAIN, stake, stake - kept, "lose", "Surrendered: half the wager is lost")
                continue
            result, line = self.outcome(state, n)
            mine = shown_total(cards)
            against = f"{mine} against the player-dealer's {shown_total(state.banker)}"
            for bet in (MAIN, DOUBLE):
                if not box.bets.get(bet):
                    continue
                if result == "win":
                    use = "doubled" if DOUBLE in box.bets else line  # D-177: a doubled hand is paid 1 to 1
                    self.pay(state, events, n, bet, PAYTABLE, use, f"{against}: {self.words(state.rules).label(PAYTABLE, use)}")
                elif result == "push":
                    self.push(state, events, n, bet, f"{against}: a push")
                else:
                    self.lose(state, events, n, bet, f"{against}: the player-dealer wins")
        state.phase = OVER

    def outcome(self, state: FaceDownState, seat: int) -> tuple[str, str]:
        return outcome_of(self.model(state.rules), state.hands[seat], state.banker)

    # -- showing it ------------------------------------------------------------------------
    def view(self, state: BaccaratState, viewer: int | None) -> dict[str, Any]:
        """Each position sees its own cards; the others' are opened at the settlement (rule 12);
        the P/D's up card is face up, its hole card once turned (rule 6)."""
        assert isinstance(state, FaceDownState)
        mine = self.viewer_seats(state, viewer)
        over = state.phase == OVER
        bank_cards = list(state.banker) if state.hole_shown else [*state.banker[:1], *([""] if len(state.banker) > 1 else [])]
        seats: dict[int, dict[str, Any]] = {}
        own: list[str] = []
        for n, box in sorted(state.seats.items()):
            cards = state.hands.get(n, [])
            seen = over or n in mine
            if n in mine and cards and not own:
                own = list(cards)
            seats[n] = {"owner": state.owners.get(n), "bets": dict(box.bets), "mine": n in mine,
                        "choice": state.choices.get(n, ""),
                        "cards": list(cards) if seen else ["" for _ in cards],
                        "hand_total": shown_total(cards) if cards and seen else None,
                        "results": self.results_view(box, True)}
        bank = {"cards": bank_cards, "total": shown_total(state.banker) if state.hole_shown and state.banker else None}
        return self.felt_view(
            state,
            player={"cards": own, "total": shown_total(own) if own else None},
            banker=bank,
            box_labels={"player": "Your hand", "banker": "Player-dealer"},
            winner=None,
            call=f"The player-dealer's hand: {shown_total(state.banker)}." if over and state.banker else "",
            burned=[],
            seats=seats,
            window=state.window,
            house_way="",
            spots=[{"spot": MAIN, "label": self.spot_name(MAIN), "side": False}],
            needs_line=[],
            commission_pct=0,
            face_down=self.model(state.rules),
        )

    # -- the house's players ---------------------------------------------------------------
    def bot_spot(self, rules: Mapping[str, Any]) -> str:
        """Bots bet the minimum and play the House Way; never a double or a surrender (P-005)."""
        return MAIN


FACE_DOWN_BACCARAT = FaceDownTable("21st-century-baccarat", "21st Century Baccarat")
