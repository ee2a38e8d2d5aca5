"""What the two shoe games share: the persistent shoe carried from round to round and its
integrity check.

DECISIONS D-011: Red Dog and Casino War keep a persistent shoe with a cut card (75 %
penetration by default, 60-85 % configurable); the round in which the cut card comes out is
finished and the shoe is reshuffled before the next one (004 s.1385, s.1419). D-341, D-343:
six decks by default, 1-8 configurable. The shoe re-mixes its undealt cards with each round's
committed seed (P-001).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from ...devices.shoe import Shoe, dead_game_carry
from ...engine import state as codec
from ...engine.cards import RANKS, parse_card
from ...engine.rng import Rng
from ..banked import BankedState, BankedTable, Book, snapshot


def shoe_for(rules: Mapping[str, Any], carry: Mapping[str, Any] | None) -> Shoe:
    """The shoe the last round left, or a new one if there is none or the table's shoe
    settings changed between rounds."""
    decks, pct = int(rules["decks"]), int(rules["penetration_pct"])
    jokers = int(rules.get("jokers_per_deck", 0))  # 21st Century Baccarat Face Down: one a deck (003 s.689)
    removed = str(rules.get("remove_ranks", ""))  # Super Pan 9: no 7s, 8s, 9s or 10s (002 s.985, D-208)
    if not 1 <= decks <= 8:
        raise ValueError("a shoe holds 1 to 8 decks")
    if carry:
        shoe = codec.load(Shoe, carry)
        if shoe.decks == decks and shoe.size == decks * (52 - 4 * len(removed) + jokers) and shoe.cut_at == shoe.size * pct // 100:
            return shoe
    return Shoe.fresh(decks, pct, jokers_per_deck=jokers, remove_ranks=removed)


class ShoeState(BankedState[Book], Protocol):
    """A banked round dealt from the carried shoe."""

    shoe: Shoe

    def __init__(self, *, rules: dict[str, Any], shoe: Shoe, seats: dict[int, Book]) -> None: ...


ShoeStateT = TypeVar("ShoeStateT", bound=ShoeState)


class ShoeTable(BankedTable[ShoeStateT]):
    """A banked table dealt from the carried shoe: each round begins it with the round's
    RNG (P-001), a shoe game gone dead starts from a reshuffle (D-011), and the shoe is
    what the next round inherits. ``state_class`` takes ``rules``, ``shoe`` and ``seats``."""

    carries_shoe = True
    seat_class: type[Book]

    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> ShoeStateT:
        snap = snapshot(rules)
        shoe = shoe_for(snap, carry)
        shoe.begin_round(rng)
        state = self.state_class(rules=snap, shoe=shoe,
                                 seats={i: self.seat_class() for i in range(int(snap["seats"]))})
        if shoe.just_shuffled:
            state.notes.append("The shoe has been shuffled.")
        return state

    def went_dead(self, carry: Mapping[str, Any]) -> dict[str, Any]:
        """D-011: no round for the table's idle time reshuffles the shoe."""
        return dead_game_carry(carry)

    def carry(self, state: ShoeStateT) -> dict[str, Any]:
        out: dict[str, Any] = codec.dump(state.shoe)
        return out


def shoe_consistent(shoe: Shoe) -> bool:
    """D-010: the shoe still holds exactly its cards (undealt + discards + on the layout)."""
    total = len(shoe.remaining) + len(shoe.discards) + len(shoe.in_play)
    if total != shoe.size:
        return False
    try:
        for code in shoe.remaining[:1] + shoe.in_play:
            parse_card(code)
    except ValueError:
        return False
    return True


def value(code: str) -> int:
    """Red Dog values 2-10 at face, jack 11, queen 12, king 13, ace 14 (004 s.1374-1379); the
    same order ranks a Casino War card, ace high (004 s.1537)."""
    return RANKS.index(parse_card(code).rank) + 2
