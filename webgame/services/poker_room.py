"""The poker room's words for a table that has no hand yet: its stakes and its posted rules,
from the variant's rules and the operator's configuration (the engine writes them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant, resolve


def stakes(variant: Variant, config: Mapping[str, Any] | None) -> str:
    """"No Limit, blinds $1/$2": what the felt prints before the first hand."""
    from ..games.poker import table as poker_table

    return poker_table.stakes_words(resolve(variant, config or {}))


def rules_lines(variant: Variant, config: Mapping[str, Any] | None) -> list[str]:
    """The posted rules of a poker table, in plain sentences."""
    from ..games.poker import table as poker_table

    return poker_table.rules_lines(resolve(variant, config or {}))


def trips_limit(variant: Variant, config: Mapping[str, Any] | None) -> str:
    """A Trips table's posted limit ("$2 bets, 50¢ collection per round of play")."""
    from ..games.poker import trips_table

    return trips_table.limit_words(resolve(variant, config or {}))


def trips_rules(variant: Variant, config: Mapping[str, Any] | None) -> list[str]:
    """The posted rules of a Trips table, in plain sentences."""
    from ..games.poker import trips_table

    return trips_table.rules_lines(resolve(variant, config or {}))
