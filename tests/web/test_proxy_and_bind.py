"""Forwarded headers are believed only behind a proxy the deployment names; the server listens
on this machine only unless told otherwise (the Procfile tells it, for a Heroku-style router)."""

from __future__ import annotations

import os
import runpy
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from flask import request
from gunicorn.config import Config

from webgame import create_app

ROOT = Path(__file__).resolve().parents[2]
DEPLOY_ENV = ("HOST", "PORT", "TRUST_PROXY_HOPS", "FORWARDED_ALLOW_IPS")


@pytest.fixture
def clean_env(monkeypatch):
    for name in DEPLOY_ENV:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def _peer_app(tmp_path):
    """An app from the environment's settings, with a page that shows what it sees."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'peer.db'}"})
    app.add_url_rule("/peer", "peer", lambda: f"{request.remote_addr} {request.scheme}")
    return app


def test_by_default_a_forwarded_for_header_changes_nothing(clean_env, tmp_path):
    client = _peer_app(tmp_path).test_client()
    seen = client.get("/peer", headers={"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https"},
                      environ_base={"REMOTE_ADDR": "198.51.100.7"})
    assert seen.get_data(as_text=True) == "198.51.100.7 http"


def test_behind_a_named_proxy_the_forwarded_address_is_the_client(clean_env, tmp_path):
    clean_env.setenv("TRUST_PROXY_HOPS", "1")
    client = _peer_app(tmp_path).test_client()
    seen = client.get("/peer", headers={"X-Forwarded-For": "192.0.2.1, 203.0.113.9", "X-Forwarded-Proto": "https"},
                      environ_base={"REMOTE_ADDR": "10.0.0.2"})
    # One hop: the router's own entry (the last) is the client; what the client typed before it is not.
    assert seen.get_data(as_text=True) == "203.0.113.9 https"


def test_behind_a_proxy_a_forwarded_host_does_not_choose_the_links(clean_env, tmp_path):
    clean_env.setenv("TRUST_PROXY_HOPS", "1")
    app = _peer_app(tmp_path)
    app.add_url_rule("/host", "host", lambda: request.host_url)
    seen = app.test_client().get("/host", headers={"Host": "casino.example", "X-Forwarded-Host": "evil.example",
                                                   "X-Forwarded-Proto": "https"},
                                 environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert seen.get_data(as_text=True) == "https://casino.example/"


def test_login_limit_holds_while_the_forwarded_address_changes(client, app):
    client.get("/login")
    codes = [client.post("/login", {"username": "nobody", "password": "wrong-password"},
                         headers={"X-Forwarded-For": f"203.0.113.{n}"}).status_code
             for n in range(12)]
    assert codes[:10] == [400] * 10
    assert codes[10:] == [429, 429]


def test_trust_proxy_hops_must_be_a_count():
    from webgame.config import trust_proxy_hops

    assert trust_proxy_hops({}) == 0
    assert trust_proxy_hops({"TRUST_PROXY_HOPS": " 2 "}) == 2
    for bad in ("yes", "-1", "1.5", "²", "99"):
        with pytest.raises(ValueError, match="number of proxies"):
            trust_proxy_hops({"TRUST_PROXY_HOPS": bad})


def _gunicorn_settings() -> dict:
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    Config().set("forwarded_allow_ips", settings["forwarded_allow_ips"])  # gunicorn accepts the value
    Config().set("bind", [settings["bind"]])
    return settings


def test_gunicorn_listens_on_this_machine_only_and_trusts_no_forwarding_by_default(clean_env):
    settings = _gunicorn_settings()
    assert settings["bind"] == "127.0.0.1:5000"
    assert settings["forwarded_allow_ips"] == ""


def test_a_port_alone_does_not_open_the_server_to_the_network(clean_env):
    clean_env.setenv("PORT", "8123")
    settings = _gunicorn_settings()
    assert settings["bind"] == "127.0.0.1:8123"
    assert settings["forwarded_allow_ips"] == ""


def test_gunicorn_behind_a_router(clean_env):
    clean_env.setenv("PORT", "8123")
    clean_env.setenv("HOST", "0.0.0.0")
    clean_env.setenv("TRUST_PROXY_HOPS", "1")
    settings = _gunicorn_settings()
    assert settings["bind"] == "0.0.0.0:8123"
    assert settings["forwarded_allow_ips"] == "*"
    clean_env.setenv("FORWARDED_ALLOW_IPS", "10.0.0.0/8")
    assert _gunicorn_settings()["forwarded_allow_ips"] == "10.0.0.0/8"


def test_the_procfile_listens_on_every_interface_and_trusts_one_router(tmp_path):
    """The Procfile's web command, run by a shell as a Heroku-style host runs it, with a stand-in
    gunicorn that prints what the real one would read from gunicorn.conf.py."""
    web = next(line.split(":", 1)[1].strip() for line in (ROOT / "Procfile").read_text().splitlines()
               if line.startswith("web:"))
    stand_in = tmp_path / "gunicorn"
    stand_in.write_text(
        "#!/bin/sh\n"
        f"exec {shlex.quote(sys.executable)} -c 'import runpy; from webgame.config import trust_proxy_hops; "
        "s = runpy.run_path(\"gunicorn.conf.py\"); "
        "print(s[\"bind\"], repr(s[\"forwarded_allow_ips\"]), trust_proxy_hops())'\n")
    stand_in.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in DEPLOY_ENV}
    env.update(PORT="8123", PATH=f"{tmp_path}{os.pathsep}{env.get('PATH', '')}", PYTHONPATH=str(ROOT))
    out = subprocess.run(["sh", "-c", web], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0.0.0.0:8123", "'*'", "1"]
