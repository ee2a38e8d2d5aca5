"""Players' accounts: signing up, checking a password, guests, and their first chips."""

from __future__ import annotations

import re
import secrets

import sqlalchemy as sa

from ..extensions import db
from ..models import Player
from . import wallet
from .names import clean_name

USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}", re.ASCII)
DISPLAY_NAME_LONGEST = 40
PASSWORD_SHORTEST = 8


class AccountError(Exception):
    """A sign-up refused, in words for the person signing up."""


def issue_chips(player: Player, amount: int, memo: str) -> None:
    wallet.transfer(wallet.cage(), wallet.wallet(player.id), amount, memo=memo)


def sign_up(username: str, password: str, display_name: str, chips: int) -> Player:
    """A new player with ``chips`` in the wallet; the display name defaults to the username."""
    username = (username or "").strip()
    if not USERNAME.fullmatch(username):
        raise AccountError("Choose a username of 3 to 32 letters, digits, dots, dashes or underscores.")
    if len(password or "") < PASSWORD_SHORTEST:
        raise AccountError(f"Choose a password of at least {PASSWORD_SHORTEST} characters.")
    try:
        name = clean_name(display_name, what="Your display name", longest=DISPLAY_NAME_LONGEST) or username
    except ValueError as exc:
        raise AccountError(str(exc)) from exc
    if db.session.scalars(sa.select(Player).filter_by(username=username)).first():
        raise AccountError("That username is taken.")
    player = Player(username=username, display_name=name)
    player.set_password(password)
    db.session.add(player)
    db.session.flush()
    issue_chips(player, chips, "welcome chips")
    return player


def authenticate(username: str, password: str) -> Player | None:
    """The person with this username and password, or None. A username no sign-up could have
    made (a control character, far too long) is not looked up: PostgreSQL refuses a NUL byte."""
    username = (username or "").strip()
    if not USERNAME.fullmatch(username):
        return None
    player = db.session.scalars(sa.select(Player).filter_by(username=username)).first()
    if player is None or player.is_bot or not player.check_password(password or ""):
        return None
    return player


def new_guest(chips: int) -> Player:
    tag = secrets.token_hex(3)
    player = Player(username=f"guest-{tag}", display_name=f"Guest {tag.upper()}", is_guest=True)
    db.session.add(player)
    db.session.flush()
    issue_chips(player, chips, "guest demo chips")
    return player
