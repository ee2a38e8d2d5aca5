"""The Grand Ronde side bets (seed 000 §7-§9, and Spanish 21's Match the Dealer, §23) as entries of one side-bet table, and the
functions that grade them.

Each grader only names the winning line (the ``hand`` of a paytable line in
``webgame/rules/blackjack.toml``) or ``None`` for a loss; the engine reads the odds from the
round's paytables. The engine loops over :data:`SIDE_BETS` for betting, settling and the felt
(:mod:`webgame.games.sidebets`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..sidebets import SideBet, SideBetTable
from .bonus import match_the_dealer
from .hand import count, is_natural

# The moments a side bet settles at.
DEAL = "deal"  # right after the deal, before insurance is offered (D-059)
PEEK = "peek"  # once the dealer's blackjack is known: the peek, or no peek possible (D-055, D-062)
END = "end"  # once the dealer's hand is complete: bets on the dealer's hand or on drawn cards (D-107, D-141)

# Betting spots of the side bets, and the side bets (paytable and limit) they belong to.
SUPER_BONUS_PLAYER = "super-bonus-player"
SUPER_BONUS_DEALER = "super-bonus-dealer"
TWENTY_ONE_PLUS_THREE = "21-plus-3-xtreme"
LUCKY_LADIES = "lucky-ladies"
SUPER_BONUS = "super-bonus-blackjack"
MATCH_THE_DEALER = "match-the-dealer"  # Spanish 21 (000 §23)
BUSTER = "buster-blackjack"  # Pure 21.5 at Lucky Chances (002 §34)
BLACKJACK_BONUS = "blackjack-bonus-bet"  # the Lucky Derby Blackjack Bonus Bet (001 §39)
PERFECT_PAIRS = "perfect-pairs"  # No Bust 4.0a Perfect Pairs (003 §45)
PUSH_22 = "push-22"  # 21st Century Free Bet Blackjack (003 §47)


@dataclass(frozen=True)
class Dealt:
    """What the side bets of one box look at: the box's first two cards, the dealer's up card,
    and whether the dealer has blackjack (known only from the peek on)."""

    cards: Sequence[str]
    up_card: str
    dealer_blackjack: bool = False
    first_two: Sequence[str] = ()  # the box's two cards as dealt, whatever a split did later
    hand: Sequence[str] = ()  # the box's first hand as it ended
    split: bool = False
    dealer_cards: Sequence[str] = ()  # the dealer's whole hand, once it is turned
    over_above: int = 21  # the highest total that is not a bust: 22 at No Bust 4.0, 20 at 4.0a (D-121)
    soft_ace_up_to: int = 21  # an ace counts eleven up to this total (22 at No Bust 4.0, D-112)


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
    """The two Super Bonus propositions are separate wagers (000 s.319-320, D-054); the
    player's uses the box's first two cards (D-054)."""
    if spot == SUPER_BONUS_PLAYER:
        return "player-blackjack" if player_blackjack else None
    return "dealer-blackjack" if dealer_blackjack else None


def buster(dealer: Sequence[str], over_above: int = 21, soft_ace_up_to: int = 21) -> str | None:
    """The Buster Blackjack bet (002 s.4685-4756): the dealer's hand busts, paid by its number
    of cards. A natural never busts; a dealer 8-8-8 is a three-card bust (D-107). On No Bust's
    scale a bust is a total over a Natural: over 22 at 4.0 (D-121), 21 or more at 4.0a (003 s.1716)."""
    if not dealer or count(dealer, soft_ace_up_to).total <= over_above or is_natural(dealer):
        return None
    n = len(dealer)
    return f"bust-{n}-cards" if n < 8 else "bust-8-or-more-cards"


_RED = frozenset("hd")


def _tier(cards: Sequence[str]) -> str:
    """D-142: suited = one suit; same colour = one colour, not one suit; else unsuited."""
    suits = {c[1] for c in cards}
    if len(suits) == 1:
        return "suited"
    if suits <= _RED or not suits & _RED:
        return "same-colour"
    return "unsuited"


def blackjack_bonus(first_two: Sequence[str], hand: Sequence[str], split: bool, over_above: int = 21,
                    soft_ace_up_to: int = 21) -> str | None:
    """The Lucky Derby Blackjack Bonus Bet (001 s.281-313) by D-140-D-142: the host game's
    natural, a pair and the two-card 20 on the cards as dealt; 7-7-7 and 6-7-8 on the first
    three cards, A-2-3-4 on the first four, six cards without busting, all on an unsplit hand.
    Only the highest line pays."""
    a, b = first_two[0], first_two[1]
    drawn: list[str | None] = []
    if not split:
        three, four = sorted(c[0] for c in hand[:3]), sorted(c[0] for c in hand[:4])
        if len(hand) >= 4 and four == ["2", "3", "4", "A"]:
            drawn.append(f"ace-2-3-4-{_tier(hand[:4])}")
        if len(hand) >= 3 and three == ["7", "7", "7"]:
            drawn.append(f"seven-seven-seven-{_tier(hand[:3])}")
        if len(hand) >= 3 and three == ["6", "7", "8"]:
            drawn.append(f"six-seven-eight-{_tier(hand[:3])}")
        # Six cards not over the host game's limit: 21, or 22 at No Bust 4.0 (D-141).
        if len(hand) >= 6 and count(hand, soft_ace_up_to).total <= over_above:
            drawn.append("six-card-no-bust")
    if is_natural([a, b]):
        drawn.append(f"blackjack-{_tier([a, b])}")
    if a[0] == b[0]:
        drawn.append("any-pair")
    elif count([a, b]).total == 20 and a[0] in "TJQK" and b[0] in "TJQK":
        drawn.append("two-card-20")
    found = [d for d in drawn if d]
    return found[0] if found else None


def perfect_pairs(first_two: Sequence[str]) -> str | None:
    """Perfect Pairs (003 s.2652-2671, D-124): the player's first two cards of one rank; the
    same rank and suit (two decks or more) is a perfect pair, two suits of one colour a
    coloured pair, a red and a black card a mixed pair. K-Q is no pair."""
    a, b = first_two[0], first_two[1]
    if a[0] != b[0]:
        return None
    if a[1] == b[1]:
        return "perfect-pair"
    return "coloured-pair" if (a[1] in _RED) == (b[1] in _RED) else "mixed-pair"


def push_22(dealer: Sequence[str]) -> str | None:
    """Push 22 (003 s.2828-2848, D-132): the P/D's finished hand totals exactly 22."""
    return "dealer-22" if dealer and count(dealer).total == 22 else None


# One grader per side-bet spot, by name.
GRADERS: dict[str, Callable[[Dealt], str | None]] = {
    TWENTY_ONE_PLUS_THREE: lambda d: twenty_one_plus_three(d.cards, d.up_card),
    LUCKY_LADIES: lambda d: lucky_ladies(d.cards, d.dealer_blackjack),
    SUPER_BONUS_PLAYER: lambda d: super_bonus(SUPER_BONUS_PLAYER, is_natural(d.cards[:2]), d.dealer_blackjack),
    SUPER_BONUS_DEALER: lambda d: super_bonus(SUPER_BONUS_DEALER, is_natural(d.cards[:2]), d.dealer_blackjack),
    MATCH_THE_DEALER: lambda d: match_the_dealer(d.first_two or d.cards, d.up_card),
    BUSTER: lambda d: buster(d.dealer_cards, d.over_above, d.soft_ace_up_to),
    BLACKJACK_BONUS: lambda d: blackjack_bonus(d.first_two, d.hand, d.split, max(d.over_above, 21), d.soft_ace_up_to),
    PERFECT_PAIRS: lambda d: perfect_pairs(d.first_two or d.cards),
    PUSH_22: lambda d: push_22(d.dealer_cards),
}

# Every side bet of the Grand Ronde table; a round offers those its rules list (D-517). The
# order is the order of the betting spots, and, within one moment, of settlement.
SIDE_BETS: SideBetTable[Dealt] = SideBetTable([
    # Both Super Bonus propositions wait for the dealer's blackjack (D-055).
    SideBet(SUPER_BONUS_PLAYER, SUPER_BONUS, PEEK, SUPER_BONUS_PLAYER,
            "Super Bonus: player", "Super Bonus (player blackjack)"),
    SideBet(SUPER_BONUS_DEALER, SUPER_BONUS, PEEK, SUPER_BONUS_DEALER,
            "Super Bonus: dealer", "Super Bonus (dealer blackjack)"),
    # The first two cards and the up card are all it needs: settled at once (D-059).
    SideBet(TWENTY_ONE_PLUS_THREE, TWENTY_ONE_PLUS_THREE, DEAL, TWENTY_ONE_PLUS_THREE,
            "21+3 Xtreme", "21+3 Xtreme"),
    # The Queen of Hearts pair's top line needs the dealer's blackjack (D-062).
    SideBet(LUCKY_LADIES, LUCKY_LADIES, PEEK, LUCKY_LADIES, "Lucky Ladies", "Lucky Ladies"),
    # Spanish 21: the first two cards against the up card, whatever follows (D-077).
    SideBet(MATCH_THE_DEALER, MATCH_THE_DEALER, DEAL, MATCH_THE_DEALER, "Match the Dealer", "Match the Dealer"),
    # Pure Spanish 21.5: a bet on the dealer's bust, and on the player's own cards as drawn.
    SideBet(BUSTER, BUSTER, END, BUSTER, "Buster", "Buster Blackjack"),
    SideBet(BLACKJACK_BONUS, BLACKJACK_BONUS, END, BLACKJACK_BONUS, "BJ Bonus", "the Blackjack Bonus Bet"),
    # No Bust 4.0a Perfect Pairs: the first two cards, known at the deal (003 s.2652-2671).
    SideBet(PERFECT_PAIRS, PERFECT_PAIRS, DEAL, PERFECT_PAIRS, "Perfect Pairs", "Perfect Pairs"),
    # 21st Century Free Bet: a bet on the P/D's finished 22 (003 s.2828-2848).
    SideBet(PUSH_22, PUSH_22, END, PUSH_22, "Push 22", "Push 22"),
], GRADERS)

SIDE_SPOTS: dict[str, str] = {bet.spot: bet.paytable for bet in SIDE_BETS}
