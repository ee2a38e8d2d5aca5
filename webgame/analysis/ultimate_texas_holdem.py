"""Ultimate Texas Hold'em: the Ante/Blind/Play game under optimal play, and Trips, exactly.

The main game is counted by :mod:`.holdem_exact` (every board, player hand and dealer
hand; the player's best decision at each window); it takes minutes, so its figure is kept
in the repository cache (``flask --app app edge ultimate-texas-holdem --bet ante
--write-cache`` counts it again). The published figure for this paytable under optimal
play is 2.185 % of the Ante. Trips settles on the player's cards whatever they decide
(000 s.1364), so it is the paytable against the seven-card counts (:mod:`.holdem_bonuses`).
The house bots (``webgame.games.holdem.strategy``) play a simpler strategy; the engine
simulation (``simulate``) is kept to cross-check the bonus figures through the table.

The player-dealer editions are figured the same way, the P/D taking the house's side: their
own Trips tables, the Bad Beat editions' Play and Blind paid when the P/D does not qualify
(``not_qualified``, counted by :mod:`.holdem_exact`), and the Bad Beat Bonus
(:mod:`.holdem_bad_beat`, every board and both hands, cached like the main game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from ..games.holdem import ULTIMATE
from ..games.holdem.ultimate import BAD_BEAT, TRIPS
from . import holdem_bad_beat, holdem_bonuses, holdem_exact, poker_tables
from .core import Progress, Tally, Wager

GAME = "ultimate-texas-holdem"
MAIN = "ante"
SIDE_BETS = {TRIPS: TRIPS, BAD_BEAT: BAD_BEAT}


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    return poker_tables.simulate(ULTIMATE, rules, SIDE_BETS, None if bet == MAIN else bet, rounds, seed, progress)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    out = [holdem_exact.main_wager(rules, "Blind")]
    if TRIPS in rules.get("side_bets", []):
        out.append(holdem_bonuses.wager(rules, ULTIMATE.side_paytable(rules, TRIPS), "Trips", bet=TRIPS))
    if BAD_BEAT in rules.get("side_bets", []):
        out.append(holdem_bad_beat.wager(rules, ULTIMATE.side_paytable(rules, BAD_BEAT), BAD_BEAT, "Bad Beat Bonus"))
    return out
