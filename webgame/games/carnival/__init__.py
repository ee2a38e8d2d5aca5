"""House-banked poker ("carnival") games: Three Card Poker, Let It Ride, Caribbean Stud and
Mississippi Stud, on one shared table (``base``); rules as data in ``webgame/rules/``.
Four Card Poker has the same shape but is player-banked only: it is played through the
player-dealer table, never on the house-banked floor."""

from __future__ import annotations

from .base import Box, CarnivalEngine, CarnivalState, Spot
from .caribbean import CARIBBEAN_STUD, CaribbeanStud
from .four_card import FOUR_CARD_POKER, FourCardPoker
from .let_it_ride import LET_IT_RIDE, LetItRide
from .mississippi import MISSISSIPPI_STUD, MississippiStud
from .three_card import THREE_CARD_POKER, ThreeCardPoker

__all__ = ["CARIBBEAN_STUD", "FOUR_CARD_POKER", "LET_IT_RIDE", "MISSISSIPPI_STUD", "THREE_CARD_POKER", "Box",
           "CaribbeanStud", "CarnivalEngine", "CarnivalState", "FourCardPoker", "LetItRide", "MississippiStud",
           "Spot", "ThreeCardPoker"]
