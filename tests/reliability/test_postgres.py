"""The production database: migrations, racing posts and NOTIFY on PostgreSQL."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from webgame.engine.protocol import Action
from webgame.extensions import db
from webgame.models import Player, Round, Table
from webgame.realtime.bus import BUS, PostgresRelay
from webgame.services import live, play, wallet
from webgame.services.tables import create_table


def _seated(table_name="Race"):
    table = create_table(table_name, "blackjack", "chapter4")
    player = Player(username="racer", display_name="Racer")
    db.session.add(player)
    db.session.flush()
    wallet.transfer(wallet.cage(), wallet.wallet(player.id), 100_000)
    play.sit(table, player, 0)
    play.buy_in(table, player, 50_000)
    play.act(table, player, Action("bet", 0, "main", 1000), round_id=None, version=None)
    db.session.commit()
    return table.id, player.id


def test_migrations_build_the_models_schema(pg_app):
    inspector = sa.inspect(db.engine)
    for name in ("players", "accounts", "ledger_entries", "tables", "seats", "rounds", "round_events",
                 "round_seats", "settlements", "audit_log"):
        assert inspector.has_table(name)
    cols = {c["name"] for c in inspector.get_columns("rounds")}
    assert {"deadline", "deadline_kind", "commitment", "seed", "version"} <= cols


def test_eight_concurrent_posts_on_postgres_exactly_one_wins(pg_app):
    table_id, player_id = _seated()
    rnd = db.session.scalars(sa.select(Round)).one()
    from .racing import post_at_once

    results = post_at_once(pg_app, [(table_id, player_id, Action("bet", 0, "main", 500), rnd.id, rnd.version)] * 8)
    assert results.count("won") == 1 and len(results) == 8
    db.session.expire_all()
    assert wallet.balance(wallet.chips(player_id, table_id)) == 50_000 - 1500
    assert wallet.total_of_all_accounts() == 0 and wallet.ledger_agrees_with_balances()


def test_a_commit_notifies_and_the_relay_wakes_streams(pg_app, pg_url):
    import psycopg

    table_id, _ = _seated("Notify")
    dsn = pg_url.replace("postgresql+psycopg://", "postgresql://")
    # 1. A commit that changes a table sends NOTIFY (seen by a listener of our own).
    with psycopg.connect(dsn, autocommit=True) as listener:
        listener.execute("LISTEN casino_tables")
        live.touch(table_id)
        db.session.commit()
        payloads = [n.payload for n in listener.notifies(timeout=5, stop_after=1)]
    assert payloads == [str(table_id)]
    # 2. A NOTIFY from another process wakes this process's streams through the relay.
    relay = PostgresRelay(dsn)
    relay.start()
    assert relay.ready.wait(10)
    mark = BUS.mark(99_999)
    with psycopg.connect(dsn, autocommit=True) as other_process:
        other_process.execute("NOTIFY casino_tables, '99999'")
    assert BUS.wait(99_999, mark, 5.0), "the relay did not pass NOTIFY on"


def test_an_action_notifies_once_at_commit_and_a_refused_one_not_at_all(pg_app, pg_url):
    """A table action's NOTIFY rides in the table's own UPDATE (``live.bump``): the other
    processes hear of the action once, when it commits, and of a refused action never."""
    import psycopg

    table_id, player_id = _seated("Notify action")
    table, player = db.session.get(Table, table_id), db.session.get(Player, player_id)
    rnd = db.session.scalars(sa.select(Round).where(Round.table_id == table_id)).one()
    dsn = pg_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn, autocommit=True) as listener:
        listener.execute("LISTEN casino_tables")
        play.act(table, player, Action("bet", 0, "main", 500), round_id=rnd.id, version=rnd.version)
        assert list(listener.notifies(timeout=0.5)) == []  # nothing before the commit
        db.session.commit()
        assert [n.payload for n in listener.notifies(timeout=5, stop_after=1)] == [str(table_id)]
        # More than the seat's chips (all but $5 of them back in the wallet): refused by the
        # ledger after the table's UPDATE ran.
        wallet.transfer(wallet.chips(player_id, table_id), wallet.wallet(player_id), 48_000)
        db.session.commit()
        assert list(listener.notifies(timeout=0.5)) == []
        updates: list[str] = []

        def tables_updates(conn, cursor, statement, *rest) -> None:
            if statement.startswith("UPDATE tables"):
                updates.append(statement)

        sa.event.listen(db.engine, "before_cursor_execute", tables_updates)
        try:
            with pytest.raises(play.PlayError, match="Not enough chips"):
                play.act(table, player, Action("bet", 0, "main", 1_000), round_id=rnd.id, version=rnd.version)
        finally:
            sa.event.remove(db.engine, "before_cursor_execute", tables_updates)
        db.session.rollback()
        assert len(updates) == 1 and "pg_notify" in updates[0]
        assert list(listener.notifies(timeout=0.5)) == []  # the refused bet's UPDATE was rolled back


def test_racing_opening_bets_open_one_round_on_postgres(pg_app):
    """8 first-bet posts 2-6 ms apart, 50 times: one round opens, the rest are stale."""
    from .racing import run_opening_races

    run_opening_races(pg_app, times=50)


def test_racing_first_bets_of_two_players_both_land_on_postgres(pg_app):
    """P-447: forms that show the journal length they saw. Each player's first post lands in
    the one round the first of them opened; each player's later posts find their own bet."""
    from .racing import run_opening_races

    run_opening_races(pg_app, times=20, seen=True)


def test_two_players_bets_on_one_version_both_land_once_on_postgres(pg_app):
    """P-447: of four posts at once on one version, two players' forms each posted twice,
    each player's bet lands once."""
    from .racing import run_concurrent_bets

    run_concurrent_bets(pg_app, times=20)


def test_the_database_refuses_a_second_open_round(pg_app):
    table_id, player_id = _seated("Two rounds")
    first = db.session.scalars(sa.select(Round).where(Round.table_id == table_id)).one()
    db.session.add(Round(table_id=table_id, number=first.number + 1, game="blackjack", variant="chapter4",
                         rules={}, state={}, seed="0" * 64, commitment="0" * 64, owners={}, status="open"))
    with pytest.raises(sa.exc.IntegrityError):
        db.session.commit()
    db.session.rollback()


def test_an_account_made_by_a_look_that_never_commits_is_not_remembered(pg_app):
    """A table page makes the viewer's chips account and never commits it; PostgreSQL does
    not reuse the lost id, so remembering it would book the next buy-in's bet against an
    account that does not exist ("Not enough chips"). Only committed ids are remembered."""
    import re

    from tests.conftest import CasinoClient

    table = create_table("Remembered", "blackjack", "chapter4")
    db.session.commit()
    client = CasinoClient(pg_app.test_client())
    client.get("/login")
    client.post("/guest")
    client.get(f"/tables/{table.id}")  # makes the chips account in a transaction that rolls back
    client.post(f"/tables/{table.id}/sit", {"seat": 0})
    client.post(f"/tables/{table.id}/buy-in", {"amount": "200"})
    page = client.get(f"/tables/{table.id}").get_data(as_text=True)
    resp = client.post(f"/tables/{table.id}/act", {
        "seat": 0, "kind": "bet", "spot": "main", "chip": "2500",
        "round_id": re.search(r'name="round_id" value="(\d*)"', page).group(1),
        "version": re.search(r'name="version" value="(\d*)"', page).group(1)}, htmx=True)
    assert "flash-error" not in resp.get_data(as_text=True)
    db.session.expire_all()
    player = db.session.scalars(sa.select(Player).where(Player.is_guest.is_(True))).one()
    assert wallet.balance(wallet.chips(player.id, table.id)) == 20_000 - 2_500
    assert wallet.total_of_all_accounts() == 0 and wallet.ledger_agrees_with_balances()
