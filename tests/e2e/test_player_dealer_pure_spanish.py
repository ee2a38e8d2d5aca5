"""Three players at the demo floor's Lucky Derby Pure Spanish 21.5 table, each in their own
browser: one accepts the bank, two bet and play their hands to the end, the player-dealer's
hand is dealt and played as the dealer's hand, the felt shows the bank's coverage and where the
action began, each player's recall shows the collection fee, and the books balance
(001 §34; D-466, D-483, D-094)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, bets_placed, books_balance, dealt, fresh, three_seated
from tests.e2e.test_dice_wheels import click_and_wait

from .test_holdem_war import CODE

pytestmark = pytest.mark.e2e

TABLE = "Lucky Derby Pure Spanish 21.5 (player-dealer)"


def test_a_hand_at_the_pure_spanish_21_5_table(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "150")  # chips left for the bank's collection fee
    bets_placed([b, c], "$150", "$5 chip", "main")
    dealt(c)
    fresh(c)
    expect(c.get_by_test_id("dealer-cards").locator(CODE)).not_to_have_count(0)  # the P/D's up card
    # Each player stands when the turn comes (a hard 17 or more allows nothing else, D-085).
    for _ in range(8):
        moved = False
        for page in (b, c):
            fresh(page)
            stand = page.locator('[data-action^="stand-"]')
            if stand.count():
                click_and_wait(page, '[data-action^="stand-"]')
                moved = True
        if not moved:
            break
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
        expect(page.get_by_test_id("dealer-cards").locator(CODE)).not_to_have_count(0)
    for page in (b, c):
        page.goto(base + "/history")
        page.locator("a[href^='/rounds/']").first.click()
        expect(page.get_by_test_id("recall-fees")).to_contain_text("(the bank)")
        expect(page.get_by_test_id("recall-coverage")).to_contain_text("Spot")
    books_balance(contexts, live_server)
