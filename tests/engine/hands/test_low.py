"""Ace-to-five, 8-or-better, deuce-to-seven and Badugi."""

from __future__ import annotations

import random
from itertools import combinations

from webgame.engine.hands import (
    card_ids,
    evaluate_badugi,
    evaluate_low,
    evaluate_omaha_low,
    rank_low_8,
    rank_low_27,
    rank_low_a5,
    rank_omaha_low8,
)


def a5(text: str) -> int:
    return evaluate_low(text, "a5").rank


def d27(text: str) -> int:
    return evaluate_low(text, "27").rank


def test_wheel_is_the_best_ace_to_five_low() -> None:
    # D-445 A-5: straights and flushes ignored, ace low.
    wheel = evaluate_low("5h 4h 3h 2h Ah", "a5")
    assert wheel.description == "Wheel (5-4-3-2-A)"
    assert wheel.rank == 6175
    assert a5("6c 4d 3h 2s Ac") < wheel.rank


def test_ace_to_five_compares_from_the_top_down() -> None:
    assert a5("8c 6d 4h 3s 2c") > a5("8c 7d 3h 2s Ac")
    assert a5("7c 6d 5h 4s 3c") > a5("8c 4d 3h 2s Ac")
    assert evaluate_low("8c 6d 4h 3s 2c", "a5").description == "Eight-six low (8-6-4-3-2)"


def test_any_no_pair_beats_any_pair_and_a_pair_beats_two_pair() -> None:
    # D-445: the reverse of high-poker order, pairs before kickers.
    assert a5("Kc Qd Jh 9s 8c") > a5("Ac Ad 2h 3s 4c")
    assert a5("Ac Ad 2h 3s 4c") > a5("2c 2d 3h 3s 4c")
    assert a5("2c 2d 3h 3s 4c") > a5("2c 2d 2h 3s 4c")
    assert a5("2c 2d 2h 3s 4c") > a5("2c 2d 2h 3s 3c")
    assert a5("Ac Ad 2h 3s 4c") > a5("2c 2d Ah 3s 4c")


def test_razz_seven_cards_take_the_best_low() -> None:
    hand = evaluate_low("Kc Kd 7h 5s 3c 2d Ah", "a5")
    assert hand.description == "Seven-five low (7-5-3-2-A)"
    rng = random.Random(3)
    for _ in range(500):
        cards = rng.sample(range(52), 7)
        assert rank_low_a5(cards) == max(rank_low_a5(list(f)) for f in combinations(cards, 5))


def test_eight_or_better_qualifier() -> None:
    # D-407: five different ranks, eight or lower; otherwise no low.
    assert rank_low_8(card_ids("8c 7d 6h 5s 4c")) > 0
    assert rank_low_8(card_ids("9c 4d 3h 2s Ac")) == 0
    assert rank_low_8(card_ids("8c 8d 3h 2s Ac")) == 0
    assert evaluate_low("9c 4d 3h 2s Kc", "8-or-better").description == "No qualifying low"
    assert rank_low_8(card_ids("Ac 2d 3h 4s 5c")) > rank_low_8(card_ids("8c 7d 6h 5s 4c"))
    # Seven cards: the best qualifying five.
    assert evaluate_low("Kc Qd 8h 6s 4c 2d Ah", "8-or-better").description == "Eight-six low (8-6-4-2-A)"


def test_omaha_low_uses_exactly_two_hole_cards() -> None:
    # Three low cards in hand but one on board: no low.
    assert rank_omaha_low8(card_ids("Ah 2h 3c Kd"), card_ids("4s Kc Qh Jd 8c")) == 0
    hand = evaluate_omaha_low("Ah 2h Kd Kc", "3s 4d 8c Qh Jd")
    assert hand.description == "Eight-four low (8-4-3-2-A)"
    # Counterfeited: the board's only low cards pair the hole deuce, so no five-card low.
    assert evaluate_omaha_low("Ah 2h Kd Kc", "2s 3d 4c Qh Jd").category == "none"


def test_deuce_to_seven_ace_high_and_straights_count() -> None:
    # D-445 2-7: best hand 7-5-4-3-2 offsuit; A-2-3-4-5 is ace high, not a straight.
    best = evaluate_low("7c 5d 4h 3s 2c", "27")
    assert best.rank == 7462 and best.description == "Seven-five low (7-5-4-3-2)"
    assert evaluate_low("Ac 2d 3h 4s 5c", "27").category == "high-card"
    assert d27("Ac 2d 3h 4s 5c") < d27("Kc Qd Jh 9s 8c")
    assert evaluate_low("6c 5d 4h 3s 2c", "27").category == "straight"
    assert d27("6c 5d 4h 3s 2c") < d27("Ac Kd Qh Js 9c")
    assert evaluate_low("7c 5c 4c 3c 2c", "27").category == "flush"
    assert d27("7c 5c 4c 3c 2c") < d27("2c 2d 3h 4s 5c")


def test_deuce_to_seven_from_more_cards_dodges_the_flush() -> None:
    hand = evaluate_low("7c 5c 4c 3c 2c 8d", "27")
    assert hand.description == "Eight-five low (8-5-4-3-2)"
    assert rank_low_27(card_ids("7c 5c 4c 3c 2c 8d")) == hand.rank


def test_badugi_examples_from_the_rulebook() -> None:
    # c004 s.623-630, D-450.
    assert evaluate_badugi("Ac 2d 3h 4s").description == "Badugi, 4-3-2-A"
    assert evaluate_badugi("Ac 2d 4h 4s").description == "3-card hand, 4-2-A"
    assert evaluate_badugi("As 2c 2d 2h").description == "2-card hand, 2-A"
    assert evaluate_badugi("4c 4d 4h 4s").description == "1-card hand, 4"
    assert evaluate_badugi("Ad 4s 5h 6h").description == "3-card hand, 5-4-A"
    assert evaluate_badugi("Kh Kc 9c 8s").description == "3-card hand, K-9-8"


def test_badugi_more_cards_win_then_lower() -> None:
    order = ["Ac 2d 3h 4s", "2s 3h 4d 5c", "2d 4c 6s 7h", "Kc Qd Jh Ts", "Ac 2d 3h 3s",
             "Ac 2c 3h 4h", "Ac 2c 3c 4c"]
    values = [evaluate_badugi(h).rank for h in order]
    assert values == sorted(values, reverse=True)
