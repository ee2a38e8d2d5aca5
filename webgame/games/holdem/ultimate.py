"""Ultimate Texas Hold'em (seed 000 §25-§26, lines 1268-1370) with the Trips bonus.

Ante and Blind, equal and required (s.1282-1283); Trips optional (s.1284, s.1363), only with
the Ante and Blind (D-519). Play 4x or 3x before the flop (s.1360), 2x on the flop (s.1361),
1x or fold after the turn and river (s.1362); at most 4x the Ante (s.1294). Dealer qualifies
with a pair, else only the Ante pushes (s.1365, D-299). Blind pays by its table on a straight
or better when the player wins, pushes below (s.1299-1317, s.1367); identical hands push
(s.1368, D-518). Trips pays three of a kind or better on the best five of seven, even on a
folded hand (s.1320-1329, s.1364, D-297, D-298). $100 each on Ante, Blind, Trips (D-301).

The player-dealer editions of seeds 001-003 are variants of the same data: each posts its own
Trips table (``side_paytables``), the Bad Beat editions lose Trips on a fold
(``side_bets_survive_fold``), pay the Play and Blind by their tables when the P/D does not
qualify (``not_qualified = "pays"``, D-299), cap Trips and Bad Beat together at the Ante
(``side_bets_within_ante``, D-302) and take the Bad Beat Bonus only beside Trips
(``side_bet_needs``, D-303). The Bad Beat Bonus pays by the beaten hand (001 s.1850-1862).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from . import strategy
from .engine import HoldemTable

TRIPS = "uth-trips"
BAD_BEAT = "uth-bad-beat-bonus"


class UltimateTexasHoldem(HoldemTable):
    slug = "ultimate-texas-holdem"
    name = "Ultimate Texas Hold'em"
    matched = "blind"
    side_spots = (TRIPS, BAD_BEAT)  # settled in this order, after Ante, Play and Blind (001 s.2440-2446)
    spot_names: ClassVar[Mapping[str, str]] = {"ante": "Ante", "blind": "Blind", "play": "Play", TRIPS: "Trips",
                                               BAD_BEAT: "Bad Beat Bonus"}

    def strategy(self, hole: list[str], board: list[str], multiples: Sequence[int]) -> int:
        return strategy.uth(hole, board, multiples)


ULTIMATE = UltimateTexasHoldem()
