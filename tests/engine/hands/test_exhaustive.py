"""Every hand counted: the standard class counts, exactly.

Five-card counts are the textbook figures; seven-card counts are the published
totals over all 133,784,560 seven-card hands (full enumeration with the batch
path, a few seconds).
"""

from __future__ import annotations

from itertools import combinations

import pytest

np = pytest.importorskip("numpy")

from webgame.engine.hands import (
    batch,
    high_evaluator,
    rank_four,
    rank_three,
)
from webgame.engine.hands.four import four_card_table
from webgame.engine.hands.three import three_card_table

FIVE = {
    "royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3744,
    "flush": 5108, "straight": 10200, "three-of-a-kind": 54912, "two-pair": 123552,
    "pair": 1098240, "high-card": 1302540,
}
SIX = {
    "royal-flush": 188, "straight-flush": 1656, "four-of-a-kind": 14664, "full-house": 165984,
    "flush": 205792, "straight": 361620, "three-of-a-kind": 732160, "two-pair": 2532816,
    "pair": 9730740, "high-card": 6612900,
}
SEVEN = {
    "straight-flush": 41584, "four-of-a-kind": 224848, "full-house": 3473184, "flush": 4047644,
    "straight": 6180020, "three-of-a-kind": 6461620, "two-pair": 31433400, "pair": 58627800,
    "high-card": 23294460,
}


def test_all_five_card_hands() -> None:
    hist = batch.histogram_high(5)
    assert hist.sum() == 2_598_960
    assert batch.category_counts(hist) == FIVE
    assert int((hist > 0).sum()) == 7462  # 7462 distinct ranks, values 1..7462
    assert hist[1:7463].all()


@pytest.mark.slow
def test_all_five_card_hands_scalar_equals_batch() -> None:
    hands = batch.combinations_array(52, 5)
    rank = high_evaluator().rank
    scalar = np.fromiter((rank(h) for h in hands.tolist()), dtype=np.int64, count=len(hands))
    assert (scalar == batch.rank_high_batch(hands)).all()


def test_all_six_card_hands() -> None:
    hist = batch.histogram_high(6)
    assert hist.sum() == 20_358_520
    assert batch.category_counts(hist) == SIX


@pytest.mark.slow
def test_all_seven_card_hands() -> None:
    hist = batch.histogram_high(7)
    assert hist.sum() == 133_784_560
    counts = batch.category_counts(hist)
    counts["straight-flush"] += counts.pop("royal-flush")
    assert counts == SEVEN
    assert int((hist > 0).sum()) == 4824  # distinct best-five classes reachable from 7 cards


def test_all_three_card_hands() -> None:
    table = three_card_table()
    counts: dict[str, int] = {}
    for hand in combinations(range(52), 3):
        cat = table.classes[rank_three(hand)][0]
        counts[cat] = counts.get(cat, 0) + 1
    counts["straight-flush"] += counts.pop("royal-flush")
    assert counts == {"straight-flush": 48, "three-of-a-kind": 52, "straight": 720,
                      "flush": 1096, "pair": 3744, "high-card": 16440}
    assert len(table.classes) - 1 == 741


def test_three_card_batch_equals_scalar() -> None:
    hands = batch.combinations_array(52, 3)
    scalar = [rank_three(h) for h in hands.tolist()]
    assert (batch.rank_three_batch(hands) == np.array(scalar)).all()


def test_all_four_card_hands() -> None:
    # D-326 order; counts computed here and checked for self-consistency below.
    hands = batch.combinations_array(52, 4)
    values = batch.rank_four_batch(hands)
    table = four_card_table()
    counts: dict[str, int] = {}
    for v, n in enumerate(np.bincount(values)):
        if n:
            cat = table.classes[v][0]
            counts[cat] = counts.get(cat, 0) + int(n)
    assert sum(counts.values()) == 270_725
    assert counts == {
        "four-of-a-kind": 13, "straight-flush": 44, "three-of-a-kind": 2496, "flush": 2816,
        "straight": 2772, "two-pair": 2808, "pair": 82368, "high-card": 177408,
    }
    # Rarer is higher, except that a straight flush (44) sits below quads (13) as printed.
    assert len(np.unique(values)) == len(table.classes) - 1 == 2535
    assert all(rank_four(h) == v for h, v in zip(hands[::997].tolist(), values[::997]))


def test_low_batches_equal_scalar() -> None:
    from webgame.engine.hands import (
        ACE_TO_FIVE,
        DEUCE_TO_SEVEN,
        EIGHT_OR_BETTER,
        high_evaluator,
    )
    rng = np.random.default_rng(4)
    for order, n in ((ACE_TO_FIVE, 7), (EIGHT_OR_BETTER, 7), (EIGHT_OR_BETTER, 5), (DEUCE_TO_SEVEN, 5)):
        hands = np.array([rng.permutation(52)[:n] for _ in range(3000)], dtype=np.uint8)
        rank = high_evaluator(order).rank
        assert (batch.rank_high_batch(hands, order) == [rank(h) for h in hands.tolist()]).all()


def test_eight_or_better_share_of_five_card_hands() -> None:
    # Five different ranks from A-8: C(8,5) = 56 lows, 4^5 suitings each (suits ignored).
    from webgame.engine.hands import EIGHT_OR_BETTER
    hist = batch.histogram_high(5, order=EIGHT_OR_BETTER)
    assert int(hist[1:].sum()) == 56 * 4**5
    assert int((hist[1:] > 0).sum()) == 56
