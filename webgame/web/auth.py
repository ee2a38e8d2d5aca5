"""Sign up, log in, play as a guest, log out. Passwords are hashed; forms carry CSRF tokens."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_login import current_user, login_user, logout_user

from ..extensions import db, limiter, login_manager
from ..models import Player
from ..services import accounts

bp = Blueprint("auth", __name__)


@login_manager.user_loader
def load_player(player_id: str) -> Player | None:
    return db.session.get(Player, int(player_id))


def _safe_next(target: str | None) -> str:
    """A page of this site to go back to, or the lobby. Browsers read a backslash as a slash and
    drop tabs and line breaks, so "/\\evil.example" or "/<tab>/evil.example" would leave the site."""
    if (target and target.startswith("/") and not target.startswith("//") and "\\" not in target
            and all(ch.isprintable() and not ch.isspace() for ch in target)
            and urlparse(target).netloc == ""):
        return target
    return url_for("lobby.index")


@bp.route("/signup", methods=["GET", "POST"])
@limiter.limit(lambda: str(current_app.config["LOGIN_RATE_LIMIT"]), methods=["POST"])
def signup() -> Any:
    error = None
    if request.method == "POST":
        try:
            player = accounts.sign_up(request.form.get("username", ""), request.form.get("password", ""),
                                      request.form.get("display_name", ""), current_app.config["SIGNUP_CHIPS"])
        except accounts.AccountError as exc:
            db.session.rollback()
            error = str(exc)
        else:
            db.session.commit()
            login_user(player, remember=True)
            flash(f"Welcome, {player.display_name}! Your wallet holds your welcome chips.", "ok")
            return redirect(url_for("lobby.index"))
    return render_template("auth/signup.html", error=error), (400 if error else 200)


def _login_limit() -> str:
    return str(current_app.config["LOGIN_RATE_LIMIT"])


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(_login_limit, methods=["POST"])
def login() -> Any:
    error = None
    if request.method == "POST":
        player = accounts.authenticate(request.form.get("username", ""), request.form.get("password", ""))
        if player is None:
            error = "That username and password do not match."
        else:
            login_user(player, remember=True)
            return redirect(_safe_next(request.args.get("next")))
    return render_template("auth/login.html", error=error), (400 if error else 200)


@bp.post("/guest")
@limiter.limit(lambda: str(current_app.config["LOGIN_RATE_LIMIT"]))
def guest() -> Any:
    player = accounts.new_guest(current_app.config["GUEST_CHIPS"])
    db.session.commit()
    login_user(player)
    flash("You are playing as a guest with demo chips.", "ok")
    return redirect(_safe_next(request.args.get("next")))


@bp.post("/logout")
def logout() -> Any:
    if current_user.is_authenticated:
        logout_user()
    return redirect(url_for("lobby.index"))
