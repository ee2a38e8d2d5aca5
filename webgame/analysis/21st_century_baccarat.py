"""21st Century Baccarat (seed 002 §16-§19, §24-§27): the Player and Dealer lines, the Early and
Late Tie, the Bonus Pair and the Dragon Bonus, exactly by composition of the full shoe with
the Player's option played by the House Way (:mod:`.option_baccarat_math`). The player-dealer
banks every wager: each figure is the player's edge against the bank; the collection fee is
posted apart and is not in the figures."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine.paytable import Variant
from . import face_down_baccarat_math
from .option_baccarat_math import wagers_of

GAME = "21st-century-baccarat"


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Any]:
    if "face_down" in rules:  # each position's own hand: its own enumeration
        return face_down_baccarat_math.wagers_of(rules)
    return wagers_of(rules)
