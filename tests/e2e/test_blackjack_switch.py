"""Blackjack Switch in a real browser against gunicorn: one bet places both wagers, the switch
is offered in words after the deal, and both hands are played and settled (004 s.440-444)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_holdem_war import click_and_wait, demo_table, seated, stack_shoe

pytestmark = pytest.mark.e2e


def test_blackjack_switch_round(page: Page, live_server):
    table_id, _ = demo_table(live_server, "blackjack-switch")
    stack_shoe(live_server, table_id, ["9d", "9c", "9h", "9s"])  # two 18s against the dealer's 18
    seated(page, live_server, "blackjack-switch")
    expect(page.locator(".table-rules")).to_contain_text("you may switch")
    click_and_wait(page, "[data-action=bet-main]")
    expect(page.get_by_test_id("chips")).to_have_text("$190")  # $5 on each of two hands
    click_and_wait(page, "[data-action=deal]")
    expect(page.get_by_test_id("my-cards")).to_have_count(2)
    switch = page.get_by_role("button", name="Switch: swap the second cards of your two hands")
    expect(switch).to_be_visible()
    with page.expect_response(lambda r: r.request.method == "POST"):
        switch.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    click_and_wait(page, "[data-action=stand-0]")
    click_and_wait(page, "[data-action=stand-1]")
    expect(page.locator(".result-banner")).to_be_visible()
    expect(page.get_by_test_id("chips")).to_have_text("$200")  # both 18s push
