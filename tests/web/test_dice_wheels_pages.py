"""Craps, roulette and Big Six tables through the web: every wager of the variant is a region of
the layout (and nothing else is), a bet posted through a region is booked, a roll or a spin
settles, and the ledger balances."""

from __future__ import annotations

import html
import re

import pytest
import sqlalchemy as sa

from webgame.engine.paytable import resolve
from webgame.engine.rng import SeededRng
from webgame.extensions import db
from webgame.games import registry
from webgame.games.wheel.layout import spot_table
from webgame.models import BetSettlement
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, chips, latest_round, me

LAYOUT_FORM = re.compile(r'<form[^>]*class="layout-form[^"]*"[^>]*>(.*?)</form>', re.S)
REGION = re.compile(r'<button type="submit" name="spot" value="([^"]+)"[^>]*>')
ACTION = re.compile(r'data-action="bet-([^"]+)"')
HIDDEN = re.compile(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)">')
ANY_BET_ACTION = re.compile(r'data-action="bet-([^"]+)"')


def make(game: str, variant: str):
    table = create_table(f"Test {game} {variant}", game, variant)
    db.session.commit()
    return table


def layout(page: str) -> tuple[dict[str, str], dict[str, str], str]:
    """The layout form's hidden fields, its regions (spot -> button attributes) and its tag."""
    m = LAYOUT_FORM.search(page)
    assert m, "the page has no layout form"
    form_tag = page[m.start():page.index(">", m.start()) + 1]
    body = m.group(1)
    fields = {k: html.unescape(v) for k, v in HIDDEN.findall(body)}
    regions = {}
    for m in REGION.finditer(body):
        tag, value = m.group(0), html.unescape(m.group(1))
        assert html.unescape(ACTION.search(tag).group(1)) == value, "a region's data-action names the spot it posts"
        regions[value] = tag
    return fields, regions, form_tag


def post_region(seat: Seat, spot: str, chip: int) -> str:
    """Click a region as the browser does: the layout form's fields plus the button's spot."""
    fields, regions, form_tag = layout(seat.html)
    assert spot in regions and "disabled" not in regions[spot], f"{spot} is not open"
    action = re.search(r'action="([^"]+)"', form_tag).group(1)
    data = dict(fields, spot=spot, chip=str(chip))
    resp = seat.c.post(action, data, htmx=True)
    assert resp.status_code == 200
    seat.html = resp.get_data(as_text=True)
    return seat.error


def craps_spots(variant: str) -> set[str]:
    """Every spot the variant offers: those open at a come-out and those open on a point."""
    game = registry.engine("craps")
    rules = resolve(registry.rules("craps").variants[variant])
    spots = set()
    for point in (0, 6):
        state = game.new_round(rules, SeededRng(1), {"point": point})
        spots |= {s.key for s in game.open_spots(state)}
    return spots


def settlements(table) -> list[BetSettlement]:
    rnd = latest_round(table)
    return db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)).all()


# -- craps ----------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["grand-ronde", "chapter4"])
def test_craps_layout_has_a_region_for_every_wager_and_no_other(guest, app, variant):
    table = make("craps", variant)
    seat = Seat(guest, table)
    fields, regions, form_tag = layout(seat.html)
    assert set(regions) == craps_spots(variant)
    assert set(ANY_BET_ACTION.findall(seat.html)) == craps_spots(variant)
    assert fields["kind"] == "bet" and fields["seat"] == "0" and "csrf_token" in fields and "chip" in fields
    assert f'hx-post="/tables/{table.id}/act"' in form_tag and 'hx-target="#play"' in form_tag
    assert 'method="post"' in form_tag and "data-chip-target" in form_tag
    # At a come-out the come box is drawn but closed; the pass line is open.
    assert "disabled" in regions["come"] and "disabled" not in regions["pass"]


def test_craps_variants_differ_in_what_they_offer(guest, app):
    grand = Seat(guest, make("craps", "grand-ronde"))
    _, regions, _ = layout(grand.html)
    for only_chapter4 in ("put/6", "big/8", "place-lose/5", "three-way-craps", "world", "high-low",
                          "ace-deuce-any-craps"):
        assert only_chapter4 not in regions
    assert "whirl" in regions and "hop/2-5" in regions and "horn-high/12" in regions


def test_craps_bet_through_a_region_is_booked_and_the_roll_settles(guest, app):
    table = make("craps", "chapter4")
    seat = Seat(guest, table)
    player = me()
    assert post_region(seat, "pass", 1000) == ""
    assert post_region(seat, "field", 500) == ""
    assert chips(player, table) == 50_000 - 1500
    fields, regions, _ = layout(seat.html)
    assert "has-bet" in regions["pass"] and "has-bet" in regions["field"]
    assert 'data-action="roll"' in seat.html  # the pass bettor holds the dice
    assert seat.act("roll") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    settled = settlements(table)
    assert "field" in {s.bet for s in settled}  # a one-roll bet is always decided
    assert chips(player, table) == 50_000 - 1500 + sum(s.returned for s in settled)
    assert re.search(r"result-banner (win|lose|push)", seat.html)
    assert 'class="dice' in seat.html and "stick-call" in seat.html
    called = " ".join(rnd.state["calls"])
    assert called and called in seat.html
    # The next bet opens a new round; the stickman's last call stays on the felt until the next roll.
    assert post_region(seat, "field", 500) == ""
    assert latest_round(table).id != rnd.id
    assert f"Last roll: {called}" in seat.page()
    assert_books_balance()


def test_craps_place_six_takes_three_dollar_units_on_chapter4(guest, app):
    seat = Seat(guest, make("craps", "chapter4"))
    _, regions, _ = layout(seat.html)
    assert 'data-multiple="300"' in regions["place/6"]  # D-003: 7 to 6 paid to the cent
    assert "data-multiple" not in regions["place/5"]
    assert post_region(seat, "place/6", 500) == "Place 6 pays 7 to 6: bet a multiple of $3 so the win is paid to the cent."
    assert post_region(seat, "place/6", 600) == ""


def test_craps_grand_ronde_shows_the_exact_payout_hint(guest, app):
    seat = Seat(guest, make("craps", "grand-ronde"))
    _, regions, _ = layout(seat.html)
    assert "exact payout on multiples of $3" in regions["place/6"]
    assert "data-multiple" not in regions["place/6"]  # not enforced there: D-002 rounds down


def test_craps_odds_and_take_down_sit_beside_each_bet(guest, app):
    table = make("craps", "grand-ronde")
    seat = Seat(guest, table, buy="1000")
    for _ in range(40):  # roll until a point is set (two come-outs in three on average)
        if 'data-action="odds-pass"' in seat.html:
            break
        if 'data-action="roll"' not in seat.html:
            assert post_region(seat, "pass", 500) == ""
        assert seat.act("roll") == ""
    else:  # pragma: no cover - 40 come-outs without a point
        pytest.fail("no point in 40 rolls")
    point = latest_round(table).state["point"]
    assert re.search(rf'cx-n{point} is-point', seat.html)
    assert re.search(r'class="puck on', seat.html)
    assert "Odds $" in seat.html and "bounds" in seat.html
    assert 'data-action="take-down-pass"' not in seat.html  # a pass bet cannot come down once its point is set
    assert post_region(seat, "place/8", 600) == ""
    assert 'data-action="take-down-place/8"' in seat.html
    before = chips(me(), table)
    assert seat.act("odds", "pass", amount="10") == ""
    assert chips(me(), table) == before - 1000
    assert seat.act("take-down", "place/8") == ""
    assert chips(me(), table) == before - 1000 + 600
    assert_books_balance()


def test_a_visitor_sees_the_craps_layout_without_controls(client, app):
    table = make("craps", "chapter4")
    page = client.get(f"/tables/{table.id}").get_data(as_text=True)
    assert "cx-main" in page and "layout-form is-view-only" in page
    assert not ANY_BET_ACTION.search(page)


# -- roulette -------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["grand-ronde-00", "chapter4-00", "chapter4-0"])
def test_roulette_layout_has_a_region_for_every_bet_and_no_other(guest, app, variant):
    table = make("roulette", variant)
    seat = Seat(guest, table)
    _, regions, _ = layout(seat.html)
    rules = resolve(registry.rules("roulette").variants[variant])
    expected = {k for k in spot_table(rules) if not k.startswith("back-to-back:")}
    assert set(regions) == expected
    assert ("five" in regions) == (variant != "chapter4-0")
    assert ("first-four" in regions) == (variant == "chapter4-0")
    assert ("straight:00" in regions) == (variant != "chapter4-0")
    # Back-to-Back (chapter4 only) is a form choosing the number, for the fixed $1.
    assert ('data-action="bet-back-to-back"' in seat.html) == variant.startswith("chapter4")
    if variant.startswith("chapter4"):
        assert 'value="back-to-back:17"' in seat.html


def test_roulette_bets_through_regions_are_booked_and_the_spin_settles(guest, app):
    table = make("roulette", "chapter4-00")
    seat = Seat(guest, table)
    player = me()
    assert post_region(seat, "red", 500) == ""
    assert post_region(seat, "split:17-20", 500) == ""
    assert post_region(seat, "corner:17-21", 500) == ""
    assert post_region(seat, "trio:0-00-2", 500) == ""
    assert chips(player, table) == 50_000 - 2000
    _, regions, _ = layout(seat.html)
    assert "has-bet" in regions["split:17-20"] and "cc-white is-mine" in seat.html  # seat 1 plays white
    # Back-to-Back opens once the table minimum is on the main game.
    assert not re.search(r'data-action="bet-back-to-back"[^>]*disabled', seat.html)
    assert seat.act("bet", "back-to-back:17", chip=100) == ""
    assert seat.act("spin") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    settled = settlements(table)
    assert {"red", "split:17-20", "corner:17-21", "trio:0-00-2"} <= {s.bet for s in settled}
    result = rnd.state["result"]
    assert f'data-result="{result}"' in seat.html and "is-dolly" in seat.html
    assert_books_balance()


def test_roulette_chips_show_in_each_positions_colour(guest, app):
    from tests.conftest import CasinoClient

    table = make("roulette", "grand-ronde-00")
    first = Seat(guest, table, seat=0)
    other = CasinoClient(app.test_client())
    other.get("/login")
    other.post("/guest")
    second = Seat(other, table, seat=2)
    assert post_region(second, "black", 500) == ""
    first.page()
    assert "cc-blue is-other" in first.html  # position 3's colour, on the Black box
    assert post_region(first, "straight:0", 100) == ""
    assert "cc-white is-mine" in first.html


# -- big six --------------------------------------------------------------------------------

def test_big_six_board_spin_and_ledger(guest, app):
    table = make("big-six", "chapter4")
    seat = Seat(guest, table)
    player = me()
    _, regions, _ = layout(seat.html)
    assert set(regions) == {"1", "2", "5", "10", "20", "joker", "casino"}
    assert seat.html.count('class="seg seg-') == 54
    assert post_region(seat, "joker", 100) == ""
    assert post_region(seat, "1", 500) == ""
    assert chips(player, table) == 50_000 - 600
    assert seat.act("spin") == ""
    rnd = latest_round(table)
    settled = settlements(table)
    assert {s.bet for s in settled} == {"joker", "1"}
    assert chips(player, table) == 50_000 - 600 + sum(s.returned for s in settled)
    assert f'data-spin-no="{rnd.state["spin_no"]}"' in seat.html
    # The next round's wheel rests on the very segment that came up (not the first with its symbol).
    stopped = rnd.state["result_index"]
    assert post_region(seat, "2", 200) == ""
    assert latest_round(table).id != rnd.id
    assert f'class="wheel-rotor" transform="rotate({round(-stopped * 360.0 / 54, 3)})"' in seat.page()
    assert_books_balance()


@pytest.mark.parametrize("game, variant", [("craps", "chapter4"), ("roulette", "chapter4-0"), ("big-six", "chapter4")])
def test_pages_are_csp_clean(guest, app, game, variant):
    """CSP default-src 'self': no inline styles, scripts or event handlers in the felt."""
    seat = Seat(guest, make(game, variant))
    assert post_region(seat, {"craps": "pass", "roulette": "red", "big-six": "joker"}[game], 500) == ""
    for page in (seat.html, seat.page()):
        assert " style=" not in page and "<script>" not in page
        assert not re.search(r"\son[a-z]+=", page)


def test_a_region_works_as_a_plain_form_without_javascript(guest, app):
    """Without htmx the browser posts the layout form with the clicked button's spot and the
    chip the rail shows selected ($5), and is sent back to the table."""
    table = make("roulette", "grand-ronde-00")
    seat = Seat(guest, table)
    fields, regions, form_tag = layout(seat.html)
    assert fields["chip"] == "500"
    resp = guest.post(re.search(r'action="([^"]+)"', form_tag).group(1), dict(fields, spot="straight:00"))
    assert resp.status_code == 302 and resp.headers["Location"].endswith(f"/tables/{table.id}")
    assert chips(me(), table) == 50_000 - 500
    assert_books_balance()
