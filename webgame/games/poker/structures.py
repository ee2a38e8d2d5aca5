"""Betting structures as data: fixed limit, spread limit, pot limit and no limit.

A structure says how much a seat may bet or raise on each street; the hand (hand.py) keeps the
street's state (the bet to call, the last full raise, how many raises) and asks the structure for
the bounds. Amounts are cents. The rules each setting follows:

* fixed limit: the small bet pre-flop and on the flop, the big bet on the turn and river (D-425);
  a bet and three raises, lifted heads-up unless capped before (D-403); an all-in of at least
  half a bet counts as a raise and reopens the betting (D-403).
* spread limit: any bet or raise between the table's two figures, a raise at least the previous
  bet or raise (D-426), a bet and three raises (D-403).
* pot limit: a raise up to the pot after the raiser calls (D-429).
* no limit: the minimum bet is the big blind, a raise at least the largest bet or raise of the
  round (D-404); some rooms cap the raise size (Lucky Derby NL $100: $200, D-423) or the number of
  raises (c001: a bet and three raises even in no-limit, D-403); c002 opens for at least the sum of
  the blinds (D-404).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

FIXED_LIMIT = "fixed-limit"
SPREAD_LIMIT = "spread-limit"
POT_LIMIT = "pot-limit"
NO_LIMIT = "no-limit"
KINDS = (FIXED_LIMIT, SPREAD_LIMIT, POT_LIMIT, NO_LIMIT)
NAMES = {FIXED_LIMIT: "Limit", SPREAD_LIMIT: "Spread Limit", POT_LIMIT: "Pot Limit", NO_LIMIT: "No Limit"}


@dataclass(frozen=True)
class Structure:
    kind: str
    small_blind: int
    big_blind: int
    bets: tuple[int, ...] = ()        # fixed limit: the bet per street (pre-flop, flop, turn, river)
    spread: tuple[int, int] = (0, 0)  # spread limit: the lowest and highest bet or raise
    min_bet: int = 0                  # big-bet games: the smallest bet (D-404: the big blind)
    max_raise: int = 0                # the largest single bet or raise increment; 0 = none (D-423)
    raise_cap: int = -1               # raises after the bet in one round; -1 = no cap (D-403)
    cap_heads_up: bool = False        # the cap is lifted while two players remain (D-403)
    open_blinds_sum: bool = False     # the first player in must open for the sum of the blinds (c002, D-404)
    ante: int = 0                     # stud: every seat's ante (D-439)
    bring_in: int = 0                 # stud: the forced bet of the first-round card (D-439)

    @property
    def name(self) -> str:
        return NAMES[self.kind]

    @property
    def big_bet(self) -> bool:
        return self.kind in (POT_LIMIT, NO_LIMIT)

    def unit(self, street: int) -> int:
        """The fixed-limit bet on this street (0 pre-flop … 3 river)."""
        return self.bets[min(street, len(self.bets) - 1)] if self.bets else self.big_blind

    def smallest_bet(self, street: int) -> int:
        if self.kind == FIXED_LIMIT:
            return self.unit(street)
        if self.kind == SPREAD_LIMIT:
            return self.spread[0]
        return self.min_bet or self.big_blind

    def raise_counts(self, increment: int, street: int, full: int) -> bool:
        """Does a raise by this much count as a raise (toward the cap, reopening the betting)?
        Limit and spread-limit games: at least half a full raise (D-403); big-bet games: a full
        raise (D-404)."""
        return 2 * increment >= self.reopen_full(street, full) if self.kind in (FIXED_LIMIT, SPREAD_LIMIT) \
            else increment >= full

    def reopen_full(self, street: int, full: int) -> int:
        """The full raise the half-raise rule of limit and spread-limit games measures against."""
        return self.unit(street) if self.kind == FIXED_LIMIT else full

    def bounds(self, street: int, current: int, full: int, pot_after_call: int) -> tuple[int, int]:
        """The smallest and largest total a seat may bet or raise to this street, before its
        stack is considered. ``current``: the bet to call; ``full``: the smallest raise increment
        (the largest bet or raise so far, at least the smallest bet); ``pot_after_call``: every chip
        in the pot with the bets in front and the raiser's call (pot limit, D-429)."""
        if self.kind == FIXED_LIMIT:
            to = current + self.unit(street)
            return to, to
        low = current + full
        if self.kind == SPREAD_LIMIT:
            return low, current + self.spread[1]
        if self.kind == POT_LIMIT:
            high = current + pot_after_call
        else:
            high = 1 << 62
        if self.max_raise:
            high = min(high, current + self.max_raise)
        return low, max(low, high)


def scaled(structure: Structure, numerator: int, denominator: int) -> Structure:
    """The structure of a kill hand: blinds, bets and limits raised by a factor (½ kill = 3/2,
    full kill = 2/1, D-427), each amount truncated to the cent."""
    def up(amount: int) -> int:
        return amount * numerator // denominator
    return replace(structure, small_blind=up(structure.small_blind), big_blind=up(structure.big_blind),
                   bets=tuple(up(b) for b in structure.bets),
                   spread=(up(structure.spread[0]), up(structure.spread[1])),
                   min_bet=up(structure.min_bet), max_raise=up(structure.max_raise),
                   ante=up(structure.ante), bring_in=up(structure.bring_in))


def from_rules(rules: Mapping[str, Any]) -> Structure:
    """A variant's structure from its resolved rules (the `[variants.<v>.rules]` of a TOML file)."""
    kind = str(rules["structure"])
    if kind not in KINDS:
        raise ValueError(f"unknown betting structure {kind!r}")
    blinds = [int(b) for b in rules.get("blinds", [])]
    small, big = (blinds[0], blinds[-1]) if blinds else (0, 0)
    bets = tuple(int(b) for b in rules.get("bets", ()))
    if len(bets) == 2:  # a small and a big bet: small pre-flop and on the flop (D-425)
        bets = (bets[0], bets[0], bets[1], bets[1])
    spread = tuple(int(b) for b in rules.get("spread", (0, 0)))
    # D-403: a cap in limit and spread-limit games; big-bet games carry their own (c000 and c001
    # keep a bet and three raises in every structure, the others none).
    cap = rules.get("raise_cap_big_bet" if kind in (POT_LIMIT, NO_LIMIT) else "raise_cap", -1)
    return Structure(
        kind=kind, small_blind=small, big_blind=big, bets=bets,
        spread=(spread[0], spread[1]),
        min_bet=int(rules.get("min_bet", big)),
        max_raise=int(rules.get("max_raise", 0)),
        raise_cap=int(cap) if cap is not None else -1,
        cap_heads_up=bool(rules.get("cap_lifted_heads_up", True)),
        open_blinds_sum=bool(rules.get("open_blinds_sum", False)),
        ante=int(rules.get("ante", 0)),
        bring_in=int(rules.get("bring_in", 0)),
    )
