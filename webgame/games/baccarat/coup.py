"""One coup of baccarat under the tableau: card points, the fixed drawing rules read from the
rules data, the deal, and what the coup came to.

Points: ace 1, 2-9 their face, 10 and pictures 0; a hand counts the last digit of its total
(004 s.910-915, 000 s.1437). The tableau (004 s.977-1003, 000 s.1520-1530) is data:
``rules["tableau"]`` names the naturals, the Player's drawing totals, the Banker's drawing
totals when the Player stood, and, by the Banker's two-card total, the values of the Player's
third card on which the Banker draws. The player-option editions (21st Century, Asian
Baccarat, Super Pan 9) will put a choice where this module applies the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

PLAYER, BANKER, TIE = "player", "banker", "tie"
POINTS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
          "T": 0, "J": 0, "Q": 0, "K": 0}
BURN_COUNT = {**POINTS, "T": 10, "J": 10, "Q": 10, "K": 10}  # 004 s.957, D-199: pictures burn ten


def point(code: str) -> int:
    """A card's baccarat value from its code ("Td" is 0, "As" 1)."""
    return POINTS[code[0]]


def total(codes: Sequence[str]) -> int:
    return sum(point(c) for c in codes) % 10


@dataclass(frozen=True)
class Tableau:
    naturals: frozenset[int]
    player_draws_on: frozenset[int]
    banker_draws_if_player_stood: frozenset[int]
    banker_draws_on_third: tuple[frozenset[int], ...]  # by the Banker's two-card total

    @classmethod
    def of(cls, rules: Mapping[str, Any]) -> Tableau:
        t = rules["tableau"]
        return cls(frozenset(t["naturals"]), frozenset(t["player_draws_on"]),
                   frozenset(t["banker_draws_if_player_stood"]),
                   tuple(frozenset(v) for v in t["banker_draws_on_third"]))

    def player_draws(self, player_two: int) -> bool:
        return player_two in self.player_draws_on

    def banker_draws(self, banker_two: int, player_third: int | None) -> bool:
        """Table 2: against the Player's third card's value, or the stood column."""
        if player_third is None:
            return banker_two in self.banker_draws_if_player_stood
        column = self.banker_draws_on_third
        return banker_two < len(column) and player_third in column[banker_two]


@dataclass(frozen=True)
class Coup:
    """The cards of one coup, in the order they went to each hand."""

    player: tuple[str, ...]
    banker: tuple[str, ...]

    @property
    def player_total(self) -> int:
        return total(self.player)

    @property
    def banker_total(self) -> int:
        return total(self.banker)

    @property
    def winner(self) -> str:
        p, b = self.player_total, self.banker_total
        return PLAYER if p > b else BANKER if b > p else TIE

    def natural(self, side: str, tableau_naturals: frozenset[int] = frozenset({8, 9})) -> bool:
        cards = self.player if side == PLAYER else self.banker
        return len(cards) == 2 and total(cards) in tableau_naturals

    def cards(self, side: str) -> tuple[str, ...]:
        return self.player if side == PLAYER else self.banker

    def three_card(self, side: str, points: int) -> bool:
        """The hand holds three cards totalling ``points`` (the Dragon 7, Panda 8, Divine 9 hands)."""
        cards = self.cards(side)
        return len(cards) == 3 and total(cards) == points

    def margin(self) -> int:
        return abs(self.player_total - self.banker_total)


def deal(draw: Callable[[], str], tableau: Tableau) -> tuple[Coup, str]:
    """Deal one coup: cards one and three to the Player, two and four to the Banker (000
    s.1514, 004 s.965-967), then the third cards by the tableau, the Player's first (004
    s.973), never more than one each (s.974). Returns the coup and the drawing rule that
    applied, in words for the felt."""
    player = [draw()]
    banker = [draw()]
    player.append(draw())
    banker.append(draw())
    p2, b2 = total(player), total(banker)
    if p2 in tableau.naturals or b2 in tableau.naturals:
        return Coup(tuple(player), tuple(banker)), "Natural: both hands stand"
    third: int | None = None
    if tableau.player_draws(p2):
        card = draw()
        player.append(card)
        third = point(card)
        said = f"Player {p2} draws"
    else:
        said = f"Player {p2} stands"
    if tableau.banker_draws(b2, third):
        banker.append(draw())
        against = "the Player stood" if third is None else f"a Player third card of {third}"
        said += f"; Banker {b2} draws against {against}"
    else:
        against = "the Player stood" if third is None else f"a Player third card of {third}"
        said += f"; Banker {b2} stands against {against}"
    return Coup(tuple(player), tuple(banker)), said
