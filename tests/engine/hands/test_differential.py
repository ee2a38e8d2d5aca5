"""Agreement with well-known evaluators on seeded random hands.

treys ranks 1 (royal) … 7462 (7-5-4-3-2): ours must equal 7463 minus treys'
for every hand, which fixes both the order and every tie. pokerkit is compared
pairwise (ordering of hand pairs) and by class name.
"""

from __future__ import annotations

import random

import pytest

from webgame.engine.hands import evaluate_high, high_evaluator, id_code, rank_omaha

treys = pytest.importorskip("treys")
pokerkit = pytest.importorskip("pokerkit")

TREYS_CLASS = {
    "Royal Flush": "royal-flush", "Straight Flush": "straight-flush", "Four of a Kind": "four-of-a-kind",
    "Full House": "full-house", "Flush": "flush", "Straight": "straight",
    "Three of a Kind": "three-of-a-kind", "Two Pair": "two-pair", "Pair": "pair",
    "High Card": "high-card",
}
POKERKIT_CLASS = {
    "STRAIGHT_FLUSH": "straight-flush", "FOUR_OF_A_KIND": "four-of-a-kind", "FULL_HOUSE": "full-house",
    "FLUSH": "flush", "STRAIGHT": "straight", "THREE_OF_A_KIND": "three-of-a-kind",
    "TWO_PAIR": "two-pair", "ONE_PAIR": "pair", "HIGH_CARD": "high-card",
}


def _hands(seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), rng.choice((5, 6, 7))) for _ in range(count)]


def test_against_treys() -> None:
    evaluator = treys.Evaluator()
    rank = high_evaluator().rank
    for hand in _hands(2024, 30_000):
        t = [treys.Card.new(id_code(c)) for c in hand]
        theirs = evaluator.evaluate(t[:2], t[2:])
        assert rank(hand) == 7463 - theirs, [id_code(c) for c in hand]
    for hand in _hands(2025, 2_000):
        t = [treys.Card.new(id_code(c)) for c in hand]
        theirs = evaluator.class_to_string(evaluator.get_rank_class(evaluator.evaluate(t[:2], t[2:])))
        ours = evaluate_high([id_code(c) for c in hand]).category
        if theirs == "Straight Flush" and ours == "royal-flush":
            continue
        assert TREYS_CLASS[theirs] == ours


def test_against_pokerkit_pairwise() -> None:
    rank = high_evaluator().rank
    hands = _hands(77, 6_000)
    ours = [rank(h) for h in hands]
    theirs = []
    for hand in hands:
        codes = [id_code(c) for c in hand]
        pk = pokerkit.StandardHighHand.from_game("".join(codes[:2]), "".join(codes[2:]))
        theirs.append(pk)
        category = evaluate_high(codes).category
        expected = POKERKIT_CLASS[pk.entry.label.name]
        assert category == expected or (category == "royal-flush" and expected == "straight-flush")
    for i in range(len(hands) - 1):
        a, b = ours[i], ours[i + 1]
        pa, pb = theirs[i], theirs[i + 1]
        assert (a < b) == (pa < pb) and (a == b) == (pa == pb), (hands[i], hands[i + 1])


def test_omaha_against_pokerkit() -> None:
    rng = random.Random(99)
    for _ in range(400):
        cards = rng.sample(range(52), 9)
        hole, board = cards[:4], cards[4:]
        other = rng.sample([c for c in range(52) if c not in board], 4)
        ours = (rank_omaha(hole, board), rank_omaha(other, board))
        h = "".join(id_code(c) for c in hole)
        o = "".join(id_code(c) for c in other)
        b = "".join(id_code(c) for c in board)
        pk = (pokerkit.OmahaHoldemHand.from_game(h, b), pokerkit.OmahaHoldemHand.from_game(o, b))
        assert (ours[0] < ours[1]) == (pk[0] < pk[1])
        assert (ours[0] == ours[1]) == (pk[0] == pk[1])
