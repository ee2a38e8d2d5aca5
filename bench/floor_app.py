"""The floor of a table action: the casino's own app with one more route, ``POST
/tables/<id>/floor``, that does only what any table action must do before its game, and
answers as cheaply as the bare server (``bench/bare_app.py``) does.

What it keeps of the action's path (``web/tables.act``): gunicorn and Flask, the signed session
cookie and its CSRF check, the rate limit on money posts, the login and the response's
security headers; the one statement that reads the table, the round, the seats and the player
(``load_table``); one write (the table's version, as every action bumps it, and the wake-up of
the table's streams) and its commit. What it leaves out: the game (the engine, its legal
moves), the journal, the ledger and the round's save, and the felt: the answer is the bare
server's fragment, rendered from the same template compiled once, of the size the post's
``bytes`` field asks for.

``floor ÷ bare`` is therefore the most any table action could reach on this stack with a game,
a ledger and a felt that cost nothing. The web bench (``bench_web.py --games floor``) serves
this app in place of ``app:app``; every other route is the casino's, unchanged.

    PORT=5002 gunicorn bench.floor_app:app -c gunicorn.conf.py
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import abort, request
from flask_login import current_user

from bench.bare_app import MAX_BYTES, TEMPLATE
from webgame import create_app
from webgame.extensions import db, limiter
from webgame.services import play
from webgame.services.live import bump
from webgame.web.tables import _int, _money_limit, _session_player
from webgame.web.util import login_redirect

app = create_app()
fragment = app.jinja_env.from_string(TEMPLATE)  # compiled once, as the bare server's template file


@lru_cache(maxsize=16)
def layout(size: int) -> tuple[range, str]:
    """The bare server's rows and padding for an answer of ``size`` bytes."""
    frame = len(fragment.render(rows=range(0), kind="bet", pad=""))
    row = len(fragment.render(rows=range(1), kind="bet", pad="")) - frame
    rows = range(max(0, (size - frame) // row))
    return rows, "x" * max(0, size - frame - len(rows) * row)


@app.post("/tables/<int:table_id>/floor")
@limiter.limit(_money_limit)
def floor(table_id: int) -> Any:
    named = _session_player()
    table = play.load_table(table_id, _int("round_id"), named)[0]
    if not current_user.is_authenticated:
        return login_redirect()
    if table is None:
        abort(404)
    bump(table)  # the table's one UPDATE, as an action writes it; its streams are woken at the commit
    db.session.commit()
    asked = request.form.get("bytes", "")
    rows, pad = layout(min(int(asked), MAX_BYTES) if asked.isdigit() else 20_000)
    return fragment.render(rows=rows, kind=request.form.get("kind", "bet")[:3].ljust(3), pad=pad)
