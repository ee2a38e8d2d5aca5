"""The Fortune Bonus and Envy grades of seven cards (c000 s.806-835; D-236-D-241).

The Fortune Bonus looks at the player's best five-card or seven-card hand of the original
seven cards, however they were set (c000 s.808). The lines it can pay, best first:

* a seven-card straight flush without the joker, then with it (the joker fills one gap);
* a royal flush plus a royal match: a royal flush (the joker may be one of its five cards)
  and the other two cards a natural suited king-queen (D-236);
* five aces; a royal flush (the joker may make it, D-237); then the poker categories.

One award per hand, at the highest line it satisfies (D-238). A line the paytable does not
print pays nothing. Suits and the joker follow the table's joker rule (D-214, D-246).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ...engine.hands import JOKER, rank_joker_high
from ...engine.hands.tables import STANDARD, five_card_table

ORDER = ("seven-card-straight-flush", "royal-flush-royal-match", "seven-card-straight-flush-joker",
         "five-aces", "royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush",
         "three-of-a-kind", "straight")
KING, QUEEN = 11, 10


def seven_card_straight_flush(cards: Sequence[int]) -> str | None:
    """"seven-card-straight-flush" (no joker), "…-joker" (the joker fills one card), or None."""
    naturals = [c for c in cards if c != JOKER]
    jokers = len(cards) - len(naturals)
    if len({c & 3 for c in naturals}) != 1 or len({c >> 2 for c in naturals}) != len(naturals):
        return None
    ranks = {c >> 2 for c in naturals}
    for low in range(-1, 7):  # runs of seven from A-7 (the ace low, -1) to 8-A
        run = set(range(low, low + 7))
        held = {12 if r == -1 else r for r in run}
        if ranks <= held and len(held - ranks) == jokers:
            return "seven-card-straight-flush" + ("-joker" if jokers else "")
    return None


def _royal_match(cards: Sequence[int], joker: str) -> bool:
    """A royal flush and, besides it, a natural suited K-Q (D-236)."""
    kings = {c & 3 for c in cards if c != JOKER and c >> 2 == KING}
    if not any(c != JOKER and c >> 2 == QUEEN and c & 3 in kings for c in cards):
        return False  # no natural suited K-Q to stand beside a royal (nearly every hand)
    for pair in combinations(cards, 2):
        if JOKER in pair or {c >> 2 for c in pair} != {KING, QUEEN} or pair[0] & 3 != pair[1] & 3:
            continue
        rest = [c for c in cards if c not in pair]
        cls = five_card_table(STANDARD).classes[rank_joker_high(rest, joker, STANDARD)]
        if cls is not None and cls.name == "royal-flush":
            return True
    return False


def fortune_hands(cards: Sequence[int], joker: str = "bug") -> list[str]:
    """Every Fortune line the seven cards satisfy, best first: its own line, then the lines
    below it that the same cards also make (a royal match is a royal flush; five aces are five
    of a kind and four of a kind; three pairs are two pair), so a paytable without the hand's
    own line pays it at the best line it prints (D-238)."""
    out: list[str] = []
    seven = seven_card_straight_flush(cards)
    if seven == "seven-card-straight-flush":
        out.append(seven)
    if _royal_match(cards, joker):
        out.append("royal-flush-royal-match")
    if seven == "seven-card-straight-flush-joker":
        out.append(seven)
    cls = five_card_table(STANDARD).classes[rank_joker_high(list(cards), joker, STANDARD)]
    assert cls is not None
    if cls.name == "five-of-a-kind":
        out += (["five-aces"] if cls.ranks[0] == 12 else []) + ["five-of-a-kind", "four-of-a-kind"]
    else:
        out.append(cls.name)
    if cls.name == "two-pair" and _three_pairs(cards, joker):
        out.insert(out.index("two-pair"), "three-pair")  # D-244: a line of its own under FPG-01..03
    return out


def _three_pairs(cards: Sequence[int], joker: str) -> bool:
    """Three pairs among the seven cards (a semi-wild joker pairs only an ace, D-214)."""
    ranks = [12 if c == JOKER else c >> 2 for c in cards if c != JOKER or joker == "bug"]
    return sum(1 for r in set(ranks) if ranks.count(r) >= 2) >= 3


def fortune_hand(cards: Sequence[int], joker: str = "bug") -> str:
    """The best Fortune line the seven cards satisfy (a category name below straight is
    returned too: the paytable decides whether it pays; three pairs are the two pair they are)."""
    return next(line for line in fortune_hands(cards, joker) if line != "three-pair")


def fortune_line(cards: Sequence[int], lines: Sequence[str], joker: str = "bug") -> str | None:
    """The paytable line the hand is paid on: its own, or the best line below it that the
    table prints and the hand also satisfies (D-238: a five of a kind with no line of its own
    is paid as four of a kind, a royal match as a royal flush); None when nothing pays."""
    return next((line for line in fortune_hands(cards, joker) if line in lines), None)


ACE = 12


def pai_gow_high(cards: Sequence[int], joker: str = "bug") -> int | None:
    """The top rank of a seven-card "Pai Gow" (no pair, no five-card straight or flush, D-252),
    or None. A semi-wild joker counts as an ace or fills a straight or flush; a fully wild one
    always pairs a card, so a hand holding it is never a Pai Gow."""
    cls = five_card_table(STANDARD).classes[rank_joker_high(list(cards), joker, STANDARD)]
    assert cls is not None
    return cls.ranks[0] if cls.name == "high-card" else None


def ace_high_line(player: Sequence[int], bank: Sequence[int], joker: str = "bug") -> str | None:
    """The Ace-High Bonus line (001 s.2990-2997, D-253): the player-dealer's seven cards an
    ace-high Pai Gow, with the player's too (either with or without the joker), with the joker
    as the bank's ace, or with a natural ace and no joker; None when the bank is not ace high."""
    if pai_gow_high(bank, joker) != ACE:
        return None
    if pai_gow_high(player, joker) == ACE:
        return "player-and-player-dealer"
    return "player-dealer-joker" if JOKER in bank else "player-dealer"
