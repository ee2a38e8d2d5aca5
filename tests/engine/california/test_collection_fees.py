"""Collection fees (D-481 … D-510): every schedule option of seeds 001-003 on tables of one,
three and six players, with the fees the printed tables give.

Each table bets in multiples of the option's minimum (a $10 minimum where the option prints
only ranges for the limits), capped at its maximum: one player at the minimum; three at 1, 3
and 8 times it; six at 1, 2, 4, 6, 10 and 20 times it. Each row reads, per table: the
player-dealer's fee, then each player's fee, in cents.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from webgame.games.california.fees import (
    Band,
    Schedule,
    Wager,
    band_fee,
    collect,
    default_schedule,
    schedule,
    schedules,
    schedules_for,
    table_action,
)

SEEDS = Path(os.environ.get("RULEBOOK_SEEDS", "/work/shared/seeds"))
PD = 0  # the player-dealer's seat in these tables
MULTIPLES = {1: (1,), 3: (1, 3, 8), 6: (1, 2, 4, 6, 10, 20)}
DEFAULT_MINIMUM = 1000  # where a schedule prints only ranges for a table's limits

EXPECTED: dict[str, list[tuple[int, tuple[int, ...]]]] = {
    "001-fortune-pai-gow-poker-1": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 200))],
    "001-fortune-pai-gow-poker-2": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 200))],
    "001-fortune-pai-gow-poker-3": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 100))],
    "001-fortune-pai-gow-poker-4": [(200, (200,)), (200, (200, 200, 200)), (200, (200, 200, 200, 200, 200, 200))],
    "001-fortune-pai-gow-poker-5": [(200, (200,)), (200, (200, 200, 200)), (200, (200, 200, 200, 200, 200, 200))],
    "001-fortune-pai-gow-poker-6": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-fortune-pai-gow-poker-7": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-fortune-pai-gow-poker-8": [(100, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-fortune-pai-gow-poker-9": [(300, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-fortune-pai-gow-poker-10": [(500, (0,)), (500, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-pai-gow-poker-1": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 100))],
    "001-pai-gow-poker-2": [(200, (200,)), (200, (200, 200, 200)), (200, (200, 200, 200, 200, 200, 200))],
    "001-caribbean-stud-1": [(50, (50,)), (50, (50, 50, 50)), (50, (50, 50, 50, 50, 50, 50))],
    "001-caribbean-stud-2": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 100))],
    "001-blackjack-tcp-1": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-blackjack-tcp-2": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-blackjack-tcp-3": [(100, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-blackjack-tcp-4": [(300, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-blackjack-tcp-5": [(500, (0,)), (500, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-blackjack-tcp-6": [(200, (0,)), (400, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-blackjack-tcp-7": [(200, (0,)), (400, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-blackjack-tcp-8": [(200, (0,)), (300, (0, 0, 0)), (400, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-1": [(100, (0,)), (100, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-2": [(100, (0,)), (100, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-3": [(100, (0,)), (100, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-4": [(100, (0,)), (100, (0, 0, 0)), (400, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-5": [(300, (0,)), (300, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-6": [(200, (0,)), (400, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-7": [(300, (0,)), (500, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-8": [(200, (0,)), (400, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-9": [(300, (0,)), (500, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-10": [(200, (0,)), (400, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-1": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-2": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-3": [(100, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-4": [(300, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-5": [(500, (0,)), (500, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-6": [(200, (0,)), (400, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-7": [(200, (0,)), (400, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-8": [(200, (0,)), (300, (0, 0, 0)), (400, (0, 0, 0, 0, 0, 0))],
    "002-double-hand-poker-1": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 200))],
    "002-double-hand-poker-2": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 200))],
    "002-double-hand-poker-3": [(300, (100,)), (300, (100, 100, 200)), (300, (100, 100, 100, 200, 200, 400))],
    "002-double-hand-poker-4": [(300, (100,)), (300, (100, 100, 200)), (300, (100, 100, 100, 200, 300, 300))],
    "002-double-hand-poker-5": [(300, (100,)), (300, (100, 200, 500)), (300, (100, 200, 300, 400, 500, 500))],
    "002-jackpot-double-hand-poker-1": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 200))],
    "002-pai-gow-tiles-1": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "002-pai-gow-tiles-2": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "002-pai-gow-tiles-3": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "002-pai-gow-tiles-4": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "002-pai-gow-tiles-5": [(300, (100,)), (300, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 100))],
    "002-pai-gow-tiles-6": [(300, (100,)), (300, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 100))],
    "002-pai-gow-tiles-7": [(300, (100,)), (300, (100, 100, 100)), (500, (100, 100, 100, 100, 100, 200))],
    "002-pai-gow-tiles-8": [(300, (200,)), (300, (200, 200, 200)), (600, (200, 200, 200, 200, 200, 400))],
    "002-pai-gow-tiles-9": [(500, (100,)), (500, (100, 100, 100)), (500, (100, 100, 100, 100, 100, 100))],
    "002-21st-century-baccarat-5-1": [(100, (100,)), (100, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-21st-century-baccarat-5-2": [(100, (100,)), (200, (100, 100, 200)), (500, (100, 100, 100, 200, 200, 300))],
    "002-21st-century-baccarat-5-3": [(100, (100,)), (200, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-21st-century-baccarat-5-4": [(100, (100,)), (200, (100, 100, 200)), (800, (100, 100, 100, 200, 200, 600))],
    "002-21st-century-baccarat-8-3-1": [(100, (100,)), (100, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "002-21st-century-baccarat-8-3-2": [(100, (100,)), (100, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "002-21st-century-baccarat-8-3-3": [(100, (100,)), (100, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-21st-century-baccarat-8-3-4": [(100, (100,)), (100, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-21st-century-baccarat-8-3-5": [(100, (100,)), (100, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-21st-century-baccarat-8-3-6": [(100, (100,)), (200, (100, 100, 200)), (400, (100, 100, 100, 200, 200, 200))],
    "002-21st-century-baccarat-8-3-7": [(100, (100,)), (200, (100, 100, 200)), (400, (100, 100, 100, 200, 200, 300))],
    "002-21st-century-baccarat-8-3-8": [(100, (100,)), (200, (100, 100, 200)), (500, (100, 100, 100, 200, 200, 400))],
    "002-21st-century-baccarat-8-3-9": [(100, (100,)), (300, (100, 200, 400)), (500, (100, 100, 200, 300, 400, 500))],
    "002-21st-century-baccarat-8-3-10": [(100, (200,)), (500, (200, 200, 500)), (500, (200, 200, 300, 400, 500, 500))],
    "002-super-pan-9-1": [(100, (100,)), (100, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-super-pan-9-2": [(100, (100,)), (200, (100, 100, 200)), (500, (100, 100, 100, 200, 200, 300))],
    "002-super-pan-9-3": [(100, (100,)), (200, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-super-pan-9-4": [(100, (100,)), (200, (100, 100, 200)), (800, (100, 100, 100, 200, 200, 600))],
    "002-three-card-poker-1": [(100, (100,)), (200, (100, 100, 100)), (400, (100, 100, 100, 100, 100, 200))],
    "002-three-card-poker-2": [(100, (100,)), (300, (100, 100, 200)), (500, (100, 100, 100, 200, 200, 400))],
    "002-three-card-poker-3": [(100, (100,)), (200, (100, 200, 400)), (700, (100, 100, 200, 200, 400, 700))],
    "002-let-it-ride-1": [(100, (100,)), (200, (100, 100, 100)), (400, (100, 100, 100, 100, 100, 200))],
    "002-let-it-ride-2": [(100, (100,)), (300, (100, 100, 200)), (500, (100, 100, 100, 200, 200, 400))],
    "002-let-it-ride-3": [(100, (100,)), (200, (100, 200, 400)), (700, (100, 100, 200, 200, 400, 700))],
    "002-pure-21-5-2011-1": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 100))],
    "002-pure-21-5-2011-2": [(200, (100,)), (200, (100, 100, 200)), (200, (100, 100, 100, 200, 200, 400))],
    "002-pure-21-5-2011-3": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 200))],
    "002-pure-21-5-2011-4": [(200, (100,)), (200, (100, 200, 400)), (200, (100, 100, 200, 200, 400, 700))],
    "002-pure-21-5-2011-5": [(300, (100,)), (300, (100, 200, 700)), (300, (100, 200, 400, 600, 700, 700))],
    "002-pure-21-5-bureau-1": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 100))],
    "002-pure-21-5-bureau-2": [(200, (100,)), (200, (100, 100, 200)), (200, (100, 100, 100, 200, 200, 400))],
    "002-pure-21-5-bureau-3": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 200))],
    "002-pure-21-5-bureau-4": [(200, (100,)), (200, (100, 200, 400)), (200, (100, 100, 200, 200, 400, 700))],
    "002-pure-21-5-bureau-5": [(300, (100,)), (300, (100, 200, 700)), (300, (100, 200, 400, 600, 700, 700))],
    "002-lucky-chances-blackjack-1": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 100))],
    "002-lucky-chances-blackjack-2": [(200, (100,)), (200, (100, 100, 200)), (200, (100, 100, 100, 200, 200, 400))],
    "002-ez-baccarat-2011-1": [(100, (100,)), (100, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-ez-baccarat-2011-2": [(100, (100,)), (200, (100, 100, 200)), (500, (100, 100, 100, 200, 200, 300))],
    "002-ez-baccarat-2011-3": [(100, (100,)), (200, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-ez-baccarat-2011-4": [(100, (100,)), (200, (100, 100, 200)), (800, (100, 100, 100, 200, 200, 600))],
    "002-ez-baccarat-panda-8-1": [(100, (100,)), (100, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-ez-baccarat-panda-8-2": [(100, (100,)), (200, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 200))],
    "002-ez-baccarat-panda-8-3": [(100, (100,)), (200, (100, 100, 200)), (800, (100, 100, 100, 200, 200, 600))],
    "002-ez-baccarat-panda-8-4": [(100, (100,)), (600, (100, 200, 600)), (800, (100, 100, 200, 400, 800, 800))],
    "002-three-card-poker-6cb-1": [(100, (100,)), (200, (100, 100, 100)), (400, (100, 100, 100, 100, 100, 200))],
    "002-three-card-poker-6cb-2": [(100, (100,)), (300, (100, 100, 200)), (500, (100, 100, 100, 200, 200, 400))],
    "002-three-card-poker-6cb-3": [(100, (100,)), (200, (100, 200, 400)), (700, (100, 100, 200, 200, 400, 700))],
    "003-group-a-1": [(100, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "003-group-a-2": [(100, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "003-group-a-3": [(100, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "003-group-a-4": [(200, (0,)), (300, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "003-group-a-5": [(200, (0,)), (200, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "003-group-a-6": [(100, (0,)), (200, (0, 0, 0)), (900, (0, 0, 0, 0, 0, 0))],
    "003-group-a-7": [(100, (0,)), (200, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "003-group-a-8": [(200, (0,)), (800, (0, 0, 0)), (2500, (0, 0, 0, 0, 0, 0))],
    "003-group-a-9": [(200, (0,)), (900, (0, 0, 0)), (4000, (0, 0, 0, 0, 0, 0))],
    "003-group-a-10": [(300, (0,)), (1200, (0, 0, 0)), (8000, (0, 0, 0, 0, 0, 0))],
    "003-group-b-1": [(50, (50,)), (100, (50, 50, 50)), (100, (50, 50, 50, 50, 50, 50))],
    "003-group-b-2": [(50, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "003-group-b-3": [(50, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "003-group-b-4": [(400, (200,)), (400, (200, 200, 200)), (400, (200, 200, 200, 200, 200, 200))],
    "003-group-b-5": [(50, (0,)), (100, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "003-group-b-6": [(100, (0,)), (200, (0, 0, 0)), (400, (0, 0, 0, 0, 0, 0))],
    "003-group-b-7": [(100, (0,)), (200, (0, 0, 0)), (400, (0, 0, 0, 0, 0, 0))],
    "003-group-b-8": [(100, (0,)), (200, (0, 0, 0)), (1000, (0, 0, 0, 0, 0, 0))],
    "003-group-b-9": [(100, (0,)), (200, (0, 0, 0)), (1100, (0, 0, 0, 0, 0, 0))],
    "003-group-b-10": [(200, (0,)), (900, (0, 0, 0)), (4000, (0, 0, 0, 0, 0, 0))],
    "003-group-c-1": [(50, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "003-group-c-2": [(400, (200,)), (400, (200, 200, 200)), (400, (200, 200, 200, 200, 200, 200))],
    "003-group-c-3": [(100, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "003-group-c-4": [(100, (0,)), (200, (0, 0, 0)), (400, (0, 0, 0, 0, 0, 0))],
    "003-group-c-5": [(100, (0,)), (200, (0, 0, 0)), (900, (0, 0, 0, 0, 0, 0))],
    "003-group-c-6": [(400, (0,)), (400, (0, 0, 0)), (2000, (0, 0, 0, 0, 0, 0))],
    "003-group-d-1": [(100, (50,)), (200, (50, 50, 50)), (200, (50, 50, 50, 50, 50, 50))],
    "003-group-d-2": [(50, (0,)), (200, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "001-three-card-poker-6cb-1": [(50, (0,)), (100, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "001-three-card-poker-6cb-2": [(50, (0,)), (50, (0, 0, 0)), (100, (0, 0, 0, 0, 0, 0))],
    "001-three-card-poker-6cb-3": [(50, (0,)), (50, (0, 0, 0)), (100, (0, 0, 0, 0, 0, 0))],
    "001-three-card-poker-6cb-4": [(50, (0,)), (100, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "001-three-card-poker-6cb-5": [(50, (0,)), (100, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "001-three-card-poker-6cb-6": [(50, (0,)), (100, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "001-three-card-poker-6cb-7": [(50, (0,)), (100, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "001-three-card-poker-6cb-8": [(50, (0,)), (100, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "001-three-card-poker-6cb-9": [(50, (0,)), (100, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-1": [(50, (0,)), (100, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-2": [(100, (0,)), (100, (0, 0, 0)), (400, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-3": [(100, (0,)), (100, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-4": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-5": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-6": [(100, (0,)), (100, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-7": [(200, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-8": [(100, (0,)), (100, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-9": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-10": [(100, (0,)), (100, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-11": [(200, (0,)), (200, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-12": [(100, (0,)), (100, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-13": [(100, (0,)), (300, (0, 0, 0)), (1300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-14": [(100, (0,)), (300, (0, 0, 0)), (1300, (0, 0, 0, 0, 0, 0))],
    "001-ez-baccarat-own-15": [(500, (0,)), (1000, (0, 0, 0)), (3000, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-1": [(50, (0,)), (50, (0, 0, 0)), (100, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-2": [(50, (0,)), (50, (0, 0, 0)), (200, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-3": [(50, (0,)), (100, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-4": [(50, (0,)), (100, (0, 0, 0)), (300, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-5": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-6": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-7": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-8": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-9": [(100, (0,)), (400, (0, 0, 0)), (1000, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-10": [(100, (0,)), (400, (0, 0, 0)), (1000, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-11": [(300, (0,)), (300, (0, 0, 0)), (1500, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-12": [(300, (0,)), (1500, (0, 0, 0)), (1500, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-13": [(1000, (0,)), (1500, (0, 0, 0)), (4000, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-14": [(1000, (0,)), (4000, (0, 0, 0)), (4000, (0, 0, 0, 0, 0, 0))],
    "001-pure-spanish-21-5-own-15": [(1000, (0,)), (4000, (0, 0, 0)), (4000, (0, 0, 0, 0, 0, 0))],
    "001-fortune-pai-gow-poker-own-1": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 100))],
    "001-fortune-pai-gow-poker-own-2": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 200))],
    "001-fortune-pai-gow-poker-own-3": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 100))],
    "001-fortune-pai-gow-poker-own-4": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "001-fortune-pai-gow-poker-own-5": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 200))],
    "001-fortune-pai-gow-poker-own-6": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 200))],
    "001-fortune-pai-gow-poker-own-7": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 200, 200))],
    "001-fortune-pai-gow-poker-own-8": [(300, (300,)), (300, (300, 300, 300)), (300, (300, 300, 300, 300, 300, 1000))],
    "001-no-bust-own-1": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-no-bust-own-2": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-no-bust-own-3": [(100, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-no-bust-own-4": [(300, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-no-bust-own-5": [(500, (0,)), (500, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-buster-own-1": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-buster-own-2": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-buster-own-3": [(100, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-buster-own-4": [(300, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-buster-own-5": [(500, (0,)), (500, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-own-1": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-own-2": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-own-3": [(100, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-own-4": [(300, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-ultimate-texas-holdem-own-5": [(500, (0,)), (500, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-uth-bad-beat-own-1": [(50, (0,)), (200, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-uth-bad-beat-own-2": [(100, (0,)), (200, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-uth-bad-beat-own-3": [(100, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-uth-bad-beat-own-4": [(300, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-uth-bad-beat-own-5": [(500, (0,)), (500, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-uth-bad-beat-own-6": [(200, (0,)), (400, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-uth-bad-beat-own-7": [(200, (0,)), (400, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-1": [(100, (100,)), (100, (100, 100, 100)), (100, (100, 100, 100, 100, 100, 200))],
    "001-face-up-pai-gow-poker-2": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 200))],
    "001-face-up-pai-gow-poker-3": [(200, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "001-face-up-pai-gow-poker-4": [(300, (100,)), (300, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 100))],
    "001-face-up-pai-gow-poker-5": [(100, (100,)), (200, (100, 100, 100)), (200, (100, 100, 100, 100, 100, 100))],
    "001-face-up-pai-gow-poker-6": [(100, (100,)), (300, (100, 100, 100)), (300, (100, 100, 100, 100, 100, 100))],
    "001-face-up-pai-gow-poker-7": [(100, (100,)), (300, (100, 100, 100)), (400, (100, 100, 100, 100, 100, 100))],
    "001-face-up-pai-gow-poker-8": [(100, (100,)), (300, (100, 100, 100)), (500, (100, 100, 100, 100, 100, 100))],
    "001-face-up-pai-gow-poker-9": [(100, (100,)), (300, (100, 100, 100)), (400, (100, 100, 100, 100, 100, 200))],
    "001-face-up-pai-gow-poker-10": [(200, (100,)), (300, (100, 100, 100)), (400, (100, 100, 100, 100, 100, 200))],
    "001-face-up-pai-gow-poker-11": [(200, (100,)), (300, (100, 100, 100)), (500, (100, 100, 100, 100, 100, 200))],
    "001-face-up-pai-gow-poker-12": [(100, (0,)), (300, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-13": [(100, (0,)), (300, (0, 0, 0)), (1000, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-14": [(100, (0,)), (300, (0, 0, 0)), (1200, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-15": [(100, (0,)), (400, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-16": [(100, (0,)), (300, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-17": [(100, (0,)), (300, (0, 0, 0)), (1000, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-18": [(100, (0,)), (300, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-19": [(100, (0,)), (300, (0, 0, 0)), (1000, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-20": [(100, (0,)), (300, (0, 0, 0)), (1200, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-21": [(100, (0,)), (400, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-22": [(100, (0,)), (300, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-23": [(100, (0,)), (300, (0, 0, 0)), (1000, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-24": [(100, (0,)), (200, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-25": [(100, (0,)), (300, (0, 0, 0)), (400, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-26": [(100, (0,)), (300, (0, 0, 0)), (700, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-27": [(100, (0,)), (400, (0, 0, 0)), (800, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-28": [(100, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-29": [(200, (0,)), (300, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-30": [(200, (0,)), (300, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-31": [(200, (0,)), (300, (0, 0, 0)), (600, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-32": [(200, (0,)), (300, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-33": [(500, (0,)), (500, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-34": [(1000, (0,)), (1000, (0, 0, 0)), (1000, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-35": [(1500, (0,)), (1500, (0, 0, 0)), (1500, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-36": [(500, (0,)), (500, (0, 0, 0)), (500, (0, 0, 0, 0, 0, 0))],
    "001-face-up-pai-gow-poker-37": [(1500, (0,)), (1500, (0, 0, 0)), (1500, (0, 0, 0, 0, 0, 0))],
}


def _table(option: Schedule, players: int) -> list[Wager]:
    minimum = option.table_min or DEFAULT_MINIMUM
    amounts = [minimum * k for k in MULTIPLES[players]]
    if option.table_max is not None:
        amounts = [min(a, option.table_max) for a in amounts]
    return [Wager(seat, seat, "main", amount) for seat, amount in enumerate(amounts, start=1)]


def test_every_schedule_option_has_its_expected_fees() -> None:
    assert set(EXPECTED) == set(schedules())


@pytest.mark.parametrize("option_id", sorted(EXPECTED))
@pytest.mark.parametrize("players", [1, 3, 6])
def test_schedule_on_one_three_and_six_players(option_id: str, players: int) -> None:
    option = schedule(option_id)
    expected_pd, expected_players = EXPECTED[option_id][list(MULTIPLES).index(players)]
    fees = collect(option, _table(option, players), PD)
    assert (fees.player_dealer.amount if fees.player_dealer else 0) == expected_pd
    assert tuple(fees.by_seat().get(seat, 0) for seat in range(1, players + 1)) == expected_players


# ---- reading the bands (D-489)

BANDS = (Band(7500, 9900, 200), Band(20000, 39900, 400), Band(100100, 150000, 1000), Band(150000, None, 2500))


def test_amount_below_the_first_band_pays_the_first_fee() -> None:
    assert band_fee(BANDS, 1000) == 200


def test_gap_is_covered_by_the_band_below() -> None:  # "$75-$99" then "$200-$399" (D-495)
    assert band_fee(BANDS, 15000) == 200


def test_overlap_pays_the_lower_fee() -> None:  # "$1,001-$1500" then "$1,500+" (003 s.2921)
    assert band_fee(BANDS, 150000) == 1000
    assert band_fee(BANDS, 150001) == 2500


def test_open_band_without_plus_runs_to_the_next_band() -> None:
    assert band_fee((Band(10000, None, 100), Band(20000, None, 300)), 19999) == 100


def test_pai_gow_tiles_no_limit_boundary_d503() -> None:
    tiles = schedule("002-pai-gow-tiles-9")
    assert collect(tiles, [Wager(1, 1, "main", 100000)], PD).by_seat() == {1: 100}
    assert collect(tiles, [Wager(1, 1, "main", 100001)], PD).by_seat() == {1: 200}


def test_misprinted_band_read_as_decided_d498() -> None:  # "$501-$100 $10.00" (001 s.2142)
    option = schedule("001-blackjack-tcp-8")
    assert collect(option, [Wager(1, 1, "main", 80000)], PD).player_dealer is not None
    assert collect(option, [Wager(1, 1, "main", 80000)], PD).total == 1000


def test_no_bust_option_2_gap_read_as_ta_b_d495() -> None:  # "$75-$99 $2.00" then "$200-$399"
    for option_id in ("001-no-bust-own-2", "001-buster-own-2"):
        assert collect(schedule(option_id), [Wager(1, 1, "main", 15000)], PD).total == 200


def test_pure_spanish_misprinted_first_tiers_d496() -> None:
    five, six = schedule("001-pure-spanish-21-5-own-5"), schedule("001-pure-spanish-21-5-own-6")
    assert collect(five, [Wager(1, 1, "main", 1000)], PD).total == 50  # $10-$50 → $0.50
    assert collect(six, [Wager(1, 1, "main", 7600)], PD).total == 200  # $76 is in $76-$200


def test_ez_option_12_first_tier_starts_at_the_table_minimum_d497() -> None:
    assert collect(schedule("001-ez-baccarat-own-12"), [Wager(1, 1, "player", 1500)], PD).total == 100


def test_fortune_options_9_to_16_are_not_offered_d494() -> None:
    assert [o.option for o in schedules_for("fortune-pai-gow-poker@lucky-derby") if "own" in o.id] == list(range(1, 9))


def test_zero_tier_of_option_8_charges_nothing_d490() -> None:  # "$0-$9 $0.00" (001 s.2138)
    fees = collect(schedule("001-blackjack-tcp-8"), [Wager(1, 1, "main", 500)], PD)
    assert fees.player_dealer is None and fees.total == 0


# ---- what counts (D-487, D-488, D-510)

def test_table_action_counts_bonus_and_backline_wagers_d487() -> None:
    option = schedule("001-ultimate-texas-holdem-1")
    wagers = [Wager(1, 1, "ante", 2000), Wager(1, 1, "blind", 2000), Wager(1, 1, "trips", 1000, bonus=True),
              Wager(5, 1, "ante", 1000)]  # seat 5 bets behind seat 1
    assert table_action(option, wagers) == 6000
    assert collect(option, wagers, PD).total == 100  # $50-$99 → $1.00 (001 s.2232)


def test_group_b_counts_controlled_game_wagers_only() -> None:  # 003 s.2952-2985
    option = schedule("003-group-b-6")
    wagers = [Wager(1, 1, "main", 9000), Wager(1, 1, "buster", 5000, bonus=True)]
    assert table_action(option, wagers) == 9000
    assert collect(option, wagers, PD).total == 100  # $10-$100 → $1


def test_backline_bettor_pays_for_the_circle_they_have_money_in_d488() -> None:
    option = schedule("002-three-card-poker-6cb-1")
    wagers = [Wager(1, 1, "ante", 10000), Wager(1, 1, "pair-plus", 5000, bonus=True),
              Wager(4, 1, "ante", 1000)]  # seat 4 backs seat 1's hand
    assert collect(option, wagers, PD).by_seat() == {1: 200, 4: 100}


def test_player_with_two_circles_pays_for_each() -> None:  # c001 s.829, D-477
    option = schedule("002-pure-21-5-bureau-1")
    fees = collect(option, [Wager(1, 1, "main", 1000), Wager(1, 2, "main", 25000)], PD)
    assert fees.by_seat() == {1: 100 + 300}


def test_let_it_ride_three_card_bonus_pays_its_own_fee_d510() -> None:
    option = schedule("002-let-it-ride-1")
    wagers = [Wager(1, 1, "bet1", 1000), Wager(1, 1, "bet2", 1000), Wager(1, 1, "bet3", 1000),
              Wager(1, 1, "three-card-bonus", 500, bonus=True)]
    assert [f.amount for f in collect(option, wagers, PD).players] == [100, 100]


def test_pure_21_5_options_3_to_5_charge_the_bonus_on_its_own() -> None:  # 002 s.4757-4905
    option = schedule("002-pure-21-5-bureau-4")
    wagers = [Wager(1, 1, "main", 25000), Wager(1, 1, "buster", 12000, bonus=True)]
    assert [f.amount for f in collect(option, wagers, PD).players] == [200, 200]


def test_pure_21_5_options_1_and_2_charge_the_total_player_wager() -> None:
    option = schedule("002-pure-21-5-bureau-1")
    wagers = [Wager(1, 1, "main", 9000), Wager(1, 1, "buster", 2000, bonus=True)]
    assert collect(option, wagers, PD).by_seat() == {1: 200}  # $110 → $101-$200 → $2


def test_group_a_charges_each_controlled_game_wager_not_bonuses() -> None:  # 003 s.2903-2907
    option = schedule("003-group-a-1")
    wagers = [Wager(1, 1, "player", 2000), Wager(1, 1, "banker", 2000),
              Wager(1, 1, "tie", 500, bonus=True)]
    assert collect(option, wagers, PD).by_seat() == {1: 200}


def test_uth_group_d_charges_one_fee_per_ante_circle() -> None:  # 003 s.3039-3040
    option = schedule("003-group-d-1")
    wagers = [Wager(1, 1, "ante", 1000), Wager(1, 1, "blind", 1000), Wager(1, 1, "trips", 500, bonus=True)]
    assert collect(option, wagers, PD).by_seat() == {1: 50}


# ---- when nothing is charged

def test_first_four_hands_of_a_new_game_are_free_d492() -> None:
    option = schedule("002-super-pan-9-1")
    wagers = [Wager(1, 1, "main", 5000)]
    assert [collect(option, wagers, PD, hands_since_open=n).total for n in range(6)] == [0, 0, 0, 0, 200, 200]


def test_a_hand_nobody_bets_on_carries_no_fee() -> None:
    assert collect(schedule("001-pai-gow-poker-1"), [], PD).total == 0


def test_more_action_never_lowers_a_fee() -> None:
    for option in schedules().values():
        small = collect(option, [Wager(1, 1, "main", 100000)], PD).total
        assert collect(option, [Wager(1, 1, "main", 100000), Wager(2, 2, "main", 1)], PD).total >= small


def test_the_player_dealer_fee_is_charged_to_the_player_dealer_seat() -> None:
    fees = collect(schedule("001-caribbean-stud-1"), [Wager(2, 2, "ante", 500)], player_dealer_seat=6)
    assert fees.player_dealer is not None and fees.player_dealer.seat == 6 and fees.player_dealer.amount == 50


# ---- the data

def test_at_most_five_rates_per_schedule_d490() -> None:
    for option in schedules().values():
        for rate in (option.player_dealer.rate, option.player.rate if option.player else None):
            if rate is not None:
                assert len([b for b in rate.bands if b.fee]) <= 5, option.id


def test_bands_ascend() -> None:
    for option in schedules().values():
        rate = option.player_dealer.rate
        assert [b.low for b in rate.bands] == sorted(b.low for b in rate.bands), option.id


def test_every_edition_has_a_default_schedule_d482() -> None:
    editions = {game for option in schedules().values() for game in option.games}
    assert all(default_schedule(e).games for e in editions)
    assert default_schedule("ultimate-texas-holdem@crystal-park").id == "003-group-d-1"  # D-511
    assert [o.option for o in schedules_for("caribbean-stud@designated-player")] == [1, 2]


def _cited_text(cite: str) -> str:
    seed, lines = cite.split(" s.")
    first, _, last = lines.partition("-")
    (path,) = SEEDS.glob(f"{seed}_*.txt")
    text = path.read_text().split("\n")[int(first) - 1:int(last or first)]
    return re.sub(r"</?b>|\\|,", "", "\n".join(text))


def _printed(cents: int) -> str:
    dollars, rest = divmod(cents, 100)
    if rest:
        return rf"\$\s*{dollars or '0?'}\.{rest:02d}"
    return rf"\$\s*{dollars}(?:\.00)?(?!\d)"


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the rulebooks are not at {SEEDS} (set RULEBOOK_SEEDS)")
def test_every_fee_and_bound_is_printed_on_its_cited_lines() -> None:
    raw = {s["id"]: s for s in _raw()}
    for option in schedules().values():
        if "printed" in raw[option.id]:
            continue  # a decision corrects a figure of this option; its test is above
        text = _cited_text(option.cite)
        rates = [option.player_dealer.rate]
        if option.player:
            rates += [option.player.rate] + ([option.player.bonus] if option.player.bonus else [])
        figures = {r.flat for r in rates if r.flat} | {
            x for r in rates for b in r.bands for x in (b.low, b.high, b.fee) if x}
        missing = [f for f in sorted(figures) if not re.search(_printed(f), text)]
        assert not missing, (option.id, option.cite, missing)


def _raw() -> list[dict[str, object]]:
    import tomllib

    from webgame.games.california.fees import FEES_FILE

    with open(FEES_FILE, "rb") as fh:
        return list(tomllib.load(fh)["schedule"])
