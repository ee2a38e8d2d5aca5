"""Pai Gow tiles: the 32 tiles, two-tile hands, and the one House Way that sets any four.

The tiles are data (``rules/pai-gow-tiles.toml``, ``[[tiles]]``): each kind's faces, the
rulebook's notation, its single-tile rank (D-257), its pair rank (D-258), whether it makes a
Wong or Gong with Teen or Day (D-259) and the values it may count (the Gee Joon: 3 or 6,
D-260). Nothing here names a tile.

A two-tile hand ranks, highest first (002 rules 56-60, D-258, D-259):

1. a pair, by the pair chart;
2. a Wong (Teen or Day with a 9), then a Gong (Teen or Day with an 8): between two, the hand
   with the higher-ranked Teen or Day wins, never the 9 or the 8;
3. points: the pips added, tens dropped, each Gee Joon counting 3 or 6, whichever is higher
   (D-260). Equal points are broken by each hand's highest-ranked single tile only (rule 58);
   zero against zero is always equal (rule 59).

Equal hands are a copy, and a copy is the bank's (rules 3, 14, 60).

The House Way (D-263, the rulebook prints none) sets any four tiles: it never fouls, because
the stronger of the two hands it picks is always the high hand (D-262). It sets the bank's
tiles when the player-dealer asks or its clock runs out, a player's when asked or timed out,
and every bot's.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any, Literal

RULES_FILE = Path(__file__).resolve().parents[2] / "rules" / "pai-gow-tiles.toml"

PAIR, WONG, GONG, POINTS = 3, 2, 1, 0
Key = tuple[int, int, int]
Half = Literal["win", "copy", "lose"]


@dataclass(frozen=True)
class Tile:
    """One of the 32 tiles. ``kind`` names its pair: the two tiles of one kind pair."""

    code: str
    kind: str
    name: str
    c002: str
    pips: tuple[int, int]
    rank: int  # single-tile rank, 1 highest (D-257)
    pair_rank: int  # its pair's rank, 1 highest (D-258)
    counts: tuple[int, ...]  # the point values it may count (D-260)
    teen_or_day: bool  # with a 9 a Wong, with an 8 a Gong (D-259)
    wong: bool  # a 9 for a Wong
    gong: bool  # an 8 for a Gong

    @property
    def words(self) -> str:
        return f"{self.name} ({self.pips[0]}-{self.pips[1]})"


@dataclass(frozen=True)
class TileSet:
    tiles: Mapping[str, Tile]  # code -> tile, in the set's canonical order

    @property
    def codes(self) -> list[str]:
        return list(self.tiles)

    def __getitem__(self, code: str) -> Tile:
        try:
            return self.tiles[code]
        except KeyError:
            raise ValueError(f"{code!r} is not a tile") from None


def _kind_tiles(data: Mapping[str, Any]) -> list[Tile]:
    faces = [tuple(int(p) for p in f) for f in data["faces"]]
    count = int(data["count"])
    if count * len(faces) != 2:
        raise ValueError(f"{data['kind']}: every kind is two tiles (D-257)")
    counts = tuple(int(c) for c in data.get("counts", ()))
    out = []
    for k in range(2):
        a, b = faces[k % len(faces)]
        code = f"{a}{b}" if len(faces) == 2 else f"{a}{b}{'ab'[k]}"
        out.append(Tile(code=code, kind=str(data["kind"]), name=str(data["name"]), c002=str(data["c002"]),
                        pips=(a, b), rank=int(data["rank"]), pair_rank=int(data["pair_rank"]),
                        counts=counts or ((a + b) % 10,), teen_or_day=bool(data.get("wong_gong")),
                        wong=bool(data.get("wong")), gong=bool(data.get("gong"))))
    return out


def build(data: Sequence[Mapping[str, Any]]) -> TileSet:
    """The tile set from its data, checked: 32 tiles, 16 kinds, 16 distinct single and pair ranks."""
    tiles = [t for kind in data for t in _kind_tiles(kind)]
    if len(tiles) != 32 or len({t.code for t in tiles}) != 32:
        raise ValueError("the set is 32 distinct tiles (002 rule 1)")
    if sorted({t.pair_rank for t in tiles}) != list(range(1, 17)) or sorted({t.rank for t in tiles}) != list(range(1, 17)):
        raise ValueError("16 kinds, each with its own single and pair rank (D-257, D-258)")
    return TileSet({t.code: t for t in tiles})


@cache
def tile_set() -> TileSet:
    with open(RULES_FILE, "rb") as fh:
        return build(tomllib.load(fh)["tiles"])


# -- two-tile hands ----------------------------------------------------------------------
@dataclass(frozen=True)
class Hand:
    """Two tiles and their rank: ``key`` orders hands (equal keys are a copy)."""

    codes: tuple[str, str]
    key: Key
    words: str

    @property
    def category(self) -> int:
        return self.key[0]

    @property
    def points(self) -> int | None:
        return self.key[1] if self.category == POINTS else None

    def beats(self, other: Hand) -> bool:
        return self.key > other.key


def points(a: Tile, b: Tile) -> int:
    """The pips added, tens dropped; a Gee Joon counts 3 or 6, whichever is higher (D-260)."""
    return max((x + y) % 10 for x in a.counts for y in b.counts)


def hand(codes: Sequence[str], tiles: TileSet | None = None) -> Hand:
    ts = tiles or tile_set()
    if len(codes) != 2 or codes[0] == codes[1]:
        raise ValueError("a hand is two different tiles")
    a, b = sorted((ts[c] for c in codes), key=lambda t: (t.rank, t.code))  # a: the higher-ranked
    pair = (a.code, b.code)
    if a.kind == b.kind:
        return Hand(pair, (PAIR, -a.pair_rank, 0), f"Pair of {a.name}")
    if a.teen_or_day and b.wong:
        return Hand(pair, (WONG, -a.rank, 0), f"Wong ({a.name} and a 9)")
    if a.teen_or_day and b.gong:
        return Hand(pair, (GONG, -a.rank, 0), f"Gong ({a.name} and an 8)")
    value = points(a, b)
    if value == 0:
        return Hand(pair, (POINTS, 0, 0), "0 points")  # every zero is a copy (rule 59)
    return Hand(pair, (POINTS, value, -a.rank), f"{value} points, {a.name} high")


def half(mine: Hand, bank: Hand) -> Half:
    """One half against the bank's: higher wins; equal is a copy, the bank's (rule 60)."""
    if mine.key > bank.key:
        return "win"
    return "copy" if mine.key == bank.key else "lose"


# -- setting four tiles --------------------------------------------------------------------
@dataclass(frozen=True)
class Setting:
    """Four tiles set as a high hand and a low hand of two."""

    high: Hand
    low: Hand

    @property
    def foul(self) -> bool:
        """The low hand outranks the high hand: the table never takes it (D-262)."""
        return self.low.key > self.high.key

    @property
    def codes(self) -> tuple[str, ...]:
        return self.high.codes + self.low.codes


def set_tiles(four: Sequence[str], low: Sequence[str], tiles: TileSet | None = None) -> Setting:
    """The setting that puts ``low`` in the low hand and the other two in the high hand."""
    if len(four) != 4 or len(set(four)) != 4:
        raise ValueError("a hand is four different tiles")
    if len(low) != 2 or len(set(low)) != 2 or not set(low) <= set(four):
        raise ValueError("Choose two of your four tiles for the low hand.")
    high = [c for c in four if c not in low]
    return Setting(hand(high, tiles), hand(list(low), tiles))


def pairings(four: Sequence[str], tiles: TileSet | None = None) -> list[Setting]:
    """The three ways to pair four tiles, each with its stronger hand high (D-262)."""
    first = four[0]
    out = []
    for other in four[1:]:
        one = hand([first, other], tiles)
        two = hand([c for c in four if c not in (first, other)], tiles)
        out.append(Setting(one, two) if one.key >= two.key else Setting(two, one))
    return out


def improves_both(setting: Setting, four: Sequence[str], tiles: TileSet | None = None) -> Setting | None:
    """Another legal setting of the same four tiles whose high hand and low hand both outrank
    ``setting``'s, or None: what makes a setting "obviously incorrect" (002 rule 42, "both the
    front hand and the back hand can be improved"). Only another pairing can: the same two
    hands the other way round would put the weaker high."""
    for other in pairings(four, tiles):
        if other.high.key > setting.high.key and other.low.key > setting.low.key:
            return other
    return None


@dataclass(frozen=True)
class TileHouseWay:
    """D-263 as data: ``high_at_least`` is the least point value a high hand may hold while
    the House Way looks for the strongest low hand (pairs, Wongs and Gongs count above 9)."""

    name: str
    high_at_least: int

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> TileHouseWay:
        least = int(data["high_at_least"])
        if not 0 <= least <= 10:
            raise ValueError("high_at_least is a point value 0-9, or 10 for pairs, Wongs and Gongs only")
        return cls(str(data["name"]), least)

    def strong_enough(self, high: Hand) -> bool:
        return high.category > POINTS or high.key[1] >= self.high_at_least


@dataclass(frozen=True)
class HouseWaySetting:
    setting: Setting
    row: str  # which step of D-263 chose it, in words


def house_way(four: Sequence[str], way: TileHouseWay, tiles: TileSet | None = None) -> HouseWaySetting:
    """D-263: of the three pairings, the strongest low hand among those whose high hand holds
    at least ``high_at_least`` points, then the stronger high hand (steps 2, 4); if no high
    hand is that strong, the strongest high hand, then the stronger low hand (steps 3, 4)."""
    options = pairings(four, tiles)
    strong = [s for s in options if way.strong_enough(s.high)]
    if strong:
        best = max(strong, key=lambda s: (s.low.key, s.high.key))
        return HouseWaySetting(best, f"the strongest low hand with a high hand of {way.high_at_least} or better")
    best = max(options, key=lambda s: (s.high.key, s.low.key))
    return HouseWaySetting(best, f"no high hand of {way.high_at_least} or better: the strongest high hand")


@dataclass(frozen=True)
class Versus:
    high: Half
    low: Half

    @property
    def result(self) -> Literal["win", "push", "lose"]:
        """Both halves win: the bet wins; one wins: push; neither: it loses (rules 3, 14)."""
        wins = (self.high == "win") + (self.low == "win")
        return "win" if wins == 2 else "push" if wins == 1 else "lose"


def versus(mine: Setting, bank: Setting) -> Versus:
    return Versus(half(mine.high, bank.high), half(mine.low, bank.low))


def all_four_tile_sets(tiles: TileSet | None = None) -> list[tuple[str, ...]]:
    """Every set of four tiles (35,960 of them)."""
    return list(combinations((tiles or tile_set()).codes, 4))
