"""The house edge of a table's configuration, as a fragment the operator's page polls.

``GET /operator/tables/<id>/edges`` renders ``operator/_edges.html`` for the table as
saved, or, with the config form's fields as query arguments (``variant``, ``opt_<name>``,
``side_<slug>``), for the configuration the operator is choosing before saving it
(`services.configuration.preview`). While a figure is still being computed the fragment asks
for itself again every two seconds; once every figure is in, it stops.

A figure still being computed is not an error (it comes back "pending"), nor is a game with
no analyzer (no figures). A configuration the data no longer allows shows no figures; any
other failure is a bug and raises, instead of leaving the operator a quiet blank.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from ..analysis.edges import UnknownConfiguration, edges_for_table, fees_for_table
from ..models import Table
from ..services import configuration
from .util import get_or_404, operator_required

bp = Blueprint("edges", __name__, url_prefix="/operator")


def edges_of(table: Table, variant: str, config: dict[str, Any]) -> list[dict[str, Any]]:
    """Every wager's figures for the configuration; none for one the data no longer allows
    (a saved table whose option or variant the rules data has since dropped)."""
    try:
        return edges_for_table(table.game, variant, config)
    except UnknownConfiguration:
        return []


def fees_of(table: Table, variant: str, config: dict[str, Any]) -> dict[str, Any] | None:
    """The collection fee per hand of a player-dealer configuration (None: house-banked)."""
    try:
        return fees_for_table(table.game, variant, config)
    except UnknownConfiguration:
        return None


def fragment_context(table: Table, form: dict[str, str]) -> dict[str, Any]:
    """What ``operator/_edges.html`` needs for the configuration ``form`` previews."""
    variant, config, args = configuration.preview(table, form)
    return {"t": table, "edges": {table.id: edges_of(table, variant, config)}, "edge_args": args,
            "fees": {table.id: fees_of(table, variant, config)},
            "unsaved": configuration.differs(table, variant, config)}


@bp.get("/tables/<int:table_id>/edges")
@operator_required
def table_edges(table_id: int) -> str:
    table = get_or_404(Table, table_id)
    return render_template("operator/_edges.html", **fragment_context(table, request.args.to_dict()))
