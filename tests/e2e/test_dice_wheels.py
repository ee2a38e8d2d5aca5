"""Craps, roulette and Big Six in a real browser against gunicorn: a guest sits, buys chips,
picks a chip, touches bet regions on the layout, rolls or spins, and sees the outcome."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_one_screen import resize

pytestmark = pytest.mark.e2e

MONEY = re.compile(r"\$([\d,]+(?:\.\d\d)?)")


def click_and_wait(page: Page, selector: str) -> None:
    """Click an htmx button and wait until its response has been swapped in."""
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator(selector).first.click()
    page.locator(".htmx-request").first.wait_for(state="detached")


def chips(page: Page) -> float:
    return float(MONEY.search(page.get_by_test_id("chips").inner_text()).group(1).replace(",", ""))


def sit_and_buy(page: Page, base: str, table_name: str) -> None:
    """Sit at the first free position and buy the default $200 of chips."""
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.get_by_role("link", name=table_name, exact=True).click()
    expect(page.locator(".table-felt")).to_be_visible()
    click_and_wait(page, "[data-action^=sit-]")
    expect(page.locator(".buy-in input[name=amount]")).to_have_value("200")
    click_and_wait(page, "[data-action=buy-in]")
    expect(page.get_by_test_id("chips")).to_have_text("$200")


def test_roulette_bet_on_the_layout_and_spin(page: Page, live_server):
    sit_and_buy(page, live_server["url"], "Chapter 4 Roulette (00)")
    page.get_by_role("button", name="$5 chip").click()
    click_and_wait(page, '[data-action="bet-red"]')
    click_and_wait(page, '[data-action="bet-split:17-20"]')  # a hotspot on the line between 17 and 20
    click_and_wait(page, '[data-action="bet-corner:17-21"]')
    expect(page.locator('[data-action="bet-split:17-20"]')).to_have_class(re.compile(r"\bhas-bet\b"))
    expect(page.locator(".my-bets")).to_contain_text("Split 17-20")
    expect(page.get_by_test_id("chips")).to_have_text("$185")
    click_and_wait(page, '[data-action="bet-back-to-back"]')  # $1 on 17: the main game has the minimum
    expect(page.locator(".my-bets")).to_contain_text("Back-to-Back 17")
    click_and_wait(page, "[data-action=spin]")
    expect(page.locator(".roulette-wheel.has-result")).to_be_visible()
    expect(page.locator(".result-banner")).to_be_visible()  # shown once the wheel has stopped
    expect(page.locator(".wheel-caption .result-num")).to_be_visible()
    expect(page.locator(".history-balls .hball")).to_have_count(1)
    expect(page.locator(".result-banner")).to_contain_text(re.compile(r"You (win|lose)|push"))


def test_craps_pass_line_field_and_roll(page: Page, live_server):
    sit_and_buy(page, live_server["url"], "Grand Ronde Craps")
    page.get_by_role("button", name="$5 chip").click()
    expect(page.locator('[data-action="bet-come"]')).to_be_disabled()  # no point yet
    click_and_wait(page, '[data-action="bet-pass"]')
    click_and_wait(page, '[data-action="bet-field"]')
    click_and_wait(page, '[data-action="bet-hard/8"]')
    expect(page.locator(".bet-slip")).to_contain_text("Pass Line")
    expect(page.get_by_test_id("chips")).to_have_text("$185")
    expect(page.locator(".cx-shooter")).to_contain_text("You have the dice")
    click_and_wait(page, "[data-action=roll]")
    expect(page.locator(".cx-dice-box .die.face-0")).to_have_count(0)  # the dice show the roll
    expect(page.locator(".roll-list .roll-item")).to_have_count(1)
    expect(page.locator(".result-banner")).to_be_visible()  # the field is decided on every roll
    expect(page.locator(".stick-call")).not_to_be_empty()
    if page.locator(".cx-num.is-point").count():  # a point: the puck is on it and odds are offered
        expect(page.locator(".cx-num.is-point .puck.on")).to_be_visible()
        expect(page.locator('[data-action="odds-pass"]')).to_be_visible()


def test_craps_chapter4_place_six_is_offered_in_three_dollar_units(page: Page, live_server):
    sit_and_buy(page, live_server["url"], "Chapter 4 Craps")
    page.get_by_role("button", name="$5 chip").click()
    click_and_wait(page, '[data-action="bet-place/6"]')  # D-003: the $5 chip becomes $6 on the six
    expect(page.locator("#play-error")).to_have_count(0)
    expect(page.locator(".bet-slip")).to_contain_text("Place 6")
    expect(page.get_by_test_id("chips")).to_have_text("$194")


def test_big_six_bet_and_spin(page: Page, live_server):
    sit_and_buy(page, live_server["url"], "Big Six Wheel")
    page.get_by_role("button", name="$1 chip").click()
    click_and_wait(page, '[data-action="bet-joker"]')
    click_and_wait(page, '[data-action="bet-1"]')
    expect(page.get_by_test_id("chips")).to_have_text("$198")
    click_and_wait(page, "[data-action=spin]")
    expect(page.locator(".money-wheel.has-result")).to_be_visible()
    expect(page.locator(".result-banner")).to_be_visible()
    expect(page.locator(".b6-caption")).to_contain_text("The wheel stops on the")
    expect(page.locator(".b6-spot.is-win")).to_have_count(1)


def test_phone_layouts_fit_upright(page: Page, live_server):
    resize(page, 390, 844)
    sit_and_buy(page, live_server["url"], "European Roulette (0)")
    grid = page.locator(".rl-grid").bounding_box()
    assert grid and grid["width"] <= 390 and grid["height"] > grid["width"]  # the layout stands up
    page.get_by_role("button", name="$5 chip").click()
    click_and_wait(page, '[data-action="bet-first-four"]')
    expect(page.get_by_test_id("chips")).to_have_text("$195")


def test_a_second_bet_keeps_the_wheel_the_page_already_shows(page: Page, live_server):
    """Sending less (web/fragments.py): the answer to a bet that changes neither the wheel nor
    its side panel leaves them out, and the browser keeps the very elements it shows."""
    sit_and_buy(page, live_server["url"], "Chapter 4 Roulette (00)")
    page.get_by_role("button", name="$5 chip").click()
    click_and_wait(page, '[data-action="bet-red"]')
    page.evaluate("['kept-wheel', 'kept-rail', 'kept-seats'].forEach(id => document.getElementById(id).dataset.mark = 'still-here')")
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.headers.get("x-kept", "")) if r.method == "POST" else None)
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.locator('[data-action="bet-black"]').first.click()
    page.locator(".htmx-request").first.wait_for(state="detached")
    assert "wheel=" in sent[-1] and 'id="kept-wheel"' in answer.value.text()
    assert 'hx-preserve="true"' in answer.value.text()
    expect(page.get_by_test_id("chips")).to_have_text("$190")
    for region in ("kept-wheel", "kept-rail", "kept-seats"):
        assert page.evaluate(f"document.getElementById('{region}').dataset.mark") == "still-here", region
    expect(page.locator(".roulette-wheel")).to_be_visible()
    expect(page.get_by_role("button", name="$5 chip")).to_have_attribute("aria-pressed", "true")  # the chip still chosen
    click_and_wait(page, "[data-action=spin]")
    expect(page.locator(".roulette-wheel.has-result")).to_be_visible()
    assert page.evaluate("document.getElementById('kept-wheel').dataset.mark") is None  # a spin: a new wheel
