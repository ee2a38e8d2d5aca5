"""The action seat (D-478, D-479, D-167, D-230, D-467): dice counted from the player-dealer,
card values counted over the other seats, the 21st Century seat chart and fixed first seats.

Seats are numbered 1..N clockwise from the house dealer's left.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import pytest

from webgame.engine.rng import SeededRng
from webgame.games.california.action import (
    ActionRule,
    DiceCup,
    Layout,
    by_count,
    choose,
    dice_position,
    settlement_order,
)
from webgame.games.california.editions import edition, editions

T = TypeVar("T")
TOTALS = range(3, 19)


class LoadedDice:
    """An Rng whose draws are given: each die is the next value."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)

    def randbelow(self, n: int) -> int:
        return self.faces.pop(0) - 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        raise AssertionError("no shuffle here")

    def choice(self, items: Sequence[T]) -> T:
        raise AssertionError("no choice here")


def _full(positions: int, pd: int) -> Layout:
    return Layout(positions, pd, frozenset(range(1, positions + 1)) - {pd})


# ---- dice: the P/D is 1, 8 and 15 on seven positions (001 s.39-110, D-478)

def test_bank_is_counted_one_eight_and_fifteen() -> None:
    assert [t for t in TOTALS if dice_position(t, 7) == 1] == [8, 15]
    assert [t for t in TOTALS if dice_position(t, 8) == 1] == [9, 17]  # Asian Baccarat (003 s.32)


@pytest.mark.parametrize(("layout", "direction", "counted", "action"), [
    # seven positions, the P/D in seat 1, every seat betting
    (_full(7, 1), "clockwise",
     {3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 1, 9: 2, 10: 3, 11: 4, 12: 5, 13: 6, 14: 7, 15: 1, 16: 2, 17: 3, 18: 4},
     {3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 2, 9: 2, 10: 3, 11: 4, 12: 5, 13: 6, 14: 7, 15: 2, 16: 2, 17: 3, 18: 4}),
    # the P/D in seat 3: the count wraps past seat 7
    (_full(7, 3), "clockwise",
     {3: 5, 4: 6, 5: 7, 6: 1, 7: 2, 8: 3, 9: 4, 10: 5, 11: 6, 12: 7, 13: 1, 14: 2, 15: 3, 16: 4, 17: 5, 18: 6},
     {3: 5, 4: 6, 5: 7, 6: 1, 7: 2, 8: 4, 9: 4, 10: 5, 11: 6, 12: 7, 13: 1, 14: 2, 15: 4, 16: 4, 17: 5, 18: 6}),
    # the P/D in seat 3, only seats 1 and 6 betting: empty seats pass the action on (D-230)
    (Layout(7, 3, frozenset({1, 6})), "clockwise",
     {3: 5, 4: 6, 5: 7, 6: 1, 7: 2, 8: 3, 9: 4, 10: 5, 11: 6, 12: 7, 13: 1, 14: 2, 15: 3, 16: 4, 17: 5, 18: 6},
     {3: 6, 4: 6, 5: 1, 6: 1, 7: 6, 8: 6, 9: 6, 10: 6, 11: 6, 12: 1, 13: 1, 14: 6, 15: 6, 16: 6, 17: 6, 18: 6}),
    # Pai Gow tiles: eight positions counted counter-clockwise, the P/D in seat 2 (D-478)
    (_full(8, 2), "counter-clockwise",
     {3: 8, 4: 7, 5: 6, 6: 5, 7: 4, 8: 3, 9: 2, 10: 1, 11: 8, 12: 7, 13: 6, 14: 5, 15: 4, 16: 3, 17: 2, 18: 1},
     {3: 8, 4: 7, 5: 6, 6: 5, 7: 4, 8: 3, 9: 1, 10: 1, 11: 8, 12: 7, 13: 6, 14: 5, 15: 4, 16: 3, 17: 1, 18: 1}),
    # Asian Baccarat: eight positions clockwise, the P/D in seat 5 is 1, 9 and 17 (003 s.32)
    (_full(8, 5), "clockwise",
     {3: 7, 4: 8, 5: 1, 6: 2, 7: 3, 8: 4, 9: 5, 10: 6, 11: 7, 12: 8, 13: 1, 14: 2, 15: 3, 16: 4, 17: 5, 18: 6},
     {3: 7, 4: 8, 5: 1, 6: 2, 7: 3, 8: 4, 9: 6, 10: 6, 11: 7, 12: 8, 13: 1, 14: 2, 15: 3, 16: 4, 17: 6, 18: 6}),
], ids=["pd-seat-1", "pd-seat-3", "pd-seat-3-two-bettors", "pai-gow-tiles", "asian-baccarat"])
def test_every_dice_total_lands_on_its_seat(layout: Layout, direction: str, counted: dict[int, int],
                                            action: dict[int, int]) -> None:
    assert direction in ("clockwise", "counter-clockwise")
    for total in TOTALS:
        seat = by_count(layout, total, "clockwise" if direction == "clockwise" else "counter-clockwise")
        assert (seat.counted, seat.seat) == (counted[total], action[total]), total


def test_a_total_on_the_bank_gives_the_bank_the_first_pile_and_the_next_player_the_action() -> None:
    seat = by_count(_full(7, 4), 15, "clockwise")  # 001 s.1078, D-230
    assert (seat.counted, seat.seat) == (4, 5)


def test_dice_come_from_the_rounds_rng() -> None:
    rule = edition("pai-gow-poker@lucky-derby").action
    seat = choose(_full(7, 1), rule, LoadedDice([6, 6, 3]))
    assert seat.dice == (6, 6, 3) and (seat.counted, seat.seat) == (1, 2)  # 15: the bank
    again = choose(_full(7, 1), rule, SeededRng("ab" * 32))
    assert again == choose(_full(7, 1), rule, SeededRng("ab" * 32))
    assert 3 <= sum(again.dice) <= 18 and len(again.dice) == 3


def test_nobody_betting_has_no_action_seat() -> None:
    assert by_count(Layout(7, 1, frozenset()), 9, "clockwise").seat is None


# ---- "no dice": the cup is shaken again

def test_a_player_dealer_who_changes_the_action_has_the_cup_reshaken() -> None:  # 003 s.116
    cup = DiceCup()
    cup.shake(LoadedDice([1, 1, 1]))
    cup.no_dice(LoadedDice([6, 5, 4]))
    assert cup.dice == (6, 5, 4) and cup.shakes == 2
    seat = cup.open(_full(7, 1), edition("pai-gow-poker@crystal-park").action)
    assert seat.counted == dice_position(15, 7) == 1 and seat.seat == 2


def test_every_no_dice_reshakes_until_the_cup_is_opened() -> None:
    cup = DiceCup()
    rng = SeededRng("cd" * 32)
    cup.shake(rng)
    seen = [cup.dice]
    for _ in range(5):
        cup.no_dice(rng)
        seen.append(cup.dice)
    assert cup.shakes == 6 and len(seen) == 6
    cup.open(_full(7, 1), edition("pai-gow-poker@lucky-derby").action)
    with pytest.raises(ValueError, match="open"):
        cup.no_dice(rng)


def test_the_cup_cannot_be_opened_or_reshaken_before_a_shake() -> None:
    rule = edition("pai-gow-poker@lucky-derby").action
    with pytest.raises(ValueError):
        DiceCup().open(_full(7, 1), rule)
    with pytest.raises(ValueError):
        DiceCup().no_dice(SeededRng(1))


def test_face_up_may_pick_the_position_at_random() -> None:  # 001 s.2828
    rule = ActionRule(method="random-position")
    seat = choose(_full(7, 1), rule, LoadedDice([3]))
    assert (seat.counted, seat.seat) == (3, 3)


# ---- card values (D-479)

CARD_FROM_HOUSE_DEALER = {"A": 1, "2": 2, "3": 3, "4": 5, "5": 6, "6": 7, "7": 1, "8": 2, "9": 3,
                          "T": 5, "J": 6, "Q": 7, "K": 1}
CARD_FROM_PLAYER_DEALER = {"A": 5, "2": 6, "3": 7, "4": 1, "5": 2, "6": 3, "7": 5, "8": 6, "9": 7,
                           "T": 1, "J": 2, "Q": 3, "K": 5}


@pytest.mark.parametrize("rank", list(CARD_FROM_HOUSE_DEALER))
def test_card_counts_from_the_house_dealers_left_skipping_the_bank(rank: str) -> None:
    rule = edition("three-card-poker@6cb-lucky-derby").action  # 001 s.405
    assert choose(_full(7, 4), rule, card=rank).seat == CARD_FROM_HOUSE_DEALER[rank]


@pytest.mark.parametrize("rank", list(CARD_FROM_PLAYER_DEALER))
def test_no_bust_counts_from_the_player_dealer_as_zero(rank: str) -> None:
    rule = edition("no-bust-21st-century-blackjack@4.0").action  # 001 s.1357
    assert choose(_full(7, 4), rule, card=rank).seat == CARD_FROM_PLAYER_DEALER[rank]


def test_ten_counts_ten() -> None:  # D-479
    rule = edition("ez-baccarat@lucky-derby").action
    assert choose(Layout(13, 13, frozenset(range(1, 13))), rule, card="T").seat == 10


def test_card_on_an_empty_seat_moves_clockwise_to_a_wager() -> None:
    rule = edition("caribbean-stud@designated-player").action  # D-321
    seat = choose(Layout(8, 4, frozenset({7, 2})), rule, card="A")
    assert (seat.counted, seat.seat) == (1, 2)


# ---- the 21st Century Baccarat chart (D-167)

@pytest.mark.parametrize(("rank", "seat"), [("A", 4), ("8", 4), ("2", 5), ("9", 5), ("3", 6), ("T", 6),
                                            ("4", 7), ("J", 7), ("5", 8), ("Q", 8), ("6", 1), ("K", 1),
                                            ("7", 2), ("JK", 2)])
def test_seat_chart_counts_from_the_player_dealer(rank: str, seat: int) -> None:
    rule = edition("21st-century-baccarat@face-down").action
    assert choose(_full(8, 3), rule, card=rank).seat == seat


# ---- fixed first seats and the settlement order (D-467)

@pytest.mark.parametrize(("slug", "first", "order"), [
    ("fortune-7-baccarat@crystal-park", 5, [5, 6, 1, 2]),          # the P/D's left, clockwise
    ("california-baccarat@crystal-park", 2, [2, 1, 6, 5]),         # the P/D's right, counter-clockwise
    ("mississippi-stud@crystal-park", 6, [6, 5, 2, 1]),            # the house dealer's right
    ("let-it-ride@bonus-1.0", 6, [6, 5, 2, 1]),
    ("ultimate-texas-holdem@lucky-derby", 5, [5, 6, 1, 2]),
])
def test_fixed_first_seat_and_order(slug: str, first: int, order: list[int]) -> None:
    layout = Layout(7, 3, frozenset({1, 2, 5, 6}))
    rule = edition(slug).action
    seat = choose(layout, rule)
    assert seat.seat == first
    assert settlement_order(layout, first, rule.settle) == order


def test_cover_only_button_is_marked_by_data() -> None:  # D-332, D-702
    assert edition("four-card-poker@lucky-chances").action.only_when_short
    assert edition("three-card-poker@lucky-chances").action.only_when_short
    assert not edition("three-card-poker@6cb-lucky-derby").action.only_when_short


def test_every_edition_loads_with_a_citation() -> None:
    for slug, ed in editions().items():
        assert ed.action.cite and ed.wager_order, slug
        if ed.action.method in ("dice", "seat-map"):
            assert ed.positions, slug
        if ed.action.method == "card":
            assert len(ed.action.card_values) == 13, slug


def test_every_edition_with_a_fee_schedule_has_its_banking_data_and_back() -> None:
    from webgame.games.california.fees import schedules

    priced = {game for option in schedules().values() for game in option.games}
    assert priced == set(editions())


def test_pure_21_5_bureau_rules_settle_every_game_wager_before_any_buster() -> None:
    ed = edition("pure-spanish-21-5@lucky-chances-bgc")
    assert ed.settle_by == "wager" and ed.action.count_from == "player-dealer"
