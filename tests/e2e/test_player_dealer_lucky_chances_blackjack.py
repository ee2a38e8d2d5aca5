"""Three players at the demo floor's Lucky Chances Blackjack table, each in their own browser:
one accepts the bank, two bet and play their hands to the end (standing where the rules allow
it, hitting where they force a hit: 11 or less), the player-dealer's hand is dealt and played
as the dealer's hand, its hole card turned only when it plays (D-133), the felt shows the
bank's coverage and the dice cup's action seat, each player's recall shows the A11 collection
fee, and the books balance (002 §13; D-466, D-478, D-483)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, bets_placed, books_balance, dealt, fresh, three_seated
from tests.e2e.test_dice_wheels import click_and_wait

from .test_holdem_war import CODE

pytestmark = pytest.mark.e2e

TABLE = "Lucky Chances Blackjack (player-dealer)"


def test_a_hand_at_the_lucky_chances_blackjack_table(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "150")  # chips left for the bank's collection fee
    bets_placed([b, c], "$150", "$5 chip", "main")
    dealt(c)
    fresh(c)
    expect(c.get_by_test_id("dealer-cards").locator(CODE)).not_to_have_count(0)  # the P/D's up card
    expect(c.get_by_test_id("dealer-cards").locator(".card.back")).to_have_count(1)  # no peek: D-133
    # No insurance here (D-139). Each player stands when the turn comes, or hits where the rules
    # force a hit (11 or less, 002 s.1319); a busted hand stands by itself and waits (D-137).
    for _ in range(12):
        moved = False
        for page in (b, c):
            fresh(page)
            for selector in ("[data-action=decline]", '[data-action^="stand-"]', '[data-action^="hit-"]'):
                if page.locator(selector).count():
                    click_and_wait(page, selector)
                    moved = True
                    break
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
