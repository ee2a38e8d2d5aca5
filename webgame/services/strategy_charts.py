"""The basic-strategy chart a table's rules panel prints (P-112): the very chart the house's
bots play and the exact house edge assumes, as plain grids (H, S, D, Ds, P, R, Rs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games.blackjack import strategy

# Games whose bots play a named chart of webgame.games.blackjack.strategy (P-140, P-225, P-228, P-284,
# P-287).
CHARTED = frozenset({"blackjack", "spanish-21", "free-bet-blackjack", "blackjack-switch", "lucky-chances-blackjack",
                     "pure-spanish-21-5", "21st-century-free-bet-blackjack", "no-bust-21st-century-blackjack"})


def chart_for(game: str, rules: Mapping[str, Any], config: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The chart for a table of ``game`` under ``rules`` (its rule set and soft-17 rule pick
    the chart; Blackjack Switch's switch table goes by the decks the table's configuration
    deals), or None for a game that has none."""
    if game not in CHARTED:
        return None
    decks = ((config or {}).get("options") or {}).get("decks", rules.get("decks", 6))
    return strategy.chart_rows(bool(rules.get("dealer_hits_soft_17")), strategy.rule_set(rules), int(decks))
