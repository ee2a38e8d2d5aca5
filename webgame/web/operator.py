"""The operator's page: how the floor is doing, the tables with their configuration edited in
place, opening and closing tables, the books and the recent changes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user

from ..engine.money import fmt
from ..extensions import db
from ..games import registry
from ..models import Table
from ..services import configuration, floor
from ..services import tables as table_service
from ..services.lobby import table_limit
from . import charts
from .edges import edges_of, fragment_context
from .util import get_or_404, is_htmx, operator_required

bp = Blueprint("operator", __name__, url_prefix="/operator")


@bp.app_template_filter("hold")
def hold(share: float | None) -> str:
    """A hold or an edge as the floor reads it: "3.25 %"; a dash before any bet."""
    return "–" if share is None else f"{share * 100:.2f} %"


def dashboard_charts(board: floor.Dashboard) -> list[tuple[str, charts.Chart, charts.Chart]]:
    """Per hour over the last day and per day over the last fortnight: handle and house result."""
    out = []
    for title, buckets, label, every, span in (
            ("Per hour, last 24 hours", board.hourly, "%H:00", 4, timedelta(hours=1)),
            ("Per day, last 14 days", board.daily, "%a %d", 2, timedelta(days=1))):
        labels = [b.start.strftime(label) for b in buckets]

        def describe(i: int, _: int, buckets: list[floor.Bucket] = buckets, span: timedelta = span) -> str:
            b = buckets[i]
            when = b.start.strftime("%a %d %b %H:00") if span.days == 0 else b.start.strftime("%a %d %b")
            f = b.figures
            return (f"{when}: {f.rounds} rounds, handle {fmt(f.handle)}, house result {fmt(f.result, sign=True)}, "
                    f"hold {hold(f.hold)}")

        out.append((title,
                    charts.bars("Handle", labels, [b.figures.handle for b in buckets], describe, every),
                    charts.bars("House result", labels, [b.figures.result for b in buckets], describe, every)))
    return out


def sparkline(board: floor.Dashboard, daily: dict[Any, floor.Figures]) -> charts.Chart:
    days = [b.start for b in board.daily]
    values = [daily.get(d, floor.Figures()).result for d in days]
    return charts.bars("House result per day", [d.strftime("%a %d") for d in days], values,
                       lambda i, v: f"{days[i].strftime('%a %d %b')}: {fmt(v, sign=True)}", frame=charts.SPARK)


def table_row(table: Table, board: floor.Dashboard) -> dict[str, Any]:
    """One line of the tables list: the table, its main limits, its main wager's edge, its figures."""
    game = registry.rules(table.game) if table.game in registry.ENGINES else None
    row: dict[str, Any] = {"t": table, "game": game, "problem": table_service.config_problem(table),
                           "figures": board.tables.get(table.id, floor.Part()), "limit": None, "edge": None}
    if game is None:
        return row
    row["variant"] = game.variants[table.variant]
    row["pot_to"] = table_service.pot_destinations(table)  # D-801, a closed table's carried pot
    if row["problem"] is None:
        row["limit"] = table_limit(table)
        edges = edges_of(table, table.variant, dict(table.config or {}))
        row["edge"] = edges[0] if edges else None
    return row


def edit_context(table: Table, form: dict[str, str]) -> dict[str, Any]:
    """The edit row of one table, with the edge of the configuration it shows."""
    edit = configuration.edit_form(table, form)
    return {"edit": edit, **fragment_context(table, edit.preview_args)}


@bp.get("/")
@operator_required
def index() -> str:
    tables = table_service.all_tables()
    board = floor.dashboard()
    totals, invariant = floor.books()
    editing = request.args.get("edit", type=int)
    edit = next((edit_context(t, {}) for t in tables if t.id == editing), None)
    return render_template(
        "operator/index.html", board=board, charts=dashboard_charts(board),
        sparks={g.slug: sparkline(board, g.part.daily) for g in board.games},
        rows=[table_row(t, board) for t in tables], names={t.id: t.name for t in tables},
        games={slug: registry.rules(slug) for slug in registry.slugs()},
        totals=totals, invariant=invariant, audit=floor.recent_changes(), editing=editing, edit_row=edit)


@bp.get("/tables/<int:table_id>/edit")
@operator_required
def edit(table_id: int) -> Any:
    """The edit row, in place of the table's closed one (htmx), or the page with it open. The
    form asks again when its variant changes: its fields are then the new variant's."""
    table = get_or_404(Table, table_id)
    if not is_htmx():
        return redirect(url_for("operator.index", edit=table.id) + f"#table-{table.id}")
    if request.args.get("close"):
        return render_template("operator/_edit_row.html", t=table, edit=None)
    return render_template("operator/_edit_row.html", **edit_context(table, request.args.to_dict()))


def _floor_step(step: Callable[[], str], back: str, back_on_error: str | None = None) -> Any:
    """One operator step: commit it and say what it did, or roll it back and say why not."""
    try:
        done = step()
        db.session.commit()
        flash(done, "ok")
    except table_service.ConfigError as exc:
        db.session.rollback()
        flash(str(exc), "error")
        return redirect(back_on_error or back)
    return redirect(back)


def _row(table: Table) -> str:
    return url_for("operator.index") + f"#table-{table.id}"


@bp.post("/tables")
@operator_required
def create() -> Any:
    def step() -> str:
        game, _, variant = request.form.get("game_variant", "").partition("|")
        if game not in registry.ENGINES or variant not in registry.rules(game).variants:
            raise table_service.ConfigError("Choose a game and one of its rule variants.")
        table = table_service.create_table(
            request.form.get("name", ""), game, variant,
            config=configuration.from_form(game, variant, request.form.to_dict()),
            seats=table_service.seat_count(request.form.get("seats")),
            bots_allowed=bool(request.form.get("bots_allowed")), operator=current_user)
        return f"Opened {table.name}."

    return _floor_step(step, url_for("operator.index") + "#tables")


@bp.post("/tables/<int:table_id>")
@operator_required
def configure(table_id: int) -> Any:
    table = get_or_404(Table, table_id)

    def step() -> str:
        variant, config = configuration.posted(table, request.form.to_dict())
        table_service.configure(table, variant=variant, config=config,
                                bots_allowed=bool(request.form.get("bots_allowed")),
                                name=request.form.get("name", table.name), operator=current_user)
        return f"Saved {table.name}. The change applies from the next round."

    return _floor_step(step, _row(table), url_for("operator.index", edit=table.id) + f"#table-{table.id}")


@bp.post("/tables/<int:table_id>/carried-pot")
@operator_required
def carried_pot(table_id: int) -> Any:
    """A closed table withdrawn for good hands its carried pot to a table of the same limit (D-801)."""
    table = get_or_404(Table, table_id)

    def step() -> str:
        moved, destination = table_service.move_carried_pot(table, request.form.get("to", type=int), current_user)
        return f"Moved the carried pot of {fmt(moved)} from {table.name} to {destination.name}."

    return _floor_step(step, _row(table))


@bp.post("/tables/<int:table_id>/status")
@operator_required
def status(table_id: int) -> Any:
    table = get_or_404(Table, table_id)

    def step() -> str:
        table_service.set_status(table, request.form.get("status", ""), current_user)
        return f"{table.name} is now {table.status}."

    return _floor_step(step, _row(table))
