"""Three players at the demo floor's Chemin de Fer table, each in their own browser: two bid for
the shoe and the bidding's clock gives it to the higher bid, a punter calls Banco and another's
partial bet goes back, the Banker calls "Card" and the coup is played out into both hands; the
felt shows who holds the shoe, the bank and the calls, and the books balance (004 §25, P-181,
P-183)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.floor import clock_now, table_shown
from tests.e2e.pdtable import books_balance, fresh
from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy

from .test_holdem_war import CODE

pytestmark = pytest.mark.e2e

TABLE = "Chapter 4 Chemin de Fer"


def test_a_bid_a_banco_and_a_coup(browser: Browser, live_server):
    base = live_server["url"]
    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(3)]
    a, b, c = (ctx.new_page() for ctx in contexts)
    for page in (a, b, c):
        sit_and_buy(page, base, TABLE)
    for page, bid in ((a, "50"), (b, "30")):
        fresh(page)
        page.locator("form:has([data-action=bid]) input[name=amount]").fill(bid)
        click_and_wait(page, "[data-action=bid]")
    expect(a.locator(".chemin-calls")).to_contain_text("bids $50")
    # The bidding runs 30 s from its first bid (P-181): its clock runs out, and the next look at
    # the table closes it.
    assert clock_now(live_server, table_shown(a), "pause") == 1
    fresh(a)
    expect(a.get_by_test_id("bank-amount")).to_have_text("$50")
    holder = a.get_by_test_id("shoe-holder").inner_text()
    fresh(b)
    click_and_wait(b, "[data-action=banco]")
    fresh(c)
    c.locator("form:has([data-action=against]) input[name=amount]").fill("10")
    click_and_wait(c, "[data-action=against]")
    expect(c.locator(".chemin-calls")).to_contain_text("Banco")
    fresh(a)
    click_and_wait(a, "[data-action=close]")
    for _ in range(2):  # the Player 5 and the Banker's option, if the cards ask for them
        for page, kind in ((b, "card"), (a, "draw")):
            fresh(page)
            if page.locator(f"[data-action={kind}]").count():
                click_and_wait(page, f"[data-action={kind}]")
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("shoe-holder")).to_have_text(holder)
        expect(page.locator(".bacc-player " + CODE)).not_to_have_count(0)
        expect(page.locator(".bacc-banker " + CODE)).not_to_have_count(0)
    expect(b.get_by_test_id("headline")).to_be_visible()
    books_balance(contexts, live_server)
