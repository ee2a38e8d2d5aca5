"""Casino War: the initial wager (going to war on a tie, as the house bots do) and the Tie
wager, exactly, by composition over the table's shoe with card removal.

Cards are compared by the engine's own ``value`` (ace high, 004 s.1537). The war cards
follow three burns each (D-344), unseen, so each is a uniform draw from the cards left
after the tie; the tied pair is removed.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import Any

from ..engine.cards import RANKS
from ..engine.money import Odds
from ..engine.paytable import Variant
from ..games.war.common import value
from .core import Result, Wager

GAME = "casino-war"
MAIN, TIE = "main", "war-tie"


def _net(rules: Mapping[str, Any], paytable: str, line: str) -> Fraction:
    return Odds.parse(str(rules["paytables"][paytable]["lines"][line])).net


def _counts(rules: Mapping[str, Any]) -> dict[str, int]:
    return {r: 4 * int(rules["decks"]) for r in RANKS}


def _tie_chance(counts: Mapping[str, int]) -> Fraction:
    """Two cards off ``counts`` of equal value by the engine's comparison."""
    n = sum(counts.values())
    same = sum(counts[a] * (counts[b] - (a == b)) for a in counts for b in counts
               if value(a + "h") == value(b + "s"))
    return Fraction(same, n * (n - 1))


def war(rules: Mapping[str, Any]) -> dict[str, Fraction]:
    """Per unit of initial wager: the chance of a tie, and the EV of going to war and of
    surrendering once tied (averaged over the tied rank)."""
    counts = _counts(rules)
    n = sum(counts.values())
    win_war = _net(rules, "casino-war", "war-win")
    tie_war = _net(rules, "casino-war", "war-tie-bonus") + _net(rules, "casino-war", "war-tie-raise")
    tie, ev_war, ahead = Fraction(0), Fraction(0), Fraction(0)
    for r, c in counts.items():
        p = Fraction(c * (c - 1), n * (n - 1))  # both first cards of rank r
        left = dict(counts)
        left[r] -= 2
        t = _tie_chance(left)
        # The war: the raise (equal to the wager) wins with the higher war card while the wager
        # pushes; a tie pays both; a lower card loses both.
        ev_war += p * ((1 - t) / 2 * win_war + t * tie_war - (1 - t) / 2 * 2)
        ahead += p * ((1 - t) / 2 + t)
        tie += p
    surrender = -Fraction(int(rules["surrender_forfeit_pct"]), 100)
    return {"tie": tie, "war": ev_war / tie, "surrender": surrender, "war_ahead": ahead / tie}


def main_wager(rules: Mapping[str, Any]) -> Result:
    figures = war(rules)
    tie, best = figures["tie"], max(figures["war"], figures["surrender"])
    win = _net(rules, "casino-war", "win")
    ev = (1 - tie) / 2 * win - (1 - tie) / 2 + tie * best
    goes_to_war = figures["war"] >= figures["surrender"]
    hit = (1 - tie) / 2 + (tie * figures["war_ahead"] if goes_to_war else 0)
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev / (1 + (tie if goes_to_war else 0)))


def tie_wager(rules: Mapping[str, Any]) -> Result:
    tie = _tie_chance(_counts(rules))
    ev = tie * _net(rules, TIE, "tie") - (1 - tie)
    return Result(house_edge=-ev, hit_frequency=tie, element_of_risk=-ev)


def _lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()}


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    shoe = f"{decks} deck{'s' if decks > 1 else ''}"
    out = [Wager(
        bet=MAIN, label="Initial wager (war on every tie)", paytable=_lines(rules, "casino-war"),
        assumptions=(f"Exact by composition over {shoe} with card removal: the first two cards, then on a tie "
                     "the two war cards from what is left (the burns unseen); the player goes to war on every "
                     "tie (better than surrendering half, and what the house bots do). House edge per initial "
                     "wager, element of risk per total action."),
        exact=partial(main_wager, rules),
    )]
    if TIE in rules.get("side_bets", []):
        out.append(Wager(
            bet=TIE, label="Tie", paytable=_lines(rules, TIE),
            assumptions=f"Exact by composition: the first two cards off {shoe} (D-345).",
            exact=partial(tie_wager, rules),
        ))
    return out
