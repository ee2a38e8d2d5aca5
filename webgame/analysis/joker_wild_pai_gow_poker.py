"""Joker's Wild Pai Gow Poker: the bet against the player-dealer, simulated as Pai Gow Poker's
(:mod:`.pai_gow_poker`) with the joker fully wild: the engine's own ranking (five of a kind,
D-217; the joker in front, D-232) and the fully wild house way (D-212) set both hands."""

from __future__ import annotations

from .pai_gow_poker import simulate, wagers

GAME = "joker-wild-pai-gow-poker"

__all__ = ["GAME", "simulate", "wagers"]
