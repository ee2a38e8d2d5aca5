"""The house way (D-211, D-212) against every line of the one chart a rulebook prints whole
enough to read (Lucky Derby, 001 s.82-104), the rows the decisions add, and a property: it never
fouls, whatever seven cards of the 53 it is given, in every joker mode and order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webgame.engine.hands import card_ids
from webgame.engine.paytable import load_game, resolve
from webgame.games.paigow.hands import Ranking, set_hand, two_value
from webgame.games.paigow.house_way import HouseWay, house_way


def rules(**over: Any) -> dict[str, Any]:
    out = resolve(load_game("pai-gow-poker").variants["grand-ronde"])
    out.update(over)
    return out


GRAND_RONDE = rules()
LUCKY_DERBY = rules(wheel="lowest")  # the California order (D-213), semi-wild joker (001 s.47)
WILD = rules(joker="wild", wheel="lowest")  # the fully wild joker (D-212)


def front_of(seven: str, r: Mapping[str, Any] = LUCKY_DERBY) -> tuple[list[str], str]:
    ranking, way = Ranking.of(r), HouseWay.of(r["house_way"])
    done = house_way(ranking, way, card_ids(seven))
    return sorted("X" if c == "JK" else c[0] for c in done.hand.front_codes), done.row


def ranks(text: str) -> list[str]:
    return sorted(text.split())


# (chart line, seven cards, the two ranks the chart puts in front). Where the OCR damaged an
# example, the seven cards are a fresh hand of the row's own kind.
CHART = [
    ("001 s.82 no pair: 2nd and 3rd highest in front", "Ah Kh Qd 9c 7d 4s 2h", "K Q"),
    ("001 s.83 one pair: pair behind, two highest others in front", "Qs Jh Td Ts 8c 6d 3s", "J Q"),
    ("001 s.84 two pair, big pair A-K-Q: small pair in front", "8s 8h Qh Qd 9s 7d 3s", "8 8"),
    ("001 s.85 two pair J-10-9 with an ace: both pairs behind", "Ts Td 6h 6s 3s As 8c", "8 A"),
    ("001 s.85 two pair J-10-9 with the joker: both pairs behind", "Ts Td 6h 6s 3s JK 8c", "8 X"),
    ("001 s.85 two pair J-10-9 without an ace: split", "9s 9c 4h 4d Qh Ks 3s", "4 4"),
    ("001 s.86 two pair 8-7-6 with a king: both pairs behind", "7s 7c 4h 4d 3s Kd 9h", "9 K"),
    ("001 s.86 two pair 8-7-6 without a king: split", "7s 7c Qs 9d 3s 4h 4s", "4 4"),
    ("001 s.87 two pair 5-4-3 with a queen: both pairs behind", "5s 5d 2s 2c 8h Qd 6c", "8 Q"),
    ("001 s.87 two pair 5-4-3 without a queen: split", "5s 5d Js Td 8h 2s 2d", "2 2"),
    ("001 s.88 three pair: high pair in front", "Td Ts 9s 9c 5d 5h 3s", "T T"),
    ("001 s.89 three aces: an ace and the next highest in front", "As Qd Ah Ad 9s 8c 2h", "A Q"),
    ("001 s.90 three kings and below: the two highest others in front", "Qd 9s Kh Ks Kc 7s 2d", "9 Q"),
    ("001 s.91 two sets: a pair from the higher set in front", "Kh Kd 6h 6s 6c Ks 9s", "K K"),
    ("001 s.96 straight: the two highest cards that leave it behind", "Kc 9d 6h 5s 4d 3s 2d", "9 K"),
    ("001 s.97 straight with one pair: the highest two cards that leave it", "As Kh Qd Jh Ts 9s 8s", "A K"),
    ("001 s.97 straight with one pair: a pair in front if it leaves the straight", "Ks Kh 9d 8c 7h 6s 5c", "K K"),
    ("001 s.97 straight with one pair: no pair in front if that breaks the straight", "8s 8h 7d 6c 5h 4s 2c", "8 2"),
    ("001 s.98 straight with three of a kind: the pair in front", "9d 9s 9c 8h 7d 6s 5s", "9 9"),
    ("001 s.99 full house: highest possible pair in front", "9s 9h 5h 5s 5c 9c 4s", "9 9"),
    ("001 s.99 full house: a pair of aces in front", "As Ah 4s 4d 4h Ad 6h", "A A"),
    ("001 s.100 four queens: split", "Qd Qs Qh Qc As Kd 4h", "Q Q"),
    ("001 s.101, s.108 four tens with a king: together", "Ks Js Td Ts Th Tc 7s", "J K"),
    ("001 s.101, s.108 four tens without a king: split", "Td Ts Th Tc Qd 8s 3s", "T T"),
    ("001 s.102 four sevens with a queen: together", "7s 7d 7h 7c Ks Qs 2d", "K Q"),
    ("001 s.102 four sevens without a queen: split", "7s 7d 7h 7c Ts 9s 2d", "7 7"),
    ("001 s.103 four 4s: never split (ace and joker in front)", "4s 4d 4h 4c 7d As JK", "A X"),
    ("001 s.103 four 4s with three singles: never split", "4s 4d 4h 4c 7d 9s 2h", "7 9"),
    ("001 s.104 five aces: a pair of aces in front", "Ah As Ad Ac JK 8s 3s", "A A"),
    ("001 s.106 straight with three of a kind and a full house: full house", "6h 6s 6d 5c 5d 4h 3s", "5 5"),
]


@pytest.mark.parametrize("line,seven,front", CHART, ids=[c[0] for c in CHART])
def test_the_lucky_derby_chart(line: str, seven: str, front: str) -> None:
    got, row = front_of(seven)
    assert got == ranks(front), row


def test_each_row_is_named_in_words() -> None:
    assert front_of("8s 8h Qh Qd 9s 7d 3s")[1] == "Two pair, queens high: split, 8s in front"
    assert front_of("Ah As Ad Ac JK 8s 3s")[1] == "Five aces: a pair of aces in front"


def test_d211_rows_the_chart_does_not_print() -> None:
    # Row 2: four of a kind with a pair: the pair in front.
    assert front_of("9s 9d 9h 9c Kd Ks 2h")[0] == ranks("K K")
    # Row 2 with three of a kind: the highest pair outside the four.
    assert front_of("3s 3d 3h 3c Jd Js Jh")[0] == ranks("J J")
    # Row 3: four aces with three singles split (no joker).
    assert front_of("As Ad Ah Ac Kd 8s 2h")[0] == ranks("A A")
    # Row 6 gives way to row 8 when no pair can leave the complete hand behind (two pair and
    # a flush or a straight in seven cards never can).
    assert front_of("Ks Kd 9s 9d 7s 4s 2s")[0] == ranks("9 9")
    assert front_of("9s 9d 8c 8h 7s 6d 5c")[0] == ranks("8 8")
    # Row 6 with no pair: the strongest front that leaves a flush behind.
    assert front_of("As Ks Qd 9s 6s 4s 2s")[0] == ranks("A Q")  # A-Q in front, K-high flush behind


def test_the_wheel_rank_changes_no_setting_here_but_the_values() -> None:
    seven = card_ids("As 2d 3c 4h 5s Kd Qc")
    for r in (GRAND_RONDE, LUCKY_DERBY):
        got, _ = front_of("As 2d 3c 4h 5s Kd Qc", r)
        assert got == ranks("K Q")
    wheel_second = set_hand(Ranking.of(GRAND_RONDE), seven, card_ids("Kd Qc"))
    six_high = set_hand(Ranking.of(GRAND_RONDE), card_ids("2s 3d 4c 5h 6s Kd Qc"), card_ids("Kd Qc"))
    assert wheel_second.back_value > six_high.back_value  # 000 s.747: A-2-3-4-5 second highest
    wheel_low = set_hand(Ranking.of(LUCKY_DERBY), seven, card_ids("Kd Qc"))
    six_low = set_hand(Ranking.of(LUCKY_DERBY), card_ids("2s 3d 4c 5h 6s Kd Qc"), card_ids("Kd Qc"))
    assert wheel_low.back_value < six_low.back_value  # D-213: the lowest in California


# D-212 fully wild rows, by the six natural cards (the c003 Joker Wild chart).
WILD_ROWS = [
    ("row 2 no pair: highest and 3rd highest in front", "Ks Jd 9c 7h 4s 2d JK", "K 9"),
    ("row 3 one pair: joker pairs the highest single, lower pair in front", "8s 8d Kc 9h 6s 3d JK", "8 8"),
    ("row 3 one pair above the singles: the joker pair in front", "As Ad Kc 9h 6s 3d JK", "K X"),
    ("row 4 two pair, single 3 ranks over: joker pairs it in front", "9s 9d 5c 5h Qs 3d JK", "Q X"),
    ("row 4 two pair, otherwise: higher pair in front", "9s 9d 5c 5h Js 3d JK", "9 9"),
    ("row 5 three pair: highest pair in front", "9s 9d 5c 5h 3s 3d JK", "9 9"),
    ("row 6 three of a kind: joker and highest single in front", "7s 7d 7c Kh 9s 3d JK", "K X"),
    ("row 7 two sets: a pair of the higher set in front", "7s 7d 7c 4h 4s 4d JK", "7 7"),
    ("row 8 four of a kind: joker and the higher single in front", "6s 6d 6c 6h Ks 3d JK", "K X"),
    ("row 9 four of a kind and a pair: the pair in front", "6s 6d 6c 6h Ks Kd JK", "K K"),
]


@pytest.mark.parametrize("row,seven,front", WILD_ROWS, ids=[r[0] for r in WILD_ROWS])
def test_the_fully_wild_rows(row: str, seven: str, front: str) -> None:
    assert front_of(seven, WILD)[0] == ranks(front)


def test_a_wild_joker_in_front_is_lowered_to_keep_the_setting_legal() -> None:
    # D-232: ace and joker in front count as A-K when a pair of aces would foul.
    ranking = Ranking.of(WILD)
    hand = set_hand(ranking, card_ids("As JK Ad Kc 7h 4s 2d"), card_ids("As JK"))
    assert not hand.foul and hand.front_value == two_value(12, 11)  # A-K, not a pair of aces
    behind_pair = set_hand(ranking, card_ids("As JK Ad Ac 7h 4s 2d"), card_ids("As JK"))
    assert behind_pair.front_value == two_value(12, 12)  # a pair of aces where it is legal
    hopeless = set_hand(ranking, card_ids("As JK Kd 9c 7h 4s 2d"), card_ids("As JK"))
    assert hopeless.foul  # no value of the joker keeps an ace in front of king high


DECK = [*range(52), 52]


@settings(max_examples=400, deadline=None)
@given(st.permutations(DECK), st.sampled_from([GRAND_RONDE, LUCKY_DERBY, WILD]))
def test_the_house_way_never_fouls(deck: list[int], r: dict[str, Any]) -> None:
    ranking, way = Ranking.of(r), HouseWay.of(r["house_way"])
    done = house_way(ranking, way, deck[:7])
    assert not done.hand.foul
    assert sorted(done.hand.front + done.hand.back) == sorted(deck[:7])
