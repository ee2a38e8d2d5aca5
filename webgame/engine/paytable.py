"""Rules data: one TOML file per game in ``webgame/rules/``.

A file names the game, its variants (one per rulebook section, DECISIONS D-007),
each variant's rule settings, limits, side bets and operator options, and the
paytables, each line with the rulebook line it comes from. Engines read every
payout from here (D-005: paytables are data, not code).

Layout::

    [game]            slug, name, family
    [defaults]        settings shared by every variant (rules, limits)
    [variants.<v>]    name, rulebook, seed, sections, side_bets, rules, limits, options, prose
    [paytables.<p>]   name, citation, lines = [{hand, pays, cite}], cap, …

An operator's table configuration may pick an option value (``options``) and
set limits inside the bounds the data allows; :func:`resolve` merges them.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .money import Odds

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"


@dataclass(frozen=True)
class PayLine:
    hand: str
    odds: Odds | None  # None for a fixed-dollar award
    fixed: int = 0  # cents, for fixed awards (D-024)
    cite: str = ""
    label: str = ""

    @property
    def text(self) -> str:
        from .money import fmt

        return str(self.odds) if self.odds is not None else fmt(self.fixed)


@dataclass(frozen=True)
class Paytable:
    slug: str
    name: str
    lines: tuple[PayLine, ...]
    cite: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def line(self, hand: str) -> PayLine:
        for ln in self.lines:
            if ln.hand == hand:
                return ln
        raise KeyError(f"{self.slug} has no line {hand!r}")

    def odds(self, hand: str) -> Odds:
        ln = self.line(hand)
        if ln.odds is None:
            raise KeyError(f"{self.slug}/{hand} is a fixed award")
        return ln.odds

    def hands(self) -> list[str]:
        return [ln.hand for ln in self.lines]


@dataclass(frozen=True)
class Limit:
    min: int  # cents
    max: int  # cents


@dataclass(frozen=True)
class Variant:
    game: str
    slug: str
    name: str
    rulebook: str
    seed: str
    sections: str
    rules: Mapping[str, Any]
    limits: Mapping[str, Limit]
    side_bets: tuple[str, ...]
    options: Mapping[str, Mapping[str, Any]]
    paytables: Mapping[str, Paytable]
    notes: str = ""
    prose: Mapping[str, Any] = field(default_factory=dict)  # words a player reads (engine/prose.py)

    def paytable(self, slug: str) -> Paytable:
        return self.paytables[slug]


@dataclass(frozen=True)
class GameRules:
    slug: str
    name: str
    family: str
    variants: Mapping[str, Variant]
    description: str = ""


def _paytable(slug: str, data: Mapping[str, Any]) -> Paytable:
    lines = []
    for ln in data.get("lines", []):
        pays = ln.get("pays")
        odds = Odds.parse(pays) if isinstance(pays, str) else None
        fixed = int(ln.get("fixed", 0))
        if odds is None and "fixed" not in ln:
            raise ValueError(f"paytable {slug}: line {ln!r} needs 'pays' or 'fixed'")
        lines.append(PayLine(str(ln["hand"]), odds, fixed, str(ln.get("cite", "")), str(ln.get("label", ""))))
    extra = {k: v for k, v in data.items() if k not in ("lines", "name", "cite")}
    return Paytable(slug, str(data.get("name", slug)), tuple(lines), str(data.get("cite", "")), extra)


def _limits(data: Mapping[str, Any]) -> dict[str, Limit]:
    return {k: Limit(int(v["min"]), int(v["max"])) for k, v in data.items()}


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(dict(base))
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), Mapping):
            out[k] = _merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def parse_game(data: Mapping[str, Any]) -> GameRules:
    game = data["game"]
    defaults = data.get("defaults", {})
    all_tables = data.get("paytables", {})
    variants: dict[str, Variant] = {}
    for vslug, vdata in data.get("variants", {}).items():
        merged = _merge(defaults, vdata)
        names = merged.get("paytables", list(all_tables))
        variants[vslug] = Variant(
            game=game["slug"],
            slug=vslug,
            name=str(merged.get("name", vslug)),
            rulebook=str(merged.get("rulebook", "")),
            seed=str(merged.get("seed", "")),
            sections=str(merged.get("sections", "")),
            rules=merged.get("rules", {}),
            limits=_limits(merged.get("limits", {})),
            side_bets=tuple(merged.get("side_bets", [])),
            options=merged.get("options", {}),
            paytables={p: _paytable(p, all_tables[p]) for p in names if p in all_tables},
            notes=str(merged.get("notes", "")),
            prose=merged.get("prose", {}),
        )
    return GameRules(game["slug"], game["name"], game["family"], variants, str(game.get("description", "")))


@cache
def load_game(slug: str) -> GameRules:
    with open(RULES_DIR / f"{slug}.toml", "rb") as fh:
        return parse_game(tomllib.load(fh))


def resolve(variant: Variant, config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The settings a round runs on: the variant's rules, its limits, and the operator's
    choices (``config["options"]``, ``config["limits"]``) where the data allows them."""
    config = config or {}
    rules = dict(variant.rules)
    chosen = config.get("options", {})
    for name, spec in variant.options.items():
        value = chosen.get(name, spec.get("default"))
        choices = spec.get("choices")
        if choices is not None and value not in choices:
            raise ValueError(f"{name} must be one of {', '.join(map(str, choices))}")
        rules[name] = value
    limits = {k: {"min": v.min, "max": v.max} for k, v in variant.limits.items()}
    for name, lim in config.get("limits", {}).items():
        if name not in limits:
            raise ValueError(f"no limit named {name}")
        lo, hi = int(lim["min"]), int(lim["max"])
        if not 0 < lo <= hi:
            raise ValueError(f"the {name} limits must satisfy 0 < minimum ≤ maximum")
        limits[name] = {"min": lo, "max": hi}
    rules["limits"] = limits
    rules["side_bets"] = [s for s in variant.side_bets if s not in config.get("side_bets_off", [])]
    rules["variant"] = variant.slug
    rules["paytables"] = {slug: paytable_data(pt) for slug, pt in variant.paytables.items()}
    return rules


def paytable_data(pt: Paytable) -> dict[str, Any]:
    """A paytable as plain JSON data, snapshotted into each round (recall shows what was used)."""
    lines = {ln.hand: (str(ln.odds) if ln.odds is not None else ln.fixed) for ln in pt.lines}
    return {"name": pt.name, "lines": lines, **{k: copy.deepcopy(v) for k, v in pt.extra.items()}}


def odds_of(rules: Mapping[str, Any], paytable: str, hand: str) -> Odds:
    """The odds of one paytable line in a round's resolved rules."""
    return Odds.parse(str(rules["paytables"][paytable]["lines"][hand]))
