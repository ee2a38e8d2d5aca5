"""With REDIS_URL set, table changes cross processes over Redis pub/sub."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest

from webgame.extensions import db
from webgame.realtime.bus import BUS, CHANNEL, RedisRelay
from webgame.services import live
from webgame.services.tables import create_table


@pytest.fixture(scope="module")
def redis_url():
    exe = shutil.which("redis-server")
    if exe is None:
        raise RuntimeError("redis-server is not installed: apt-get install redis-server")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import redis

    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(100):
        try:
            redis.Redis.from_url(url).ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    yield url
    proc.terminate()
    proc.wait(10)


def test_commit_publishes_and_relay_wakes(app, redis_url):
    import redis

    app.config["REDIS_URL"] = redis_url
    table = create_table("Redis", "blackjack", "chapter4")
    db.session.commit()
    sub = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
    sub.subscribe(CHANNEL)
    time.sleep(0.1)
    live.touch(table.id)
    db.session.commit()
    message = None
    for _ in range(50):
        message = sub.get_message(timeout=0.1)
        if message:
            break
    assert message is not None and message["data"] == str(table.id).encode()

    relay = RedisRelay(redis_url)
    relay.start()
    assert relay.ready.wait(10)
    mark = BUS.mark(88_888)
    redis.Redis.from_url(redis_url).publish(CHANNEL, "88888")  # as another process would
    assert BUS.wait(88_888, mark, 5.0)
