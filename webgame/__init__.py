"""The casino web app: ``create_app()`` builds everything; nothing happens at import time."""

from __future__ import annotations

import hashlib
import os
import re
from collections import ChainMap
from collections.abc import KeysView, Mapping, MutableMapping
from functools import cache
from itertools import chain
from pathlib import Path
from typing import Any

from flask import Flask, Response, render_template, request, session
from flask.templating import Environment as FlaskEnvironment
from flask_login import current_user
from flask_wtf.csrf import CSRFError
from werkzeug.middleware.proxy_fix import ProxyFix

from . import sqlite_gate
from .config import from_env
from .engine.money import fmt
from .extensions import SQLITE_BUSY_TIMEOUT_MS, csrf, db, htmx, limiter, login_manager, migrate, tune_sqlite

ROOT = Path(__file__).resolve().parent.parent
STATIC_MAX_AGE_S = 365 * 24 * 3600


def static_version(folder: str, filename: str) -> str:
    """A short digest of a static file's bytes ("" for a file that is not there); read again
    when the file changes, so an edited stylesheet gets its new name without a restart."""
    path = Path(folder) / filename
    try:
        return _digest(str(path), path.stat().st_mtime_ns)
    except OSError:
        return ""


@cache
def _digest(path: str, mtime_ns: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


class TemplateGlobals(ChainMap[str, Any]):
    """A template's globals over the environment's, as Jinja makes them (``make_globals``),
    whose ``keys()`` is a dict's view. At every ``{% from … import … %}`` Jinja subtracts the
    imported template's global names from the rendering context's; a ChainMap's keys view
    answers that in Python, name by name (some 160 calls an import, a dozen imports an
    answer), a dict's in C. The names and their lookups are the ChainMap's own."""

    def keys(self) -> KeysView[str]:
        return dict.fromkeys(chain.from_iterable(self.maps)).keys()


class CasinoTemplates(FlaskEnvironment):
    """Flask's Jinja environment, its templates' globals a :class:`TemplateGlobals`."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return TemplateGlobals({} if d is None else d, self.globals)


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=os.environ.get("INSTANCE_PATH", str(ROOT / "instance")),
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.jinja_environment = CasinoTemplates  # before the environment is first made
    app.config.update(from_env(app.instance_path))
    if test_config:
        app.config.update(test_config)

    # X-Forwarded-* headers are believed only when the deployment says proxies are in front
    # (TRUST_PROXY_HOPS, 1 in the Procfile); otherwise any client could pick its own address
    # and slip past the rate limits. The Host header is never taken from X-Forwarded-Host: a
    # router passes the client's Host through, and a forwarded host would let a client choose
    # the host of the links and redirects the app builds.
    hops = int(app.config.get("TRUST_PROXY_HOPS", 0))
    if hops > 0:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=0)

    db.init_app(app)
    with app.app_context():
        for engine in db.engines.values():
            tune_sqlite(engine)
            if app.config.get("SQLITE_WRITE_GATE", True):
                gate = sqlite_gate.install(engine, SQLITE_BUSY_TIMEOUT_MS)
                if gate is not None:
                    app.extensions["sqlite_gate"] = gate  # table actions take turns on it
    migrate.init_app(app, db, directory=str(ROOT / "migrations"))
    csrf.init_app(app)
    limiter.init_app(app)
    app.before_request(limiter.check)  # once per request, a limited view's limits included
    htmx.init_app(app)
    login_manager.init_app(app)
    login_manager.login_view = "auth.login"
    login_manager.login_message = "Please log in or play as a guest first."

    from . import models  # noqa: F401  (registers the tables)
    from .web import register

    register(app)
    app.jinja_env.filters["money"] = fmt
    app.jinja_env.filters["signed_money"] = lambda c: fmt(c, sign=True)
    from .web.util import login_redirect, seat_context, table_words

    app.jinja_env.globals["seat_context"] = seat_context
    app.jinja_env.globals["posted"] = table_words
    from .services import poker_room

    app.jinja_env.globals["poker_stakes"] = poker_room.stakes
    app.jinja_env.globals["poker_rules"] = poker_room.rules_lines
    from .services import chinese_room

    app.jinja_env.globals["chinese_stakes"] = chinese_room.stakes
    app.jinja_env.globals["chinese_rules"] = chinese_room.rules_lines
    app.jinja_env.globals["trips_limit"] = poker_room.trips_limit
    app.jinja_env.globals["trips_rules"] = poker_room.trips_rules
    from .services import pan_room

    app.jinja_env.globals["pan_rules"] = pan_room.rules
    from .web.fragments import (
        act_button,
        act_url,
        action_button,
        blackjack_box,
        drawn,
        form_state,
        hand_markup,
        kept,
        memo,
        page_csrf_token,
        rail_key,
        seats_key,
    )

    app.jinja_env.globals["form_action_button"] = action_button
    app.jinja_env.globals["form_act_button"] = act_button
    app.jinja_env.globals["drawn"] = drawn
    app.jinja_env.globals["act_url"] = act_url
    app.jinja_env.globals["blackjack_box"] = blackjack_box
    app.jinja_env.globals["hand_markup"] = hand_markup
    app.jinja_env.globals["form_state"] = form_state
    app.jinja_env.globals["memo"] = memo
    app.jinja_env.globals["kept_region"] = kept
    app.jinja_env.globals["seats_key"] = seats_key
    app.jinja_env.globals["rail_key"] = rail_key
    # One token an hour, so that forms stay the same from one answer to the next (P-017): as
    # a global for imported macros and, overriding Flask-WTF's, in every template's context.
    app.jinja_env.globals["csrf_token"] = page_csrf_token
    app.context_processor(lambda: {"csrf_token": page_csrf_token})
    app.jinja_env.tests["search"] = lambda text, pattern: re.search(pattern, str(text)) is not None

    # Static files are named by their content (``?v=<digest>``) and cached for a year, so a
    # page load asks the server only for the page: a changed file gets a new name (P-314).
    app.config["SEND_FILE_MAX_AGE_DEFAULT"] = STATIC_MAX_AGE_S

    @app.url_defaults
    def versioned_static(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values:
            values.setdefault("v", static_version(str(app.static_folder), values["filename"]))

    from .cli import register_cli

    register_cli(app)
    from .analysis.cli import register_edge_cli

    register_edge_cli(app)

    @app.after_request
    def security_headers(resp: Response) -> Response:
        resp.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
        )
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("X-Frame-Options", "DENY")
        resp.headers.setdefault("Referrer-Policy", "same-origin")
        if app.config.get("PRODUCTION"):
            resp.headers.setdefault("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
        resp.vary.add("HX-Request")
        return resp

    @app.errorhandler(404)
    def not_found(_: Exception) -> tuple[str, int]:
        return render_template("error.html", code=404, message="There is nothing here."), 404

    @app.errorhandler(403)
    def forbidden(_: Exception) -> tuple[str, int]:
        return render_template("error.html", code=403, message="That page is for operators."), 403

    @app.errorhandler(429)
    def too_many(_: Exception) -> tuple[str, int]:
        message = "Too many attempts in a short time. Please wait a minute and try again."
        if request.headers.get("HX-Request"):
            return render_template("_flash_fragment.html", error=message), 429
        return render_template("error.html", code=429, message=message), 429

    @app.errorhandler(400)
    def bad_request(exc: Exception) -> tuple[str, int]:
        message = getattr(exc, "description", "") or "That request was not understood."
        if request.headers.get("HX-Request"):
            return render_template("_flash_fragment.html", error=message), 400
        return render_template("error.html", code=400, message=message), 400

    @app.errorhandler(CSRFError)
    def csrf_refused(exc: CSRFError) -> Any:
        """A session that expired took its form token with it: a player's post from a page left
        open goes to the login page and back to where it was made, like any post without a
        login (P-062). It changes nothing either way; the sign-in forms keep the plain 400."""
        if not current_user.is_authenticated and "csrf_token" not in session and request.blueprint != "auth":
            return login_redirect()
        return bad_request(exc)

    return app

