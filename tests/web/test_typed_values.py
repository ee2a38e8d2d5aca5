"""Numbers a browser posts or puts in a link: anything but plain ASCII digits in range gets plain
words (or a 404 for a page that cannot exist), never Python's own message or a server error."""

from __future__ import annotations

import pytest

from webgame.extensions import db
from webgame.models import Table

from .tablehelp import Seat, chips, make_table, me

PYTHON_WORDS = ("invalid literal", "int()", "Exceeds the limit", "Traceback", "ValueError")


def _plain(text: str) -> None:
    for words in PYTHON_WORDS:
        assert words not in text


@pytest.fixture
def seat(guest):
    return Seat(guest, make_table())


@pytest.mark.parametrize("chip", ["²", "١٠٠", "１００", "9" * 40, "9" * 5000, "-100", "0", "1e3", "10\x00"])
def test_a_chip_that_is_not_ascii_digits_is_refused_in_plain_words(seat, chip):
    assert seat.act("bet", "main", chip=chip) == "Choose a chip first."
    _plain(seat.html)
    assert seat.act("bet", "main", chip="1000") == ""  # the table still takes a real chip


HUGE = "9" * 30


@pytest.mark.parametrize("path", [
    "/tables/{n}", "/tables/{n}/play", "/tables/{n}/events", "/rounds/{n}", "/rounds/{n}/proof",
])
@pytest.mark.parametrize("n", [HUGE, str(2**31), str(2**63), "9" * 5000, "١", "１"])
def test_an_id_in_a_link_that_cannot_exist_is_no_page(guest, path, n):
    make_table()
    resp = guest.get(path.format(n=n))
    assert resp.status_code == 404
    assert "There is nothing here." in resp.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/tables/{n}/sit", "/tables/{n}/act", "/tables/{n}/buy-in"])
def test_a_post_to_an_id_that_cannot_exist_is_no_page(guest, path):
    make_table()
    guest.get("/")
    assert guest.post(path.format(n=HUGE), {"seat": "0"}).status_code == 404


def test_ids_in_range_still_lead_to_their_pages(guest):
    table = make_table()
    assert guest.get(f"/tables/{table.id}").status_code == 200
    assert guest.get(f"/tables/{2**31 - 1}").status_code == 404


DIGITS = "Type the amount with the digits 0 to 9, like 25 or 2.50."


def test_buy_in_in_other_digits_is_refused_in_plain_words(seat):
    table = db.session.get(Table, seat.table_id)
    before = chips(me(), table)
    resp = seat.c.post(f"/tables/{table.id}/buy-in", {"amount": "١٠٠"}, htmx=True)
    seat.html = resp.get_data(as_text=True)
    assert seat.error == DIGITS
    db.session.expire_all()
    assert chips(me(), table) == before


@pytest.mark.parametrize("amount, message", [
    ("١٠", DIGITS), ("9" * 5000, "That amount is too large."), ("-5", "An amount cannot be below zero."),
])
def test_a_typed_bet_is_refused_in_plain_words(seat, amount, message):
    assert seat.act("bet", "main", amount=amount) == message
    _plain(seat.html)


@pytest.mark.parametrize("field", ["seat", "round_id", "version"])
@pytest.mark.parametrize("value", ["9" * 30, "9" * 5000, "²", "١", "-1", "1e3", "\x00"])
def test_numbers_in_a_table_form_never_break_the_page(seat, field, value):
    data = {"seat": "0", "kind": "bet", "spot": "main", "chip": "1000", field: value}
    resp = seat.c.post(f"/tables/{seat.table_id}/act", data, htmx=True)
    assert resp.status_code == 200
    _plain(resp.get_data(as_text=True))
    for path in ("sit", "leave", "bot"):
        resp = seat.c.post(f"/tables/{seat.table_id}/{path}", {"seat": value}, htmx=True)
        assert resp.status_code == 200
        _plain(resp.get_data(as_text=True))


def test_operator_limits_in_other_digits_are_refused_in_plain_words(client):
    from webgame.models import Player

    operator = Player(username="operator", display_name="Operator", is_operator=True)
    operator.set_password("operator-pass-123")
    db.session.add(operator)
    table = make_table()
    client.get("/login")
    assert client.post("/login", {"username": "operator", "password": "operator-pass-123"}).status_code == 302
    client.get("/operator/")
    resp = client.post(f"/operator/tables/{table.id}", {"name": table.name, "variant": table.variant,
                                                        "limit_main_min": "١٠", "limit_main_max": "٣٠٠"})
    page = client.get(resp.headers["Location"]).get_data(as_text=True)
    assert "Limits for " in page and DIGITS in page
    db.session.expire_all()
    assert not (db.session.get(Table, table.id).config or {}).get("limits")
