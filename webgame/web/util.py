"""Small helpers shared by the views."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import abort, redirect, request, url_for
from flask_login import current_user
from werkzeug.wrappers import Response

from ..extensions import db

F = TypeVar("F", bound=Callable[..., Any])


def get_or_404(model: Any, ident: Any) -> Any:
    obj = db.session.get(model, ident)
    if obj is None:
        abort(404)
    return obj


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def login_redirect() -> Response:
    """An expired session on an htmx request gets HX-Redirect, not a login page in a fragment."""
    target = url_for("auth.login", next=request.full_path if request.method == "GET" else request.referrer)
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
