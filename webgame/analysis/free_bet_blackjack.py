"""Free Bet Blackjack: the main game and insurance exactly; the engine's simulation as the
main game's cross-check.

The main game is counted over the finite shoe (:mod:`.blackjack_exact`, P-140) under the
Free Bet chart of :mod:`webgame.games.blackjack.strategy`: every free double (hard 9-11) and
free split (any pair but tens) taken, the double first, the paid plays by the chart. The
engine still plays it for the cross-check (``flask edge free-bet-blackjack --check ROUNDS``):
every box a house bot (the engine's ``bot_action``) playing that chart; the Free Bets it
wins are counted with its main wager.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from ..engine.paytable import Variant
from ..games.blackjack import FreeBetBlackjack
from ..games.blackjack.engine import MAIN
from . import blackjack_exact
from .blackjack import _lines
from .blackjack import insurance as blackjack_insurance
from .blackjack_tables import play_rounds
from .core import Progress, Result, Tally, Wager

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
        f"Exact count over a fresh {decks}-deck shoe (P-110, P-140): the player plays "
        f"{blackjack_exact.Game.of(rules).chart.name} (the house bots' chart, webgame.games.blackjack.strategy), "
        "never insurance or even money; every card the player draws and the dealer's final-total "
        "probabilities exact for the shoe less the up card and all the player's cards; the dealer peeks "
        f"(D-034), {'hits' if rules['dealer_hits_soft_17'] else 'stands on'} soft 17, and a dealer 22 pushes "
        f"every hand still in play; blackjack pays {rules['blackjack_pays']}. A Free Bet wins its 1 to 1 and "
        f"never loses (D-079). Splits to {rules['max_hands']} hands (aces once, one card each), the first "
        "hand on the player's wager and the others on Free Bets, counted as published calculators count "
        "them (P-111, P-142). House edge per initial wager; one box against the dealer, no cut card."
    )


def main_exact(rules: Mapping[str, Any]) -> Result:
    """The main game's exact figure (:func:`.blackjack_exact.main_bet`)."""
    return Result(house_edge=blackjack_exact.main_bet(rules).house_edge)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    main_pt = str(rules["main_paytable"])
    lines = _lines(rules, main_pt)
    out = [Wager(
        bet=MAIN, label="Main bet (Free Bet strategy)",
        paytable={"blackjack": str(rules["blackjack_pays"]), "win": lines["win"]},
        assumptions=_main_assumptions(rules), exact=partial(main_exact, rules), slow=True,
        can_simulate=True, sim_key={**{k: rules[k] for k in MAIN_SETTINGS}, "game": GAME},
        default_rounds=DEFAULT_ROUNDS,
    )]
    if rules.get("insurance"):
        out.append(Wager(
            bet=INSURANCE, label="Insurance", paytable={INSURANCE: lines[INSURANCE]},
            assumptions=(f"Exact: the hole card from a full {decks}-deck shoe less the ace showing; "
                         "the player's own cards not removed (as bought blind)."),
            exact=lambda: blackjack_insurance(rules),
        ))
    return out
