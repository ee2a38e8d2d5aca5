"""Sitting down and standing up: a seat changes hands only when nothing of its own is on the
layout, and the open round learns of it (its owners, its clocks)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from ..extensions import db
from ..games import registry
from ..models import Player, Seat, Table, utcnow
from .rounds import PlayError, current_round, open_work, table_carry, tell_owner


def sit(table: Table, player: Player, number: int) -> Seat:
    seat = next((s for s in table.seats if s.number == number), None)
    if seat is None:
        raise PlayError("There is no such seat.")
    if seat.player_id is not None:
        raise PlayError("That seat is taken.")
    mine = [s for s in table.seats if s.player_id == player.id]
    limit = int(registry.rules(table.game).variants[table.variant].rules.get("max_spots_per_player", 1))
    if len(mine) >= limit and not player.is_bot:
        raise PlayError(f"You may play at most {limit} spot{'s' if limit > 1 else ''} at this table.")
    if seat_in_play(table, number):
        raise PlayError("That spot is in the middle of a round. Take it when the round is over.")
    now = utcnow()
    won = db.session.execute(
        sa.update(Seat).where(Seat.id == seat.id, Seat.player_id.is_(None))
        .values(player_id=player.id, sat_at=now, last_seen=now)
        .execution_options(synchronize_session=False)
    ).rowcount  # type: ignore[attr-defined]
    if won != 1:
        raise PlayError("That seat is taken.")
    db.session.refresh(seat)
    seat_changed(table, number, player)
    return seat


def seat_changed(table: Table, number: int, occupant: Player | None) -> None:
    """The open round learns who plays the seat now, and its clock is set again: one player
    becoming two starts the shared clocks (P-011). Its version moves on, so forms shown
    before the change are stale."""
    from . import live
    from .clocks import schedule

    with db.session.no_autoflush:
        work = open_work(table)
        if work is not None:
            if occupant is None:
                work.release(number)
            tell_owner(work, number, occupant)
            schedule(work)
            work.save()
    if work is None:
        live.touch(table)
        db.session.flush()


def seat_in_play(table: Table, number: int) -> bool:
    """The seat has money on the layout in the open round, or bets standing between rounds
    (craps bets, a riding Back-to-Back), which would otherwise settle to the next sitter.
    A seat whose bets were all taken back has nothing in play (it may leave mid-round)."""
    rnd = current_round(table)
    game = registry.engine(table.game, table.variant)
    if rnd is not None and rnd.status == "open":
        if int((rnd.at_risk or {}).get(str(number), 0)) > 0:
            return True
        state = game.load(rnd.state)
        if game.seat_dealt_in(state, number):
            return True  # holding cards in a hand at table stakes: its chips are its stack
        carry: dict[str, Any] | None = game.carry(state)
    else:
        carry = table_carry(table)
    return bool(carry and game.standing(carry, number) > 0)


def leave(table: Table, player: Player, number: int) -> None:
    seat = next((s for s in table.seats if s.number == number and s.player_id == player.id), None)
    if seat is None:
        raise PlayError("That seat is not yours.")
    if seat_in_play(table, number):
        raise PlayError("Your bet is in play. You can leave when the round is over.")
    seat.player_id = None
    db.session.flush()
    seat_changed(table, number, None)
    if not any(s.player_id == player.id for s in table.seats):
        # P-010: a player's bots leave with them (those with a bet in play stay to finish it).
        for bot_seat in [s for s in table.seats if s.bot_sponsor_id == player.id]:
            if not seat_in_play(table, bot_seat.number):
                unseat(table, bot_seat)


def unseat(table: Table, seat: Seat) -> None:
    number = seat.number
    seat.player_id, seat.bot_sponsor_id = None, None
    db.session.flush()
    seat_changed(table, number, None)


def in_play_anywhere(table: Table, player: Player) -> bool:
    """Any of the player's seats has money on the layout (cash-out waits for it)."""
    return any(seat_in_play(table, s.number) for s in table.seats if s.player_id == player.id)
