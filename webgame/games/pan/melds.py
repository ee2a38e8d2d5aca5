"""Pan's cards, melds and Konditions (seed 003 §28, lines 1380-1573).

The deck is eight 40-card decks: each suit runs A, 2, 3, 4, 5, 6, 7, J, Q, K (the 8s, 9s and
10s and the jokers are out, D-464), so the jack follows the seven in a rope. Cards are text
codes ("7s", "Jh"); with eight decks one code stands for up to eight equal cards, and a hand or
a meld is a list of codes in which a code may repeat.

A meld ("spread") is 3 to 11 cards (rule 9):

* a **rope**: cards of one suit in sequence, ace low and king high, no wrapping (rule 10);
* a **square**: cards of one rank that are all of one suit, or that show at least three
  different suits (rules 11, 25); any three or more aces or kings are a square whatever
  their suits (the non-comoquers, rule 11). A same-suit square takes only more cards of that
  rank and suit; a different-suit square takes any card of its rank (rule 13, D-463).

What a meld is worth, in chips of the table's Kondition (lines 1467-1488), spades doubled
where the table says so:

* a valle square (3s, 5s, 7s) of three suits: 1, and 1 for each card added (D-463);
* a valle square of one suit: 2 (spades 4), and half that, 1 (spades 2), for each card added
  (rule 13(c)(I));
* a non-valle square of one suit: 1 (spades 2), and as much again for each card added;
* a rope that holds K-Q-J or A-2-3 of its suit: 1 (spades 2), and as much again for each
  card beyond the three (rule 13(c): "the value of the original condition for each additional
  card"); a rope holding both counts each card beyond the first three once (P-362);
* any other meld: nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")   # low to high (card ranking 1-2)
SUITS = ("c", "d", "h", "s")
VALLE = frozenset("357")                                       # card ranking 3
NON_COMOQUERS = frozenset("AK")                                # rule 11
DECKS = 8                                                      # 320 cards (D-464)
MIN_MELD, MAX_MELD = 3, 11                                     # rule 9


def full_deck() -> list[str]:
    """The 320-card Pan deck, unshuffled."""
    return [r + s for _ in range(DECKS) for s in SUITS for r in RANKS]


def is_card(code: str) -> bool:
    return len(code) == 2 and code[0] in RANKS and code[1] in SUITS


def rank_index(code: str) -> int:
    return RANKS.index(code[0])


def meld_kind(cards: Sequence[str]) -> str:
    """"rope", "same-suit" (a square of one suit), "square" (a square of three suits or of
    non-comoquers), or "" when the cards are not a valid meld."""
    if not MIN_MELD <= len(cards) <= MAX_MELD or not all(is_card(c) for c in cards):
        return ""
    ranks = {c[0] for c in cards}
    suits = {c[1] for c in cards}
    if len(ranks) == 1:
        if len(suits) == 1:
            return "same-suit"
        if len(suits) >= 3 or ranks <= NON_COMOQUERS:
            return "square"
        return ""
    if len(suits) == 1:
        order = sorted(rank_index(c) for c in cards)
        if order == list(range(order[0], order[0] + len(order))):
            return "rope"
    return ""


def _doubled(cards: Sequence[str], chips: int) -> int:
    return 2 * chips if cards[0][1] == "s" else chips


def meld_value(cards: Sequence[str]) -> int:
    """The meld's worth in chips, as it lies (the Konditions, lines 1467-1488)."""
    kind = meld_kind(cards)
    extra = len(cards) - MIN_MELD
    rank = cards[0][0] if cards else ""
    if kind == "square":
        return 1 + extra if rank in VALLE else 0
    if kind == "same-suit":
        if rank in VALLE:
            return _doubled(cards, 2) + extra * _doubled(cards, 1)
        return _doubled(cards, 1) * (1 + extra)
    if kind == "rope":
        ranks = {c[0] for c in cards}
        if {"K", "Q", "J"} <= ranks or {"A", "2", "3"} <= ranks:
            return _doubled(cards, 1) * (1 + extra)
    return 0


def board_value(melds: Iterable[Sequence[str]]) -> int:
    return sum(meld_value(m) for m in melds)


def can_add(meld: Sequence[str], card: str) -> bool:
    """Can ``card`` be laid on ``meld`` keeping it a meld of its kind (rule 13)?"""
    kind = meld_kind(meld)
    grown = [*meld, card]
    if kind == "rope":
        return meld_kind(grown) == "rope"
    if kind in ("square", "same-suit"):
        return meld_kind(grown) == kind
    return False


def playable(board: Sequence[Sequence[str]], card: str) -> bool:
    """Can ``card`` be added to one of these melds?"""
    return any(can_add(m, card) for m in board)


def melds_with(hand: Sequence[str], card: str) -> bool:
    """Can ``card`` be laid at once with cards of ``hand`` as a new three-card meld?"""
    pool = Counter(hand)
    for a in set(pool):
        pool[a] -= 1
        for b in set(pool):
            if pool[b] > 0 and meld_kind([card, a, b]):
                pool[a] += 1
                return True
        pool[a] += 1
    return False


def sort_hand(cards: Iterable[str]) -> list[str]:
    """A hand as a player holds it: by suit, then rank."""
    return sorted(cards, key=lambda c: (SUITS.index(c[1]), rank_index(c)))
