"""Lucky Chances Blackjack's base wager, counted over the finite shoe (P-225 to P-227).

The count of :mod:`.blackjack_exact` (P-110, P-111) with the Lucky Chances comparison
(002 §13, D-133 to D-139, D-603), the rules read from ``lucky-chances-blackjack.toml``:

* The shoe has eleven ranks: the ace, the twos to nines, the ordinary ten-value cards and the
  Logo cards (``logo_cards_per_deck`` a deck, 002 s.1235-1236). A Logo card counts ten, so the
  dealer's draws after the hole card are counted over the ten-values together; only the first
  two cards tell a Logo card from a ten (an ace and a Logo is the Natural, two Logos the Bonus
  Natural, an ace and an ordinary ten a plain 21, 002 s.1226-1239, D-136). Every card the
  player draws is removed by its own rank, Logo or ten.
* No peek (D-133): the player plays not knowing the P/D's hole card, whose chance of making a
  Natural is read, by exchangeability, from the shoe less the up card and every card the
  player holds when the hand ends. Against the P/D's Natural or Bonus Natural a hand loses only
  its original wager (its double and its split wager go back, D-130's settlement), a player's
  Natural pushes and a player's Bonus Natural is paid whatever the P/D holds (002 s.1345-1347).
* The comparison (:func:`webgame.games.blackjack.engine.over_scale_result`, the blackjack
  count's :class:`.blackjack_exact.OverScale`, P-284): the P/D's final total is counted bust by
  bust (22 to 26, :func:`.blackjack_exact.dealer_finals`); a player's total over 21 is not lost at once:
  against a P/D total of 21 or less it loses, against a P/D bust it pushes when closer
  (``over_closer_pushes``, D-137) and loses when equal or farther; equal totals push except
  those in ``dealer_wins_ties_at`` (17, 002 s.1394-1397).
* The player plays the bots' chart (the house chart of :mod:`webgame.games.blackjack.strategy`,
  the table's soft-17 rule) within the table's forced moves, as the engine's ``bot_action``
  does: a move the rules forbid becomes a stand where standing is allowed, else a hit (stand
  on hard ``player_must_stand_hard`` and on 21, hit hard ``player_must_hit_hard`` or less);
  doubles only on two cards totalling one of ``double_totals`` (an ace counted eleven, D-135),
  for the whole wager, never after a split; one split (``max_hands``), never Logo cards, aces
  one card each; no surrender, no insurance (D-139).
* Splits as :mod:`.blackjack_exact` counts them (P-111): each hand from the shoe less the up
  card and both pair cards, plus its own cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..engine.money import Odds
from ..engine.paytable import odds_of
from ..games.blackjack import strategy
from ..games.blackjack.strategy import DOUBLE, HIT, STAND
from .blackjack_exact import TWO_CARD_21, Comp, FloatArray, OverScale, dealer_finals

# Ranks: 0 the ace, 1-8 the twos to nines, 9 an ordinary ten-value card, 10 a Logo card.
ACE, TEN, LOGO = 0, 9, 10
VALUE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10)
RANKS = len(VALUE)
# The P/D's outcomes, in the order of its probability vectors: totals 17 to 21, busts 22 to 26,
# the Natural (an ace and a Logo), the Bonus Natural (two Logos).
NATURAL, BONUS = 10, 11


def lucky_shoe(rules: Mapping[str, Any]) -> Comp:
    """``decks`` decks of 52 and ``logo_cards_per_deck`` Logo cards a deck, by rank."""
    decks = int(rules["decks"])
    return tuple(decks * n for n in (4, 4, 4, 4, 4, 4, 4, 4, 4, 16, int(rules.get("logo_cards_per_deck", 0))))


def merge_tens(comp: Comp) -> Comp:
    """Eleven ranks to ten: Logo cards with the ordinary ten-values."""
    return (*comp[:TEN], comp[TEN] + comp[LOGO])


def dealer_outcomes(left: Comp, up: int, h17: bool) -> FloatArray:
    """P(outcome) of the P/D's hand, ``up`` (a rank) showing and ``left`` (eleven ranks, the
    hole card among them) in the shoe: totals 17-21, busts 22-26, Natural, Bonus Natural."""
    p = dealer_finals(merge_tens(left), VALUE[up], h17)  # the P/D's draws, ten-values together (P-284)
    n = sum(left)
    out = np.zeros(12)
    out[:10] = p[:10]
    two = float(p[TWO_CARD_21])
    if up == ACE:  # the hole card a ten-value: a Logo makes the Natural, an ordinary ten 21
        out[NATURAL] = left[LOGO] / n
        out[4] += two - out[NATURAL]
    elif up == LOGO:  # an ace in the hole is the Natural; a Logo the Bonus Natural, not a 20
        out[NATURAL] = two
        out[BONUS] = left[LOGO] / n
        out[3] -= out[BONUS]
    else:  # an ordinary ten and an ace: a plain 21 (002 s.1226-1229)
        out[4] += two
    return out


@dataclass(frozen=True)
class LuckyGame:
    comp: Comp
    h17: bool
    natural_pays: float
    bonus_pays: float
    double_totals: frozenset[int]
    max_hands: int
    split_aces_one_card: bool
    must_stand_hard: int
    must_stand_total: int
    must_hit_hard: int
    over_closer_pushes: bool
    dealer_wins_ties_at: frozenset[int]
    chart: strategy.Chart = field(default_factory=lambda: strategy.chart(True))

    @classmethod
    def of(cls, rules: Mapping[str, Any], comp: Comp | None = None) -> LuckyGame:
        h17 = bool(rules["dealer_hits_soft_17"])
        return cls(
            comp=comp if comp is not None else lucky_shoe(rules),
            h17=h17,
            natural_pays=float(Odds.parse(str(rules["blackjack_pays"])).net),
            bonus_pays=float(odds_of(rules, str(rules["main_paytable"]), "bonus-natural").net),
            double_totals=frozenset(int(t) for t in rules["double_totals"]),
            max_hands=int(rules["max_hands"]),
            split_aces_one_card=bool(rules.get("split_aces_one_card", True)),
            must_stand_hard=int(rules.get("player_must_stand_hard", 22)),
            must_stand_total=int(rules.get("player_must_stand_total", 99)),
            must_hit_hard=int(rules.get("player_must_hit_hard", 0)),
            over_closer_pushes=bool(rules.get("over_closer_pushes")),
            dealer_wins_ties_at=frozenset(int(t) for t in rules.get("dealer_wins_ties_at", [])),
            chart=strategy.chart_named(strategy.rule_set(rules), h17),
        )


def _total(cards: Comp) -> tuple[int, bool]:
    hard = sum(n * v for n, v in zip(cards, VALUE, strict=True))
    if cards[ACE] and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _plus(comp: Comp, r: int) -> Comp:
    return tuple(c + (i == r) for i, c in enumerate(comp))


def _minus(comp: Comp, r: int) -> Comp:
    return tuple(c - (i == r) for i, c in enumerate(comp))


EMPTY: Comp = (0,) * RANKS
# A hand's value: (its net over the P/D's hands that are not a Natural, per unit of the original
# wager, doubles included; the chance the P/D turns a Natural or Bonus Natural). Against those
# the hand loses its original wager, or nothing if it is the second hand of a split.
Value = tuple[float, float]


class _UpCard:
    """Everything counted against one up card (a rank), memoised by the shoe left."""

    def __init__(self, game: LuckyGame, up: int) -> None:
        self.game = game
        self.up = up
        self.chart_up = 11 if up == ACE else VALUE[up]
        self.shoe = _minus(game.comp, up)
        # The comparison the blackjack count makes of hands over 21 (P-284), with this table's flags.
        self.scale = OverScale(over_closer_pushes=game.over_closer_pushes, dealer_wins_ties_at=game.dealer_wins_ties_at)
        self._dealer: dict[Comp, FloatArray] = {}
        self._hand: dict[tuple[Comp, Comp, bool], Value] = {}

    def dealer(self, left: Comp) -> FloatArray:
        hit = self._dealer.get(left)
        if hit is None:
            hit = dealer_outcomes(left, self.up, self.game.h17)
            self._dealer[left] = hit
        return hit

    def natural_chance(self, left: Comp) -> float:
        """The chance the hole card makes the P/D a Natural or a Bonus Natural."""
        n = sum(left)
        if self.up == ACE:
            return left[LOGO] / n
        if self.up == LOGO:
            return (left[ACE] + left[LOGO]) / n
        return 0.0

    def stand(self, left: Comp, total: int, stake: float = 1.0) -> Value:
        """A hand standing on ``total`` (over 21 too), ``stake`` times the original wager on it."""
        d = self.dealer(left)
        win, lose = self.scale.win_lose(total, d[:NATURAL])
        return stake * (win - lose), float(d[NATURAL] + d[BONUS])

    def move(self, cards: Comp, total: int, soft: bool, can_double: bool) -> str:
        """The bot's move: the chart's, then the table's forced moves (as ``bot_action``)."""
        g = self.game
        code = strategy.at_cards(strategy.hand_code(g.chart, total, soft, self.chart_up), sum(cards))
        move = strategy.play_of(code, can_double, False)
        must_stand = (not soft and total >= g.must_stand_hard) or total >= g.must_stand_total
        must_hit = not soft and total <= g.must_hit_hard
        if move in (HIT, DOUBLE) and must_stand:
            return STAND
        if move == STAND and must_hit:
            return HIT
        return move

    def hand(self, cards: Comp, base: Comp, split_hand: bool) -> Value:
        """A hand holding ``cards`` drawn from ``base``, played by the chart to the end."""
        key = (cards, base, split_hand)
        hit = self._hand.get(key)
        if hit is not None:
            return hit
        g = self.game
        left = tuple(b - c for b, c in zip(base, cards, strict=True))
        total, soft = _total(cards)
        if total >= 21:
            value = self.stand(left, total)  # 21 stands (D-603); over 21 waits for the P/D (D-137)
        else:
            can_double = sum(cards) == 2 and not split_hand and total in g.double_totals
            move = self.move(cards, total, soft, can_double)
            if move == STAND:
                value = self.stand(left, total)
            else:
                size = sum(left)
                ev = nat = 0.0
                for r, k in enumerate(left):
                    if not k:
                        continue
                    more = _plus(cards, r)
                    if move == DOUBLE:
                        e, p = self.stand(_minus(left, r), _total(more)[0], 2.0)
                    else:
                        e, p = self.hand(more, base, split_hand)
                    ev += k / size * e
                    nat += k / size * p
                value = (ev, nat)
        self._hand[key] = value
        return value

    def split(self, pair: int) -> float:
        """Splitting a pair of rank ``pair`` into two hands (one split, no resplit at these
        tables): each from the shoe less the up card and the other pair card (P-111); against
        the P/D's Natural only the first hand's wager, the original, is lost."""
        base = _minus(self.shoe, pair)
        one = _plus(EMPTY, pair)
        if pair == ACE and self.game.split_aces_one_card:
            left = _minus(base, pair)
            size = sum(left)
            ev = nat = 0.0
            for r, k in enumerate(left):
                if k:
                    e, p = self.stand(_minus(left, r), _total(_plus(one, r))[0])
                    ev += k / size * e
                    nat += k / size * p
        else:
            ev, nat = (0.0, 0.0)
            size = sum(base) - 1
            for r, k in enumerate(_minus(base, pair)):
                if k:
                    e, p = self.hand(_plus(one, r), base, True)
                    ev += k / size * e
                    nat += k / size * p
        return 2.0 * ev - nat

    def deal(self, a: int, b: int) -> float:
        """The base wager's value once the player holds ranks a and b against this up card."""
        g = self.game
        left = _minus(_minus(self.shoe, a), b)
        if a == b == LOGO:
            return g.bonus_pays  # the Bonus Natural beats every hand (002 s.1345-1347)
        if {a, b} == {ACE, LOGO}:
            return (1.0 - self.natural_chance(left)) * g.natural_pays  # pushes a P/D Natural
        if VALUE[a] == VALUE[b] and LOGO not in (a, b) and g.max_hands >= 2 \
                and g.chart.pairs[VALUE[a]][self.chart_up]:
            return self.split(a)
        e, p = self.hand(_plus(_plus(EMPTY, a), b), self.shoe, False)
        return e - p


@dataclass(frozen=True)
class LuckyFigure:
    """The base wager under the chart: expected net per initial wager (the P/D's edge is its
    negative) and the player's chances of the two naturals."""

    ev: float
    natural: float
    bonus_natural: float
    strategy: str

    @property
    def house_edge(self) -> float:
        return -self.ev


def count(game: LuckyGame) -> LuckyFigure:
    shoe = game.comp
    n = sum(shoe)
    ev = natural = bonus = 0.0
    for up in range(RANKS):
        if not shoe[up]:
            continue
        counter = _UpCard(game, up)
        rest = counter.shoe
        m = n - 1
        for a in range(RANKS):
            for b in range(a, RANKS):
                # Ordinary ten-values of different faces are one rank here: a pair to the chart.
                ways = rest[a] * (rest[b] - (a == b))
                if ways <= 0:
                    continue
                p = shoe[up] / n * ways * (1 if a == b else 2) / (m * (m - 1))
                ev += p * counter.deal(a, b)
                natural += p * ({a, b} == {ACE, LOGO})
                bonus += p * (a == b == LOGO)
    return LuckyFigure(ev=ev, natural=natural, bonus_natural=bonus, strategy=strategy_name(game))


def strategy_name(game: LuckyGame) -> str:
    return (f"{game.chart.name}, within Lucky Chances' forced moves (stand on hard {game.must_stand_hard} "
            f"and on 21, hit hard {game.must_hit_hard} or less; double on two cards totalling "
            f"{min(game.double_totals, default=0)} to {max(game.double_totals, default=0)}, for the whole wager; soft doubles "
            "hit or stand as the chart's D or Ds says)")


def base_wager(rules: Mapping[str, Any], comp: Comp | None = None) -> LuckyFigure:
    """The base wager's figure for ``rules`` over a fresh shoe (``comp``: eleven ranks, ace
    first, ordinary ten-values then Logo cards last, overrides the shoe the rules name)."""
    return count(LuckyGame.of(rules, comp))
