"""Three Card Poker: Pair Plus and Ante/Play (with the Ante Bonus), exactly.

One fresh deck a round (000 s.1012, 004 s.1448). All 22,100 three-card hands are ranked
at once by the numpy evaluator; each distinct hand value is graded once through the
engine's own ``pay_line`` and ``qualifies`` (``webgame.games.carnival.base``).

Ante/Play: for every player hand (grouped by suit symmetry), the dealer's 18,424 hands
from the other 49 cards are counted by outcome (does not qualify, beaten, tied, wins),
and the player plays whenever playing is worth more than folding: the optimal strategy,
which is the house bots' "queen-six-four or better" (a test checks it hand by hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.hands import evaluate_three
from ..engine.hands.batch import combinations_array, rank_three_batch
from ..engine.hands.value import HandValue
from ..engine.money import Odds
from ..engine.paytable import Variant
from ..games.carnival.base import pay_line, qualifies
from ..games.carnival.three_card import BOT_PLAYS_FROM
from .core import Result, Wager

GAME = "three-card-poker"
ANTE, PAIR_PLUS, SIX_CARD_BONUS, TCP_BONUS = "ante", "pair-plus", "six-card-bonus", "tcp-bonus"


@cache
def deck_hands() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every three-card hand of one deck: (cards, values, 52-bit card masks)."""
    hands = combinations_array(52, 3)
    values = rank_three_batch(hands).astype(np.int64)
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), hands.astype(np.int64)), axis=1)
    return hands, values, masks


@cache
def hand_values() -> dict[int, HandValue]:
    """One HandValue per distinct value, from the first hand that has it (the engine's words)."""
    hands, values, _ = deck_hands()
    _, first = np.unique(values, return_index=True)
    return {int(values[i]): evaluate_three([int(c) for c in hands[i]]) for i in first}


def _net(rules: Mapping[str, Any], paytable: str, line: str | None) -> Fraction:
    if line is None:
        return Fraction(-1)
    return Odds.parse(str(rules["paytables"][paytable]["lines"][line])).net


def pair_plus(rules: Mapping[str, Any], key: str = "pair_plus_paytable") -> Result:
    """Pair Plus (and the Lucky Chances Bonus): the player's three cards against the posted
    scale (000 s.1020, 002 s.1586)."""
    _, values, _ = deck_hands()
    table = str(rules[key])
    ev, hits = Fraction(0), 0
    counts = np.bincount(values)
    for value, hand in hand_values().items():
        line = pay_line(rules, table, hand)
        ev += int(counts[value]) * _net(rules, table, line)
        hits += int(counts[value]) if line is not None else 0
    total = len(values)
    return Result(house_edge=-ev / total, hit_frequency=Fraction(hits, total), element_of_risk=-ev / total)


def _suit_class(cards: npt.NDArray[np.uint8]) -> tuple[tuple[int, int], ...]:
    """A key shared by hands that differ only by a renaming of suits (same value, same odds
    against every dealer hand): cards by rank, suits renamed in order of appearance."""
    names: dict[int, int] = {}
    out = []
    for c in sorted(int(x) for x in cards):
        rank, suit = c >> 2, c & 3
        out.append((rank, names.setdefault(suit, len(names))))
    return tuple(out)


@cache
def _classes() -> list[tuple[int, int]]:
    """(index of a representative hand, hands in its class)."""
    hands, _, _ = deck_hands()
    seen: dict[tuple[tuple[int, int], ...], list[int]] = {}
    for i, cards in enumerate(hands):
        seen.setdefault(_suit_class(cards), [i, 0])[1] += 1
    return [(i, n) for i, n in seen.values()]


@dataclass(frozen=True)
class PlayerHand:
    """One class of player hand against every dealer hand. Folding is worth -1."""

    index: int  # a representative in ``deck_hands()``
    hands: int  # player hands in the class
    play: Fraction  # EV of playing, per Ante
    hit: Fraction  # chance of ending ahead when playing
    bots_play: bool  # the house bots' rule (queen-six-four or better) plays it


def ante_play_table(rules: Mapping[str, Any]) -> list[PlayerHand]:
    _, values, masks = deck_hands()
    qualifier = list(rules["dealer_qualifier"])
    by_value = hand_values()
    qualifying = np.zeros(int(values.max()) + 1, dtype=bool)
    for value, hand in by_value.items():
        qualifying[value] = qualifies(hand, qualifier)
    main, bonus = str(rules["ante_play_paytable"]), str(rules.get("ante_bonus_paytable") or "")
    win = _net(rules, main, "win")
    no_game = _net(rules, main, "dealer-does-not-qualify")
    # Lucky Chances: a player-dealer below the qualifier pays only the Antes that beat it and
    # returns the others (D-272).
    only_higher = rules.get("ante_if_dealer_does_not_play") == "pays-if-higher"
    out = []
    for i, n in _classes():
        dealer = values[(masks & masks[i]) == 0]
        plays = qualifying[dealer]
        mine = int(values[i])
        beaten = int(np.count_nonzero(plays & (dealer < mine)))
        lost = int(np.count_nonzero(plays & (dealer > mine)))
        folds = int(np.count_nonzero(~plays))
        tied = len(dealer) - beaten - lost - folds
        hand = by_value[mine]
        line = pay_line(rules, bonus, hand) if bonus else None
        ante_bonus = _net(rules, bonus, line) if line is not None else Fraction(0)
        # Ante and Play are equal (000 s.1021): a qualified dealer beaten pays both, one who
        # does not play pays the Ante and pushes the Play, a dealer win takes both.
        paid_folds = int(np.count_nonzero(~plays & (dealer < mine))) if only_higher else folds
        ev = ante_bonus + Fraction(paid_folds * no_game + beaten * 2 * win - lost * 2, len(dealer))
        ahead = sum(count for count, net in ((paid_folds, no_game), (beaten, 2 * win), (tied, 0), (lost, -2))
                    if net + ante_bonus > 0)
        out.append(PlayerHand(i, n, ev, Fraction(ahead, len(dealer)), qualifies(hand, BOT_PLAYS_FROM)))
    return out


def ante_play(rules: Mapping[str, Any]) -> Result:
    table = ante_play_table(rules)
    total = sum(h.hands for h in table)
    ev = sum(h.hands * max(h.play, Fraction(-1)) for h in table) / total
    played = Fraction(sum(h.hands for h in table if h.play > -1), total)
    hit = sum(h.hands * h.hit for h in table if h.play > -1) / total
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev / (1 + played))


def _lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()}


def six_card_bonus(rules: Mapping[str, Any]) -> Result:
    """The 6 Card Bonus: the best five of the player's three and the player-dealer's three,
    every one of the 20,358,520 six-card hands of a deck counted by its best category (D-282);
    a folded hand still plays it (D-281), so the player's decision changes nothing."""
    from ..engine.hands.batch import category_counts, histogram_high

    table = str(rules["six_card_bonus_paytable"])
    lines = rules["paytables"][table]["lines"]
    counts = category_counts(histogram_high(6))
    total = sum(counts.values())
    ev, hits = Fraction(0), 0
    for category, n in counts.items():
        line = category if category in lines else ("straight-flush" if category == "royal-flush"
                                                   and "straight-flush" in lines else None)
        ev += n * _net(rules, table, line)
        hits += n if line is not None else 0
    return Result(house_edge=-ev / total, hit_frequency=Fraction(hits, total), element_of_risk=-ev / total)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    main, bonus = str(rules["ante_play_paytable"]), str(rules.get("ante_bonus_paytable") or "")
    banked = "against the player-dealer, whose stake is assumed to cover every wager; " if variant.player_banked else ""
    out = [Wager(
        bet=ANTE, label="Ante and Play, with the Ante Bonus" if bonus else "Ante and Play",
        paytable={**_lines(rules, main), **({f"ante-bonus {k}": v for k, v in _lines(rules, bonus).items()}
                                            if bonus else {})},
        assumptions=("Exact, " + banked + "every player hand against the dealer's 18,424 hands from the other 49 cards of a "
                     "fresh deck; the player plays (Play = Ante) whenever that is worth more than folding, which "
                     "is queen-six-four or better, the house bots' rule; dealer plays with queen high. House edge "
                     "per Ante, element of risk per Ante plus Play, the Ante Bonus counted in the result."),
        exact=partial(ante_play, rules), slow=True,
    )]
    if PAIR_PLUS in rules.get("side_bets", []):
        pp = str(rules["pair_plus_paytable"])
        out.append(Wager(
            bet=PAIR_PLUS, label="Pair Plus", paytable=_lines(rules, pp),
            assumptions="Exact: all 22,100 three-card hands of a fresh deck, graded on the player's cards alone.",
            exact=partial(pair_plus, rules),
        ))
    if TCP_BONUS in rules.get("side_bets", []):
        out.append(Wager(
            bet=TCP_BONUS, label="Bonus (equal to the Ante)", paytable=_lines(rules, str(rules["tcp_bonus_paytable"])),
            assumptions="Exact: all 22,100 three-card hands of a fresh deck, graded on the player's cards alone; "
                        "a fold forfeits it (D-276), and the optimal player never folds a paying hand.",
            exact=partial(pair_plus, rules, "tcp_bonus_paytable"),
        ))
    if SIX_CARD_BONUS in rules.get("side_bets", []):
        out.append(Wager(
            bet=SIX_CARD_BONUS, label="6 Card Bonus", paytable=_lines(rules, str(rules["six_card_bonus_paytable"])),
            assumptions="Exact: all 20,358,520 six-card hands (the player's three and the player-dealer's three), "
                        "best five of six, flush above straight (D-282); it plays after a fold (D-281).",
            exact=partial(six_card_bonus, rules), slow=True,
        ))
    return out
