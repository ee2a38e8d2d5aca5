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


# -- a table action's turn ---------------------------------------------------------------

def test_one_turn_at_a_time_in_a_process(tmp_path):
    gate = sqlite_gate.WriteGate(str(tmp_path / "turns.db"), 0.05)
    assert gate.take_turn()
    other: list[bool] = []
    waiter = threading.Thread(target=lambda: other.append(gate.take_turn()))
    waiter.start()
    waiter.join(5)
    assert other == [False]  # not had within the timeout while this thread's turn lasts
    gate.end_turn()
    waiter = threading.Thread(target=lambda: other.append(gate.take_turn()))
    waiter.start()
    waiter.join(5)
    assert other == [False, True]


class TurnLog:
    """The gate's turns as a table's requests take them, beside where the action ran."""

    def __init__(self, gate, monkeypatch) -> None:
        self.events: list[str] = []
        take, end = gate.take_turn, gate.end_turn

        def taken() -> bool:
            self.events.append("turn")
            return take()

        def ended() -> None:
            self.events.append("end")
            end()

        monkeypatch.setattr(gate, "take_turn", taken)
        monkeypatch.setattr(gate, "end_turn", ended)


def seated_with_turns_logged(app, guest, monkeypatch):
    """A guest seated at a Big Six table of its own, and the log of the gate's turns."""
    from tests.web.tablehelp import Seat
    from webgame.extensions import db
    from webgame.services.tables import create_table

    gate = app.extensions["sqlite_gate"]
    table = create_table("Turns", "big-six", "chapter4")
    db.session.commit()
    return gate, table, Seat(guest, table, buy="100"), TurnLog(gate, monkeypatch)


def test_a_table_action_runs_within_its_turn_and_gives_it_back(app, guest, monkeypatch):
    from webgame.services import play

    gate, _, seat, log = seated_with_turns_logged(app, guest, monkeypatch)
    loading = play.load_table

    def load(*args, **kwargs):
        log.events.append("action" if gate._turns.locked() else "action outside a turn")
        return loading(*args, **kwargs)

    monkeypatch.setattr(play, "load_table", load)
    assert seat.act("bet", "1", chip=100) == ""
    assert log.events == ["turn", "action", "end"]
    assert not gate._turns.locked()
    # A refused action gives its turn back too, and a page (a GET) takes none.
    log.events.clear()
    assert seat.act("bet", "no-such-spot", chip=100) != ""
    seat.page()
    assert log.events == ["turn", "action", "end"]
    assert not gate._turns.locked()


def test_a_turn_is_given_back_when_the_action_fails(app, guest, monkeypatch):
    from webgame.services import play

    gate, table, seat, log = seated_with_turns_logged(app, guest, monkeypatch)

    def broken(*args, **kwargs):
        raise RuntimeError("the action broke")

    monkeypatch.setattr(play, "act", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    resp = guest.post(f"/tables/{table.id}/act", {"seat": 0, "kind": "bet", "spot": "1", "chip": 100,
                                                 "round_id": seat.round_id, "version": seat.version}, htmx=True)
    assert resp.status_code == 500
    assert log.events == ["turn", "end"]
    assert not gate._turns.locked()
