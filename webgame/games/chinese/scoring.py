"""Chinese Poker's showdown: every player settles with every other, row by row (D-454).

Each pair of players settles by the first line that applies (D-454):

1. a player who surrendered pays the surrender penalty to one who did not (two surrendered
   players exchange nothing; 003 rule 2, Crystal Park only);
2. a clean sweep collects its value from an opponent without one, or with a lower one (equal
   sweeps exchange nothing; 003 rule 5);
3. a fouled hand pays the foul penalty to an opponent who did not foul (two fouled hands
   exchange nothing; 003 rule 6);
4. otherwise each row won is a point, a tied row none, and winning all three rows scores the
   scoop (004 s.618: "another point").

Points become money at the table's point value; the pairings are settled in the order of 003
rule 8 (the player left of the button with each opponent clockwise, then the next player), and
a player's settlements stop once everything they have exchanged equals what they had at risk,
the pairing that reaches it settled in part. Every pairing moves as much to one player as it
takes from the other, so the round sums to zero before the house's take.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .rows import Setting, clean_sweep, foul, row_values


@dataclass(frozen=True)
class Points:
    """The points of every line (the rules data's ``points``)."""

    row: int = 1
    scoop: int = 4
    foul: int = 4
    surrender: int = 2
    sweeps: Mapping[str, int] = field(default_factory=dict)
    lowball: str = "none"

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any]) -> Points:
        pts = rules.get("points") or {}
        sweeps = {str(k): int(v) for k, v in (rules.get("sweeps") or {}).items()} \
            if rules.get("clean_sweeps", True) else {}
        return cls(row=int(pts.get("row", 1)), scoop=int(pts.get("scoop", 4)), foul=int(pts.get("foul", 4)),
                   surrender=int(pts.get("surrender", 2)), sweeps=sweeps,
                   lowball=str(rules.get("lowball", "none")))


@dataclass(frozen=True)
class Hand:
    """One player's hand at the showdown: the thirteen cards dealt, the setting (None after
    a surrender) and whether they surrendered."""

    seat: int
    cards: tuple[str, ...]
    setting: Setting | None
    surrendered: bool = False


@dataclass(frozen=True)
class Pairing:
    """What ``a`` wins from ``b`` in points (negative: ``a`` pays), by which line, and each
    row's result for ``a`` (1 won, -1 lost, 0 tied; all 0 unless the rows decided)."""

    a: int
    b: int
    points: int
    line: str
    rows: tuple[int, int, int] = (0, 0, 0)


def sweep_of(hand: Hand, points: Points) -> tuple[str, int]:
    """The hand's clean sweep and its value, ("", 0) when none counts at this table."""
    if hand.surrendered or not points.sweeps:
        return "", 0
    name = clean_sweep(hand.cards)
    return (name, int(points.sweeps.get(name, 0))) if name else ("", 0)


def fouled(hand: Hand, points: Points) -> bool:
    return hand.setting is not None and not hand.surrendered and bool(foul(hand.setting, points.lowball))


def pair(a: Hand, b: Hand, points: Points) -> Pairing:
    """How ``a`` and ``b`` settle (D-454, the first line that applies)."""
    if a.surrendered or b.surrendered:
        if a.surrendered and b.surrendered:
            return Pairing(a.seat, b.seat, 0, "surrender")
        return Pairing(a.seat, b.seat, -points.surrender if a.surrendered else points.surrender, "surrender")
    (_, sa), (_, sb) = sweep_of(a, points), sweep_of(b, points)
    if sa or sb:
        return Pairing(a.seat, b.seat, sa if sa > sb else -sb if sb > sa else 0, "sweep")
    fa, fb = fouled(a, points), fouled(b, points)
    if fa or fb:
        return Pairing(a.seat, b.seat, 0 if fa and fb else -points.foul if fa else points.foul, "foul")
    assert a.setting is not None and b.setting is not None
    va, vb = row_values(a.setting, points.lowball), row_values(b.setting, points.lowball)
    rows = tuple((x > y) - (x < y) for x, y in zip(va, vb, strict=True))
    won = sum(rows)
    if all(r == 1 for r in rows):
        won = points.scoop
    elif all(r == -1 for r in rows):
        won = -points.scoop
    else:
        won *= points.row
    return Pairing(a.seat, b.seat, won, "rows", (rows[0], rows[1], rows[2]))


def pairings(hands: Sequence[Hand], points: Points) -> list[Pairing]:
    """Every pair of players, in the order of 003 rule 8: ``hands`` are clockwise from the
    button's left; the first with each player after it, then the second, and so on."""
    return [pair(hands[i], hands[j], points) for i in range(len(hands)) for j in range(i + 1, len(hands))]


@dataclass(frozen=True)
class Money:
    """A pairing in cents: ``amount`` moves from ``b`` to ``a`` (negative: from ``a`` to
    ``b``); ``full`` is what the points were worth before an all-in limit."""

    pairing: Pairing
    amount: int
    full: int


def settle(order: Sequence[Pairing], at_risk: Mapping[int, int], point_value: int) -> list[Money]:
    """The pairings in cents, in their order; each player's exchanges stop at what they had at
    risk (003 rule 8, D-454), the pairing that reaches it settled in part."""
    left = dict(at_risk)
    out = []
    for p in order:
        full = p.points * point_value
        amount = min(abs(full), max(left.get(p.a, 0), 0), max(left.get(p.b, 0), 0))
        left[p.a] = left.get(p.a, 0) - amount
        left[p.b] = left.get(p.b, 0) - amount
        out.append(Money(p, amount if full >= 0 else -amount, full))
    return out


def nets(moneys: Sequence[Money]) -> dict[int, int]:
    """Each player's net in cents; they sum to zero."""
    out: dict[int, int] = {}
    for m in moneys:
        out[m.pairing.a] = out.get(m.pairing.a, 0) + m.amount
        out[m.pairing.b] = out.get(m.pairing.b, 0) - m.amount
    return out


def row_word(result: int) -> str:
    return {1: "won", -1: "lost", 0: "tied"}[result]
