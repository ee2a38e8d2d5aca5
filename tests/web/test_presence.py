"""P-015: a player who is not at the table is sat out; nothing is ever played for them."""

from __future__ import annotations

from datetime import timedelta

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import RoundEvent, utcnow
from webgame.models import Seat as SeatRow
from webgame.services import presence

from .tablehelp import EIGHTS, Seat, assert_books_balance, chips, latest_round, load_shoe, make_table, me, second_player


def _gone(table, number: int, seconds: int = presence.ABSENT_AFTER_S + 5) -> None:
    seat = db.session.scalars(sa.select(SeatRow).where(SeatRow.table_id == table.id,
                                                       SeatRow.number == number)).one()
    seat.last_seen = utcnow() - timedelta(seconds=seconds)
    db.session.commit()


def test_another_players_deal_never_plays_the_bet_of_someone_who_left(app, guest):
    table = make_table()
    load_shoe(table, EIGHTS)
    gone = Seat(guest, table, seat=0)
    gone_player = me()
    gone.act("bet", "main", chip=1000)
    start = chips(gone_player, table)
    here = second_player(app, table, seat=2)
    here.act("bet", "main", chip=1000)
    _gone(table, 0)
    assert here.act("deal") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert "0" not in (rnd.at_risk or {})  # nothing of the absent player's is on the layout
    assert chips(gone_player, table) == start + 1000  # the bet came back, not dealt
    cleared = db.session.scalars(sa.select(RoundEvent).where(RoundEvent.round_id == rnd.id)).all()
    assert any(e.action["kind"] == "clear" and e.action["seat"] == 0 and e.actor == "table" for e in cleared)
    here.page()  # the next look frees the absent player's seat
    db.session.expire_all()
    assert table.seats[0].player_id is None
    assert_books_balance()


def test_the_betting_window_returns_the_bets_of_players_who_left(app, guest):
    table = make_table()
    gone = Seat(guest, table, seat=0)
    gone_player = me()
    here = second_player(app, table, seat=1)
    gone.act("bet", "main", chip=1000)
    here.page()
    here.act("bet", "main", chip=1000)
    _gone(table, 0)
    rnd = latest_round(table)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    start = chips(gone_player, table)
    here.page()  # the window closes: the absent bet goes back, the present one is dealt
    db.session.expire_all()
    assert chips(gone_player, table) == start + 1000
    assert latest_round(table).at_risk.get("1", 0) > 0 or latest_round(table).status == "over"
    assert_books_balance()


def test_a_player_who_lets_two_rounds_go_by_is_sat_out(app, guest):
    table = make_table()
    idle = Seat(guest, table, seat=0)
    here = second_player(app, table, seat=3)
    for _ in range(presence.MISSED_ROUNDS):
        here.act("bet", "main", chip=1000)
        here.act("deal")
        here.play_out()
        assert latest_round(table).status == "over"
    idle.page()  # even their own page: they are seen, but two rounds went by without a bet
    db.session.expire_all()
    assert table.seats[0].player_id is None and table.seats[3].player_id is not None


def test_a_look_at_the_table_keeps_a_player_present(app, guest):
    table = make_table()
    seat = Seat(guest, table, seat=0)
    _gone(table, 0, seconds=presence.ABSENT_AFTER_S - 10)
    seat.page()
    db.session.expire_all()
    assert utcnow() - table.seats[0].last_seen < timedelta(seconds=5)
    assert presence.absent(table) == []


def test_a_look_within_the_fresh_time_writes_nothing(app, guest):
    """A live refresh that finds the viewer's presence marked lately sends no UPDATE (and so
    takes no write lock); once the mark is older than FRESH_S, the next look writes it."""
    from tests.sqlcount import count_statements

    table = make_table()
    seat = Seat(guest, table, seat=0)
    seat.page()
    with count_statements() as sql:
        seat.c.get(f"/tables/{table.id}/play", headers={"HX-Request": "true"})
    assert "UPDATE" not in sql.verbs() and "INSERT" not in sql.verbs(), sql.report()
    _gone(table, 0, seconds=presence.FRESH_S + 5)
    with count_statements() as sql:
        seat.c.get(f"/tables/{table.id}/play", headers={"HX-Request": "true"})
    assert sql.verbs().get("UPDATE") == 1, sql.report()
    db.session.expire_all()
    assert utcnow() - table.seats[0].last_seen < timedelta(seconds=5)
