"""Three players at the demo floor's player-dealer Lucky Derby Pai Gow Poker table, each in
their own browser: one accepts the bank, two bet and set their hands, the dice cup is on the
bank's panel with its total and the seat it counted, then the player-dealer ticks the bank's low
hand on its own setter and sets it; every hand settles against the bank's, the recall shows the
dice, and the books balance (001 §13, s.39-110; D-478, D-235, D-472)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, bets_placed, books_balance, fresh, three_seated
from tests.e2e.test_dice_wheels import click_and_wait

pytestmark = pytest.mark.e2e

TABLE = "Lucky Derby Pai Gow Poker (player-dealer)"


def test_a_player_dealer_pai_gow_round(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "100")
    bets_placed([b, c], "$100", "$5 chip", "main")
    fresh(c)
    click_and_wait(c, "[data-action=deal]")
    fresh(a)
    dice = a.get_by_test_id("pd-dice")
    expect(dice).to_contain_text(re.compile(r"Dice total \d+, counted clockwise with the bank as 1, 8, 15"))
    expect(dice.locator(".die")).to_have_count(3)
    expect(a.get_by_test_id("bank-setter")).to_have_count(0)  # not before every player has set
    for page in (b, c):
        fresh(page)
        click_and_wait(page, "[data-action=house-way]")
    fresh(a)
    setter = a.get_by_test_id("bank-setter")
    expect(setter).to_be_visible()
    a.get_by_test_id("bank-house-way-preview").locator("summary").click()
    preview = a.get_by_test_id("bank-house-way-preview").text_content() or ""
    low = re.search(r"Low hand (\S+) (\S+),", preview)
    assert low, preview
    for code in low.groups():
        setter.locator(f".pg-card:has(input[value='{code}'])").click()
    expect(setter.locator("[data-setting-status]")).to_have_text("Ready: press Set hand.")
    click_and_wait(a, "[data-action=set-hand]")
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("bank-hands")).to_contain_text("set by the player-dealer")
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
    expect(b.get_by_test_id("high-result").first).to_contain_text(re.compile(r"High hand (wins|loses|copy)"))
    for page in (b, c):
        page.goto(base + "/history")
        page.locator("a[href^='/rounds/']").first.click()
        expect(page.get_by_test_id("recall-dice")).to_contain_text("counted from the bank as 1, 8, 15")
        expect(page.get_by_test_id("recall-fees")).to_contain_text("(the bank)")
    books_balance(contexts, live_server)
