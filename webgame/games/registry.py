"""Every registered game, by its INDEX.md slug."""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from typing import Any

from ..engine.paytable import GameRules, load_game

# slug -> "module:attribute" of the engine object; a game is registered once its engine plays.
ENGINES: dict[str, str] = {
    "blackjack": "webgame.games.blackjack:ENGINE",
}


@lru_cache(maxsize=None)
def engine(slug: str) -> Any:
    module, attr = ENGINES[slug].split(":")
    return getattr(import_module(module), attr)


def rules(slug: str) -> GameRules:
    return load_game(slug)


def slugs() -> list[str]:
    return list(ENGINES)
