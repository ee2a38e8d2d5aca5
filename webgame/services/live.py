"""Marking a table as changed: bump its version and, once the transaction commits, wake
every stream watching it (this process via the bus; other processes via NOTIFY or Redis)."""

from __future__ import annotations

import functools

import sqlalchemy as sa
from flask import current_app
from sqlalchemy import event
from sqlalchemy.orm import InstanceState, Session
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..models import Table
from ..realtime.bus import BUS, CHANNEL, announce_redis


def touch(table: Table | int) -> None:
    """Mark the table changed and tell the other processes once this transaction commits."""
    notify(mark(table))


def mark(table: Table | int) -> int:
    """Bump the table's version. Given the loaded table, the bump joins the table's own
    UPDATE at the next flush (one statement for the carry, the seed and the version)."""
    if isinstance(table, Table):
        table_id = table.id
        table.version = Table.version + 1
    else:
        table_id = table
        db.session.execute(sa.update(Table).where(Table.id == table_id).values(version=Table.version + 1)
                           .execution_options(synchronize_session=False))
        # The table loaded in this session still holds the old version: an answer rendered from
        # it would name a version it is newer than, and its browser would fetch the table again
        # when the stream announces this one. Read it afresh when next asked.
        loaded = db.session.identity_map.get(sa.inspect(Table).identity_key_from_primary_key((table_id,)))
        if loaded is not None:
            db.session.expire(loaded, ["version"])
    db.session.info.setdefault("touched_tables", set()).add(table_id)
    return table_id


_TABLE_COLUMNS = tuple(attr.key for attr in sa.inspect(Table).column_attrs)


@functools.lru_cache(maxsize=64)
def _bump_statement(keys: tuple[str, ...], notifying: bool) -> sa.Update:
    """The table's UPDATE for these changed columns, built once per set of columns (building a
    statement costs more than running it; the values are bound parameters). ``notifying``: on
    PostgreSQL the same statement queues the table's NOTIFY (``pg_notify`` in its RETURNING),
    sent to the other processes when the transaction commits, and never if it rolls back."""
    tables = Table.__table__
    returned: list[sa.ColumnElement[object]] = [tables.c.version]
    if notifying:
        returned.append(sa.func.pg_notify(CHANNEL, sa.cast(tables.c.id, sa.Text)))
    return (sa.update(tables).where(tables.c.id == sa.bindparam("_id"))
            .values({**{k: sa.bindparam(k) for k in keys}, "version": tables.c.version + 1})
            .returning(*returned))


def bump(table: Table) -> int:
    """Bump the loaded table's version now, with the table's other changed columns (the carry,
    the next seed), in one ``UPDATE … RETURNING version``, and tell the other processes at
    commit: the answer then knows the version it shows without reading it back after the
    commit, and on PostgreSQL the NOTIFY rides in the same statement (no round trip of its
    own). The values written become the object's committed values, so the next flush has
    nothing left to write for the table."""
    state: InstanceState[Table] = sa.inspect(table)
    values: dict[str, object] = {}
    pending = state.committed_state  # an attribute set since it was loaded; the rest are unchanged
    for key in [k for k in _TABLE_COLUMNS if k in pending]:
        if key in ("id", "version") or key in state.unloaded:
            continue
        if state.attrs[key].history.has_changes():
            values[key] = getattr(table, key)
    connection = db.session.connection()
    notifying = connection.dialect.name == "postgresql"
    version = connection.execute(_bump_statement(tuple(values), notifying),
                                 {**values, "_id": table.id}).one()[0]
    for key, value in values.items():
        set_committed_value(table, key, value)
    set_committed_value(table, "version", int(version))
    db.session.info.setdefault("touched_tables", set()).add(table.id)
    return int(version)


def notify(table_id: int) -> None:
    if db.session.get_bind().dialect.name == "postgresql":
        # Transactional: delivered to every listening process only if this commit happens.
        db.session.execute(sa.select(sa.func.pg_notify(CHANNEL, str(table_id))))


def table_version(table_id: int) -> int:
    return int(db.session.scalar(sa.select(Table.version).where(Table.id == table_id)) or 0)


@event.listens_for(Session, "after_commit")
def _wake_streams(session: Session) -> None:
    if session.in_nested_transaction():
        return  # a savepoint: the real commit is still to come
    touched: set[int] = session.info.pop("touched_tables", set())
    for table_id in touched:
        BUS.publish(table_id)
    if touched:
        try:
            announce_redis(touched, current_app.config.get("REDIS_URL", ""))
        except RuntimeError:  # outside an app context (scripts): nothing else to tell
            pass


@event.listens_for(Session, "after_rollback")
def _forget(session: Session) -> None:
    if session.in_nested_transaction():
        return  # a savepoint rolled back: the transaction's changes so far still stand
    session.info.pop("touched_tables", None)

