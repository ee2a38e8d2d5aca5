"""After logging in (or pressing Play as a guest) the browser goes back where it was, on this
site only."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("target", [
    "//evil.example/", "/\\evil.example", "/\\/evil.example", "/\t/evil.example", "/\n/evil.example",
    "/\x00", "https://evil.example/", "javascript:alert(1)", "/ /evil.example",
])
def test_guest_is_never_sent_off_the_site(client, target):
    client.get("/login")
    resp = client.post("/guest", query_string={"next": target})
    assert resp.status_code == 302
    assert resp.headers["Location"] == "/"


def test_guest_goes_back_to_the_table(client):
    client.get("/login")
    resp = client.post("/guest", query_string={"next": "/tables/3?x=1"})
    assert resp.headers["Location"] == "/tables/3?x=1"
