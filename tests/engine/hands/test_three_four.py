"""Three Card Poker and Four Card Poker rankings."""

from __future__ import annotations

import pytest

from webgame.engine.hands import evaluate_four, evaluate_three


def three(text: str) -> int:
    return evaluate_three(text).rank


def test_three_card_straight_beats_flush_and_trips_beat_straight() -> None:
    # c000 §20 s.1067-1074, c004 s.1480.
    assert three("4c 5d 6h") > three("Ac Kc 9c")
    assert three("2c 2d 2h") > three("Qc Kd Ah")
    assert three("2c 3c 4c") > three("Ac Ad Ah")


def test_three_card_ace_plays_both_ends_without_wrapping() -> None:
    # D-270: A-2-3 lowest straight, Q-K-A highest; K-A-2 is not a straight.
    assert evaluate_three("Ac 2d 3h").description == "Straight, three high"
    assert three("Ac 2d 3h") < three("2c 3d 4h")
    assert evaluate_three("Qc Kd Ah").description == "Straight, ace high"
    assert evaluate_three("Kc Ad 2h").category == "high-card"
    assert three("Ah 2h 3h") < three("2h 3h 4h")
    assert evaluate_three("Ah 2h 3h").category == "straight-flush"


def test_mini_royal_is_the_top_straight_flush() -> None:
    # D-274 / D-277: A-K-Q suited is the (mini) royal; K-Q-J suited the highest straight flush.
    royal = evaluate_three("Qs Ks As")
    assert royal.category == "royal-flush"
    assert royal.lines == ("royal-flush", "straight-flush")
    assert royal.rank > three("Js Qs Ks") > three("Ac Ad Ah")


def test_three_card_high_hands_compare_card_by_card() -> None:
    # D-278: A-K-J offsuit is the best high-card hand; the dealer qualifies on queen high.
    assert three("Ac Kd Jh") > three("Ac Kd Th") > three("Ac Qd Jh")
    assert evaluate_three("Qh 9c 4d").description == "Queen high (Q-9-4)"
    assert three("Qh 3c 2d") > three("Jh Tc 8d")
    assert three("Jc Jd 9s") > three("Jh Js 8c")
    assert three("Jc Jd 9s") == three("Jh Js 9c")


def test_chinese_front_ignores_straights_and_flushes() -> None:
    # D-454: only three of a kind, a pair and high card count in the front hand.
    front = evaluate_three("4h 5h 6h", straights_and_flushes=False)
    assert front.category == "high-card"
    assert front.rank < evaluate_three("2c 2d 3h", straights_and_flushes=False).rank


def four(text: str) -> int:
    return evaluate_four(text).rank


def test_four_card_order_as_decided() -> None:
    # D-326: quads > straight flush > trips > flush > straight > two pair > pair > high.
    ladder = ["2c 2d 2h 2s", "Ah Kh Qh Jh", "2c 2d 2h 3s", "Ah Kh Qh 9h", "Ac Kd Qh Js",
              "Ac Ad Kh Ks", "2c 2d 3h 4s", "Ac Kd Qh 9s"]
    values = [four(h) for h in ladder]
    assert values == sorted(values, reverse=True)


def test_four_card_ace_low_straight_and_no_wrap() -> None:
    assert evaluate_four("Ac 2d 3h 4s").description == "Straight, four high"
    assert four("Ac 2d 3h 4s") < four("2c 3d 4h 5s")
    assert evaluate_four("Kc Ad 2h 3s").category == "high-card"


def test_best_four_of_five_and_six() -> None:
    # D-326: players keep the best four of five, the player-dealer of six.
    hand = evaluate_four("Ah Kh Qh Jh 2c")
    assert hand.category == "straight-flush"
    assert {c.code for c in hand.cards} == {"Ah", "Kh", "Qh", "Jh"}
    assert evaluate_four("7c 7d 7h 2s 2c 9d").category == "three-of-a-kind"
    with pytest.raises(ValueError):
        evaluate_four("Ah Kh Qh")


def test_pair_of_aces_for_aces_up() -> None:
    hand = evaluate_four("Ac Ad 7h 2s 3c")
    assert hand.category == "pair" and hand.ranks[0] == 12


def test_pai_gow_front_hand() -> None:
    from webgame.engine.hands import evaluate_two
    assert evaluate_two("2c 2d").rank > evaluate_two("Ac Kd").rank > evaluate_two("Ac Qd").rank
    assert evaluate_two("Ac Kd").description == "Ace high (A-K)"
    # Semi-wild joker in front is an ace (D-212); a wild one pairs the other card.
    assert evaluate_two("JK Kd").description == "Ace high (A-K)"
    assert evaluate_two("JK Kd", joker="wild").description == "Pair of kings"
    assert evaluate_two("JK Ac").description == "Pair of aces"
