"""Offering the bank: who is the player-dealer (P/D) for the next hand.

A player may bank one or two consecutive hands, then must offer the bank on; it is offered
round the table (clockwise, Pai Gow tiles counter-clockwise) to each eligible player until one
accepts, and every acceptance starts a fresh count (D-468). Only a player who wagered at their
seat on the previous hand is eligible (D-469). A new P/D must intervene: if every other
eligible player declines when the P/D must pass, the table pauses and, after the rule's wait,
closes; the house never banks (D-470). A player who does not answer declines (D-009).

The state is plain data (the round stores it); time is the caller's: the service passes the
pause's deadline and calls :func:`close` when it has gone by.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .action import Direction

Phase = Literal["waiting", "offering", "banked", "paused", "closed"]


class BankError(ValueError):
    """A move the rotation does not allow now; the message is for the player."""


@dataclass(frozen=True)
class RotationRule:
    offer: Direction = "clockwise"
    max_consecutive: int = 2  # "No person may hold it more than two consecutive hands" (D-468)
    min_eligible: int = 2  # an intervening P/D must be possible (D-470)
    close_after_minutes: int = 5  # a paused table closes (D-470, configurable)
    recent_hands: int = 0  # c002: wagered as a player on ``recent_wagers`` of the last hands (D-469)
    recent_wagers: int = 0
    title: str = "Player-Dealer"  # "Designated Player" at Caribbean Stud (001 s.112-190, D-325)
    cite: str = ""


@dataclass
class Bank:
    """Who banks, for how many consecutive hands, and who the bank is being offered to."""

    positions: int
    phase: Phase = "waiting"
    holder: int | None = None
    hands: int = 0  # consecutive hands the holder has banked: the 1st/2nd-turn badge (D-468)
    offered_to: int | None = None
    declined: list[int] = field(default_factory=list)
    passing: int | None = None  # the P/D handing the bank on: not offered it again
    passing_may_keep: bool = False  # they passed by choice after fewer than the maximum

    @property
    def turn(self) -> int:
        """The badge on the bank button for the hand being dealt: 1st or 2nd turn."""
        return self.hands + 1

    def to_dict(self) -> dict[str, Any]:
        return {"positions": self.positions, "phase": self.phase, "holder": self.holder,
                "hands": self.hands, "offered_to": self.offered_to, "declined": list(self.declined),
                "passing": self.passing, "passing_may_keep": self.passing_may_keep}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Bank:
        return cls(**dict(data))


def eligible(rule: RotationRule, seated: Collection[int], history: Sequence[Collection[int]]) -> set[int]:
    """Seated players who may bank: each wagered as a player at their seat on the previous hand
    (``history[-1]``: the seats with a player's own wager; backline bets do not count, D-473),
    and where the rule asks, on ``recent_wagers`` of the last ``recent_hands`` hands. A new table
    waives the previous hand, and the count asks no more hands than have been dealt (D-469)."""
    if not history:
        return set(seated)
    chosen = {seat for seat in seated if seat in history[-1]}
    if rule.recent_hands:
        window = history[-rule.recent_hands:]
        needed = min(rule.recent_wagers, len(window))
        chosen = {seat for seat in chosen if sum(seat in hand for hand in window) >= needed}
    return chosen


def open_table(rule: RotationRule, positions: int, seated: Collection[int]) -> Bank:
    """A new table offers the bank first to the first occupied seat left of the house dealer,
    then round the table in the game's direction (D-469), before anyone bets (D-471)."""
    bank = Bank(positions)
    return _offer_round(bank, rule, set(seated), start=1, include_start=True)


def after_hand(bank: Bank, rule: RotationRule, eligible_seats: Collection[int]) -> Bank:
    """The hand is over: the holder may keep the bank for a second hand, or must pass it."""
    if bank.phase != "banked" or bank.holder is None:
        raise BankError("No hand was banked.")
    bank.hands += 1
    bank.declined = []
    pool = set(eligible_seats) | {bank.holder}
    if len(pool) < rule.min_eligible:
        bank.phase, bank.offered_to = "waiting", None
        return bank
    if bank.hands < rule.max_consecutive:
        bank.phase, bank.offered_to = "offering", bank.holder  # keep it for another hand?
        return bank
    return _pass_on(bank, rule, set(eligible_seats), may_keep=False)


def accept(bank: Bank, seat: int) -> Bank:
    if bank.phase != "offering" or bank.offered_to != seat:
        raise BankError("The bank is not being offered to you.")
    if seat != bank.holder:
        bank.holder, bank.hands = seat, 0  # a new P/D starts a fresh count (D-468)
    bank.phase, bank.offered_to, bank.declined = "banked", None, []
    bank.passing, bank.passing_may_keep = None, False
    return bank


def decline(bank: Bank, rule: RotationRule, seat: int, eligible_seats: Collection[int]) -> Bank:
    """``seat`` declines the bank (or lets the clock run out, D-009); it goes on round the table."""
    if bank.phase != "offering" or bank.offered_to != seat:
        raise BankError("The bank is not being offered to you.")
    pool = set(eligible_seats)
    if seat == bank.holder and bank.passing is None:
        return _pass_on(bank, rule, pool, may_keep=True)
    if seat == bank.holder:  # offered back after everyone else declined, and declined again
        bank.phase, bank.offered_to = "paused", None
        return bank
    bank.declined.append(seat)
    return _offer_round(bank, rule, pool, start=seat, include_start=False)


timeout = decline  # a player who does not answer declines (D-009)


def close(bank: Bank) -> Bank:
    """The pause has lasted ``close_after_minutes``: the table closes (D-470)."""
    if bank.phase != "paused":
        raise BankError("The table is not waiting for a player-dealer.")
    bank.phase, bank.offered_to = "closed", None
    return bank


def reoffer(bank: Bank, rule: RotationRule, eligible_seats: Collection[int]) -> Bank:
    """A paused or waiting table offers the bank round again (a player sat down or came back)."""
    if bank.phase not in ("paused", "waiting"):
        raise BankError("The bank is not waiting for a player-dealer.")
    bank.declined = []
    pool = set(eligible_seats)
    if bank.holder is None:
        return _offer_round(bank, rule, pool, start=1, include_start=True)
    if bank.phase == "waiting" and bank.hands < rule.max_consecutive and len(pool | {bank.holder}) >= rule.min_eligible:
        bank.phase, bank.offered_to = "offering", bank.holder  # the hand they may still bank
        return bank
    return _pass_on(bank, rule, pool, may_keep=bank.hands < rule.max_consecutive)


def _step(positions: int, seat: int, direction: Direction) -> int:
    return (seat - 1 + (1 if direction == "clockwise" else -1)) % positions + 1


def _pass_on(bank: Bank, rule: RotationRule, pool: set[int], *, may_keep: bool) -> Bank:
    assert bank.holder is not None
    bank.passing, bank.passing_may_keep = bank.holder, may_keep
    return _offer_round(bank, rule, pool, start=bank.holder, include_start=False)


def _offer_round(bank: Bank, rule: RotationRule, pool: set[int], *, start: int, include_start: bool) -> Bank:
    """Offer to the next seat round the table that is eligible, has not declined, and is not the
    passing P/D. Nobody left: a P/D who passed by choice may keep the bank for the hand they are
    still allowed (P-020); otherwise the table pauses, or waits if too few could ever bank."""
    candidates = pool - set(bank.declined) - ({bank.passing} if bank.passing is not None else set())
    if len(pool | ({bank.passing} if bank.passing is not None else set())) < rule.min_eligible:
        bank.phase, bank.offered_to = "waiting", None
        return bank
    seat = start if include_start else _step(bank.positions, start, rule.offer)
    for _ in range(bank.positions):
        if seat in candidates:
            bank.phase, bank.offered_to = "offering", seat
            return bank
        seat = _step(bank.positions, seat, rule.offer)
    if bank.passing is not None and bank.passing_may_keep:
        bank.phase, bank.offered_to, bank.passing_may_keep = "offering", bank.passing, False
        return bank
    bank.phase, bank.offered_to = "paused", None
    return bank
