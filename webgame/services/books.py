"""The money of one table action, written at once.

A table action moves money many times (a stake, a win paid by the house, the return of
stakes to a seat's chips; every seat's, every bot's), and each used to be its own pair of
balance updates and a ledger row. :class:`Books` keeps the same double entry, one
:class:`~webgame.models.LedgerEntry` per movement, but writes the action's movements in two
statements, whatever their number:

* one ``UPDATE accounts SET balance = balance + CASE id … END WHERE id IN (…)`` that also
  refuses to take any account that may not go negative below zero (the conditional debit of
  :func:`wallet.transfer`, for all the action's accounts at once: fewer rows updated than
  accounts named means one of them would be overdrawn, and the caller rolls back), and
  returns each account's new balance;
* one multi-row ``INSERT`` of the ledger entries.

Account ids never change once an account exists, so they are remembered per application
after the transaction that found or made them commits (:func:`account_id`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from flask import current_app
from sqlalchemy import event
from sqlalchemy.orm import Session

from ..extensions import db
from ..models import Account, LedgerEntry, utcnow
from . import wallet

_PENDING = "new_account_ids"
_CREATED = "accounts_made_here"


def _known() -> dict[tuple[Any, ...], int]:
    cache: dict[tuple[Any, ...], int] = current_app.extensions.setdefault("account_ids", {})
    return cache


def account_id(kind: str, *, player_id: int | None = None, table_id: int | None = None,
               name: str = "") -> int:
    """The id of that owner's account, found or made once; remembered after commit (an
    account made in a transaction that rolls back must not be remembered)."""
    key = (kind, player_id, table_id, name if kind == "jackpot" else "")
    known = _known().get(key)
    if known is not None:
        return known
    pending: dict[tuple[Any, ...], int] = db.session.info.setdefault(_PENDING, {})
    if key in pending:
        return pending[key]
    if kind == "jackpot":
        acct = wallet.jackpot(name)
    else:
        acct = wallet.account(kind, player_id=player_id, table_id=table_id, name=name)
    if acct.id in db.session.info.get(_CREATED, ()):
        pending[key] = acct.id  # made by this transaction: known only once it commits
    else:
        _known()[key] = acct.id  # found already there: committed by an earlier transaction
    return acct.id


@event.listens_for(Session, "after_flush")
def _note_created(session: Session, _: Any) -> None:
    made = {obj.id for obj in session.new if isinstance(obj, Account)}
    if made:
        session.info.setdefault(_CREATED, set()).update(made)


@event.listens_for(Session, "after_commit")
def _remember(session: Session) -> None:
    if session.in_nested_transaction():
        return  # a savepoint released: the transaction that made the accounts is still open
    session.info.pop(_CREATED, None)
    pending = session.info.pop(_PENDING, None)
    if pending:
        try:
            _known().update(pending)
        except RuntimeError:  # no application context (a script): nothing to remember in
            pass


@event.listens_for(Session, "after_rollback")
def _forget(session: Session) -> None:
    if session.in_nested_transaction():
        return  # a savepoint rolled back (a racing account made elsewhere): the rest stands
    session.info.pop(_PENDING, None)
    session.info.pop(_CREATED, None)


class Overdrawn(wallet.InsufficientFunds):
    """An account in the batch would have gone below zero; ``accounts`` names them."""

    def __init__(self, accounts: set[int]) -> None:
        super().__init__("Not enough chips for that.")
        self.accounts = accounts


@functools.lru_cache(maxsize=32)
def _balances_statement(n: int) -> sa.Update:
    """The one conditional UPDATE of ``n`` balances (account ``a<i>`` by ``d<i>`` cents),
    RETURNING them; built once per number of accounts, its figures bound parameters."""
    accounts = Account.__table__
    ids = [sa.bindparam(f"a{i}", type_=sa.Integer) for i in range(n)]
    change = sa.case(*[(accounts.c.id == ids[i], sa.bindparam(f"d{i}", type_=sa.BigInteger)) for i in range(n)], else_=0)
    return (sa.update(accounts)
            .where(accounts.c.id.in_(ids))
            .where(sa.or_(accounts.c.may_go_negative.is_(True), accounts.c.balance + change >= 0))
            .values(balance=accounts.c.balance + change)
            .returning(accounts.c.id, accounts.c.balance))


class Books:
    """The movements of one action, kept in order until :meth:`write`."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self.deltas: dict[int, int] = {}
        self.balances: dict[int, int] = {}  # after the last write, for the accounts it touched

    def move(self, debit: int, credit: int, amount: int, memo: str, round_id: int | None = None) -> None:
        if amount < 0:
            raise ValueError("a transfer is never negative")
        if amount == 0 or debit == credit:
            return
        self.entries.append({"debit_id": debit, "credit_id": credit, "amount": amount,
                             "memo": memo[:120], "round_id": round_id, "created_at": utcnow()})
        self.deltas[debit] = self.deltas.get(debit, 0) - amount
        self.deltas[credit] = self.deltas.get(credit, 0) + amount

    def watch(self, accounts: Iterable[int]) -> None:
        """Learn these accounts' balances at the next write even if nothing moves them."""
        for acct in accounts:
            self.deltas.setdefault(acct, 0)

    def pending_delta(self, acct: int) -> int:
        return self.deltas.get(acct, 0)

    def write(self) -> dict[int, int]:
        """Apply every movement; returns the new balance of each account named. Raises
        :class:`Overdrawn` (nothing written that the caller's rollback will not undo)."""
        if not self.deltas:
            return {}
        deltas = dict(self.deltas)
        # Core on the session's connection (no ORM objects to keep in step): the balances come
        # back from the statement itself.
        params: dict[str, int] = {}
        for i, (acct, delta) in enumerate(deltas.items()):
            params[f"a{i}"], params[f"d{i}"] = acct, delta
        rows = db.session.connection().execute(_balances_statement(len(deltas)), params).all()
        balances = {int(acct): int(bal) for acct, bal in rows}
        if len(balances) != len(deltas):
            raise Overdrawn(set(deltas) - set(balances))
        if self.entries:
            db.session.connection().execute(LedgerEntry.__table__.insert(), self.entries)
        self.entries, self.deltas = [], {}
        self.balances.update(balances)
        return balances
