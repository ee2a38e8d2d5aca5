"""Trips (003 §16, ``trips-dcs@commerce``): the hand and the accumulated pot, pure.

A five-card stud pot game on a Digital Card System: one 52-card deck and two wild jokers,
every card face up, bet the same amount again or fold after each card. The best hand of three
of a kind or better wins the whole accumulated pot and ends the round of play; with no
qualifier the best hand takes 20 % and the rest carries to the next hand (003 s.664-665).

This module holds what a rule decides and nothing about seats or money booking: the deck,
the grade of a hand on the room's joker evaluator (fully wild, five of a kind on top, D-217),
whether a grade qualifies, and how a pot is divided (:func:`divide`). The table on the Game
protocol is :mod:`trips_table`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...engine.cards import RANKS, SUITS
from ...engine.hands.high import evaluate_high
from ...engine.hands.tables import CATEGORY_NAMES, ROYAL
from ...engine.hands.value import HandValue

JOKER = "JK"
WINNER, HIGH_HAND, NOBODY = "winner", "high-hand", "nobody"


def deck(jokers: int) -> list[str]:
    """One standard deck and the jokers (003 s.560: 52 + 2 = 54 cards), unshuffled."""
    return [r + s for s in SUITS for r in RANKS] + [JOKER] * jokers


def grade(cards: Sequence[str]) -> HandValue:
    """The best five-card high hand, jokers fully wild (003 s.565-572): a joker is any card,
    so two jokers always make at least three of a kind of the hand's highest card (s.572), and
    five of a kind ranks above a royal flush (s.601, D-217)."""
    return evaluate_high(list(cards), joker="wild")


def category_index(value: HandValue) -> int:
    """Where a hand's category stands in the ranking (a royal flush is a straight flush)."""
    name = "straight-flush" if value.category == ROYAL else value.category
    return CATEGORY_NAMES.index(name)


def qualifies(value: HandValue, qualifier: str) -> bool:
    """Three of a kind or better wins the whole pot (003 s.664, rule 11); ``qualifier`` is the
    rules data's lowest qualifying category."""
    return category_index(value) >= CATEGORY_NAMES.index(qualifier)


@dataclass(frozen=True)
class Division:
    """How one hand's accumulated pot is divided: each winner's share, what carries on, and
    whether the round of play ends."""

    kind: str  # WINNER (a qualifier took it all), HIGH_HAND (the 20 % award) or NOBODY
    shares: dict[int, int]  # seat -> cents
    carried: int  # what the next hand starts with
    concluded: bool  # the round of play ends (a qualifying hand won the pot)
    hands: dict[int, str]  # seat -> the winning hand in words


def divide(pot: int, hands: Mapping[int, Sequence[str]], qualifier: str, high_hand_pct: int) -> Division:
    """Divide ``pot`` (everything accumulated, carried pot included) among the five-card
    ``hands`` still in (folded hands are not passed: rule 10).

    * The best qualifying hand wins the whole pot (rule 12); tied best hands split it (D-459).
    * With no qualifier the best hand wins ``high_hand_pct`` % of the pot, truncated to the cent,
      and the rest, fraction included, carries over (rule 13, D-459); tied best hands split it.
    * With nobody left in (every player folded), nobody is eligible and the whole pot carries (P-370).

    Odd cents go one each from seat 1 toward seat 6 (D-459, D-021): the lowest seats first.
    """
    graded = {seat: grade(cards) for seat, cards in hands.items() if len(cards) == 5}
    if not graded:
        return Division(NOBODY, {}, pot, False, {})
    best = max(graded.values())
    top = sorted(seat for seat, v in graded.items() if v == best)
    words = {seat: graded[seat].description for seat in top}
    if qualifies(best, qualifier):
        return Division(WINNER, split(pot, top), 0, True, words)
    award = pot * high_hand_pct // 100  # D-459, D-002: truncated; the fraction carries
    return Division(HIGH_HAND, split(award, top), pot - award, False, words)


def split(amount: int, seats: Sequence[int]) -> dict[int, int]:
    """Equal whole-cent shares; the odd cents one each in seat order from seat 1 (D-021, D-459)."""
    order = sorted(seats)
    share, odd = divmod(amount, len(order))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(order)}
