"""The shuffler and dealing shoe: decks, cut card, penetration, discards.

DECISIONS D-011 / D-043: a persistent shoe with a cut card at 75 % penetration
[configurable 60-85 %]; the round in which the cut card comes out is finished,
then the shoe is reshuffled before the next round. No discretionary reshuffles.
Seed 004 s.407-409: if the shoe runs out mid-round, the discards are shuffled
and the round is finished.

Fairness (see docs/DECISIONS.md, P-001): at the start of every round the undealt
cards are put in canonical order and shuffled with that round's committed RNG.
The order of the cards a round deals is therefore fixed by the round's secret
seed alone, and the seed can be revealed as soon as the round ends without
telling anyone the order of later rounds. The distribution of the cards dealt
is exactly that of one shuffle of the whole shoe.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..engine import state as codec
from ..engine.cards import Card, build_shoe, parse_card
from ..engine.rng import Rng


@cache
def _card(code: str) -> Card:
    """Cards are immutable: parse each code once per process (the shoe re-mixes every round)."""
    return parse_card(code)


@cache
def _canonical_key(code: str) -> tuple[int, str]:
    """A card's place in the canonical order, once per code: sorting a shoe then calls no
    Python per card (the cache answers in C)."""
    return (_card(code).rank_index, code)


def _canonical(codes: list[str]) -> list[str]:
    return sorted(codes, key=_canonical_key)


@dataclass
class Shoe:
    decks: int
    size: int  # cards in the full shoe
    cut_at: int  # cards dealt when the cut card comes out
    remaining: list[str] = field(default_factory=list)  # undealt, in dealing order (server only)
    discards: list[str] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)  # dealt this round
    shuffle_no: int = 0
    rounds_since_shuffle: int = 0
    cut_card_out: bool = False
    just_shuffled: bool = False
    emergency_reshuffles: int = 0

    @classmethod
    def fresh(cls, decks: int, penetration_pct: int = 75, *, remove_ranks: str = "",
              bonus_ranks: str = "", mark: str = "bonus", jokers_per_deck: int = 0,
              logo_per_deck: int = 0) -> Shoe:
        if not 1 <= decks <= 8:
            raise ValueError("a shoe holds 1 to 8 decks")
        if not 50 <= penetration_pct <= 90:
            raise ValueError("penetration must be between 50 and 90 per cent")
        codes = [c.code for c in build_shoe(decks, remove_ranks=remove_ranks, bonus_ranks=bonus_ranks,
                                               mark=mark, jokers_per_deck=jokers_per_deck,
                                               logo_per_deck=logo_per_deck)]
        size = len(codes)
        shoe = cls(decks=decks, size=size, cut_at=size * penetration_pct // 100, remaining=codes)
        shoe.cut_card_out = True  # a new shoe is shuffled before its first round
        return shoe

    # -- round boundaries -------------------------------------------------------------
    def begin_round(self, rng: Rng) -> None:
        """Reshuffle if the cut card came out, then mix the undealt cards with this round's RNG."""
        self.discards.extend(self.in_play)
        self.in_play = []
        self.just_shuffled = False
        if self.cut_card_out or not self.remaining:
            self.remaining = self.remaining + self.discards
            self.discards = []
            self.cut_card_out = False
            self.shuffle_no += 1
            self.rounds_since_shuffle = 0
            self.just_shuffled = True
        self.remaining = _canonical(self.remaining)
        rng.shuffle(self.remaining)
        self.rounds_since_shuffle += 1

    @property
    def first_round_after_shuffle(self) -> bool:
        return self.rounds_since_shuffle == 1

    # -- dealing ------------------------------------------------------------------------
    def draw(self, rng: Rng) -> Card:
        if not self.remaining:
            # Seed 004 s.407-409: shuffle the discards and finish the round.
            if not self.discards:
                raise RuntimeError("the shoe and the discard rack are both empty")
            self.remaining = _canonical(self.discards)
            self.discards = []
            rng.shuffle(self.remaining)
            self.emergency_reshuffles += 1
            self.cut_card_out = True  # reshuffle the whole shoe before the next round
        code = self.remaining.pop(0)
        self.in_play.append(code)
        if self.dealt >= self.cut_at:
            self.cut_card_out = True
        return _card(code)

    @property
    def dealt(self) -> int:
        return self.size - len(self.remaining)

    @property
    def cards_left(self) -> int:
        return len(self.remaining)

    def view(self) -> dict[str, object]:
        """What the shuffler widget shows: counts only, never the order."""
        return {
            "decks": self.decks,
            "size": self.size,
            "cards_left": self.cards_left,
            "dealt": self.dealt,
            "cut_at": self.cut_at,
            "cut_card_out": self.cut_card_out,
            "discards": len(self.discards) + len(self.in_play),
            "shuffle_no": self.shuffle_no,
            "just_shuffled": self.just_shuffled,
            "penetration_pct": round(100 * self.cut_at / self.size),
        }

    def composition(self) -> list[str]:
        """The undealt cards in canonical order: public once a round is over (fairness page)."""
        return _canonical(self.remaining)


def dead_game_carry(carry: Mapping[str, Any]) -> dict[str, Any]:
    """D-011: "game goes dead" (no round dealt for the table's idle time). The next round
    starts from a reshuffled shoe: the carry (a dumped Shoe) comes back with its cut card
    out, so ``begin_round`` gathers the discards and shuffles everything. The clock that
    decides the game went dead is the service's; the shoe only reshuffles."""
    shoe = codec.load(Shoe, carry)
    shoe.cut_card_out = True
    out: dict[str, Any] = codec.dump(shoe)
    return out
