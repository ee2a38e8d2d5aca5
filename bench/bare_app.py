"""The baseline of the web benchmark: a bare Flask app, no database, no session, no CSRF,
whose one POST endpoint renders a Jinja fragment of ``BENCH_FRAGMENT_BYTES`` bytes (the
casino's average action response), or of the size the POST's ``bytes`` field asks for (one
server answers for every game measured). Served by gunicorn with the project's settings:

    BENCH_FRAGMENT_BYTES=20000 PORT=5001 gunicorn bench.bare_app:app -c gunicorn.conf.py
"""

from __future__ import annotations

import os
from functools import lru_cache

from flask import Flask, render_template, request
from jinja2 import DictLoader

TEMPLATE = (
    '<section id="play">\n'
    "{% for i in rows %}"
    '<div class="spot" data-spot="{{ \'%06d\'|format(i) }}"><span>Spot</span><b>{{ kind }}</b></div>\n'
    "{% endfor %}"
    "<p>{{ pad }}</p></section>\n"
)
MAX_BYTES = 2_000_000


def render(rows: range, kind: str, pad: str) -> str:
    # A template file as any Flask app has, compiled once and kept by Jinja's cache; the
    # baseline once rendered from a string, which Jinja compiles anew on every call (about a
    # third of its CPU per request), and flattered the casino's ratio (P-445).
    return render_template("fragment.html", rows=rows, kind=kind, pad=pad)


def create_app(size: int) -> Flask:
    app = Flask(__name__)
    app.jinja_loader = DictLoader({"fragment.html": TEMPLATE})
    with app.app_context():
        frame = len(render(range(0), "bet", ""))
        row = len(render(range(1), "bet", "")) - frame

    @lru_cache(maxsize=16)
    def layout(size: int) -> tuple[range, str]:
        rows = range(max(0, (size - frame) // row))
        return rows, "x" * max(0, size - frame - len(rows) * row)

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.post("/act")
    def act() -> str:
        asked = request.form.get("bytes", "")
        rows, pad = layout(min(int(asked), MAX_BYTES) if asked.isdigit() else size)
        return render(rows, request.form.get("kind", "bet")[:3].ljust(3), pad)

    return app


app = create_app(int(os.environ.get("BENCH_FRAGMENT_BYTES", "20000")))
