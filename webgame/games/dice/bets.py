"""Craps wagers: what each spot on the layout is, and how one roll of the dice decides it.

This module is the single place where a roll becomes money. The table engine
(:mod:`.craps`) and the house-edge analyser (:mod:`.edge`) both call
:meth:`Resolver.decide` and :meth:`Resolver.decide_odds`, so the odds a player is
shown are computed from the very code that pays them.

Spot keys (also the bet keys of Stake and Settlement events)::

    pass  dont-pass  come  dont-come          line bets; a come bet moves to "come/6"
    come/6  dont-come/6  put/6                a come point or a put bet on 6
    place/8  buy/4  lay/10  place-lose/5      box numbers 4 5 6 8 9 10
    hard/6  big/8                             hardways 4 6 8 10; Big 6 and Big 8
    field  any-seven  any-craps  craps-2  craps-3  craps-12  eleven
    horn  horn-high/12  whirl  world  three-way-craps
    c-and-e  high-low  ace-deuce-any-craps    split bets (004 s.83-86, D-347, D-351)
    hop/2-5                                    one exact combination, low die first (D-360)

Odds behind a line bet are keyed "<line key>/odds" ("pass/odds", "come/6/odds").
Every payout comes from the variant's paytable (rules data); nothing is typed here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...engine.money import Cents, Odds, fmt, percent

DICE: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
POINTS: tuple[int, ...] = (4, 5, 6, 8, 9, 10)
HARD_NUMBERS: tuple[int, ...] = (4, 6, 8, 10)
BIG_NUMBERS: tuple[int, ...] = (6, 8)
HORN_NUMBERS: tuple[int, ...] = (2, 3, 11, 12)

LINE_KINDS = ("pass", "dont-pass", "come", "dont-come")
DO_KINDS = ("pass", "come", "put")  # odds taken behind these win with the number
DONT_KINDS = ("dont-pass", "dont-come")  # odds laid behind these win with a 7
NUMBER_KINDS = ("put", "place", "buy", "lay", "place-lose", "hard", "big")
ONE_ROLL_SINGLE: dict[str, tuple[int, ...]] = {
    "any-seven": (7,),  # 000 s.387; 004 s.66
    "any-craps": (2, 3, 12),  # 000 s.386; 004 s.67
    "craps-2": (2,),
    "craps-3": (3,),
    "craps-12": (12,),
    "eleven": (11,),  # 000 s.398; 004 s.72
}
UNIT_NUMBER_LINE: dict[int, str] = {2: "craps-2", 3: "craps-3", 7: "any-seven", 11: "eleven", 12: "craps-12"}
# Multi-unit one-roll bets, units per total (D-349, D-350; 004 s.73-76, s.167).
UNIT_BETS: dict[str, dict[int, int]] = {
    "horn": {2: 1, 3: 1, 11: 1, 12: 1},
    "whirl": {2: 1, 3: 1, 7: 1, 11: 1, 12: 1},
    "world": {2: 1, 3: 1, 7: 1, 11: 1, 12: 1},
    "three-way-craps": {2: 1, 3: 1, 12: 1},
}
# Split bets: half on each of two propositions, settled net (004 s.83-86; D-347).
SPLIT_BETS: dict[str, tuple[str, str]] = {
    "c-and-e": ("any-craps", "eleven"),
    "high-low": ("craps-2", "craps-12"),
    "ace-deuce-any-craps": ("craps-3", "any-craps"),
}
ONE_ROLL_KINDS = ("field", "hop", "horn-high", *ONE_ROLL_SINGLE, *UNIT_BETS, *SPLIT_BETS)
# Bets that stay up after a win at the same amount (D-522) or, for split bets, after a net win (D-351).
STAY_UP_KINDS = ("place", "buy", "lay", "place-lose", "hard", "big", *SPLIT_BETS)

# Limit groups: a spot's limit is looked up as "<kind>/<number>", "<kind>", then its group.
LIMIT_GROUP: dict[str, str] = {
    "pass": "line", "dont-pass": "line", "come": "line", "dont-come": "line", "put": "line",
    "field": "field", "hop": "prop", "horn-high": "prop",
    **{k: "prop" for k in ONE_ROLL_SINGLE}, **{k: "prop" for k in UNIT_BETS}, **{k: "prop" for k in SPLIT_BETS},
}


@dataclass(frozen=True)
class Spot:
    """A parsed spot key: the kind of wager and the number (or dice) it is on."""

    kind: str
    number: int = 0
    dice: tuple[int, int] = (0, 0)

    @property
    def key(self) -> str:
        if self.kind == "hop":
            return f"hop/{self.dice[0]}-{self.dice[1]}"
        return f"{self.kind}/{self.number}" if self.number else self.kind

    @property
    def one_roll(self) -> bool:
        return self.kind in ONE_ROLL_KINDS

    @property
    def stays_up(self) -> bool:
        return self.kind in STAY_UP_KINDS


def parse_spot(text: str) -> Spot:
    """Read a spot key, refusing anything that is not a spot on a craps layout."""
    kind, _, rest = text.strip().lower().partition("/")
    if kind == "hop":
        a_text, _, b_text = rest.partition("-")
        if not (a_text.isdigit() and b_text.isdigit()):
            raise ValueError("A hop bet names two dice, like hop/2-5.")
        a, b = sorted((int(a_text), int(b_text)))
        if not (1 <= a <= 6 and 1 <= b <= 6):
            raise ValueError("A hop bet names two dice from 1 to 6.")
        return Spot("hop", 0, (a, b))
    allowed: dict[str, tuple[int, ...]] = {
        "come": POINTS, "dont-come": POINTS, "put": POINTS, "place": POINTS, "buy": POINTS,
        "lay": POINTS, "place-lose": POINTS, "hard": HARD_NUMBERS, "big": BIG_NUMBERS,
        "horn-high": HORN_NUMBERS,
    }
    if rest:
        if kind not in allowed or not rest.isdigit() or int(rest) not in allowed[kind]:
            raise ValueError(f"There is no {text!r} on a craps layout.")
        return Spot(kind, int(rest))
    if kind in ("pass", "dont-pass", "come", "dont-come", "field", *ONE_ROLL_SINGLE, *UNIT_BETS, *SPLIT_BETS):
        return Spot(kind)
    raise ValueError(f"There is no {text!r} on a craps layout.")


@dataclass(frozen=True)
class Piece:
    """One part of a wager paid at one paytable line: ``share`` of the stake, winning on ``totals``."""

    line: str
    share: Fraction
    totals: tuple[int, ...] = ()
    dice: tuple[int, int] | None = None  # a hop's exact combination

    def wins(self, d1: int, d2: int) -> bool:
        if self.dice is not None:
            return tuple(sorted((d1, d2))) == self.dice
        return d1 + d2 in self.totals


@dataclass(frozen=True)
class Decision:
    """What one roll did to one wager.

    ``result``: "win", "lose", "push" (bar 12), "void" (odds that were off, returned),
    "point" (a line bet got its point; ``number`` says which) or "" (no decision).
    ``returned`` is everything the player gets back, stake included (0 on a loss).
    """

    result: str
    returned: Cents = 0
    number: int = 0
    detail: str = ""

    @property
    def decided(self) -> bool:
        return self.result in ("win", "lose", "push", "void")


NO_DECISION = Decision("")


@lru_cache(maxsize=256)
def _parse_odds(text: str) -> Odds:
    return Odds.parse(text)




def hop_line(dice: tuple[int, int]) -> str:
    return "hop-pair" if dice[0] == dice[1] else "hop-non-pair"


class Resolver:
    """The payout rules of one table: paytable, vig settings and the bar number."""

    def __init__(self, rules: Mapping[str, Any]) -> None:
        self.rules = rules
        table = rules["paytables"][rules["paytable"]]
        self._lines: Mapping[str, str] = table["lines"]
        self.bar = int(rules.get("bar", 12))
        self.buy_vig = Fraction(int(rules.get("buy_vig_percent", 5)), 100)
        self.lay_vig = Fraction(int(rules.get("lay_vig_percent", 5)), 100)
        self.lay_vig_on_win = rules.get("lay_vig_collection", "with-bet") == "on-win"
        self.labels: Mapping[str, str] = rules.get("labels", {})
        self._multiples: dict[tuple[str, str | None, str], int] = {}

    # -- paytable -------------------------------------------------------------------------
    def odds(self, line: str) -> Odds:
        return _parse_odds(str(self._lines[line]))

    def has_line(self, line: str) -> bool:
        return line in self._lines

    def label(self, spot: Spot | str) -> str:
        s = parse_spot(spot) if isinstance(spot, str) else spot
        text = self.labels.get(s.kind, s.kind)
        return text.format(n=s.number, a=s.dice[0], b=s.dice[1])

    def flat_line(self, spot: Spot) -> str:
        """The paytable line a multi-roll flat bet is paid at."""
        if spot.kind in LINE_KINDS or spot.kind == "put":
            return spot.kind
        return f"{spot.kind}/{spot.number}"

    def pieces(self, spot: Spot) -> list[Piece]:
        """The stake split into parts, each paid at one line; one part for most bets."""
        k = spot.kind
        if k == "field":
            return [Piece(f"field/{t}", Fraction(1), (t,)) for t in (2, 3, 4, 9, 10, 11, 12)]
        if k in ONE_ROLL_SINGLE:
            return [Piece(k, Fraction(1), ONE_ROLL_SINGLE[k])]
        if k == "hop":
            return [Piece(hop_line(spot.dice), Fraction(1), (), spot.dice)]
        if k in UNIT_BETS or k == "horn-high":
            units = dict(UNIT_BETS["horn"]) if k == "horn-high" else dict(UNIT_BETS[k])
            if k == "horn-high":  # D-349: the fifth unit goes on the number the player names
                units[spot.number] += 1
            n = sum(units.values())
            return [Piece(UNIT_NUMBER_LINE[t], Fraction(c, n), (t,)) for t, c in units.items()]
        if k in SPLIT_BETS:
            return [Piece(p, Fraction(1, 2), ONE_ROLL_SINGLE[p]) for p in SPLIT_BETS[k]]
        return [Piece(self.flat_line(spot), Fraction(1))]

    def unit_multiple(self, spot: Spot) -> int:
        """Cents the stake must be a multiple of so that every part is whole cents (D-347, D-349)."""
        key = (spot.key, None, "unit")
        if key not in self._multiples:
            self._multiples[key] = math.lcm(*(p.share.denominator for p in self.pieces(spot)))
        return self._multiples[key]

    def exact_multiple(self, spot: Spot, odds_line: str | None = None) -> int:
        """Smallest cent multiple whose win is whole cents on every outcome (D-003)."""
        key = (spot.key, odds_line, "exact")
        if key not in self._multiples:
            if odds_line is not None:
                out = self.odds(odds_line).net.denominator
            else:
                out = 1
                for p in self.pieces(spot):
                    out = math.lcm(out, p.share.denominator, (p.share * self.odds(p.line).net).denominator)
            self._multiples[key] = out
        return self._multiples[key]

    # -- commission -----------------------------------------------------------------------
    def vig(self, spot: Spot, amount: Cents) -> Cents:
        """Vig paid with the bet: 5 % of a buy (D-356), 5 % of a lay's potential win (D-357)."""
        if spot.kind == "buy":
            return percent(amount, self.buy_vig)
        if spot.kind == "lay" and not self.lay_vig_on_win:
            return percent(self.odds(self.flat_line(spot)).win(amount), self.lay_vig)
        return 0

    # -- one roll -------------------------------------------------------------------------
    def _win(self, line: str, amount: Cents, label: str) -> Decision:
        odds = self.odds(line)
        return Decision("win", amount + odds.win(amount), detail=f"{label} pays {odds}")

    def decide(self, spot: Spot, amount: Cents, d1: int, d2: int, *, point: int = 0,
               working: bool = True) -> Decision:
        """Decide a flat wager on the roll d1-d2.

        ``point`` is the table's point for Pass and Don't Pass (0 = come-out); come and
        put bets carry their number in the spot. ``working`` is False for a bet that is
        off on this come-out roll (D-354, D-355): it takes no action.
        """
        total = d1 + d2
        k = spot.kind
        label = self.label(spot)
        if k in LINE_KINDS:
            number = point if k in ("pass", "dont-pass") else spot.number
            do = k in ("pass", "come")
            if number == 0:  # the come-out roll for this bet
                if do:
                    if total in (7, 11):
                        return self._win(k, amount, label)
                    if total in (2, 3, 12):
                        return Decision("lose", detail=f"{label} loses on craps {total}")
                else:
                    if total == self.bar:  # 000 s.382; 004 s.35, s.49: bar 12
                        return Decision("push", amount, detail=f"{label} is barred on {total}")
                    if total in (2, 3, 12):
                        return self._win(k, amount, label)
                    if total in (7, 11):
                        return Decision("lose", detail=f"{label} loses on {total}")
                return Decision("point", number=total)
            if total == number:
                return (self._win(k, amount, label) if do
                        else Decision("lose", detail=f"{label} loses: {number} before 7"))
            if total == 7:
                return (self._win(k, amount, label) if not do
                        else Decision("lose", detail=f"{label} loses: seven out"))
            return NO_DECISION
        if k in ("put", "place", "buy", "big"):
            if not working:
                return NO_DECISION
            if total == spot.number:
                return self._win(self.flat_line(spot), amount, label)
            if total == 7:
                return Decision("lose", detail=f"{label} loses to 7")
            return NO_DECISION
        if k in ("lay", "place-lose"):
            if total == 7:
                d = self._win(self.flat_line(spot), amount, label)
                if k == "lay" and self.lay_vig_on_win:  # D-357 [configurable]: vig from the win
                    won = d.returned - amount
                    fee = percent(won, self.lay_vig)
                    return Decision("win", d.returned - fee, detail=f"{d.detail}, less {fmt(fee)} vig")
                return d
            if total == spot.number:
                return Decision("lose", detail=f"{label} loses: {spot.number} before 7")
            return NO_DECISION
        if k == "hard":
            if not working:
                return NO_DECISION
            if total == spot.number and d1 == d2:
                return self._win(self.flat_line(spot), amount, label)
            if total == spot.number:
                return Decision("lose", detail=f"{label} loses: {total} the easy way")
            if total == 7:
                return Decision("lose", detail=f"{label} loses to 7")
            return NO_DECISION
        if spot.one_roll:
            return self._one_roll(spot, amount, d1, d2, label)
        raise ValueError(f"unknown wager kind {k}")

    def _one_roll(self, spot: Spot, amount: Cents, d1: int, d2: int, label: str) -> Decision:
        total = d1 + d2
        pieces = self.pieces(spot)
        returned = 0
        paid: list[str] = []
        for p in pieces:
            if p.wins(d1, d2):
                part = int(amount * p.share)  # whole cents: unit_multiple is enforced at the bet
                odds = self.odds(p.line)
                returned += part + odds.win(part)
                paid.append(str(odds) if len(pieces) == 1 or spot.kind == "field"
                            else f"{self.labels.get(p.line, p.line)} {odds}")
        if returned == 0:
            return Decision("lose", detail=f"{label} loses on {total}")
        if spot.kind == "field" or len(pieces) == 1:
            return Decision("win", returned, detail=f"{label} pays {paid[0]} on {total}")
        verdict = "win" if returned > amount else ("push" if returned == amount else "lose")
        return Decision(verdict, returned, detail=f"{label} on {total}: {', '.join(paid)}, settled net")

    def decide_odds(self, line: Spot, amount: Cents, d1: int, d2: int, *, point: int = 0,
                    working: bool = True) -> Decision:
        """Decide odds behind a line or put bet whose number is set.

        Odds that are off on this come-out (come and put odds, D-355) take no action:
        if the flat bet is decided they come back ("void"), otherwise they wait.
        """
        total = d1 + d2
        number = point if line.kind in ("pass", "dont-pass") else line.number
        if line.kind in DO_KINDS:
            odds_line = f"odds/{number}"
            if total not in (number, 7):
                return NO_DECISION
            if not working:
                return Decision("void", amount, detail="Odds were off on the come-out roll: returned")
            if total == number:
                return self._win(odds_line, amount, "Odds")
            return Decision("lose", detail="Odds lose to 7")
        odds_line = f"lay-odds/{number}"
        if total == 7:
            return self._win(odds_line, amount, "Lay odds")
        if total == number:
            return Decision("lose", detail=f"Lay odds lose: {number} before 7")
        return NO_DECISION

    def odds_line(self, line: Spot, point: int) -> str:
        number = point if line.kind in ("pass", "dont-pass") else line.number
        return f"odds/{number}" if line.kind in DO_KINDS else f"lay-odds/{number}"


_RESOLVERS: dict[int, tuple[Mapping[str, Any], Resolver]] = {}


def resolver_for(rules: Mapping[str, Any]) -> Resolver:
    """The Resolver of one rules dict, built once: a round's rules never change while it lives."""
    hit = _RESOLVERS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_RESOLVERS) > 64:
        _RESOLVERS.clear()
    resolver = Resolver(rules)
    _RESOLVERS[id(rules)] = (rules, resolver)
    return resolver
