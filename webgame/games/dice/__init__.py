"""Dice games: craps (seed 000 §10, seed 004 Section 1)."""

from .craps import CRAPS, CrapsGame, CrapsState, Wager, table_rules

__all__ = ["CRAPS", "CrapsGame", "CrapsState", "Wager", "table_rules"]
