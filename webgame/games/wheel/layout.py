"""The roulette layout: which pockets each bet spot covers, and which spots exist.

Spot keys (``Action.spot``)::

    straight:17  straight:00          one number
    split:17-20  split:0-00           two numbers next to each other on the layout
    street:16-18                      a row of three
    trio:0-1-2  trio:00-2-3           the zero trios of the wheel (000 s.949; D-372)
    corner:17-21                      four numbers meeting at a corner (top-left - bottom-right)
    first-four                        0-1-2-3, single-zero wheel (D-372)
    five                              0-00-1-2-3, double-zero wheel (000 s.959; D-370)
    line:13-18                        two rows: six numbers
    column:2  dozen:3  red  black  odd  even  low  high
    back-to-back:17                   the Back-to-Back side bet (seed 004 s.261-268; D-376)

The layout has twelve rows of three: row r holds 3r+1, 3r+2, 3r+3; column 1 holds
1, 4, … 34. 0 and 00 lose every outside bet (D-369; 004 s.290-291).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

INSIDE = ("straight", "split", "street", "trio", "corner", "first-four", "five", "line")
OUTSIDE = ("column", "dozen", "red", "black", "odd", "even", "low", "high")
PAY_LINE: dict[str, str] = {
    "straight": "straight", "split": "split", "street": "three", "trio": "three",
    "corner": "four", "first-four": "four", "five": "five", "line": "six",
    **{k: k for k in OUTSIDE},
}
ZEROS = ("0", "00")


def pocket_order(pocket: str) -> tuple[int, int]:
    """Layout order: 0, 00, then 1-36."""
    return (0, ZEROS.index(pocket)) if pocket in ZEROS else (1, int(pocket))


@dataclass(frozen=True)
class RouletteSpot:
    kind: str
    numbers: tuple[str, ...]  # the pockets the bet covers, in layout order
    n: int = 0  # the column or dozen

    @property
    def key(self) -> str:
        if self.kind in ("column", "dozen"):
            return f"{self.kind}:{self.n}"
        if self.kind in ("first-four", "five", "red", "black", "odd", "even", "low", "high"):
            return self.kind
        if self.kind in ("street", "corner", "line"):
            return f"{self.kind}:{self.numbers[0]}-{self.numbers[-1]}"
        return f"{self.kind}:{'-'.join(self.numbers)}"

    @property
    def inside(self) -> bool:
        return self.kind in INSIDE

    def covers(self, pocket: str) -> bool:
        return pocket in self.numbers


def _num(text: str) -> int:
    if not text.isdigit():
        raise ValueError(f"{text!r} is not a number on the layout.")
    return int(text)


def _row(n: int) -> int:
    return (n - 1) // 3


def _adjacent(a: int, b: int) -> bool:
    lo, hi = sorted((a, b))
    return hi - lo == 3 or (hi - lo == 1 and _row(lo) == _row(hi))


def parse_spot(text: str, rules: Mapping[str, Any]) -> RouletteSpot:
    """Read and validate a spot on this table's layout; ValueError says what is wrong."""
    pockets = set(rules["wheels"][rules["wheel"]])
    red = {str(n) for n in rules["red"]}
    numbers = [str(n) for n in range(1, 37)]
    kind, _, rest = text.strip().lower().partition(":")
    offered = set(rules.get("bets", []))
    if kind == "back-to-back":
        if "back-to-back" not in rules.get("side_bets", []):
            raise ValueError("Back-to-Back is not offered at this table.")
        if rest not in pockets:
            raise ValueError("Back-to-Back names one number on the wheel.")
        return RouletteSpot(kind, (rest,))
    if kind not in offered:
        raise ValueError("There is no such bet on this layout.")
    parts = rest.split("-") if rest else []
    if kind == "straight":
        if rest not in pockets:
            raise ValueError(f"There is no {rest or 'number'} on this wheel.")
        return RouletteSpot(kind, (rest,))
    if kind == "split":
        if len(parts) != 2 or not set(parts) <= pockets or parts[0] == parts[1]:
            raise ValueError("A split names two numbers, like split:17-20.")
        pair = tuple(sorted(parts, key=pocket_order))
        if pair[0] in ZEROS:
            if sorted(pair, key=pocket_order) not in [sorted(z, key=pocket_order) for z in rules["zero_splits"]]:
                raise ValueError(f"{pair[0]} and {pair[1]} are not next to each other on the layout.")
        elif not _adjacent(int(pair[0]), int(pair[1])):
            raise ValueError(f"{pair[0]} and {pair[1]} are not next to each other on the layout.")
        return RouletteSpot(kind, pair)
    if kind == "trio":
        trio = tuple(sorted(parts, key=pocket_order)) if set(parts) <= pockets else ()
        if trio not in [tuple(sorted(t, key=pocket_order)) for t in rules["trios"]]:
            raise ValueError("That is not one of the three-number bets with zero.")
        return RouletteSpot(kind, trio)
    if kind in ("street", "corner", "line"):
        if len(parts) != 2:
            raise ValueError(f"A {kind} bet names its first and last numbers, like {kind}:13-18.")
        a, b = _num(parts[0]), _num(parts[1])
        if kind == "street" and a % 3 == 1 and b == a + 2 and 1 <= a <= 34:
            return RouletteSpot(kind, tuple(str(x) for x in range(a, b + 1)))
        if kind == "line" and a % 3 == 1 and b == a + 5 and 1 <= a <= 31:
            return RouletteSpot(kind, tuple(str(x) for x in range(a, b + 1)))
        if kind == "corner" and a % 3 != 0 and b == a + 4 and 1 <= a <= 32:
            return RouletteSpot(kind, (str(a), str(a + 1), str(a + 3), str(a + 4)))
        raise ValueError(f"{rest} is not a {kind} on the layout.")
    if rest and kind not in ("column", "dozen"):
        raise ValueError("There is no such bet on this layout.")
    if kind == "first-four":
        return RouletteSpot(kind, ("0", "1", "2", "3"))
    if kind == "five":
        return RouletteSpot(kind, ("0", "00", "1", "2", "3"))
    if kind in ("column", "dozen"):
        if rest not in ("1", "2", "3"):
            raise ValueError(f"Choose {kind} 1, 2 or 3.")
        n = int(rest)
        if kind == "column":
            return RouletteSpot(kind, tuple(x for x in numbers if (int(x) - n) % 3 == 0), n)
        return RouletteSpot(kind, tuple(numbers[12 * (n - 1): 12 * n]), n)
    chosen = {
        "red": [x for x in numbers if x in red],
        "black": [x for x in numbers if x not in red],
        "odd": [x for x in numbers if int(x) % 2],
        "even": [x for x in numbers if int(x) % 2 == 0],
        "low": numbers[:18],
        "high": numbers[18:],
    }[kind]
    return RouletteSpot(kind, tuple(chosen))


def all_spots(rules: Mapping[str, Any]) -> list[RouletteSpot]:
    """Every distinct bet on this table's layout, side bet included where offered."""
    offered = set(rules.get("bets", []))
    wheel = sorted(rules["wheels"][rules["wheel"]], key=pocket_order)
    keys: list[str] = []
    if "straight" in offered:
        keys += [f"straight:{p}" for p in wheel]
    if "split" in offered:
        keys += [f"split:{a}-{b}" for a, b in rules["zero_splits"]]
        keys += [f"split:{n}-{n + 1}" for n in range(1, 37) if n % 3]
        keys += [f"split:{n}-{n + 3}" for n in range(1, 34)]
    if "street" in offered:
        keys += [f"street:{n}-{n + 2}" for n in range(1, 35, 3)]
    if "trio" in offered:
        keys += ["trio:" + "-".join(t) for t in rules["trios"]]
    if "corner" in offered:
        keys += [f"corner:{n}-{n + 4}" for n in range(1, 33) if n % 3]
    keys += [k for k in ("first-four", "five") if k in offered]
    if "line" in offered:
        keys += [f"line:{n}-{n + 5}" for n in range(1, 32, 3)]
    keys += [f"{k}:{n}" for k in ("column", "dozen") if k in offered for n in (1, 2, 3)]
    keys += [k for k in ("red", "black", "odd", "even", "low", "high") if k in offered]
    if "back-to-back" in rules.get("side_bets", []):
        keys += [f"back-to-back:{p}" for p in wheel]
    return [parse_spot(k, rules) for k in keys]


_TABLES: dict[int, tuple[Mapping[str, Any], dict[str, RouletteSpot]]] = {}


def spot_table(rules: Mapping[str, Any]) -> dict[str, RouletteSpot]:
    """Every spot of this table by canonical key, built once per rules dict (a round's
    rules never change while it lives)."""
    hit = _TABLES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(_TABLES) > 64:
        _TABLES.clear()
    table = {s.key: s for s in all_spots(rules)}
    _TABLES[id(rules)] = (rules, table)
    return table


def find_spot(text: str, rules: Mapping[str, Any]) -> RouletteSpot:
    """A spot by its canonical key at once, or read and validated from any spelling."""
    return spot_table(rules).get(text) or parse_spot(text, rules)


def colour(pocket: str, rules: Mapping[str, Any]) -> str:
    if pocket in ZEROS:
        return "green"
    return "red" if int(pocket) in rules["red"] else "black"
