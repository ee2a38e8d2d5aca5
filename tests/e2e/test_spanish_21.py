"""Spanish 21 in a real browser against gunicorn: sit, bet, deal, double, and rescue the
double with the button that says what it does (000 s.1120, D-064); the posted rules say
that a player 21 always wins (000 s.1131)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from playwright.sync_api import Page, expect

from .test_holdem_war import click_and_wait, demo_table, seated

pytestmark = pytest.mark.e2e


def stack_spanish_shoe(server, table_id: int, codes: list[str], decks: int = 6) -> None:
    """Fill the table's 48-card-deck shoe with chosen cards (composition only: each round
    still shuffles what is left with its own committed seed). Test data."""
    db = sqlite3.connect(server["workdir"] / "casino.db")
    (config,) = db.execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()
    epoch = json.loads(config or "{}").get("epoch", 0)
    size = 48 * decks
    cards = (codes * (size // len(codes) + 1))[:size]
    shoe = {"decks": decks, "size": size, "cut_at": size * 75 // 100, "remaining": cards, "discards": [],
            "in_play": [], "shuffle_no": 1, "rounds_since_shuffle": 1, "cut_card_out": False,
            "just_shuffled": False, "emergency_reshuffles": 0}
    db.execute("UPDATE tables SET carry = ? WHERE id = ?", (json.dumps({"epoch": epoch, "data": shoe}), table_id))
    db.commit()
    db.close()


def test_spanish_21_double_then_rescue(page: Page, live_server):
    table_id, _ = demo_table(live_server, "spanish-21")
    stack_spanish_shoe(live_server, table_id, ["5d", "5c", "5h", "5s"])  # 5-5 against a 5: no peek
    seated(page, live_server, "spanish-21")
    expect(page.locator(".table-rules")).to_contain_text("Your 21 always wins")
    click_and_wait(page, "[data-action=bet-main]")
    click_and_wait(page, "[data-action=deal]")
    expect(page.get_by_role("button", name="Surrender: give up the hand, half the bet back")).to_be_visible()
    click_and_wait(page, "[data-action=double]")  # the form holds the most: the $5 bet
    rescue = page.get_by_role("button", name="Rescue: take back the last double, lose the rest")
    expect(rescue).to_be_visible()
    expect(page.locator("[data-action=hit-0]")).to_have_count(0)  # after a double: no hit (s.1119)
    with page.expect_response(lambda r: r.request.method == "POST"):
        rescue.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    expect(page.locator(".result-banner")).to_contain_text("You lose $5")
    expect(page.get_by_test_id("chips")).to_have_text("$195")
