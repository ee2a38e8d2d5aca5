"""Which paytable line a Grand Ronde side bet wins (seed 000 §7-§9).

These functions only name the winning line (the ``hand`` of a paytable line in
``webgame/rules/blackjack.toml``) or ``None`` for a loss; the odds are read from the
round's paytables by the engine.
"""

from __future__ import annotations

from collections.abc import Sequence

from .hand import count

# Betting spots of the side bets, and the side bet (paytable and limit) each belongs to.
SUPER_BONUS_PLAYER = "super-bonus-player"
SUPER_BONUS_DEALER = "super-bonus-dealer"
TWENTY_ONE_PLUS_THREE = "21-plus-3-xtreme"
LUCKY_LADIES = "lucky-ladies"
SUPER_BONUS = "super-bonus-blackjack"

SIDE_SPOTS: dict[str, str] = {
    SUPER_BONUS_PLAYER: SUPER_BONUS,
    SUPER_BONUS_DEALER: SUPER_BONUS,
    TWENTY_ONE_PLUS_THREE: TWENTY_ONE_PLUS_THREE,
    LUCKY_LADIES: LUCKY_LADIES,
}

# Ranks in straight order; the ace also plays low in A-2-3 (D-057).
_ORDER = "A23456789TJQKA"
QUEEN_OF_HEARTS = "Qh"


def _is_straight(ranks: Sequence[str]) -> bool:
    """Three consecutive ranks: A-2-3 and Q-K-A count, K-A-2 does not (D-057)."""
    if len(set(ranks)) != 3:
        return False
    for start in range(len(_ORDER) - 2):
        if sorted(_ORDER[start:start + 3]) == sorted(ranks):
            return True
    return False


def twenty_one_plus_three(player: Sequence[str], up_card: str) -> str | None:
    """The player's first two cards with the dealer's up card as a three-card poker hand
    (000 s.338). Only the highest line pays, so suited trips pay as trips (D-058)."""
    cards = [player[0], player[1], up_card]
    ranks = [c[0] for c in cards]
    flush = len({c[1] for c in cards}) == 1
    straight = _is_straight(ranks)
    if straight and flush:
        return "straight-flush"
    if len(set(ranks)) == 1:
        return "three-of-a-kind"
    if straight:
        return "straight"
    if flush:
        return "flush"
    return None  # pair or less loses (000 s.348)


def lucky_ladies(player: Sequence[str], dealer_blackjack: bool) -> str | None:
    """The player's first two cards totalling 20 (000 s.354). A Queen of Hearts pair pays
    its top line only with a dealer blackjack; one line per spot, the highest (D-062).
    An ace and a nine is a 20 (D-061)."""
    a, b = player[0], player[1]
    if count([a, b]).total != 20:
        return None
    if a == b == QUEEN_OF_HEARTS:
        return "queen-of-hearts-pair-with-dealer-blackjack" if dealer_blackjack else "queen-of-hearts-pair"
    if a == b:
        return "matched-20"  # two identical cards: same rank and suit (000 s.368)
    if a[1] == b[1]:
        return "suited-20"
    return "any-20"


def super_bonus(spot: str, player_blackjack: bool, dealer_blackjack: bool) -> str | None:
    """The two Super Bonus propositions are separate wagers (000 s.319-320, D-054)."""
    if spot == SUPER_BONUS_PLAYER:
        return "player-blackjack" if player_blackjack else None
    return "dealer-blackjack" if dealer_blackjack else None
