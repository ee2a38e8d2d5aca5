"""Playing cards: ranks, suits, jokers, marked cards and decks.

A card is (rank, suit, flags) (DECISIONS D-019): special markings such as the
Bonus or Logo cards of the California games are flags on a standard card, and
only the rule profile that defines them gives them meaning.

Text form: ``"As"``, ``"Td"``, ``"2c"``; a joker is ``"JK"``; flags follow a
``+``: ``"Kh+bonus"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs, diamonds, hearts, spades: the D-018 tie-break order, low to high
JOKER_RANK = "X"

RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
    "A": "ace", JOKER_RANK: "joker",
}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades", "": ""}
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠", "": ""}


@dataclass(frozen=True, order=True)
class Card:
    rank: str
    suit: str
    flags: frozenset[str] = field(default_factory=frozenset, compare=False)

    def __post_init__(self) -> None:
        if self.rank == JOKER_RANK:
            if self.suit != "":
                raise ValueError("a joker has no suit")
        elif self.rank not in RANKS or self.suit not in SUITS or len(self.suit) != 1:
            raise ValueError(f"not a card: {self.rank}{self.suit}")

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def rank_index(self) -> int:
        """0 for a deuce … 12 for an ace; 13 for a joker."""
        return 13 if self.is_joker else RANKS.index(self.rank)

    @property
    def code(self) -> str:
        base = "JK" if self.is_joker else f"{self.rank}{self.suit}"
        if self.flags:
            return base + "+" + "+".join(sorted(self.flags))
        return base

    @property
    def name(self) -> str:
        """Words for screen readers: "Queen of hearts"."""
        if self.is_joker:
            return "Joker"
        words = f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}".capitalize()
        if self.flags:
            words += " (" + ", ".join(sorted(self.flags)) + ")"
        return words

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def label(self) -> str:
        """Corner index as printed on the card: "10", "Q", "A"."""
        if self.is_joker:
            return "JK"
        return "10" if self.rank == "T" else self.rank

    @property
    def is_red(self) -> bool:
        return self.suit in ("d", "h")

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


def parse_card(text: str) -> Card:
    head, *flags = text.strip().split("+")
    if head.upper() == "JK":
        return Card(JOKER_RANK, "", frozenset(flags))
    if len(head) == 3 and head.startswith("10"):
        head = "T" + head[2]
    if len(head) != 2:
        raise ValueError(f"not a card: {text!r}")
    return Card(head[0].upper(), head[1].lower(), frozenset(flags))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    items = text.split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in items]


def standard_deck() -> list[Card]:
    """One 52-card deck in a fixed canonical order."""
    return [Card(r, s) for s in SUITS for r in RANKS]


def build_shoe(decks: int, *, jokers_per_deck: int = 0, remove_ranks: str = "",
               bonus_ranks: str = "", mark: str = "bonus", logo_per_deck: int = 0) -> list[Card]:
    """Several decks in canonical order; stripped decks drop ranks (Spanish 48-card decks), and
    the ranks of ``bonus_ranks`` are the specially marked "Bonus" cards (Pure Spanish 21.5's
    K/Q/J, 001 s.787; the Bureau edition's K/Q/J/10, 002 s.4262), flagged ``mark``: "bonus", or
    "no-bust" for No Bust 4.0a's aces (003 s.1579). ``logo_per_deck`` adds Lucky Chances' Logo
    cards to each deck (two, 002 s.1235-1236): cards of their own with no rank or suit, carried
    as a joker flagged "logo" ("JK+logo", D-019, D-138)."""
    if decks < 1:
        raise ValueError("a shoe holds at least one deck")
    bonus = frozenset({mark})
    cards: list[Card] = []
    for _ in range(decks):
        cards.extend(Card(c.rank, c.suit, bonus) if c.rank in bonus_ranks else c
                     for c in standard_deck() if c.rank not in remove_ranks)
        cards.extend(Card(JOKER_RANK, "") for _ in range(jokers_per_deck))
        cards.extend(Card(JOKER_RANK, "", frozenset({"logo"})) for _ in range(logo_per_deck))
    return cards
