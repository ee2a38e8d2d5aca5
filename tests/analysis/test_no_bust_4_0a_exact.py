"""No Bust 21st Century Blackjack 4.0a's and its Perfect Pairs edition's base wager counted exactly
(webgame/analysis/blackjack_exact.py, P-287): the Natural 20½ (a 21 is over), the P/D's 3-card
23-25 pushing a closer 3-card hand, resplit aces; against the brute force of
tests/analysis/test_21st_century_free_bet_exact.py, rule by rule, and against the engine's own
simulation."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import pytest

from tests.analysis.test_21st_century_free_bet_exact import brute_force
from webgame.analysis import blackjack_exact as bx
from webgame.analysis import no_bust_21st_century_blackjack as nb
from webgame.analysis import pure_spanish_21_5 as ps
from webgame.analysis.edges import configuration
from webgame.engine.paytable import load_game, resolve
from webgame.games.blackjack.engine import MAIN, over_scale_result


def rules_of(variant: str = "4.0a", **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(dict(ps.posted(resolve(load_game(nb.GAME).variants[variant], {}))))
    out.update(changes)
    return out


def edge(rules: dict[str, Any]) -> float:
    return float(bx.main_bet(rules).house_edge)


@cache
def shipped_edge(variant: str = "4.0a") -> float:
    return edge(rules_of(variant))


# Two aces and four kings, a 5 and two 6s, a 7 and a 9: a 6, a 5 and a king is a 3-card 21 (over
# 20½), a 6, a king and a 7 the P/D's 3-card 23: 11 cards.
TINY = (2, 0, 0, 0, 1, 2, 1, 0, 1, 4)


@cache
def tiny(**changes: Any) -> tuple[float, float]:
    rules = rules_of(max_hands=1, **changes)
    return bx.main_bet(rules, TINY).ev, brute_force(rules, TINY)


@pytest.mark.parametrize("changes", [{}, {"over_push_dealer_three_card": ()}])
def test_the_count_is_the_brute_force_of_a_tiny_shoe(changes: dict[str, Any]) -> None:
    counted, brute = tiny(**changes)
    assert counted == pytest.approx(brute, abs=1e-12)
    if changes:
        assert brute < tiny()[1]  # the P/D's 3-card 23-25 no longer push: the P/D wins more


def test_the_comparison_on_the_20_and_a_half_scale_is_the_engines() -> None:
    """OverScale against one P/D hand (its total, and its 3-card column where it has 3 cards) is
    what ``over_scale_result`` says, for 2-, 3- and 4-card hands, with and without an ace."""
    rules = rules_of()
    scale = bx.OverScale.of(rules)
    assert scale.over_above == 20 and scale.dealer_three_card == {23, 24, 25}
    players: list[tuple[str, ...]] = [("Ks", "9s"), ("Ks", "Qs"), ("Ks", "5s", "6s"), ("As", "Ks", "Qs"),
                                      ("Ks", "6s", "6h"), ("Ks", "6s", "7h"), ("Ks", "6s", "8h"), ("As", "Ks", "Qs", "Jh"),
                                      ("Ks", "4s", "5h", "4h"), ("Ks", "6s", "9h"), ("Ks", "6s", "Kh")]
    dealers: list[tuple[str, ...]] = [("Ks", "7s"), ("Ks", "Js"), ("Ks", "5s", "6s"), ("Ks", "6s", "6h"),
                                      ("Ks", "6s", "7h"), ("Ks", "6s", "8h"), ("Ks", "6s", "9h"), ("Ks", "6s", "Kh"),
                                      ("Ks", "2s", "4s", "7h"), ("Ks", "2s", "4s", "9h")]
    values = {"A": 1, "K": 10, "Q": 10, "J": 10}
    for player in players:
        p = sum(values.get(c[0], 0) or int(c[0]) for c in player)
        ace = any(c[0] == "A" for c in player)
        p = p + 10 if ace and p + 10 <= 21 else p
        for dealer in dealers:
            d = sum(values.get(c[0], 0) or int(c[0]) for c in dealer)
            finals = [0.0] * bx.FINAL_COLUMNS
            finals[d - 17] = 1.0
            if len(dealer) == 3:
                finals[bx.THREE_CARDS + d - 17] = 1.0
            win, lose = scale.win_lose(p, finals, 0.0, len(player), ace)  # type: ignore[arg-type]
            expected, _ = over_scale_result(rules, player, dealer)
            assert ("win" if win else "lose" if lose else "push") == expected, (player, dealer)


def test_resplit_aces_and_the_perfect_pairs_edition() -> None:
    """A split ace's ten is 21, over 20½: resplitting aces costs the bots here, and the Perfect
    Pairs edition (aces to two hands, no resplit) is 4.0a without the resplit."""
    no_resplit = edge(rules_of(resplit_aces=False))
    assert no_resplit < shipped_edge()
    assert shipped_edge("4.0a-perfect-pairs") == pytest.approx(no_resplit, abs=1e-15)


def test_the_engine_simulation_holds_the_exact_figure() -> None:
    """The engine's seeded simulation of 4.0a (every circle a bot, resplit aces, surrender, one
    persistent shoe, cut card): the count is inside its 95 % interval."""
    sim = nb.simulate(rules_of(), MAIN, 3000, "no-bust-4-0a-exact").result()
    assert sim.ci95 is not None and sim.ci95 < 0.03
    assert abs(float(sim.house_edge) - shipped_edge()) <= sim.ci95, (sim.house_edge, sim.ci95, shipped_edge())


@pytest.mark.parametrize("variant", ["4.0a", "4.0a-perfect-pairs"])
def test_the_page_shows_the_exact_figure(variant: str) -> None:
    _, _, wagers = configuration(nb.GAME, variant, {})
    main = next(w for w in wagers if w.bet == MAIN)
    assert main.exact is not None and not main.simulated and main.can_simulate and main.slow
    assert "Exact count" in main.assumptions and "house basic strategy chart" in main.assumptions
    assert "20½: a 21 is over" in main.assumptions and "3-card 23, 24, 25" in main.assumptions
    assert ("aces resplit" in main.assumptions) is (variant == "4.0a")
    assert float(main.exact().house_edge) == pytest.approx(shipped_edge(variant))
