"""Keno in a real browser against gunicorn: a guest takes a place, marks spots on the board,
buys a ticket, sees the draw's balls come out one at a time and the ticket's result."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.floor import (
    assert_crowd_fits_one_screen,
    console_errors,
    crowded_and_bought,
    draw_now,
    refused,
    table_shown,
)
from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy
from tests.e2e.test_one_screen import fits_every_size, resize

pytestmark = pytest.mark.e2e


def test_a_guest_marks_spots_buys_and_sees_the_draw(page: Page, live_server):
    errors = console_errors(page)
    sit_and_buy(page, live_server["url"], "Grand Ronde Keno")
    board = page.get_by_test_id("keno-board")
    for n in (3, 14, 27, 42, 66):
        board.locator(f'[data-number="{n}"]').click()
    expect(board.locator("input:checked")).to_have_count(5)
    expect(page.get_by_test_id("current-paytable")).to_contain_text("5 spots")
    click_and_wait(page, "[data-action=buy-ticket]")
    expect(page.get_by_test_id("ticket")).to_contain_text("3 14 27 42 66")
    expect(board.locator("input:checked")).to_have_count(0)  # the ticket bought, the board is clear
    expect(page.get_by_test_id("chips")).to_have_text("$199")
    resize(page, 1280, 800)
    fit = ["dealer-cards", "decisions", "my-spots", "chip-rail"]
    assert fits_every_size(page, "keno", "betting", fit) == []
    resize(page, 1280, 800)
    # The draw runs at its time on the server's clock: move that time into the past, as the
    # first request after it (the page's own stream) runs it.
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.rsplit("/", 1)[-1]) if r.method == "GET" else None)
    assert draw_now(live_server, table_shown(page)) == 1  # this table's draw only: others may be open
    lit = page.locator(".keno-spot.is-drawn")
    expect(lit.first).to_be_visible()
    expect(page.get_by_test_id("draw-caption")).to_contain_text(re.compile(r"Draw \d+: \d+ of 20 balls…"))
    # While the balls come out the player marks the next ticket: the marks outlive the reveal
    # (P-448), which asks for the balls alone and draws the play area again once, at the end.
    for n in (7, 8):
        board.locator(f'[data-number="{n}"]').click()
    expect(lit).to_have_count(20, timeout=25_000)
    expect(page.locator(".keno-spot.is-last")).to_have_count(1)
    expect(page.get_by_test_id("keno-results")).to_contain_text(re.compile(r"#1: \d of 5 caught"))
    expect(page.get_by_test_id("headline")).to_contain_text(re.compile(r"You (win|lose)"))
    expect(board.locator("input:checked")).to_have_count(2)
    assert [board.locator(f'[data-number="{n}"] input').is_checked() for n in (7, 8)] == [True, True]
    assert asked.count("balls") >= 10 and asked.count("play") <= 3, asked  # the balls alone, not the table
    for n in (7, 8):  # the drawn board as the fit below measures it: no ticket being marked
        board.locator(f'[data-number="{n}"]').click()
    expect(board.locator("input:checked")).to_have_count(0)
    assert fits_every_size(page, "keno", "drawn", ["dealer-cards", "my-spots", "chip-rail"]) == []
    assert not refused(errors)


def test_a_crowded_lounge_fits_one_screen(page: Page, live_server):
    """P-410: forty places taken; the viewer sees their own place and tickets, the others as a
    count and a short list, and the page still fits one screen at 1280×720."""
    crowded_and_bought(page, live_server, "Crowded Keno Lounge", "keno", "grand-ronde", None, "quick-pick")
    expect(page.get_by_test_id("ticket")).to_contain_text("quick pick")
    assert_crowd_fits_one_screen(page, "keno-crowded-1280x720.png")
