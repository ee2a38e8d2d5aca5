"""Blackjack side bets and insurance: the analyzer's exact figures against a brute-force
enumeration, written here independently, of every ordered deal from a small shoe."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import combinations, permutations

import pytest

from webgame.analysis import blackjack, combos
from webgame.engine.paytable import load_game, resolve

RULES = resolve(load_game("blackjack").variants["grand-ronde"], {})
VALUE = {**{str(n): n for n in range(2, 10)}, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
LOW_ACE = "A23456789TJQK"  # straight order with the ace low; Q-K-A is added apart (D-057)
RUNS = {tuple(sorted(LOW_ACE[i:i + 3])) for i in range(11)} | {tuple(sorted("QKA"))}


def small_shoe(ranks: str, suits: str, decks: int) -> list[str]:
    return [r + s for _ in range(decks) for r in ranks for s in suits]


def pays(paytable: str, line: str) -> F:
    text = RULES["paytables"][paytable]["lines"][line]
    a, _, b = text.partition(" to ")
    return F(int(a), int(b))


def straight(ranks: list[str]) -> bool:
    return tuple(sorted(ranks)) in RUNS


def brute_21_plus_3(shoe: list[str]) -> F:
    total, won = 0, F(0)
    for cards in combinations(range(len(shoe)), 3):  # every set of three cards, equally likely
        hand = [shoe[i] for i in cards]
        ranks, suits = [c[0] for c in hand], {c[1] for c in hand}
        if len(set(ranks)) == 1:
            line = "three-of-a-kind"  # suited trips pay as trips (D-058)
        elif straight(ranks) and len(suits) == 1:
            line = "straight-flush"
        elif straight(ranks):
            line = "straight"
        elif len(suits) == 1:
            line = "flush"
        else:
            line = ""
        won += pays("21-plus-3-xtreme", line) if line else -1
        total += 1
    return -won / total


def brute_lucky_ladies(shoe: list[str]) -> F:
    total, won = 0, F(0)
    for p1, p2, up, hole in permutations(range(len(shoe)), 4):
        a, b = shoe[p1], shoe[p2]
        dealer = {shoe[up][0], shoe[hole][0]}
        dealer_bj = "A" in dealer and bool(dealer & set("TJQK"))
        total += 1
        if VALUE[a[0]] + VALUE[b[0]] != 20:
            won -= 1
        elif a == b == "Qh":
            won += pays("lucky-ladies", "queen-of-hearts-pair-with-dealer-blackjack" if dealer_bj
                        else "queen-of-hearts-pair")
        elif a == b:
            won += pays("lucky-ladies", "matched-20")
        elif a[1] == b[1]:
            won += pays("lucky-ladies", "suited-20")
        else:
            won += pays("lucky-ladies", "any-20")
    return -won / total


def test_21_plus_3_against_brute_force() -> None:
    # Three decks of A 2 3 7 Q K in two suits: A-2-3 and Q-K-A straights, K-A-2 not,
    # straight flushes, trips and suited trips all occur.
    shoe = small_shoe("A237QK", "hs", 3)
    got = blackjack.twenty_one_plus_three(RULES, combos.shoe_of(shoe)).house_edge
    assert got == brute_21_plus_3(shoe)


def test_lucky_ladies_against_brute_force() -> None:
    # Two decks of A 9 T Q K in two suits: Queen of Hearts pairs with and without a dealer
    # blackjack, matched, suited and plain 20s, A-9 twenties (D-061).
    shoe = small_shoe("A9TQK", "hs", 2)
    got = blackjack.lucky_ladies(RULES, combos.shoe_of(shoe)).house_edge
    assert got == brute_lucky_ladies(shoe)


def test_super_bonus_and_insurance_against_brute_force() -> None:
    shoe = small_shoe("A5TK", "cdhs", 2)
    naturals = sum(1 for i, j in permutations(range(len(shoe)), 2)
                   if {shoe[i][0], shoe[j][0]} in ({"A", "T"}, {"A", "K"}))
    pairs = len(shoe) * (len(shoe) - 1)
    expect = -(F(naturals, pairs) * (pays("super-bonus-blackjack", "player-blackjack") + 1) - 1)
    assert blackjack.super_bonus(RULES, "super-bonus-player", combos.shoe_of(shoe)).house_edge == expect
    assert blackjack.super_bonus(RULES, "super-bonus-dealer", combos.shoe_of(shoe)).house_edge == expect
    tens = sum(1 for c in shoe if c[0] in "TK")
    p = F(tens, len(shoe) - 1)  # the hole card, the ace showing removed
    assert blackjack.insurance(RULES, combos.shoe_of(shoe)).house_edge == 1 - 3 * p


def test_six_deck_figures() -> None:
    assert blackjack.insurance(RULES).house_edge == F(23, 311)  # 1 - 3·96/311: 7.395 %
    assert blackjack.super_bonus(RULES, "super-bonus-player").house_edge == 1 - 18 * F(2 * 24 * 96, 312 * 311)
    assert float(blackjack.lucky_ladies(RULES).house_edge) == pytest.approx(0.2471, abs=0.0005)  # published 24.71 %


def test_lucky_ladies_needs_two_decks_and_decks_change_the_figures() -> None:
    from webgame.analysis.edges import configuration

    one = {w.bet for w in configuration("blackjack", "grand-ronde", {"options": {"decks": 1}})[2]}
    assert "lucky-ladies" not in one and "21-plus-3-xtreme" in one  # D-060
    two = resolve(load_game("blackjack").variants["grand-ronde"], {"options": {"decks": 2}})
    assert blackjack.twenty_one_plus_three(two).house_edge != blackjack.twenty_one_plus_three(RULES).house_edge


@pytest.mark.parametrize("decks", [1, 6])
def test_21_plus_3_class_counts_match_the_card_by_card_count(decks: int) -> None:
    rules = resolve(load_game("blackjack").variants["grand-ronde"], {"options": {"decks": decks}})
    by_class = blackjack.twenty_one_plus_three(rules)
    by_card = blackjack.twenty_one_plus_three(rules, combos.full_shoe(decks))
    assert by_class == by_card
