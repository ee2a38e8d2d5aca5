"""The sports book: the traders' board, tickets on posted terms, grading and settlement once.

The rules are the engine's (``webgame/games/sports``); this module holds the money and the
records. The caller owns the transaction and commits once per request.

Money (double-entry, ``wallet.transfer``): at acceptance the stake moves from the player's
wallet to the book's ``book`` account, which holds exactly the stakes of open tickets
(``book_problems``, part of ``flask ledger-check``). A won ticket is paid its win by the house
into the book and its whole return from the book to the wallet; a lost stake goes to the house;
a refund goes back to the wallet. Each ticket settles once: its ``sports_settlements`` row is
unique, so a replayed or racing grading finds the key taken and moves nothing (P-393).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..engine.money import fmt, parse_amount
from ..extensions import db
from ..games.sports import (
    SIDES,
    BookRules,
    Leg,
    Offer,
    Refused,
    check_ticket,
    describe,
    exposure,
    fmt_american,
    fmt_decimal,
    fmt_line,
    grade,
    load_rules,
    parse_american,
    parse_line,
    settle,
)
from ..games.sports.book import Market, Outcome, as_market
from ..games.sports.odds import check_american
from ..models import (
    Account,
    AuditLog,
    Player,
    SportsEvent,
    SportsLeg,
    SportsMarket,
    SportsPlayerLimit,
    SportsPrice,
    SportsSettlement,
    SportsTicket,
    utcnow,
)
from . import wallet
from .names import clean_name

TEAM_LONGEST = 60
# A number in a posted selection: ASCII digits, an optional sign, small enough for any column.
_NUMBER = re.compile(r"[+-]?[0-9]{1,9}", re.ASCII)
LONGEST_LEAD_MINUTES = 366 * 24 * 60


# A ticket's legs and their events in two more queries, not one per ticket and leg.
_WITH_LEGS = selectinload(SportsTicket.legs).selectinload(SportsLeg.event)


class BookError(Exception):
    """An operator's entry the book refuses, in words for the trader."""


def rules() -> BookRules:
    return load_rules()


def book_account() -> Account:
    """The book's account: the stakes of the tickets still open, nothing else."""
    return wallet.account("book", name="Sports book: open tickets")


# --------------------------------------------------------------------------------------------
# The traders' side: events, lines, closing, results (D-402)
# --------------------------------------------------------------------------------------------
@dataclass
class MarketEntry:
    """A market as the trader's form holds it: each side's price and line, and the limit."""

    kind: Market
    odds: dict[str, int]
    half_points: dict[str, int] = field(default_factory=dict)
    max_stake: int | None = None


def read_market(kind: Market, form: Mapping[str, str]) -> MarketEntry | None:
    """A market from the trader's form fields (``<kind>_<side>_odds``, ``<kind>_line``,
    ``<kind>_max``); None when the market is left empty (not posted)."""
    sides = SIDES[kind]
    raw = {side: (form.get(f"{kind}_{side}_odds") or "").strip() for side in sides}
    line_raw = (form.get(f"{kind}_line") or "").strip()
    if not any(raw.values()) and not line_raw:
        return None
    try:
        odds = {side: parse_american(text) for side, text in raw.items()}
        for price in odds.values():
            check_american(price, rules().odds_shortest, rules().odds_longest)
        half: dict[str, int] = {}
        if kind == "spread":
            line = parse_line(line_raw)  # the home side's spread; the away side's is its mirror
            half = {"home": line, "away": -line}
        elif kind == "total":
            line = parse_line(line_raw)
            if line <= 0:
                raise ValueError("A total is more than zero points.")
            half = {"over": line, "under": line}
        max_raw = (form.get(f"{kind}_max") or "").strip()
        max_stake = parse_amount(max_raw) if max_raw else None
    except ValueError as exc:
        raise BookError(f"{rules().market_names[kind]}: {exc}") from exc
    return MarketEntry(kind, odds, half, max_stake)


def _market_max(entry: MarketEntry) -> int:
    limit = rules().limits["market"]
    wanted = limit.max if entry.max_stake is None else entry.max_stake
    if not limit.min <= wanted <= limit.max:
        raise BookError(f"A market's limit is between {fmt(limit.min)} and {fmt(limit.max)} per ticket.")
    return wanted


def post_event(home: str, away: str, starts_at: datetime, markets: Sequence[MarketEntry], *,
               sport: str = "", operator: Player | None = None, now: datetime | None = None) -> SportsEvent:
    """A new event on the board with its markets (000 s.1379: the events the book approves)."""
    now = now or utcnow()
    try:
        home = clean_name(home, what="The home team", longest=TEAM_LONGEST)
        away = clean_name(away, what="The away team", longest=TEAM_LONGEST)
        sport = clean_name(sport, what="The sport", longest=40)
    except ValueError as exc:
        raise BookError(str(exc)) from exc
    if not home or not away or home == away:
        raise BookError("Name two different teams.")
    if starts_at <= now:
        raise BookError("The start time must be in the future: betting closes when the event starts.")
    if not markets:
        raise BookError("Post at least one market with its odds.")
    event = SportsEvent(sport=sport, home=home, away=away, starts_at=starts_at, status="open")
    db.session.add(event)
    db.session.flush()
    for entry in markets:
        market = SportsMarket(event_id=event.id, kind=entry.kind, max_stake=_market_max(entry))
        db.session.add(market)
        db.session.flush()
        for side in SIDES[entry.kind]:
            db.session.add(SportsPrice(event_id=event.id, market_id=market.id, kind=entry.kind, side=side,
                                       odds=entry.odds[side], half_points=entry.half_points.get(side, 0)))
    db.session.add(AuditLog(player_id=operator.id if operator else None, what="sports: posted event",
                            data={"event": event.id, "home": home, "away": away,
                                  "starts_at": starts_at.isoformat(), "markets": [m.kind for m in markets]}))
    db.session.flush()
    return event


def move_line(event_id: int, entry: MarketEntry, *, operator: Player | None = None) -> None:
    """New prices for one market. Each old price is superseded, not changed: a ticket keeps
    the price it was sold at (D-401), and the record of every line stays (000 s.1385)."""
    event = _event(event_id)
    if event.status not in ("open", "closed"):
        raise BookError("That event is settled; its lines can no longer move.")
    market = db.session.scalars(sa.select(SportsMarket).filter_by(event_id=event_id, kind=entry.kind)).first()
    if market is None:
        market = SportsMarket(event_id=event_id, kind=entry.kind, max_stake=_market_max(entry))
        db.session.add(market)
        db.session.flush()
    else:
        market.max_stake = _market_max(entry) if entry.max_stake is not None else market.max_stake
    db.session.execute(sa.update(SportsPrice).where(SportsPrice.market_id == market.id, SportsPrice.is_current)
                       .values(is_current=False))
    for side in SIDES[entry.kind]:
        db.session.add(SportsPrice(event_id=event_id, market_id=market.id, kind=entry.kind, side=side,
                                   odds=entry.odds[side], half_points=entry.half_points.get(side, 0)))
    db.session.add(AuditLog(player_id=operator.id if operator else None, what="sports: moved line",
                            data={"event": event_id, "market": entry.kind, "odds": entry.odds,
                                  "half_points": entry.half_points, "max_stake": market.max_stake}))
    db.session.flush()
    db.session.expire(event)


def close_betting(event_id: int, *, operator: Player | None = None) -> None:
    """No ticket is accepted on the event from now on (its start time closes it anyway)."""
    done = db.session.execute(sa.update(SportsEvent).where(SportsEvent.id == event_id, SportsEvent.status == "open")
                              .values(status="closed")).rowcount  # type: ignore[attr-defined]
    if done != 1:
        raise BookError("Betting on that event is already closed.")
    db.session.add(AuditLog(player_id=operator.id if operator else None, what="sports: closed betting",
                            data={"event": event_id}))
    db.session.flush()


def _event(event_id: int) -> SportsEvent:
    event = db.session.get(SportsEvent, event_id)
    if event is None:
        raise BookError("No such event.")
    return event


def enter_result(event_id: int, home_score: int, away_score: int, *, operator: Player | None = None,
                 now: datetime | None = None) -> int:
    """The final score: every leg on the event graded, every ticket whose last leg this was
    settled. Returns the tickets settled. Betting must be closed first (by the start time or the
    trader), so no ticket is sold on a game whose result is known."""
    now = now or utcnow()
    if home_score < 0 or away_score < 0:
        raise BookError("Scores are zero or more.")
    event = _event(event_id)
    if event.status == "open" and now < event.starts_at:
        raise BookError("The event is still taking wagers: close betting before entering its result.")
    return _grade(event, "final", now, operator, home_score=home_score, away_score=away_score)


def void_event(event_id: int, *, operator: Player | None = None, now: datetime | None = None) -> int:
    """A cancelled event (000 s.1421): its straight wagers refunded, its parlay legs removed."""
    return _grade(_event(event_id), "void", now or utcnow(), operator)


def _grade(event: SportsEvent, status: str, now: datetime, operator: Player | None, *,
           home_score: int | None = None, away_score: int | None = None) -> int:
    # The claim: only one grading of an event ever happens, whichever request gets here first.
    claimed = db.session.execute(
        sa.update(SportsEvent).where(SportsEvent.id == event.id, SportsEvent.status.in_(("open", "closed")))
        .values(status=status, home_score=home_score, away_score=away_score, graded_at=now)
    ).rowcount  # type: ignore[attr-defined]
    if claimed != 1:
        raise BookError("That event already has its result.")
    db.session.expire(event)
    book = rules()
    for leg in db.session.scalars(sa.select(SportsLeg).where(SportsLeg.event_id == event.id,
                                                              SportsLeg.outcome.is_(None))):
        leg.outcome = ("void" if status == "void"
                       else grade(_leg(leg), home_score or 0, away_score or 0, book))
    db.session.add(AuditLog(player_id=operator.id if operator else None, what=f"sports: {status} event",
                            data={"event": event.id, "home_score": home_score, "away_score": away_score}))
    db.session.flush()
    tickets = db.session.scalars(
        sa.select(SportsTicket).where(SportsTicket.status == "open",
                                      SportsTicket.id.in_(sa.select(SportsLeg.ticket_id)
                                                          .where(SportsLeg.event_id == event.id)))
        .order_by(SportsTicket.id)).all()
    return sum(1 for ticket in tickets if settle_ticket(ticket, now=now))


def _leg(row: SportsLeg) -> Leg:
    return Leg(row.event_id, as_market(row.kind), row.side, row.odds, row.half_points)


def settle_ticket(ticket: SportsTicket, *, now: datetime | None = None) -> bool:
    """Pay, take or refund a ticket whose legs are all graded; False if it is not ready or was
    already settled (the unique settlement key: a replay moves no money)."""
    legs = list(ticket.legs)
    if any(leg.outcome is None for leg in legs):
        return False
    graded: list[tuple[Leg, Outcome]] = [(_leg(leg), leg.outcome) for leg in legs]  # type: ignore[misc]
    result = settle(ticket.stake, graded)
    try:
        with db.session.begin_nested():
            db.session.add(SportsSettlement(ticket_id=ticket.id, player_id=ticket.player_id, stake=ticket.stake,
                                            returned=result.returned, result=result.result))
    except IntegrityError:
        return False
    book, purse = book_account(), wallet.wallet(ticket.player_id)
    memo = f"sports ticket {ticket.id}"
    if result.returned > ticket.stake:
        wallet.transfer(wallet.house(), book, result.returned - ticket.stake, memo=memo + " won")
    elif result.returned < ticket.stake:
        wallet.transfer(book, wallet.house(), ticket.stake - result.returned, memo=memo + " lost")
    wallet.transfer(book, purse, result.returned, memo=memo + " paid")
    ticket.status, ticket.returned, ticket.settled_at = result.result, result.returned, now or utcnow()
    ticket.summary = summary(ticket, result.result, result.returned)[:200]
    db.session.flush()
    return True


# --------------------------------------------------------------------------------------------
# The players' side: the board, the bet slip, tickets
# --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """A selection as the bet slip posts it: the terms the player saw."""

    event_id: int
    market: Market
    side: str
    odds: int
    half_points: int

    @property
    def token(self) -> str:
        return f"{self.event_id}:{self.market}:{self.side}:{self.odds}:{self.half_points}"

    @classmethod
    def parse(cls, token: str) -> Pick:
        parts = (token or "").split(":")
        try:
            if len(parts) != 5 or not all(_NUMBER.fullmatch(parts[i]) for i in (0, 3, 4)):
                raise ValueError(token)
            market = as_market(parts[1])
            if parts[2] not in SIDES[market]:
                raise ValueError(token)
            event_id, odds, half = int(parts[0]), int(parts[3]), int(parts[4])
        except ValueError as exc:
            raise Refused("That selection is not on the board.") from exc
        return cls(event_id, market, parts[2], odds, half)


def is_open(event: SportsEvent, now: datetime) -> bool:
    """Betting closes at the start time, or earlier when the trader closes it (000 s.1403)."""
    return event.status == "open" and now < event.starts_at


def _offers(event_ids: set[int], now: datetime) -> tuple[dict[tuple[int, str, str], Offer], dict[tuple[int, str, str], int]]:
    rows = db.session.execute(
        sa.select(SportsPrice, SportsMarket.max_stake, SportsEvent)
        .join(SportsMarket, SportsMarket.id == SportsPrice.market_id)
        .join(SportsEvent, SportsEvent.id == SportsPrice.event_id)
        .where(SportsPrice.event_id.in_(event_ids), SportsPrice.is_current)).all()
    offers, price_ids = {}, {}
    for price, max_stake, event in rows:
        key = (price.event_id, price.kind, price.side)
        offers[key] = Offer(Leg(price.event_id, as_market(price.kind), price.side, price.odds, price.half_points),
                            is_open(event, now), int(max_stake))
        price_ids[key] = price.id
    return offers, price_ids


def player_limit(player_id: int) -> SportsPlayerLimit | None:
    return db.session.get(SportsPlayerLimit, player_id)


def place_ticket(player: Player, stake_text: str, tokens: Sequence[str], *,
                 now: datetime | None = None) -> SportsTicket:
    """Accept a ticket on the posted terms (the bet slip's confirmation is "leaving the
    counter", D-402) or refuse it with nothing changed. The prices are locked on the legs."""
    now = now or utcnow()
    try:
        stake = parse_amount(stake_text)
    except ValueError as exc:
        raise Refused(str(exc)) from exc
    picks = [Pick.parse(t) for t in tokens if t]
    legs = [Leg(p.event_id, p.market, p.side, p.odds, p.half_points) for p in picks]
    offers, price_ids = _offers({p.event_id for p in picks}, now)
    limit = player_limit(player.id)
    potential = check_ticket(stake, legs, offers, rules(), player_max=limit.max_stake if limit else None)
    try:
        with db.session.begin_nested():
            ticket = SportsTicket(player_id=player.id, stake=stake, potential=potential, status="open")
            db.session.add(ticket)
            db.session.flush()
            wallet.transfer(wallet.wallet(player.id), book_account(), stake, memo=f"sports ticket {ticket.id} staked")
    except wallet.InsufficientFunds as exc:
        raise Refused("Not enough in your wallet for that wager.") from exc
    for leg in legs:
        db.session.add(SportsLeg(ticket_id=ticket.id, event_id=leg.event_id,
                                 price_id=price_ids[(leg.event_id, leg.market, leg.side)],
                                 kind=leg.market, side=leg.side, odds=leg.odds, half_points=leg.half_points))
    db.session.flush()
    return ticket


def preview(player: Player, stake_text: str, tokens: Sequence[str], *, now: datetime | None = None) -> dict[str, object]:
    """The bet slip before confirming: each selection in words and the potential payout, or
    the reason the book would refuse it. Nothing is written."""
    now = now or utcnow()
    try:
        stake = parse_amount(stake_text)
    except ValueError as exc:
        raise Refused(str(exc)) from exc
    picks = [Pick.parse(t) for t in tokens if t]
    legs = [Leg(p.event_id, p.market, p.side, p.odds, p.half_points) for p in picks]
    offers, _ = _offers({p.event_id for p in picks}, now)
    limit = player_limit(player.id)
    potential = check_ticket(stake, legs, offers, rules(), player_max=limit.max_stake if limit else None)
    events = _events({p.event_id for p in picks})
    return {
        "stake": stake, "potential": potential, "win": potential - stake, "tokens": [p.token for p in picks],
        "kind": "Straight bet" if len(legs) == 1 else f"{len(legs)}-leg parlay",
        "legs": [{"words": describe(leg, events[leg.event_id].home, events[leg.event_id].away),
                  "event": _matchup(events[leg.event_id]), "american": fmt_american(leg.odds),
                  "decimal": fmt_decimal(leg.odds)} for leg in legs],
    }


def _events(ids: set[int]) -> dict[int, SportsEvent]:
    return {e.id: e for e in db.session.scalars(sa.select(SportsEvent).where(SportsEvent.id.in_(ids)))}


def _matchup(event: SportsEvent) -> str:
    return f"{event.away} at {event.home}"


def _on(leg: SportsLeg) -> str:
    words = describe(_leg(leg), leg.event.home, leg.event.away)
    return f"the {words}" if leg.kind != "total" else f"{words} in {_matchup(leg.event)}"


def summary(ticket: SportsTicket, result: str, returned: int) -> str:
    """The result in plain words: "Won $19.09 on the Lions -3.5"."""
    legs = list(ticket.legs)
    what = _on(legs[0]) if len(legs) == 1 else f"a {len(legs)}-leg parlay"
    removed = [leg for leg in legs if leg.outcome in ("push", "void")]
    if result == "won":
        text = f"Won {fmt(returned - ticket.stake)} on {what}"
        if removed and len(legs) > 1:
            left = len(legs) - len(removed)
            text += (", paid as a straight bet" if left == 1 else f", paid on {left} legs") + f" ({_removed(removed)})"
        return text
    if result == "lost":
        return f"Lost {fmt(ticket.stake)} on {what}"
    return f"Refunded {fmt(returned)} on {what}: {_removed(removed)}"


def _removed(legs: Sequence[SportsLeg]) -> str:
    return "; ".join(f"{describe(_leg(leg), leg.event.home, leg.event.away)} "
                     + ("pushed" if leg.outcome == "push" else "was cancelled") for leg in legs)


def board(*, now: datetime | None = None, taking_only: bool = True) -> list[dict[str, object]]:
    """The events with their current prices: for players those taking wagers now, for the
    traders every event not yet settled and the last settled ones."""
    now = now or utcnow()
    query = sa.select(SportsEvent).order_by(SportsEvent.starts_at, SportsEvent.id)
    if taking_only:
        query = query.where(SportsEvent.status == "open", SportsEvent.starts_at > now)
    events = list(db.session.scalars(query))
    if not events:
        return []
    ids = [e.id for e in events]
    prices = db.session.scalars(sa.select(SportsPrice).where(SportsPrice.event_id.in_(ids), SportsPrice.is_current)
                                .order_by(SportsPrice.id)).all()
    limits = {(m.event_id, m.kind): m.max_stake
              for m in db.session.scalars(sa.select(SportsMarket).where(SportsMarket.event_id.in_(ids)))}
    by_event: dict[int, dict[str, list[dict[str, object]]]] = {}
    for p in prices:
        event = next(e for e in events if e.id == p.event_id)
        leg = Leg(p.event_id, as_market(p.kind), p.side, p.odds, p.half_points)
        by_event.setdefault(p.event_id, {}).setdefault(p.kind, []).append({
            "token": Pick(leg.event_id, leg.market, p.side, p.odds, p.half_points).token,
            "words": describe(leg, event.home, event.away), "side": p.side,
            "line": fmt_line(p.half_points, signed=p.kind == "spread") if p.kind != "moneyline" else "",
            "american": fmt_american(p.odds), "decimal": fmt_decimal(p.odds), "odds": p.odds,
            "half_points": p.half_points})
    out = []
    for e in events:
        markets = by_event.get(e.id, {})
        out.append({
            "id": e.id, "sport": e.sport, "home": e.home, "away": e.away, "matchup": _matchup(e),
            "starts_at": e.starts_at, "status": e.status, "taking": is_open(e, now),
            "home_score": e.home_score, "away_score": e.away_score,
            "markets": [{"kind": kind, "name": rules().market_names[kind], "sides": markets[kind],
                         "max_stake": limits.get((e.id, kind), 0),
                         "line": next((s["line"] for s in markets[kind] if s["side"] in ("home", "over")), "")}
                        for kind in rules().markets if kind in markets],
        })
    return out


def trader_board(*, now: datetime | None = None) -> list[dict[str, object]]:
    """Every event not yet settled, then the ten settled last, each with the book's exposure
    per selection: what it pays out beyond the stakes it holds if that side wins."""
    now = now or utcnow()
    pending = [e for e in board(now=now, taking_only=False) if e["status"] in ("open", "closed")]
    settled = db.session.scalars(sa.select(SportsEvent).where(SportsEvent.status.in_(("final", "void")))
                                 .order_by(SportsEvent.graded_at.desc()).limit(10)).all()
    tickets = db.session.scalars(sa.select(SportsTicket).where(SportsTicket.status == "open")
                                 .options(selectinload(SportsTicket.legs))).all()
    risk = exposure([(t.stake, [_leg(leg) for leg in t.legs]) for t in tickets])
    handle: dict[tuple[int, str], int] = {}
    for t in tickets:
        for leg in t.legs:
            handle[(leg.event_id, leg.kind)] = handle.get((leg.event_id, leg.kind), 0) + t.stake
    for event in pending:
        eid = int(str(event["id"]))
        markets: list[dict[str, Any]] = event["markets"]  # type: ignore[assignment]
        for market in markets:
            kind = str(market["kind"])
            market["handle"] = handle.get((eid, kind), 0)
            for side in market["sides"]:
                side["exposure"] = risk.get((eid, kind, str(side["side"])), 0)
    return pending + [{"id": e.id, "matchup": _matchup(e), "status": e.status, "home": e.home, "away": e.away,
                       "home_score": e.home_score, "away_score": e.away_score, "starts_at": e.starts_at,
                       "markets": [], "taking": False} for e in settled]


def my_tickets(player_id: int, *, limit: int = 30) -> list[dict[str, object]]:
    """A player's tickets, newest first, each leg with its locked price and its grade."""
    tickets = db.session.scalars(sa.select(SportsTicket).where(SportsTicket.player_id == player_id)
                                 .options(_WITH_LEGS).order_by(SportsTicket.id.desc()).limit(limit)).all()
    return [{
        "id": t.id, "stake": t.stake, "potential": t.potential, "status": t.status, "returned": t.returned,
        "summary": t.summary, "kind": "Straight bet" if len(t.legs) == 1 else f"{len(t.legs)}-leg parlay",
        "created_at": t.created_at,
        "legs": [{"words": describe(_leg(leg), leg.event.home, leg.event.away), "matchup": _matchup(leg.event),
                  "american": fmt_american(leg.odds), "outcome": leg.outcome or "",
                  "starts_at": leg.event.starts_at} for leg in t.legs],
    } for t in tickets]


def set_player_limit(username: str, max_text: str, reason: str, *, operator: Player | None = None) -> str:
    """Refuse or limit a player's wagers (000 s.1380: management may refuse any wager and limit
    selections before acceptance). An empty amount lifts the limit; $0 refuses every wager."""
    player = db.session.scalars(sa.select(Player).filter_by(username=(username or "").strip())).first()
    if player is None or player.is_bot:
        raise BookError("No player with that username.")
    try:
        reason = clean_name(reason, what="The reason", longest=120)
        max_stake = parse_amount(max_text) if (max_text or "").strip() else None
    except ValueError as exc:
        raise BookError(str(exc)) from exc
    current = player_limit(player.id)
    if max_stake is None:
        if current is not None:
            db.session.delete(current)
        words = f"{player.username}: no limit of their own"
    else:
        if current is None:
            current = SportsPlayerLimit(player_id=player.id, max_stake=max_stake)
            db.session.add(current)
        current.max_stake, current.reason, current.set_at = max_stake, reason, utcnow()
        words = (f"{player.username}: wagers refused" if max_stake == 0
                 else f"{player.username}: at most {fmt(max_stake)} a ticket")
    db.session.add(AuditLog(player_id=operator.id if operator else None, what="sports: player limit",
                            data={"player": player.id, "max_stake": max_stake, "reason": reason}))
    db.session.flush()
    return words


def player_limits() -> list[dict[str, object]]:
    rows = db.session.execute(sa.select(SportsPlayerLimit, Player.username)
                              .join(Player, Player.id == SportsPlayerLimit.player_id)
                              .order_by(Player.username)).all()
    return [{"username": name, "max_stake": lim.max_stake, "reason": lim.reason} for lim, name in rows]


def book_problems() -> list[str]:
    """The book's account holds exactly the stakes of the open tickets: a cent more belongs to
    no ticket, a cent less was paid twice."""
    held = wallet.balance(book_account())
    owed = int(db.session.scalar(sa.select(sa.func.coalesce(sa.func.sum(SportsTicket.stake), 0))
                                 .where(SportsTicket.status == "open")) or 0)
    if held != owed:
        return [f"The sports book holds {fmt(held)}, but its open tickets staked {fmt(owed)}."]
    return []


def parse_start(text: str, *, now: datetime | None = None) -> datetime:
    """The start time as the trader's form posts it: "2026-11-28T19:30" (UTC), or "+90" for
    minutes from now."""
    raw = (text or "").strip()
    try:
        if raw.startswith("+"):
            if not _NUMBER.fullmatch(raw) or not 0 < int(raw) <= LONGEST_LEAD_MINUTES:
                raise ValueError(raw)
            return (now or utcnow()) + timedelta(minutes=int(raw))
        when = datetime.fromisoformat(raw)
        if when.tzinfo is not None:
            when = when.astimezone(UTC)
        return when.replace(tzinfo=None, second=0, microsecond=0)
    except ValueError as exc:
        raise BookError("Enter the start time as a date and time (UTC), or +minutes from now.") from exc
