"""Three players at the demo floor's Lucky Derby Face Up Pai Gow Poker table, each in their own
browser: one accepts the bank, two bet; the bank's seven cards are dealt face up and the
player-dealer sets them first on its own setter while the players wait with no setter of their
own; then each player sees the bank's hand set beside their own seven cards and sets theirs; the
hands settle and the books balance (001 §18, s.2769-3240; D-235, D-252)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.pdtable import bank_taken, books_balance, fresh, three_seated
from tests.e2e.test_dice_wheels import click_and_wait

pytestmark = pytest.mark.e2e

TABLE = "Lucky Derby Face Up Pai Gow Poker (player-dealer)"


def test_the_face_up_bank_is_set_before_the_players_set(browser: Browser, live_server):
    base = live_server["url"]
    contexts, (a, b, c) = three_seated(browser, base, TABLE)
    bank_taken(a, "100")
    for page in (b, c):
        fresh(page)
        page.get_by_role("button", name="$5 chip").click()
        click_and_wait(page, "[data-action=bet-main]")
    fresh(c)
    click_and_wait(c, "[data-action=deal]")
    fresh(b)
    if b.get_by_test_id("pai-gow-push").count():  # an ace-high bank: every bet pushes, nobody sets (D-252)
        expect(b.get_by_test_id("pai-gow-push")).to_contain_text("every game wager pushes")
    else:
        # The bank's cards are face up and the player-dealer sets them first: the players wait.
        expect(b.get_by_test_id("bank-waiting")).to_contain_text("sets them first")
        expect(b.get_by_test_id("hand-setter")).to_have_count(0)
        expect(b.get_by_test_id("bank-hands")).to_have_count(0)
        fresh(a)
        setter = a.get_by_test_id("bank-setter")
        expect(setter).to_be_visible()
        a.get_by_test_id("bank-house-way-preview").locator("summary").click()
        preview = a.get_by_test_id("bank-house-way-preview").text_content() or ""
        low = re.search(r"Low hand (\S+) (\S+),", preview)
        assert low, preview
        for code in low.groups():
            setter.locator(f".pg-card:has(input[value='{code}'])").click()
        click_and_wait(a, "[data-action=set-hand]")
        for page in (b, c):
            fresh(page)
            # The bank's hand, set, is on the felt while the player's own seven wait to be set.
            expect(page.get_by_test_id("bank-hands")).to_contain_text("set by the player-dealer")
            expect(page.get_by_test_id("hand-setter")).to_be_visible()
            click_and_wait(page, "[data-action=house-way]")
        fresh(b)
        expect(b.get_by_test_id("high-result").first).to_contain_text(re.compile(r"High hand (wins|loses|copy)"))
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
    books_balance(contexts, live_server)
