"""The cost of one table action inside the server process, without the network or the load
tool: CPU milliseconds and SQL statements per request, median of many.

    python bench/profile_actions.py                  # Big Six bet/spin, blackjack bet/deal/hit/stand
    python bench/profile_actions.py --rounds 300 --profile big-six   # and a cProfile of the worst

Each request is the table's htmx form post, with the `X-Kept` header the table's script sends
(P-017), through the Flask test client on a SQLite file in a temporary folder; after each
round's first bet, a live refresh (`refresh`: the play area fetched again, as every other
viewer's page does after a change at the table) is measured the same way. The app is the
one the server runs (CSRF on). The CPU time is the thread's own (`time.thread_time`), so other
work on the machine slows it less than a wall clock; the statement count is exact, and so is
the count of Python function calls per request (measured on further rounds, not timed), the
figure to compare when the machine is busy.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
ROUND = re.compile(r'name="round_id" value="(\d*)"')
VERSION = re.compile(r'name="version" value="(\d*)"')
ACTIONS = re.compile(r'data-action="([a-z0-9-]+)"')
ERROR = re.compile(r'class="flash flash-error"[^>]*>([^<]*)<')
KEPT = re.compile(r'id="kept-([a-z0-9-]+)" class="kept" data-digest="([0-9a-f]+)"')


class Browser:
    """One browser at one table, as the bench's load tool drives it."""

    def __init__(self, app: Any, table: int) -> None:
        self.c = app.test_client()
        self.app = app
        self.table = table
        self.html = ""
        self.token = ""
        self.kept: dict[str, str] = {}
        self.samples: dict[str, list[tuple[float, int, int]]] = {}
        self.profiler: cProfile.Profile | None = None
        self.profile_kinds: set[str] = set()
        self.count_calls = False
        self.calls: dict[str, list[int]] = {}  # count Python function calls instead of timing (deterministic)

    def _read(self, resp: Any) -> str:
        text: str = resp.get_data(as_text=True)
        if m := TOKEN.search(text):
            self.token = m.group(1)
        for region, digest in KEPT.findall(text):
            self.kept[region] = digest
        self.html = text
        return text

    def get(self, path: str) -> str:
        with self.app.app_context():
            return self._read(self.c.get(path))

    def post(self, path: str, form: dict[str, str], htmx: bool = False) -> Any:
        headers = {}
        if htmx:
            headers["HX-Request"] = "true"
            if self.kept:
                headers["X-Kept"] = ",".join(f"{k}={v}" for k, v in self.kept.items())
        with self.app.app_context():
            resp = self.c.post(path, data={**form, "csrf_token": self.token}, headers=headers)
            self._read(resp)
        return resp

    def actions(self) -> set[str]:
        return set(ACTIONS.findall(self.html))

    def act(self, kind: str, extra: dict[str, str] | None = None, *, record: bool = True) -> bool:
        r, v = ROUND.search(self.html), VERSION.search(self.html)
        form = {"seat": "0", "kind": kind, **(extra or {}),
                "round_id": r.group(1) if r else "", "version": v.group(1) if v else ""}
        self._timed(kind, record, lambda headers: self.c.post(
            f"/tables/{self.table}/act", data={**form, "csrf_token": self.token}, headers=headers))
        return True

    def look(self, *, record: bool = True) -> None:
        """A live refresh: the play area fetched again (``GET /tables/<id>/play``, with
        ``X-Kept``), as every other viewer's page does after a change at the table."""
        self._timed("refresh", record, lambda headers: self.c.get(f"/tables/{self.table}/play", headers=headers))

    def _timed(self, kind: str, record: bool, send: Callable[[dict[str, str]], Any]) -> None:
        from tests.sqlcount import count_statements

        prof = self.profiler if record and kind in self.profile_kinds else None
        with self.app.app_context(), count_statements() as sql:
            headers = {"HX-Request": "true"}
            if self.kept:
                headers["X-Kept"] = ",".join(f"{k}={v}" for k, v in self.kept.items())
            calls = [0]

            def count(frame: Any, event: str, arg: Any) -> None:
                if event == "call":
                    calls[0] += 1

            t0 = time.thread_time()
            if prof:
                prof.enable()
            if self.count_calls:
                sys.setprofile(count)
            resp = send(headers)
            sys.setprofile(None)
            if prof:
                prof.disable()
            cpu = time.thread_time() - t0
        self._read(resp)
        if resp.status_code != 200 or ERROR.search(self.html):
            m = ERROR.search(self.html)
            raise RuntimeError(f"{kind} refused: {m.group(1).strip() if m else resp.status_code}")
        if record and self.count_calls:
            self.calls.setdefault(kind, []).append(calls[0])
        elif record:
            self.samples.setdefault(kind, []).append((cpu * 1000, sql.count, len(resp.get_data())))


def big_six(b: Browser, record: bool = True) -> None:
    b.act("bet", {"spot": "1", "chip": "100"}, record=record)
    b.look(record=record)
    b.act("spin", record=record)


def blackjack(b: Browser, record: bool = True) -> None:
    """Bet, deal, hit once, stand if still standing; insurance declined (the bench's round)."""
    b.act("bet", {"spot": "main", "chip": "500"}, record=record)
    b.look(record=record)
    b.act("deal", record=record)
    hit = False
    for _ in range(4):
        acts = b.actions()
        if "decline" in acts:
            b.act("decline", record=record)
        elif "hit-0" in acts and not hit:
            hit = b.act("hit", {"spot": "0"}, record=record)
        elif "stand-0" in acts:
            b.act("stand", {"spot": "0"}, record=record)
        else:
            return


GAMES: dict[str, Callable[[Browser, bool], None]] = {"big-six": big_six, "blackjack": blackjack}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=150, help="rounds measured per game (after 10 warm-up rounds)")
    ap.add_argument("--count-rounds", type=int, default=20, help="rounds whose Python calls are counted")
    ap.add_argument("--games", default="big-six,blackjack")
    ap.add_argument("--profile", default="", help="a game whose requests are profiled (cProfile)")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args(argv)

    work = tempfile.mkdtemp(prefix="casino-profile-")
    os.environ.update({"INSTANCE_PATH": work, "SECRET_KEY": "profile-secret",
                       "MONEY_RATE_LIMIT": "1000000 per minute", "LOGIN_RATE_LIMIT": "1000000 per minute",
                       "GUEST_CHIPS": "100000000"})
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    from webgame import create_app
    from webgame.extensions import db
    from webgame.services.tables import create_table

    app = create_app()
    with app.app_context():
        db.create_all()
        ids = {"big-six": create_table("Profile Big Six", "big-six", "chapter4", bots_allowed=False).id,
               "blackjack": create_table("Profile Blackjack", "blackjack", "chapter4", bots_allowed=False).id}
        db.session.commit()

    print(f"{'action':<18} {'n':>5} {'cpu ms p50':>10} {'cpu ms mean':>11} {'stmts p50':>9} {'stmts max':>9}"
          f" {'bytes mean':>10} {'py calls p50':>12}")
    for game in args.games.split(","):
        b = Browser(app, ids[game])
        b.get("/login")
        b.post("/guest", {})
        b.get(f"/tables/{ids[game]}")
        b.post(f"/tables/{ids[game]}/sit", {"seat": "0"})
        b.post(f"/tables/{ids[game]}/buy-in", {"amount": "100000"})
        b.get(f"/tables/{ids[game]}")
        for _ in range(10):
            GAMES[game](b, False)
        if args.profile == game:
            b.profiler = cProfile.Profile()
            b.profile_kinds = {"bet", "spin", "deal", "hit", "stand"}
        for _ in range(args.rounds):
            GAMES[game](b, True)
        b.count_calls = True  # then a few rounds counting Python calls: the same on a busy machine
        for _ in range(args.count_rounds):
            GAMES[game](b, True)
        for kind, rows in b.samples.items():
            cpu = [r[0] for r in rows]
            stm = [r[1] for r in rows]
            size = [r[2] for r in rows]
            print(f"{game + ' ' + kind:<18} {len(rows):>5} {statistics.median(cpu):>10.2f} "
                  f"{statistics.fmean(cpu):>11.2f} {statistics.median(stm):>9.0f} {max(stm):>9}"
                  f" {statistics.fmean(size):>10,.0f}"
                  f" {statistics.median(b.calls.get(kind, [0])):>12,.0f}")
        if b.profiler:
            st = pstats.Stats(b.profiler)
            st.sort_stats("cumulative").print_stats(args.top)
            st.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
