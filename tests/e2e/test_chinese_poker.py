"""Chinese Poker in a browser: a guest and a house bot at a Crystal Park table; the guest sets
thirteen cards by clicking them into the front, middle and back (the page warns of a foul before
anything is sent), the showdown shows both players' rows and each pairing's points, the books
balance, and the table fits one screen at a desktop and a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.floor import first_hand, off_one_screen, open_table
from tests.e2e.pdtable import books_balance
from tests.e2e.test_dice_wheels import click_and_wait

pytestmark = pytest.mark.e2e

CODE = re.compile(r'data-code="([2-9TJQKA][cdhs])"')


def chinese_table(server) -> int:
    """A Crystal Park table whose next hand waits for a player's Deal (``next_hand_s``)."""
    return open_table(server, 'Chinese Poker Test', 'chinese-poker', 'crystal-park', {"next_hand_s": 3600})


def test_a_guest_sets_thirteen_cards_by_clicking_and_reads_the_showdown(browser: Browser, live_server):
    base = live_server["url"]
    table_id = chinese_table(live_server)
    ctx = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    first_hand(page, base, table_id)
    setter = page.get_by_test_id("setter")
    expect(setter.locator(".cp-card")).to_have_count(13)
    # The bot has set at once; nothing of its hand shows before the showdown (003 rule 3).
    mine = set(CODE.findall(page.get_by_test_id("my-cards").inner_html()))
    assert set(CODE.findall(page.get_by_test_id("chinese-felt").inner_html())) == mine

    way = setter.get_attribute("data-testid") and page.get_by_test_id("house-way-preview").get_attribute("data-house-way")
    front, middle, back = way.split("/")

    def codes(text: str) -> list[str]:
        return [text[i:i + 2] for i in range(0, len(text), 2)]

    # A foul first: the back's cards clicked into the front and middle. The page warns and keeps
    # the Set button off until the foul is kept on purpose.
    for code in codes(back) + codes(middle) + codes(front):
        setter.locator(f'.cp-card[data-card="{code}"]').click()
    status = setter.locator("[data-setting-status]")
    button = setter.locator("[data-action=set-hand]")
    if "Foul" in status.inner_text():
        expect(button).to_be_disabled()
        expect(setter.locator("[data-keep-foul]")).to_be_visible()
    # Every card back to the pool, then the house way's rows, clicked in order.
    for code in codes(back) + codes(middle) + codes(front):
        setter.locator(f'.cp-card[data-card="{code}"]').click()
    expect(page.get_by_test_id("zone-front").locator(".cp-card")).to_have_count(0)
    setter.locator("[data-zone-pick=front]").click()
    for code in codes(front) + codes(middle) + codes(back):
        setter.locator(f'.cp-card[data-card="{code}"]').click()
    for zone, n in (("front", 3), ("middle", 5), ("back", 5)):
        expect(page.get_by_test_id(f"zone-{zone}").locator(".cp-card")).to_have_count(n)
    expect(status).to_have_text("Ready: press Set my hand.")
    # One screen while setting: the cards, the rows, the decisions and the chips.
    assert off_one_screen(page, "chinese-poker", "setting",
                          ["zone-front", "zone-back", "decisions", "chips", "[data-action=set-hand]"]) == []
    click_and_wait(page, "[data-action=set-hand]")

    showdown = page.get_by_test_id("showdown")
    expect(showdown).to_contain_text("point")
    expect(showdown).to_contain_text("front")
    for seat in (0, 1):
        expect(page.get_by_test_id(f"rows-{seat}").locator(".cp-row")).to_have_count(3)
        expect(page.get_by_test_id(f"net-{seat}")).to_be_visible()
    expect(page.get_by_test_id("rows-0").locator(".cp-row[data-row=front] .card")).to_have_count(3)
    assert set(CODE.findall(page.get_by_test_id("rows-0").inner_html())) == set(codes(way.replace("/", "")))
    expect(page.get_by_test_id("house-take").first).to_contain_text("$2")
    expect(page.get_by_test_id("round-result")).to_be_visible()
    assert off_one_screen(page, "chinese-poker", "showdown", ["rows-0", "rows-1", "showdown", "chips"]) == []
    assert not errors, errors
    books_balance([ctx], live_server)
