"""A new user's whole path in a real browser against gunicorn: lobby → seat → chips → bet with a
side bet → split → settle → history → fairness proof; and the operator's path."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def _stack_the_shoe_with_eights(server, table_name: str) -> None:
    """Load the table's shoe with nothing but eights (composition only: P-001 still shuffles it
    with the round's seed), so the first hand is a pair to split. Test data, not a backdoor."""
    db = sqlite3.connect(server["workdir"] / "casino.db")
    (table_id, config) = db.execute("SELECT id, config FROM tables WHERE name = ?", (table_name,)).fetchone()
    epoch = json.loads(config or "{}").get("epoch", 0)
    eights = [f"8{s}" for s in "cdhs"] * 78  # 312 cards, a six-deck shoe
    shoe = {"decks": 6, "size": 312, "cut_at": 234, "remaining": eights, "discards": [], "in_play": [],
            "shuffle_no": 1, "rounds_since_shuffle": 1, "cut_card_out": False, "just_shuffled": False,
            "emergency_reshuffles": 0}
    db.execute("UPDATE tables SET carry = ? WHERE id = ?", (json.dumps({"epoch": epoch, "data": shoe}), table_id))
    db.commit()
    db.close()


def click_and_wait(page: Page, selector: str) -> None:
    """Click an htmx button and wait until its response has been swapped in."""
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator(selector).first.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def test_new_user_plays_a_round_and_verifies_it(page: Page, live_server):
    base = live_server["url"]
    _stack_the_shoe_with_eights(live_server, "Chapter 4 Blackjack")
    page.goto(base + "/")
    expect(page.get_by_role("heading", name="The casino floor")).to_be_visible()
    page.get_by_role("button", name="Play as a guest").click()
    expect(page.locator(".wallet-line")).to_contain_text("$1,000")

    page.get_by_role("link", name="Chapter 4 Blackjack", exact=True).click()
    click_and_wait(page, "[data-action=sit-0]")
    page.locator(".buy-in input[name=amount]").fill("300")
    click_and_wait(page, "[data-action=buy-in]")
    expect(page.get_by_test_id("chips")).to_have_text("$300")

    page.get_by_role("button", name="$25 chip").click()
    click_and_wait(page, "[data-action=bet-main]")
    expect(page.locator("[data-action=bet-main]")).to_contain_text("$25")
    expect(page.get_by_test_id("chips")).to_have_text("$275")

    click_and_wait(page, "[data-action=deal]")
    expect(page.locator("[data-action=split-0]")).to_be_visible()
    click_and_wait(page, "[data-action=split-0]")
    # Play every hand out by standing; eights keep coming, so more splits are offered too.
    for _ in range(12):
        if page.locator("[data-action^=stand-]").count() == 0:
            break
        click_and_wait(page, "[data-action^=stand-]")
    banner = page.locator(".result-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(re.compile(r"You (win|lose)|push"))

    page.get_by_role("link", name="History", exact=True).click()
    expect(page.get_by_role("heading", name="Your game history")).to_be_visible()
    page.get_by_role("link", name="Recall").first.click()
    expect(page.locator(".recall-banner")).to_contain_text("RECALL")
    expect(page.locator("body")).to_contain_text("main/2")  # the split hand settled on its own
    page.get_by_role("link", name="proof and replay").click()
    expect(page.get_by_test_id("verdict")).to_have_text("VERIFIED")


def test_side_bet_and_bad_input_feedback(page: Page, live_server):
    base = live_server["url"]
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.get_by_role("link", name="Grand Ronde Blackjack", exact=True).click()
    click_and_wait(page, "[data-action=sit-1]")
    click_and_wait(page, "[data-action=buy-in]")
    page.get_by_role("button", name="$5 chip").click()
    click_and_wait(page, "[data-action=bet-main]")
    click_and_wait(page, "[data-action=bet-21-plus-3-xtreme]")
    expect(page.locator("[data-action=bet-21-plus-3-xtreme]")).to_contain_text("$5")
    page.get_by_role("button", name="$500 chip").click()
    click_and_wait(page, "[data-action=bet-lucky-ladies]")
    expect(page.locator("#play-error")).to_have_text("The maximum on Lucky Ladies is $25.")
    expect(page.get_by_test_id("chips")).to_have_text("$190")
    click_and_wait(page, "[data-action=deal]")
    page.wait_for_load_state("networkidle")
    expect(page.locator(".dealer-spot .card").first).to_be_visible()


def test_operator_changes_limits_and_opens_a_table(page: Page, live_server):
    base = live_server["url"]
    page.goto(base + "/login")
    page.get_by_label("Username").fill("operator")
    page.get_by_label("Password").fill("operator-pass-123")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Operator").click()
    expect(page.get_by_role("heading", name="Floor configuration")).to_be_visible()
    expect(page.get_by_test_id("invariant")).to_have_text("$0")

    row = page.locator("tbody.floor-table").filter(has=page.get_by_role("link", name="Single Deck Blackjack", exact=True))
    row.get_by_role("link", name=re.compile("^Edit")).click()  # the edit row opens in place
    form = row.locator("form[data-testid^=configure-]")
    form.locator("input[name=limit_main_max]").fill("250")
    form.get_by_role("button", name=re.compile("Save")).click()
    expect(page.locator(".flash-ok")).to_contain_text("applies from the next round")

    create = page.get_by_test_id("create-table")
    create.get_by_label("Name").fill("Late Night 21")
    create.locator("select[name=game_variant]").select_option("blackjack|single-deck")
    create.get_by_role("button", name="Open table").click()
    expect(page.locator(".flash-ok")).to_contain_text("Opened Late Night 21")
    page.goto(base + "/")
    expect(page.get_by_role("link", name="Late Night 21")).to_be_visible()
