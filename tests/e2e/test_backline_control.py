"""A backline bettor sets the hand it has the most money on, in its own browser (D-475, D-477,
P-260): at a Lucky Derby Pai Gow Poker player-dealer table one player banks, one bets $5, and
the third bets $20 behind that Bet with the bank panel's form. After the deal the backer's felt
shows the hand it backs with the setter; it ticks the house way's low hand and sets it. The
seated player sees its own cards, who sets them and no setter; the bank then sets its hand, the
hand settles, and the books balance."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.pdtable import bank_taken, bets_placed, books_balance, dealt, fresh
from tests.e2e.test_dice_wheels import click_and_wait

pytestmark = pytest.mark.e2e

def bet_behind(page: Page, amount: str) -> None:
    """The bank panel's "Bet behind" form, posted again if a live refresh swallowed it."""
    for _ in range(3):
        fresh(page)
        form = page.get_by_test_id("behind-form")
        form.locator("input[name=amount]").fill(amount)
        click_and_wait(page, "[data-action=behind]")
        fresh(page)
        if page.get_by_test_id("pd-behind").locator("li.is-mine").count():
            break
    expect(page.get_by_test_id("pd-behind").locator("li.is-mine")).to_contain_text(f"${amount} behind Spot")
    expect(page.get_by_test_id("pd-behind").locator("li.is-mine")).to_contain_text("you back Spot")


_MAKE_TABLE = """
from app import app
from webgame.extensions import db
from webgame.services.tables import create_table
with app.app_context():
    table = create_table("Lucky Derby Pai Gow Poker (backline test)", "pai-gow-poker", "lucky-derby", config={})
    db.session.commit()
    print(table.id)
"""


@pytest.fixture(scope="module")
def control_table(live_server) -> int:
    """A table of its own: the demo floor's is played by other tests in the same session."""
    out = subprocess.run([sys.executable, "-c", _MAKE_TABLE], cwd=live_server["root"], env=live_server["env"],
                         check=True, capture_output=True, text=True)
    return int(out.stdout.strip().splitlines()[-1])


def seated_at(browser: Browser, base: str, table_id: int) -> tuple[list[BrowserContext], list[Page]]:
    """Three guests, each in a browser of their own, seated with $200 of chips."""
    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(3)]
    pages = [ctx.new_page() for ctx in contexts]
    for page in pages:
        page.goto(base + "/login")
        page.get_by_role("button", name="Play as a guest with demo chips").click()
        page.goto(f"{base}/tables/{table_id}")
        expect(page.locator(".table-felt")).to_be_visible()
        click_and_wait(page, "[data-action^=sit-]")
        for _ in range(3):  # a live refresh landing mid-click can swallow the post: try again
            page.reload()
            expect(page.locator(".buy-in input[name=amount]")).to_have_value("200")
            click_and_wait(page, "[data-action=buy-in]")
            if page.get_by_test_id("chips").inner_text().strip() == "$200":
                break
        expect(page.get_by_test_id("chips")).to_have_text("$200")
    return contexts, pages


def test_a_backline_bettor_sets_the_hand_it_backs(browser: Browser, live_server, control_table):
    base = live_server["url"]
    contexts, (a, b, c) = seated_at(browser, base, control_table)
    bank_taken(a, "100")
    bets_placed([b], "$100", "$5 chip", "main")
    bet_behind(c, "20")
    expect(c.get_by_test_id("pd-control")).to_contain_text("you make its decisions")
    dealt(b)

    fresh(b)
    expect(b.get_by_test_id("controlled-by")).to_contain_text("has more money on this hand than you and sets it")
    expect(b.get_by_test_id("hand-setter")).to_have_count(0)
    own = set(b.locator(".pg-seat.is-mine [data-code]").evaluate_all("els => els.map(e => e.dataset.code)"))
    assert len(own) == 7

    fresh(c)
    backed = c.get_by_test_id("backed-hand")
    expect(backed).to_contain_text("the hand you back")
    setter = backed.get_by_test_id("hand-setter")
    expect(setter).to_be_visible()
    offered = set(setter.locator("input[name=card]").evaluate_all("els => els.map(e => e.value)"))
    assert offered == own  # the seated player's seven, and only those
    backed.get_by_test_id("house-way-preview").locator("summary").click()
    preview = backed.get_by_test_id("house-way-preview").text_content() or ""
    low = re.search(r"Low hand (\S+) (\S+),", preview)
    assert low, preview
    for code in low.groups():
        setter.locator(f".pg-card:has(input[value='{code}'])").click()
    expect(setter.locator("[data-setting-status]")).to_have_text("Ready: press Set hand.")
    click_and_wait(c, "[data-action=set-hand]")
    fresh(c)
    expect(c.get_by_test_id("backed-hand").get_by_test_id("set-hands")).to_be_visible()

    fresh(a)
    expect(a.get_by_test_id("bank-setter")).to_be_visible()  # every hand is set
    assert not own & set(a.locator("[data-code]").evaluate_all("els => els.map(e => e.dataset.code)"))
    click_and_wait(a, "[data-action=bank-house-way]")
    for page in (a, b, c):
        fresh(page)
        expect(page.get_by_test_id("pd-covered")).to_be_visible()
    expect(b.get_by_test_id("high-result").first).to_contain_text(re.compile(r"High hand (wins|loses|copy)"))
    books_balance(contexts, live_server)
