"""The sports book on PostgreSQL, migrated as on release: the migration builds exactly the
models' tables, and gradings of one event racing from several threads pay each ticket once."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from webgame.extensions import db
from webgame.models import Player, SportsSettlement
from webgame.services import sportsbook, wallet
from webgame.services.sportsbook import BookError, MarketEntry

NOW = datetime(2026, 11, 27, 12, 0)


def test_the_migration_builds_the_sports_tables_as_the_models_say(pg_app):
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert [d for d in diff if "sports" in repr(d)] == []


def test_racing_gradings_of_one_event_pay_each_ticket_once(pg_app):
    player = Player(username="racer", display_name="Racer")
    db.session.add(player)
    db.session.flush()
    wallet.transfer(wallet.cage(), wallet.wallet(player.id), 100_000)
    event = sportsbook.post_event("Lions", "Bears", NOW + timedelta(hours=1),
                                  [MarketEntry("moneyline", {"home": -110, "away": 100})], now=NOW)
    db.session.commit()
    token = f"{event.id}:moneyline:home:-110:0"
    for _ in range(3):
        sportsbook.place_ticket(player, "21", [token], now=NOW)
    db.session.commit()
    event_id, player_id = event.id, player.id

    barrier, results = threading.Barrier(6), []

    def grade() -> None:
        with pg_app.app_context():
            barrier.wait()
            try:
                results.append(sportsbook.enter_result(event_id, 3, 1, now=NOW + timedelta(hours=3)))
                db.session.commit()
            except (BookError, sa.exc.DBAPIError):
                db.session.rollback()
                results.append(-1)
            finally:
                db.session.remove()

    threads = [threading.Thread(target=grade) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [-1] * 5 + [3]
    db.session.expire_all()
    assert db.session.scalar(sa.select(sa.func.count(SportsSettlement.id))) == 3
    # Three $21 tickets at -110, each returning $40.09: paid once.
    assert wallet.balance(wallet.wallet(player_id)) == 100_000 - 3 * 2100 + 3 * 4009
    assert wallet.total_of_all_accounts() == 0 and wallet.ledger_agrees_with_balances()
    assert sportsbook.book_problems() == []
