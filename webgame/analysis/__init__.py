"""Odds analysis: the house edge, return, hit frequency and element of risk of every wager
of every registered game and variant, exactly where enumeration is feasible, otherwise
by simulation on the engines themselves (``webgame.engine.rng.SeededRng``).

One module per game (``blackjack.py``, ``craps.py``, …; see :mod:`.registry`); the
command line is :mod:`.cli` (``flask edge``), the operator's page calls
:func:`edges_for_table`.
"""

from .edges import analyze, edges_for_table

__all__ = ["analyze", "edges_for_table"]
