"""Nobody is stuck, at every game on the floor, in a real browser: a bet taken back frees the
seat at once (Stand up works), the keyboard focus stays on the control that acted (never falls
back to the page), no console error on the way; and a player who lets two rounds go by without
a bet is sat out (P-015) while the others play on."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.test_one_screen import GAMES, PLAYER_BANKED, act, resize, settle

pytestmark = pytest.mark.e2e

_MAKE_TABLES = """
import json, sys
from app import app
from webgame.extensions import db
from webgame.services.demo import DEMO_TABLES
from webgame.services.tables import create_table
made = {}
with app.app_context():
    for game in json.loads(sys.argv[1]):
        name, _, variant, config = next(t for t in DEMO_TABLES if t[1] == game)
        made[game] = create_table(f"{name[:60]} (stuck test)", game, variant, config=dict(config)).id
    made["sit-out"] = create_table("Sit-out Blackjack", "blackjack", "chapter4", bots_allowed=False).id
    db.session.commit()
print(json.dumps(made))
"""


@pytest.fixture(scope="module")
def stuck_tables(live_server) -> dict[str, int]:
    out = subprocess.run([sys.executable, "-c", _MAKE_TABLES, json.dumps(list(GAMES))], cwd=live_server["root"],
                         env=live_server["env"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def guest_at(page: Page, base: str, table_id: int) -> None:
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{table_id}")
    act(page, "[data-action^=sit-]")
    act(page, "[data-action=buy-in]")


# A player-banked table first needs a bank; tests/e2e/test_player_dealer*.py play those.
@pytest.mark.parametrize("game", [g for g in GAMES if g not in PLAYER_BANKED])
def test_a_bet_taken_back_frees_the_seat_and_focus_stays(page: Page, live_server, stuck_tables, game: str):
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    resize(page, 1280, 800)
    guest_at(page, live_server["url"], stuck_tables[game])
    free_before = page.locator("[data-action^=sit-]").count()
    page.get_by_role("button", name="$5 chip").click()
    spot, _ = GAMES[game]
    bet = page.locator(f"[data-action='bet-{spot}']").first
    bet.focus()
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.keyboard.press("Enter")
    settle(page)
    expect(page.get_by_test_id("chips")).not_to_have_text("$200")
    focused = page.evaluate("document.activeElement && document.activeElement.closest('#play') ? "
                            "document.activeElement.getAttribute('data-action') || document.activeElement.tagName : 'BODY'")
    assert focused == f"bet-{spot}", f"{game}: focus went to {focused}"
    take_back = "[data-action='take-down-pass']" if game == "craps" else "[data-action^=clear]"
    act(page, take_back)
    expect(page.get_by_test_id("chips")).to_have_text("$200")
    act(page, "[data-action^=leave-]")
    expect(page.locator("#play-error")).to_have_count(0)
    expect(page.locator("[data-action^=sit-]")).to_have_count(free_before + 1)  # the seat is free again
    assert not errors, errors


def test_a_player_who_lets_two_rounds_go_by_is_sat_out(browser: Browser, live_server, stuck_tables):
    base, table_id = live_server["url"], stuck_tables["sit-out"]
    idle_ctx, player_ctx = browser.new_context(), browser.new_context()
    idle, player = idle_ctx.new_page(), player_ctx.new_page()
    try:
        guest_at(idle, base, table_id)
        guest_at(player, base, table_id)
        seated = player.locator(".seat-item .seat-who:not(.empty)")
        expect(seated).to_have_count(2)
        player.get_by_role("button", name="$5 chip").click()
        for _ in range(2):  # two rounds dealt without a bet from the idle player
            act(player, "[data-action='bet-main']")
            act(player, "[data-action=deal]")
            for _ in range(8):
                if player.locator("[data-action=decline]").count():
                    act(player, "[data-action=decline]")
                elif player.locator("[data-action^=stand-]").count():
                    act(player, "[data-action^=stand-]")
                else:
                    break
            expect(player.get_by_test_id("headline")).to_be_visible()
        player.reload()  # the next look at the table frees the idle seat
        expect(seated).to_have_count(1)
        expect(player.locator(".seat-item.mine")).to_have_count(1)
    finally:
        idle_ctx.close()
        player_ctx.close()
