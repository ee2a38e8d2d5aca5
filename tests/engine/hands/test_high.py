"""Five-of-n high hands: categories, words, ordering, Omaha, game orders."""

from __future__ import annotations

import random

import pytest

from webgame.engine.cards import parse_cards
from webgame.engine.hands import (
    DOUBLE_HAND_POKER,
    MEXICAN_STUD,
    PAI_GOW_WHEEL_SECOND,
    card_ids,
    evaluate_high,
    evaluate_omaha,
    high_evaluator,
    rank_high,
    rank_omaha,
)


def value(text: str, **kw: object) -> int:
    return evaluate_high(text, **kw).rank  # type: ignore[arg-type]


@pytest.mark.parametrize(("cards", "category", "words"), [
    ("As Ks Qs Js Ts", "royal-flush", "Royal flush"),
    ("9h 8h 7h 6h 5h", "straight-flush", "Straight flush, nine high"),
    ("5d 4d 3d 2d Ad", "straight-flush", "Straight flush, five high"),
    ("Kc Kd Kh Ks 7c", "four-of-a-kind", "Four of a kind, kings, 7 kicker"),
    ("Kc Kd Kh 7s 7c", "full-house", "Full house, kings over sevens"),
    ("Ac 9c 7c 4c 2c", "flush", "Flush, ace high (A-9-7-4-2)"),
    ("Tc 9d 8h 7s 6c", "straight", "Straight, ten high"),
    ("5c 4d 3h 2s Ac", "straight", "Straight, five high"),
    ("7c 7d 7h Ks 2c", "three-of-a-kind", "Three of a kind, sevens, K-2 kickers"),
    ("Ac Ad 8h 8s Kc", "two-pair", "Two pair, aces and eights, K kicker"),
    ("9c 9d Ah 5s 2c", "pair", "Pair of nines, A-5-2 kickers"),
    ("Ac Qd 9h 5s 2c", "high-card", "Ace high (A-Q-9-5-2)"),
])
def test_categories_and_words(cards: str, category: str, words: str) -> None:
    hand = evaluate_high(cards)
    assert hand.category == category
    assert hand.description == words


def test_royal_flush_pays_on_the_straight_flush_line_where_no_royal_line() -> None:
    assert evaluate_high("As Ks Qs Js Ts").lines == ("royal-flush", "straight-flush")
    assert evaluate_high("Ks Qs Js Ts 9s").lines == ("straight-flush",)


def test_extreme_values() -> None:
    assert value("As Ks Qs Js Ts") == 7462
    assert value("7c 5d 4h 3s 2c") == 1


def test_wheel_is_the_lowest_straight_and_no_wraparound() -> None:
    # D-406: A-2-3-4-5 is the lowest straight; Q-K-A-2-3 is not a straight.
    assert value("5c 4d 3h 2s Ac") < value("6c 5d 4h 3s 2c")
    assert evaluate_high("Qc Kd Ah 2s 3c").category == "high-card"


def test_seven_cards_pick_the_best_five() -> None:
    hand = evaluate_high("Ah Kh 2c 2d 2h Qh Jh")
    assert hand.category == "flush"
    assert {c.code for c in hand.cards} == {"Ah", "Kh", "Qh", "Jh", "2h"}
    board_plays = evaluate_high("2c 3d As Ks Qs Js Ts")
    assert board_plays.category == "royal-flush"


def test_six_and_seven_cards_equal_the_best_of_their_fives() -> None:
    rng = random.Random(7)
    rank = high_evaluator().rank
    from itertools import combinations
    for _ in range(2000):
        n = rng.choice((6, 7))
        hand = rng.sample(range(52), n)
        assert rank(hand) == max(rank(list(five)) for five in combinations(hand, 5))


def test_kickers_decide_and_suits_never_do() -> None:
    assert value("Ac Ad Kh 5s 3c") > value("As Ah Qh Js Tc")
    assert value("Ac Ad Kh 5s 3c") == value("As Ah Ks 5d 3h")


def test_card_given_twice_is_an_error() -> None:
    with pytest.raises(ValueError):
        evaluate_high("As As Kd 7c 2h")
    with pytest.raises(ValueError):
        evaluate_high("As Kd 7c 2h")


def test_accepts_card_objects_and_keeps_them() -> None:
    cards = parse_cards("Kh+bonus Kd 7c 7s 2h")
    hand = evaluate_high(cards)
    assert hand.cards[0].flags == frozenset({"bonus"})
    assert rank_high(card_ids(cards)) == hand.rank


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Four hearts in hand and one on board is no flush in Omaha (D-437).
    hand = evaluate_omaha("Ah Kh Qh Jh", "2h 7c 8d 9s 3c")
    assert hand.category == "high-card"
    # Four to a royal on board: one hole card plays no straight or flush.
    assert evaluate_omaha("As 2c 3d 4h", "Ks Qs Js Ts 9d").category == "high-card"
    hand = evaluate_omaha("As Kd 2c 3d", "Ks Qs Js Ts 9d")
    assert hand.description == "Straight, ace high"
    assert {c.code for c in hand.cards[:2]} == {"As", "Kd"}
    hole, board = card_ids("Ah Kh Qh Jh"), card_ids("Th 9h 8h 3d 4s")
    assert rank_omaha(hole, board) == evaluate_omaha("Ah Kh Qh Jh", "Th 9h 8h 3d 4s").rank
    assert evaluate_omaha("Ah Kh Qh Jh", "Th 9h 8h 3d 4s").category == "straight-flush"


def test_big_o_crystal_park_may_use_more_hole_cards() -> None:
    # D-434 c003: at least two hole cards; five suited hole cards make a flush.
    exact = evaluate_omaha("Ah Kh Qh 9h 4h", "2c 3d 7s 8c Td")
    loose = evaluate_omaha("Ah Kh Qh 9h 4h", "2c 3d 7s 8c Td", hole_counts=(2, 3, 4, 5))
    assert exact.category == "high-card"
    assert loose.category == "flush"


def test_omaha_matches_brute_force() -> None:
    from itertools import combinations
    rng = random.Random(11)
    rank = high_evaluator().rank
    for _ in range(300):
        cards = rng.sample(range(52), 9)
        hole, board = cards[:4], cards[4:]
        brute = max(rank(list(h) + list(b)) for h in combinations(hole, 2) for b in combinations(board, 3))
        assert rank_omaha(hole, board) == brute


def test_pai_gow_house_banked_wheel_is_second_best() -> None:
    # D-213 (c000 s.748, c004): A-2-3-4-5 second-highest straight; as a straight flush it
    # is above every straight flush but the royal.
    o = PAI_GOW_WHEEL_SECOND
    assert value("5c 4d 3h 2s Ac", order=o) > value("Kc Qd Jh Ts 9c", order=o)
    assert value("5c 4d 3h 2s Ac", order=o) < value("Ac Kd Qh Js Tc", order=o)
    assert value("5h 4h 3h 2h Ah", order=o) > value("Kh Qh Jh Th 9h", order=o)
    assert value("5h 4h 3h 2h Ah", order=o) < value("Ah Kh Qh Jh Th", order=o)
    # From seven cards the wheel now beats a six-high straight made with the same cards.
    assert evaluate_high("Ac 2d 3h 4s 5c 6d Kh", order=o).cards[0].code == "Ac"


def test_mexican_stud_flush_beats_full_house() -> None:
    # D-452: the 41-card deck makes flushes rarer than full houses.
    o = MEXICAN_STUD
    assert value("Ac 9c 7c 4c 2c", order=o) > value("Kc Kd Kh 7s 7c", order=o)
    assert value("Ac 9c 7c 4c 2c", order=o) < value("Kc Kd Kh Ks 7c", order=o)
    # Seven natural cards never hold both; a wild joker can choose (face-down joker, D-452).
    cards = "JK Ac Ad 9c 9d 7c 4c"
    assert evaluate_high(cards, joker="wild", order=o).description == "Flush, ace high (A-K-9-7-4)"
    assert evaluate_high(cards, joker="wild").category == "full-house"


def test_double_hand_poker_five_aces_below_royal() -> None:
    # D-216: c002 DHP prints royal flush, then five aces, then the other straight flushes.
    o = DOUBLE_HAND_POKER
    five_aces = value("JK Ac Ad Ah As", joker="bug", order=o)
    assert value("Kh Qh Jh Th 9h", order=o) < five_aces < value("Ah Kh Qh Jh Th", order=o)
