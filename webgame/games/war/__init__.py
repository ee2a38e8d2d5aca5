"""Shoe games against the house card: Red Dog Poker (seed 004 Section 12) and Casino War with
its Tie wager (seed 004 Section 14), rules as data (``webgame/rules/<slug>.toml``)."""

from __future__ import annotations

from .casino_war import CASINO_WAR, CasinoWar, WarSeat, WarState
from .red_dog import RED_DOG, RedDog, RedDogSeat, RedDogState

__all__ = ["CASINO_WAR", "RED_DOG", "CasinoWar", "RedDog", "RedDogSeat", "RedDogState", "WarSeat", "WarState"]
