"""The bead plate and the big road of a baccarat shoe (issue 13)."""

from __future__ import annotations

from webgame.games.baccarat.roads import Bead, RoadCell, bead_plate, big_road, counts


def test_bead_plate_fills_six_down_then_the_next_column() -> None:
    beads = bead_plate(list("BPTBBPP"))
    assert [(b.col, b.row, b.mark) for b in beads] == [
        (0, 0, "B"), (0, 1, "P"), (0, 2, "T"), (0, 3, "B"), (0, 4, "B"), (0, 5, "P"), (1, 0, "P")]


def test_bead_plate_keeps_the_latest_columns_that_fit() -> None:
    beads = bead_plate(["B"] * 20, columns=2)  # columns 0-3 exist; the last two are shown
    assert beads[0] == Bead(0, 0, "B") and beads[-1] == Bead(1, 1, "B") and len(beads) == 8


def test_big_road_puts_a_streak_in_a_column_and_a_change_in_the_next() -> None:
    road = big_road(list("BBPPPB"))
    assert [(c.col, c.row, c.mark) for c in road] == [
        (0, 0, "B"), (0, 1, "B"), (1, 0, "P"), (1, 1, "P"), (1, 2, "P"), (2, 0, "B")]


def test_ties_are_counted_on_the_cell_before_them_and_leading_ties_on_the_first() -> None:
    road = big_road(list("TBTTPT"))
    assert road == [RoadCell(0, 0, "B", 1 + 2), RoadCell(1, 0, "P", 1)]
    assert counts(list("TBTTPT")) == {"B": 1, "P": 1, "T": 4}


def test_a_streak_longer_than_six_turns_right_along_the_bottom_row() -> None:
    road = big_road(list("BBBBBBBBP"))
    assert [(c.col, c.row) for c in road[:8]] == [(0, r) for r in range(6)] + [(1, 5), (2, 5)]
    assert (road[8].col, road[8].row, road[8].mark) == (1, 0, "P")


def test_a_streak_that_meets_an_earlier_tail_turns_right_above_it() -> None:
    road = big_road(list("BBBBBBB" + "PPPPPP"))  # the Banker tail runs at (1, 5)
    players = [(c.col, c.row) for c in road if c.mark == "P"]
    assert players == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4)]
