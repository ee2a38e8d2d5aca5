"""Free Bet Blackjack: insurance exactly, the main game by simulation through the engine.

Every box is a house bot (the engine's ``bot_action``): it always takes a free double (hard
9-11) or a free split (any pair but tens), the double first, and otherwise plays the standard
multi-deck basic strategy chart. The Free Bets it wins are counted with its main wager; the
figure is the edge against that player, stated beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from ..games.blackjack import FreeBetBlackjack
from ..games.blackjack.engine import MAIN
from .blackjack import _lines
from .blackjack import insurance as blackjack_insurance
from .blackjack_tables import play_rounds
from .core import Progress, Tally, Wager

GAME = "free-bet-blackjack"
INSURANCE = "insurance"
MAIN_SETTINGS = ("decks", "penetration_pct", "seats", "dealer_hits_soft_17", "blackjack_pays", "double_after_split",
                 "max_hands", "free_double_hard_totals", "free_split_values", "dealer_22_pushes")
DEFAULT_ROUNDS = 200_000


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every box; the main wager with its doubles,
    splits and the Free Bets it wins."""
    return play_rounds(FreeBetBlackjack, rules, bet, rounds, seed, progress)


def _main_assumptions(rules: Mapping[str, Any]) -> str:
    decks = int(rules["decks"])
    return (
        f"Simulation through the table engine: {rules['seats']} boxes, each a house bot that always takes a free "
        "double (hard 9-11) or free split (any pair but tens), the double first, and otherwise plays the standard "
        "multi-deck basic strategy chart (webgame.games.blackjack.strategy); never insurance or even money; "
        f"{decks} decks, cut card at {rules['penetration_pct']}%, dealer hits soft 17, a dealer 22 pushes, "
        f"blackjack pays {rules['blackjack_pays']}; Free Bets won counted, never staked. House edge per initial "
        "wager; element of risk per the player's own money in action; the 95% interval treats rounds as independent."
    )


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    main_pt = str(rules["main_paytable"])
    lines = _lines(rules, main_pt)
    out = [Wager(
        bet=MAIN, label="Main bet (free doubles and splits, basic strategy bot)",
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
