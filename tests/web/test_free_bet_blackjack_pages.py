"""A Free Bet Blackjack table through the web: a free double costs the player nothing, shows
its Free Bet on the felt, and the ledger balances."""

from __future__ import annotations

import pytest

from webgame.extensions import db
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, chips, latest_round, load_shoe, me, round_settlements


@pytest.fixture
def table(app):
    table = create_table("Test Free Bet", "free-bet-blackjack", "grand-ronde", config={})
    db.session.commit()
    return table


def test_a_free_double_round_through_the_ledger(guest, table):
    load_shoe(table, ["5d", "5c", "5h", "5s"])  # 5-5 (hard 10) against a 5; the dealer ends on 20
    seat = Seat(guest, table)
    player = me()
    start = chips(player, table)
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    assert "Double for free: the house puts a Free Bet on it" in seat.html
    assert "Split for free: the house puts a Free Bet on the new hand" in seat.html
    assert seat.act("double", "0") == ""
    assert chips(player, table) == start - 1000  # the free double took no chips
    rnd = latest_round(table)
    assert rnd.status == "over"
    got = {s.bet: (s.stake, s.returned) for s in round_settlements(rnd)}
    assert got == {"main": (1000, 0), "main/double": (0, 0)}  # 15 against 20: the Free Bet costs nothing
    assert chips(player, table) == start - 1000
    assert 'data-testid="free-bet"' in seat.page()
    assert_books_balance()
