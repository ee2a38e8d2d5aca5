"""Poker hand evaluators: high (5-7 cards, Omaha), three-card, four-card, lows, jokers.

Two layers:

Hand sizes: high 5-7 cards (``evaluate_high``), Omaha hole + board, three-card
(Three Card Poker), four-card (best four of 4-6, Four Card Poker), two-card
(the Pai Gow front hand), lows of 5-7 cards, Badugi.

* ``evaluate_*`` take Cards (or codes like "As") and return a ``HandValue``:
  ``rank`` (int), ``category`` ("full-house", "royal-flush" …), ``description``
  ("Full house, kings over sevens"), the ``cards`` that make the hand, and
  ``lines`` (paytable lines, most specific first).
* ``rank_*`` take card ids (ints 0..51, ``card_ids``; joker = 52) and return the
  int only; these are the fast paths for settlement loops and simulation.
  ``batch`` (numpy) ranks whole arrays and counts every hand exactly.

Every rank is an int where HIGHER IS BETTER for the game it belongs to, lows
included, so ``max()`` finds the winner and equal ints tie. Ranks of different
functions (or orders) are not comparable; ``HandValue`` refuses to compare them.

Orders (rules that differ by game, see tables.Order): ``STANDARD``;
``PAI_GOW_WHEEL_SECOND`` (A-2-3-4-5 second-best straight, c000/c004, D-213);
``DOUBLE_HAND_POKER`` (five aces below the royal, D-216); ``MEXICAN_STUD``
(flush beats full house, D-452); lows ``ACE_TO_FIVE``, ``EIGHT_OR_BETTER``,
``DEUCE_TO_SEVEN`` (D-407, D-445).
"""

from webgame.engine.hands.four import evaluate_four, rank_four
from webgame.engine.hands.high import (
    HighEvaluator,
    evaluate_high,
    evaluate_omaha,
    high_evaluator,
    rank_high,
    rank_omaha,
)
from webgame.engine.hands.ids import (
    DECK_IDS,
    JOKER,
    card_id,
    card_ids,
    id_card,
    id_code,
)
from webgame.engine.hands.joker import rank_joker_high
from webgame.engine.hands.low import (
    evaluate_badugi,
    evaluate_low,
    evaluate_omaha_low,
    rank_badugi,
    rank_low_8,
    rank_low_27,
    rank_low_a5,
    rank_omaha_low8,
)
from webgame.engine.hands.tables import (
    ACE_TO_FIVE,
    DEUCE_TO_SEVEN,
    DOUBLE_HAND_POKER,
    EIGHT_OR_BETTER,
    MEXICAN_STUD,
    PAI_GOW_WHEEL_SECOND,
    STANDARD,
    Order,
)
from webgame.engine.hands.three import evaluate_three, rank_three
from webgame.engine.hands.two import evaluate_two, rank_two
from webgame.engine.hands.value import HandValue

__all__ = [
    "ACE_TO_FIVE",
    "DECK_IDS",
    "DEUCE_TO_SEVEN",
    "DOUBLE_HAND_POKER",
    "EIGHT_OR_BETTER",
    "JOKER",
    "MEXICAN_STUD",
    "PAI_GOW_WHEEL_SECOND",
    "STANDARD",
    "HandValue",
    "HighEvaluator",
    "Order",
    "card_id",
    "card_ids",
    "evaluate_badugi",
    "evaluate_four",
    "evaluate_high",
    "evaluate_low",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "evaluate_three",
    "evaluate_two",
    "high_evaluator",
    "id_card",
    "id_code",
    "rank_badugi",
    "rank_four",
    "rank_high",
    "rank_joker_high",
    "rank_low_8",
    "rank_low_27",
    "rank_low_a5",
    "rank_omaha",
    "rank_omaha_low8",
    "rank_three",
    "rank_two",
]
