"""Pai Gow Poker in a real browser against gunicorn: setting a hand by ticking two cards (by
mouse and by keyboard), the foul said at once with the Set button held back, the house way
shown and asked for, and both hands against the bank's in words."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

TABLE = "Grand Ronde Pai Gow Poker"


def click_and_wait(page: Page, selector: str) -> None:
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator(selector).first.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def sit_and_deal(page: Page, base: str, seat: int) -> None:
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.get_by_role("link", name=TABLE, exact=True).click()
    click_and_wait(page, f"[data-action=sit-{seat}]")
    click_and_wait(page, "[data-action=buy-in]")
    page.get_by_role("button", name="$5 chip").click()
    click_and_wait(page, "[data-action=bet-main]")
    click_and_wait(page, "[data-action=deal]")


def deal_again(page: Page) -> None:
    click_and_wait(page, "[data-action=bet-main]")
    click_and_wait(page, "[data-action=deal]")


def test_setting_a_hand_sees_the_foul_at_once_and_sets_a_legal_one(page: Page, live_server):
    sit_and_deal(page, live_server["url"], 2)
    setter = page.get_by_test_id("hand-setter")
    # A hand of four of a kind has no setting that fouls: deal again until one has.
    for _ in range(6):
        if (setter.get_attribute("data-fouls") or "") != "":
            break
        click_and_wait(page, "[data-action=house-way]")
        deal_again(page)
    fouls = (setter.get_attribute("data-fouls") or "").split(",")
    assert fouls[0], "no hand with a foul in six deals"
    status = page.get_by_test_id("setting-status")
    button = page.locator("[data-action=set-hand]")
    expect(status).to_have_text("Tick two cards for the low hand.")
    expect(button).to_be_disabled()
    bad = fouls[0].split()
    page.locator(f".pg-card:has(input[value='{bad[0]}'])").click()
    expect(status).to_have_text("Tick 1 more card for the low hand.")
    page.locator(f"input[name=card][value='{bad[1]}']").focus()
    page.keyboard.press("Space")  # the keyboard ticks a card too
    expect(status).to_contain_text("Foul")
    expect(button).to_be_disabled()
    page.locator(f".pg-card:has(input[value='{bad[0]}'])").click()
    page.locator(f".pg-card:has(input[value='{bad[1]}'])").click()
    # The house way's low hand never fouls: tick it and set.
    page.get_by_text("Show house way").click()
    preview = page.get_by_test_id("house-way-preview").text_content() or ""
    front = re.search(r"Low hand (\S+) (\S+),", preview)
    assert front, preview
    for code in front.groups():
        page.locator(f".pg-card:has(input[value='{code}'])").click()
    expect(status).to_have_text("Ready: press Set hand.")
    expect(button).to_be_enabled()
    click_and_wait(page, "[data-action=set-hand]")
    expect(page.get_by_test_id("bank-hands")).to_contain_text("Bank · set by the house way")
    expect(page.get_by_test_id("high-result")).to_contain_text(re.compile(r"High hand (wins|loses|copy)"))
    expect(page.get_by_test_id("low-result")).to_contain_text(re.compile(r"Low hand (wins|loses|copy)"))
    expect(page.locator(".result-banner")).to_be_visible()


def test_asking_for_the_house_way(page: Page, live_server):
    sit_and_deal(page, live_server["url"], 4)
    page.get_by_text("Show house way").click()
    preview = page.get_by_test_id("house-way-preview").text_content() or ""
    low = re.search(r"Low hand (\S+) (\S+),", preview)
    assert low, preview
    click_and_wait(page, "[data-action=house-way]")
    hands = page.get_by_test_id("set-hands")
    expect(hands).to_contain_text("house way")
    for code in low.groups():
        expect(hands.locator(f"[data-half=low] [data-code='{code}']")).to_have_count(1)
    expect(page.get_by_test_id("bank-hands")).to_be_visible()


def test_a_player_takes_the_bank_against_the_house(page: Page, live_server):
    # Chapter 4 (004 s.1314-1319): the house banks the first hand; the next hand offers the bank
    # to the marker's position, Spot 6, whose player played the previous hand.
    page.goto(live_server["url"] + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.get_by_role("link", name="Chapter 4 Pai Gow Poker", exact=True).click()
    click_and_wait(page, "[data-action=sit-5]")
    click_and_wait(page, "[data-action=buy-in]")
    page.get_by_role("button", name="$5 chip").click()
    click_and_wait(page, "[data-action=bet-main]")
    click_and_wait(page, "[data-action=deal]")
    click_and_wait(page, "[data-action=house-way]")
    if page.locator("[data-action=keep]").count():  # the surrender window (D-225)
        click_and_wait(page, "[data-action=keep]")
    offer = page.get_by_test_id("bank-offer")
    expect(offer).to_contain_text("The bank is offered to you (Spot 6): your last bet, $5, against the house")
    form = page.locator("form:has([data-action=bank])")
    form.locator("input[name=amount]").fill("20")
    click_and_wait(page, "[data-action=bank]")
    bank = page.get_by_test_id("player-bank")
    expect(bank.get_by_test_id("bank-badge")).to_have_text("Bank")
    expect(bank.get_by_test_id("bank-house-bet")).to_have_text("$5")
    expect(bank.get_by_test_id("bank-cover")).to_have_text("$20")
    click_and_wait(page, "[data-action=deal]")
    expect(page.get_by_test_id("hand-setter")).to_be_visible()
    click_and_wait(page, "[data-action=house-way]")
    expect(page.get_by_test_id("house-hands")).to_contain_text("The house's hand")
    expect(page.get_by_test_id("high-result")).to_contain_text(re.compile(r"High hand (wins|loses|copy).* against the house's"))
    expect(page.locator(".result-banner")).to_be_visible()
    # The next hand is the house's (004 s.1315): no offer.
    expect(page.get_by_test_id("bank-offer")).to_have_count(0)
