"""House bots (P-005, P-010): players flagged as bots, seated by the floor or beside the player
who asked for them, playing the engine's house strategy with real ledgered chips inside the
request that gives them their turn."""

from __future__ import annotations

import sqlalchemy as sa

from ..engine.protocol import SYSTEM_SEAT, Action, Stake
from ..extensions import db
from ..games import registry
from ..models import Player, Seat, Table
from .books import account_id
from .rounds import MAX_BOT_STEPS, PlayError, RoundWork, next_round_rules

MAX_BOTS_PER_PLAYER = 4  # P-010: with the player, five of a seven-seat table
BOT_FLOOR = 50_000  # a bot with less than this in chips is topped up before it bets
BOT_TOP_UP = 200_000
BOT_NAMES = ["Ada", "Benny", "Carla", "Dmitri", "Esme", "Frank", "Gloria", "Hank", "Iris", "Jules"]


def next_move(work: RoundWork, bots: list[int]) -> Action | None:
    """The next bot or table move the round is waiting for, if any."""
    game, state = work.game, work.state
    turn = game.to_act(state)
    if turn is not None and turn in bots:
        return game.bot_action(state, turn)
    if turn is None:
        for seat in bots:
            move = game.bot_action(state, seat)
            if move is not None:
                return move
        return None
    if turn == SYSTEM_SEAT:
        return game.bot_action(state, SYSTEM_SEAT)
    # D-013: everyone decides at once, so a bot never waits on a person's clock.
    for seat in game.deciding(state):
        if seat in bots:
            move = game.bot_action(state, seat)
            if move is not None:
                return move
    return None


def run_bots(work: RoundWork) -> None:
    owners = work.occupants
    bots = sorted(n for n, p in owners.items() if p.is_bot)
    for _ in range(MAX_BOT_STEPS):
        if work.over:
            return
        move = next_move(work, bots)
        if move is None:
            return
        bot = owners.get(move.seat) if move.seat != SYSTEM_SEAT else None
        saved = work.snapshot()
        try:
            if bot is not None:
                top_up(work, bot)
            events = work.apply(move, player=bot, actor="bot" if bot is not None else "table")
            if bot is not None and sum(e.amount for e in events if isinstance(e, Stake)) > 0 \
                    and work.chips_balance(bot.id) < 0:
                raise PlayError("the bot cannot cover that")
        except PlayError:
            work.restore(saved)
            return  # a bot that cannot act (no chips, refused) simply sits this one out


def top_up(work: RoundWork, bot: Player) -> None:
    """Bots play with real ledgered chips, issued from the cage when they run low."""
    held = work.chips_balance(bot.id)
    bankroll = work.game.bot_bankroll(work.rnd.rules)
    floor, target = bankroll if bankroll is not None else (BOT_FLOOR, held + BOT_TOP_UP)
    if held < floor:
        work.books.move(account_id("cage", name="Demo chip cage"), work.chips_id(bot.id), target - held,
                        "bot bankroll")


def add_bot(table: Table, number: int, by: Player) -> Seat:
    """Seat a house bot (P-010): the operator anywhere, a seated player beside themselves,
    at most MAX_BOTS_PER_PLAYER of their own at a table; never where bots are turned off."""
    from . import wallet
    from .seating import sit

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
    chips = wallet.chips(bot.id, table.id)
    bankroll = registry.engine(table.game, table.variant).bot_bankroll(next_round_rules(table))
    floor, target = bankroll if bankroll is not None else (BOT_FLOOR, wallet.balance(chips) + BOT_TOP_UP)
    if wallet.balance(chips) < floor:
        wallet.transfer(wallet.cage(), chips, target - wallet.balance(chips), memo="bot bankroll")
    return seat


def remove_bot(table: Table, number: int, by: Player) -> None:
    """The operator removes any bot; a player only a bot they seated (P-010)."""
    from .seating import seat_in_play, unseat

    seat = next((s for s in table.seats if s.number == number and s.is_bot), None)
    if seat is None:
        raise PlayError("There is no bot in that seat.")
    if not by.is_operator and seat.bot_sponsor_id != by.id:
        raise PlayError("Only the player who seated that bot, or the floor, may remove it.")
    if seat_in_play(table, number):
        raise PlayError("That bot is in the middle of a round.")
    unseat(table, seat)
