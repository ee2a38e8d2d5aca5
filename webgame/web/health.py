"""Liveness for the platform's router."""

from __future__ import annotations

import sqlalchemy as sa
from flask import Blueprint

from ..extensions import db

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> dict[str, str]:
    db.session.execute(sa.text("SELECT 1"))
    return {"status": "ok"}
