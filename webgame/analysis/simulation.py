"""Running an analyzer's simulation: in chunks with their own seeds, on one or more cores.

A run of R rounds with seed S is cut into chunks of ``CHUNK`` rounds seeded "S/0",
"S/1", …, so the figures depend on (S, R) only, never on how many workers ran them. An
analyzer module may name its own ``CHUNK`` (a vectorised simulator deals a million
rounds in the time the engine plays a few thousand).
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from .core import Progress, Result, Tally
from .registry import analyzer

CHUNK = 5_000


def memoise_card_parsing() -> None:
    """Make the shoe's card parsing memoised in this process (command line and benchmark
    processes only, never a web process). The shoe parses every card code on each
    round's canonical sort and each draw; ``parse_card`` is pure and its Card immutable,
    so the memoised copy returns equal cards and the figures are identical, about twice
    as fast."""
    from ..devices import shoe
    from ..engine import cards

    if getattr(shoe, "parse_card") is cards.parse_card:  # noqa: B009
        setattr(shoe, "parse_card", lru_cache(maxsize=4096)(cards.parse_card))  # noqa: B010


def chunk_size(game: str) -> int:
    """Rounds per seeded chunk for a game: its analyzer's ``CHUNK``, else ``CHUNK``."""
    return int(getattr(analyzer(game), "CHUNK", CHUNK))


def chunks(rounds: int, seed: str, size: int = CHUNK) -> list[tuple[int, str]]:
    return [(min(size, rounds - i * size), f"{seed}/{i}") for i in range(math.ceil(rounds / size))]


def _run_chunk(game: str, rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
               fast: bool = False) -> Tally:
    if fast:
        memoise_card_parsing()
    module = analyzer(game)
    assert module is not None
    tally: Tally = module.simulate(rules, bet, rounds, seed, None)
    return tally


def run(game: str, rules: Mapping[str, Any], bet: str, rounds: int, seed: str = "1", *,
        workers: int = 1, progress: Progress | None = None) -> Result:
    """Simulate ``rounds`` rounds of ``bet`` and return its figures with a 95 % interval.
    Worker processes memoise card parsing (:func:`memoise_card_parsing`)."""
    if analyzer(game) is None or not hasattr(analyzer(game), "simulate"):
        raise ValueError(f"{game} has no simulation")
    parts = chunks(rounds, seed, chunk_size(game))
    total = Tally()
    done = 0
    workers = max(1, min(workers, len(parts), os.cpu_count() or 1))
    if workers == 1:
        for n, chunk_seed in parts:
            total = total.merge(_run_chunk(game, rules, bet, n, chunk_seed))
            done += n
            if progress:
                progress(done, rounds)
        return total.result(seed)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [(n, pool.submit(_run_chunk, game, dict(rules), bet, n, s, True)) for n, s in parts]
        for n, future in futures:  # merged in chunk order: the sums are the same in any order
            total = total.merge(future.result())
            done += n
            if progress:
                progress(done, rounds)
    return total.result(seed)
