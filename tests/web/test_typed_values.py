"""Numbers a browser posts or puts in a link: anything but plain ASCII digits in range gets plain
words (or a 404 for a page that cannot exist), never Python's own message or a server error."""

from __future__ import annotations

import pytest

from .tablehelp import Seat, make_table, me

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
