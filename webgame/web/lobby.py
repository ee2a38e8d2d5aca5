"""The casino floor: every open table, grouped by family."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_login import current_user

from ..services import lobby, wallet

bp = Blueprint("lobby", __name__)


@bp.get("/")
def index() -> str:
    balance = wallet.balance(wallet.wallet(current_user.id)) if current_user.is_authenticated else None
    return render_template("lobby/index.html", floor=lobby.floor(), balance=balance)
