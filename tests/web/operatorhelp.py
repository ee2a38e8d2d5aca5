"""What the operator-page tests share: a demo table by name, a figure fragment asked for until
it settles, and a wager's row read from it."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import Table


def named(name: str) -> Table:
    return db.session.scalars(sa.select(Table).filter_by(name=name)).one()


def settled(html_of: Callable[[], str], seconds: float = 30.0) -> str:
    """Ask again while a figure is still being computed (the fragment polls itself)."""
    deadline = time.monotonic() + seconds
    while 'hx-trigger="every 2s"' in (html := html_of()):
        assert time.monotonic() < deadline, html
        time.sleep(0.2)
    return html


def main_row(fragment: str, label: str) -> tuple[float, str]:
    """A wager's figure and its method ("exact" or "simulation") on the operator's page."""
    m = re.search(rf"<td>{re.escape(label)}</td>\s*<td>(-?[0-9.]+)%</td>\s*<td>\s*([a-z]+)", fragment)
    assert m, f"no {label} row in {fragment}"
    return float(m.group(1)), m.group(2)
