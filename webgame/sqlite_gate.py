"""One SQLite writer at a time, queued by the server rather than by SQLite's busy handler.

SQLite has one write lock per database file. A writer that finds it taken waits in SQLite's
busy handler, which sleeps 1, 2, 5, 10 … up to 100 ms between tries: under a burst of table
actions the lock is often free while every waiting writer sleeps, and a request can wait a
second for a lock held a millisecond at a time. The gate queues writers instead: a thread lock
within a process (handed over at once) and an advisory ``flock`` on a file beside the
database across the server's processes (tried every half millisecond or so). A connection
takes the gate just before its first write statement and gives it back when its transaction
commits or rolls back, so readers never wait and a transaction that only reads never takes it.
A writer that cannot have the gate within the busy timeout goes on without it, and SQLite's
own lock still decides (the gate orders writers; it never replaces the database's lock).

A table action also takes its **turn** (:meth:`WriteGate.take_turn`): one action at a time in
each server process, from before its first read to after its page is drawn. Python runs one
thread of a process at a time, and a thread gives the processor up at each statement it sends
to SQLite; with several actions at work in one process, the holder of the gate waits behind
the others' engine and page work between its statements, and every other writer of the server
waits behind it. Measured on two cores with 16 players posting without pause, the gate was
held 6-15 ms instead of 1.5-2.5 ms, and the server's throughput was the gate's. Taking turns
costs little: a process's threads share one processor anyway, and SQLite's reads and writes
are local (P-442). Pages, live streams and other GETs take no turn.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
_HELD = "sqlite_gate_held"


class WriteGate:
    def __init__(self, database_path: str, timeout_s: float) -> None:
        self.lock_path = database_path + ".writer"
        self.timeout_s = timeout_s
        self._threads = threading.Lock()
        self._turns = threading.Lock()
        self._holder: int | None = None
        self._fd: int | None = None
        self._fd_pid = 0

    def _file(self) -> int:
        if self._fd is None or self._fd_pid != os.getpid():  # a forked worker opens its own
            self._fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            self._fd_pid = os.getpid()
        return self._fd

    def acquire(self) -> bool:
        """Take the gate for this thread; False if it could not be had in time (or is held)."""
        me = threading.get_ident()
        if self._holder == me:
            return False  # this thread's other connection writes: SQLite's own lock decides
        deadline = time.monotonic() + self.timeout_s
        if not self._threads.acquire(timeout=self.timeout_s):
            return False
        fd = self._file()
        pause = 0.0002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    self._threads.release()
                    return False
                time.sleep(pause)
                pause = min(pause * 2, 0.001)
        self._holder = me
        return True

    def take_turn(self) -> bool:
        """This thread's turn among the process's table actions; False if it could not be had
        within the busy timeout (the action then goes on, as a writer without the gate does)."""
        return self._turns.acquire(timeout=self.timeout_s)

    def end_turn(self) -> None:
        self._turns.release()

    def release(self) -> None:
        if self._holder != threading.get_ident():
            return
        self._holder = None
        try:
            if self._fd is not None and self._fd_pid == os.getpid():
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._threads.release()


def install(engine: Engine, timeout_ms: int) -> WriteGate | None:
    """Gate the writes of a SQLite file engine (nothing for memory databases or PostgreSQL)."""
    path = engine.url.database
    if engine.dialect.name != "sqlite" or not path or path == ":memory:" or path.startswith("file:"):
        return None
    gate = WriteGate(os.path.abspath(path), timeout_ms / 1000)

    @event.listens_for(engine, "before_cursor_execute")
    def _before_write(conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if not conn.info.get(_HELD) and statement.lstrip()[:7].upper().startswith(_WRITES):
            conn.info[_HELD] = gate.acquire()

    def _done(conn: Any, *_: Any) -> None:
        if conn.info.pop(_HELD, False):
            gate.release()

    event.listen(engine, "commit", _done)
    event.listen(engine, "rollback", _done)

    @event.listens_for(engine, "checkin")
    def _returned(dbapi_connection: Any, record: Any) -> None:
        if record.info.pop(_HELD, False):  # a connection given back mid-transaction
            gate.release()

    return gate
