"""Opening, configuring and closing tables (the operator's lobby config page)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from ..engine.money import fmt
from ..engine.paytable import resolve
from ..extensions import db
from ..games import registry
from ..models import AuditLog, Player, Seat, Table
from . import live
from .names import clean_name

TABLE_NAME_LONGEST = 80


class ConfigError(Exception):
    pass


def validate(game: str, variant: str, config: Mapping[str, Any]) -> None:
    if game not in registry.ENGINES:
        raise ConfigError("That game is not available.")
    variants = registry.rules(game).variants
    if variant not in variants:
        raise ConfigError("That game has no such rule variant.")
    try:
        resolve(variants[variant], config)
    except (ValueError, KeyError, TypeError) as exc:
        raise ConfigError(str(exc)) from exc


def config_problem(table: Table) -> str | None:
    """Why a table's stored configuration no longer resolves (a limit set before the rulebook's
    bounds bound it, D-004), or None: the operator page shows it beside the table."""
    try:
        validate(table.game, table.variant, dict(table.config or {}))
    except ConfigError as exc:
        return str(exc)
    return None


def table_name(raw: str | None) -> str:
    """The name as typed, checked like any name people see; "" when left empty."""
    try:
        return clean_name(raw, what="The table name", longest=TABLE_NAME_LONGEST)
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc


def seat_count(raw: str | None) -> int | None:
    """The seat count typed on the operator's form: None when left empty (the rules' own)."""
    text = (raw or "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise ConfigError("The number of seats is a whole number.")
    return int(text)


def create_table(name: str, game: str, variant: str, *, config: dict[str, Any] | None = None,
                 seats: int | None = None, bots_allowed: bool = True,
                 operator: Player | None = None) -> Table:
    config = dict(config or {})
    validate(game, variant, config)
    meters_refusal(game, variant, config)
    name = table_name(name)
    rules = registry.rules(game).variants[variant].rules
    count = seats or int(rules.get("seats", 7))
    most = registry.engine(game, variant).most_seats
    if not 1 <= count <= most:
        # A draw game's lounge or hall holds many players (P-410); a felt keeps its places.
        places = "places" if registry.rules(game).family == "draw" else "seats"
        raise ConfigError(f"A {registry.rules(game).name} table has 1 to {most} {places}.")
    table = Table(name=name or registry.rules(game).name, game=game, variant=variant,
                  config=config, seat_count=count, bots_allowed=bots_allowed, status="open")
    db.session.add(table)
    db.session.flush()
    for n in range(count):
        db.session.add(Seat(table_id=table.id, number=n))
    from .play import publish_next_commitment

    publish_next_commitment(table)
    db.session.add(AuditLog(player_id=operator.id if operator else None, table_id=table.id,
                            what="opened table", data={"game": game, "variant": variant, "config": config}))
    db.session.flush()
    return table


def configure(table: Table, *, variant: str, config: dict[str, Any], bots_allowed: bool,
              name: str, operator: Player | None) -> None:
    """A change applies from the next round: a round in progress keeps its rules snapshot."""
    config = dict(config)
    validate(table.game, variant, config)
    meters_refusal(table.game, variant, config)
    name = table_name(name)
    old = dict(table.config or {})
    epoch = int(old.get("epoch", 0))
    game = registry.engine(table.game, table.variant)
    if game.carries_pot and (variant != table.variant or old.get("options") != config.get("options")):
        from .play import table_carry

        carried = game.carried_pot(table_carry(table))
        if carried:
            # D-801: the carried pot belongs to this table's round of play at its posted limit.
            raise ConfigError(f"A pot of {fmt(carried)} carries to the next hand. Change these rules once a "
                              "hand has won it.")
    if variant != table.variant or _shoe_settings(old) != _shoe_settings(config):
        from .audit import standing_total
        from .play import table_carry

        # A new epoch retires the carry, and with it any bets standing between rounds:
        # they would stay on the layout with no round to settle them.
        if standing_total(table, table_carry(table)):
            raise ConfigError("Bets are standing on the layout. Change these rules when they are decided "
                              "or taken down.")
        epoch += 1  # a new shoe for the new rules
    config["epoch"] = epoch
    table.variant = variant
    table.config = config
    table.bots_allowed = bots_allowed
    table.name = name or table.name
    if not bots_allowed:
        for seat in table.seats:
            if seat.player is not None and seat.player.is_bot:
                from .seating import seat_in_play, unseat

                if not seat_in_play(table, seat.number):
                    unseat(table, seat)  # the open round forgets the bot too
    db.session.add(AuditLog(player_id=operator.id if operator else None, table_id=table.id,
                            what="configured table", data={"variant": variant, "config": config,
                                                           "bots_allowed": bots_allowed}))
    live.touch(table.id)


def meters_refusal(game: str, variant: str, config: Mapping[str, Any]) -> None:
    """A configuration the game refuses given its progressive meters now (004 s.1171: a
    progressive keno limit only above the amount the meter shows)."""
    rules = resolve(registry.rules(game).variants[variant], config)
    names = list(rules.get("progressive_meters") or {})
    if not names:
        return
    from . import wallet

    meters = {n: wallet.balance(wallet.jackpot(n)) or int(rules["progressive_meters"][n]) for n in names}
    refusal = registry.engine(game, variant).config_refusal(rules, meters)
    if refusal:
        raise ConfigError(refusal)


def _shoe_settings(config: Mapping[str, Any]) -> Any:
    return {k: v for k, v in (config.get("options") or {}).items() if k in ("decks", "penetration_pct")}


def set_status(table: Table, status: str, operator: Player | None) -> None:
    if status not in ("open", "closed"):
        raise ConfigError("A table is open or closed.")
    table.status = status
    live.touch(table.id)
    db.session.add(AuditLog(player_id=operator.id if operator else None, table_id=table.id,
                            what=f"{status} table", data={}))


def all_tables() -> list[Table]:
    return list(db.session.scalars(sa.select(Table).order_by(Table.id)))


def pot_destinations(table: Table) -> list[Table]:
    """Where a closed table's carried pot may go when the operator withdraws the table for good
    (D-801): another table of the same game and variant, at the same limit."""
    from .rounds import next_round_rules, table_carry

    game = registry.engine(table.game, table.variant)
    if not game.carries_pot or table.status != "closed" or not game.carried_pot(table_carry(table)):
        return []
    terms = game.carried_pot_terms(next_round_rules(table))
    return [t for t in all_tables() if t.id != table.id and t.game == table.game and t.variant == table.variant
            and game.carried_pot_terms(next_round_rules(t)) == terms]


def move_carried_pot(source: Table, destination_id: int | None, operator: Player | None) -> tuple[int, Table]:
    """D-801: "If the table is withdrawn for good, the pot is carried into another Trips table of
    the same limit. The house never keeps pot money." The pot moves account to account on the
    ledger, the source's round of play ends and the destination's next hand plays for both pots.
    Neither table may be dealing a hand: a hand in progress has already read its table's pot."""
    from . import wallet
    from .rounds import current_round, table_carry, table_epoch

    game = registry.engine(source.game, source.variant)
    if not game.carries_pot:
        raise ConfigError("This table carries no pot.")
    if source.status != "closed":
        raise ConfigError("Close the table before you move its carried pot.")
    destination = next((t for t in pot_destinations(source) if t.id == destination_id), None)
    if destination is None:
        raise ConfigError("Choose another table of the same game and limit to take the carried pot.")
    for table in (source, destination):
        db.session.refresh(table, with_for_update=True)  # nobody else rewrites either carry meanwhile
        rnd = current_round(table)
        if rnd is not None and rnd.status == "open":
            raise ConfigError(f"{table.name} is dealing a hand. Move the pot between hands.")
    pot = game.carried_pot(table_carry(source))
    if not pot:
        raise ConfigError(f"{source.name} carries no pot.")
    into = game.carried_pot(table_carry(destination)) + pot
    wallet.transfer(wallet.account("carried", table_id=source.id, name="Carried pot"),
                    wallet.account("carried", table_id=destination.id, name="Carried pot"), pot,
                    memo=f"carried pot moved from {source.name} (D-801)"[:120])
    source.carry = {"epoch": (source.carry or {}).get("epoch", table_epoch(source)),
                    "data": game.with_carried_pot(table_carry(source), 0)}
    destination.carry = {"epoch": (destination.carry or {}).get("epoch", table_epoch(destination)),
                         "data": game.with_carried_pot(table_carry(destination), into)}
    for table, what in ((source, "carried pot moved out"), (destination, "carried pot moved in")):
        db.session.add(AuditLog(player_id=operator.id if operator else None, table_id=table.id, what=what,
                                data={"amount": pot, "from": source.id, "to": destination.id}))
        live.touch(table.id)
    return pot, destination
