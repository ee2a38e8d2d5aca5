"""What the browser tests share about the live server's floor: a table of their own, a guest
seated at it with house bots for its first hand, and the felt measured on one screen."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from playwright.sync_api import Page

from tests.e2e.test_dice_wheels import click_and_wait
from tests.e2e.test_one_screen import SIZES, fits_every_size


def open_table(server: dict[str, Any], name: str, game: str, variant: str,
               config: dict[str, Any] | None = None) -> int:
    """Open a table on the live server the way the operator's page does (``create_table``) and
    return its id: a table of the test's own, e.g. one whose next hand waits for a player's Deal
    (``{"next_hand_s": 3600}``), so that every guest is seated before the first hand."""
    script = ("import json, sys\nfrom app import app\nfrom webgame.extensions import db\n"
              "from webgame.services.tables import create_table\n"
              "with app.app_context():\n"
              "    table = create_table(*json.loads(sys.argv[1]), config=json.loads(sys.argv[2]))\n"
              "    db.session.commit()\n"
              "    print(table.id)\n")
    done = subprocess.run([sys.executable, "-c", script, json.dumps([name, game, variant]), json.dumps(config or {})],
                          cwd=server["root"], env=server["env"], check=True, capture_output=True, text=True)
    return int(done.stdout.strip().splitlines()[-1])


def first_hand(page: Page, base: str, table_id: int, bots: tuple[int, ...] = (1,), buy_in: str = "100") -> None:
    """A guest with demo chips sits in spot 0 of a table of the test's own (``open_table``, its
    next hand waiting for a Deal), buys in, seats a house bot in each of ``bots`` and deals the
    first hand from a fresh page."""
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{table_id}")
    click_and_wait(page, "[data-action=sit-0]")
    page.locator(".buy-in input[name=amount]").fill(buy_in)
    click_and_wait(page, "[data-action=buy-in]")
    for spot in bots:
        click_and_wait(page, f"[data-action=bot-{spot}]")
    page.reload()
    click_and_wait(page, "[data-action=deal]")


def off_one_screen(page: Page, game: str, stage: str, parts: list[str]) -> list[str]:
    """The parts of the felt (test ids, or selectors in brackets) not wholly on the first screen
    at a desktop and at a phone size, with a screenshot of each (``fits_every_size``); the page
    is left at the desktop size."""
    problems = fits_every_size(page, game, stage, parts)
    width, height = SIZES["desktop"]
    page.set_viewport_size({"width": width, "height": height})
    return problems
