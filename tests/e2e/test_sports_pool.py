"""The sports pool in a real browser against gunicorn: the operator posts an event, a guest bets
on it from the board's plain forms, the operator closes betting and enters the result, and the
guest reads the win in words. The board and slip fit the first screen at 1280x800 and 390x844."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.shots import keep_shot
from tests.e2e.test_one_screen import resize

pytestmark = pytest.mark.e2e


def in_first_screen(page: Page, test_id: str) -> None:
    box = page.get_by_test_id(test_id).bounding_box()
    size = page.viewport_size
    assert box and size, test_id
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (test_id, box, size)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, (test_id, box, size)


def test_operator_posts_guest_bets_operator_grades_guest_sees_the_win(browser: Browser, live_server):
    base = live_server["url"]
    trader = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors: list[str] = []
    trader.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    trader.goto(base + "/login")
    trader.locator("input[name=username]").fill("operator")
    trader.locator("input[name=password]").fill("operator-pass-123")
    trader.get_by_role("button", name="Log in", exact=True).click()
    trader.wait_for_url(lambda url: "/login" not in url)
    trader.goto(base + "/sports/book")
    post = trader.get_by_test_id("post-event")
    post.locator("input[name=away]").fill("Owls")
    post.locator("input[name=home]").fill("Hawks")
    post.locator("input[name=starts_at]").fill("+120")
    post.locator("input[name=spread_line]").fill("-2.5")
    post.locator("input[name=spread_home_odds]").fill("-110")
    post.locator("input[name=spread_away_odds]").fill("-110")
    post.get_by_role("button", name="Post the event").click()
    expect(trader.locator(".flash-ok")).to_contain_text("Posted event")

    guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    guest.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    guest.goto(base + "/")
    guest.get_by_role("button", name="Play as a guest").click()
    guest.get_by_role("link", name="Sports", exact=True).click()
    expect(guest.get_by_text("Hawks -2.5").first).to_be_visible()
    in_first_screen(guest, "slip-bar")
    keep_shot(guest, "sports-pool-390x844.png")
    guest.locator("label.sp-pick", has_text="Hawks -2.5").click()
    guest.locator("#stake").fill("21")
    guest.get_by_role("button", name="Review bet slip").click()
    expect(guest.get_by_test_id("potential")).to_contain_text("$40.09")  # before confirming
    in_first_screen(guest, "confirm")
    guest.get_by_test_id("confirm").click()
    expect(guest.locator(".flash-ok")).to_contain_text("returns up to $40.09")
    expect(guest.get_by_test_id("wallet")).to_have_text("$979")

    resize(guest, 1280, 800)
    guest.goto(base + "/sports/")
    for region in ("board", "slip-bar", "slip"):
        in_first_screen(guest, region)
    keep_shot(guest, "sports-pool-1280x800.png")

    trader.goto(base + "/sports/book")
    event = trader.locator("article.sp-book-event", has_text="Owls at Hawks")
    expect(event.locator("table")).to_contain_text("$19.09")  # the book's exposure on the Hawks
    event.get_by_role("button", name="Close betting").click()
    event = trader.locator("article.sp-book-event", has_text="Owls at Hawks")
    event.locator("input[name=away_score]").fill("20")
    event.locator("input[name=home_score]").fill("24")
    event.get_by_role("button", name="Enter the final score").click()
    expect(trader.locator(".flash-ok")).to_contain_text("1 tickets settled")
    keep_shot(trader, "sports-book-1280x800.png", full_page=True)

    guest.reload()
    expect(guest.get_by_test_id("tickets")).to_contain_text("Won $19.09 on the Hawks -2.5")
    expect(guest.get_by_test_id("wallet")).to_have_text("$1,019.09")
    assert errors == []
