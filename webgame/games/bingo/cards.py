"""Bingo cards and patterns, as pure functions (seed 000 §1 s.197-204, D-381, D-382, D-386).

A card is its 25 squares row by row, B to O from the left; the free centre is 0. A Pick Your
Own card (000 §4, D-390) is the player's own numbers, with no squares. Patterns are data
(``rules["patterns"]``): each is a list of shapes, each shape five rows of five squares.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...engine.rng import Rng

FREE = 0
CENTRE = 12  # row 3, column N: 000 s.198 "the center square designated as free"
SIZE = 5


class CardError(ValueError):
    """A card the rules refuse; the message is shown to the player as is."""


Card = tuple[int, ...]
Shape = frozenset[int]


def _sample(rng: Rng, low: int, high: int, count: int) -> list[int]:
    """``count`` distinct numbers of low..high, each draw from the round's RNG (D-381)."""
    pool = list(range(low, high + 1))
    out = []
    for _ in range(count):
        out.append(pool.pop(rng.randbelow(len(pool))))
    return out


def deal_card(rng: Rng, columns: Sequence[Sequence[int]]) -> Card:
    """A card from the round's RNG: five distinct numbers per column from its range (000
    s.200-204), four in N around the free centre (D-381: 24 distinct numbers)."""
    by_column = []
    for c, (low, high) in enumerate(columns):
        picks = _sample(rng, int(low), int(high), SIZE - 1 if c == 2 else SIZE)
        if c == 2:
            picks.insert(2, FREE)
        by_column.append(picks)
    return tuple(by_column[c][r] for r in range(SIZE) for c in range(SIZE))


def check_card(card: Sequence[int], columns: Sequence[Sequence[int]]) -> None:
    """Refuses a card that is not a bingo card of these columns (a forged card)."""
    if len(card) != SIZE * SIZE or card[CENTRE] != FREE:
        raise CardError("That is not a bingo card.")
    for i, n in enumerate(card):
        if i == CENTRE:
            continue
        low, high = columns[i % SIZE]
        if not int(low) <= n <= int(high):
            raise CardError(f"{n} is not in its column's range.")
    if len(set(card)) != len(card):
        raise CardError("Each number is on a card once.")


def colour_card(rng: Rng, colours: int) -> tuple[int, ...]:
    """D-386: each numbered square one of the colours, uniformly from the RNG; the free centre
    is -1, which matches every colour."""
    return tuple(-1 if i == CENTRE else rng.randbelow(colours) for i in range(SIZE * SIZE))


def check_picks(numbers: Sequence[int], balls: int, spaces: int) -> tuple[int, ...]:
    """A Pick Your Own card (000 s.233, D-390): exactly the posted number of spaces, each from
    1 to 75, none twice. The void list of s.237 becomes this refusal."""
    if len(numbers) != spaces:
        raise CardError(f"This game's cards hold {spaces} numbers.")
    for n in numbers:
        if not 1 <= n <= balls:
            raise CardError(f"Numbers are 1 to {balls}: {n} is not.")
    if len(set(numbers)) != len(numbers):
        raise CardError("A number may be picked once.")
    return tuple(sorted(numbers))


def quick_picks(rng: Rng, balls: int, spaces: int) -> tuple[int, ...]:
    return tuple(sorted(_sample(rng, 1, balls, spaces)))


def shape(drawing: str) -> Shape:
    """The squares of one shape, as drawn in the rules file ("x..../x..../…")."""
    rows = drawing.split("/")
    if len(rows) != SIZE or any(len(r) != SIZE or set(r) - {"x", "."} for r in rows):
        raise ValueError(f"a shape is five rows of five squares: {drawing!r}")
    return frozenset(r * SIZE + c for r, row in enumerate(rows) for c, mark in enumerate(row) if mark == "x")


def pattern(rules: Mapping[str, Any], name: str) -> list[Shape]:
    return [shape(d) for d in rules["patterns"][name]]


def straight_lines() -> list[Shape]:
    """The twelve straight lines of a card: rows, columns, diagonals (D-386)."""
    rows = [frozenset(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)]
    cols = [frozenset(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)]
    diags = [frozenset(i * SIZE + i for i in range(SIZE)), frozenset(i * SIZE + SIZE - 1 - i for i in range(SIZE))]
    return rows + cols + diags


def covered(card: Card, called: Iterable[int]) -> frozenset[int]:
    """The squares covered by the calls (auto-daub), the free centre always."""
    calls = set(called)
    return frozenset(i for i, n in enumerate(card) if n == FREE or n in calls)


def completed_shapes(card: Card, shapes: Sequence[Shape], called: Sequence[int]) -> list[Shape]:
    """The shapes the last ball called completes on this card (000 s.211, D-384): each is
    covered and holds the last ball's square. A shape covered before the last ball and not
    holding it is a sleeper: it does not count."""
    if not called:
        return []
    last = called[-1]
    if last not in card:
        return []
    square = card.index(last)
    cover = covered(card, called)
    return [s for s in shapes if square in s and s <= cover]


def is_bingo(card: Card, shapes: Sequence[Shape], called: Sequence[int]) -> bool:
    return bool(completed_shapes(card, shapes, called))


def one_colour_line(colours: Sequence[int], within: Iterable[Shape]) -> bool:
    """D-386: a straight line inside the winning shape all of one colour (the free centre
    matches any). A shape without a straight line never qualifies."""
    lines = straight_lines()
    for s in within:
        for line in lines:
            if line <= s and len({colours[i] for i in line if colours[i] >= 0}) == 1:
                return True
    return False


def matches(numbers: Iterable[int], called: Iterable[int]) -> int:
    return len(set(numbers) & set(called))
