"""Trips (003 §16) in a browser: a guest and a house bot play a hand, betting every card from
the felt's buttons; the hand ends with "WINNER" (the pot won) or "HIGH HAND" (the pot carried),
the table fits one screen at a desktop and a phone, and the server's own ledger-check balances,
the carried pot included."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.floor import first_hand, off_one_screen, open_table
from tests.e2e.pdtable import books_balance
from tests.e2e.test_dice_wheels import click_and_wait

pytestmark = pytest.mark.e2e

MONEY = re.compile(r"\$([\d,]+(?:\.\d\d)?)")


def trips_table(server) -> int:
    """A $2 Trips table whose hands wait for a player's Deal (``next_hand_s``)."""
    return open_table(server, 'Trips Test', 'trips-dcs', 'commerce', {"next_hand_s": 3600})


def test_a_guest_and_a_bot_play_a_hand_of_trips(browser: Browser, live_server):
    base = live_server["url"]
    table_id = trips_table(live_server)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    first_hand(page, base, table_id)
    # The 1st bet and the 50¢ collection are posted; two up cards on each monitor.
    expect(page.get_by_test_id("my-cards").locator(".card.face")).to_have_count(2)
    expect(page.get_by_test_id("pot-amount")).to_have_text("$4")
    for _ in range(3):  # the guest (seat 1) acts first each time, then the bot inside the request
        click_and_wait(page, "[data-action=bet]")
    page.reload()
    expect(page.get_by_test_id("my-cards").locator(".card.face")).to_have_count(5)
    ended = page.get_by_test_id("winner").or_(page.get_by_test_id("high-hand"))
    expect(ended).to_be_visible()
    pot = float(MONEY.search(page.get_by_test_id("pot-amount").inner_text()).group(1).replace(",", ""))
    if page.get_by_test_id("winner").count():
        assert pot == 0  # the whole pot went to the qualifying hand; a new round of play starts
    else:  # the bot may fold: 4 bets of mine and 1 to 4 of its, less the 20 % high-hand award
        assert pot in {8.0, 9.6, 11.2, 12.8}, pot
    expect(page.get_by_test_id("round-result")).to_be_visible()
    assert off_one_screen(page, "trips", "end", ["pot", "dealer-cards", "my-cards", "chips", "decisions"]) == []
    books_balance([ctx], live_server)
