"""Spanish 21 and Free Bet Blackjack: Match the Dealer and insurance counted exactly, checked against closed forms
written here independently; the main game counted exactly (tests/analysis/test_blackjack_exact_family.py), its
simulation running the engine's own rounds."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import permutations
from math import comb

from webgame.analysis import registry, spanish_21
from webgame.engine.paytable import load_game, resolve

VARIANT = load_game("spanish-21").variants["grand-ronde"]
RULES = resolve(VARIANT, {})


def pays(line: str) -> int:
    a, _, b = RULES["paytables"]["match-the-dealer"]["lines"][line].partition(" to ")
    assert b == "1"
    return int(a)


def test_match_the_dealer_on_six_spanish_decks_by_closed_form() -> None:
    # Whatever the up card, 287 cards are left: 5 of the same card (suited), 18 of the same
    # rank in the other three suits (unsuited), 264 others (6 decks x 48 cards, s.1111).
    same, other_suits, rest = 5, 18, 264
    won = (comb(same, 2) * pays("two-suited") + same * other_suits * pays("suited-and-unsuited")
           + comb(other_suits, 2) * pays("two-unsuited") + same * rest * pays("suited")
           + other_suits * rest * pays("unsuited") - comb(rest, 2))
    hits = comb(287, 2) - comb(rest, 2)
    got = spanish_21.match_the_dealer(RULES)
    assert got.house_edge == -F(won, comb(287, 2))
    assert got.hit_frequency == F(hits, comb(287, 2))
    assert 0.0305 < float(got.house_edge) < 0.0306  # 3.06 % on the printed six-deck table


def test_match_the_dealer_by_brute_force_on_a_small_shoe() -> None:
    shoe = [r + s for r in "9K" for s in "hs" for _ in range(2)]  # 8 cards, every one twice
    won, deals = F(0), 0
    for up, a, b in permutations(range(len(shoe)), 3):
        deals += 1
        matches = [shoe[c] for c in (a, b) if shoe[c][0] == shoe[up][0]]
        suited = sum(c == shoe[up] for c in matches)
        unsuited = len(matches) - suited
        line = {(0, 0): None, (1, 0): "suited", (0, 1): "unsuited", (2, 0): "two-suited",
                (0, 2): "two-unsuited", (1, 1): "suited-and-unsuited"}[(suited, unsuited)]
        won += -1 if line is None else pays(line)
    got = spanish_21.match_the_dealer(RULES, {c: shoe.count(c) for c in set(shoe)})
    assert got.house_edge == -won / deals


def test_insurance_with_no_tens_in_the_shoe() -> None:
    # 72 jacks, queens and kings in 287 cards after the ace: insurance pays 2 to 1.
    assert spanish_21.insurance(RULES).house_edge == 1 - 3 * F(72, 287)


def test_the_wagers_of_a_table_and_where_match_the_dealer_is_left_out() -> None:
    assert registry.analyzer("spanish-21") is spanish_21
    assert [w.bet for w in spanish_21.wagers(VARIANT, RULES)] == ["main", "insurance", "match-the-dealer"]
    main = spanish_21.wagers(VARIANT, RULES)[0]
    # Counted exactly under the Spanish 21 chart (P-140), the engine's simulation its cross-check.
    assert not main.simulated and main.exact is not None and main.slow and main.can_simulate
    assert "Spanish 21 basic strategy" in main.assumptions and "Spanish 48-card" in main.assumptions
    eight = resolve(VARIANT, {"options": {"decks": 8}})
    assert [w.bet for w in spanish_21.wagers(VARIANT, eight)] == ["main", "insurance"]  # six decks only (D-076)


def test_the_main_game_simulation_plays_the_engines_rounds() -> None:
    tally = spanish_21.simulate(RULES, "main", 60, "test")
    assert tally.rounds == 60 and tally.n == 60 * int(RULES["seats"])
    assert tally.sa >= tally.sw  # doubles and splits add action on top of the initial wagers


def test_free_bet_blackjack_wagers_and_simulation() -> None:
    from webgame.analysis import free_bet_blackjack

    variant = load_game("free-bet-blackjack").variants["grand-ronde"]
    rules = resolve(variant, {})
    assert registry.analyzer("free-bet-blackjack") is free_bet_blackjack
    main, ins = free_bet_blackjack.wagers(variant, rules)
    assert not main.simulated and main.exact is not None and main.can_simulate
    assert "Free Bet strategy" in main.assumptions and "free double" in main.assumptions
    assert ins.exact is not None and ins.exact().house_edge == 1 - 3 * F(96, 311)  # 96 tens in 311 cards
    tally = free_bet_blackjack.simulate(rules, "main", 60, "test")
    assert tally.rounds == 60 and tally.n == 60 * int(rules["seats"])


def test_blackjack_switch_wagers_and_simulation() -> None:
    from webgame.analysis import blackjack_switch

    variant = load_game("blackjack-switch").variants["chapter4"]
    rules = resolve(variant, {})
    assert registry.analyzer("blackjack-switch") is blackjack_switch
    main, ins = blackjack_switch.wagers(variant, rules)
    # Counted exactly under the Blackjack Switch strategy (P-270), the engine's simulation its cross-check.
    assert not main.simulated and main.exact is not None and main.slow and main.can_simulate
    assert "Blackjack Switch strategy" in main.assumptions and "table of hand values" in main.assumptions
    assert ins.exact is not None and ins.exact().house_edge == 1 - 3 * F(96, 311)
    tally = blackjack_switch.simulate(rules, "main", 40, "test")
    assert tally.rounds == 40 and tally.n == 40 * int(rules["seats"])
    assert tally.sw == 40 * int(rules["seats"]) * 2 * 1000  # both wagers are the initial wager
