"""Seven-card stud in browsers: two guests at a Lucky Chances 7 Card Stud table ($3-$6, $1 ante,
$1 bring-in) play a hand to the showdown. Each sees its own three cards and only the other
seat's up card; the low card brings in; at the end each seat shows seven cards, the table fits
one screen at a desktop and on a phone, and the hand history reads the stud streets."""

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


def stud_table(server) -> int:
    return open_table(server, 'Stud Showdown', 'seven-card-stud', 'lc', {"next_hand_s": 3600})


def move(page: Page) -> str:
    """Bring in, check or call when it is this seat's turn; the move made, or ""."""
    page.reload()
    expect(page.locator(".table-felt")).to_be_visible()
    for kind in ("bring-in", "check", "call"):
        if page.locator(f"[data-action={kind}]").count():
            click_and_wait(page, f"[data-action={kind}]")
            return kind
    return ""


def test_two_guests_play_a_seven_card_stud_hand_to_showdown(browser: Browser, live_server):
    base = live_server["url"]
    table_id = stud_table(live_server)
    contexts = [browser.new_context(reduced_motion="reduce") for _ in range(2)]
    pages = [ctx.new_page() for ctx in contexts]
    for n, page in enumerate(pages):
        seat_with(page, base, table_id, n, "100")
    pages[0].reload()
    click_and_wait(pages[0], "[data-action=deal]")
    # Third street: my two down cards and my up card face up, the other seat's up card only;
    # the low card's seat is offered the bring-in or the completion, nothing else.
    offered = []
    for page in pages:
        page.reload()
        expect(page.get_by_test_id("street")).to_have_text("Third street")
        expect(page.get_by_test_id("my-cards").locator(".card.face")).to_have_count(3)
        mine = set(CODE.findall(page.get_by_test_id("my-cards").inner_html()))
        seen = set(CODE.findall(page.locator(".felt-poker").inner_html()))
        assert len(mine) == 3 and mine < seen and len(seen - mine) == 1, (seen, mine)
        if page.locator("[data-action=bring-in]").count():
            offered.append(page)
    assert len(offered) == 1
    expect(offered[0].locator("[data-action=complete]")).to_have_text("Complete to $3")
    expect(offered[0].locator("[data-action=fold]")).to_have_count(0)
    moves: list[str] = []
    turn = pages.index(offered[0])
    for _ in range(24):  # heads-up the turn mostly alternates: look at the next seat first
        page = pages[turn % 2]
        made = move(page)
        if made:
            moves.append(made)
            if page.get_by_test_id("awards").count():
                break
        turn += 1
    assert moves[0] == "bring-in" and "call" in moves
    for page in pages:
        page.reload()
        expect(page.get_by_test_id("awards")).to_contain_text("Main pot")
        expect(page.get_by_test_id("my-cards").locator(".card.face")).to_have_count(7)
    page = pages[1]
    for w, h in ((1280, 800), (390, 844)):
        resize(page, w, h)
        keep_shot(page, f"stud-{w}x{h}.png")
        for testid in ("dealer-cards", "my-cards", "chips", "decisions"):
            box = page.get_by_test_id(testid).first.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= h + 1, (w, testid, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= w + 1, (w, testid, box)
    resize(page, 1280, 800)
    page.get_by_test_id("hand-history").click()
    body = page.locator("body")
    expect(body).to_contain_text("*** 3rd STREET ***")
    expect(body).to_contain_text("brings in for $1")
    expect(body).to_contain_text("*** SHOW DOWN ***")
    books_balance(contexts, live_server)
