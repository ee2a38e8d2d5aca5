"""The Pai Gow family: seven cards set into a five-card and a two-card hand, one house way
that sets any hand (D-211, D-212), and the house-banked Pai Gow Poker tables."""

from .table import PAI_GOW_POKER

__all__ = ["PAI_GOW_POKER"]
