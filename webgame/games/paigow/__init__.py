"""The Pai Gow family: seven cards set into a five-card and a two-card hand, one house way
that sets any hand (D-211, D-212), the Pai Gow Poker tables, house-banked and player-dealer,
Joker's Wild, Fortune and Face Up Pai Gow Poker (player-dealer only)."""

from .table import FACE_UP_PAI_GOW_POKER, FORTUNE_PAI_GOW_POKER, JOKER_WILD_PAI_GOW_POKER, PAI_GOW_POKER

__all__ = ["FACE_UP_PAI_GOW_POKER", "FORTUNE_PAI_GOW_POKER", "JOKER_WILD_PAI_GOW_POKER", "PAI_GOW_POKER"]
