"""A bingo game's calls and prizes, as pure functions (seed 000 §1-§5, D-383 … D-392).

The balls are called one at a time from the round's RNG; after every ball every card is
checked, and the game closes on the first ball that completes a card's pattern (000 s.211-212,
D-384: the server claims for every card, so nobody misses a bingo and no sleeper wins later).
Every card completed by that ball wins; a prize shared is split equally, the odd cents one
each in ascending card serial order (000 s.213, D-385 by D-021).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine.money import Cents
from ...engine.rng import Rng
from ..keno.tickets import split_award
from .cards import Card, Shape, completed_shapes, matches, one_colour_line, pattern


@dataclass(frozen=True)
class Entry:
    """One card in a game: its serial (the split's order), its squares (or, for Pick Your
    Own, its numbers), and the Planet Bingo add-on with the card's colours (D-386, D-387)."""

    serial: int
    card: Card
    planet: bool = False
    colours: tuple[int, ...] = ()


@dataclass(frozen=True)
class Award:
    serial: int
    prize: str  # the pattern's name, "jackpot", "consolation", "planet-bingo" or "wheel"
    amount: Cents


@dataclass
class Outcome:
    calls: list[int]  # every ball called, in order (Bingo Bonanza: the pre-drawn 45 first)
    winners: list[int]  # the winning cards' serials, ascending
    prize: str  # what the winners share: the pattern, "jackpot" or "consolation"
    posted: Cents  # the prize the winners share
    awards: list[Award] = field(default_factory=list)
    wheel_segment: int | None = None  # D-389: the one spin's segment
    planet_paid: Cents = 0  # the progressive's award (from the meter)
    planet_meter: Cents = 0  # the meter after this game (contributions in, award out, reset)


def draw_balls(rng: Rng, balls: int, already: Sequence[int] = ()) -> list[int]:
    """The balls still in the blower, in the order the RNG calls them (000 s.207)."""
    pool = [b for b in range(1, balls + 1) if b not in set(already)]
    order = []
    while pool:
        order.append(pool.pop(rng.randbelow(len(pool))))
    return order


def pre_draw(rng: Rng, rules: Mapping[str, Any]) -> list[int]:
    """Bingo Bonanza's 45 balls, drawn before the sheets are sold (000 s.240, D-392): the
    round's RNG is committed before sales, so they are proven like every call."""
    return draw_balls(rng, int(rules["balls"]))[: int(rules["pre_drawn"])]


def first_bingo(entries: Sequence[Entry], shapes: Sequence[Shape], order: Sequence[int]) -> tuple[list[int], list[int]]:
    """Calls ``order`` one ball at a time, every card checked after every ball, until the last
    ball called completes some card's pattern: (the calls, the winning serials)."""
    called: list[int] = []
    for ball in order:
        called.append(ball)
        won = sorted(e.serial for e in entries if completed_shapes(e.card, shapes, called))
        if won:
            return called, won
    return called, []


def first_to_match(entries: Sequence[Entry], need: int, order: Sequence[int]) -> tuple[list[int], list[int]]:
    """Pick Your Own (000 s.235-236, D-390): the first ball on which a card reaches ``need``
    matches; every card reaching it on that ball shares."""
    called: list[int] = []
    for ball in order:
        called.append(ball)
        won = sorted(e.serial for e in entries if ball in e.card and matches(e.card, called) == need)
        if won:
            return called, won
    return called, []


def share(prize: str, amount: Cents, serials: Sequence[int]) -> list[Award]:
    """D-385: equal whole-cent shares, the odd cents in ascending card serial order."""
    ordered = sorted(serials)
    return [Award(s, prize, a) for s, a in zip(ordered, split_award(amount, len(ordered)), strict=True)]


def pattern_prize(rules: Mapping[str, Any], name: str) -> Cents:
    """D-383: the posted prize at $1 cards, scaled linearly with the card price."""
    return int(rules["prizes"][name]) * int(rules["card_price"]) // 100


def wheel_spins(rules: Mapping[str, Any], name: str) -> bool:
    """D-389: which games add a spin (by default, blackout games)."""
    mode = str(rules.get("wheel", "none"))
    return mode == "every" or (mode == "blackout" and name == "blackout")


def planet_contribution(rules: Mapping[str, Any], entries: Sequence[Entry]) -> Cents:
    """D-387: 100% of the add-on sales of this game go to the meter."""
    return int(rules["planet"]["add_on"]) * sum(1 for e in entries if e.planet)


def play_game(rules: Mapping[str, Any], entries: Sequence[Entry], rng: Rng, meter: Cents = 0,
              pre_drawn: Sequence[int] = ()) -> Outcome:
    """One game from the first call to the close, with every prize it pays.

    ``rules["kind"]``: "pattern" (000 §1, with §2's progressive and §3's wheel where the
    operator has them), "pick" (§4) or "bonanza" (§5, its ``pre_drawn`` balls called first).
    ``meter`` is the Planet Bingo meter before this game's add-ons."""
    kind = str(rules["kind"])
    if kind == "pick":
        order = draw_balls(rng, int(rules["balls"]))
        calls, won = first_to_match(entries, int(rules["match"]), order)
        name = "jackpot" if len(calls) <= int(rules["within"]) else "consolation"
        amount = int(rules[name])
        return Outcome(calls, won, name, amount, share(name, amount, won) if won else [], planet_meter=meter)
    if kind == "bonanza":
        shapes = pattern(rules, str(rules["pattern"]))
        order = list(pre_drawn) + draw_balls(rng, int(rules["balls"]), pre_drawn)
        calls, won = first_bingo(entries, shapes, order)
        name = "jackpot" if len(calls) <= int(rules["designated"]) else "consolation"
        amount = int(rules[name])
        return Outcome(calls, won, name, amount, share(name, amount, won) if won else [], planet_meter=meter)
    name = str(rules["pattern"])
    shapes = pattern(rules, name)
    calls, won = first_bingo(entries, shapes, draw_balls(rng, int(rules["balls"])))
    amount = pattern_prize(rules, name)
    out = Outcome(calls, won, name, amount, share(name, amount, won) if won else [])
    if won and wheel_spins(rules, name):
        segments = [int(s) for s in rules["wheel_segments"]]
        out.wheel_segment = rng.randbelow(len(segments))  # one spin per game (D-389)
        out.awards += share("wheel", segments[out.wheel_segment], won)
    out.planet_meter = meter
    if rules.get("planet_on"):
        out.planet_meter = meter + planet_contribution(rules, entries)
        by_serial = {e.serial: e for e in entries}
        qualifying = [s for s in won if by_serial[s].planet and one_colour_line(
            by_serial[s].colours, completed_shapes(by_serial[s].card, shapes, calls))]
        if qualifying:
            out.planet_paid = out.planet_meter
            out.awards += share("planet-bingo", out.planet_paid, qualifying)
            out.planet_meter = int(rules["planet"]["seed"])  # D-387: reset to the seed
    return out
