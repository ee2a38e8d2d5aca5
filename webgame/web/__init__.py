"""Blueprints: one per feature. Views stay thin: parse, call a service, render."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    from . import auth, edges, health, history, lobby, operator, sports, stream, tables
    from .util import RowIdConverter

    app.url_map.converters["int"] = RowIdConverter  # before any rule is added
    app.register_blueprint(auth.bp)
    app.register_blueprint(lobby.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(operator.bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(stream.bp)
    app.register_blueprint(edges.bp)
    app.register_blueprint(sports.bp)
