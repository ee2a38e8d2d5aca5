"""Pai Gow Poker's odds: the Fortune Bonus counted exactly over every seven-card hand of the
53-card deck, reproducing the published counts, Envy from the same counts, and the bet against
the house simulated under the house way, reproducing the published house edge."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from webgame.analysis import registry
from webgame.analysis.pai_gow_poker import HANDS, envy_award, fortune_counts, fortune_wager, simulate, wagers
from webgame.engine.paytable import load_game, resolve

GRAND_RONDE = resolve(load_game("pai-gow-poker").variants["grand-ronde"])


@pytest.fixture(scope="module")
def counts() -> dict[str, int]:
    return fortune_counts("bug")


def test_every_hand_of_the_53_card_deck_is_counted_once(counts: dict[str, int]) -> None:
    assert sum(counts.values()) == HANDS == comb(53, 7) == 154_143_080


def test_the_counts_reproduce_alspachs_seven_card_hands_with_a_joker(counts: dict[str, int]) -> None:
    # B. Alspach, "7-Card Poker Hands with Joker" and "Pai Gow Poker Computations" (31 July 2003,
    # people.math.sfu.ca/~alspach/comp40, comp38): 5 aces 1,128; straight flush 210,964 (26,124
    # royal); four of a kind 307,472; full house 4,188,528; flush 6,172,088; straight 11,236,028;
    # three of a kind 7,470,676; two pair 35,553,816; pair 64,221,960; high card 24,780,420.
    assert counts["five-aces"] == 1_128
    straight_flushes = sum(counts[k] for k in ("seven-card-straight-flush", "royal-flush-royal-match",
                                                "seven-card-straight-flush-joker", "royal-flush", "straight-flush"))
    assert straight_flushes == 210_964
    assert counts["four-of-a-kind"] == 307_472 and counts["full-house"] == 4_188_528
    assert counts["flush"] == 6_172_088 and counts["straight"] == 11_236_028
    assert counts["three-of-a-kind"] == 7_470_676 and counts["two-pair"] == 35_553_816
    assert counts["pair"] == 64_221_960 and counts["high-card"] == 24_780_420
    # The Fortune lines above the royal flush (comp38, Table 3).
    assert counts["seven-card-straight-flush"] == 32  # 4 suits × 8 runs of seven
    assert counts["royal-flush-royal-match"] == 72
    assert counts["seven-card-straight-flush-joker"] == 196


def test_the_fortune_bonus_edge_is_the_exact_sum_over_the_lines(counts: dict[str, int]) -> None:
    pays = {"seven-card-straight-flush": 2500, "royal-flush-royal-match": 1000, "seven-card-straight-flush-joker": 750,
            "five-aces": 250, "royal-flush": 125, "straight-flush": 50, "four-of-a-kind": 25, "full-house": 5,
            "flush": 4, "three-of-a-kind": 3, "straight": 2}  # 000 s.823-833
    ev = sum((Fraction(n * pays.get(k, -1), HANDS) for k, n in counts.items()), Fraction(0))
    result = fortune_wager(GRAND_RONDE)
    assert result.house_edge == -ev
    assert 0.0861 < float(result.house_edge) < 0.0863  # 8.62 % at the Grand Ronde table


def test_envy_is_the_expected_award_of_another_hand(counts: dict[str, int]) -> None:
    awards = {"seven-card-straight-flush": 100000, "royal-flush-royal-match": 75000,
              "seven-card-straight-flush-joker": 25000, "five-aces": 10000, "royal-flush": 5000,
              "straight-flush": 2000, "four-of-a-kind": 500}  # 000 s.823-829, in cents
    assert envy_award(GRAND_RONDE) == sum((Fraction(counts[k] * v, HANDS) for k, v in awards.items()), Fraction(0))


def test_the_bet_against_the_house_under_the_house_way() -> None:
    # Published: 2.73 % against the dealer with the 5 % commission (Wizard of Odds, quoted by the
    # Pittsburgh Tribune-Review, 23 Dec 2011). The simulation's 95 % interval must cover it.
    result = simulate(GRAND_RONDE, "main", 2_000, "pai-gow-test").result()
    assert result.ci95 is not None and result.ci95 < 0.04
    assert abs(float(result.house_edge) - 0.0273) < result.ci95


def test_the_analyzer_is_registered_and_lists_every_wager() -> None:
    assert registry.analyzer("pai-gow-poker") is not None
    variant = load_game("pai-gow-poker").variants["grand-ronde"]
    found = {w.bet: w for w in wagers(variant, GRAND_RONDE)}
    assert set(found) == {"main", "player-bank", "fortune-bonus", "envy-bonus"}
    assert found["main"].simulated and "house way" in found["main"].assumptions
    c4 = resolve(load_game("pai-gow-poker").variants["chapter4"])
    assert [w.bet for w in wagers(load_game("pai-gow-poker").variants["chapter4"], c4)] == ["main", "player-bank"]


@pytest.mark.parametrize("variant", ["lucky-derby", "crystal-park", "double-hand-poker"])
def test_the_bet_against_the_player_dealer(variant: str) -> None:
    """No commission at the California tables (D-219): with both hands set by the house way the
    bettor wins 28.61 %, pushes 41.48 % and loses 29.91 % of hands (Wizard of Odds, "Pai Gow
    Poker", house way against house way), so copies alone give the bank 1.29 %. The interval
    of the simulation must cover it, and must not cover the 2.73 % of a 5 % commission."""
    rules = resolve(load_game("pai-gow-poker").variants[variant])
    found = {w.bet: w for w in wagers(load_game("pai-gow-poker").variants[variant], rules)}
    assert set(found) == {"main"} and found["main"].label == "Bet against the player-dealer"
    assert "no commission" in found["main"].assumptions
    result = simulate(rules, "main", 4_000, f"pai-gow-pd-{variant}").result()
    assert result.ci95 is not None and abs(float(result.house_edge) - 0.0129) < result.ci95
    # The same deals with a 5 % commission cost the bettor exactly 5 % of each win more.
    taxed = simulate({**rules, "commission_pct": 5, "commission_rounding": "truncate"}, "main", 4_000,
                     f"pai-gow-pd-{variant}").result()
    assert float(taxed.house_edge) - float(result.house_edge) == pytest.approx(0.05 * float(result.hit_frequency))


@pytest.mark.parametrize("variant", ["lucky-derby", "crystal-park"])
def test_the_joker_wild_bet_against_the_player_dealer(variant: str) -> None:
    """The wild joker through the engine's own ranking and house way (D-212, D-217, D-232): the
    figure exists for every edition and differs from the semi-wild game's on the same deals."""
    game = load_game("joker-wild-pai-gow-poker")
    module = registry.analyzer("joker-wild-pai-gow-poker")
    assert module is not None
    wild = resolve(game.variants[variant])
    found = module.wagers(game.variants[variant], wild)
    assert [w.bet for w in found] == ["main"] and found[0].sim_key["joker"] == "wild"
    semi = resolve(load_game("pai-gow-poker").variants[variant])
    a = simulate(wild, "main", 1_500, "joker-wild").result()
    b = simulate(semi, "main", 1_500, "joker-wild").result()
    assert a.ci95 is not None and abs(float(a.house_edge) - 0.0129) < 1.5 * a.ci95
    assert a.house_edge != b.house_edge


# -- the player-banker's side (000 s.756-771, 004 s.1314-1336, D-222) -----------------------
def _deck(*hands: str) -> list[int]:
    from webgame.analysis.pai_gow_poker import DECK
    from webgame.engine.hands import card_ids

    ids = [c for h in hands for c in card_ids(h.split())]
    return ids + [c for c in DECK if c not in ids]


def test_a_banked_round_pays_both_commissions() -> None:
    from webgame.analysis.pai_gow_poker import bank_round

    banker, house, player = "As Ad Kc Ks 8h 6d 4c", "Kh Qd 9c 7d 5s 3h 2c", "Jh Jd 4h 4d Ts 9s 2d"
    # The bank beats both: $20 less 5 % from the house at once, $20 less 5 % on the net win.
    assert bank_round(GRAND_RONDE, _deck(banker, house, player), 2000) == 1900 + 1900
    # The bank holds the no-pair hand: the house's aces and kings and the player's jacks and fours
    # both beat it, and a bank that lost pays no commission.
    assert bank_round(GRAND_RONDE, _deck(house, banker, player), 2000) == -2000 - 2000


def test_the_banker_against_the_house_and_one_player() -> None:
    """House way against house way the bettor wins 28.61 % and loses 29.91 % of hands (Wizard of
    Odds, "Pai Gow Poker"); the bank collects the losses less 5 % and pays the wins, on each of
    its two wagers: 0.2 % against the banker. The interval of the simulation must cover it."""
    variant = load_game("pai-gow-poker").variants["grand-ronde"]
    found = {w.bet: w for w in wagers(variant, GRAND_RONDE)}
    assert found["player-bank"].simulated and "net win" in found["player-bank"].assumptions
    published = -(0.95 * 0.2991 - 0.2861)
    result = simulate(GRAND_RONDE, "player-bank", 3_000, "pai-gow-bank").result()
    assert result.ci95 is not None and abs(float(result.house_edge) - published) < result.ci95
    # The commission is the whole difference from a bank that paid none: 5 % of what it won.
    free = simulate({**GRAND_RONDE, "commission_pct": 0}, "player-bank", 3_000, "pai-gow-bank").result()
    assert float(result.house_edge) > float(free.house_edge)
    assert float(free.house_edge) < 0  # without the commission the copies favour the bank
