"""Three players at the demo floor's Lucky Chances Pai Gow tiles table, each in their own
browser: one accepts the bank, two bet; the dice cup counts counter-clockwise with the bank as
1, 9 and 17; one player ticks two tiles for the low hand (by mouse and by keyboard), sees a
setting that fouls named at once with the Set button off, then sets a good one; the other asks
for the House Way; the player-dealer sets the bank's tiles by the House Way; both hands of each
position show against the bank's with each half's result, and the books balance (002 §11;
D-478, D-262, D-263)."""

from __future__ import annotations

import re
from itertools import combinations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, bets_placed, books_balance, dealt, fresh, three_seated
from tests.e2e.test_dice_wheels import click_and_wait

pytestmark = pytest.mark.e2e

TABLE = "Lucky Chances Pai Gow Tiles (player-dealer)"


def test_setting_tiles_and_asking_for_the_house_way(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "100")
    bets_placed([b, c], "$100", "$25 chip", "main")
    dealt(c)
    fresh(a)
    dice = a.get_by_test_id("pd-dice")
    expect(dice).to_contain_text(re.compile(r"Dice total \d+, counted counter.clockwise with the bank as 1, 9, 17"))
    expect(dice).to_contain_text("takes the action stack")
    expect(a.get_by_test_id("bank-setter")).to_have_count(0)  # not before every player has set

    fresh(b)
    setter = b.get_by_test_id("hand-setter")
    expect(setter.locator(".tile.face")).to_have_count(4)  # b sees its own four tiles
    status = setter.locator("[data-setting-status]")
    expect(status).to_have_text("Tick two tiles for the low hand.")
    tiles = [setter.locator("input[name=card]").nth(k).get_attribute("value") or "" for k in range(4)]
    fouls = set(filter(None, (setter.get_attribute("data-fouls") or "").split(",")))
    lows = [" ".join(sorted(p)) for p in combinations(tiles, 2)]
    button = setter.locator("[data-action=set-hand]")
    foul = next((low for low in lows if low in fouls), None)
    if foul:
        for code in foul.split():
            setter.locator(f".pg-card:has(input[value='{code}'])").click()
        expect(status).to_contain_text("Foul: this low hand would outrank the high hand")
        expect(button).to_be_disabled()
        for code in foul.split():
            setter.locator(f".pg-card:has(input[value='{code}'])").click()  # untick
    good = next(low for low in lows if low not in fouls).split()
    setter.locator(f".pg-card:has(input[value='{good[0]}'])").click()
    expect(status).to_have_text("Tick 1 more tile for the low hand.")
    setter.locator(f"input[value='{good[1]}']").focus()  # the keyboard ticks the second
    b.keyboard.press("Space")
    expect(status).to_contain_text(re.compile(r"Ready \(low hand .+, high hand .+\): press Set tiles\."))
    expect(button).to_be_enabled()
    click_and_wait(b, "[data-action=set-hand]")

    fresh(c)
    c.get_by_test_id("house-way-preview").locator("summary").click()
    expect(c.get_by_test_id("house-way-preview")).to_contain_text("the strongest")
    click_and_wait(c, "[data-action=house-way]")

    fresh(a)
    expect(a.get_by_test_id("bank-setter")).to_be_visible()
    expect(a.get_by_test_id("bank-setter").locator(".tile.face")).to_have_count(4)
    click_and_wait(a, "[data-action=bank-house-way]")
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("bank-hands")).to_contain_text("set by the house way")
        expect(page.get_by_test_id("bank-hands").locator(".tile.face")).to_have_count(4)
    for page in (b, c):
        expect(page.get_by_test_id("high-result").first).to_contain_text(re.compile(r"High hand (wins|loses|copy)"))
        expect(page.get_by_test_id("low-result").first).to_contain_text(re.compile(r"Low hand (wins|loses|copy)"))
    expect(c.locator(".pg-seat.is-mine .tag", has_text="house way")).to_be_visible()
    books_balance(contexts, live_server)
