"""Every game on the demo floor as a new player meets it, at a desktop and at a phone size:
the dealer's cards (or the wheel, the dice), the player's cards, their bet spots, the chip
rail and the decision buttons lie inside the first screen, without scrolling; no console error
or CSP violation on the way; keyboard focus stays on the control that acted. `make screenshots`
keeps a screenshot of each table at each size under tests/e2e/artifacts/ (``shots.keep_shot``)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.shots import keep_shot

pytestmark = pytest.mark.e2e

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# The main wager's betting spot and the button that starts the round, per game.
GAMES = {
    "blackjack": ("main", "deal"),
    "spanish-21": ("main", "deal"),
    "free-bet-blackjack": ("main", "deal"),
    "blackjack-switch": ("main", "deal"),
    "pure-spanish-21-5": ("main", "deal"),
    "no-bust-21st-century-blackjack": ("main", "deal"),
    "21st-century-free-bet-blackjack": ("main", "deal"),
    "lucky-chances-blackjack": ("main", "deal"),
    "craps": ("pass", "roll"),
    "roulette": ("red", "spin"),
    "big-six": ("1", "spin"),
    "three-card-poker": ("ante", "deal"),
    "let-it-ride": ("base", "deal"),
    "caribbean-stud": ("ante", "deal"),
    "mississippi-stud": ("ante", "deal"),
    "ultimate-texas-holdem": ("ante", "deal"),
    "jackpot-holdem": ("ante", "deal"),
    "red-dog": ("main", "deal"),
    "casino-war": ("main", "deal"),
    "mini-baccarat": ("banker", "deal"),
    "ez-baccarat": ("banker", "deal"),
    "four-card-poker": ("ante", "deal"),
    "pai-gow-poker": ("main", "deal"),
    "fortune-7-baccarat": ("banker", "deal"),
    "california-baccarat": ("banker", "deal"),
    "dragon-dai-bacc": ("banker", "deal"),
    "ruyi-baccarat": ("banker", "deal"),
    "21st-century-baccarat": ("player", "deal"),
    "joker-wild-pai-gow-poker": ("main", "deal"),
    "fortune-pai-gow-poker": ("main", "deal"),
    "face-up-pai-gow-poker": ("main", "deal"),
    "asian-baccarat": ("player", "deal"),
    "super-pan-9": ("player", "deal"),
    "pai-gow-tiles": ("main", "deal"),
}
# Player-banked only: a house bot sits in Spot 1 and takes the bank (the demo table lets bots
# bank), so the lone player meets the felt as it deals.
BACCARAT_PD = {"fortune-7-baccarat", "california-baccarat", "dragon-dai-bacc", "ruyi-baccarat", "21st-century-baccarat",
               "asian-baccarat", "super-pan-9"}
PLAYER_BANKED = {"four-card-poker", "pure-spanish-21-5", "joker-wild-pai-gow-poker", "no-bust-21st-century-blackjack",
                 "21st-century-free-bet-blackjack", "fortune-pai-gow-poker", "face-up-pai-gow-poker",
                 "lucky-chances-blackjack", "pai-gow-tiles"} | BACCARAT_PD
FIRST_CHIP = {"four-card-poker": "$10 chip"}  # a $10 Ante minimum (002 s.4078): the rail adds the chip
FIRST_CHIP.update({g: "$25 chip" for g in BACCARAT_PD})  # a $10 line minimum at the $10-$100 tables
FIRST_CHIP["joker-wild-pai-gow-poker"] = "$25 chip"  # a $10 minimum at Crystal Park's $10-$100 table
FIRST_CHIP["pai-gow-tiles"] = "$25 chip"  # a $10 minimum at the $10-$400 tiles table (002 s.3727-3774)
NO_CARDS = {"craps", "roulette", "big-six"}  # a device, not cards: the dice or the wheel
# Red Dog's and baccarat's cards are all in front of the dealer
NO_PLAYER_CARDS = NO_CARDS | {"red-dog", "mini-baccarat", "ez-baccarat"} | BACCARAT_PD


_MAKE_TABLES = """
import json, sys
from app import app
from webgame.extensions import db
from webgame.games import registry
from webgame.models import Player
from webgame.services.bots import add_bot
from webgame.services.demo import DEMO_TABLES
from webgame.services.tables import create_table
made = {}
with app.app_context():
    floor = db.session.query(Player).filter_by(is_operator=True).first()
    for game in json.loads(sys.argv[1]):
        name, _, variant, config = next(t for t in DEMO_TABLES if t[1] == game)
        for size in ("desktop",):  # one table per game: it is measured at every size
            table = create_table(f"{name[:60]} (fit {size})", game, variant, config=dict(config))
            if registry.rules(game).variants[variant].player_banked:
                add_bot(table, 0, floor)
            made[game + "/" + size] = table.id
    for size in ("desktop", "phone"):
        made["blackjack/split/" + size] = create_table(f"Split Test Blackjack {size}", "blackjack", "chapter4").id
    made["pai-gow-poker/player-bank"] = create_table("Player Bank Test Pai Gow", "pai-gow-poker", "chapter4").id
    db.session.commit()
print(json.dumps(made))
"""


@pytest.fixture(scope="module")
def fit_tables(live_server) -> dict[str, int]:
    """A fresh table per game and size, like the demo floor's, so no other test's open round
    stands in the way of the first bet."""
    out = subprocess.run([sys.executable, "-c", _MAKE_TABLES, json.dumps(list(GAMES))], cwd=live_server["root"],
                         env=live_server["env"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def settle(page: Page) -> None:
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def at_rest(page: Page) -> None:
    """Until the felt is still: no swap settling, no reveal under way (devices.js), no card
    dealt or turned over, no wheel, dice or shuffle moving (table.js), and every animation that
    has an end finished (a glow that loops forever is not the felt moving)."""
    page.wait_for_function("""() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')
        && !document.documentElement.classList.contains('is-revealing')
        && !document.querySelector('.deal-in, .flip-in, .is-spinning, .is-rolling, .is-tossing, .is-shuffling')
        && document.getAnimations().every(a => a.playState !== 'running'
            || !isFinite(a.effect.getComputedTiming().endTime))""")


def act(page: Page, selector: str) -> None:
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator(selector).first.click()
    settle(page)


def outside_viewport(page: Page, testids: list[str]) -> list[str]:
    """The marked elements (a test id, or a selector in brackets: ``[data-action=set-hand]``)
    that are missing or not wholly inside the first screen."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(
        """(ids) => {
            const out = [];
            const W = window.innerWidth, H = window.innerHeight;
            for (const id of ids) {
                const el = [...document.querySelectorAll(id.startsWith('[') ? id : `[data-testid="${id}"]`)]
                    .find(e => e.getClientRects().length);
                if (!el) { out.push(id + ': missing'); continue; }
                const r = el.getBoundingClientRect();
                if (r.top < 0 || r.left < -1 || r.bottom > H + 1 || r.right > W + 1)
                    out.push(`${id}: ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
            }
            return out;
        }""", testids)


def bank_offered(page: Page) -> None:
    """Next hand: the bank is offered and the bot in Spot 1 takes it. A live refresh can land
    between the page and the click (the form is then stale and refused, as it should be): press
    again on the fresh page."""
    for _ in range(3):
        if page.locator("[data-action=next]").count():
            act(page, "[data-action=next]")
        try:
            expect(page.get_by_test_id("pd-stake")).to_be_visible(timeout=10_000)
            return
        except AssertionError:
            page.reload()
    expect(page.get_by_test_id("pd-stake")).to_be_visible()


def resize(page: Page, width: int, height: int) -> None:
    """The window at a new size, measured only once the page is laid out at it: a resize starts
    a transition of every size the new width changes (a title's font, a card's width), and until
    they end the felt is laid out at sizes between the two (a screenshot used to hide that by
    taking its time)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => window.innerWidth === w && window.innerHeight === h", arg=[width, height])
    at_rest(page)


def fits_every_size(page: Page, game: str, stage: str, testids: list[str]) -> list[str]:
    """The marked parts at every screen size, measured on the same page (the layout is CSS
    alone: a resize lays the same felt out again)."""
    problems = []
    for size, (w, h) in SIZES.items():
        resize(page, w, h)
        keep_shot(page, f"{game}-{size}-{stage}.png")
        problems += [f"{w}x{h}: {p}" for p in outside_viewport(page, testids)]
    return problems


@pytest.mark.parametrize("game", list(GAMES))
def test_one_screen_per_table(page: Page, live_server, fit_tables, game: str):
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    resize(page, SIZES["desktop"][0], SIZES["desktop"][1])
    base = live_server["url"]
    table_id = fit_tables[f"{game}/desktop"]
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{table_id}")
    act(page, "[data-action^=sit-]")
    act(page, "[data-action=buy-in]")
    if game in PLAYER_BANKED:
        bank_offered(page)
    page.get_by_role("button", name=FIRST_CHIP.get(game, "$5 chip")).click()
    spot, start = GAMES[game]
    act(page, f"[data-action='bet-{spot}']")
    betting = ["my-spots", "chip-rail", "decisions"] + ([] if game in NO_CARDS else ["dealer-cards"])
    problems = fits_every_size(page, game, "betting", betting)

    resize(page, SIZES["desktop"][0], SIZES["desktop"][1])
    act(page, f"[data-action={start}]")
    at_rest(page)  # the cards dealt, the wheel or the dice come to rest
    dealt = ["dealer-cards", "chip-rail", "decisions"] + ([] if game in NO_PLAYER_CARDS else ["my-cards"])
    problems += fits_every_size(page, game, "dealt", dealt)
    if page.get_by_test_id("headline").count():
        # A settled round: the headline and each bet's line in a player's words, and on a card
        # table each of the player's spots shows what it paid where its chips were.
        words = page.get_by_test_id("round-result").text_content() or ""
        assert not re.search(r"\bD-\d|\b\d{3} s\.\d|seed lines|\w/\w|main/", words), words
        if game not in NO_CARDS:
            assert page.locator(".seat.mine .spot-result").count() >= 1
    assert not errors, errors
    assert not problems, f"{game}: " + "; ".join(problems)


def test_focus_stays_on_the_control_that_acted(page: Page, live_server, fit_tables):
    base = live_server["url"]
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{fit_tables['big-six/desktop']}")
    act(page, "[data-action^=sit-]")
    act(page, "[data-action=buy-in]")
    expect(page.locator("[data-action=buy-in]")).to_be_focused()
    page.get_by_role("button", name="$5 chip").click()
    page.locator("[data-action='bet-5']").focus()
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator("[data-action='bet-5']")).to_be_focused()
    expect(page.get_by_test_id("chips")).not_to_have_text("$200")


@pytest.mark.parametrize("size", list(SIZES))
def test_split_hands_stay_inside_the_seat_box(page: Page, live_server, fit_tables, size: str):
    from tests.e2e.test_new_user import _stack_the_shoe_with_eights

    w, h = SIZES[size]
    resize(page, w, h)
    _stack_the_shoe_with_eights(live_server, f"Split Test Blackjack {size}")
    base = live_server["url"]
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{fit_tables['blackjack/split/' + size]}")
    act(page, "[data-action^=sit-]")
    act(page, "[data-action=buy-in]")
    page.get_by_role("button", name="$5 chip").click()
    act(page, "[data-action=bet-main]")
    act(page, "[data-action=deal]")
    for _ in range(3):
        if page.locator("[data-action^=split-]").count() == 0:
            break
        act(page, "[data-action^=split-]")
    at_rest(page)
    keep_shot(page, f"blackjack-split-{size}.png")
    spilled = page.evaluate("""() => {
        const seat = document.querySelector('.seat.mine');
        const box = seat.getBoundingClientRect();
        return [...seat.querySelectorAll('.seat-hands .card, .seat-hands .chip-stack')]
            .map(e => e.getBoundingClientRect())
            .filter(r => r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
            .length;
    }""")
    assert page.locator(".seat.mine .seat-hands").count() >= 2
    assert spilled == 0
    assert not outside_viewport(page, ["dealer-cards", "my-cards", "decisions"])


_MAKE_CHEMIN = """
import json
from app import app
from webgame.extensions import db
from webgame.services.tables import create_table
with app.app_context():
    made = {size: create_table(f"Chapter 4 Chemin de Fer (fit {size})", "chemin-de-fer", "chapter4").id
            for size in ("desktop", "phone")}
    db.session.commit()
print(json.dumps(made))
"""


@pytest.mark.parametrize("size", list(SIZES))
def test_chemin_de_fer_bidding_fits_one_screen(page: Page, live_server, size: str):
    """Chemin de Fer opens with the bidding for the shoe (P-181), not a bet spot and a deal: the
    bank, the hands, the bids, the chip rail and the bid form lie inside the first screen."""
    out = subprocess.run([sys.executable, "-c", _MAKE_CHEMIN], cwd=live_server["root"], env=live_server["env"],
                         check=True, capture_output=True, text=True)
    table_id = json.loads(out.stdout.strip().splitlines()[-1])[size]
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    w, h = SIZES[size]
    resize(page, w, h)
    base = live_server["url"]
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{table_id}")
    act(page, "[data-action^=sit-]")
    act(page, "[data-action=buy-in]")
    act(page, "[data-action=bid]")
    expect(page.locator(".chemin-calls")).to_contain_text("bids $20")
    keep_shot(page, f"chemin-de-fer-{size}-bidding.png")
    problems = outside_viewport(page, ["bank", "dealer-cards", "my-spots", "chip-rail", "decisions"])
    assert not errors, errors
    assert not problems, f"chemin-de-fer at {w}x{h}: " + "; ".join(problems)


def test_a_player_bank_at_pai_gow_fits_one_screen(page: Page, live_server, fit_tables):
    """The bank offered to the player (004 s.1314-1319), then the player banking against the
    house with the hand to set: the offer, the bank's panel, the cards and the decisions fit the
    first screen at every size."""
    resize(page, SIZES["desktop"][0], SIZES["desktop"][1])
    base = live_server["url"]
    page.goto(base + "/login")
    page.get_by_role("button", name="Play as a guest with demo chips").click()
    page.goto(f"{base}/tables/{fit_tables['pai-gow-poker/player-bank']}")
    act(page, "[data-action=sit-5]")
    act(page, "[data-action=buy-in]")
    page.get_by_role("button", name="$5 chip").click()
    act(page, "[data-action='bet-main']")
    act(page, "[data-action=deal]")
    act(page, "[data-action=house-way]")
    if page.locator("[data-action=keep]").count():
        act(page, "[data-action=keep]")
    expect(page.get_by_test_id("bank-offer")).to_be_visible()
    problems = fits_every_size(page, "pai-gow-poker-bank", "offer", ["bank-offer", "decisions"])
    resize(page, SIZES["desktop"][0], SIZES["desktop"][1])
    page.locator("form:has([data-action=bank]) input[name=amount]").fill("20")
    act(page, "[data-action=bank]")
    act(page, "[data-action=deal]")
    expect(page.get_by_test_id("hand-setter")).to_be_visible()
    problems += fits_every_size(page, "pai-gow-poker-bank", "dealt", ["player-bank", "my-cards", "decisions"])
    assert not problems, "; ".join(problems)
