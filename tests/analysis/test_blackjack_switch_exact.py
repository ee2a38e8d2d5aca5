"""Blackjack Switch counted exactly (webgame/analysis/blackjack_exact.switch_count, P-270 to
P-273): the switch decision against an independent card-by-card deal of a small shoe, the
bots' switch table against the count, each rule moving the figure the way it must, the
published figure, and the engine's own simulation."""

from __future__ import annotations

import copy
import dataclasses
import json
from functools import cache

import pytest

from webgame.analysis import blackjack_exact, blackjack_switch
from webgame.analysis.edges import configuration
from webgame.games.blackjack import strategy
from webgame.games.blackjack.hand import count

RANK_CODE = "A23456789T"
SMALL_SHOE = (1, 1, 1, 1, 1, 1, 1, 1, 1, 4)  # 13 cards: an up card, four player cards and draws


def rules_of(config: dict | None = None, **changes) -> dict:
    rules = copy.deepcopy(dict(configuration("blackjack-switch", "chapter4", config)[1]))
    rules.update(changes)
    return rules


def edge(rules: dict) -> float:
    """The house edge in percentage points per initial wager (each rule set counted once)."""
    return _edge(json.dumps(rules, sort_keys=True))


@cache
def _edge(key: str) -> float:
    return blackjack_exact.main_bet(json.loads(key)).house_edge * 100


def game_edge(game: blackjack_exact.Game) -> float:
    return blackjack_exact.count(game).house_edge * 100


# ---------------------------------------------------------------------------------------
# An independent count: the four cards, the up card and the hole card dealt one by one
# ---------------------------------------------------------------------------------------
def brute_force(comp: tuple[int, ...], rules: dict) -> float:
    """A Switch box's value per initial wager, dealt card by card: each hand's two cards and
    the up card, the hole card from what is left and checked (D-602: a dealt blackjack pushes
    the dealer's, every other hand loses); otherwise the better of the two settings, each hand
    worth what it wins played card by card by the bots' own decide() against a dealer who
    draws card by card, a dealer 22 pushing (D-049) and a blackjack paid at the table's odds,
    a switched one too (D-051). Each hand is played from the shoe less the up card and its own
    cards, the hole card dealt from it and conditioned on no blackjack: the model P-270 states,
    dealt here directly. One hand per hand dealt (max_hands = 1): no split."""
    h17 = bool(rules["dealer_hits_soft_17"])
    pays = {"3 to 2": 1.5, "1 to 1": 1.0}[rules["blackjack_pays"]]
    push_22 = bool(rules["dealer_22_pushes"])

    def take(c: tuple[int, ...], r: int) -> tuple[int, ...]:
        return tuple(n - (i == r) for i, n in enumerate(c))

    def draws(c: tuple[int, ...]):
        size = sum(c)
        for r, n in enumerate(c):
            if n:
                yield r, n / size, take(c, r)

    @cache
    def dealer(c: tuple[int, ...], cards: tuple[str, ...]) -> tuple[float, ...]:
        """P(dealer ends on 17..21, on 23 or more, on 22)."""
        hand = count(cards)
        if hand.total > 21:
            return (0, 0, 0, 0, 0, float(hand.total > 22), float(hand.total == 22))
        if hand.total > 17 or (hand.total == 17 and not (hand.soft and h17)):
            return tuple(float(hand.total == t) for t in range(17, 22)) + (0.0, 0.0)
        out = [0.0] * 7
        for r, p, rest in draws(c):
            more = dealer(rest, tuple(sorted(cards + (RANK_CODE[r] + "s",))))
            out = [o + p * m for o, m in zip(out, more, strict=True)]
        return tuple(out)

    def showdown(c: tuple[int, ...], cards: tuple[str, ...], dealer_cards: tuple[str, ...], stake: float) -> float:
        player = count(cards).total
        if player > 21:
            return -stake
        d = dealer(c, dealer_cards)
        value = d[5] + (0.0 if push_22 else d[6])
        value += sum(d[k] * ((player > 17 + k) - (player < 17 + k)) for k in range(5))
        return stake * value

    @cache
    def play(c: tuple[int, ...], cards: tuple[str, ...], dealer_cards: tuple[str, ...]) -> float:
        hand = count(cards)
        if hand.total >= 21:
            return showdown(c, cards, dealer_cards, 1.0)
        move = strategy.decide(list(cards), dealer_cards[0], strategy.Options(
            can_double=len(cards) == 2, can_split=False, can_surrender=False, dealer_hits_soft_17=h17,
            rule_set=strategy.SWITCH))
        if move == "stand":
            return showdown(c, cards, dealer_cards, 1.0)
        value = 0.0
        for r, p, rest in draws(c):
            more = tuple(sorted(cards + (RANK_CODE[r] + "c",)))
            value += p * (showdown(rest, more, dealer_cards, 2.0) if move == "double" else play(rest, more, dealer_cards))
        return value

    def natural(a: int, b: int) -> bool:
        return {a, b} == {0, 9}

    @cache
    def hand_value(up: int, a: int, b: int) -> float:
        """The hand a-b against the up card, given no dealer blackjack."""
        if natural(a, b):
            return pays
        c = take(take(take(comp, up), a), b)
        total = clear = 0.0
        for h, p, rest in draws(c):
            if natural(up, h):
                continue
            clear += p
            total += p * play(rest, (RANK_CODE[a] + "h", RANK_CODE[b] + "d"), (RANK_CODE[up] + "h", RANK_CODE[h] + "d"))
        return total / clear if clear else 0.0

    total = 0.0
    for a1, p1, c1 in draws(comp):
        for a2, p2, c2 in draws(c1):
            for up, p3, c3 in draws(c2):
                for b1, p4, c4 in draws(c3):
                    for b2, p5, c5 in draws(c4):
                        p = p1 * p2 * p3 * p4 * p5
                        for h, ph, _ in draws(c5):
                            if natural(up, h):
                                total += p * ph * (-2 + natural(a1, b1) + natural(a2, b2))
                            else:
                                kept = hand_value(up, a1, b1) + hand_value(up, a2, b2)
                                swapped = hand_value(up, a1, b2) + hand_value(up, a2, b1)
                                total += p * ph * max(kept, swapped)
    return total / 2


SMALL_SHOE_RULES = [
    ("Chapter 4", {}),
    ("blackjack 1 to 1, dealer hits soft 17", {"blackjack_pays": "1 to 1", "dealer_hits_soft_17": True}),
]


@pytest.mark.parametrize("changes", [c for _, c in SMALL_SHOE_RULES], ids=[n for n, _ in SMALL_SHOE_RULES])
def test_the_switch_decision_equals_a_card_by_card_deal_of_a_small_shoe(changes: dict) -> None:
    """Equal to 1e-12: the four cards' weights, the peek before the switch, the better of the
    two settings and each hand's value by exchangeability of the hole card are exact."""
    rules = rules_of(max_hands=1, **changes)
    game = blackjack_exact.Game.of(rules, SMALL_SHOE)
    counted = blackjack_exact.switch_count(game, best=True).main.ev
    assert counted == pytest.approx(brute_force(SMALL_SHOE, rules), abs=1e-12)


def test_the_small_shoe_check_sees_the_switch() -> None:
    """Taking the worse setting, or never switching, moves the card-by-card figure: the check
    would catch a switch decision left out."""
    rules = rules_of(max_hands=1)
    game = blackjack_exact.Game.of(rules, SMALL_SHOE)
    best = blackjack_exact.switch_count(game, best=True).main.ev
    never = blackjack_exact.count(dataclasses.replace(game, switch=False)).ev
    assert best - never > 0.05


# ---------------------------------------------------------------------------------------
# The strategy: the bots' table is the count's, and it decides as well as the best setting
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_the_bots_switch_table_is_the_counts_for_the_tables_decks(decks: int) -> None:
    """games/blackjack/switch_values.json holds what the count gives the Chapter 4 table
    (P-272): the bots switch exactly as the figure assumes."""
    assert strategy.switch_values()[str(decks)] == blackjack_switch.values_for(decks)


def test_the_table_decides_within_a_hundredth_of_a_point_of_the_best_setting() -> None:
    """Switching by the table of hand values against taking, deal by deal, the better of the
    two settings' exact values: the table gives up almost nothing."""
    game = blackjack_exact.Game.of(rules_of())
    by_table = blackjack_exact.switch_count(game)
    best = blackjack_exact.switch_count(game, best=True)
    assert 0 <= best.main.ev - by_table.main.ev < 1e-4
    assert 0.3 < by_table.switches < 0.4  # about a third of the boxes switch


def test_the_bot_switches_by_the_table() -> None:
    """K-6 and 9-A against a 6: switched, a blackjack and 15; K-Q and 5-6 against a 6 keep their
    20 and 11; 5-T and 6-T against a 7 switch into 11 and 20."""
    assert strategy.better_switched(["Kh", "6d"], ["9c", "Ad"], "6s", 6)
    assert not strategy.better_switched(["Kh", "Qd"], ["5c", "6d"], "6s", 6)
    assert strategy.better_switched(["5h", "Td"], ["Tc", "6d"], "7s", 6)
    # A tie keeps the hands as dealt: the same two hands either way.
    assert not strategy.better_switched(["5h", "Td"], ["5c", "Kd"], "7s", 6)


# ---------------------------------------------------------------------------------------
# Each rule moves the figure the way it must (the strategy held to the rules)
# ---------------------------------------------------------------------------------------
RULES = [
    # (rule, the rules without it, the player loses at least this many points without it)
    ("the switch itself (004 s.444)", {"switch": False}, 3.0),
    ("a blackjack paid 3 to 2, not 1 to 1 (D-051)", {"blackjack_pays": 1.0}, 1.5),
    ("a switched ace and ten is a blackjack (D-051)", {"switched_blackjack": False}, 0.2),
    ("double after split (D-052, D-037)", {"double_after_split": False}, 0.05),
    ("splits to four hands (D-037)", {"max_hands": 2}, 0.01),
]


@pytest.mark.parametrize(("rule", "gone", "least"), RULES, ids=[r[0] for r in RULES])
def test_each_rule_that_favours_the_player_is_worth_something(rule: str, gone: dict, least: float) -> None:
    game = blackjack_exact.Game.of(rules_of())
    assert game_edge(dataclasses.replace(game, **gone)) - game_edge(game) > least, rule


def test_the_dealer_22_push_is_what_pays_for_the_switch() -> None:
    """A dealer 22 that busts as usual would hand the player several more points (D-049)."""
    game = blackjack_exact.Game.of(rules_of())
    assert game_edge(game) - game_edge(dataclasses.replace(game, dealer_22_pushes=False)) > 3.0


def test_a_dealer_who_hits_soft_17_costs_the_player() -> None:
    assert edge(rules_of(dealer_hits_soft_17=True)) - edge(rules_of()) > 0.1


def test_more_decks_cost_the_player() -> None:
    assert edge(rules_of({"options": {"decks": 8}})) > edge(rules_of({"options": {"decks": 6}})) \
        > edge(rules_of({"options": {"decks": 2}}))


def test_chapter_4_switch_favours_the_player() -> None:
    """D-051 keeps the 3 to 2 of 004 s.349 and counts a switched ace and ten as a blackjack:
    the rulebook's table gives the player an edge of several points, as D-051 warns."""
    assert -4.5 < edge(rules_of()) < -3.0


# ---------------------------------------------------------------------------------------
# The published figure
# ---------------------------------------------------------------------------------------
# Wizard of Odds, Blackjack Switch (wizardofodds.com/games/blackjack/switch/, "Rules" and
# "House Edge"): six decks, dealer hits soft 17 and peeks, double any two cards and after
# splits, resplit to four hands, blackjack pays even money, a dealer 22 pushes every hand but
# a blackjack, and an ace and a ten made by switching counts as 21 (the Las Vegas rules):
# 0.58 % under the Wizard's optimal switching and playing strategy (the count: 0.583 %); a
# switched blackjack paid as one (the page's Casino Royale rules) about 0.40 points less.
# Tolerance 0.05 points: the Switch play chart here is the house chart with the changes the
# count found worth making, not the published chart cell by cell, and each hand's cards are
# not removed from the other's shoe (P-270, P-271).
LAS_VEGAS = {"blackjack_pays": "1 to 1", "dealer_hits_soft_17": True, "switched_blackjack": "21"}


def test_the_published_figure_agrees() -> None:
    assert edge(rules_of(**LAS_VEGAS)) == pytest.approx(0.58, abs=0.05)


def test_a_switched_blackjack_paid_as_one_is_worth_what_the_wizard_says() -> None:
    """The same page: a switched blackjack counted as a blackjack (Casino Royale rules) lowers
    the edge by about 0.40 points (the count: 0.41)."""
    moved = edge(rules_of(**{**LAS_VEGAS, "switched_blackjack": "blackjack"})) - edge(rules_of(**LAS_VEGAS))
    assert moved == pytest.approx(-0.40, abs=0.05)


def test_the_figure_names_its_strategy() -> None:
    figure = blackjack_exact.main_bet(rules_of())
    assert "Blackjack Switch strategy" in figure.strategy and "table of hand values" in figure.strategy


# ---------------------------------------------------------------------------------------
# The engine's own simulation: its 95 % interval holds the exact figure
# ---------------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_engine_simulation_holds_the_exact_figure() -> None:
    """A full table of bots switching by the table and playing the Switch chart through the
    engine (seeded, 4,000 rounds of seven boxes, fourteen hands): the exact figure is inside the
    interval. The table differs from the count by the other boxes' cards, the cut card, each
    hand's cards in the other's shoe and P-111's split approximation."""
    rules = rules_of()
    sim = blackjack_switch.simulate(rules, "main", 4000, "exact-blackjack-switch").result()
    exact = blackjack_exact.main_bet(rules).house_edge
    assert sim.ci95 is not None and sim.ci95 < 0.03
    assert abs(float(sim.house_edge) - exact) <= sim.ci95, (sim.house_edge, sim.ci95, exact)
