"""The casino floor: every open table, grouped by family."""

from __future__ import annotations

from itertools import groupby
from typing import Any

import sqlalchemy as sa
from flask import Blueprint, render_template
from flask_login import current_user

from ..extensions import db
from ..games import registry
from ..models import Table
from ..services import wallet

bp = Blueprint("lobby", __name__)


def table_card(table: Table) -> dict[str, Any]:
    game = registry.rules(table.game)
    variant = game.variants[table.variant]
    limits = table.config.get("limits", {}).get("main") or (
        {"min": variant.limits["main"].min, "max": variant.limits["main"].max} if "main" in variant.limits else None)
    taken = sum(1 for s in table.seats if not s.is_empty)
    return {"table": table, "game": game, "variant": variant, "limits": limits,
            "taken": taken, "free": table.seat_count - taken}


@bp.get("/")
def index() -> str:
    tables = list(db.session.scalars(
        sa.select(Table).where(Table.status == "open").order_by(Table.game, Table.id)))
    cards = [table_card(t) for t in tables if t.game in registry.ENGINES]
    floor = [(family, list(items)) for family, items in groupby(
        sorted(cards, key=lambda c: c["game"].family), key=lambda c: c["game"].family)]
    balance = wallet.balance(wallet.wallet(current_user.id)) if current_user.is_authenticated else None
    return render_template("lobby/index.html", floor=floor, balance=balance)
