"""Clocks (D-009, D-025, P-006, P-011): every round that waits on a person has a deadline.

A shared table (two or more people; bots do not count) has a betting window that opens with
the round's first bet and a decision clock per decision; a table where one person plays alone
gives them a day. The deadline is stored on the round and applied by the next request or
stream tick (:func:`tick`); the engines know no clock.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from ..engine.protocol import SYSTEM_SEAT, Action
from ..extensions import db
from ..games import registry
from ..models import Round, Table, utcnow
from .rounds import (
    MAX_BOT_STEPS,
    PlayError,
    RoundWork,
    current_round,
    open_work,
    refresh_stacks,
    seat_owners,
    settle_after,
    start_round,
    table_carry,
)

BETTING_WINDOW_S = 15  # D-025
DECISION_S = 30  # D-009, shared tables
SINGLE_PLAYER_WAIT_H = 24  # D-009: a lone player's round waits a day, then takes the default


def is_shared(table: Table) -> bool:
    """Two or more people (bots do not count) make a shared table, with clocks."""
    return len({p.id for p in seat_owners(table).values() if not p.is_bot}) >= 2


def clock_lengths(table: Table) -> tuple[timedelta, timedelta]:
    """(betting window, decision clock) at this table now: seconds when two or more people
    share it, a day when one plays alone (D-009)."""
    config = table.config or {}
    if is_shared(table):
        return (timedelta(seconds=int(config.get("betting_window_s", BETTING_WINDOW_S))),
                timedelta(seconds=int(config.get("decision_s", DECISION_S))))
    alone = timedelta(hours=int(config.get("single_player_wait_h", SINGLE_PLAYER_WAIT_H)))
    return alone, alone


def schedule(work: RoundWork) -> None:
    """Set or clear the round's deadline after a change (an action, a seat taken or left).

    A round that waits on a person always has a deadline; one that waits on nobody (no bet
    yet) has none."""
    rnd = work.rnd
    if rnd.status != "open":
        rnd.deadline, rnd.deadline_kind = None, None
        return
    turn = work.game.to_act(work.state)
    now = utcnow()
    window, decision = clock_lengths(work.table)
    fixed = work.game.wait_seconds(work.state)
    every = work.game.draw_every(work.state)
    if every is not None:
        # A draw game (keno, D-397): the round closes at the next draw of the table's schedule,
        # whoever bought a ticket and whenever; the first request after it runs the draw.
        if rnd.deadline_kind != "draw" or rnd.deadline is None:
            rnd.deadline, rnd.deadline_kind = next_draw(now, every), "draw"
    elif fixed is not None:
        # A wait the rules fix (D-470: a table paused for a player-dealer closes after it),
        # counted once from when it began.
        if rnd.deadline_kind != "pause" or rnd.deadline is None:
            rnd.deadline, rnd.deadline_kind = now + timedelta(seconds=fixed), "pause"
    elif turn is None:
        # Betting: the window opens with the round's first bet and does not stretch; it
        # shortens when a second person sits down at a table that was one player's.
        if not work.owners:
            rnd.deadline, rnd.deadline_kind = None, None
        elif rnd.deadline_kind != "betting" or rnd.deadline is None or rnd.deadline > now + window:
            rnd.deadline, rnd.deadline_kind = now + window, "betting"
    else:
        # A person's decision. Bots and the table move inside the request that gives them
        # the turn; if one is still to move here, something stopped it, and the clock's
        # default (D-009) unsticks the round rather than leaving it open for ever. A time
        # bank running for the seat to act runs on while nobody has moved (a seat change).
        if rnd.deadline_kind == f"time-bank:{turn}" and rnd.deadline is not None and \
                not any(j["actor"] != "table" for j in work.journal):
            return
        rnd.deadline, rnd.deadline_kind = now + decision, "decision"


def next_draw(now: datetime, every: int) -> datetime:
    """The first draw time after ``now`` on a schedule of one draw every ``every`` seconds,
    counted from the hour (a 4-minute table draws at :00, :04, :08 …)."""
    seconds = int(now.replace(tzinfo=UTC).timestamp())
    return datetime.fromtimestamp((seconds // every + 1) * every, UTC).replace(tzinfo=None)


def tick(table: Table) -> bool:
    """Apply a passed deadline, if any: close betting, or make the timed-out player's default
    move (D-009: the option that risks no more money). Returns True if the table moved."""
    rnd = current_round(table, clock_only=True)
    if rnd is None or rnd.status != "open":
        return open_itself(table, rnd)
    if rnd.deadline is None or utcnow() < rnd.deadline:
        return False
    with db.session.no_autoflush:
        _expire(RoundWork.resume(table, rnd))
    return True


def open_itself(table: Table, last: Round | None) -> bool:
    """A table whose game deals hand after hand (the poker room) opens and deals its next round
    itself a few seconds after the last is over (the players read the last hand's result
    meanwhile), when enough players sit. Two requests that both open it are told apart by the
    round's unique number (the loser's transaction is rolled back by its caller). A deal the
    game refuses (fewer than two players with chips) leaves nothing behind."""
    game = registry.engine(table.game, table.variant)
    if game.opens_itself is None or table.status != "open":
        return False
    # The wait counts from the last hand's end or the last player to sit down, whichever is
    # later, so a newcomer is not dealt in before the page has shown them the table.
    wait = timedelta(seconds=int((table.config or {}).get("next_hand_s", game.opens_itself)))
    since = [s.sat_at for s in table.seats if s.player_id is not None and s.sat_at is not None]
    if last is not None and last.ended_at is not None:
        since.append(last.ended_at)
    if since and utcnow() - max(since) < wait:
        return False
    if not game.can_open(table_carry(table), len(seat_owners(table))):
        return False
    with db.session.no_autoflush:
        work = start_round(table, last)
        from .bots import run_bots

        run_bots(work)
        try:
            refresh_stacks(work)
            work.apply(Action(game.window_closes_with, SYSTEM_SEAT), player=None, actor="table")
        except PlayError:
            db.session.rollback()
            return False
        settle_after(work)
        work.save()
    return True


def _expire(work: RoundWork) -> None:
    """The deadline has passed: the window closes, or the decision takes its default (after
    the seat's time bank, where the game gives one)."""
    kind = work.rnd.deadline_kind or ""
    if (kind == "decision" or kind.startswith("time-bank")) and is_shared(work.table) and draw_time_bank(work):
        work.save()
        return
    if work.rnd.deadline_kind == "betting" and work.game.to_act(work.state) is None:
        close_betting(work)
    else:
        default_move(work)
    if not is_shared(work.table):
        # D-009: a lone player's day is up, so the round is settled by the defaults now
        # rather than waiting another day at each decision.
        from .bots import run_bots

        for _ in range(MAX_BOT_STEPS):
            run_bots(work)
            if work.over or not default_move(work):
                break
    work.rnd.deadline, work.rnd.deadline_kind = None, None
    settle_after(work)
    work.save()


def draw_time_bank(work: RoundWork) -> bool:
    """The seat whose clock ran out draws on its time bank (D-239) instead of taking the
    default: the bank's seconds are added to its clock once and are spent."""
    turn = work.game.to_act(work.state)
    if turn is None or turn < 0:
        return False
    extra = work.game.time_bank(work.state, turn)
    if extra <= 0:
        return False
    work.apply(Action("time-bank", SYSTEM_SEAT, str(turn), extra), player=None, actor="timer")
    work.rnd.deadline, work.rnd.deadline_kind = utcnow() + timedelta(seconds=extra), f"time-bank:{turn}"
    return True


def default_move(work: RoundWork) -> bool:
    """The timed-out decision's default (D-009). False when the engine has none to make."""
    move = work.game.timeout_action(work.state)
    if move is None:
        return False
    work.apply(move, player=None, actor="timer")
    return True


def close_betting(work: RoundWork) -> None:
    """No more bets: start the round. Boxes the engine will not deal (under the minimum, a
    side bet without a main bet) get their chips back first."""
    from .presence import return_undealt_bets

    return_undealt_bets(work)  # P-015: never deal the bet of someone who is not there
    refresh_stacks(work)
    move = work.game.timeout_action(work.state)
    if move is not None:
        # Betting open to every seat until the wheel spins or the dice roll: the window's end
        # spins, or rolls for the shooter (D-025); bets that stand between rolls stay.
        saved = work.snapshot()
        try:
            work.apply(move, player=None, actor="timer")
        except PlayError:
            work.restore(saved)
        return
    action = Action(work.game.window_closes_with, SYSTEM_SEAT)
    for _ in range(len(work.table.seats) + 1):
        saved = work.snapshot()
        try:
            work.apply(action, player=None, actor="timer")
            return
        except PlayError:
            work.restore(saved)
            refused = [n for n in seat_owners(work.table)
                       if any(a.kind == "clear" for a in work.legal(n))]
            if not refused:
                return
            work.apply(Action("clear", refused[-1]), player=None, actor="timer")


def table_step(table: Table) -> None:
    """Let the table move without a player: bots and the system seat. Used after seating."""
    with db.session.no_autoflush:
        work = open_work(table)
        if work is None:
            return
        settle_after(work)
        work.save()
