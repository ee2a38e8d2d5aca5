"""What the browser tests share about the live server's floor: a table of their own, a guest
seated at it with house bots for its first hand, and the felt measured on one screen."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any, Self

from playwright.sync_api import Page

from tests.e2e.shots import keep_shot
from tests.e2e.test_dice_wheels import click_and_wait
from tests.e2e.test_one_screen import SIZES, fits_every_size, resize


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


def console_errors(page: Any) -> list[str]:
    """The page's console errors from now on (a refused script or style shows up there)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def refused(errors: list[str]) -> list[str]:
    """The console errors of a Content Security Policy refusal."""
    return [e for e in errors if "Content Security Policy" in e or "Refused" in e]


def draw_now(server: dict[str, Any], table_id: int) -> int:
    """Move a draw game's scheduled time into the past, so the first request after it (the
    page's own stream) runs the draw; the rounds moved."""
    return clock_now(server, table_id, "draw")


def clock_now(server: dict[str, Any], table_id: int, kind: str) -> int:
    """Move the deadline of a table's open round into the past when it is a clock of ``kind``
    ("draw", "pause", "betting", "decision"): the clock has run out, and the next look at the
    table applies it as the server's own clock would. The rounds moved. A test reads what the
    clock does without waiting out its length (which the engine's tests check)."""
    import sqlite3

    with sqlite3.connect(server["workdir"] / "casino.db") as db:
        return db.execute("UPDATE rounds SET deadline = '2000-01-01 00:00:00.000000' "
                          "WHERE status = 'open' AND deadline_kind = ? AND table_id = ?",
                          (kind, int(table_id))).rowcount


def table_shown(page: Any) -> int:
    """The id of the table the page shows (its address is /tables/<id>)."""
    import re

    found = re.search(r"/tables/(\d+)", page.url)
    assert found is not None, page.url
    return int(found.group(1))


def fill_places(server: dict[str, Any], table_id: int, count: int, first: int = 1) -> None:
    """Seat ``count`` players at a table from place ``first`` on (a crowded keno lounge or
    bingo hall), the way the seat list's own "Sit here" does (``seating.sit``)."""
    script = ("import json, sys\nfrom app import app\nfrom webgame.extensions import db\n"
              "from webgame.models import Player, Table\nfrom webgame.services.seating import sit\n"
              "table_id, first, count = json.loads(sys.argv[1])\n"
              "with app.app_context():\n"
              "    table = db.session.get(Table, table_id)\n"
              "    for n in range(first, first + count):\n"
              "        p = Player(username=f'crowd-{table_id}-{n}', display_name=f'Player {n + 1}', is_guest=True)\n"
              "        db.session.add(p)\n"
              "        db.session.flush()\n"
              "        sit(table, p, n)\n"
              "    db.session.commit()\n")
    subprocess.run([sys.executable, "-c", script, json.dumps([table_id, first, count])],
                   cwd=server["root"], env=server["env"], check=True, capture_output=True, text=True)


class BusyTable:
    """A table whose version moves on every ``every`` seconds while the block runs, as at a busy
    lounge where every neighbour's purchase is announced on the stream (``live.touch``): each
    browser watching it fetches its play area again about once a second."""

    SCRIPT = ("import sys, time\nfrom app import app\nfrom webgame.extensions import db\n"
              "from webgame.services import live\n"
              "table_id, every = int(sys.argv[1]), float(sys.argv[2])\n"
              "with app.app_context():\n"
              "    while True:\n"
              "        live.touch(table_id)\n"
              "        db.session.commit()\n"
              "        time.sleep(every)\n")

    def __init__(self, server: dict[str, Any], table_id: int, every: float = 0.25) -> None:
        self.args = [sys.executable, "-c", self.SCRIPT, str(table_id), str(every)]
        self.server = server
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Self:
        self.proc = subprocess.Popen(self.args, cwd=self.server["root"], env=self.server["env"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.proc is not None
        self.proc.terminate()
        self.proc.wait(timeout=10)


def crowded_and_bought(page: Any, server: dict[str, Any], name: str, game: str, variant: str,
                       config: dict[str, Any] | None, buy: str) -> None:
    """P-410: a lounge or hall with thirty-nine others seated; the guest takes the fortieth place
    at 1280×720 and presses ``buy`` (a quick pick, the cards) once."""
    from tests.e2e.test_dice_wheels import click_and_wait, sit_and_buy

    fill_places(server, open_table(server, name, game, variant, config), 39)
    resize(page, 1280, 720)
    sit_and_buy(page, server["url"], name)
    click_and_wait(page, f"[data-action={buy}]")


def assert_crowd_fits_one_screen(page: Any, shot: str) -> None:
    """The viewer's own place and purchase, the others as a count and a short scrolling list, on
    one screen at 1280×720 (P-410)."""
    from playwright.sync_api import expect

    from tests.e2e.test_one_screen import outside_viewport

    expect(page.get_by_test_id("places-count")).to_have_text("40 of 60 taken")
    expect(page.locator(".lounge-item")).to_have_count(39)
    keep_shot(page, shot)
    assert outside_viewport(page, ["places", "dealer-cards", "decisions", "my-spots", "chip-rail"]) == []
    list_box = page.locator(".lounge-list").bounding_box()
    assert list_box is not None and list_box["height"] < 120  # a short list that scrolls, not 39 rows
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
    resize(page, width, height)
    return problems
