"""Amounts typed by a player: ASCII dollars and cents, or a plain message saying what to type."""

from __future__ import annotations

import pytest

from webgame.engine.money import parse_amount

HOW = "Enter an amount in dollars, like 25 or 2.50."
DIGITS = "Type the amount with the digits 0 to 9, like 25 or 2.50."


@pytest.mark.parametrize("text, cents", [
    ("25", 2500), ("$2.5", 250), (" $ 2.50 ", 250), ("0", 0), ("007", 700),
    ("1,000", 100_000), ("$1,234.50", 123_450), ("999999999.99", 99_999_999_999),
])
def test_amounts_a_player_types(text, cents):
    assert parse_amount(text) == cents


@pytest.mark.parametrize("text, message", [
    ("١٢", DIGITS),                # Arabic-Indic digits
    ("２５", DIGITS),              # full-width digits
    ("²", DIGITS),
    ("1²", DIGITS),
    ("-5", "An amount cannot be below zero."),
    ("$-5", "An amount cannot be below zero."),
    ("2.555", "Amounts go to the cent: at most two digits after the point."),
    ("1000000000", "That amount is too large."),
    ("9" * 5000, "That amount is too large."),   # not Python's integer-conversion limit
    ("", HOW), ("   ", HOW), ("$", HOW), ("abc", HOW), ("1e3", HOW), ("NaN", HOW), ("inf", HOW),
    ("1,5", HOW), ("10,00", HOW), ("1,0000", HOW), ("2.", HOW), ("+5", HOW), ("5\x00", HOW),
    ("1_000", HOW), ("0x10", HOW), ("€5", HOW),
])
def test_bad_amounts_get_plain_words(text, message):
    with pytest.raises(ValueError) as refused:
        parse_amount(text)
    assert str(refused.value) == message
