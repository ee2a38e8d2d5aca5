"""A player whose session expired while the table page stayed open: the next thing they press
takes them to the login page, and logging in brings them back to the table they were at, not to
the lobby."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_one_screen import act

pytestmark = pytest.mark.e2e


def test_a_post_after_the_session_expired_returns_to_the_table(page: Page, live_server):
    base = live_server["url"]
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(base + "/")
    page.get_by_role("link", name="Big Six Wheel", exact=True).first.click()
    table_url = page.url
    path = re.sub(r"^https?://[^/]+", "", table_url)
    act(page, "[data-action^=sit-]")
    # The session ends (its cookie is gone) while the page stays open.
    page.context.clear_cookies()
    page.locator("[data-action=buy-in]").click()
    expect(page).to_have_url(re.compile(r"/login\?next=" + re.escape(path) + "$"))
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    expect(page).to_have_url(table_url)
