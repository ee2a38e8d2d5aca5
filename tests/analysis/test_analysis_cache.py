"""The simulated figures shipped in webgame/analysis/cache/: every blackjack variant as
shipped (and the posted 6 to 5 table) is cached, so no default table ever waits."""

from __future__ import annotations

from webgame.analysis import cache
from webgame.analysis.edges import configuration, edges_for_table
from webgame.engine.paytable import load_game


def by_bet(rows: list[dict]) -> dict[str, dict]:
    return {r["bet"]: r for r in rows}


def test_the_repository_cache_covers_every_variant_as_shipped() -> None:
    """The page never waits on a default table, nor on the posted 6 to 5 payout."""
    configs = [(v, {}) for v in load_game("blackjack").variants]
    configs.append(("grand-ronde", {"options": {"blackjack_pays": "6 to 5"}}))
    figures = {}
    for variant, config in configs:
        _, _, wagers = configuration("blackjack", variant, config)
        for w in wagers:
            if w.simulated:
                hit = cache.lookup("blackjack", variant, w.bet, w.sim_key)
                assert hit is not None, (variant, config, w.bet)
                assert hit["command"].startswith("flask --app app edge blackjack") and hit["rounds"] >= 100_000
        rows = by_bet(edges_for_table("blackjack", variant, config))
        assert rows["main"]["method"] == "simulation" and rows["main"]["ci95"] < 0.005
        figures[(variant, bool(config))] = rows["main"]["house_edge"]
    # 6 to 5 costs about 1.4 points; every figure is a small house edge.
    assert 0.011 < figures[("grand-ronde", True)] - figures[("grand-ronde", False)] < 0.017
    assert all(-0.005 < e < 0.03 for e in figures.values())
