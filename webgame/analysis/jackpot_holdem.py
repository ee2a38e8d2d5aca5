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
from functools import partial
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
    paytable = {**{f"ante/play {k}": v for k, v in poker_tables.lines(rules, str(rules["main_paytable"])).items()},
                **{f"x-tra bonus {k}": v for k, v in poker_tables.lines(rules, str(rules["matched_paytable"])).items()}}
    out = [Wager(
        bet=MAIN, label="Ante, X-tra Bonus and Play (optimal play)", paytable=paytable,
        assumptions=holdem_exact.assumptions(rules, "X-tra Bonus"),
        exact=partial(holdem_exact.result, rules), cached=True, slow=True,
        sim_key=holdem_exact.settings(rules),
    )]
    for slug in SIDE_BETS:
        if slug in rules.get("side_bets", []):
            out.append(Wager(
                bet=slug, label=LABELS[slug], paytable=poker_tables.lines(rules, slug),
                assumptions=holdem_bonuses.assumptions(rules, slug),
                exact=partial(holdem_bonuses.bonus, rules, slug), slow=True, can_simulate=True,
            ))
    return out
