"""Pan's melds and Konditions, line by line of seed 003 §28 (lines 1430-1488)."""

from __future__ import annotations

from collections import Counter

import pytest

from webgame.games.pan.melds import board_value, can_add, full_deck, meld_kind, meld_value, melds_with


def test_the_deck_is_eight_forty_card_decks_without_eights_nines_tens() -> None:
    deck = full_deck()
    assert len(deck) == 320                                     # description, D-464
    assert not {c for c in deck if c[0] in "89T"}
    assert set(Counter(deck).values()) == {8}


@pytest.mark.parametrize(("cards", "kind"), [
    (["5h", "6h", "7h"], "rope"),
    (["6h", "7h", "Jh"], "rope"),                               # the jack follows the seven (card ranking 2)
    (["Qh", "Kh", "Ah"], ""),                                   # no wrapping: ace low, king high
    (["5h", "6h", "7d"], ""),                                   # a rope is one suit (rule 25b)
    (["5h", "5d", "5s"], "square"),                             # three different suits (rule 11)
    (["5h", "5h", "5d"], ""),                                   # two suits: not a square (rule 25a)
    (["5h", "5h", "5h"], "same-suit"),                          # three of one suit
    (["Kh", "Kh", "Kd"], "square"),                             # the non-comoquers, any suits (rule 11)
    (["Ah", "Ah", "Ad"], "square"),
    (["5h", "6h"], ""),                                         # at least three cards (rule 9)
    (["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "Jh", "Qh", "Kh", "Ah"], ""),
])
def test_what_is_a_meld(cards: list[str], kind: str) -> None:
    assert meld_kind(cards) == kind


@pytest.mark.parametrize(("cards", "chips"), [
    (["5h", "5d", "5s"], 1),                                    # valle square, three suits: 1
    (["5h", "5d", "5s", "5c"], 2),                              # and 1 for each card added (D-463)
    (["7h", "7h", "7h"], 2),                                    # valle square of one suit: 2
    (["7s", "7s", "7s"], 4),                                    # spades doubled: 4
    (["7h", "7h", "7h", "7h"], 3),                              # an added card pays half: 1 (rule 13(c)(I))
    (["7s", "7s", "7s", "7s"], 6),                              # spades: 2
    (["Qh", "Qh", "Qh"], 1),                                    # non-valle of one suit: 1
    (["Qs", "Qs", "Qs", "Qs"], 4),                              # spades 2, and 2 more for the added card
    (["Qh", "Qd", "Qs"], 0),                                    # non-valle, three suits: no pay
    (["Kh", "Qh", "Jh"], 1),                                    # rope K-Q-J: 1
    (["Ks", "Qs", "Js", "7s"], 4),                              # spades 2, and 2 for the added seven
    (["Ad", "2d", "3d"], 1),                                    # rope A-2-3: 1
    (["2d", "3d", "4d"], 0),                                    # an ordinary rope
])
def test_the_konditions(cards: list[str], chips: int) -> None:
    assert meld_value(cards) == chips


def test_adding_keeps_the_character_of_the_meld() -> None:
    assert can_add(["5h", "5d", "5s"], "5h")                    # a different-suit square takes any five
    assert can_add(["5h", "5h", "5h"], "5h")
    assert not can_add(["5h", "5h", "5h"], "5d")                # a same-suit square only its own suit (D-463)
    assert can_add(["5h", "6h", "7h"], "Jh") and can_add(["5h", "6h", "7h"], "4h")
    assert not can_add(["5h", "6h", "7h"], "Qh")
    assert board_value([["Kh", "Qh", "Jh"], ["7s", "7s", "7s"]]) == 5


def test_a_card_melds_with_two_of_the_hand() -> None:
    assert melds_with(["5d", "Kc", "5s"], "5h")
    assert melds_with(["6h", "Jc", "Qc"], "7h") is False
    assert melds_with(["6h", "Jh", "Qc"], "7h")
