"""``flask edge``: per-bet figures as a table or JSON, every game and variant with --all."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from webgame.analysis import cache, cli
from webgame.analysis.cli import register_edge_cli
from webgame.analysis.edges import configuration
from webgame.analysis.registry import analyzer
from webgame.engine.paytable import load_game

BET_KEYS = {"bet", "house_edge", "method", "ci95", "rounds", "paytable", "assumptions"}


@pytest.fixture
def runner(app):
    if "edge" not in app.cli.commands:
        register_edge_cli(app)
    return app.test_cli_runner()


def test_one_bet_as_a_table(runner) -> None:
    result = runner.invoke(args=["edge", "craps", "--variant", "chapter4", "--bet", "pass"])
    assert result.exit_code == 0, result.output
    assert "1.4141%" in result.output and "exact" in result.output and "pass 1 to 1" in result.output
    assert "[1] Exact: the 36 rolls" in result.output


@pytest.mark.last
def test_all_games_as_json(runner, monkeypatch) -> None:
    games = cli.registered_games()
    monkeypatch.setattr(cli, "registered_games", lambda: [*games, "no-such-game"])
    # --rounds forces fresh (short) simulations, so the test does not depend on the cache.
    result = runner.invoke(args=["edge", "--all", "--json", "--rounds", "100", "--workers", "1"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert {"game": "no-such-game", "note": "no analyzer for this game yet"} in report["skipped"]
    seen = {(g["game"], g["variant"]) for g in report["games"]}
    analyzed = [slug for slug in games if analyzer(slug) is not None]
    assert "blackjack" in analyzed
    for slug in analyzed:  # every variant of every game that has an analyzer
        assert {(slug, v) for v in load_game(slug).variants} <= seen
    assert {s["game"] for s in report["skipped"]} == {s for s in [*games, "no-such-game"] if s not in analyzed}
    assert len(seen) == len(report["games"])
    for game in report["games"]:
        assert set(game) >= {"game", "variant", "bets"} and game["bets"]
        # every wager of the configuration, each with the analysis module's own figure: the
        # exact counts come from the memo the per-game tests share (each checked there against
        # its expected value), so the slowest are not counted twice in a run
        _, _, wagers = configuration(game["game"], game["variant"], {})
        assert [b["bet"] for b in game["bets"]] == [w.bet for w in wagers]
        for bet, wager in zip(game["bets"], wagers, strict=True):
            assert BET_KEYS <= set(bet), bet
            assert isinstance(bet["house_edge"], float) and isinstance(bet["paytable"], dict)
            assert isinstance(bet["assumptions"], str) and bet["assumptions"]
            if bet["method"] == "exact":
                assert bet["ci95"] is None and bet["rounds"] is None
                stored = cache.lookup(game["game"], game["variant"], wager.bet, wager.sim_key) if wager.cached else None
                figure = cache.result_of(stored) if stored else wager.exact()
                assert bet["house_edge"] == float(figure.house_edge), (game["game"], game["variant"], bet)
                if isinstance(figure.house_edge, Fraction):
                    assert bet["exact"] == f"{figure.house_edge.numerator}/{figure.house_edge.denominator}"
            else:
                assert bet["method"] == "simulation" and bet["ci95"] > 0 and bet["rounds"] == 100


def test_an_operator_option_and_a_cross_check(runner) -> None:
    result = runner.invoke(args=["edge", "craps", "--variant", "grand-ronde", "--bet", "buy/4", "--option",
                                 "buy_vig_percent=0", "--check", "3000", "--json", "--workers", "1"])
    assert result.exit_code == 0, result.output
    bet = json.loads(result.output)["games"][0]["bets"][0]
    assert bet["house_edge"] == 0 and bet["exact"] == "0/1"
    assert bet["check"]["rounds"] == 3000 and bet["check"]["contains_exact"]


def test_a_spot_outside_the_list_can_be_asked_for(runner) -> None:
    result = runner.invoke(args=["edge", "roulette", "--variant", "grand-ronde-00", "--bet", "split:0-00", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"][0]["bets"][0]["exact"] == "1/19"


@pytest.mark.parametrize("args,message", [
    (["edge"], "Name one game"),
    (["edge", "pinball"], "No game 'pinball'"),
    (["edge", "craps", "--variant", "moon"], "no variant 'moon'"),
    (["edge", "craps", "--variant", "chapter4", "--bet", "moon"], "no wager 'moon'"),
    (["edge", "blackjack", "--variant", "chapter4", "--option", "blackjack_pays=6 to 5"], "no option blackjack_pays"),
    (["edge", "blackjack", "--variant", "grand-ronde", "--option", "blackjack_pays=7 to 5"], "must be one of"),
])
def test_mistakes_are_usage_errors(runner, args: list[str], message: str) -> None:
    result = runner.invoke(args=args)
    assert result.exit_code == 2 and message in result.output, result.output
