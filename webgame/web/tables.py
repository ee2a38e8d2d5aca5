"""A table: the page, and every action on it as one small POST (htmx or plain form)."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    g,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_login import current_user
from werkzeug.wrappers import Response

from ..engine.money import fmt, parse_amount
from ..engine.protocol import Action
from ..extensions import db, limiter
from ..models import Player, Table
from ..services import play, strategy_charts
from ..services.tableview import balls_out, table_view
from .util import get_or_404, is_htmx, login_redirect, player_required

bp = Blueprint("tables", __name__, url_prefix="/tables")


@bp.app_template_global("strategy_chart")
def strategy_chart(game: str, rules: Any, config: Any = None) -> dict[str, Any] | None:
    """The basic-strategy chart the rules panel prints (P-112), or None."""
    return strategy_charts.chart_for(game, rules, config)


@bp.before_request
def _take_turn() -> None:
    """A table action (every POST here) takes its process's turn on a SQLite file: one action
    at a time per server process, so that the holder of the write gate is not kept waiting
    between its statements by the others' work (``sqlite_gate``). Nothing on PostgreSQL,
    where actions at different tables never wait on each other and a process's threads do
    better by running while others wait on the database."""
    if request.method == "POST":
        gate = current_app.extensions.get("sqlite_gate")
        if gate is not None and gate.take_turn():
            g.action_turn = gate


@bp.teardown_request
def _end_turn(_exc: BaseException | None) -> None:
    gate = g.pop("action_turn", None)
    if gate is not None:
        gate.end_turn()


def _money_limit() -> str:
    return str(current_app.config["MONEY_RATE_LIMIT"])


def _viewer() -> Player | None:
    """The logged-in player itself, not the request's proxy to it: the view and the page read
    the viewer's id a few dozen times, each through the proxy a lookup of the request's user."""
    if not current_user.is_authenticated:
        return None
    player: Player = current_user._get_current_object()
    return player


def render_play(table: Table, error: str = "", notice: str = "", status: int = 200,
                work: play.RoundWork | None = None, held: dict[str, int] | None = None) -> Any:
    ctx = table_view(table, _viewer(), work=work, held=held, error=error, notice=notice)
    if is_htmx():
        return render_template("tables/_play.html", **ctx), status
    return render_template("tables/table.html", **ctx), status


def _apply_clocks(table: Table) -> None:
    """A passed betting window or decision clock is applied by the next look at the table."""
    moved = True
    try:
        moved = play.tick(table)
        if moved:
            db.session.commit()
    except play.PlayError:
        db.session.rollback()
    if moved:  # a clock applied here, or someone else's first: the table as it is now
        db.session.refresh(table)
    if table.next_seed is None:
        play.publish_next_commitment(table)  # shown before anyone bets on the next round
        db.session.commit()
    play.look_in(table, _viewer())


@bp.get("/<int:table_id>")
def show(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    _apply_clocks(table)
    return render_play(table)


@bp.get("/<int:table_id>/play")
def fragment(table_id: int) -> Any:
    """The play area alone: what live updates and htmx swaps re-fetch."""
    return _play_area(get_or_404(Table, table_id))


def _play_area(table: Table) -> str:
    _apply_clocks(table)
    return render_template("tables/_play.html", **table_view(table, _viewer()))


@bp.get("/<int:table_id>/balls")
def balls(table_id: int) -> Any:
    """While a draw's balls come out (keno, bingo), the balls out so far: the page's reveal
    asks every ``reveal_ms`` and lights its board from this small answer, so what the player is
    marking or daubing stays as it is (P-448). Once the draw is shown whole (or no draw is being
    shown) the answer is the whole play area, once, in place of the play area."""
    table = get_or_404(Table, table_id)
    if not is_htmx():
        return redirect(url_for("tables.show", table_id=table.id))
    # A draw being shown is over: no clock of the table's waits on its reveal (the page's stream
    # applies them meanwhile), so the reveal's requests only read. The last one draws the table.
    shown = balls_out(table)
    if shown is None:
        resp = make_response(_play_area(table))
        resp.headers["HX-Retarget"] = "#play"
        resp.headers["HX-Reswap"] = "outerHTML"
        return resp
    return render_template("tables/_balls.html", table=table, balls=shown.balls, reveal_ms=shown.reveal_ms)


def _done(table: Table, error: str = "", notice: str = "", work: play.RoundWork | None = None,
          held: dict[str, int] | None = None) -> Any:
    if error:
        db.session.rollback()
        db.session.refresh(table)
        work = held = None
    else:
        db.session.commit()
        if work is not None:
            play.seats_afresh(table)  # an action read only the occupied seats; the page shows all
    if is_htmx():
        return render_play(table, error=error, notice=notice, status=200, work=work, held=held)
    if error:
        flash(error, "error")
    elif notice:
        flash(notice, "ok")
    return redirect(url_for("tables.show", table_id=table.id))


def _int(name: str) -> int | None:
    """A whole number a form carries (seat, round, version): ASCII digits with an optional
    minus, small enough for the database; anything else counts as missing."""
    raw = request.form.get(name, "").strip()
    digits = raw.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        return None
    return int(raw)


def _seat_number() -> int:
    seat = _int("seat")
    return -1 if seat is None else seat


def _amount() -> int:
    """The money in a post: a chip value in cents, or dollars typed by the player."""
    if request.form.get("amount", "").strip():
        return parse_amount(request.form["amount"])
    chip = request.form.get("chip", "").strip()
    if chip:
        # ASCII digits only: str.isdigit() also takes "²", which int() then refuses in its own words.
        if not (chip.isascii() and chip.isdigit()) or len(chip) > 12 or int(chip) <= 0:
            raise ValueError("Choose a chip first.")
        return int(chip)
    return 0


def keno_ticket(form: Any) -> str:
    """A keno ticket as the felt's form posts it, without script: the ticked numbers (or the
    quick pick's spot count, or a way ticket's groups) and the number of games, in the text the
    engine reads (``games/keno/tickets.parse``), which checks every figure."""
    games = form.get("games", "1").strip()[:4] or "1"
    if form.get("quick_pick"):
        return f"quick={form.get('spots', '').strip()[:4]};games={games}"
    if form.get("groups", "").strip():
        groups = form["groups"].replace(" ", "")[:300]
        return f"groups={groups};ways={form.get('ways', 'all').strip()[:60] or 'all'};games={games}"
    numbers = ",".join(n.strip()[:3] for n in form.getlist("number")[:81])
    return f"numbers={numbers};games={games}"


def bingo_cards(form: Any) -> str:
    """Bingo cards as the felt's form posts them, without script: how many (with the Planet
    Bingo add-on ticked), or a Pick Your Own card's ticked numbers or quick pick, in the text the
    engine reads (``games/bingo/table``), which checks every figure."""
    if form.get("quick_pick"):
        return "quick=1"
    numbers = form.getlist("number")
    if numbers:
        return "numbers=" + ",".join(n.strip()[:3] for n in numbers[:76])
    spec = f"count={form.get('count', '').strip()[:3]}"
    return spec + (";planet=1" if form.get("planet") else "")


def _session_player() -> int | None:
    """The player id the session names (Flask-Login's ``_user_id``), unchecked: only a hint of
    whom to read with the table; the login itself decides who is logged in."""
    raw = session.get("_user_id")
    return int(raw) if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 9 else None


@bp.post("/<int:table_id>/act")
@limiter.limit(_money_limit)
def act(table_id: int) -> Any:
    # The table's one statement also reads the player the session names, before the login
    # asks for them, so that the login finds them loaded and reads nothing (P-426); the login
    # then decides exactly as player_required does, and a player it did not expect (a remember
    # cookie, a session it refused) is read with the table again.
    round_id, version, seen = _int("round_id"), _int("version"), _int("seen")
    named = _session_player()
    loaded = play.load_table(table_id, round_id, named)
    if not current_user.is_authenticated:
        return login_redirect()
    if current_user.id != named:
        loaded = play.load_table(table_id, round_id, current_user.id)
    table, posted, held, settled = loaded
    if table is None:
        abort(404)
    seat = _int("seat")
    kind = request.form.get("kind", "")
    if seat is None or not kind:
        return _done(table, error="That action was incomplete.")
    try:
        amount = _amount()
    except ValueError as exc:
        return _done(table, error=str(exc))
    spot = request.form.get("spot", "")
    if not spot and request.form.getlist("card"):
        # A pai gow setting posted without script: the ticked cards of the low hand. The engine
        # checks them against the hand dealt (any count, any text is refused there).
        # A Pan meld is up to eleven cards (the engine checks them against the hand as well).
        spot = " ".join(sorted(c[:4] for c in request.form.getlist("card")[:11]))  # as the felt's script posts it
    if not spot and kind == "set" and any(k.startswith("row-") for k in request.form):
        # A Chinese Poker setting: each card's row, as the felt's form posts it with or without
        # script, written "front/middle/back" ("!": a foul kept on purpose). The engine checks
        # the cards against the hand dealt and the rows' sizes.
        placed = [(k[4:6], v) for k, v in request.form.items() if k.startswith("row-")][:13]
        spot = "/".join("".join(sorted(c for c, r in placed if r == row)) for row in ("front", "middle", "back"))
        spot += "!" if request.form.get("foul") else ""
    if kind.startswith("split@") and "/" not in spot:
        # A Pan split: the ticked cards and where meld N splits, from that meld's own select
        # ("cut-N"), written "cards/cut"; the table checks both (games/pan/table.py).
        spot += "/" + request.form.get(f"cut-{kind[6:9]}", "").strip()[:2]
    if kind == "borrow" and "/" not in spot:
        # A Pan borrow: the ticked cards and the meld's card they start a new meld with, "cards/N:card".
        spot += "/" + request.form.get("lend", "").strip()[:6]
    if kind == "ticket" and not spot:
        spot = keno_ticket(request.form)
    if kind == "cards" and not spot:
        spot = bingo_cards(request.form)
    # A keno ticket names up to twenty numbers; every other spot is a short key.
    action = Action(kind=kind[:24], seat=seat, spot=spot[:400 if kind in ("ticket", "cards") else 48], amount=amount)
    try:
        if kind == "rebet":
            out = play.rebet(table, current_user, seat, round_id=round_id, version=version, seen=seen)
        else:
            out = play.act(table, current_user, action, round_id=round_id, version=version, posted=posted,
                           settled=settled, seen=seen)
    except play.PlayError as exc:
        return _done(table, error=str(exc))
    return _done(table, work=out.work, held=held)


@bp.post("/<int:table_id>/sit")
@player_required
def sit(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    try:
        play.sit(table, current_user, _seat_number())
    except play.PlayError as exc:
        return _done(table, error=str(exc))
    return _done(table)


@bp.post("/<int:table_id>/leave")
@player_required
def leave(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    try:
        play.leave(table, current_user, _seat_number())
    except play.PlayError as exc:
        return _done(table, error=str(exc))
    return _done(table)


@bp.post("/<int:table_id>/bot")
@limiter.limit(_money_limit)
@player_required
def bot(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    try:
        if request.form.get("remove"):
            play.remove_bot(table, _seat_number(), current_user)
        else:
            play.add_bot(table, _seat_number(), current_user)
    except play.PlayError as exc:
        return _done(table, error=str(exc))
    return _done(table)


@bp.post("/<int:table_id>/buy-in")
@limiter.limit(_money_limit)
@player_required
def buy_in(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    try:
        amount = parse_amount(request.form.get("amount", ""))
        play.buy_in(table, current_user, amount)
    except ValueError as exc:
        return _done(table, error=str(exc))
    except play.PlayError as exc:
        return _done(table, error=str(exc))
    return _done(table)


@bp.post("/<int:table_id>/cash-out")
@limiter.limit(_money_limit)
@player_required
def cash_out(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    try:
        amount = play.cash_out(table, current_user)
    except play.PlayError as exc:
        return _done(table, error=str(exc))
    return _done(table, notice=f"{fmt(amount)} went back to your wallet." if amount else "")


def redirect_to(table: Table) -> Response:
    return redirect(url_for("tables.show", table_id=table.id))
