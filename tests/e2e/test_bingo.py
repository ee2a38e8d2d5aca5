"""Bingo in a real browser against gunicorn: a guest takes a place in the hall, buys cards,
sees the balls come out one at a time and the cards' result, on one screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.floor import (
    assert_crowd_fits_one_screen,
    console_errors,
    crowded_and_bought,
    draw_now,
    open_table,
    refused,
    table_shown,
)
from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy
from tests.e2e.test_one_screen import fits_every_size, resize

pytestmark = pytest.mark.e2e


def test_a_guest_buys_cards_and_sees_the_game_called(page: Page, live_server):
    errors = console_errors(page)
    sit_and_buy(page, live_server["url"], "Grand Ronde Bingo with Planet Bingo")
    page.locator('input[name="planet"]').check()
    expect(page.locator('select[name="count"]')).to_have_value("3")
    click_and_wait(page, "[data-action=buy-cards]")
    expect(page.get_by_test_id("bingo-card")).to_have_count(3)
    expect(page.get_by_test_id("chips")).to_have_text("$196.25")  # three cards at $1 + $0.25 (D-387)
    fit = ["dealer-cards", "decisions", "my-spots", "chip-rail"]
    assert fits_every_size(page, "bingo", "selling", fit) == []
    resize(page, 1280, 800)
    # The game is called at its time on the server's clock: move that time into the past.
    assert draw_now(live_server, table_shown(page)) == 1  # this table's draw only: others may be open
    lit = page.locator(".bingo-ball.is-called")
    expect(lit.first).to_be_visible()
    expect(page.get_by_test_id("draw-caption")).to_contain_text(re.compile(r"Game \d+: ball \d+…"))
    # Daubing by hand while the balls come out: a daub outlives the reveal (P-448), which lights
    # the cards in place and draws the play area again once, at the end.
    page.locator("[data-auto-daub]").uncheck()
    first = page.locator(".bingo-card .bingo-sq.is-called[data-number]").first
    number = first.get_attribute("data-number")
    serial = first.locator("xpath=ancestor::div[@data-serial]").get_attribute("data-serial")
    square = page.locator(f'.bingo-card[data-serial="{serial}"] .bingo-sq[data-number="{number}"]')
    square.click()
    expect(square).to_have_class(re.compile(r"\bis-daubed\b"))
    expect(page.get_by_test_id("bingo-results")).to_contain_text(re.compile(r"Card 1: (bingo|no bingo)"),
                                                                   timeout=30_000)
    expect(square).to_have_class(re.compile(r"\bis-daubed\b"))
    expect(page.locator(".bingo-card .bingo-sq.is-daubed")).to_have_count(1)
    page.locator("[data-auto-daub]").check()
    expect(page.get_by_test_id("draw-caption")).to_contain_text("bingo!")  # a card always completes the line
    expect(page.locator(".bingo-card.is-winner")).not_to_have_count(0)
    expect(page.locator(".bingo-ball.is-last")).to_have_count(1)
    expect(page.get_by_test_id("headline")).to_contain_text(re.compile(r"You (win|lose)"))
    assert fits_every_size(page, "bingo", "called", ["dealer-cards", "my-spots", "chip-rail"]) == []
    assert not refused(errors)


def test_a_crowded_hall_fits_one_screen(page: Page, live_server):
    """P-410: forty places taken; the viewer sees their own place and cards, the others as a
    count and a short list, and the page still fits one screen at 1280×720."""
    crowded_and_bought(page, live_server, "Crowded Bingo Hall", "bingo", "standard", {"options": {"min_players": 1}},
                       "buy-cards")
    expect(page.get_by_test_id("bingo-card")).to_have_count(3)
    assert_crowd_fits_one_screen(page, "bingo-crowded-1280x720.png")


# The segment under the marker once the wheel stands: the one whose words sit nearest to it.
UNDER_MARKER = """() => {
    const wheel = document.querySelector('.prize-wheel');
    const m = wheel.querySelector('.wheel-marker').getBoundingClientRect();
    const mx = m.x + m.width / 2, my = m.y + m.height;
    let best = null, gap = Infinity;
    for (const seg of wheel.querySelectorAll('.prize-seg')) {
        const t = seg.querySelector('text').getBoundingClientRect();
        const d = Math.hypot(t.x + t.width / 2 - mx, t.y + t.height / 2 - my);
        if (d < gap) { gap = d; best = seg; }
    }
    return [best.dataset.segment, best.querySelector('text').textContent.trim()];
}"""


@pytest.mark.browser_context_args(reduced_motion="no-preference")  # the motion is what is tested
def test_the_prize_wheel_turns_a_full_turn_and_lands_on_the_prize(page: Page, live_server):
    """D-389, P-411: the winner's spin, drawn with the game, shows at least one full turn and
    then the angle to its segment, and comes to rest with that segment under the marker."""
    table_id = open_table(live_server, "Wheel Hall", "bingo", "standard",
                          {"options": {"min_players": 1, "pattern": "line", "wheel": "every"}})
    errors = console_errors(page)
    sit_and_buy(page, live_server["url"], "Wheel Hall")
    click_and_wait(page, "[data-action=buy-cards]")
    expect(page.get_by_test_id("bingo-card")).to_have_count(3)
    expect(page.locator(".prize-wheel")).to_have_count(0)  # nothing of the spin before the game
    assert draw_now(live_server, table_id) == 1
    wheel = page.locator(".prize-wheel")
    expect(wheel).to_have_attribute("data-turned", re.compile(r"^\d"), timeout=30_000)
    turned, turn_to = float(wheel.get_attribute("data-turned")), float(wheel.get_attribute("data-turn-to"))
    assert turned >= 360 and turned == 360 + turn_to  # one full turn, then on to the segment
    expect(wheel).not_to_have_class(re.compile(r"is-turning"), timeout=15_000)
    segment, words = page.evaluate(UNDER_MARKER)
    assert turn_to == int(segment) * 18 and words == wheel.get_attribute("data-result")
    expect(page.get_by_test_id("prize-wheel")).to_contain_text(f"The prize wheel stopped on {words}.")
    assert not refused(errors)


def test_with_reduced_motion_the_prize_wheel_shows_the_prize_at_rest(page: Page, live_server):
    """D-389 for a player who asks for less motion (the browser tests' default): the wheel does
    not turn at all; it is drawn at once with the winning segment under the marker, and the
    words say where it stopped."""
    table_id = open_table(live_server, "Still Wheel Hall", "bingo", "standard",
                          {"options": {"min_players": 1, "pattern": "line", "wheel": "every"}})
    errors = console_errors(page)
    sit_and_buy(page, live_server["url"], "Still Wheel Hall")
    click_and_wait(page, "[data-action=buy-cards]")
    assert draw_now(live_server, table_id) == 1
    wheel = page.locator(".prize-wheel")
    expect(wheel).to_have_attribute("data-turned", "0", timeout=30_000)  # drawn at rest, no turn
    expect(wheel).not_to_have_class(re.compile(r"is-turning"))
    assert page.evaluate("() => document.querySelector('.prize-wheel .wheel-spin').getAnimations().length") == 0
    segment, words = page.evaluate(UNDER_MARKER)
    assert float(wheel.get_attribute("data-turn-to")) == int(segment) * 18
    assert words == wheel.get_attribute("data-result")
    expect(page.get_by_test_id("prize-wheel")).to_contain_text(f"The prize wheel stopped on {words}.")
    assert not refused(errors)
