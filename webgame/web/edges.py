"""The house edge of a table's configuration, as a fragment the operator's page polls.

``GET /operator/tables/<id>/edges`` renders ``operator/_edges.html`` for the table as
saved, or, with the config form's fields as query arguments (``variant``, ``opt_<name>``,
``side_<slug>``), for the configuration the operator is choosing before saving it. While a figure is still being computed the
fragment asks for itself again every two seconds; once every figure is in, it stops.

A figure still being computed is not an error (it comes back "pending"), nor is a game with
no analyzer (no figures). A configuration the data no longer allows shows no figures; any
other failure is a bug and raises, instead of leaving the operator a quiet blank.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from ..analysis.edges import UnknownConfiguration, edges_for_table
from ..games import registry
from ..models import Table
from .util import get_or_404, operator_required

bp = Blueprint("edges", __name__, url_prefix="/operator")


def preview_config(table: Table) -> tuple[str, dict[str, Any], dict[str, str]]:
    """(variant, config, query args to poll with): the table's saved configuration, or the
    one on the operator's form when the form sent itself (it always sends ``variant``):
    its option selects and side-bet boxes. Values that are not choices are ignored."""
    variants = registry.rules(table.game).variants
    saved = dict(table.config or {})
    if "variant" not in request.args:
        return table.variant, saved, {}
    variant = request.args["variant"] if request.args["variant"] in variants else table.variant
    config = saved if variant == table.variant else {}
    options = dict(config.get("options", {}))
    args: dict[str, str] = {"variant": variant}
    for name, spec in variants[variant].options.items():
        raw = request.args.get(f"opt_{name}")
        match = next((c for c in spec.get("choices") or [] if str(c) == raw), None)
        if raw is not None and match is not None:
            options[name] = match
            args[f"opt_{name}"] = raw
    side = variants[variant].side_bets
    offered = [s for s in side if request.args.get(f"side_{s}")]
    args.update({f"side_{s}": "1" for s in offered})
    preview = {**config, "options": options, "side_bets_off": [s for s in side if s not in offered]}
    return variant, preview, args


def differs(table: Table, variant: str, config: dict[str, Any]) -> bool:
    """Whether a previewed configuration is not the one saved (so the page can say so)."""
    if variant != table.variant:
        return True
    variants = registry.rules(table.game).variants
    saved = dict(table.config or {})
    spec = variants[variant].options
    chosen = {k: config.get("options", {}).get(k, v.get("default")) for k, v in spec.items()}
    stored = {k: saved.get("options", {}).get(k, v.get("default")) for k, v in spec.items()}
    return chosen != stored or sorted(config.get("side_bets_off", [])) != sorted(saved.get("side_bets_off", []))


def edges_of(table: Table, variant: str, config: dict[str, Any]) -> list[dict[str, Any]]:
    """Every wager's figures for the configuration; none for one the data no longer allows
    (a saved table whose option or variant the rules data has since dropped)."""
    try:
        return edges_for_table(table.game, variant, config)
    except UnknownConfiguration:
        return []


@bp.get("/tables/<int:table_id>/edges")
@operator_required
def table_edges(table_id: int) -> str:
    table = get_or_404(Table, table_id)
    variant, config, args = preview_config(table)
    return render_template("operator/_edges.html", t=table, edges={table.id: edges_of(table, variant, config)},
                           edge_args=args, unsaved=differs(table, variant, config))
