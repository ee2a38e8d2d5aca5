"""Sign up, log in, play as a guest, log out. Passwords are hashed; forms carry CSRF tokens."""

from __future__ import annotations

import re
import secrets
from typing import Any
from urllib.parse import urlparse

import sqlalchemy as sa
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
from ..services import wallet

bp = Blueprint("auth", __name__)

USERNAME = re.compile(r"^[A-Za-z0-9_.-]{3,32}$")


@login_manager.user_loader
def load_player(player_id: str) -> Player | None:
    return db.session.get(Player, int(player_id))


def _safe_next(target: str | None) -> str:
    if target and urlparse(target).netloc == "" and target.startswith("/") and not target.startswith("//"):
        return target
    return url_for("lobby.index")


def issue_chips(player: Player, amount: int, memo: str) -> None:
    wallet.transfer(wallet.cage(), wallet.wallet(player.id), amount, memo=memo)


@bp.route("/signup", methods=["GET", "POST"])
@limiter.limit(lambda: str(current_app.config["LOGIN_RATE_LIMIT"]), methods=["POST"])
def signup() -> Any:
    error = None
    if request.method == "POST":
        username = request.form.get("username", "").strip()
        password = request.form.get("password", "")
        name = request.form.get("display_name", "").strip() or username
        if not USERNAME.match(username):
            error = "Choose a username of 3 to 32 letters, digits, dots, dashes or underscores."
        elif len(password) < 8:
            error = "Choose a password of at least 8 characters."
        elif len(name) > 40:
            error = "Keep your display name under 40 characters."
        elif db.session.scalars(sa.select(Player).filter_by(username=username)).first():
            error = "That username is taken."
        else:
            player = Player(username=username, display_name=name)
            player.set_password(password)
            db.session.add(player)
            db.session.flush()
            issue_chips(player, current_app.config["SIGNUP_CHIPS"], "welcome chips")
            db.session.commit()
            login_user(player, remember=True)
            flash(f"Welcome, {name}! Your wallet holds your welcome chips.", "ok")
            return redirect(url_for("lobby.index"))
    return render_template("auth/signup.html", error=error), (400 if error else 200)


def _login_limit() -> str:
    return str(current_app.config["LOGIN_RATE_LIMIT"])


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(_login_limit, methods=["POST"])
def login() -> Any:
    error = None
    if request.method == "POST":
        username = request.form.get("username", "").strip()
        player = db.session.scalars(sa.select(Player).filter_by(username=username)).first()
        if player is None or player.is_bot or not player.check_password(request.form.get("password", "")):
            error = "That username and password do not match."
        else:
            login_user(player, remember=True)
            return redirect(_safe_next(request.args.get("next")))
    return render_template("auth/login.html", error=error), (400 if error else 200)


@bp.post("/guest")
@limiter.limit(lambda: str(current_app.config["LOGIN_RATE_LIMIT"]))
def guest() -> Any:
    tag = secrets.token_hex(3)
    player = Player(username=f"guest-{tag}", display_name=f"Guest {tag.upper()}", is_guest=True)
    db.session.add(player)
    db.session.flush()
    issue_chips(player, current_app.config["GUEST_CHIPS"], "guest demo chips")
    db.session.commit()
    login_user(player)
    flash("You are playing as a guest with demo chips.", "ok")
    return redirect(_safe_next(request.args.get("next")))


@bp.post("/logout")
def logout() -> Any:
    if current_user.is_authenticated:
        logout_user()
    return redirect(url_for("lobby.index"))
