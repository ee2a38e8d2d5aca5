"""Blackjack Switch: insurance exactly, the main game by simulation through the engine.

Every box is a house bot (the engine's ``bot_action``): it switches when a simple point score
of the two hands says so (``strategy.better_switched``: not a published Switch chart), then
plays the standard multi-deck basic strategy chart. Both wagers of a box are its initial
wager; the figure is the edge against that player, stated beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from ..games.blackjack import BlackjackSwitch
from ..games.blackjack.engine import MAIN
from .blackjack import _lines
from .blackjack import insurance as blackjack_insurance
from .blackjack_tables import play_rounds
from .core import Progress, Tally, Wager

GAME = "blackjack-switch"
INSURANCE = "insurance"
MAIN_SETTINGS = ("decks", "penetration_pct", "seats", "dealer_hits_soft_17", "blackjack_pays", "double_totals",
                 "double_after_split", "max_hands", "dealer_22_pushes")
DEFAULT_ROUNDS = 200_000


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every box; both hands' wagers with their doubles
    and splits, per the box's two initial wagers."""
    return play_rounds(BlackjackSwitch, rules, bet, rounds, seed, progress)


def _main_assumptions(rules: Mapping[str, Any]) -> str:
    decks = int(rules["decks"])
    return (
        f"Simulation through the table engine: {rules['seats']} boxes of two hands, each a house bot that switches "
        "when a simple point score of the two hands is higher switched (webgame.games.blackjack.strategy."
        "better_switched, not a published Switch chart), then plays the standard multi-deck basic strategy chart; "
        f"never insurance or even money; {decks} decks, cut card at {rules['penetration_pct']}%, dealer stands on "
        f"soft 17, a dealer 22 pushes, blackjack pays {rules['blackjack_pays']}. House edge per initial wager (both "
        "hands); element of risk per total action; the 95% interval treats rounds as independent."
    )


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    lines = _lines(rules, str(rules["main_paytable"]))
    out = [Wager(
        bet=MAIN, label="Both bets (switch by points, basic strategy bot)",
        paytable={"blackjack": str(rules["blackjack_pays"]), "win": lines["win"]},
        assumptions=_main_assumptions(rules), simulated=True,
        sim_key={**{k: rules[k] for k in MAIN_SETTINGS}, "game": GAME}, default_rounds=DEFAULT_ROUNDS,
    )]
    if rules.get("insurance"):
        out.append(Wager(
            bet=INSURANCE, label="Insurance", paytable={INSURANCE: lines[INSURANCE]},
            assumptions=(f"Exact: the hole card from a full {decks}-deck shoe less the ace showing; "
                         "the player's own cards not removed (as bought blind)."),
            exact=lambda: blackjack_insurance(rules),
        ))
    return out
