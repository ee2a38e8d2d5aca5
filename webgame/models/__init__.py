"""Database models: players, the double-entry ledger, tables, seats, rounds and their journal."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from flask_login import UserMixin
from sqlalchemy.orm import Mapped, mapped_column, relationship
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


# flask-sqlalchemy builds db.Model at run time, so mypy cannot name it: each model's class line
# ignores that one error (name-defined) and nothing else.
# A password is kept as a slow, salted hash (scrypt: about a fifth of a second of CPU each), so a
# stolen table of them is slow to guess from. The test suite makes many players and lowers it.
PASSWORD_HASH_METHOD = "scrypt"


class Player(UserMixin, db.Model):  # type: ignore[name-defined]
    __tablename__ = "players"
    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(sa.String(64), unique=True, index=True)
    display_name: Mapped[str] = mapped_column(sa.String(64))
    password_hash: Mapped[str | None] = mapped_column(sa.String(256))
    is_guest: Mapped[bool] = mapped_column(default=False)
    is_operator: Mapped[bool] = mapped_column(default=False)
    is_bot: Mapped[bool] = mapped_column(default=False)  # a house-strategy player filling a seat
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    def set_password(self, password: str) -> None:
        self.password_hash = generate_password_hash(password, method=PASSWORD_HASH_METHOD)

    def check_password(self, password: str) -> bool:
        return bool(self.password_hash) and check_password_hash(self.password_hash or "", password)


class Account(db.Model):  # type: ignore[name-defined]
    """One side of every money movement.

    Kinds: ``wallet`` (a player's cashier balance), ``chips`` (a player's chips at one
    table), ``wagers`` (money on a table's layout), ``house`` (the casino's bank for
    house-banked games), ``cage`` (where demo chips are issued from; it may go negative),
    and, for the games that need them, ``bank`` (a player-dealer's bank at a table),
    ``pot`` (a poker pot), ``fees`` (collection fees and rake), ``jackpot`` (a meter).
    """

    __tablename__ = "accounts"
    __table_args__ = (
        sa.UniqueConstraint("kind", "player_id", "table_id", name="uq_account_owner"),
        # The same, with NULL owners counted as equal (SQL's UNIQUE lets NULLs repeat): two
        # requests that both find no house account cannot both make one.
        sa.Index("uq_account_key", "kind", sa.func.coalesce(sa.column("player_id"), 0),
                 sa.func.coalesce(sa.column("table_id"), 0),
                 sa.case((sa.column("kind") == "jackpot", sa.column("name")), else_=""), unique=True),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(sa.String(16), index=True)
    player_id: Mapped[int | None] = mapped_column(sa.ForeignKey("players.id"), index=True)
    table_id: Mapped[int | None] = mapped_column(sa.ForeignKey("tables.id"), index=True)
    name: Mapped[str] = mapped_column(sa.String(80), default="")
    balance: Mapped[int] = mapped_column(sa.BigInteger, default=0)
    may_go_negative: Mapped[bool] = mapped_column(default=False)


class LedgerEntry(db.Model):  # type: ignore[name-defined]
    """Append-only: ``amount`` cents moved from ``debit`` to ``credit``. Corrections reverse."""

    __tablename__ = "ledger_entries"
    id: Mapped[int] = mapped_column(primary_key=True)
    debit_id: Mapped[int] = mapped_column(sa.ForeignKey("accounts.id"), index=True)
    credit_id: Mapped[int] = mapped_column(sa.ForeignKey("accounts.id"), index=True)
    amount: Mapped[int] = mapped_column(sa.BigInteger)
    round_id: Mapped[int | None] = mapped_column(sa.ForeignKey("rounds.id"), index=True)
    memo: Mapped[str] = mapped_column(sa.String(120), default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    __table_args__ = (sa.CheckConstraint("amount > 0", name="ck_ledger_positive"),)


class Table(db.Model):  # type: ignore[name-defined]
    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(80))
    game: Mapped[str] = mapped_column(sa.String(48), index=True)
    variant: Mapped[str] = mapped_column(sa.String(48))
    config: Mapped[dict[str, Any]] = mapped_column(sa.JSON, default=dict)
    status: Mapped[str] = mapped_column(sa.String(16), default="open")  # open | closed
    seat_count: Mapped[int] = mapped_column(default=7)
    bots_allowed: Mapped[bool] = mapped_column(default=True)
    carry: Mapped[dict[str, Any] | None] = mapped_column(sa.JSON)  # the shoe between rounds
    # The next round's secret seed, drawn when betting for it can open, and its SHA-256,
    # shown on the felt before the first bet (P-001: the commitment comes before the round).
    next_seed: Mapped[str | None] = mapped_column(sa.String(64))
    next_commitment: Mapped[str | None] = mapped_column(sa.String(64))
    version: Mapped[int] = mapped_column(default=0)  # bumps on every change, for live updates
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    seats: Mapped[list[Seat]] = relationship(back_populates="table", order_by="Seat.number")


class Seat(db.Model):  # type: ignore[name-defined]
    __tablename__ = "seats"
    __table_args__ = (sa.UniqueConstraint("table_id", "number", name="uq_seat_number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(sa.ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column()
    player_id: Mapped[int | None] = mapped_column(sa.ForeignKey("players.id"), index=True)
    # Who seated the bot in this seat (P-010): that player may remove it; None for the operator.
    bot_sponsor_id: Mapped[int | None] = mapped_column(sa.ForeignKey("players.id"))
    # Presence (P-015): when the seat was taken, and when its player was last seen at the
    # table (a page, a fragment, or the live stream's heartbeat).
    sat_at: Mapped[datetime | None] = mapped_column()
    last_seen: Mapped[datetime | None] = mapped_column()
    table: Mapped[Table] = relationship(back_populates="seats")
    player: Mapped[Player | None] = relationship(foreign_keys=[player_id])

    @property
    def is_bot(self) -> bool:
        return self.player is not None and self.player.is_bot

    @property
    def is_empty(self) -> bool:
        return self.player_id is None


class Round(db.Model):  # type: ignore[name-defined]
    """One round of one table: its rules snapshot, state, version, commitment and seed.

    The seed stays secret (never rendered) until the round is over; the commitment
    (its SHA-256) is shown from the start.
    """

    __tablename__ = "rounds"
    __table_args__ = (
        sa.UniqueConstraint("table_id", "number", name="uq_round_number"),
        # A table never has two open rounds: the database refuses the second one, whatever
        # the code above it does (a partial unique index, on SQLite and PostgreSQL alike).
        sa.Index("uq_one_open_round", "table_id", unique=True,
                 sqlite_where=sa.text("status = 'open'"), postgresql_where=sa.text("status = 'open'")),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(sa.ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column()
    game: Mapped[str] = mapped_column(sa.String(48))
    variant: Mapped[str] = mapped_column(sa.String(48))
    engine_version: Mapped[str] = mapped_column(sa.String(16), default="1")
    rules: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    carry_before: Mapped[dict[str, Any] | None] = mapped_column(sa.JSON)
    state: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    version: Mapped[int] = mapped_column(default=1)
    seed: Mapped[str] = mapped_column(sa.String(64))
    commitment: Mapped[str] = mapped_column(sa.String(64))
    owners: Mapped[dict[str, Any]] = mapped_column(sa.JSON, default=dict)  # seat -> player id
    # Cents each seat has on the layout in this round (stakes less refunds and settled
    # stakes): a seat with nothing at risk may stand up and cash out mid-round.
    at_risk: Mapped[dict[str, Any] | None] = mapped_column(sa.JSON, default=dict)
    journal_len: Mapped[int] = mapped_column(default=0)  # the last journal entry's seq
    status: Mapped[str] = mapped_column(sa.String(16), default="open", index=True)  # open|over|void
    # Shared tables: when the betting window closes or the decision clock runs out (D-025).
    # Applied by the next request or stream tick; the engine itself knows no clock.
    deadline: Mapped[datetime | None] = mapped_column()
    deadline_kind: Mapped[str | None] = mapped_column(sa.String(16))
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column()
    table: Mapped[Table] = relationship()

    # Every ORM update of a round says ``WHERE version = <the version it was read at>``; the
    # services set the new version themselves. Of two requests that read one version, the
    # second's write finds no row and is told the table moved on (P-004).
    __mapper_args__ = {"version_id_col": version, "version_id_generator": False}  # noqa: RUF012


class RoundEvent(db.Model):  # type: ignore[name-defined]
    """The journal: every action applied to a round, in order, with what it caused."""

    __tablename__ = "round_events"
    __table_args__ = (sa.UniqueConstraint("round_id", "seq", name="uq_round_event_seq"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(sa.ForeignKey("rounds.id"), index=True)
    seq: Mapped[int] = mapped_column()
    player_id: Mapped[int | None] = mapped_column(sa.ForeignKey("players.id"))
    actor: Mapped[str] = mapped_column(sa.String(40), default="")  # "player", "bot", "table"
    action: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    events: Mapped[list[Any]] = mapped_column(sa.JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class RoundSeat(db.Model):  # type: ignore[name-defined]
    """A player's part in a round, for recall: their chips before and after."""

    __tablename__ = "round_seats"
    __table_args__ = (sa.UniqueConstraint("round_id", "seat", name="uq_round_seat"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(sa.ForeignKey("rounds.id"), index=True)
    seat: Mapped[int] = mapped_column()
    player_id: Mapped[int | None] = mapped_column(sa.ForeignKey("players.id"), index=True)
    chips_before: Mapped[int] = mapped_column(sa.BigInteger, default=0)
    chips_after: Mapped[int | None] = mapped_column(sa.BigInteger)
    round: Mapped[Round] = relationship()


class BetSettlement(db.Model):  # type: ignore[name-defined]
    """Each (round, seat, bet) settles exactly once: the unique key makes a replay harmless."""

    __tablename__ = "settlements"
    __table_args__ = (sa.UniqueConstraint("round_id", "seat", "bet", name="uq_settlement"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(sa.ForeignKey("rounds.id"), index=True)
    seat: Mapped[int] = mapped_column()
    bet: Mapped[str] = mapped_column(sa.String(48))
    player_id: Mapped[int | None] = mapped_column(sa.ForeignKey("players.id"), index=True)
    stake: Mapped[int] = mapped_column(sa.BigInteger)
    returned: Mapped[int] = mapped_column(sa.BigInteger)
    result: Mapped[str] = mapped_column(sa.String(16))
    detail: Mapped[str] = mapped_column(sa.String(120), default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class AuditLog(db.Model):  # type: ignore[name-defined]
    """Operator changes to tables: who, when, what."""

    __tablename__ = "audit_log"
    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int | None] = mapped_column(sa.ForeignKey("players.id"))
    table_id: Mapped[int | None] = mapped_column(sa.ForeignKey("tables.id"))
    what: Mapped[str] = mapped_column(sa.String(200))
    data: Mapped[dict[str, Any]] = mapped_column(sa.JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


# The sports book's tables (000 §27), in their own module.
from .sports import (  # noqa: F401
    SportsEvent,
    SportsLeg,
    SportsMarket,
    SportsPlayerLimit,
    SportsPrice,
    SportsSettlement,
    SportsTicket,
)

