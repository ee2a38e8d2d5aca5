"""The result the UI and the games see: rank, category, words, cards used.

``rank`` is an int where a HIGHER value is a BETTER hand for the scale it was
computed on (high, three-card, four-card, a low …). Values of different scales
(or of one scale under different orders) are not comparable; ``HandValue``
refuses to compare them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import total_ordering

from webgame.engine.cards import Card

RANK_WORD = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "jack", "queen", "king", "ace")
RANK_PLURAL = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
               "tens", "jacks", "queens", "kings", "aces")
RANK_LABEL = "23456789TJQKA"


def word(r: int) -> str:
    return RANK_WORD[r]


def plural(r: int) -> str:
    return RANK_PLURAL[r]


def labels(ranks: tuple[int, ...] | list[int]) -> str:
    """Short rank list for kickers and lows: "A-K-9"."""
    return "-".join(RANK_LABEL[r] for r in ranks)


def kickers(ranks: tuple[int, ...]) -> str:
    if not ranks:
        return ""
    return f", {labels(ranks)} kicker" + ("s" if len(ranks) > 1 else "")


def describe_high(category: str, ranks: tuple[int, ...]) -> str:
    """Words for a high hand of any size: "Full house, kings over sevens"."""
    if category == "five-of-a-kind":
        return f"Five {plural(ranks[0])}"
    if category == "royal-flush":
        return "Royal flush"
    if category == "straight-flush":
        return f"Straight flush, {word(ranks[0])} high"
    if category == "four-of-a-kind":
        return f"Four of a kind, {plural(ranks[0])}" + kickers(ranks[1:])
    if category == "full-house":
        return f"Full house, {plural(ranks[0])} over {plural(ranks[1])}"
    if category == "flush":
        return f"Flush, {word(ranks[0])} high ({labels(ranks)})"
    if category == "straight":
        return f"Straight, {word(ranks[0])} high"
    if category == "three-of-a-kind":
        return f"Three of a kind, {plural(ranks[0])}" + kickers(ranks[1:])
    if category == "two-pair":
        return f"Two pair, {plural(ranks[0])} and {plural(ranks[1])}" + kickers(ranks[2:])
    if category == "pair":
        return f"Pair of {plural(ranks[0])}" + kickers(ranks[1:])
    return f"{word(ranks[0]).capitalize()} high" + (f" ({labels(ranks)})" if len(ranks) > 1 else "")


def paytable_lines(category: str, ranks: tuple[int, ...]) -> tuple[str, ...]:
    """Paytable lines this hand can pay on, most specific first.

    A royal flush is also a straight flush and five aces are also five of a kind,
    so a paytable without the specific line falls back to the general one.
    """
    if category == "royal-flush":
        return ("royal-flush", "straight-flush")
    if category == "five-of-a-kind" and ranks and ranks[0] == 12:
        return ("five-aces", "five-of-a-kind")
    return (category,)


@total_ordering
@dataclass(frozen=True, eq=False)
class HandValue:
    """An evaluated hand.

    scale: which ranking produced ``rank`` ("high/standard", "three-card", "a5-low" …).
    rank: higher is better on that scale.
    category: "full-house", "royal-flush", "pair" … (see each evaluator).
    description: words for the UI.
    cards: the cards that make the hand (best five, three or four), jokers included.
    joker_as: what each joker in ``cards`` stands for: a rank letter ("A") when only
        the rank matters, a card code ("Qh") when it completes a flush.
    """

    scale: str
    rank: int
    category: str
    description: str
    cards: tuple[Card, ...] = ()
    ranks: tuple[int, ...] = field(default=(), repr=False)
    joker_as: tuple[str, ...] = ()

    @property
    def lines(self) -> tuple[str, ...]:
        return paytable_lines(self.category, self.ranks)

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a hand with {type(other).__name__}")
        if other.scale != self.scale:
            raise TypeError(f"cannot compare a {self.scale} hand with a {other.scale} hand")
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.scale == other.scale and self.rank == other.rank

    def __lt__(self, other: object) -> bool:
        return self.rank < self._check(other).rank

    def __hash__(self) -> int:
        return hash((self.scale, self.rank))

    def __str__(self) -> str:
        return self.description
