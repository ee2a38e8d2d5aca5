"""21st Century Free Bet Blackjack's base wager in the analyzer: the exact count with its free
splits (P-284 to P-286; tests/analysis/test_21st_century_free_bet_exact.py checks the count
against a brute force and rule by rule), the engine's own simulation as its cross-check, and
the page's figure with the strategy named."""

from __future__ import annotations

from typing import Any

import pytest

from webgame.analysis import blackjack_exact as bx
from webgame.analysis.edges import configuration
from webgame.analysis.registry import analyzer
from webgame.games.blackjack import strategy
from webgame.games.blackjack.engine import MAIN

from .test_21st_century_free_bet_exact import VARIANT, edge, fb, rules_of, shipped_edge


def test_the_shipped_figure() -> None:
    figure = bx.main_bet(rules_of())
    assert figure.blackjack == pytest.approx(2 * 24 / 312 * 96 / 311, rel=1e-12)  # a Bonus ace and a ten
    assert 0.010 < figure.house_edge < 0.020
    assert figure.strategy == strategy.FREE_BET_NAME


@pytest.mark.parametrize(("changes", "moves"), [
    ({"free_split_values": ()}, "up"),  # the splits cost the player's money again
    ({"double_after_split": False}, "up"),  # no free double on a split hand
])
def test_each_split_rule_moves_the_figure_the_right_way(changes: dict[str, Any], moves: str) -> None:
    changed = edge(rules_of(**changes))
    assert (changed < shipped_edge()) if moves == "down" else (changed > shipped_edge()), (shipped_edge(), changed)


def test_over_hands_are_compared_not_lost() -> None:
    """A stiff 16 that hits and goes over is not lost at once here: against the P/D's 22 it
    pushes, so a hand over 21 is worth more than -1 (the blackjack count's bust)."""
    game = bx.Game.of(rules_of())
    six_up = 5
    counter = bx._UpCard(game, six_up)
    twenty_six = (0, 0, 0, 0, 0, 1, 0, 0, 0, 2)  # a 6 and two tens
    left = tuple(c - k for c, k in zip(counter.shoe, twenty_six, strict=True))
    over = counter.stand(left, twenty_six)[0]
    assert -1.0 < over < -0.8
    plain = bx._UpCard(bx.Game.of(rules_of(over_hands_wait=False)), six_up)
    assert plain.stand(left, twenty_six)[0] == -1.0


def test_the_engine_simulation_holds_the_exact_figure() -> None:
    """The engine's seeded simulation (every circle a bot playing the Free Bet chart, splits and
    resplits, one persistent shoe, cut card): the count is inside its 95 % interval."""
    sim = fb.simulate(rules_of(), MAIN, 3000, "free-bet-exact").result()
    assert sim.ci95 is not None and sim.ci95 < 0.03
    assert abs(float(sim.house_edge) - shipped_edge()) <= sim.ci95, (sim.house_edge, sim.ci95, shipped_edge())


def test_the_page_shows_the_exact_figure_with_its_strategy() -> None:
    assert analyzer(fb.GAME) is fb
    _, _, wagers = configuration(fb.GAME, VARIANT, {})
    main = next(w for w in wagers if w.bet == MAIN)
    assert main.exact is not None and not main.simulated and main.can_simulate and main.slow
    assert strategy.FREE_BET_NAME in main.assumptions and "Exact count" in main.assumptions
    assert "pushes every hand" in main.assumptions and "7-8-9" in main.assumptions
    assert float(main.exact().house_edge) == pytest.approx(shipped_edge())
    _, _, eight = configuration(fb.GAME, VARIANT, {"options": {"decks": 8}})
    assert next(w for w in eight if w.bet == MAIN).sim_key != main.sim_key
