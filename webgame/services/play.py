"""One player action = one database transaction.

``act()`` claims the round by bumping its version (``UPDATE … WHERE version = :seen``,
row count checked), so of two posts made against the same version exactly one
wins and the other is told the table moved on; a replayed form is stale for the
same reason. It then loads the state, applies the action with the engine, books
the money the engine reported in the ledger, lets bots take their turns, and
stores the new state. The caller commits, or rolls everything back on error.

Each action draws its randomness from its own stream, keyed by the round's
secret seed and the action's place in the journal, so a round is replayed
exactly from (carry before, seed, journal): that is recall and the fairness proof.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ..engine.paytable import resolve
from ..engine.protocol import (
    SYSTEM_SEAT,
    Action,
    IllegalAction,
    MeterMove,
    Note,
    Refund,
    Settlement,
    Stake,
    event_to_dict,
)
from ..engine.rng import SeededRng, commitment, new_seed
from ..extensions import db
from ..games import registry
from ..models import (
    BetSettlement,
    Player,
    Round,
    RoundEvent,
    RoundSeat,
    Seat,
    Table,
    utcnow,
)
from . import live, wallet

MAX_BOT_STEPS = 400  # a round never needs more bot decisions than this in one request


class PlayError(Exception):
    """Refused: the message is shown to the player next to what they did; nothing changed."""


class StaleError(PlayError):
    pass


@dataclass
class Outcome:
    round: Round
    events: list[Any]


def action_rng(seed: str, seq: int) -> SeededRng:
    """The randomness of one journal entry: HMAC(seed, seq). Seq 0 opens the round."""
    return SeededRng(hmac.new(bytes.fromhex(seed), f"action:{seq}".encode(), hashlib.sha256).digest())


# -- rounds ---------------------------------------------------------------------------

def current_round(table: Table) -> Round | None:
    return db.session.scalars(
        sa.select(Round).where(Round.table_id == table.id).order_by(Round.number.desc()).limit(1)
    ).first()


def seat_owners(table: Table) -> dict[int, Player]:
    return {s.number: s.player for s in table.seats if s.player is not None}


def start_round(table: Table, last: Round | None) -> Round:
    """Open the table's next round after ``last`` (the round the caller saw and claimed).

    The number comes from that same round, never from a second read: two requests that
    both saw round N finished both try to open N + 1, and the database keeps one (the
    unique round number, and the one-open-round index behind it).
    """
    if table.status != "open":
        raise PlayError("This table is closed.")
    game = registry.engine(table.game)
    variant = registry.rules(table.game).variants[table.variant]
    rules = resolve(variant, table.config)
    rules["meters"] = meter_balances(rules)
    seed = take_next_seed(table)
    number = (last.number + 1) if last else 1
    carry = table_carry(table)
    if carry is not None and last is not None and hasattr(game, "went_dead") and went_dead(last, rules):
        carry = game.went_dead(carry)  # D-011: the round starts from a reshuffled shoe
    state = game.new_round(rules, action_rng(seed, 0), carry)
    rnd = Round(table_id=table.id, number=number, game=table.game, variant=table.variant,
                rules=rules, carry_before=carry, state=game.dump(state), version=1,
                seed=seed, commitment=commitment(seed), owners={}, status="open")
    try:
        with db.session.begin_nested():
            db.session.add(rnd)
    except IntegrityError as exc:  # another request opened this round first
        raise StaleError("The table moved on. Here is where it stands now.") from exc
    db.session.add(RoundEvent(round_id=rnd.id, seq=0, actor="table", action={"kind": "open"}, events=[]))
    for number, occupant in seat_owners(table).items():
        _tell_owner(table, rnd, number, occupant)
    _bump_table(table)
    return rnd


def publish_next_commitment(table: Table) -> None:
    """Draw the next round's seed and show its commitment before anyone bets on it (P-001).

    Conditional on there being none, so two viewers racing to publish it cannot each see a
    different commitment: the first write stands and the other re-reads it."""
    if table.next_seed is not None:
        return
    seed = new_seed()
    db.session.flush()
    db.session.execute(
        sa.update(Table).where(Table.id == table.id, Table.next_seed.is_(None))
        .values(next_seed=seed, next_commitment=commitment(seed))
        .execution_options(synchronize_session=False))
    db.session.refresh(table, ["next_seed", "next_commitment"])


def take_next_seed(table: Table) -> str:
    """The published seed, used once: the round takes it and the table forgets it."""
    publish_next_commitment(table)
    seed = str(table.next_seed)
    table.next_seed, table.next_commitment = None, None
    db.session.flush()
    return seed


def meter_balances(rules: dict[str, Any]) -> dict[str, int]:
    """The progressive meters a round's rules name, with their balances now; a meter is
    seeded by the house the first time it is used (D-020)."""
    out = {}
    for name, seed_cents in (rules.get("progressive_meters") or {}).items():
        meter = wallet.jackpot(name)
        if wallet.balance(meter) == 0 and not meter_has_history(meter):
            wallet.transfer(wallet.house(), meter, int(seed_cents), memo="meter seed")
        out[name] = wallet.balance(meter)
    return out


def meter_has_history(meter: Any) -> bool:
    from ..models import LedgerEntry

    entries = db.session.scalar(sa.select(sa.func.count(LedgerEntry.id)).where(
        sa.or_(LedgerEntry.debit_id == meter.id, LedgerEntry.credit_id == meter.id)))
    return bool(entries)


def _tell_owner(table: Table, rnd: Round, seat: int, occupant: Player | None) -> None:
    """Engines with per-player rules (caps over all of a player's boxes) learn who sits where."""
    game = registry.engine(rnd.game)
    kind = getattr(game, "seat_owner_action", None)
    if kind is None or rnd.status != "open":
        return
    state = game.load(rnd.state)
    if game.to_act(state) is not None or game.is_over(state):
        return  # boxes change hands between rounds only
    _apply(table, rnd, Action(kind, seat, str(occupant.id) if occupant else ""), player=None, actor="table")


def act(table: Table, player: Player, action: Action, *, round_id: int | None,
        version: int | None) -> Outcome:
    """Apply one player decision. Raises PlayError (caller rolls back) when refused.

    A player may take only a legal action of their own seat, as the engine lists it now:
    the engine's internal moves (who owns a box, the table's own deal and timers) are never
    reachable from a form, whatever kind a post names."""
    if action.seat not in seat_owners(table) or seat_owners(table)[action.seat].id != player.id:
        raise PlayError("That seat is not yours.")
    rnd = current_round(table)
    if rnd is not None and rnd.status == "open":
        if round_id != rnd.id or version != rnd.version:
            raise StaleError("The table moved on. Here is where it stands now.")
        _claim(rnd, version)
    else:
        # A finished round (or none): the first action of the next round opens it.
        if rnd is not None and (round_id != rnd.id or version != rnd.version):
            raise StaleError("The table moved on. Here is where it stands now.")
        if action.kind not in getattr(registry.engine(table.game), "opening_actions", ("bet",)):
            raise PlayError("Place a bet to start the next round.")
        if rnd is not None:
            _claim(rnd, version, status="over")  # of two posts that saw it finished, one opens the next
        rnd = start_round(table, rnd)
        _run_bots(table, rnd)
    require_legal(rnd, action)
    events = _apply(table, rnd, action, player=player, actor="player")
    _run_bots(table, rnd)
    _finish_if_over(table, rnd)
    _schedule(table, rnd)
    _bump_table(table)
    return Outcome(rnd, events)


def require_legal(rnd: Round, action: Action) -> None:
    """Refuse anything that is not one of the seat's legal actions now (its kind, and its
    spot where the engine names one).

    A refused move is tried on a throwaway copy of the state only to find the engine's own
    words for why ("Place the Ante and the Blind before betting Trips."); it is never
    applied to the round, even if the copy would have taken it."""
    game = registry.engine(rnd.game)
    state = game.load(rnd.state)
    if any(l.kind == action.kind and (not l.spot or l.spot == action.spot)
           for l in game.legal_actions(state, action.seat)):
        return
    try:
        game.apply(state, action, SeededRng(b"refusal"))
    except (IllegalAction, KeyError, ValueError, TypeError) as exc:
        if isinstance(exc, IllegalAction):
            raise PlayError(str(exc)) from exc
    raise PlayError("That move is not open to your seat right now.")


def rebet(table: Table, player: Player, seat: int, *, round_id: int | None,
          version: int | None) -> Outcome:
    """Repeat the bets this seat made in the last round it played, against the round and
    version the player's form showed: a replayed Rebet is stale like any other form."""
    from .recall import last_bets

    bets = last_bets(table, seat, player.id)
    if not bets:
        raise PlayError("There is no earlier bet to repeat.")
    out: Outcome | None = None
    for spot, amount in bets:
        out = act(table, player, Action("bet", seat, spot, amount), round_id=round_id, version=version)
        round_id, version = out.round.id, out.round.version
    assert out is not None
    return out


# -- clocks (D-009, D-025) -------------------------------------------------------------

BETTING_WINDOW_S = 15  # D-025
DECISION_S = 30  # D-009, shared tables
SINGLE_PLAYER_WAIT_H = 24  # D-009: a lone player's round waits a day, then takes the default


def is_shared(table: Table) -> bool:
    """Two or more people (bots do not count) make a shared table, with clocks."""
    return len({p.id for p in seat_owners(table).values() if not p.is_bot}) >= 2


def clock_lengths(table: Table) -> tuple[timedelta, timedelta]:
    """(betting window, decision clock) at this table now: seconds when two or more people
    share it, a day when one plays alone (D-009). Every wait on a person has one of them."""
    config = table.config or {}
    if is_shared(table):
        return (timedelta(seconds=int(config.get("betting_window_s", BETTING_WINDOW_S))),
                timedelta(seconds=int(config.get("decision_s", DECISION_S))))
    alone = timedelta(hours=int(config.get("single_player_wait_h", SINGLE_PLAYER_WAIT_H)))
    return alone, alone


def _schedule(table: Table, rnd: Round) -> None:
    """Set or clear the round's deadline after a change (an action, a seat taken or left).

    A round that waits on a person always has a deadline; one that waits on nobody (no bet
    yet, or the table and bots moving) has none."""
    if rnd.status != "open":
        rnd.deadline, rnd.deadline_kind = None, None
        return
    game = registry.engine(rnd.game)
    state = game.load(rnd.state)
    turn = game.to_act(state)
    now = utcnow()
    window, decision = clock_lengths(table)
    if turn is None:
        # Betting: the window opens with the round's first bet and does not stretch; it
        # shortens when a second person sits down at a table that was one player's.
        if not rnd.owners:
            rnd.deadline, rnd.deadline_kind = None, None
        elif rnd.deadline_kind != "betting" or rnd.deadline is None or rnd.deadline > now + window:
            rnd.deadline, rnd.deadline_kind = now + window, "betting"
    else:
        # A person's decision. Bots and the table move inside the request that gives them
        # the turn; if one is still to move here, something stopped it, and the clock's
        # default (D-009) unsticks the round rather than leaving it open for ever.
        rnd.deadline, rnd.deadline_kind = now + decision, "decision"


def tick(table: Table) -> bool:
    """Apply a passed deadline, if any: close betting, or make the timed-out player's default
    move (D-009: the option that risks no more money). Returns True if the table moved."""
    rnd = current_round(table)
    if rnd is None or rnd.status != "open" or rnd.deadline is None or utcnow() < rnd.deadline:
        return False
    _claim(rnd, rnd.version)
    game = registry.engine(rnd.game)
    state = game.load(rnd.state)
    if rnd.deadline_kind == "betting" and game.to_act(state) is None:
        _close_betting(table, rnd)
    else:
        _default_move(table, rnd)
    _run_bots(table, rnd)
    if not is_shared(table):
        # D-009: a lone player's day is up, so the round is settled by the defaults now
        # rather than waiting another day at each decision.
        for _ in range(MAX_BOT_STEPS):
            if game.is_over(game.load(rnd.state)) or not _default_move(table, rnd):
                break
            _run_bots(table, rnd)
    _finish_if_over(table, rnd)
    rnd.deadline, rnd.deadline_kind = None, None
    _schedule(table, rnd)
    _bump_table(table)
    return True


def _default_move(table: Table, rnd: Round) -> bool:
    """The timed-out decision's default (D-009). False when the engine has none to make."""
    game = registry.engine(rnd.game)
    move = game.timeout_action(game.load(rnd.state))
    if move is None:
        return False
    _apply(table, rnd, move, player=None, actor="timer")
    return True


def _close_betting(table: Table, rnd: Round) -> None:
    """No more bets: start the round. Boxes the engine will not deal (under the minimum, a
    side bet without a main bet) get their chips back first."""
    game = registry.engine(rnd.game)
    action = Action(getattr(game, "window_closes_with", "deal"), SYSTEM_SEAT)
    for _ in range(len(table.seats) + 1):
        try:
            _apply(table, rnd, action, player=None, actor="timer")
            return
        except PlayError:
            state = game.load(rnd.state)
            refused = [n for n in seat_owners(table) if any(l.kind == "clear" for l in game.legal_actions(state, n))]
            if not refused:
                return
            _apply(table, rnd, Action("clear", refused[-1]), player=None, actor="timer")


def table_step(table: Table) -> Round | None:
    """Let the table move without a player: bots and the system seat. Used after seating."""
    rnd = current_round(table)
    if rnd is None or rnd.status != "open":
        return rnd
    before = rnd.version
    _claim(rnd, before)
    _run_bots(table, rnd)
    _finish_if_over(table, rnd)
    _bump_table(table)
    return rnd


def table_epoch(table: Table) -> int:
    """Bumped by the operator when the game, variant or shoe changes: the old shoe is retired."""
    return int((table.config or {}).get("epoch", 0))


def went_dead(last: Round, rules: Mapping[str, Any]) -> bool:
    """D-011 "game goes dead": no round dealt at the table for ``dead_game_minutes``,
    counted from when the last round ended (or opened, if it never finished). Rounds open
    with their first bet, so the time between is time with no round at the table."""
    since = last.ended_at or last.started_at
    minutes = int(rules["dead_game_minutes"])  # every shoe game's rules data sets it (D-011)
    return bool(utcnow() - since >= timedelta(minutes=minutes))


def table_carry(table: Table) -> dict[str, Any] | None:
    """What the next round inherits (the shoe), unless the operator changed the table since."""
    carry = table.carry or {}
    if carry.get("epoch") != table_epoch(table):
        return None
    data = carry.get("data")
    return dict(data) if data else None


def _claim(rnd: Round, seen: int, status: str = "open") -> None:
    """Take the round for this transaction; loses if anyone else changed it first. Claiming
    a finished round (``status="over"``) is how a request earns the right to open the next."""
    won = db.session.execute(
        sa.update(Round).where(Round.id == rnd.id, Round.version == seen, Round.status == status)
        .values(version=Round.version + 1).execution_options(synchronize_session=False)
    ).rowcount  # type: ignore[attr-defined]
    if won != 1:
        raise StaleError("The table moved on. Here is where it stands now.")
    db.session.refresh(rnd)


def _next_seq(rnd: Round) -> int:
    last = db.session.scalar(sa.select(sa.func.max(RoundEvent.seq)).where(RoundEvent.round_id == rnd.id))
    return int(last or 0) + 1


def _apply(table: Table, rnd: Round, action: Action, *, player: Player | None, actor: str) -> list[Any]:
    game = registry.engine(rnd.game)
    state = game.load(rnd.state)
    seq = _next_seq(rnd)
    try:
        events = game.apply(state, action, action_rng(rnd.seed, seq))
    except IllegalAction as exc:
        raise PlayError(str(exc)) from exc
    owners = dict(rnd.owners or {})
    for ev in events:
        _book(table, rnd, ev, owners)
    rnd.owners = owners
    rnd.state = game.dump(state)
    db.session.add(RoundEvent(round_id=rnd.id, seq=seq, player_id=player.id if player else None,
                              actor=actor, action=action.to_dict(),
                              events=[event_to_dict(e) for e in events]))
    db.session.flush()
    return events


def _owner_id(table: Table, rnd: Round, seat: int, owners: dict[str, Any]) -> int:
    key = str(seat)
    if key not in owners:
        occupant = seat_owners(table).get(seat)
        if occupant is None:
            raise PlayError("Nobody sits in that seat.")
        owners[key] = occupant.id
        chips_now = wallet.balance(wallet.chips(occupant.id, table.id))
        db.session.add(RoundSeat(round_id=rnd.id, seat=seat, player_id=occupant.id, chips_before=chips_now))
    return int(owners[key])


def _book(table: Table, rnd: Round, ev: Any, owners: dict[str, Any]) -> None:
    """Turn one engine event into ledger entries."""
    if isinstance(ev, Note):
        return
    if isinstance(ev, MeterMove):
        meter = wallet.jackpot(ev.meter)
        if ev.direction == "in":
            wallet.transfer(wallet.house(), meter, ev.amount, memo=ev.memo or "meter contribution", round_id=rnd.id)
        elif ev.direction == "out":
            # D-020: the meter never pays more than it holds; the house guarantees the rest.
            amount = min(ev.amount, max(wallet.balance(meter), 0))
            wallet.transfer(meter, wallet.house(), amount, memo=ev.memo or "meter award", round_id=rnd.id)
        else:
            raise ValueError(f"unknown meter direction {ev.direction!r}")
        return
    owner = _owner_id(table, rnd, ev.seat, owners)
    chips = wallet.chips(owner, table.id)
    on_layout = wallet.wagers(table.id)
    if isinstance(ev, Stake):
        try:
            wallet.transfer(chips, on_layout, ev.amount, memo=f"{ev.bet} wager", round_id=rnd.id)
        except wallet.InsufficientFunds as exc:
            raise PlayError("Not enough chips for that bet. Buy more chips from your wallet.") from exc
    elif isinstance(ev, Refund):
        wallet.transfer(on_layout, chips, ev.amount, memo=f"{ev.bet} taken back", round_id=rnd.id)
    elif isinstance(ev, Settlement):
        db.session.add(BetSettlement(round_id=rnd.id, seat=ev.seat, bet=ev.bet, player_id=owner,
                                     stake=ev.stake, returned=ev.returned, result=ev.result,
                                     detail=ev.detail[:120]))
        try:
            db.session.flush()
        except IntegrityError as exc:
            raise StaleError("That bet was already settled.") from exc
        bank = banker(table)
        if ev.returned > ev.stake:
            wallet.transfer(bank, on_layout, ev.returned - ev.stake, memo=f"{ev.bet} win", round_id=rnd.id)
        elif ev.returned < ev.stake:
            wallet.transfer(on_layout, bank, ev.stake - ev.returned, memo=f"{ev.bet} lost", round_id=rnd.id)
        wallet.transfer(on_layout, chips, ev.returned, memo=f"{ev.bet} {ev.result}", round_id=rnd.id)


def banker(table: Table) -> Any:
    """Who banks the table's wagers: the house in house-banked games."""
    return wallet.house()


def _run_bots(table: Table, rnd: Round) -> None:
    game = registry.engine(rnd.game)
    owners = seat_owners(table)
    bots = sorted(n for n, p in owners.items() if p.is_bot)
    for _ in range(MAX_BOT_STEPS):
        state = game.load(rnd.state)
        if game.is_over(state):
            return
        turn = game.to_act(state)
        move: Action | None = None
        if turn is not None and turn in bots:
            move = game.bot_action(state, turn)
        elif turn is None:
            for seat in bots:
                move = game.bot_action(state, seat)
                if move is not None:
                    break
        elif turn == SYSTEM_SEAT:
            move = game.bot_action(state, SYSTEM_SEAT)
        elif hasattr(game, "deciding"):
            # D-013: everyone decides at once, so a bot never waits on a person's clock.
            for seat in game.deciding(state):
                if seat in bots:
                    move = game.bot_action(state, seat)
                    if move is not None:
                        break
        if move is None:
            return
        bot = owners.get(move.seat)
        if move.seat != SYSTEM_SEAT and bot is not None:
            _top_up_bot(table, bot)
        try:
            _apply(table, rnd, move, player=bot, actor="bot" if move.seat != SYSTEM_SEAT else "table")
        except PlayError:
            return  # a bot that cannot act (no chips, refused) simply sits this one out


def _top_up_bot(table: Table, bot: Player) -> None:
    """Bots play with real ledgered chips, issued from the cage when they run low."""
    chips = wallet.chips(bot.id, table.id)
    if wallet.balance(chips) < 50_000:
        wallet.transfer(wallet.cage(), chips, 200_000, memo="bot bankroll")


def _finish_if_over(table: Table, rnd: Round) -> None:
    game = registry.engine(rnd.game)
    state = game.load(rnd.state)
    if rnd.status != "open" or not game.is_over(state):
        return
    rnd.status = "over"
    rnd.ended_at = utcnow()
    table.carry = {"epoch": table_epoch(table), "data": game.carry(state)}
    publish_next_commitment(table)
    for rs in db.session.scalars(sa.select(RoundSeat).where(RoundSeat.round_id == rnd.id)):
        if rs.player_id is not None:
            rs.chips_after = wallet.balance(wallet.chips(rs.player_id, table.id))


def _bump_table(table: Table) -> None:
    live.touch(table.id)


# -- seats and chips ------------------------------------------------------------------

def sit(table: Table, player: Player, number: int) -> Seat:
    seat = next((s for s in table.seats if s.number == number), None)
    if seat is None:
        raise PlayError("There is no such seat.")
    if seat.player_id is not None:
        raise PlayError("That seat is taken.")
    mine = [s for s in table.seats if s.player_id == player.id]
    limit = int(registry.rules(table.game).variants[table.variant].rules.get("max_spots_per_player", 1))
    if len(mine) >= limit and not player.is_bot:
        raise PlayError(f"You may play at most {limit} spot{'s' if limit > 1 else ''} at this table.")
    if _seat_in_play(table, number):
        raise PlayError("That spot is in the middle of a round. Take it when the round is over.")
    won = db.session.execute(
        sa.update(Seat).where(Seat.id == seat.id, Seat.player_id.is_(None)).values(player_id=player.id)
        .execution_options(synchronize_session=False)
    ).rowcount  # type: ignore[attr-defined]
    if won != 1:
        raise PlayError("That seat is taken.")
    db.session.refresh(seat)
    _seat_changed(table, number, player)
    return seat


def _seat_changed(table: Table, number: int, occupant: Player | None) -> None:
    rnd = current_round(table)
    if rnd is not None and rnd.status == "open":
        _claim(rnd, rnd.version)
        _tell_owner(table, rnd, number, occupant)
        _schedule(table, rnd)  # one player becoming two starts the shared clocks
    _bump_table(table)


def _seat_in_play(table: Table, number: int) -> bool:
    """The seat has money in an open round, or bets standing on the layout between rounds
    (craps bets, a riding Back-to-Back), which would otherwise settle to the next sitter."""
    rnd = current_round(table)
    game = registry.engine(table.game)
    if rnd is not None and rnd.status == "open":
        if str(number) in (rnd.owners or {}):
            return True
        carry = game.carry(game.load(rnd.state))
    else:
        carry = table_carry(table)
    standing = getattr(game, "standing", None)
    return bool(standing and carry and standing(carry, number) > 0)


def leave(table: Table, player: Player, number: int) -> None:
    seat = next((s for s in table.seats if s.number == number and s.player_id == player.id), None)
    if seat is None:
        raise PlayError("That seat is not yours.")
    if _seat_in_play(table, number):
        raise PlayError("Your bet is in play. You can leave when the round is over.")
    seat.player_id = None
    db.session.flush()
    _seat_changed(table, number, None)
    if not any(s.player_id == player.id for s in table.seats):
        # P-010: a player's bots leave with them (those with a bet in play stay to finish it).
        for bot_seat in [s for s in table.seats if s.bot_sponsor_id == player.id]:
            if not _seat_in_play(table, bot_seat.number):
                _unseat_bot(table, bot_seat)


MAX_BOTS_PER_PLAYER = 4  # P-010: with the player, five of a seven-seat table


def add_bot(table: Table, number: int, by: Player) -> Seat:
    """Seat a house bot (P-010): the operator anywhere, a seated player beside themselves,
    at most MAX_BOTS_PER_PLAYER of their own at a table; never where bots are turned off."""
    if not table.bots_allowed:
        raise PlayError("Bots are turned off at this table.")
    if not by.is_operator:
        if not any(s.player_id == by.id for s in table.seats):
            raise PlayError("Sit down first: you may add bots only beside yourself.")
        if sum(1 for s in table.seats if s.bot_sponsor_id == by.id and s.player_id) >= MAX_BOTS_PER_PLAYER:
            raise PlayError(f"You may add at most {MAX_BOTS_PER_PLAYER} bots at a table.")
    name = BOT_NAMES[number % len(BOT_NAMES)]
    username = f"bot-{table.id}-{number}"
    bot = db.session.scalars(sa.select(Player).filter_by(username=username)).first()
    if bot is None:
        bot = Player(username=username, display_name=f"{name} (bot)", is_bot=True, is_guest=True)
        db.session.add(bot)
        db.session.flush()
    seat = sit(table, bot, number)
    seat.bot_sponsor_id = None if by.is_operator else by.id
    _top_up_bot(table, bot)
    return seat


def remove_bot(table: Table, number: int, by: Player) -> None:
    """The operator removes any bot; a player only a bot they seated (P-010)."""
    seat = next((s for s in table.seats if s.number == number and s.is_bot), None)
    if seat is None:
        raise PlayError("There is no bot in that seat.")
    if not by.is_operator and seat.bot_sponsor_id != by.id:
        raise PlayError("Only the player who seated that bot, or the floor, may remove it.")
    if _seat_in_play(table, number):
        raise PlayError("That bot is in the middle of a round.")
    _unseat_bot(table, seat)


def _unseat_bot(table: Table, seat: Seat) -> None:
    number = seat.number
    seat.player_id, seat.bot_sponsor_id = None, None
    db.session.flush()
    _seat_changed(table, number, None)


BOT_NAMES = ["Ada", "Benny", "Carla", "Dmitri", "Esme", "Frank", "Gloria", "Hank", "Iris", "Jules"]


def buy_in(table: Table, player: Player, amount: int) -> None:
    if amount <= 0:
        raise PlayError("Enter an amount greater than zero.")
    try:
        wallet.transfer(wallet.wallet(player.id), wallet.chips(player.id, table.id), amount,
                        memo="buy-in")
    except wallet.InsufficientFunds as exc:
        raise PlayError("Your wallet does not hold that much.") from exc
    _bump_table(table)


def cash_out(table: Table, player: Player) -> int:
    chips = wallet.chips(player.id, table.id)
    amount = wallet.balance(chips)
    wallet.transfer(chips, wallet.wallet(player.id), amount, memo="cash-out")
    _bump_table(table)
    return amount
