"""Everything a felt needs, for one viewer: the web layer renders it and never calls the
engine itself. The round is decoded once: a request that has just worked on it passes its
:class:`~webgame.services.rounds.RoundWork` and nothing is read or decoded again."""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableSequence, Sequence
from dataclasses import replace
from typing import Any, NamedTuple, TypeVar

import sqlalchemy as sa

from ..engine.money import fmt
from ..engine.paytable import limit_label
from ..extensions import db
from ..games import registry
from ..models import Account, Player, Round, Table, utcnow
from . import recall
from .books import account_id
from .rounds import PlayError, RoundWork, current_round, next_round_rules, table_carry

T = TypeVar("T")
CHIP_DENOMINATIONS = [100, 500, 2500, 10000, 50000, 100000]


class _Unshuffled:
    """The randomness of a scratch round that only lists betting spots: it moves nothing, so
    listing them costs no shuffle of the shoe."""

    def randbelow(self, n: int) -> int:
        return 0

    def shuffle(self, items: MutableSequence[T]) -> None:
        return None

    def choice(self, items: Sequence[T]) -> T:
        return items[0]


def denominations(limits: Mapping[str, Mapping[str, int]]) -> list[int]:
    """The chip rail: the house's chips, and any wager's minimum they cannot make exactly (a
    $10 table, as a fee schedule may post, P-034), so one chip can always open that wager.
    The player-dealer's stake is typed, not chipped."""
    mins = {int(lim["min"]) for name, lim in limits.items() if name != "bank"}
    return sorted(set(CHIP_DENOMINATIONS) | {m for m in mins if m >= 100})


def table_limits(table: Table, rnd: Round | None) -> Mapping[str, Mapping[str, int]]:
    """The limits of the round on the table, or of the next one."""
    if rnd is not None and rnd.status == "open":
        return dict(rnd.rules.get("limits", {}))
    try:
        return dict(next_round_rules(table).get("limits", {}))
    except PlayError:
        return {}


NEXT_LEGAL_SIZE = 256
_next_legal: dict[tuple[str, str, str, str, int], tuple[Any, ...]] = {}


def next_round_legal(table: Table, seat: int) -> list[Any]:
    """What a seat may do at the start of the next round, before that round exists: a scratch
    round on a throwaway copy of the shoe lists the betting spots and their limits.

    The scratch round is a pure function of the game, the rules, the carry and the seat (no
    owner is told, nothing is shuffled), so its answer is kept per those, by ``repr``: every
    answer between two rounds, and every table with the same rules and carry, lists the same
    spots without dealing a scratch round again (a blackjack shoe's costs more than the page)."""
    game = registry.engine(table.game, table.variant)
    try:
        rules = next_round_rules(table)
    except PlayError:
        return []
    carry = table_carry(table)
    key = (table.game, table.variant, repr(rules), repr(carry), seat)
    found = _next_legal.get(key)
    if found is None:
        state = game.new_round(rules, _Unshuffled(), carry)
        found = tuple(game.legal_actions(state, seat))  # Legal is frozen: shared safely
        if len(_next_legal) >= NEXT_LEGAL_SIZE:
            _next_legal.clear()  # bounded: the live tables' entries come back at once
        _next_legal[key] = found
    return list(found)


def table_view(table: Table, viewer: Player | None, *, work: RoundWork | None = None,
               held: Mapping[str, int] | None = None, error: str = "", notice: str = "") -> dict[str, Any]:
    """``work``: the round the request has just worked on (nothing is read or decoded again);
    ``held``: the viewer's chips and wallet as the action's first statement read them
    (``rounds.load_table``): with the balances the action's own write returned, they are the
    balances now, so nothing is read for them either."""
    game = registry.engine(table.game, table.variant)
    rules = registry.rules(table.game)
    variant = rules.variants[table.variant]
    rnd: Round | None
    if work is not None:
        rnd, state = work.rnd, work.state
    else:
        rnd = current_round(table)
        state = game.load(rnd.state) if rnd is not None else None
    my_seats = [s.number for s in table.seats if viewer is not None and s.player_id == viewer.id]
    view = game.view(state, my_seats[0] if my_seats else None) if state is not None else None
    round_open = rnd is not None and rnd.status == "open"
    legal: dict[int, list[Any]] = {}
    for n in my_seats:
        legal[n] = list(game.legal_actions(state, n)) if round_open else next_round_legal(table, n)
    chips = wallet_balance = 0
    if viewer is not None:
        chips_id = account_id("chips", player_id=viewer.id, table_id=table.id, name="Table chips")
        if work is not None and held:
            chips = int(work.books.balances.get(chips_id, held["chips"]))
            wallet_balance = int(held["wallet"])
        else:
            wallet_id = account_id("wallet", player_id=viewer.id, name="Wallet")
            read = dict(db.session.execute(sa.select(Account.id, Account.balance)
                                           .where(Account.id.in_([chips_id, wallet_id]))).all())
            chips, wallet_balance = int(read.get(chips_id, 0)), int(read.get(wallet_id, 0))
    if game.player_banked:
        # The bank has no maximum (D-471): the form offers up to the chips the player has.
        room = chips - game.bank_reserve(state.rules) if state is not None else chips  # P-038
        legal = {n: [replace(a, max=max(min(a.max, room), a.min)) if a.kind == "bank" else a for a in acts]
                 for n, acts in legal.items()}
    last: list[Any] = []
    if rnd is not None and rnd.status == "over":
        known = work.settlement_rows() if work is not None else None
        last = known if known is not None else recall.settlements(rnd)
    mine = [s for s in last if s.player_id == (viewer.id if viewer else None)]
    if view is not None and rnd is not None and reveal_draw(view, rnd):
        # The result waits for the last ball, and so does the chip count it would give away.
        chips -= sum(int(s.returned) for s in mine)
        mine = []
    draw_at = next_draw_time(table, game, rnd) if rules.family == "draw" else None
    return {
        "outcome": round_outcome(mine, variant, rnd.rules if rnd is not None else None),
        "table": table, "game": rules, "variant": variant, "round": rnd, "view": view,
        "my_seats": my_seats, "legal": legal, "chips": chips, "wallet": wallet_balance,
        "denominations": denominations(table_limits(table, rnd)), "error": error, "notice": notice,
        "last_settlements": mine,
        "player": viewer, "round_over": not round_open,
        "now_iso": utcnow().isoformat() + "Z",
        "draw_at": draw_at,
    }


def next_draw_time(table: Table, game: Any, rnd: Round | None) -> Any:
    """When a draw game's next draw runs (keno, D-397): the open round's deadline, or the
    next time on the table's schedule, where the next ticket's round will close."""
    from .clocks import next_draw

    if rnd is not None and rnd.status == "open" and rnd.deadline_kind == "draw":
        return rnd.deadline
    try:
        rules = next_round_rules(table)
    except PlayError:
        return None
    every = game.draw_every(game.new_round(rules, _Unshuffled(), None))
    return next_draw(utcnow(), every) if every else None


class BallsOut(NamedTuple):
    balls: list[int]  # out so far, in the order drawn
    reveal_ms: int  # the next one lights this long after the last


def balls_out(table: Table) -> BallsOut | None:
    """The balls a draw game's board shows now while its draw is revealed (keno, bingo), or
    None when no draw is being revealed: the page's reveal asks for these every ``reveal_ms``
    and lights the board itself, and on None fetches the whole play area once (P-448). The
    same for every viewer: only the balls out so far, as :func:`reveal_draw` times them, never
    a ball before its time, a ticket, a card or a result."""
    rnd = current_round(table)
    if rnd is None:
        return None
    game = registry.engine(table.game, table.variant)
    view = game.view(game.load(rnd.state), None)
    if not reveal_draw(view, rnd):
        return None
    return BallsOut([int(b) for b in view["balls"]], int(view["reveal_ms"]))


def reveal_draw(view: dict[str, Any], rnd: Round) -> bool:
    """A draw game's balls as the board shows them now (keno): the server drew all of them at
    once when the draw's time came, and the page lights one every ``reveal_ms``, so a ball is
    never sent before its time and nobody's result before the last ball. True while revealing."""
    if "reveal_ms" not in view:
        return False
    # Balls called before the game (Bingo Bonanza's pre-draw, 000 s.240) show at once.
    first = int(view.get("pre_drawn", 0))
    total_ms = int(view["reveal_ms"]) * (int(view.get("drawn_count", 20)) - first)
    if rnd.status == "open" and view.get("history") and rnd.started_at is not None and \
            (utcnow() - rnd.started_at).total_seconds() * 1000 < total_ms:
        # A round opened during the last draw's reveal: that draw shows once its time is up.
        view["history"] = view["history"][:-1]
    if not view.get("balls") or rnd.ended_at is None:
        return False
    elapsed_ms = int((utcnow() - rnd.ended_at).total_seconds() * 1000)
    shown = min(len(view["balls"]), first + max(1, elapsed_ms // max(int(view["reveal_ms"]), 1) + 1))
    revealing = shown < len(view["balls"])
    view["balls"] = view["balls"][:shown]
    view["revealing"] = revealing
    if revealing:
        view["results"], view["awards"] = [], []
        # Bingo's winners and the prize wheel's spin (D-389) are the game's result too: sent
        # once the last ball is shown, never before.
        for key, nothing in (("winners", []), ("won_prize", ""), ("wheel", None)):
            if key in view:
                view[key] = nothing
    return revealing


# A rulebook reference in a settlement's detail: "(D-267)", "(000 s.1047)", "(004 s.1714-1719,
# D-334)", "seed lines 929-1002". They stay in the recall's detail and the rules panel.
_REF = r"(?:D-\d+|P-\d+|\d{3} s\.\s?\d+(?:-\d+)?|s\.\s?\d+(?:-\d+)?|seed lines? \d+(?:-\d+)?|lines? \d+-\d+)"
_CITATION = re.compile(r"\s*\((?:[^()]*?" + _REF + r")[^()]*\)|[;,]?\s*\b" + _REF + r"(?:\s*[,;]\s*" + _REF + r")*")


def plain_detail(detail: str) -> str:
    """A settlement's words without the rulebook references the recall keeps."""
    text = _CITATION.sub("", detail or "").strip()
    return re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s{2,}", " ", text)).strip(" ;,")


def wager_name(bet: str, variant: Any, rules: dict[str, Any] | None = None) -> str:
    """The words for a settled bet key, from the rules data: the layout's labels (craps,
    roulette, Big Six), the limits' labels, the paytables' names; a split hand is "hand 2",
    the odds behind a line bet "Pass Line odds"."""
    rules = rules or {}
    labels = dict(getattr(variant, "rules", {}).get("labels", {}) or {})
    labels.update(rules.get("labels") or {})
    names: dict[str, str] = {k: lim.label for k, lim in getattr(variant, "limits", {}).items() if lim.label}
    for slug, pt in (rules.get("paytables") or {}).items():
        if isinstance(pt, dict) and pt.get("name"):
            names.setdefault(slug, str(pt["name"]))
    for slug, pt in getattr(variant, "paytables", {}).items():
        names.setdefault(slug, getattr(pt, "name", "") or slug)

    def one(key: str, arg: str = "") -> str:
        if key in labels:
            text = str(labels[key])
            a, _, b = arg.partition("-")
            return text.replace("{n}", arg).replace("{numbers}", arg).replace("{a}", a).replace("{b}", b)
        if key in names and not arg:
            return names[key]
        for slug, name in names.items():
            if not arg and slug.endswith("-" + key):
                return name
        return limit_label(key + ((" " + arg) if arg else ""))

    head, *rest = bet.split("/")
    if ":" in head:                               # roulette: "straight:17", "split:1-2"
        key, _, arg = head.partition(":")
        return one(key, arg)
    if head in labels and rest and not rest[0].isalpha():   # craps: "place/6", "hop/1-2"
        name, rest = one(head, rest[0]), rest[1:]
    else:
        name = one(head)
    for part in rest:
        if part.isdigit():                        # a split hand
            name = f"hand {part}"
        elif part == "odds":
            name = f"{name} {one('odds').lower()}" if "odds" in labels else f"{name} odds"
        elif part == "vig":
            name = f"vig on {name}"
        else:
            name = f"{name}, {part.replace('-', ' ')}"
    return name[:1].upper() + name[1:]


def round_outcome(rows: list[Any], variant: Any, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """A viewer's settled round in a player's words: per bet (by seat and key) what it paid,
    and one headline with the net for the round ("You win $5 — Main bet +$10, 21+3 Xtreme −$5")."""
    spots: dict[tuple[int, str], dict[str, Any]] = {}
    lines = []
    for s in rows:
        net = int(s.returned) - int(s.stake)
        word = (("+" + fmt(net)) if net > 0 else ("−" + fmt(-net)) if net < 0
                else ("void" if s.result == "void" else "no action" if s.result == "no-action" else "push"))
        line = {"seat": s.seat, "bet": s.bet, "label": wager_name(s.bet, variant, rules), "net": net,
                "word": word, "result": s.result, "detail": plain_detail(s.detail or ""),
                "stake": int(s.stake), "returned": int(s.returned)}
        lines.append(line)
        spots[(s.seat, s.bet)] = line
    if not lines:
        return {"headline": "", "net": 0, "lines": [], "spots": {}, "tone": ""}
    net = sum(line["net"] for line in lines)
    lead = (f"You win {fmt(net)}" if net > 0 else f"You lose {fmt(-net)}" if net < 0
            else "You break even" if any(line["net"] for line in lines) else "Your bets push")
    parts = ", ".join(f"{line['label']} {line['word']}" for line in lines)
    headline = f"{lead} — {parts}"
    return {"headline": headline, "net": net, "lines": lines, "spots": spots,
            "tone": "win" if net > 0 else "lose" if net < 0 else "push"}
