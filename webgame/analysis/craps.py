"""Craps: every wager exactly, by enumerating the 36 rolls through the engine's Resolver.

House edges come from :mod:`webgame.games.dice.edge` (per bet resolved, vig counted on
top of the stake, pushes counted as wagers). This module adds what an operator report
needs beside them: the chance a wager wins, and for a line bet backed by the table's
full odds, the house edge per total action (element of risk).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import Any

from ..engine.paytable import Variant
from ..engine.rng import SeededRng
from ..games.dice.bets import (
    BIG_NUMBERS,
    DICE,
    HARD_NUMBERS,
    HORN_NUMBERS,
    POINTS,
    Resolver,
    Spot,
    parse_spot,
)
from ..games.dice.craps import odds_multiples
from ..games.dice.edge import exact_stake, house_edge, odds_edge
from .core import Progress, Result, Tally, Wager

GAME = "craps"
P_ROLL = Fraction(1, 36)
NUMBERED: dict[str, tuple[int, ...]] = {
    "put": POINTS, "place": POINTS, "buy": POINTS, "lay": POINTS, "place-lose": POINTS,
    "hard": HARD_NUMBERS, "big": BIG_NUMBERS, "horn-high": HORN_NUMBERS,
}
HOPS = ("hop/3-3", "hop/2-5")  # every pair hop pays alike, every non-pair hop alike
WITH_ODDS = "+odds"
PER_DECISION = ("Exact: the 36 rolls enumerated through the engine's Resolver; per bet resolved "
                "(rolls that decide nothing are not counted), pushes count as wagers")


def _ways(number: int) -> int:
    return sum(1 for a, b in DICE if a + b == number)


def win_probability(resolver: Resolver, spot: Spot, amount: int, point: int = 0) -> Fraction:
    """The chance the wager ends with more back than was staked, from now to its decision."""
    won, stay = Fraction(0), Fraction(0)
    for d1, d2 in DICE:
        d = resolver.decide(spot, amount, d1, d2, point=point)
        if d.decided:
            won += P_ROLL * (d.returned > amount)
        elif d.result == "point":
            moved = Spot(spot.kind, d.number) if spot.kind in ("come", "dont-come") else spot
            won += P_ROLL * win_probability(resolver, moved, amount, point=d.number)
        else:
            stay += P_ROLL
    return won / (1 - stay)


def bet_keys(rules: Mapping[str, Any]) -> list[str]:
    """Every wager the variant permits, one entry per number where the number matters."""
    out: list[str] = []
    for kind in rules["wagers"]:
        if kind == "hop":
            out += list(HOPS)
        elif kind in NUMBERED:
            out += [f"{kind}/{n}" for n in NUMBERED[kind]]
        else:
            out.append(kind)
    return out


def _line_with_odds(rules: Mapping[str, Any], line: str) -> Result:
    """A line bet with the full odds the table allows behind every point: the edge per flat
    wager (the odds are a fair bet) and per total action."""
    resolver = Resolver(rules)
    take, lay, lay_rule = odds_multiples(rules)
    flat = house_edge(rules, line)
    kind, _, number = line.partition("/")
    points = [int(number)] if number else list(POINTS)
    # Per decision of the flat bet: the come-out sets each point with its own chance; a put
    # bet is made on its number.
    chance = {int(number): Fraction(1)} if kind == "put" else {n: Fraction(_ways(n), 36) for n in POINTS}
    action, odds_loss = Fraction(1), Fraction(0)
    for n in points:
        if kind in ("dont-pass", "dont-come"):
            if lay_rule == "lay":
                laid = Fraction(lay[n])
            else:  # D-353: lay to win a multiple of the flat bet
                laid = lay[n] / resolver.odds(f"lay-odds/{n}").net
            size = laid
        else:
            size = Fraction(take[n])
        action += chance[n] * size
        odds_loss += chance[n] * size * odds_edge(rules, kind, n)
    loss = flat + odds_loss
    return Result(house_edge=loss, element_of_risk=loss / action)


def _paytable(resolver: Resolver, rules: Mapping[str, Any], spot: Spot) -> dict[str, Any]:
    lines = {p.line: str(resolver.odds(p.line)) for p in resolver.pieces(spot)}
    if spot.kind == "buy":
        lines["vig"] = f"{rules.get('buy_vig_percent', 5)}% of the bet"
    if spot.kind == "lay":
        when = "from the win" if rules.get("lay_vig_collection") == "on-win" else "with the bet"
        lines["vig"] = f"{rules.get('lay_vig_percent', 5)}% of the win, {when}"
    return lines


def _exact(rules: Mapping[str, Any], key: str) -> Result:
    resolver = Resolver(rules)
    spot = parse_spot(key)
    edge = house_edge(rules, key)
    return Result(house_edge=edge, hit_frequency=win_probability(resolver, spot, exact_stake(resolver, spot)),
                  element_of_risk=edge)


def _odds_text(rules: Mapping[str, Any]) -> str:
    take, lay, lay_rule = odds_multiples(rules)
    taken = "/".join(f"{take[n]}x" for n in (4, 5, 6))
    laid = "/".join(f"{lay[n]}x" for n in (4, 5, 6))
    how = "laid as multiples of the flat bet" if lay_rule == "lay" else "laid to win that multiple of the flat bet"
    return f"odds taken {taken} on 4-10/5-9/6-8, {laid} {how}"


def _flat(resolver: Resolver, rules: Mapping[str, Any], key: str) -> Wager:
    spot = parse_spot(key)
    note = PER_DECISION
    if key in HOPS:
        note += "; every hop on a " + ("pair" if spot.dice[0] == spot.dice[1] else "non-pair") + " alike"
    if spot.kind in ("place", "buy", "hard"):
        note += "; assumed working (a bet that is off on a come-out roll sits that roll out)"
    return Wager(bet=spot.key, label=resolver.label(spot), paytable=_paytable(resolver, rules, spot),
                 assumptions=note + ".", exact=lambda: _exact(rules, spot.key), can_simulate=True)


def wager(variant: Variant, rules: Mapping[str, Any], bet: str) -> Wager | None:
    """Any spot by its key ("hop/1-4"), if the variant permits its kind."""
    try:
        spot = parse_spot(bet)
    except ValueError:
        return None
    if spot.kind not in rules["wagers"]:
        return None
    return _flat(Resolver(rules), rules, bet)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    resolver = Resolver(rules)
    out = [_flat(resolver, rules, key) for key in bet_keys(rules)]
    lines = [k for k in ("pass", "dont-pass", "come", "dont-come") if k in rules["wagers"]]
    lines += [f"put/{n}" for n in POINTS if "put" in rules["wagers"]]
    for line in lines:
        spot = parse_spot(line)
        table = _paytable(resolver, rules, spot)
        table["odds"] = _odds_text(rules)
        out.append(Wager(
            bet=line + WITH_ODDS, label=f"{resolver.label(spot)} with full odds", paytable=table,
            assumptions=("Exact: the flat bet plus the full odds behind every point, " + _odds_text(rules)
                         + " (the odds limit aside). House edge per flat wager; element of risk per total "
                         "action, flat plus odds."),
            exact=partial(_line_with_odds, rules, line),
        ))
    return out


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Roll the dice with the engine's RNG draws until each wager is decided, ``rounds``
    wagers, settled by the Resolver (a cross-check of the exact figure)."""
    resolver = Resolver(rules)
    spot = parse_spot(bet)
    amount = exact_stake(resolver, spot)
    vig = resolver.vig(spot, amount)
    rng = SeededRng(seed)
    tally = Tally()
    for r in range(rounds):
        current, point = spot, 0
        while True:
            d1, d2 = rng.randbelow(6) + 1, rng.randbelow(6) + 1
            d = resolver.decide(current, amount, d1, d2, point=point)
            if d.decided:
                break
            if d.result == "point":
                point = d.number
                if current.kind in ("come", "dont-come"):
                    current = Spot(current.kind, d.number)
        net = d.returned - amount - vig
        tally.add(float(net), float(amount), float(amount + vig), 1, int(net > 0))
        if progress is not None and (r + 1) % 5000 == 0:
            progress(r + 1, rounds)
    return tally
