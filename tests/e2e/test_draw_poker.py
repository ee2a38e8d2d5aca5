"""Draw poker in browsers: two guests at Chapter 4 Lowball Draw play a hand to the showdown;
at the draw one clicks two of their cards ("Draw 2") and the other stands pat; each sees only
their own cards and how many the other drew, and the table with the draw fits one screen at
a desktop and a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.floor import open_table
from tests.e2e.pdtable import books_balance
from tests.e2e.shots import keep_shot
from tests.e2e.test_dice_wheels import click_and_wait
from tests.e2e.test_one_screen import resize
from tests.e2e.test_poker_room import seat_with

pytestmark = pytest.mark.e2e

CODE = re.compile(r'data-code="([2-9TJQKA][cdhs])"')


def draw_table(server) -> int:
    return open_table(server, 'Lowball Draw Test', 'lowball-draw', 'chapter4', {"next_hand_s": 3600})


def fits(page: Page, label: str = "") -> None:
    for w, h in ((1280, 800), (390, 844)):
        resize(page, w, h)
        if label:
            keep_shot(page, f"draw-poker-{label}-{w}x{h}.png")
        for testid in ("dealer-cards", "my-cards", "chips", "decisions"):
            box = page.get_by_test_id(testid).first.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= h + 1, (w, testid, box)
    resize(page, 1280, 800)


def test_two_guests_play_a_draw_hand_discarding_by_clicking(browser: Browser, live_server):
    base = live_server["url"]
    table_id = draw_table(live_server)
    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(2)]
    pages = [ctx.new_page() for ctx in contexts]
    for n, page in enumerate(pages):
        seat_with(page, base, table_id, n, "100")
    pages[0].reload()
    click_and_wait(pages[0], "[data-action=deal]")
    drawn: list[int] = []
    last = -1  # the page that acted last is already current (htmx swapped it in)
    for _ in range(12):
        moved = False
        for n, page in enumerate(pages):
            if n != last:
                page.reload()
            expect(page.locator(".table-felt")).to_be_visible()
            mine = set(CODE.findall(page.get_by_test_id("my-cards").inner_html()))
            assert len(mine) == 5 and set(CODE.findall(page.locator(".felt-poker").inner_html())) <= mine
            if page.get_by_test_id("draw-form").count():
                if not drawn:  # the first to draw clicks two cards
                    fits(page, "draw")
                    button = page.locator("[data-draw-button]")
                    expect(button).to_be_disabled()
                    cards = page.locator(".pk-draw-card")
                    cards.nth(0).click()
                    cards.nth(1).click()
                    expect(button).to_have_text("Draw 2")
                    click_and_wait(page, "[data-draw-button]")
                    after = set(CODE.findall(page.get_by_test_id("my-cards").inner_html()))
                    assert len(after) == 5 and len(after & mine) == 3
                else:
                    click_and_wait(page, "[data-action=draw]:text('Stand pat')")
                drawn.append(n)
                moved = True
            else:
                for selector in ("[data-action=call]", "[data-action=check]"):
                    if page.locator(selector).count():
                        click_and_wait(page, selector)
                        moved = True
                        break
            if moved:
                last = n
                break
        if page.get_by_test_id("awards").count():
            break
        assert moved, "nobody could move"
    assert len(drawn) == 2
    for n, page in enumerate(pages):
        if n != last:
            page.reload()
        # the winner's hand named on the felt: a low, or (a pair among both hands) its pair
        expect(page.get_by_test_id("awards")).to_contain_text(re.compile(r"\blow\b|wheel|pair|three|four|full|straight|flush", re.IGNORECASE))
        expect(page.get_by_test_id(f"drew-{drawn[0]}")).to_have_text("drew 2")
        expect(page.get_by_test_id(f"drew-{drawn[1]}")).to_have_text("stood pat")
    fits(pages[1])
    books_balance(contexts, live_server)
