"""The table services in one place for callers: rounds (:mod:`.rounds`), clocks
(:mod:`.clocks`), bots (:mod:`.bots`), seating (:mod:`.seating`) and chips (:mod:`.chips`).
Each job lives in its own module; this one only gathers their public names."""

from __future__ import annotations

from ..models import Player, Table
from .bots import MAX_BOTS_PER_PLAYER, add_bot, remove_bot
from .chips import buy_in, cash_out
from .clocks import (
    BETTING_WINDOW_S,
    DECISION_S,
    SINGLE_PLAYER_WAIT_H,
    clock_lengths,
    is_shared,
    table_step,
    tick,
)
from .rounds import (
    MAX_BOT_STEPS,
    Outcome,
    PlayError,
    RoundWork,
    StaleError,
    act,
    action_rng,
    current_round,
    load_table,
    next_round_rules,
    publish_next_commitment,
    rebet,
    require_legal,
    seat_owners,
    seats_afresh,
    start_round,
    table_carry,
    table_epoch,
    went_dead,
)
from .seating import in_play_anywhere, leave, seat_in_play, sit

__all__ = [
    "BETTING_WINDOW_S",
    "DECISION_S",
    "MAX_BOTS_PER_PLAYER",
    "MAX_BOT_STEPS",
    "SINGLE_PLAYER_WAIT_H",
    "Outcome",
    "PlayError",
    "RoundWork",
    "StaleError",
    "act",
    "action_rng",
    "add_bot",
    "buy_in",
    "cash_out",
    "clock_lengths",
    "current_round",
    "in_play_anywhere",
    "is_shared",
    "leave",
    "load_table",
    "look_in",
    "next_round_rules",
    "publish_next_commitment",
    "rebet",
    "remove_bot",
    "require_legal",
    "seat_in_play",
    "seat_owners",
    "seats_afresh",
    "sit",
    "start_round",
    "table_carry",
    "table_epoch",
    "table_step",
    "tick",
    "went_dead",
]


def look_in(table: Table, viewer: Player | None) -> None:
    """A look at the table: the viewer is present (P-015), and seats of players who are not
    are freed if nothing of theirs is on the layout. Committed here; a race loses quietly."""
    from ..extensions import db
    from .presence import mark_present, seen_lately, sit_out_absent

    try:
        mine = [s for s in table.seats if viewer is not None and s.player_id == viewer.id]
        # A mark newer than FRESH_S is not written again (mark_present's own condition): a look
        # that finds it fresh on the seats it has read writes nothing, so a live refresh takes
        # no write lock.
        if viewer is not None and mine and not all(seen_lately(s) for s in mine):
            mark_present(table.id, viewer.id)
        freed = sit_out_absent(table)
        db.session.commit()
    except PlayError:
        db.session.rollback()
        freed = -1
    if freed:
        db.session.refresh(table)  # a seat freed here, or the look undone: read the table again
