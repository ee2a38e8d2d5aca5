"""What an odds report is made of: a wager to analyse, its figures, and the tally of a
simulation.

House edge is the player's expected loss as a fraction of the initial wager: positive
favours the house, pushes count as wagers made. ``element_of_risk`` divides the same loss
by the total action (doubles, splits, odds) where a wager can grow during the round.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

EXACT, SIMULATION, PENDING = "exact", "simulation", "pending"
Z95 = 1.959963984540054  # two-sided 95 % normal quantile

Progress = Callable[[int, int], None]  # (rounds done, rounds wanted)
Number = Fraction | float


@dataclass(frozen=True)
class Result:
    """The figures of one wager. Exact results carry Fractions; simulations floats and a CI."""

    house_edge: Number
    hit_frequency: Number | None = None
    element_of_risk: Number | None = None
    ci95: float | None = None  # half-width of the 95 % interval of the house edge
    rounds: int | None = None
    hands: int | None = None  # wagers settled in those rounds, where a round holds several
    seed: str | None = None


@dataclass(frozen=True)
class Wager:
    """One wager of one configuration, and how to get its figures.

    ``exact`` computes the figure by enumeration; otherwise ``simulated`` names the
    analyzer's ``simulate(rules, bet, rounds, seed, progress)`` run (``default_rounds``)
    and ``sim_key`` the settings the figure depends on (the cache key). An exact figure
    marked ``slow`` (seconds of enumeration) is computed off the request for a page; one
    marked ``cached`` (minutes) is read from the repository cache under ``sim_key``, and
    its ``exact`` takes a ``progress`` keyword.
    """

    bet: str
    label: str
    paytable: Mapping[str, Any]
    assumptions: str
    exact: Callable[..., Result] | None = None
    simulated: bool = False
    sim_key: Mapping[str, Any] = field(default_factory=dict)
    default_rounds: int = 0
    can_simulate: bool = False  # an engine simulation exists to cross-check an exact figure
    slow: bool = False  # an exact figure that takes seconds: a page gets it from the worker thread
    cached: bool = False  # an exact figure that takes minutes: kept in the repository cache

    @property
    def method(self) -> str:
        return EXACT if self.exact is not None else SIMULATION


def as_float(x: Number | None) -> float | None:
    return None if x is None else float(x)


def report(wager: Wager, result: Result | None, *, method: str | None = None,
           command: str | None = None, progress: float | None = None) -> dict[str, Any]:
    """The JSON-able entry of one wager (the schema of ``flask edge --json``)."""
    edge = None if result is None else result.house_edge
    out: dict[str, Any] = {
        "bet": wager.bet,
        "label": wager.label,
        "house_edge": as_float(edge),
        "method": method or wager.method,
        "ci95": None if result is None else result.ci95,
        "rounds": None if result is None else result.rounds,
        "paytable": dict(wager.paytable),
        "assumptions": wager.assumptions,
        "return": None if edge is None else float(1 - edge),
        "hit_frequency": None if result is None else as_float(result.hit_frequency),
        "element_of_risk": None if result is None else as_float(result.element_of_risk),
    }
    if isinstance(edge, Fraction):
        out["exact"] = f"{edge.numerator}/{edge.denominator}"
    if result is not None and result.hands is not None:
        out["hands"] = result.hands
    if result is not None and result.seed is not None:
        out["seed"] = result.seed
    if command:
        out["command"] = command
    if progress is not None:
        out["progress"] = progress
    return out


@dataclass
class Tally:
    """Sums over simulated rounds, mergeable across workers.

    Per round: ``x`` the player's net result, ``w`` the initial wagers, ``a`` the total
    action, ``n`` the wagers settled and ``wins`` how many of them won. The edge is the
    ratio estimator -Σx/Σw; its interval treats rounds as independent (the wagers of one
    round share the dealer's hand, so a round, not a hand, is the unit).
    """

    rounds: int = 0
    sx: float = 0.0
    sw: float = 0.0
    sa: float = 0.0
    sxx: float = 0.0
    sww: float = 0.0
    sxw: float = 0.0
    n: int = 0
    wins: int = 0

    def add(self, x: float, w: float, a: float, n: int = 1, wins: int = 0) -> None:
        self.rounds += 1
        self.sx += x
        self.sw += w
        self.sa += a
        self.sxx += x * x
        self.sww += w * w
        self.sxw += x * w
        self.n += n
        self.wins += wins

    def merge(self, other: Tally) -> Tally:
        out = Tally()
        for name in ("rounds", "sx", "sw", "sa", "sxx", "sww", "sxw", "n", "wins"):
            setattr(out, name, getattr(self, name) + getattr(other, name))
        return out

    def result(self, seed: str | None = None) -> Result:
        if self.rounds == 0 or self.sw == 0:
            raise ValueError("no rounds simulated")
        r = self.rounds
        ratio = self.sx / self.sw  # mean net per unit of initial wager
        # Var(ratio) ≈ Var(x - ratio·w) / (r · mean(w)²)
        resid = self.sxx - 2 * ratio * self.sxw + ratio * ratio * self.sww
        var = max(resid / r - ((self.sx - ratio * self.sw) / r) ** 2, 0.0) * r / max(r - 1, 1)
        mean_w = self.sw / r
        ci = Z95 * math.sqrt(var / r) / mean_w
        return Result(
            house_edge=-ratio,
            hit_frequency=self.wins / self.n if self.n else None,
            element_of_risk=-self.sx / self.sa if self.sa else None,
            ci95=ci,
            rounds=r,
            hands=self.n,
            seed=seed,
        )
