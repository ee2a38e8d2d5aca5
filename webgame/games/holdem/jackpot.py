"""Jackpot Hold'em (seed 000 §33-§36, lines 1534-1670): Ante / X-tra Bonus / Play and three bonuses.

Ante and X-tra Bonus, equal and required (s.1550-1551). The first community card is exposed
once all cards are out (s.1543, s.1657); Play 3x then (s.1658), 2x on the flop (s.1659), 1x or
fold after the turn and river (s.1660); at most 3x the Ante (s.1564). Dealer qualifies with a
pair, else only the Ante pushes (s.1665). X-tra Bonus pays by its table on a straight or better
when the player wins, pushes below (s.1569-1589, s.1667). No jackpot is described and none is
offered (D-307). Bonuses, each only with the Ante and X-tra Bonus (D-519) and each $25 at most
(s.1563, D-308): Player Bonus, best five of seven (s.1591-1600, s.1661, D-311); Hole Card Bonus,
the two hole cards (s.1602-1610, s.1662, D-311); 3-Up Bonus, the hole cards and the first
exposed community card, settled when it is exposed (s.1617-1625, s.1663, D-310). A folded hand
may still win every bonus (s.1664, D-309).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from . import strategy
from .engine import HoldemTable

PLAYER_BONUS, HOLE_CARD_BONUS, THREE_UP_BONUS = "jh-player-bonus", "jh-hole-card-bonus", "jh-3-up-bonus"


class JackpotHoldem(HoldemTable):
    slug = "jackpot-holdem"
    name = "Jackpot Hold'em"
    matched = "xtra-bonus"
    side_spots = (PLAYER_BONUS, HOLE_CARD_BONUS, THREE_UP_BONUS)
    spot_names: ClassVar[Mapping[str, str]] = {"ante": "Ante", "xtra-bonus": "X-tra Bonus", "play": "Play", PLAYER_BONUS: "Player Bonus",
                  HOLE_CARD_BONUS: "Hole Card Bonus", THREE_UP_BONUS: "3-Up Bonus"}

    def strategy(self, hole: list[str], board: list[str], multiples: Sequence[int]) -> int:
        return strategy.jackpot(hole, board, multiples)


JACKPOT = JackpotHoldem()
