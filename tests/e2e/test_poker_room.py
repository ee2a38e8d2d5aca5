"""The poker room in browsers: three guests and a house bot at one no-limit Hold'em table, each
guest all in with a different stack, so the hand goes to showdown with a side pot; each guest
sees only their own hole cards until the showdown, the felt and the decisions fit one screen,
and the hand history opens for every player."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.floor import open_table
from tests.e2e.pdtable import books_balance
from tests.e2e.shots import keep_shot
from tests.e2e.test_dice_wheels import click_and_wait
from tests.e2e.test_one_screen import resize

pytestmark = pytest.mark.e2e

CODE = re.compile(r'data-code="([2-9TJQKA][cdhs])"')
STACKS = ("80", "120", "200")  # $1/$2 blinds, buy-ins from $80 to $200 (D-411)


def poker_table(server) -> int:
    """A table of the demo floor's no-limit Hold'em whose next hand waits for a player's Deal
    (``next_hand_s``), so that every guest is seated before the first hand."""
    return open_table(server, 'Poker Side Pot', 'texas-holdem', 'nl-procedure', {"next_hand_s": 3600})


def seat_with(page: Page, base: str, table_id: int, seat: int, buy: str) -> None:
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{table_id}")
    click_and_wait(page, f"[data-action=sit-{seat}]")
    page.locator(".buy-in input[name=amount]").fill(buy)
    click_and_wait(page, "[data-action=buy-in]")
    expect(page.get_by_test_id("chips")).to_have_text(f"${buy}")


def my_turn_move(page: Page) -> bool:
    """All in if this seat may bet or raise, else call, else check; False when it is not this
    seat's turn."""
    page.reload()
    expect(page.locator(".table-felt")).to_be_visible()
    for selector in ("[data-action=raise-max]", "[data-action=bet-max]", "[data-action=call]",
                     "[data-action=check]", "[data-action=run-twice-no]"):
        if page.locator(selector).count():
            click_and_wait(page, selector)
            return True
    return False


def test_three_players_and_a_bot_go_to_showdown_with_a_side_pot(browser: Browser, live_server):
    base = live_server["url"]
    table_id = poker_table(live_server)
    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(3)]
    pages = [ctx.new_page() for ctx in contexts]
    for n, (page, buy) in enumerate(zip(pages, STACKS)):
        seat_with(page, base, table_id, n, buy)
    click_and_wait(pages[0], "[data-action=bot-3]")
    pages[0].reload()
    click_and_wait(pages[0], "[data-action=deal]")
    # Before the showdown each guest sees two face-up cards of their own and nobody else's.
    for page in pages:
        page.reload()
        expect(page.get_by_test_id("my-cards").locator(".card.face")).to_have_count(2)
        mine = set(CODE.findall(page.get_by_test_id("my-cards").inner_html()))
        seen = set(CODE.findall(page.locator(".felt-poker").inner_html()))
        assert seen == mine, (seen, mine)
    for _ in range(12):
        moved = [my_turn_move(page) for page in pages]
        pages[0].reload()
        if pages[0].get_by_test_id("awards").count():
            break
        assert any(moved) or pages[0].locator(".seat.is-turn.bot").count(), "nobody could move"
    for page in pages:
        page.reload()
        awards = page.get_by_test_id("awards")
        expect(awards).to_contain_text("Main pot")
        expect(awards).to_contain_text("Side pot 1")
        expect(page.get_by_test_id("round-result")).to_be_visible()
    # One screen at a desktop and a phone: the board, my cards, my chips and the decisions
    # (a poker table has no chip rail: bets and raises are typed or picked on the buttons).
    page = pages[2]
    for w, h in ((1280, 800), (390, 844)):
        resize(page, w, h)
        keep_shot(page, f"poker-room-{w}x{h}.png")
        for testid in ("dealer-cards", "my-cards", "chips", "decisions"):
            box = page.get_by_test_id(testid).first.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= h + 1, (w, testid, box)
    resize(page, 1280, 800)
    page.get_by_test_id("hand-history").click()
    expect(page.locator("body")).to_contain_text("Dealt to")
    expect(page.locator("body")).to_contain_text("side pot")
    books_balance(contexts, live_server)
