"""How the floor is doing: rounds, handle, hold and the house result, per table, per game and
over time, from the settlements (each bet settles once: its stake and what it returned).

Two aggregate queries whatever the size of the floor: every table's figures since it opened,
and every table's figures per hour over the last fourteen days, each round counted in the
hour of its last settlement. Days and the last 24 hours are sums of those hours. Times are
UTC, as stored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa

from ..extensions import db
from ..games import registry
from ..models import BetSettlement, Round, utcnow

HOURS = 24  # the hourly chart: the last 24 hours, this one included
DAYS = 14  # the daily chart: the last 14 days, today included


@dataclass
class Figures:
    rounds: int = 0  # rounds with at least one settled bet
    handle: int = 0  # cents staked on settled bets
    returned: int = 0  # cents paid back to players, stakes included

    @property
    def result(self) -> int:
        """The house result: what the house kept (negative when players won)."""
        return self.handle - self.returned

    @property
    def hold(self) -> float | None:
        """The house result as a share of the handle; None before any bet."""
        return self.result / self.handle if self.handle else None

    def add(self, other: Figures) -> Figures:
        self.rounds += other.rounds
        self.handle += other.handle
        self.returned += other.returned
        return self


def total(figures: Iterable[Figures]) -> Figures:
    out = Figures()
    for f in figures:
        out.add(f)
    return out


@dataclass
class Bucket:
    start: datetime
    figures: Figures


@dataclass
class Part:
    """One table's or one game's figures: the last 24 hours, 14 days, since opening, and its days."""

    day: Figures = field(default_factory=Figures)
    fortnight: Figures = field(default_factory=Figures)
    ever: Figures = field(default_factory=Figures)
    daily: dict[datetime, Figures] = field(default_factory=dict)


@dataclass
class Game:
    slug: str
    name: str
    tables: int
    part: Part


@dataclass
class Dashboard:
    now: datetime
    hourly: list[Bucket]  # oldest first
    daily: list[Bucket]  # oldest first
    tables: dict[int, Part]
    games: list[Game]

    @property
    def day(self) -> Figures:
        return total(b.figures for b in self.hourly)

    @property
    def fortnight(self) -> Figures:
        return total(b.figures for b in self.daily)

    @property
    def ever(self) -> Figures:
        return total(p.ever for p in self.tables.values())


def _hour_of(column: Any) -> Any:
    """An SQL expression for the hour a timestamp falls in, as text "YYYY-MM-DD HH"."""
    if db.session.get_bind().dialect.name == "postgresql":
        return sa.func.to_char(sa.func.date_trunc("hour", column), "YYYY-MM-DD HH24")
    return sa.func.strftime("%Y-%m-%d %H", column)


def _hour(text: Any) -> datetime:
    return datetime.strptime(str(text)[:13], "%Y-%m-%d %H")


def dashboard(now: datetime | None = None) -> Dashboard:
    now = now or utcnow()
    this_hour = now.replace(minute=0, second=0, microsecond=0)
    today = this_hour.replace(hour=0)
    first_hour = this_hour - timedelta(hours=HOURS - 1)
    first_day = today - timedelta(days=DAYS - 1)
    parts: dict[int, Part] = {}
    game_of: dict[int, str] = {}

    ever = db.session.execute(
        sa.select(Round.table_id, Round.game, sa.func.count(sa.distinct(BetSettlement.round_id)),
                  sa.func.sum(BetSettlement.stake), sa.func.sum(BetSettlement.returned))
        .join(Round, Round.id == BetSettlement.round_id)
        .group_by(Round.table_id, Round.game))
    for table_id, game, rounds, handle, returned in ever:
        parts.setdefault(table_id, Part()).ever.add(Figures(int(rounds), int(handle or 0), int(returned or 0)))
        game_of[table_id] = game

    per_round = (
        sa.select(Round.table_id.label("table_id"), sa.func.max(BetSettlement.created_at).label("at"),
                  sa.func.sum(BetSettlement.stake).label("stake"),
                  sa.func.sum(BetSettlement.returned).label("returned"))
        .join(Round, Round.id == BetSettlement.round_id)
        .where(BetSettlement.created_at >= first_day)
        .group_by(BetSettlement.round_id, Round.table_id)
    ).subquery()
    hour = _hour_of(per_round.c.at)
    recent = db.session.execute(
        sa.select(per_round.c.table_id, hour, sa.func.count(), sa.func.sum(per_round.c.stake),
                  sa.func.sum(per_round.c.returned))
        .group_by(per_round.c.table_id, hour))
    hourly = {first_hour + timedelta(hours=i): Figures() for i in range(HOURS)}
    daily = {first_day + timedelta(days=i): Figures() for i in range(DAYS)}
    for table_id, at, rounds, handle, returned in recent:
        start = _hour(at)
        f = Figures(int(rounds), int(handle or 0), int(returned or 0))
        part = parts.setdefault(table_id, Part())
        day = start.replace(hour=0)
        if day in daily:
            daily[day].add(f)
            part.fortnight.add(f)
            part.daily.setdefault(day, Figures()).add(f)
        if start in hourly:
            hourly[start].add(f)
            part.day.add(f)

    games = []
    for slug in sorted({g for g in game_of.values() if g in registry.ENGINES}, key=lambda s: registry.rules(s).name):
        mine = [p for t, p in parts.items() if game_of.get(t) == slug]
        part = Part(total(p.day for p in mine), total(p.fortnight for p in mine), total(p.ever for p in mine))
        for p in mine:
            for day, f in p.daily.items():
                part.daily.setdefault(day, Figures()).add(f)
        games.append(Game(slug, registry.rules(slug).name, len(mine), part))
    return Dashboard(now=now, hourly=[Bucket(k, v) for k, v in hourly.items()],
                     daily=[Bucket(k, v) for k, v in daily.items()], tables=parts, games=games)


def books() -> tuple[dict[str, int], int]:
    """Each kind of account's total balance, and the sum of every balance (always zero)."""
    from ..models import Account
    from . import wallet

    totals = {kind: int(amount or 0) for kind, amount in db.session.execute(
        sa.select(Account.kind, sa.func.sum(Account.balance)).group_by(Account.kind).order_by(Account.kind))}
    return totals, wallet.total_of_all_accounts()


def recent_changes(limit: int = 15) -> list[Any]:
    """The operator's last changes to tables, newest first."""
    from ..models import AuditLog

    return list(db.session.scalars(sa.select(AuditLog).order_by(AuditLog.id.desc()).limit(limit)))
