"""Bingo (seed 000 §1-§5, DECISIONS D-380 … D-392): the cards, the patterns and the calls."""
