"""The hand bonuses a table's rules may post (Spanish 21, 000 s.1132-1151).

Each function only names a paytable line (the ``hand`` of a line in the table's rules file)
or ``None``; the engine reads the odds or the award from the round's paytables (D-005) and
pays only lines the table's paytable has.
"""

from __future__ import annotations

from collections.abc import Sequence

from .hand import count

SPADES = "s"
_WORDS = {"six-seven-eight": "6-7-8", "seven-seven-seven": "7-7-7"}


def bonus_name(line: str) -> str:
    """A bonus line in words: "seven-card-21" → "7-card 21", "six-seven-eight-spades" →
    "6-7-8 of spades", "seven-seven-seven-mixed" → "7-7-7 of mixed suits"."""
    for n, word in (("five", "5"), ("six", "6"), ("seven", "7")):
        if line == f"{n}-card-21":
            return f"{word}-card 21"
    for name, shown in _WORDS.items():
        if line.startswith(name + "-"):
            kind = line[len(name) + 1:]
            return f"{shown} " + {"spades": "of spades", "suited": "of one suit", "mixed": "of mixed suits"}[kind]
    return line.replace("-", " ")


def _three_card_line(name: str, cards: Sequence[str]) -> str:
    """6-7-8 and 7-7-7: spades, one suit, or mixed suits (000 s.1138-1143)."""
    suits = {c[1] for c in cards}
    if suits == {SPADES}:
        return f"{name}-spades"
    if len(suits) == 1:
        return f"{name}-suited"
    return f"{name}-mixed"


def bonus_21(cards: Sequence[str]) -> str | None:
    """The bonus line of a 21, the highest that applies (D-068): 5, 6, or 7 or more cards
    (D-065), or a hand of exactly 6-7-8 or 7-7-7 (D-068). The caller decides whether the
    hand may collect it (not after a double, s.1151, D-067)."""
    if count(cards).total != 21:
        return None
    n = len(cards)
    if n >= 7:
        return "seven-card-21"
    if n == 6:
        return "six-card-21"
    if n == 5:
        return "five-card-21"
    if n == 3:
        ranks = sorted(c[0] for c in cards)
        if ranks == ["6", "7", "8"]:
            return _three_card_line("six-seven-eight", cards)
        if ranks == ["7", "7", "7"]:
            return _three_card_line("seven-seven-seven", cards)
    return None


def is_super_bonus(cards: Sequence[str], up_card: str) -> bool:
    """The player's first three cards are 7s of one suit and the dealer's up card is any 7
    (000 s.1151). A hand of exactly those three cards: the 21 stands (D-039)."""
    return (len(cards) == 3 and all(c[0] == "7" for c in cards) and len({c[1] for c in cards}) == 1
            and up_card[0] == "7")


def match_the_dealer(player: Sequence[str], up_card: str) -> str | None:
    """Match the Dealer (000 s.1152-1157): each of the first two cards that matches the up
    card's rank counts, suited (same suit too) or unsuited. The line names how many of each."""
    suited = unsuited = 0
    for card in player[:2]:
        if card[0] != up_card[0]:
            continue
        if card[1] == up_card[1]:
            suited += 1
        else:
            unsuited += 1
    return {
        (0, 0): None,
        (1, 0): "suited",
        (0, 1): "unsuited",
        (2, 0): "two-suited",
        (0, 2): "two-unsuited",
        (1, 1): "suited-and-unsuited",
    }[(suited, unsuited)]
