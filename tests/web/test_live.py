"""Live tables: the SSE stream, betting windows and decision clocks on shared tables."""

from datetime import timedelta

import sqlalchemy as sa

from tests.conftest import CasinoClient
from webgame.extensions import db
from webgame.models import Round, RoundEvent, utcnow

from .tablehelp import EIGHTS, Seat, assert_books_balance, latest_round, load_shoe, make_table


def _second_player(app, table, seat=1):
    c = CasinoClient(app.test_client())
    c.get("/login")
    c.post("/guest")
    return Seat(c, table, seat=seat)


def _events(resp):
    """Yield (event, data) pairs from an SSE response body as it streams."""
    buf = ""
    for chunk in resp.response:
        buf += chunk.decode() if isinstance(chunk, bytes) else chunk
        while "\n\n" in buf:
            block, buf = buf.split("\n\n", 1)
            fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
            if "event" in fields:
                yield fields["event"], fields.get("data", ""), fields.get("id")


def test_stream_sends_the_version_then_each_change(app, guest):
    app.config["STREAM_SECONDS"] = 5
    table = make_table()
    seat = Seat(guest, table)
    resp = guest.client.get(f"/tables/{table.id}/events", buffered=False)
    assert resp.mimetype == "text/event-stream"
    stream = _events(resp)
    event, data, first_id = next(stream)
    assert event == "changed" and f'"table": {table.id}' in data
    seat.act("bet", "main", chip=1000)
    event, data, second_id = next(stream)
    assert event == "changed" and int(second_id) > int(first_id)
    assert "Ah" not in data and "dealer" not in data  # the stream carries ids and versions only
    resp.close()


def test_a_quiet_stream_probes_its_browser_so_a_gone_one_frees_its_thread(app, guest, monkeypatch):
    """Between events the stream writes a bare comment every PROBE_S: a browser that reloaded is
    found gone by a failed write within seconds, not at the next 15 s heartbeat."""
    from webgame.web import stream as stream_module

    monkeypatch.setattr(stream_module, "PROBE_S", 0.0)
    monkeypatch.setattr(stream_module, "TICK_S", 0.01)
    app.config["STREAM_SECONDS"] = 5
    table = make_table()
    resp = guest.client.get(f"/tables/{table.id}/events", buffered=False)
    chunks = resp.response
    first = [next(chunks) for _ in range(2)]  # the retry line, then the table's version
    assert b"event: changed" in first[1]
    assert next(chunks) == b":\n\n"  # nothing changed: the probe, not a heartbeat or an event
    resp.close()


def test_a_lone_players_round_waits_a_day_not_for_ever_d009(app, guest):
    table = make_table()
    seat = Seat(guest, table)
    seat.act("bet", "main", chip=1000)
    rnd = latest_round(table)
    assert rnd.deadline_kind == "betting"
    assert timedelta(hours=23, minutes=59) < rnd.deadline - utcnow() <= timedelta(hours=24)


def test_betting_window_closes_and_deals_on_a_shared_table(app, guest):
    table = make_table()
    first = Seat(guest, table, seat=0)
    second = _second_player(app, table, seat=1)
    first.act("bet", "main", chip=1000)
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.deadline_kind == "betting"
    assert timedelta(seconds=13) < rnd.deadline - utcnow() <= timedelta(seconds=15)
    second.page()
    assert 'data-testid="deadline"' in second.html
    second.act("bet", "main", chip=500)
    second.act("bet", "lucky-ladies", chip=500)
    second.act("clear", "main")  # leaves nothing: clearing the main bet clears the box
    second.act("bet", "main", chip=200)  # under the $5 minimum when betting closes
    db.session.expire_all()
    rnd = latest_round(table)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    first.page()  # the next look at the table applies the passed window
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.state["phase"] != "betting"
    assert rnd.state["seats"]["0"]["hands"] and not rnd.state["seats"]["1"]["hands"]
    actors = db.session.scalars(sa.select(RoundEvent.actor).where(RoundEvent.round_id == rnd.id)).all()
    assert "timer" in actors
    assert_books_balance()


def test_decision_clock_stands_for_an_absent_player(app, guest):
    table = make_table()
    load_shoe(table, EIGHTS)
    first = Seat(guest, table, seat=0)
    second = _second_player(app, table, seat=1)
    first.act("bet", "main", chip=1000)
    second.page()
    second.act("bet", "main", chip=1000)
    second.act("deal")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.deadline_kind == "decision" and rnd.state["turn"] == 0
    before = rnd.version
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    second.c.get(f"/tables/{table.id}/play")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.version > before
    timed = db.session.scalars(sa.select(RoundEvent).where(RoundEvent.round_id == rnd.id,
                                                          RoundEvent.actor == "timer")).all()
    assert timed and timed[0].action["kind"] in ("stand", "decline")  # D-009: no new money at risk
    assert_books_balance()


def test_stream_tick_applies_a_passed_deadline(app, guest):
    app.config["STREAM_SECONDS"] = 3
    table = make_table()
    first = Seat(guest, table, seat=0)
    _second_player(app, table, seat=1)
    first.act("bet", "main", chip=1000)
    db.session.expire_all()
    rnd = latest_round(table)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    round_id, table_id = rnd.id, table.id
    resp = guest.client.get(f"/tables/{table_id}/events", buffered=False)
    next(_events(resp))
    resp.close()
    db.session.expire_all()
    assert db.session.get(Round, round_id).state["phase"] != "betting"


def _shown_version(html):
    import re

    return int(re.search(r'data-table-version="(\d+)"', html).group(1))


def _table_version(table_id):
    from webgame.models import Table

    db.session.expire_all()
    return db.session.get(Table, table_id).version


def test_a_buy_in_answer_names_the_version_its_stream_event_announces(app, guest):
    """The answer to a purchase of chips shows the table at the version the purchase moved it
    to: the stream's event for that version is then the page's own, and the browser does not
    fetch the play area again (a fetch whose swap could land on the player's next click)."""
    table = make_table()
    Seat(guest, table, buy="")
    before = _table_version(table.id)
    resp = guest.post(f"/tables/{table.id}/buy-in", {"amount": "100"}, htmx=True)
    assert resp.status_code == 200 and "$100" in resp.get_data(as_text=True)
    now = _table_version(table.id)
    assert now > before
    assert _shown_version(resp.get_data(as_text=True)) == now
    resp = guest.post(f"/tables/{table.id}/cash-out", {}, htmx=True)
    assert resp.status_code == 200 and "went back to your wallet" in resp.get_data(as_text=True)
    assert _table_version(table.id) > now
    assert _shown_version(resp.get_data(as_text=True)) == _table_version(table.id)


def test_a_table_touched_by_its_id_is_read_afresh_by_the_answer(app, guest):
    """``live.touch`` given only the table's id (the operator's changes) leaves no stale version
    on the table this request already loaded."""
    from webgame.models import Table
    from webgame.services import live

    table = make_table()
    with app.test_request_context():
        loaded = db.session.get(Table, table.id)
        before = loaded.version
        live.touch(table.id)
        assert loaded.version == before + 1
        db.session.rollback()
