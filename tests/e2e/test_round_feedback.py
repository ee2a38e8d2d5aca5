"""What a player sees through one round, at every game on the demo floor, in Chromium:

- roulette: the chip count changes only once the wheel has stopped on the number (the page
  holds the new count back while the wheel turns); checked frame by frame, as an order of
  events, not a timing;
- every card table: after a settled round each of the player's bets shows its own result on
  the felt (+$10, −$5, push), as many results as the round settled bets, and the headline's
  net is their sum; no internal names (`main/3/double`) or rulebook codes (`D-267`,
  `000 s.1047`) anywhere in the felt's text;
- every table page, through one round: no console error, no uncaught script error and no
  Content Security Policy violation.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_one_screen import GAMES, NO_CARDS, PLAYER_BANKED, act, resize, settle

pytestmark = pytest.mark.e2e

# A player-banked table first needs a bank (tests/e2e/test_player_dealer*.py play those).
CARD_GAMES = [g for g in GAMES if g not in NO_CARDS | PLAYER_BANKED]

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
        made[game] = create_table(f"{name[:60]} (round feedback)", game, variant, config=dict(config)).id
    db.session.commit()
print(json.dumps(made))
"""

# A CSP violation is not always a console message: the page reports each one to the console
# itself, so one listener sees them all.
_REPORT_CSP = """document.addEventListener('securitypolicyviolation', (e) => {
    console.error('CSP violation: ' + e.violatedDirective + ' ' + (e.blockedURI || 'inline')
                  + ' at ' + (e.target && e.target.tagName ? e.target.tagName : ''));
}, true);"""

# Internal bet keys and rulebook references that belong in the recall, never on the felt.
INTERNAL = re.compile(r"\b[a-z][\w-]*/\d|\bD-\d+|\b\d{3} s\.\d|seed lines|\bs\.\d{2,}")
MONEY = re.compile(r"^([+−-])\$([\d,]+(?:\.\d\d)?)$")


@pytest.fixture(scope="module")
def tables(live_server) -> dict[str, int]:
    """A fresh table per game, like the demo floor's, so no other test's round is in the way."""
    out = subprocess.run([sys.executable, "-c", _MAKE_TABLES, json.dumps(list(GAMES))], cwd=live_server["root"],
                         env=live_server["env"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.add_init_script(_REPORT_CSP)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def seat_and_buy(page: Page, base: str, table_id: int) -> None:
    resize(page, 1280, 800)
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{table_id}")
    act(page, "[data-action^=sit-]")
    act(page, "[data-action=buy-in]")
    page.get_by_role("button", name="$5 chip").click()


def cents(text: str) -> int:
    found = MONEY.match(text.strip())
    assert found, f"not an amount won or lost: {text!r}"
    value = round(float(found.group(2).replace(",", "")) * 100)
    return value if found.group(1) == "+" else -value


def headline_net(text: str) -> int:
    lead = text.split("—")[0].strip()
    if lead.startswith(("Your bets push", "You break even")):
        return 0
    found = re.match(r"You (win|lose) \$([\d,]+(?:\.\d\d)?)$", lead)
    assert found, f"headline without a net: {text!r}"
    value = round(float(found.group(2).replace(",", "")) * 100)
    return value if found.group(1) == "win" else -value


# The decisions a round is played through, most settling first: a player who stands, checks,
# declines insurance and otherwise takes the first decision offered reaches the settlement.
PREFERRED = ("stand", "decline", "check", "no-raise", "ride", "play", "war", "fold")


def play_to_settlement(page: Page) -> None:
    for _ in range(12):
        if page.get_by_test_id("headline").count():
            return
        actions = page.eval_on_selector_all(
            "[data-testid=decisions] button[data-action]",
            "els => els.filter(e => !e.disabled && e.getClientRects().length).map(e => e.dataset.action)")
        actions = [a for a in actions if a not in ("rebet", "buy-in", "cash-out") and not a.startswith("bet-")]
        assert actions, "the round waits on the player but offers no decision"
        choice = next((a for p in PREFERRED for a in actions if a == p or a.startswith(p + "-")), actions[0])
        act(page, f"[data-testid=decisions] [data-action='{choice}']")
    expect(page.get_by_test_id("headline")).to_be_visible()


@pytest.mark.browser_context_args(reduced_motion="no-preference")  # the motion is what is tested
def test_roulette_chip_count_changes_only_after_the_wheel_stops(page: Page, live_server, tables):
    errors = watch_errors(page)
    seat_and_buy(page, live_server["url"], tables["roulette"])
    # Red, black, 0 and 00: whatever pocket the ball finds, one of them wins, so the count must
    # change with the result.
    for spot in ("red", "black", "straight:0", "straight:00"):
        act(page, f"[data-action='bet-{spot}']")
    before = page.get_by_test_id("chips").text_content()
    page.evaluate("""() => {
        window.__frames = [];
        const sample = () => {
            const chips = document.querySelector('[data-testid=chips]');
            window.__frames.push({
                chips: chips ? chips.textContent : null,
                // the rotor or the ball still moving: a CSS animation of the wheel not finished
                turning: [...document.querySelectorAll('[data-spin-key]')].some(
                    w => w.getAnimations({subtree: true}).some(a => a.playState === 'running')),
                revealing: document.documentElement.classList.contains('is-revealing'),
            });
            if (window.__frames.length < 2000) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
    }""")
    act(page, "[data-action=spin]")
    expect(page.get_by_test_id("chips")).not_to_have_text(before or "", timeout=10_000)
    page.wait_for_function("() => !document.documentElement.classList.contains('is-revealing')")
    # the sampler has painted the new count at least once since the wheel stopped
    page.wait_for_function("(before) => window.__frames.some(f => f.chips !== null && f.chips !== before)", arg=before)
    frames = page.evaluate("window.__frames")
    turning = [i for i, f in enumerate(frames) if f["turning"] or f["revealing"]]
    changed = [i for i, f in enumerate(frames) if f["chips"] not in (before, None)]
    assert turning, "the wheel never turned on the page"
    assert changed, "the chip count never changed"
    # Every frame painted while the wheel turned still showed the count from before the spin,
    # and the new count first appeared after the last such frame.
    assert all(frames[i]["chips"] == before for i in turning), [frames[i]["chips"] for i in turning]
    assert changed[0] > turning[-1]
    assert not errors, errors


@pytest.mark.parametrize("game", CARD_GAMES)
def test_card_table_shows_each_bet_result_on_the_felt(page: Page, live_server, tables, game: str):
    errors = watch_errors(page)
    seat_and_buy(page, live_server["url"], tables[game])
    spot, start = GAMES[game]
    act(page, f"[data-action='bet-{spot}']")
    # A side bet too where the table offers one, so the round settles more than one spot (the
    # headline once said "push" for a won hand beside a lost side bet).
    side = page.locator(".seat.mine button.spot-side.is-open:not([disabled])")
    if side.count():
        act(page, f".seat.mine [data-action='{side.first.get_attribute('data-action')}']")
    chips_on = page.locator(".seat.mine .has-bet").count()
    act(page, f"[data-action={start}]")
    play_to_settlement(page)
    page.wait_for_function("() => !document.documentElement.classList.contains('is-revealing')")

    headline = page.get_by_test_id("headline").text_content() or ""
    settled = page.locator("[data-testid=round-result] .result-lines li").count()
    results = [t.strip() for t in page.locator(".seat.mine .spot-result").all_text_contents()]
    assert settled >= chips_on >= 1
    assert len(results) == settled, (results, headline)
    nets = [0 if r.lower() in ("push", "void") else cents(r) for r in results]
    assert sum(nets) == headline_net(headline), (results, headline)
    # A result's colour says the same as its words.
    for el in page.locator(".seat.mine .spot-result").all():
        text = (el.text_content() or "").strip()
        kind = "push" if text.lower() in ("push", "void") else ("win" if text.startswith("+") else "lose")
        assert kind in (el.get_attribute("class") or "").split(), (text, el.get_attribute("class"))

    felt = page.locator(".table-felt").inner_text() + "\n" + page.get_by_test_id("round-result").inner_text()
    assert not INTERNAL.search(felt), INTERNAL.search(felt)
    assert not errors, errors


@pytest.mark.parametrize("game", sorted(NO_CARDS))
def test_dice_and_wheel_tables_play_a_round_without_errors(page: Page, live_server, tables, game: str):
    errors = watch_errors(page)
    seat_and_buy(page, live_server["url"], tables[game])
    spot, start = GAMES[game]
    act(page, f"[data-action='bet-{spot}']")
    act(page, f"[data-action={start}]")
    settle(page)
    page.wait_for_function("() => !document.documentElement.classList.contains('is-revealing')")
    felt = page.locator(".table-felt").inner_text()
    assert not INTERNAL.search(felt), INTERNAL.search(felt)
    assert not errors, errors
