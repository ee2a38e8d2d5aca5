"""Keno on the Game protocol: one round is one draw shared by every ticket at the table.

Seed 000 §11 (lines 493-557) with DECISIONS D-393 … D-399; the Chapter 4 edition adds the
progressive meters of seed 004 §30 (lines 1166-1191) as D-400 settles them.

* ``ticket`` (a seat, during ``selling``): a straight ticket, a way ticket or a quick pick for
  this draw and the next ``games - 1`` (000 s.554, D-397). The whole price is staked at once
  (D-396: the receipt's total price): one :class:`Stake` of wager × ways × games.
* ``draw`` (the table, when the draw's time comes: ``timeout_action``): 20 of 80 from the
  round's RNG, all at once (the page shows them one at a time, never before their time), then
  every way of every ticket playing this draw is settled: one :class:`Settlement` per way
  with the way's wager as its stake. Games still to come ride in the carry (``standing``), so
  the layout keeps their money between draws and the next round settles them.
* ``void`` (the table): an incomplete draw (D-399, D-008 item 4): each ticket's ways are
  returned for this draw only; later games still play.
* ``open`` (the table): a round the table opened itself for tickets carried from the last draw.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.draw import DrawGame
from ...engine.money import Cents, fmt
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    IllegalAction,
    Legal,
    MeterMove,
    Note,
    Settlement,
    Stake,
)
from ...engine.rng import Rng
from .tickets import Capped, TicketError, apply_cap, check_numbers, parse, prize, split_award, ways_of

BOT_SPOTS = 6  # a house bot's quick pick (P-412): the spot count the felt offers first


@dataclass
class KenoState:
    rules: dict[str, Any]
    phase: str = "selling"  # "selling" until the draw, then "drawn" or "void"
    draw_no: int = 1  # this table's draws so far, this one included
    # Every ticket playing this draw: serial, seat, kind, numbers, groups, ways (each way's
    # numbers), wager (per way), games, played (games settled before this draw), first (draw).
    tickets: list[dict[str, Any]] = field(default_factory=list)
    balls: list[int] = field(default_factory=list)  # in the order drawn
    serial: int = 0  # the last ticket serial issued at this table
    results: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # seat -> ways settled
    meters: dict[str, int] = field(default_factory=dict)  # progressive meters after this draw
    awards: list[dict[str, Any]] = field(default_factory=list)  # progressive awards of this draw
    kept_by_house: int = 0  # cents the cap's truncation left unpaid (D-398, D-002)
    history: list[list[int]] = field(default_factory=list)  # earlier draws' balls, newest last


def bet_key(ticket: Mapping[str, Any], game: int, way: int) -> str:
    """A way's settlement key, unique per round and seat: "ticket-3/game-2" for a straight
    ticket, "ticket-3/game-2/way-4" for a way ticket (words the recall reads as they are)."""
    key = f"ticket-{ticket['serial']}/game-{game}"
    return key + (f"/way-{way + 1}" if ticket["kind"] == "way" else "")


def ticket_price(ticket: Mapping[str, Any]) -> Cents:
    """One game's price: the wager on each way."""
    return int(ticket["wager"]) * len(ticket["ways"])


def meter_for(rules: Mapping[str, Any], spots: int, wager: Cents) -> str | None:
    """The progressive meter a way plays for (D-400): an 8-, 9- or 10-spot way of exactly the
    qualifying wager, where the operator has that spot count's progressive on."""
    if wager != int(rules.get("progressive_wager", 0)):
        return None
    for name, count in (rules.get("progressive_spots") or {}).items():
        if int(count) == spots and rules.get(f"progressive_{spots}", False):
            return str(name)
    return None


def limit_refusal(rules: Mapping[str, Any], meters: Mapping[str, int]) -> str:
    """004 s.1171: a limit may be imposed on a progressive only if it is greater than the
    amount showing on the meter when it is imposed. "" when the configuration may stand."""
    limit = int(rules.get("progressive_limit", 0) or 0)
    if not limit:
        return ""
    for name, count in (rules.get("progressive_spots") or {}).items():
        if not rules.get(f"progressive_{count}", False):
            continue
        showing = int(meters.get(name, (rules.get("progressive_meters") or {}).get(name, 0)))
        if limit <= showing:
            return (f"The {count}-spot progressive shows {fmt(showing)}: a limit must be greater than "
                    f"the amount showing (004 s.1171).")
    return ""


class KenoGame(DrawGame[KenoState]):
    slug = "keno"
    name = "Keno"
    opening_actions = ("ticket",)
    independent_actions = ("ticket",)  # each player buys their own tickets (P-447)
    window_closes_with = "open"  # the move of a round the table opens itself (carried tickets)
    opens_itself = 20  # seconds after a draw: tickets riding to the next draw open its round (services.clocks)

    state_type = KenoState
    closed_words = "Draw {no} is closed: tickets now play the next draw."

    def number(self, state: KenoState) -> int:
        return state.draw_no

    def can_open(self, carry: Mapping[str, Any] | None, seated: int) -> bool:
        return bool((carry or {}).get("tickets"))

    def config_refusal(self, rules: Mapping[str, Any], meters: Mapping[str, int]) -> str:
        return limit_refusal(rules, meters)

    # -- round life -----------------------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> KenoState:
        carry = carry or {}
        return KenoState(rules=copy.deepcopy(dict(rules)), draw_no=int(carry.get("draws", 0)) + 1,
                         tickets=copy.deepcopy(list(carry.get("tickets", []))),
                         serial=int(carry.get("serial", 0)),
                         history=[list(map(int, b)) for b in carry.get("history", [])])

    def carry(self, state: KenoState) -> dict[str, Any]:
        done = not self.selling(state)
        riding = [t for t in state.tickets if int(t["played"]) < int(t["games"])] if done else state.tickets
        history = state.history + ([list(state.balls)] if state.balls else [])
        return {"draws": state.draw_no if done else state.draw_no - 1, "serial": state.serial,
                "tickets": copy.deepcopy(riding),
                "history": history[-int(state.rules.get("history", 10)):]}

    def standing(self, carry: Mapping[str, Any] | None, seat: int) -> Cents:
        """The games a seat's tickets have paid for and not yet played: their money stays on
        the layout between draws, and the seat's player keeps the seat until they are played."""
        return sum(ticket_price(t) * (int(t["games"]) - int(t["played"]))
                   for t in (carry or {}).get("tickets", []) if int(t["seat"]) == seat)

    # -- what a seat may do ---------------------------------------------------------------------
    def offers(self, state: KenoState, seat: int) -> list[Legal]:
        if seat == SYSTEM_SEAT:
            return [Legal("draw", label="Draw"), Legal("void", label="Void the draw"), Legal("open")]
        way = state.rules["limits"]["way"]
        return [Legal("ticket", "", int(way["min"]), int(state.rules["limits"]["ticket"]["max"]), "Buy a ticket")]

    def holds(self, state: KenoState, seat: int) -> bool:
        return any(int(t["seat"]) == seat for t in state.tickets)

    def bot_purchase(self, state: KenoState, seat: int) -> Action | None:
        """A quick pick of the house's spot count (or the table's most, if fewer) for this draw
        only, at the minimum per way: one way, so the ticket's price is the way's wager and
        never over the ticket's limit (P-412)."""
        rules = state.rules
        spots = min(BOT_SPOTS, int(rules.get("max_spots", 15)))
        wager = int(rules["limits"]["way"]["min"])
        if wager > int(rules["limits"]["ticket"]["max"]):
            return None
        return Action("ticket", seat, f"quick={spots};games=1", wager)

    def sell(self, state: KenoState, action: Action, rng: Rng) -> list[Event]:
        return self._ticket(state, action.seat, action.spot, action.amount, rng)

    def table_move(self, state: KenoState, action: Action, rng: Rng) -> list[Event]:
        if action.kind == "draw":
            balls = list(range(1, int(state.rules["balls"]) + 1))
            rng.shuffle(balls)
            return self.settle_draw(state, balls[: int(state.rules["drawn"])])
        if action.kind == "void":
            return self._void(state)
        if action.kind == "open":
            n = len(state.tickets)
            return [Note(f"Draw {state.draw_no}: {n} ticket{'s' if n != 1 else ''} from earlier draws play it.")]
        raise IllegalAction("That is not a keno move.")

    # -- buying a ticket ------------------------------------------------------------------------
    def _ticket(self, state: KenoState, seat: int, spec: str, wager: Cents, rng: Rng) -> list[Event]:
        rules = state.rules
        balls = int(rules["balls"])
        try:
            play = parse(spec)
            most = int(rules.get("max_spots", 15))
            if not 1 <= play.games <= int(rules.get("max_games", 50)):
                raise TicketError(f"A ticket plays 1 to {rules.get('max_games', 50)} consecutive games.")
            if play.groups:
                if not int(rules["min_groups"]) <= len(play.groups) <= int(rules["max_groups"]):
                    raise TicketError(f"A way ticket marks its numbers in {rules['min_groups']} to "
                                      f"{rules['max_groups']} groups.")
                if any(not g for g in play.groups):
                    raise TicketError("Each group holds at least one number.")
                numbers = [n for g in play.groups for n in g]
                check_numbers(numbers, balls)
                groups = [sorted(g) for g in play.groups]
                ways = ways_of(groups, None if play.all_ways else play.ways, int(rules["max_way_spots"]))
                kind = "way"
            else:
                if play.quick:
                    if not 1 <= play.quick <= most:
                        raise TicketError(f"A quick pick plays 1 to {most} spots.")
                    pool = list(range(1, balls + 1))
                    rng.shuffle(pool)
                    numbers = sorted(pool[: play.quick])
                else:
                    numbers = list(play.numbers)
                    if not 1 <= len(numbers) <= most:
                        raise TicketError(f"Mark 1 to {most} spots.")
                    check_numbers(numbers, balls)
                    numbers.sort()
                groups, ways, kind = [], [list(numbers)], "quick pick" if play.quick else "straight"
        except TicketError as exc:
            raise IllegalAction(str(exc)) from None
        way_lim, ticket_lim = rules["limits"]["way"], rules["limits"]["ticket"]
        if wager < int(way_lim["min"]):
            raise IllegalAction(f"The minimum is {fmt(int(way_lim['min']))} per way.")
        if wager > int(way_lim["max"]):
            raise IllegalAction(f"The maximum is {fmt(int(way_lim['max']))} per way.")
        price = wager * len(ways)
        if price > int(ticket_lim["max"]):
            raise IllegalAction(f"A ticket's price per game is at most {fmt(int(ticket_lim['max']))} "
                                f"(000 s.524): {len(ways)} ways at {fmt(wager)} cost {fmt(price)}.")
        state.serial += 1
        ticket = {"serial": state.serial, "seat": seat, "kind": kind, "numbers": sorted(numbers),
                  "groups": groups, "ways": ways, "wager": wager, "games": play.games, "played": 0,
                  "first": state.draw_no}
        state.tickets.append(ticket)
        return [Stake(seat, f"ticket-{state.serial}", price * play.games)]

    # -- the draw -------------------------------------------------------------------------------
    def settle_draw(self, state: KenoState, balls: list[int]) -> list[Event]:
        """Settle every ticket playing this draw on ``balls`` (in the order drawn)."""
        rules = state.rules
        if len(balls) != int(rules["drawn"]) or len(set(balls)) != len(balls):
            raise IllegalAction("A draw is twenty different numbers.")
        state.balls = list(balls)
        drawn = set(balls)
        state.meters = {k: int(v) for k, v in (rules.get("meters") or {}).items()}
        limit = int(rules.get("progressive_limit", 0) or 0)
        events: list[Event] = []
        # Each way's prize first (D-006 item 1), the progressive's contributions and winners.
        graded: list[dict[str, Any]] = []
        jackpots: dict[str, list[dict[str, Any]]] = {}
        for t in sorted(state.tickets, key=lambda t: int(t["serial"])):
            game = int(t["played"]) + 1
            for i, way in enumerate(t["ways"]):
                catch = len(drawn.intersection(way))
                wager = int(t["wager"])
                meter = meter_for(rules, len(way), wager)
                row: dict[str, Any] = {"ticket": t, "game": game, "way": i, "spots": len(way), "catch": catch,
                       "wager": wager, "returned": prize(rules, len(way), catch, wager), "meter": meter}
                if meter is not None:
                    # D-400: 2% of the qualifying wager to its meter, never past a limit (s.1171).
                    put = wager * int(rules.get("progressive_pct", 0)) // 100
                    if limit:
                        put = max(0, min(put, limit - state.meters.get(meter, 0)))
                    if put:
                        state.meters[meter] = state.meters.get(meter, 0) + put
                        events.append(MeterMove(meter, put, "in", f"ticket {t['serial']} contribution"))
                    if catch == len(way):
                        jackpots.setdefault(meter, []).append(row)
                graded.append(row)
        # The aggregate cap over the fixed prizes of this game at the whole table (D-398); a
        # progressive award is outside it (D-400).
        capped = [Capped(str(n), max(0, r["returned"] - r["wager"])) for n, r in enumerate(graded)
                  if not any(r is w for ws in jackpots.values() for w in ws)]
        state.kept_by_house = apply_cap(capped, int(rules["cap"]), int(rules["cap_free"]))
        paid = {int(c.key): c for c in capped}
        awards: dict[int, int] = {}
        for meter, winners in jackpots.items():
            amount = state.meters.get(meter, 0)
            for row, share in zip(winners, split_award(amount, len(winners)), strict=True):
                awards[id(row)] = share
            state.awards.append({"meter": meter, "amount": amount, "winners": len(winners),
                                 "tickets": [int(r["ticket"]["serial"]) for r in winners]})
        for n, row in enumerate(graded):
            t = row["ticket"]
            wager, seat = int(row["wager"]), int(t["seat"])
            if id(row) in awards:
                returned = awards[id(row)]
                detail = (f"{row['catch']} of {row['spots']} caught: the {row['spots']}-spot progressive, "
                          f"{fmt(returned)}")
            else:
                c = paid[n]
                returned = wager + c.paid if row["returned"] else 0
                detail = self._detail(row, c)
            bet = bet_key(t, row["game"], row["way"])
            result = "win" if returned > wager else ("push" if returned == wager else "lose")
            events.append(Settlement(seat, bet, wager, returned, result, detail))
            state.results.setdefault(seat, []).append(
                {"bet": bet, "ticket": int(t["serial"]), "game": row["game"], "way": row["way"],
                 "spots": row["spots"], "catch": row["catch"], "stake": wager, "returned": returned,
                 "result": result, "detail": detail, "net": returned - wager})
        for meter, winners in jackpots.items():
            amount = state.meters.get(meter, 0)
            seed = int((rules.get("progressive_meters") or {}).get(meter, 0))
            # The meter reimburses the house for the award it paid, then resets to its seed
            # (D-020, D-400); the house funds the seed.
            events.append(MeterMove(meter, amount, "out", "progressive keno award"))
            events.append(MeterMove(meter, seed, "in", "meter reset to its seed"))
            state.meters[meter] = seed
        for t in state.tickets:
            t["played"] = int(t["played"]) + 1
        state.phase = "drawn"
        events.append(Note(f"Draw {state.draw_no}: " + ", ".join(str(b) for b in balls) + "."))
        return events

    def _detail(self, row: Mapping[str, Any], c: Capped) -> str:
        head = f"Ticket {row['ticket']['serial']}: {row['catch']} of {row['spots']} caught"
        if not row["returned"]:
            return f"{head}, no prize"
        per_dollar = row["returned"] * 100 // max(int(row["wager"]), 1)
        text = f"{head} pays {fmt(per_dollar)} for $1"
        if c.paid < c.winnings:
            text += f"; winnings pro-rated to {fmt(c.paid)} (the aggregate cap)"
        return text

    def _void(self, state: KenoState) -> list[Event]:
        """D-399, D-008 item 4: every way of this draw returned whole; later games still play."""
        events: list[Event] = []
        for t in state.tickets:
            game = int(t["played"]) + 1
            for i, _ in enumerate(t["ways"]):
                wager = int(t["wager"])
                bet = bet_key(t, game, i)
                detail = f"Ticket {t['serial']}: draw {state.draw_no} void, wager returned"
                events.append(Settlement(int(t["seat"]), bet, wager, wager, "void", detail))
                state.results.setdefault(int(t["seat"]), []).append(
                    {"bet": bet, "ticket": int(t["serial"]), "game": game, "way": i, "spots": len(t["ways"][i]),
                     "catch": 0, "stake": wager, "returned": wager, "result": "void", "detail": detail, "net": 0})
            t["played"] = game
        state.phase = "void"
        events.append(Note(f"Draw {state.draw_no} is void: every ticket's wager for it is returned."))
        return events

    # -- what a viewer sees ---------------------------------------------------------------------
    def view(self, state: KenoState, viewer: int | None) -> dict[str, Any]:
        """The board and the viewer's own tickets; nobody sees another's numbers."""
        mine = [t for t in state.tickets if viewer is not None and int(t["seat"]) == viewer]
        rules = state.rules
        spots = rules["paytables"][rules["paytable"]]["spots"]
        return {
            "game": self.slug,
            "variant": rules.get("variant", ""),
            "phase": state.phase,
            "draw_no": state.draw_no,
            "balls": list(state.balls),
            "board": int(rules["balls"]),
            "drawn_count": int(rules["drawn"]),
            "reveal_ms": int(rules.get("reveal_ms", 400)),
            "tickets": [dict(copy.deepcopy(t), price=ticket_price(t)) for t in mine],
            "results": list(state.results.get(viewer, [])) if viewer is not None else [],
            "tickets_in_play": len(state.tickets),
            "paytable": {"name": rules["paytables"][rules["paytable"]]["name"],
                         "spots": {str(k): {str(c): int(v) for c, v in lines.items()} for k, lines in spots.items()}},
            "max_spots": int(rules.get("max_spots", 15)),
            "max_games": int(rules.get("max_games", 50)),
            "limits": {k: dict(v) for k, v in rules["limits"].items()},
            "meters": dict(state.meters or rules.get("meters") or {}),
            "progressive_spots": {k: int(v) for k, v in (rules.get("progressive_spots") or {}).items()
                                  if rules.get(f"progressive_{int(v)}", False)},
            "awards": list(state.awards),
            "history": [list(b) for b in state.history[-5:]],
            "you": viewer,
            "no_rebet": True,  # a ticket is bought afresh for each draw or run of games
        }


KENO = KenoGame()
