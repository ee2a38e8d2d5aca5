"""Small helpers shared by the views."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import wraps
from typing import Any, TypeVar
from urllib.parse import urlparse

from flask import abort, redirect, request, url_for
from flask_login import current_user
from werkzeug.routing import IntegerConverter
from werkzeug.wrappers import Response

from ..engine.paytable import Variant, resolve
from ..engine.prose import Posted
from ..extensions import db

F = TypeVar("F", bound=Callable[..., Any])


class RowIdConverter(IntegerConverter):
    """``<int:…>`` in every route: ASCII digits (Werkzeug's ``\\d`` also matches "١٢") within
    the database's integer column (2**31 - 1 on PostgreSQL; SQLite stops at 2**63 - 1). A larger
    number would reach the query and fail there; out of range it is simply no page (404)."""

    regex = r"[0-9]+"

    def __init__(self, map: Any, fixed_digits: int = 0, min: int | None = None,
                 max: int | None = 2**31 - 1, signed: bool = False) -> None:
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)


def get_or_404(model: Any, ident: Any) -> Any:
    obj = db.session.get(model, ident)
    if obj is None:
        abort(404)
    return obj


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _back_to() -> str | None:
    """Where a player whose session expired returns after logging in: the page asked for, or
    for a post the page it was made from (the table), by its path on this site; a post from a
    table with no usable referrer returns to that table."""
    if request.method == "GET":
        return request.full_path
    ref = urlparse(request.referrer or "")
    if ref.path.startswith("/") and ref.netloc == request.host:
        return ref.path + (("?" + ref.query) if ref.query else "")
    table_id = (request.view_args or {}).get("table_id")
    return url_for("tables.show", table_id=table_id) if table_id is not None else None


def login_redirect() -> Response:
    """An expired session on an htmx request gets HX-Redirect, not a login page in a fragment."""
    target = url_for("auth.login", next=_back_to())
    if is_htmx():
        resp = Response("", 204)
        resp.headers["HX-Redirect"] = target
        return resp
    return redirect(target)


def player_required(view: F) -> F:
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if not current_user.is_authenticated:
            return login_redirect()
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


def operator_required(view: F) -> F:
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if not current_user.is_authenticated:
            return login_redirect()
        if not current_user.is_operator:
            abort(403)
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


def seat_context(number: int, view: Mapping[str, Any] | None, legal: Mapping[int, Sequence[Any]],
                 my_seats: Collection[int]) -> dict[str, Any]:
    """What a felt template needs of one seat: its view (``sv``, keys may be ints or, after a
    JSON round trip, strings), whether it is the viewer's (``mine``), the viewer's legal
    actions there (``acts``) and its bet spots by name (``bet_legal``), and its settled
    results by wager (``results``)."""
    seats = (view or {}).get("seats") or {}
    sv = seats.get(number) or seats.get(str(number))
    mine = number in my_seats
    acts = list(legal.get(number, [])) if mine else []
    return {
        "sv": sv,
        "mine": mine,
        "acts": acts,
        "bet_legal": {a.spot: a for a in acts if a.kind == "bet"},
        "results": {r["bet"]: r for r in (sv or {}).get("results", [])} if sv else {},
    }


def table_words(variant: Variant, config: Mapping[str, Any] | None,
                rules: Mapping[str, Any] | None = None) -> Posted:
    """The words a table posts (its printed rules, paytable lines, the dealer's call), for a
    template: filled in from the open round's rules snapshot, or between rounds from the
    table's configuration, which is what the next round will run on."""
    return Posted(variant, rules if rules else resolve(variant, config or {}))
