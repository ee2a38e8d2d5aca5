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
