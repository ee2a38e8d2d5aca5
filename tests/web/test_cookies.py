"""The cookies that keep a player logged in: HttpOnly, SameSite=Lax, Secure in production."""

from __future__ import annotations

import pytest

from tests.conftest import CasinoClient
from webgame import create_app
from webgame.extensions import db
from webgame.models import Player


def _cookie(resp, name):
    return next(h for h in resp.headers.getlist("Set-Cookie") if h.startswith(name + "="))


def _log_in(app, **kw):
    with app.app_context():
        player = Player(username="carol", display_name="Carol")
        player.set_password("long-enough-1")
        db.session.add(player)
        db.session.commit()
    client = CasinoClient(app.test_client())
    client.get("/login", **kw)
    resp = client.post("/login", {"username": "carol", "password": "long-enough-1"}, **kw)
    assert resp.status_code == 302
    return resp


def test_remember_cookie_is_lax_and_out_of_scripts_reach(app):
    resp = _log_in(app)
    remember = _cookie(resp, "remember_token")
    assert "SameSite=Lax" in remember and "HttpOnly" in remember
    assert "Secure" not in remember  # plain http on a laptop
    assert "SameSite=Lax" in _cookie(resp, "session")


@pytest.mark.parametrize("how", [{"FLASK_ENV": "production"}, {"DYNO": "web.1"}])
def test_remember_cookie_is_secure_in_production(monkeypatch, tmp_path, how):
    for name, value in how.items():
        monkeypatch.setenv(name, value)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'prod.db'}",
                      "RATELIMIT_ENABLED": False})
    with app.app_context():
        db.create_all()
    # A Secure session cookie comes back over https only: the browser here is on https, as behind
    # the host's router, and says where it posted from as browsers do.
    https = {"base_url": "https://casino.example", "headers": {"Referer": "https://casino.example/login"}}
    remember = _cookie(_log_in(app, **https), "remember_token")
    assert "Secure" in remember and "SameSite=Lax" in remember and "HttpOnly" in remember
