"""The poker room between hands: seats, the button, the blinds and who is dealt in.

A `Room` lives in the table's carry from one hand to the next. It holds no chips (the
table passes the stacks in) and no clock (times are arguments). `plan_hand` says who is
dealt into the next hand and every forced bet they post, as plain tuples
`(seat, kind, amount, live)` that the hand engine turns into its own `Forced` records.

The button and blinds follow D-413 (c003's moving big blind): each hand the big blind
moves to the next seat clockwise that is in the game, the player who had the big blind
posts the small blind, and the button goes to the seat that had the small blind even if
that player has left (dead button) or owes nothing because the seat is empty (dead small
blind). Seats are numbered 1..max_seats clockwise (the next player is on the left, D-417).

Rule keys read from a variant's resolved rules (`RoomRules.from_rules`):
`blinds` (cents, in posting order left of the button; the last is the big blind, D-428
three-blind structures included), `structure` ("fixed-limit", "spread-limit", "pot-limit",
"no-limit"), `bets` (limit: the small and big bet), `seats`, `table_options` (a listed
"straddle" or "bomb-pot" is on unless a bool setting of that name turns it off; D-414,
D-456), `bomb_pot_every` (hands between offered bomb pots, 0 = only when a player proposes
one), `limits["buy-in"]` ({min, max} cents; else D-411's multiples) and `short_buy_in`
("per-full-buy-in", or "per-day" for the c001 profile, D-411).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from webgame.engine.cards import RANKS, SUITS
from webgame.engine.money import fmt

PLAYING = "playing"
SITTING_OUT = "sitting-out"
NEW = "new"

# D-411: table minimum and maximum buy-in as multiples of the big bet (limit) or big blind.
LIMIT_MIN_BIG_BETS = 10
BIG_BET_MIN_BLINDS = 40
BIG_BET_MAX_BLINDS = 100
# D-414: a live straddle is twice the big blind.
STRADDLE_BLINDS = 2
# D-418: a sitting-out player keeps the seat this long [configurable].
SEAT_HOLD_MINUTES = 10


@dataclass
class Seat:
    seat: int
    player: str
    status: str = NEW              # "playing", "sitting-out" or "new" (must post or wait for the big blind)
    owes_big: bool = False         # missed the big blind: posts it live to come back (D-413)
    owes_small: bool = False       # missed the small blind: posts it dead (D-413)
    post: bool = False             # chose to post now instead of waiting for the big blind
    since: int = 0                 # when the player sat down (seconds): the c001 time collection's clock (D-514)
    paid_until: int = 0            # the time collection is paid up to here (seconds)
    away_since: int = 0            # when the player sat out (seconds), for the seat hold (D-418)


@dataclass
class Room:
    max_seats: int = 10
    seats: list[Seat] = field(default_factory=list)
    button: int = 0                # 0 until the first high-card draw
    blinds_at: list[int] = field(default_factory=list)   # last hand's blind seats in posting order (0 = dead)
    hands_dealt: int = 0
    since_bomb: int = 0            # hands since the last bomb pot
    bomb_amount: int = 0           # an agreed bomb pot for the next hand (0 = none)
    bomb_yes: list[int] = field(default_factory=list)     # seats that confirmed it
    straddle_seat: int = 0         # the seat that asked to straddle the next hand


@dataclass
class HandPlan:
    dealt: list[int] = field(default_factory=list)        # clockwise from the seat after the button
    button: int = 0
    forced: list[tuple[int, str, int, bool]] = field(default_factory=list)   # (seat, kind, amount, live)
    blinds_at: list[int] = field(default_factory=list)    # this hand's blind seats (0 = dead)
    bomb: bool = False
    straddle: int = 0              # the straddling seat (acts last pre-flop; limit: one extra raise, D-414)
    reason: str = ""               # why no hand can start ("" when it can)


@dataclass(frozen=True)
class RoomRules:
    blinds: tuple[int, ...] = (100, 200)
    structure: str = "no-limit"
    big_bet: int = 0               # limit games: the big bet, for the D-411 buy-in
    max_seats: int = 10
    straddle: bool = False
    bomb_pot: bool = False
    bomb_every: int = 0
    buy_in_min: int = 0            # 0 = D-411's multiple
    buy_in_max: int = 0            # 0 = D-411's multiple (limit: unlimited)
    short_buy_in: str = "per-full-buy-in"
    free_rebuy: int = 0            # c001 15x30 Hold'em: a $150 re-buy is always allowed (D-411)
    # Badugi (004 s.632, D-450): while a seat is free a new or returning player may post the big
    # blind in any position; at a full table only in the big blind's position.
    entry_any_position_short: bool = False
    stud: bool = False             # a stud game: antes, no button and no blinds (D-439)
    ante: int = 0                  # stud: every seat's ante (cents)
    stud_button: bool = False      # a stud game dealt from a moving button (Mexican Stud, 003 §7)

    @property
    def big_blind(self) -> int:
        return self.blinds[-1]

    @property
    def small_blind(self) -> int:
        return self.blinds[-2] if len(self.blinds) > 1 else self.blinds[-1]

    @property
    def limit(self) -> bool:
        return self.structure in ("limit", "fixed-limit", "spread-limit")

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any]) -> RoomRules:
        """The room's one reading of a variant's resolved rules (`paytable.resolve`): the
        blinds, structure and seats, the buy-in from its `limits` (D-411), and the straddle
        and the bomb pot where `table_options` allows them and the operator has not turned
        them off (`table_option`)."""
        bets = list(rules.get("bets") or [])
        buy_in = (rules.get("limits") or {}).get("buy-in") or rules.get("buy-in") or {}

        def setting(name: str, default: Any) -> Any:
            # the rules data underscores its keys; a hyphenated one is read too
            return rules.get(name.replace("-", "_"), rules.get(name, default))

        return cls(blinds=tuple(int(b) for b in rules.get("blinds") or cls.blinds),
                   structure=str(rules.get("structure", cls.structure)),
                   big_bet=int(bets[-1]) if bets else 0,
                   max_seats=int(rules.get("seats", cls.max_seats)),
                   straddle=table_option(rules, "straddle"),
                   bomb_pot=table_option(rules, "bomb-pot"),
                   bomb_every=int(setting("bomb-pot-every", 0)),
                   buy_in_min=int(buy_in.get("min", 0)),
                   buy_in_max=int(buy_in.get("max", 0)),
                   short_buy_in=str(setting("short-buy-in", cls.short_buy_in)),
                   free_rebuy=int(setting("free-rebuy", 0)),
                   entry_any_position_short=bool(rules.get("entry_any_position_short", False)),
                   stud=bool(rules.get("stud")), ante=int(rules.get("ante", 0)),
                   stud_button=bool(rules.get("button", False)))


def table_option(rules: Mapping[str, Any], option: str) -> bool:
    """A table option (INDEX section 7: ``straddle``, ``bomb-pot``, ``run-it-twice``,
    ``bad-beat-jackpot``) is on where the variant's rulebook allows it (``table_options``)
    and the operator has not turned it off (the option of the same name, underscored)."""
    allowed = option in (rules.get("table_options") or [])
    return allowed and bool(rules.get(option, rules.get(option.replace("-", "_"), True)))


# ---------------------------------------------------------------- seats


def _find(room: Room, seat: int) -> Seat | None:
    return next((s for s in room.seats if s.seat == seat), None)


def _get(room: Room, seat: int) -> Seat:
    found = _find(room, seat)
    if found is None:
        raise ValueError(f"Seat {seat} is empty")
    return found


def sit(room: Room, seat: int, player: str, rules: RoomRules, now_seconds: int = 0) -> None:
    """A newcomer takes a seat (D-413): before the first hand every seat simply plays;
    afterwards the newcomer waits for the big blind unless `post_to_play` is chosen."""
    if not 1 <= seat <= room.max_seats:
        raise ValueError(f"No seat {seat} at a {room.max_seats}-seat table")
    if _find(room, seat) is not None:
        raise ValueError(f"Seat {seat} is taken")
    if any(s.player == player for s in room.seats):
        raise ValueError(f"{player} already has a seat")
    # When a game starts nobody owes a blind that has not passed their seat (c003, D-413).
    status = NEW if room.hands_dealt else PLAYING
    room.seats.append(Seat(seat, player, status, since=now_seconds, paid_until=now_seconds))
    room.seats.sort(key=lambda s: s.seat)


def post_to_play(room: Room, seat: int, post: bool = True) -> None:
    """A new or returning player chooses to post now (dealt in at once) or to wait."""
    _get(room, seat).post = post


def leave(room: Room, seat: int) -> None:
    """Between hands. A seat that left keeps no debt: its missed blinds go with it."""
    room.seats = [s for s in room.seats if s.seat != seat]
    if room.straddle_seat == seat:
        room.straddle_seat = 0
    room.bomb_yes = [s for s in room.bomb_yes if s != seat]


def sit_out(room: Room, seat: int, now_seconds: int = 0) -> None:
    s = _get(room, seat)
    s.away_since = now_seconds
    if s.status == NEW:
        # a newcomer who has not come in yet still owes the big blind on return
        s.owes_big = True
    s.status = SITTING_OUT


def sit_in(room: Room, seat: int, post: bool) -> None:
    """Back from sitting out: post the missed blinds now (big live, small dead) or wait for
    the big blind (D-413)."""
    s = _get(room, seat)
    s.status = PLAYING
    s.post = post


def seats_to_release(room: Room, now_seconds: int, minutes: int = SEAT_HOLD_MINUTES) -> list[int]:
    """Seats whose player has sat out longer than the seat hold (D-418); the table calls
    `leave` for them between hands."""
    return [s.seat for s in room.seats
            if s.status == SITTING_OUT and now_seconds - s.away_since >= minutes * 60]


def missed_blind_seats(room: Room) -> list[int]:
    """Seats carrying a missed-blind button (they share no bad-beat table award, D-421)."""
    return [s.seat for s in room.seats if s.owes_big or s.owes_small]


def paid_until(room: Room) -> dict[int, int]:
    """The time collection's clocks, seat -> paid-until seconds, for `take.before_deal`."""
    return {s.seat: s.paid_until for s in room.seats}


def keep_paid(room: Room, paid: Mapping[int, int]) -> None:
    """Store the clocks `take.before_deal` moved on."""
    for s in room.seats:
        s.paid_until = paid.get(s.seat, s.paid_until)


def ask_straddle(room: Room, seat: int, rules: RoomRules) -> None:
    """The player left of the big blind asks to straddle the next hand (D-414)."""
    if not rules.straddle:
        raise ValueError("No straddles at this table")
    room.straddle_seat = seat


def propose_bomb(room: Room, seat: int, amount: int, rules: RoomRules) -> None:
    """D-456: a seated player proposes a bomb pot; the proposer counts as agreeing."""
    if not rules.bomb_pot:
        raise ValueError("No bomb pots at this table")
    if amount < rules.big_blind:
        raise ValueError("A bomb pot is at least the big blind")
    if rules.limit and rules.big_bet and amount > rules.big_bet:
        raise ValueError("In a limit game a bomb pot is at most the big bet")
    _get(room, seat)
    room.bomb_amount = amount
    room.bomb_yes = [seat]


def confirm_bomb(room: Room, seat: int) -> None:
    if not room.bomb_amount:
        raise ValueError("No bomb pot has been proposed")
    _get(room, seat)
    if seat not in room.bomb_yes:
        room.bomb_yes.append(seat)


def bomb_due(room: Room, rules: RoomRules) -> bool:
    """At a table that offers a bomb pot every N hands, is one to be offered now?"""
    return rules.bomb_pot and rules.bomb_every > 0 and room.since_bomb >= rules.bomb_every


# ---------------------------------------------------------------- buy-ins


def buy_in_bounds(rules: RoomRules) -> tuple[int, int]:
    """(minimum, maximum) in cents; maximum 0 = unlimited (D-411)."""
    if rules.buy_in_min:
        return rules.buy_in_min, rules.buy_in_max
    if rules.limit:
        return LIMIT_MIN_BIG_BETS * (rules.big_bet or 2 * rules.big_blind), 0
    return BIG_BET_MIN_BLINDS * rules.big_blind, BIG_BET_MAX_BLINDS * rules.big_blind


FULL_BUY_IN = "buy-in"
SHORT_BUY_IN = "short buy-in"
RE_BUY = "re-buy"


def buy_in_kind(rules: RoomRules, holding: int, amount: int) -> str:
    """What a purchase of ``amount`` chips by a seat holding ``holding`` is (D-411): a short
    buy-in leaves the seat below the table minimum (c001 s.33: "anything less than the
    minimum Buy In"); the c001 15x30 game's $150 re-buy is neither (s.33's exception)."""
    low, _ = buy_in_bounds(rules)
    if rules.free_rebuy and amount == rules.free_rebuy:
        return RE_BUY
    return FULL_BUY_IN if holding + amount >= low else SHORT_BUY_IN


def buy_in_refusal(rules: RoomRules, holding: int, amount: int,
                   earlier: Sequence[tuple[str, str]] = (), today: str = "") -> str:
    """Why this buy-in or add-on is refused, in plain words ("" when it is allowed). Table
    stakes (D-411): never more than the maximum in front of the seat; below the minimum only
    as the one short buy-in allowed after each full buy-in at the table (c000 s.902, c003),
    or in the c001 profile once per game per day after the initial buy-in (001 s.33).
    ``earlier`` is the player's past purchases at this table, oldest first, as
    (kind, day) pairs with the kinds of `buy_in_kind`."""
    low, high = buy_in_bounds(rules)
    if amount <= 0:
        return "A buy-in is a positive amount."
    if high and holding + amount > high:
        return (f"Table stakes: at most {fmt(high)} in front of you at this table "
                f"(you hold {fmt(holding)}).")
    kind = buy_in_kind(rules, holding, amount)
    if kind != SHORT_BUY_IN:
        return ""
    kinds = [k for k, _ in earlier]
    if FULL_BUY_IN not in kinds:
        return f"The minimum buy-in here is {fmt(low)}; a short buy-in comes only after a full one."
    if rules.short_buy_in == "per-day":
        if any(k == SHORT_BUY_IN and day == today for k, day in earlier):
            return (f"The minimum buy-in here is {fmt(low)}: your one short buy-in for "
                    "today is used.")
        return ""
    last_full = len(kinds) - 1 - kinds[::-1].index(FULL_BUY_IN)
    if SHORT_BUY_IN in kinds[last_full + 1:]:
        return (f"The minimum buy-in here is {fmt(low)}: one short buy-in is allowed "
                "after each full buy-in.")
    return ""


# ---------------------------------------------------------------- the button


def card_order(card: str) -> tuple[int, int]:
    """High card for the button: rank, then suit spades > hearts > diamonds > clubs
    (001 s.5642, D-018)."""
    return RANKS.index(card[0]), SUITS.index(card[1])


def button_draw(room: Room, seats: list[int], deck: list[str]) -> tuple[int, list[tuple[int, str]]]:
    """One card to each seat in order; the highest card takes the button (D-413)."""
    if len(seats) > len(deck):
        raise ValueError("Not enough cards for the draw")
    dealt = list(zip(seats, deck))
    button = max(dealt, key=lambda d: card_order(d[1]))[0]
    room.button = button
    room.blinds_at = []
    return button, dealt


# ---------------------------------------------------------------- the next hand


def _clockwise(start: int, seats: list[int], max_seats: int) -> list[int]:
    """The given seats in clockwise order, beginning after `start`."""
    return sorted(seats, key=lambda s: (s - start - 1) % max_seats)


def _next(start: int, seats: list[int], max_seats: int) -> int:
    return _clockwise(start, seats, max_seats)[0]


def _positions(room: Room, rules: RoomRules, active: list[int]) -> tuple[int, list[int]]:
    """The button and the blind positions (posting order) for the next hand. A position
    whose seat is not in the game is a dead blind; the button may be an empty seat."""
    if len(active) == 2:
        # Heads-up the button posts the small blind; the big blind moves on so that no one
        # posts it twice in a row (D-413, c003).
        last_bb = room.blinds_at[-1] if room.blinds_at else 0
        if last_bb:
            bb = _next(last_bb, active, room.max_seats)
        else:
            # first hand: the button's seat posts the small blind, the other the big blind
            order = _clockwise(room.button, active, room.max_seats)
            bb = order[0] if room.button in active else order[1]
        other = next(s for s in active if s != bb)
        return other, [other, bb]
    k = len(rules.blinds)
    if not room.blinds_at:
        return room.button, _clockwise(room.button, active, room.max_seats)[:k]
    prev = ([0] * k + list(room.blinds_at))[-k:]
    bb = _next(prev[-1], active, room.max_seats)
    # The big blind moves to the next seat in the game; the other blinds move to the seats
    # that posted the later blinds last hand (dead if that player is gone), and the button
    # to last hand's first blind seat, even if empty (D-413's dead button).
    blinds = prev[1:] + [bb]
    button = prev[0] or room.button
    if button in blinds:
        # back from heads-up the big blind can come round to last hand's button: the
        # button then sits dead just right of the first blind, so nobody has it twice
        button = (blinds[0] - 2) % room.max_seats + 1
    return button, blinds


def _can_play(s: Seat, stacks: Mapping[int, int]) -> bool:
    return s.status != SITTING_OUT and stacks.get(s.seat, 0) > 0


def plan_hand(room: Room, rules: RoomRules, stacks: Mapping[int, int]) -> HandPlan:
    """Who is dealt into the next hand, the button and every forced bet.

    Call `button_draw` before the first hand. Nothing in the room changes until
    `after_hand`, so a plan that is not played can be thrown away."""
    if rules.stud and (room.button or not rules.stud_button):
        # STUD: antes and no blinds; Mexican Stud's button is drawn first like the board games'
        return _plan_stud(room, rules, stacks)
    if not room.button:
        return HandPlan(reason="Draw for the button first")
    in_game = [s.seat for s in room.seats if _can_play(s, stacks)]
    if len(in_game) < 2:
        return HandPlan(reason="Waiting for a second player")
    seats = {s.seat: s for s in room.seats}
    button, blinds = _positions(room, rules, in_game)
    if room.bomb_amount:
        players = [s for s in room.bomb_yes if s in in_game and _clear(seats[s])]
        if len(players) >= 2:
            return _plan_bomb(room, button, blinds, players, stacks)
    bb = blinds[-1]
    plan = HandPlan(button=button, blinds_at=blinds)
    amounts = rules.blinds[-len(blinds):]
    dealt: set[int] = set()
    for i, (seat, amount) in enumerate(zip(blinds, amounts)):
        if seat not in in_game or (seat == bb and i < len(blinds) - 1):
            continue   # a dead small blind: nobody posts it (D-413)
        kind = "big-blind" if i == len(blinds) - 1 else "small-blind"
        plan.forced.append((seat, kind, amount, True))
        dealt.add(seat)
    for seat in in_game:
        if seat in dealt:
            continue
        s = seats[seat]
        if s.status == NEW:
            # A newcomer posts a big blind to be dealt in at once, unless the seat is the
            # button, a blind, or between the button and the small blind for this hand: then
            # it waits until the button passes (003 s.205, D-413).
            if s.post and may_post(room, rules) and (rules.entry_any_position_short
                                                     or not _between(seat, button, blinds, room.max_seats)):
                plan.forced.append((seat, "big-blind", rules.big_blind, True))
                dealt.add(seat)
            continue
        if not _clear(s) and not (s.post and may_post(room, rules)):
            continue   # waiting for the big blind
        if s.owes_big:
            plan.forced.append((seat, "big-blind", rules.big_blind, True))
        if s.owes_small:
            plan.forced.append((seat, "dead", rules.small_blind, False))
        dealt.add(seat)
    plan.dealt = _clockwise(button, sorted(dealt), room.max_seats)
    if len(plan.dealt) < 2:
        return HandPlan(reason="Waiting for a second player")
    if rules.straddle and room.straddle_seat and len(plan.dealt) > 2:
        # D-414: only the player directly left of the big blind, who must be dealt in.
        left_of_bb = _next(bb, plan.dealt, room.max_seats)
        if room.straddle_seat == left_of_bb and left_of_bb not in blinds:
            plan.forced.append((left_of_bb, "straddle", STRADDLE_BLINDS * rules.big_blind, True))
            plan.straddle = left_of_bb
    return plan


def may_post(room: Room, rules: RoomRules) -> bool:
    """May a new or returning player post to be dealt in now? Everywhere (D-413), except at a
    full Badugi table, where they wait for the big blind (004 s.632, D-450)."""
    return not (rules.entry_any_position_short and len(room.seats) >= room.max_seats)


def _plan_stud(room: Room, rules: RoomRules, stacks: Mapping[int, int]) -> HandPlan:
    """A stud hand: every seated player with chips who is not sitting out is dealt in at once
    (no blind to wait for) and antes, all-in for less (D-439). There is no button: seat 1 sits on
    the dealer's left, so the deal and every tie go in seat order (D-439, P-334)."""
    dealt = sorted(s.seat for s in room.seats if _can_play(s, stacks))
    if len(dealt) < 2:
        return HandPlan(reason="Waiting for a second player")
    button = 0
    if rules.stud_button:
        # Mexican Stud: the deal starts left of the button, which moves one seat on after each
        # hand (003 §7); the first hand's button is the high-card draw's (D-413).
        button = _next(room.button, dealt, room.max_seats) if room.hands_dealt else room.button
        dealt = _clockwise(button, dealt, room.max_seats)
    forced = [(seat, "ante", min(rules.ante, stacks[seat]), False) for seat in dealt if rules.ante]
    return HandPlan(dealt=dealt, button=button, forced=forced)


def _between(seat: int, button: int, blinds: list[int], max_seats: int) -> bool:
    """Is the seat the button, a blind position, or between the button and the first blind?"""
    def pos(s: int) -> int:
        return (s - button) % max_seats
    return seat == button or seat in blinds or pos(seat) < pos(blinds[0])


def _clear(s: Seat) -> bool:
    """Playing and owing no blind."""
    return s.status == PLAYING and not (s.owes_big or s.owes_small)


def _plan_bomb(room: Room, button: int, blinds: list[int], players: list[int],
               stacks: Mapping[int, int]) -> HandPlan:
    """D-456: no blinds and nobody misses one; every participant antes the agreed amount
    (all-in for less) and the button and blind positions move on as usual."""
    dealt = _clockwise(button, players, room.max_seats)
    forced = [(seat, "bomb", min(room.bomb_amount, stacks[seat]), False) for seat in dealt]
    return HandPlan(dealt=dealt, button=button, forced=forced, blinds_at=blinds, bomb=True)


def after_hand(room: Room, plan: HandPlan, played: list[int], busted: list[int]) -> None:
    """Move the button and blinds on, record missed blinds, clear what was posted, and take
    out the seats that busted. `played` are the seats that were dealt in."""
    seats = {s.seat: s for s in room.seats}
    if plan.bomb:
        room.since_bomb = 0
        room.bomb_amount = 0
        room.bomb_yes = []
    else:
        for seat in played:
            s = seats.get(seat)
            if s is not None:
                s.owes_big = s.owes_small = False
                s.status = PLAYING
                s.post = False
        _missed(room, plan)
        room.since_bomb += 1
    room.blinds_at = list(plan.blinds_at)
    room.button = plan.button
    room.straddle_seat = 0
    room.hands_dealt += 1
    for seat in busted:
        leave(room, seat)


def _missed(room: Room, plan: HandPlan) -> None:
    """Seats sitting out that the blinds passed this hand owe them (D-413): a seat the big
    blind skipped owes both blinds (big live, small dead), since the small blind follows
    it round; a seat that had the big blind and so would have posted the small blind owes
    the small blind only."""
    if not room.blinds_at or not plan.blinds_at:
        return
    prev_bb, bb = room.blinds_at[-1], plan.blinds_at[-1]
    span = (bb - prev_bb - 1) % room.max_seats
    skipped = {(prev_bb + i) % room.max_seats + 1 for i in range(span)}
    for s in room.seats:
        if s.status != SITTING_OUT:
            continue
        if s.seat in skipped:
            s.owes_big = s.owes_small = True
        elif s.seat in plan.blinds_at[:-1]:
            s.owes_small = True
