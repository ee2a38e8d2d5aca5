"""Configuration from the environment (Heroku-style): DATABASE_URL, SECRET_KEY, PORT, HOST,
TRUST_PROXY_HOPS, REDIS_URL."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def trust_proxy_hops(environ: Mapping[str, str] = os.environ) -> int:
    """How many proxies in front of the server add X-Forwarded-* headers.

    0 (the default): clients reach the server directly, and a forwarded header is only what a
    client typed, so none is believed. A Heroku-style router is one hop (the Procfile says so).
    """
    raw = environ.get("TRUST_PROXY_HOPS", "").strip() or "0"
    if not (raw.isascii() and raw.isdigit()) or int(raw) > 10:
        raise ValueError("TRUST_PROXY_HOPS must be 0 (no proxy in front) or the number of proxies "
                         "in front of the server, like 1.")
    return int(raw)


def bind_address(environ: Mapping[str, str] = os.environ) -> str:
    """Where gunicorn listens: HOST (default 127.0.0.1, this machine only) and PORT (default 5000).

    Setting PORT alone never opens the server to the network; a Heroku-style host needs
    HOST=0.0.0.0, which the Procfile sets.
    """
    host = environ.get("HOST", "").strip() or "127.0.0.1"
    port = environ.get("PORT", "").strip() or "5000"
    return f"{host}:{port}"


def database_url(instance_path: str) -> str:
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        Path(instance_path).mkdir(parents=True, exist_ok=True)
        return "sqlite:///" + os.path.join(instance_path, "casino.db")
    # Heroku-style hosts still hand out postgres://, which SQLAlchemy 2 refuses.
    if url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url[len("postgres://"):]
    elif url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def from_env(instance_path: str) -> dict[str, Any]:
    production = os.environ.get("FLASK_ENV") == "production" or bool(os.environ.get("DYNO"))
    secret = os.environ.get("SECRET_KEY")
    if not secret:
        secret_file = Path(instance_path) / "secret_key"
        Path(instance_path).mkdir(parents=True, exist_ok=True)
        if not secret_file.exists():
            secret_file.write_text(secrets.token_hex(32))
        secret = secret_file.read_text().strip()
    return {
        "SECRET_KEY": secret,
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": production,
        # Flask-Login's "remember me" cookie keeps a player logged in for a year: the same
        # protections as the session cookie.
        "REMEMBER_COOKIE_SECURE": production,
        "REMEMBER_COOKIE_HTTPONLY": True,
        "REMEMBER_COOKIE_SAMESITE": "Lax",
        "TRUST_PROXY_HOPS": trust_proxy_hops(),
        "WTF_CSRF_TIME_LIMIT": 12 * 3600,  # a table left open for hours keeps working
        "PREFERRED_URL_SCHEME": "https" if production else "http",
        "PRODUCTION": production,
        "REDIS_URL": os.environ.get("REDIS_URL", ""),
        # In memory without Redis: limits' own store, swept without a thread per request.
        "RATELIMIT_STORAGE_URI": os.environ.get("REDIS_URL") or "swept-memory://",
        "RATELIMIT_HEADERS_ENABLED": True,
        "LOGIN_RATE_LIMIT": os.environ.get("LOGIN_RATE_LIMIT", "10 per minute"),
        "MONEY_RATE_LIMIT": os.environ.get("MONEY_RATE_LIMIT", "240 per minute"),
        "GUEST_CHIPS": int(os.environ.get("GUEST_CHIPS", "100000")),  # cents: $1,000 of demo chips
        "SIGNUP_CHIPS": int(os.environ.get("SIGNUP_CHIPS", "100000")),
        # SQLite only: queue writers in the server (webgame/sqlite_gate.py); 0 leaves it to SQLite.
        "SQLITE_WRITE_GATE": os.environ.get("SQLITE_WRITE_GATE", "1").strip() != "0",
    }
