"""A house-banked table pays and collects from its own tray, not the casino's one bank (P-443):
on PostgreSQL every action that moves the house's money locks that account's row until it
commits, so one bank for every table made each table's actions wait on all the others'."""

from __future__ import annotations

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import Account, BetSettlement
from webgame.services import wallet
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, latest_round


def tray(table_id: int) -> Account | None:
    return db.session.scalars(sa.select(Account).where(Account.kind == "house", Account.table_id == table_id)).first()


def test_each_table_settles_with_its_own_tray(guest):
    bank_before = wallet.balance(wallet.house())
    tables = [create_table(f"Tray {n}", "big-six", "chapter4") for n in (1, 2)]
    db.session.commit()
    for table in tables:
        seat = Seat(guest, table, buy="100")
        assert seat.act("bet", "1", chip=100) == ""
        assert seat.act("spin") == ""
        assert latest_round(table).status == "over"
    for table in tables:
        settled = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == latest_round(table).id))
        house_result = sum(s.stake - s.returned for s in settled)
        held = tray(table.id)
        assert held is not None and held.may_go_negative
        db.session.refresh(held)
        assert held.balance == house_result  # the table's own result, whichever way it went
    assert wallet.balance(wallet.house()) == bank_before  # the casino's bank moved nothing
    assert wallet.house_total() == bank_before + sum(tray(t.id).balance for t in tables)
    assert_books_balance()
