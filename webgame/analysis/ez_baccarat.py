"""EZ Baccarat (seed 000 §28-§32): Player, Banker (a three-card-7 win pushes), Tie, Dragon 7,
Panda 8, Divine 9 and Golden Talons, exactly by composition of the full shoe
(:mod:`.baccarat_math`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from .baccarat_math import wagers_of

GAME = "ez-baccarat"


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Any]:
    return wagers_of(rules)
