"""A table's configuration as the operator's form holds it: reading a posted form, the
configuration a form previews before it is saved, and what the edit row shows.

The form's fields: ``variant``, ``form_variant`` (the variant its fields were drawn for),
``opt_<option>`` (a choice, as text), ``limit_<name>_min`` / ``_max`` (dollars),
``side_<slug>`` (offered when present), ``name`` and ``bots_allowed``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.money import parse_amount
from ..engine.paytable import Variant, option_bounds, option_choices, resolve
from ..games import registry
from ..models import Table
from .lobby import side_bet_name
from .tables import ConfigError


def _choice(spec: Mapping[str, Any], raw: str | None) -> tuple[bool, Any]:
    """(found, value): the choice whose text is ``raw``."""
    for value in spec.get("choices") or []:
        if str(value) == raw:
            return True, value
    return False, None


def from_form(game: str, variant_slug: str, form: Mapping[str, str]) -> dict[str, Any]:
    """Options, limits and side-bet switches for one variant, as posted; refuses a value that is
    not one of an option's choices, and amounts that are not amounts."""
    variant = registry.rules(game).variants[variant_slug]
    options = {}
    for name, spec in variant.options.items():
        raw = form.get(f"opt_{name}")
        if raw is None:
            continue
        found, value = _choice(spec, raw)
        if not found:
            raise ConfigError(f"{spec.get('label', name)} must be one of the listed choices.")
        options[name] = value
    limits = {}
    for name, lim in variant.limits.items():
        lo, hi = form.get(f"limit_{name}_min", ""), form.get(f"limit_{name}_max", "")
        if lo.strip() or hi.strip():
            try:
                limits[name] = {"min": parse_amount(lo), "max": parse_amount(hi)}
            except ValueError as exc:
                raise ConfigError(f"Limits for {lim.label or name}: {exc}") from exc
    side_off = [s for s in variant.side_bets if not form.get(f"side_{s}")]
    return {"options": options, "limits": limits, "side_bets_off": side_off}


def posted(table: Table, form: Mapping[str, str]) -> tuple[str, dict[str, Any]]:
    """(variant, config) of a posted edit form. Fields drawn for another variant than the one
    chosen (a form sent without the page redrawing it) do not apply: the new variant starts
    from its defaults."""
    variant = form.get("variant", table.variant)
    if variant not in registry.rules(table.game).variants:
        raise ConfigError("That game has no such rule variant.")
    drawn_for = form.get("form_variant", table.variant)
    if variant != drawn_for:
        return variant, {}
    config = from_form(table.game, variant, form)
    spec = registry.rules(table.game).variants[variant]
    if any("sets" in o for o in spec.options.values()):
        # A limit left as the form showed it, where the table had no limit of its own, follows
        # the game the operator posts (the buy-in of a Lucky Chances game, P-306).
        saved = dict(table.config or {}) if variant == table.variant else {}
        shown = resolve(spec, saved)["limits"]
        for name in [n for n, lim in config["limits"].items()
                     if lim == shown.get(n) and n not in saved.get("limits", {})]:
            del config["limits"][name]
    return variant, config


def preview(table: Table, form: Mapping[str, str]) -> tuple[str, dict[str, Any], dict[str, str]]:
    """(variant, config, query args to poll with): the table's saved configuration, or the one on
    the operator's form when the form sent itself (it always sends ``variant``): its option
    selects and side-bet boxes. Values that are not choices are ignored."""
    variants = registry.rules(table.game).variants
    saved = dict(table.config or {})
    if "variant" not in form:
        return table.variant, saved, {}
    variant = form["variant"] if form["variant"] in variants else table.variant
    config = saved if variant == table.variant else {}
    options = dict(config.get("options", {}))
    args: dict[str, str] = {"variant": variant}
    for name, spec in variants[variant].options.items():
        raw = form.get(f"opt_{name}")
        found, value = _choice(spec, raw)
        if raw is not None and found:
            options[name] = value
            args[f"opt_{name}"] = str(raw)
    side = variants[variant].side_bets
    offered = [s for s in side if form.get(f"side_{s}")]
    args.update({f"side_{s}": "1" for s in offered})
    return variant, {**config, "options": options, "side_bets_off": [s for s in side if s not in offered]}, args


def differs(table: Table, variant: str, config: Mapping[str, Any]) -> bool:
    """Whether a previewed configuration is not the one saved (so the page can say so)."""
    if variant != table.variant:
        return True
    spec = registry.rules(table.game).variants[variant].options
    saved = dict(table.config or {})
    chosen = {k: config.get("options", {}).get(k, v.get("default")) for k, v in spec.items()}
    stored = {k: saved.get("options", {}).get(k, v.get("default")) for k, v in spec.items()}
    return chosen != stored or sorted(config.get("side_bets_off", [])) != sorted(saved.get("side_bets_off", []))


# -- what the edit row shows -----------------------------------------------------------------------
@dataclass
class OptionField:
    name: str
    label: str
    choices: list[tuple[str, str]]  # (value as the form sends it, words)
    chosen: str


@dataclass
class LimitField:
    name: str
    label: str
    min: int
    max: int
    rulebook: list[str]  # the bounds the rulebook states, with their lines


@dataclass
class SideField:
    slug: str
    name: str
    offered: bool


@dataclass
class EditForm:
    table: Table
    variant: Variant
    variants: list[tuple[str, str]]  # (slug, name)
    options: list[OptionField]
    limits: list[LimitField]
    sides: list[SideField]
    name: str
    bots_allowed: bool
    preview_args: dict[str, str]  # the form as the edge preview reads it


def edit_form(table: Table, form: Mapping[str, str] | None = None) -> EditForm:
    """The edit row of a table: as saved, or redrawn for the variant the form now names (its
    options, limits and side bets at that variant's defaults; the name and bots as typed)."""
    form = form or {}
    game = registry.rules(table.game)
    slug = form.get("variant", table.variant)
    slug = slug if slug in game.variants else table.variant
    config: Mapping[str, Any] = (table.config or {}) if slug == table.variant else {}
    variant = game.variants[slug]
    chosen = config.get("options", {})
    options = [OptionField(name, str(spec["label"]), [(str(v), words) for v, words in option_choices(spec)],
                           str(chosen.get(name, spec.get("default"))))
               for name, spec in variant.options.items()]
    stored = config.get("limits", {})
    try:  # the defaults as the chosen options leave them (a fee schedule posts limits, P-034)
        shown = resolve(variant, {"options": chosen})
        defaults, posted = shown["limits"], option_bounds(variant, shown)
    except ValueError:
        defaults, posted = {n: {"min": lim.min, "max": lim.max} for n, lim in variant.limits.items()}, {}
    limits = [LimitField(name, lim.label or name, int(stored.get(name, {}).get("min", defaults[name]["min"])),
                         int(stored.get(name, {}).get("max", defaults[name]["max"])),
                         [b.text for b in (*lim.rulebook, *posted.get(name, ()))])
              for name, lim in variant.limits.items()]
    off = config.get("side_bets_off", [])
    sides = [SideField(s, side_bet_name(variant, s), s not in off) for s in variant.side_bets]
    args = {"variant": slug, **{f"opt_{o.name}": o.chosen for o in options},
            **{f"side_{s.slug}": "1" for s in sides if s.offered}}
    bots = form.get("bots_allowed") is not None if "name" in form else table.bots_allowed
    return EditForm(table, variant, [(v.slug, v.name) for v in game.variants.values()], options, limits, sides,
                    form.get("name", table.name), bots, args)
