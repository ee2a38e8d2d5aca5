"""The baseline of the web benchmark: a bare Flask app, no database, no session, no CSRF,
whose one POST endpoint renders a Jinja fragment of ``BENCH_FRAGMENT_BYTES`` bytes (the
casino's average action response). Served by gunicorn with the project's settings:

    BENCH_FRAGMENT_BYTES=20000 PORT=5001 gunicorn bench.bare_app:app -c gunicorn.conf.py
"""

from __future__ import annotations

import os

from flask import Flask, render_template_string, request

TEMPLATE = (
    '<section id="play">\n'
    "{% for i in rows %}"
    '<div class="spot" data-spot="{{ \'%06d\'|format(i) }}"><span>Spot</span><b>{{ kind }}</b></div>\n'
    "{% endfor %}"
    "<p>{{ pad }}</p></section>\n"
)


def render(rows: range, kind: str, pad: str) -> str:
    return render_template_string(TEMPLATE, rows=rows, kind=kind, pad=pad)


def create_app(size: int) -> Flask:
    app = Flask(__name__)
    with app.app_context():
        frame = len(render(range(0), "bet", ""))
        row = len(render(range(1), "bet", "")) - frame
    rows = range(max(0, (size - frame) // row))
    pad = "x" * max(0, size - frame - len(rows) * row)

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.post("/act")
    def act() -> str:
        return render(rows, request.form.get("kind", "bet")[:3].ljust(3), pad)

    return app


app = create_app(int(os.environ.get("BENCH_FRAGMENT_BYTES", "20000")))
