"""Shared fixtures: an app on a fresh SQLite file, a client that carries CSRF tokens."""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import shutil
import sys
import tempfile
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

os.environ.setdefault("SECRET_KEY", "test-secret-key")
os.environ.setdefault("INSTANCE_PATH", tempfile.mkdtemp(prefix="casino-instance-"))

from webgame import create_app, models
from webgame.analysis import background, edges
from webgame.extensions import db

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


class SharedFigures(OrderedDict):
    """The analysis memo of exact figures (``edges._EXACT``, keyed by configuration and wager),
    also kept in a folder that every process of one test run shares: a figure that takes
    seconds to count is counted by the first test that needs it and read by the others, the
    command line's test included, whichever process they run in."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder

    def _file(self, key: str) -> Path:
        return self.folder / (hashlib.sha256(key.encode()).hexdigest()[:32] + ".pickle")

    def get(self, key: str, default: Any = None) -> Any:
        hit = super().get(key)
        if hit is None:
            try:
                hit = pickle.loads(self._file(key).read_bytes())
            except FileNotFoundError:
                return default
            super().__setitem__(key, hit)
        return hit

    def __setitem__(self, key: str, value: Any) -> None:
        super().__setitem__(key, value)
        file = self._file(key)
        part = file.with_suffix(f".{os.getpid()}.part")  # written whole, then renamed into place
        part.write_bytes(pickle.dumps(value))
        part.replace(file)


def pytest_collection_modifyitems(config, items):
    """A test marked ``last`` runs after the other tests of its folder, which keep their order:
    the command line's report of every game reads the exact figures the per-game analysis
    tests have counted into the shared memo, and counts only what none of them asked for;
    the next folder's tests keep both processes busy meanwhile. Under xdist every worker
    sorts its collection the same way, and the run follows that order."""
    folders: dict[Any, int] = {}
    for item in items:
        folders.setdefault(item.path.parent, len(folders))
    items.sort(key=lambda item: (folders[item.path.parent], item.get_closest_marker("last") is not None))


def pytest_runtest_logreport(report):
    """A test run again after a failure (the browser tests' ``--reruns``) prints why it failed
    the first time: a flaky test is named in the summary and its cause is in the log."""
    if report.outcome == "rerun" and report.longrepr is not None:
        tail = "\n".join(report.longreprtext.splitlines()[-30:])
        print(f"\nRERUN {report.nodeid} ({report.when}) failed first:\n{tail}\n", file=sys.stderr)


@pytest.fixture(scope="session", autouse=True)
def exact_figures_counted_once(tmp_path_factory, worker_id):
    """One memo of exact figures for the whole run: under xdist the workers' base folders share
    a parent, which is this run's own."""
    base = tmp_path_factory.getbasetemp()
    folder = (base if worker_id == "master" else base.parent) / "exact-figures"
    folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(edges, "_EXACT", SharedFigures(folder))
        yield


@pytest.fixture(autouse=True)
def small_page_simulations(monkeypatch):
    """A simulation a page starts stays small here: it must not outlive its test, nor hold the
    process's one odds thread (and its share of the interpreter) through the tests after it."""
    monkeypatch.setattr(background, "WEB_ROUNDS", 200)
    monkeypatch.setattr(background, "WEB_SECONDS", 5.0)
    yield
    background.drop_waiting()


@pytest.fixture(autouse=True)
def quick_password_hashes(monkeypatch):
    """The demo floor's players, made for every operator test, would cost a fifth of a second
    of scrypt each; a cheap salted hash checks the same login paths."""
    monkeypatch.setattr(models, "PASSWORD_HASH_METHOD", "pbkdf2:sha256:1000")


class CompiledTemplates(BytecodeCache):
    """Templates compiled once per test process, not once per app: every test makes its own
    app, and a felt's templates cost far more to parse and compile than to render. A template's
    key is its name and a checksum of its source, so an edited template is compiled again."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


def casino_app(database: Path) -> Any:
    app = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
        "WTF_CSRF_ENABLED": True,
        "RATELIMIT_ENABLED": True,
    })
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    return app


@pytest.fixture(scope="session")
def empty_casino(tmp_path_factory) -> Path:
    """The schema made once per test process, in a file each test's database is copied from:
    making every table again for each test costs more than most tests."""
    path = tmp_path_factory.mktemp("schema") / "casino.db"
    app = casino_app(path)
    with app.app_context():
        db.create_all()
        db.session.remove()
        for engine in db.engines.values():
            engine.dispose()  # the last connection closed writes the log back into the file
    assert not path.with_name(path.name + "-wal").exists()
    return path


@pytest.fixture
def app(tmp_path, empty_casino):
    database = tmp_path / "casino.db"
    shutil.copyfile(empty_casino, database)
    app = casino_app(database)
    from webgame.extensions import limiter

    limiter.reset()
    with app.app_context():
        yield app
        db.session.remove()


class CasinoClient:
    """A test client that reads the CSRF token from the last page, as a browser would."""

    def __init__(self, client):
        self.client = client
        self.token = None

    def _fresh(self):
        # Each request gets its own app context (and so its own `g`), as in a real server;
        # otherwise a test's long-lived context would share one CSRF token between clients.
        return self.client.application.app_context()

    def get(self, url, **kw):
        with self._fresh():
            resp = self.client.get(url, **kw)
        m = TOKEN.search(resp.get_data(as_text=True))
        if m:
            self.token = m.group(1)
        return resp

    def post(self, url, data=None, *, csrf=True, htmx=False, **kw):
        data = dict(data or {})
        if csrf:
            if self.token is None:
                self.get("/login")
            data.setdefault("csrf_token", self.token)
        headers = kw.pop("headers", {})
        if htmx:
            headers["HX-Request"] = "true"
        with self._fresh():
            resp = self.client.post(url, data=data, headers=headers, **kw)
        m = TOKEN.search(resp.get_data(as_text=True))
        if m:
            self.token = m.group(1)
        return resp


@pytest.fixture
def client(app):
    return CasinoClient(app.test_client())


@pytest.fixture
def guest(client):
    client.get("/login")
    resp = client.post("/guest")
    assert resp.status_code == 302
    return client
