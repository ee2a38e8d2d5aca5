"""Fortune Pai Gow Poker's odds: every paytable option's Fortune Bonus counted exactly over the
C(53,7) hands with the joker the option plays (D-246), each hand paid at the best line its
table prints (D-238), and the three pair that FPG-01..03 push (D-244)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from webgame.analysis import registry
from webgame.analysis.pai_gow_poker import HANDS, fortune_grades, fortune_wager, line_counts
from webgame.engine.money import Odds
from webgame.engine.paytable import load_game, resolve

GAME = "fortune-pai-gow-poker"


def rules(variant: str, paytable: str | None = None) -> dict:
    return resolve(load_game(GAME).variants[variant], {"options": {"fortune_paytable": paytable}} if paytable else None)


def test_three_pairs_are_counted_as_the_rulebook_reads_them() -> None:
    """Three pairs with the semi-wild joker, counted by hand: 2,471,040 with no joker (C(13,3)
    pairs × 6³ × a single of 40); 47,520 with the joker as a lone ace (C(12,3) × 6³); 380,160 with
    two pairs, a natural ace the joker pairs and a single (C(12,2) × 6² × 4 × 40), less the 23,760
    the joker makes a flush and the 12,960 it makes a straight: 2,862,000."""
    three = sum(n for grades, n in fortune_grades("bug").items() if grades[0] == "three-pair")
    assert three == 2_471_040 + 47_520 + 380_160 - 23_760 - 12_960 == 2_862_000


@pytest.mark.parametrize(("variant", "paytable"), [("lucky-derby", None), ("crystal-park", "fortune-option-a"),
                                                   ("crystal-park", "fortune-option-b")] +
                         [("lucky-chances", f"fpg-0{n}") for n in range(1, 10)])
def test_each_paytable_edge_is_the_exact_sum_over_its_lines(variant: str, paytable: str | None) -> None:
    r = rules(variant, paytable)
    lines = r["paytables"][r["fortune_paytable"]]["lines"]
    counts = line_counts(r["joker"], lines)
    assert sum(counts.values()) == HANDS
    ev = sum((Fraction(n, HANDS) * (Odds.parse(str(lines[k])).net if k in lines else -1) for k, n in counts.items()),
             Fraction(0))
    assert fortune_wager(r).house_edge == -ev
    if r["fortune_paytable"] in ("fpg-01", "fpg-02", "fpg-03"):
        assert counts["three-pair"] == 2_862_000  # pushed, neither won nor lost (D-244)
    else:
        assert "three-pair" not in lines  # three pair loses there like any two pair


def test_the_fully_wild_lucky_derby_table_favours_the_bettor() -> None:
    """001 s.1045 plays the joker fully wild under the FPG-04 pays, which Lucky Chances prints
    for a semi-wild joker: the wild joker makes four of a kind and better so often that the
    bettor has the edge over the player-dealer (figure exact: about 26.8 %)."""
    wild = fortune_wager(rules("lucky-derby")).house_edge
    semi = fortune_wager(rules("lucky-chances", "fpg-04")).house_edge
    assert rules("lucky-derby")["paytables"]["fortune-lucky-derby"]["lines"] == \
        rules("lucky-chances", "fpg-04")["paytables"]["fpg-04"]["lines"]
    assert wild < -Fraction(26, 100) and Fraction(8, 100) < semi < Fraction(9, 100)


def test_the_analyzer_lists_every_wager() -> None:
    module = registry.analyzer(GAME)
    assert module is not None
    for variant in ("lucky-derby", "lucky-chances", "crystal-park"):
        found = {w.bet: w for w in module.wagers(load_game(GAME).variants[variant], rules(variant))}
        assert set(found) == {"main", "fortune-bonus", "envy-bonus"}
        assert found["main"].simulated and found["fortune-bonus"].exact and found["envy-bonus"].exact
