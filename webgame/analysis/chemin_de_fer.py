"""Chemin de Fer (seed 004 §25): the Banker's position (its wager, less the house commission on
what it wins) and a punter's bet against it, exactly by composition of the full shoe
(:mod:`.baccarat_math`), under one named strategy: the Dominant Player says "Card" on a 5 and
the Banker draws on 3 against a Player's third card of 9, which are the clock's defaults
(D-009, D-200) and the bots' play (P-186). Under that strategy the coup is dealt by the
tableau's every "D", so the figures are punto banco's at the table's deck count."""

from __future__ import annotations

from collections.abc import Mapping
from copy import deepcopy
from dataclasses import replace
from typing import Any

from ..engine.paytable import Variant
from .baccarat_math import wagers_of

GAME = "chemin-de-fer"
STRATEGY = ("Strategy: the Player's hand draws on 5 and the Banker draws on 3 against a 9 "
            "(the table's defaults when the clock runs out). ")


def under_strategy(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The rules with each option taken as the strategy plays it: the Player's optional totals
    draw, the Banker's option cells draw; paid from the table's own paytable."""
    out = deepcopy(dict(rules))
    t = out["tableau"]
    t["player_draws_on"] = sorted(set(t["player_draws_on"]) | set(out["player_option_on"]))
    rows = [list(r) for r in t["banker_draws_on_third"]]
    for banker, third in out["banker_option_cells"]:
        rows[banker] = sorted(set(rows[banker]) | {third})
    t["banker_draws_on_third"] = rows
    out["paytables"] = {"baccarat": out["paytables"]["chemin"]}
    out["side_bets"] = []
    return out


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Any]:
    out = []
    for w in wagers_of(under_strategy(rules)):
        label = "The bank (Banker's wager)" if w.bet == "banker" else "Against the bank (punter)"
        out.append(replace(w, label=label, assumptions=STRATEGY + w.assumptions))
    return out
