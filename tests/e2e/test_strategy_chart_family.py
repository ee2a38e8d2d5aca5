"""Spanish 21's, Free Bet's and Blackjack Switch's rules panels print their own charts in a real
browser (P-140, P-272, P-274): the chart the exact figure and the bots play, its card-count
codes, after-double grid and switch table legible, fitting the panel on a phone. `make screenshots` keeps screenshots under tests/e2e/artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.shots import keep_shot
from tests.e2e.test_one_screen import resize

pytestmark = pytest.mark.e2e



@pytest.mark.parametrize(("table", "name", "code"), [
    ("Grand Ronde Spanish 21", "Spanish 21 basic strategy", "S4"),
    ("Grand Ronde Free Bet Blackjack", "Free Bet strategy", "D"),
    ("Chapter 4 Blackjack Switch", "Blackjack Switch strategy", "150"),
])
def test_the_family_chart_opens_and_fits_a_phone(page: Page, live_server, table: str, name: str, code: str) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    resize(page, 390, 844)
    page.goto(live_server["url"] + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.get_by_role("link", name=table, exact=True).click()
    chart = page.get_by_test_id("strategy-chart")
    chart.locator("summary").click()
    expect(chart).to_contain_text(name)
    expect(chart.locator("td", has_text=code).first).to_be_visible()
    panel = page.locator(".table-rules").bounding_box()
    for i in range(chart.locator("table").count()):
        box = chart.locator("table").nth(i).bounding_box()
        assert panel is not None and box is not None
        assert box["x"] >= panel["x"] - 1 and box["x"] + box["width"] <= panel["x"] + panel["width"] + 1, (i, box, panel)
    chart.scroll_into_view_if_needed()
    keep_shot(chart, f"strategy-chart-{'-'.join(table.lower().split()[2:])}-phone.png")
    assert errors == []
