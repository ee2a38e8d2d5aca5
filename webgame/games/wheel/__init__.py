"""Wheel games: roulette (seed 000 §19; seed 004 Sections 2-3 and Back-to-Back) and Big Six (seed 004 §28)."""

from .bigsix import BIG_SIX, BigSixGame
from .common import WheelState
from .roulette import ROULETTE, RouletteGame

__all__ = ["BIG_SIX", "ROULETTE", "BigSixGame", "RouletteGame", "WheelState"]
