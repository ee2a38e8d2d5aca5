"""Keno's exact returns (hypergeometric) against D-393's Return column, the engine's own
settlement of every catch, and a simulation of the engine's draws."""

from __future__ import annotations

from fractions import Fraction

import pytest

from webgame.analysis import keno
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.keno import KENO

# D-393's Return column, spots 1-20: "each Return figure is the exact hypergeometric value".
D393 = [87.5, 90.2, 86.0, 88.8, 86.9, 89.5, 87.9, 86.0, 85.0, 86.0,
        88.3, 86.4, 85.1, 86.8, 88.8, 86.7, 85.3, 87.8, 88.5, 88.3]


def rules(variant: str = "grand-ronde") -> dict:
    return resolve(load_game("keno").variants[variant], {})


def test_each_spot_count_returns_what_d393_prints() -> None:
    r = rules()
    returns = [round(float(keno.spot_return(r, n)) * 100, 1) for n in range(1, 21)]
    assert returns == D393
    for n in range(1, 21):
        assert sum(keno.catch_odds(r, n, c) for c in range(n + 1)) == 1


def test_the_engine_pays_every_catch_as_the_analyzer_counts_it() -> None:
    r = rules()
    for spots in (1, 5, 10, 15):
        for catch in range(spots + 1):
            state = KENO.new_round(r, SeededRng(1), None)
            mine = list(range(1, spots + 1))
            KENO.apply(state, Action("ticket", 0, "numbers=" + ",".join(map(str, mine)), 100), SeededRng(2))
            balls = mine[:catch] + list(range(41, 41 + 20 - catch))
            (won,) = [e for e in KENO.settle_draw(state, balls) if isinstance(e, Settlement)]
            per_dollar = int(r["paytables"]["d393"]["spots"][str(spots)].get(str(catch), 0))
            assert won.returned == per_dollar, (spots, catch)


def test_the_exact_return_agrees_with_a_simulation_of_the_engine() -> None:
    r = rules()
    exact = keno.spot_result(r, 1)
    sim = keno.simulate(r, "spots-1", 3000, "keno-check").result()
    assert abs(sim.house_edge - float(exact.house_edge)) < 2 * sim.ci95  # within a 99.9 % band
    assert exact.house_edge == Fraction(1, 8)  # 1 spot: $3.50 for 1 a quarter of the time


def test_the_progressive_line_adds_the_contribution_back() -> None:
    r = rules("chapter4")
    bets = {w.bet: w for w in keno.wagers(load_game("keno").variants["chapter4"], r)}
    assert {"progressive-8", "progressive-9", "progressive-10"} <= set(bets)
    base, prog = bets["spots-8"].exact(), bets["progressive-8"].exact()
    assert base.house_edge - prog.house_edge == Fraction(2, 100)
    assert "progressive-8" not in {w.bet for w in keno.wagers(load_game("keno").variants["grand-ronde"], rules())}


@pytest.mark.parametrize("variant", ["grand-ronde", "chapter4"])
def test_the_edge_command_lists_keno(app, variant) -> None:
    runner = app.test_cli_runner()
    out = runner.invoke(args=["edge", "keno", "--variant", variant])
    assert out.exit_code == 0, out.output
    assert "spots-10" in out.output and "exact" in out.output
