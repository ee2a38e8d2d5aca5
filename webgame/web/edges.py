"""The house edge of a table's configuration, as a fragment the operator's page polls.

``GET /operator/tables/<id>/edges`` renders ``operator/_edges.html`` for the table as
saved, or, with ``opt_<name>`` (and ``variant``) query arguments, for the configuration
the operator is choosing before saving it. While a figure is still being computed the
fragment asks for itself again every two seconds; once every figure is in, it stops.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from ..games import registry
from ..models import Table
from .util import get_or_404, operator_required

bp = Blueprint("edges", __name__, url_prefix="/operator")


def preview_config(table: Table) -> tuple[str, dict[str, Any], dict[str, str]]:
    """(variant, config, query args to poll with): the table's own configuration, with any
    option chosen in the query string instead. Unknown values are ignored, not errors."""
    variants = registry.rules(table.game).variants
    variant = request.args.get("variant", table.variant)
    if variant not in variants:
        variant = table.variant
    config = dict(table.config or {}) if variant == table.variant else {}
    options = dict(config.get("options", {}))
    args: dict[str, str] = {"variant": variant} if variant != table.variant else {}
    for name, spec in variants[variant].options.items():
        raw = request.args.get(f"opt_{name}")
        match = next((c for c in spec.get("choices") or [] if str(c) == raw), None)
        if raw is not None and match is not None:
            options[name] = match
            args[f"opt_{name}"] = raw
    config["options"] = options
    return variant, config, args


def edges_of(table: Table, variant: str, config: dict[str, Any]) -> list[dict[str, Any]]:
    try:
        from ..analysis.edges import edges_for_table
    except ImportError:
        return []
    try:
        return edges_for_table(table.game, variant, config)
    except Exception:  # a report never breaks the page  # noqa: BLE001
        return []


@bp.get("/tables/<int:table_id>/edges")
@operator_required
def table_edges(table_id: int) -> str:
    table = get_or_404(Table, table_id)
    variant, config, args = preview_config(table)
    return render_template("operator/_edges.html", t=table, edges={table.id: edges_of(table, variant, config)},
                           edge_args=args)
