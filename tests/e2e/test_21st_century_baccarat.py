"""Three players at the demo floor's 21st Century Baccarat 5.0 table, each in their own
browser: one accepts the bank, one bets the Player line and one the Dealer line; the Player
hand is a 5, so the Player bettor meets the Hit and Stand buttons with the House Way named,
hits, and the hand is settled within the bank: the felt shows the Dealer's hole card turned,
the coverage and the scoreboard, and the books balance (002 §16; D-161, D-466)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, books_balance, fresh, three_seated
from tests.e2e.test_dice_wheels import click_and_wait

from .test_holdem_war import CODE

pytestmark = pytest.mark.e2e

TABLE = "Lucky Chances 21st Century Baccarat 5.0 (player-dealer)"
# Player 5 (5, K), the Dealer 4 (T up, 4 in the hole); the hit card 3 makes the Player 8 and
# the Dealer draws an ace to 5: the Player line wins, the Dealer line loses.
COUP = ["5s", "Th", "Kc", "4d", "3h", "Ac"]


def stack_open_round(server, table_name: str, codes: list[str]) -> None:
    """Put ``codes`` on top of the open round's shoe, swapping them up from where they lie, so
    the shoe keeps its cards. Test data: the round's own shuffle has already been made."""
    db = sqlite3.connect(server["workdir"] / "casino.db")
    (table_id,) = db.execute("SELECT id FROM tables WHERE name = ?", (table_name,)).fetchone()
    rid, raw = db.execute("SELECT id, state FROM rounds WHERE table_id = ? AND status = 'open'", (table_id,)).fetchone()
    state = json.loads(raw)
    remaining = state["inner"]["shoe"]["remaining"]
    for i, code in enumerate(codes):
        j = remaining.index(code, i)
        remaining[i], remaining[j] = remaining[j], remaining[i]
    db.execute("UPDATE rounds SET state = ? WHERE id = ?", (json.dumps(state), rid))
    db.commit()
    db.close()


def test_a_hand_with_the_players_option(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "150")  # the bank posts its own collection fee (002 s.3788-3828)
    fresh(b)
    b.get_by_role("button", name="$25 chip").click()
    click_and_wait(b, '[data-action="bet-player"]')
    fresh(c)
    c.get_by_role("button", name="$25 chip").click()
    click_and_wait(c, '[data-action="bet-dealer"]')
    stack_open_round(live_server, TABLE, COUP)
    fresh(c)
    click_and_wait(c, "[data-action=deal]")
    fresh(b)
    expect(b.get_by_test_id("option-prompt")).to_contain_text("House Way")
    expect(b.locator(".bacc-banker .card.back")).to_have_count(1)  # the hole card is still down
    expect(b.locator("[data-action=stand]")).to_be_visible()
    click_and_wait(b, "[data-action=hit]")
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
        expect(page.locator(".bacc-player " + CODE)).to_have_count(3)
        expect(page.locator(".bacc-banker " + CODE)).to_have_count(3)
        expect(page.locator(".bacc-call")).to_contain_text("Player 8, Dealer 5: Player wins")
        expect(page.locator(".bead")).to_have_count(1)
    books_balance(contexts, live_server)
