"""Keno lounges and bingo halls hold many players at one draw (P-410): the seat cap comes from
the game, the operator's form and the lobby take the larger count, forty players' tickets and
cards settle at one draw with the books balanced, and the page lists the others compactly."""

from __future__ import annotations

import re

import sqlalchemy as sa

from tests.web.tablehelp import Seat, assert_books_balance, latest_round
from tests.web.test_bingo_pages import buy as buy_cards
from tests.web.test_bingo_pages import run_the_game
from tests.web.test_keno_pages import buy as buy_ticket
from tests.web.test_keno_pages import run_the_draw
from webgame.engine.protocol import Action
from webgame.extensions import db
from webgame.models import BetSettlement, Player, Table
from webgame.services import chips, rounds, wallet
from webgame.services.seating import sit
from webgame.services.tables import ConfigError, create_table

PLAYERS = 40


def crowd(table: Table, first: int, count: int) -> list[Player]:
    """``count`` players seated from place ``first``, each with $50 of chips bought from their
    wallet (the cage fills the wallets, as a guest's demo money)."""
    out = []
    for n in range(first, first + count):
        p = Player(username=f"lounge-{table.id}-{n}", display_name=f"Player {n + 1}", is_guest=True)
        db.session.add(p)
        db.session.flush()
        wallet.transfer(wallet.cage(), wallet.wallet(p.id), 5_000, memo="demo money")
        sit(table, p, n)
        chips.buy_in(table, p, 5_000)
        out.append(p)
    db.session.commit()
    return out


def buy_for_each(table: Table, players: list[Player], kind: str, spec: str, amount: int = 0) -> None:
    """Each player buys through the one path of an action, on the round the page would show."""
    for p in players:
        number = next(s.number for s in table.seats if s.player_id == p.id)
        rnd = latest_round(table)
        rounds.act(table, p, Action(kind, number, spec, amount), round_id=rnd.id, version=rnd.version)
        db.session.commit()


def test_a_draw_games_table_holds_many_places_and_a_felt_keeps_twelve(app):
    keno = create_table("Big Lounge", "keno", "grand-ronde", seats=100)
    bingo = create_table("Big Hall", "bingo", "standard")
    assert keno.seat_count == 100 and len(keno.seats) == 100
    assert bingo.seat_count == 60  # the hall's own default (rules/bingo.toml)
    for game, variant, count, words in (("keno", "grand-ronde", 101, "A Keno table has 1 to 100 places."),
                                        ("bingo", "standard", 0, None),
                                        ("blackjack", "grand-ronde", 13, "A Blackjack table has 1 to 12 seats.")):
        try:
            create_table("Too Many", game, variant, seats=count)
        except ConfigError as exc:
            assert words is None or str(exc) == words
        else:
            assert count == 0  # 0 is "the rules' own", not a count
    db.session.rollback()


def test_the_operator_opens_a_big_lounge_and_the_lobby_shows_its_places(operator):
    resp = operator.post("/operator/tables", {"name": "Eighty Keno", "game_variant": "keno|grand-ronde",
                                              "seats": "80", "bots_allowed": "1"})
    assert resp.status_code == 302
    table = db.session.scalars(sa.select(Table).filter_by(name="Eighty Keno")).one()
    assert table.seat_count == 80 and len(table.seats) == 80
    lobby = operator.get("/").get_data(as_text=True)
    card = lobby[lobby.index(f'data-testid="lobby-table-{table.id}"'):]
    card = card[:card.index("table-card-actions")]
    assert "0 playing · 80 of 80 free" in card and "seat-dot" not in card
    for seats, game, words in (("101", "keno|grand-ronde", "A Keno table has 1 to 100 places."),
                               ("13", "blackjack|grand-ronde", "A Blackjack table has 1 to 12 seats."),
                               ("ten", "bingo|standard", "The number of seats is a whole number.")):
        operator.post("/operator/tables", {"name": f"Over {seats}", "game_variant": game, "seats": seats})
        assert words in operator.get("/operator/").get_data(as_text=True)
        assert db.session.scalars(sa.select(Table).filter_by(name=f"Over {seats}")).first() is None


def test_forty_keno_players_settle_at_one_draw_with_the_books_balanced(app, guest):
    table = create_table("Crowded Keno", "keno", "grand-ronde")
    db.session.commit()
    seat = Seat(guest, table, seat=0, buy="50")
    assert buy_ticket(seat, [1, 2, 3, 4, 5]) == ""
    others = crowd(table, 1, PLAYERS - 1)
    buy_for_each(table, others, "ticket", "quick=6;games=1", 100)
    assert latest_round(table).status == "open"
    drawn = run_the_draw(seat)
    assert drawn.status != "open"
    settled = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == drawn.id)))
    assert len({s.seat for s in settled}) == PLAYERS and len(settled) == PLAYERS
    assert_books_balance()
    # The page: the viewer's own place, the count, and the others in one short list.
    seat.page()
    assert f"{PLAYERS} of 60 taken" in seat.html and "You: Place 1" in seat.html
    assert seat.html.count('class="lounge-item') == PLAYERS - 1 and 'class="seat-item' not in seat.html
    assert not re.search(r'data-action="sit-', seat.html)  # one place a player


def test_forty_bingo_players_settle_one_game_with_the_books_balanced(app, guest):
    table = create_table("Crowded Hall", "bingo", "standard", config={"options": {"planet_on": True}})
    db.session.commit()
    seat = Seat(guest, table, seat=0, buy="50")
    assert buy_cards(seat, "2") == ""
    others = crowd(table, 1, PLAYERS - 1)
    buy_for_each(table, others, "cards", "count=1;planet=1")
    called = run_the_game(seat)
    assert called.status != "open" and called.state["phase"] == "called"
    settled = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == called.id)))
    assert len({s.seat for s in settled}) == PLAYERS and len(settled) == PLAYERS + 1
    assert sum(s.returned for s in settled) > 0  # a game of bingo always has its winner
    assert_books_balance()
