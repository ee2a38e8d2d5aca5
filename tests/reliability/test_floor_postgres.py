"""The floor's figures on PostgreSQL: the same two queries, the hour cut by date_trunc."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from webgame.engine.protocol import Action
from webgame.extensions import db
from webgame.models import BetSettlement, Player, utcnow
from webgame.services import floor, play, wallet
from webgame.services.tables import create_table


def test_the_dashboard_sums_the_settlements_by_hour(pg_app):
    table = create_table("Wheel", "big-six", "chapter4")
    player = Player(username="spinner", display_name="Spinner")
    db.session.add(player)
    db.session.flush()
    wallet.transfer(wallet.cage(), wallet.wallet(player.id), 100_000)
    play.sit(table, player, 0)
    play.buy_in(table, player, 50_000)
    for _ in range(3):
        rnd = play.current_round(table)  # the finished round opens the next (its version, P-004)
        play.act(table, player, Action("bet", 0, "1", 500), round_id=rnd.id if rnd else None,
                 version=rnd.version if rnd else None)
        rnd = play.current_round(table)
        play.act(table, player, Action("spin", 0), round_id=rnd.id, version=rnd.version)
        db.session.commit()
    first = db.session.scalars(sa.select(BetSettlement).order_by(BetSettlement.id)).first()
    now = utcnow()
    db.session.execute(sa.update(BetSettlement).where(BetSettlement.round_id == first.round_id)
                       .values(created_at=now - timedelta(hours=5)))
    db.session.commit()

    settled = list(db.session.scalars(sa.select(BetSettlement)))
    board = floor.dashboard(now)
    assert (board.ever.rounds, board.ever.handle, board.ever.returned) == (
        3, sum(s.stake for s in settled), sum(s.returned for s in settled))
    hour = next(b for b in board.hourly if b.start == (now - timedelta(hours=5)).replace(minute=0, second=0, microsecond=0))
    assert (hour.figures.rounds, hour.figures.handle) == (1, first.stake)
    assert board.day.handle == board.fortnight.handle == board.ever.handle
