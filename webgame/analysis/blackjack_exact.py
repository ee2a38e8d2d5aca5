"""The blackjack main bet's house edge, counted over the finite shoe (P-110, P-111).

The player plays one named strategy, the house chart of
:mod:`webgame.games.blackjack.strategy` (the bots' own), and every figure below is an
expectation over the cards of a freshly shuffled shoe of known composition:

* The deal: the dealer's up card and the player's two cards are drawn from the shoe
  (every combination weighted by the ways the shoe deals it).
* The player's hand: every card the player draws comes from the shoe less the up card
  and every card the player already holds (exact removal); the chart decides each move
  by total, softness and the number of cards, as it does for a bot.
* The dealer's hand: the final-total probabilities (17-21, bust) are exact for the shoe
  left after the up card and all of the player's cards. They are counted by composition:
  every multiset of cards the dealer can draw from an up card is listed once with the
  number of orders in which the dealer's rule draws it (hit to 17, and soft 17 by the
  table's rule); the chance of a multiset from a shoe is a product of falling factorials.
* The peek (D-034): with an ace or ten up the dealer's blackjack ends the round before
  anyone plays. Hands are scored only over the deals in which the hole card does not make
  blackjack (by exchangeability of the hole card and the player's draws, this is exact,
  player's draws included), and a dealer blackjack takes the original wager. A table
  without the peek whose dealer blackjack takes only the original wagers (D-035) has the
  same figure for a fixed strategy; one where it takes doubles and splits too
  (``dealer_blackjack_takes = "all"``) charges every wager on the hand.
* Splits, the usual approximation of published calculators (P-111): each split hand is
  played from the shoe less the up card and both cards of the pair, plus its own cards;
  the other split hands' cards are not removed. Resplits to ``max_hands`` are counted with
  a fixed chance q of drawing another pair card: E = n·EV(hand given a non-pair second
  card) + m·EV(unsplittable pair) over the expected numbers n, m of such hands. Aces split
  once and get one card each (D-037); 21 on a split hand pays even money (D-038).
* Surrender where the engine allows it: a two-card hand's first decision, split hands
  included, never split aces (D-040).

Rule flags read (``rules`` as :func:`webgame.engine.paytable.resolve` returns them):
``decks``, ``dealer_hits_soft_17``, ``blackjack_pays``, ``double_totals``,
``double_after_split``, ``surrender``, ``max_hands``; and, absent from today's rules
file and so at their Grand Ronde / Chapter 4 values, ``deck`` ("standard-52" or
"spanish-48": the 48-card deck without tens), ``dealer_peeks`` (true) and
``dealer_blackjack_takes`` ("original" or "all").

Spanish 21 and Free Bet Blackjack (P-140 to P-143), read from their rules files:
``remove_ranks`` ("T": Spanish decks), ``blackjack_beats_dealer_blackjack``,
``player_21_wins``, ``bonus_paytable`` (5/6/7+-card 21, and 6-7-8 / 7-7-7 by a fresh shoe's
suit chances, never on a doubled hand), ``double_any_cards``, ``split_aces_one_card``,
``dealer_22_pushes``, ``free_double_hard_totals`` and ``free_split_values`` (a Free Bet
lammer wins its odds and never loses: each hand is valued both ways). The player plays the
table's named chart (``strategy.rule_set``); where ``max_doublings`` > 1 or ``rescue`` a
doubled hand stays in play and doubles again, rescues or stands by the chart's after-double
grid (P-274); at a table that doubles again the chart's first doubles are the ones
:func:`doubling_search` found worth making there (P-275). The Super Bonus never comes to the
Spanish chart (it splits 7-7 against a 7), so it adds nothing (P-143). :func:`up_card_ev`
counts one up card alone, and each count keeps its values by up card (P-277).

Blackjack Switch (P-270 to P-273), read from its rules file: ``switch_second_cards`` (two
hands a box, counted by :func:`switch_count`), ``switched_blackjack`` ("blackjack", D-051,
or "21"), and the Free Bet family's ``dealer_22_pushes``.

21st Century Free Bet Blackjack (P-284 to P-286): ``over_hands_wait`` (a hand over 21 waits and
is compared with the dealer's final total, counted bust by bust by :func:`dealer_finals`, as
:class:`OverScale` says: the dealer's 22 pushes, its suited 7-8-9 pushes a closer over hand),
``double_totals_aces_one`` (the own-money double's totals count aces as one, D-129), the Free
Bet rules above, and the dealer's Natural under a ten taking the original wager only (P-285).
Lucky Chances' count (:mod:`.lucky_chances_exact`) shares the final totals and the comparison.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.money import Odds
from ..engine.paytable import odds_of
from ..games.blackjack import strategy
from ..games.blackjack.strategy import DOUBLE, HIT, STAND, SURRENDER

# Ranks by value: index 0 the ace, 1-8 the twos to nines, 9 every ten-value card.
ACE, TEN = 0, 9
VALUES = tuple(range(1, 11))
Comp = tuple[int, ...]  # cards of each rank in a shoe, ace first
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

# The dealer's outcomes, in the order of the probability vectors below; the first seven
# add up to 1, the last ("22", a bust on exactly 22) is a part of "bust" that Free Bet's
# dealer 22 pushes (000 s.1204).
OUTCOMES = (17, 18, 19, 20, 21, "bust", "blackjack", 22)
BUST_AT, BJ_AT, D22_AT = 5, 6, 7


# ---------------------------------------------------------------------------------------
# The shoe
# ---------------------------------------------------------------------------------------
def deck_composition(deck: str = "standard-52") -> Comp:
    """One deck by rank: 52 cards, or the Spanish 48 (no ten pips: 12 ten-value cards)."""
    if deck == "standard-52":
        return (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
    if deck == "spanish-48":
        return (4, 4, 4, 4, 4, 4, 4, 4, 4, 12)
    raise ValueError(f"unknown deck {deck!r}")


def shoe_composition(rules: Mapping[str, Any]) -> Comp:
    """The shoe of ``rules["decks"]`` decks: the ``deck`` named, or Spanish 48-card decks
    where the rules take the 10s out (``remove_ranks = "T"``, 000 s.1111)."""
    decks = int(rules["decks"])
    deck = rules.get("deck") or ("spanish-48" if rules.get("remove_ranks") == "T" else "standard-52")
    return tuple(decks * n for n in deck_composition(str(deck)))


# ---------------------------------------------------------------------------------------
# The dealer, by composition
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DealerDraws:
    """Every multiset of cards the dealer can draw after an up card (hole card first):
    ``counts[j]`` its cards by rank, ``length[j]`` how many, ``orders[j, k]`` in how many
    orders the dealer's rule draws it and ends on outcome k."""

    counts: IntArray
    length: IntArray
    orders: FloatArray
    most: int  # the most cards of one rank in any multiset
    onehot: FloatArray  # onehot[j, r * (most + 1) + k] = 1 where multiset j holds k cards of rank r


def _stands(total: int, soft: bool, h17: bool) -> bool:
    return total > 17 or (total == 17 and not (soft and h17))


@cache
def dealer_draws(up: int, h17: bool) -> DealerDraws:
    """Listed once per up card and soft-17 rule; a shoe only weights them."""
    found: dict[Comp, list[int]] = {}

    def walk(hard: int, aces: bool, drawn: list[int]) -> None:
        soft = aces and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if len(drawn) == 1 and total == 21:
            outcome = BJ_AT
        elif total > 21:
            outcome = BUST_AT
        elif _stands(total, soft, h17):
            outcome = total - 17
        else:
            for v in VALUES:
                drawn.append(v)
                walk(hard + v, aces or v == 1, drawn)
                drawn.pop()
            return
        key = tuple(drawn.count(v) for v in VALUES)
        row = found.setdefault(key, [0] * len(OUTCOMES))
        row[outcome] += 1
        if total == 22:
            row[D22_AT] += 1

    walk(up, up == 1, [])
    keys = sorted(found)
    counts = np.array(keys, dtype=np.int64)
    most = int(counts.max())
    return DealerDraws(
        counts=counts,
        length=counts.sum(axis=1),
        orders=np.array([found[k] for k in keys], dtype=np.float64),
        most=most,
        onehot=_onehot(counts, most),
    )


def _onehot(counts: IntArray, most: int) -> FloatArray:
    out = np.zeros((len(counts), len(VALUES) * (most + 1)))
    flat = counts + np.arange(len(VALUES), dtype=np.int64)[None, :] * (most + 1)
    np.put_along_axis(out, flat, 1.0, axis=1)
    return out


NO_WAYS = -1e250  # the log of "no way to draw these cards": exp() of it is 0, and 0 times it is 0


def log_falling(comp: Comp, most: int) -> FloatArray:
    """lf[r, k] = log(comp[r]·(comp[r]-1)···(comp[r]-k+1)): the log of the ordered ways to
    draw k cards of rank r (NO_WAYS where the shoe holds fewer than k)."""
    steps = np.array(comp, dtype=np.float64)[:, None] - np.arange(most, dtype=np.float64)[None, :]
    logs = np.log(np.where(steps > 0, steps, 1.0))
    logs[steps <= 0] = NO_WAYS
    out = np.zeros((len(comp), most + 1))
    out[:, 1:] = np.cumsum(logs, axis=1)
    return out


def dealer_outcomes(comp: Comp, up: int, h17: bool) -> FloatArray:
    """P(outcome) for the dealer with ``up`` showing and ``comp`` left in the shoe (the
    hole card among them), blackjack included as its own outcome."""
    return _weigh(dealer_draws(up, h17), comp)


def _weigh(d: DealerDraws, comp: Comp) -> FloatArray:
    """The draw list's outcome columns weighted by ``comp``: the chance of one draw order of
    multiset j is prod_r ff(comp[r], counts[j, r]) / ff(n, length[j]), summed here in logs as
    one matrix product."""
    n = sum(comp)
    deep = int(d.length.max())
    total = np.zeros(deep + 1)
    steps = n - np.arange(deep, dtype=np.float64)
    total[1:] = np.cumsum(np.log(np.where(steps > 0, steps, 1.0)))
    p = np.exp(d.onehot @ log_falling(comp, d.most).ravel() - total[d.length])
    return np.asarray(p @ d.orders, dtype=np.float64)


# ---------------------------------------------------------------------------------------
# Hands over 21 compared with the dealer's (P-284): the player-dealer tables where a hand over
# 21 waits for the dealer's (Lucky Chances, 21st Century Free Bet). The dealer's final total is
# counted bust by bust, not lumped, and compared as the engine's ``over_scale_result`` does.
# ---------------------------------------------------------------------------------------
FINAL_TOTALS = tuple(range(17, 27))  # columns 0-9: the dealer ends on 17 … 26 (hard 16 and a ten)
TWO_CARD_21 = 10  # an ace and a ten-value as the first two cards, in no total's column
SEVEN_EIGHT_NINE = 11  # a 7, an 8 and a 9 as the whole hand (24, also in its column)
THREE_CARDS = 12  # 12 + k: the final total 17 + k made with three cards (also in column k)
FINAL_COLUMNS = 22


@cache
def final_draws(up: int, h17: bool, soft_up_to: int = 21) -> DealerDraws:
    """Every multiset of cards the dealer can draw after an up card of value ``up`` (hole card
    first), with the orders in which the dealer's rule draws it and ends on each final total
    17-26 (``FINAL_TOTALS``, and again with three cards, ``THREE_CARDS``), on an ace and a
    ten-value as its first two cards (``TWO_CARD_21``), or on the three cards 7, 8 and 9
    (``SEVEN_EIGHT_NINE``: 7-8 or 7-9 and the third card; an 8 and a 9 stand on 17). An ace counts eleven while the hand stays at ``soft_up_to`` or less
    (22 on No Bust 4.0's scale, D-112: an ace, a 5 and a 6 stand on 22)."""
    found: dict[Comp, list[int]] = {}

    def walk(hard: int, aces: bool, drawn: list[int]) -> None:
        soft = aces and hard + 10 <= soft_up_to
        total = hard + 10 if soft else hard
        if not _stands(total, soft, h17):
            for v in VALUES:
                drawn.append(v)
                walk(hard + v, aces or v == 1, drawn)
                drawn.pop()
            return
        row = found.setdefault(tuple(drawn.count(v) for v in VALUES), [0] * FINAL_COLUMNS)
        if len(drawn) == 1 and hard == 11 and aces:
            row[TWO_CARD_21] += 1
            return
        row[total - 17] += 1
        if len(drawn) == 2:
            row[THREE_CARDS + total - 17] += 1
            if sorted((up, *drawn)) == [7, 8, 9]:
                row[SEVEN_EIGHT_NINE] += 1

    walk(up, up == 1, [])
    keys = sorted(found)
    counts = np.array(keys, dtype=np.int64)
    most = int(counts.max())
    return DealerDraws(counts=counts, length=counts.sum(axis=1),
                       orders=np.array([found[k] for k in keys], dtype=np.float64), most=most,
                       onehot=_onehot(counts, most))


@cache
def twenty_two_draws(up: int, h17: bool, soft_up_to: int = 21) -> DealerDraws:
    """The rows of :func:`final_draws` that end on 22 or on a 7-8-9, those two columns only: all
    a hand over 21 needs of the dealer's hand where only the dealer's 22 and 7-8-9 push it (a
    tenth of the rows, and most hands the count meets are over)."""
    d = final_draws(up, h17, soft_up_to)
    keep = (d.orders[:, 22 - 17] > 0) | (d.orders[:, SEVEN_EIGHT_NINE] > 0)
    counts = d.counts[keep]
    most = int(counts.max()) if len(counts) else 0
    return DealerDraws(counts=counts, length=d.length[keep], orders=d.orders[keep][:, [22 - 17, SEVEN_EIGHT_NINE]],
                       most=most, onehot=_onehot(counts, most))


def dealer_finals(comp: Comp, up: int, h17: bool, soft_up_to: int = 21) -> FloatArray:
    """P(final) for the dealer with an up card of value ``up`` and ``comp`` (ten ranks, the
    hole card among them) left in the shoe, in the columns of :func:`final_draws`."""
    return _weigh(final_draws(up, h17, soft_up_to), comp)


# A suited 7-8-9 (003 s.2786): the up card's suit is any; the 8 and the 9 are each of it one
# time in four whatever cards the player holds (their suits play no part in the player's moves,
# so every suit of the shoe's 8s and of its 9s is as likely as another).
SUITS = 4


@dataclass(frozen=True)
class OverScale:
    """The comparison of a finished hand with the dealer's final total, for the tables whose
    hands over the Natural wait (``over_hands_wait``), as the engine's ``over_scale_result``
    settles it: a total above ``over_above`` is over (21 at 21st Century Free Bet; 22 on No Bust
    4.0's scale, D-111; 20 at No Bust 4.0a, whose Natural is 20½, 003 s.1655-1660); under
    against over wins; over against under loses; both under, the higher wins and equal totals
    push, except the ties the dealer wins (``dealer_wins_ties_at``, 002 s.1394-1397); both over,
    the dealer wins when as close or closer; a closer player pushes (``over_closer_pushes``,
    D-137) or loses, except a player's 3-card total of ``player_three_card`` (No Bust 4.0's 25,
    001 s.1390), a player's 3-card hand against the dealer's 3-card total of
    ``dealer_three_card`` but a 3-card 22 without an ace (No Bust 4.0a's 23-25, D-118), and
    against the dealer's suited 7-8-9 (``over_push_dealer_suited_789``, 003 s.2786); a dealer 22
    pushes every hand (``dealer_22_pushes``, D-127)."""

    over_above: int = 21
    dealer_22_pushes: bool = False
    over_closer_pushes: bool = False
    dealer_wins_ties_at: frozenset[int] = frozenset()
    suited_789_pushes: bool = False
    player_three_card: frozenset[int] = frozenset()
    dealer_three_card: frozenset[int] = frozenset()

    @classmethod
    def of(cls, rules: Mapping[str, Any]) -> OverScale:
        """The comparison a table's rules post; refused for a scale the count does not keep (an
        ace counted eleven past 22, or a hand over before 20)."""
        over, soft = int(rules.get("over_above", 21)), int(rules.get("soft_ace_up_to", 21))
        if soft not in (21, 22) or not 20 <= over <= soft:
            raise ValueError("the count compares hands over 20, 21 or 22, the aces counted eleven up to 21 or 22")
        return cls(over_above=over, dealer_22_pushes=bool(rules.get("dealer_22_pushes")),
                   over_closer_pushes=bool(rules.get("over_closer_pushes")),
                   dealer_wins_ties_at=frozenset(int(t) for t in rules.get("dealer_wins_ties_at", [])),
                   suited_789_pushes=bool(rules.get("over_push_dealer_suited_789")),
                   player_three_card=frozenset(int(t) for t in rules.get("over_push_player_three_card", [])),
                   dealer_three_card=frozenset(int(t) for t in rules.get("over_push_dealer_three_card", [])))

    def _closer_pushes(self, total: int, cards: int) -> bool:
        return self.over_closer_pushes or (cards == 3 and total in self.player_three_card)

    def _against_three(self, total: int, cards: int, ace: bool) -> bool:
        """Whether the dealer's 3-card pushes reach this hand: 3 cards, not a 22 without an ace."""
        return bool(self.dealer_three_card) and cards == 3 and not (total == 22 and not ace)

    def over_only(self, total: int, cards: int, ace: bool = False) -> bool:
        """Whether a hand of ``cards`` cards on ``total`` is settled by the dealer's 22 and 7-8-9
        alone (over, where being closer does not push it): it loses to every other dealer hand."""
        return total > self.over_above and not self._closer_pushes(total, cards) \
            and not self._against_three(total, cards, ace)

    def lose_over(self, total: int, no_natural: float, twenty_two: float, suited_789: float) -> float:
        """What :meth:`win_lose` says of a hand :meth:`over_only` settles, from the chances it
        needs: no dealer natural, the dealer's 22, its suited 7-8-9 (it never wins)."""
        lose = no_natural - (twenty_two if self.dealer_22_pushes else 0.0)
        if total < 24 and self.suited_789_pushes:
            lose -= suited_789
        return lose

    def win_lose(self, total: int, finals: FloatArray, suited_789: float = 0.0, cards: int = 2,
                 ace: bool = False) -> tuple[float, float]:
        """(win, lose) of a hand of ``cards`` cards (an ace among them or not) standing on
        ``total`` (over too) against the dealer's final totals ``finals`` (the columns of
        :func:`final_draws`, joint with whatever the caller has ruled out, the naturals; the
        3-card columns read only where the dealer's 3-card totals push), ``suited_789`` the
        chance of the dealer's suited 7-8-9 among them; a push is the rest."""
        over = self.over_above
        closer_pushes = self._closer_pushes(total, cards)
        against_three = self._against_three(total, cards, ace)
        win = lose = 0.0
        for k, d in enumerate(FINAL_TOTALS):
            p = float(finals[k])
            if d == 22 and self.dealer_22_pushes:
                continue
            if total <= over:
                if d > over or total > d:
                    win += p
                elif total < d or d in self.dealer_wins_ties_at:
                    lose += p
            elif d <= over or d <= total:
                lose += p
            elif not closer_pushes:
                if against_three and d in self.dealer_three_card:
                    lose += p - float(finals[THREE_CARDS + k])  # a 3-card 7-8-9 among them
                elif d == 24 and self.suited_789_pushes:
                    lose += p - suited_789
                else:
                    lose += p
        return win, lose


# ---------------------------------------------------------------------------------------
# The rules the count needs
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Game:
    comp: Comp
    h17: bool
    blackjack_pays: float
    double_totals: frozenset[int]  # empty = any two cards
    double_after_split: bool
    surrender: bool
    max_hands: int
    peeks: bool
    blackjack_takes_all: bool
    chart: strategy.Chart = field(default_factory=lambda: strategy.chart(True))
    # Spanish 21 (000 §22) and Free Bet (000 §24); off at the blackjack tables.
    blackjack_beats_blackjack: bool = False  # 000 s.1130
    player_21_wins: bool = False  # 000 s.1131
    double_any_cards: bool = False  # 000 s.1118
    split_aces_one_card: bool = True  # D-037; Spanish 21 plays them as any pair (D-073)
    bonus: tuple[tuple[str, float], ...] = ()  # the 21 bonuses: (line, net odds), 000 s.1132-1143
    dealer_22_pushes: bool = False  # 000 s.1204
    free_doubles: frozenset[int] = frozenset()  # two-card hard totals doubled for free (s.1262)
    free_splits: frozenset[int] = frozenset()  # pair values (1 = aces) split for free (s.1263)
    # Spanish 21's double-doubles and rescue (000 s.1119-1120, D-063, D-064), played by the
    # chart's after-double grid (P-274); with ``after_double_best`` each doubled hand takes the
    # best of the three, which is how the grid was found.
    max_doublings: int = 1
    rescue: bool = False
    after_double_best: bool = False
    # With ``first_double_best`` every hand that may double takes the better of doubling and
    # the chart's play: how the Spanish chart's first doubles were found (P-275).
    first_double_best: bool = False
    # Blackjack Switch (004 s.436-444): two hands a box, the second cards switched or kept.
    switch: bool = False  # 004 s.444, D-602
    switched_blackjack: bool = True  # an ace and a ten made by switching is a blackjack (D-051)
    # The player-dealer editions (P-228): the chart's move within the table's forced stands and
    # hits, as the bots make it; a P/D 8-8-8 pushes every busted hand (001 s.878, D-103); no
    # surrender after a split (D-090).
    must_stand_hard: int = 99
    must_stand_total: int = 99
    must_hit_hard: int = 0
    dealer_888_pushes_busts: bool = False
    surrender_after_split: bool = True
    # 21st Century Free Bet (P-284): a hand over 21 waits for the P/D's and is compared with its
    # final total (``over_hands_wait``); the own-money double's totals count every ace as one
    # (D-129), beside the free doubles on hard 9-11.
    over_scale: OverScale | None = None
    double_totals_aces_one: bool = False
    suits: int = SUITS  # each rank's cards spread evenly over this many suits (a table's shoe: 4)
    soft_up_to: int = 21  # an ace counts eleven up to this total: 22 on No Bust 4.0's scale (D-112)
    # No Bust 4.0a: split aces that draw an ace split again, one card each (003 s.1694, D-113);
    # the Perfect Pairs edition's hands by pair value (aces to two, 003 s.2561-2563).
    resplit_aces: bool = False
    max_hands_by_value: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(cls, rules: Mapping[str, Any], comp: Comp | None = None) -> Game:
        h17 = bool(rules["dealer_hits_soft_17"])
        bonus: tuple[tuple[str, float], ...] = ()
        table = rules.get("bonus_paytable")
        if table:
            # Sorted: the lines' order means nothing to the count, and the kept counts match on it.
            bonus = tuple(sorted((line, float(odds_of(rules, str(table), line).net))
                                 for line in rules["paytables"][table]["lines"]))
        return cls(
            comp=comp if comp is not None else shoe_composition(rules),
            h17=h17,
            blackjack_pays=float(Odds.parse(str(rules["blackjack_pays"])).net),
            double_totals=frozenset(int(t) for t in rules["double_totals"]),
            double_after_split=bool(rules["double_after_split"]),
            surrender=bool(rules["surrender"]),
            max_hands=int(rules["max_hands"]),
            peeks=bool(rules.get("dealer_peeks", True)),
            blackjack_takes_all=str(rules.get("dealer_blackjack_takes", "original")) == "all",
            chart=strategy.chart_named(strategy.rule_set(rules), h17),
            blackjack_beats_blackjack=bool(rules.get("blackjack_beats_dealer_blackjack")),
            player_21_wins=bool(rules.get("player_21_wins")),
            double_any_cards=bool(rules.get("double_any_cards")),
            split_aces_one_card=bool(rules.get("split_aces_one_card", True)),
            bonus=bonus,
            dealer_22_pushes=bool(rules.get("dealer_22_pushes")),
            free_doubles=frozenset(int(t) for t in rules.get("free_double_hard_totals") or ()),
            free_splits=frozenset(int(v) for v in rules.get("free_split_values") or ()),
            max_doublings=int(rules.get("max_doublings", 1)),
            rescue=bool(rules.get("rescue")),
            switch=bool(rules.get("switch_second_cards")),
            switched_blackjack=str(rules.get("switched_blackjack", "blackjack")) == "blackjack",
            must_stand_hard=int(rules.get("player_must_stand_hard", 99)),
            must_stand_total=int(rules.get("player_must_stand_total", 99)),
            must_hit_hard=int(rules.get("player_must_hit_hard", 0)),
            dealer_888_pushes_busts=bool(rules.get("dealer_888_pushes_busts")),
            surrender_after_split=bool(rules.get("surrender_after_split", True)),
            over_scale=OverScale.of(rules) if rules.get("over_hands_wait") else None,
            double_totals_aces_one=bool(rules.get("double_totals_aces_one")),
            soft_up_to=int(rules.get("soft_ace_up_to", 21)),
            resplit_aces=bool(rules.get("resplit_aces")),
            max_hands_by_value=tuple(sorted((int(v), int(n)) for v, n in (rules.get("max_hands_by_value") or {}).items())),
        )


@lru_cache(maxsize=1 << 16)
def _dealer_shared(left: Comp, up: int, h17: bool, finals_soft_up_to: int | None) -> FloatArray:
    """The dealer's chances for a shoe left and an up card, kept across counts: the rule-by-rule
    figures count one shoe under many rule sets, and the dealer's chances depend on none of the
    player's rules (``finals_soft_up_to``: the scale of :func:`dealer_finals` where hands over 21
    are compared, None for :func:`dealer_outcomes`). Read-only, as it is shared."""
    if finals_soft_up_to is not None:
        hit = dealer_finals(left, up, h17, finals_soft_up_to)
    else:
        hit = dealer_outcomes(left, up, h17)
    hit.flags.writeable = False
    return hit


def _less(comp: Comp, *ranks: int) -> Comp:
    out = list(comp)
    for r in ranks:
        out[r] -= 1
    return tuple(out)


def _total(hand: Comp) -> tuple[int, bool]:
    hard = sum(n * v for n, v in zip(hand, VALUES, strict=True))
    if hand[ACE] and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


# A hand's value as a pair: (its value when its own wager is the player's money, its value
# when that wager is a Free Bet lammer, which wins its odds and never loses, D-079). Doubles
# put on the hand count the same in both.
Value = tuple[float, float]
SIX, SEVEN, EIGHT = 5, 6, 7  # rank indexes


class _UpCard:
    """Everything counted against one dealer up card: hand values memoised by the player's
    cards (and the split they come from), dealer probabilities by the shoe left."""

    def __init__(self, game: Game, up: int) -> None:
        self.game = game
        self.up = up  # rank index
        self.chart_up = 11 if up == ACE else up + 1
        self.shoe = _less(game.comp, up)  # what the player and the dealer draw from
        self.chart = game.chart
        # The rank whose hole card would make blackjack (checked by the dealer), if any.
        self.bj_rank = TEN if up == ACE else ACE if up == TEN else None
        self._dealer: dict[Comp, FloatArray] = {}
        self._twenty_two: dict[Comp, tuple[float, float]] = {}
        self._hand: dict[tuple[Comp, Comp, bool], Value] = {}
        self._doubled: dict[tuple[Comp, Comp, int], float] = {}
        # With after_double_best: per (soft, total, up) the gains of doubling again and of
        # rescue over standing, added up over the hands that reach it.
        self.after_double_gains: dict[tuple[bool, int], list[float]] = {}
        # With first_double_best: per (soft, total, cards up to 5, split hand) the gain of
        # doubling over the chart's play, added up over the hands that reach it, and how many.
        self.first_double_gains: dict[tuple[bool, int, int, bool], list[float]] = {}
        self._bonus = dict(game.bonus)

    # -- the dealer ------------------------------------------------------------------
    def dealer(self, left: Comp) -> FloatArray:
        """The dealer's outcomes (``OUTCOMES``), or where hands over 21 are compared its final
        totals bust by bust (``FINAL_TOTALS``, P-284)."""
        hit = self._dealer.get(left)
        if hit is None:
            g = self.game
            hit = _dealer_shared(left, self.up + 1, g.h17, g.soft_up_to if g.over_scale is not None else None)
            self._dealer[left] = hit
        return hit

    def total(self, cards: Comp) -> tuple[int, bool]:
        """A hand's total and softness on the table's scale (an ace eleven up to ``soft_up_to``)."""
        hard = sum(n * v for n, v in zip(cards, VALUES, strict=True))
        if cards[ACE] and hard + 10 <= self.game.soft_up_to:
            return hard + 10, True
        return hard, False

    def twenty_two(self, left: Comp) -> tuple[float, float]:
        """The dealer's chances of a final 22 and of a 7-8-9 (P-284), for hands over 21."""
        hit = self._twenty_two.get(left)
        if hit is None:
            d = twenty_two_draws(self.up + 1, self.game.h17, self.game.soft_up_to)
            p = _weigh(d, left) if len(d.counts) else np.zeros(2)
            hit = (float(p[0]), float(p[1]))
            self._twenty_two[left] = hit
        return hit

    def blackjack_chance(self, left: Comp) -> float:
        return 0.0 if self.bj_rank is None else left[self.bj_rank] / sum(left)

    def eights_chance(self, left: Comp) -> float:
        """The chance the dealer's hand is 8-8-8 where that pushes a bust (001 s.878, D-103): an
        8 up, then an 8 in the hole and an 8 drawn to the 16."""
        if not self.game.dealer_888_pushes_busts or self.up != EIGHT:
            return 0.0
        n = sum(left)
        return left[EIGHT] * (left[EIGHT] - 1) / (n * (n - 1)) if n > 1 else 0.0

    def outcome(self, left: Comp, total: int, cards: int = 2, ace: bool = False) -> tuple[float, float]:
        """(win, lose): the chances of a hand of ``cards`` cards standing on ``total`` over the
        deals without a dealer blackjack (the peek's deals); a push is the rest. A player 21
        beats a dealer 21 where the table says so (000 s.1131); a dealer 22 pushes (000 s.1204);
        where hands over the Natural wait, :class:`OverScale` compares them (P-284)."""
        g = self.game
        scale = g.over_scale
        if scale is not None and scale.over_only(total, cards, ace):
            # Only the dealer's 22 and 7-8-9 can push it, where the table says so.
            p22, p789 = self.twenty_two(left) if scale.dealer_22_pushes or scale.suited_789_pushes else (0.0, 0.0)
            return 0.0, scale.lose_over(total, 1.0 - self.blackjack_chance(left), p22, p789 / g.suits ** 2)
        if scale is not None:
            d = self.dealer(left)  # the natural in no column: joint with the peek's deals
            return scale.win_lose(total, d, float(d[SEVEN_EIGHT_NINE]) / g.suits ** 2, cards, ace)
        if total > 21:
            return 0.0, 1.0 - self.blackjack_chance(left) - self.eights_chance(left)
        d = self.dealer(left)
        win = float(d[BUST_AT] - (d[D22_AT] if g.dealer_22_pushes else 0.0))
        lose = 0.0
        for k, dealer_total in enumerate((17, 18, 19, 20, 21)):
            if total > dealer_total or (total == 21 and g.player_21_wins):
                win += d[k]
            elif total < dealer_total:
                lose += d[k]
        return win, lose

    def bonus_odds(self, cards: Comp) -> float:
        """The net odds a winning, undoubled 21 of these cards is paid (000 s.1132-1143, one
        bonus a hand, the highest, D-068): 5, 6, 7+ cards; 6-7-8 and 7-7-7 by their suits, whose
        chances are a fresh shoe's (each rank's cards evenly in four suits)."""
        if not self._bonus or not self.game.player_21_wins:
            return 1.0
        n = sum(cards)
        lines = self._bonus
        if n >= 5:
            return lines.get({5: "five-card-21", 6: "six-card-21"}.get(n, "seven-card-21"), 1.0)
        if n != 3:
            return 1.0
        if cards[SIX] == cards[SEVEN] == cards[EIGHT] == 1:
            name, spades = "six-seven-eight", 1 / 64  # three suits drawn independently
        elif cards[SEVEN] == 3:
            k = self.game.comp[SEVEN]
            s = k / 4
            name, spades = "seven-seven-seven", s * (s - 1) * (s - 2) / (k * (k - 1) * (k - 2)) if k >= 3 else 0.0
        else:
            return 1.0
        odds = {kind: lines.get(f"{name}-{kind}", 1.0) for kind in ("spades", "suited", "mixed")}
        return spades * odds["spades"] + 3 * spades * odds["suited"] + (1 - 4 * spades) * odds["mixed"]

    def stand(self, left: Comp, cards: Comp, doubled: bool = False) -> Value:
        """The hand's own wager, standing on ``cards``: as money, and as a Free Bet."""
        total, _ = self.total(cards)
        win, lose = self.outcome(left, total, sum(cards), cards[ACE] > 0)
        if total == 21 and not doubled:
            win *= self.bonus_odds(cards)  # never on a doubled hand (000 s.1151, D-067)
        lost_to_bj = self.blackjack_chance(left) if self.game.blackjack_takes_all else 0.0
        return win - lose - lost_to_bj, win

    # -- the player's hand -------------------------------------------------------------
    def forced(self, move: str, total: int, soft: bool) -> str:
        """The chart's move within the table's forced moves, as the bots' ``bot_action`` makes
        it: a move the rules take away becomes a stand where standing is allowed, else a hit."""
        g = self.game
        must_stand = (not soft and total >= g.must_stand_hard) or total >= g.must_stand_total
        if move in (HIT, DOUBLE) and must_stand:
            return STAND
        if move == STAND and not soft and total <= g.must_hit_hard:
            return HIT
        return move

    def hand(self, cards: Comp, base: Comp, split_hand: bool) -> Value:
        """A hand holding ``cards`` drawn from ``base``, played by the chart to the end."""
        key = (cards, base, split_hand)
        hit = self._hand.get(key)
        if hit is not None:
            return hit
        left = tuple(b - c for b, c in zip(base, cards, strict=True))
        total, soft = self.total(cards)
        n = sum(cards)
        g = self.game
        value: Value
        if total >= 21:
            value = self.stand(left, cards)  # 21 stands (D-039); over 21 is bust
        else:
            # The own-money double's total counts every ace as one where the table says so
            # (D-129); a free double needs no total of the own-money list (000 s.1262).
            paid_total = sum(k * v for k, v in zip(cards, VALUES, strict=True)) if g.double_totals_aces_one else total
            can_double = (n == 2 or g.double_any_cards) and (not split_hand or g.double_after_split) \
                and (not g.double_totals or paid_total in g.double_totals
                     or (n == 2 and not soft and total in g.free_doubles))
            code = strategy.at_cards(strategy.hand_code(self.chart, total, soft, self.chart_up), n)
            can_surrender = n == 2 and g.surrender and (not split_hand or g.surrender_after_split)
            move = self.forced(strategy.play_of(code, can_double, can_surrender), total, soft)
            value = self.play(move, cards, base, left, split_hand)
            if g.first_double_best and can_double and move != DOUBLE:
                # The search for the chart's first doubles: doubling now (and the after-double
                # grid after it) against the chart's own play, at every hand the count reaches.
                doubling = self.play(DOUBLE, cards, base, left, split_hand)
                gains = self.first_double_gains.setdefault((soft, total, min(n, 5), split_hand), [0.0, 0])
                gains[0] += doubling[0] - value[0]
                gains[1] += 1
                if doubling[0] > value[0]:
                    value = doubling
        self._hand[key] = value
        return value

    def play(self, move: str, cards: Comp, base: Comp, left: Comp, split_hand: bool) -> Value:
        """The hand's value when it makes ``move`` now and then plays by the chart."""
        g = self.game
        if move == STAND:
            return self.stand(left, cards)
        if move == SURRENDER:
            bj = self.blackjack_chance(left)
            return (-0.5 * (1.0 - bj) - (bj if g.blackjack_takes_all else 0.0), 0.0)
        total, soft = _total(cards)
        free = move == DOUBLE and sum(cards) == 2 and not soft and total in g.free_doubles
        size = sum(left)
        real, lammer = 0.0, 0.0
        for r, k in enumerate(left):
            if not k:
                continue
            more = _plus(cards, r)
            if move == DOUBLE:
                own, as_free = self.stand(_minus(left, r), more, doubled=True)
                extra = as_free if free else own  # the double: a Free Bet, or money
                if not free and (g.max_doublings > 1 or g.rescue):
                    # The hand stays in play (000 s.1119): per unit of its doubled bet.
                    real += k / size * 2.0 * self.doubled(more, base, 1)
                else:
                    real += k / size * (own + extra)
                lammer += k / size * (as_free + extra)
            else:
                own, as_free = self.hand(more, base, split_hand)
                real += k / size * own
                lammer += k / size * as_free
        return real, lammer

    def doubled(self, cards: Comp, base: Comp, doublings: int) -> float:
        """A doubled hand still in play, per unit of its whole bet (000 s.1119-1120): stand,
        double again (the bet doubled, one more card) while fewer than ``max_doublings``, or
        rescue (D-064: the last doubled portion back, which is half the bet when every double
        is for the whole bet, as a bot's is), by the chart's after-double grid."""
        key = (cards, base, doublings)
        hit = self._doubled.get(key)
        if hit is not None:
            return hit
        g = self.game
        left = tuple(b - c for b, c in zip(base, cards, strict=True))
        total, soft = self.total(cards)
        stand = self.stand(left, cards, doubled=True)[0]
        value = stand
        if total < 21:  # a bust is settled at once (D-064); 21 stands (D-039)
            rescue = -0.5 * (1.0 - self.blackjack_chance(left)) if g.rescue else None
            again = None
            if doublings < g.max_doublings:
                size = sum(left)
                again = 2.0 * sum(k / size * self.doubled(_plus(cards, r), base, doublings + 1)
                                  for r, k in enumerate(left) if k)
            if g.after_double_best:
                gains = self.after_double_gains.setdefault((soft, total), [0.0, 0.0])
                gains[0] += (again - stand) if again is not None else 0.0
                gains[1] += (rescue - stand) if rescue is not None else 0.0
                value = max(v for v in (stand, again, rescue) if v is not None)
            else:
                code = strategy.after_double_code(self.chart, total, soft, self.chart_up)
                if code == strategy.DD and again is not None:
                    value = again
                elif code == strategy.RE and rescue is not None:
                    value = rescue
        self._doubled[key] = value
        return value

    # -- splits ----------------------------------------------------------------------
    def split(self, pair: int) -> float:
        """The value of splitting a pair of rank ``pair`` (P-111's approximation): the first
        hand keeps the original wager, every other hand is money or, on a free split, a Free
        Bet (000 s.1263, P-142)."""
        g = self.game
        base = _less(self.shoe, pair)  # each hand: the shoe less the other pair card
        left = _less(base, pair)  # ... and its own
        size = sum(left)
        one = tuple(int(i == pair) for i in range(10))
        free = (pair + 1) in g.free_splits
        pick = 1 if free else 0  # which value the other hands take
        most = self.most_hands(pair)
        if pair == ACE and g.split_aces_one_card and not (g.resplit_aces and most > 2):
            # One card to each ace (000 s.309, D-037); an ace and a ten is 21, not blackjack (D-038).
            each: list[float] = [0.0, 0.0]
            for r, k in enumerate(left):
                if k:
                    v = self.stand(_minus(left, r), _plus(one, r))
                    each[0] += k / size * v[0]
                    each[1] += k / size * v[1]
            return each[0] + each[pick]
        q = left[pair] / size
        not_pair = [0.0, 0.0]
        for r, k in enumerate(left):
            if k and r != pair:
                # A split ace takes its one card and stands (resplitting another ace, 4.0a).
                v = self.stand(_minus(left, r), _plus(one, r)) if pair == ACE and g.split_aces_one_card \
                    else self.hand(_plus(one, r), base, True)
                not_pair[0] += k / size * v[0] / (1.0 - q)
                not_pair[1] += k / size * v[1] / (1.0 - q)
        if not q:
            kept: Value = (0.0, 0.0)
        elif pair == ACE and g.split_aces_one_card:
            kept = self.stand(_minus(left, pair), _plus(one, pair))  # two aces at the most hands: stands
        else:
            kept = self.hand(_plus(one, pair), base, True)

        @cache
        def hands(first: bool, others: int, made: int) -> float:
            """The first hand (the original wager) while it is still open, and ``others``
            more hands to play, ``made`` hands on the layout."""
            if first:
                which, done, grown = 0, (False, others), (True, others + 1)
            elif others:
                which, done, grown = pick, (False, others - 1), (False, others + 1)
            else:
                return 0.0
            rest = (1.0 - q) * (not_pair[which] + hands(*done, made))
            if made < most:
                rest += q * hands(*grown, made + 1)
            else:
                rest += q * (kept[which] + hands(*done, made))
            return rest

        return hands(True, 1, 2)

    def most_hands(self, pair: int) -> int:
        """The hands a pair of this rank may split to: the table's, or its pair value's where
        the table posts one (``max_hands_by_value``)."""
        return dict(self.game.max_hands_by_value).get(pair + 1, self.game.max_hands)

    # -- one deal --------------------------------------------------------------------
    def deal(self, a: int, b: int) -> float:
        """The main bet's value once the player holds ranks a and b against this up card."""
        g = self.game
        cards = _plus(_plus(tuple(0 for _ in range(10)), a), b)
        left = _minus(_minus(self.shoe, a), b)
        bj = self.blackjack_chance(left)
        if {a, b} == {ACE, TEN}:
            if g.blackjack_beats_blackjack:
                return g.blackjack_pays  # paid even against the dealer's blackjack (000 s.1130)
            return (1.0 - bj) * g.blackjack_pays  # a blackjack against the dealer's pushes (D-034)
        charged = 0.0 if g.blackjack_takes_all else -bj  # the dealer's blackjack takes the wager
        if a == b and self.most_hands(a) >= 2 and self.chart.pairs[a + 1][self.chart_up]:
            return charged + self.split(a)
        return charged + self.hand(cards, self.shoe, False)[0]


def _plus(comp: Comp, r: int) -> Comp:
    return tuple(c + (i == r) for i, c in enumerate(comp))


def _minus(comp: Comp, r: int) -> Comp:
    return tuple(c - (i == r) for i, c in enumerate(comp))


@dataclass(frozen=True)
class MainBet:
    """The main bet's figures under the chart: expected net per initial wager (negative:
    the house's edge), and the chances of the deal that the test and the page report."""

    ev: float
    blackjack: float  # the player's chance of a blackjack
    strategy: str
    # The expected value once the dealer shows each rank (0 the ace, 9 a ten; 0.0 for a rank
    # the shoe lacks): ``ev`` is their mean weighted by the up card's chance.
    against: tuple[float, ...] = ()

    @property
    def house_edge(self) -> float:
        return -self.ev


def main_bet(rules: Mapping[str, Any], comp: Comp | None = None) -> MainBet:
    """The main bet's expected value for ``rules`` over a fresh shoe (``comp`` overrides
    the shoe the rules name: a general rank count, ace first, ten-values last)."""
    return count(Game.of(rules, comp))


# The last rule sets counted: the operator page asks again for the figure it just showed as
# an option is tried and put back, and the analyzer's reports ask for one rule set per bet.
# Keyed on every rule and the shoe, and on the chart object itself (charts are made once per
# rule set and kept, so the same object means the same chart).
_COUNTED: OrderedDict[tuple[Any, ...], tuple[strategy.Chart, MainBet]] = OrderedDict()
_COUNTED_KEPT = 64


def count_cache_clear() -> None:
    """Forget every counted rule set and the dealer's chances kept across counts (the
    benchmark times each from nothing)."""
    _COUNTED.clear()
    _dealer_shared.cache_clear()


def count(game: Game) -> MainBet:
    """The main bet's expected value for a :class:`Game` (its rules and shoe as read)."""
    key = (id(game.chart), *(getattr(game, f.name) for f in fields(game) if f.name != "chart"))
    kept = _COUNTED.get(key)
    if kept is not None and kept[0] is game.chart:
        _COUNTED.move_to_end(key)
        return kept[1]
    found = _count(game)
    _COUNTED[key] = (game.chart, found)
    while len(_COUNTED) > _COUNTED_KEPT:
        _COUNTED.popitem(last=False)
    return found


def _count(game: Game) -> MainBet:
    if game.switch:
        return switch_count(game).main
    shoe = game.comp
    n = sum(shoe)
    ev = 0.0
    naturals = 0.0
    against = [0.0] * 10
    for up in range(10):
        if shoe[up]:
            against[up], blackjack = _against(game, up)
            ev += shoe[up] / n * against[up]
            naturals += shoe[up] / n * blackjack
    return MainBet(ev=ev, blackjack=naturals, strategy=game.chart.name, against=tuple(against))


def _against(game: Game, up: int, counter: _UpCard | None = None) -> tuple[float, float]:
    """The main bet's value and the player's blackjack chance once the dealer shows ``up``."""
    if counter is None:
        counter = _UpCard(game, up)
    rest = counter.shoe
    m = sum(rest)
    ev = naturals = 0.0
    for a in range(10):
        for b in range(a, 10):
            ways = rest[a] * (rest[b] - (a == b))
            if ways <= 0:
                continue
            p = ways * (1 if a == b else 2) / (m * (m - 1))
            ev += p * counter.deal(a, b)
            if {a, b} == {ACE, TEN}:
                naturals += p
    return ev, naturals


@dataclass(frozen=True)
class DoublingSearch:
    """The count with the best double taken at every hand that may double and the best play at
    every doubled hand (how the Spanish chart's doubles were found, P-274, P-275): its expected
    value, and where the chart's play differs, the gains added up over the hands the count
    reaches (unweighted: a sign to read, not a figure)."""

    ev: float
    # (soft, total, up card 2-11, cards up to 5): doubling now over the chart's play
    first: dict[tuple[bool, int, int, int], float]
    # (soft, total, up card 2-11): (doubling again, rescuing) over standing, after a double
    after: dict[tuple[bool, int, int], tuple[float, float]]


def doubling_search(game: Game) -> DoublingSearch:
    """Search the doubles of ``game``'s chart (split hands together with the others)."""
    game = replace(game, first_double_best=True, after_double_best=True)
    n = sum(game.comp)
    ev = 0.0
    first: dict[tuple[bool, int, int, int], float] = {}
    after: dict[tuple[bool, int, int], tuple[float, float]] = {}
    for up in range(10):
        if not game.comp[up]:
            continue
        counter = _UpCard(game, up)
        ev += game.comp[up] / n * _against(game, up, counter)[0]
        for (soft, total, cards, _), (gain, _) in counter.first_double_gains.items():
            key = (soft, total, counter.chart_up, cards)
            first[key] = first.get(key, 0.0) + gain
        for (soft, total), (again, rescue) in counter.after_double_gains.items():
            after[(soft, total, counter.chart_up)] = (again, rescue)
    return DoublingSearch(ev=ev, first=first, after=after)


def up_card_ev(game: Game, up: int) -> float:
    """The main bet's expected value once the dealer shows rank ``up`` (0 the ace, 9 a ten), as
    :func:`count` finds it, counting only that up card: a rule that acts only against some up
    cards changes the figure only through them."""
    return _against(game, up)[0]


def house_edge(rules: Mapping[str, Any], comp: Comp | None = None) -> Fraction:
    """The main bet's house edge as a fraction (of a float count: exact to ~1e-12)."""
    return Fraction(main_bet(rules, comp).house_edge).limit_denominator(10**12)


# ---------------------------------------------------------------------------------------
# Blackjack Switch (004 s.436-444, P-270 to P-273)
# ---------------------------------------------------------------------------------------
Hand2 = tuple[int, int]  # a two-card hand by rank index (0 the ace, 9 a ten)


@dataclass(frozen=True)
class SwitchCount:
    """A Switch box counted: ``main`` per initial wager (each of the two hands), the switch
    table these rules give (``values[row]``: a value per up card, rounded as the bots read
    it), and the chance a box switches."""

    main: MainBet
    values: dict[str, tuple[float, ...]]
    switches: float


def _hand_values(counter: _UpCard) -> tuple[dict[Hand2, float], dict[Hand2, float], dict[Hand2, float]]:
    """Each two-card hand's value against this up card once the dealer is known not to hold
    blackjack (P-270: played from the shoe less the up card and its own two cards, the other
    hand's cards not removed), its chance of being dealt, and a switched ace-and-ten's value."""
    g = counter.game
    rest = counter.shoe
    value: dict[Hand2, float] = {}
    weight: dict[Hand2, float] = {}
    switched: dict[Hand2, float] = {}
    for a in range(10):
        for b in range(a, 10):
            ways = rest[a] * (rest[b] - (a == b))
            if ways <= 0:
                continue
            weight[(a, b)] = ways * (1 if a == b else 2)
            cards = _plus(_plus(tuple(0 for _ in range(10)), a), b)
            left = _minus(_minus(rest, a), b)
            clear = 1.0 - counter.blackjack_chance(left)
            if clear <= 0.0:
                value[(a, b)] = 0.0
                continue
            if (a, b) == (ACE, TEN):
                # A natural beats a dealer 22 and every other total (D-050); a switched ace and
                # ten is a blackjack too (D-051) or, where a table says so, a plain 21.
                value[(a, b)] = g.blackjack_pays
                switched[(a, b)] = g.blackjack_pays if g.switched_blackjack \
                    else counter.hand(cards, rest, False)[0] / clear
            elif a == b and g.max_hands >= 2 and counter.chart.pairs[a + 1][counter.chart_up]:
                value[(a, b)] = counter.split(a) / clear
            else:
                value[(a, b)] = counter.hand(cards, rest, False)[0] / clear
    return value, weight, switched


def switch_table(game: Game) -> dict[str, tuple[float, ...]]:
    """The switch table of these rules: each row's value (its hands' values weighted by the
    chances of dealing them) against each up card, 2 to ace, rounded to 1e-4 as the bots'
    table keeps it (P-272)."""
    rows: dict[str, list[list[float]]] = {}
    for col, up in enumerate((1, 2, 3, 4, 5, 6, 7, 8, 9, 0)):  # the chart's columns: 2..10, then the ace
        if not game.comp[up]:
            continue
        value, weight, switched = _hand_values(_UpCard(game, up))
        for (a, b), w in weight.items():
            for row, v in ((strategy.switch_row(a + 1, b + 1), value[(a, b)]),
                           *([(strategy.SWITCHED_BLACKJACK, switched[(a, b)])]
                             if (a, b) in switched and not game.switched_blackjack else [])):
                sums = rows.setdefault(row, [[0.0] * 10, [0.0] * 10])
                sums[0][col] += w * v
                sums[1][col] += w
    return {row: tuple(round(v / w, 4) if w else 0.0 for v, w in zip(*sums, strict=True))
            for row, sums in rows.items()}


def switch_count(game: Game, best: bool = False) -> SwitchCount:
    """A Switch box over a fresh shoe (P-270): every up card and every four cards the two
    hands are dealt, weighted by the ways the shoe deals them; the dealer's blackjack found by
    the peek before the switch (D-602: a hand dealt as a blackjack pushes, every other loses
    its wager); otherwise the switch made by the table of values these rules give
    (:func:`switch_table`), or with ``best`` by the higher exact value of the two settings,
    and each hand worth its value against the up card. Per initial wager: half the box."""
    table = switch_table(game)
    shoe = game.comp
    n = sum(shoe)
    ev = naturals = switches = 0.0
    for up in range(10):
        if not shoe[up]:
            continue
        counter = _UpCard(game, up)
        value, _, switched = _hand_values(counter)
        rest = list(counter.shoe)
        m = n - 1
        p_up = shoe[up] / n
        for a1 in range(10):
            p1 = rest[a1] / m
            if not p1:
                continue
            rest[a1] -= 1
            for b1 in range(10):
                p2 = p1 * rest[b1] / (m - 1)
                if not p2:
                    continue
                rest[b1] -= 1
                for a2 in range(10):
                    p3 = p2 * rest[a2] / (m - 2)
                    if not p3:
                        continue
                    rest[a2] -= 1
                    for b2 in range(10):
                        p = p3 * rest[b2] / (m - 3)
                        if not p:
                            continue
                        rest[b2] -= 1
                        one, two = (min(a1, b1), max(a1, b1)), (min(a2, b2), max(a2, b2))
                        bj = 0.0 if counter.bj_rank is None else rest[counter.bj_rank] / (m - 4)
                        dealt_naturals = (one == (ACE, TEN)) + (two == (ACE, TEN))
                        # The peek's blackjack: no switch; a dealt blackjack pushes, the rest lose.
                        on_blackjack = dealt_naturals - 2
                        kept = value[one] + value[two]
                        three, four = (min(a1, b2), max(a1, b2)), (min(a2, b1), max(a2, b1))
                        swapped = switched.get(three, value[three]) + switched.get(four, value[four])
                        if best:
                            swap = swapped > kept
                        else:
                            swap = strategy.switch_better(table, 11 if up == ACE else up + 1,
                                                          (a1 + 1, b1 + 1), (a2 + 1, b2 + 1))
                        ev += p_up * p * (bj * on_blackjack + (1.0 - bj) * (swapped if swap else kept))
                        switches += p_up * p * (1.0 - bj) * swap
                        ends = ((three == (ACE, TEN)) + (four == (ACE, TEN))) if swap else dealt_naturals
                        naturals += p_up * p * (bj * dealt_naturals + (1.0 - bj) * ends)
                        rest[b2] += 1
                    rest[a2] += 1
                rest[b1] += 1
            rest[a1] += 1
    main = MainBet(ev=ev / 2, blackjack=naturals / 2, strategy=game.chart.name)
    return SwitchCount(main=main, values=table, switches=switches)
