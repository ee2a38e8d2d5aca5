"""SQLite as a server database (P-009): the connection settings, and many browsers writing at
once to one SQLite file without losing a write or meeting "database is locked"."""

from __future__ import annotations

import re
import threading

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from tests.conftest import CasinoClient
from webgame import create_app
from webgame.extensions import SQLITE_BUSY_TIMEOUT_MS, _sqlite_pragmas, db
from webgame.models import Account, BetSettlement, LedgerEntry, Player
from webgame.services import wallet
from webgame.services.tables import create_table

ERROR_FLASH = 'class="flash flash-error"'


def test_a_new_connection_has_the_server_settings(app):
    db.engine.dispose()  # no pooled connection: the next one is opened now
    with db.engine.connect() as conn:
        pragma = lambda name: conn.exec_driver_sql(f"PRAGMA {name}").scalar()  # noqa: E731
        assert pragma("journal_mode") == "wal"
        assert pragma("synchronous") == 1  # NORMAL
        assert pragma("busy_timeout") == SQLITE_BUSY_TIMEOUT_MS
        assert pragma("foreign_keys") == 1


def test_foreign_keys_are_enforced(app):
    db.session.add(Account(kind="wallet", player_id=999_999, name="Wallet", balance=0, may_go_negative=False))
    with pytest.raises(sa.exc.IntegrityError):
        db.session.flush()
    db.session.rollback()


def test_the_settings_are_for_sqlite_only():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:9/none"})
    with app.app_context():
        assert not event.contains(db.engine, "connect", _sqlite_pragmas)  # no connection is made


THREADS = 8
CYCLES = 5
BUY_IN = 2_000  # cents, twice per player
BET = 100


def test_concurrent_buy_ins_and_bets_lose_no_write_and_never_find_the_database_locked(app):
    """Eight browsers at eight Big Six tables of one SQLite file, all at once: two buy-ins each,
    then bet → spin cycles. Every settlement moves the shared house account, so a lost update
    would show in its balance; every post must succeed."""
    app.config.update(MONEY_RATE_LIMIT="100000 per minute", LOGIN_RATE_LIMIT="100000 per minute")
    tables = [create_table(f"Busy {i}", "big-six", "chapter4") for i in range(THREADS)]
    db.session.commit()
    table_ids = [t.id for t in tables]
    clients = []
    for table_id in table_ids:
        c = CasinoClient(app.test_client())
        c.get("/login")
        assert c.post("/guest").status_code == 302
        c.get(f"/tables/{table_id}")
        assert c.post(f"/tables/{table_id}/sit", {"seat": 0}).status_code == 302
        clients.append(c)
    barrier = threading.Barrier(THREADS)
    failures: list[str] = []

    def post(c: CasinoClient, url: str, data: dict[str, object]) -> str:
        resp = c.post(url, data, htmx=True)
        text = resp.get_data(as_text=True)
        if resp.status_code != 200 or ERROR_FLASH in text:
            raise AssertionError(f"{url} {data.get('kind', '')}: HTTP {resp.status_code} {text[:200]}")
        return text

    def player(c: CasinoClient, table_id: int) -> None:
        try:
            page = c.get(f"/tables/{table_id}").get_data(as_text=True)
            barrier.wait(30)
            for _ in range(2):
                page = post(c, f"/tables/{table_id}/buy-in", {"amount": f"{BUY_IN // 100}"})
            for _ in range(CYCLES):
                for kind, extra in (("bet", {"spot": "1", "chip": BET}), ("spin", {})):
                    rnd = re.search(r'name="round_id" value="(\d*)"', page).group(1)
                    version = re.search(r'name="version" value="(\d*)"', page).group(1)
                    page = post(c, f"/tables/{table_id}/act",
                                {"seat": 0, "kind": kind, "round_id": rnd, "version": version, **extra})
        except Exception as exc:  # noqa: BLE001  (reported below, with "database is locked" if that was it)
            failures.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=player, args=(c, t)) for c, t in zip(clients, table_ids)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads)
    assert failures == []

    db.session.expire_all()
    settlements = list(db.session.scalars(sa.select(BetSettlement)))
    assert len(settlements) == THREADS * CYCLES
    guests = list(db.session.scalars(sa.select(Player).where(Player.is_guest.is_(True))))
    assert len(guests) == THREADS
    start = app.config["GUEST_CHIPS"]
    for guest, table_id in zip(sorted(guests, key=lambda p: p.id), table_ids):
        mine = [s for s in settlements if s.player_id == guest.id]
        assert len(mine) == CYCLES
        assert wallet.balance(wallet.wallet(guest.id)) == start - 2 * BUY_IN
        assert wallet.balance(wallet.chips(guest.id, table_id)) == 2 * BUY_IN + sum(s.returned - s.stake for s in mine)
    assert wallet.house_total() == sum(s.stake - s.returned for s in settlements)
    buy_ins = db.session.scalar(sa.select(sa.func.count(LedgerEntry.id)).where(LedgerEntry.memo == "buy-in"))
    assert buy_ins == 2 * THREADS
    assert wallet.total_of_all_accounts() == 0 and wallet.ledger_agrees_with_balances()
