"""Jokers: the bug (ace or straight/flush filler) and the fully wild joker."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from webgame.engine.hands import JOKER, evaluate_high, high_evaluator, rank_joker_high
from webgame.engine.hands.tables import (
    FLUSH,
    STANDARD,
    STRAIGHT,
    STRAIGHT_FLUSH,
    five_card_table,
)


def bug(text: str) -> str:
    return evaluate_high(text, joker="bug").description


def wild(text: str) -> str:
    return evaluate_high(text, joker="wild").description


def test_bug_counts_as_an_ace() -> None:
    # c000 §15 s.706/751, D-214: a king pair with the joker is kings with an ace kicker.
    assert bug("JK Kh Kd 7c 2s") == "Pair of kings, A-7-2 kickers"
    assert bug("JK Ah Ad 7c 2s") == "Three of a kind, aces, 7-2 kickers"
    assert bug("JK Kh Kd Kc Ks") == "Four of a kind, kings, A kicker"


def test_bug_completes_straights_and_flushes() -> None:
    hand = evaluate_high("JK 9h 8d 7c 6s", joker="bug")
    assert hand.description == "Straight, ten high" and hand.joker_as == ("T",)
    assert bug("JK 2h 3h 4h 5h") == "Straight flush, six high"
    assert evaluate_high("JK As Ks Qs Js", joker="bug").category == "royal-flush"
    # In a flush it does not make straight, the joker is the highest missing card (D-214).
    hand = evaluate_high("JK Ah Kh 9h 3h", joker="bug")
    assert hand.description == "Flush, ace high (A-K-Q-9-3)" and hand.joker_as == ("Qh",)


def test_five_aces_is_the_top_bug_hand() -> None:
    hand = evaluate_high("JK Ac Ad Ah As", joker="bug")
    assert hand.description == "Five aces"
    assert hand.lines == ("five-aces", "five-of-a-kind")
    assert hand.rank > evaluate_high("As Ks Qs Js Ts").rank


def test_wild_joker_makes_five_of_a_kind_above_a_royal() -> None:
    # D-217: five of a kind over the royal flush, five aces highest.
    assert wild("JK Kh Kd Kc Ks") == "Five kings"
    assert evaluate_high("JK Kh Kd Kc Ks", joker="wild").rank > evaluate_high("As Ks Qs Js Ts").rank
    assert wild("JK Kh Kd 7c 2s") == "Three of a kind, kings, 7-2 kickers"


def test_two_wild_jokers_make_at_least_three_of_a_kind() -> None:
    # Trips DCS: with two jokers and no straight or better, trips of the highest card.
    assert wild("JK JK Kh 7d 2c") == "Three of a kind, kings, 7-2 kickers"
    assert wild("JK JK 9h 8h 2c") == "Three of a kind, nines, 8-2 kickers"
    assert wild("JK JK Ah Kh Qh") == "Royal flush"


def test_joker_modes_are_required() -> None:
    with pytest.raises(ValueError):
        evaluate_high("JK Kh Kd 7c 2s")
    with pytest.raises(ValueError):
        evaluate_high("JK JK Kh Kd 7c", joker="bug")


def _brute(cards: list[int], mode: str) -> int:
    """Best value over explicit replacements, five cards at a time."""
    rank = high_evaluator().rank
    table = five_card_table(STANDARD)
    best = 0
    for five in combinations(cards, 5):
        naturals = [c for c in five if c != JOKER]
        k = 5 - len(naturals)
        if k == 0:
            best = max(best, rank(list(five)))
            continue
        counts = [sum(1 for c in naturals if c >> 2 == r) for r in range(13)]
        if mode == "bug" and counts[12] == 4:
            best = max(best, table.five_kind[12])
        if mode == "wild" and max(counts) + k >= 5:
            best = max(best, table.five_kind[max(r for r in range(13) if counts[r] + k >= 5)])
        spare = [c for c in range(52) if c not in naturals]
        for subs in combinations(spare, k):
            v = rank(naturals + list(subs))
            cls = table.classes[v]
            assert cls is not None
            if mode == "bug" and subs[0] >> 2 != 12 and cls.category not in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
                continue
            best = max(best, v)
    return best


@pytest.mark.parametrize("mode", ["bug", "wild"])
def test_joker_lookups_equal_brute_force(mode: str) -> None:
    rng = random.Random(5 if mode == "bug" else 6)
    for _ in range(250):
        n = rng.choice((5, 6, 7))
        k = 1 if mode == "bug" else rng.choice((1, 1, 2))
        cards = rng.sample(range(52), n - k) + [JOKER] * k
        assert rank_joker_high(cards, mode) == _brute(cards, mode), cards


def test_joker_as_for_a_straight_flush_names_the_card() -> None:
    hand = evaluate_high("JK 9s 8s 7s 6s 2d Kc", joker="bug")
    assert hand.description == "Straight flush, ten high"
    assert hand.joker_as == ("Ts",)
