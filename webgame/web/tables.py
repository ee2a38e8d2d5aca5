"""A table: the page, and every action on it as one small POST (htmx or plain form)."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_login import current_user
from werkzeug.wrappers import Response

from ..engine.money import fmt, parse_amount
from ..engine.protocol import Action
from ..extensions import db, limiter
from ..games import registry
from ..models import Player, Table, utcnow
from ..services import play, recall, wallet
from .util import get_or_404, is_htmx, player_required

bp = Blueprint("tables", __name__, url_prefix="/tables")


def _money_limit() -> str:
    return str(current_app.config["MONEY_RATE_LIMIT"])

CHIP_DENOMINATIONS = [100, 500, 2500, 10000, 50000, 100000]


def table_context(table: Table, player: Player | None, error: str = "", notice: str = "") -> dict[str, Any]:
    game = registry.engine(table.game)
    rules = registry.rules(table.game)
    variant = rules.variants[table.variant]
    rnd = play.current_round(table)
    my_seats = [s.number for s in table.seats if player is not None and s.player_id == player.id]
    state = game.load(rnd.state) if rnd is not None else None
    viewer = my_seats[0] if my_seats else None
    view = game.view(state, viewer) if state is not None else None
    legal: dict[int, list[Any]] = {}
    if state is not None and rnd is not None and rnd.status == "open":
        for n in my_seats:
            legal[n] = game.legal_actions(state, n)
    else:
        # No round yet, or a finished round: the next round's betting opens from a fresh state, shown the same way.
        for n in my_seats:
            legal[n] = [a for a in _next_round_legal(table, n)]
    chips = wallet.balance(wallet.chips(player.id, table.id)) if player is not None else 0
    wallet_balance = wallet.balance(wallet.wallet(player.id)) if player is not None else 0
    last = recall.settlements(rnd) if rnd is not None and rnd.status == "over" else []
    return {
        "table": table, "game": rules, "variant": variant, "round": rnd, "view": view,
        "my_seats": my_seats, "legal": legal, "chips": chips, "wallet": wallet_balance,
        "denominations": CHIP_DENOMINATIONS, "error": error, "notice": notice,
        "last_settlements": [s for s in last if s.player_id == (player.id if player else None)],
        "player": player, "round_over": rnd is None or rnd.status != "open",
        "now_iso": utcnow().isoformat() + "Z",
    }


def _next_round_legal(table: Table, seat: int) -> list[Any]:
    """What a seat may do at the start of the next round, before that round exists."""
    game = registry.engine(table.game)
    variant = registry.rules(table.game).variants[table.variant]
    from ..engine.paytable import resolve
    from ..engine.rng import SeededRng

    # A scratch round on a throwaway copy of the shoe: only to list the betting spots and limits.
    state = game.new_round(resolve(variant, table.config), SeededRng(0), play.table_carry(table))
    return list(game.legal_actions(state, seat))


def render_play(table: Table, error: str = "", notice: str = "", status: int = 200) -> Any:
    ctx = table_context(table, current_user if current_user.is_authenticated else None, error, notice)
    if is_htmx():
        return render_template("tables/_play.html", **ctx), status
    return render_template("tables/table.html", **ctx), status


def _apply_clocks(table: Table) -> None:
    """A passed betting window or decision clock is applied by the next look at the table."""
    try:
        if play.tick(table):
            db.session.commit()
    except play.PlayError:
        db.session.rollback()
    db.session.refresh(table)


@bp.get("/<int:table_id>")
def show(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    _apply_clocks(table)
    return render_play(table)


@bp.get("/<int:table_id>/play")
def fragment(table_id: int) -> Any:
    """The play area alone: what live updates and htmx swaps re-fetch."""
    table = get_or_404(Table, table_id)
    _apply_clocks(table)
    ctx = table_context(table, current_user if current_user.is_authenticated else None)
    return render_template("tables/_play.html", **ctx)


def _done(table: Table, error: str = "", notice: str = "") -> Any:
    if error:
        db.session.rollback()
        db.session.refresh(table)
    else:
        db.session.commit()
    if is_htmx():
        return render_play(table, error=error, notice=notice, status=200)
    if error:
        flash(error, "error")
    elif notice:
        flash(notice, "ok")
    return redirect(url_for("tables.show", table_id=table.id))


def _int(name: str) -> int | None:
    raw = request.form.get(name, "")
    try:
        return int(raw)
    except ValueError:
        return None


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


@bp.post("/<int:table_id>/act")
@limiter.limit(_money_limit)
@player_required
def act(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    seat = _int("seat")
    kind = request.form.get("kind", "")
    if seat is None or not kind:
        return _done(table, error="That action was incomplete.")
    try:
        amount = _amount()
    except ValueError as exc:
        return _done(table, error=str(exc))
    action = Action(kind=kind[:24], seat=seat, spot=request.form.get("spot", "")[:48], amount=amount)
    try:
        if kind == "rebet":
            _rebet(table, current_user, seat)
        else:
            play.act(table, current_user, action, round_id=_int("round_id"), version=_int("version"))
    except play.PlayError as exc:
        return _done(table, error=str(exc))
    return _done(table)


def _rebet(table: Table, player: Player, seat: int) -> None:
    """Repeat the bets this seat made in the last round it played."""
    bets = recall.last_bets(table, seat, player.id)
    if not bets:
        raise play.PlayError("There is no earlier bet to repeat.")
    rnd = play.current_round(table)
    round_id, version = (rnd.id, rnd.version) if rnd else (None, None)
    for spot, amount in bets:
        out = play.act(table, player, Action("bet", seat, spot, amount), round_id=round_id, version=version)
        round_id, version = out.round.id, out.round.version


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
@player_required
def bot(table_id: int) -> Any:
    table = get_or_404(Table, table_id)
    try:
        if request.form.get("remove"):
            play.remove_bot(table, _seat_number())
        else:
            play.add_bot(table, _seat_number())
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
    rnd = play.current_round(table)
    in_play = rnd is not None and rnd.status == "open" and current_user.id in (rnd.owners or {}).values()
    mine = [s.number for s in table.seats if s.player_id == current_user.id]
    if in_play or any(play._seat_in_play(table, n) for n in mine):
        return _done(table, error="Your bets are in play. Cash out when they are decided or taken down.")
    amount = play.cash_out(table, current_user)
    return _done(table, notice=f"{fmt(amount)} went back to your wallet." if amount else "")


def redirect_to(table: Table) -> Response:
    return redirect(url_for("tables.show", table_id=table.id))
