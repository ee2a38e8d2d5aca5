"""Side bets as one table: a card family lists its side bets once, and its engine loops over
the entries a round's rules offer, for betting, for settling and for the felt.

An entry (:class:`SideBet`) names

* its **spot**: the betting circle, which is the action's ``spot`` and the settlement key;
* its **paytable**: the side bet it belongs to. The slug names the paytable its odds are read
  from, the ``rules["limits"]`` entry that bounds it, and what a table offers in
  ``rules["side_bets"]`` (D-517). One side bet may have several spots (Blackjack's Super
  Bonus has two propositions on one paytable, D-054);
* the **moment** it settles at, in the family's words (Blackjack: ``"deal"``, ``"peek"``);
* its **grader** by name: a small function of the family's that says which paytable line the
  hand wins, or None for a loss. Graders name lines only; the odds always come from the
  round's paytables (D-005).

The family keeps its graders and what a "hand" is for them (the cards a side bet looks at);
this module keeps the table, the loop over it and the per-player cap some side bets carry in
their paytable data (``cap``, ``cap_line``, ``cap_min_wins``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..engine.money import share_exactly
from ..engine.paytable import odds_of

H = TypeVar("H")  # what a family's graders look at: the cards of one position
Grader = Callable[[H], str | None]


@dataclass(frozen=True)
class SideBet:
    spot: str
    paytable: str
    moment: str
    grader: str
    label: str  # the circle's words on the felt (short: they are printed under a small circle)
    name: str  # in sentences: "the maximum on 21+3 Xtreme is $25"


@dataclass(frozen=True)
class Graded:
    """One side-bet spot of one position, graded: the line it wins (None: it loses) and the
    net win at that line's odds before any cap."""

    seat: int
    bet: SideBet
    stake: int
    line: str | None
    won: int


class SideBetTable(Generic[H]):
    """A family's side bets, in the order the engine bets, settles and shows them."""

    def __init__(self, entries: Sequence[SideBet], graders: Mapping[str, Grader[H]]) -> None:
        spots = [e.spot for e in entries]
        if len(set(spots)) != len(spots):
            raise ValueError("each side-bet spot appears once in the table")
        missing = sorted({e.grader for e in entries} - set(graders))
        if missing:
            raise ValueError(f"no grader named {', '.join(missing)}")
        self.entries = tuple(entries)
        self.graders = dict(graders)

    def __iter__(self) -> Iterator[SideBet]:
        return iter(self.entries)

    @property
    def spots(self) -> tuple[str, ...]:
        return tuple(e.spot for e in self.entries)

    def __contains__(self, spot: object) -> bool:
        return spot in self.spots

    def __getitem__(self, spot: str) -> SideBet:
        for e in self.entries:
            if e.spot == spot:
                return e
        raise KeyError(spot)

    def offered(self, rules: Mapping[str, Any]) -> list[SideBet]:
        """The entries whose side bet this table offers (D-517)."""
        return [e for e in self.entries if e.paytable in rules["side_bets"]]

    def due(self, rules: Mapping[str, Any], moment: str) -> list[list[SideBet]]:
        """The offered entries that settle at ``moment``, one group per side bet (a paytable's
        spots settle together, so a cap can see all of them), in table order."""
        groups: dict[str, list[SideBet]] = {}
        for e in self.offered(rules):
            if e.moment == moment:
                groups.setdefault(e.paytable, []).append(e)
        return list(groups.values())

    def grade(self, rules: Mapping[str, Any], bets: Sequence[SideBet],
              hands: Sequence[tuple[int, Mapping[str, int], H]]) -> list[Graded]:
        """Every staked spot of ``bets`` at every position: ``hands`` lists (seat, the chips
        on its spots, what the graders look at), in the order settlements are made."""
        out = []
        for seat, chips, hand in hands:
            for bet in bets:
                stake = chips.get(bet.spot, 0)
                if not stake:
                    continue
                line = self.graders[bet.grader](hand)
                won = odds_of(rules, bet.paytable, line).win(stake) if line is not None else 0
                out.append(Graded(seat, bet, stake, line, won))
        return out


def capped_per_player(rules: Mapping[str, Any], graded: Sequence[Graded],
                      owners: Mapping[int, str]) -> dict[tuple[int, str], int]:
    """A side bet's per-player cap from its paytable data: one player's wins on it in a round
    are cut to ``cap`` when they add up to more and the player has at least ``cap_min_wins``
    wins on ``cap_line`` (every win counts when no line is named). Positions nobody owns are
    separate players. Returns the cut win of each capped spot ((seat, spot) -> cents), shared
    in proportion so the player gets exactly the cap (D-002, D-006)."""
    out: dict[tuple[int, str], int] = {}
    by_paytable: dict[str, list[Graded]] = {}
    for g in graded:
        by_paytable.setdefault(g.bet.paytable, []).append(g)
    for slug, wins in by_paytable.items():
        table = rules["paytables"][slug]
        if "cap" not in table:
            continue
        cap, line = int(table["cap"]), table.get("cap_line")
        players: dict[str, list[Graded]] = {}
        for g in wins:
            players.setdefault(owners.get(g.seat, f"box-{g.seat}"), []).append(g)
        for mine in players.values():
            top = sum(1 for g in mine if g.line is not None and (line is None or g.line == line))
            if top >= int(table.get("cap_min_wins", 1)) and sum(g.won for g in mine) > cap:
                out.update(share_exactly({(g.seat, g.bet.spot): g.won for g in mine}, cap))
    return out
