"""The books behind the books: money on a layout must belong to a round that will settle it.

``wallet.ledger_agrees_with_balances`` proves no cent was created or lost; it cannot see a
stake that sits on a table's layout with no round left to settle or return it (a round that
a race left open, a bet carried by a shoe the operator retired). This check can: for every
table, the cents in its ``wagers`` account must equal

* the bets standing between rounds in the table's carry (craps bets, a riding Back-to-Back),
  when no round is open; or
* what the open round started with (its ``carry_before``) plus every stake its journal
  took, less every refund and every settled stake, when one is.

A table with two open rounds is reported too (the database refuses it; this says so if a
database without the index ever holds one).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from ..engine.money import fmt
from ..extensions import db
from ..games import registry
from ..models import Round, RoundEvent, Table
from . import wallet
from .play import table_carry
from .rounds import BANK_BET
from .sportsbook import book_problems


def standing_total(table: Table, carry: Mapping[str, Any] | None) -> int:
    """Cents the carry keeps on the layout for the table's seats between rounds."""
    game = registry.engine(table.game, table.variant)
    if not carry:
        return 0
    return sum(game.standing(carry, seat.number) for seat in table.seats)


def outstanding(rnd: Round) -> int:
    """Cents a round's own journal put on the layout and has not yet taken off it. A
    player-dealer's stake lies in the table's bank, not on the layout (P-030)."""
    total = 0
    banked = registry.engine(rnd.game, rnd.variant).player_banked
    for events in db.session.scalars(sa.select(RoundEvent.events).where(RoundEvent.round_id == rnd.id)):
        for ev in events or []:
            kind = ev.get("type")
            if banked and ev.get("bet") == BANK_BET:
                continue
            if kind == "Stake":
                total += int(ev["amount"])
            elif kind == "Refund":
                total -= int(ev["amount"])
            elif kind == "Settlement":
                total -= int(ev["stake"])
    return total


def expected_on_layout(table: Table) -> tuple[int, list[Round]]:
    opened = list(db.session.scalars(
        sa.select(Round).where(Round.table_id == table.id, Round.status == "open").order_by(Round.number)))
    if not opened:
        return standing_total(table, table_carry(table)), opened
    rnd = opened[-1]
    return standing_total(table, rnd.carry_before) + outstanding(rnd), opened


def bank_problems(table: Table) -> list[str]:
    """A player-dealer table's bank holds the P/D's posted stake while a hand is banked and
    nothing between hands: money left there would belong to nobody (P-030)."""
    if not registry.engine(table.game, table.variant).player_banked:
        return []
    held = wallet.balance(wallet.account("bank", table_id=table.id, name="Player-dealer bank"))
    rnd = db.session.scalars(sa.select(Round).where(Round.table_id == table.id, Round.status == "open")
                             .order_by(Round.number.desc())).first()
    posted = 0
    if rnd is not None:
        for events in db.session.scalars(sa.select(RoundEvent.events).where(RoundEvent.round_id == rnd.id)):
            for ev in events or []:
                if ev.get("bet") == BANK_BET and ev.get("type") == "Stake":
                    posted += int(ev["amount"])
                elif ev.get("bet") == BANK_BET and ev.get("type") == "Settlement":
                    posted -= int(ev["stake"])
    # A hand settles all at once at its end, so an open round's bank holds exactly the stake.
    if held != posted:
        return [(f"Table {table.id} ({table.name}) has {fmt(held)} in its player-dealer bank, but the "
                 f"stake posted for the hand in play is {fmt(posted)}.")]
    return []


def pot_problems(table: Table) -> list[str]:
    """Where players play each other the pot settles all at once at the end of a hand (the
    losers' chips in, the winners' and the house's take out), so it holds nothing between
    actions: money left there would belong to nobody."""
    if not registry.engine(table.game, table.variant).pot_banked:
        return []
    held = wallet.balance(wallet.account("pot", table_id=table.id, name="Pot"))
    if held:
        return [f"Table {table.id} ({table.name}) has {fmt(held)} left in its pot after the hands were settled."]
    return []


def carried_problems(table: Table) -> list[str]:
    """A pot carried from hand to hand (Trips, D-801) is owed to the table's round of play: its
    account holds exactly what the last finished hand left in the carry (an open hand moves it
    only as it settles), so nothing is lost, created or kept by the house."""
    game = registry.engine(table.game, table.variant)
    if not game.carries_pot:
        return []
    held = wallet.balance(wallet.account("carried", table_id=table.id, name="Carried pot"))
    opened = db.session.scalars(sa.select(Round).where(Round.table_id == table.id, Round.status == "open")
                                .order_by(Round.number.desc())).first()
    owed = game.carried_pot(opened.carry_before if opened is not None else table_carry(table))
    if held != owed:
        return [(f"Table {table.id} ({table.name}) holds {fmt(held)} as its carried pot, but its round of "
                 f"play is owed {fmt(owed)}.")]
    return []


def layout_problems() -> list[str]:
    """Plain sentences, one per table whose layout holds money no round will settle."""
    problems = []
    for table in db.session.scalars(sa.select(Table).order_by(Table.id)):
        on_layout = wallet.balance(wallet.wagers(table.id))
        expected, opened = expected_on_layout(table)
        if len(opened) > 1:
            problems.append(f"Table {table.id} ({table.name}) has {len(opened)} open rounds: "
                            + ", ".join(f"#{r.number}" for r in opened) + ".")
        problems += bank_problems(table)
        problems += pot_problems(table)
        problems += carried_problems(table)
        if on_layout != expected:
            problems.append(f"Table {table.id} ({table.name}) has {fmt(on_layout)} on the layout, but only "
                            f"{fmt(expected)} of it belongs to a round or standing bet that will settle it.")
    # The sports book is no table: its stakes wait in the book's account for their tickets.
    return problems + book_problems()
