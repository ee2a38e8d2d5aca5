"""The poker room through the web: seats, the deal, betting in turn, the pot and the house's
take in the ledger, hidden hole cards, forged and stale posts, the clock, bots and hand
histories (issue: the poker room, INDEX section 7)."""

from __future__ import annotations

import re

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement, Round
from webgame.services import wallet
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, latest_round

CODE = re.compile(r'data-code="([2-9TJQKA][cdhs])"')


def make(variant: str = "nl-procedure", game: str = "texas-holdem", config=None):
    """A table whose hands are dealt by a player's Deal (the table's own deal waits an hour)."""
    table = create_table(f"Test {game} {variant}", game, variant, config={"next_hand_s": 3600, **(config or {})})
    db.session.commit()
    return table


def other(app, table, seat: int, buy: str = "100") -> Seat:
    """Another guest in their own browser, seated with ``buy`` in chips."""
    from tests.conftest import CasinoClient

    c = CasinoClient(app.test_client())
    c.get("/login")
    c.post("/guest")
    return Seat(c, table, seat, buy=buy)


def two_players(app, guest, table, buy="100"):
    a = Seat(guest, table, 0, buy=buy)
    b = other(app, table, 1, buy)
    a.page()
    b.page()
    return a, b


def to_act(seat: Seat) -> bool:
    seat.page()
    return bool({"fold", "check", "call"} & seat.actions)


def test_two_players_play_a_hand_and_the_pot_balances(app, guest):
    table = make()
    a, b = two_players(app, guest, table)
    assert "deal" in a.actions
    assert a.act("deal") == ""
    rnd = latest_round(table)
    assert rnd.status == "open"
    for _ in range(30):
        seat = a if to_act(a) else b if to_act(b) else None
        if seat is None:
            break
        kinds = seat.actions
        seat.act("check" if "check" in kinds else "call")
    db.session.expire_all()
    rnd = db.session.get(Round, rnd.id)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    assert {r.seat for r in rows} == {0, 1} and all(r.bet == "pot" for r in rows)
    assert wallet.balance(wallet.account("pot", table_id=table.id, name="Pot")) == 0
    assert_books_balance()


def play_to_the_end(a: Seat, b: Seat) -> None:
    for _ in range(30):
        seat = a if to_act(a) else b if to_act(b) else None
        if seat is None:
            return
        seat.act("check" if "check" in seat.actions else "call")


def test_each_player_reads_the_hand_history_with_their_own_cards(app, guest):
    table = make()
    a, b = two_players(app, guest, table)
    a.act("deal")
    rnd = latest_round(table)
    db.session.expire_all()
    state = db.session.get(Round, rnd.id).state
    holes = {p["seat"]: p["hole"] for p in state["hand"]["players"]}
    play_to_the_end(a, b)
    text = a.c.get(f"/rounds/{rnd.id}/hand.txt").get_data(as_text=True)
    assert f"Dealt to" in text and " ".join(holes[0]) in text
    assert "Hold'em" in text and "SUMMARY" in text.upper()
    other = b.c.get(f"/rounds/{rnd.id}/hand.txt").get_data(as_text=True)
    assert " ".join(holes[1]) in other
