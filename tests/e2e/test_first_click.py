"""A click right after a table page loads is never lost: the page knows the version it was
rendered at and fetches nothing more while nothing changed, and a live refresh that arrives
while the player presses a button or waits for their post's answer is set aside until then,
so it never takes the button, or the play area the answer is aimed at, from under them."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.floor import BusyTable, fill_places, open_table
from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy

pytestmark = pytest.mark.e2e


def plays(page: Page) -> list[str]:
    """The play-area fetches the page makes from now on."""
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url) if r.url.endswith("/play") else None)
    return fetched


def test_a_fresh_page_and_a_purchase_fetch_nothing_more_when_nothing_changed(page: Page, live_server):
    table_id = open_table(live_server, "Quiet Keno Lounge", "keno", "grand-ronde")
    fill_places(live_server, table_id, 39)
    sit_and_buy(page, live_server["url"], "Quiet Keno Lounge")
    fetched = plays(page)
    page.goto(page.url)
    page.wait_for_timeout(2000)  # the stream's first event, at the version the page shows
    assert fetched == []
    shown = int(page.locator("#play").get_attribute("data-table-version"))
    click_and_wait(page, "[data-action=buy-in]")  # more chips: the answer shows the new version
    expect(page.get_by_test_id("chips")).to_have_text("$400")
    page.wait_for_timeout(2000)  # the stream announces the purchase: the page's own version
    assert fetched == []
    assert int(page.locator("#play").get_attribute("data-table-version")) > shown


@pytest.mark.parametrize("game,variant,config,action,bought,each", [
    ("keno", "grand-ronde", {}, "quick-pick", "ticket", 1),
    ("bingo", "standard", {"options": {"min_players": 1}}, "buy-cards", "bingo-card", 3),
])
def test_a_click_while_the_first_refresh_is_on_its_way_always_lands(page: Page, live_server, game, variant,
                                                                     config, action, bought, each):
    """At a busy table the page's first stream event names a newer version than it was rendered
    at, and the play area is fetched again at once. The test holds that fetch's answer back
    until the player has clicked, then lets it in while the purchase is on its way: five times,
    each purchase is on the page."""
    name = f"Busy {game} hall {uuid.uuid4().hex[:6]}"  # a rerun opens a table of its own
    table_id = open_table(live_server, name, game, variant, config)
    fill_places(live_server, table_id, 39)
    sit_and_buy(page, live_server["url"], name)
    url = page.url
    held: list[Route] = []
    holding = [False]

    def hold_first_refresh(route: Route) -> None:
        if holding[0]:
            holding[0] = False
            held.append(route)  # answered by the test, once the player has clicked
        else:
            route.continue_()

    page.route("**/play", hold_first_refresh)
    try:
        with BusyTable(live_server, table_id):
            for n in range(1, 6):
                holding[0] = True
                page.goto(url)
                for _ in range(100):  # the stream's first event, then its fetch (held above)
                    if held:
                        break
                    page.wait_for_timeout(50)
                assert held, "the busy table's first event fetched nothing"
                route = held.pop()
                answer = route.fetch()  # the refresh's answer, ready but not yet given to the page
                page.locator(f"[data-action={action}]").first.click()
                route.fulfill(response=answer)  # the refresh lands while the purchase is on its way
                expect(page.get_by_test_id(bought)).to_have_count(n * each)
    finally:  # no held refresh outlives the test, whatever happened in it
        page.unroute_all(behavior="ignoreErrors")
