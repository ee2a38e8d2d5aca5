"""California Baccarat (seed 003 §48-§51): Player, Banker (a three-card-7 win pushes), Tie, Dragon King and China Bear,
exactly by composition of the full shoe (:mod:`.baccarat_math`). The player-dealer banks every wager: each figure is the player's edge against the bank, as if its stake always
covered (a wager with no action goes back whole, which changes no expectation of a wager that
gets action); the collection fee is posted apart and is not in the figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from .baccarat_math import wagers_of

GAME = "california-baccarat"


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Any]:
    return wagers_of(rules)
