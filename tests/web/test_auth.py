"""Accounts, guests, CSRF and operator-only pages."""

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import Player
from webgame.services import wallet


def test_guest_gets_demo_chips(guest, app):
    player = db.session.scalars(sa.select(Player).filter_by(is_guest=True)).one()
    assert wallet.balance(wallet.wallet(player.id)) == app.config["GUEST_CHIPS"]
    assert wallet.total_of_all_accounts() == 0


def test_signup_login_logout(client):
    client.get("/signup")
    resp = client.post("/signup", {"username": "carol", "password": "long-enough-1", "display_name": "Carol"})
    assert resp.status_code == 302
    player = db.session.scalars(sa.select(Player).filter_by(username="carol")).one()
    assert player.password_hash and "long-enough-1" not in player.password_hash
    client.post("/logout")
    client.get("/login")
    bad = client.post("/login", {"username": "carol", "password": "wrong-password"})
    assert bad.status_code == 400 and "do not match" in bad.get_data(as_text=True)
    good = client.post("/login", {"username": "carol", "password": "long-enough-1"})
    assert good.status_code == 302


def test_signup_refuses_bad_input(client):
    client.get("/signup")
    assert client.post("/signup", {"username": "x", "password": "long-enough-1"}).status_code == 400
    assert client.post("/signup", {"username": "dave", "password": "short"}).status_code == 400
    assert db.session.scalar(sa.select(sa.func.count(Player.id))) == 0


def test_forged_post_without_csrf_changes_nothing(client):
    resp = client.post("/guest", csrf=False)
    assert resp.status_code == 400
    assert "CSRF" in resp.get_data(as_text=True)
    assert db.session.scalar(sa.select(sa.func.count(Player.id))) == 0


def test_forged_post_with_wrong_token(client):
    client.get("/login")
    resp = client.post("/guest", {"csrf_token": "forged"})
    assert resp.status_code == 400
    assert db.session.scalar(sa.select(sa.func.count(Player.id))) == 0


def test_operator_pages_need_the_role(guest):
    assert guest.get("/operator/").status_code == 403


def test_login_required_htmx_gets_hx_redirect(client):
    resp = client.post("/tables/1/act", {"seat": 0, "kind": "bet"}, htmx=True)
    assert resp.status_code == 204
    assert resp.headers["HX-Redirect"].startswith("/login")


def test_security_headers(client):
    resp = client.get("/")
    assert "default-src 'self'" in resp.headers["Content-Security-Policy"]
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert "HX-Request" in resp.headers["Vary"]


def test_login_attempts_are_rate_limited(client, app):
    client.get("/login")
    codes = [client.post("/login", {"username": "nobody", "password": "wrong-password"}).status_code
             for _ in range(12)]
    assert codes[:10] == [400] * 10  # ten tries a minute by default
    assert codes[10:] == [429, 429]
    assert "Too many attempts" in client.post("/login", {"username": "x", "password": "y"}).get_data(as_text=True)


def test_table_actions_are_rate_limited_per_address(guest, app):
    """Money endpoints count posts per client address (MONEY_RATE_LIMIT); past the limit a post
    gets the plain message and a 429, and changes nothing."""
    app.config["MONEY_RATE_LIMIT"] = "5 per minute"
    codes = [guest.post("/tables/1/act", {"seat": 0, "kind": "bet"}, htmx=True).status_code for _ in range(7)]
    assert 429 not in codes[:5]
    assert codes[5:] == [429, 429]
    assert "Too many attempts" in guest.post("/tables/1/act", {"seat": 0, "kind": "bet"}, htmx=True).get_data(as_text=True)


def test_a_post_after_the_session_expired_returns_to_the_table_after_login(client):
    """The post's referrer is the table page (a full URL): the login's `next` is its path on this
    site, so logging in goes back to the table, not to the lobby."""
    client.get("/login")
    resp = client.post("/tables/1/act", {"seat": 0, "kind": "bet"}, htmx=True,
                       headers={"Referer": "http://localhost/tables/1"})
    assert resp.status_code == 204
    target = resp.headers["HX-Redirect"]
    assert target == "/login?next=/tables/1"
    back = client.post("/guest?next=/tables/1")
    assert back.status_code == 302 and back.headers["Location"] == "/tables/1"


def test_a_post_after_the_session_expired_without_a_referrer_returns_to_its_table(client):
    client.get("/login")
    resp = client.post("/tables/3/buy-in", {"amount": "200"})
    assert resp.status_code == 302
    assert resp.headers["Location"] == "/login?next=/tables/3"


def test_a_foreign_referrer_is_not_a_place_to_return_to(client):
    client.get("/login")
    resp = client.post("/tables/1/act", {"seat": 0, "kind": "bet"}, htmx=True,
                       headers={"Referer": "http://evil.example/tables/1"})
    assert resp.headers["HX-Redirect"] == "/login?next=/tables/1"


def test_a_post_whose_session_is_gone_goes_to_login_and_back_to_the_table(client):
    """The session cookie is gone (expired, browser closed), so the form's token has no session
    to match: the post changes nothing and leads to the login page, then back to the table."""
    resp = client.post("/tables/1/buy-in", {"amount": "200", "csrf_token": "from-a-page-left-open"}, csrf=False,
                       htmx=True, headers={"Referer": "http://localhost/tables/1"})
    assert resp.status_code == 204
    assert resp.headers["HX-Redirect"] == "/login?next=/tables/1"
    assert db.session.scalar(sa.select(sa.func.count(Player.id))) == 0


def test_a_logged_in_post_with_a_wrong_token_is_still_refused(guest):
    resp = guest.post("/tables/1/buy-in", {"amount": "200", "csrf_token": "forged"}, csrf=False)
    assert resp.status_code == 400
    assert "CSRF" in resp.get_data(as_text=True)
