"""One table served by two gunicorn processes on PostgreSQL: two players, one on each
process, see each other's chips without reloading, and the books stay balanced."""

from __future__ import annotations

import os
import subprocess
import time
import urllib.request

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import BIN, ROOT, _free_port
from tests.pgserver import postgres_server

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory):
    pg = postgres_server()
    url = next(pg)
    workdir = tmp_path_factory.mktemp("two-servers")
    env = dict(os.environ, DATABASE_URL=url, INSTANCE_PATH=str(workdir), SECRET_KEY="shared-secret",
               WEB_CONCURRENCY="1", HOST="127.0.0.1", LOGIN_RATE_LIMIT="1000 per minute")
    flask = [str(BIN / "flask"), "--app", "app"]
    subprocess.run(flask + ["db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
    subprocess.run(flask + ["seed-demo"], cwd=ROOT, env=env, check=True, capture_output=True)
    procs, bases = [], []
    for i in range(2):
        port = _free_port()
        log = open(workdir / f"gunicorn-{i}.log", "wb")
        procs.append(subprocess.Popen([str(BIN / "gunicorn"), "app:app", "-c", "gunicorn.conf.py"],
                                      cwd=ROOT, env=dict(env, PORT=str(port)), stdout=log, stderr=subprocess.STDOUT))
        bases.append(f"http://127.0.0.1:{port}")
    for base in bases:
        for _ in range(150):
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
    yield {"bases": bases, "env": env, "flask": flask}
    for p in procs:
        p.terminate()
        p.wait(10)
    for _ in pg:
        pass


def _guest_at(browser: Browser, base: str, seat: int):
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.get_by_role("link", name="Chapter 4 Blackjack", exact=True).click()
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator(f"[data-action=sit-{seat}]").click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator("[data-action=buy-in]").click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    return context, page


def test_chips_appear_across_processes_and_books_balance(browser: Browser, two_servers):
    a_ctx, a = _guest_at(browser, two_servers["bases"][0], seat=0)
    b_ctx, b = _guest_at(browser, two_servers["bases"][1], seat=1)
    a.get_by_role("button", name="$25 chip").click()
    with a.expect_response(lambda r: r.request.method == "POST"):
        a.locator("[data-action=bet-main]").click()
    expect(a.locator('.seat[data-seat="0"]')).to_contain_text("$25")
    # B never reloads: the stream on process 2 hears process 1's commit and B re-fetches.
    expect(b.locator('.seat[data-seat="0"]')).to_contain_text("$25", timeout=15_000)
    b.get_by_role("button", name="$5 chip").click()
    with b.expect_response(lambda r: r.request.method == "POST"):
        b.locator("[data-action=bet-main]").click()
    expect(a.locator('.seat[data-seat="1"]')).to_contain_text("$5", timeout=15_000)
    expect(a.get_by_test_id("deadline")).to_be_visible()  # a shared table has a betting window
    a.wait_for_function("() => !document.querySelector('.htmx-request')")
    with a.expect_response(lambda r: r.request.method == "POST"):
        a.locator("[data-action=deal]").first.click()
    expect(b.locator(".dealer-spot .card").first).to_be_visible(timeout=15_000)
    a_ctx.close()
    b_ctx.close()
    check = subprocess.run(two_servers["flask"] + ["ledger-check"], cwd=ROOT, env=two_servers["env"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
