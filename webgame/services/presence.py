"""Who is really at the table (P-015). A player whose browser has been gone a while, or who
let two rounds go by without a bet, is sat out: bets not yet dealt go back to their chips and
the seat is freed. Nothing is ever played for a player who is not there."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from ..engine.protocol import Action
from ..extensions import db
from ..models import Round, RoundSeat, Seat, Table, utcnow
from .rounds import PlayError, RoundWork

ABSENT_AFTER_S = 90  # P-015: no page, fragment or stream heartbeat from the player for this long
FRESH_S = 15  # a presence mark newer than this is not written again
MISSED_ROUNDS = 2  # P-015: rounds dealt at the table while the seat had no bet


def mark_present(table_id: int, player_id: int) -> None:
    """The player is looking at the table now (written at most every FRESH_S seconds)."""
    now = utcnow()
    db.session.execute(
        sa.update(Seat).where(Seat.table_id == table_id, Seat.player_id == player_id,
                              sa.or_(Seat.last_seen.is_(None), Seat.last_seen < now - timedelta(seconds=FRESH_S)))
        .values(last_seen=now).execution_options(synchronize_session=False))


def seen_lately(seat: Seat) -> bool:
    """The seat's presence mark is newer than FRESH_S: :func:`mark_present` would not write it."""
    return seat.last_seen is not None and seat.last_seen >= utcnow() - timedelta(seconds=FRESH_S)


def absent(table: Table) -> list[Seat]:
    """The seats of people (never bots) who are not at the table by P-015: gone for
    ABSENT_AFTER_S, or no bet in the table's last MISSED_ROUNDS finished rounds since they sat
    down. Two reads for the whole table, however many seats."""
    people = [s for s in table.seats if s.player is not None and not s.player.is_bot]
    if not people:
        return []
    cutoff = utcnow() - timedelta(seconds=ABSENT_AFTER_S)
    recent = list(db.session.execute(
        sa.select(Round.id, Round.started_at).where(Round.table_id == table.id, Round.status == "over")
        .order_by(Round.number.desc()).limit(MISSED_ROUNDS)))
    played: set[tuple[int, int | None]] = set()
    if len(recent) == MISSED_ROUNDS:
        played = {(seat, pid) for seat, pid in db.session.execute(
            sa.select(RoundSeat.seat, RoundSeat.player_id).where(RoundSeat.round_id.in_([r.id for r in recent])))}
    out = []
    for seat in people:
        gone = seat.last_seen is not None and seat.last_seen < cutoff
        missed = (len(recent) == MISSED_ROUNDS and seat.sat_at is not None
                  and all(r.started_at >= seat.sat_at for r in recent)
                  and (seat.number, seat.player_id) not in played)
        if gone or missed:
            out.append(seat)
    return out


def return_undealt_bets(work: RoundWork) -> list[Seat]:
    """Before a shared table deals: the bets of players who are not there go back to their
    chips, so the deal never plays them (the table's own 'clear' move, journaled). Returns
    the seats that were sat out this way."""
    from .clocks import is_shared

    if not is_shared(work.table):
        return []
    out = []
    for seat in absent(work.table):
        if not work.at_risk.get(str(seat.number)):
            continue
        if not any(a.kind == "clear" for a in work.legal(seat.number)):
            continue  # already dealt, or bets that cannot come down (craps contract bets)
        try:
            work.apply(Action("clear", seat.number), player=None, actor="table")
        except PlayError:
            continue
        out.append(seat)
    return out


def sit_out_absent(table: Table) -> int:
    """Free the seats of absent players who have nothing on the layout. Returns how many."""
    from .seating import seat_in_play, unseat

    freed = 0
    for seat in absent(table):
        if not seat_in_play(table, seat.number):
            unseat(table, seat)
            freed += 1
    return freed
