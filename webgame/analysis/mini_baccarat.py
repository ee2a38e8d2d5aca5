"""Mini-Baccarat (seed 004): the Banker's Hand with its commission, the Player's Hand and the
Tie Bet, exactly by composition of the full shoe (:mod:`.baccarat_math`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from .baccarat_math import wagers_of

GAME = "mini-baccarat"


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Any]:
    return wagers_of(rules)
