"""Exact house edge of every craps wager, by enumeration of the 36 dice outcomes.

The numbers come from the engine's own :class:`~.bets.Resolver`, the function that
pays real bets, so an odds report can never drift from what the table pays. A
multi-roll wager is followed as a small Markov chain: each roll either decides it,
leaves it standing (a self-loop, removed algebraically), or moves it to its point.

The edge is measured per decision and per unit of wager, the vig counted as a cost on
top: ``edge = (stake + vig - E[returned]) / stake``. A bet that is off on the
come-out simply sits out those rolls, so the edge per decision assumes it works.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .bets import DICE, Resolver, Spot, parse_spot

P_ROLL = Fraction(1, 36)


def _line_after_point(spot: Spot, number: int) -> Spot:
    """Where a line bet stands once it has a point: pass stays pass, come moves to come/N."""
    return Spot(spot.kind, number) if spot.kind in ("come", "dont-come") else spot


def expected_return(resolver: Resolver, spot: Spot, amount: int, point: int = 0) -> Fraction:
    """E[returned] for ``amount`` on ``spot``, from now until the bet is decided."""
    decided = Fraction(0)
    stay = Fraction(0)
    for d1, d2 in DICE:
        d = resolver.decide(spot, amount, d1, d2, point=point)
        if d.decided:
            decided += P_ROLL * d.returned
        elif d.result == "point":
            moved = _line_after_point(spot, d.number)
            decided += P_ROLL * expected_return(resolver, moved, amount, point=d.number)
        else:
            stay += P_ROLL
    return decided / (1 - stay)


def expected_odds_return(resolver: Resolver, line: Spot, amount: int, point: int) -> Fraction:
    """E[returned] for odds of ``amount`` behind ``line`` with its number ``point``."""
    decided = Fraction(0)
    stay = Fraction(0)
    for d1, d2 in DICE:
        d = resolver.decide_odds(line, amount, d1, d2, point=point)
        if d.decided:
            decided += P_ROLL * d.returned
        else:
            stay += P_ROLL
    return decided / (1 - stay)


def exact_stake(resolver: Resolver, spot: Spot) -> int:
    """A stake at which every payout and the vig are whole cents, so truncation (D-002)
    does not blur the edge: a multiple of every denominator involved."""
    base = resolver.exact_multiple(spot)
    return base * 40 * 33  # 5 % of a lay's win needs 40ths; 5 to 11 and 5 to 8 need 11ths and 8ths


def house_edge(rules: Mapping[str, Any], spot_key: str) -> Fraction:
    """The house edge of one wager (a fraction of the stake); negative favours the player."""
    resolver = Resolver(rules)
    spot = parse_spot(spot_key)
    amount = exact_stake(resolver, spot)
    ev = expected_return(resolver, spot, amount)
    return (amount + resolver.vig(spot, amount) - ev) / amount


def odds_edge(rules: Mapping[str, Any], line_key: str, number: int) -> Fraction:
    """The house edge of odds behind a line bet on ``number`` (zero at true odds)."""
    resolver = Resolver(rules)
    kind = line_key.split("/")[0]
    line = Spot(kind, number) if kind in ("come", "dont-come", "put") else parse_spot(line_key)
    amount = 600 * 11  # whole cents at 2 to 1, 3 to 2, 6 to 5, 1 to 2, 2 to 3 and 5 to 6
    ev = expected_odds_return(resolver, line, amount, number)
    return (amount - ev) / amount


def edge_table(rules: Mapping[str, Any], spots: list[str]) -> dict[str, Fraction]:
    """Edge of each spot, for an odds report."""
    return {s: house_edge(rules, s) for s in spots}
