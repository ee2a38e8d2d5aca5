"""A Spanish 21 table through the web: a round with the Super Bonus, its 7-7-7 bonus and
Match the Dealer paid through the ledger; a double and a rescue in plain words."""

from __future__ import annotations

import pytest

from webgame.extensions import db
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, chips, latest_round, load_shoe, me, round_settlements


@pytest.fixture
def table(app):
    table = create_table("Test Spanish 21", "spanish-21", "grand-ronde", config={})
    db.session.commit()
    return table


def test_super_bonus_round_pays_through_the_ledger(guest, table):
    load_shoe(table, ["7d"], deck_size=48)  # every card a seven of diamonds
    seat = Seat(guest, table)
    player = me()
    start = chips(player, table)
    assert seat.act("bet", "main", chip=1000) == ""
    assert seat.act("bet", "match-the-dealer", chip=500) == ""
    seat.act("deal")
    assert "Surrender: give up the hand, half the bet back" in seat.html
    assert seat.act("hit", "0") == ""  # 7-7-7 of diamonds against the dealer's 7: stands on 21
    rnd = latest_round(table)
    assert rnd.status == "over"
    paid = {s.bet: s.returned for s in round_settlements(rnd)}
    assert paid == {"match-the-dealer": 500 * 19,   # two suited matches, 18 to 1 (000 s.1156)
                    "main": 1000 * 3,                 # 7-7-7 of one suit, 2 to 1 (000 s.1142)
                    "super-bonus": 100000}            # $1,000 on a $5-$24 bet (000 s.1151)
    assert chips(player, table) == start + sum(paid.values()) - 1500
    html = seat.page()
    assert "Super Bonus" in html
    assert_books_balance()


def test_double_then_rescue_in_plain_words(guest, table):
    load_shoe(table, ["5d", "5c", "5h", "5s"], deck_size=48)  # 5-5 against a 5: no peek, no insurance
    seat = Seat(guest, table)
    player = me()
    start = chips(player, table)
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    assert seat.act("double", "0", amount="10") == ""
    assert "Rescue: take back the last double, lose the rest" in seat.html
    assert "Double again (up to the total bet)" in seat.html
    assert "hit-0" not in seat.actions  # after a double: double again, rescue or stand
    assert seat.act("rescue", "0") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    assert chips(player, table) == start - 1000  # the $10 double back, the $10 bet lost
    assert "rescued" in seat.page()
    assert_books_balance()
