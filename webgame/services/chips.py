"""The chip portal: chips bought from the wallet for one table, and cashed back."""

from __future__ import annotations

from ..engine.money import fmt
from ..games import registry
from ..models import Player, Table
from . import live, wallet
from .rounds import PlayError, next_round_rules
from .seating import in_play_anywhere


def buy_in(table: Table, player: Player, amount: int) -> None:
    if amount <= 0:
        raise PlayError("Enter an amount greater than zero.")
    game = registry.engine(table.game, table.variant)
    refusal = game.buy_in_refusal(next_round_rules(table), wallet.balance(wallet.chips(player.id, table.id)), amount)
    if refusal:
        raise PlayError(refusal)
    try:
        wallet.transfer(wallet.wallet(player.id), wallet.chips(player.id, table.id), amount,
                        memo="buy-in")
    except wallet.InsufficientFunds as exc:
        raise PlayError("Your wallet does not hold that much.") from exc
    live.touch(table.id)


def cash_out(table: Table, player: Player) -> int:
    """Every chip the player holds at the table back to the wallet; refused while any of
    their bets is on the layout (it settles to these chips)."""
    if in_play_anywhere(table, player):
        raise PlayError("Your bets are in play. Cash out when they are decided or taken down.")
    chips = wallet.chips(player.id, table.id)
    amount = wallet.balance(chips)
    wallet.transfer(chips, wallet.wallet(player.id), amount, memo="cash-out")
    live.touch(table.id)
    return amount


def cash_out_notice(amount: int) -> str:
    return f"{fmt(amount)} went back to your wallet." if amount else ""
