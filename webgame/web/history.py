"""Game recall: a player's rounds, each round in full, and its public fairness proof."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, render_template
from flask_login import current_user

from ..engine.protocol import Action
from ..games import registry
from ..models import Round, RoundSeat
from ..services import recall
from ..services.tableview import reveal_draw
from .util import get_or_404, player_required

bp = Blueprint("history", __name__)


@bp.get("/history")
@player_required
def index() -> str:
    seats = recall.player_rounds(current_user.id, limit=100)
    rows = []
    for rs in seats:
        bets = [s for s in recall.settlements(rs.round) if s.seat == rs.seat]
        rows.append({"seat": rs, "round": rs.round, "staked": sum(b.stake for b in bets),
                     "returned": sum(b.returned for b in bets)})
    return render_template("history/index.html", rows=rows)


@bp.get("/rounds/<int:round_id>")
@player_required
def round_detail(round_id: int) -> Any:
    rnd = get_or_404(Round, round_id)
    mine = [rs for rs in rnd_seats(rnd) if rs.player_id == current_user.id]
    if not mine and not current_user.is_operator:
        abort(404)
    if rnd.status == "open":
        abort(404)  # recall covers finished rounds; an open round is on its table
    game = registry.engine(rnd.game, rnd.variant)
    view = game.view(game.load(rnd.state), mine[0].seat if mine else None)
    if reveal_draw(view, rnd):
        abort(404)  # a draw's balls are on its table until the last one is out (P-354)
    steps = [{"seq": e.seq, "actor": e.actor, "action": Action.from_dict(e.action) if e.seq else None,
              "events": e.events, "at": e.created_at} for e in recall.journal(rnd)]
    return render_template("history/round.html", round=rnd, view=view, steps=steps,
                           settlements=recall.settlements(rnd), seats=rnd_seats(rnd),
                           mine={rs.seat for rs in mine}, game=registry.rules(rnd.game),
                           hand_text=recall.hand_history(rnd, mine[0].seat if mine else None))


@bp.get("/rounds/<int:round_id>/hand.txt")
@player_required
def hand_history(round_id: int) -> Any:
    """A finished poker hand as text in the common hand-history format, as this player saw it
    (their own hole cards and the cards shown at showdown), to save or import elsewhere."""
    rnd = get_or_404(Round, round_id)
    mine = [rs for rs in rnd_seats(rnd) if rs.player_id == current_user.id]
    if (not mine and not current_user.is_operator) or rnd.status == "open":
        abort(404)
    text = recall.hand_history(rnd, mine[0].seat if mine else None)
    if not text:
        abort(404)
    return Response(text, mimetype="text/plain", headers={
        "Content-Disposition": f'inline; filename="hand-{rnd.id}.txt"'})


@bp.get("/rounds/<int:round_id>/proof")
def proof(round_id: int) -> str:
    """Public: anyone may check a finished round's fairness proof."""
    rnd = get_or_404(Round, round_id)
    game = registry.engine(rnd.game, rnd.variant)
    if rnd.status == "over" and reveal_draw(game.view(game.load(rnd.state), None), rnd):
        abort(404)  # the seed would tell the balls before the board shows them (P-354)
    result = recall.prove(rnd)
    composition = None
    carry = rnd.carry_before or {}
    return render_template("history/proof.html", round=rnd, proof=result, carry=carry,
                           composition=composition, game=registry.rules(rnd.game))


def rnd_seats(rnd: Round) -> list[RoundSeat]:
    return recall.round_seats(rnd)