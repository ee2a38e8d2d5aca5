"""Browser tests against a real gunicorn server on a free loopback port.

One server per test session: migrated with `flask db upgrade` and seeded with the
demo floor exactly as `make run` does. Debian's Chromium is used where it exists.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

# A loaded two-core CI machine can take a few seconds for a swap; wait up to 15 s for one.
expect.set_options(timeout=15_000)

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _chromium() -> str | None:
    for path in (os.environ.get("CHROMIUM_PATH"), "/usr/bin/chromium", shutil.which("chromium")):
        if path and os.path.exists(path):
            return path
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    path = _chromium()
    if path:
        args["executable_path"] = path
    args["args"] = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A test's page asks for reduced motion, as a player may: the felt is drawn at rest at once
    (no card dealt in, no wheel turning, no dice rolling), which is what the tests read and
    measure, and a layout test no longer waits seconds for each wheel. A test of the motion
    itself asks for it with ``@pytest.mark.browser_context_args(reduced_motion="no-preference")``.
    (Pages a test opens with ``browser.new_context`` say what they want there.)"""
    return {**browser_context_args, "reduced_motion": "reduce"}


@pytest.fixture(scope="session")
def live_server():
    workdir = Path(tempfile.mkdtemp(prefix="casino-e2e-"))
    port = _free_port()
    env = dict(os.environ)
    env.update({
        "DATABASE_URL": "",
        "INSTANCE_PATH": str(workdir),
        "SECRET_KEY": "e2e-secret",
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "WEB_CONCURRENCY": "1",
        # Every browser here shares one address, so the per-address limits would count the whole
        # suite as one client; tests/web/test_auth.py pins the limits themselves.
        "LOGIN_RATE_LIMIT": "100000 per minute",
        "MONEY_RATE_LIMIT": "100000 per minute",
    })
    flask = [str(BIN / "flask"), "--app", "app"]
    subprocess.run(flask + ["db", "upgrade"], cwd=ROOT, env=env, check=True, capture_output=True)
    subprocess.run(flask + ["seed-demo"], cwd=ROOT, env=env, check=True, capture_output=True)
    log = open(workdir / "gunicorn.log", "wb")
    proc = subprocess.Popen([str(BIN / "gunicorn"), "app:app", "-c", "gunicorn.conf.py"],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as r:
                if r.status == 200:
                    break
        except OSError:
            time.sleep(0.2)
    else:
        proc.terminate()
        raise RuntimeError("gunicorn did not start: " + (workdir / "gunicorn.log").read_text())
    yield {"url": base, "env": env, "root": ROOT, "flask": flask, "workdir": workdir}
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()
