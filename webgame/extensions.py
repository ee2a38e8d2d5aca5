"""Flask extensions, created unbound and initialised in create_app()."""

from __future__ import annotations

import time
from typing import Any

from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from htmx_flask import Htmx
from limits.storage import MemoryStorage
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
migrate = Migrate()
csrf = CSRFProtect()
login_manager = LoginManager()
htmx = Htmx()
# Login and money endpoints are rate-limited per client address; with REDIS_URL the counts
# are shared by every process (RATELIMIT_STORAGE_URI), otherwise kept in memory. The limits are
# checked once per request, before the view (``create_app`` registers ``limiter.check``): left
# to itself the extension checks every request twice, once before it and once more in a limited
# view's decorator, and its checks cost about a twelfth of a table action's Python calls (P-444).
limiter = Limiter(key_func=get_remote_address, default_limits=[], auto_check=False)


class SweptMemoryStorage(MemoryStorage):
    """The rate limits' counts in this process (``swept-memory://``): limits' own ``memory://``
    storage, whose expired counts are swept by the request that finds a sweep due (once a
    second) rather than by a timer thread started for every counted request whenever the last
    one has finished. An expired count is already ignored when read (each key's expiry is
    checked by ``get``), so the sweep only frees memory: the limits count exactly as before."""

    STORAGE_SCHEME = ["swept-memory"]  # noqa: RUF012 (the library reads it as a class attribute)
    SWEEP_SECONDS = 1.0

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        self._next_sweep = 0.0
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    def _MemoryStorage__schedule_expiry(self) -> None:  # the parent's private hook, by its mangled name
        now = time.monotonic()
        if now >= self._next_sweep:
            self._next_sweep = now + self.SWEEP_SECONDS
            self._MemoryStorage__expire_events()  # type: ignore[attr-defined]


# SQLite as a server database (P-009). Every new connection to a SQLite file gets:
# - journal_mode=WAL: readers never block the writer nor the writer the readers;
# - busy_timeout: a writer waits this long for the one write lock instead of failing at once
#   with "database is locked" (set first, so the other PRAGMAs wait too);
# - synchronous=NORMAL: in WAL mode, sync at checkpoints, not at every commit; a power loss may
#   lose the last commits but never corrupts the file;
# - foreign_keys=ON: SQLite leaves foreign keys unchecked unless asked, per connection.
SQLITE_BUSY_TIMEOUT_MS = 15_000
SQLITE_PRAGMAS = (
    f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}",
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    try:
        for pragma in SQLITE_PRAGMAS:
            cur.execute(pragma)
    finally:
        cur.close()


def tune_sqlite(engine: Engine) -> None:
    """Set SQLITE_PRAGMAS on each new connection of ``engine`` if it is a SQLite engine
    (nothing for PostgreSQL). Call before the engine's first connection."""
    if engine.dialect.name == "sqlite" and not event.contains(engine, "connect", _sqlite_pragmas):
        event.listen(engine, "connect", _sqlite_pragmas)
