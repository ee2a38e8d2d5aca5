"""The acting browser is not sent the table twice: its own stream event names the version it
already shows, so it does not fetch the play area again (one render per click)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_dice_wheels import click_and_wait, sit_and_buy

pytestmark = pytest.mark.e2e


def test_a_click_is_rendered_once_for_the_browser_that_made_it(page: Page, live_server):
    sit_and_buy(page, live_server["url"], "Big Six Wheel")
    page.wait_for_timeout(1500)  # let the stream's own events for sitting and buying settle
    fetches: list[str] = []
    page.on("request", lambda r: fetches.append(r.url) if r.url.endswith("/play") else None)
    page.get_by_role("button", name="$5 chip").click()
    click_and_wait(page, '[data-action="bet-1"]')
    shown = int(page.locator("#play").get_attribute("data-table-version"))
    page.wait_for_timeout(2500)  # the stream announces the new version within a second
    assert fetches == []
    assert int(page.locator("#play").get_attribute("data-table-version")) == shown
    expect(page.get_by_test_id("chips")).to_have_text("$195")
