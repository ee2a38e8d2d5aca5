"""Super Pan 9 (seed 002 §12): the one wager, a position's three-card hand against the
player-dealer's, exactly by composition of the shoe without 7s, 8s, 9s and 10s (D-208).

The strategies are named: the position plays the House Way ("5 or less takes a card; 6 or
more stands", s.1105) and so does the player-dealer on its option (D-209: a card on 4 or 5,
none on 6; it must draw on 0-3 and stands on 7-9). Every deal of the bank's three cards, the
position's three, the position's draw card and the bank's card is weighted by the cards left in
the shoe (removal counted); the deal's real order interleaves them, which changes nothing
because the shoe's cards are exchangeable, and other positions' cards are unseen to this pair.

Under the House Way on both sides the game is symmetric (one drawing rule for both hands,
equal totals push), so the edge is exactly zero. :func:`bank_best_reply` gives the figure when
the bank instead chooses on 4-6 what is best for it, seeing its own three cards and whether the
position drew (D-209). The figure is the player's edge against the bank; the collection fee is
posted apart and is not in it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial
from itertools import product
from typing import Any

from ..engine.paytable import Variant
from .core import Result, Wager

GAME = "super-pan-9"
BET = "player"
CARDS = 8  # three and a draw card for each of the two hands


def _key(rules: Mapping[str, Any]) -> tuple[Any, ...]:
    d = rules["draw"]
    return (tuple(d["house_way_draws"]), tuple(d["bank_draws"]), tuple(d["bank_option"]),
            tuple(d["bank_house_way_draws"]))


def _net(rules: Mapping[str, Any]) -> Fraction:
    from ..engine.money import Odds

    return Odds.parse(str(rules["paytables"]["super-pan-9"]["lines"]["win"])).net


def _counts(decks: int, removed: str) -> list[int]:
    """Cards of each point value 0-9 in the shoe: pictures (and tens, if kept) count nothing."""
    per_rank = 4 * decks
    ranks = [r for r in "A23456789TJQK" if r not in removed]
    values = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0}
    counts = [0] * 10
    for r in ranks:
        counts[values.get(r, int(r) if r.isdigit() else 0)] += per_rank
    return counts


def _hands() -> list[tuple[tuple[int, ...], int]]:
    """Every three-card hand as a multiset of point values, with its number of orderings."""
    return sorted(Counter(tuple(sorted(h)) for h in product(range(10), repeat=3)).items())


def _take(c: list[int], hand: tuple[int, ...]) -> int:
    """The weight of drawing ``hand`` in one given order from ``c`` (removing it from ``c``);
    0 if the shoe cannot give it."""
    w = 1
    for v in hand:
        w *= c[v]
        c[v] -= 1
    return w


def _give(c: list[int], hand: tuple[int, ...]) -> None:
    for v in hand:
        c[v] += 1


@cache
def _tally(counts: tuple[int, ...], key: tuple[Any, ...], best_reply: bool) -> tuple[int, int, int, int]:
    """Integer weights of (win, push, lose) for the position over every deal of eight cards,
    and the total weight."""
    way, bank_draws, bank_option, bank_way = key
    c = list(counts)
    n = sum(c)
    total = 1
    for k in range(CARDS):
        total *= n - k

    def pad(w: int, used: int) -> int:
        for k in range(used, CARDS):
            w *= n - k
        return w

    def settle(mine: int, bank3: int, draws: bool, w: int, used: int, out: list[int]) -> None:
        if draws:
            for e in range(10):
                if c[e]:
                    bank = (bank3 + e) % 10
                    out[0 if mine > bank else 1 if mine == bank else 2] += pad(w * c[e], used + 1)
        else:
            out[0 if mine > bank3 else 1 if mine == bank3 else 2] += pad(w, used)

    win = push = lose = 0
    hands = _hands()
    for bank_hand, bank_orders in hands:
        wb = _take(c, bank_hand) * bank_orders
        if wb:
            b3 = sum(bank_hand) % 10
            choosing = best_reply and b3 in bank_option
            rule = b3 in bank_draws or (b3 in bank_option and b3 in bank_way)
            # (drew, bank draws) -> (win, push, lose): the bank sees its hand and whether the position drew
            got: dict[tuple[bool, bool], list[int]] = {}
            for hand, orders in hands:
                wp = _take(c, hand) * orders * wb
                if wp:
                    p3 = sum(hand) % 10
                    drew = p3 in way
                    for bank_now in ([True, False] if choosing else [rule]):
                        out = got.setdefault((drew, bank_now), [0, 0, 0])
                        if drew:
                            for d in range(10):
                                if c[d]:
                                    w = wp * c[d]
                                    c[d] -= 1
                                    settle((p3 + d) % 10, b3, bank_now, w, 7, out)
                                    c[d] += 1
                        else:
                            settle(p3, b3, bank_now, wp, 6, out)
                _give(c, hand)
            for drew in (True, False):
                options = [got[(drew, b)] for b in (True, False) if (drew, b) in got]
                if options:
                    best = min(options, key=lambda o: o[0] - o[2])
                    win, push, lose = win + best[0], push + best[1], lose + best[2]
        _give(c, bank_hand)
    return win, push, lose, total


def _result(rules: Mapping[str, Any], best_reply: bool) -> Result:
    counts = tuple(_counts(int(rules["decks"]), str(rules.get("remove_ranks", ""))))
    win, push, lose, total = _tally(counts, _key(rules), best_reply)
    assert win + push + lose == total
    p_win, p_push, p_lose = Fraction(win, total), Fraction(push, total), Fraction(lose, total)
    ev = p_win * _net(rules) - p_lose
    return Result(house_edge=-ev, hit_frequency=p_win, element_of_risk=-ev / (1 - p_push))


def house_way(rules: Mapping[str, Any]) -> Result:
    """The position and the bank both play the House Way."""
    return _result(rules, False)


def bank_best_reply(rules: Mapping[str, Any]) -> Result:
    """The position plays the House Way; the bank chooses on 4-6 what is best for it, seeing
    its own three cards and whether the position drew (D-209)."""
    return _result(rules, True)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    ways = ", ".join(str(t) for t in rules["draw"]["house_way_draws"])
    how = (f"Exact by composition of the {decks}-deck shoe without 7s, 8s, 9s and 10s. Strategy: the House Way for "
           f"the position (draws on {ways}; 002 s.1105) and for the player-dealer on its option (D-209): every deal "
           "of the bank's three cards, the position's three, its draw card and the bank's card, with card removal. "
           "Ties push; element of risk excludes pushes. The collection fee is apart.")
    return [Wager(bet=BET, label="Against the bank", paytable={"win": str(rules["paytables"]["super-pan-9"]["lines"]["win"])},
                  assumptions=how, exact=partial(house_way, rules), slow=True)]
