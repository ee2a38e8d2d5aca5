"""Web: one table action at a time (bet, then the spin that settles it) under N concurrent
players, against a real gunicorn server on loopback; the same load against a bare Flask
endpoint that renders a fragment of the same size, in the same run; and their ratio.

    python bench/bench_web.py [--players 1,4,16] [--cycles 20] [--no-write]

The casino server is started as the browser tests start it (``flask db upgrade``,
``flask seed-demo``, gunicorn with the project's ``gunicorn.conf.py`` on a free loopback
port). Each simulated player is a guest with a Big Six table of their own (so players
never wait on each other's round, only on the server), seated and bought in before the
clock starts; then each does ``--cycles`` bet → spin cycles, every POST timed. The bare
server (``bench/bare_app.py``) runs under the same gunicorn settings and answers the same
POSTs with a Jinja fragment as large as the casino's average action response. Loops are
bounded; nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
LOAD_AT_START = " / ".join(f"{x:.1f}" for x in os.getloadavg())
START = "<!-- web:start -->"
END = "<!-- web:end -->"

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
ROUND = re.compile(r'name="round_id" value="(\d*)"')
VERSION = re.compile(r'name="version" value="(\d*)"')
ERROR = re.compile(r'class="flash flash-error"[^>]*>([^<]*)<')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(workdir: Path, port: int, workers: int) -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": "", "INSTANCE_PATH": str(workdir), "SECRET_KEY": "bench-secret",
        "PORT": str(port), "HOST": "127.0.0.1", "WEB_CONCURRENCY": str(workers),
        # The load comes from one address: the per-address limits would measure themselves.
        "MONEY_RATE_LIMIT": "1000000 per minute", "LOGIN_RATE_LIMIT": "1000000 per minute",
    })
    env.pop("REDIS_URL", None)
    return env


@contextmanager
def gunicorn(target: str, env: dict[str, str], log: Path) -> Iterator[str]:
    """A gunicorn server for ``target`` on the env's loopback port, stopped on exit."""
    base = f"http://127.0.0.1:{env['PORT']}"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(BIN / "gunicorn"), target, "-c", "gunicorn.conf.py"], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.time() + 60
            while True:
                try:
                    with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                        if r.status == 200:
                            break
                except OSError:
                    if proc.poll() is not None or time.time() > deadline:
                        raise RuntimeError(f"gunicorn {target} did not start:\n{log.read_text()}") from None
                    time.sleep(0.2)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


class Client:
    """One browser: a keep-alive connection, its cookies and its CSRF token."""

    def __init__(self, base: str) -> None:
        url = urllib.parse.urlsplit(base)
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
        self.cookies: dict[str, str] = {}
        self.token = ""
        self.html = ""

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                htmx: bool = False) -> tuple[int, bytes, float]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=body, headers=headers)
            resp = self.conn.getresponse()
        except (OSError, http.client.HTTPException):
            # The server closed an idle keep-alive connection (gunicorn's keepalive): reconnect
            # once, as a browser does, and time the request from the reconnect.
            self.conn.close()
            start = time.perf_counter()
            self.conn.request(method, path, body=body, headers=headers)
            resp = self.conn.getresponse()
        data = resp.read()
        took = time.perf_counter() - start
        for raw in resp.headers.get_all("Set-Cookie") or []:
            name, _, value = raw.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        text = data.decode("utf-8", "replace")
        if m := TOKEN.search(text):
            self.token = m.group(1)
        self.html = text
        return resp.status, data, took

    def get(self, path: str) -> int:
        return self.request("GET", path)[0]

    def post(self, path: str, form: dict[str, str], htmx: bool = False) -> tuple[int, bytes, float]:
        return self.request("POST", path, {**form, "csrf_token": self.token}, htmx)

    def close(self) -> None:
        self.conn.close()


@dataclass
class Player:
    client: Client
    table: int
    latencies: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    errors: int = 0
    messages: set[str] = field(default_factory=set)

    def state(self) -> dict[str, str]:
        r, v = ROUND.search(self.client.html), VERSION.search(self.client.html)
        return {"round_id": r.group(1) if r else "", "version": v.group(1) if v else ""}

    def act(self, kind: str, extra: dict[str, str]) -> None:
        form = {"seat": "0", "kind": kind, **extra, **self.state()}
        status, data, took = self.client.post(f"/tables/{self.table}/act", form, htmx=True)
        self.latencies.append(took)
        self.sizes.append(len(data))
        refused = ERROR.search(self.client.html)
        if status != 200 or refused:
            self.errors += 1
            self.messages.add(refused.group(1).strip() if refused else f"HTTP {status}")
            self.client.get(f"/tables/{self.table}")  # pick the table's state up again

    def cycle(self) -> None:
        self.act("bet", {"spot": "1", "chip": "100"})
        self.act("spin", {})


def setup_players(base: str, count: int) -> list[Player]:
    """An operator opens one Big Six table per player; each guest sits and buys in."""
    op = Client(base)
    op.get("/login")
    op.post("/login", {"username": "operator", "password": "operator-pass-123"})
    players = []
    for i in range(count):
        op.get("/operator/")
        op.post("/operator/tables", {"name": f"Bench Big Six {i + 1}", "game_variant": "big-six|chapter4"})
        ids = [int(x) for x in re.findall(r'id="table-(\d+)"', op.html or "")]
        if not ids:
            op.get("/operator/")
            ids = [int(x) for x in re.findall(r'id="table-(\d+)"', op.html)]
        table = max(ids)
        c = Client(base)
        c.get("/login")
        c.post("/guest", {})
        c.get(f"/tables/{table}")
        c.post(f"/tables/{table}/sit", {"seat": "0"})
        c.post(f"/tables/{table}/buy-in", {"amount": "200"})
        c.get(f"/tables/{table}")
        players.append(Player(c, table))
    op.close()
    return players


def run_load(players: list[Player], cycles: int, work: str) -> tuple[float, list[float], int]:
    """Every player runs ``cycles`` cycles at once; (wall seconds, latencies, errors)."""
    for p in players:
        p.latencies, p.errors = [], 0
    barrier = threading.Barrier(len(players) + 1)

    def go(p: Player) -> None:
        barrier.wait()
        for _ in range(cycles):
            try:
                p.cycle() if work == "casino" else bare_cycle(p)
            except (OSError, http.client.HTTPException) as exc:
                p.errors += 1
                p.messages.add(type(exc).__name__)
                p.client.conn.close()

    threads = [threading.Thread(target=go, args=(p,)) for p in players]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    return wall, [x for p in players for x in p.latencies], sum(p.errors for p in players)


def bare_cycle(p: Player) -> None:
    for kind in ("bet", "spin"):
        status, data, took = p.client.post("/act", {"seat": "0", "kind": kind, "spot": "1", "chip": "100",
                                                    "round_id": "1", "version": "1"}, htmx=True)
        p.latencies.append(took)
        p.sizes.append(len(data))
        if status != 200:
            p.errors += 1
            p.messages.add(f"HTTP {status}")


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


@dataclass
class Row:
    players: int
    requests: int
    rps: float
    p50: float
    p95: float
    p99: float
    errors: int


def measure(players: list[Player], levels: list[int], cycles: int, work: str) -> list[Row]:
    rows = []
    run_load(players[:1], 2, work)  # warm up templates and connections
    for n in levels:
        wall, lat, errors = run_load(players[:n], cycles, work)
        rows.append(Row(n, len(lat), len(lat) / wall, quantile(lat, 0.5) * 1000, quantile(lat, 0.95) * 1000,
                        quantile(lat, 0.99) * 1000, errors))
    return rows


def bench(levels: list[int], cycles: int, workers: int) -> tuple[str, dict[str, object]]:
    workdir = Path(tempfile.mkdtemp(prefix="casino-bench-"))
    try:
        env = server_env(workdir, free_port(), workers)
        flask = [str(BIN / "flask"), "--app", "app"]
        subprocess.run(flask + ["db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
        subprocess.run(flask + ["seed-demo"], cwd=ROOT, env=env, check=True, capture_output=True)
        with gunicorn("app:app", env, workdir / "casino.log") as base:
            players = setup_players(base, max(levels))
            casino = measure(players, levels, cycles, "casino")
            sizes = [s for p in players for s in p.sizes]
            size = int(statistics.mean(sizes))
            for p in players:
                p.client.close()
        bare_env = server_env(workdir, free_port(), workers)
        bare_env["BENCH_FRAGMENT_BYTES"] = str(size)
        with gunicorn("bench.bare_app:app", bare_env, workdir / "bare.log") as base:
            bare_players = [Player(Client(base), 0) for _ in range(max(levels))]
            bare = measure(bare_players, levels, cycles, "bare")
            bare_size = int(statistics.mean(s for p in bare_players for s in p.sizes))
            for p in bare_players:
                p.client.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    lines = [
        "| players | server | requests | req/s | p50 ms | p95 ms | p99 ms | errors | casino ÷ bare (req/s) |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for c, b in zip(casino, bare):
        lines.append(f"| {c.players} | casino: bet → spin | {c.requests:,} | {c.rps:,.0f} | {c.p50:.1f} | "
                     f"{c.p95:.1f} | {c.p99:.1f} | {c.errors} | {c.rps / b.rps:.2f} |")
        lines.append(f"| {b.players} | bare Flask fragment | {b.requests:,} | {b.rps:,.0f} | {b.p50:.1f} | "
                     f"{b.p95:.1f} | {b.p99:.1f} | {b.errors} | |")
    messages = sorted({m for p in players + bare_players for m in p.messages})
    if messages:
        lines += ["", "Errors seen: " + "; ".join(messages)]
    meta = {"size": size, "bare_size": bare_size, "workers": workers, "cycles": cycles}
    return "\n".join(lines), meta


def write_results(markdown: str, command: str, meta: dict[str, object]) -> Path:
    path = ROOT / "bench" / "RESULTS.md"
    threads = os.environ.get("GUNICORN_THREADS", "16")
    section = "\n".join([
        START,
        "## Web: one table action under concurrent players",
        "",
        f"- date: {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}",
        (f"- machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs, "
         f"Python {platform.python_version()}"),
        f"- command: `{command}`",
        f"- load average when it started: {LOAD_AT_START} (other work on the machine slows every figure)",
        (f"- gunicorn gthread, {meta['workers']} workers × {threads} threads, SQLite, loopback; the load "
         "tool runs on the same machine (keep-alive connections, one per player)"),
        (f"- casino: each player owns a Big Six table and does {meta['cycles']} cycles of `bet` then `spin` "
         f"(the spin settles the bet), each a POST of the table's htmx form; responses average "
         f"{meta['size']:,} bytes"),
        (f"- bare: `bench/bare_app.py`, a Flask POST endpoint rendering a Jinja fragment of "
         f"{meta['bare_size']:,} bytes, same server settings, same number of POSTs"),
        ("- latency per request (the two POSTs of a cycle alike); casino ÷ bare: the share of a bare "
         "Flask server's throughput left after the casino's work (sessions, CSRF, engine, ledger, SQLite)"),
        "",
        markdown,
        END,
    ])
    replace_section(path, section, START, END)
    return path


def replace_section(path: Path, section: str, start: str, end: str) -> None:
    text = path.read_text() if path.exists() else "# Benchmark results\n"
    if start in text and end in text:
        head, rest = text.split(start, 1)
        text = head + section + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    path.write_text(text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="1,4,16", help="concurrency levels, comma-separated")
    parser.add_argument("--cycles", type=int, default=20, help="bet → spin cycles per player per level")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (WEB_CONCURRENCY)")
    parser.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    args = parser.parse_args(argv)
    levels = sorted({int(x) for x in args.players.split(",") if x.strip()})
    markdown, meta = bench(levels, args.cycles, args.workers)
    print(markdown)
    if not args.no_write:
        command = "python bench/bench_web.py" + "".join(
            f" {flag} {value}" for flag, value, default in (("--players", args.players, "1,4,16"),
                                                            ("--cycles", args.cycles, 20),
                                                            ("--workers", args.workers, 2)) if value != default)
        print(f"\nwritten to {write_results(markdown, command, meta)}")


if __name__ == "__main__":
    main()
