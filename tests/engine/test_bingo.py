"""Bingo (seed 000 §1-§5, D-380 … D-392): the cards, the last ball called, shared prizes, Planet
Bingo, the prize wheel, Pick Your Own and Bingo Bonanza."""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

import pytest

from webgame.engine.paytable import load_game, resolve
from webgame.engine.rng import SeededRng
from webgame.games.bingo.calls import Entry, draw_balls, first_bingo, play_game, pre_draw
from webgame.games.bingo.cards import (
    CENTRE,
    FREE,
    CardError,
    check_card,
    check_picks,
    colour_card,
    deal_card,
    is_bingo,
    pattern,
)

T = TypeVar("T")


def rules(variant: str = "standard", **options: Any) -> dict[str, Any]:
    return resolve(load_game("bingo").variants[variant], {"options": options})


class Scripted:
    """An RNG that answers from a script, then 0: with 0s the blower calls 1, 2, 3, … in order."""

    def __init__(self, script: Sequence[int] = ()) -> None:
        self.script = list(script)

    def randbelow(self, n: int) -> int:
        return self.script.pop(0) % n if self.script else 0

    def shuffle(self, items: MutableSequence[T]) -> None:
        pass

    def choice(self, items: Sequence[T]) -> T:
        return items[0]


def card(b: Sequence[int], i: Sequence[int], n: Sequence[int], g: Sequence[int], o: Sequence[int]) -> tuple[int, ...]:
    """A card from its columns, top to bottom (N has four numbers around the free centre)."""
    cols = [list(b), list(i), list(n[:2]) + [FREE] + list(n[2:]), list(g), list(o)]
    return tuple(cols[c][r] for r in range(5) for c in range(5))


COLS = [[1, 15], [16, 30], [31, 45], [46, 60], [61, 75]]


# ---------------------------------------------------------------------------------------
# The cards (000 s.197-204, D-381) and their proof
# ---------------------------------------------------------------------------------------
def test_cards_hold_distinct_numbers_in_their_columns_around_the_free_centre() -> None:
    for seed in range(200):
        c = deal_card(SeededRng(seed), COLS)
        assert c[CENTRE] == FREE and len(set(c)) == 25
        for square, number in enumerate(c):
            if square != CENTRE:
                low, high = COLS[square % 5]
                assert low <= number <= high, (seed, square, number)
        check_card(c, COLS)


def test_a_card_is_proven_by_the_rounds_seed() -> None:
    rng = SeededRng("ab" * 32)
    dealt = [deal_card(rng, COLS) for _ in range(3)]
    again = SeededRng("ab" * 32)
    assert [deal_card(again, COLS) for _ in range(3)] == dealt
    assert deal_card(SeededRng("cd" * 32), COLS) != dealt[0]
    assert len(set(dealt)) == 3


def test_a_forged_card_is_refused() -> None:
    good = card([1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34], [46, 47, 48, 49, 50], [61, 62, 63, 64, 65])
    check_card(good, COLS)
    with pytest.raises(CardError):
        check_card(good[:5] + (1,) + good[6:], COLS)  # 1 twice in the B column
    with pytest.raises(CardError):
        check_card((20,) + good[1:], COLS)  # I's number under B
    with pytest.raises(CardError):
        check_card(good[:CENTRE] + (40,) + good[CENTRE + 1:], COLS)  # no free centre


# ---------------------------------------------------------------------------------------
# The patterns are data (D-382) and the last ball called completes them (000 s.211, D-384)
# ---------------------------------------------------------------------------------------
def test_the_default_patterns_are_d382s() -> None:
    r = rules()
    assert len(pattern(r, "line")) == 12  # five rows, five columns, two diagonals
    assert pattern(r, "four-corners") == [frozenset({0, 4, 20, 24})]
    assert pattern(r, "letter-x") == [frozenset({0, 4, 6, 8, 12, 16, 18, 20, 24})]
    assert pattern(r, "blackout") == [frozenset(range(25))]
    assert {k: r["prizes"][k] for k in r["patterns"]} == {"line": 2500, "four-corners": 2500, "letter-x": 5000,
                                                          "blackout": 25000}  # D-383


TOP = card([1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34], [46, 47, 48, 49, 50], [61, 62, 63, 64, 65])


def test_a_bingo_counts_only_on_the_ball_that_completes_it() -> None:
    line = pattern(rules(), "line")
    top_row = [1, 16, 31, 46, 61]
    assert is_bingo(TOP, line, top_row)
    assert not is_bingo(TOP, line, top_row[:-1])
    # A sleeper: the top row was covered by 61, then 2 (on the card, elsewhere) is called.
    assert not is_bingo(TOP, line, top_row + [2])
    assert not is_bingo(TOP, line, top_row + [9])  # a ball not on the card at all
    # …while a ball that completes a second line is a bingo again.
    assert is_bingo(TOP, line, top_row + [2, 17, 47, 62, 32])


def test_the_game_closes_on_the_first_completing_ball_and_a_later_card_does_not_win() -> None:
    line = pattern(rules(), "line")
    early = Entry(1, TOP)
    late = Entry(2, card([6, 7, 8, 9, 10], [21, 22, 23, 24, 25], [35, 36, 37, 38],
                         [51, 52, 53, 54, 55], [66, 67, 68, 69, 70]))
    calls, won = first_bingo([late, early], line, [6, 21, 35, 51, 1, 16, 31, 46, 61, 66])
    assert calls == [6, 21, 35, 51, 1, 16, 31, 46, 61] and won == [1]
    # The late card's top row would be covered by 66, after the game closed: it never wins.
    calls, won = first_bingo([late, early], line, [6, 21, 35, 51, 66, 1])
    assert won == [2] and len(calls) == 5


def test_four_corners_is_not_a_line() -> None:
    r = rules(pattern="four-corners")
    assert not is_bingo(TOP, pattern(r, "four-corners"), [1, 16, 31, 46, 61])
    assert is_bingo(TOP, pattern(r, "four-corners"), [1, 61, 5, 65])


# ---------------------------------------------------------------------------------------
# Shared prizes (000 s.213, D-385)
# ---------------------------------------------------------------------------------------
def b_column_card(b: Sequence[int], shift: int) -> tuple[int, ...]:
    return card(b, [16 + shift, 17 + shift, 18 + shift, 19 + shift, 20 + shift], [31 + shift, 32 + shift, 33 + shift, 34 + shift],
                [46 + shift, 47 + shift, 48 + shift, 49 + shift, 50 + shift], [61 + shift, 62 + shift, 63 + shift, 64 + shift, 65 + shift])


def test_a_shared_prize_is_split_equally_the_odd_cent_to_the_lowest_serial() -> None:
    # The blower calls 1, 2, 3, …: the B columns 1-5 complete on ball 5, the 11-15 one later.
    entries = [Entry(9, b_column_card([1, 2, 3, 4, 5], 0)), Entry(4, b_column_card([5, 4, 3, 2, 1], 1)),
               Entry(7, b_column_card([2, 1, 5, 3, 4], 2)), Entry(1, b_column_card([11, 12, 13, 14, 15], 3))]
    out = play_game(rules(), entries, Scripted())
    assert out.calls == [1, 2, 3, 4, 5] and out.winners == [4, 7, 9]
    assert [(a.serial, a.prize, a.amount) for a in out.awards] == [(4, "line", 834), (7, "line", 833), (9, "line", 833)]
    assert sum(a.amount for a in out.awards) == 2500
    half = play_game(rules(card_price=50), entries, Scripted())  # D-383: scaled with the price
    assert [a.amount for a in half.awards] == [417, 417, 416]


# ---------------------------------------------------------------------------------------
# Planet Bingo (000 §2, D-386 … D-387) and the prize wheel (000 §3, D-389)
# ---------------------------------------------------------------------------------------
def colours(top_row: int) -> tuple[int, ...]:
    """The top row one colour; every other square a different colour from its neighbours."""
    return tuple(top_row if i < 5 else -1 if i == CENTRE else (i % 5 + top_row + 1) % 5 for i in range(25))


def test_planet_bingo_pays_a_one_colour_line_on_an_add_on_card_and_resets() -> None:
    r = rules(planet_on=True)
    one_colour = Entry(2, TOP, planet=True, colours=colours(3))
    no_add_on = Entry(1, TOP, planet=False, colours=colours(3))
    mixed = Entry(3, TOP, planet=True, colours=(0, 1, 2, 3, 4) + colours(3)[5:])
    order = [1, 16, 31, 46, 61]
    script = [b - 1 - sum(1 for c in order[:k] if c < b) for k, b in enumerate(order)]
    out = play_game(r, [one_colour, no_add_on, mixed], Scripted(script), meter=500_000)
    assert out.winners == [1, 2, 3]
    # The meter took 25¢ from each of the two add-on cards, then paid it all to the one card.
    assert out.planet_paid == 500_000 + 50 and out.planet_meter == 100_000
    assert [(a.serial, a.amount) for a in out.awards if a.prize == "planet-bingo"] == [(2, 500_050)]
    assert [a.amount for a in out.awards if a.prize == "line"] == [834, 833, 833]
    missed = play_game(r, [no_add_on, mixed], Scripted(script), meter=500_000)
    assert missed.planet_paid == 0 and missed.planet_meter == 500_025
    corners = play_game(rules(planet_on=True, pattern="four-corners"), [one_colour], Scripted(), meter=10)
    assert corners.planet_paid == 0 and corners.planet_meter == 35  # D-386: no straight line in it


def test_the_wheel_spins_once_for_a_blackout_and_its_cash_is_split() -> None:
    r = rules(pattern="blackout")
    entries = [Entry(5, TOP), Entry(6, TOP)]
    out = play_game(r, entries, Scripted([0] * 75 + [19]))  # the calls, then the spin
    assert out.wheel_segment == 19 and r["wheel_segments"][19] == 50000
    assert [(a.serial, a.prize, a.amount) for a in out.awards] == [
        (5, "blackout", 12500), (6, "blackout", 12500), (5, "wheel", 25000), (6, "wheel", 25000)]
    assert sorted(r["wheel_segments"]) == [1000] * 8 + [2500] * 6 + [5000] * 3 + [10000] * 2 + [50000]
    assert play_game(rules(), entries, Scripted()).wheel_segment is None  # a line game: no wheel
    assert play_game(rules(wheel="every"), entries, Scripted()).wheel_segment == 0


# ---------------------------------------------------------------------------------------
# Pick Your Own (000 §4, D-390, D-391)
# ---------------------------------------------------------------------------------------
def test_pick_your_own_cards_are_the_players_numbers() -> None:
    assert check_picks([8, 3, 75, 1, 20, 33, 41, 60], 75, 8) == (1, 3, 8, 20, 33, 41, 60, 75)
    for bad in ([1, 2, 3, 4, 5, 6, 7], [1, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [76, 1, 2, 3, 4, 5, 6, 7]):
        with pytest.raises(CardError):
            check_picks(bad, 75, 8)


def test_pick_your_own_eight_matches_within_twenty_calls_win_the_jackpot_later_the_consolation() -> None:
    r = rules("pick-your-own")
    out = play_game(r, [Entry(3, (1, 2, 3, 4, 5, 6, 7, 8)), Entry(2, (2, 4, 6, 8, 10, 12, 14, 16))], Scripted())
    assert out.calls == list(range(1, 9)) and out.winners == [3] and out.prize == "jackpot"
    assert [a.amount for a in out.awards] == [500_000]
    tied = play_game(r, [Entry(3, (13, 14, 15, 16, 17, 18, 19, 20)), Entry(2, (1, 3, 5, 7, 9, 11, 13, 20))], Scripted())
    assert len(tied.calls) == 20 and tied.prize == "jackpot" and [a.amount for a in tied.awards] == [250_000, 250_000]
    late = play_game(r, [Entry(1, (14, 15, 16, 17, 18, 19, 20, 21)), Entry(2, tuple(range(30, 38)))], Scripted())
    assert len(late.calls) == 21 and late.prize == "consolation" and [(a.serial, a.amount) for a in late.awards] == [(1, 10_000)]


# ---------------------------------------------------------------------------------------
# Bingo Bonanza (000 §5, D-392)
# ---------------------------------------------------------------------------------------
def test_bonanza_pre_draws_45_distinct_balls_from_the_rounds_rng() -> None:
    r = rules("bingo-bonanza")
    first = pre_draw(SeededRng("ef" * 32), r)
    assert len(first) == 45 and len(set(first)) == 45 and all(1 <= b <= 75 for b in first)
    assert pre_draw(SeededRng("ef" * 32), r) == first
    rest = draw_balls(SeededRng(1), 75, first)
    assert sorted(first + rest) == list(range(1, 76))


def bonanza_game(missing: int) -> Any:
    """TOP's 24 numbers less its ``missing`` lowest pre-drawn with others (6-15 among them); the
    blower then calls the rest in ascending order, TOP's missing numbers first."""
    numbers = sorted(n for n in TOP if n != FREE)
    others = [n for n in range(6, 76) if n not in numbers]
    pre = numbers[missing:] + others[: 45 - 24 + missing]
    return play_game(rules("bingo-bonanza"), [Entry(1, TOP)], Scripted(), pre_drawn=pre)


def test_bonanza_blackout_within_52_balls_wins_the_jackpot_the_45_counted() -> None:
    out = bonanza_game(missing=7)
    assert len(out.calls) == 52 and out.prize == "jackpot" and out.awards[0].amount == 100_000
    out = bonanza_game(missing=8)
    assert len(out.calls) > 52 and out.prize == "consolation" and out.awards[0].amount == 10_000


def test_planet_colours_come_from_the_rng_and_the_free_centre_matches_every_colour() -> None:
    seen = set()
    for seed in range(50):
        c = colour_card(SeededRng(seed), 5)
        assert c[CENTRE] == -1 and all(0 <= x < 5 for i, x in enumerate(c) if i != CENTRE)
        seen |= set(c)
    assert seen == {-1, 0, 1, 2, 3, 4}
    assert colour_card(SeededRng(7), 5) == colour_card(SeededRng(7), 5)


# ---------------------------------------------------------------------------------------
# The table: cards as stakes, one settlement per card, the proof
# ---------------------------------------------------------------------------------------
def test_a_game_at_the_table_settles_every_card_once_from_the_rounds_seed() -> None:
    from webgame.engine.protocol import Action, IllegalAction, MeterMove, Settlement, Stake
    from webgame.games.bingo import BINGO

    def game(seed: int) -> tuple[Any, list[Any]]:
        r = rules(planet_on=True)
        r["meters"] = {"planet-bingo": 100_000}
        state = BINGO.new_round(r, SeededRng(seed), None)
        events = BINGO.apply(state, Action("cards", 0, "count=3;planet=1"), SeededRng(seed + 1))
        events += BINGO.apply(state, Action("cards", 4, "count=2"), SeededRng(seed + 2))
        events += BINGO.apply(state, Action("draw"), SeededRng(seed + 3))
        return state, events

    state, events = game(10)
    stakes = [e for e in events if isinstance(e, Stake)]
    settled = [e for e in events if isinstance(e, Settlement)]
    assert [s.amount for s in stakes] == [125, 125, 125, 100, 100]  # D-380 + D-387's add-on
    assert sorted(s.bet for s in settled) == sorted(s.bet for s in stakes) == [f"card-{n}" for n in range(1, 6)]
    assert all(s.stake == t.amount for s, t in zip(sorted(settled, key=lambda s: s.bet), stakes, strict=True))
    winners = [s for s in settled if s.returned > 0]
    line = sum(s.returned for s in winners) - sum(a["amount"] for a in state.awards if a["prize"] == "planet-bingo")
    assert winners and line == 2500  # the posted prize, shared, nothing lost or created
    assert next(m.amount for m in events if isinstance(m, MeterMove)) == 75  # three add-ons to the meter
    again, _ = game(10)
    assert again.calls == state.calls and [c["card"] for c in again.cards] == [c["card"] for c in state.cards]
    with pytest.raises(IllegalAction):  # cards for a game already called
        BINGO.apply(state, Action("cards", 0, "count=1"), SeededRng(1))


def test_the_table_refuses_cards_the_game_does_not_sell() -> None:
    from webgame.engine.protocol import Action, IllegalAction, Settlement
    from webgame.games.bingo import BINGO

    state = BINGO.new_round(rules(), SeededRng(1), None)
    for spec in ("count=0", "count=37", "count=x", "numbers=1,2,3", "count=1;planet=1", "count=1;count=2"):
        with pytest.raises(IllegalAction):
            BINGO.apply(state, Action("cards", 0, spec), SeededRng(2))
    assert state.cards == []
    pick = BINGO.new_round(rules("pick-your-own"), SeededRng(1), None)
    with pytest.raises(IllegalAction):
        BINGO.apply(pick, Action("cards", 0, "numbers=1,2,3,4,5,6,7,7"), SeededRng(2))
    BINGO.apply(pick, Action("cards", 0, "numbers=1,2,3,4,5,6,7,75"), SeededRng(2))
    assert pick.cards[0]["card"] == [1, 2, 3, 4, 5, 6, 7, 75]
    # One player alone: D-380's two players are not there, and the card comes back whole.
    events = BINGO.apply(pick, Action("draw"), SeededRng(3))
    assert [(e.result, e.returned) for e in events if isinstance(e, Settlement)] == [("void", 100)]


def test_bonanza_sheets_stay_sealed_until_the_game_and_the_45_are_called_first() -> None:
    from webgame.engine.protocol import Action
    from webgame.games.bingo import BINGO

    r = rules("bingo-bonanza", min_players=1)
    state = BINGO.new_round(r, SeededRng(5), None)
    assert state.pre_drawn == pre_draw(SeededRng(5), r)
    BINGO.apply(state, Action("cards", 2, "count=2"), SeededRng(6))
    assert [c["card"] for c in BINGO.view(state, 2)["cards"]] == [[], []]
    BINGO.apply(state, Action("draw"), SeededRng(7))
    assert state.calls[:45] == state.pre_drawn and len(state.calls) > 45
    assert all(len(c["card"]) == 25 for c in BINGO.view(state, 2)["cards"])
