"""What the operator's page gets: every figure at once or "pending", never a long wait."""

from __future__ import annotations

import time

import pytest

from webgame.analysis import background, cache
from webgame.analysis.edges import edges_for_table

REQUIRED = {"bet", "house_edge", "method", "ci95"}


def by_bet(rows: list[dict]) -> dict[str, dict]:
    return {r["bet"]: r for r in rows}


def wait_for(game: str, variant: str, config: dict, bet: str, seconds: float = 30.0) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        row = by_bet(edges_for_table(game, variant, config))[bet]
        if row["method"] != "pending" and "progress" not in row:
            return row
        assert time.monotonic() < deadline, row
        time.sleep(0.1)


def test_every_row_has_the_page_fields() -> None:
    # Imports are not the page's wait: a server has them loaded.
    import webgame.analysis.craps
    import webgame.analysis.roulette  # noqa: F401

    for game, variant in [("craps", "chapter4"), ("roulette", "chapter4-00"), ("big-six", "chapter4"),
                          ("blackjack", "grand-ronde")]:
        rows = edges_for_table(game, variant, {"options": {}})
        assert rows and all(REQUIRED <= set(r) for r in rows)
        assert all(r["method"] in ("exact", "simulation", "pending") for r in rows)


def test_an_option_change_changes_the_figures() -> None:
    vig = wait_for("craps", "grand-ronde", {"options": {"buy_vig_percent": 0}}, "buy/4")
    assert vig["house_edge"] == 0 and vig["method"] == "exact"
    assert wait_for("craps", "grand-ronde", {}, "buy/4")["house_edge"] == pytest.approx(0.05)
    six = wait_for("blackjack", "grand-ronde", {}, "insurance")["house_edge"]
    two = wait_for("blackjack", "grand-ronde", {"options": {"decks": 2}}, "insurance")["house_edge"]
    assert six == pytest.approx(23 / 311) and two != six


def test_an_uncached_simulation_is_pending_then_computed_in_the_background(monkeypatch) -> None:
    monkeypatch.setattr(background, "WEB_ROUNDS", 60)
    monkeypatch.setattr(background, "WEB_CHUNK", 20)
    monkeypatch.setattr(cache, "lookup", lambda *args, **kwargs: None)  # nobody cached this one
    background.clear()
    first = by_bet(edges_for_table("caribbean-stud", "chapter4", {}))["ante"]
    assert first["method"] in ("pending", "simulation") and "progress" in first
    if first["method"] == "pending":
        assert first["house_edge"] is None
    done = wait_for("caribbean-stud", "chapter4", {}, "ante")
    assert done["method"] == "simulation" and done["rounds"] == 60 and done["ci95"] > 0
    assert done["house_edge"] is not None


def test_the_blackjack_main_bet_is_counted_for_any_option_change() -> None:
    """A rule set nobody cached (3 decks, 60 % cut card): the exact figure, from the worker
    thread, with the strategy named beside it and no interval (P-110)."""
    config = {"options": {"decks": 3, "penetration_pct": 60}}
    first = by_bet(edges_for_table("blackjack", "grand-ronde", config))["main"]
    assert first["method"] in ("pending", "exact")
    done = wait_for("blackjack", "grand-ronde", config, "main", seconds=60.0)
    six = wait_for("blackjack", "grand-ronde", {}, "main", seconds=60.0)
    assert done["method"] == "exact" and done["ci95"] is None
    assert "house basic strategy chart" in done["label"] and "house basic strategy chart" in done["assumptions"]
    assert 0.0 < six["house_edge"] - done["house_edge"] < 0.002  # fewer decks: a smaller edge


def test_a_slow_exact_figure_comes_from_the_worker() -> None:
    """Three Card Poker's Ante/Play enumerates every player hand against every dealer
    hand: a page gets it pending first, never waits for it."""
    background.clear()
    rows = by_bet(edges_for_table("three-card-poker", "chapter4"))
    assert rows["pair-plus"]["method"] == "exact" and round(rows["pair-plus"]["house_edge"], 4) == 0.0232
    assert rows["ante"]["method"] in ("pending", "exact")
    done = wait_for("three-card-poker", "chapter4", {}, "ante")
    assert done["method"] == "exact" and round(done["house_edge"], 4) == 0.0337
