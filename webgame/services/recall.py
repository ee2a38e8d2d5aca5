"""Game recall and the fairness proof: replay a round from its seed and its journal.

A finished round reveals its seed. Anyone can check that SHA-256(seed) equals the
commitment shown before the round, and that replaying the journal (every action,
each with randomness from HMAC(seed, its place in the journal)) from the state the
table was in before the round reproduces exactly the cards, rolls and outcome stored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from ..engine.protocol import Action
from ..engine.rng import verify_commitment
from ..extensions import db
from ..games import registry
from ..models import BetSettlement, Player, Round, RoundEvent, RoundSeat
from .play import action_rng


@dataclass
class Proof:
    round_id: int
    revealed: bool
    commitment: str
    seed: str | None
    hash_matches: bool | None = None
    replay_matches: bool | None = None
    actions: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def verified(self) -> bool:
        return bool(self.revealed and self.hash_matches and self.replay_matches)


def journal(rnd: Round) -> list[RoundEvent]:
    return list(db.session.scalars(
        sa.select(RoundEvent).where(RoundEvent.round_id == rnd.id).order_by(RoundEvent.seq)))


def replay_state(rnd: Round) -> Any:
    """The round's state rebuilt from scratch: carry before, seed and journal only."""
    game = registry.engine(rnd.game, rnd.variant)
    state = game.new_round(rnd.rules, action_rng(rnd.seed, 0), rnd.carry_before)
    for entry in journal(rnd):
        if entry.seq == 0:
            continue
        game.apply(state, Action.from_dict(entry.action), action_rng(rnd.seed, entry.seq))
    return state


def prove(rnd: Round) -> Proof:
    if rnd.status == "open":
        return Proof(rnd.id, False, rnd.commitment, None)
    proof = Proof(rnd.id, True, rnd.commitment, rnd.seed)
    proof.hash_matches = verify_commitment(rnd.seed, rnd.commitment)
    if not proof.hash_matches:
        proof.problems.append("The seed does not hash to the commitment.")
    try:
        game = registry.engine(rnd.game, rnd.variant)
        replayed = game.dump(replay_state(rnd))
        proof.replay_matches = _canon(replayed) == _canon(rnd.state)
        if not proof.replay_matches:
            proof.problems.append("Replaying the journal does not give the stored round.")
    except Exception as exc:  # a journal that no longer replays is itself the finding  # noqa: BLE001
        proof.replay_matches = False
        proof.problems.append(f"Replay failed: {exc}")
    proof.actions = len(journal(rnd)) - 1
    return proof


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def player_rounds(player_id: int, limit: int = 50) -> list[RoundSeat]:
    """The player's rounds, newest first (recall keeps at least the last ten per table)."""
    return with_closing_chips(list(db.session.scalars(
        sa.select(RoundSeat).where(RoundSeat.player_id == player_id)
        .order_by(RoundSeat.id.desc()).limit(limit))))


def round_seats(rnd: Round) -> list[RoundSeat]:
    return with_closing_chips(list(db.session.scalars(
        sa.select(RoundSeat).where(RoundSeat.round_id == rnd.id).order_by(RoundSeat.seat))))


def with_closing_chips(seats: list[RoundSeat]) -> list[RoundSeat]:
    """Each finished round's closing chips for recall: the opening chips plus everything the
    round's own ledger entries moved into and out of that seat's chips (read here, so the
    action that ends a round writes nothing more for it). Not stored: a view of the ledger."""
    from ..models import Account, LedgerEntry

    for rs in seats:
        rnd = rs.round
        if rs.chips_after is not None or rs.player_id is None or rnd.status == "open":
            continue
        chips = db.session.scalar(sa.select(Account.id).filter_by(kind="chips", player_id=rs.player_id,
                                                                   table_id=rnd.table_id))
        moved = db.session.execute(
            sa.select(sa.func.coalesce(sa.func.sum(sa.case((LedgerEntry.credit_id == chips, LedgerEntry.amount),
                                                           else_=-LedgerEntry.amount)), 0))
            .where(LedgerEntry.round_id == rnd.id,
                   sa.or_(LedgerEntry.credit_id == chips, LedgerEntry.debit_id == chips))).scalar()
        rs.__dict__["chips_after"] = rs.chips_before + int(moved or 0)
    return seats


def settlements(rnd: Round) -> list[BetSettlement]:
    return list(db.session.scalars(
        sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id).order_by(BetSettlement.id)))


def last_bets(table: Any, seat: int, player_id: int) -> list[tuple[str, int]]:
    """The bets (spot, total) a seat made in its owner's latest round at this table."""
    from ..models import Round as R

    rounds = db.session.scalars(
        sa.select(R).join(RoundSeat, RoundSeat.round_id == R.id)
        .where(R.table_id == table.id, RoundSeat.seat == seat, RoundSeat.player_id == player_id,
               R.status == "over")
        .order_by(R.number.desc()).limit(1)).all()
    if not rounds:
        return []
    totals: dict[str, int] = {}
    for entry in journal(rounds[0]):
        act = entry.action
        if entry.player_id == player_id and act.get("seat") == seat:
            if act.get("kind") == "bet":
                totals[act["spot"]] = totals.get(act["spot"], 0) + int(act.get("amount", 0))
            elif act.get("kind") == "clear":
                if act.get("spot"):
                    totals.pop(act["spot"], None)
                else:
                    totals.clear()
    return [(spot, amount) for spot, amount in totals.items() if amount > 0]


def hand_history(rnd: Round, viewer_seat: int | None) -> str:
    """A finished poker hand as text in the common hand-history format: the viewer's own hole
    cards, the cards shown at showdown, the board, every action, the pots and who won them
    (the engine writes it; "" for a game that keeps none)."""
    game = registry.engine(rnd.game, rnd.variant)
    seats = {rs.player_id: rs.seat for rs in round_seats(rnd) if rs.player_id is not None}
    names = {seats[pid]: name for pid, name in db.session.execute(
        sa.select(Player.id, Player.display_name).where(Player.id.in_(list(seats))))}
    started = rnd.started_at.isoformat()
    return game.history(game.load(rnd.state), viewer_seat, names, rnd.table.name, rnd.id, started)
