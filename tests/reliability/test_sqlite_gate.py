"""The SQLite write gate (webgame/sqlite_gate.py): writers queue on it, readers never do, and
it is given back when the transaction ends, whichever way."""

from __future__ import annotations

import fcntl
import os
import threading

import pytest
import sqlalchemy as sa

from webgame import sqlite_gate


@pytest.fixture
def engine(tmp_path):
    eng = sa.create_engine(f"sqlite:///{tmp_path / 'gate.db'}")
    gate = sqlite_gate.install(eng, 5000)
    with eng.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE t (n INTEGER)")
    yield eng, gate
    eng.dispose()


def other_process_could_write(gate) -> bool:
    """Whether another process would get the gate now: a fresh open file description tries
    the same advisory lock without waiting."""
    fd = os.open(gate.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)
    return True


def test_a_write_holds_the_gate_until_commit_and_a_read_never_takes_it(engine):
    eng, gate = engine
    with eng.connect() as conn:
        conn.execute(sa.text("SELECT count(*) FROM t")).scalar()
        assert other_process_could_write(gate)  # reading takes nothing
        conn.execute(sa.text("INSERT INTO t VALUES (1)"))
        assert not other_process_could_write(gate)
        conn.commit()
        assert other_process_could_write(gate)
        conn.execute(sa.text("UPDATE t SET n = 2"))
        assert not other_process_could_write(gate)
        conn.rollback()
        assert other_process_could_write(gate)


def test_a_connection_given_back_mid_transaction_gives_the_gate_back(engine):
    eng, gate = engine
    conn = eng.connect()
    conn.execute(sa.text("INSERT INTO t VALUES (1)"))
    assert not other_process_could_write(gate)
    conn.close()
    assert other_process_could_write(gate)


def test_a_second_writer_waits_for_the_first_to_commit(engine):
    eng, gate = engine
    order: list[str] = []
    first_wrote, second_started = threading.Event(), threading.Event()

    def first() -> None:
        with eng.connect() as conn:
            conn.execute(sa.text("INSERT INTO t VALUES (1)"))
            first_wrote.set()
            second_started.wait(5)
            # the second writer is now waiting on the gate, not inside SQLite
            assert gate._holder == threading.get_ident()
            order.append("first commits")
            conn.commit()

    def second() -> None:
        first_wrote.wait(5)
        with eng.connect() as conn:
            second_started.set()
            conn.execute(sa.text("INSERT INTO t VALUES (2)"))
            order.append("second wrote")
            conn.commit()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert order == ["first commits", "second wrote"]
    with eng.connect() as conn:
        assert sorted(r[0] for r in conn.execute(sa.text("SELECT n FROM t"))) == [1, 2]
    assert other_process_could_write(gate)


def test_memory_databases_and_postgresql_urls_are_not_gated():
    assert sqlite_gate.install(sa.create_engine("sqlite://"), 1000) is None
