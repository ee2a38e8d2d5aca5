"""Ultimate Texas Hold'em (seed 000 §25-§26, lines 1268-1370) with the Trips bonus.

Ante and Blind, equal and required (s.1282-1283); Trips optional (s.1284, s.1363), only with
the Ante and Blind (D-519). Play 4x or 3x before the flop (s.1360), 2x on the flop (s.1361),
1x or fold after the turn and river (s.1362); at most 4x the Ante (s.1294). Dealer qualifies
with a pair, else only the Ante pushes (s.1365, D-299). Blind pays by its table on a straight
or better when the player wins, pushes below (s.1299-1317, s.1367); identical hands push
(s.1368, D-518). Trips pays three of a kind or better on the best five of seven, even on a
folded hand (s.1320-1329, s.1364, D-297, D-298). $100 each on Ante, Blind, Trips (D-301).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from . import strategy
from .engine import HoldemTable

TRIPS = "uth-trips"


class UltimateTexasHoldem(HoldemTable):
    slug = "ultimate-texas-holdem"
    name = "Ultimate Texas Hold'em"
    matched = "blind"
    side_spots = (TRIPS,)
    spot_names: ClassVar[Mapping[str, str]] = {"ante": "Ante", "blind": "Blind", "play": "Play", TRIPS: "Trips"}

    def strategy(self, hole: list[str], board: list[str], multiples: Sequence[int]) -> int:
        return strategy.uth(hole, board, multiples)


ULTIMATE = UltimateTexasHoldem()
