"""Money is integer cents; odds are exact fractions; one rounding rule.

DECISIONS D-001: every amount is an integer number of US cents.
DECISIONS D-002: every computed transfer is truncated toward zero to the cent;
for a split forfeit (surrender, rescue) the house's half is rounded down, so the
player's returned half is rounded up.
DECISIONS D-024: "X to 1" is a net win with the stake returned; "X for 1" is the
total returned, stake included.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

Cents = int
K = TypeVar("K")  # what a share belongs to: a seat, or a (seat, bet) pair

_ODDS = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(to|for|:|x)\s*(\d+(?:\.\d+)?)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Odds:
    """A payout ratio. ``net`` is the win per unit staked, stake not included."""

    numerator: int
    denominator: int
    kind: str = "to"  # "to" (net) or "for" (total returned)

    @classmethod
    def parse(cls, text: str) -> Odds:
        # A paytable prints a handful of lines and the exact counts read them once per deal
        # they weigh (hundreds of thousands): each text is parsed once.
        return cls(*_parsed(text))

    @property
    def net(self) -> Fraction:
        ratio = Fraction(self.numerator, self.denominator)
        return ratio - 1 if self.kind == "for" else ratio

    def win(self, stake: Cents) -> Cents:
        """The net win on ``stake`` at these odds, truncated to the cent (D-002)."""
        return truncate(self.net * stake)

    def __str__(self) -> str:
        return f"{self.numerator} {self.kind} {self.denominator}"


@lru_cache(maxsize=4096)
def _parsed(text: str) -> tuple[int, int, str]:
    m = _ODDS.match(text)
    if not m:
        raise ValueError(f"not odds: {text!r}")
    a, sep, b = Fraction(m.group(1)), m.group(2).lower(), Fraction(m.group(3))
    ratio = a / b
    kind = "for" if sep == "for" else "to"
    return ratio.numerator, ratio.denominator, kind


def truncate(amount: Fraction | int) -> Cents:
    """D-002: drop the fraction of a cent, toward zero."""
    return int(amount)  # int() of a Fraction truncates toward zero


def half_forfeit(stake: Cents) -> tuple[Cents, Cents]:
    """Surrender-style split: (returned to player, kept by house); house's half rounds down."""
    kept = stake // 2
    return stake - kept, kept


def percent(amount: Cents, rate: Fraction) -> Cents:
    """A commission or fee of ``rate`` on ``amount``, truncated (D-002)."""
    return truncate(Fraction(amount) * rate)


def share_exactly(wins: Mapping[K, Cents], total: Cents) -> dict[K, Cents]:
    """Cut ``wins`` to ``total`` in proportion, truncated (D-002); the cents the truncation
    leaves go one each in key order, so the shares add up to ``total`` exactly (a per-player
    or per-hand cap pays its full amount, D-006)."""
    whole = sum(wins.values())
    if whole <= total:
        return dict(wins)
    shares = {k: w * total // whole for k, w in wins.items()}
    left = total - sum(shares.values())
    for k in sorted(wins):  # type: ignore[type-var]  # seats and (seat, bet) pairs both sort
        if left <= 0:
            break
        if wins[k]:
            shares[k] += 1
            left -= 1
    return shares


def fmt(cents: Cents, *, sign: bool = False) -> str:
    """$1,234.50 (whole dollars drop the cents: $25)."""
    neg = cents < 0
    cents = abs(cents)
    dollars, rest = divmod(cents, 100)
    text = f"${dollars:,}" if rest == 0 else f"${dollars:,}.{rest:02d}"
    if neg:
        return "-" + text
    return ("+" + text) if sign and cents else text


# ASCII digits only (re.ASCII): "\d" alone would also take "١٢" or "２５". Thousands may be grouped
# with commas as fmt() writes them ("1,000"); at most two digits after the point.
_AMOUNT = re.compile(r"\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?", re.ASCII)
_AMOUNT_DIGITS = 9  # up to $999,999,999.99
_HOW = "Enter an amount in dollars, like 25 or 2.50."


def parse_amount(text: str) -> Cents:
    """Dollars as typed by a player ("25", "$2.50", "$1,000") to cents; anything else is refused
    with a message the player can act on."""
    raw = (text or "").strip(" \t\r\n")
    m = _AMOUNT.fullmatch(raw)
    if m is None:
        if any(ch.isdigit() and not ch.isascii() for ch in raw):
            raise ValueError("Type the amount with the digits 0 to 9, like 25 or 2.50.")
        if raw.lstrip("$ ").startswith("-"):
            raise ValueError("An amount cannot be below zero.")
        raise ValueError(_HOW)
    whole = m.group(1).replace(",", "").lstrip("0") or "0"
    frac = m.group(2) or ""
    if len(frac) > 2:
        raise ValueError("Amounts go to the cent: at most two digits after the point.")
    if len(whole) > _AMOUNT_DIGITS:
        raise ValueError("That amount is too large.")
    return int(whole) * 100 + int(frac.ljust(2, "0"))
