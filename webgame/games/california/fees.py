"""Collection fees: the house's only take at a California player-dealer table.

A table runs one posted schedule option (D-481) from ``rules/california/collection-fees.toml``.
Before anything is dealt (D-483) each person pays the player fee for each circle they have money
in (D-488) and the player-dealer pays its fee on the total table action (D-487). Every amount
is a flat figure read from a band of the schedule, never a percentage of a wager or a win.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from ...engine.paytable import OPTION_BOUNDS, Bound, BoundKind

FEES_FILE = Path(__file__).resolve().parents[2] / "rules" / "california" / "collection-fees.toml"

Per = Literal["circle", "wager"]


@dataclass(frozen=True)
class Band:
    """One printed fee band in cents; ``high`` None is an open band ("$801+")."""

    low: int
    high: int | None
    fee: int


def band_fee(bands: Sequence[Band], amount: int) -> int:
    """The fee a wager of ``amount`` pays, reading the printed bands as D-489 says.

    The band that starts highest at or below the amount applies, and so does any earlier band
    whose printed upper bound still reaches it: of those the lower fee (an overlap pays the
    smaller fee; a gap is covered by the band below). Below the first band: the first band.
    """
    if amount < bands[0].low:
        return bands[0].fee
    last = max(i for i, band in enumerate(bands) if band.low <= amount)
    reaching = [b.fee for b in bands[:last] if b.high is not None and amount <= b.high]
    return min([bands[last].fee, *reaching])


@dataclass(frozen=True)
class FeeRate:
    """A flat fee, or a fee looked up in bands."""

    flat: int | None
    bands: tuple[Band, ...]

    def fee(self, amount: int) -> int:
        return self.flat if self.flat is not None else band_fee(self.bands, amount)

    @property
    def most(self) -> int:
        """The largest fee this rate can charge."""
        return self.flat if self.flat is not None else max(b.fee for b in self.bands)


@dataclass(frozen=True)
class PlayerDealerFee:
    rate: FeeRate
    by_table_action: bool
    base_only: bool  # the table action counts the controlled-game wagers only (D-487)


@dataclass(frozen=True)
class PlayerFee:
    per: Per
    rate: FeeRate
    base_only: bool  # bonus bets neither pay nor set the tier
    bonus: FeeRate | None  # bonus bets pay their own fee on their own total (D-510)


@dataclass(frozen=True)
class Schedule:
    id: str
    option: int
    games: tuple[str, ...]
    cite: str
    table_min: int | None
    table_max: int | None
    limit_bounds: tuple[tuple[BoundKind, int], ...]  # the table limits it is printed for, as Bound kinds
    player_dealer: PlayerDealerFee
    player: PlayerFee | None  # None: players pay nothing (D-486)
    free_hands: int
    decisions: tuple[str, ...]


@dataclass(frozen=True)
class Wager:
    """A wager placed before the deal: who placed it (a seated player or a backline bettor,
    by their own seat), the circle it lies in, and whether it is a bonus bet. Later wagers
    (Play, raises, doubles, splits, insurance) are never collected on (D-487, D-488)."""

    bettor: int
    circle: int
    bet: str
    amount: int
    bonus: bool = False


@dataclass(frozen=True)
class CollectionFee:
    """A fee taken before the deal: chips of ``seat`` to the table's fees account. ``circle``
    is the betting circle it is charged for; the player-dealer's fee has ``circle`` None."""

    seat: int
    circle: int | None
    amount: int
    detail: str = ""


@dataclass(frozen=True)
class Collection:
    players: tuple[CollectionFee, ...]
    player_dealer: CollectionFee | None

    def by_seat(self) -> dict[int, int]:
        """Each person's total fee this hand (a player with several circles pays for each)."""
        totals: dict[int, int] = {}
        for fee in self.players:
            totals[fee.seat] = totals.get(fee.seat, 0) + fee.amount
        return totals

    @property
    def fees(self) -> tuple[CollectionFee, ...]:
        return self.players + ((self.player_dealer,) if self.player_dealer else ())

    @property
    def total(self) -> int:
        return sum(fee.amount for fee in self.fees)


def table_action(schedule: Schedule, wagers: Iterable[Wager]) -> int:
    """Total table action: every pre-deal wager of every player, backline included, bonus bets
    unless the schedule counts base wagers only (D-487). The P/D's stake is never a wager here."""
    base_only = schedule.player_dealer.base_only
    return sum(w.amount for w in wagers if not (base_only and w.bonus))


def collect(schedule: Schedule, wagers: Sequence[Wager], player_dealer_seat: int,
            hands_since_open: int | None = None) -> Collection:
    """The fees of one hand: each person's per circle (or per wager) and the player-dealer's.

    ``hands_since_open`` is how many hands the table has dealt since it opened; schedules with
    free hands charge nothing on the first of them (D-492). A hand nobody bet on is not dealt,
    so it carries no fee.
    """
    if not wagers or (hands_since_open is not None and hands_since_open < schedule.free_hands):
        return Collection((), None)
    players: list[CollectionFee] = []
    if schedule.player is not None:
        players = _player_fees(schedule.player, wagers)
    pd = schedule.player_dealer
    amount = pd.rate.fee(table_action(schedule, wagers)) if pd.by_table_action else pd.rate.fee(0)
    pd_fee = CollectionFee(player_dealer_seat, None, amount, "table action" if pd.by_table_action
                           else "per hand") if amount else None
    return Collection(tuple(players), pd_fee)


def _player_fees(rule: PlayerFee, wagers: Sequence[Wager]) -> list[CollectionFee]:
    fees: list[CollectionFee] = []
    if rule.per == "wager":
        for w in wagers:
            if rule.base_only and w.bonus:
                continue
            fees.append(CollectionFee(w.bettor, w.circle, rule.rate.fee(w.amount), f"per wager: {w.bet}"))
    else:
        holdings: dict[tuple[int, int], list[Wager]] = {}
        for w in wagers:
            holdings.setdefault((w.bettor, w.circle), []).append(w)
        for (bettor, circle), held in holdings.items():
            separate = rule.bonus is not None or rule.base_only
            base = sum(w.amount for w in held if not (separate and w.bonus))
            if base:
                fees.append(CollectionFee(bettor, circle, rule.rate.fee(base), "per circle"))
            bonus = sum(w.amount for w in held if w.bonus)
            if rule.bonus is not None and bonus:
                fees.append(CollectionFee(bettor, circle, rule.bonus.fee(bonus), "bonus bets"))
    return [fee for fee in fees if fee.amount]


@dataclass(frozen=True)
class FeeAtStake:
    """What a hand costs at one wager size: the player who bets ``wager`` on the main game in
    one circle, and the player-dealer with one or six such wagers on the table."""

    wager: int
    player: int
    bank_one: int
    bank_six: int


def fee_per_hand(option: Schedule, table_min: int, table_max: int) -> list[FeeAtStake]:
    """The fee per hand at the table minimum, five times it and the maximum, for the operator's
    page beside the house edge (the edge is against the bank; the fee is the house's take)."""
    amounts = sorted({table_min, min(table_min * 5, table_max), table_max})
    out = []
    for amount in amounts:
        one = collect(option, [Wager(1, 1, "main", amount)], 0)
        six = collect(option, [Wager(seat, seat, "main", amount) for seat in range(1, 7)], 0)
        out.append(FeeAtStake(amount, one.by_seat().get(1, 0),
                              one.player_dealer.amount if one.player_dealer else 0,
                              six.player_dealer.amount if six.player_dealer else 0))
    return out


# ---- the data

def _bands(rows: Sequence[Sequence[int]]) -> tuple[Band, ...]:
    return tuple(Band(r[0], r[1], r[2]) if len(r) == 3 else Band(r[0], None, r[1]) for r in rows)


def _rate(data: Mapping[str, Any], key: str = "bands") -> FeeRate:
    if "flat" in data:
        return FeeRate(int(data["flat"]), ())
    return FeeRate(None, _bands(data[key]))


def _schedule(data: Mapping[str, Any]) -> Schedule:
    limit = data.get("table_limit", {})
    pd = data["player_dealer"]
    player = data.get("player")
    return Schedule(
        id=str(data["id"]), option=int(data["option"]), games=tuple(data["games"]),
        cite=str(data["cite"]), table_min=limit.get("min"), table_max=limit.get("max"),
        limit_bounds=_limit_bounds(limit),
        player_dealer=PlayerDealerFee(_rate(pd), pd.get("by") == "table-action",
                                      pd.get("table_action") == "base"),
        player=None if player is None else PlayerFee(
            per=player["per"], rate=_rate(player), base_only=player.get("counts") == "base",
            bonus=FeeRate(None, _bands(player["bonus_bands"])) if "bonus_bands" in player else None),
        free_hands=int(data.get("free_hands", 0)), decisions=tuple(data.get("decisions", ())))


def _limit_bounds(limit: Mapping[str, Any]) -> tuple[tuple[BoundKind, int], ...]:
    """``table_limit`` as bounds on the main wager: {min, max} is the range a table's limits
    lie in; ``min_between``/``max_between`` the ranges its minimum and its maximum lie in."""
    out: list[tuple[BoundKind, int]] = []
    if "min" in limit:
        out.append(("min", int(limit["min"])))
    if "max" in limit:
        out.append(("max", int(limit["max"])))
    if "min_between" in limit:
        low, high = limit["min_between"]
        out += [("min", int(low)), ("min_at_most", int(high))]
    if "max_between" in limit:
        low, high = limit["max_between"]
        out += [("max_at_least", int(low)), ("max", int(high))]
    return tuple(out)


def limit_bounds(schedule_id: Any) -> tuple[Bound, ...]:
    """The table limits the chosen schedule is printed for, binding the table like a rulebook
    limit (D-004, P-034): a schedule for $20-$500 tables is not posted on a $5 table."""
    if not isinstance(schedule_id, str) or schedule_id not in schedules():
        return ()
    chosen = schedules()[schedule_id]
    cite = f"collection-fee schedule option {chosen.option}, {chosen.cite}"
    return tuple(Bound(kind, amount, cite) for kind, amount in chosen.limit_bounds)


OPTION_BOUNDS["collection_fee"] = limit_bounds


@cache
def schedules() -> dict[str, Schedule]:
    with open(FEES_FILE, "rb") as fh:
        raw = tomllib.load(fh)
    return {s.id: s for s in map(_schedule, raw["schedule"])}


def schedule(schedule_id: str) -> Schedule:
    return schedules()[schedule_id]


def schedules_for(edition: str) -> list[Schedule]:
    """Every option an operator may post for an edition ("ez-baccarat@lucky-derby")."""
    return [s for s in schedules().values() if edition in s.games]


def default_schedule(edition: str) -> Schedule:
    """The first option of the edition's consolidated schedule, listed first in the data (D-482)."""
    return schedules_for(edition)[0]
