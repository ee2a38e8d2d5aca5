"""Server-Sent Events per table: each event says only "table T is at version V".

Every browser then re-fetches its own redacted fragment (/tables/T/play), so nothing a
player may not see ever travels on the stream. The loop also applies a passed deadline
(betting window, decision clock) on its tick: no background thread owns game state.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

from flask import Blueprint, Response, current_app, stream_with_context
from flask_login import current_user

from ..extensions import db
from ..models import Table
from ..realtime.bus import BUS, start_relay
from ..services import live, play, presence
from .util import get_or_404

bp = Blueprint("stream", __name__)

HEARTBEAT_S = 15.0
TICK_S = 1.0
# A browser that reloads or leaves is only noticed when a write to it fails, and until then its
# stream holds a worker thread. A two-byte comment every few seconds finds a gone browser within
# two of them, so a player reloading a page does not leave threads waiting out the heartbeat.
PROBE_S = 2.0
STREAM_S = 300.0  # the browser reconnects (with Last-Event-ID) and frees the worker thread


def _version_and_tick(table_id: int) -> int:
    table = db.session.get(Table, table_id)
    if table is None:
        return -1
    try:
        if play.tick(table):
            db.session.commit()
    except play.PlayError:
        db.session.rollback()  # someone else applied it first
    version = live.table_version(table_id)
    db.session.remove()  # hold no connection while waiting
    return version


def _still_here(table_id: int, viewer_id: int | None) -> None:
    """The stream's heartbeat is the player's presence at the table (P-015)."""
    if viewer_id is None:
        return
    presence.mark_present(table_id, viewer_id)
    db.session.commit()
    db.session.remove()


@bp.get("/tables/<int:table_id>/events")
def events(table_id: int) -> Response:
    get_or_404(Table, table_id)
    start_relay(current_app.config["SQLALCHEMY_DATABASE_URI"], current_app.config.get("REDIS_URL", ""))
    seconds = float(current_app.config.get("STREAM_SECONDS", STREAM_S))

    viewer_id = current_user.id if current_user.is_authenticated else None

    def stream() -> Iterator[str]:
        seen = None
        last_sent = last_probe = time.monotonic()
        ends = time.monotonic() + seconds
        yield "retry: 2000\n\n"
        while time.monotonic() < ends:
            mark = BUS.mark(table_id)
            version = _version_and_tick(table_id)
            if version != seen:
                seen = version
                last_sent = time.monotonic()
                payload = json.dumps({"table": table_id, "version": version})
                yield f"id: {version}\nevent: changed\ndata: {payload}\n\n"
            elif time.monotonic() - last_sent >= HEARTBEAT_S:
                last_sent = time.monotonic()
                _still_here(table_id, viewer_id)
                yield ": heartbeat\n\n"
            elif time.monotonic() - last_probe >= PROBE_S:
                last_probe = time.monotonic()
                yield ":\n\n"
            BUS.wait(table_id, mark, TICK_S)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(stream_with_context(stream()), mimetype="text/event-stream", headers=headers)
