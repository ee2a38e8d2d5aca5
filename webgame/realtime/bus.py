"""The event bus: "table T has a new version". Nothing else travels on it.

In-process by default (one gunicorn process with gthread workers): a condition variable
wakes every stream waiting on that table. When the database is PostgreSQL, every commit
that changes a table also sends ``NOTIFY casino_tables, '<table id>'`` (transactional:
delivered only if the commit happens) and one listener thread per process relays those
notifications into the local bus, so several processes or hosts serve one table. With
``REDIS_URL`` set, the same relay runs over Redis pub/sub instead.

The listener threads only relay wake-ups; game state is always read from the database.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

log = logging.getLogger(__name__)

CHANNEL = "casino_tables"


class LocalBus:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._ticks: dict[int, int] = {}

    def publish(self, table_id: int) -> None:
        with self._cond:
            self._ticks[table_id] = self._ticks.get(table_id, 0) + 1
            self._cond.notify_all()

    def mark(self, table_id: int) -> int:
        with self._cond:
            return self._ticks.get(table_id, 0)

    def wait(self, table_id: int, mark: int, timeout: float) -> bool:
        """Block until the table is published after ``mark``, or the timeout; True if it was."""
        with self._cond:
            return self._cond.wait_for(lambda: self._ticks.get(table_id, 0) != mark, timeout)


BUS = LocalBus()


class PostgresRelay(threading.Thread):
    """LISTEN on PostgreSQL and publish into the local bus."""

    def __init__(self, dsn: str) -> None:
        super().__init__(name="casino-pg-listen", daemon=True)
        self.dsn = dsn
        self.ready = threading.Event()

    def run(self) -> None:  # pragma: no cover - exercised by the multi-process test
        import psycopg

        while True:
            try:
                with psycopg.connect(self.dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    for note in conn.notifies():
                        try:
                            BUS.publish(int(note.payload))
                        except ValueError:
                            continue
            except Exception as exc:  # noqa: BLE001
                log.warning("table listener lost its connection (%s); reconnecting", exc)
                time.sleep(1.0)


class RedisRelay(threading.Thread):
    def __init__(self, url: str) -> None:
        super().__init__(name="casino-redis-listen", daemon=True)
        self.url = url
        self.ready = threading.Event()

    def run(self) -> None:  # pragma: no cover - exercised by the Redis test
        import redis

        while True:
            try:
                client = redis.Redis.from_url(self.url)
                sub = client.pubsub(ignore_subscribe_messages=True)
                sub.subscribe(CHANNEL)
                self.ready.set()
                for message in sub.listen():
                    try:
                        BUS.publish(int(message["data"]))
                    except (TypeError, ValueError):
                        continue
            except Exception as exc:  # noqa: BLE001
                log.warning("table listener lost Redis (%s); reconnecting", exc)
                time.sleep(1.0)


_relay: threading.Thread | None = None
_relay_lock = threading.Lock()
_redis: Any = None


def start_relay(database_url: str, redis_url: str) -> threading.Thread | None:
    """Start this process's listener once (lazily, on the first stream)."""
    global _relay, _redis
    with _relay_lock:
        if _relay is not None:
            return _relay
        if redis_url:
            import redis

            _redis = redis.Redis.from_url(redis_url)
            _relay = RedisRelay(redis_url)
        elif database_url.startswith("postgresql"):
            _relay = PostgresRelay(database_url.replace("postgresql+psycopg://", "postgresql://"))
        if _relay is not None:
            _relay.start()
            _relay.ready.wait(5)
        return _relay


def announce_redis(table_ids: set[int], redis_url: str) -> None:
    """After a commit: tell the other processes over Redis (PostgreSQL uses NOTIFY instead)."""
    global _redis
    if not redis_url or not table_ids:
        return
    try:
        if _redis is None:
            import redis

            _redis = redis.Redis.from_url(redis_url)
        for tid in table_ids:
            _redis.publish(CHANNEL, str(tid))
    except Exception as exc:  # the streams still poll the database every second  # noqa: BLE001
        log.warning("could not announce on Redis: %s", exc)
