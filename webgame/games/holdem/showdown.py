"""Hold'em dealing and grading shared by Ultimate Texas Hold'em and Jackpot Hold'em.

Deal (seed 000 s.1348-1356, s.1645-1647): a fresh, fully shuffled 52-card deck every round
(s.1347, s.1644; DECISIONS D-011); the five community cards first, then two cards to each
player from the dealer's left, the dealer's two cards last. D-012 adds the industry burns
of a flop game: one card before the flop, the turn and the river positions of the board.

Grading: best five of seven for the showdown (D-518: category, then the ranks that make the
hand, then kickers; suits never break a tie), and the three bonus grades of the side bets:

* ``best-five``   – the player's best five of hole cards + board (UTH Trips D-298, Player Bonus D-311);
* ``hole-cards``  – the two hole cards alone (Hole Card Bonus, s.1662; "Pair" excludes aces,
  10s are not face cards, D-311, s.1610);
* ``three-up``    – the two hole cards + the first exposed community card, on the Three Card
  Poker order; A-K-Q suited pays its own line instead of the straight flush (D-310);

and one grade that needs the dealer's hand as well (``DUEL_GRADERS``):

* ``bad-beat``    – the UTH Bad Beat Bonus: the beaten hand's rank, three of a kind or better,
  in a duel the player won or lost (never a tie, D-303).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card, parse_card, standard_deck
from ...engine.hands import HandValue, evaluate_high, evaluate_three
from ...engine.rng import Rng


@dataclass(frozen=True)
class Deal:
    board: list[str]
    hands: dict[int, list[str]]
    dealer: list[str]
    burns: list[str]


def shuffled_deck(rng: Rng) -> list[str]:
    """One standard deck in canonical order, shuffled by the round's committed RNG (P-002)."""
    deck = [c.code for c in standard_deck()]
    rng.shuffle(deck)
    return deck


def deal(deck: Sequence[str], seats: Sequence[int], burn_before: Sequence[int]) -> Deal:
    """Deal in the rulebook's order from the top of ``deck``: community cards first (with a
    burn before each board position in ``burn_before``), two cards to each seat in seat
    order (seat 0 is farthest to the dealer's left), the dealer's two last."""
    cards = list(deck)
    burns: list[str] = []
    board: list[str] = []
    for i in range(5):
        if i in burn_before:
            burns.append(cards.pop(0))
        board.append(cards.pop(0))
    hands = {}
    for n in seats:
        hands[n] = [cards.pop(0), cards.pop(0)]  # "two cards ... to each player" (s.1355)
    dealer = [cards.pop(0), cards.pop(0)]
    return Deal(board, hands, dealer, burns)


def consistent(d: Deal) -> bool:
    """D-010: every dealt card is a real card and none appears twice in a one-deck round."""
    codes = d.board + d.dealer + d.burns + [c for h in d.hands.values() for c in h]
    try:
        [parse_card(c) for c in codes]
    except ValueError:
        return False
    return len(set(codes)) == len(codes) and len(codes) <= 52


def best(hole: Sequence[str], board: Sequence[str]) -> HandValue:
    return evaluate_high(list(hole) + list(board))


def compare(player: HandValue, dealer: HandValue) -> int:
    """+1 player higher, -1 dealer higher, 0 identical in rank card for card (D-518)."""
    return (player.rank > dealer.rank) - (player.rank < dealer.rank)


def qualifies(hand: HandValue, rule: str) -> bool:
    """The dealer's qualifier: "pair" = a pair or better (s.1365, s.1665)."""
    if rule == "pair":
        return hand.category != "high-card"
    if rule == "none":
        return True
    raise ValueError(f"unknown qualifier {rule!r}")


# ---------------------------------------------------------------------------------------
# Side-bet grades: each returns (paytable lines that may pay, most specific first; words)
# ---------------------------------------------------------------------------------------
def grade_best_five(hole: Sequence[str], board: Sequence[str], table: Mapping[str, Any]) -> tuple[tuple[str, ...], str]:
    value = best(hole, board)
    return value.lines, value.description


def grade_hole_cards(hole: Sequence[str], board: Sequence[str], table: Mapping[str, Any]) -> tuple[tuple[str, ...], str]:
    a, b = (parse_card(c) for c in hole)
    faces = str(table.get("face_ranks", "JQK"))  # s.1610: 10s do not count as face cards
    if a.rank == b.rank:
        if a.rank == "A":
            return ("pair-of-aces",), "Pair of aces"
        return ("pair",), f"Pair of {_plural(a)}"
    ranks = {a.rank, b.rank}
    if "A" in ranks and (ranks - {"A"}) <= set(faces):
        other = next(c for c in (a, b) if c.rank != "A")
        if a.suit == b.suit:
            return ("ace-face-suited",), f"Ace and {_word(other)}, suited"
        return ("ace-face-offsuit",), f"Ace and {_word(other)}, not suited"
    return (), "No bonus hand"


def grade_three_up(hole: Sequence[str], board: Sequence[str], table: Mapping[str, Any]) -> tuple[tuple[str, ...], str]:
    value = evaluate_three(list(hole) + [board[0]])
    words = "A-K-Q suited" if value.category == "royal-flush" else value.description
    return value.lines, words


GRADERS = {"best-five": grade_best_five, "hole-cards": grade_hole_cards, "three-up": grade_three_up}


def grade_bad_beat(hole: Sequence[str], dealer: Sequence[str], board: Sequence[str],
                   table: Mapping[str, Any]) -> tuple[tuple[str, ...], str]:
    """The Bad Beat Bonus (001 s.1850-1852, 002 s.6098-6100): the player's best five and the
    dealer's are compared as at the showdown (D-303, D-518); the bet is paid by the beaten
    hand's rank when that hand is three of a kind or better. Identical hands are no bad beat
    (001 s.1868, 002 s.6102). Lines the table does not print (a pair beaten) lose."""
    player, house = best(hole, board), best(dealer, board)
    cmp = compare(player, house)
    if cmp == 0:
        return (), "Identical hands: no bad beat"
    beaten, by = (house, player) if cmp > 0 else (player, house)
    whose = "the dealer's" if cmp > 0 else "your"
    return beaten.lines, f"{by.description} beats {whose} {beaten.description.lower()}"


# Graders that look at the dealer's hand too: (hole, dealer, board, paytable data).
DUEL_GRADERS = {"bad-beat": grade_bad_beat}


def _word(card: Card) -> str:
    return {"J": "jack", "Q": "queen", "K": "king", "T": "ten", "A": "ace"}.get(card.rank, card.rank)


def _plural(card: Card) -> str:
    names = {"2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens",
             "8": "eights", "9": "nines", "T": "tens", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}
    return names[card.rank]
