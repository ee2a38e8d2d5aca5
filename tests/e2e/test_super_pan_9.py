"""Three players at the demo floor's Super Pan 9 table, each in their own browser: one accepts
the bank, two bet against it; the dice cup names the action spot; each bettor holds its own
three-card 5, seen by it alone, and meets Draw a card and No card with the House Way named: one
draws, the other stands; the bank's three cards stay face down until every hand is set, then it
chooses on its 6 and stands; the hand is settled within the bank and the books balance
(002 §12; D-206, D-209, D-466)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, books_balance, fresh, three_seated
from tests.e2e.test_21st_century_baccarat import stack_open_round
from tests.e2e.test_dice_wheels import click_and_wait

from .test_holdem_war import CODE

pytestmark = pytest.mark.e2e

TABLE = "Lucky Chances Super Pan 9 (player-dealer)"
# Three turns of (bettor, bettor, bank): whichever bettor the dice name first, each holds a 5
# (2 + 3 + picture) and the bank a 6 (picture + 6 + picture); the one draw card, a 4.
HAND = ["2s", "2h", "Kc", "3s", "3h", "6d", "Ks", "Kh", "Qd", "4h"]


def test_a_hand_where_each_bettor_holds_its_own_three_cards(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "150")
    fresh(b)
    b.get_by_role("button", name="$25 chip").click()
    click_and_wait(b, '[data-action="bet-player"]')
    fresh(c)
    c.get_by_role("button", name="$25 chip").click()
    click_and_wait(c, '[data-action="bet-player"]')
    stack_open_round(live_server, TABLE, HAND)
    click_and_wait(c, "[data-action=deal]")
    fresh(b)
    expect(b.get_by_test_id("pd-dice")).to_be_visible()
    expect(b.get_by_test_id("option-prompt")).to_contain_text("House Way")
    expect(b.locator(".bacc-banker .card.back")).to_have_count(3)  # the bank's hand is face down
    hands = b.get_by_test_id("seat-hands")
    expect(hands.locator(".is-mine " + CODE)).to_have_count(3)  # its own three cards
    expect(hands.locator(".card.back")).to_have_count(3)  # the other bettor's, unseen
    click_and_wait(b, "[data-action=hit]")
    fresh(c)
    click_and_wait(c, "[data-action=stand]")  # every hand set: the draw card goes out (s.1158)
    fresh(b)
    expect(b.get_by_test_id("seat-hands").locator(".is-mine " + CODE)).to_have_count(4)
    fresh(c)
    expect(c.get_by_test_id("seat-hands").locator(".card.back")).to_have_count(4)  # b's hand, unseen
    fresh(a)
    expect(a.locator(".bacc-banker " + CODE)).to_have_count(3)
    click_and_wait(a, "[data-action=stand]")  # D-209: the bank's own choice on 6
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
        expect(page.locator(".bacc-call")).to_contain_text("The player-dealer's hand: 6")
        expect(page.get_by_test_id("seat-hands").locator(CODE)).to_have_count(7)  # all shown at the settlement
    books_balance(contexts, live_server)
