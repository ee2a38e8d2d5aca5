"""Jackpot Hold'em: the Ante/X-tra Bonus/Play game under optimal play, and its three
bonuses, exactly.

The main game is counted by :mod:`.holdem_exact` (every board, player hand and dealer
hand; the player decides each window optimally: 3x or check with the first community
card up, 2x or check on the flop, 1x or fold at the river); it takes minutes, so the
figure is kept in the repository cache (``flask --app app edge jackpot-holdem --bet ante
--write-cache`` counts it again). The bonuses settle on the player's cards whatever they
decide (000 s.1664), so each is its paytable against exact hand counts
(:mod:`.holdem_bonuses`). The house bots play a simpler strategy; the engine simulation
(``simulate``) is kept to cross-check the bonus figures through the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from ..games.holdem import JACKPOT
from ..games.holdem.jackpot import HOLE_CARD_BONUS, PLAYER_BONUS, THREE_UP_BONUS
from . import holdem_bonuses, holdem_exact, poker_tables
from .core import Progress, Tally, Wager

GAME = "jackpot-holdem"
MAIN = "ante"
SIDE_BETS = {b: b for b in (PLAYER_BONUS, HOLE_CARD_BONUS, THREE_UP_BONUS)}
LABELS = {PLAYER_BONUS: "Player Bonus", HOLE_CARD_BONUS: "Hole Card Bonus", THREE_UP_BONUS: "3-Up Bonus"}


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    return poker_tables.simulate(JACKPOT, rules, SIDE_BETS, None if bet == MAIN else bet, rounds, seed, progress)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    out = [holdem_exact.main_wager(rules, "X-tra Bonus")]
    out += [holdem_bonuses.wager(rules, slug, LABELS[slug]) for slug in SIDE_BETS if slug in rules.get("side_bets", [])]
    return out
