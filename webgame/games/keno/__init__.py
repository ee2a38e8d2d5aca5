"""Keno (seed 000 §11; progressive keno, seed 004 §30): a draw game on the table's schedule."""

from .table import KENO, KenoGame, KenoState

__all__ = ["KENO", "KenoGame", "KenoState"]
