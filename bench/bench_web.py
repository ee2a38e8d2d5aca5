"""Web: table actions under N concurrent players, the casino against bare Flask, per database.

Every action is timed against a real gunicorn server on loopback; the same load goes to a bare
Flask endpoint that renders a fragment of the same size, in the same run. Two measurements:

- closed loop (``--players``): every player posts its next action the moment the last answer
  arrives, no think time: the most the server answers, and the casino ÷ bare ratio of that;
- at a player's pace (``--paced-players``, ``--pace``): each player thinks before every action,
  a seeded exponential time of mean ``--pace`` seconds, so the offered load is players ÷ pace
  requests a second: the latency a player sees at that load, held to the targets.

    python bench/bench_web.py [--players 1,4,16,50] [--games big-six,blackjack,floor]
                              [--database sqlite,postgresql] [--seconds 6] [--slices 3] [--paced-seconds 10]
                              [--no-write]
                              [--paced-players 16,50,100] [--pace 1.0] [--seed 1]

For each database the casino server is started as the browser tests start it (``flask db
upgrade``, ``flask seed-demo``, gunicorn with the project's ``gunicorn.conf.py`` on a free
loopback port): SQLite in a temporary folder, or PostgreSQL on the throwaway server the tests
start (``tests/pgserver.py``). Each simulated player is a guest with a Big Six table and a
blackjack table of their own (so players never wait on each other's round, only on the
server), seated and bought in just before its game is measured, and looking at its table again
before each level (a player seen nowhere for 90 s is away, P-015). Then, for each game and each number of
players, every player runs its cycles at once, every POST timed:

- Big Six: ``bet`` on the $1 bill, then ``spin`` (which settles it);
- blackjack: ``bet`` $5 on the main spot, ``deal``, ``hit`` once, ``stand`` if the hand still
  stands (declining insurance when offered): one round, settled;
- the floor (``bench/floor_app.py``): a post to the Big Six table that does only what every
  action must do before its game (session, CSRF, login, rate limit, the table's one read, its
  version's one write, the commit) and answers the bare server's fragment as large as a Big
  Six action's: the most any action could reach on this stack if its game, ledger and felt
  cost nothing. With it measured, the casino's server is ``bench.floor_app:app`` (the casino's
  app plus that one route); it has no paced levels.

A closed-loop level lasts ``--seconds`` at each server: every player runs its cycles again and
again, and the answers that arrived within that time are counted (see :func:`run_load`). A
paced level does the same for ``--paced-seconds`` at each server, every player thinking before
each action, so the load is the offered one for the whole level.
The bare server (``bench/bare_app.py``) runs beside the casino's under the same gunicorn
settings and answers with a Jinja fragment as large as the casino's average response for that
game; each measurement of the casino is followed at once by the same one of the bare server (a
closed-loop level alternates between them in ``--slices`` slices, see :func:`measure_game`), and
at a paced level the bare server's player i thinks exactly as the casino's did (the same seeded
think times). The paced levels run after each game's closed-loop levels, with the same players
and tables; ``--pace 0`` leaves them out. Loops are bounded; nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import json
import math
import os
import platform
import random
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run as a script: tests.pgserver, bench.bare_app
BIN = Path(sys.executable).parent
START = "<!-- web:start -->"
END = "<!-- web:end -->"
PACED_START = "<!-- web-paced:start -->"
PACED_END = "<!-- web-paced:end -->"

# The targets of the request path, printed beside the measured figures (not asserted anywhere).
TARGET_RATIO = 0.5  # casino ÷ bare, requests per second
TARGET_P95_MS = 100.0
TARGET_P99_MS = 250.0
TARGET_LEVELS = (16, 50)  # players

GAMES = {"big-six": "Big Six", "blackjack": "blackjack", "floor": "floor (no game)"}
FLOOR_TABLES = "big-six"  # the floor's posts go to the players' Big Six tables
FLOOR_BYTES = [23_000]  # the size of the floor's answer: the Big Six average once it is measured
DATABASES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
BUY_IN = "2000"  # dollars, at each table; guests get GUEST_CHIPS below

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
ROUND = re.compile(r'name="round_id" value="(\d*)"')
VERSION = re.compile(r'name="version" value="(\d*)"')
ERROR = re.compile(r'class="flash flash-error"[^>]*>([^<]*)<')
KEPT = re.compile(r'id="kept-([a-z0-9-]+)" class="kept" data-digest="([0-9a-f]+)"')
ACTIONS = re.compile(r'data-action="([a-z0-9-]+)"')


def load_average() -> str:
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(workdir: Path, port: int, workers: int, database_url: str = "") -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": database_url, "INSTANCE_PATH": str(workdir), "SECRET_KEY": "bench-secret",
        "PORT": str(port), "HOST": "127.0.0.1", "WEB_CONCURRENCY": str(workers),
        # The load comes from one address: the per-address limits would measure themselves.
        "MONEY_RATE_LIMIT": "1000000 per minute", "LOGIN_RATE_LIMIT": "1000000 per minute",
        "GUEST_CHIPS": "1000000",  # $10,000: two buy-ins and every level's bets, whatever the luck
    })
    env.pop("REDIS_URL", None)
    return env


SERVERS: dict[str, int] = {}  # a running server's base URL -> its gunicorn master's pid


def server_cpu(base: str) -> float:
    """CPU seconds (user and system) the server at ``base`` has used so far: its gunicorn master
    and worker processes, from ``/proc`` (0 where there is none: the figure is then left out).
    A database server's own processes are not counted."""
    master = SERVERS.get(base)
    if master is None or not os.path.isdir("/proc"):
        return 0.0
    ticks = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue  # a process that ended meanwhile
        fields = stat[stat.rfind(")") + 2:].split()  # after "pid (comm) ": state, ppid, …
        if int(entry) == master or int(fields[1]) == master:
            ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


@contextmanager
def gunicorn(target: str, env: dict[str, str], log: Path) -> Iterator[str]:
    """A gunicorn server for ``target`` on the env's loopback port, stopped on exit."""
    base = f"http://127.0.0.1:{env['PORT']}"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(BIN / "gunicorn"), target, "-c", "gunicorn.conf.py"], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT)
        SERVERS[base] = proc.pid
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
            SERVERS.pop(base, None)
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextmanager
def database(kind: str) -> Iterator[str]:
    """The DATABASE_URL of a run: empty for SQLite (the instance folder's file), or a
    throwaway PostgreSQL server's, removed afterwards."""
    if kind == "sqlite":
        yield ""
        return
    from tests.pgserver import postgres_server

    server = postgres_server()
    try:
        yield next(server)
    finally:
        server.close()  # stops the server and removes its folder


def postgres_available() -> bool:
    from tests.pgserver import _bindir

    return bool(os.environ.get("TEST_DATABASE_URL")) or _bindir() is not None


class Client:
    """One browser: a keep-alive connection, its cookies and its CSRF token."""

    def __init__(self, base: str) -> None:
        url = urllib.parse.urlsplit(base)
        self.base = base
        self.conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
        self.cookies: dict[str, str] = {}
        self.token = ""
        self.html = ""
        self.kept: dict[str, str] = {}  # region -> digest shown, as the table's script reports them

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                htmx: bool = False) -> tuple[int, bytes, float]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
            if self.kept:  # what static/js/table.js sends: the regions the page shows (P-017)
                headers["X-Kept"] = ",".join(f"{k}={v}" for k, v in self.kept.items())
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
        for region, digest in KEPT.findall(text):  # a placeholder keeps the region the page had
            self.kept[region] = digest
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
    tables: dict[str, int]
    latencies: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)  # when each timed answer arrived (perf_counter)
    sizes: list[int] = field(default_factory=list)
    errors: int = 0
    messages: set[str] = field(default_factory=set)
    table: int = 0  # the table of the game being measured
    thinking: random.Random | None = None  # the paced run's think times; None in the closed loop
    pace: float = 0.0  # mean think time, seconds

    def think(self) -> None:
        """At a player's pace, wait a think time before the next action (not timed)."""
        if self.thinking is not None:
            time.sleep(self.thinking.expovariate(1.0 / self.pace))

    def state(self) -> dict[str, str]:
        r, v = ROUND.search(self.client.html), VERSION.search(self.client.html)
        return {"round_id": r.group(1) if r else "", "version": v.group(1) if v else ""}

    def actions(self) -> set[str]:
        return set(ACTIONS.findall(self.client.html))

    def post_timed(self, path: str, form: dict[str, str], what: str = "") -> int:
        """Think (at a player's pace), post an htmx form and keep the answer's latency, arrival
        and size; an answer other than 200 is an error."""
        self.think()
        status, data, took = self.client.post(path, form, htmx=True)
        self.latencies.append(took)
        self.answered.append(time.perf_counter())
        self.sizes.append(len(data))
        if status != 200:
            self.errors += 1
            self.messages.add(f"{what}HTTP {status}")
        return status

    def act(self, kind: str, extra: dict[str, str] | None = None) -> bool:
        form = {"seat": "0", "kind": kind, **(extra or {}), **self.state()}
        self.think()
        status, data, took = self.client.post(f"/tables/{self.table}/act", form, htmx=True)
        self.latencies.append(took)
        self.answered.append(time.perf_counter())
        self.sizes.append(len(data))
        refused = ERROR.search(self.client.html)
        if status != 200 or refused:
            self.errors += 1
            self.messages.add(refused.group(1).strip() if refused else f"HTTP {status}")
            self.client.get(f"/tables/{self.table}")  # pick the table's state up again
            return False
        return True


def big_six_cycle(p: Player) -> None:
    if p.act("bet", {"spot": "1", "chip": "100"}):
        p.act("spin")


def blackjack_cycle(p: Player) -> None:
    """One round: bet, deal, hit once, stand if the hand is still standing; decline insurance."""
    if not (p.act("bet", {"spot": "main", "chip": "500"}) and p.act("deal")):
        return
    hit = False
    for _ in range(4):
        acts = p.actions()
        if "decline" in acts:
            ok = p.act("decline")
        elif "hit-0" in acts and not hit:
            ok = hit = p.act("hit", {"spot": "0"})
        elif "stand-0" in acts:
            ok = p.act("stand", {"spot": "0"})
        else:
            return  # the round is over (a blackjack, a bust, or the stand settled it)
        if not ok:
            return


def floor_cycle(p: Player) -> None:
    """The floor (``bench/floor_app.py``): a post with the table's form fields that reads the
    table, bumps its version and answers a fragment as large as a Big Six action's."""
    p.post_timed(f"/tables/{p.table}/floor", {"seat": "0", "kind": "bet", **p.state(), "bytes": str(FLOOR_BYTES[0])},
                 "floor: ")


CYCLES: dict[str, Callable[[Player], None]] = {"big-six": big_six_cycle, "blackjack": blackjack_cycle,
                                               "floor": floor_cycle}


def bare_requests(count: int, size: int) -> Callable[[Player], None]:
    """The bare server's share for one player: ``count`` POSTs answered with ``size`` bytes."""
    def run(p: Player) -> None:
        for i in range(count):
            p.post_timed("/act", {"seat": "0", "kind": ("bet", "spin")[i % 2], "spot": "1", "chip": "100",
                                  "round_id": "1", "version": "1", "bytes": str(size)})
    return run


def create_tables(count: int) -> None:
    """Run inside a server's environment: open ``count`` Big Six and blackjack tables (no
    bots) and print their ids as JSON. Setting up is not what is measured."""
    from webgame import create_app
    from webgame.extensions import db
    from webgame.services.tables import create_table

    app = create_app()
    with app.app_context():
        ids: dict[str, list[int]] = {"big-six": [], "blackjack": []}
        for i in range(count):
            ids["big-six"].append(create_table(f"Bench Big Six {i + 1}", "big-six", "chapter4",
                                               bots_allowed=False).id)
            ids["blackjack"].append(create_table(f"Bench Blackjack {i + 1}", "blackjack", "chapter4",
                                                 bots_allowed=False).id)
        db.session.commit()
    print(json.dumps(ids))


def setup_players(base: str, tables: dict[str, list[int]], count: int) -> list[Player]:
    """Each guest logs in, with a table of each game of its own (taken by :func:`seat_players`)."""
    players = []
    for i in range(count):
        c = Client(base)
        c.get("/login")
        c.post("/guest", {})
        players.append(Player(c, {game: ids[i] for game, ids in tables.items()}))
    return players


def seat_players(players: list[Player], game: str) -> None:
    """Each guest sits at its table of ``game`` and buys in, just before the game is measured: a
    player seen at no table for 90 s is away (P-015) and loses a seat it took earlier."""
    for p in players:
        p.table, p.sizes = p.tables[game], []
        p.client.get(f"/tables/{p.table}")
        p.client.post(f"/tables/{p.table}/sit", {"seat": "0"})
        p.client.post(f"/tables/{p.table}/buy-in", {"amount": BUY_IN})
        p.client.get(f"/tables/{p.table}")


def look_in(players: list[Player]) -> None:
    """Every player looks at its table before a level, as a browser's stream keeps doing: the
    players a level leaves out are not away (P-015) when a later level needs them."""
    for p in players:
        p.client.get(f"/tables/{p.table}")


def run_load(players: list[Player], work: Callable[[Player], None], repeat: Callable[[int], int] | None = None,
             seconds: float = 0.0) -> tuple[float, list[float], int]:
    """Every player runs its work at once; (wall seconds, latencies, errors).

    With ``repeat``, player i runs its work ``repeat(i)`` times and the wall time lasts until
    the last player is done. With ``seconds`` (the closed loop), every player runs its work
    again and again for that long, and only the answers that arrived within it are counted:
    every player is at work for the whole of the measured time, however the server's
    processes shared their connections out (a process given fewer players' connections would
    otherwise finish their fixed shares early and sit idle while the rest are served, and the
    level would measure less than all its players at once). A round under way at the end is
    finished, untimed, so that the next level starts between rounds."""
    for p in players:
        p.latencies, p.answered, p.errors = [], [], 0
    barrier = threading.Barrier(len(players) + 1)
    deadline = [math.inf]

    def go(index: int, p: Player) -> None:
        barrier.wait()
        count = repeat(index) if repeat is not None else 0
        done = 0
        while (done < count) if repeat is not None else (time.perf_counter() < deadline[0]):
            done += 1
            try:
                work(p)
            except (OSError, http.client.HTTPException) as exc:
                p.errors += 1
                p.messages.add(type(exc).__name__)
                p.client.conn.close()

    threads = [threading.Thread(target=go, args=(i, p)) for i, p in enumerate(players)]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    if repeat is None:
        deadline[0] = start + seconds
    for t in threads:
        t.join()
    if repeat is not None:
        return time.perf_counter() - start, [x for p in players for x in p.latencies], sum(p.errors for p in players)
    timed = [took for p in players for took, at in zip(p.latencies, p.answered, strict=True) if at <= deadline[0]]
    return seconds, timed, sum(p.errors for p in players)


@contextmanager
def paced(players: list[Player], pace: float, key: str) -> Iterator[None]:
    """Players think between actions: player i's think times are drawn from a generator seeded
    with ``key`` and i, so the bare server's player i thinks exactly as the casino's did."""
    for i, p in enumerate(players):
        p.thinking, p.pace = random.Random(f"{key}:{i}"), pace
    try:
        yield
    finally:
        for p in players:
            p.thinking = None


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


@dataclass
class Row:
    game: str
    players: int
    requests: int
    rps: float
    p50: float
    p95: float
    p99: float
    errors: int
    load: float  # 1-minute load average when the level started
    offered: float = 0.0  # paced levels: players ÷ mean think time, requests a second
    cpu_ms: float = 0.0  # closed-loop levels: the server's CPU milliseconds per request it answered


def measure_level(game: str, players: list[Player], work: Callable[[Player], None], seconds: float) -> Row:
    """Every player at work for ``seconds``; the answers that arrived within them."""
    load = os.getloadavg()[0]
    wall, lat, errors = run_load(players, work, seconds=seconds)
    return Row(game, len(players), len(lat), len(lat) / wall, quantile(lat, 0.5) * 1000,
               quantile(lat, 0.95) * 1000, quantile(lat, 0.99) * 1000, errors, load)


def progress(what: str, row: Row) -> None:
    cpu = f", {row.cpu_ms:.1f} CPU ms each" if row.cpu_ms else ""
    print(f"  {what}: {row.requests} requests, {row.rps:.0f}/s, p95 {row.p95:.0f} ms{cpu}, {row.errors} errors",
          file=sys.stderr, flush=True)


@dataclass
class Run:
    database: str
    started: str
    load_start: str
    load_end: str = ""
    casino: list[Row] = field(default_factory=list)
    bare: list[Row] = field(default_factory=list)
    sizes: dict[str, int] = field(default_factory=dict)
    bare_sizes: dict[str, int] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    paced_casino: list[Row] = field(default_factory=list)
    paced_bare: list[Row] = field(default_factory=list)


def measure_paced(game: str, players: list[Player], work: Callable[[Player], None],
                  seconds: float, pace: float, key: str) -> Row:
    """A paced level: for ``seconds``, every player thinks (seeded by ``key``) before each
    action, so the offered load is players ÷ pace requests a second throughout. A level given a
    fixed number of actions per player instead lasted until its slowest player was done: its
    load was the offered one for the first seconds and then tapered off (achieved 29 of an
    offered 100 requests a second), and its p95 rested on a couple of hundred answers."""
    with paced(players, pace, key):
        row = measure_level(game, players, work, seconds)
    row.offered = len(players) / pace
    return row


def measure_game(run: Run, game: str, players: list[Player], bare_players: list[Player], levels: list[int],
                 paced_levels: list[int], paced_seconds: float, seconds: float, slices: int, pace: float,
                 seed: int) -> None:
    """One game's levels on both servers, each casino measurement followed at once by the bare
    server's: a closed-loop level alternates between them in ``slices`` slices of its time, so
    that a machine whose speed drifts over the minutes of a run (it does, by a fifth and more)
    slows both sides of a ratio alike. The bare server answers as many bytes as the casino's
    answers so far averaged."""
    seat_players(players, game)
    # Every player plays one round first, untimed: a table's first round (and the accounts it
    # makes on first use) costs more than the steady state the levels measure, and a paced
    # level whose hundred players all began at once measured that burst (p95 0.5-0.9 s on
    # PostgreSQL: the first 3 s saturated the processors, the rest left them 65-83 % idle).
    run_load(players, CYCLES[game], lambda _: 1)
    for p in players:
        p.sizes = []
    run_load(players[:1], CYCLES[game], lambda _: 8)  # warm up templates and connections; the first size
    size = [int(statistics.mean(players[0].sizes))]
    for p in players + bare_players:
        p.sizes = []

    def bare(p: Player) -> None:
        bare_requests(1, size[0])(p)

    run_load(bare_players[:1], bare, lambda _: 4)
    for p in bare_players:
        p.sizes = []
    def sliced(level: list[Player], work: Callable[[Player], None], cpu: list[float]) -> tuple[float, list[float], int]:
        """One slice, with the CPU its server spent on it and every request it answered (those
        of a round finished after the slice's end included) added to ``cpu``."""
        before = server_cpu(level[0].client.base)
        measured = run_load(level, work, seconds=seconds / slices)
        cpu[0] += server_cpu(level[0].client.base) - before
        cpu[1] += sum(len(p.latencies) for p in level)
        return measured

    for n in levels:
        casino_slices: list[tuple[float, list[float], int]] = []
        bare_slices: list[tuple[float, list[float], int]] = []
        casino_cpu, bare_cpu = [0.0, 0], [0.0, 0]
        look_in(players)
        load = os.getloadavg()[0]
        for _ in range(slices):
            casino_slices.append(sliced(players[:n], CYCLES[game], casino_cpu))
            size[0] = int(statistics.mean(s for p in players for s in p.sizes))
            bare_slices.append(sliced(bare_players[:n], bare, bare_cpu))
        for rows, measured, cpu, server in ((run.casino, casino_slices, casino_cpu, "casino"),
                                            (run.bare, bare_slices, bare_cpu, "bare")):
            rows.append(level_row(game, n, measured, load))
            rows[-1].cpu_ms = 1000 * cpu[0] / cpu[1] if cpu[1] else 0.0
            progress(f"{server} {game}, {n} players", rows[-1])
    run.sizes[game] = int(statistics.mean(s for p in players for s in p.sizes))
    run.bare_sizes[game] = int(statistics.mean(s for p in bare_players for s in p.sizes))
    if game == "big-six":
        FLOOR_BYTES[0] = run.sizes[game]
    for n in (paced_levels if game != "floor" else []):  # a player's pace says nothing of the floor
        look_in(players)
        row = measure_paced(game, players[:n], CYCLES[game], paced_seconds, pace, f"{seed}:{game}:{n}")
        run.paced_casino.append(row)
        progress(f"casino {game}, {n} players at a {pace:g} s pace", row)
        run.paced_bare.append(measure_paced(game, bare_players[:n], bare, paced_seconds, pace, f"{seed}:{game}:{n}"))
        progress(f"bare {game}, {n} players at a {pace:g} s pace", run.paced_bare[-1])


def level_row(game: str, players: int, slices: list[tuple[float, list[float], int]], load: float) -> Row:
    """A closed-loop level from its slices: every answer counted over the slices' whole time."""
    wall = sum(w for w, _, _ in slices)
    lat = [x for _, xs, _ in slices for x in xs]
    return Row(game, players, len(lat), len(lat) / wall, quantile(lat, 0.5) * 1000, quantile(lat, 0.95) * 1000,
               quantile(lat, 0.99) * 1000, sum(e for _, _, e in slices), load)


def bench(db_kind: str, games: list[str], levels: list[int], paced_seconds: float, workers: int,
          paced_levels: list[int] | None = None, pace: float = 1.0, seed: int = 1, seconds: float = 6.0,
          slices: int = 3) -> Run:
    paced_levels = paced_levels or []
    run = Run(db_kind, dt.datetime.now().strftime("%Y-%m-%d %H:%M"), load_average())
    workdir = Path(tempfile.mkdtemp(prefix="casino-bench-"))
    players: list[Player] = []
    bare_players: list[Player] = []
    try:
        with database(db_kind) as url:
            env = server_env(workdir, free_port(), workers, url)
            flask = [str(BIN / "flask"), "--app", "app"]
            subprocess.run(flask + ["db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
            subprocess.run(flask + ["seed-demo"], cwd=ROOT, env=env, check=True, capture_output=True)
            made = subprocess.run([sys.executable, "-c", f"from bench.bench_web import create_tables; "
                                   f"create_tables({max(levels + paced_levels)})"], cwd=ROOT, env=env, check=True,
                                  capture_output=True, text=True)
            tables = json.loads(made.stdout.strip().splitlines()[-1])
            bare_env = server_env(workdir, free_port(), workers)
            # With the floor measured, the casino's server is its app with the floor's route added
            # (bench/floor_app.py); every other route is the same.
            target = "bench.floor_app:app" if "floor" in games else "app:app"
            with gunicorn(target, env, workdir / "casino.log") as base, \
                    gunicorn("bench.bare_app:app", bare_env, workdir / "bare.log") as bare_base:
                t0 = time.perf_counter()
                players = setup_players(base, {g: tables[FLOOR_TABLES if g == "floor" else g] for g in games},
                                        max(levels + paced_levels))
                bare_players = [Player(Client(bare_base), {}) for _ in range(max(levels + paced_levels))]
                print(f"  {len(players)} players logged in ({time.perf_counter() - t0:.0f} s)",
                      file=sys.stderr, flush=True)
                for game in games:
                    measure_game(run, game, players, bare_players, levels, paced_levels, paced_seconds, seconds,
                                 slices, pace, seed)
                for p in players + bare_players:
                    p.client.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    run.load_end = load_average()
    run.messages = sorted({m for p in players + bare_players for m in p.messages})
    return run


def met(ok: bool) -> str:
    return "yes" if ok else "**no**"


def run_markdown(run: Run, workers: int, seconds: float, slices: int, command: str) -> str:
    threads = os.environ.get("GUNICORN_THREADS", "16")
    where = ("SQLite file in the instance folder (WAL, `synchronous=NORMAL`, P-009)" if run.database == "sqlite"
             else "PostgreSQL 15, a throwaway server of `tests/pgserver.py` on loopback TCP (started with "
                  "`fsync=off`: commits are not flushed to disk)")
    lines = [
        f"### {DATABASES[run.database]}",
        "",
        f"- date: {run.started}; database: {where}",
        f"- command: `{command}`",
        f"- load average (1 / 5 / 15 min): {run.load_start} when the run started, {run.load_end} when it ended; "
        "the `load` column is the 1-minute figure when each level started",
        f"- gunicorn gthread, {workers} workers × {threads} threads; average response: "
        + ", ".join(f"{GAMES[g]} {run.sizes[g]:,} bytes (bare {run.bare_sizes[g]:,})" for g in run.sizes),
        f"- each level: {seconds:g} s of every player posting without pause at each server, in {slices} slices "
        "alternating casino, bare, casino, bare … (the answers that arrived within a slice are counted; a round "
        "under way at its end is finished untimed); latency per request",
        "- `CPU ms`: the web server's processor time per request it answered in the level (user and system, "
        "its gunicorn processes from `/proc`; the database server's own is not in it), a figure the machine's "
        "drift moves less than req/s",
        "",
        "| game | players | server | requests | req/s | p50 ms | p95 ms | p99 ms | errors | load | CPU ms "
        "| casino ÷ bare (req/s) |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    pairs = list(zip(run.casino, run.bare))
    for c, b in pairs:
        lines.append(f"| {GAMES[c.game]} | {c.players} | {'floor' if c.game == 'floor' else 'casino'} | {c.requests:,} | {c.rps:,.0f} | {c.p50:.1f} | "
                     f"{c.p95:.1f} | {c.p99:.1f} | {c.errors} | {c.load:.1f} | {c.cpu_ms:.1f} | {c.rps / b.rps:.2f} |")
        lines.append(f"| {GAMES[b.game]} | {b.players} | bare Flask | {b.requests:,} | {b.rps:,.0f} | {b.p50:.1f} | "
                     f"{b.p95:.1f} | {b.p99:.1f} | {b.errors} | {b.load:.1f} | {b.cpu_ms:.1f} | |")
    targeted = [(c, b) for c, b in pairs if c.players in TARGET_LEVELS]
    lines += [
        "",
        f"Target at {' and '.join(map(str, TARGET_LEVELS))} players: casino ÷ bare ≥ {TARGET_RATIO:.2f}, "
        f"p95 < {TARGET_P95_MS:.0f} ms, p99 < {TARGET_P99_MS:.0f} ms, no errors"
        + ("." if targeted else " (not measured in this run)."),
    ]
    if targeted:
        lines += [
            "",
            f"| game | players | casino ÷ bare (target ≥ {TARGET_RATIO:.2f}) | p95 ms (target < {TARGET_P95_MS:.0f}) "
            f"| p99 ms (target < {TARGET_P99_MS:.0f}) | met |",
            "|---|---:|---:|---:|---:|---|",
        ]
        for c, b in targeted:
            ratio = c.rps / b.rps
            ok = ratio >= TARGET_RATIO and c.p95 < TARGET_P95_MS and c.p99 < TARGET_P99_MS and c.errors == 0
            lines.append(f"| {GAMES[c.game]} | {c.players} | {ratio:.2f} | {c.p95:.1f} | {c.p99:.1f} | {met(ok)} |")
    if run.messages:
        lines += ["", "Errors seen: " + "; ".join(run.messages)]
    return "\n".join(lines)


def paced_markdown(run: Run, pace: float, paced_seconds: float, seed: int, command: str) -> str:
    lines = [
        f"#### {DATABASES[run.database]}, at a player's pace",
        "",
        f"- date: {run.started}; the same servers, players and tables as the closed loop above, "
        f"after each game's closed-loop levels; command: `{command}`",
        f"- think time before every action (the first too): exponential, mean {pace:g} s, seeded ({seed}); "
        "the bare server's player i thinks as the casino's did",
        f"- each level: {paced_seconds:g} s of every player playing at that pace at each server (the answers "
        "that arrived within it are counted; a round under way at its end is finished untimed); latency per "
        "request, think time excluded; the `load` column is the 1-minute load average when each level started",
        "",
        "| game | players | server | requests | offered req/s | achieved req/s | p50 ms | p95 ms | p99 ms "
        f"| errors | load | met (p95 < {TARGET_P95_MS:.0f}, p99 < {TARGET_P99_MS:.0f}, no errors) |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for c, b in zip(run.paced_casino, run.paced_bare):
        for row, server in ((c, "casino"), (b, "bare Flask")):
            ok = row.p95 < TARGET_P95_MS and row.p99 < TARGET_P99_MS and row.errors == 0
            lines.append(f"| {GAMES[row.game]} | {row.players} | {server} | {row.requests:,} | {row.offered:,.0f} | "
                         f"{row.rps:,.0f} | {row.p50:.1f} | {row.p95:.1f} | {row.p99:.1f} | {row.errors} | "
                         f"{row.load:.1f} | {met(ok)} |")
    lines += ["", f"The targets are set at {' and '.join(map(str, TARGET_LEVELS))} players; other levels are "
              "read against the same figures."]
    return "\n".join(lines)


PACED_MEANING = (
    "Two measurements, two questions. The **closed loop** (the tables above) asks how much the "
    "server answers: every player posts its next action the moment the last answer arrives, with no "
    "think time, so the load is as much as the server takes and a request's latency is mostly its "
    "wait behind the other players' requests; at 50 players a 100 ms mean would need 500 requests a "
    "second, more than the bare Flask server answers on this machine, so its latencies say how "
    "crowded the queue was, and its ratio casino ÷ bare is the figure to read. **At a player's pace** "
    "(the tables below) asks how long a player waits for an answer when players play like players: "
    "each thinks before every action, an exponential time of mean `--pace` seconds, so the offered "
    "load is players ÷ pace requests a second (16 and 50 a second at 16 and 50 players and a 1 s "
    "pace), and a latency is one request's own work plus whatever queue that load builds: what a "
    "player at that table would wait, the figure the latency targets (p95 < 100 ms, p99 < 250 ms) "
    "speak of (P-427). Achieved req/s sits a little "
    "below offered: a player's next think time starts when its answer arrives."
)


def sub_markers(db_kind: str, prefix: str = "web") -> tuple[str, str]:
    return f"<!-- {prefix}-{db_kind}:start -->", f"<!-- {prefix}-{db_kind}:end -->"


def kept_parts(runs: dict[str, str], old: str, prefix: str) -> list[str]:
    """Per database: this run's part, or the last one written, as it was."""
    parts = []
    for kind in DATABASES:
        start, end = sub_markers(kind, prefix)
        if kind in runs:
            parts.append(f"{start}\n{runs[kind]}\n{end}")
        elif start in old and end in old:
            parts.append(start + old.split(start, 1)[1].split(end, 1)[0] + end)
    return parts


def write_results(runs: dict[str, str], paced_runs: dict[str, str] | None = None) -> Path:
    """Rewrite the web section: its header, the databases of this run, and the other
    database's last figures as they were; the same for the paced subsection."""
    path = ROOT / "bench" / "RESULTS.md"
    old = path.read_text() if path.exists() else ""
    parts = kept_parts(runs, old, "web")
    paced_parts = kept_parts(paced_runs or {}, old, "web-paced")
    paced_section = "\n".join([
        PACED_START,
        "### At a player's pace (paced), beside the closed loop",
        "",
        PACED_MEANING,
        "",
        "\n\n".join(paced_parts) if paced_parts else
        "Not measured yet: `python bench/bench_web.py` (the paced levels are on by default).",
        PACED_END,
    ])
    section = "\n".join([
        START,
        "## Web: table actions under concurrent players",
        "",
        (f"- machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs, "
         f"Python {platform.python_version()}; the load tool runs on the same machine, over loopback "
         "(keep-alive connections, one per player); other work on the machine slows every figure"),
        ("- casino: each player is a guest with a Big Six table and a blackjack table of their own. Big Six: "
         "`bet` $1 on the $1 bill, then `spin` (which settles it). Blackjack: `bet` $5, `deal`, `hit` once, "
         "`stand` if the hand still stands (insurance declined): one round, settled. Each action is a POST of "
         "the table's htmx form, timed on its own, with the `X-Kept` header the table's script sends (the "
         "regions the page shows: an unchanged one comes back as a placeholder, P-017)"),
        ("- bare: `bench/bare_app.py`, a Flask POST endpoint rendering a Jinja template (compiled once, as "
         "any Flask app's template file is) to a fragment as large as the casino's average response for "
         "that game, same server settings, as many POSTs per player; casino ÷ bare: the share of a bare "
         "Flask server's throughput left after the casino's work (sessions, CSRF, engine, ledger, "
         "database). Runs up to 2026-11-27 22:14 rendered the baseline from a string, which Jinja compiled anew "
         "for every request (about 1 ms, a third of its CPU then): their ratios read about twice these"),
        ("- floor: `bench/floor_app.py`, the casino's app with one more route that does only what every "
         "table action must do before its game (gunicorn and Flask, the signed session and its CSRF check, the "
         "rate limit, the login, the table's one read, its version's one write, the commit, the security "
         "headers) and answers the bare server's fragment, as large as a Big Six action's: floor ÷ bare is the "
         "most a table action could reach on this stack with a game, a ledger and a felt that cost nothing"),
        ("- two measurements: the closed loop (no think time; one subsection per database, next) and at a "
         "player's pace (think time between actions; after them, with what each measurement means)"),
        "",
        "\n\n".join(parts),
        "",
        paced_section,
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
    parser.add_argument("--players", default="1,4,16,50", help="concurrency levels, comma-separated")
    parser.add_argument("--games", default="big-six,blackjack,floor", help=f"comma-separated: {', '.join(GAMES)}")
    parser.add_argument("--database", default="sqlite,postgresql", help=f"comma-separated: {', '.join(DATABASES)}")
    parser.add_argument("--seconds", type=float, default=6.0, help="length of each closed-loop level, per server")
    parser.add_argument("--slices", type=int, default=3,
                        help="a closed-loop level alternates between the servers in this many slices of its time")
    parser.add_argument("--paced-seconds", type=float, default=10.0, help="length of each paced level, per server")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (WEB_CONCURRENCY)")
    parser.add_argument("--paced-players", default="16,50,100",
                        help="levels of the paced run, comma-separated (players think between actions)")
    parser.add_argument("--pace", type=float, default=1.0,
                        help="the paced run's mean think time before each action, seconds; 0 leaves it out")
    parser.add_argument("--seed", type=int, default=1, help="seed of the paced run's think times")
    parser.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.slices < 1:
        parser.error("--seconds is the length of a closed-loop level (more than 0), in --slices slices (at least 1)")
    if args.pace < 0 or args.paced_seconds <= 0:
        parser.error("--pace is a mean think time in seconds (0 or more), --paced-seconds a level's length (more than 0)")
    levels = sorted({int(x) for x in args.players.split(",") if x.strip()})
    paced_levels = sorted({int(x) for x in args.paced_players.split(",") if x.strip()}) if args.pace else []
    if not levels or min(levels + paced_levels) < 1:
        parser.error("player counts are whole numbers of at least 1")
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    kinds = [d.strip() for d in args.database.split(",") if d.strip()]
    for name, chosen, known in (("game", games, GAMES), ("database", kinds, DATABASES)):
        if unknown := [x for x in chosen if x not in known]:
            parser.error(f"unknown {name} {', '.join(unknown)}; choose from {', '.join(known)}")
    command = "python bench/bench_web.py" + "".join(
        f" {flag} {value}" for flag, value, default in (("--players", args.players, "1,4,16,50"),
                                                        ("--games", args.games, "big-six,blackjack,floor"),
                                                        ("--database", args.database, "sqlite,postgresql"),
                                                        ("--seconds", args.seconds, 6.0),
                                                        ("--slices", args.slices, 3),
                                                        ("--paced-seconds", args.paced_seconds, 10.0),
                                                        ("--workers", args.workers, 2),
                                                        ("--paced-players", args.paced_players, "16,50,100"),
                                                        ("--pace", args.pace, 1.0),
                                                        ("--seed", args.seed, 1)) if value != default)
    if "postgresql" in kinds and not postgres_available():
        if args.database != parser.get_default("database"):
            parser.error("PostgreSQL is not installed (apt-get install postgresql) and TEST_DATABASE_URL is not set")
        print("PostgreSQL is not installed: its figures are left as they were", file=sys.stderr)
        kinds.remove("postgresql")
    runs, paced_runs = {}, {}
    for kind in kinds:
        print(f"-- {DATABASES[kind]} --", flush=True)
        run = bench(kind, games, levels, args.paced_seconds, args.workers, paced_levels, args.pace, args.seed,
                    args.seconds, args.slices)
        runs[kind] = run_markdown(run, args.workers, args.seconds, args.slices, command)
        print(runs[kind], flush=True)
        if paced_levels:
            paced_runs[kind] = paced_markdown(run, args.pace, args.paced_seconds, args.seed, command)
            print("\n" + paced_runs[kind], flush=True)
    if not args.no_write:
        print(f"\nwritten to {write_results(runs, paced_runs)}")

if __name__ == "__main__":
    main()
