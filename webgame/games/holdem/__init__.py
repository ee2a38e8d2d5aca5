"""House-banked hold'em against the dealer: Ultimate Texas Hold'em (seed 000 §25-§26) and
Jackpot Hold'em (seed 000 §33-§36), one engine, rules as data (``webgame/rules/<slug>.toml``)."""

from __future__ import annotations

from .engine import HoldemSeat, HoldemState, HoldemTable
from .jackpot import JACKPOT, JackpotHoldem
from .ultimate import ULTIMATE, UltimateTexasHoldem

__all__ = ["JACKPOT", "ULTIMATE", "HoldemSeat", "HoldemState", "HoldemTable", "JackpotHoldem",
           "UltimateTexasHoldem"]
