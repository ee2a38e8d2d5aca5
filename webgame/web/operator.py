"""The operator's lobby config page: open, configure and close tables; ledger totals."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user

from ..engine.money import parse_amount
from ..extensions import db
from ..games import registry
from ..models import Account, AuditLog, BetSettlement, Round, Table
from ..services import tables as table_service
from ..services import wallet
from .util import get_or_404, operator_required

bp = Blueprint("operator", __name__, url_prefix="/operator")


def config_from_form(game: str, variant_slug: str) -> dict[str, Any]:
    """Read options, limits and side-bet switches for one variant from the posted form."""
    variant = registry.rules(game).variants[variant_slug]
    options = {}
    for name, spec in variant.options.items():
        raw = request.form.get(f"opt_{name}")
        if raw is None:
            continue
        choices = spec.get("choices") or []
        match = next((c for c in choices if str(c) == raw), None)
        if match is None:
            raise table_service.ConfigError(f"{spec.get('label', name)} must be one of the listed choices.")
        options[name] = match
    limits = {}
    for name in variant.limits:
        lo, hi = request.form.get(f"limit_{name}_min", ""), request.form.get(f"limit_{name}_max", "")
        if lo.strip() or hi.strip():
            try:
                limits[name] = {"min": parse_amount(lo), "max": parse_amount(hi)}
            except ValueError as exc:
                raise table_service.ConfigError(f"Limits for {name}: {exc}") from exc
    side_off = [s for s in variant.side_bets if not request.form.get(f"side_{s}")]
    return {"options": options, "limits": limits, "side_bets_off": side_off}


def edges_for(table: Table) -> list[dict[str, Any]]:
    """The house edge of each wager for this configuration, where the analyzer has it."""
    from .edges import edges_of

    return edges_of(table, table.variant, dict(table.config or {}))


@bp.get("/")
@operator_required
def index() -> str:
    tables = table_service.all_tables()
    totals = dict(db.session.execute(
        sa.select(Account.kind, sa.func.sum(Account.balance)).group_by(Account.kind)).all())
    rounds = db.session.scalar(sa.select(sa.func.count(Round.id))) or 0
    handle = db.session.scalar(sa.select(sa.func.coalesce(sa.func.sum(BetSettlement.stake), 0))) or 0
    paid = db.session.scalar(sa.select(sa.func.coalesce(sa.func.sum(BetSettlement.returned), 0))) or 0
    audit = list(db.session.scalars(sa.select(AuditLog).order_by(AuditLog.id.desc()).limit(15)))
    games = {slug: registry.rules(slug) for slug in registry.slugs()}
    return render_template(
        "operator/index.html", tables=tables, totals=totals, games=games, rounds=rounds,
        handle=handle, paid=paid, audit=audit, invariant=wallet.total_of_all_accounts(),
        edges={t.id: edges_for(t) for t in tables},
        problems={t.id: table_service.config_problem(t) for t in tables})


@bp.post("/tables")
@operator_required
def create() -> Any:
    game, _, variant = request.form.get("game_variant", "").partition("|")
    try:
        if game not in registry.ENGINES or variant not in registry.rules(game).variants:
            raise table_service.ConfigError("Choose a game and one of its rule variants.")
        table = table_service.create_table(
            request.form.get("name", ""), game, variant, config=config_from_form(game, variant),
            bots_allowed=bool(request.form.get("bots_allowed")), operator=current_user)
        db.session.commit()
        flash(f"Opened {table.name}.", "ok")
    except table_service.ConfigError as exc:
        db.session.rollback()
        flash(str(exc), "error")
    return redirect(url_for("operator.index"))


@bp.post("/tables/<int:table_id>")
@operator_required
def configure(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    variant = request.form.get("variant", table.variant)
    try:
        if variant not in registry.rules(table.game).variants:
            raise table_service.ConfigError("That game has no such rule variant.")
        # Options of the variant being left do not apply to the new one: start from its defaults.
        config = config_from_form(table.game, variant) if variant == table.variant else {}
        table_service.configure(table, variant=variant, config=config,
                                bots_allowed=bool(request.form.get("bots_allowed")),
                                name=request.form.get("name", table.name), operator=current_user)
        db.session.commit()
        flash(f"Saved {table.name}. The change applies from the next round.", "ok")
    except table_service.ConfigError as exc:
        db.session.rollback()
        flash(str(exc), "error")
    return redirect(url_for("operator.index") + f"#table-{table.id}")


@bp.post("/tables/<int:table_id>/status")
@operator_required
def status(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    try:
        table_service.set_status(table, request.form.get("status", ""), current_user)
        db.session.commit()
        flash(f"{table.name} is now {table.status}.", "ok")
    except table_service.ConfigError as exc:
        db.session.rollback()
        flash(str(exc), "error")
    return redirect(url_for("operator.index"))
