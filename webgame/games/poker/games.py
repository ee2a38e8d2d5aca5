"""The board games as data: how many hole cards, how a hand is made, high-low, boards, odd chips.

One ``GameKind`` per game (or per rulebook where a rulebook plays it differently, D-434); the
hand (hand.py) deals and bets the same way for all of them and asks the kind to rank hands.
Hands are ranked by pokerkit's evaluators:

* ``any``: the best five of hole and board (hold'em, pineapple after its discard, D-438);
* ``exactly-two``: exactly two hole cards and three board cards (Omaha, Big O c001, D-434, D-437);
* ``at-least-two``: two or more hole cards, the rest from the board (Big O c003 rule 8, D-434).

High-low games split each pot between the best high and the best ace-to-five low of eight or
better, each half with its own choice of hole cards; with no qualifying low the high takes the
whole pot (D-407, D-432).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Any

from pokerkit import Card, EightOrBetterLowHand, Hand, RegularLowHand, StandardHighHand

from webgame.engine.hands.high import evaluate_high
from webgame.engine.hands.value import HandValue

from .mexican import MexicanHand

ANY = "any"
EXACTLY_TWO = "exactly-two"
AT_LEAST_TWO = "at-least-two"

# Who takes an odd cent (D-408): "button": tied winners one each clockwise from the button, and
# the high half takes an odd cent between the halves; "nearest-button": c001 Omaha Hi-Lo, every
# odd cent of a pot with a shared half goes to the winner closest to the button's left
# (001 s.6036-6038); "high-card": the stud games, the tied winner holding the highest card by suit
# (stud.py, D-408).
ODD_CHIP_RULES = ("button", "nearest-button", "high-card")


@dataclass(frozen=True)
class GameKind:
    name: str                 # "Texas Hold'em"
    hole_cards: int = 2
    hole_rule: str = ANY
    hi_lo: bool = False
    boards: int = 1
    discard: str = ""         # pineapple: "before-flop" or "after-flop" (D-438)
    odd_chip: str = "button"
    # The draw games' deal plan (draw.py): the cards each player holds are ``hole_cards``; how
    # many draws, how a hand ranks, and the joker ("" none, "bug" 004 s.541, "wild" D-453).
    draws: int = 0
    evaluator: str = "high"   # "high", "a5", "27", "hi-lo", "badugi"
    joker: str = ""
    # Stud games (stud.py); the board games leave these at their defaults.
    stud: str = ""            # the deal plan: "seven" (3rd-7th street), "five", "mexican"; "" = board
    low: str = ""             # "a5": razz, the lowest ace-to-five hand takes the whole pot (D-444)
    bring_in: str = "low"     # the first-round card: "low" (ace high), "razz" (highest, ace low), "high",
                              # "mexican" (highest, the joker an ace, ties nearest the button)
    forced: str = "bring-in"  # "bring-in" (forced, may complete), "open" (check or bet, c004: D-439),
                              # "either-limit" (a forced open at the lower or upper limit, 003 §7)
    open_pair: str = ""       # 4th street double limit: "any" (c002-c004), "own" (c001), "" none (D-441)
    reuse_burns: bool = True  # short of cards on 7th street: the burns first (c001-c003), D-440


def kind_from_rules(name: str, rules: Mapping[str, Any]) -> GameKind:
    """A variant's game kind from its resolved rules."""
    kind = GameKind(
        name=name,
        hole_cards=int(rules.get("hole_cards", 2)),
        hole_rule=str(rules.get("hole_rule", ANY)),
        hi_lo=bool(rules.get("hi_lo", False)),
        boards=int(rules.get("boards", 1)),
        discard=str(rules.get("discard", "")),
        odd_chip=str(rules.get("odd_chip", "button")),
        draws=int(rules.get("draws", 0)),
        evaluator=str(rules.get("evaluator", "high")),
        joker=_joker_setting(rules.get("joker", "")),
        stud=str(rules.get("stud", "")),
        low=str(rules.get("low", "")),
        bring_in=str(rules.get("bring_in_card", "low")),
        forced=str(rules.get("first_round", "bring-in")),
        open_pair=str(rules.get("open_pair_double", "")),
        reuse_burns=bool(rules.get("reuse_burns", True)),
    )
    if kind.evaluator == "high-joker":  # a high game that always deals the joker as a bug (004 s.541)
        kind = replace(kind, evaluator="high", joker=kind.joker or "bug")
    if kind.evaluator not in EVALUATORS or kind.joker not in ("", "bug", "wild") or not 0 <= kind.draws <= 3 \
            or (kind.evaluator == "badugi" and kind.joker):
        raise ValueError(f"{name}: unknown draw settings {dict(rules)!r}")
    if kind.stud not in ("", "seven", "five", "mexican") or kind.low not in ("", "a5") \
            or kind.bring_in not in ("low", "razz", "high", "mexican") \
            or kind.forced not in ("bring-in", "open", "either-limit") \
            or kind.open_pair not in ("", "any", "own"):
        raise ValueError(f"{name}: unknown stud settings {dict(rules)!r}")
    if kind.hole_rule not in (ANY, EXACTLY_TWO, AT_LEAST_TWO) or kind.odd_chip not in ODD_CHIP_RULES \
            or kind.discard not in ("", "before-flop", "after-flop") or kind.boards not in (1, 2):
        raise ValueError(f"{name}: unknown game settings {dict(rules)!r}")
    return kind


EVALUATORS = ("high", "a5", "27", "hi-lo", "badugi")


def _joker_setting(value: Any) -> str:
    """The operator's joker option: true/false at Chapter 4's tables (004 s.541), or a mode."""
    if value is True:
        return "bug"
    return "" if value in (False, None, "none") else str(value)


def best_high(kind: GameKind, hole: Sequence[str], board: Sequence[str]) -> Hand:
    """The best high hand this player holds on this board under the game's hole-card rule;
    at razz the best ace-to-five low, which takes the whole pot (D-444)."""
    if kind.low == "a5":
        return _best_razz(tuple(hole), tuple(board))
    return _best_high(kind.hole_rule, tuple(hole), tuple(board))


@lru_cache(maxsize=4096)
def _best_razz(hole: tuple[str, ...], board: tuple[str, ...]) -> Hand:
    """Razz: the best five of seven as an ace-to-five low, straights and flushes ignored, pairs
    counting against the hand (003 §11, D-444)."""
    return max(RegularLowHand(five) for five in combinations(_parse(hole) + _parse(board), 5))


def best_low(kind: GameKind, hole: Sequence[str], board: Sequence[str]) -> Hand | None:
    """The best ace-to-five low of eight or better, or None when the player has none (D-407)."""
    return _best_low(kind.hole_rule, tuple(hole), tuple(board))


# A showdown ranks each hand twice (who shows, D-415, then who wins): the last few thousand
# results are kept. Each five-card combination the rule allows is ranked by pokerkit's own
# lookup (StandardHighHand, EightOrBetterLowHand) from parsed cards, which is what pokerkit's
# OmahaHoldemHand.from_game does, without parsing the text again for every combination.
@lru_cache(maxsize=4096)
def _best_high(rule: str, hole: tuple[str, ...], board: tuple[str, ...]) -> Hand:
    best: Hand | None = None
    for five in _fives(rule, _parse(hole), _parse(board)):
        hand = StandardHighHand(five)
        if best is None or hand > best:
            best = hand
    if best is None:
        raise ValueError("no five-card hand under this rule")
    return best


@lru_cache(maxsize=4096)
def _best_low(rule: str, hole: tuple[str, ...], board: tuple[str, ...]) -> Hand | None:
    best: Hand | None = None
    for five in _fives(rule, _parse(hole), _parse(board)):
        ranks = {str(c.rank) for c in five}
        if len(ranks) < 5 or not ranks <= _LOW_RANKS:
            continue  # a pair, or a card above the eight: no qualifying low (D-407)
        hand = EightOrBetterLowHand(five)
        if best is None or hand > best:
            best = hand
    return best


_LOW_RANKS = set("A2345678")


def plays_whole_hole(kind: GameKind, hole: Sequence[str], board: Sequence[str]) -> bool:
    """Does one of the player's best high five-card hands use every hole card? (The Bad Beat
    Jackpot's "both hole cards must play", 000 s.911, D-421.)"""
    best = best_high(kind, hole, board)
    cards = _parse(tuple(hole))
    return any(StandardHighHand(five) == best and all(c in five for c in cards)
               for five in _fives(kind.hole_rule, cards, _parse(tuple(board))))


def _parse(codes: tuple[str, ...]) -> tuple[Card, ...]:
    return tuple(Card.parse("".join(codes)))


def _fives(rule: str, hole: tuple[Card, ...], board: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every five-card hand the hole-card rule allows."""
    if rule == EXACTLY_TWO:
        return [h + b for h in combinations(hole, 2) for b in combinations(board, 3)]
    if rule == AT_LEAST_TWO:
        return [h + b for n in range(2, min(5, len(hole)) + 1) if 5 - n <= len(board)
                for h in combinations(hole, n) for b in combinations(board, 5 - n)]
    return list(combinations(hole + board, 5))


_RANKS = "23456789TJQKA"


def hand_name(hand: Hand | HandValue | MexicanHand) -> str:
    """The hand in the words of the felt: "two pair, kings and fives, 9 kicker" (the engine's
    shared describer, engine/hands/value.py), "8-6-4-3-2 low"."""
    if isinstance(hand, HandValue):
        return hand.description  # a draw game's hand, worded by draw.py
    if isinstance(hand, MexicanHand):
        return hand.words
    ranks = [str(c.rank) for c in hand.cards]
    if isinstance(hand, (EightOrBetterLowHand, RegularLowHand)):
        lows = sorted(ranks, key=lambda r: 1 if r == "A" else _RANKS.index(r) + 2, reverse=True)
        return "-".join("A" if r == "A" else ("10" if r == "T" else r) for r in lows) + " low"
    words = evaluate_high([repr(c) for c in hand.cards]).description
    return words[:1].lower() + words[1:]
