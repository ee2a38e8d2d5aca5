"""The house's take in the poker room, read from ``rules/poker/house-take.toml``.

Two kinds of take: the rake of the c000 and c004 rooms (a share of the pot, D-412) and the
flat collections of the California rooms (001 Appendix B, 002 Appendix B, 003 Appendix A):
by players, by pot size, by time or by button (D-514). A table runs one schedule, and for a
collection one option of it, written ``"<schedule>:<option>"``.

`before_deal` gives the fees taken from players' chips before the cards (button and time
collections); `from_pot` what leaves the pot when the hand ends (rake, per-hand collections,
the jackpot fee or drop). `bad_beat` decides the Bad Beat Jackpot (D-421) and splits it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from webgame.engine.hands.high import rank_high, rank_omaha
from webgame.engine.hands.ids import card_ids
from webgame.games.poker.room import HandPlan

TAKE_FILE = Path(__file__).resolve().parents[2] / "rules" / "poker" / "house-take.toml"

JACKPOT = "jackpot:bad-beat"
# the trigger of the 001 Type 2 and Type 5 collections: "not $9 at the time of the flop" (s.3285)
AT_9 = 900
# the second jackpot fee of 002: "@ $20 Pot" (D-422)
AT_20 = 2000

SCHEDULES: list[str] = [
    "rake-000", "rake-004",
    "lucky-derby-holdem", "lucky-derby-holdem-nl", "lucky-derby-omaha", "lucky-derby-omaha-hi-lo",
    "lucky-derby-double-board-omaha", "lucky-derby-big-o", "lucky-derby-pineapple",
    "lucky-chances-holdem-limit", "lucky-chances-holdem-kill", "lucky-chances-holdem-spread",
    "lucky-chances-holdem-nl", "lucky-chances-holdem-nl-timed", "lucky-chances-omaha-hi-lo-limit",
    "lucky-chances-omaha-hi-lo-pot-limit", "lucky-chances-omaha-hi-lo-pot-limit-timed",
    "crystal-park-holdem-limit", "crystal-park-holdem-nl", "crystal-park-omaha", "crystal-park-big-o",
    "lucky-derby-stud", "lucky-chances-stud", "crystal-park-stud", "crystal-park-razz", "crystal-park-mexican", "crystal-park-mexican-draw",
]

METHODS = ("players-after-flop", "players-at-9", "pot-size", "time-after", "time-advance", "button",
           "players-after-ante")


@dataclass(frozen=True)
class Row:
    """One printed row: a band of players (or of the pot, in cents) and its fee."""

    min: int
    max: int | None               # None: open ("7+", "$9+")
    fee: int
    modified: int = 0             # the Modified Fee (A) when the pot never reaches $9
    jackpot: tuple[int, int] = (0, 0)   # (initial, more once the pot reaches $20), D-422
    line: int = 0                 # the seed line it is printed on
    option: int = 0               # 002: the printed option number of this row

    def holds(self, n: int) -> bool:
        return self.min <= n and (self.max is None or n <= self.max)


@dataclass(frozen=True)
class Option:
    key: str
    method: str
    rows: tuple[Row, ...]
    minutes: int = 0
    qualifying_pot: int = 0       # 001 Type 5: Modified Fee B once the pot reaches this
    modified_b: int = 0
    structures: tuple[str, ...] = ()
    limits: tuple[str, ...] = ()
    blinds: tuple[int, ...] = ()
    game: tuple[int, ...] = ()    # 002: the posted game's bets ("3-6 limit": 300, 600)
    buy_in_from: int = 0
    cite: str = ""
    note: str = ""

    def row(self, n: int) -> Row | None:
        return next((r for r in self.rows if r.holds(n)), None)


@dataclass(frozen=True)
class Schedule:
    name: str
    kind: str                     # "rake" or "collection"
    percent: int = 0
    cap: int = 0
    max_percent: int = 10
    options: Mapping[str, Option] = field(default_factory=dict)
    default: str = ""
    game: str = ""
    cite: str = ""


@dataclass(frozen=True)
class Jackpot:
    seed: int
    drop: int
    drop_max: int
    min_dealt: int
    qualifier: tuple[str, ...]
    loser_percent: int
    winner_percent: int
    games: tuple[str, ...]


def _row(data: Mapping[str, Any]) -> Row:
    jp = data.get("jackpot", [0, 0])
    return Row(int(data["min"]), int(data["max"]) if "max" in data else None, int(data["fee"]),
               int(data.get("modified", 0)), (int(jp[0]), int(jp[1])), int(data.get("line", 0)),
               int(data.get("option", 0)))


def _option(key: str, table: Mapping[str, Any], data: Mapping[str, Any]) -> Option:
    method = str(data.get("method", table.get("method", "")))
    if method not in METHODS:
        raise ValueError(f"Unknown collection method {method!r} in option {key}")
    return Option(key, method, tuple(_row(r) for r in data["rows"]),
                  minutes=int(data.get("minutes", table.get("minutes", 0))),
                  qualifying_pot=int(data.get("qualifying-pot", 0)),
                  modified_b=int(data.get("modified-b", 0)),
                  structures=tuple(data.get("structures", table.get("structures", ()))),
                  limits=tuple(data.get("limits", ())), blinds=tuple(data.get("blinds", ())),
                  game=tuple(int(b) for b in data.get("limit", ())),
                  buy_in_from=int(data.get("buy-in-from", 0)),
                  cite=str(data.get("cite", "")), note=str(data.get("note", "")))


@cache
def _data() -> dict[str, Any]:
    with open(TAKE_FILE, "rb") as fh:
        return tomllib.load(fh)


@cache
def schedule(name: str) -> Schedule:
    data = _data()
    spec = data["schedules"].get(name)
    if spec is None:
        raise KeyError(f"No house-take schedule {name!r}")
    options: dict[str, Option] = {}
    if spec["kind"] == "collection":
        table = data["tables"][spec["table"]]
        # a schedule may collect by another schedule's printed rows with its own method
        # (Mexican Draw on Mexican Poker's rows, P-325)
        table = {**table, **{k: spec[k] for k in ("method", "structures") if k in spec}}
        options = {str(k): _option(str(k), table, v) for k, v in table["options"].items()}
    out = Schedule(name, str(spec["kind"]), int(spec.get("percent", 0)), int(spec.get("cap", 0)),
                   int(spec.get("max-percent", 10)), options, str(spec.get("default", "")),
                   str(spec.get("game", "")), str(spec.get("cite", "")))
    if out.percent > out.max_percent:
        raise ValueError(f"{name}: a rake of {out.percent}% is over the rulebook's {out.max_percent}%")
    return out


@cache
def jackpot_rules() -> Jackpot:
    j = _data()["jackpot"]["bad-beat"]
    return Jackpot(int(j["seed"]), int(j["drop"]), int(j["drop-max"]), int(j["min-dealt"]),
                   tuple(j["qualifier"]), int(j["loser-percent"]), int(j["winner-percent"]),
                   tuple(j["games"]))


def resolve(spec: str) -> tuple[Schedule, Option | None]:
    """``"lucky-derby-holdem:14"`` → the schedule and its option (the default if none named)."""
    name, _, key = spec.partition(":")
    sched = schedule(name)
    if sched.kind == "rake":
        return sched, None
    key = key or sched.default
    if key not in sched.options:
        raise KeyError(f"{name} has no option {key!r}")
    return sched, sched.options[key]


def option_for_buy_in(name: str, buy_in: int) -> str:
    """c003 No-Limit rows are labelled by buy-in: the row of the highest printed minimum not
    above the table's buy-in (D-516). The result is a schedule spec."""
    sched = schedule(name)
    fits = [o for o in sched.options.values() if o.buy_in_from and o.buy_in_from <= buy_in]
    if not fits:
        raise ValueError(f"No {name} row for a ${buy_in / 100:,.2f} buy-in")
    return f"{name}:{max(fits, key=lambda o: o.buy_in_from).key}"


def option_for_game(name: str, bets: Sequence[int]) -> str:
    """The first option of a 002 schedule printed for this posted game (its small and big
    bet), as a schedule spec; "" when the schedule prints none for it."""
    sched = schedule(name)
    key = next((o.key for o in sched.options.values() if o.game and list(o.game) == list(bets)), "")
    return f"{name}:{key}" if key else ""


def option_for_structure(spec: str, structure: str) -> str:
    """The spec itself when its option is printed for the table's betting structure, else the
    schedule's first option that is (001 Appendix B prints separate limit and no-limit/pot-limit
    options: a Lucky Derby Omaha table switched to limit collects by a limit option, P-306)."""
    sched, option = resolve(spec)
    wanted = "limit" if structure in ("fixed-limit", "spread-limit", "limit") else structure
    if option is None:
        return spec
    if not option.structures or not wanted or wanted in option.structures:
        return f"{sched.name}:{option.key}"
    fits = [o.key for o in sched.options.values() if wanted in o.structures]
    return f"{sched.name}:{fits[0]}" if fits else spec


def option_for_limit(name: str, label: str) -> str:
    """The option whose printed limits name this table's (003: "$4-$8"; Kill tables "w/Kill")."""
    sched = schedule(name)
    want = label.replace(" ", "").lower()
    for option in sched.options.values():
        if any(lim.replace(" ", "").lower() == want for lim in option.limits):
            return f"{name}:{option.key}"
    raise ValueError(f"No {name} option for {label}")


# ---------------------------------------------------------------- at the end of the hand


def rake(sched: Schedule, pot: int, saw_flop: bool) -> int:
    """D-412: a share of the whole pot, truncated to the cent, capped; none without a flop."""
    if not saw_flop:
        return 0
    return min(pot * sched.percent // 100, sched.cap)


def split_take(pots: Sequence[int], amount: int) -> list[int]:
    """D-412: the house's take comes out of the pots in proportion to their size, each share
    truncated to the cent; the cents left over come from the main pot (pots[0])."""
    total = sum(pots)
    if not total:
        return [0] * len(pots)
    shares = [amount * p // total for p in pots]
    shares[0] += amount - sum(shares)
    return shares


def _collection(option: Option, pot: int, dealt: int) -> list[tuple[str, int, str]]:
    if option.method == "pot-size":
        # the pot's bands are printed in whole dollars: a $5.50 pot is in "$1-$5" (P-300)
        row = option.row(pot // 100 * 100)
        return [("fees", row.fee, f"collection, a ${pot / 100:,.2f} pot (s.{row.line})")] if row else []
    row = option.row(dealt)
    if row is None:
        return []
    if option.method == "players-after-flop":
        return [("fees", row.fee, f"collection, {dealt} players (s.{row.line})")]
    if option.method == "players-at-9":
        out = [("fees", row.fee, f"collection, {dealt} players (s.{row.line})") if pot >= AT_9 else
               ("fees", row.modified, f"modified fee, the pot never reached $9 (s.{row.line})")]
        if option.qualifying_pot and pot >= option.qualifying_pot:
            out.append(("fees", option.modified_b,
                        f"modified fee B, the pot reached ${option.qualifying_pot // 100}"))
        return out
    return []   # time and button collections come from chips before the deal; stud's from the antes


def _jackpot_fee(option: Option, pot: int, dealt: int) -> list[tuple[str, int, str]]:
    row = option.row(dealt)
    if row is None:
        return []
    initial, at_20 = row.jackpot
    amount = initial + (at_20 if pot >= AT_20 else 0)
    return [(JACKPOT, amount, f"jackpot fee (s.{row.line}, D-422)")] if amount else []


def from_pot(spec: str, pot: int, saw_flop: bool, dealt: int,
             jackpot: bool = False) -> list[tuple[str, int, str]]:
    """What leaves the pot at the end of the hand: (account, cents, memo), account "rake",
    "fees" or "jackpot:bad-beat". `pot` is every chip put in the hand, `dealt` the number of
    players dealt in (D-514), `jackpot` whether the table runs the Bad Beat Jackpot. Nothing
    is taken from a hand that ends before the flop (D-412, D-514; a bomb pot always sees one,
    D-456), and the take never exceeds the pot."""
    if not saw_flop or pot <= 0:
        return []
    sched, option = resolve(spec)
    out: list[tuple[str, int, str]] = []
    if option is None:
        taken = rake(sched, pot, saw_flop)
        if taken:
            out.append(("rake", taken, f"rake {sched.percent}% capped at ${sched.cap / 100:,.2f} ({sched.cite})"))
        jp = jackpot_rules()
        if jackpot and taken and dealt >= jp.min_dealt:
            out.append((JACKPOT, min(jp.drop, jp.drop_max), "bad-beat jackpot drop (D-421)"))
    else:
        out = _collection(option, pot, dealt)
        if jackpot:
            out += _jackpot_fee(option, pot, dealt)
    return _within(out, pot)


def _within(take: list[tuple[str, int, str]], pot: int) -> list[tuple[str, int, str]]:
    """The house never takes more than the pot holds: later items shrink first."""
    out: list[tuple[str, int, str]] = []
    left = pot
    for account, amount, memo in take:
        amount = min(amount, left)
        if amount > 0:
            out.append((account, amount, memo))
            left -= amount
    return out


def after_ante(spec: str, antes: int, dealt: int) -> list[tuple[str, int, str]]:
    """The stud collection: by the players dealt in, out of the antes in the pot, after the ante
    and before any card is dealt (001 s.3913, 002 s.240, P-332); never more than the antes.
    The jackpot fee, if any, is still taken at the end (its second part needs a $20 pot)."""
    _, option = resolve(spec)
    if option is None or option.method != "players-after-ante":
        return []
    row = option.row(dealt)
    if row is None:
        return []
    return _within([("fees", row.fee, f"collection after the antes, {dealt} players (s.{row.line})")], antes)


# ---------------------------------------------------------------- before the deal


def before_deal(spec: str, plan: HandPlan, stacks: Mapping[int, int], now_seconds: int,
                paid: dict[int, int]) -> list[tuple[int, int, str]]:
    """Fees from players' chips before the cards: (seat, cents, memo).

    Button collection (002): the button player pays the fee for the players dealt in, flop or
    not; with a dead button nobody holds it and nothing is collected (P-301). Time collection:
    each player dealt in whose period has fallen due pays; `paid` maps seat → paid-until
    (seconds; a newcomer's is the time they sat down) and is moved on here: the caller keeps
    it in the room. A player pays at most the chips in front of them."""
    _, option = resolve(spec)
    if option is None:
        return []
    dealt = len(plan.dealt)
    if option.method == "button":
        row = option.row(dealt)
        if row is None or plan.button not in plan.dealt:
            return []
        amount = min(row.fee, stacks.get(plan.button, 0))
        return [(plan.button, amount, f"button collection, {dealt} players (s.{row.line})")] if amount else []
    if option.method not in ("time-after", "time-advance"):
        return []
    period = option.minutes * 60
    out: list[tuple[int, int, str]] = []
    row = option.row(dealt)
    if row is None:
        return []
    for seat in plan.dealt:
        since = paid.setdefault(seat, now_seconds)
        if option.method == "time-after":
            # 001 Type 4: due `minutes` after the player sat down and every `minutes` after
            if now_seconds < since + period:
                continue
            paid[seat] = since + period if now_seconds < since + 2 * period else now_seconds
        else:
            # 002: each period is paid at its start; a player back from a break starts anew
            if now_seconds < since:
                continue
            paid[seat] = since + period if now_seconds < since + period else now_seconds + period
        amount = min(row.fee, stacks.get(seat, 0))
        if amount:
            out.append((seat, amount, f"time collection, {option.minutes} minutes (s.{row.line})"))
    return out


# ---------------------------------------------------------------- the Bad Beat Jackpot


@dataclass(frozen=True)
class BadBeat:
    qualifies: bool
    reason: str
    losers: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    shares: Mapping[int, int] = field(default_factory=dict)   # seat -> cents
    paid: int = 0
    left: int = 0                 # stays in the meter (no one eligible for the table share)
    reset_to: int = 0             # the meter after the award: the seed plus what stayed


def both_hole_cards_play(hole: Sequence[str], board: Sequence[str]) -> bool:
    """000 s.911: the hand's best five cards can be made with both hole cards. A hole-card
    kicker plays only if it beats the board card it would replace, so this is also "kickers
    must beat the board" (D-421)."""
    h, b = card_ids(hole), card_ids(board)
    return rank_omaha(h, b, (2,)) == rank_high(h + b)


def _split(amount: int, seats: Sequence[int], button: int, max_seats: int) -> dict[int, int]:
    """Equal whole-cent shares; odd cents one each clockwise from the button (D-021, D-408)."""
    order = sorted(seats, key=lambda s: (s - button - 1) % max_seats)
    each, odd = divmod(amount, len(order))
    return {seat: each + (1 if i < odd else 0) for i, seat in enumerate(order)}


def bad_beat(fund: int, board: Sequence[str], shown: Mapping[int, Sequence[str]], dealt: Sequence[int],
             seated: Sequence[int], missed_blind: Collection[int], button: int,
             game: str = "texas-holdem", max_seats: int = 10) -> BadBeat:
    """Does the hand hit the Bad Beat Jackpot, and who gets what (000 §18, D-421)?

    `shown` are the hole cards of the hands at showdown, `dealt` the seats dealt in, `seated`
    everyone seated when the hand was dealt, `missed_blind` the seats carrying a missed-blind
    button. The second-best hand must be aces full of jacks or better and lose to the best,
    and both hole cards must play in every hand of those two ranks (tied hands share)."""
    jp = jackpot_rules()
    if game not in jp.games:
        return BadBeat(False, "The Bad Beat Jackpot is Texas Hold'em only (000 s.908)")
    if len(dealt) < jp.min_dealt:
        return BadBeat(False, f"Fewer than {jp.min_dealt} players dealt in (000 s.916)")
    b = card_ids(board)
    values = {seat: rank_high(card_ids(cards) + b) for seat, cards in shown.items()}
    ranks = sorted(set(values.values()), reverse=True)
    if len(ranks) < 2:
        return BadBeat(False, "No losing hand at showdown")
    top, second = ranks[0], ranks[1]
    if second < rank_high(card_ids(jp.qualifier)):
        return BadBeat(False, "The losing hand is below aces full of jacks")
    winners = tuple(s for s in shown if values[s] == top)
    losers = tuple(s for s in shown if values[s] == second)
    if not all(both_hole_cards_play(shown[s], board) for s in winners + losers):
        return BadBeat(False, "Both hole cards must play in both hands (000 s.911)")
    to_loser = fund * jp.loser_percent // 100
    to_winner = fund * jp.winner_percent // 100
    shares: dict[int, int] = {}
    for seats, amount in ((losers, to_loser), (winners, to_winner)):
        for seat, cents in _split(amount, seats, button, max_seats).items():
            shares[seat] = shares.get(seat, 0) + cents
    table = fund - to_loser - to_winner
    others = [s for s in seated if s not in winners + losers and s not in missed_blind]
    left = 0
    if others:
        for seat, cents in _split(table, others, button, max_seats).items():
            shares[seat] = shares.get(seat, 0) + cents
    else:
        left = table
    return BadBeat(True, "", losers, winners, shares, sum(shares.values()), left, jp.seed + left)
