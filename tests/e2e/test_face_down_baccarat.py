"""Three players at the demo floor's 21st Century Baccarat Face Down table, each in their own
browser: one accepts the bank, two bet; each bettor sees its own two cards and only the backs of
the other's; the one on 5 meets Hit, Stand, Double down and Surrender, hits to a three-card 9
and is paid 2 to 1; the other's 7 stands; the hand is settled within the bank and the books
balance (003 §17; D-177, D-180, P-197)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, books_balance, fresh, three_seated
from tests.e2e.test_21st_century_baccarat import stack_open_round
from tests.e2e.test_dice_wheels import click_and_wait

from .test_holdem_war import CODE

pytestmark = pytest.mark.e2e

TABLE = "Crystal Park 21st Century Baccarat Face Down (player-dealer)"
# Spot 2: 2 + 3 = 5, hits a 4 to 9; Spot 3: 4 + 3 = 7 stands; the bank: 4 up, K down = 4, hits
# a 9 to 3.
HAND = ["2s", "4s", "4h", "3c", "3d", "Kd", "4c", "9h"]


def test_a_face_down_hand_with_a_bonus(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "150")
    for page in (b, c):
        fresh(page)
        page.get_by_role("button", name="$25 chip").click()
        click_and_wait(page, '[data-action="bet-main"]')
    stack_open_round(live_server, TABLE, HAND)
    click_and_wait(c, "[data-action=deal]")
    fresh(b)
    expect(b.get_by_test_id("option-prompt")).to_contain_text("Hit, Stand, Double down or Surrender?")
    hands = b.get_by_test_id("seat-hands")
    expect(hands.locator(CODE)).to_have_count(2)  # its own two
    expect(hands.locator(".card.back")).to_have_count(2)  # the other's two
    expect(b.locator("[data-action=surrender]")).to_be_visible()
    click_and_wait(b, "[data-action=hit]")
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
        expect(page.locator(".bacc-call")).to_contain_text("The player-dealer's hand: 3")
        expect(page.get_by_test_id("seat-hands").locator(CODE)).to_have_count(5)
    expect(b.get_by_test_id("round-result")).to_contain_text("+$50")  # 2 to 1 on $25 (s.751)
    books_balance(contexts, live_server)
