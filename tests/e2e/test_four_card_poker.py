"""Two players at the Lucky Chances Four Card Poker table, each in their own browser: one takes
the bank, the other bets an Ante and Aces Up, sees the collection fees posted before the deal,
plays the hand out, and the hand settles against the player-dealer's stake with the action
seat and each seat's coverage on the felt; the books balance (002 §28-§30; D-332, D-483)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.pdtable import books_balance
from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy

pytestmark = pytest.mark.e2e

TABLE = "Lucky Chances Four Card Poker (player-dealer)"


def fresh(page: Page) -> None:
    page.reload()
    expect(page.locator(".table-felt")).to_be_visible()


def test_a_hand_plays_to_settlement_at_the_player_dealer_table(browser: Browser, live_server):
    base = live_server["url"]
    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(2)]
    banker, player = (ctx.new_page() for ctx in contexts)
    for page in (banker, player):
        sit_and_buy(page, base, TABLE)

    fresh(banker)
    if not banker.locator("[data-action=bank]").count():
        click_and_wait(banker, "[data-action=next]")
    expect(banker.locator("[data-action=bank]")).to_contain_text("1st turn")
    banker.locator(".amount-form input[name=amount]").fill("100")
    click_and_wait(banker, "[data-action=bank]")

    fresh(player)
    expect(player.get_by_test_id("pd-stake")).to_have_text("$100")
    player.get_by_role("button", name="$25 chip").click()
    click_and_wait(player, '[data-action="bet-ante"]')
    click_and_wait(player, '[data-action="bet-aces-up"]')
    # The fees are posted before the deal: $1 for the bank on $50 of action, $1 for the circle
    # (002-three-card-poker-1, the default schedule, 002 s.4071-4101).
    expect(player.get_by_test_id("pd-fees")).to_contain_text("$1")
    click_and_wait(player, "[data-action=deal]")

    fresh(player)
    # Five cards to the player, six to the player-dealer with the last one face up (002 s.3044).
    expect(player.locator("[data-testid=dealer-cards] .card")).to_have_count(6)
    expect(player.get_by_test_id("pd-action")).to_contain_text("up card")
    click_and_wait(player, "[data-action=play-1]")

    for page in (banker, player):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
    expect(player.get_by_test_id("headline")).to_be_visible()
    expect(player.get_by_test_id("dealer-cards")).to_contain_text("Player-dealer")

    books_balance(contexts, live_server)
