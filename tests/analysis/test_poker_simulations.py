"""The house-banked poker games simulated through their engines with the house bots: short
runs give sane intervals, and the figures kept in the repository cache sit where the
published figures put them (the bots play sound, not optimal, strategies)."""

from __future__ import annotations

import pytest

from webgame.analysis import cache, simulation
from webgame.analysis.edges import configuration

# (game, variant, rounds for the short run, band the cached figure must sit in)
GAMES = [
    ("ultimate-texas-holdem", "grand-ronde", 1500, (0.01, 0.04)),  # ≈2.19 % with optimal play
    ("jackpot-holdem", "grand-ronde", 1500, (0.0, 0.35)),  # no published figure for these tables
]


@pytest.mark.parametrize("game,variant,rounds,band", GAMES)
def test_the_ante_edge_is_sane(game: str, variant: str, rounds: int, band: tuple[float, float]) -> None:
    _, rules, wagers = configuration(game, variant)
    main = next(w for w in wagers if w.bet == "ante")
    assert main.simulated and "house strategy" in main.assumptions
    sim = simulation.run(game, rules, "ante", rounds, seed="check")
    assert sim.rounds == rounds and sim.hands is not None and sim.hands >= rounds * 5
    assert sim.ci95 is not None and 0 < sim.ci95 < 0.2
    low, high = band
    assert sim.house_edge - sim.ci95 < high and sim.house_edge + sim.ci95 > low, sim  # overlaps the band
    assert sim.element_of_risk is not None and 0 < abs(sim.element_of_risk) < abs(sim.house_edge) + 1
    entry = cache.lookup(game, variant, "ante", main.sim_key)
    if entry is not None:  # the long run kept in the repository
        assert low < entry["house_edge"] < high and entry["ci95"] < 0.02, entry
        assert entry["command"].startswith(f"flask --app app edge {game}")
