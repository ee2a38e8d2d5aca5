"""Bingo (seed 000 §1-§5, DECISIONS D-380 … D-392): the cards, the patterns and the calls."""

from .table import BINGO, BingoGame, BingoState

__all__ = ["BINGO", "BingoGame", "BingoState"]
