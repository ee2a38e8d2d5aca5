"""The sports book's rules: markets and their grading, tickets, limits and settlement.

Pure and typed: the services hand in the posted prices, the operator's limits and the final
scores; nothing here reads a clock or a database. The rules data is
``webgame/rules/sports/sports-pool.toml`` (seed 000 §27, D-401, D-402).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Literal

from ...engine.money import Cents, fmt, truncate
from .odds import decimal, fmt_american, fmt_line

RULES_FILE = Path(__file__).resolve().parents[2] / "rules" / "sports" / "sports-pool.toml"

Market = Literal["moneyline", "spread", "total"]
Outcome = Literal["win", "lose", "push", "void"]
MARKETS: tuple[Market, ...] = ("moneyline", "spread", "total")
SIDES: dict[Market, tuple[str, str]] = {"moneyline": ("home", "away"), "spread": ("home", "away"),
                                        "total": ("over", "under")}


def as_market(name: str) -> Market:
    """A market kind read from data or a form; anything else is not a market."""
    for market in MARKETS:
        if market == name:
            return market
    raise ValueError(f"not a market: {name!r}")


class Refused(Exception):
    """A wager the book does not accept, in words for the player."""


@dataclass(frozen=True)
class Limit:
    min: Cents
    max: Cents
    label: str


@dataclass(frozen=True)
class BookRules:
    slug: str
    variant: str
    name: str
    markets: tuple[Market, ...]
    market_names: dict[str, str]
    parlay_min_legs: int
    parlay_max_legs: int
    odds_shortest: int
    odds_longest: int
    moneyline_tie: Outcome
    limits: dict[str, Limit]
    cite: dict[str, str] = field(default_factory=dict)


@cache
def load_rules(variant: str = "grand-ronde") -> BookRules:
    data: dict[str, Any] = tomllib.loads(RULES_FILE.read_text(encoding="utf-8"))
    v = data["variants"][variant]
    r = v["rules"]
    markets = tuple(r["markets"])
    for m in markets:
        if m not in MARKETS:
            raise ValueError(f"unknown market {m!r} in {RULES_FILE.name}")
    tie = r["moneyline_tie"]
    if tie not in ("push", "lose"):
        raise ValueError("moneyline_tie is push or lose")
    return BookRules(
        slug=data["game"]["slug"], variant=variant, name=v["name"], markets=markets,
        market_names=dict(r["market_names"]), parlay_min_legs=int(r["parlay_min_legs"]),
        parlay_max_legs=int(r["parlay_max_legs"]), odds_shortest=int(r["odds_shortest"]),
        odds_longest=int(r["odds_longest"]), moneyline_tie=tie,
        limits={k: Limit(int(x["min"]), int(x["max"]), str(x["label"])) for k, x in v["limits"].items()},
        cite={"sections": v["sections"], "rulebook": v["rulebook"], "seed": v["seed"]},
    )


def catalog_entry(variant: str = "grand-ronde") -> dict[str, Any]:
    """The book as ``flask games --json`` lists a game: playable at /sports, no side bets."""
    data: dict[str, Any] = tomllib.loads(RULES_FILE.read_text(encoding="utf-8"))
    game, v = data["game"], data["variants"][variant]
    return {"slug": game["slug"], "name": game["name"], "family": game["family"], "playable": True,
            "variants": [{"slug": variant, "name": v["name"], "rulebook": v["rulebook"], "seed": v["seed"],
                          "sections": v["sections"], "side_bets": [], "playable": True, "banking": v["banking"]}],
            "side_bets": []}


@dataclass(frozen=True)
class Leg:
    """One selection on a ticket, at the price it was sold at (locked at acceptance)."""

    event_id: int
    market: Market
    side: str  # home | away | over | under
    odds: int  # American
    half_points: int = 0  # the side's spread, or the total; 0 on a money line


def describe(leg: Leg, home: str, away: str) -> str:
    """The selection in the book's words: "Lions -3.5", "Over 47.5", "Bears money line"."""
    team = home if leg.side == "home" else away
    if leg.market == "moneyline":
        return f"{team} money line"
    if leg.market == "spread":
        return f"{team} {fmt_line(leg.half_points)}"
    return f"{leg.side.capitalize()} {fmt_line(leg.half_points, signed=False)}"


def describe_price(leg: Leg, home: str, away: str) -> str:
    return f"{describe(leg, home, away)} at {fmt_american(leg.odds)}"


def grade(leg: Leg, home_score: int, away_score: int, rules: BookRules) -> Outcome:
    """A leg against the final score. The spread is the side's handicap: home -3.5 wins when
    home's score less 3.5 beats away's; a whole-number line can land exactly and pushes (D-401)."""
    if leg.market == "moneyline":
        if home_score == away_score:
            return rules.moneyline_tie
        home_won = home_score > away_score
        return "win" if home_won == (leg.side == "home") else "lose"
    if leg.market == "spread":
        mine, theirs = (home_score, away_score) if leg.side == "home" else (away_score, home_score)
        margin = 2 * (mine - theirs) + leg.half_points
    else:
        margin = 2 * (home_score + away_score) - leg.half_points
        if leg.side == "under":
            margin = -margin
    return "win" if margin > 0 else "push" if margin == 0 else "lose"


def price_of(legs: list[Leg]) -> Fraction:
    """The decimal odds of a ticket: the product of its legs' (D-401)."""
    product = Fraction(1)
    for leg in legs:
        product *= decimal(leg.odds)
    return product


def potential_return(stake: Cents, legs: list[Leg]) -> Cents:
    """Everything a ticket returns if every leg wins, stake included, truncated (D-002)."""
    return truncate(stake * price_of(legs))


@dataclass(frozen=True)
class TicketResult:
    result: Literal["won", "lost", "refunded"]
    returned: Cents  # stake included: 0 for a loss, the stake for a refund
    live_legs: int  # the legs the payout was priced on, after pushes and voids were removed


def settle(stake: Cents, legs: list[tuple[Leg, Outcome]]) -> TicketResult:
    """A ticket once every leg is graded. Any losing leg loses it; pushed and cancelled legs
    are removed and the ticket pays on the rest, a parlay down to one leg being a straight
    bet on it; nothing left is refunded (000 s.1421, D-401)."""
    if not legs:
        raise ValueError("a ticket has at least one leg")
    if any(outcome == "lose" for _, outcome in legs):
        return TicketResult("lost", 0, 0)
    live = [leg for leg, outcome in legs if outcome == "win"]
    if not live:
        return TicketResult("refunded", stake, 0)
    return TicketResult("won", potential_return(stake, live), len(live))


@dataclass(frozen=True)
class Offer:
    """What the book posts for one selection now, and whether it still takes wagers on it."""

    leg: Leg
    open: bool
    market_max: Cents  # the trader's limit on this market for one ticket


def check_ticket(stake: Cents, legs: list[Leg], offers: dict[tuple[int, str, str], Offer],
                 rules: BookRules, *, player_max: Cents | None = None) -> Cents:
    """Accept a ticket on the posted terms or refuse it in words (000 s.1380, s.1381, s.1416).

    ``offers`` are the book's current prices by (event, market, side); a leg whose price or line
    differs from the posted one is refused (the board moved), as is a market not posted, a closed
    event, two legs on one event, or a stake outside the limits. Returns the potential return."""
    if not legs:
        raise Refused("Pick at least one selection.")
    if len(legs) > 1 and not rules.parlay_min_legs <= len(legs) <= rules.parlay_max_legs:
        raise Refused(f"A parlay has {rules.parlay_min_legs} to {rules.parlay_max_legs} selections.")
    if len({leg.event_id for leg in legs}) != len(legs):
        raise Refused("A parlay's selections must be on different events.")
    ticket = rules.limits["ticket"]
    if stake < ticket.min:
        raise Refused(f"The minimum wager is {fmt(ticket.min)}.")
    if stake > ticket.max:
        raise Refused(f"The maximum wager is {fmt(ticket.max)}.")
    if player_max is not None and stake > player_max:
        raise Refused(f"The book limits your wagers to {fmt(player_max)}." if player_max
                      else "The book does not take wagers from this account.")
    for leg in legs:
        offer = offers.get((leg.event_id, leg.market, leg.side))
        if offer is None:
            raise Refused("That selection is not on the board.")
        if not offer.open:
            raise Refused("Betting on that event has closed.")
        if offer.leg.odds != leg.odds or offer.leg.half_points != leg.half_points:
            raise Refused("The line has moved: check the new price and confirm again.")
        if stake > offer.market_max:
            raise Refused(f"The most this market takes on one ticket is {fmt(offer.market_max)}.")
    potential = potential_return(stake, legs)
    payout = rules.limits["payout"]
    if potential > payout.max:
        raise Refused(f"The most a ticket may return is {fmt(payout.max)}; lower the wager.")
    return potential


def exposure(tickets: list[tuple[Cents, list[Leg]]]) -> dict[tuple[int, str, str], Cents]:
    """What the book stands to pay out, net of the stakes it holds, per selection if it wins:
    the win on every open ticket with a leg on it (a parlay counts on each of its legs)."""
    out: dict[tuple[int, str, str], Cents] = {}
    for stake, legs in tickets:
        win = potential_return(stake, legs) - stake
        for leg in legs:
            key = (leg.event_id, leg.market, leg.side)
            out[key] = out.get(key, 0) + win
    return out
