"""The sports pool's pages: the board and bet slip for players, the book for the traders.

Plain forms throughout (the board's checkboxes post to the slip, the slip's confirmation posts
the ticket), so every step works without JavaScript. Views parse, call ``services.sportsbook``
and render; a refused wager or entry is rolled back whole and told in words.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_login import current_user
from werkzeug.wrappers import Response

from ..engine.money import fmt
from ..extensions import db, limiter
from ..games.sports import MARKETS, Refused
from ..services import sportsbook, wallet
from ..services.sportsbook import BookError
from .util import operator_required, player_required

bp = Blueprint("sports", __name__, url_prefix="/sports")


def _page(slip: dict[str, Any] | None = None, picked: list[str] | None = None, stake: str = "",
          status: int = 200) -> tuple[str, int]:
    me = current_user if current_user.is_authenticated else None
    return render_template(
        "sports/index.html", events=sportsbook.board(), slip=slip, picked=set(picked or []), stake=stake,
        tickets=sportsbook.my_tickets(me.id) if me else [],
        balance=wallet.balance(wallet.wallet(me.id)) if me else None,
        limits=sportsbook.rules().limits, book=sportsbook.rules()), status


@bp.get("/")
def index() -> Any:
    return _page()


def _money_limit() -> str:
    return str(current_app.config["MONEY_RATE_LIMIT"])


@bp.post("/slip")
@limiter.limit(_money_limit)
@player_required
def slip() -> Any:
    """The bet slip before confirming: the selections in words and the potential payout."""
    picks, stake = request.form.getlist("pick"), request.form.get("stake", "")
    try:
        preview = sportsbook.preview(current_user, stake, picks)
    except Refused as exc:
        flash(str(exc), "error")
        return _page(picked=picks, stake=stake, status=422)
    return _page(slip=preview, picked=picks, stake=stake)


@bp.post("/tickets")
@limiter.limit(_money_limit)
@player_required
def place() -> Any:
    """Confirming the slip is leaving the counter with the ticket (D-402)."""
    picks, stake = request.form.getlist("pick"), request.form.get("stake", "")
    try:
        ticket = sportsbook.place_ticket(current_user, stake, picks)
        db.session.commit()
    except Refused as exc:
        db.session.rollback()
        flash(str(exc), "error")
        return _page(picked=picks, stake=stake, status=422)
    flash(f"Ticket {ticket.id} accepted: it returns up to {fmt(ticket.potential)}.", "ok")
    return redirect(url_for("sports.index") + "#tickets", 303)


# ------------------------------------------------------------------------------------------
# The book: the operator's traders
# ------------------------------------------------------------------------------------------
def _back(anchor: str = "") -> Response:
    return redirect(url_for("sports.book") + anchor, 303)


def _entries(form: Any) -> list[sportsbook.MarketEntry]:
    return [entry for kind in MARKETS if (entry := sportsbook.read_market(kind, form)) is not None]


@bp.get("/book")
@operator_required
def book() -> str:
    return render_template("sports/book.html", events=sportsbook.trader_board(), limits=sportsbook.player_limits(),
                           book=sportsbook.rules(), markets=MARKETS)


def _trader(action: Any, done: str, anchor: str = "") -> Response:
    try:
        result = action()
        db.session.commit()
        flash(done.format(result=result), "ok")
    except BookError as exc:
        db.session.rollback()
        flash(str(exc), "error")
    return _back(anchor)


@bp.post("/book/events")
@operator_required
def post_event() -> Response:
    form = request.form
    return _trader(lambda: sportsbook.post_event(
        form.get("home", ""), form.get("away", ""), sportsbook.parse_start(form.get("starts_at", "")),
        _entries(form), sport=form.get("sport", ""), operator=current_user).id,
        "Posted event {result}: it takes wagers until its start time.", "#events")


@bp.post("/book/events/<int:event_id>/line")
@operator_required
def move_line(event_id: int) -> Response:
    def move() -> str:
        entries = _entries(request.form)
        if len(entries) != 1:
            raise BookError("Enter one market's new odds.")
        sportsbook.move_line(event_id, entries[0], operator=current_user)
        return sportsbook.rules().market_names[entries[0].kind]
    return _trader(move, "Moved the {result}; tickets already sold keep their price.", f"#event-{event_id}")


@bp.post("/book/events/<int:event_id>/close")
@operator_required
def close(event_id: int) -> Response:
    return _trader(lambda: sportsbook.close_betting(event_id, operator=current_user),
                   "Betting closed.", f"#event-{event_id}")


def _score(name: str) -> int:
    raw = (request.form.get(name) or "").strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > 4:
        raise BookError("Enter each final score as a whole number.")
    return int(raw)


@bp.post("/book/events/<int:event_id>/result")
@operator_required
def result(event_id: int) -> Response:
    return _trader(lambda: sportsbook.enter_result(event_id, _score("home_score"), _score("away_score"),
                                                   operator=current_user),
                   "Result entered: {result} tickets settled.", "#events")


@bp.post("/book/events/<int:event_id>/void")
@operator_required
def void(event_id: int) -> Response:
    return _trader(lambda: sportsbook.void_event(event_id, operator=current_user),
                   "Event cancelled: {result} tickets settled, straight wagers refunded.", "#events")


@bp.post("/book/limits")
@operator_required
def limit() -> Response:
    form = request.form
    return _trader(lambda: sportsbook.set_player_limit(form.get("username", ""), form.get("max_stake", ""),
                                                       form.get("reason", ""), operator=current_user),
                   "{result}.", "#limits")
