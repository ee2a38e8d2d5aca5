"""Simulations run on the engines themselves: they deal what a table deals, their 95 %
intervals contain the exact figures, and a rule change moves the figure as it should."""

from __future__ import annotations

import pytest

from webgame.analysis import blackjack, simulation
from webgame.analysis.edges import configuration, exact
from webgame.engine.protocol import SYSTEM_SEAT, Action
from webgame.engine.rng import SeededRng
from webgame.games.blackjack import ENGINE


def rules_of(game: str, variant: str, config: dict | None = None) -> dict:
    return configuration(game, variant, config)[1]


def test_the_simulated_table_deals_what_a_real_table_deals() -> None:
    """The simulation keeps its shoe as an object; a table carries it through JSON. Same
    seed, same rounds: the same events, card for card."""
    rules = blackjack.simulation_rules(rules_of("blackjack", "grand-ronde"))
    sim, rng_a, rng_b, carry = blackjack._Table(), SeededRng("deal"), SeededRng("deal"), None
    for _ in range(40):  # enough to pass the cut card and reshuffle
        a, b = sim.new_round(rules, rng_a, None), ENGINE.new_round(rules, rng_b, carry)
        events_a, events_b = [], []
        for state, engine, rng, events in ((a, sim, rng_a, events_a), (b, ENGINE, rng_b, events_b)):
            for seat in sorted(state.seats):
                events += engine.apply(state, engine.bot_action(state, seat), rng)
            events += engine.apply(state, Action("deal", SYSTEM_SEAT), rng)
            while not engine.is_over(state):
                events += engine.apply(state, engine.bot_action(state, engine.to_act(state)), rng)
        assert events_a == events_b and a.dealer == b.dealer
        carry = ENGINE.carry(b)


def test_six_to_five_costs_about_one_and_a_half_points() -> None:
    """Same seed, same cards, same decisions: only the blackjack payout differs."""
    three_two = rules_of("blackjack", "grand-ronde")
    six_five = rules_of("blackjack", "grand-ronde", {"options": {"blackjack_pays": "6 to 5"}})
    a = blackjack.simulate(three_two, "main", 800, "6to5").result()
    b = blackjack.simulate(six_five, "main", 800, "6to5").result()
    assert a.hands == b.hands == 800 * 7
    assert 0.012 < b.house_edge - a.house_edge < 0.0155  # 0.3 x P(player blackjack, dealer none) ≈ 1.36 pp


@pytest.mark.parametrize("game,variant,bet,rounds", [
    ("craps", "chapter4", "pass", 20_000),
    ("craps", "grand-ronde", "field", 20_000),
    ("roulette", "grand-ronde-00", "red", 10_000),
    ("big-six", "chapter4", "5", 10_000),
    ("blackjack", "grand-ronde", "21-plus-3-xtreme", 600),
])  # Lucky Ladies' 125 and 1000 to 1 lines need far more rounds: its check is the brute force
def test_simulation_interval_contains_the_exact_figure(game: str, variant: str, bet: str, rounds: int) -> None:
    _, rules, wagers = configuration(game, variant)
    wager = next(w for w in wagers if w.bet == bet)
    assert wager.can_simulate
    figure = float(exact(game, variant, rules, wager).house_edge)
    sim = simulation.run(game, rules, bet, rounds, seed="check")
    assert sim.ci95 is not None and sim.ci95 > 0
    assert abs(sim.house_edge - figure) <= sim.ci95, (sim, figure)


def test_a_simulation_depends_on_its_seed_and_rounds_only() -> None:
    rules = rules_of("craps", "grand-ronde")
    one = simulation.run("craps", rules, "hard/8", 12_000, seed="s", workers=1)
    two = simulation.run("craps", rules, "hard/8", 12_000, seed="s", workers=2)
    assert one == two
