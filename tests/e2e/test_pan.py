"""Pan in a browser (003 §28): a guest and two house bots at one table. The guest goes in,
plucks a card, lays it in a meld by clicking cards and discards, and the bots play round to
the guest again; the felt
and the decisions fit one screen on a desktop and on a phone, and the books balance."""

from __future__ import annotations

import json
import sqlite3

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.floor import first_hand, off_one_screen, open_table
from tests.e2e.pdtable import books_balance
from tests.e2e.shots import keep_shot
from tests.e2e.test_dice_wheels import click_and_wait

pytestmark = pytest.mark.e2e

# The guest's cards when it is first to draw: two fives to meld the plucked five of hearts with.
# What lies on the first screen at every size while the guest plays.
PARTS = ["my-cards", "decisions", "muck", "deck-count"]
RIGGED = ["5c", "5d", "Qc", "Ah", "2h", "Jd", "Kc", "4d", "6s", "3s"]


def rig(server, table_id: int) -> None:
    """Give the guest (seat 0) the two fives and put the five of hearts on top of the deck, in
    the open round's stored state (the test's own arrangement; the server reads it afresh)."""
    with sqlite3.connect(server["workdir"] / "casino.db") as con:
        row_id, raw = con.execute("SELECT id, state FROM rounds WHERE table_id = ? ORDER BY number DESC LIMIT 1",
                                  (table_id,)).fetchone()
        state = json.loads(raw)
        state["hand"]["hands"]["0"] = RIGGED
        state["hand"]["stock"].insert(0, "5h")
        con.execute("UPDATE rounds SET state = ? WHERE id = ?", (json.dumps(state), row_id))


def test_a_guest_plucks_lays_a_meld_by_clicking_and_discards(browser: Browser, live_server):
    base = live_server["url"]
    table_id = open_table(live_server, "Pan Parlor", "pan", "crystal-park", {"next_hand_s": 3600})
    ctx = browser.new_context(reduced_motion="reduce")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    first_hand(page, base, table_id, bots=(1, 2))
    click_and_wait(page, "[data-action=in]")
    expect(page.locator("[data-action=draw-deck]")).to_be_visible()   # the bots have moved
    rig(live_server, table_id)
    page.reload()
    assert off_one_screen(page, "pan", "draw", PARTS) == []
    click_and_wait(page, "[data-action=draw-deck]")
    hand = page.get_by_test_id("my-cards")
    expect(hand.locator(".pan-card.drawn [data-code='5h']")).to_be_visible()
    for code in ("5c", "5d", "5h"):
        hand.locator(f".pan-card:has([data-code='{code}'])").first.click()
    click_and_wait(page, "[data-action=lay]")
    melds = page.get_by_test_id("melds-0")
    expect(melds.locator(".card")).to_have_count(3)
    expect(melds).to_contain_text("1 chip")                          # a valle square of three suits
    # with a meld down and the turn to lay, the meld may be split where its select says (P-385);
    # a meld of three lends nothing, so there is no Borrow yet (P-386)
    expect(page.locator("[data-action=split-0]")).to_have_text("Split meld 1")
    expect(page.get_by_test_id("cut-0").locator("option")).to_have_count(2)
    expect(page.locator("[data-action=borrow]")).to_have_count(0)
    assert off_one_screen(page, "pan", "play", PARTS) == []
    click_and_wait(page, "[data-action=discard-Qc]")
    expect(hand.locator("[data-code='Qc']")).to_have_count(0)     # the only queen of clubs is gone
    expect(page.locator("[data-action=draw-deck]")).to_be_visible()   # round the table to my turn again
    keep_shot(page, "pan-desktop-next.png")
    assert errors == []
    books_balance([ctx], live_server)
