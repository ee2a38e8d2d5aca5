"""Everything a felt needs, for one viewer: the web layer renders it and never calls the
engine itself. The round is decoded once: a request that has just worked on it passes its
:class:`~webgame.services.rounds.RoundWork` and nothing is read or decoded again."""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

import sqlalchemy as sa

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


def next_round_legal(table: Table, seat: int) -> list[Any]:
    """What a seat may do at the start of the next round, before that round exists: a scratch
    round on a throwaway copy of the shoe lists the betting spots and their limits."""
    game = registry.engine(table.game)
    try:
        rules = next_round_rules(table)
    except PlayError:
        return []
    state = game.new_round(rules, _Unshuffled(), table_carry(table))
    return list(game.legal_actions(state, seat))


def table_view(table: Table, viewer: Player | None, *, work: RoundWork | None = None,
               error: str = "", notice: str = "") -> dict[str, Any]:
    game = registry.engine(table.game)
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
        wallet_id = account_id("wallet", player_id=viewer.id, name="Wallet")
        held = dict(db.session.execute(sa.select(Account.id, Account.balance)
                                       .where(Account.id.in_([chips_id, wallet_id]))).all())
        chips, wallet_balance = int(held.get(chips_id, 0)), int(held.get(wallet_id, 0))
    last = recall.settlements(rnd) if rnd is not None and rnd.status == "over" else []
    return {
        "table": table, "game": rules, "variant": variant, "round": rnd, "view": view,
        "my_seats": my_seats, "legal": legal, "chips": chips, "wallet": wallet_balance,
        "denominations": CHIP_DENOMINATIONS, "error": error, "notice": notice,
        "last_settlements": [s for s in last if s.player_id == (viewer.id if viewer else None)],
        "player": viewer, "round_over": not round_open,
        "now_iso": utcnow().isoformat() + "Z",
    }
