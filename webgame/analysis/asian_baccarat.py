"""Asian Baccarat (seed 003 §1): the one wager, a position's hand against the player-dealer's,
exactly by composition of the full shoe.

The strategies are named: the position plays the House Way ("Draw on 5 or less, Stand on 6 or
more", s.63-65; on 3 or less it must draw, on 7-9 it stands) and so does the player-dealer on
its option (D-186: a card on 4 or 5, none on 6; it must draw on 3 or less and stands on 7-9).
Every ordered deal of the two community cards, the bank's two cards, the position's own draw
card and the bank's card is weighted by the cards left in the shoe (removal counted). The other
positions' draw cards are unseen cards taken before the bank's: by exchangeability they leave
the bank's card distributed as the next card of the shoe, so one position's figure does not
depend on how many others play.

Under the House Way on both sides the game is symmetric (the same drawing rule for both hands,
equal totals push), so the edge is exactly zero. :func:`bank_best_reply` gives the figure when
the bank instead chooses on 4-6 whatever is best for it, seeing the community cards and its own
(D-185): the price of the House Way to a position. The player-dealer banks: the figure is the
player's edge against the bank; the collection fee is posted apart and is not in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial
from typing import Any

from ..engine.paytable import Variant
from .core import Result, Wager

GAME = "asian-baccarat"
BET = "player"


def _key(rules: Mapping[str, Any]) -> tuple[Any, ...]:
    d = rules["draw"]
    return (tuple(d["all_draw"]), tuple(d["option"]), tuple(d["house_way_draws"]), tuple(d["bank_draws"]),
            tuple(d["bank_option"]), tuple(d["bank_house_way_draws"]))


def _net(rules: Mapping[str, Any]) -> Fraction:
    from ..engine.money import Odds

    return Odds.parse(str(rules["paytables"]["asian-baccarat"]["lines"]["win"])).net


@cache
def _tally(decks: int, key: tuple[Any, ...], best_reply: bool) -> tuple[int, int, int, int]:
    """Integer weights of (win, push, lose) over every ordered six-card deal, and the total."""
    all_draw, option, way, bank_draws, bank_option, bank_way = key
    counts = [16 * decks] + [4 * decks] * 9
    n = sum(counts)
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    c = counts

    def finish(mine: int, bank_two: int, draws: bool, weight: int, used: int) -> list[int]:
        """(win, push, lose) weights once the bank draws or not, padded to six cards."""
        out = [0, 0, 0]
        if draws:
            for b3 in range(10):
                if c[b3]:
                    w = weight * c[b3]
                    for k in range(used + 1, 6):
                        w *= n - k
                    bank = (bank_two + b3) % 10
                    out[0 if mine > bank else 1 if mine == bank else 2] += w
        else:
            w = weight
            for k in range(used, 6):
                w *= n - k
            out[0 if mine > bank_two else 1 if mine == bank_two else 2] += w
        return out

    win = push = lose = 0
    for p1 in range(10):
        w1 = c[p1]
        c[p1] -= 1
        for b1 in range(10):
            w2 = w1 * c[b1]
            c[b1] -= 1
            for p2c in range(10):
                w3 = w2 * c[p2c]
                c[p2c] -= 1
                for b2c in range(10):
                    w4 = w3 * c[b2c]
                    if not w4:
                        continue
                    c[b2c] -= 1
                    p2, b2 = (p1 + p2c) % 10, (b1 + b2c) % 10
                    draws = p2 in all_draw or (p2 in option and p2 in way)
                    choices = [True, False] if (b2 in bank_option and best_reply) else \
                        [b2 in bank_draws or (b2 in bank_option and b2 in bank_way)]
                    best: list[int] | None = None
                    for bank_draws_now in choices:
                        got = [0, 0, 0]
                        if draws:
                            for p3 in range(10):
                                if c[p3]:
                                    w5 = w4 * c[p3]
                                    c[p3] -= 1
                                    part = finish((p2 + p3) % 10, b2, bank_draws_now, w5, 5)
                                    c[p3] += 1
                                    got = [a + b for a, b in zip(got, part, strict=True)]
                        else:
                            got = finish(p2, b2, bank_draws_now, w4, 4)
                        if best is None or got[0] - got[2] < best[0] - best[2]:
                            best = got
                    assert best is not None
                    win, push, lose = win + best[0], push + best[1], lose + best[2]
                    c[b2c] += 1
                c[p2c] += 1
            c[b1] += 1
        c[p1] += 1
    return win, push, lose, total


def _result(rules: Mapping[str, Any], best_reply: bool) -> Result:
    win, push, lose, total = _tally(int(rules["decks"]), _key(rules), best_reply)
    p_win, p_push, p_lose = Fraction(win, total), Fraction(push, total), Fraction(lose, total)
    ev = p_win * _net(rules) - p_lose
    return Result(house_edge=-ev, hit_frequency=p_win, element_of_risk=-ev / (1 - p_push))


def house_way(rules: Mapping[str, Any]) -> Result:
    """The position and the bank both play the House Way."""
    return _result(rules, False)


def bank_best_reply(rules: Mapping[str, Any]) -> Result:
    """The position plays the House Way; the bank chooses on 4-6 what is best for it, seeing
    the two community cards and its own two (D-185)."""
    return _result(rules, True)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    ways = ", ".join(str(t) for t in rules["draw"]["house_way_draws"])
    how = (f"Exact by composition of the full {decks}-deck shoe. Strategy: the House Way for the position (draws on "
           f"{ways}; 003 s.63-65) and for the player-dealer on its option (D-186): every ordered deal of the two "
           "community cards, the bank's two, the position's own draw card and the bank's card, with card removal. "
           "Ties push; element of risk excludes pushes. The collection fee is apart.")
    return [Wager(bet=BET, label="Against the bank", paytable={"win": str(rules["paytables"]["asian-baccarat"]["lines"]["win"])},
                  assumptions=how, exact=partial(house_way, rules), slow=True)]
