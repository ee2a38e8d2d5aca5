"""Fortune Pai Gow Poker: the bet against the player-dealer simulated, the Fortune Bonus and
Envy counted exactly, as Pai Gow Poker's (:mod:`.pai_gow_poker`) on the edition's own rules:
its joker (fully wild at Lucky Derby and under FPG-07..09, D-246), its paytable option, and
the line a hand is paid on where the option prints none of its own (D-238)."""

from __future__ import annotations

from .pai_gow_poker import simulate, wagers

GAME = "fortune-pai-gow-poker"

__all__ = ["GAME", "simulate", "wagers"]
