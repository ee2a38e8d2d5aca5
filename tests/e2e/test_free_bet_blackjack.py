"""Free Bet Blackjack in a real browser against gunicorn: the free double is offered in plain
words, puts a Free Bet on the felt and takes no chips (000 s.1260-1262, D-079)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_holdem_war import click_and_wait, private_table, seated, stack_shoe

pytestmark = pytest.mark.e2e


def test_free_bet_blackjack_free_double(page: Page, live_server):
    # Its own table: a guest another test left at the demo table would act first, on a clock.
    table_id = private_table(live_server, "free-bet-blackjack")
    stack_shoe(live_server, table_id, ["5d", "5c", "5h", "5s"])  # 5-5 against a 5; the dealer ends on 20
    seated(page, live_server, "free-bet-blackjack", table_id=table_id)
    expect(page.locator(".table-rules")).to_contain_text("every hand still in play pushes")
    click_and_wait(page, "[data-action=bet-main]")
    click_and_wait(page, "[data-action=deal]")
    expect(page.get_by_test_id("chips")).to_have_text("$195")
    free = page.get_by_role("button", name="Double for free: the house puts a Free Bet on it")
    expect(free).to_be_visible()
    with page.expect_response(lambda r: r.request.method == "POST"):
        free.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    expect(page.get_by_test_id("free-bet").first).to_contain_text("Free Bet $5")
    expect(page.locator(".result-banner")).to_contain_text("You lose $5")  # 15 against 20: only the bet
    expect(page.get_by_test_id("chips")).to_have_text("$195")
