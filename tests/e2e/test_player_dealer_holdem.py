"""Three players at the demo floor's player-dealer Ultimate Texas Hold'em Bad Beat table, each
in their own browser: one banks, two bet the Ante, the hand is played to its settlement, the
felt shows the bank's coverage and each player's recall shows the collection fee; the books
balance (D-466, D-483, P-030 … P-033)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, books_balance, fresh, three_seated
from tests.e2e.test_dice_wheels import click_and_wait

pytestmark = pytest.mark.e2e

TABLE = "Lucky Chances Ultimate Texas Hold'em Bad Beat Bonus (player-dealer)"


def test_a_hand_at_the_player_dealer_holdem_table(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "50")
    for page in (b, c):
        fresh(page)
        expect(page.locator(".spot-uth-bad-beat-bonus")).to_be_visible()  # the edition's own circle
        page.get_by_role("button", name="$10 chip").click()  # the posted schedule's $10 minimum (P-034)
        click_and_wait(page, '[data-action="bet-ante"]')
    fresh(c)
    click_and_wait(c, "[data-action=deal]")
    for _ in range(8):  # check to the river, then fold: the bank collects within its stake
        for page in (b, c):
            fresh(page)
            for move in ("check", "fold"):
                if page.locator(f"[data-action={move}]").count():
                    click_and_wait(page, f"[data-action={move}]")
                    break
        fresh(b)
        if b.get_by_test_id("pd-covered").count():
            break
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
    for page in (b, c):
        page.goto(base + "/history")
        page.locator("a[href^='/rounds/']").first.click()
        expect(page.get_by_test_id("recall-fees")).to_contain_text("(the bank)")
        expect(page.get_by_test_id("recall-coverage")).to_contain_text("Spot")
    books_balance(contexts, live_server)
