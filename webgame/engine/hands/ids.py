"""Cards as small integers, the evaluator's internal form.

Every evaluator in this package works on ints so that a hand is a list of list
indexes, never a string: ``id = rank * 4 + suit`` with ranks 0 (deuce) … 12 (ace)
and suits 0..3 in ``cards.SUITS`` order (clubs, diamonds, hearts, spades).
A joker is ``JOKER`` (52); a hand may hold several.
"""

from __future__ import annotations

from collections.abc import Iterable

from webgame.engine.cards import JOKER_RANK, RANKS, SUITS, Card, parse_card

JOKER = 52
DECK_IDS: tuple[int, ...] = tuple(range(52))

CardLike = Card | str | int


def card_id(card: CardLike) -> int:
    """The int of a Card, a card code ("As", "JK") or an int already (checked)."""
    if isinstance(card, int):
        if not 0 <= card <= JOKER:
            raise ValueError(f"not a card id: {card}")
        return card
    if isinstance(card, str):
        card = parse_card(card)
    if card.is_joker:
        return JOKER
    return RANKS.index(card.rank) * 4 + SUITS.index(card.suit)


def card_ids(cards: Iterable[CardLike]) -> list[int]:
    """Ids of several cards; a string is split on whitespace ("As Kd JK")."""
    if isinstance(cards, str):
        cards = cards.split()
    return [card_id(c) for c in cards]


def id_card(cid: int) -> Card:
    """The Card for an id (flags are not carried by ids)."""
    if cid == JOKER:
        return Card(JOKER_RANK, "")
    if not 0 <= cid < 52:
        raise ValueError(f"not a card id: {cid}")
    return Card(RANKS[cid >> 2], SUITS[cid & 3])


def id_code(cid: int) -> str:
    """Text code of an id: "As", "JK"."""
    return id_card(cid).code


def rank_of(cid: int) -> int:
    return cid >> 2


def suit_of(cid: int) -> int:
    return cid & 3
