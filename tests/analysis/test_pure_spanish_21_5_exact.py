"""Pure Spanish 21.5's base wager counted exactly (webgame/analysis/blackjack_exact.py, P-228):
against a brute force that deals a small shoe card by card in the table's order and settles as
the engine does (the peek, Pure 21.5, the player's 21, the P/D's 8-8-8, the forced moves,
surrender), rule by rule, and against the engine's own simulation, in every edition."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import pytest

from webgame.analysis import blackjack_exact
from webgame.analysis import pure_spanish_21_5 as ps
from webgame.analysis.core import EXACT
from webgame.engine.money import Odds
from webgame.engine.paytable import load_game, resolve
from webgame.games.blackjack import strategy
from webgame.games.blackjack.engine import _count, _is_natural, _must_stand
from webgame.games.blackjack.hand import count
from webgame.services import strategy_charts

EDITIONS = ("lucky-derby", "lucky-chances-2009", "lucky-chances-bgc", "crystal-park")
CODE = ("As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ks")
# One ace, a few small cards, three 8s (the P/D's 8-8-8) and four kings: 13 cards, 86 points.
SMALL = (1, 0, 1, 0, 1, 1, 1, 3, 0, 4)


def rules_of(variant: str, **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(dict(resolve(load_game(ps.GAME).variants[variant], {})))
    out.update(changes)
    return out


def brute_force(rules: Mapping[str, Any], comp: tuple[int, ...]) -> float:
    """Player, up card, player, hole card; the peek; the player's moves by the bots' chart
    within the engine's forced moves; the P/D's draws; the settlement."""
    h17 = bool(rules["dealer_hits_soft_17"])
    pays = float(Odds.parse(str(rules["blackjack_pays"])).net)

    def draws(shoe: list[int]) -> list[tuple[int, float]]:
        n = sum(shoe)
        assert n, "the small shoe ran out"
        return [(r, k / n) for r, k in enumerate(shoe) if k]

    def take(shoe: list[int], r: int) -> list[int]:
        out = list(shoe)
        out[r] -= 1
        return out

    def dealer_finish(dealer: list[str], shoe: list[int]) -> list[tuple[list[str], float]]:
        c = count(dealer)
        if c.total > 17 or (c.total == 17 and not (c.soft and h17)):
            return [(dealer, 1.0)]
        return [(hand, p * q) for r, p in draws(shoe) for hand, q in dealer_finish([*dealer, CODE[r]], take(shoe, r))]

    def settle(player: list[str], stake: float, dealer: list[str], shoe: list[int]) -> float:
        mine = count(player).total
        ev = 0.0
        for final, p in dealer_finish(dealer, shoe):
            theirs = count(final).total
            if mine > 21:
                eights = rules.get("dealer_888_pushes_busts") and [c[0] for c in final] == ["8", "8", "8"]
                ev += p * (0.0 if eights else -stake)
            elif (mine == 21 and rules.get("player_21_wins")) or theirs > 21 or mine > theirs:
                ev += p * stake
            elif mine < theirs:
                ev -= p * stake
        return ev

    def play(player: list[str], dealer: list[str], shoe: list[int]) -> float:
        c = _count(rules, player)
        if c.total >= 21:
            return settle(player, 1.0, dealer, shoe)
        must_stand = _must_stand(rules, c)
        legal = set() if must_stand else {"hit"}
        if not (not c.soft and c.total <= int(rules.get("player_must_hit_hard", 0))):
            legal.add("stand")
        if len(player) == 2 and not must_stand and (not rules["double_totals"] or c.total in rules["double_totals"]):
            legal.add("double")
        if len(player) == 2 and rules["surrender"]:
            legal.add("surrender")
        move = strategy.decide(player, dealer[0], strategy.Options(
            can_double="double" in legal, can_split=False, can_surrender="surrender" in legal,
            dealer_hits_soft_17=h17, rule_set=strategy.rule_set(rules)))
        if move not in legal:
            move = "stand" if "stand" in legal else "hit"
        if move == "stand":
            return settle(player, 1.0, dealer, shoe)
        if move == "surrender":
            return -0.5
        if move == "double":  # the house chart stands after a double (no double-double, no rescue)
            return sum(p * settle([*player, CODE[r]], 2.0, dealer, take(shoe, r)) for r, p in draws(shoe))
        return sum(p * play([*player, CODE[r]], dealer, take(shoe, r)) for r, p in draws(shoe))

    ev = 0.0
    shoe = list(comp)
    for p1, q1 in draws(shoe):
        s1 = take(shoe, p1)
        for up, q2 in draws(s1):
            s2 = take(s1, up)
            for p2, q3 in draws(s2):
                s3 = take(s2, p2)
                for hole, q4 in draws(s3):
                    player, dealer = [CODE[p1], CODE[p2]], [CODE[up], CODE[hole]]
                    mine, theirs = _is_natural(rules, player), _is_natural(rules, dealer)
                    if theirs:  # found by the peek: the round ends
                        value = (pays if rules["blackjack_beats_dealer_blackjack"] else 0.0) if mine else -1.0
                    elif mine:
                        value = pays
                    else:
                        value = play(player, dealer, take(s3, hole))
                    ev += q1 * q2 * q3 * q4 * value
    return ev


@pytest.mark.parametrize(("variant", "changes"), [
    ("lucky-derby", {}),
    ("lucky-chances-2009", {}),
    ("lucky-derby", {"dealer_888_pushes_busts": False}),
    ("lucky-chances-2009", {"player_must_stand_hard": 15, "player_must_hit_hard": 13}),
])
def test_the_count_is_the_brute_force_of_a_small_shoe(variant: str, changes: dict[str, Any]) -> None:
    """No split (one hand a circle): the count is exact, every rule of the edition included."""
    rules = rules_of(variant, max_hands=1, **changes)
    counted = blackjack_exact.main_bet(rules, SMALL).ev
    assert counted == pytest.approx(brute_force(rules, SMALL), abs=1e-12)


def test_the_brute_force_sees_the_8_8_8_and_the_forced_moves() -> None:
    base = brute_force(rules_of("lucky-derby", max_hands=1), SMALL)
    assert brute_force(rules_of("lucky-derby", max_hands=1, dealer_888_pushes_busts=False), SMALL) < base
    free = brute_force(rules_of("lucky-chances-2009", max_hands=1), SMALL)
    forced = brute_force(rules_of("lucky-chances-2009", max_hands=1, player_must_stand_hard=15,
                                  player_must_hit_hard=13), SMALL)
    assert forced != pytest.approx(free, abs=1e-6)


def edge(rules: Mapping[str, Any]) -> float:
    return blackjack_exact.main_bet(rules).house_edge


@pytest.mark.parametrize(("variant", "changes", "moves"), [
    ("lucky-derby", {"dealer_888_pushes_busts": False}, "up"),
    ("lucky-derby", {"player_must_stand_hard": 12}, "up"),  # forced to stand on 12-16 against a 7
    ("lucky-derby", {"blackjack_pays": "3 to 2"}, "down"),  # Crystal Park's payout
    ("lucky-derby", {"player_21_wins": False}, "up"),
    ("lucky-chances-2009", {"player_must_hit_hard": 16}, "up"),  # forced to hit 12-16 against a 6
    ("lucky-chances-2009", {"blackjack_beats_dealer_blackjack": True}, "down"),
])
def test_each_rule_moves_the_figure_the_right_way(variant: str, changes: dict[str, Any], moves: str) -> None:
    shipped, changed = edge(rules_of(variant)), edge(rules_of(variant, **changes))
    assert (changed < shipped) if moves == "down" else (changed > shipped), (shipped, changed)


def test_no_surrender_after_a_split_is_counted() -> None:
    """D-090: surrender on the original two cards only; the house chart would surrender a split
    hand's 16 against an ace, so the rule moves the count."""
    rules = rules_of("lucky-derby")
    assert edge(rules) != pytest.approx(edge({**rules, "surrender_after_split": True}), abs=1e-7)


def test_every_edition_is_exact_and_names_the_chart() -> None:
    for variant in EDITIONS:
        rules = ps.posted(rules_of(variant))
        main = ps.wagers(load_game(ps.GAME).variants[variant], rules)[0]
        assert main.method == EXACT and not main.simulated and main.can_simulate, variant
        assert "house basic strategy chart" in main.assumptions and "8-8-8" in main.assumptions
        assert float(main.exact().house_edge) == pytest.approx(edge(rules))


def test_the_rules_panel_prints_the_house_chart_the_figure_assumes() -> None:
    for variant in EDITIONS:
        rules = rules_of(variant)
        chart = strategy_charts.chart_for(ps.GAME, rules)
        assert chart is not None and chart["name"] == blackjack_exact.main_bet(rules, SMALL).strategy


@pytest.mark.parametrize("variant", ["lucky-derby", "lucky-chances-2009"])
def test_the_engine_simulation_holds_the_exact_figure(variant: str) -> None:
    """The engine's seeded simulation (every circle a bot, one persistent shoe with its cut
    card): the count is inside its 95 % interval."""
    rules = rules_of(variant)
    sim = ps.simulate(rules, "main", 6000, f"exact-{variant}").result()
    exact = edge(rules)
    assert sim.ci95 is not None and sim.ci95 < 0.03
    assert abs(float(sim.house_edge) - exact) <= sim.ci95, (sim.house_edge, sim.ci95, exact)
