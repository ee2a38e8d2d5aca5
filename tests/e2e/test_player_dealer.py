"""Three players at one player-dealer Three Card Poker table, each in their own browser: the
first banks two hands in a row (1st, then 2nd turn), the bank passes to the next player, and
each player's recall shows the collection fee and the bank's coverage; the books balance."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.pdtable import bank_taken, books_balance, fresh
from tests.e2e.shots import keep_shot
from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy

pytestmark = pytest.mark.e2e

TABLE = "Lucky Derby Three Card Poker 6 Card Bonus (player-dealer)"


def take_the_bank(banker: Page, others: list[Page], turn: str) -> None:
    bank_taken(banker, "50", turn)
    expect(banker.get_by_test_id("pd-bank")).to_contain_text(f"{turn} turn")
    for page in others:
        fresh(page)
        expect(page.get_by_test_id("pd-stake")).to_have_text("$50")
        page.get_by_role("button", name="$5 chip").click()
        click_and_wait(page, '[data-action="bet-ante"]')
    fresh(others[-1])
    if others[-1].locator("[data-action=deal]").count():
        click_and_wait(others[-1], "[data-action=deal]")
    for page in others:
        fresh(page)
        if page.locator("[data-action=play]").count():
            click_and_wait(page, "[data-action=play]")
    for page in (banker, *others):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()


def test_three_players_bank_passes_after_two_hands(browser: Browser, live_server):
    base = live_server["url"]
    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(3)]
    a, b, c = (ctx.new_page() for ctx in contexts)
    for page in (a, b, c):
        sit_and_buy(page, base, TABLE)

    take_the_bank(a, [b, c], "1st")
    keep_shot(b, "player-dealer-after-a-hand.png", full_page=True)
    take_the_bank(a, [b, c], "2nd")
    # Two consecutive hands: the first player must pass, and the bank goes clockwise (D-468).
    fresh(a)
    expect(a.locator("[data-action=bank]")).to_have_count(0)
    take_the_bank(b, [a, c], "1st")

    for page in (a, b, c):
        page.goto(base + "/history")
        page.locator("a[href^='/rounds/']").first.click()
        expect(page.get_by_test_id("recall-fees")).to_contain_text("(the bank)")
        expect(page.get_by_test_id("recall-coverage")).to_contain_text("Spot")
    books_balance(contexts, live_server)
