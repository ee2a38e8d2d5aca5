"""Baccarat (INDEX section 2): one core for the family. ``coup`` holds the points and the
tableau as data, ``sidebets`` the graders, ``roads`` the scoreboards and ``table`` the
house-banked tables (Mini-Baccarat, EZ Baccarat)."""

from __future__ import annotations

from .coup import BANKER, PLAYER, TIE, Coup, Tableau, deal, point, total
from .table import EZ_BACCARAT, MINI_BACCARAT, BaccaratState, BaccaratTable, commission

__all__ = ["BANKER", "EZ_BACCARAT", "MINI_BACCARAT", "PLAYER", "TIE", "BaccaratState", "BaccaratTable", "Coup",
           "Tableau", "commission", "deal", "point", "total"]
