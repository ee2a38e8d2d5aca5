"""Pan in a browser (003 §28): a guest and two house bots at one table. The guest goes in,
plucks a card, lays it in a meld by clicking cards and discards, and the bots play round to
the guest again; the felt
and the decisions fit one screen on a desktop and on a phone, and the books balance."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.pdtable import books_balance
from tests.e2e.test_dice_wheels import click_and_wait
from tests.e2e.test_one_screen import SIZES, outside_viewport

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# The guest's cards when it is first to draw: two fives to meld the plucked five of hearts with.
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


def run(server, script: str) -> str:
    done = subprocess.run([sys.executable, "-c", script], cwd=server["root"], env=server["env"], check=True,
                          capture_output=True, text=True)
    return done.stdout.strip()


def pan_table(server) -> int:
    out = run(server, "from app import app\nfrom webgame.extensions import db\n"
                      "from webgame.services.tables import create_table\n"
                      "with app.app_context():\n"
                      "    table = create_table('Pan Parlor', 'pan', 'crystal-park', config={'next_hand_s': 3600})\n"
                      "    db.session.commit()\n"
                      "    print(table.id)\n")
    return int(out.splitlines()[-1])


def fits(page: Page, stage: str) -> list[str]:
    problems = []
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(ARTIFACTS / f"pan-{size}-{stage}.png"))
        problems += [f"{w}x{h}: {p}" for p in outside_viewport(page, ["my-cards", "decisions", "muck", "deck-count"])]
    page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
    return problems


def test_a_guest_plucks_lays_a_meld_by_clicking_and_discards(browser: Browser, live_server):
    ARTIFACTS.mkdir(exist_ok=True)
    base = live_server["url"]
    table_id = pan_table(live_server)
    ctx = browser.new_context(reduced_motion="reduce")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{table_id}")
    click_and_wait(page, "[data-action=sit-0]")
    page.locator(".buy-in input[name=amount]").fill("100")
    click_and_wait(page, "[data-action=buy-in]")
    click_and_wait(page, "[data-action=bot-1]")
    click_and_wait(page, "[data-action=bot-2]")
    click_and_wait(page, "[data-action=deal]")
    click_and_wait(page, "[data-action=in]")
    expect(page.locator("[data-action=draw-deck]")).to_be_visible()   # the bots have moved
    rig(live_server, table_id)
    page.reload()
    assert fits(page, "draw") == []
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
    assert fits(page, "play") == []
    click_and_wait(page, "[data-action=discard-Qc]")
    expect(hand.locator("[data-code='Qc']")).to_have_count(0)     # the only queen of clubs is gone
    expect(page.locator("[data-action=draw-deck]")).to_be_visible()   # round the table to my turn again
    page.screenshot(path=str(ARTIFACTS / "pan-desktop-next.png"))
    assert errors == []
    books_balance([ctx], live_server)
