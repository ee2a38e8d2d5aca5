"""Chinese Poker's words for a table that has no hand yet: its stakes and its posted rules, from
the variant's rules and the operator's configuration (the engine writes them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant, resolve


def stakes(variant: Variant, config: Mapping[str, Any] | None) -> str:
    """"$2 a point": what the felt prints before the first hand."""
    from ..games.chinese import table as chinese

    return chinese.stakes_words(resolve(variant, config or {}))


def rules_lines(variant: Variant, config: Mapping[str, Any] | None) -> list[str]:
    """The posted rules of a Chinese Poker table, in plain sentences."""
    from ..games.chinese import table as chinese

    return chinese.rules_lines(resolve(variant, config or {}))
