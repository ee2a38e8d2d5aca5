"""Sending less: a region of the play area the browser already shows unchanged comes back as
an empty placeholder it keeps (``web/fragments.py``), and what the browser then shows is
exactly what a whole answer would have shown."""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from webgame.extensions import db
from webgame.services.tables import create_table
from webgame.web import fragments
from webgame.web.fragments import memo

from ..conftest import CasinoClient
from .tablehelp import Seat, assert_books_balance

REGION = re.compile(r'<div id="kept-([a-z0-9-]+)" class="kept" data-digest="([0-9a-f]+)"( hx-preserve="true")?>')


def regions(html: str) -> dict[str, tuple[str, str, bool]]:
    """Each region of an answer: its digest, its markup (empty for a placeholder), kept?"""
    out = {}
    for m in REGION.finditer(html):
        if m.group(3):
            out[m.group(1)] = (m.group(2), "", True)
            continue
        depth, i = 1, m.end()
        while depth:
            nxt_open, nxt_close = html.find("<div", i), html.find("</div>", i)
            if nxt_open != -1 and nxt_open < nxt_close:
                depth, i = depth + 1, nxt_open + 4
            else:
                depth, i = depth - 1, nxt_close + 6
        out[m.group(1)] = (m.group(2), html[m.end():i - 6], False)
    return out


class Browser(Seat):
    """A seat whose answers are read as htmx reads them: it names the regions it shows and
    keeps the ones the server leaves out."""

    def __init__(self, *args, **kwargs):
        self.shown: dict[str, tuple[str, str]] = {}
        self.sizes: list[int] = []
        self.kept: list[str] = []
        super().__init__(*args, **kwargs)

    def _take(self, html: str) -> None:
        self.kept = []
        for name, (digest, markup, placeholder) in regions(html).items():
            if placeholder:
                assert self.shown[name][0] == digest, f"{name}: a placeholder for a region not shown"
                self.kept.append(name)
            else:
                self.shown[name] = (digest, markup)

    def page(self):
        html = super().page()
        self._take(html)
        return html

    def act(self, kind, spot="", chip=None, **kw):
        data = {"seat": self.seat, "kind": kind, "spot": spot, "round_id": self.round_id, "version": self.version}
        if chip is not None:
            data["chip"] = chip
        header = ",".join(f"{k}={d}" for k, (d, _) in self.shown.items())
        resp = self.c.post(f"/tables/{self.table_id}/act", data, htmx=True, headers={"X-Kept": header})
        assert resp.status_code == 200
        self.html = resp.get_data(as_text=True)
        self.sizes.append(len(self.html))
        self._take(self.html)
        return self.error

    def whole(self) -> dict[str, tuple[str, str, bool]]:
        """The regions of the play area fetched whole (no header), as a fresh page shows them."""
        return regions(self.c.get(f"/tables/{self.table_id}/play", headers={"HX-Request": "true"})
                       .get_data(as_text=True))

    def assert_shows_whole(self) -> None:
        for name, (digest, markup, placeholder) in self.whole().items():
            assert not placeholder
            assert self.shown[name] == (digest, markup), f"{name} differs from a whole answer"


def test_a_bet_leaves_the_wheel_and_its_side_to_the_browser(app, guest):
    table = create_table("Kept Big Six", "big-six", "chapter4")
    db.session.commit()
    seat = Browser(guest, table, buy="200")
    assert {"wheel", "side"} <= set(seat.shown)
    kept_bets = sizes_kept = 0
    for _ in range(6):
        assert seat.act("bet", "1", chip=100) == ""
        assert seat.act("bet", "2", chip=100) == ""
        # the second bet of a round changes neither the wheel nor the history and paytable, nor
        # the chip rail and the seats (their forms carry the same CSRF token for an hour)
        assert set(seat.kept) >= {"wheel", "side", "rail", "seats"}
        kept_bets += 1
        sizes_kept = seat.sizes[-1]
        seat.assert_shows_whole()
        assert seat.act("spin") == ""
        assert "wheel" not in seat.kept  # a spin turns the wheel: sent whole
        seat.assert_shows_whole()
    whole = len(guest.get(f"/tables/{table.id}/play", headers={"HX-Request": "true"}).get_data(as_text=True))
    assert kept_bets == 6 and sizes_kept < whole - 15_000, (sizes_kept, whole)
    assert_books_balance()


def test_the_first_bet_after_a_spin_keeps_the_wheel_where_it_stopped(app, guest):
    table = create_table("Kept Roulette", "roulette", "chapter4-00")
    db.session.commit()
    seat = Browser(guest, table, buy="200")
    assert seat.act("bet", "red", chip=500) == ""
    assert seat.act("spin") == ""
    stopped = seat.shown["wheel"]
    assert seat.act("bet", "black", chip=500) == ""  # opens the next round
    assert "wheel" in seat.kept and seat.shown["wheel"] == stopped
    seat.assert_shows_whole()


def test_a_digest_the_browser_does_not_show_gets_the_region_whole(app, guest):
    table = create_table("Kept Big Six 2", "big-six", "chapter4")
    db.session.commit()
    seat = Browser(guest, table, buy="200")
    digest, markup = seat.shown["wheel"]
    seat.shown["wheel"] = ("0" * 16, markup)
    assert seat.act("bet", "1", chip=100) == ""
    assert "wheel" not in seat.kept and seat.shown["wheel"] == (digest, markup)


def test_a_plain_request_and_a_forged_header_get_every_region_whole(app, guest):
    table = create_table("Kept Big Six 3", "big-six", "chapter4")
    db.session.commit()
    seat = Browser(guest, table, buy="200")
    header = ",".join(f"{k}={d}" for k, (d, _) in seat.shown.items())
    page = guest.get(f"/tables/{table.id}", headers={"X-Kept": header}).get_data(as_text=True)
    assert 'hx-preserve="true"' not in page and {"wheel", "side"} <= set(regions(page))
    forged = guest.get(f"/tables/{table.id}/play", headers={
        "HX-Request": "true", "X-Kept": "wheel=<script>,side=" + "f" * 400 + ",../x=0123456789abcdef"})
    assert forged.status_code == 200 and 'hx-preserve="true"' not in forged.get_data(as_text=True)


def test_memo_renders_a_drawing_once_per_set_of_arguments(app):
    calls = []

    class Drawing:
        name = "drawing"

        def __call__(self, *args):
            calls.append(args)
            return f"<svg>{args}</svg>"

    drawing = Drawing()
    first = memo(drawing, [1, 2], 3)
    assert memo(drawing, [1, 2], 3) is first and len(calls) == 1
    assert memo(drawing, [1, 2], 4) != first and len(calls) == 2


def test_the_answer_to_an_action_lists_every_seat_not_only_the_occupied_ones(app, guest):
    """An action reads only the occupied seats (rounds.load_table); the page it answers with
    must still show the empty ones, with their Sit buttons."""
    table = create_table("Every Seat", "blackjack", "chapter4")
    db.session.commit()
    seat = Seat(guest, table, buy="200")
    assert seat.act("bet", "main", chip=500) == ""
    assert seat.html.count('class="seat-item') == table.seat_count
    assert seat.html.count('data-action="sit-') == table.seat_count - 1


def test_the_forms_carry_one_token_an_hour_and_it_is_accepted(app, guest, monkeypatch):
    import time as clock

    table = create_table("Token Table", "big-six", "chapter4")
    db.session.commit()
    seat = Seat(guest, table, buy="200")
    token = re.search(r'name="csrf_token" value="([^"]+)"', seat.page()).group(1)
    assert re.findall(r'name="csrf_token" value="([^"]+)"', seat.page()) == [token] * seat.html.count('name="csrf_token"')
    real = clock.time
    monkeypatch.setattr("webgame.web.fragments.time.time", lambda: real() + 3500)
    assert re.search(r'name="csrf_token" value="([^"]+)"', seat.page()).group(1) == token  # within the hour
    assert seat.act("bet", "1", chip=100) == ""  # and still accepted
    monkeypatch.setattr("webgame.web.fragments.time.time", lambda: real() + 3700)
    assert re.search(r'name="csrf_token" value="([^"]+)"', seat.page()).group(1) != token  # signed afresh


# The hand macro as it was drawn in the template, before it was written in Python.
HAND_MACRO = """{% from "devices/_macros.html" import card %}
{%- macro hand(codes, label="", total=None, extra="") -%}
{%- set cards = codes|list if codes else [] -%}
<div class="hand{% if extra %} {{ extra }}{% endif %}{% if not cards %} is-empty{% endif %}" data-n="{{ cards|length }}">
{%- if label or total is not none %}
<div class="hand-head">
{%- if label %}<span class="hand-label">{{ label }}</span>{% endif -%}
{%- if total is not none and total != "" %}<span class="hand-total"><span class="sr-only">total </span>{{ total }}</span>{% endif -%}
</div>
{%- endif %}
<div class="hand-cards">
{%- for c in cards %}{{ card(c, extra="fan-" ~ loop.index) }}{% endfor -%}
</div>
</div>
{%- endmacro %}"""


class Coded:
    code = "Qh"


def test_a_hand_written_in_python_is_the_markup_the_macro_drew(app):
    with app.test_request_context("/"):
        old = app.jinja_env.from_string(HAND_MACRO).module.hand
        new = app.jinja_env.get_template("devices/_macros.html").module.hand
        hands = [None, [], ["As", "Td"], ["As", None], ["10h", " Kd "], [Coded()], [{"code": "Jc"}],
                 ["JK+logo", "Kh+bonus"], ("2c", "3d", "4h", "5s", "6c", "7d")]
        for codes in hands:
            for label in ("", "Dealer", "<b>Tom & Jerry</b>"):
                for total in (None, "", 0, 21, "soft 17", "Bust 23", Markup("<i>21</i>")):
                    for extra in ("", "is-active is-win", 'a&b"c'):
                        assert str(new(codes, label=label, total=total, extra=extra)) == \
                            str(old(codes, label=label, total=total, extra=extra)), (codes, label, total, extra)


def test_form_fields_are_escaped_as_markupsafe_escapes_them():
    for value in ("plain", "<&>'\"", "10 < 20 & 'x'", 0, 17, -3, None, True, 2.5, Markup("<b>kept</b>")):
        assert fragments._text(value) == str(escape(value))


TIME = re.compile(r"\d{4}-\d\d-\d\dT[\d:.]+Z?")


SEED = "beef" * 16  # a shoe whose round waits on both players (no dealer blackjack)


def _play_area(client, table_id):
    """The play area as a page fetches it, its clock readings aside (the server's now)."""
    html = client.get(f"/tables/{table_id}/play", headers={"HX-Request": "true"}).get_data(as_text=True)
    return TIME.sub("TIME", html)


def test_blackjack_boxes_drawn_once_show_what_a_fresh_drawing_shows(app, guest, monkeypatch):
    """Every box of the blackjack felt is drawn once per key (P-440): after each action of a
    round with two players, each player's play area is what it is with every piece drawn
    afresh, and asked again it is drawn from the kept pieces alone. The round's seed is fixed:
    a shoe that deals the dealer a blackjack would end the round before anybody moves."""
    monkeypatch.setattr("webgame.services.rounds.new_seed", lambda: SEED)
    table = create_table("Two Boxes", "blackjack", "chapter4", bots_allowed=False)
    db.session.commit()
    other = CasinoClient(app.test_client())
    other.get("/login")
    assert other.post("/guest").status_code == 302
    me, them = Seat(guest, table, seat=0, buy="200"), Seat(other, table, seat=3, buy="200")
    assert me.act("bet", "main", chip=500) == ""
    them.page()
    assert them.act("bet", "main", chip=1000) == ""
    me.page()
    assert me.act("deal") == ""
    hit: set[int] = set()
    moves = 0
    for _ in range(12):
        for client in (guest, other):
            warm = _play_area(client, table.id)  # from the pieces the earlier answers kept
            fragments._drawn.clear()
            assert _play_area(client, table.id) == warm  # every piece drawn afresh
            kept = len(fragments._drawn)
            assert _play_area(client, table.id) == warm
            assert len(fragments._drawn) == kept  # nothing drawn again
            assert any(key.startswith("(('bj-box'") for key in fragments._drawn)
        me.page()
        them.page()
        mover = next((s for s in (me, them) if any(a == "decline" or a.startswith(("hit-", "stand-"))
                                                   for a in s.actions)), None)
        if mover is None:
            break
        if "decline" in mover.actions:
            assert mover.act("decline") == ""
        elif mover.seat not in hit and "hit-0" in mover.actions:
            hit.add(mover.seat)  # a card added to a box drawn before
            assert mover.act("hit", "0") == ""
        else:
            spot = min(a for a in mover.actions if a.startswith("stand-")).split("-", 1)[1]
            assert mover.act("stand", spot) == ""
        moves += 1
    assert moves >= 2 and "deal" not in me.actions and "rebet" in me.actions  # played out
