"""The house chart is one source (P-110, P-112): the bots' moves, the exact count and the
printed grid all read strategy.chart()."""

from __future__ import annotations

import itertools

import pytest

from webgame.games.blackjack import strategy
from webgame.games.blackjack.hand import count

CODES = {"H", "S", "D", "Ds", "P", "R", "Rs"}


@pytest.mark.parametrize("h17", [False, True])
def test_decide_plays_the_printed_grid(h17: bool) -> None:
    """Every two-card hand against every up card: the bot's move is the grid's code, read
    with what the rules allow (double, surrender)."""
    rows = strategy.chart_rows(h17)
    ups = rows["ups"]
    assert {code for _, row in rows["hard"] + rows["soft"] + rows["pairs"] for code in row} <= CODES
    hard = dict(rows["hard"])
    soft = dict(rows["soft"])
    pairs = dict(rows["pairs"])
    ranks = "A23456789T"
    for a, b in itertools.combinations_with_replacement(ranks, 2):
        cards = [a + "s", b + "h"]
        hand = count(cards)
        if hand.total == 21:
            continue
        for i, up in enumerate(ups):
            up_card = ("T" if up == "10" else up) + "d"
            if a == b:
                code = pairs[f"{a},{b}"][i]
            elif hand.soft:
                code = soft[f"A,{hand.total - 11}"][i]
            else:
                code = hard["5-7" if hand.total <= 7 else "18+" if hand.total >= 18 else str(hand.total)][i]
            for can_double, can_surrender in itertools.product([True, False], repeat=2):
                move = strategy.decide(cards, up_card, strategy.Options(can_double, True, can_surrender, h17))
                expected = "split" if code == "P" else strategy.play_of(code, can_double, can_surrender)
                assert move == expected, (cards, up, code, can_double, can_surrender)


def test_play_of_reads_the_codes_as_the_legend_says() -> None:
    assert strategy.play_of("D", False, False) == "hit" and strategy.play_of("Ds", False, False) == "stand"
    assert strategy.play_of("D", True, False) == "double" and strategy.play_of("Ds", True, False) == "double"
    assert strategy.play_of("R", False, False) == "hit" and strategy.play_of("Rs", False, False) == "stand"
    assert strategy.play_of("R", False, True) == "surrender" and strategy.play_of("Rs", True, True) == "surrender"
    assert dict(strategy.LEGEND)["P"] == "split"


def test_the_soft_17_rule_changes_only_the_known_plays() -> None:
    s17, h17 = strategy.chart(False), strategy.chart(True)
    changed = {("hard", t, u) for t in strategy.HARD_TOTALS for u in strategy.UPS if s17.hard[t][u] != h17.hard[t][u]}
    changed |= {("soft", t, u) for t in strategy.SOFT_TOTALS for u in strategy.UPS if s17.soft[t][u] != h17.soft[t][u]}
    # H17: double 11 v A, surrender 15 and 17 v A, double soft 18 v 2 and soft 19 v 6.
    assert changed == {("hard", 11, 11), ("hard", 15, 11), ("hard", 17, 11), ("soft", 18, 2), ("soft", 19, 6)}
    assert s17.pairs == h17.pairs
