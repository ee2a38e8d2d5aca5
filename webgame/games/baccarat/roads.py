"""The scoreboards a baccarat player reads: the bead plate and the big road of the current
shoe, kept in the table's carry and cleared at the shuffle (issue 13).

A shoe's history is a list of marks, one per coup: ``"P"``, ``"B"`` or ``"T"``. The bead
plate shows every coup in order, six to a column, top to bottom then left to right. The big
road shows streaks: a column per run of Player or Banker wins, top to bottom; a run longer
than the six rows turns right along the bottom row (the "dragon tail"), and a run that meets
an earlier tail turns right where it stops; a tie is not a cell of its own but a count on the
cell before it (ties before the first decision are kept on the first cell).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ROWS = 6


@dataclass(frozen=True)
class Bead:
    col: int
    row: int
    mark: str


@dataclass(frozen=True)
class RoadCell:
    col: int
    row: int
    mark: str  # "P" or "B"
    ties: int


def bead_plate(marks: Sequence[str], rows: int = ROWS, columns: int = 0) -> list[Bead]:
    """Every coup in order, six to a column; with ``columns``, only the last columns that fit
    (a phone shows the latest of a long shoe)."""
    beads = [Bead(i // rows, i % rows, m) for i, m in enumerate(marks)]
    if columns and beads:
        first = max(0, beads[-1].col - columns + 1)
        beads = [Bead(b.col - first, b.row, b.mark) for b in beads if b.col >= first]
    return beads


def big_road(marks: Sequence[str], rows: int = ROWS, columns: int = 0) -> list[RoadCell]:
    """The streaks of Player and Banker wins, with the ties counted on the cell before them."""
    cells: list[RoadCell] = []
    taken: set[tuple[int, int]] = set()
    leading_ties = 0
    start_col = -1
    turned = False  # the current streak runs right along a row
    for m in marks:
        if m == "T":
            if cells:
                last = cells[-1]
                cells[-1] = RoadCell(last.col, last.row, last.mark, last.ties + 1)
            else:
                leading_ties += 1
            continue
        if not cells or cells[-1].mark != m:
            start_col += 1
            col, row, turned = start_col, 0, False
        else:
            col, row = cells[-1].col, cells[-1].row
            if not turned and row + 1 < rows and (col, row + 1) not in taken:
                row += 1
            else:
                col, turned = col + 1, True
        while (col, row) in taken:  # an earlier streak's tail already runs here
            col += 1
        taken.add((col, row))
        cells.append(RoadCell(col, row, m, 0 if cells else leading_ties))
    if columns and cells:
        first = max(0, max(c.col for c in cells) - columns + 1)
        cells = [RoadCell(c.col - first, c.row, c.mark, c.ties) for c in cells if c.col >= first]
    return cells


def counts(marks: Sequence[str]) -> dict[str, int]:
    return {m: sum(1 for x in marks if x == m) for m in ("B", "P", "T")}
