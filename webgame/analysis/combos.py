"""Counting the hands a shoe of known composition can deal, exactly.

A shoe is a count per card code ("Qh" → 6 in a six-deck shoe). Enumerating distinct
multisets of codes, each weighted by the number of ways the shoe deals it, visits 24,804
three-card classes instead of the 5 million three-card hands of a six-deck shoe, and the
weights are exact integers, so probabilities stay Fractions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from itertools import combinations_with_replacement
from math import comb, prod

from ..engine.cards import standard_deck

Shoe = Mapping[str, int]


def full_shoe(decks: int) -> dict[str, int]:
    """``decks`` standard 52-card decks: every code ``decks`` times."""
    return {c.code: decks for c in standard_deck()}


def shoe_of(codes: Iterable[str]) -> dict[str, int]:
    """A shoe from a list of card codes, repeats allowed (a test's small shoe)."""
    return dict(Counter(codes))


def size(shoe: Shoe) -> int:
    return sum(shoe.values())


def hands(shoe: Shoe, k: int) -> Iterator[tuple[tuple[str, ...], int]]:
    """Every distinct multiset of ``k`` codes the shoe can deal, with its number of ways
    (unordered hands). The weights sum to C(size, k)."""
    codes = sorted(c for c, n in shoe.items() if n > 0)
    for combo in combinations_with_replacement(codes, k):
        need = Counter(combo)
        ways = prod(comb(shoe[c], m) for c, m in need.items())
        if ways:
            yield combo, ways


def without(shoe: Shoe, cards: Iterable[str]) -> dict[str, int]:
    """The shoe after ``cards`` are dealt from it."""
    out = dict(shoe)
    for c in cards:
        out[c] -= 1
    return out


def count_where(shoe: Shoe, predicate: str) -> int:
    """Cards in the shoe whose rank is one of ``predicate``'s characters ("TJQK")."""
    return sum(n for c, n in shoe.items() if c[0] in predicate)
