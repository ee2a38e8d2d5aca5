"""Casino War (seed 004 Section 14, lines 1518-1578) with the Tie wager.

Each position makes its initial wager, and may add a Tie wager, before the deal (s.1529-1530,
s.1558-1559). One card face up to each position from left to right, then the house card
(s.1531-1532); ace high, suits ignored (s.1537). Higher wins even money, lower loses (s.1543-
1544). The Tie wager pays 10 to 1 when the initial cards are identical in rank, settled on the
initial comparison only, before the war decisions (s.1560-1561, D-345).

On a tie the player surrenders half the initial wager (s.1546; the house's half rounded down,
D-002) or goes to War (s.1547): the player adds an amount equal to the initial wager and the
house matches it (s.1549). Tied positions decide in turn from the dealer's left, and no war
card is dealt until all have decided (D-521); a decision clock that runs out surrenders
(D-009, D-521). Then, in dealing order, three cards are burned and the next is the player's
war card; the dealer burns three and deals one dealer war card that every war compares with
(s.1549, D-344, D-521). War card higher: the player wins all the money on the spot, net one
initial wager (s.1551); lower: the house takes it all (s.1553); tie again: the spot's money
and one more initial wager (s.1555).

A six-deck shoe [1-8], cut card at 75 % (D-343, D-011); $1-$5,000 (s.1566), Tie $1-$25 (D-346).
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

DECIDING = "war-decisions"
MAIN, WAR, TIE = "main", "war", "war-tie"
PAYTABLE = "casino-war"


@dataclass
class WarSeat(SeatBook):
    card: str = ""
    status: str = ""  # "" (not dealt), won, lost, tied, war, surrendered
    burns: list[str] = field(default_factory=list)
    war_card: str = ""
    decided: bool = False


@dataclass
class WarState:
    rules: dict[str, Any]
    shoe: Shoe
    seats: dict[int, WarSeat] = field(default_factory=dict)
    owners: dict[int, str] = field(default_factory=dict)
    house: str = ""
    house_burns: list[str] = field(default_factory=list)
    house_war: str = ""
    phase: str = BETTING
    settled: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class CasinoWar(ShoeTable[WarState]):
    slug = "casino-war"
    name = "Casino War"
    state_class = WarState
    seat_class = WarSeat
    spots = (MAIN, TIE, WAR)
    spot_names: ClassVar[Mapping[str, str]] = {MAIN: "Bet", TIE: "Tie", WAR: "War"}

    # -- round lifecycle -----------------------------------------------------------------
    def undecided(self, state: WarState) -> list[int]:
        """Tied positions still to choose, in turn from the dealer's left (D-521)."""
        if state.phase != DECIDING:
            return []
        return [n for n, s in sorted(state.seats.items()) if s.status == "tied" and not s.decided]

    def side_open(self, state: WarState) -> bool:
        return TIE in state.rules["side_bets"]

    # -- what may be done ----------------------------------------------------------------
    def legal_actions(self, state: WarState, seat: int) -> list[Legal]:
        if state.phase == BETTING:
            if seat == SYSTEM_SEAT:
                return [Legal("deal", label="Deal")] if any(s.bets.get(MAIN) for s in state.seats.values()) else []
            if seat not in state.seats:
                return []
            box = state.seats[seat]
            out: list[Legal] = []
            for spot in (MAIN, TIE):
                if spot == TIE and (not box.bets.get(MAIN) or not self.side_open(state)):
                    continue  # s.1559: the Tie wager needs the initial wager
                bounds = self.bet_bounds(state.rules, box.bets.get(spot, 0), spot)
                if bounds is not None:
                    out.append(Legal("bet", spot, bounds[0], bounds[1], self.spot_name(spot)))
            if box.bets:
                out.append(Legal("clear", "", label="Clear bets"))
            if box.bets.get(MAIN):
                out.append(Legal("deal", label="Deal"))
            return out
        if state.phase == DECIDING and self.to_act(state) == seat:
            bet = state.seats[seat].bets[MAIN]
            kept = self._surrender_kept(state.rules, bet)
            return [Legal("war", "", bet, bet, f"Go to war ({fmt(bet)})"),
                    Legal("surrender", label=f"Surrender (lose {fmt(kept)})")]
        return []

    @staticmethod
    def _surrender_kept(rules: Mapping[str, Any], bet: int) -> int:
        """The house keeps this share of the initial wager, rounded down (s.1546, D-002)."""
        return bet * int(rules["surrender_forfeit_pct"]) // 100

    # -- doing it ------------------------------------------------------------------------
    def moves(self) -> dict[str, Move[WarState]]:
        return {**super().moves(), "bet": self._bet, "deal": self._deal,
                **dict.fromkeys(("war", "surrender"), self._decide)}

    def _bet(self, state: WarState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # D-026
        box = self.book(state, action.seat)
        spot = action.spot or MAIN
        if spot == WAR:
            raise IllegalAction("The war wager is made only on a tie.")
        if spot not in (MAIN, TIE):
            raise IllegalAction("There is no such bet at this table.")
        self.check_amount(state.rules, action.amount, "A bet")
        if spot == TIE:
            if not self.side_open(state):
                raise IllegalAction("This table does not offer the Tie wager.")
            if not box.bets.get(MAIN):
                raise IllegalAction("Make the initial wager before betting the Tie.")  # s.1559
        self.add_to_spot(state.rules, box.bets, action.seat, spot, action.amount, events)

    def _deal(self, state: WarState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("The cards are already out.")
        if action.seat != SYSTEM_SEAT and not self.book(state, action.seat).bets.get(MAIN):
            raise IllegalAction("Make the initial wager before the deal.")
        players = [n for n, s in sorted(state.seats.items()) if s.bets.get(MAIN)]
        if not players:
            raise IllegalAction("Nobody has a bet down yet.")
        for n in players:
            for spot, amount in state.seats[n].bets.items():
                lim = self.limit(state.rules, spot)
                if amount < lim["min"]:
                    raise IllegalAction(f"{spot_word(n)}: the minimum on the {self.spot_name(spot)} is {fmt(lim['min'])}.")
        if not shoe_consistent(state.shoe):
            self.void_round(state, events, "the shoe does not hold its cards")
            return
        for n in players:  # s.1531: one card face up to each player, left to right
            state.seats[n].card = state.shoe.draw(rng).code
        state.house = state.shoe.draw(rng).code  # s.1532: the house card
        events.append(Note(f"House card {state.house}."))
        for n in players:
            box = state.seats[n]
            mine, house = value(box.card), value(state.house)
            if mine > house:
                box.status = "won"
                self.pay(state, events, n, MAIN, PAYTABLE, "win", "Higher card")
            elif mine < house:
                box.status = "lost"
                self.lose(state, events, n, MAIN, f"House {state.house} is higher")
            else:
                box.status = "tied"
                events.append(Note(f"{spot_word(n)} ties the house: war or surrender.", n))
            if box.bets.get(TIE):  # D-345: the initial comparison only, before the decisions
                if mine == house:
                    self.pay(state, events, n, TIE, TIE, "tie", "Tie")
                else:
                    self.lose(state, events, n, TIE, "No tie")
        tied = any(s.status == "tied" for s in state.seats.values())
        state.phase = DECIDING if tied else OVER

    def _decide(self, state: WarState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != DECIDING:
            raise IllegalAction("There is no war to decide now.")
        box = self.book(state, action.seat)
        turn = self.to_act(state)
        if action.seat != turn:
            if box.status == "tied" and not box.decided:
                raise IllegalAction("Tied players decide in turn from the dealer's left; please wait.")  # D-521
            raise IllegalAction("This position has no war to decide.")
        bet = box.bets[MAIN]
        if action.kind == "war":
            if action.amount and action.amount != bet:
                raise IllegalAction(f"Going to war takes exactly the initial wager, {fmt(bet)}.")  # s.1549
            box.bets[WAR] = bet
            box.status = "war"
            events.append(Stake(action.seat, WAR, bet))
            events.append(Note(f"{spot_word(action.seat)} goes to war.", action.seat))
        else:
            kept = self._surrender_kept(state.rules, bet)
            box.status = "surrendered"
            self.settle(state, events, action.seat, MAIN, bet, bet - kept, "surrender",
                        f"Surrendered: {state.rules['surrender_forfeit_pct']}% of the wager lost")
            events.append(Note(f"{spot_word(action.seat)} surrenders.", action.seat))
        box.decided = True
        if not self.undecided(state):
            self._wars(state, rng, events)

    def _wars(self, state: WarState, rng: Rng, events: list[Event]) -> None:
        """s.1549, D-344, D-521: every warring position gets three burns and its war card, in
        the order of the deal; then the dealer burns three and deals one war card for all."""
        warring = [n for n, s in sorted(state.seats.items()) if s.status == "war"]
        if warring:
            burn = int(state.rules["war_burn"])
            for n in warring:
                box = state.seats[n]
                box.burns = [state.shoe.draw(rng).code for _ in range(burn)]
                box.war_card = state.shoe.draw(rng).code
            state.house_burns = [state.shoe.draw(rng).code for _ in range(burn)]
            state.house_war = state.shoe.draw(rng).code
            events.append(Note(f"Dealer's war card {state.house_war}."))
            for n in warring:
                box = state.seats[n]
                mine, house = value(box.war_card), value(state.house_war)
                if mine > house:
                    box.status = "won war"
                    self.push(state, events, n, MAIN, "War won: the wager stays with the player")
                    self.pay(state, events, n, WAR, PAYTABLE, "war-win", "War won: the house's matching amount")
                elif mine < house:
                    box.status = "lost war"
                    self.lose(state, events, n, MAIN, f"Dealer's war card {state.house_war} is higher")
                    self.lose(state, events, n, WAR, f"Dealer's war card {state.house_war} is higher")
                else:
                    box.status = "tied war"
                    self.pay(state, events, n, MAIN, PAYTABLE, "war-tie-bonus", "Tie at war: one more initial wager")
                    self.pay(state, events, n, WAR, PAYTABLE, "war-tie-raise", "Tie at war: the house's matching amount")
        state.phase = OVER

    # -- showing it ----------------------------------------------------------------------
    def view(self, state: WarState, viewer: int | None) -> dict[str, Any]:
        """Every card is face up (s.1531-1532, s.1549) except the burns, which are counted."""
        mine = self.viewer_seats(state, viewer)
        words = self.words(state.rules)
        seats = {}
        for n, box in sorted(state.seats.items()):
            cards: list[str | None] = [box.card] if box.card else []
            if box.war_card:
                cards += [None] * len(box.burns) + [box.war_card]
            seats[n] = {
                "owner": state.owners.get(n), "bets": dict(box.bets), "mine": n in mine,
                "card": box.card or None, "war_card": box.war_card or None, "burns": len(box.burns),
                "status": box.status, "deciding": n in self.undecided(state),
                "hands": [{"cards": cards, "total": box.status}] if box.card else [],
                "results": self.results_view(box, True),
            }
        house: list[str | None] = [state.house] if state.house else []
        if state.house_war:
            house += [None] * len(state.house_burns) + [state.house_war]
        turn = self.to_act(state)
        return {
            "game": self.slug,
            "phase": state.phase,
            "variant": state.rules.get("variant"),
            "house": {"card": state.house or None, "war_card": state.house_war or None, "burns": len(state.house_burns)},
            "dealer": {"cards": house, "total": None},
            "seats": seats,
            "to_act": {"seat": turn} if turn is not None else None,
            "deciding": self.undecided(state),
            "shoe": state.shoe.view(),
            "side_bets_open": {TIE: state.phase == BETTING and self.side_open(state)},
            "limits": self.limits_view(state.rules),
            "bet_step": self.step(state.rules),
            "paytables": {PAYTABLE: words.paytable_view(PAYTABLE),
                          **({TIE: words.paytable_view(TIE)} if self.side_open(state) else {})},
            "notes": state.notes[-NOTES_SHOWN:],
            "rules_summary": self.rules_summary(state.rules),
        }

    def rules_summary(self, rules: Mapping[str, Any]) -> list[str]:
        """The table's rules in short lines, as its data words them (``prose.summary``)."""
        return self.words(rules).lines("summary")

    # -- defaults and the house's players ------------------------------------------------
    def default_action(self, state: WarState, seat: int) -> Action:
        """D-009, D-521: a decision clock that runs out surrenders."""
        return Action("surrender", seat)

    def timeout_action(self, state: WarState) -> Action | None:
        """Tied positions decide in turn (D-521), each on its own clock: the one whose clock
        ran out surrenders."""
        seat = self.to_act(state)
        return None if seat is None else self.default_action(state, seat)

    def bot_action(self, state: WarState, seat: int) -> Action | None:
        """Bots bet the minimum, never the Tie (P-005), and always go to war."""
        if state.phase == BETTING:
            if seat not in state.seats or state.seats[seat].bets:
                return None
            step = self.step(state.rules)
            return Action("bet", seat, MAIN, -(-self.limit(state.rules, MAIN)["min"] // step) * step)
        if state.phase == DECIDING and self.to_act(state) == seat:
            return Action("war", seat)
        return None


CASINO_WAR = CasinoWar()
