"""Keno: each spot paytable's exact return by the hypergeometric distribution.

Of the 80 numbers 20 are drawn, so a ticket of ``n`` spots catches ``c`` with probability
C(n, c) · C(80 − n, 20 − c) / C(80, 20). A way of a way ticket is a ticket of its own spot count
with its own wager (D-394), so its return is that spot count's. The figures are for one ticket
alone: the $50,000 aggregate (D-398) never cuts a $1 ticket (its largest win is $49,999), and it
cuts larger ones only in a game whose big wins add up past it. On a progressive table (D-400)
the qualifying $1 ways are shown at the meter's seed, which equals the fixed top prize, and in
the long run, when the meter pays back every contribution.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from math import comb
from typing import Any

from ..engine.paytable import Variant
from ..engine.protocol import Action, Settlement
from ..engine.rng import SeededRng
from ..games.keno import KENO
from .core import Progress, Result, Tally, Wager

GAME = "keno"


def catch_odds(rules: Mapping[str, Any], spots: int, catch: int) -> Fraction:
    balls, drawn = int(rules["balls"]), int(rules["drawn"])
    return Fraction(comb(spots, catch) * comb(balls - spots, drawn - catch), comb(balls, drawn))


def spot_return(rules: Mapping[str, Any], spots: int) -> Fraction:
    """The expected total returned per $1 on a ticket of ``spots`` spots."""
    table = rules["paytables"][rules["paytable"]]["spots"].get(str(spots), {})
    return sum((catch_odds(rules, spots, int(c)) * Fraction(int(v), 100) for c, v in table.items()),
               Fraction(0))


def spot_result(rules: Mapping[str, Any], spots: int, extra: Fraction = Fraction(0)) -> Result:
    table = rules["paytables"][rules["paytable"]]["spots"].get(str(spots), {})
    hits = sum((catch_odds(rules, spots, int(c)) for c, v in table.items() if int(v)), Fraction(0))
    return Result(house_edge=1 - spot_return(rules, spots) - extra, hit_frequency=hits)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    table = rules["paytables"][rules["paytable"]]["spots"]
    out = []
    for spots in range(1, int(rules.get("max_way_spots", 20)) + 1):
        if str(spots) not in table:
            continue
        lines = {f"catch {c}": f"{int(v) / 100:g} for 1" for c, v in
                 sorted(table[str(spots)].items(), key=lambda kv: -int(kv[0]))}
        straight = spots <= int(rules.get("max_spots", 15))
        out.append(Wager(
            bet=f"spots-{spots}", label=f"{spots}-spot {'ticket or way' if straight else 'way'}",
            paytable=lines,
            assumptions=(f"Exact: the hypergeometric odds of each catch, {rules['drawn']} of {rules['balls']} "
                         "drawn, per $1 ticket or way; the aggregate cap never cuts a $1 ticket."),
            exact=partial(spot_result, rules, spots), can_simulate=True))
        for name, count in (rules.get("progressive_spots") or {}).items():
            if int(count) == spots and rules.get(f"progressive_{spots}", False):
                pct = Fraction(int(rules.get("progressive_pct", 0)), 100)
                out.append(Wager(
                    bet=f"progressive-{spots}", label=f"{spots}-spot progressive, $1 (long run)",
                    paytable={"meter": f"seed {int(rules['progressive_meters'][name]) // 100:,} for 1"},
                    assumptions=(f"Exact: the fixed paytable with the meter at its seed, plus the {pct * 100}% "
                                 "of each wager the meter pays back over time (D-400)."),
                    exact=partial(spot_result, rules, spots, pct)))
    return out


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` draws through the engine, one $1 ticket of the bet's spot count on each:
    the engine's own ticket, draw and settlement, a cross-check of the exact figure."""
    spots = int(bet.split("-")[1])
    rng = SeededRng(seed)
    spec = "numbers=" + ",".join(str(n) for n in range(1, spots + 1))
    rules = {**rules, "max_spots": max(spots, int(rules.get("max_spots", 15))),
             "progressive_wager": -1}  # the fixed paytable alone
    tally = Tally()
    state = KENO.new_round(rules, rng, None)
    KENO.apply(state, Action("ticket", 0, spec, 100), rng)
    for r in range(rounds):
        # The same ticket on a fresh draw each round (a new round would copy the rules each time).
        state.phase, state.results, state.balls = "selling", {}, []
        state.tickets[0]["played"] = 0
        events = KENO.apply(state, Action("draw"), rng)
        won = next(e for e in events if isinstance(e, Settlement))
        net = won.returned - won.stake
        tally.add(float(net), 100.0, 100.0, 1, int(won.returned > 0))
        if progress is not None and (r + 1) % 5000 == 0:
            progress(r + 1, rounds)
    return tally
