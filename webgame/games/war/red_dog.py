"""Red Dog Poker (seed 004 Section 12, lines 1369-1442; catalog-004 "Red Dog Poker").

One hand for the whole table. Every position bets before the first card (004 s.1393); the
first card goes face up on the box farthest to the dealer's left, the second on the box
farthest to the right (s.1395). Then:

* consecutive values: "tie hand", every wager is void and returned (s.1397);
* a pair: a third card at once; three of a kind pays every wager 11 to 1 (s.1399), anything
  else is a "tie hand", wagers returned (s.1400); no raise on a pair (D-342);
* otherwise the spread (cards strictly between, 1 to 11, s.1401-1406) is announced and each
  position may raise up to its original wager (s.1407, D-342), all at once (D-013); then the
  third card: strictly between the two wins, bet and raise paid by the spread (s.1409-1416);
  equal to either card is not between (s.1409).

A six-deck shoe [1-8], cut card at 75 %, the first card of each shoe burned (s.1389, D-341).
A player may wager on one betting area only (s.1426, D-023). $1-$1,000 (s.1427). A card
drawn in error or exposed before "Raises closed" cannot happen under RNG dealing (D-010,
D-341); an internal inconsistency of the shoe voids the round (D-008).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...devices.shoe import Shoe
from ...engine.money import fmt
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    IllegalAction,
    Legal,
    Note,
    Stake,
)
from ...engine.rng import Rng
from ..banked import (
    BETTING,
    NOTES_SHOWN,
    OVER,
    Move,
    SeatBook,
    spot_word,
)
from .common import ShoeTable, shoe_consistent, value

RAISING = "raising"
MAIN, RAISE = "main", "raise"
PAYTABLE = "red-dog"


@dataclass
class RedDogSeat(SeatBook):
    decided: bool = False  # answered the raise in this round


@dataclass
class RedDogState:
    rules: dict[str, Any]
    shoe: Shoe
    seats: dict[int, RedDogSeat] = field(default_factory=dict)
    owners: dict[int, str] = field(default_factory=dict)
    cards: list[str] = field(default_factory=list)  # first (left box), second (right box), third (middle)
    burned: list[str] = field(default_factory=list)
    spread: int = -1
    outcome: str = ""  # consecutive, pair, three-of-a-kind, spread-win, spread-lose
    phase: str = BETTING
    settled: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def classify(first: str, second: str) -> tuple[str, int]:
    """("consecutive", 0) / ("pair", 0) / ("spread", n): 004 s.1397-1406."""
    a, b = value(first), value(second)
    if a == b:
        return "pair", 0
    if abs(a - b) == 1:
        return "consecutive", 0
    return "spread", abs(a - b) - 1


def between(first: str, second: str, third: str) -> bool:
    """Strictly between: equal to either end card is not between (004 s.1409)."""
    lo, hi = sorted((value(first), value(second)))
    return lo < value(third) < hi


class RedDog(ShoeTable[RedDogState]):
    slug = "red-dog"
    name = "Red Dog Poker"
    state_class = RedDogState
    seat_class = RedDogSeat
    spots = (MAIN, RAISE)
    spot_names: ClassVar[Mapping[str, str]] = {MAIN: "Bet", RAISE: "Raise"}

    def limit_key(self, spot: str) -> str:
        return MAIN

    # -- round lifecycle -----------------------------------------------------------------
    def undecided(self, state: RedDogState) -> list[int]:
        if state.phase != RAISING:
            return []
        return [n for n, s in sorted(state.seats.items()) if s.bets.get(MAIN) and not s.decided]

    # -- what may be done ----------------------------------------------------------------
    def legal_actions(self, state: RedDogState, seat: int) -> list[Legal]:
        if state.phase == BETTING:
            if seat == SYSTEM_SEAT:
                return [Legal("deal", label="Deal")] if any(s.bets.get(MAIN) for s in state.seats.values()) else []
            if seat not in state.seats or not self._may_bet_here(state, seat):
                return []
            box = state.seats[seat]
            out: list[Legal] = []
            bounds = self.bet_bounds(state.rules, box.bets.get(MAIN, 0), MAIN)
            if bounds is not None:
                out.append(Legal("bet", MAIN, bounds[0], bounds[1], "Bet"))
            if box.bets:
                out.append(Legal("clear", "", label="Clear bet"))
                out.append(Legal("deal", label="Deal"))
            return out
        if seat in self.undecided(state):
            bet = state.seats[seat].bets[MAIN]
            step = self.step(state.rules)
            return [Legal("raise", "", min(step, bet), bet, f"Raise (up to {fmt(bet)})"),
                    Legal("no-raise", label="No raise")]
        return []

    def _may_bet_here(self, state: RedDogState, seat: int) -> bool:
        """004 s.1426, D-023: one betting area per player."""
        who = state.owners.get(seat)
        if who is None:
            return True
        return not any(state.owners.get(n) == who and s.bets for n, s in state.seats.items() if n != seat)

    # -- doing it ------------------------------------------------------------------------
    def moves(self) -> dict[str, Move[RedDogState]]:
        return {**super().moves(), "bet": self._bet, "deal": self._deal, "timeout": self.timeout,
                **dict.fromkeys(("raise", "no-raise"), self.decide)}

    def _bet(self, state: RedDogState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # s.1393, s.1396, D-026
        box = self.book(state, action.seat)
        if action.spot not in ("", MAIN):
            if action.spot == RAISE:
                raise IllegalAction("A raise is made only after the first two cards show a spread.")  # s.1407
            raise IllegalAction("There is no such bet at this table.")
        if not self._may_bet_here(state, action.seat):
            raise IllegalAction("A player may bet on one betting area only at Red Dog.")  # s.1426, D-023
        self.check_amount(state.rules, action.amount, "A bet")
        self.add_to_spot(state.rules, box.bets, action.seat, MAIN, action.amount, events,
                         too_much="The maximum bet is {max}.")

    def _deal(self, state: RedDogState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("The cards are already out.")
        if action.seat != SYSTEM_SEAT and not self.book(state, action.seat).bets.get(MAIN):
            raise IllegalAction("Place a bet before the deal.")
        players = [n for n, s in sorted(state.seats.items()) if s.bets.get(MAIN)]
        if not players:
            raise IllegalAction("Nobody has a bet down yet.")
        lim = self.limit(state.rules, MAIN)
        for n in players:
            if state.seats[n].bets[MAIN] < lim["min"]:
                raise IllegalAction(f"{spot_word(n)}: the minimum bet is {fmt(lim['min'])}.")
        if not shoe_consistent(state.shoe):
            self.void_round(state, events, "the shoe does not hold its cards")
            return
        shoe = state.shoe
        if shoe.just_shuffled and state.rules["burn_first_card"]:
            state.burned.append(shoe.draw(rng).code)  # s.1389: the first card of each shoe, face down
            events.append(Note("First card of the shoe burned."))
        first, second = shoe.draw(rng).code, shoe.draw(rng).code
        state.cards = [first, second]
        kind, spread = classify(first, second)
        if kind == "consecutive":
            state.outcome = "consecutive"
            events.append(Note(f"{first} and {second}: the hands are consecutive, tie hand."))  # s.1397
            for n in players:
                self.push(state, events, n, MAIN, "Consecutive cards: tie hand, wager returned")
            state.phase = OVER
        elif kind == "pair":
            third = shoe.draw(rng).code  # s.1398: a third card at once, no raise (D-342)
            state.cards.append(third)
            events.append(Note(f"{first} and {second}: we have a pair. Third card {third}."))
            if value(third) == value(first):
                state.outcome = "three-of-a-kind"
                events.append(Note("Three of a kind."))
                for n in players:
                    self.pay(state, events, n, MAIN, PAYTABLE, "three-of-a-kind", "Three of a kind")
            else:
                state.outcome = "pair"
                events.append(Note("No three of a kind: tie hand."))
                for n in players:
                    self.push(state, events, n, MAIN, "Pair without three of a kind: tie hand, wager returned")
            state.phase = OVER
        else:
            state.spread = spread
            events.append(Note(f"{first} and {second}: the spread is {spread}, paying "
                               f"{self.odds(state.rules, PAYTABLE, f'spread-{spread}')}. Raises are open."))  # s.1401, s.1407
            state.phase = RAISING

    def decide(self, state: RedDogState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != RAISING:
            raise IllegalAction("Raises are taken only after a spread is announced.")  # s.1407, D-342
        box = self.book(state, action.seat)
        if action.seat not in self.undecided(state):
            raise IllegalAction("This position has already answered the raise." if box.bets.get(MAIN)
                                else "This position has no bet in this round.")
        if action.kind == "raise":
            bet = box.bets[MAIN]
            amount = action.amount or bet  # the Raise button alone raises the full original wager
            self.check_amount(state.rules, amount, "A raise")
            if amount > bet:
                raise IllegalAction(f"A raise is at most the original wager, {fmt(bet)}.")  # s.1407
            box.bets[RAISE] = amount
            events.append(Stake(action.seat, RAISE, amount))
            events.append(Note(f"{spot_word(action.seat)} raises {fmt(amount)}.", action.seat))
        box.decided = True
        if not self.undecided(state):
            self._third_card(state, rng, events)

    def _third_card(self, state: RedDogState, rng: Rng, events: list[Event]) -> None:
        """s.1408-1416: "Raises closed", the third card, then bet and raise settle alike."""
        third = state.shoe.draw(rng).code
        state.cards.append(third)
        first, second = state.cards[0], state.cards[1]
        line = f"spread-{state.spread}"
        win = between(first, second, third)
        state.outcome = "spread-win" if win else "spread-lose"
        events.append(Note(f"Raises closed. Third card {third}: "
                           f"{'between, the players win' if win else 'not between, the house wins'}."))
        for n, box in sorted(state.seats.items()):
            for spot in (MAIN, RAISE):
                if not box.bets.get(spot):
                    continue
                if win:
                    self.pay(state, events, n, spot, PAYTABLE, line, f"Spread {state.spread}")
                else:
                    self.lose(state, events, n, spot, f"{third} is not between {first} and {second}")
        state.phase = OVER

    # -- showing it ----------------------------------------------------------------------
    def view(self, state: RedDogState, viewer: int | None) -> dict[str, Any]:
        """Every card is dealt face up to the whole table (s.1395, s.1398, s.1408); the view
        holds no private card, only the shoe's counts (never its order)."""
        first = state.cards[0] if state.cards else None
        second = state.cards[1] if len(state.cards) > 1 else None
        third = state.cards[2] if len(state.cards) > 2 else None
        mine = self.viewer_seats(state, viewer)
        seats = {n: {"owner": state.owners.get(n), "bets": dict(box.bets), "mine": n in mine,
                     "deciding": n in self.undecided(state), "results": self.results_view(box, True)}
                 for n, box in sorted(state.seats.items())}
        waiting = self.undecided(state)
        words = {"consecutive": "Consecutive: tie hand", "pair": "Pair: tie hand",
                 "three-of-a-kind": "Three of a kind", "spread-win": f"Spread {state.spread}: between",
                 "spread-lose": f"Spread {state.spread}: not between"}
        shown = [c for c in (first, third, second) if c is not None]
        return {
            "game": self.slug,
            "phase": state.phase,
            "variant": state.rules.get("variant"),
            "boxes": {"left": first, "middle": third, "right": second},
            "spread": state.spread if state.spread >= 0 else None,
            "outcome": state.outcome,
            "outcome_words": words.get(state.outcome, ""),
            "burned": len(state.burned),
            "dealer": {"cards": shown, "total": words.get(state.outcome) or
                       (f"Spread {state.spread}" if state.spread >= 0 else None)},
            "seats": seats,
            "to_act": {"seat": waiting[0]} if waiting else None,
            "deciding": waiting,
            "shoe": state.shoe.view(),
            "limits": self.limits_view(state.rules),
            "bet_step": self.step(state.rules),
            "paytables": {PAYTABLE: self.hands_view(state.rules)},
            "notes": state.notes[-NOTES_SHOWN:],
            "rules_summary": self.rules_summary(state.rules),
        }

    def hands_view(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        """The layout's box of the fourteen possible hands with their odds (004 s.1435): the
        spreads, the tie hands (``push_hands``) and three of a kind, in the data's words."""
        words = self.words(rules)
        table = rules["paytables"][PAYTABLE]
        spreads = [line for line in table["lines"] if line.startswith("spread-")]
        lines = [{"hand": h, "label": words.label(PAYTABLE, h), "pays": words.pays(PAYTABLE, h)} for h in spreads]
        lines += [{"hand": h, "label": words.label(PAYTABLE, h), "pays": words.line("pays_push")}
                  for h in table.get("push_hands", [])]
        lines.append({"hand": "three-of-a-kind", "label": words.label(PAYTABLE, "three-of-a-kind"),
                      "pays": words.pays(PAYTABLE, "three-of-a-kind")})
        return {"name": words.table_name(PAYTABLE), "lines": lines}

    def rules_summary(self, rules: Mapping[str, Any]) -> list[str]:
        """The table's rules in short lines, as its data words them (``prose.summary``)."""
        return self.words(rules).lines("summary")

    # -- defaults and the house's players ------------------------------------------------
    def default_action(self, state: RedDogState, seat: int) -> Action:
        """D-009: no raise, no more money at risk."""
        return Action("no-raise", seat)

    def bot_action(self, state: RedDogState, seat: int) -> Action | None:
        """Bots bet the minimum and raise the full wager on a spread of 7 or more, where the
        raise is in the player's favour."""
        if state.phase == BETTING:
            if seat not in state.seats or state.seats[seat].bets or not self._may_bet_here(state, seat):
                return None
            step = self.step(state.rules)
            return Action("bet", seat, MAIN, -(-self.limit(state.rules, MAIN)["min"] // step) * step)
        if seat not in self.undecided(state):
            return None
        return Action("raise", seat) if state.spread >= 7 else Action("no-raise", seat)


RED_DOG = RedDog()
