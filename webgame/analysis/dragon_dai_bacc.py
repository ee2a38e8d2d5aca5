"""Dragon Dai Bacc (seed 003 §52-§56): Player, Banker (a three-card-7 win pushes), Tie, Tiger 7, Ox 8 and Kill the Ox/Tiger,
exactly by composition of the full shoe (:mod:`.baccarat_math`). The player-dealer banks every wager: each figure is the player's edge against the bank, as if its stake always
covered (a wager with no action goes back whole, which changes no expectation of a wager that
gets action); the collection fee is posted apart and is not in the figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from .baccarat_math import wagers_of

GAME = "dragon-dai-bacc"


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Any]:
    return wagers_of(rules)
