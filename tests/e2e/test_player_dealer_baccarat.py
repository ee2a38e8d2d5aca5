"""Three players at the demo floor's player-dealer Dragon Dai Bacc table, each in their own
browser: one accepts the bank, two bet the Banker and a bonus bet with no line bet of its own,
the coup is dealt into the Player's and the Banker's boxes and settled within the bank from the
player-dealer's right; the felt shows the bank's coverage and the scoreboard, each player's
recall shows the collection fee, and the books balance (003 §52-§56; D-466, D-483)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, bets_placed, books_balance, fresh, three_seated
from tests.e2e.test_dice_wheels import click_and_wait

from .test_holdem_war import CODE

pytestmark = pytest.mark.e2e

TABLE = "Crystal Park Dragon Dai Bacc (player-dealer)"


def test_a_coup_at_the_player_dealer_baccarat_table(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "190")  # chips kept for the bank's collection fee (P-038)
    bets_placed([b, c], "$190", "$25 chip", "banker")
    fresh(b)
    b.get_by_role("button", name="$5 chip").click()
    click_and_wait(b, '[data-action="bet-kill-the-ox-tiger"]')  # no line bet needed (003 s.3298)
    fresh(c)
    click_and_wait(c, "[data-action=deal]")
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
        expect(page.locator(".bacc-player " + CODE)).not_to_have_count(0)
        expect(page.locator(".bacc-banker " + CODE)).not_to_have_count(0)
        expect(page.locator(".bead")).to_have_count(1)  # the shoe's scoreboard
    for page in (b, c):
        page.goto(base + "/history")
        page.locator("a[href^='/rounds/']").first.click()
        expect(page.get_by_test_id("recall-fees")).to_contain_text("(the bank)")
        expect(page.get_by_test_id("recall-coverage")).to_contain_text("Spot")
    books_balance(contexts, live_server)
