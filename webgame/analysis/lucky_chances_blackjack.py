"""Lucky Chances Blackjack: the main game counted exactly; the engine's own simulation as its
cross-check.

The figure is the house edge of a player's base wager against the player-dealer (P/D) who banks
it: what the P/D wins on average per unit wagered. The collection fee is not in it (the
analyzer's fee line shows it), nor is the P/D's stake running out (D-466), which only returns
wagers whole. The game has no side bets (002 s.1261).

* **The main game**: counted over the finite shoe by :mod:`.lucky_chances_exact` (P-225 to
  P-227) under the house chart the bots play. The cross-check (``flask edge
  lucky-chances-blackjack --check ROUNDS``) is the engine itself, every circle a house bot playing the standard
  multi-deck basic strategy chart (webgame.games.blackjack.strategy; no Lucky Chances chart is
  printed) with the game's forced moves (no hit on hard 18 or more, hit 11 or less), doubling
  the full wager on two cards totalling 11 or less, never after a split; six decks and twelve
  Logo cards by default, round after round from one persistent shoe. The Natural (an ace and a
  Logo card) pays 3 to 2 and the Bonus Natural (two Logo cards) 2 to 1; busted hands are
  compared by the rank table (D-137) and 17-17 goes to the P/D.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from ..engine.paytable import Variant
from ..games.blackjack import LuckyChancesBlackjack
from ..games.blackjack.engine import MAIN
from . import lucky_chances_exact
from .blackjack import _lines
from .blackjack_tables import play_rounds
from .core import Progress, Result, Tally, Wager

GAME = "lucky-chances-blackjack"
MAIN_SETTINGS = ("decks", "logo_cards_per_deck", "penetration_pct", "seats", "blackjack_pays", "over_closer_pushes",
                 "dealer_wins_ties_at", "player_must_stand_hard", "player_must_hit_hard", "double_totals",
                 "max_hands", "double_after_split", "peek_ranks")
DEFAULT_ROUNDS = 200_000


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every circle; tally the base wager with its doubles
    and splits (the P/D's side of it is the negative)."""
    return play_rounds(LuckyChancesBlackjack, rules, bet, rounds, seed, progress)


def main_assumptions(rules: Mapping[str, Any]) -> str:
    decks = int(rules["decks"])
    game = lucky_chances_exact.LuckyGame.of(rules)
    return (
        f"Exact count over a fresh shoe of {decks} decks and {decks * int(rules['logo_cards_per_deck'])} Logo "
        f"cards (P-225): the player plays {game.chart.name} (the house bots' chart, "
        "webgame.games.blackjack.strategy) within the game's forced moves (no hit on hard "
        f"{rules['player_must_stand_hard']} or more, hit {rules['player_must_hit_hard']} or less), doubling the "
        "full wager on two cards totalling 11 or less, one split and no double after it; never a soft double. "
        "Every card the player draws and the player-dealer's totals (17 to 21 and each bust, 22 to 26) exact for "
        "the shoe less the up card and all the player's cards; no peek: the P/D's Natural (ace + Logo) or Bonus "
        "Natural (two Logos) takes only the original wager (P-226); "
        f"the Natural pays {rules['blackjack_pays']}, the Bonus Natural 2 to 1 against anything; an ace and an "
        "ordinary ten is a plain 21; busted hands are compared (the closer player's bust pushes) and 17-17 goes "
        "to the P/D. Splits counted as published calculators count them (P-111). House edge per initial wager "
        "(the P/D's edge against one player, one circle against a fresh shoe, no cut card); the collection fee "
        "and the P/D's stake limit are not in it."
    )


def main_exact(rules: Mapping[str, Any]) -> Result:
    """The base wager's exact figure (:func:`.lucky_chances_exact.base_wager`)."""
    return Result(house_edge=lucky_chances_exact.base_wager(rules).house_edge)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    lines = _lines(rules, str(rules["main_paytable"]))
    return [Wager(
        bet=MAIN, label="Base wager (basic strategy bot)",
        paytable={"bonus-natural": lines["bonus-natural"], "blackjack": str(rules["blackjack_pays"]),
                  "win": lines["win"]},
        assumptions=main_assumptions(rules), exact=partial(main_exact, rules), slow=True, can_simulate=True,
        sim_key={**{k: rules.get(k) for k in MAIN_SETTINGS}, "game": GAME},
        default_rounds=DEFAULT_ROUNDS,
    )]
