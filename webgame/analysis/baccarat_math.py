"""Exact baccarat odds by composition of the full shoe: every ordered deal of the first four
cards and the third cards the tableau calls for, each weighted by the cards left in the shoe
(removal counted), for the shoe's deck count. The coups are graded by the engine's own
tableau (:class:`webgame.games.baccarat.coup.Tableau`) and side-bet graders, and the wagers
are settled by the round's paytables, so a rule changed in the data changes the figure.

The deal is summarised as the probability of each final shape (Player total and card count,
Banker total and card count), which is all any wager of the tableau games looks at.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial
from typing import Any

from ..engine.money import Odds
from ..games.baccarat.coup import BANKER, PLAYER, TIE, Coup, Tableau
from ..games.baccarat.sidebets import SIDE_BETS
from ..games.baccarat.table import commission
from .core import Result, Wager

# A card of each point value, for building a coup of a given shape (10 stands for every 0).
CARD_OF = {0: "T", 1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9"}
Shape = tuple[int, int, int, int]  # Player total, Player cards, Banker total, Banker cards


def _tableau_key(rules: Mapping[str, Any]) -> tuple[Any, ...]:
    t = rules["tableau"]
    return (tuple(t["naturals"]), tuple(t["player_draws_on"]), tuple(t["banker_draws_if_player_stood"]),
            tuple(tuple(x) for x in t["banker_draws_on_third"]))


def shapes(rules: Mapping[str, Any]) -> dict[Shape, Fraction]:
    """The chance of every final shape of a coup off a full shoe of ``rules["decks"]``."""
    return _shapes(int(rules["decks"]), _tableau_key(rules))


@cache
def _shapes(decks: int, key: tuple[Any, ...]) -> dict[Shape, Fraction]:
    tableau = Tableau(frozenset(key[0]), frozenset(key[1]), frozenset(key[2]), tuple(frozenset(x) for x in key[3]))
    counts = [16 * decks] + [4 * decks] * 9  # point 0: tens and pictures
    n = sum(counts)
    denominator = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    tally: dict[Shape, int] = {}

    def add(shape: Shape, weight: int, used: int) -> None:
        for k in range(used, 6):  # bring every deal to six ordered cards
            weight *= n - k
        tally[shape] = tally.get(shape, 0) + weight

    c = counts
    for p1 in range(10):
        w1 = c[p1]
        c[p1] -= 1
        for b1 in range(10):
            w2 = w1 * c[b1]
            c[b1] -= 1
            for p2 in range(10):
                w3 = w2 * c[p2]
                c[p2] -= 1
                for b2 in range(10):
                    w4 = w3 * c[b2]
                    if not w4:
                        continue
                    c[b2] -= 1
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    if pt in tableau.naturals or bt in tableau.naturals:
                        add((pt, 2, bt, 2), w4, 4)
                    elif not tableau.player_draws(pt):
                        if tableau.banker_draws(bt, None):
                            for b3 in range(10):
                                if c[b3]:
                                    add((pt, 2, (bt + b3) % 10, 3), w4 * c[b3], 5)
                        else:
                            add((pt, 2, bt, 2), w4, 4)
                    else:
                        for p3 in range(10):
                            w5 = w4 * c[p3]
                            if not w5:
                                continue
                            pf = (pt + p3) % 10
                            if tableau.banker_draws(bt, p3):
                                c[p3] -= 1
                                for b3 in range(10):
                                    if c[b3]:
                                        add((pf, 3, (bt + b3) % 10, 3), w5 * c[b3], 6)
                                c[p3] += 1
                            else:
                                add((pf, 3, bt, 2), w5, 5)
                    c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1
    return {s: Fraction(w, denominator) for s, w in tally.items()}


def coup_of(shape: Shape) -> Coup:
    """A coup with this shape (its cards stand for any cards with the same points)."""
    pt, pn, bt, bn = shape
    return Coup(tuple(["T"] * (pn - 1) + [CARD_OF[pt]]), tuple(["T"] * (bn - 1) + [CARD_OF[bt]]))


def _net(rules: Mapping[str, Any], paytable: str, line: str) -> Fraction:
    return Odds.parse(str(rules["paytables"][paytable]["lines"][line])).net


def line_bet(rules: Mapping[str, Any], side: str) -> Result:
    """The Player or the Banker wager: ties push (D-145), the Banker's commission per unit of
    win (the exact rate; cents rounding is shown apart), the three-card-7 push where it applies."""
    ev = hit = Fraction(0)
    pushes = Fraction(0)
    rate = Fraction(str(rules.get("commission_pct", 0))) / 100
    for shape, p in shapes(rules).items():
        coup = coup_of(shape)
        if coup.winner == TIE:
            pushes += p
        elif coup.winner != side:
            ev -= p
        elif side == BANKER and rules.get("banker_three_card_7_push") and coup.three_card(BANKER, 7):
            pushes += p
        else:
            win = _net(rules, "baccarat", side)
            ev += p * (win - (win * rate if side == BANKER else 0))
            hit += p
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev / (1 - pushes))


def side_bet(rules: Mapping[str, Any], spot: str) -> Result:
    """A side bet graded by the engine's grader on every shape; push lines return the stake."""
    entry = SIDE_BETS[spot]
    grader = SIDE_BETS.graders[entry.grader]
    pushes = rules["paytables"][entry.paytable].get("push_lines", [])
    ev = hit = Fraction(0)
    for shape, p in shapes(rules).items():
        line = grader(coup_of(shape))
        if line is None:
            ev -= p
        elif line not in pushes:
            ev += p * _net(rules, entry.paytable, line)
            hit += p
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev)


def banker_edge_in_cents(rules: Mapping[str, Any], stake: int) -> Fraction:
    """The Banker wager's house edge on a stake of ``stake`` cents with the commission as the
    table rounds it (truncated, or up to 25 cents), per unit staked."""
    ev = Fraction(0)
    for shape, p in shapes(rules).items():
        coup = coup_of(shape)
        if coup.winner == PLAYER:
            ev -= p * stake
        elif coup.winner == BANKER and not (rules.get("banker_three_card_7_push") and coup.three_card(BANKER, 7)):
            won = int(_net(rules, "baccarat", BANKER) * stake)
            ev += p * (won - commission(rules, won))
    return -ev / stake


def _lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()}


def wagers_of(rules: Mapping[str, Any]) -> list[Wager]:
    """Every wager of a tableau table's configuration. The first figure of a deck count takes
    seconds of enumeration (then every wager reads the same shapes), so a page gets them from
    the worker (``slow``)."""
    decks = int(rules["decks"])
    how = (f"Exact by composition of the full {decks}-deck shoe: every ordered deal of the four first cards "
           "and the third cards the tableau calls for, with card removal.")
    vig = Fraction(str(rules.get("commission_pct", 0)))
    banker_words = how + (f" The {vig}% commission is taken at its exact rate." if vig else "") + (
        " A Banker win with a three-card 7 pushes." if rules.get("banker_three_card_7_push") else "")
    out = [
        Wager(bet=BANKER, label="Banker", paytable=_lines(rules, "baccarat"), assumptions=banker_words
              + " Ties push; element of risk excludes pushes.", exact=partial(line_bet, rules, BANKER), slow=True),
        Wager(bet=PLAYER, label="Player", paytable=_lines(rules, "baccarat"),
              assumptions=how + " Ties push; element of risk excludes pushes.", exact=partial(line_bet, rules, PLAYER), slow=True),
    ]
    for entry in SIDE_BETS.offered(rules):
        out.append(Wager(bet=entry.spot, label=entry.name[:1].upper() + entry.name[1:],
                         paytable=_lines(rules, entry.paytable), assumptions=how,
                         exact=partial(side_bet, rules, entry.spot), slow=True))
    return out
