"""Mexican Stud's five-card hands (003 §7, D-452): a 41-card deck, the 8s, 9s and 10s removed
and one joker added.

* Ranks run 2 3 4 5 6 7 J Q K A, so 4-5-6-7-J, 5-6-7-J-Q, 6-7-J-Q-K and 7-J-Q-K-A are straights
  (rule 5); A-2-3-4-5 stays the lowest straight and nothing wraps round (D-452).
* A flush beats a full house (003 s.237); five of a kind, possible only with the joker, ranks
  above a straight flush, five aces highest (D-452).
* The joker dealt face down is wild; dealt face up it is only an ace or the card that completes
  a straight or a flush (rule 1). A joker dealt down that its owner turns up stays wild: it was
  dealt face down (rule 1's own test).

A hand's value is a tuple, higher better: (category, ranks in order of significance).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache, total_ordering

JOKER = "JK"
ORDER = "234567JQKA"     # the stripped deck's ranks, low to high
SUITS = "cdhs"
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in ORDER) + (JOKER,)

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH, FIVE = range(10)
_NAMES = {"2": "deuce", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
          "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_PLURALS = {r: ("sixes" if r == "6" else n + "s") for r, n in _NAMES.items()}


@dataclass(frozen=True)
class Entry:
    index: int


@total_ordering
@dataclass(frozen=True)
class MexicanHand:
    """A ranked Mexican Stud hand: compares like the evaluators' hands, higher is better."""

    value: tuple[int, tuple[int, ...]]
    cards: tuple[str, ...] = field(compare=False)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, MexicanHand):
            return NotImplemented
        return self.value < other.value

    @property
    def entry(self) -> Entry:
        """A single number that orders hands like ``value`` (the poker room's ``value`` field)."""
        category, ranks = self.value
        number = category
        for r in (list(ranks) + [0] * 5)[:5]:
            number = number * 16 + r
        return Entry(number)

    @property
    def words(self) -> str:
        category, ranks = self.value
        top = ORDER[ranks[0]] if ranks else "A"
        if category == FIVE:
            return "five aces" if top == "A" else f"five of a kind, {_PLURALS[top]}"
        if category == STRAIGHT_FLUSH:
            return f"straight flush, {_NAMES[top]} high"
        if category == QUADS:
            return f"four of a kind, {_PLURALS[top]}"
        if category == FLUSH:
            return f"flush, {_NAMES[top]} high"
        if category == FULL_HOUSE:
            return f"full house, {_PLURALS[top]} full of {_PLURALS[ORDER[ranks[1]]]}"
        if category == STRAIGHT:
            return f"straight, {_NAMES[top]} high"
        if category == TRIPS:
            return f"three of a kind, {_PLURALS[top]}"
        if category == TWO_PAIR:
            return f"two pair, {_PLURALS[top]} and {_PLURALS[ORDER[ranks[1]]]}"
        if category == PAIR:
            return f"pair of {_PLURALS[top]}"
        return f"{_NAMES[top]} high"


def _natural(cards: Sequence[str]) -> tuple[int, tuple[int, ...]]:
    """The value of five cards without a joker (a wild card may repeat a rank, never a card)."""
    ranks = [ORDER.index(c[0]) for c in cards]
    counts = Counter(ranks)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    order = tuple(r for _, r in groups)
    flush = len({c[1] for c in cards}) == 1 and len(cards) == 5
    top = -1
    if len(counts) == 5:
        high = sorted(counts, reverse=True)
        if high[0] - high[4] == 4:
            top = high[0]
        elif high == [9, 3, 2, 1, 0]:   # A-5-4-3-2: the five is the top card
            top = 3
    if groups[0][0] == 5:
        return FIVE, order
    if top >= 0 and flush:
        return STRAIGHT_FLUSH, (top,)
    if groups[0][0] == 4:
        return QUADS, order
    if flush:
        return FLUSH, order
    if groups[0][0] == 3 and len(groups) > 1 and groups[1][0] == 2:
        return FULL_HOUSE, order
    if top >= 0:
        return STRAIGHT, (top,)
    if groups[0][0] == 3:
        return TRIPS, order
    if groups[0][0] == 2 and len(groups) > 1 and groups[1][0] == 2:
        return TWO_PAIR, order
    if groups[0][0] == 2:
        return PAIR, order
    return HIGH, order


@lru_cache(maxsize=4096)
def evaluate(cards: tuple[str, ...], joker_wild: bool = True) -> MexicanHand:
    """The best value of a five-card hand; ``joker_wild`` False for a joker dealt face up."""
    naturals = [c for c in cards if c != JOKER]
    if len(naturals) == len(cards):
        return MexicanHand(_natural(naturals), cards)
    if len(naturals) < 4:
        raise ValueError("a Mexican Stud hand holds one joker and four other cards")
    ranks = Counter(c[0] for c in naturals)
    options = [c for c in DECK if c != JOKER and c not in naturals]
    four = [r for r, n in ranks.items() if n == 4]
    if four and (joker_wild or four[0] == "A"):
        options.append(four[0] + "x")   # a fifth card of the rank: five of a kind (five aces)
    best: tuple[int, tuple[int, ...]] | None = None
    for card in options:
        value = _natural(naturals + [card]) if card[1] != "x" else (FIVE, (ORDER.index(card[0]),))
        if not joker_wild and card[0] != "A" and value[0] not in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
            continue  # face up: an ace, or the card that completes a straight or a flush (rule 1)
        if best is None or value > best:
            best = value
    assert best is not None
    return MexicanHand(best, cards)


def showing_rank(card: str) -> int:
    """A card's rank for who acts first (2 … 14); a face-up joker counts as an ace (rule 2)."""
    return 14 if card == JOKER else "23456789TJQKA".index(card[0]) + 2
