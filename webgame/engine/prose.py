"""Words a player reads about a table, generated from its rules data: the posted rules, the
lines printed on the felt, the paytables' lines and what they pay.

A game's TOML keeps its words in ``prose`` (``[defaults.prose]``, overridden per variant like
the rules). A key holds a sentence, or a list of sentences; a sentence's placeholders are
filled from the table's resolved rules (a round's snapshot, or the table's configuration), so
the odds, a limit, a cap or a qualifier in a sentence is always the one the table pays:

=============================== =========================================================
``{pays:<paytable>/<line>}``    what the line pays: its odds ("1 to 1"), a fixed award as
                                money, a share of a progressive meter, or a push
``{line:<paytable>/<line>}``    the line's label ("Pair of 10s or better")
``{table:<paytable>}``          the paytable's name ("Pair Plus")
``{money:<setting>}``           a setting in cents, as money ("$25,000")
``{min:<limit>}``, ``{max:…}``  a limit's bounds, as money
``{rule:<setting>}``            a setting as written ("2")
``{times:<setting>}``           a list of multiples: "1x, 2x or 3x"
``{plays:<setting>}``           decision streets (name, multiples): "4x or 3x pre-flop; 2x flop"
``{qualifier:<setting>}``       a dealer qualifier in words ("queen high", "ace-king", "a pair")
``{<name>}``                    a value the caller passes (the dealer's hand)
=============================== =========================================================

``<paytable>`` may be a setting that names the paytable (``ante_play_paytable``), or a side
bet whose table the edition names in ``side_paytables``. A
placeholder may end in ``|lower``. A sentence may be a table ``{ text = "…", when = "…" }``,
posted only when ``when`` holds: ``offers:<side bet>`` (the table offers it),
``<setting>`` (true), ``<setting>=<value>`` (a list setting: it holds the value), each
optionally after ``not``.

Labels come from the paytable data: a paytable's ``labels`` in the rules, else each line's
``label`` in the game's data file. Pure: no Flask, no database.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .money import Odds, fmt
from .paytable import Variant, load_game

_PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::([^{}|]+))?(\|lower)?\}")
RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
              "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
QUALIFIER_WORDS = {"pair": "a pair"}  # the hold'em qualifier setting, named by its hand


def qualifier_words(qualifier: str | Sequence[str]) -> str:
    """A dealer qualifier setting in words: ``["Q"]`` is "queen high", ``["A", "K"]``
    "ace-king" (D-270, D-520), ``"pair"`` "a pair" (s.1365)."""
    if isinstance(qualifier, str):
        return QUALIFIER_WORDS.get(qualifier, qualifier.replace("-", " "))
    names = [RANK_WORDS[r] for r in qualifier]
    return f"{names[0]} high" if len(names) == 1 else "-".join(names)


def _series(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


class Posted:
    """One table's words: a variant's prose and paytable labels, filled in from the rules the
    table runs on (``rules``: resolved, or a round's snapshot)."""

    def __init__(self, variant: Variant, rules: Mapping[str, Any]) -> None:
        self.variant = variant
        self.rules = rules

    @classmethod
    def of(cls, game: str, rules: Mapping[str, Any]) -> Posted:
        """The words of the variant a round's rules were resolved from."""
        return cls(load_game(game).variants[str(rules["variant"])], rules)

    # -- sentences -------------------------------------------------------------------------
    def lines(self, key: str, **values: Any) -> list[str]:
        """Every sentence under ``key`` that holds for this table, filled in."""
        found = self.variant.prose.get(key, [])
        entries = [found] if isinstance(found, (str, Mapping)) else list(found)
        out = []
        for entry in entries:
            if isinstance(entry, Mapping):
                if not self.holds(str(entry.get("when", ""))):
                    continue
                entry = entry["text"]
            out.append(self.fill(str(entry), **values))
        return out

    def line(self, key: str, **values: Any) -> str:
        """The one sentence under ``key`` (the first that holds)."""
        found = self.lines(key, **values)
        if not found:
            raise KeyError(f"{self.variant.game}/{self.variant.slug} posts no {key!r}")
        return found[0]

    def holds(self, condition: str) -> bool:
        condition = condition.strip()
        if not condition:
            return True
        if condition.startswith("not "):
            return not self.holds(condition[4:])
        if condition.startswith("offers:"):
            return condition[len("offers:"):] in self.rules["side_bets"]
        name, _, value = condition.partition("=")
        setting = self.rules.get(name)
        if value and isinstance(setting, list):
            return value in (str(v) for v in setting)
        return str(setting) == value if value else bool(setting)

    def fill(self, text: str, **values: Any) -> str:
        def one(m: re.Match[str]) -> str:
            kind, arg, lower = m.group(1), m.group(2), m.group(3)
            word = str(values[kind]) if arg is None else self._value(kind, arg)
            return word.lower() if lower else word
        return _PLACEHOLDER.sub(one, text)

    def _value(self, kind: str, arg: str) -> str:
        rules = self.rules
        if kind in ("pays", "line"):
            table, _, line = arg.partition("/")
            return self.pays(table, line) if kind == "pays" else self.label(table, line)
        if kind == "table":
            return self.table_name(arg)
        if kind == "money":
            return fmt(int(rules[arg]))
        if kind in ("min", "max"):
            return fmt(int(rules["limits"][arg][kind]))
        if kind == "rule":
            return str(rules[arg])
        if kind == "times":
            return _series([f"{m}x" for m in rules[arg]])
        if kind == "plays":
            return "; ".join(f"{' or '.join(f'{m}x' for m in s['multiples'])} {s['name']}" for s in rules[arg])
        if kind == "qualifier":
            return qualifier_words(rules[arg])
        raise KeyError(f"no placeholder kind {kind!r}")

    # -- paytables -------------------------------------------------------------------------
    def paytable(self, name: str) -> str:
        """A paytable's slug, or the slug a setting names (``ante_bonus_paytable``), or the
        table an edition posts for a side bet (``side_paytables``: its own Trips table)."""
        named = self.rules.get(name, self.rules.get("side_paytables", {}).get(name))
        return named if isinstance(named, str) and named in self.rules["paytables"] else name

    def table_name(self, name: str) -> str:
        slug = self.paytable(name)
        return str(self.rules["paytables"][slug].get("name", slug))

    def label(self, name: str, line: str) -> str:
        slug = self.paytable(name)
        labels = self.rules["paytables"][slug].get("labels") or {}
        if line in labels:
            return str(labels[line])
        data = self.variant.paytables.get(slug)
        posted = next((ln.label for ln in data.lines if ln.hand == line), "") if data else ""
        return posted or line.replace("-", " ").capitalize()

    def pays(self, name: str, line: str) -> str:
        """What a line pays in words: a push line's word, a share of the meter, a fixed award
        in money, or the odds as posted (normalised: "5 X 1" reads "5 to 1")."""
        slug = self.paytable(name)
        table = self.rules["paytables"][slug]
        if line in table.get("push_lines", []):
            return self.line("pays_push")
        share = table.get("meter_percent", {}).get(line)
        if share is not None:
            return self.line("pays_meter_share", percent=share)
        pays = table["lines"][line]
        return fmt(int(pays)) if isinstance(pays, int) else str(Odds.parse(str(pays)))

    def paytable_view(self, name: str) -> dict[str, Any]:
        """A paytable as the felt prints it: its name and its lines in the data's order, each
        with its label and what it pays (D-017)."""
        slug = self.paytable(name)
        table = self.rules["paytables"][slug]
        lines = [{"hand": hand, "label": self.label(slug, hand), "pays": self.pays(slug, hand)}
                 for hand in table["lines"]]
        return {"name": self.table_name(slug), "lines": lines}
