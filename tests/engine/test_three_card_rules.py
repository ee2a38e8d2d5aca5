"""Three Card Poker as data and as a whole: the paytables against the rulebook lines, every
three-card hand through the engine's paytable lookup, the exact house edges, and hundreds of
random rounds (money conserved, JSON round trips, private cards, replays)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import numpy as np
import pytest

from tests.carnival_support import check_money, random_round, rules_for
from webgame.engine.cards import standard_deck
from webgame.engine.hands import card_ids, evaluate_three, rank_three
from webgame.engine.money import Odds
from webgame.engine.paytable import load_game
from webgame.engine.rng import SeededRng
from webgame.games.carnival import THREE_CARD_POKER as TCP
from webgame.games.carnival.base import pay_line, qualifies

VARIANTS = ("grand-ronde", "chapter4")
DECK = [c.code for c in standard_deck()]
ALL_HANDS = list(itertools.combinations(DECK, 3))


# ---------------------------------------------------------------------------------------
# The rules data
# ---------------------------------------------------------------------------------------
def test_paytables_are_the_rulebook_lines():
    game = load_game("three-card-poker")
    gr, c4 = game.variants["grand-ronde"], game.variants["chapter4"]
    odds = lambda v, t: {ln.hand: str(ln.odds) for ln in v.paytable(t).lines}
    # 000 s.1058-1063 / 004 s.1491-1496: only the flush differs (3 vs 4 to 1).
    assert odds(gr, "pair-plus-grand-ronde") == {"straight-flush": "40 to 1", "three-of-a-kind": "30 to 1",
                                                  "straight": "6 to 1", "flush": "3 to 1", "pair": "1 to 1"}
    assert odds(c4, "pair-plus-chapter4") == {"straight-flush": "40 to 1", "three-of-a-kind": "30 to 1",
                                              "straight": "6 to 1", "flush": "4 to 1", "pair": "1 to 1"}
    # 000 s.1051-1054 and 004 s.1498-1501 ("1 X 1" = 1 to 1, D-024).
    for v, t in ((gr, "ante-bonus-grand-ronde"), (c4, "ante-bonus-chapter4")):
        assert odds(v, t) == {"straight-flush": "5 to 1", "three-of-a-kind": "4 to 1", "straight": "1 to 1"}
        assert all(ln.cite for ln in v.paytable(t).lines)
    assert gr.limits["ante"].max == 50000 and gr.limits["pair-plus"].max == 50000      # 000 s.1028
    assert c4.limits["ante"].min == c4.limits["pair-plus"].min == 100                    # 004 s.1509
    assert (c4.limits["ante"].max, c4.limits["pair-plus"].max) == (50000, 10000)         # 004 s.1509
    assert gr.side_bets == c4.side_bets == ("pair-plus",)
    assert gr.rules["seats"] == 7 and gr.rules["max_spots_per_player"] == 3             # D-022, D-023
    assert (gr.rules["deal"], c4.rules["deal"]) == ("stacks", "rotation")              # 000 s.1085, 004 s.1456
    assert (gr.rules["misdeal_player"], c4.rules["misdeal_player"]) == ("void-table", "void-player")


def test_the_three_card_classes_are_counted_exactly():
    counts: dict[str, int] = {}
    for hand in ALL_HANDS:
        cat = evaluate_three(hand).category
        cat = "straight-flush" if cat == "royal-flush" else cat
        counts[cat] = counts.get(cat, 0) + 1
    assert counts == {"straight-flush": 48, "three-of-a-kind": 52, "straight": 720, "flush": 1096,
                      "pair": 3744, "high-card": 16440}


@pytest.mark.parametrize(("variant", "edge"), [("grand-ronde", Fraction(1608, 22100)), ("chapter4", Fraction(512, 22100))])
def test_pair_plus_house_edge_over_every_hand(variant, edge):
    """Every one of the 22,100 hands through the engine's own line lookup: 7.28 % with the
    000 table, 2.32 % with the 004 table's 4 to 1 flush."""
    rules = rules_for("three-card-poker", variant)
    table = rules["pair_plus_paytable"]
    total = Fraction(0)
    for hand in ALL_HANDS:
        line = pay_line(rules, table, evaluate_three(hand))
        total += Odds.parse(rules["paytables"][table]["lines"][line]).net if line else -1
    assert -total / len(ALL_HANDS) == edge


def test_ante_play_house_edge_and_the_queen_six_four_strategy():
    """Every player hand against every dealer hand from the other 49 cards: the optimal
    strategy plays Q-6-4 and better (the bots' rule) and the Ante/Play edge with the 1-4-5 Ante
    Bonus is 3.37 % of the Ante, as published for this game."""
    rules = rules_for("three-card-poker", "grand-ronde")
    ids = [card_ids(h) for h in ALL_HANDS]
    ranks = np.array([rank_three(i) for i in ids], dtype=np.int32)
    masks = np.array([(1 << a) | (1 << b) | (1 << c) for a, b, c in ids], dtype=np.uint64)
    values = [evaluate_three(h) for h in ALL_HANDS]
    dealer_q = np.array([qualifies(v, rules["dealer_qualifier"]) for v in values])
    bonus_table = rules["ante_bonus_paytable"]
    ev_total = Fraction(0)
    for k, v in enumerate(values):
        free = (masks & masks[k]) == 0
        n = int(free.sum())
        assert n == 18424
        not_q = int((free & ~dealer_q).sum())
        q = free & dealer_q
        wins = int((q & (ranks < ranks[k])).sum())
        losses = int((q & (ranks > ranks[k])).sum())
        line = pay_line(rules, bonus_table, v)
        bonus = Odds.parse(rules["paytables"][bonus_table]["lines"][line]).net if line else 0
        play = bonus + Fraction(not_q + 2 * wins - 2 * losses, n)
        should_play = play > -1
        assert should_play == qualifies(v, ("Q", "6", "4")), v.description
        ev_total += max(play, Fraction(-1))
    edge = -ev_total / len(ALL_HANDS)
    assert round(float(edge), 4) == 0.0337


# ---------------------------------------------------------------------------------------
# Hundreds of random rounds
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_rounds_conserve_money_and_settle_every_wager_once(variant):
    rules = rules_for("three-card-poker", variant)
    carry = None
    house = 0
    for seed in range(300):
        state, events = random_round(TCP, rules, seed, carry=carry)
        check_money(TCP, events, state)
        carry = TCP.carry(state)
        house -= sum(s.net for s in events if hasattr(s, "net"))
    assert house != 0  # money moved both ways over the rounds


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_rounds_thoroughly_views_legal_moves_and_json(variant):
    rules = rules_for("three-card-poker", variant)
    for seed in range(1000, 1020):
        state, events = random_round(TCP, rules, seed, thorough=True)
        check_money(TCP, events, state)


def test_a_round_replays_exactly_from_its_seed_and_journal():
    rules = rules_for("three-card-poker", "chapter4")
    state, events = random_round(TCP, rules, 77)
    again, events2 = random_round(TCP, rules, 77)
    assert json.dumps(TCP.dump(state), sort_keys=True) == json.dumps(TCP.dump(again), sort_keys=True)
    assert events == events2


def test_new_round_refuses_rules_it_cannot_run():
    rules = rules_for("three-card-poker", "grand-ronde")
    with pytest.raises(ValueError):
        TCP.new_round({**rules, "deal": "sideways"}, SeededRng(1), None)
    with pytest.raises(ValueError):
        TCP.new_round({**rules, "decks": 2}, SeededRng(1), None)


@pytest.mark.parametrize(("slug", "option"), [("three-card-poker", "pair_plus_paytable"), ("let-it-ride", "base_paytable")])
def test_paytable_options_only_go_upward_from_a_no_less_than_table_D005(slug, option):
    """000 s.1056 and s.595 pay "at no less than" the printed odds: every table an operator may
    pick instead pays each line at least as much (D-005)."""
    variant = load_game(slug).variants["grand-ronde"]
    spec = variant.options[option]
    base = {ln.hand: ln.odds.net for ln in variant.paytable(spec["default"]).lines}
    for choice in spec["choices"]:
        richer = {ln.hand: ln.odds.net for ln in variant.paytable(choice).lines}
        assert set(richer) == set(base) and all(richer[h] >= base[h] for h in base), choice
    assert spec["default"] == variant.rules[option]
    assert all(option not in v.options for k, v in load_game(slug).variants.items() if k != "grand-ronde")


def test_a_richer_pair_plus_table_is_the_one_paid_and_shown():
    rules = rules_for("three-card-poker", "grand-ronde", options={"pair_plus_paytable": "pair-plus-chapter4"})
    state = TCP.new_round(rules, SeededRng(1), None)
    assert list(TCP.view(state, None)["paytables"]) == ["ante-bonus-grand-ronde", "pair-plus-chapter4"]
