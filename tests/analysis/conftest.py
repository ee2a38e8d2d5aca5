"""Simulations started by a page in these tests stay small: they must not outlive the test."""

from __future__ import annotations

import pytest

from webgame.analysis import background


@pytest.fixture(autouse=True)
def small_page_simulations(monkeypatch):
    monkeypatch.setattr(background, "WEB_ROUNDS", 200)
    monkeypatch.setattr(background, "WEB_SECONDS", 5.0)
