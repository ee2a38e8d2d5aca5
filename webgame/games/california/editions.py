"""The player-dealer editions as data: ``rules/california/player-dealer.toml``.

An edition ("pai-gow-tiles@lucky-chances") names how it picks its action seat, which way it
settles and in what order within a seat, and what it changes of the shared rotation rule.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any, Literal

from .action import ActionRule, Direction
from .rotation import RotationRule

EDITIONS_FILE = Path(__file__).resolve().parents[2] / "rules" / "california" / "player-dealer.toml"


@dataclass(frozen=True)
class Edition:
    slug: str
    positions: int | None  # fixed where the count needs it; otherwise the table's own seats
    action: ActionRule
    rotation: RotationRule
    wager_order: tuple[str, ...]
    settle_by: Literal["seat", "wager"]
    backline: Literal["none", "all", "base"] = "none"  # bets behind a seated player (D-473, D-474)
    settle_last: tuple[str, ...] = ()  # wagers settled after every seat's others (D-242)
    control: Literal["seated", "most-money"] = "seated"  # who makes a seat's decisions (D-475)
    one_hand: bool = False  # "a player may see only one hand" however many they bet on (D-477)


def _rotation(shared: Mapping[str, Any], own: Mapping[str, Any]) -> RotationRule:
    merged = {**shared, **own}
    names = {f.name for f in fields(RotationRule)}
    return RotationRule(**{k: v for k, v in merged.items() if k in names})


def _edition(slug: str, data: Mapping[str, Any], raw: Mapping[str, Any]) -> Edition:
    action = dict(data["action"])
    settle: Direction = data.get("settle", "clockwise")
    if "seat_map" in action:
        action["seat_map"] = dict(raw["seat_maps"][action["seat_map"]])
    if action["method"] == "card":
        action["card_values"] = dict(raw["card_values"])
    if data.get("control", "seated") not in ("seated", "most-money"):
        raise ValueError(f"{slug}: control is \"seated\" or \"most-money\" (D-475)")
    return Edition(
        slug=slug, positions=data.get("positions"),
        action=ActionRule(settle=settle, **action),
        rotation=_rotation(raw["rotation"], data.get("rotation", {})),
        wager_order=tuple(data["wager_order"]), settle_by=data.get("settle_by", "seat"),
        backline=data.get("backline", "none"), settle_last=tuple(data.get("settle_last", ())),
        control=data.get("control", "seated"), one_hand=bool(data.get("one_hand", False)))


@cache
def editions() -> dict[str, Edition]:
    with open(EDITIONS_FILE, "rb") as fh:
        raw = tomllib.load(fh)
    return {slug: _edition(slug, data, raw) for slug, data in raw["editions"].items()}


def edition(slug: str) -> Edition:
    return editions()[slug]
