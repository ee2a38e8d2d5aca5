"""The money a round's events moved, per (seat, wager): the one tally behind every engine
test's "nothing lost or created" check."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from webgame.engine.protocol import Event, Refund, Settlement, Stake

Key = tuple[int, str]


@dataclass
class Flows:
    staked: dict[Key, int] = field(default_factory=lambda: defaultdict(int))
    refunded: dict[Key, int] = field(default_factory=lambda: defaultdict(int))
    settled: dict[Key, Settlement] = field(default_factory=dict)

    def back(self) -> dict[Key, int]:
        """What left the wagers per key: refunds plus the stakes settled."""
        out: dict[Key, int] = defaultdict(int, self.refunded)
        for key, s in self.settled.items():
            out[key] += s.stake
        return out


def money_flows(events: Iterable[Event]) -> Flows:
    """Tally stakes, refunds and settlements; every amount is positive, nothing is settled
    twice and no settlement returns less than nothing."""
    flows = Flows()
    for e in events:
        if isinstance(e, Stake):
            assert e.amount > 0
            flows.staked[(e.seat, e.bet)] += e.amount
        elif isinstance(e, Refund):
            assert e.amount > 0
            flows.refunded[(e.seat, e.bet)] += e.amount
        elif isinstance(e, Settlement):
            assert (e.seat, e.bet) not in flows.settled, f"{e} settled twice"
            assert e.returned >= 0 and e.stake >= 0
            flows.settled[(e.seat, e.bet)] = e
    return flows
