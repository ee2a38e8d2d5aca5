"""Every low hand counted: the draw games' evaluators (D-445, D-450) over every hand.

The counts are derived by combinatorics in the comments, not read from the code: ace-to-five
and deuce-to-seven over all C(52,5) = 2,598,960 five-card hands (the numpy batch path, about a
second each), Badugi over all C(52,4) = 270,725 four-card hands (the scalar evaluator, a few
seconds).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import pytest

np = pytest.importorskip("numpy")

from webgame.engine.hands import batch
from webgame.engine.hands.ids import card_ids
from webgame.engine.hands.low import rank_badugi, rank_low_27, rank_low_a5
from webgame.engine.hands.tables import ACE_TO_FIVE, DEUCE_TO_SEVEN

# Hands with a pair or more are the same sets in every five-card ranking:
#   pair       13 ranks x C(4,2) suits x C(12,3) kicker ranks x 4^3 kicker suits = 1,098,240
#   two pair   C(13,2) x 6 x 6 x 11 x 4                                          =   123,552
#   trips      13 x 4 x C(12,2) x 4^2                                            =    54,912
#   full house 13 x 4 x 12 x 6                                                   =     3,744
#   quads      13 x 48                                                           =       624
PAIRED = {"pair": 13 * 6 * comb(12, 3) * 4**3, "two-pair": comb(13, 2) * 36 * 11 * 4,
          "three-of-a-kind": 13 * 4 * comb(12, 2) * 16, "full-house": 13 * 4 * 12 * 6,
          "four-of-a-kind": 13 * 48}
# Ace-to-five: straights and flushes are ignored, so every hand of five different ranks is a
# "no pair" low: C(13,5) rank sets x 4^5 suitings = 1,317,888.
A5 = {"high-card": comb(13, 5) * 4**5, **PAIRED}
# Deuce-to-seven: the ace is high and A-2-3-4-5 is no straight, leaving 9 straights (6-high to
# ace-high) of the C(13,5) = 1287 rank sets:
#   straight flush  9 x 4 = 36, of which the 4 ace-high ones are called royal
#   straight        9 x (4^5 - 4)                          =     9,180
#   flush           (1287 - 9) x 4                         =     5,112
#   no pair         (1287 - 9) x (4^5 - 4)                 = 1,303,560
DEUCE = {"royal-flush": 4, "straight-flush": 32, "straight": 9 * (4**5 - 4), "flush": (1287 - 9) * 4,
         "high-card": (1287 - 9) * (4**5 - 4), **PAIRED}


def test_every_ace_to_five_low() -> None:
    hist = batch.histogram_high(5, order=ACE_TO_FIVE)
    assert int(hist.sum()) == 2_598_960 == sum(A5.values())
    assert batch.category_counts(hist, ACE_TO_FIVE) == A5
    # Distinct values: 1287 no-pair rank sets, 13 x C(12,3) pairs, C(13,2) x 11 two pairs,
    # 13 x C(12,2) trips, 13 x 12 full houses, 13 x 12 quads = 6175.
    assert int((hist > 0).sum()) == 1287 + 13 * 220 + 78 * 11 + 13 * 66 + 156 + 156 == 6175
    # The wheel is the best hand, 5-4-3-2-A of any suits (flushes ignored): 4^5 of them.
    best = int(np.flatnonzero(hist)[-1])
    assert best == rank_low_a5(card_ids("5h 4d 3c 2s Ah")) == rank_low_a5(card_ids("5h 4h 3h 2h Ah"))
    assert int(hist[best]) == 4**5


def test_every_deuce_to_seven_low() -> None:
    hist = batch.histogram_high(5, order=DEUCE_TO_SEVEN)
    assert int(hist.sum()) == 2_598_960 == sum(DEUCE.values())
    assert batch.category_counts(hist, DEUCE_TO_SEVEN) == DEUCE
    # Distinct values as in high poker, the wheel's rank set moved from the straights to the
    # no-pair hands: 1278 + 9 + 9 + 1278 + 2860 + 858 + 858 + 156 + 156 = 7462.
    assert int((hist > 0).sum()) == 7462
    # The best hand is 7-5-4-3-2 of mixed suits: 4^5 - 4 of them; all one suit it is a flush.
    best = int(np.flatnonzero(hist)[-1])
    assert best == rank_low_27(card_ids("7h 5d 4c 3s 2h")) and int(hist[best]) == 4**5 - 4
    assert rank_low_27(card_ids("7h 5h 4h 3h 2h")) < rank_low_27(card_ids("Kh Qd Jc 9s 8h"))
    assert rank_low_27(card_ids("As 2d 3c 4h 5s")) < best  # ace high, not a straight


# Badugi (D-450): a hand's size is the largest set of its cards with no two of one rank or suit,
# a maximum matching between ranks and suits; by König it is the smallest set of ranks and
# suits touching every card.
#   size 4: four ranks and four suits: C(13,4) x 4! = 17,160
#   size 1: every two cards share a rank or a suit, which forces one rank (13) or one suit
#           (4 x C(13,4) = 2,860): 2,873
#   size <= 2: the cards lie in (A) two ranks: C(13,2) x (C(8,4) - 2) + 13 = 5,317; or (B) two
#           suits: 6 x (C(26,4) - 2 C(13,4)) + 4 C(13,4) = 83,980; or (C) one rank r and one suit
#           s, which adds to A and B only the hands of two more cards of r and two more of s:
#           13 x 4 x C(3,2) x C(12,2) = 10,296. A and B share the 2x2 grids C(13,2) x C(4,2) =
#           468, so 5,317 + 83,980 - 468 + 10,296 = 99,125 hands, of which 96,252 have size 2
#   size 3: the rest, 270,725 - 17,160 - 99,125 = 154,440
BADUGI_SIZES = {4: comb(13, 4) * 24, 1: 13 + 4 * comb(13, 4),
                2: 5_317 + 83_980 - 468 + 13 * 4 * 3 * comb(12, 2) - (13 + 4 * comb(13, 4))}
BADUGI_SIZES[3] = comb(52, 4) - BADUGI_SIZES[4] - BADUGI_SIZES[2] - BADUGI_SIZES[1]


def test_every_badugi_hand() -> None:
    assert BADUGI_SIZES == {4: 17_160, 3: 154_440, 2: 96_252, 1: 2_873}
    values = Counter(rank_badugi(hand) for hand in combinations(range(52), 4))
    sizes = Counter()
    for value, n in values.items():
        sizes[value >> 16] += n
    assert dict(sizes) == BADUGI_SIZES
    # Distinct values: one per set of ranks of each size, C(13,4) + C(13,3) + C(13,2) + 13.
    assert len(values) == 715 + 286 + 78 + 13 == 1092
    best = max(values)
    assert best == rank_badugi(card_ids("Ac 2d 3h 4s")) and values[best] == 24  # A-2-3-4, 4! suitings
