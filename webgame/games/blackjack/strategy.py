"""Basic strategy for the house's bots: the standard multi-deck chart, double after split,
late surrender, with the few plays that change when the dealer hits soft 17.

The chart is a fixed table, not a simulation: it is what a careful regular plays, which
is all a bot seat needs. A bot never takes insurance, even money or side bets.

One chart serves three readers (P-110): the bots (:func:`decide`), the exact house edge
of the main bet (``webgame.analysis.blackjack_exact`` plays this same chart), and the
rules panel, which prints it as a grid (:func:`chart_rows`). The grid's codes are the
ones printed on strategy cards: H hit, S stand, D double (else hit), Ds double (else
stand), P split, R surrender (else hit), Rs surrender (else stand); a digit after a code
(Spanish 21's chart: "S4", "D3") means "with that many cards or more, hit instead".

Three named charts (P-140): the house chart of the blackjack tables; the Spanish 21 chart
(hands of any number of cards, doubles on any number of cards); the Free Bet chart (every
free double and free split taken, the house chart otherwise). :func:`rule_set` says which
one a table's rules call for.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .hand import card_value, count

HIT, STAND, DOUBLE, SPLIT, SURRENDER = "hit", "stand", "double", "split", "surrender"

# Chart codes, as strategy cards print them.
H, S, D, DS, P, R, RS = "H", "S", "D", "Ds", "P", "R", "Rs"
DD, RE = "DD", "RE"  # after a double: double again, rescue (Spanish 21)
AFTER_DOUBLE_LEGEND: tuple[tuple[str, str], ...] = (
    (S, "stand"),
    (DD, "double again (up to the total bet) if allowed, otherwise stand"),
    (RE, "rescue (take back the last double, give up the rest) if allowed, otherwise stand"),
)
RESCUE = "rescue"
LEGEND: tuple[tuple[str, str], ...] = (
    (H, "hit"),
    (S, "stand"),
    (D, "double if allowed, otherwise hit"),
    (DS, "double if allowed, otherwise stand"),
    (P, "split"),
    (R, "surrender if allowed, otherwise hit"),
    (RS, "surrender if allowed, otherwise stand"),
)
UPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)  # the dealer's up card: 11 is the ace
HARD_TOTALS = tuple(range(4, 22))
SOFT_TOTALS = tuple(range(12, 22))
PAIR_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)  # 1 = aces
NAME = "the house basic strategy chart (multi-deck, total-dependent)"

# The rule sets with a chart of their own (read from the table's rules by rule_set()).
BLACKJACK, SPANISH_21, FREE_BET, SWITCH = "blackjack", "spanish-21", "free-bet", "blackjack-switch"
SPANISH_21_ONE_DOUBLE = "spanish-21-one-double"  # a Spanish table where a doubled hand may not double again
SPANISH_NAME = ("the Spanish 21 basic strategy for tables that double again (after the Wizard of Odds' Spanish 21 "
                "chart, six or eight 48-card decks, dealer hits soft 17, no suit-dependent plays, with the first "
                "doubles that re-doubling and rescue make pay; after a double, the double-doubles and rescues of its "
                "after-double grid)")
SPANISH_ONE_DOUBLE_NAME = ("the Spanish 21 basic strategy for tables with one double a hand (the Wizard of Odds' "
                           "Spanish 21 chart, six or eight 48-card decks, dealer hits soft 17, no suit-dependent "
                           "plays; after a double, the rescues of its after-double grid where the table offers them)")
SWITCH_NAME = ("the Blackjack Switch strategy (switch by the table of hand values, the two hands' values added "
               "up as dealt and switched and the higher played, as the Wizard of Odds' Blackjack Switch pages "
               "advise; then the Switch play chart: the house chart with the plays a dealer 22 push changes, "
               "no surrender)")
FREE_BET_NAME = ("the Free Bet strategy (every free double and free split taken, the double first, as the "
                 "Wizard of Odds advises; otherwise the house chart, dealer hits soft 17, no surrender)")


@dataclass(frozen=True)
class Options:
    """What the rules allow on the hand right now."""

    can_double: bool
    can_split: bool
    can_surrender: bool
    dealer_hits_soft_17: bool
    rule_set: str = BLACKJACK  # which named chart the table's rules call for (rule_set())


@dataclass(frozen=True)
class Chart:
    """The whole chart for one dealer rule: a code per (total, up card), a split flag per
    (pair value, up card). Read by the bots, the exact analysis and the rules panel."""

    dealer_hits_soft_17: bool
    hard: Mapping[int, Mapping[int, str]]
    soft: Mapping[int, Mapping[int, str]]
    pairs: Mapping[int, Mapping[int, bool]]
    rule_set: str = BLACKJACK
    # After a double, where the table lets a hand double again or rescue (Spanish 21, 000
    # s.1119-1120): a code per (total, up card), DD or RE; a total not listed stands (P-274).
    after_double_hard: Mapping[int, Mapping[int, str]] = field(default_factory=dict)
    after_double_soft: Mapping[int, Mapping[int, str]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        if self.rule_set == SPANISH_21:
            return SPANISH_NAME
        if self.rule_set == SPANISH_21_ONE_DOUBLE:
            return SPANISH_ONE_DOUBLE_NAME
        if self.rule_set == FREE_BET:
            return FREE_BET_NAME
        if self.rule_set == SWITCH:
            return f"{SWITCH_NAME}, dealer {'hits' if self.dealer_hits_soft_17 else 'stands on'} soft 17"
        return f"{NAME}, dealer {'hits' if self.dealer_hits_soft_17 else 'stands on'} soft 17"


def rule_set(rules: Mapping[str, object]) -> str:
    """The named chart a table's rules call for: Spanish 21's where a player 21 always wins
    and the 21 bonuses are paid (the re-doubling chart where a doubled hand may double again,
    P-275), Free Bet's where doubles or splits are free, else the house chart; Blackjack
    Switch's where the box switches its second cards."""
    if rules.get("switch_second_cards"):
        return SWITCH
    if rules.get("player_21_wins") and rules.get("bonus_paytable"):
        return SPANISH_21 if int(str(rules.get("max_doublings", 1))) > 1 else SPANISH_21_ONE_DOUBLE
    if rules.get("free_double_hard_totals") or rules.get("free_split_values"):
        return FREE_BET
    return BLACKJACK


def up_value(up_card: str) -> int:
    """2-10, and 11 for an ace, as strategy charts index the dealer's card."""
    v = card_value(up_card)
    return 11 if v == 1 else v


# ---------------------------------------------------------------------------------------
# The chart, written once
# ---------------------------------------------------------------------------------------
def _pair(pair_value: int, up: int) -> bool:
    """Whether to split a pair of this value (1 = aces)."""
    if pair_value in (1, 8):
        return True
    if pair_value == 9:
        return up in (2, 3, 4, 5, 6, 8, 9)
    if pair_value == 7:
        return 2 <= up <= 7
    if pair_value == 6:
        return 2 <= up <= 6
    if pair_value == 4:
        return up in (5, 6)
    if pair_value in (2, 3):
        return 2 <= up <= 7
    return False  # fives play as a hard ten, tens are never split


def _surrender(total: int, up: int, h17: bool) -> bool:
    """Hard totals only: a soft hand is never surrendered."""
    if total == 16:
        return up in (9, 10, 11)
    if total == 15:
        return up == 10 or (h17 and up == 11)
    if total == 17:
        return h17 and up == 11
    return False


def _soft(total: int, up: int, h17: bool) -> str:
    if total >= 20:
        return S
    if total == 19:
        return DS if (h17 and up == 6) else S
    if total == 18:
        if 2 <= up <= 6 and (h17 or up >= 3):
            return DS
        if up in (2, 7, 8):  # soft 18 stands against a 2 when the dealer stands on soft 17
            return S
        return H
    if total == 17:
        return D if 3 <= up <= 6 else H
    if total in (15, 16):
        return D if 4 <= up <= 6 else H
    return D if up in (5, 6) else H  # soft 12 (an unsplit pair of aces), 13, 14


def _hard(total: int, up: int, h17: bool) -> str:
    if total >= 17:
        play = S
    elif total >= 13:
        play = S if up <= 6 else H
    elif total == 12:
        play = S if 4 <= up <= 6 else H
    elif total == 11:
        play = D if (up <= 10 or h17) else H
    elif total == 10:
        play = D if up <= 9 else H
    elif total == 9:
        play = D if 3 <= up <= 6 else H
    else:
        play = H
    if _surrender(total, up, h17):
        return R if play == H else RS
    return play


@cache
def chart(dealer_hits_soft_17: bool) -> Chart:
    h17 = dealer_hits_soft_17
    return Chart(
        dealer_hits_soft_17=h17,
        hard={t: {u: _hard(t, u, h17) for u in UPS} for t in HARD_TOTALS},
        soft={t: {u: _soft(t, u, h17) for u in UPS} for t in SOFT_TOTALS},
        pairs={v: {u: _pair(v, u) for u in UPS} for v in PAIR_VALUES},
    )


# ---------------------------------------------------------------------------------------
# Spanish 21 (000 §22): 48-card decks, doubles on any number of cards, a player 21 always
# wins and a 21 of 5, 6 or 7+ cards pays a bonus, so a stiff hand of many cards draws for it.
# After the Wizard of Odds' Spanish 21 basic strategy (wizardofodds.com/games/spanish-21/,
# six or eight decks, dealer hits soft 17), P-140. A digit: with that many cards or more, hit.
# ---------------------------------------------------------------------------------------
_SPANISH_HARD: dict[int, tuple[str, ...]] = {
    #     2     3     4     5     6     7     8     9     10    A
    9: ("H", "H", "H", "H", "D3", "H", "H", "H", "H", "H"),
    10: ("D", "D", "D", "D", "D", "D", "H", "H", "H", "H"),
    11: ("D", "D", "D", "D", "D", "D", "D", "H", "H", "H"),
    12: ("H", "H", "H", "H", "H", "H", "H", "H", "H", "H"),
    13: ("H", "H", "H", "S4", "S5", "H", "H", "H", "H", "H"),
    14: ("H", "H", "S4", "S5", "S6", "H", "H", "H", "H", "H"),
    15: ("S4", "S5", "S6", "S", "S", "H", "H", "H", "H", "H"),
    16: ("S5", "S6", "S", "S", "S", "H", "H", "H", "H", "R"),
    17: ("S", "S", "S", "S", "S", "S", "S", "S", "S", "Rs"),
}
_SPANISH_SOFT: dict[int, tuple[str, ...]] = {
    13: ("H", "H", "H", "H", "H", "H", "H", "H", "H", "H"),
    14: ("H", "H", "H", "H", "H", "H", "H", "H", "H", "H"),
    15: ("H", "H", "H", "H", "H", "H", "H", "H", "H", "H"),
    16: ("H", "H", "H", "H", "D3", "H", "H", "H", "H", "H"),
    17: ("H", "H", "D3", "D3", "D3", "H", "H", "H", "H", "H"),
    18: ("S", "S", "Ds", "Ds", "Ds", "S", "S", "H", "H", "H"),
}
_SPANISH_PAIRS: dict[int, tuple[int, ...]] = {  # the up cards each pair splits against
    1: UPS, 2: (2, 3, 4, 5, 6, 7), 3: (2, 3, 4, 5, 6, 7), 6: (4, 5, 6), 7: (2, 3, 4, 5, 6, 7),
    8: UPS, 9: (3, 4, 5, 6, 8, 9),
}

# Where a doubled hand may double again and rescue (000 s.1119-1120, the Grand Ronde table), a
# double is worth more: the card it draws can be doubled again or given back. These are the first
# doubles that gain there over the published chart's play, found by the count at every hand that
# may double (P-275); split hands double by the same cells. (total, up card): the code.
RE_DOUBLING_HARD: dict[tuple[int, int], str] = {
    (7, 6): "D4",  # 5, 6 and 7 alike
    (8, 5): "D5", (8, 6): "D5",
    (9, 3): "D4", (9, 4): D, (9, 5): D,
    (10, 8): "D3",
    (11, 9): "D4", (11, 10): "D3", (11, 11): "D3",
}
RE_DOUBLING_SOFT: dict[tuple[int, int], str] = {
    (13, 3): "D3", (13, 4): D, (13, 5): D, (13, 6): D,
    (14, 3): "D3", (14, 4): "D4", (14, 5): "D5", (14, 6): "D5",
    (15, 4): "D4", (15, 5): "D5", (15, 6): "D5",
    (16, 4): "D3", (16, 5): "D4",
    (17, 5): "D4",
}


# After a double, where the table offers double-doubles and rescue (000 s.1119-1120): no card
# may be hit, so a doubled hand too small to stand on doubles again, a stiff hand against a 7 or
# 8 doubles again or rescues, and against a 9, ten or ace rescues; soft 13-18 against the small
# cards double again. Every doubled hand was counted three ways (stand, double again, rescue)
# with the first doubles chosen alike, and these are the plays that gain (P-274, P-275); the rest
# stand.
_SPANISH_AFTER_DOUBLE_HARD: dict[int, dict[int, str]] = {
    6: {**{u: DD for u in (4, 5, 6, 7)}, **{u: RE for u in (8, 9, 10, 11)}},
    7: {**{u: DD for u in (2, 3, 4, 5, 6, 7)}, **{u: RE for u in (8, 9, 10, 11)}},
    8: {**{u: DD for u in (2, 3, 4, 5, 6, 7, 8)}, **{u: RE for u in (9, 10, 11)}},
    9: {u: DD for u in UPS}, 10: {u: DD for u in UPS}, 11: {u: DD for u in UPS},
    12: {7: DD, 8: DD, 9: RE, 10: RE, 11: RE},
    13: {9: RE, 10: RE, 11: RE},
    14: {8: RE, 9: RE, 10: RE, 11: RE}, 15: {8: RE, 9: RE, 10: RE, 11: RE}, 16: {8: RE, 9: RE, 10: RE, 11: RE},
    17: {11: RE},
}
_SPANISH_AFTER_DOUBLE_SOFT: dict[int, dict[int, str]] = {
    **{t: {u: DD for u in UPS} for t in (13, 14, 15, 16, 17)}, 18: {4: DD, 5: DD, 6: DD},
}


def _spanish_hard(total: int) -> tuple[str, ...]:
    if total <= 8:
        return (H,) * len(UPS)
    return _SPANISH_HARD[min(total, 17)] if total <= 17 else (S,) * len(UPS)


def _spanish_soft(total: int) -> tuple[str, ...]:
    if total == 12:  # an unsplit pair of aces (never: aces always split): a soft 13's play
        return _SPANISH_SOFT[13]
    return _SPANISH_SOFT.get(total, (S,) * len(UPS))


@cache
def spanish_chart(re_doubling: bool = True) -> Chart:
    """The Spanish 21 chart: for a table that doubles again (the first doubles of P-275), or for
    one with one double a hand (the published chart's)."""
    hard = {t: dict(zip(UPS, _spanish_hard(t), strict=True)) for t in HARD_TOTALS}
    soft = {t: dict(zip(UPS, _spanish_soft(t), strict=True)) for t in SOFT_TOTALS}
    if re_doubling:
        for (t, u), code in RE_DOUBLING_HARD.items():
            for total in ((5, 6, 7) if t == 7 else (t,)):  # the "5-7" row the panel prints
                hard[total][u] = code
        for (t, u), code in RE_DOUBLING_SOFT.items():
            for total in ((12, 13) if t == 13 else (t,)):  # an unsplit A-A plays as soft 13
                soft[total][u] = code
    return Chart(
        dealer_hits_soft_17=True,
        hard=hard,
        soft=soft,
        pairs={v: {u: u in _SPANISH_PAIRS.get(v, ()) for u in UPS} for v in PAIR_VALUES},
        rule_set=SPANISH_21 if re_doubling else SPANISH_21_ONE_DOUBLE,
        after_double_hard=_SPANISH_AFTER_DOUBLE_HARD,
        after_double_soft=_SPANISH_AFTER_DOUBLE_SOFT,
    )


# Free Bet Blackjack (000 §24): the free double (hard 9-11 on two cards) and the free split
# (every pair but tens) cost nothing and are always taken, the double first (a 5-5 doubles).
# A dealer 22 pushes, so a dealer's bust is worth less and a paid double more costly: the
# paid plays are the house chart's with the stiff hands hit a little more (12 against a 4,
# 13 against a 2) and no soft double with the player's own money (P-141); no surrender
# (the table has none, D-083).
FREE_DOUBLES = (9, 10, 11)
FREE_SPLITS = (1, 2, 3, 4, 6, 7, 8, 9)
_FREE_BET_HITS = {(12, 4), (13, 2)}


@cache
def free_bet_chart(dealer_hits_soft_17: bool = True) -> Chart:
    house = chart(dealer_hits_soft_17)
    plain = {R: H, RS: S, D: H, DS: S}  # no surrender; soft doubles hit or stand

    def hard(t: int, u: int, code: str) -> str:
        if t in FREE_DOUBLES:
            return D
        return H if (t, u) in _FREE_BET_HITS else plain.get(code, code) if code in (R, RS) else code

    return Chart(
        dealer_hits_soft_17=dealer_hits_soft_17,
        hard={t: {u: hard(t, u, c) for u, c in row.items()} for t, row in house.hard.items()},
        soft={t: {u: plain.get(c, c) for u, c in row.items()} for t, row in house.soft.items()},
        pairs={v: {u: v in FREE_SPLITS for u in UPS} for v in PAIR_VALUES},
        rule_set=FREE_BET,
    )


def chart_named(name: str, dealer_hits_soft_17: bool) -> Chart:
    """The chart of a rule set (rule_set()) for the table's soft-17 rule."""
    if name == SPANISH_21:
        return spanish_chart()
    if name == SPANISH_21_ONE_DOUBLE:
        return spanish_chart(re_doubling=False)
    if name == FREE_BET:
        return free_bet_chart(dealer_hits_soft_17)
    if name == SWITCH:
        return switch_chart(dealer_hits_soft_17)
    return chart(dealer_hits_soft_17)


def at_cards(code: str, cards: int) -> str:
    """A code read for a hand of ``cards`` cards: "S4" is S with up to three cards and H
    with four or more; a code without a digit is itself."""
    if code[-1].isdigit():
        return H if cards >= int(code[-1]) else code[:-1]
    return code


def play_of(code: str, can_double: bool, can_surrender: bool) -> str:
    """The move a chart code makes when the rules allow (or forbid) doubling and surrender."""
    if code in (D, DS):
        return DOUBLE if can_double else (HIT if code == D else STAND)
    if code in (R, RS):
        return SURRENDER if can_surrender else (HIT if code == R else STAND)
    return HIT if code == H else STAND


def after_double_code(c: Chart, total: int, soft: bool, up: int) -> str:
    """The chart's code for a doubled hand still in play: DD, RE or S."""
    return (c.after_double_soft if soft else c.after_double_hard).get(total, {}).get(up, S)


def after_double(cards: Sequence[str], up_card: str, can_double: bool, can_rescue: bool,
                 dealer_hits_soft_17: bool, rule_set: str) -> str:
    """A doubled hand's play where the table offers double-doubles or rescue: "double",
    "rescue" or "stand" (P-274)."""
    hand = count(cards)
    code = after_double_code(chart_named(rule_set, dealer_hits_soft_17), hand.total, hand.soft, up_value(up_card))
    if code == DD and can_double:
        return DOUBLE
    if code == RE and can_rescue:
        return RESCUE
    return STAND


def hand_code(c: Chart, total: int, soft: bool, up: int) -> str:
    """The chart's code for a total (no split considered)."""
    return (c.soft if soft else c.hard)[total][up]


def decide(cards: Sequence[str], up_card: str, options: Options) -> str:
    """The basic-strategy play: "hit", "stand", "double", "split" or "surrender"."""
    up = up_value(up_card)
    c = chart_named(options.rule_set, options.dealer_hits_soft_17)
    pair = len(cards) == 2 and card_value(cards[0]) == card_value(cards[1])
    if options.can_split and pair and c.pairs[card_value(cards[0])][up]:
        return SPLIT
    hand = count(cards)
    return play_of(at_cards(hand_code(c, hand.total, hand.soft, up), len(cards)), options.can_double,
                   options.can_surrender and len(cards) == 2)


# ---------------------------------------------------------------------------------------
# The chart as the rules panel prints it
# ---------------------------------------------------------------------------------------
def _up_label(up: int) -> str:
    return "A" if up == 11 else str(up)


def chart_rows(dealer_hits_soft_17: bool, rule_set: str = BLACKJACK, decks: int = 6) -> dict[str, object]:
    """The chart as three grids of plain codes (hard, soft, pairs) with the dealer's up
    cards as columns, and the legend: what the rules panel renders. Blackjack Switch adds
    its switch table for the table's number of decks (``switch``)."""
    c = chart_named(rule_set, dealer_hits_soft_17)
    hard = [(f"{t}", [c.hard[t][u] for u in UPS]) for t in range(8, 18)]
    hard.insert(0, ("5-7", [c.hard[7][u] for u in UPS]))  # 5, 6 and 7 play alike
    hard.append(("18+", [c.hard[18][u] for u in UPS]))
    soft = [(f"A,{t - 11}", [c.soft[t][u] for u in UPS]) for t in range(13, 21)]
    pairs = []
    for v in PAIR_VALUES:
        label = "A,A" if v == 1 else ("T,T" if v == 10 else f"{v},{v}")
        row = []
        for u in UPS:
            if c.pairs[v][u]:
                row.append(P)
            elif v == 1:
                row.append(c.soft[12][u])
            else:
                row.append(c.hard[2 * v][u])
        pairs.append((label, row))
    legend = list(LEGEND)
    digits = sorted({code for _, row in hard + soft + pairs for code in row if code[-1].isdigit()})
    legend += [(code, f"{dict(LEGEND)[code[:-1]]}; with {code[-1]} or more cards, hit") for code in digits]
    # After a double (Spanish 21): the totals the grid plays otherwise than standing.
    after = [(f"{t}", [after_double_code(c, t, False, u) for u in UPS]) for t in sorted(c.after_double_hard)]
    after += [(f"A,{t - 11}", [after_double_code(c, t, True, u) for u in UPS]) for t in sorted(c.after_double_soft)]
    if after:
        legend += [(code, words) for code, words in AFTER_DOUBLE_LEGEND if code != S]
    return {
        "name": c.name,
        "ups": [_up_label(u) for u in UPS],
        "hard": hard,
        "soft": soft,
        "pairs": pairs,
        "legend": legend,
        "switch": switch_rows(decks) if rule_set == SWITCH else [],
        "after_double": after,
    }


# ---------------------------------------------------------------------------------------
# Blackjack Switch (004 s.436-444): two hands, the second cards switched or kept, then each
# hand played. The strategy has two parts, as the Wizard of Odds' Blackjack Switch pages
# give it (wizardofodds.com/games/blackjack/switch/, its switching appendix): the switch
# decision by a table of values, the expected value of each two-card hand against each up
# card once the dealer is known not to hold blackjack, the two hands' values added up as
# dealt and as switched and the higher played (a tie keeps the hands); then the play chart,
# the house chart with the plays a dealer 22 push changes (P-270, P-271).
# ---------------------------------------------------------------------------------------
SWITCH_VALUES_FILE = Path(__file__).with_name("switch_values.json")
SWITCHED_BLACKJACK = "A,T switched"  # the row of an ace and a ten made by switching, where it is only 21

# The cells where the Switch chart leaves the house chart: a dealer 22 pushes, so a stiff
# hand standing on the dealer's bust is worth less and a double or split against a small
# card less (each one checked by the count to gain the player, P-271).
_SWITCH_HARD: dict[tuple[int, int], str] = {
    (9, 3): H, (9, 4): H, (10, 9): H, (11, 10): H,  # fewer doubles
    (12, 4): H, (12, 5): H, (12, 6): H, (13, 2): H,  # more stiff hands hit
}
_SWITCH_SOFT: dict[tuple[int, int], str] = {  # soft doubles only on soft 17 and 18 against a 5 or 6
    (13, 5): H, (13, 6): H, (14, 5): H, (14, 6): H, (15, 4): H, (15, 5): H, (15, 6): H,
    (16, 4): H, (16, 5): H, (16, 6): H, (17, 3): H, (17, 4): H, (18, 3): S, (18, 4): S,
    (18, 2): S, (19, 6): S,  # where the dealer hits soft 17 too
}
_SWITCH_PAIRS: dict[tuple[int, int], bool] = {  # fewer splits against small cards; 8-8 hits a ten
    (2, 2): False, (2, 3): False, (2, 4): False, (3, 2): False, (3, 3): False, (3, 4): False,
    (4, 5): False, (4, 6): False, (6, 2): False, (6, 3): False, (7, 2): False, (8, 10): False,
    (9, 2): False, (9, 3): False,
}


@cache
def switch_chart(dealer_hits_soft_17: bool) -> Chart:
    house = chart(dealer_hits_soft_17)
    plain = {R: H, RS: S}  # no surrender at Switch (D-052)

    def cell(changes: Mapping[tuple[int, int], str], t: int, u: int, code: str) -> str:
        return changes.get((t, u), plain.get(code, code))

    return Chart(
        dealer_hits_soft_17=dealer_hits_soft_17,
        hard={t: {u: cell(_SWITCH_HARD, t, u, c) for u, c in row.items()} for t, row in house.hard.items()},
        soft={t: {u: cell(_SWITCH_SOFT, t, u, c) for u, c in row.items()} for t, row in house.soft.items()},
        pairs={v: {u: _SWITCH_PAIRS.get((v, u), s) for u, s in row.items()} for v, row in house.pairs.items()},
        rule_set=SWITCH,
    )


def switch_row(a: int, b: int, switched: bool = False) -> str:
    """The row of the switch table for a two-card hand of card values a and b (1 = ace)."""
    lo, hi = min(a, b), max(a, b)
    if lo == hi:
        return "A,A" if lo == 1 else "T,T" if lo == 10 else f"{lo},{lo}"
    if lo == 1:
        return (SWITCHED_BLACKJACK if switched else "A,T") if hi == 10 else f"A,{hi}"
    return str(lo + hi)


SWITCH_ROWS: tuple[str, ...] = (
    ("A,T",) + tuple(str(t) for t in range(19, 4, -1)) + tuple(f"A,{v}" for v in range(9, 1, -1))
    + ("A,A", "T,T") + tuple(f"{v},{v}" for v in range(9, 1, -1)))


def switch_better(values: Mapping[str, Sequence[float]], up: int, first: tuple[int, int],
                  second: tuple[int, int]) -> bool:
    """Whether switching the second cards adds up to more than the hands as dealt, by a
    table of hand values (``values[row][column of the up card]``); a tie keeps the hands."""
    col = UPS.index(up)

    def value(a: int, b: int, switched: bool) -> float:
        row = switch_row(a, b, switched)
        return values[row if row in values else switch_row(a, b)][col]

    dealt = value(*first, False) + value(*second, False)
    swapped = value(first[0], second[1], True) + value(second[0], first[1], True)
    return swapped > dealt


@cache
def switch_values() -> dict[str, dict[str, tuple[float, ...]]]:
    """The switch tables of the Chapter 4 table by its number of decks (counted by
    webgame.analysis.blackjack_switch and kept as data, P-272)."""
    data = json.loads(SWITCH_VALUES_FILE.read_text())
    return {decks: {row: tuple(float(v) for v in cells) for row, cells in table.items()}
            for decks, table in data["tables"].items()}


def better_switched(first: Sequence[str], second: Sequence[str], up_card: str, decks: int) -> bool:
    """Blackjack Switch: whether to exchange the second cards of the two hands, by the
    table of values for the table's number of decks."""
    return switch_better(switch_values()[str(decks)], up_value(up_card),
                         (card_value(first[0]), card_value(first[1])),
                         (card_value(second[0]), card_value(second[1])))


def switch_rows(decks: int) -> list[tuple[str, list[str]]]:
    """The switch table as the rules panel prints it: each hand's value in hundredths of a bet."""
    table = switch_values()[str(decks)]
    return [(row, [f"{100 * v:.0f}" for v in table[row]]) for row in SWITCH_ROWS if row in table]
