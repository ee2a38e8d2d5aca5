"""American odds as exact fractions (D-401, D-001).

A price of -110 wins 100 for every 110 staked, +150 wins 150 for every 100: the decimal odds
are 1 + 100/110 and 1 + 150/100 as fractions, never rounded decimals. Lines (spreads and
totals) are kept in half points, so -3.5 is the integer -7 and a half point is exact.
"""

from __future__ import annotations

import re
from fractions import Fraction

_AMERICAN = re.compile(r"^\s*([+-]?)\s*(\d{3,6})\s*$", re.ASCII)
_LINE = re.compile(r"^\s*([+-]?)\s*(\d{1,3})(?:\.(0|5))?\s*$", re.ASCII)
EVEN = 100


def parse_american(text: str) -> int:
    """ "-110", "+150", "150", "even" to the signed American price; anything else refused in words."""
    raw = (text or "").strip()
    if raw.lower() in ("even", "ev", "evs"):
        return EVEN
    m = _AMERICAN.match(raw)
    if m is None:
        raise ValueError("Enter American odds like -110 or +150.")
    value = int(m.group(2))
    if value < EVEN:
        raise ValueError("American odds are at least 100 either way: -110, +100, +150.")
    return -value if m.group(1) == "-" else value


def check_american(price: int, shortest: int, longest: int) -> None:
    """A posted price within the book's bounds; -100 is written +100 (even money)."""
    if -EVEN < price < EVEN or price == -EVEN:
        raise ValueError("American odds are -101 or shorter, or +100 or longer.")
    if price < shortest or price > longest:
        raise ValueError(f"The book posts odds from {fmt_american(shortest)} to {fmt_american(longest)}.")


def net(price: int) -> Fraction:
    """The win per unit staked: -110 → 100/110, +150 → 150/100 (D-401)."""
    if price >= EVEN:
        return Fraction(price, 100)
    if price <= -EVEN - 1:
        return Fraction(100, -price)
    raise ValueError(f"not an American price: {price}")


def decimal(price: int) -> Fraction:
    """The decimal odds, stake included: -110 → 1 + 100/110 (exactly 21/11)."""
    return 1 + net(price)


def fmt_american(price: int) -> str:
    return f"+{price}" if price > 0 else str(price)


def fmt_decimal(price: int) -> str:
    """Decimal odds to two places (1.91 for -110), for reading only: settlement uses :func:`decimal`."""
    hundredths = round(decimal(price) * 100)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def parse_line(text: str) -> int:
    """A spread or total as typed ("-3.5", "+7", "47.5") to half points (-7, 14, 95)."""
    m = _LINE.match(text or "")
    if m is None:
        raise ValueError("Enter the line in whole or half points, like -3.5 or 47.")
    halves = int(m.group(2)) * 2 + (1 if m.group(3) == "5" else 0)
    return -halves if m.group(1) == "-" else halves


def fmt_line(half_points: int, *, signed: bool = True) -> str:
    """-7 → "-3.5", 6 → "+3", 0 → "PK" (a spread of nothing is a pick'em)."""
    if signed and half_points == 0:
        return "PK"
    whole, half = divmod(abs(half_points), 2)
    text = f"{whole}.5" if half else str(whole)
    if not signed:
        return text
    return ("-" if half_points < 0 else "+") + text
