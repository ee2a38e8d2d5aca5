"""The figures of every blackjack variant as shipped (and the posted 6 to 5 table): the
main bet is an exact count (P-110), so no default table waits on a simulation and none
needs the repository cache."""

from __future__ import annotations

import time

from webgame.analysis import cache
from webgame.analysis.edges import configuration, edges_for_table
from webgame.engine.paytable import load_game


def by_bet(rows: list[dict]) -> dict[str, dict]:
    return {r["bet"]: r for r in rows}


def settled_main(variant: str, config: dict, seconds: float = 60.0) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        row = by_bet(edges_for_table("blackjack", variant, config))["main"]
        if row["method"] != "pending":
            return row
        assert time.monotonic() < deadline, row
        time.sleep(0.1)


def test_every_variant_as_shipped_gets_an_exact_main_bet() -> None:
    """The page never simulates a default table: the main bet is counted, with the strategy
    named beside it, and nothing about it is read from the repository cache."""
    configs = [(v, {}) for v in load_game("blackjack").variants]
    configs.append(("grand-ronde", {"options": {"blackjack_pays": "6 to 5"}}))
    figures = {}
    for variant, config in configs:
        _, _, wagers = configuration("blackjack", variant, config)
        assert not [w for w in wagers if w.simulated], variant
        assert cache.lookup("blackjack", variant, "main", next(w.sim_key for w in wagers if w.bet == "main")) is None
        row = settled_main(variant, config)
        assert row["method"] == "exact" and row["ci95"] is None and row["rounds"] is None
        assert "house basic strategy chart" in row["label"]
        figures[(variant, bool(config))] = row["house_edge"]
    # 6 to 5 costs about 1.4 points; every figure is a small house edge.
    assert 0.0130 < figures[("grand-ronde", True)] - figures[("grand-ronde", False)] < 0.0140
    assert all(0.003 < e < 0.02 for e in figures.values())
