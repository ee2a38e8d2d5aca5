"""Baccarat (INDEX section 2): one core for the family. ``coup`` holds the points and the
tableau as data, ``sidebets`` the graders, ``roads`` the scoreboards and ``table`` the
tableau tables."""

from __future__ import annotations

from .asian import ASIAN_BACCARAT, AsianBaccaratTable
from .coup import BANKER, PLAYER, TIE, Coup, Tableau, deal, point, total
from .option import TWENTY_FIRST_CENTURY_BACCARAT, OptionBaccaratTable
from .table import (
    CALIFORNIA_BACCARAT,
    DRAGON_DAI_BACC,
    EZ_BACCARAT,
    FORTUNE_7_BACCARAT,
    MINI_BACCARAT,
    RUYI_BACCARAT,
    BaccaratState,
    BaccaratTable,
    commission,
)

__all__ = [
    "ASIAN_BACCARAT",
    "BANKER",
    "CALIFORNIA_BACCARAT",
    "DRAGON_DAI_BACC",
    "EZ_BACCARAT",
    "FORTUNE_7_BACCARAT",
    "MINI_BACCARAT",
    "PLAYER",
    "RUYI_BACCARAT",
    "TIE",
    "TWENTY_FIRST_CENTURY_BACCARAT",
    "AsianBaccaratTable",
    "BaccaratState",
    "BaccaratTable",
    "Coup",
    "OptionBaccaratTable",
    "Tableau",
    "commission",
    "deal",
    "point",
    "total",
]
