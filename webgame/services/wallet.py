"""The double-entry wallet: every movement is one LedgerEntry between two accounts.

Debits are conditional and atomic (``UPDATE … WHERE balance >= :x``, row count
checked), so two requests racing for the same chips can never overdraw them, on
SQLite (no SELECT FOR UPDATE) as on PostgreSQL. The caller owns the transaction.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import Account, LedgerEntry


class InsufficientFunds(Exception):
    pass


def account(kind: str, *, player_id: int | None = None, table_id: int | None = None,
            name: str = "") -> Account:
    """The account of that owner, created on first use (by one request only: the unique
    ``uq_account_key`` turns a second, racing creation into a read of the first)."""
    query = sa.select(Account).filter_by(kind=kind, player_id=player_id, table_id=table_id)
    acct = db.session.scalars(query).first()
    if acct is None:
        acct = Account(kind=kind, player_id=player_id, table_id=table_id, name=name or kind,
                       balance=0, may_go_negative=kind in ("house", "cage"))
        try:
            with db.session.begin_nested():
                db.session.add(acct)
        except IntegrityError:
            acct = db.session.scalars(query).one()
    return acct


def house() -> Account:
    """The casino's bank: the sports book's and the jackpot meters' counterpart. A house-banked
    table pays and collects from its own tray (``rounds.house_tray``, P-443)."""
    return account("house", name="Casino bank")


def house_total() -> int:
    """All the house holds: its bank and every table's tray."""
    return int(db.session.scalar(sa.select(sa.func.coalesce(sa.func.sum(Account.balance), 0))
                                 .where(Account.kind == "house")) or 0)


def cage() -> Account:
    return account("cage", name="Demo chip cage")


def wallet(player_id: int) -> Account:
    return account("wallet", player_id=player_id, name="Wallet")


def chips(player_id: int, table_id: int) -> Account:
    return account("chips", player_id=player_id, table_id=table_id, name="Table chips")


def wagers(table_id: int) -> Account:
    return account("wagers", table_id=table_id, name="Wagers on the layout")


def jackpot(meter: str) -> Account:
    """A progressive meter: one account per meter name, shared by every table that feeds it."""
    query = sa.select(Account).filter_by(kind="jackpot", name=meter)
    acct = db.session.scalars(query).first()
    if acct is None:
        acct = Account(kind="jackpot", name=meter, balance=0, may_go_negative=False)
        try:
            with db.session.begin_nested():
                db.session.add(acct)
        except IntegrityError:
            acct = db.session.scalars(query).one()
    return acct


def transfer(debit: Account, credit: Account, amount: int, *, memo: str = "",
             round_id: int | None = None) -> None:
    """Move ``amount`` cents; refuses to overdraw an account that may not go negative."""
    if amount < 0:
        raise ValueError("a transfer is never negative")
    if amount == 0:
        return
    if debit.id == credit.id:
        return
    taken = db.session.execute(
        sa.update(Account)
        .where(Account.id == debit.id)
        .where(sa.or_(Account.may_go_negative.is_(True), Account.balance >= amount))
        .values(balance=Account.balance - amount)
        .execution_options(synchronize_session=False)
    ).rowcount  # type: ignore[attr-defined]
    if taken != 1:
        raise InsufficientFunds("Not enough chips for that.")
    db.session.execute(
        sa.update(Account).where(Account.id == credit.id).values(balance=Account.balance + amount)
        .execution_options(synchronize_session=False)
    )
    db.session.add(LedgerEntry(debit_id=debit.id, credit_id=credit.id, amount=amount,
                               memo=memo[:120], round_id=round_id))
    db.session.flush()
    db.session.expire(debit, ["balance"])
    db.session.expire(credit, ["balance"])


def balance(acct: Account) -> int:
    return int(db.session.scalar(sa.select(Account.balance).where(Account.id == acct.id)) or 0)


def total_of_all_accounts() -> int:
    """The invariant: nothing is ever created or lost, so this never changes (it is 0)."""
    return int(db.session.scalar(sa.select(sa.func.coalesce(sa.func.sum(Account.balance), 0))) or 0)


def ledger_agrees_with_balances() -> bool:
    """Every balance equals its credits minus its debits in the ledger."""
    credits = dict(db.session.execute(
        sa.select(LedgerEntry.credit_id, sa.func.sum(LedgerEntry.amount)).group_by(LedgerEntry.credit_id)
    ).all())
    debits = dict(db.session.execute(
        sa.select(LedgerEntry.debit_id, sa.func.sum(LedgerEntry.amount)).group_by(LedgerEntry.debit_id)
    ).all())
    for acct_id, bal in db.session.execute(sa.select(Account.id, Account.balance)).all():
        if int(credits.get(acct_id, 0)) - int(debits.get(acct_id, 0)) != bal:
            return False
    return True
