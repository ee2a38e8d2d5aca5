"""Roulette: double-zero (seed 000 §19; seed 004 s.252-318) and single-zero (seed 004 s.291, s.309).

One round is one spin. Players ``bet`` on spots (see :mod:`.layout` for the encoding)
and ``clear`` them during betting; ``spin`` (the table, or any seated player with a bet)
picks a pocket with ``rng.randbelow(len(wheel))`` and settles everything.

Back-to-Back (seed 004 s.261-268, chapter4 tables only: D-517), as DECISIONS D-376
defines it: a fixed $1 on one number, accepted only with the table minimum on the main
game; the first hit pays 1 to 1 and the $1 rides on the same number, a second
consecutive hit pays 1,000 to 1 and rides once more, a third pays 10,000 to 1 and ends
the bet; a miss loses it. A riding bet on a spin without the main minimum is returned
and the streak ends. The ride is carried to the next round.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.money import Cents, fmt
from ...engine.paytable import load_game, resolve
from ...engine.protocol import Action, Event, IllegalAction, Note, Settlement
from .common import Outcome, WheelGame, WheelState, odds_of
from .layout import PAY_LINE, colour, find_spot, spot_table

BACK_TO_BACK = "back-to-back"
STREAK_LINES = ("first", "second", "third")


def table_rules(variant: str, config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The resolved rules of one roulette variant, as the service would pass them."""
    return resolve(load_game("roulette").variants[variant], config)


class RouletteGame(WheelGame):
    slug = "roulette"
    name = "Roulette"
    opening_actions = ("bet", "clear", "spin")  # a riding Back-to-Back may open the next spin

    def wheel(self, rules: Mapping[str, Any]) -> list[str]:
        return list(rules["wheels"][rules["wheel"]])

    def spots(self, state: WheelState) -> list[str]:
        return list(spot_table(state.rules))

    def canonical(self, state: WheelState, spot: str) -> str:
        return find_spot(spot, state.rules).key

    def label(self, state: WheelState, spot: str) -> str:
        s = find_spot(spot, state.rules)
        text = state.rules.get("labels", {}).get(s.kind, s.kind)
        return str(text).format(numbers="-".join(s.numbers), n=s.n)

    def limit_name(self, spot: str) -> str:
        kind = spot.split(":")[0]
        if kind == BACK_TO_BACK:
            return BACK_TO_BACK
        return "outside" if kind in ("column", "dozen", "red", "black", "odd", "even", "low", "high") else "inside"

    def covers(self, state: WheelState, spot: str) -> list[str]:
        return list(find_spot(spot, state.rules).numbers)

    def settle(self, state: WheelState, spot: str, amount: Cents, result: str) -> Outcome:
        """A main-game bet on the pocket ``result``: the resolution the edge analyser also uses."""
        s = find_spot(spot, state.rules)
        if s.kind == BACK_TO_BACK:
            raise ValueError("Back-to-Back is settled with its streak: settle_seat")
        label = self.label(state, spot)
        if not s.covers(result):
            return Outcome("lose", 0, f"{label} loses on {result}")
        odds = odds_of(state.rules, PAY_LINE[s.kind])
        return Outcome("win", amount + odds.win(amount), f"{label} pays {odds}")

    # -- Back-to-Back ---------------------------------------------------------------------
    def main_total(self, book: Mapping[str, Cents]) -> Cents:
        return sum(a for s, a in book.items() if not s.startswith(BACK_TO_BACK))

    def table_minimum(self, state: WheelState) -> Cents:
        return int(state.rules.get("table_minimum", 0))

    def check_bet(self, state: WheelState, seat: int, spot: str, total: Cents) -> None:
        if not spot.startswith(BACK_TO_BACK):
            return
        book = state.bets.get(seat, {})
        other = [s for s in book if s.startswith(BACK_TO_BACK) and s != spot]
        if other:
            raise IllegalAction(f"You already have a Back-to-Back on {other[0].split(':')[1]}.")
        if self.main_total(book) < self.table_minimum(state):  # 004 s.262
            raise IllegalAction(
                f"Back-to-Back needs the table minimum of {fmt(self.table_minimum(state))} on the main game first.")

    def settle_seat(self, state: WheelState, seat: int, result: str) -> list[Event]:
        book = state.bets.get(seat, {})
        events: list[Event] = []
        for spot, amount in book.items():
            if not spot.startswith(BACK_TO_BACK):
                o = self.settle(state, spot, amount, result)
                events.append(Settlement(seat, spot, amount, o.returned, o.result, o.detail))
        riding: dict[str, Cents] = {}
        for spot, amount in book.items():
            if spot.startswith(BACK_TO_BACK):
                events.extend(self._settle_back_to_back(state, seat, spot, amount, result, riding))
        state.bets[seat] = riding
        return events

    def _settle_back_to_back(self, state: WheelState, seat: int, spot: str, amount: Cents, result: str,
                             riding: dict[str, Cents]) -> list[Event]:
        hits = state.streaks.pop(seat, 0)
        if self.main_total(state.bets.get(seat, {})) < self.table_minimum(state):
            # D-376 rule 6: no main minimum on this spin: the $1 comes back and the streak ends
            return [self.refund(state, seat, spot, amount),
                    Note("Back-to-Back returned: the main game needs the table minimum.", seat)]
        number = spot.split(":")[1]
        if number != result:
            return [Settlement(seat, spot, amount, 0, "lose", f"Back-to-Back {number} misses")]
        hits += 1
        odds = odds_of(state.rules, STREAK_LINES[hits - 1], BACK_TO_BACK)
        events: list[Event] = [Settlement(seat, spot, amount, amount + odds.win(amount), "win",
                                          f"Back-to-Back {number}, {STREAK_LINES[hits - 1]} time, pays {odds}")]
        if hits < len(STREAK_LINES):  # it rides on the same number for the next spin
            events.append(self.stake(state, seat, spot, amount))
            riding[spot] = amount
            state.streaks[seat] = hits
        return events

    def after_clear(self, state: WheelState, seat: int, spots: list[str]) -> None:
        if any(s.startswith(BACK_TO_BACK) for s in spots):
            state.streaks.pop(seat, None)

    def extra_carry(self, state: WheelState) -> dict[str, Any]:
        riding = {}
        for seat, book in state.bets.items():
            for spot, amount in book.items():
                if spot.startswith(BACK_TO_BACK):
                    riding[str(seat)] = {"spot": spot, "amount": amount, "hits": state.streaks.get(seat, 0)}
        return {"riding": riding}

    def restore(self, state: WheelState, carry: Mapping[str, Any]) -> None:
        for seat, ride in carry.get("riding", {}).items():
            state.bets[int(seat)] = {str(ride["spot"]): int(ride["amount"])}
            state.streaks[int(seat)] = int(ride["hits"])

    # -- views and bots ---------------------------------------------------------------------
    def announce(self, state: WheelState, result: str) -> str:
        return f"{result} {colour(result, state.rules)}"

    def legal_actions(self, state: WheelState, seat: int) -> list[Any]:
        legal = super().legal_actions(state, seat)
        book = state.bets.get(seat, {})
        riding = [s for s in book if s.startswith(BACK_TO_BACK)]
        may_b2b = not riding and self.main_total(book) >= self.table_minimum(state)
        return [x for x in legal if not (x.kind == "bet" and x.spot.startswith(BACK_TO_BACK) and not may_b2b)]

    def extra_view(self, state: WheelState, viewer: int | None) -> dict[str, Any]:
        colours = state.rules.get("chip_colours", [])
        positions = int(state.rules.get("positions", len(colours)))
        return {
            "wheel_type": state.rules["wheel"],
            "colour": colour(state.result, state.rules) if state.result else "",
            "history_colours": [colour(p, state.rules) for p in state.history],
            "chip_colours": {str(i): colours[i % len(colours)] for i in range(positions)} if colours else {},
            "covers": {str(seat): {s: self.covers(state, s) for s in book} for seat, book in state.bets.items()},
            "back_to_back": {str(seat): {"spot": s, "hits": state.streaks.get(seat, 0)}
                             for seat, book in state.bets.items() for s in book if s.startswith(BACK_TO_BACK)},
            "side_bets": list(state.rules.get("side_bets", [])),
        }

    def bot_action(self, state: WheelState, seat: int) -> Action | None:
        """A red-or-black bettor: the outside minimum on red (even seats) or black (odd seats)."""
        if state.phase != "betting" or self.main_total(state.bets.get(seat, {})):
            return None
        spot = "red" if seat % 2 == 0 else "black"
        lo, _ = self.limits(state, spot)
        step = self.step(state)
        return Action("bet", seat, spot, -(-lo // step) * step)


ROULETTE = RouletteGame()
