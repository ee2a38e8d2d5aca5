"""Fixtures the web tests share."""

from __future__ import annotations

import pytest

from webgame.extensions import db
from webgame.services.demo import seed


@pytest.fixture
def operator(client):
    """The demo floor, and the demo operator logged in."""
    seed()
    db.session.commit()
    client.get("/login")
    assert client.post("/login", {"username": "operator", "password": "operator-pass-123"}).status_code == 302
    return client
