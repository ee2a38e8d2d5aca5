"""A Blackjack Switch table through the web: one bet places two equal wagers, the switch is
offered in words, and both hands settle through the ledger."""

from __future__ import annotations

import pytest

from webgame.extensions import db
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, chips, latest_round, load_shoe, me, round_settlements


@pytest.fixture
def table(app):
    table = create_table("Test Switch", "blackjack-switch", "chapter4", config={})
    db.session.commit()
    return table


def test_a_switch_round_through_the_ledger(guest, table):
    load_shoe(table, ["9d", "9c", "9h", "9s"])  # two hands of 18 against the dealer's 18
    seat = Seat(guest, table)
    player = me()
    start = chips(player, table)
    assert seat.act("bet", "main", chip=1000) == ""
    assert chips(player, table) == start - 2000  # two equal wagers (004 s.440, D-048)
    seat.act("deal")
    assert "Switch: swap the second cards of your two hands" in seat.html
    assert "Keep both hands as dealt" in seat.html
    assert seat.act("switch") == ""
    assert seat.act("stand", "0") == ""
    assert seat.act("stand", "1") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    got = {s.bet: (s.stake, s.returned) for s in round_settlements(rnd)}
    assert got == {"main": (1000, 1000), "main/2": (1000, 1000)}  # 18 against 18: both push
    assert chips(player, table) == start
    assert_books_balance()
