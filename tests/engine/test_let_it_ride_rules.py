"""Let It Ride as data and as a whole: the paytables against the rulebook lines, every
five-card and three-card hand through the engine's line lookup, the exact house edges with
the best take-back strategy, and hundreds of random rounds."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np
import pytest

from tests.carnival_support import check_money, random_round, rules_for
from webgame.engine.cards import standard_deck
from webgame.engine.hands import batch, evaluate_three
from webgame.engine.hands.high import high_evaluator
from webgame.engine.money import Odds
from webgame.engine.paytable import load_game
from webgame.engine.rng import SeededRng
from webgame.games.carnival import LET_IT_RIDE as LIR
from webgame.games.carnival.base import pay_line

VARIANTS = ("grand-ronde", "chapter4")
EV = high_evaluator()


@cache
def five_card_histogram() -> np.ndarray:
    return batch.histogram_high(5)


def line_counts(variant: str, table: str) -> dict[str | None, int]:
    """How many of the 2,598,960 five-card hands pay on each line of ``table``."""
    rules = rules_for("let-it-ride", variant)
    hist = five_card_histogram()
    out: dict[str | None, int] = {}
    for value in np.nonzero(hist)[0]:
        line = pay_line(rules, table, EV.value(int(value), ()))
        out[line] = out.get(line, 0) + int(hist[value])
    return out


def test_paytables_are_the_rulebook_lines():
    game = load_game("let-it-ride")
    gr, c4 = game.variants["grand-ronde"], game.variants["chapter4"]
    odds = lambda v, t: [(ln.hand, str(ln.odds)) for ln in v.paytable(t).lines]
    base = ["straight-flush", "four-of-a-kind", "full-house", "flush", "straight", "three-of-a-kind",
            "two-pair", "pair-tens-or-better"]
    # 000 s.598-610 and 004 s.1110-1118: only the royal flush differs.
    assert odds(gr, "lir-grand-ronde") == [("royal-flush", "500 to 1")] + list(zip(base, [
        "200 to 1", "50 to 1", "11 to 1", "8 to 1", "5 to 1", "3 to 1", "2 to 1", "1 to 1"]))
    assert odds(c4, "lir-chapter4") == [("royal-flush", "1000 to 1")] + odds(gr, "lir-grand-ronde")[1:]
    # 000 s.598-609: "for 1" (D-024), nothing for a pair.
    assert odds(gr, "lir-dollar-bonus") == [("royal-flush", "10000 for 1"), ("straight-flush", "2000 for 1"),
                                             ("four-of-a-kind", "100 for 1"), ("full-house", "75 for 1"),
                                             ("flush", "50 for 1"), ("straight", "25 for 1"),
                                             ("three-of-a-kind", "8 for 1"), ("two-pair", "4 for 1")]
    # 000 s.617-622.
    assert odds(gr, "lir-three-card-bonus") == [("royal-flush", "50 to 1"), ("straight-flush", "40 to 1"),
                                                 ("three-of-a-kind", "30 to 1"), ("straight", "6 to 1"),
                                                 ("flush", "3 to 1"), ("pair", "1 to 1")]
    for v in (gr, c4):
        assert all(ln.cite for pt in v.paytables.values() for ln in pt.lines)
    assert gr.side_bets == ("lir-dollar-bonus", "lir-three-card-bonus") and c4.side_bets == ()  # D-517
    assert (gr.rules["cap_kind"], c4.rules["cap_kind"]) == ("per-player", "table-aggregate")   # D-006
    assert gr.rules["cap"] == c4.rules["cap"] == 2_500_000                                    # s.612, s.1124
    assert gr.limits["base"].max == 5000 and c4.limits["base"].max == 200_000                  # s.588, s.1147
    assert gr.rules["seats"] == c4.rules["seats"] == 7                                        # D-290


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_five_card_hand_gets_its_base_line(variant):
    counts = line_counts(variant, rules_for("let-it-ride", variant)["base_paytable"])
    assert counts == {
        "royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3744, "flush": 5108,
        "straight": 10200, "three-of-a-kind": 54912, "two-pair": 123552,
        "pair-tens-or-better": 5 * 84480,           # tens, jacks, queens, kings, aces
        None: 1302540 + 8 * 84480,                  # no pair, or a pair of 2s to 9s (000 s.693)
    }


def test_dollar_bonus_return_over_every_hand_D024():
    counts = line_counts("grand-ronde", "lir-dollar-bonus")
    rules = rules_for("let-it-ride", "grand-ronde")
    lines = rules["paytables"]["lir-dollar-bonus"]["lines"]
    total = sum(Odds.parse(lines[ln]).net * n if ln else -n for ln, n in counts.items())
    # net per $1: 9,999 / 1,999 / 99 / 74 / 49 / 24 / 7 / 3, everything else loses the $1
    expected = (4 * 9999 + 36 * 1999 + 624 * 99 + 3744 * 74 + 5108 * 49 + 10200 * 24 + 54912 * 7
                + 123552 * 3 - (2598960 - 4 - 36 - 624 - 3744 - 5108 - 10200 - 54912 - 123552))
    assert total == expected
    assert round(float(-Fraction(total, 2598960)), 4) == 0.2693  # the house keeps 26.93 % of the $1 Bonus


def test_three_card_bonus_return_over_every_hand():
    rules = rules_for("let-it-ride", "grand-ronde")
    deck = [c.code for c in standard_deck()]
    counts: dict[str | None, int] = {}
    for hand in itertools.combinations(deck, 3):
        line = pay_line(rules, "lir-three-card-bonus", evaluate_three(hand))
        counts[line] = counts.get(line, 0) + 1
    assert counts == {"royal-flush": 4, "straight-flush": 44, "three-of-a-kind": 52, "straight": 720,
                      "flush": 1096, "pair": 3744, None: 16440}
    lines = rules["paytables"]["lir-three-card-bonus"]["lines"]
    total = sum(Odds.parse(lines[ln]).net * n if ln else -n for ln, n in counts.items())
    assert Fraction(total, 22100) == Fraction(-1568, 22100)  # a 7.10 % house edge


@pytest.mark.slow
def test_house_edge_with_the_best_take_back_strategy():
    """Every deal: bet 1 rides when the three cards' expected payout over every pair of
    community cards is positive, bet 2 when the four cards' is, bet 3 always plays. The
    standard table (1,000 to 1 royal, Chapter 4) gives the published 3.51 % of one base unit;
    the Grand Ronde 500 to 1 royal gives 3.74 %."""
    hands = batch.combinations_array(52, 5).astype(np.int64)
    values = batch.rank_high_batch(hands).astype(np.int64)
    binom = [np.array([comb(x, i) for x in range(52)], dtype=np.int64) for i in range(6)]

    def index(cols: list[np.ndarray]) -> np.ndarray:  # combinatorial number system
        out = np.zeros(len(cols[0]), dtype=np.int64)
        for i, col in enumerate(cols):
            out += binom[i + 1][col]
        return out

    edges = {}
    for variant in VARIANTS:
        rules = rules_for("let-it-ride", variant)
        table = rules["base_paytable"]
        pay = np.full(int(values.max()) + 1, -1.0)
        for v in np.unique(values):
            line = pay_line(rules, table, EV.value(int(v), ()))
            if line:
                pay[v] = float(Odds.parse(rules["paytables"][table]["lines"][line]).net)
        payout = pay[values]
        by3, by4 = np.zeros(comb(52, 3)), np.zeros(comb(52, 4))
        for sub in itertools.combinations(range(5), 3):
            np.add.at(by3, index([hands[:, j] for j in sub]), payout)
        for sub in itertools.combinations(range(5), 4):
            np.add.at(by4, index([hands[:, j] for j in sub]), payout)
        bet1 = np.maximum(by3 / comb(49, 2), 0).mean()
        bet2 = np.maximum(by4 / 48, 0).mean()
        edges[variant] = -(bet1 + bet2 + payout.mean())
    assert round(edges["chapter4"], 4) == 0.0351
    assert round(edges["grand-ronde"], 4) == 0.0374


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_rounds_conserve_money_and_settle_every_wager_once(variant):
    rules = rules_for("let-it-ride", variant)
    carry = None
    for seed in range(300):
        state, events = random_round(LIR, rules, seed, carry=carry)
        check_money(LIR, events, state)
        carry = LIR.carry(state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_rounds_thoroughly_views_legal_moves_and_json(variant):
    rules = rules_for("let-it-ride", variant)
    for seed in range(2000, 2012):
        state, events = random_round(LIR, rules, seed, thorough=True)
        check_money(LIR, events, state)


def test_a_richer_base_table_pays_the_royal_1000_to_1_at_a_grand_ronde_table_D005():
    rules = rules_for("let-it-ride", "grand-ronde", options={"base_paytable": "lir-chapter4"})
    state = LIR.new_round(rules, SeededRng(1), None)
    assert list(LIR.view(state, None)["paytables"]) == ["lir-chapter4", "lir-dollar-bonus", "lir-three-card-bonus"]
    assert rules["cap_kind"] == "per-player"  # the Grand Ronde cap still applies
