"""Settling a hand against the player-dealer's stake (D-465, D-466, D-467, D-473).

The P/D's stake is *action*: bets settle one at a time in the game's order, and each uses up
action equal to the money that changes hands on it, won or lost. What the P/D collects is set
aside and never pays a later bet. When the action runs out the remaining bets get no action
and go back whole; the bet at which it runs out is covered in part (D-466). The P/D therefore
never wins or loses more than the stake.

The money leaves as the engine's events: a :class:`Settlement` per covered bet (its difference
is booked against the round's ``bank`` account, not the house), a :class:`Refund` per bet that
got no action, and one :class:`Settlement` of the P/D's own ``bank`` bet returning what the bank
holds at the end (stake + collected - paid).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from ...engine.money import fmt
from ...engine.protocol import Refund, Settlement

BANK_BET = "bank"


@dataclass(frozen=True)
class Outcome:
    """One decided wager before coverage: ``player_net`` is what the player would win
    (positive: the P/D pays it), lose (negative: the P/D collects it, at most the stake) or 0
    for a push. ``circle`` is the seat whose hand it rides on; ``seat`` the bettor's own seat
    (a backline bettor's differs). A bonus award with no stake (Envy) has ``stake`` 0."""

    circle: int
    seat: int
    bet: str
    stake: int
    player_net: int
    detail: str = ""


@dataclass(frozen=True)
class Coverage:
    settlements: tuple[Settlement, ...]
    no_action: tuple[Refund, ...]
    unpaid: tuple[Outcome, ...]  # awards without a stake the action did not reach
    player_dealer: Settlement  # the P/D's bank: stake in, stake + collected - paid back
    collected: int
    paid: int

    @property
    def events(self) -> list[Settlement | Refund]:
        return [*self.settlements, *self.no_action, self.player_dealer]

    @property
    def action_left(self) -> int:
        return self.player_dealer.stake - self.collected - self.paid


def settle(stake: int, player_dealer_seat: int, outcomes: Iterable[Outcome]) -> Coverage:
    """Settle ``outcomes`` (already in settlement order) within the P/D's ``stake``."""
    action = stake
    settlements: list[Settlement] = []
    refunds: list[Refund] = []
    unpaid: list[Outcome] = []
    collected = paid = 0
    for o in outcomes:
        if not o.stake and o.player_net <= 0:
            continue  # an award that did not come (a non-qualifying Envy): nothing to settle
        if action == 0:  # every bet after the stake is used up gets no action
            if o.stake:
                refunds.append(Refund(o.seat, o.bet, o.stake))
            elif o.player_net > 0:
                unpaid.append(o)
            continue
        if o.player_net < 0:
            taken = min(-o.player_net, o.stake, action)
            action -= taken
            collected += taken
            partial = taken < min(-o.player_net, o.stake)
            settlements.append(Settlement(o.seat, o.bet, o.stake, o.stake - taken, "lose",
                                          _words(o.detail, partial, taken)))
        elif o.player_net > 0:
            given = min(o.player_net, action)
            action -= given
            paid += given
            settlements.append(Settlement(o.seat, o.bet, o.stake, o.stake + given, "win",
                                          _words(o.detail, given < o.player_net, given)))
        else:
            settlements.append(Settlement(o.seat, o.bet, o.stake, o.stake, "push", o.detail))
    net = collected - paid
    result = "win" if net > 0 else "lose" if net < 0 else "push"
    bank = Settlement(player_dealer_seat, BANK_BET, stake, stake + net, result,
                      f"Collected {fmt(collected)}, paid {fmt(paid)}")
    return Coverage(tuple(settlements), tuple(refunds), tuple(unpaid), bank, collected, paid)


def _words(detail: str, partial: bool, amount: int) -> str:
    if not partial:
        return detail
    covered = f"covered to {fmt(amount)}: the bank ran out"
    return f"{detail}; {covered}" if detail else covered.capitalize()


def in_settlement_order(outcomes: Iterable[Outcome], seats: Sequence[int], wager_order: Sequence[str],
                        settle_by: Literal["seat", "wager"] = "seat", last: Sequence[str] = ()) -> list[Outcome]:
    """Order the hand's outcomes as the game settles them: ``seats`` from the action seat round
    the table (``action.settlement_order``); within a seat by ``wager_order``, each backline
    bettor right after the seated player's same wager (D-473). ``settle_by = "wager"`` settles
    every seat's first wager, then every seat's second (No Bust 4.0 and its Buster, D-121).
    A wager's name may carry a suffix after "/" ("main/split1") and sorts with its kind, or
    after every wager of its kind where the order names "<kind>/*" (21st Century Free Bet: the
    Free Double or Free Split after the Push 22, 003 s.2839). Kinds in ``last`` settle after
    every seat's other wagers, in the same seat order (the Envy awards Fortune Pai Gow Poker
    pays "at the end of the round", D-242)."""
    rank = {seat: i for i, seat in enumerate(seats)}
    kinds = {kind: i for i, kind in enumerate(wager_order)}

    def key(o: Outcome) -> tuple[int, int, int, int, int]:
        kind = o.bet.split("/")[0]
        if "/" in o.bet and f"{kind}/*" in kinds:
            kind = f"{kind}/*"
        if o.circle not in rank or kind not in kinds:
            raise ValueError(f"{o.circle}:{o.bet} has no place in the settlement order")
        where, which = rank[o.circle], kinds[kind]
        first, second = (which, where) if settle_by == "wager" else (where, which)
        return int(kind in last), first, second, int(o.seat != o.circle), o.seat

    return sorted(outcomes, key=key)
