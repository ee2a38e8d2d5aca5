"""Keno in a real browser against gunicorn: a guest takes a place, marks spots on the board,
buys a ticket, sees the draw's balls come out one at a time and the ticket's result."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.floor import console_errors, draw_now, fill_places, open_table, refused
from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy
from tests.e2e.test_one_screen import ARTIFACTS, fits_every_size, outside_viewport

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
    expect(page.get_by_test_id("chips")).to_have_text("$199")
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    fit = ["dealer-cards", "decisions", "my-spots", "chip-rail"]
    assert fits_every_size(page, "keno", "betting", fit) == []
    page.set_viewport_size({"width": 1280, "height": 800})
    # The draw runs at its time on the server's clock: move that time into the past, as the
    # first request after it (the page's own stream) runs it.
    assert draw_now(live_server) == 1
    lit = page.locator(".keno-spot.is-drawn")
    expect(lit.first).to_be_visible()
    expect(page.get_by_test_id("draw-caption")).to_contain_text(re.compile(r"Draw \d+: \d+ of 20 balls…"))
    expect(lit).to_have_count(20, timeout=25_000)
    expect(page.locator(".keno-spot.is-last")).to_have_count(1)
    expect(page.get_by_test_id("keno-results")).to_contain_text(re.compile(r"#1: \d of 5 caught"))
    expect(page.get_by_test_id("headline")).to_contain_text(re.compile(r"You (win|lose)"))
    assert fits_every_size(page, "keno", "drawn", ["dealer-cards", "my-spots", "chip-rail"]) == []
    assert not refused(errors)


def test_a_crowded_lounge_fits_one_screen(page: Page, live_server):
    """P-410: forty places taken; the viewer sees their own place and tickets, the others as a
    count and a short list, and the page still fits one screen at 1280×720."""
    table_id = open_table(live_server, "Crowded Keno Lounge", "keno", "grand-ronde")
    fill_places(live_server, table_id, 39)
    page.set_viewport_size({"width": 1280, "height": 720})
    sit_and_buy(page, live_server["url"], "Crowded Keno Lounge")
    click_and_wait(page, "[data-action=quick-pick]")
    expect(page.get_by_test_id("ticket")).to_contain_text("quick pick")
    expect(page.get_by_test_id("places-count")).to_have_text("40 of 60 taken")
    expect(page.locator(".lounge-item")).to_have_count(39)
    page.set_viewport_size({"width": 1280, "height": 720})
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "keno-crowded-1280x720.png"))
    assert outside_viewport(page, ["places", "dealer-cards", "decisions", "my-spots", "chip-rail"]) == []
    list_box = page.locator(".lounge-list").bounding_box()
    assert list_box is not None and list_box["height"] < 120  # a short list that scrolls, not 39 rows
