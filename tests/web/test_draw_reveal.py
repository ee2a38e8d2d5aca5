"""The draw games' reveal (P-448): while a draw's balls come out, the page asks `/balls` for the
balls out so far, a small answer with nothing else in it, never a ball before its time; once the
draw is shown whole (or no draw is being shown) the answer is the whole play area, put in place
of the play area."""

from __future__ import annotations

import re
from datetime import timedelta

from tests.web.tablehelp import Seat, make_table
from tests.web.test_bingo_pages import bingo, run_the_game
from tests.web.test_bingo_pages import buy as buy_cards
from tests.web.test_keno_pages import buy, keno, run_the_draw
from webgame.extensions import db
from webgame.models import Round, utcnow

POLLER = re.compile(r'<div id="draw-reveal" hidden data-balls="([0-9 ]*)"\s+hx-get="([^"]+)"')


def balls(seat: Seat):
    return seat.c.get(f"/tables/{seat.table_id}/balls", headers={"HX-Request": "true"})


def shown_balls(html: str) -> list[int]:
    m = POLLER.search(html)
    assert m, html[:400]
    return [int(b) for b in m.group(1).split()]


def revealing_keno(guest) -> tuple[Seat, Round]:
    table = keno()
    seat = Seat(guest, table, seat=0, buy="50")
    assert buy(seat, [1, 2, 3, 4, 5]) == ""
    return seat, run_the_draw(seat)


def test_the_reveal_answer_is_the_balls_out_so_far_and_nothing_else(guest):
    seat, drawn = revealing_keno(guest)
    # The page drawn at the start of the reveal carries the poller, aimed at /balls, with the
    # balls its board lights.
    m = POLLER.search(seat.html)
    assert m and m.group(2) == f"/tables/{seat.table_id}/balls"
    lit = [int(n) for n in re.findall(r'class="keno-spot[^"]*is-drawn[^"]*"\s+data-number="(\d+)"', seat.html)]
    assert sorted(shown_balls(seat.html)) == sorted(lit)
    resp = balls(seat)
    assert resp.status_code == 200 and "HX-Retarget" not in resp.headers
    html = resp.get_data(as_text=True)
    out = shown_balls(html)
    assert 1 <= len(out) < 20
    assert out == drawn.state["balls"][:len(out)]  # the first ones, in the order drawn
    # Only the poller: no ticket, no result, no chip count, no other ball.
    assert html.count("<") == html.count("</div>") * 2 == 2
    assert len(html) < 400
    for n in set(drawn.state["balls"]) - set(out):
        assert f" {n} " not in f" {' '.join(map(str, out))} "


def test_no_ball_is_sent_before_its_time(guest):
    seat, drawn = revealing_keno(guest)
    reveal_ms = int(drawn.rules.get("reveal_ms", 400))
    assert reveal_ms == 400  # keno.toml
    drawn = db.session.get(Round, drawn.id)
    for seconds in (0.0, 1.0, 2.1, 5.3):
        drawn.ended_at = utcnow() - timedelta(seconds=seconds)
        db.session.commit()
        ended = drawn.ended_at
        before = (utcnow() - ended).total_seconds() * 1000
        out = shown_balls(balls(seat).get_data(as_text=True))
        after = (utcnow() - ended).total_seconds() * 1000
        # One ball at once, then one every reveal_ms: never more than the time allows.
        assert 1 + int(before // reveal_ms) <= len(out) <= 1 + int(after // reveal_ms), (seconds, len(out))
        assert out == drawn.state["balls"][:len(out)]
        db.session.expire_all()
        drawn = db.session.get(Round, drawn.id)


def test_once_the_draw_is_shown_whole_the_answer_is_the_whole_play_area(guest):
    seat, drawn = revealing_keno(guest)
    drawn.ended_at = utcnow() - timedelta(seconds=30)
    db.session.commit()
    resp = balls(seat)
    assert resp.status_code == 200
    assert resp.headers["HX-Retarget"] == "#play" and resp.headers["HX-Reswap"] == "outerHTML"
    html = resp.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="play"')
    assert 'data-testid="keno-results"' in html and 'id="draw-reveal"' not in html
    assert len(re.findall(r'class="keno-spot[^"]*is-drawn', html)) == 20


def test_a_table_with_no_draw_being_shown_answers_its_play_area(guest):
    table = make_table()
    seat = Seat(guest, table, seat=0)
    resp = balls(seat)
    assert resp.status_code == 200 and resp.headers["HX-Retarget"] == "#play"
    assert 'data-testid="dealer-cards"' in resp.get_data(as_text=True)
    # Without htmx (an address typed in): the table's page.
    plain = seat.c.get(f"/tables/{seat.table_id}/balls")
    assert plain.status_code == 302 and plain.headers["Location"].endswith(f"/tables/{seat.table_id}")
    assert seat.c.get("/tables/999999/balls", headers={"HX-Request": "true"}).status_code == 404


def test_bingo_reveals_its_calls_and_keeps_the_winners_for_the_last_ball(guest):
    table = bingo("standard", min_players=1, pattern="blackout")  # one player plays, many calls
    seat = Seat(guest, table, seat=0, buy="50")
    assert buy_cards(seat, "2") == ""
    called = run_the_game(seat)
    # The cards' squares carry their numbers for the page to light; the free space none.
    assert re.search(r'class="bingo-sq[^"]*"\s+data-number="\d+"', seat.html)
    assert 'data-lit-class="is-called"' in seat.html
    html = balls(seat).get_data(as_text=True)
    out = shown_balls(html)
    assert out == called.state["calls"][:len(out)] and len(out) < len(called.state["calls"])
    assert "bingo-card" not in html and "is-winner" not in html
    called.ended_at = utcnow() - timedelta(minutes=10)
    db.session.commit()
    whole = balls(seat)
    assert whole.headers["HX-Retarget"] == "#play"
    assert 'data-testid="bingo-results"' in whole.get_data(as_text=True)
