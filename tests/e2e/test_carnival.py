"""House-banked poker in a real browser against gunicorn: a round of each game from the demo
floor, through the felt's circles and the decision buttons, to the result banner."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from webgame.games import registry

pytestmark = pytest.mark.e2e

TABLES = {
    "three-card-poker": "Grand Ronde Three Card Poker",
    "let-it-ride": "Grand Ronde Let It Ride",
    "caribbean-stud": "Caribbean Stud Progressive",
    "mississippi-stud": "Mississippi Stud",
}
BANNER = re.compile(r"You (win|lose)|push")


def needs(slug: str) -> None:
    if slug not in registry.ENGINES:
        raise AssertionError(f"{slug} is not on this floor")


def click_and_wait(page: Page, selector: str) -> None:
    """Click an htmx button and wait until its response has been swapped in."""
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator(selector).first.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def sit_down(page: Page, base: str, slug: str, seat: int) -> None:
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.get_by_role("link", name=TABLES[slug], exact=True).click()
    click_and_wait(page, f"[data-action=sit-{seat}]")
    click_and_wait(page, "[data-action=buy-in]")
    page.get_by_role("button", name="$5 chip").click()


def test_three_card_poker_ante_pair_plus_and_play(page: Page, live_server):
    needs("three-card-poker")
    sit_down(page, live_server["url"], "three-card-poker", 4)
    expect(page.locator("[data-paytable^=pair-plus]")).to_contain_text("40 to 1")
    click_and_wait(page, "[data-action=bet-ante]")
    click_and_wait(page, "[data-action=bet-pair-plus]")
    expect(page.get_by_test_id("chips")).to_have_text("$190")
    click_and_wait(page, "[data-action=deal]")
    expect(page.locator(".seat.mine .card.face")).to_have_count(3)
    expect(page.locator(".dealer-spot .card.face")).to_have_count(0)  # the dealer's hand is face down
    click_and_wait(page, "[data-action=play]")
    expect(page.locator(".result-banner")).to_contain_text(BANNER)
    expect(page.locator(".dealer-spot .card.face")).to_have_count(3)


def test_let_it_ride_take_back_then_ride(page: Page, live_server):
    needs("let-it-ride")
    sit_down(page, live_server["url"], "let-it-ride", 5)
    click_and_wait(page, "[data-action=bet-base]")
    expect(page.get_by_test_id("chips")).to_have_text("$185")  # three equal bets
    click_and_wait(page, "[data-action=bet-dollar-bonus]")
    click_and_wait(page, "[data-action=deal]")
    click_and_wait(page, "[data-action=take-back-1]")
    expect(page.locator(".carnival-board .card.face")).to_have_count(1)
    click_and_wait(page, "[data-action=ride-2]")
    expect(page.locator(".result-banner")).to_contain_text(BANNER)
    expect(page.locator(".carnival-board .card.face")).to_have_count(2)


def test_caribbean_stud_progressive_meter_and_bet(page: Page, live_server):
    needs("caribbean-stud")
    sit_down(page, live_server["url"], "caribbean-stud", 6)
    meter = page.get_by_test_id("progressive-meter")
    expect(meter).to_contain_text("$10,000")
    click_and_wait(page, "[data-action=bet-ante]")
    click_and_wait(page, "[data-action=bet-progressive]")
    expect(page.get_by_test_id("chips")).to_have_text("$194")  # $5 Ante and the $1 token
    before = int(meter.locator(".meter-amount").get_attribute("data-meter") or 0)
    click_and_wait(page, "[data-action=deal]")
    expect(page.locator(".dealer-spot .card.face")).to_have_count(1)  # one dealer card up
    # Half the $1 token goes to the meter; bots at other tables may add theirs meanwhile.
    page.wait_for_function("(least) => +document.querySelector('[data-testid=progressive-meter] .meter-amount')"
                           ".dataset.meter >= least", arg=before + 50)
    move = "[data-action=play]"
    click_and_wait(page, move)
    expect(page.locator(".result-banner")).to_contain_text(BANNER)


def test_mississippi_stud_three_streets(page: Page, live_server):
    needs("mississippi-stud")
    sit_down(page, live_server["url"], "mississippi-stud", 3)
    click_and_wait(page, "[data-action=bet-ante]")
    click_and_wait(page, "[data-action=deal]")
    for street, m in ((1, "street-2"), (2, "street-1"), (3, "street-3")):
        expect(page.locator(".carnival-board .card.face")).to_have_count(street - 1)
        click_and_wait(page, f"[data-action={m}]")
    expect(page.locator(".result-banner")).to_contain_text(BANNER)
    expect(page.locator(".carnival-board .card.face")).to_have_count(3)
