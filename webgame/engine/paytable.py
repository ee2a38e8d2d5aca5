"""Rules data: one TOML file per game in ``webgame/rules/``.

A file names the game, its variants (one per rulebook section, DECISIONS D-007),
each variant's rule settings, limits, side bets and operator options, and the
paytables, each line with the rulebook line it comes from. Engines read every
payout from here (D-005: paytables are data, not code).

Layout::

    [game]            slug, name, family, description, note (beside the name in the lobby)
    [defaults]        settings shared by every variant (rules, limits)
    [variants.<v>]    name, rulebook, seed, sections, side_bets, rules, limits, options, prose
    [paytables.<p>]   name, citation, lines = [{hand, pays, cite}], cap, …

A line's ``cite`` names first the rulebook line that prints its figure; where the rulebook
states the figure only in words, ``words`` quotes them from that line
(tests/engine/test_rulebook_citations.py reads every cited line).

An operator's table configuration may pick an option value (``options``) and
set limits inside the bounds the data allows; :func:`resolve` merges them. Each option
says in words what it is and what each choice means, for the operator's page::

    surrender = { default = false, choices = [false, true], label = "Late surrender",
                  labels = ["not offered", "offered"] }

``labels`` goes with ``choices``, one for one: a variant that changes the choices says
their words again (:func:`option_choices`). An option with ``pays_line = "<paytable>/<line>"``
posts that line's odds (a "no less than" payout the operator may raise, D-005). An option
with ``sets`` carries rule settings with each choice: the posted games of a card room's
collection schedule set the table's blinds, bets and buy-in with the row (``sets.<choice>`` is
a table of settings; its ``limits`` are the defaults of those limits)::

    [variants.lc-limit.options.house_take.sets."lucky-chances-holdem-limit:7-10"]
    blinds = [200, 300]
    bets = [300, 600]
    limits = { buy-in = { min = 6000, max = 10000000 } }

A limit the rulebook states binds the operator (D-004). It is written on the limit itself::

    ante = { min = 100, max = 50000, label = "Ante", rulebook = [
        { min = 100, cite = "004 s.1509" },      # a floor: no table minimum below $1
        { max = 50000, cite = "004 s.1509" },    # a ceiling: no table maximum above $500
    ] }

``fixed`` is the only amount (minimum = maximum); ``max_at_least`` is a floor under the
maximum ("the maximum wager shall be at least", Big Six, D-377). ``rulebook`` is one table
or a list of them, each with the line that states its figures; the stated figures are the
limit's defaults, and :func:`resolve` refuses a configuration outside them.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from .money import Odds, fmt

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"


class RulebookLimitError(ValueError):
    """A table configuration outside a limit the rulebook states (D-004)."""


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


# The shapes a rulebook gives a limit, and how each binds a table's configuration.
BoundKind = Literal["min", "max", "fixed", "max_at_least", "min_at_most"]
BOUND_KINDS: tuple[BoundKind, ...] = ("min", "max", "fixed", "max_at_least", "min_at_most")


@dataclass(frozen=True)
class Bound:
    """A limit the rulebook states (D-004): ``min`` is the lowest minimum a table may post,
    ``max`` the highest maximum, ``fixed`` the only amount, ``max_at_least`` the lowest maximum,
    ``min_at_most`` the highest minimum (a fee schedule printed for "$1 to $100 minimums")."""

    kind: BoundKind
    amount: int  # cents
    cite: str  # the seed line that states the amount, "000 s.265"

    @property
    def text(self) -> str:
        """The bound as the operator page posts it: "maximum not more than $500 (000 s.1028)"."""
        words = {"min": "minimum not less than", "max": "maximum not more than", "fixed": "only",
                 "max_at_least": "maximum at least", "min_at_most": "minimum not more than"}[self.kind]
        return f"{words} {fmt(self.amount)} ({self.cite})"


@dataclass(frozen=True)
class Limit:
    min: int  # cents
    max: int  # cents
    label: str = ""
    rulebook: tuple[Bound, ...] = ()

    def refusal(self, game: str, name: str, lo: int, hi: int, also: Sequence[Bound] = ()) -> str | None:
        """The rule a table minimum ``lo`` and maximum ``hi`` would break, in plain words:
        the rulebook's bounds, then ``also`` (bounds a chosen option posts, OPTION_BOUNDS)."""
        what = f"{game} {self.label or limit_label(name)}"
        for b in (*self.rulebook, *also):
            amount, where = fmt(b.amount), f"({b.cite})" if b.cite.startswith("collection") \
                else f"(rulebook {b.cite})"
            if b.kind == "max" and hi > b.amount:
                return f"The maximum on {what} is {amount} {where}."
            if b.kind == "min" and lo < b.amount:
                return f"The minimum on {what} is not less than {amount} {where}."
            if b.kind == "max_at_least" and hi < b.amount:
                return f"The maximum on {what} is at least {amount} {where}."
            if b.kind == "min_at_most" and lo > b.amount:
                return f"The minimum on {what} is not more than {amount} {where}."
            if b.kind == "fixed" and (lo, hi) != (b.amount, b.amount):
                return f"{what} is {amount} only, as its minimum and its maximum {where}."
        return None


def fit(lo: int, hi: int, bounds: Sequence[Bound]) -> tuple[int, int]:
    """Default limits moved inside ``bounds``: the nearest minimum and maximum they allow."""
    for b in bounds:
        if b.kind == "min":
            lo = max(lo, b.amount)
        elif b.kind == "min_at_most":
            lo = min(lo, b.amount)
        elif b.kind == "max":
            hi = min(hi, b.amount)
        elif b.kind == "max_at_least":
            hi = max(hi, b.amount)
        else:
            lo = hi = b.amount
    return lo, max(lo, hi)


# Operator options whose chosen value posts limits of its own: a California collection-fee
# schedule is printed for tables of certain limits (collection-fees.toml ``table_limit``), so the
# schedule the operator picks binds the table's main wager like a rulebook limit (D-004, P-034).
# Option name -> the bounds its chosen value posts; the module that owns the data registers it.
OPTION_BOUNDS: dict[str, Callable[[Any], tuple[Bound, ...]]] = {}


def main_limit_name(variant: Variant) -> str | None:
    """The main wager's limit: the first the data lists that is neither a side bet's nor the
    player-dealer's stake (``bank``)."""
    return next((n for n in variant.limits if n not in variant.side_bets and n != "bank"), None)


def option_bounds(variant: Variant, rules: Mapping[str, Any]) -> dict[str, tuple[Bound, ...]]:
    """The bounds the chosen options post, by the limit they bind."""
    posted: tuple[Bound, ...] = ()
    for name in variant.options:
        if name in OPTION_BOUNDS:
            posted += OPTION_BOUNDS[name](rules.get(name))
    main = main_limit_name(variant)
    return {main: posted} if posted and main else {}


def limit_label(name: str) -> str:
    """A limit's name as the floor says it when the data gives no label: "lay-odds/6" → "Lay odds 6"."""
    text = name.replace("-", " ").replace("/", " ")
    return text[:1].upper() + text[1:]


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
    game_name: str = ""
    prose: Mapping[str, Any] = field(default_factory=dict)  # words a player reads (engine/prose.py)
    banking: str = "house"  # "player-dealer": a seated player banks (games/california/table.py)

    @property
    def player_banked(self) -> bool:
        return self.banking == "player-dealer"

    def paytable(self, slug: str) -> Paytable:
        return self.paytables[slug]


@dataclass(frozen=True)
class GameRules:
    slug: str
    name: str
    family: str
    variants: Mapping[str, Variant]
    description: str = ""
    note: str = ""  # what a player should know beside the game's name (the lobby)


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


def _bounds(name: str, data: Any) -> tuple[Bound, ...]:
    tables = [data] if isinstance(data, Mapping) else list(data or [])
    out = []
    for table in tables:
        cite = str(table.get("cite", ""))
        unknown = set(table) - {"cite", *BOUND_KINDS}
        if not cite or unknown or not set(table) & set(BOUND_KINDS):
            raise ValueError(f"limit {name}: a rulebook bound needs one of {', '.join(BOUND_KINDS)} and its cite")
        out += [Bound(kind, int(table[kind]), cite) for kind in BOUND_KINDS if kind in table]
    return tuple(out)


def _limit(name: str, data: Mapping[str, Any]) -> Limit:
    limit = Limit(int(data["min"]), int(data["max"]), str(data.get("label", "")), _bounds(name, data.get("rulebook")))
    # D-004: the stated figures are the defaults, so the data cannot drift from its rulebook.
    for b in limit.rulebook:
        default = {"min": limit.min, "max": limit.max, "max_at_least": limit.max}.get(b.kind)
        if (b.kind == "fixed" and (limit.min, limit.max) != (b.amount, b.amount)) or \
                (default is not None and default != b.amount):
            raise ValueError(f"limit {name}: the default is not the rulebook's {b.kind} ({b.cite})")
    return limit


def _limits(data: Mapping[str, Any]) -> dict[str, Limit]:
    return {k: _limit(k, v) for k, v in data.items()}


def _options(variant: str, data: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    for name, spec in data.items():
        labels, choices = spec.get("labels"), spec.get("choices")
        if not spec.get("label") or not isinstance(labels, list) or not isinstance(choices, list) \
                or len(labels) != len(choices):
            raise ValueError(f"option {name} of {variant}: a label and one label per choice are needed")
    return dict(data)


def option_choices(spec: Mapping[str, Any]) -> list[tuple[Any, str]]:
    """An operator option's choices, each with the words the operator reads for it."""
    return list(zip(spec["choices"], spec["labels"], strict=True))


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
        # An edition may post its own table under a side bet's slug (the Tie at 9 to 1 where
        # its rulebook prints it): paytables_from = { <slug> = "<table in this file>" }, or
        # "<game>:<table>" for one side bet's table posted by another game's rules file (the
        # Lucky Derby Blackjack Bonus Bet, 001 §39, printed once for all its blackjack games).
        source = dict(merged.get("paytables_from", {}))
        for src in source.values():
            if ":" in str(src) and src not in all_tables:
                other, _, name = str(src).partition(":")
                all_tables = {**all_tables, src: _raw_tables(other)[name]}
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
            options=_options(vslug, merged.get("options", {})),
            paytables={p: _paytable(p, all_tables[source.get(p, p)]) for p in names if source.get(p, p) in all_tables},
            notes=str(merged.get("notes", "")),
            game_name=str(game["name"]),
            prose=merged.get("prose", {}),
            banking=str(merged.get("banking", "house")),
        )
    return GameRules(game["slug"], game["name"], game["family"], variants, str(game.get("description", "")),
                     str(game.get("note", "")))


@cache
def _raw_tables(slug: str) -> dict[str, Any]:
    """The paytables of another game's rules file, as data."""
    with open(RULES_DIR / f"{slug}.toml", "rb") as fh:
        return dict(tomllib.load(fh).get("paytables", {}))


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
    for name, spec in variant.options.items():
        carried = dict((spec.get("sets") or {}).get(str(rules[name]), {}))
        for limit, bounds in carried.pop("limits", {}).items():
            limits[limit] = {"min": int(bounds["min"]), "max": int(bounds["max"])}
        rules.update(carried)
    posted = option_bounds(variant, rules)
    for name, bounds in posted.items():
        lo, hi = fit(limits[name]["min"], limits[name]["max"], bounds)
        limits[name] = {"min": lo, "max": hi}
    for name, lim in config.get("limits", {}).items():
        if name not in limits:
            raise ValueError(f"no limit named {name}")
        lo, hi = int(lim["min"]), int(lim["max"])
        if not 0 < lo <= hi:
            raise ValueError(f"the {name} limits must satisfy 0 < minimum ≤ maximum")
        refusal = variant.limits[name].refusal(variant.game_name or variant.game, name, lo, hi,
                                               posted.get(name, ()))
        if refusal:
            raise RulebookLimitError(refusal)  # D-004: a limit the rulebook states binds the table
        limits[name] = {"min": lo, "max": hi}
    for name, spec in variant.options.items():
        # An option that picks a paytable whose data carries rule settings (a Fortune paytable
        # printed "Jokers Fully-Wild", 002 s.2367, D-246) applies them with it.
        if spec.get("picks_paytable"):
            rules.update(variant.paytables[str(rules[name])].extra.get("rules", {}))
    rules["limits"] = limits
    rules["side_bets"] = [s for s in variant.side_bets if s not in config.get("side_bets_off", [])]
    rules["variant"] = variant.slug
    if variant.player_banked:
        rules["banking"] = variant.banking
    rules["paytables"] = {slug: paytable_data(pt) for slug, pt in variant.paytables.items()}
    for name, spec in variant.options.items():
        # An option that posts a paytable line's odds ("at least 8 to 1", D-005) writes them
        # into that line, so the engine, the felt and the odds all read the posted figure.
        if "pays_line" in spec:
            table, _, line = str(spec["pays_line"]).partition("/")
            rules["paytables"][table]["lines"][line] = str(rules[name])
    return rules


def paytable_data(pt: Paytable) -> dict[str, Any]:
    """A paytable as plain JSON data, snapshotted into each round (recall shows what was used)."""
    lines = {ln.hand: (str(ln.odds) if ln.odds is not None else ln.fixed) for ln in pt.lines}
    return {"name": pt.name, "lines": lines, **{k: copy.deepcopy(v) for k, v in pt.extra.items()}}


def odds_of(rules: Mapping[str, Any], paytable: str, hand: str) -> Odds:
    """The odds of one paytable line in a round's resolved rules."""
    return Odds.parse(str(rules["paytables"][paytable]["lines"][hand]))
