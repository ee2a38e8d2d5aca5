"""The basic-strategy chart a table's rules panel prints (P-112): the very chart the house's
bots play and the exact house edge assumes, as plain grids (H, S, D, Ds, P, R, Rs)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..games.blackjack import strategy

# Games whose bots play the house chart of webgame.games.blackjack.strategy.
CHARTED = frozenset({"blackjack"})


def chart_for(game: str, rules: Mapping[str, Any]) -> dict[str, Any] | None:
    """The chart for a table of ``game`` under ``rules`` (its soft-17 rule picks the
    chart), or None for a game that has none."""
    if game not in CHARTED:
        return None
    return strategy.chart_rows(bool(rules.get("dealer_hits_soft_17")))
