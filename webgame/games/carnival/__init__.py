"""House-banked poker ("carnival") games: Three Card Poker, Let It Ride, Caribbean Stud and
Mississippi Stud, on one shared table (``base``); rules as data in ``webgame/rules/``."""

from __future__ import annotations

from .base import Box, CarnivalEngine, CarnivalState, Spot
from .caribbean import CARIBBEAN_STUD, CaribbeanStud
from .let_it_ride import LET_IT_RIDE, LetItRide
from .mississippi import MISSISSIPPI_STUD, MississippiStud
from .three_card import THREE_CARD_POKER, ThreeCardPoker

__all__ = ["CARIBBEAN_STUD", "LET_IT_RIDE", "MISSISSIPPI_STUD", "THREE_CARD_POKER", "Box", "CaribbeanStud",
           "CarnivalEngine", "CarnivalState", "LetItRide", "MississippiStud", "Spot", "ThreeCardPoker"]
