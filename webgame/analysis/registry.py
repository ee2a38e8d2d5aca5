"""Which analyzer serves which game: one module per game, named after its slug.

A game plugs in with one module ``webgame/analysis/<slug with _ for ->.py`` defining:

``wagers(variant, rules) -> list[Wager]``
    every wager of one configuration (``rules`` = ``paytable.resolve(variant, config)``),
    each with an ``exact`` function or marked ``simulated``;
``simulate(rules, bet, rounds, seed, progress) -> Tally`` (optional)
    play ``rounds`` rounds through the engine on a ``SeededRng(seed)``; needed for
    simulated wagers and for cross-checks of exact ones (``can_simulate``);
``wager(variant, rules, bet) -> Wager | None`` (optional)
    a wager the list leaves out (one roulette spot, one hop), asked for by name.

Games without a module are reported as skipped, never as an error.
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from pathlib import Path
from types import ModuleType

from ..games import registry as games


def module_name(slug: str) -> str:
    return slug.replace("-", "_")


@cache
def analyzer(slug: str) -> ModuleType | None:
    """The analyzer module of a game, or None if it has none yet."""
    name = f"{__package__}.{module_name(slug)}"
    try:
        module = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
    return module if hasattr(module, "wagers") else None


def registered_games() -> list[str]:
    """Every game the casino plays, analyzed or not, in the games registry's order."""
    return games.slugs()


def analyzed_games() -> list[str]:
    """Every game with an analyzer module, registered for play yet or not (benchmarks)."""
    found = [m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])]
    slugs = [getattr(import_module(f"{__package__}.{name}"), "GAME", None) for name in sorted(found)]
    return [s for s in slugs if isinstance(s, str) and analyzer(s) is not None]
