"""The chip portal: chips bought from the wallet for one table, and cashed back."""

from __future__ import annotations

import sqlalchemy as sa

from ..engine.money import fmt
from ..extensions import db
from ..games import registry
from ..models import Account, LedgerEntry, Player, Table, utcnow
from . import live, wallet
from .rounds import PlayError, next_round_rules
from .seating import in_play_anywhere


def buy_in(table: Table, player: Player, amount: int) -> None:
    if amount <= 0:
        raise PlayError("Enter an amount greater than zero.")
    game = registry.engine(table.game, table.variant)
    rules = next_round_rules(table)
    chips = wallet.chips(player.id, table.id)
    holding = wallet.balance(chips)
    refusal = game.buy_in_refusal(rules, holding, amount, purchases(chips), utcnow().date().isoformat())
    if refusal:
        raise PlayError(refusal)
    try:
        wallet.transfer(wallet.wallet(player.id), chips, amount,
                        memo=game.buy_in_memo(rules, holding, amount))
    except wallet.InsufficientFunds as exc:
        raise PlayError("Your wallet does not hold that much.") from exc
    live.bump(table)  # the answer shows the version its own stream event announces


def purchases(chips: Account) -> list[tuple[str, str]]:
    """Every purchase of chips into this table account, oldest first, as (memo, day): what a
    game needs to judge the next one (the poker room's short buy-ins, D-411)."""
    rows = db.session.execute(
        sa.select(LedgerEntry.memo, LedgerEntry.created_at)
        .where(LedgerEntry.credit_id == chips.id, LedgerEntry.debit_id == wallet.wallet(chips.player_id or 0).id)
        .order_by(LedgerEntry.id))
    return [(memo, created.date().isoformat()) for memo, created in rows]


def cash_out(table: Table, player: Player) -> int:
    """Every chip the player holds at the table back to the wallet; refused while any of
    their bets is on the layout (it settles to these chips)."""
    if in_play_anywhere(table, player):
        raise PlayError("Your bets are in play. Cash out when they are decided or taken down.")
    chips = wallet.chips(player.id, table.id)
    amount = wallet.balance(chips)
    wallet.transfer(chips, wallet.wallet(player.id), amount, memo="cash-out")
    live.bump(table)  # the answer shows the version its own stream event announces
    return amount


def cash_out_notice(amount: int) -> str:
    return f"{fmt(amount)} went back to your wallet." if amount else ""
