"""What the player-dealer browser tests share: three browsers seated at one table, the first
taking the bank, the others betting, and the books checked by the server's own ledger-check."""

from __future__ import annotations

import re
import subprocess
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy


def fresh(page: Page) -> None:
    page.reload()
    expect(page.locator(".table-felt")).to_be_visible()


def three_seated(browser: Browser, base: str, table: str) -> tuple[list[BrowserContext], list[Page]]:
    """Three guests, each in a browser of their own, seated at ``table`` with $200 of chips.
    Their browsers ask for reduced motion: these tests follow the round, not the animations
    (the single-browser tests keep them), and three felts glowing for the seat to act cost
    a quarter of the run in repainting."""
    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(3)]
    pages = [ctx.new_page() for ctx in contexts]
    for page in pages:
        sit_and_buy(page, base, table)
    return contexts, pages


def bank_taken(banker: Page, stake: str, turn: str = "1st") -> None:
    """The offered player takes the bank with ``stake`` dollars (pressing Next hand if the offer
    is not up yet) and the felt shows their turn."""
    fresh(banker)
    if not banker.locator("[data-action=bank]").count():
        click_and_wait(banker, "[data-action=next]")
    expect(banker.locator("[data-action=bank]")).to_contain_text(f"{turn} turn")
    banker.locator(".amount-form input[name=amount]").fill(stake)
    click_and_wait(banker, "[data-action=bank]")


def bets_placed(players: list[Page], stake_shown: str, chip: str, spot: str) -> None:
    """Each player sees the bank's stake and puts one ``chip`` on ``spot``, once: a bet drawn
    before another player's bet still lands (P-447), so none is placed twice."""
    for page in players:
        fresh(page)
        expect(page.get_by_test_id("pd-stake")).to_have_text(stake_shown)
        page.get_by_role("button", name=chip).click()
        click_and_wait(page, f'[data-action="bet-{spot}"]')
        expect(page.get_by_test_id("my-spots").locator(".has-bet")).not_to_have_count(0)


def dealt(page: Page) -> None:
    """Deal, once (the press lands though other players' bets came after the page was drawn,
    P-447), unless the betting window's clock has dealt already on a slow machine (D-025)."""
    fresh(page)
    if page.locator("[data-action=deal]").count():
        click_and_wait(page, "[data-action=deal]")
    fresh(page)
    expect(page.locator("[data-action=deal]")).to_have_count(0)


def books_balance(contexts: list[BrowserContext], live_server: dict[str, Any]) -> None:
    """Close the browsers, then the server's own ledger-check: every balance sums to zero and
    the ledger agrees with them."""
    for ctx in contexts:
        ctx.close()
    check = subprocess.run(live_server["flask"] + ["ledger-check"], check=False, cwd=live_server["root"],
                           env=live_server["env"], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert re.search(r"sum of balances: 0;", check.stdout)
