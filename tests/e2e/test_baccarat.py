"""Mini-Baccarat and EZ Baccarat in a real browser against gunicorn: sit, buy chips, bet on
the named circles, deal, read the coup in the Player's and Banker's boxes, the result and the
scoreboards of the shoe, and find the round in the recall."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from playwright.sync_api import Page, expect

from .test_holdem_war import CODE, click_and_wait, demo_table, seated

pytestmark = pytest.mark.e2e


def stack_shoe(server, table_id: int, codes: list[str], decks: int = 8) -> None:
    """Fill the table's shoe with chosen cards (composition only: each round still shuffles
    what is left with its own committed seed) and empty scoreboards. Test data."""
    db = sqlite3.connect(server["workdir"] / "casino.db")
    (config,) = db.execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()
    epoch = json.loads(config or "{}").get("epoch", 0)
    size = 52 * decks
    shoe = {"decks": decks, "size": size, "cut_at": size * 75 // 100, "remaining": (codes * size)[:size],
            "discards": [], "in_play": [], "shuffle_no": 1, "rounds_since_shuffle": 1, "cut_card_out": False,
            "just_shuffled": False, "emergency_reshuffles": 0}
    carry = {"epoch": epoch, "data": {"shoe": shoe, "marks": [], "after_cut": -1}}
    db.execute("UPDATE tables SET carry = ? WHERE id = ?", (json.dumps(carry), table_id))
    db.commit()
    db.close()


def test_mini_baccarat_tie_hand(page: Page, live_server):
    """All tens: both hands draw a third card and tie at 0 (Table 1, Table 2); the Banker bet
    pushes and the Tie pays 8 to 1 (004 s.924, s.946)."""
    table_id, _ = demo_table(live_server, "mini-baccarat")
    stack_shoe(live_server, table_id, ["Tc", "Jd", "Qh", "Ks"])
    seated(page, live_server, "mini-baccarat")
    expect(page.locator("[data-paytable=baccarat-tie]")).to_contain_text("8 to 1")
    click_and_wait(page, "[data-action=bet-banker]")
    click_and_wait(page, "[data-action=bet-baccarat-tie]")
    click_and_wait(page, "[data-action=deal]")
    expect(page.locator(".bacc-player " + CODE)).to_have_count(3)
    expect(page.locator(".bacc-banker " + CODE)).to_have_count(3)
    expect(page.locator(".bacc-call")).to_have_text("Player 0, Banker 0: Tie Hand.")
    expect(page.locator(".result-banner")).to_contain_text("You win $40")
    expect(page.locator(".bead-T")).to_have_count(1)
    page.get_by_role("link", name="History", exact=True).click()
    page.get_by_role("link", name="Recall").first.click()
    expect(page.locator("body")).to_contain_text("baccarat-tie")


def test_ez_baccarat_side_bets_and_the_scoreboards(page: Page, live_server):
    seated(page, live_server, "ez-baccarat")
    expect(page.locator("[data-action=bet-dragon-7]")).to_have_count(0)  # needs a line bet (D-149)
    click_and_wait(page, "[data-action=bet-player]")
    click_and_wait(page, "[data-action=bet-dragon-7]")
    page.get_by_role("button", name="$1 chip").click()
    click_and_wait(page, "[data-action=bet-talons-banker]")
    click_and_wait(page, "[data-action=deal]")
    expect(page.locator(".result-banner")).to_be_visible()
    expect(page.locator(".result-lines")).to_contain_text("Dragon 7")
    expect(page.locator(".bead")).to_have_count(1)
    click_and_wait(page, "[data-action=rebet]")
    click_and_wait(page, "[data-action=deal]")
    expect(page.locator(".bead")).to_have_count(2)  # the shoe's history is kept between rounds
    # The big road rings every Banker or Player win, never a tie (two ties in a row leave it empty).
    plate = page.locator("svg[aria-label^='Bead plate']").get_attribute("aria-label") or ""
    wins = re.search(r"Banker (\d+), Player (\d+)", plate)
    assert wins, plate
    expect(page.locator(".ring")).to_have_count(int(wins.group(1)) + int(wins.group(2)))
