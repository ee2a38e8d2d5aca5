"""One player action = one database transaction, in a fixed number of statements.

The path of an action (``act``):

1. the web layer loads the table, its seats and players, and the round the player's form
   showed, in one statement (:func:`load_table`);
2. the action must be a legal action of the player's own seat (:func:`require_legal`);
3. a :class:`RoundWork` decodes the round's state once, applies the action and every bot
   and table move it triggers with the engine, books their money in memory (:mod:`.books`),
   journals them, sets the clock, and
4. :meth:`RoundWork.save` writes it all: the table and the round (an UPDATE that says
   ``WHERE version = <the version the form showed>``, so of two posts made against one
   version exactly one is applied, P-004), the balances, the ledger, the settlements, the
   journal and the seats' opening balances, each one statement whatever the number of
   seats and bets. The caller commits, or rolls everything back on error.

The first action of a round opens it: the new round is numbered from the finished round the
form showed, so two requests that both saw round N finished both try to open N + 1 and the
database keeps one (the unique round number, and the one-open-round index behind it).

Each action draws its randomness from its own stream, keyed by the round's secret seed and
the action's place in the journal, so a round is replayed exactly from (carry before, seed,
journal): that is recall and the fairness proof.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import InstanceState, defer, joinedload, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError

from ..engine.money import fmt
from ..engine.paytable import resolve
from ..engine.protocol import (
    Action,
    CarriedPot,
    Drop,
    Fee,
    Game,
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
    Account,
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
from .books import Books, Overdrawn, account_id

BANK_BET = "bank"  # the player-dealer's stake (games/california/coverage.BANK_BET)
POT_BET = "pot"  # a seat's chips in the pot where players play each other (games/poker/table.py)
MAX_BOT_STEPS = 400  # a round never needs more bot decisions than this in one request
MOVED_ON = "The table moved on. Here is where it stands now."


class PlayError(Exception):
    """Refused: the message is shown to the player next to what they did; nothing changed."""


class StaleError(PlayError):
    pass


class RoundOpened(StaleError):
    """The next round's INSERT was refused: another request opened that round first."""


class ClaimLost(StaleError):
    """The round's claim changed no row: another request wrote the round since it was read."""


def action_rng(seed: str, seq: int) -> SeededRng:
    """The randomness of one journal entry: HMAC(seed, seq). Seq 0 opens the round."""
    return SeededRng(hmac.new(bytes.fromhex(seed), f"action:{seq}".encode(), hashlib.sha256).digest())


# -- reading a table ------------------------------------------------------------------

class Loaded(NamedTuple):
    """What :func:`load_table` read: the table, the round the form showed, and the viewer's
    chips at the table and wallet balance (account kind -> cents; empty without a viewer)."""

    table: Table | None
    posted: Round | None
    held: dict[str, int]
    settled: int | None = None  # the posted round's settlement rows when it was read


@functools.lru_cache(maxsize=2)
def _load_statement(with_viewer: bool) -> sa.Select[Any]:
    """The statement of :func:`load_table`, built once (with and without a viewer): its
    table, round and viewer are bound parameters."""
    table_id, round_id = sa.bindparam("table_id", type_=sa.Integer), sa.bindparam("round_id", type_=sa.Integer)
    viewer_id = sa.bindparam("viewer_id", type_=sa.Integer)

    def balance(kind: str, table_column: Any) -> Any:
        return (sa.select(Account.balance)
                .where(Account.kind == kind, Account.player_id == viewer_id, table_column)
                .limit(1).scalar_subquery())

    columns: list[Any] = [Table, Round,
                          sa.select(sa.func.count(BetSettlement.id))
                          .where(BetSettlement.round_id == round_id).scalar_subquery()]
    if with_viewer:
        columns += [balance("chips", Account.table_id == table_id).label("chips"),
                    balance("wallet", Account.table_id.is_(None)).label("wallet"), Player]
    query = (sa.select(*columns)
             .outerjoin(Round, sa.and_(Round.table_id == Table.id, Round.id == round_id)))
    if with_viewer:
        # The viewer's own row, so that the login finds the player loaded (P-426).
        query = query.outerjoin(Player, Player.id == viewer_id)
    return (query.where(Table.id == table_id)
            .options(joinedload(Table.seats.and_(Seat.player_id.is_not(None))).joinedload(Seat.player),
                     defer(Round.carry_before)))


def load_table(table_id: int, round_id: int | None = None, viewer_id: int | None = None) -> Loaded:
    """The table with its occupied seats and their players, the round ``round_id`` if it is
    this table's with the number of its settlement rows, and the viewer's chips and wallet
    balances and own player row (which the login then finds in the session, P-426): one
    statement, for the path of an action.

    Only occupied seats are joined, so the table's and the round's columns repeat once per
    player rather than once per seat; the shoe the round started from (read by recall, never
    by an action) is not read at all. The session keeps its objects after a commit (P-017),
    so :func:`seats_afresh` must run before the page is drawn: it puts the table's empty
    seats beside the occupied ones without reading them again."""
    query = _load_statement(viewer_id is not None)
    params = {"table_id": table_id, "round_id": round_id or 0, "viewer_id": viewer_id or 0}
    row = db.session.execute(query, params).unique().first()
    if row is None:
        return Loaded(None, None, {})
    held = {"chips": int(row[3] or 0), "wallet": int(row[4] or 0)} if viewer_id is not None else {}
    return Loaded(row[0], row[1], held, int(row[2] or 0) if row[1] is not None else None)


def seats_afresh(table: Table) -> None:
    """Complete the occupied-seats-only collection :func:`load_table` read with the table's
    empty seats, for the page. A table's seats are the rows numbered 0 to ``seat_count - 1``,
    made with the table and never added or dropped (``tables.create_table``), so a number
    missing from the occupied ones is an empty seat: it is drawn from an unsaved ``Seat`` that
    never joins the session, and nothing is read again."""
    seats = list(table.seats)
    taken = {s.number for s in seats}
    if len(taken) < table.seat_count:
        seats += [Seat(table_id=table.id, number=n) for n in range(table.seat_count) if n not in taken]
        seats.sort(key=lambda s: s.number)
    set_committed_value(table, "seats", seats)


def current_round(table: Table, *, clock_only: bool = False) -> Round | None:
    """The table's newest round. ``clock_only``: without the round's JSON columns (rules,
    state, owners, stakes at risk), which a look at its clock does not read (they load when
    first touched); the next full read of the same round in the session fills them in, so a
    page that looks at the clock and then draws the round decodes its state once."""
    query = sa.select(Round).where(Round.table_id == table.id).order_by(Round.number.desc()).limit(1)
    if clock_only:
        query = query.options(defer(Round.state), defer(Round.rules), defer(Round.carry_before),
                              defer(Round.owners), defer(Round.at_risk))
    return db.session.scalars(query).first()


def seat_owners(table: Table) -> dict[int, Player]:
    return {s.number: s.player for s in table.seats if s.player is not None}


def table_epoch(table: Table) -> int:
    """Bumped by the operator when the game, variant or shoe changes: the old shoe is retired."""
    return int((table.config or {}).get("epoch", 0))


def table_carry(table: Table) -> dict[str, Any] | None:
    """What the next round inherits (the shoe), unless the operator changed the table since."""
    carry = table.carry or {}
    if carry.get("epoch") != table_epoch(table) and not registry.engine(table.game, table.variant).carries_pot:
        return None  # a carried pot is owed to the table's round of play and outlives a change (D-801)
    data = carry.get("data")
    return dict(data) if data else None


def went_dead(last: Round, rules: Mapping[str, Any]) -> bool:
    """D-011 "game goes dead": no round dealt at the table for ``dead_game_minutes``,
    counted from when the last round ended (or opened, if it never finished). Rounds open
    with their first bet, so the time between is time with no round at the table."""
    since = last.ended_at or last.started_at
    minutes = int(rules["dead_game_minutes"])  # every shoe game's rules data sets it (D-011)
    return bool(utcnow() - since >= timedelta(minutes=minutes))


def next_round_rules(table: Table) -> dict[str, Any]:
    """The rules the table's next round will run on; a configuration that no longer fits the
    rulebook (saved before a limit was bound, D-004) refuses play with plain words."""
    variant = registry.rules(table.game).variants[table.variant]
    try:
        return resolve(variant, table.config)
    except (ValueError, KeyError, TypeError) as exc:
        raise PlayError(f"This table is closed for a change of its rules: {exc}") from exc


# -- the commitment before the round (P-001, P-012) -----------------------------------

def publish_next_commitment(table: Table) -> None:
    """Draw the next round's seed and show its commitment before anyone bets on it.

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


def meter_balances(rules: dict[str, Any]) -> dict[str, int]:
    """The progressive meters a round's rules name, with their balances now; a meter is
    seeded by the house the first time it is used (D-020)."""
    from ..models import LedgerEntry

    out = {}
    for name, seed_cents in (rules.get("progressive_meters") or {}).items():
        meter = wallet.jackpot(name)
        if wallet.balance(meter) == 0 and not db.session.scalar(
                sa.select(sa.func.count(LedgerEntry.id)).where(
                    sa.or_(LedgerEntry.debit_id == meter.id, LedgerEntry.credit_id == meter.id))):
            wallet.transfer(wallet.house(), meter, int(seed_cents), memo="meter seed")
        out[name] = wallet.balance(meter)
    return out


# -- the work on one round in one request ---------------------------------------------

@dataclass
class RoundWork:
    """A round's state decoded once, the moves applied to it, and what they owe the books."""

    table: Table
    rnd: Round
    game: Game[Any]
    state: Any
    is_new: bool
    books: Books = field(default_factory=Books)
    journal: list[dict[str, Any]] = field(default_factory=list)
    settlements: list[dict[str, Any]] = field(default_factory=list)
    new_seats: list[tuple[int, int]] = field(default_factory=list)  # (seat, player id)
    released: list[int] = field(default_factory=list)  # seats handed back with nothing at stake
    owners: dict[str, Any] = field(default_factory=dict)
    at_risk: dict[str, int] = field(default_factory=dict)
    seq: int = 0
    seen_version: int = 0
    occupants: dict[int, Player] = field(default_factory=dict)
    known_chips: dict[int, int] = field(default_factory=dict)  # account id -> balance read
    # The round's settlement rows written by this request, and how many it had before (None:
    # not known), so that the answer lists them without reading them back (P-280).
    settled_here: list[dict[str, Any]] = field(default_factory=list)
    settled_before: int | None = None

    @classmethod
    def resume(cls, table: Table, rnd: Round) -> RoundWork:
        game = registry.engine(rnd.game, rnd.variant)
        return cls(table, rnd, game, game.load(rnd.state), False, owners=dict(rnd.owners or {}),
                   at_risk={k: int(v) for k, v in (rnd.at_risk or {}).items()}, seq=rnd.journal_len,
                   seen_version=rnd.version, occupants=seat_owners(table))

    def settlement_rows(self) -> list[BetSettlement] | None:
        """Every settlement row of the round, in the order written, when this request knows
        them all (it opened the round, or the round had none when it was read); else None."""
        if self.settled_before != 0:
            return None
        return [BetSettlement(**dict(row, round_id=self.rnd.id)) for row in self.settled_here]

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    # -- moves --------------------------------------------------------------------------
    def apply(self, action: Action, *, player: Player | None, actor: str) -> list[Any]:
        seq = self.seq + 1
        try:
            events = self.game.apply(self.state, action, action_rng(self.rnd.seed, seq))
        except IllegalAction as exc:
            raise PlayError(str(exc)) from exc
        for ev in events:
            self._book(ev)
        self.seq = seq
        self.journal.append({"seq": seq, "player_id": player.id if player else None, "actor": actor,
                             "action": action.to_dict(), "events": [event_to_dict(e) for e in events],
                             "created_at": utcnow()})
        return events

    def legal(self, seat: int) -> list[Any]:
        return list(self.game.legal_actions(self.state, seat))

    def _owner(self, seat: int) -> int:
        key = str(seat)
        if key not in self.owners:
            occupant = self.occupants.get(seat)
            if occupant is None:
                raise PlayError("Nobody sits in that seat.")
            self.owners[key] = occupant.id
            self.new_seats.append((seat, occupant.id))
        return int(self.owners[key])

    def release(self, seat: int) -> None:
        """The seat's player left it with nothing at stake in this round (every bet taken back):
        the round forgets them, so whoever sits next bets from their own chips, not from the
        chips of the player who left (their part in the round, all of it returned, is dropped
        from its seats: P-039)."""
        key = str(seat)
        if key not in self.owners or self.at_risk.get(key, 0):
            return
        del self.owners[key]
        self.new_seats = [(n, pid) for n, pid in self.new_seats if n != seat]
        self.released.append(seat)

    def chips_id(self, player_id: int) -> int:
        return account_id("chips", player_id=player_id, table_id=self.table.id, name="Table chips")

    def _book(self, ev: Any) -> None:
        """Turn one engine event into ledger movements (written by :meth:`save`)."""
        if isinstance(ev, Note):
            return
        house = house_tray(self.table)
        if isinstance(ev, MeterMove):
            meter = account_id("jackpot", name=ev.meter)
            if ev.direction == "in":
                self.books.move(house, meter, ev.amount, ev.memo or "meter contribution")
            elif ev.direction == "out":
                # D-020: the meter never pays more than it holds; the house guarantees the rest.
                held = int(db.session.scalar(sa.select(Account.balance).where(Account.id == meter)) or 0)
                held += self.books.pending_delta(meter)
                self.books.move(meter, house, min(ev.amount, max(held, 0)), ev.memo or "meter award")
            else:
                raise ValueError(f"unknown meter direction {ev.direction!r}")
            return
        if isinstance(ev, Drop):
            self.books.move(pot_account(self.table), take_account(self.table, ev.account), ev.amount,
                            ev.memo or "the house's take")
            return
        if isinstance(ev, CarriedPot):
            # A pot that outlives its hand (Trips, D-801): kept aside for the table's round of
            # play, and brought back into the pot when a hand is settled against it.
            pot, kept = pot_account(self.table), carried_pot_account(self.table)
            if ev.direction == "keep":
                self.books.move(pot, kept, ev.amount, ev.memo or "pot carried to the next hand")
            elif ev.direction == "bring":
                self.books.move(kept, pot, ev.amount, ev.memo or "carried pot back in play")
            else:
                raise ValueError(f"unknown carried-pot direction {ev.direction!r}")
            return
        owner = self._owner(ev.seat)
        chips = self.chips_id(owner)
        on_layout = account_id("wagers", table_id=self.table.id, name="Wagers on the layout")
        key = str(ev.seat)
        if isinstance(ev, Fee):
            self.books.move(chips, fees_account(self.table), ev.amount, ev.memo or "collection fee")
            return
        if self.game.player_banked and ev.bet == BANK_BET and isinstance(ev, (Stake, Settlement)):
            self._book_bank(ev, owner, chips)
            return
        if isinstance(ev, Stake):
            self.books.move(chips, on_layout, ev.amount, f"{ev.bet} wager")
            self.at_risk[key] = self.at_risk.get(key, 0) + ev.amount
        elif isinstance(ev, Refund):
            self.books.move(on_layout, chips, ev.amount, f"{ev.bet} taken back")
            self.at_risk[key] = self.at_risk.get(key, 0) - ev.amount
        elif isinstance(ev, Settlement):
            self.settlements.append({"seat": ev.seat, "bet": ev.bet, "player_id": owner, "stake": ev.stake,
                                     "returned": ev.returned, "result": ev.result,
                                     "detail": ev.detail[:120], "created_at": utcnow()})
            # Where players play each other, the pot pays the winners what the losers put in;
            # anything else (a jackpot award) is the house's, reimbursed by its meter.
            bank = (pot_account(self.table) if self.game.pot_banked and ev.bet == POT_BET
                    else banker(self.table, self.game))
            if ev.returned > ev.stake:
                self.books.move(bank, on_layout, ev.returned - ev.stake, f"{ev.bet} win")
            elif ev.returned < ev.stake:
                self.books.move(on_layout, bank, ev.stake - ev.returned, f"{ev.bet} lost")
            self.books.move(on_layout, chips, ev.returned, f"{ev.bet} {ev.result}")
            self.at_risk[key] = self.at_risk.get(key, 0) - ev.stake

    def _book_bank(self, ev: Stake | Settlement, owner: int, chips: int) -> None:
        """The player-dealer's stake: chips to the table's bank when the bank is taken (P-030),
        and what the bank holds after the hand back to the P/D's chips, leaving it empty."""
        bank = bank_account(self.table)
        key = str(ev.seat)
        if isinstance(ev, Stake):
            self.books.move(chips, bank, ev.amount, "player-dealer's bank posted")
            self.at_risk[key] = self.at_risk.get(key, 0) + ev.amount
            return
        self.settlements.append({"seat": ev.seat, "bet": ev.bet, "player_id": owner, "stake": ev.stake,
                                 "returned": ev.returned, "result": ev.result,
                                 "detail": ev.detail[:120], "created_at": utcnow()})
        self.books.move(bank, chips, ev.returned, "player-dealer's bank back")
        self.at_risk[key] = self.at_risk.get(key, 0) - ev.stake

    def snapshot(self) -> tuple[Any, ...]:
        """Everything a move changes in memory, to undo a bot move that could not be made."""
        return (copy.deepcopy(self.state), copy.deepcopy(self.books.entries), dict(self.books.deltas),
                list(self.journal), list(self.settlements), list(self.new_seats), dict(self.owners),
                dict(self.at_risk), self.seq)

    def restore(self, saved: tuple[Any, ...]) -> None:
        (self.state, self.books.entries, self.books.deltas, self.journal, self.settlements, self.new_seats,
         self.owners, self.at_risk, self.seq) = saved

    def chips_balance(self, player_id: int) -> int:
        """A seat's chips as they will stand after the moves booked so far (read once)."""
        acct = self.chips_id(player_id)
        if acct not in self.known_chips:
            self.known_chips[acct] = int(db.session.scalar(
                sa.select(Account.balance).where(Account.id == acct)) or 0)
        return self.known_chips[acct] + self.books.pending_delta(acct)

    # -- the end of the round -----------------------------------------------------------
    def finish_if_over(self) -> None:
        if self.rnd.status != "open" or not self.over:
            return
        self.rnd.status = "over"
        self.rnd.ended_at = utcnow()
        self.table.carry = {"epoch": table_epoch(self.table), "data": self.game.carry(self.state)}
        if self.table.next_seed is None:  # P-012: the next round's commitment, before its bets
            seed = new_seed()
            self.table.next_seed, self.table.next_commitment = seed, commitment(seed)

    # -- writing ------------------------------------------------------------------------
    def save(self) -> None:
        rnd = self.rnd
        rnd.state = self.game.dump(self.state)
        rnd.owners = dict(self.owners)
        rnd.at_risk = {k: v for k, v in self.at_risk.items() if v}
        rnd.journal_len = self.seq
        live.bump(self.table)  # the table's own UPDATE, returning the version the answer shows (and its NOTIFY)
        written = [self.table]
        if self.is_new:
            self._open()
        else:
            self._claim()
            written.append(rnd)
        for obj in written:
            written_clean(obj)
        try:
            db.session.flush()  # anything else the request changed (the round and the table are written)
        except (StaleDataError, IntegrityError) as exc:
            raise StaleError(MOVED_ON) from exc
        for entry in self.books.entries:
            entry["round_id"] = rnd.id
        seat_accounts = {seat: self.chips_id(pid) for seat, pid in self.new_seats}
        self.books.watch(seat_accounts.values())
        deltas = dict(self.books.deltas)
        try:
            balances = self.books.write()
        except Overdrawn as exc:
            raise PlayError("Not enough chips for that bet. Buy more chips from your wallet.") from exc
        if self.settlements:
            self.settled_here += self.settlements
            try:
                db.session.connection().execute(BetSettlement.__table__.insert(), [dict(s, round_id=rnd.id) for s in self.settlements])
            except IntegrityError as exc:
                raise StaleError("That bet was already settled.") from exc
        if self.journal:
            db.session.connection().execute(RoundEvent.__table__.insert(), [dict(j, round_id=rnd.id) for j in self.journal])
        if self.released:
            db.session.execute(sa.delete(RoundSeat).where(RoundSeat.round_id == rnd.id,
                                                          RoundSeat.seat.in_(self.released)))
            self.released = []
        if self.new_seats:
            db.session.connection().execute(RoundSeat.__table__.insert(), [
                {"round_id": rnd.id, "seat": seat, "player_id": pid,
                 "chips_before": balances[seat_accounts[seat]] - deltas.get(seat_accounts[seat], 0)}
                for seat, pid in self.new_seats])
        self.journal, self.settlements, self.new_seats = [], [], []
        self.seen_version = rnd.version
        self.is_new = False

    def _open(self) -> None:
        """The new round's INSERT, one Core statement returning the whole row (its id and the
        columns' defaults), after which the round joins the session as a clean, persistent
        object: the flush has nothing to write for it. Its unique number refuses the second of
        two requests opening the same round, as the ORM's INSERT did."""
        rnd = self.rnd
        values = {key: rnd.__dict__[key] for key in _ROUND_COLUMNS if key in rnd.__dict__}
        try:
            row = db.session.connection().execute(_open_statement(tuple(values)), values).one()
        except IntegrityError as exc:
            raise RoundOpened(MOVED_ON) from exc
        for key, value in zip(_ROUND_COLUMNS, row, strict=True):
            set_committed_value(rnd, key, value)
        make_transient_to_detached(rnd)
        db.session.add(rnd)

    def _claim(self) -> None:
        """The round's UPDATE, ``WHERE version = <the version the form showed>`` (P-004): of two
        posts made against one version exactly one changes a row; the other is refused as
        moved on. One Core statement with the columns the action changed; they become the
        object's committed values, so the flush has nothing left to write for the round."""
        rnd = self.rnd
        state: InstanceState[Round] = sa.inspect(rnd)
        values: dict[str, Any] = {}
        pending = state.committed_state  # an attribute set since it was loaded; the rest are unchanged
        for key in [k for k in _ROUND_COLUMNS if k in pending]:
            if key not in ("id", "version") and key not in state.unloaded and state.attrs[key].history.has_changes():
                values[key] = getattr(rnd, key)
        claimed = db.session.connection().execute(
            _claim_statement(tuple(values)),
            {**values, "_id": rnd.id, "_seen": self.seen_version, "version": self.seen_version + 1})
        if claimed.rowcount != 1:
            raise ClaimLost(MOVED_ON)
        for key, value in values.items():
            set_committed_value(rnd, key, value)
        set_committed_value(rnd, "version", self.seen_version + 1)


def written_clean(obj: Any) -> None:
    """An object whose changed columns a Core statement has just written (``live.bump``,
    ``RoundWork._claim``) holds nothing more to write: the values it was given back unchanged
    (the same owners, an equal JSON) are committed as they are, and the object is marked clean,
    so the flush after it does not walk the unit of work to find nothing. An object with any
    other change pending (a relationship, a collection) is left to the flush."""
    state: InstanceState[Any] = sa.inspect(obj)
    for key in list(state.committed_state):
        attr = state.mapper.attrs.get(key)
        if attr is None or not isinstance(attr, sa.orm.ColumnProperty) or state.attrs[key].history.has_changes():
            return
        set_committed_value(obj, key, getattr(obj, key))
    if not state.committed_state and "_pending_mutations" not in state.__dict__:
        state._commit_all(state.dict, db.session.identity_map)


_ROUND_COLUMNS = tuple(c.key for c in Round.__table__.columns)


@functools.lru_cache(maxsize=16)
def _open_statement(keys: tuple[str, ...]) -> sa.Insert:
    """A new round's INSERT of these set columns (the others take their defaults), returning
    every column in table order, built once per set of columns."""
    rounds = Round.__table__
    return (sa.insert(rounds).values({k: sa.bindparam(k) for k in keys})
            .returning(*[rounds.c[k] for k in _ROUND_COLUMNS]))


@functools.lru_cache(maxsize=64)
def _claim_statement(keys: tuple[str, ...]) -> sa.Update:
    """The round's claiming UPDATE for these changed columns, built once per set of columns."""
    rounds = Round.__table__
    return (sa.update(rounds)
            .where(rounds.c.id == sa.bindparam("_id"), rounds.c.version == sa.bindparam("_seen"))
            .values({k: sa.bindparam(k) for k in (*keys, "version")}))


def banker(table: Table, game: Game[Any] | None = None) -> int:
    """Who banks the table's wagers: the house in house-banked games, the table's bank (the
    player-dealer's posted stake) where a seated player banks: the house never pays or
    collects a wager there (D-470)."""
    if game is not None and game.player_banked:
        return bank_account(table)
    return house_tray(table)


def house_tray(table: Table) -> int:
    """The house's money at this table, its chip tray: what a house-banked table pays from and
    collects into (P-443). One account per table rather than the casino's one bank, because
    every action that moves the house's money changes the account's row, and on PostgreSQL a
    row stays locked from its UPDATE to the commit: one bank for every table made each table's
    actions wait on the others'. The house holds the sum of its bank and its trays
    (``wallet.house_total``); like the bank, a tray may go below zero (the house guarantees it)."""
    return account_id("house", table_id=table.id, name="House tray")


def pot_account(table: Table) -> int:
    """The table's pot where players play each other: the losers' chips come in and the
    winners' and the house's take go out, so it is empty between hands."""
    return account_id("pot", table_id=table.id, name="Pot")


def carried_pot_account(table: Table) -> int:
    """The pot a table carries from hand to hand (Trips, D-801): owed to its round of play,
    never the house's; ``audit.carried_problems`` holds it to the table's carry."""
    return account_id("carried", table_id=table.id, name="Carried pot")


def take_account(table: Table, account: str) -> int:
    """Where the house's take from a pot goes (a ``Drop``): the table's rake or collection
    account, or a jackpot meter."""
    if account.startswith("jackpot:"):
        return account_id("jackpot", name=account.split(":", 1)[1])
    if account == "rake":
        return account_id("rake", table_id=table.id, name="Rake")
    if account == "fees":
        return fees_account(table)
    raise ValueError(f"unknown account for the house's take: {account!r}")


def bank_account(table: Table) -> int:
    """The table's bank: the player-dealer's stake while a hand is banked, empty between hands."""
    return account_id("bank", table_id=table.id, name="Player-dealer bank")


def fees_account(table: Table) -> int:
    """The collection fees the house took at this table (D-483): its only income there."""
    return account_id("fees", table_id=table.id, name="Collection fees")


# -- opening a round ------------------------------------------------------------------

def start_round(table: Table, last: Round | None) -> RoundWork:
    """Open the table's next round after ``last`` (the finished round the caller saw)."""
    if table.status != "open":
        raise PlayError("This table is closed.")
    game = registry.engine(table.game, table.variant)
    rules = next_round_rules(table)
    rules["meters"] = meter_balances(rules)
    if game.owner_stacks:
        # The time the round opened, for collections charged by time (the engine has no clock).
        rules["opened_at"] = int(utcnow().timestamp())
    seed = table.next_seed or new_seed()
    table.next_seed, table.next_commitment = None, None  # the round takes it (P-012)
    carry = table_carry(table)
    if carry is not None and last is not None and game.carries_shoe and went_dead(last, rules):
        carry = game.went_dead(carry)  # D-011: the round starts from a reshuffled shoe
    state = game.new_round(rules, action_rng(seed, 0), carry)
    rnd = Round(table_id=table.id, number=(last.number + 1) if last else 1, game=table.game,
                variant=table.variant, rules=rules, carry_before=carry, state={}, version=1,
                seed=seed, commitment=commitment(seed), owners={}, at_risk={}, journal_len=0,
                status="open")
    # Not in the session until save(): a query on the way (a bot's balance) must not flush it
    # early, so that a round another request opened first is refused in one place.
    work = RoundWork(table, rnd, game, state, True, seen_version=1, occupants=seat_owners(table),
                     settled_before=0)
    work.journal.append({"seq": 0, "player_id": None, "actor": "table", "action": {"kind": "open"},
                         "events": [], "created_at": utcnow()})
    for number, occupant in work.occupants.items():
        tell_owner(work, number, occupant)
    return work


def tell_owner(work: RoundWork, seat: int, occupant: Player | None) -> None:
    """Engines with per-player rules (caps over all of a player's boxes) learn who sits where."""
    kind = work.game.seat_owner_action
    if kind is None or work.rnd.status != "open":
        return
    if not work.game.takes_owners(work.state):
        return  # boxes change hands between rounds only
    # Table stakes: a round that plays from the seats' chips is told what each seat holds.
    stack = work.chips_balance(occupant.id) if occupant is not None and work.game.owner_stacks else 0
    work.apply(Action(kind, seat, str(occupant.id) if occupant else "", stack), player=None, actor="table")


def refresh_stacks(work: RoundWork) -> None:
    """Just before the cards (table stakes): each seat's chips as they stand now, so chips
    bought or cashed out while the table waited play in this hand as they are."""
    if not work.game.owner_stacks:
        return
    for number, occupant in seat_owners(work.table).items():
        tell_owner(work, number, occupant)


# -- a player's action ----------------------------------------------------------------

@dataclass
class Outcome:
    round: Round
    events: list[Any]
    work: RoundWork | None = None


CLAIM_TRIES = 3  # a form behind the round is tried again at most this often (P-447)


def act(table: Table, player: Player, action: Action, *, round_id: int | None,
        version: int | None, posted: Round | None = None, settled: int | None = None,
        seen: int | None = None) -> Outcome:
    """Apply one player decision. Raises PlayError (caller rolls back) when refused.

    A player may take only a legal action of their own seat, as the engine lists it now:
    the engine's internal moves (who owns a box, the table's own deal and timers) are never
    reachable from a form, whatever kind a post names. ``posted`` is the round the form
    showed, if the caller has it loaded already, and ``settled`` how many settlement rows it
    had then (:func:`load_table`); ``seen`` is how many journal entries that round had when
    the form was drawn (P-447). With ``seen``, a post the database refused because another
    request wrote the round first is rolled back and tried again: call it with ``seen`` only
    before anything else is written in the transaction."""
    for attempt in range(CLAIM_TRIES):
        # Asked again on every try: a try after a rollback reads the seats afresh.
        owner = seat_owners(table).get(action.seat)
        if owner is None or owner.id != player.id:
            raise PlayError("That seat is not yours.")
        last_try = attempt == CLAIM_TRIES - 1
        try:
            with db.session.no_autoflush:  # nothing is written before save() (one place for the claim)
                return _act(table, player, action, round_id, version, posted, settled, seen)
        except ClaimLost:
            # P-447: another request wrote the round between this one's read and its claim. A
            # form that says what it saw is tried again on the round as it is now, where it
            # lands only if that write was another seat's independent move.
            if seen is None or last_try:
                raise
            db.session.rollback()
            posted = settled = None
        except RoundOpened:
            # The finished round the form showed is in the session already (no statement is sent).
            last = db.session.get(Round, round_id) if round_id is not None else None
            if seen is None or (round_id is not None and last is None) or last_try:
                raise
            opened_after = last.number if last is not None else 0
            # P-447: the round after the one the form showed was opened by another player's bet
            # while this one was on its way. Start again on that round, if all it holds so far is
            # the table's opening and other seats' bets: the bet lands where it would have.
            db.session.rollback()
            rnd = current_round(table)
            game = registry.engine(table.game, table.variant)
            if rnd is None or rnd.status != "open" or rnd.number != opened_after + 1 or \
                    action.kind not in game.independent_actions or not others_only_since(rnd, game, action.seat, 0):
                raise StaleError(MOVED_ON) from None
            # As a form drawn on that round before any of its journal: a lost claim is tried again.
            round_id, version, posted, settled, seen = rnd.id, rnd.version, rnd, None, 0
    raise AssertionError("unreachable: the last try returns or raises")


def others_only_since(rnd: Round, game: Game[Any], seat: int, seen: int) -> bool:
    """True when every journal entry of ``rnd`` after the first ``seen`` is another seat's
    independent move (a bet on its own spots, ``Game.independent_actions``) or the table's
    bookkeeping (the round's opening, who plays each seat), and there is at least one: a form
    drawn before them still says what its player wants (P-447). Anything else (a deal, a spin,
    a clock, a move of the form's own seat, which is what a replayed form finds) is news, and
    the form is stale."""
    if not game.independent_actions:
        return False
    rows = db.session.execute(sa.select(RoundEvent.actor, RoundEvent.action)
                              .where(RoundEvent.round_id == rnd.id, RoundEvent.seq > seen)).all()
    if not rows:
        return False
    bookkeeping = {"open", game.seat_owner_action} - {None}
    for actor, moved in rows:
        kind = moved.get("kind") if isinstance(moved, dict) else None
        if actor == "table" and kind in bookkeeping:
            continue
        if actor in ("player", "bot") and kind in game.independent_actions and moved.get("seat") != seat:
            continue
        return False
    return True


def _caught_up(posted: Round, action: Action, version: int | None, seen: int | None) -> bool:
    """A form drawn on an earlier version of the open round it names, since which only other
    seats' independent moves were made (:func:`others_only_since`, P-447)."""
    if version is None or seen is None or posted.status != "open":
        return False
    if not (0 < version < posted.version and 0 <= seen < posted.journal_len):
        return False
    game = registry.engine(posted.game, posted.variant)
    return others_only_since(posted, game, action.seat, seen)


def _act(table: Table, player: Player, action: Action, round_id: int | None, version: int | None,
         posted: Round | None, settled: int | None = None, seen: int | None = None) -> Outcome:
    if posted is None and round_id is not None:
        posted = db.session.get(Round, round_id)
    if posted is not None and posted.table_id != table.id:
        posted = None
    if round_id is not None and posted is None:
        raise StaleError(MOVED_ON)
    if posted is not None and posted.version != version and not _caught_up(posted, action, version, seen):
        raise StaleError(MOVED_ON)
    if posted is not None and posted.status == "open":
        if posted.deadline_kind == "draw" and posted.deadline is not None and utcnow() >= posted.deadline:
            # A draw game's sales close at the draw's time, even before a request has run it.
            raise StaleError("This draw has closed. Your ticket was not bought: the next one is on sale.")
        work = RoundWork.resume(table, posted)
        work.settled_before = settled
    else:
        # A finished round (or none yet): the first action of the next round opens it.
        opening = registry.engine(table.game, table.variant)
        if action.kind not in opening.opening_actions:
            raise PlayError("The bank is offered before anyone bets: press Next hand." if opening.player_banked
                            else "Place a bet to start the next round.")
        work = start_round(table, posted)
        from .bots import run_bots

        run_bots(work)
    if action.kind == work.game.window_closes_with:
        from .presence import return_undealt_bets

        return_undealt_bets(work)  # P-015: a deal never plays the bet of someone not there
        refresh_stacks(work)
    require_legal(work, action)
    if action.kind in ("bank", "bid") and work.game.player_banked:
        chips, reserve = work.chips_balance(player.id), work.game.bank_reserve(work.state.rules)
        if action.amount > chips:
            raise PlayError(f"You have {fmt(max(chips, 0))} in chips: not enough to bank "
                            f"{fmt(action.amount)}. Buy more chips or post a smaller stake.")
        if action.amount + reserve > chips:  # P-038: the bank's own fee comes from its chips
            raise PlayError(f"Keep {fmt(reserve)} of your chips for the bank's collection fee: with "
                            f"{fmt(chips)} in chips you may bank up to {fmt(max(chips - reserve, 0))}.")
    events = work.apply(action, player=player, actor="player")
    settle_after(work)
    work.save()
    return Outcome(work.rnd, events, work)


def settle_after(work: RoundWork) -> None:
    """After a move: the bots and the table take their turns, the round ends if it is over,
    and the clock is set for whoever the round waits on."""
    from .bots import run_bots
    from .clocks import schedule

    run_bots(work)
    work.finish_if_over()
    schedule(work)


def require_legal(work: RoundWork, action: Action) -> None:
    """Refuse anything that is not one of the seat's legal actions now (its kind, and its
    spot where the engine names one).

    A refused move is tried on a throwaway copy of the state only to find the engine's own
    words for why ("Place the Ante and the Blind before betting Trips."); it is never
    applied to the round, even if the copy would have taken it."""
    if any(legal.kind == action.kind and (not legal.spot or legal.spot == action.spot)
           for legal in work.legal(action.seat)):
        return
    try:
        work.game.apply(copy.deepcopy(work.state), action, SeededRng(b"refusal"))
    except IllegalAction as exc:
        raise PlayError(str(exc)) from exc
    except (KeyError, ValueError, TypeError):
        pass
    raise PlayError("That move is not open to your seat right now.")


def rebet(table: Table, player: Player, seat: int, *, round_id: int | None,
          version: int | None, seen: int | None = None) -> Outcome:
    """Repeat the bets this seat made in the last round it played, against the round and
    version the player's form showed: a replayed Rebet is stale like any other form."""
    from .recall import last_bets

    bets = last_bets(table, seat, player.id)
    if not bets:
        raise PlayError("There is no earlier bet to repeat.")
    out: Outcome | None = None
    for spot, amount in bets:
        out = act(table, player, Action("bet", seat, spot, amount), round_id=round_id, version=version, seen=seen)
        # The next bet acts on the round this transaction has just written and holds: there is
        # nothing to catch up with, and nothing may be rolled back (P-447's retries roll back).
        round_id, version, seen = out.round.id, out.round.version, None
    assert out is not None
    return out


def open_work(table: Table) -> RoundWork | None:
    """The table's open round to work on outside a player's action (a clock, a seat
    changing hands), or None."""
    rnd = current_round(table)
    if rnd is None or rnd.status != "open":
        return None
    return RoundWork.resume(table, rnd)
