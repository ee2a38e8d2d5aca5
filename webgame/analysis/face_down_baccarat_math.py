"""21st Century Baccarat Face Down (seed 003 §17): a position's wager against the player-dealer,
exactly by composition of the eight-deck shoe with its eight jokers.

The strategy is named: the position plays the House Way ("must draw 5 or below and must stand 6
or above", rule 22), never doubling or surrendering, and the player-dealer stands on its 6 as
its clock does (D-181). Every ordered deal of the position's two cards, the P/D's up card and
hole card, the position's draw card and the P/D's is weighted by the cards left in the shoe
(removal counted). Other positions' cards are unseen cards taken before the draws: by
exchangeability they do not change one position's figure. A joker counts 9 (D-178); two jokers
as the first two cards are a Natural (rules 2, 21); the deal ends on a P/D joker up card or
two-card 9 (rules 11-13). Outcomes are graded by the engine's own rule
(:func:`~webgame.games.baccarat.facedown.outcome_of`) and paid from the paytable, so a rule changed in the data
changes the figure. The figure is the player's edge against the bank; the collection fee is
apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial
from typing import Any

from ..engine.money import Odds
from ..games.baccarat.facedown import outcome_of
from .core import Result, Wager

JOKER = 10  # the eleventh kind of card
CARD = {0: "Ts", 1: "As", 2: "2s", 3: "3s", 4: "4s", 5: "5s", 6: "6s", 7: "7s", 8: "8s", 9: "9s", JOKER: "JK"}
Shape = tuple[tuple[int, ...], tuple[int, ...]]  # the position's cards and the P/D's, by kind


def _key(rules: Mapping[str, Any]) -> tuple[Any, ...]:
    fd = rules["face_down"]
    return (int(rules["decks"]), int(rules.get("jokers_per_deck", 0)), tuple(fd["house_way_draws"]),
            tuple(fd["must_hit"]), tuple(fd["bank_hits"]))


def _rank(kinds: tuple[int, ...]) -> int:
    if len(kinds) == 2 and kinds[0] == kinds[1] == JOKER:
        return 10
    if JOKER in kinds:
        return 9
    return sum(kinds) % 10


@cache
def shapes(key: tuple[Any, ...]) -> dict[Shape, Fraction]:
    """The chance of every final pair of hands, by the kinds of their cards in order."""
    tally, denominator = _ways(key)
    return {s: Fraction(w, denominator) for s, w in tally.items()}


@cache
def _ways(key: tuple[Any, ...]) -> tuple[dict[Shape, int], int]:
    """Every final pair of hands with its number of ordered deals, and the number of all the
    ordered deals of six cards (the chances' one denominator)."""
    decks, jokers, way, must_hit, bank_hits = key
    counts = [16 * decks] + [4 * decks] * 9 + [jokers * decks]
    n = sum(counts)
    denominator = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    tally: dict[Shape, int] = {}
    c = counts

    def add(shape: Shape, weight: int, used: int) -> None:
        for k in range(used, 6):
            weight *= n - k
        tally[shape] = tally.get(shape, 0) + weight

    def bank_turn(mine: tuple[int, ...], bank: tuple[int, ...], weight: int, used: int) -> None:
        if _rank(bank) in bank_hits:
            for b3 in range(11):
                if c[b3]:
                    add((mine, (*bank, b3)), weight * c[b3], used + 1)
        else:
            add((mine, bank), weight, used)

    for p1 in range(11):
        w1 = c[p1]
        c[p1] -= 1
        for up in range(11):
            w2 = w1 * c[up]
            c[up] -= 1
            for p2 in range(11):
                w3 = w2 * c[p2]
                c[p2] -= 1
                for hole in range(11):
                    w4 = w3 * c[hole]
                    if not w4:
                        continue
                    c[hole] -= 1
                    mine, bank = (p1, p2), (up, hole)
                    if up == JOKER or _rank(bank) >= 9:
                        add((mine, bank), w4, 4)
                    elif _rank(mine) in way or _rank(mine) in must_hit:
                        for p3 in range(11):
                            if c[p3]:
                                w5 = w4 * c[p3]
                                c[p3] -= 1
                                bank_turn((*mine, p3), bank, w5, 5)
                                c[p3] += 1
                    else:
                        bank_turn(mine, bank, w4, 4)
                    c[hole] += 1
                c[p2] += 1
            c[up] += 1
        c[p1] += 1
    return tally, denominator


def house_way(rules: Mapping[str, Any]) -> Result:
    lines = rules["paytables"]["face-down"]["lines"]
    # Deals counted in whole numbers by how they end (every shape shares one denominator), the
    # fractions taken once at the end: the same exact figure as summing each shape's chance.
    tally, denominator = _ways(_key(rules))
    won: dict[str, int] = {}
    pushes = lost = 0
    for (mine, bank), ways in tally.items():
        result, line = outcome_of(rules["face_down"], [CARD[k] for k in mine], [CARD[k] for k in bank])
        if result == "win":
            won[line] = won.get(line, 0) + ways
        elif result == "push":
            pushes += ways
        else:
            lost += ways
    ev = sum((Fraction(ways, denominator) * Odds.parse(str(lines[line])).net for line, ways in won.items()),
             Fraction(-lost, denominator))
    hit = Fraction(sum(won.values()), denominator)
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev / (1 - Fraction(pushes, denominator)))


def wagers_of(rules: Mapping[str, Any]) -> list[Wager]:
    how = ("Exact by composition of the full shoe of eight decks and eight jokers. Strategy: the House Way for "
           "the position (hit on 5 or less, stand on 6 or more, rule 22; never a double or a surrender) and the "
           "player-dealer standing on its 6 as on the clock (D-181): every ordered deal of the position's two "
           "cards, the P/D's two, the position's draw card and the P/D's, with card removal. Element of risk "
           "excludes pushes; the collection fee is apart.")
    table = {k: str(v) for k, v in rules["paytables"]["face-down"]["lines"].items()}
    return [Wager(bet="main", label="Wager", paytable=table, assumptions=how, exact=partial(house_way, rules), slow=True)]
