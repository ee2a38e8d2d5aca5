"""Three players at the demo floor's Asian Baccarat table, each in their own browser: one
accepts the bank, two bet against it; the dice cup names the action spot; the community hand
is a 5, so each bettor meets Draw a card and No card with the House Way named: one draws its
own card, the other stands, and the card goes out face down to all but its owner; the bank, on 6, chooses too and stands;
the hand is settled within the bank and the books balance (003 §1; D-185, D-186, D-466)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, books_balance, fresh, three_seated
from tests.e2e.test_21st_century_baccarat import stack_open_round
from tests.e2e.test_dice_wheels import click_and_wait

from .test_holdem_war import CODE

pytestmark = pytest.mark.e2e

TABLE = "Crystal Park Asian Baccarat (player-dealer)"
# Community 2 + 3 = 5; the bank T + 6 = 6; the one draw card, a 4, makes the drawing bettor's 9.
HAND = ["2s", "Th", "3c", "6d", "4h"]


def test_a_hand_where_each_bettor_chooses_its_own_card(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "150")  # the bank keeps chips for its own fee (P-038)
    fresh(b)
    b.get_by_role("button", name="$25 chip").click()
    click_and_wait(b, '[data-action="bet-player"]')
    fresh(c)
    c.get_by_role("button", name="$25 chip").click()
    click_and_wait(c, '[data-action="bet-player"]')
    stack_open_round(live_server, TABLE, HAND)
    click_and_wait(c, "[data-action=deal]")
    fresh(b)
    expect(b.get_by_test_id("pd-dice")).to_contain_text("with the bank as 1, 9, 17")
    expect(b.get_by_test_id("option-prompt")).to_contain_text("House Way")
    expect(b.locator(".bacc-banker .card.back")).to_have_count(2)  # the bank's hand is face down
    click_and_wait(b, "[data-action=hit]")
    fresh(c)
    click_and_wait(c, "[data-action=stand]")  # both have chosen: the draw cards go out (D-185)
    fresh(b)
    expect(b.get_by_test_id("draw-cards").locator(CODE)).to_have_count(1)  # its own card, seen by it
    fresh(c)
    expect(c.get_by_test_id("draw-cards").locator(".card.back")).to_have_count(1)  # b's card, unseen
    fresh(a)
    expect(a.locator(".bacc-banker " + CODE)).to_have_count(2)  # turned over for its own choice
    click_and_wait(a, "[data-action=stand]")
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
        expect(page.locator(".bacc-call")).to_contain_text("Players' hand 5, the bank 6")
        expect(page.get_by_test_id("draw-cards").locator(CODE)).to_have_count(1)
        expect(page.locator(".bead")).to_have_count(1)
    books_balance(contexts, live_server)
