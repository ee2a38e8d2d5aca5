"""Ultimate Texas Hold'em, Jackpot Hold'em, Red Dog and Casino War in a real browser against
gunicorn: sit, buy chips, bet on the named circles, make each game's decisions, see the
result and the recall. Each test finds its table on the demo floor by game slug."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

CODE = "[data-code]:not([data-code=back])"


def demo_table(server, slug: str) -> tuple[int, str]:
    db = sqlite3.connect(server["workdir"] / "casino.db")
    row = db.execute("SELECT id, name FROM tables WHERE game = ? AND status = 'open' ORDER BY id LIMIT 1",
                     (slug,)).fetchone()
    db.close()
    assert row is not None, f"no {slug} table on the demo floor"
    return int(row[0]), str(row[1])


def private_table(server, slug: str) -> int:
    """A new table of the demo table's game, variant and options, opened by the same service the
    operator's floor uses, for a test that must be alone at its table (the demo tables are shared
    by every test on the same server)."""
    table_id, _ = demo_table(server, slug)
    script = ("import sys\nfrom app import app\nfrom webgame.extensions import db\n"
              "from webgame.models import Table\nfrom webgame.services.tables import create_table\n"
              "with app.app_context():\n"
              "    demo = db.session.get(Table, int(sys.argv[1]))\n"
              "    config = {k: v for k, v in (demo.config or {}).items() if k != 'epoch'}\n"
              "    table = create_table(sys.argv[2], demo.game, demo.variant, config=config)\n"
              "    db.session.commit()\n"
              "    print(table.id)\n")
    done = subprocess.run([sys.executable, "-c", script, str(table_id),
                           f"Private {slug}"[:80]],
                          cwd=server["root"], env=server["env"], check=True, capture_output=True, text=True)
    return int(done.stdout.strip().splitlines()[-1])


def stack_shoe(server, table_id: int, codes: list[str], decks: int = 6) -> None:
    """Fill the table's shoe with chosen cards (composition only: each round still shuffles
    what is left with its own committed seed). Test data, not a backdoor."""
    db = sqlite3.connect(server["workdir"] / "casino.db")
    (config,) = db.execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()
    epoch = json.loads(config or "{}").get("epoch", 0)
    size = 52 * decks
    cards = (codes * (size // len(codes) + 1))[:size]
    shoe = {"decks": decks, "size": size, "cut_at": size * 75 // 100, "remaining": cards, "discards": [],
            "in_play": [], "shuffle_no": 1, "rounds_since_shuffle": 1, "cut_card_out": False,
            "just_shuffled": False, "emergency_reshuffles": 0}
    db.execute("UPDATE tables SET carry = ? WHERE id = ?", (json.dumps({"epoch": epoch, "data": shoe}), table_id))
    db.commit()
    db.close()


def click_and_wait(page: Page, selector: str) -> None:
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator(selector).first.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def seated(page: Page, server, slug: str, seat: int | None = None, table_id: int | None = None) -> int:
    """A new guest at the game's demo table (or at ``table_id``), at ``seat`` or else the first
    free one (a guest an earlier attempt of the same test left seated keeps its seat), with $200
    of chips and the $5 chip in hand."""
    if table_id is None:
        table_id, _ = demo_table(server, slug)
    page.goto(server["url"] + "/login")
    page.get_by_role("button", name=re.compile("Play as a guest")).click()
    page.goto(f"{server['url']}/tables/{table_id}")
    click_and_wait(page, f"[data-action=sit-{seat}]" if seat is not None else "[data-action^=sit-]")
    page.locator(".buy-in input[name=amount]").fill("200")
    click_and_wait(page, "[data-action=buy-in]")
    expect(page.get_by_test_id("chips")).to_have_text("$200")
    page.get_by_role("button", name="$5 chip").click()
    return table_id


def test_ultimate_texas_holdem_check_to_the_river(page: Page, live_server):
    seated(page, live_server, "ultimate-texas-holdem")
    felt = page.locator(".felt-holdem")
    for label in ("Ante", "Blind", "Play", "Trips"):
        expect(felt.locator(".spot-label", has_text=re.compile(f"^{label}$")).first).to_be_visible()
    expect(page.locator("[data-paytable=uth-blind]")).to_contain_text("500 to 1")
    click_and_wait(page, "[data-action=bet-ante]")
    expect(page.get_by_test_id("chips")).to_have_text("$190")  # the Blind goes down with the Ante
    click_and_wait(page, "[data-action=deal]")
    expect(page.locator("[data-action=play-4x]")).to_be_visible()
    expect(page.locator("[data-action=play-3x]")).to_be_visible()
    expect(page.locator(".holdem-board " + CODE)).to_have_count(0)
    expect(page.locator(".dealer-spot " + CODE)).to_have_count(0)
    click_and_wait(page, "[data-action=check]")
    expect(page.locator(".holdem-board " + CODE)).to_have_count(3)
    expect(page.locator("[data-action=play-2x]")).to_be_visible()
    click_and_wait(page, "[data-action=check]")
    expect(page.locator(".holdem-board " + CODE)).to_have_count(5)
    expect(page.locator("[data-action=check]")).to_have_count(0)
    click_and_wait(page, "[data-action=play-1x]")
    expect(page.locator(".result-banner")).to_be_visible()
    expect(page.locator(".dealer-spot " + CODE)).to_have_count(2)
    expect(page.locator(".result-lines")).to_contain_text("Play")


def test_jackpot_holdem_first_card_then_3x(page: Page, live_server):
    seated(page, live_server, "jackpot-holdem")
    click_and_wait(page, "[data-action=bet-ante]")
    page.get_by_role("button", name="$1 chip").click()
    click_and_wait(page, "[data-action=bet-jh-3-up-bonus]")
    click_and_wait(page, "[data-action=deal]")
    expect(page.locator(".holdem-board " + CODE)).to_have_count(1)  # the first community card (s.1657)
    expect(page.locator("[data-action=play-3x]")).to_contain_text("$15")
    click_and_wait(page, "[data-action=play-3x]")
    expect(page.locator(".result-banner")).to_be_visible()
    expect(page.locator(".result-lines")).to_contain_text("3-Up Bonus")


def test_red_dog_spread_and_raise(page: Page, live_server):
    table_id, _ = demo_table(live_server, "red-dog")
    stack_shoe(live_server, table_id, ["3c", "3d", "9h", "9s"])  # a spread of 5 or a pair
    seated(page, live_server, "red-dog")
    expect(page.locator(".spread-marker li")).to_have_count(11)
    for _ in range(8):
        click_and_wait(page, "[data-action=bet-main]")
        click_and_wait(page, "[data-action=deal]")
        if page.locator("form [data-action=raise]").count():
            expect(page.locator(".spread-n.is-current")).to_have_text("5")
            click_and_wait(page, "form [data-action=raise]")
            expect(page.locator(".result-banner")).to_be_visible()
            expect(page.locator(".result-lines")).to_contain_text("Raise")
            return
        expect(page.locator(".result-banner")).to_be_visible()
    pytest.fail("no spread in eight rounds")


def test_casino_war_goes_to_war(page: Page, live_server):
    table_id, _ = demo_table(live_server, "casino-war")
    stack_shoe(live_server, table_id, ["8c", "8d", "8h", "8s"])  # every card ties
    seated(page, live_server, "casino-war")
    click_and_wait(page, "[data-action=bet-main]")
    page.get_by_role("button", name="$1 chip").click()
    click_and_wait(page, "[data-action=bet-war-tie]")
    click_and_wait(page, "[data-action=deal]")
    expect(page.locator("[data-action=surrender]")).to_be_visible()
    click_and_wait(page, "[data-action=war]")
    banner = page.locator(".result-banner")
    expect(banner).to_contain_text("You win $20")  # tie at war +$10, Tie bet 10 to 1 on $1
    page.get_by_role("link", name="History", exact=True).click()
    page.get_by_role("link", name="Recall").first.click()
    expect(page.locator("body")).to_contain_text("war-tie")
