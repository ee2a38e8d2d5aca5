"""Count the SQL statements a piece of work sends through the app's engine.

    with count_statements() as sql:
        client.post(...)
    assert sql.count <= 8, sql.report()

Every statement the engine hands to the database driver is counted once (SQLAlchemy's
``before_cursor_execute`` event), whatever issued it: the ORM, Core, a flush, a lazy load,
a refresh. An ``executemany`` (one INSERT of several rows) counts once. Not counted: the
transaction's BEGIN and COMMIT, which the driver sends on its own (the commits are marked
in ``report()``), and the PRAGMAs of the SQLite connect event, which run on the raw driver
connection.

Needs an application context when no engine is given (the default is the app's ``db.engine``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine


@dataclass
class Statements:
    """What ran inside the block: each statement's SQL on one line, in order, and after which
    statement each COMMIT came."""

    statements: list[str] = field(default_factory=list)
    commits: list[int] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.statements)

    @property
    def before_commit(self) -> int:
        """Statements up to the last commit: the transaction's share (the rest is reading
        for the response)."""
        return self.commits[-1] if self.commits else self.count

    def verbs(self) -> dict[str, int]:
        """How many of each kind (SELECT, INSERT, UPDATE, DELETE, …)."""
        out: dict[str, int] = {}
        for sql in self.statements:
            verb = sql.split(None, 1)[0].upper() if sql.strip() else "?"
            out[verb] = out.get(verb, 0) + 1
        return out

    def summary(self) -> str:
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(self.verbs().items()))
        return f"{self.count} statements ({kinds}; {self.before_commit} up to the commit)"

    def report(self) -> str:
        """The summary, then one numbered line per statement, for an assertion message."""
        lines = [self.summary()]
        for i, sql in enumerate(self.statements, 1):
            lines.append(f"  {i:>3}. {sql[:160]}")
            lines.extend("       -- COMMIT" for n in self.commits if n == i)
        return "\n".join(lines)


@contextmanager
def count_statements(engine: Engine | None = None) -> Iterator[Statements]:
    """Count the statements executed through ``engine`` (default: the app's) in the block."""
    if engine is None:
        from webgame.extensions import db

        engine = db.engine
    seen = Statements()

    def before(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, executemany: bool) -> None:
        seen.statements.append(" ".join(statement.split()))

    def commit(conn: Any) -> None:
        seen.commits.append(len(seen.statements))

    event.listen(engine, "before_cursor_execute", before)
    event.listen(engine, "commit", commit)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", before)
        event.remove(engine, "commit", commit)
