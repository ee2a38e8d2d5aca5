"""Blackjack: the Grand Ronde, Chapter 4 and Single Deck tables, one engine, rules as data
(``webgame/rules/blackjack.toml``)."""

from __future__ import annotations

from .engine import BlackjackEngine, BlackjackState, Hand, Seat

ENGINE = BlackjackEngine()

__all__ = ["ENGINE", "BlackjackEngine", "BlackjackState", "Hand", "Seat"]
