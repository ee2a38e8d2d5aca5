"""Exact odds of the player-option baccarat games by composition of the full shoe, with the
Player's option played by the House Way (every Player-line bettor hits on the option totals
where ``house_way_hits`` says so: 21st Century Baccarat "hits on 5 or below and stands on 6 or
more", 002 s.1683, s.2645). Under one strategy the Player hand is a fixed drawing rule, so
every ordered deal of the four first cards and the hit card and the Dealer's card its rule
calls for is weighted by the cards left in the shoe (removal counted), as for the tableau
games (:mod:`.baccarat_math`). The deal is summarised by what any wager looks at: the
Player's two-card total, the Dealer's up card and two-card total, and the final shape.

The rules are read from the round's data (``rules["option"]``, the paytables), and the hands
are compared by the engine's own rule (:meth:`OptionBaccaratTable.compare`), so a rule changed
in the data changes the figure. The player-dealer banks every wager: each figure is the
player's edge against the bank as if its stake always covered; the collection fee is apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial
from typing import Any

from ..engine.money import Odds
from ..games.baccarat.option import (
    AFTER_DEAL,
    DEALER_LINE,
    PLAYER_LINE,
    TWENTY_FIRST_CENTURY_BACCARAT,
    dragon_line,
)
from .baccarat_math import CARD_OF
from .core import Result, Wager

# Player two-card total, Dealer up card, Dealer two-card total, Player total, Player cards,
# Dealer total, Dealer cards.
Deal = tuple[int, int, int, int, int, int, int]


def _key(rules: Mapping[str, Any]) -> tuple[Any, ...]:
    opt = rules["option"]
    chart = opt.get("dealer_draws_on_third")
    in_option = tuple(opt["player_option"])
    return (tuple(opt["naturals"]), tuple(opt["player_hits"]), in_option, tuple(opt.get("option_when_up", [])),
            tuple(opt["house_way_hits"]), bool(opt.get("hit_card_on_option")), tuple(opt["dealer_hits"]),
            tuple(tuple(x) for x in chart) if chart is not None else None)


def deals(rules: Mapping[str, Any]) -> dict[Deal, Fraction]:
    return _deals(int(rules["decks"]), _key(rules))


@cache
def _deals(decks: int, key: tuple[Any, ...]) -> dict[Deal, Fraction]:
    tally, denominator = _ways(decks, key)
    return {d: Fraction(w, denominator) for d, w in tally.items()}


def ways(rules: Mapping[str, Any]) -> tuple[dict[Deal, int], int]:
    """Every deal's shape with its number of ordered deals, and the number of all the ordered
    deals of six cards: a bet's figure counted in whole numbers, divided once at the end."""
    return _ways(int(rules["decks"]), _key(rules))


@cache
def _ways(decks: int, key: tuple[Any, ...]) -> tuple[dict[Deal, int], int]:
    naturals, hits, option, when_up, house_way, _, dealer_hits, chart = key
    counts = [16 * decks] + [4 * decks] * 9
    n = sum(counts)
    denominator = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    tally: dict[Deal, int] = {}

    def add(d: Deal, weight: int, used: int) -> None:
        for k in range(used, 6):
            weight *= n - k
        tally[d] = tally.get(d, 0) + weight

    def player_hits(p2: int, up: int) -> bool:
        if p2 in hits:
            return True
        if p2 in option:
            return (bool(when_up) and up not in when_up) or p2 in house_way  # forced, or the House Way
        return False

    def dealer_draws(d2: int, third: int | None) -> bool:
        if chart is not None and third is not None:
            return d2 < len(chart) and third in chart[d2]
        return d2 in dealer_hits

    c = counts
    for p1 in range(10):
        w1 = c[p1]
        c[p1] -= 1
        for d1 in range(10):
            w2 = w1 * c[d1]
            c[d1] -= 1
            for p2c in range(10):
                w3 = w2 * c[p2c]
                c[p2c] -= 1
                for d2c in range(10):
                    w4 = w3 * c[d2c]
                    if not w4:
                        continue
                    c[d2c] -= 1
                    p2, d2 = (p1 + p2c) % 10, (d1 + d2c) % 10
                    head = (p2, d1, d2)
                    if p2 in naturals or d2 in naturals:
                        add((*head, p2, 2, d2, 2), w4, 4)
                    elif not player_hits(p2, d1):
                        if dealer_draws(d2, None):
                            for d3 in range(10):
                                if c[d3]:
                                    add((*head, p2, 2, (d2 + d3) % 10, 3), w4 * c[d3], 5)
                        else:
                            add((*head, p2, 2, d2, 2), w4, 4)
                    else:
                        for p3 in range(10):
                            w5 = w4 * c[p3]
                            if not w5:
                                continue
                            pf = (p2 + p3) % 10
                            if dealer_draws(d2, p3):
                                c[p3] -= 1
                                for d3 in range(10):
                                    if c[d3]:
                                        add((*head, pf, 3, (d2 + d3) % 10, 3), w5 * c[d3], 6)
                                c[p3] += 1
                            else:
                                add((*head, pf, 3, d2, 2), w5, 5)
                    c[d2c] += 1
                c[p2c] += 1
            c[d1] += 1
        c[p1] += 1
    return tally, denominator


def hands_of(d: Deal) -> tuple[list[str], list[str]]:
    """A Player and a Dealer hand of this deal's shape (cards stand for any of the same points)."""
    _, _, _, pt, pn, dt, dn = d
    return ["T"] * (pn - 1) + [CARD_OF[pt]], ["T"] * (dn - 1) + [CARD_OF[dt]]


def _net(rules: Mapping[str, Any], paytable: str, line: str) -> Fraction:
    return Odds.parse(str(rules["paytables"][paytable]["lines"][line])).net


def line_bet(rules: Mapping[str, Any], line: str) -> Result:
    """The Player or the Dealer line under the House Way: ties push except where the edition
    gives them to the Dealer (D-162)."""
    tally, denominator = ways(rules)
    won = pushed = lost = 0
    for d, w in tally.items():
        player, dealer = hands_of(d)
        winner = TWENTY_FIRST_CENTURY_BACCARAT.compare(rules, player, dealer)
        if winner == "tie":
            pushed += w
        elif winner == line:
            won += w
        else:
            lost += w
    hit, pushes = Fraction(won, denominator), Fraction(pushed, denominator)
    ev = hit * _net(rules, "baccarat", line) - Fraction(lost, denominator)
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev / (1 - pushes))


def tie_bet(rules: Mapping[str, Any], bet: str) -> Result:
    """A tie bet: wins on every tie (D-162), goes back against a Dealer two-card 9 where the
    edition says so (D-165). The Late Tie is counted over the deals it may be bet on (D-164):
    its figure is per Late Tie made whenever it is allowed."""
    returned = bool(rules["option"].get("tie_bets_returned_on_dealer_nine"))
    refused = rules["option"].get("after_deal_tie_refused_on", [])
    tally, _ = ways(rules)
    allowed = pushed = won = lost = 0
    for d, w in tally.items():
        p2, up, d2, pt, _, dt, dn = d
        if bet in AFTER_DEAL and (p2 in refused or (p2 >= 5 and p2 == up)):
            continue
        allowed += w
        if returned and dn == 2 and d2 == 9:
            pushed += w
        elif pt == dt:
            won += w
        else:
            lost += w
    # Each a share of the deals the bet may be made on (the one denominator cancels).
    hit, pushes = Fraction(won, allowed), Fraction(pushed, allowed)
    ev = hit * _net(rules, bet, "tie") - Fraction(lost, allowed)
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev / (1 - pushes))


def dragon_bonus(rules: Mapping[str, Any], hand: str) -> Result:
    naturals = frozenset(rules["option"]["naturals"])
    pushes = rules["paytables"]["dragon-bonus"].get("push_lines", [])
    tally, denominator = ways(rules)
    won: dict[str, int] = {}
    lost = 0
    for d, w in tally.items():
        player, dealer = hands_of(d)
        winner = TWENTY_FIRST_CENTURY_BACCARAT.compare(rules, player, dealer)
        mine, theirs = (player, dealer) if hand == PLAYER_LINE else (dealer, player)
        tied = d[3] == d[5]
        line = dragon_line(mine, theirs, winner == hand and not tied, tied, naturals)
        if line is None:
            lost += w
        elif line not in pushes:
            won[line] = won.get(line, 0) + w
    ev = sum((Fraction(w, denominator) * _net(rules, "dragon-bonus", line) for line, w in won.items()),
             Fraction(-lost, denominator))
    hit = Fraction(sum(won.values()), denominator)
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev)


def bonus_pair(rules: Mapping[str, Any]) -> Result:
    """The first two cards of a hand off a full shoe: the second matches the first's rank and
    suit (decks - 1 cards left), rank and colour (decks), or rank only (2 x decks)."""
    decks = int(rules["decks"])
    left = Fraction(52 * decks - 1)
    chances = {"same-suit": (decks - 1) / left, "same-colour": decks / left, "pair": 2 * decks / left}
    ev = Fraction(0)
    hit = sum(chances.values(), Fraction(0))
    for line, p in chances.items():
        ev += p * _net(rules, "bonus-pair", line)
    ev -= 1 - hit
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev)


def _lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()}


def wagers_of(rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    how = (f"Exact by composition of the full {decks}-deck shoe, every Player-line bettor playing the House Way "
           f"(hits on {', '.join(str(t) for t in rules['option']['house_way_hits'])}): every ordered deal of the four "
           "first cards, the hit card and the Dealer's draw, with card removal.")
    out = [
        Wager(bet=PLAYER_LINE, label="Player line", paytable=_lines(rules, "baccarat"),
              assumptions=how + " Ties push or go to the Dealer as the edition says; element of risk excludes pushes.",
              exact=partial(line_bet, rules, PLAYER_LINE), slow=True),
    ]
    if DEALER_LINE in rules["option"].get("lines", [PLAYER_LINE, DEALER_LINE]):
        out.append(Wager(bet=DEALER_LINE, label="Dealer line", paytable=_lines(rules, "baccarat"),
                         assumptions=how + " Paid 19 to 20 at its exact rate (cents are truncated at the table, D-162).",
                         exact=partial(line_bet, rules, DEALER_LINE), slow=True))
    sides = rules["side_bets"]
    if "baccarat-tie" in sides:
        out.append(Wager(bet="baccarat-tie", label="Tie Hands", paytable=_lines(rules, "baccarat-tie"),
                         assumptions=how + " Per Tie Hands bet made on every deal that allows it (D-173).",
                         exact=partial(tie_bet, rules, "baccarat-tie"), slow=True))
    if "early-tie" in sides:
        out.append(Wager(bet="early-tie", label="Early Tie", paytable=_lines(rules, "early-tie"), assumptions=how,
                         exact=partial(tie_bet, rules, "early-tie"), slow=True))
    if "late-tie" in sides:
        out.append(Wager(bet="late-tie", label="Late Tie", paytable=_lines(rules, "late-tie"),
                         assumptions=how + " Per Late Tie made on every deal that allows it (D-164).",
                         exact=partial(tie_bet, rules, "late-tie"), slow=True))
    if "bonus-pair" in sides:
        out.append(Wager(bet="bonus-pair", label="Bonus Pair (Player or Dealer)", paytable=_lines(rules, "bonus-pair"),
                         assumptions=f"Exact: the first two cards of a hand off a full {decks}-deck shoe.",
                         exact=partial(bonus_pair, rules)))
    if "dragon-bonus" in sides:
        for hand, label in ((PLAYER_LINE, "Player Dragon Bonus"), (DEALER_LINE, "Dealer Dragon Bonus")):
            out.append(Wager(bet=f"{hand}-dragon-bonus", label=label, paytable=_lines(rules, "dragon-bonus"),
                             assumptions=how, exact=partial(dragon_bonus, rules, hand), slow=True))
    return out
