"""Every citation in the rules data points at the rulebook line that states its figure.

For each paytable line that cites a seed line ("000 s.1059"), the cited line is read from the
rulebook and must carry the line's payout figure: "40 to 1", "40-1", "40:1", "forty to one",
"5 X 1", "10,000 for 1", "Even money", "Push", "$500.00", "100%". The first line cited for each
rulebook is the one that states the figure; further lines are context, and must exist. A line
whose figure the rulebook states only in words carries those words (``words``), found on the
cited line instead. Each binding limit (``rulebook`` on a limit) is checked the same way: its
cited line carries the dollar amount.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from tests.rulebooks import require_seeds
from webgame.engine.money import Odds
from webgame.engine.paytable import RULES_DIR, load_game

RULES_FILES = sorted(RULES_DIR.glob("*.toml"))


# ---------------------------------------------------------------------------------------
# The rulebooks and the citations
# ---------------------------------------------------------------------------------------
@cache
def seed_lines(seed: str) -> list[str]:
    (path,) = require_seeds().glob(f"{seed}_*.txt")
    return path.read_text(encoding="utf-8").splitlines()


def seed_line(seed: str, number: int) -> str:
    lines = seed_lines(seed)
    assert 1 <= number <= len(lines), f"seed {seed} has no line {number}"
    return lines[number - 1]


_SEED = re.compile(r"\b(00[0-4])\b")
_LINE = re.compile(r"\bs\.(\d+)(?:-(\d+))?")


def cited_lines(cite: str) -> dict[str, list[int]]:
    """The seed lines a citation names, per seed, in order: "000 s.1298, s.1367; 004 s.1488"
    → {"000": [1298, 1367], "004": [1488]}. A part naming no seed ("pushes …, s.1365")
    continues the last one; a decision ("D-266") names no line."""
    out: dict[str, list[int]] = {}
    seed = ""
    for part in cite.split(";"):
        found = _SEED.search(part)
        if found:
            seed = found.group(1)
        for first, last in _LINE.findall(part):
            assert seed, f"{cite!r}: a line with no rulebook"
            out.setdefault(seed, []).extend(range(int(first), int(last or first) + 1))
    return out


# ---------------------------------------------------------------------------------------
# The normaliser: every way the rulebooks print a figure, in one spelling
# ---------------------------------------------------------------------------------------
_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
}
_WORD = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b")
# A whole number, not part of a longer one nor of a decimal ("1.5", "s.1047").
_N = r"(?<!\d)(?<!\d\.)(\d+)(?!\d)(?!\.\d)"
_ODDS = re.compile(_N + r"\s*(?:-?\s*to\s*-?|-|–|:|x)\s*" + _N)
_FOR = re.compile(_N + r"\s*for\s*" + _N)
_DOLLARS = re.compile(r"\$\s*(\d+)(?:\.(\d{2}))?")
_PERCENT = re.compile(_N + r"\s*%")


def figures(text: str) -> set[str]:
    """The figures a rulebook line states, normalised: "3 to 2", "10000 for 1", "$500", "100%"."""
    t = text.lower().replace("\\", "").replace("*", " ")
    t = re.sub(r"(?<=\d),(?=\d{3}\b)", "", t)  # 10,000 → 10000
    t = _WORD.sub(lambda m: str(_NUMBER_WORDS[m.group(1)]), t)
    t = t.replace("even money", "1 to 1")
    found = {f"{a} to {b}" for a, b in _ODDS.findall(t)}
    found |= {f"{a} for {b}" for a, b in _FOR.findall(t)}
    found |= {dollars(int(d) * 100 + int(c or 0)) for d, c in _DOLLARS.findall(t)}
    found |= {f"{p}%" for p in _PERCENT.findall(t)}
    if re.search(r"\bpush\b", t):
        found.add("0 to 1")
    return found


def dollars(cents: int) -> str:
    return f"${cents // 100}" if cents % 100 == 0 else f"${cents // 100}.{cents % 100:02d}"


def odds_figure(pays: str) -> str:
    """A paytable's own spelling ("5 X 1", "3 to 2", "10000 for 1") in the normaliser's."""
    odds = Odds.parse(pays)
    if odds.net == Fraction(0):
        return "0 to 1"
    return figures(pays).pop()


def test_the_normaliser_reads_every_spelling() -> None:
    assert figures("Royal flush\t500 to 1\t10,000 for 1") == {"500 to 1", "10000 for 1"}
    assert figures("Ante and Play pay 1-to-1 on winning hands.") == {"1 to 1"}
    assert "2 to 1" in figures("insurance which shall be paid at odds of 2 to 1.")
    assert "3 to 2" in figures("blackjack which must be paid at odds of three to two")
    assert figures("Place 6 or 8\t7:6") == {"7 to 6"} and "3 to 1" in figures("pays 3-1")
    assert figures("Straight Flush\t5 X 1") == {"5 to 1"} and figures("One Pair\tEven money") == {"1 to 1"}
    assert figures("4 of a Kind\t\\$500.00") == {"$500"} and figures("Royal Flush\t100%") == {"100%"}
    assert figures("Pair of 6s to 10s\tPush") == {"0 to 1"}
    assert "10 to 1" not in figures("Royal Flush\t100 to 1*") and "0 to 1" not in figures("10 to 1")
    assert odds_figure("1000 to 1") == "1000 to 1" and odds_figure("0 to 1") == "0 to 1"
    assert cited_lines("000 s.1298, s.1367; pushes when the dealer does not qualify, s.1365") == {
        "000": [1298, 1367, 1365]}
    assert cited_lines("000 s.454, s.476 (D-348)") == {"000": [454, 476]}
    assert cited_lines("004 s.1047-1048; D-377") == {"004": [1047, 1048]}
    assert cited_lines("D-313 (player beats a qualified dealer)") == {}


# ---------------------------------------------------------------------------------------
# Paytable lines
# ---------------------------------------------------------------------------------------
def pay_lines() -> Iterator[Any]:
    for path in RULES_FILES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for slug, table in data.get("paytables", {}).items():
            meter = table.get("meter_percent", {})
            for line in table.get("lines", []):
                if "pays" in line:
                    figure = odds_figure(line["pays"])
                elif line["hand"] in meter:
                    figure = f"{meter[line['hand']]}%"  # a share of the meter (D-318)
                else:
                    figure = dollars(int(line["fixed"]))
                yield pytest.param(line, figure, id=f"{path.stem}/{slug}/{line['hand']}")


@pytest.mark.parametrize("line,figure", list(pay_lines()))
def test_each_paytable_line_cites_the_line_that_states_its_figure(line: dict[str, Any], figure: str) -> None:
    cited = cited_lines(line.get("cite", ""))
    if not cited:
        assert re.search(r"\bD-\d{3}\b", line.get("cite", "")), f"{line['hand']} cites neither a line nor a decision"
        return
    for seed, numbers in cited.items():
        for n in numbers:
            assert seed_line(seed, n).strip(), f"{seed} s.{n} is a blank line"
        text = seed_line(seed, numbers[0])
        if "words" in line:
            assert line["words"].lower() in text.lower().replace("\\", ""), (seed, numbers[0], text)
        else:
            assert figure in figures(text), f"{figure} is not on {seed} s.{numbers[0]}: {text!r}"


# ---------------------------------------------------------------------------------------
# Binding limits
# ---------------------------------------------------------------------------------------
def limit_bounds() -> Iterator[Any]:
    for path in RULES_FILES:
        game = load_game(path.stem)
        for variant in game.variants.values():
            for name, limit in variant.limits.items():
                for bound in limit.rulebook:
                    yield pytest.param(bound, id=f"{game.slug}@{variant.slug}/{name}/{bound.kind}")


def test_some_limits_are_bound_by_the_rulebooks() -> None:
    assert len(list(limit_bounds())) >= 20


@pytest.mark.parametrize("bound", list(limit_bounds()))
def test_each_binding_limit_cites_the_line_that_states_its_amount(bound: Any) -> None:
    cited = cited_lines(bound.cite)
    assert len(cited) == 1, f"{bound.cite!r}: one rulebook line per bound"
    ((seed, numbers),) = cited.items()
    assert len(numbers) == 1, f"{bound.cite!r}: one rulebook line per bound"
    text = seed_line(seed, numbers[0])
    assert dollars(bound.amount) in figures(text), f"{dollars(bound.amount)} is not on {seed} s.{numbers[0]}: {text!r}"


def test_the_rulebooks_are_where_the_citations_are_read():
    assert sorted(p.name[:3] for p in require_seeds().glob("00*_*.txt")) == ["000", "001", "002", "003", "004"]
