"""The hold'em tables' paytable reading (their table base is :mod:`webgame.games.banked`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def first_line(rules: Mapping[str, Any], paytable: str, lines: Sequence[str]) -> str | None:
    """The first of a hand's paytable lines (most specific first) that the table pays."""
    table = rules["paytables"][paytable]["lines"]
    return next((ln for ln in lines if ln in table), None)

