"""The lobby and the operator's page in a real browser, on a desktop and on a phone held upright:
no console error (the CSP included), the edit row opening in place, the house edge following
the variant and an option before saving. `make screenshots` keeps screenshots under tests/e2e/artifacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.shots import keep_shot
from tests.e2e.test_one_screen import resize

pytestmark = pytest.mark.e2e

VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.fixture
def errors(page: Page) -> list[str]:
    """Every console error and uncaught exception on the page (a CSP refusal is a console error)."""
    seen: list[str] = []
    page.on("console", lambda m: seen.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen.append(str(e)))
    return seen


def shot(page: Page, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")  # the sticky header at the top of the picture
    keep_shot(page, f"{name}.png", full_page=True)


def log_in_as_operator(page: Page, base: str) -> None:
    page.goto(base + "/login")
    page.get_by_label("Username").fill("operator")
    page.get_by_label("Password").fill("operator-pass-123")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Operator")).to_be_visible()


def edit_row(page: Page, table: str):
    """Open a table's edit row in place and return it."""
    row = page.locator("tbody.floor-table").filter(has=page.get_by_role("link", name=table, exact=True))
    with page.expect_response(lambda r: "/edit" in r.url):
        row.get_by_role("link", name=re.compile("^Edit")).click()
    edit = row.locator("tr.edit-row")
    expect(edit.locator("form[data-testid^=configure-]")).to_be_visible()
    return edit


def edge(edit, wager: str):
    return edit.locator("table.edges tr").filter(has=edit.page.get_by_role("cell", name=wager, exact=True)).locator("td").nth(1)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_lobby_reads_on_desktop_and_phone(page: Page, live_server, errors, size):
    width, height = VIEWPORTS[size]
    resize(page, width, height)
    page.goto(live_server["url"] + "/")
    expect(page.get_by_role("heading", name="The casino floor")).to_be_visible()
    six_five = page.get_by_test_id(re.compile("^lobby-table-")).filter(
        has=page.get_by_role("link", name="Grand Ronde Blackjack 6:5", exact=True))
    expect(six_five.get_by_test_id("lead-rule")).to_have_text("Blackjack pays 6 to 5")
    expect(six_five.get_by_test_id("limits")).to_contain_text("$5 – $1,000")
    jackpot = page.get_by_test_id(re.compile("^lobby-table-")).filter(
        has=page.get_by_role("link", name="Grand Ronde Jackpot Hold'em", exact=True))
    expect(jackpot.get_by_test_id("game-note")).to_contain_text("No jackpot here")  # other tests add tables
    expect(page.get_by_test_id("game-note").filter(has_text="No jackpot here").first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing wider than the screen
    shot(page, f"lobby-{size}")
    assert errors == []


@pytest.mark.parametrize("size", VIEWPORTS)
def test_operator_page_on_desktop_and_phone(page: Page, live_server, errors, size):
    width, height = VIEWPORTS[size]
    resize(page, width, height)
    log_in_as_operator(page, live_server["url"])
    page.get_by_role("link", name="Operator").click()
    expect(page.get_by_role("heading", name="Floor configuration")).to_be_visible()
    expect(page.get_by_test_id("invariant")).to_have_text("$0")
    expect(page.locator(".chart-card svg.chart")).to_have_count(4)  # handle and result, per hour and per day
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"operator-{size}")

    edit = edit_row(page, "Double-Zero Roulette")
    expect(edge(edit, "Straight")).to_have_text("5.2632%")
    with page.expect_response(lambda r: "/edit?" in r.url):
        edit.locator("select[name=variant]").select_option("chapter4-0")
    expect(edge(edit, "Straight")).to_have_text("2.7027%")  # the single-zero wheel, not saved yet
    expect(edit.locator("table.edges caption")).to_contain_text("not saved yet")
    expect(edit.get_by_label("Offer the Back-to-Back side bet")).to_be_checked()
    shot(page, f"operator-edit-{size}")
    assert errors == []


def test_an_option_previews_its_edge_before_saving(page: Page, live_server, errors):
    resize(page, 1280, 800)
    log_in_as_operator(page, live_server["url"])
    page.goto(live_server["url"] + "/operator/")
    edit = edit_row(page, "Grand Ronde Blackjack")
    main = edge(edit, "Main bet (house basic strategy chart)")
    # The exact count (P-110) takes a few seconds off the request; the fragment polls until it lands.
    expect(main).to_have_text(re.compile(r"^\d+\.\d{4}%$"), timeout=60_000)
    three_two = main.inner_text()
    expect(edit.get_by_label("Double down on")).to_contain_text("any two cards")
    with page.expect_response(lambda r: "/edges?" in r.url):
        edit.get_by_label("Blackjack pays").select_option(label="6 to 5")
    expect(main).not_to_have_text(three_two, timeout=60_000)
    expect(main).to_have_text(re.compile(r"^\d+\.\d{4}%$"), timeout=60_000)
    expect(edit.locator("table.edges caption")).to_contain_text("not saved yet")
    with page.expect_response(lambda r: "/edges?" in r.url):
        edit.get_by_label("Blackjack pays").select_option(label="3 to 2")
    expect(main).to_have_text(three_two)
    expect(edit.locator("table.edges caption")).not_to_contain_text("not saved yet")
    edit.get_by_role("link", name="Cancel").click()
    expect(page.locator("tr.edit-row:not([hidden])")).to_have_count(0)
    assert errors == []
