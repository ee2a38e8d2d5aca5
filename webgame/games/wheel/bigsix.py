"""Big Six (seed 004, Section 8, lines 1032-1076): a 54-segment money wheel.

Spots are the seven insignias on the layout (s.1072): "1", "2", "5", "10", "20" (the
bills), "joker" and "casino". One round is one spin: ``rng.randbelow(54)`` picks the
segment under the clapper. The clapper rule (s.1063: a clapper resting between two
segments is "no spin") cannot arise under an RNG (D-379); the view alternates the spin
direction, as s.1062 asks of the dealer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.money import Cents
from ...engine.paytable import load_game, resolve
from ...engine.protocol import Action
from .common import Outcome, WheelGame, WheelState, odds_of


def table_rules(config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The resolved rules of the Big Six wheel, as the service would pass them."""
    return resolve(load_game("big-six").variants["chapter4"], config)


class BigSixGame(WheelGame):
    slug = "big-six"
    name = "Big Six"

    def wheel(self, rules: Mapping[str, Any]) -> list[str]:
        return list(rules["segments"])

    def spots(self, state: WheelState) -> list[str]:
        return list(state.rules["symbols"])

    def canonical(self, state: WheelState, spot: str) -> str:
        key = spot.strip().lower().lstrip("$")
        if key not in state.rules["symbols"]:
            raise ValueError("Bet on a bill ($1, $2, $5, $10, $20), the Joker or the casino logo.")
        return key

    def label(self, state: WheelState, spot: str) -> str:
        return str(state.rules.get("labels", {}).get(spot, spot))

    def phrase(self, label: str) -> str:
        return f"the {label}"

    def limit_name(self, spot: str) -> str:
        return spot  # one limit per insignia (s.1047-1053)

    def settle(self, state: WheelState, spot: str, amount: Cents, result: str) -> Outcome:
        label = self.label(state, spot)
        if spot != result:
            return Outcome("lose", 0, f"{label} loses: the wheel stopped on the {self.label(state, result)}")
        odds = odds_of(state.rules, spot)
        return Outcome("win", amount + odds.win(amount), f"{label} pays {odds}")

    def announce(self, state: WheelState, result: str) -> str:
        return f"The wheel stops on the {self.label(state, result)}."

    def extra_view(self, state: WheelState, viewer: int | None) -> dict[str, Any]:
        return {
            "symbols": [{"spot": s, "label": self.label(state, s), "segments": state.rules["segments"].count(s)}
                        for s in state.rules["symbols"]],
            "direction": "clockwise" if state.spin_no % 2 == 0 else "counter-clockwise",  # s.1062
        }

    def bot_action(self, state: WheelState, seat: int) -> Action | None:
        """A $1 bettor on the $1 bill, once per spin."""
        if state.phase != "betting" or state.bets.get(seat):
            return None
        lo, _ = self.limits(state, "1")
        return Action("bet", seat, "1", lo)


BIG_SIX = BigSixGame()
