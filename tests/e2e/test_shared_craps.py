"""Two players at one craps table in two browsers: A's chips appear on B's screen without a
reload, one roll settles both, and the books balance.

The table is the test's own, its clocks an hour long: at the demo table's 15 s betting window
(D-025), a slow machine let the window close before the shooter's click and the table rolled
by itself, so the felt showed three rolls where the test looked for the shooter's one."""

from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.floor import open_table
from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy

pytestmark = pytest.mark.e2e


def test_two_players_one_roll(browser: Browser, live_server):
    base = live_server["url"]
    open_table(live_server, "Shared Craps", "craps", "chapter4", {"betting_window_s": 3600, "decision_s": 3600})
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    a, b = a_ctx.new_page(), b_ctx.new_page()
    sit_and_buy(a, base, "Shared Craps")
    sit_and_buy(b, base, "Shared Craps")
    a.get_by_role("button", name="$25 chip").click()
    click_and_wait(a, '[data-action="bet-pass"]')
    # B never reloads: the table's stream tells B's browser to fetch its own view.
    expect(b.locator('[data-action="bet-pass"]')).to_contain_text("$25", timeout=15_000)
    b.get_by_role("button", name="$5 chip").click()
    click_and_wait(b, '[data-action="bet-dont-pass"]')
    expect(a.locator('[data-action="bet-dont-pass"]')).to_contain_text("$5", timeout=15_000)
    shooter = a if a.locator("[data-action=roll]").count() else b
    click_and_wait(shooter, "[data-action=roll]")
    for page in (a, b):  # one roll, seen by both
        expect(page.locator(".roll-list .roll-item")).to_have_count(1, timeout=15_000)
    a_ctx.close()
    b_ctx.close()
    check = subprocess.run(live_server["flask"] + ["ledger-check"], cwd=live_server["root"],
                           env=live_server["env"], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    assert re.search(r"sum of balances: 0;", check.stdout)
