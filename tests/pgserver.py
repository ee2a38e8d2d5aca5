"""A throwaway PostgreSQL server for the tests that need one (multi-process tables).

Uses TEST_DATABASE_URL when it is set; otherwise starts a private cluster from Debian's
PostgreSQL binaries (`apt-get install postgresql`; `.ci/run` installs it) on a free
loopback port, and removes it afterwards.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _run(cmd: list[str], as_postgres: bool, **kw: object) -> subprocess.CompletedProcess[bytes]:
    if as_postgres:
        cmd = ["runuser", "-u", "postgres", "--"] + cmd
    return subprocess.run(cmd, check=True, capture_output=True, **kw)  # type: ignore[call-overload]


def postgres_server() -> Iterator[str]:
    """Yield a SQLAlchemy URL of an empty database; tear the server down after."""
    if os.environ.get("TEST_DATABASE_URL"):
        yield os.environ["TEST_DATABASE_URL"]
        return
    bindir = _bindir()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql "
                           "(or set TEST_DATABASE_URL)")
    as_postgres = os.geteuid() == 0  # initdb refuses to run as root
    root = Path(tempfile.mkdtemp(prefix="casino-pg-"))
    data, sock = root / "data", root / "sock"
    sock.mkdir()
    if as_postgres:
        shutil.chown(root, "postgres")
        shutil.chown(sock, "postgres")
    port = _free_port()
    _run([str(bindir / "initdb"), "-D", str(data), "-U", "casino", "--auth=trust", "-E", "UTF8"], as_postgres)
    _run([str(bindir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-w", "start",
          "-o", f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"],
         as_postgres)
    try:
        for _ in range(50):
            try:
                _run([str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "casino", "casino_test"],
                     False)
                break
            except subprocess.CalledProcessError:
                time.sleep(0.2)
        yield f"postgresql+psycopg://casino@127.0.0.1:{port}/casino_test"
    finally:
        subprocess.run((["runuser", "-u", "postgres", "--"] if as_postgres else [])
                       + [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(root, ignore_errors=True)
