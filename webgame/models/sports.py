"""The sports book's records: events, their markets and posted prices, tickets and their legs,
each ticket's one settlement, and each player's limit (000 §27, D-401, D-402).

Management keeps a record of every spread, price and final score (000 s.1385): a price is
never edited in place but superseded, so a ticket's leg points at the price it was sold at.
"""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from . import utcnow


class SportsEvent(db.Model):  # type: ignore[name-defined]
    """A game the book posts: two teams, a start time, then a final score or a cancellation."""

    __tablename__ = "sports_events"
    id: Mapped[int] = mapped_column(primary_key=True)
    sport: Mapped[str] = mapped_column(sa.String(40), default="")
    home: Mapped[str] = mapped_column(sa.String(60))
    away: Mapped[str] = mapped_column(sa.String(60))
    starts_at: Mapped[datetime] = mapped_column(index=True)
    # open: taking wagers until starts_at | closed: the operator stopped it early |
    # final: scored and graded | void: cancelled, every leg on it refunded or removed.
    status: Mapped[str] = mapped_column(sa.String(12), default="open", index=True)
    home_score: Mapped[int | None] = mapped_column()
    away_score: Mapped[int | None] = mapped_column()
    graded_at: Mapped[datetime | None] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    prices: Mapped[list[SportsPrice]] = relationship(back_populates="event", order_by="SportsPrice.id")


class SportsMarket(db.Model):  # type: ignore[name-defined]
    """One market of one event (money line, spread, total) with the trader's limit per ticket."""

    __tablename__ = "sports_markets"
    __table_args__ = (sa.UniqueConstraint("event_id", "kind", name="uq_sports_market"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(sa.ForeignKey("sports_events.id"), index=True)
    kind: Mapped[str] = mapped_column(sa.String(12))
    max_stake: Mapped[int] = mapped_column(sa.BigInteger)


class SportsPrice(db.Model):  # type: ignore[name-defined]
    """A posted price of one side of a market. Moving the line supersedes it with a new row
    (``is_current`` false on the old one), so the record of every line stays (000 s.1385)."""

    __tablename__ = "sports_prices"
    __table_args__ = (
        # One current price per side: two traders moving one line at once cannot both post.
        sa.Index("uq_sports_current_price", "market_id", "side", unique=True,
                 sqlite_where=sa.text("is_current"), postgresql_where=sa.text("is_current")),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(sa.ForeignKey("sports_events.id"), index=True)
    market_id: Mapped[int] = mapped_column(sa.ForeignKey("sports_markets.id"), index=True)
    kind: Mapped[str] = mapped_column(sa.String(12))
    side: Mapped[str] = mapped_column(sa.String(8))
    odds: Mapped[int] = mapped_column()  # American
    half_points: Mapped[int] = mapped_column(default=0)
    is_current: Mapped[bool] = mapped_column(default=True)
    posted_at: Mapped[datetime] = mapped_column(default=utcnow)
    event: Mapped[SportsEvent] = relationship(back_populates="prices")


class SportsTicket(db.Model):  # type: ignore[name-defined]
    """A wager the book accepted: its stake left the player's wallet for the book's account."""

    __tablename__ = "sports_tickets"
    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(sa.ForeignKey("players.id"), index=True)
    stake: Mapped[int] = mapped_column(sa.BigInteger)
    potential: Mapped[int] = mapped_column(sa.BigInteger)  # stake included, at the locked prices
    # open | won | lost | refunded
    status: Mapped[str] = mapped_column(sa.String(12), default="open", index=True)
    returned: Mapped[int | None] = mapped_column(sa.BigInteger)
    summary: Mapped[str] = mapped_column(sa.String(200), default="")  # the result in words
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    settled_at: Mapped[datetime | None] = mapped_column()
    legs: Mapped[list[SportsLeg]] = relationship(back_populates="ticket", order_by="SportsLeg.id")


class SportsLeg(db.Model):  # type: ignore[name-defined]
    """One selection of a ticket with its price locked at acceptance, and its grade."""

    __tablename__ = "sports_legs"
    id: Mapped[int] = mapped_column(primary_key=True)
    ticket_id: Mapped[int] = mapped_column(sa.ForeignKey("sports_tickets.id"), index=True)
    event_id: Mapped[int] = mapped_column(sa.ForeignKey("sports_events.id"), index=True)
    price_id: Mapped[int] = mapped_column(sa.ForeignKey("sports_prices.id"))
    kind: Mapped[str] = mapped_column(sa.String(12))
    side: Mapped[str] = mapped_column(sa.String(8))
    odds: Mapped[int] = mapped_column()
    half_points: Mapped[int] = mapped_column(default=0)
    outcome: Mapped[str | None] = mapped_column(sa.String(8))  # win | lose | push | void
    ticket: Mapped[SportsTicket] = relationship(back_populates="legs")
    event: Mapped[SportsEvent] = relationship()


class SportsSettlement(db.Model):  # type: ignore[name-defined]
    """Each ticket settles exactly once: a replayed or racing grading finds the key taken."""

    __tablename__ = "sports_settlements"
    __table_args__ = (sa.UniqueConstraint("ticket_id", name="uq_sports_settlement"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    ticket_id: Mapped[int] = mapped_column(sa.ForeignKey("sports_tickets.id"))
    player_id: Mapped[int] = mapped_column(sa.ForeignKey("players.id"), index=True)
    stake: Mapped[int] = mapped_column(sa.BigInteger)
    returned: Mapped[int] = mapped_column(sa.BigInteger)
    result: Mapped[str] = mapped_column(sa.String(12))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class SportsPlayerLimit(db.Model):  # type: ignore[name-defined]
    """Management's right to refuse or limit a player's wagers (000 s.1380): a most per ticket,
    0 meaning the book takes none."""

    __tablename__ = "sports_player_limits"
    player_id: Mapped[int] = mapped_column(sa.ForeignKey("players.id"), primary_key=True)
    max_stake: Mapped[int] = mapped_column(sa.BigInteger)
    reason: Mapped[str] = mapped_column(sa.String(120), default="")
    set_at: Mapped[datetime] = mapped_column(default=utcnow)
