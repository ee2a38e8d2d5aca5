"""The blackjack rules panel's basic-strategy chart in a real browser (P-112): it opens, its
grids fit the panel on a desktop and on a phone, and no console error. `make screenshots`
keeps screenshots under tests/e2e/artifacts/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.shots import keep_shot
from tests.e2e.test_one_screen import resize

pytestmark = pytest.mark.e2e



@pytest.mark.parametrize(("size", "width", "height"), [("desktop", 1280, 800), ("phone", 390, 844)])
def test_the_chart_opens_and_fits(page: Page, live_server, size: str, width: int, height: int) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    resize(page, width, height)
    page.goto(live_server["url"] + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.get_by_role("link", name="Chapter 4 Blackjack", exact=True).click()
    chart = page.get_by_test_id("strategy-chart")
    expect(chart.locator("table")).to_have_count(3)
    expect(chart.locator("table").first).to_be_hidden()  # folded until asked for
    chart.locator("summary").click()
    expect(chart.locator("caption", has_text="Hard totals")).to_be_visible()
    expect(chart).to_contain_text("dealer stands on soft 17")
    panel = page.locator(".table-rules").bounding_box()
    for i in range(3):
        box = chart.locator("table").nth(i).bounding_box()
        assert panel is not None and box is not None
        assert box["x"] >= panel["x"] - 1 and box["x"] + box["width"] <= panel["x"] + panel["width"] + 1, (i, box, panel)
    chart.scroll_into_view_if_needed()
    keep_shot(chart, f"strategy-chart-{size}.png")
    assert errors == []
