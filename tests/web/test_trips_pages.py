"""Trips (003 §16) through the web: hands dealt and bet from the felt, the collection and the
carried pot on the ledger across hands (D-801), forged posts refused, and no undealt card on
any page."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.games.poker import trips, trips_table
from webgame.models import LedgerEntry, Round
from webgame.services import audit, wallet
from webgame.services.rounds import table_carry
from webgame.services.tables import ConfigError, configure, create_table

from .tablehelp import Seat, assert_books_balance, latest_round

CODE = re.compile(r'data-code="([2-9TJQKA][cdhs]|JK)"')
NO_PAIR = {0: ["As", "Ad", "Kc", "9h", "4d"], 1: ["Kh", "Qd", "8c", "6s", "2h"]}
TRIPS = {0: ["As", "Ad", "Kc", "9h", "4d"], 1: ["7h", "7d", "7c", "6s", "2h"]}


def stack(monkeypatch, hands: dict[int, list[str]]) -> None:
    """The next deals' cards: two each one at a time from seat 1, then one each per betting round."""
    order = [hands[s][i] for i in range(2) for s in sorted(hands)]
    order += [hands[s][n] for n in range(2, 5) for s in sorted(hands)]
    rest = [c for c in trips.deck(2) if c not in order]
    monkeypatch.setattr(trips_table, "shuffled", lambda tr, rng: list(order) + rest)


def make():
    table = create_table("Test Trips", "trips-dcs", "commerce", config={"next_hand_s": 3600})
    db.session.commit()
    return table


def two_players(app, guest, table):
    from tests.conftest import CasinoClient

    a = Seat(guest, table, 0, buy="100")
    c = CasinoClient(app.test_client())
    c.get("/login")
    c.post("/guest")
    b = Seat(c, table, 1, buy="100")
    a.page()
    b.page()
    return a, b


def balance(kind: str, table) -> int:
    names = {"pot": "Pot", "carried": "Carried pot", "fees": "Collection fees"}
    return wallet.balance(wallet.account(kind, table_id=table.id, name=names[kind]))


def bet_through(a: Seat, b: Seat) -> None:
    """Both players bet every card, seat 1 first, each from their own page's buttons."""
    for _ in range(6):
        for s in (a, b):
            s.page()
            if "bet" in s.actions:
                assert s.act("bet", chip="200") == ""


def test_hands_through_the_web_carry_the_pot_then_trips_wins_it(app, guest, monkeypatch):
    table = make()
    a, b = two_players(app, guest, table)
    stack(monkeypatch, NO_PAIR)
    assert "deal" in a.actions and a.act("deal") == ""
    bet_through(a, b)
    db.session.expire_all()
    first = latest_round(table)
    assert first.status == "over"
    # 2 x 4 x $2 = $16; the high hand (seat 1's pair of aces) takes 20%, $12.80 carries (s.665)
    assert balance("carried", table) == 1280 and balance("pot", table) == 0
    assert balance("fees", table) == 2 * 50  # the $2 table's 50¢ collection, each (D-458)
    assert table_carry(db.session.get(type(table), table.id))["play"]["pot"] == 1280
    assert "HIGH HAND" in a.page() and 'data-testid="pot-amount">$12.80' in a.html
    assert_books_balance()
    # the carried pot is this table's at its posted limit: no change of limit while it waits (D-801)
    with pytest.raises(ConfigError):
        configure(table, variant="commerce", config={"options": {"table_limit": "$5"}}, bots_allowed=True,
                  name=table.name, operator=None)
    db.session.rollback()
    # the next hand: no new collection (D-460); three sevens win the $12.80 and the $16 bet
    stack(monkeypatch, TRIPS)
    assert a.act("deal") == ""
    bet_through(a, b)
    db.session.expire_all()
    assert latest_round(table).number == first.number + 1 and latest_round(table).status == "over"
    assert balance("fees", table) == 100 and balance("carried", table) == 0 and balance("pot", table) == 0
    assert "WINNER" in b.page() and 'data-testid="won-1">+$28.80' in b.html
    assert_books_balance()
    # the hand history: every card face up, the same for both players
    text = a.c.get(f"/rounds/{latest_round(table).id}/hand.txt").get_data(as_text=True)
    assert "Seat 2 is dealt 7h 7d" in text and "WINNER: seat 2 (Three of a kind, sevens" in text
    assert text == b.c.get(f"/rounds/{latest_round(table).id}/hand.txt").get_data(as_text=True)
    # and the ledger check would catch a carried pot that is not what the round of play is owed
    wallet.transfer(wallet.cage(), wallet.account("carried", table_id=table.id, name="Carried pot"), 1, memo="test")
    db.session.commit()
    assert any("carried pot" in p for p in audit.layout_problems())


def test_a_forged_bet_of_another_amount_or_out_of_turn_changes_nothing(app, guest, monkeypatch):
    table = make()
    a, b = two_players(app, guest, table)
    stack(monkeypatch, NO_PAIR)
    a.act("deal")
    a.page()
    b.page()
    assert "bet" in a.actions and "bet" not in b.actions  # seat 1 acts first (s.657)
    held = {"round_id": a.round_id, "version": a.version}
    before = (latest_round(table).version, db.session.scalar(sa.select(sa.func.count(LedgerEntry.id))))
    assert a.act("bet", chip="1000", **held) != ""  # "equal to the original bet" only
    assert b.act("bet", chip="200", **held) != ""  # out of turn
    assert b.act("bet", chip="200", seat=0, **held) != ""  # another player's seat
    db.session.expire_all()
    assert (latest_round(table).version, db.session.scalar(sa.select(sa.func.count(LedgerEntry.id)))) == before
    assert_books_balance()


def test_no_undealt_card_reaches_any_page(app, guest, monkeypatch):
    table = make()
    a, b = two_players(app, guest, table)
    stack(monkeypatch, NO_PAIR)
    a.act("deal")
    for step in range(4):
        db.session.expire_all()
        state = db.session.get(Round, latest_round(table).id).state
        dealt = [c for cards in state["cards"].values() for c in cards]
        undealt = {c for c in state["deck"] if c != trips.JOKER}
        for page in (a, b):
            shown = CODE.findall(page.page())
            assert sorted(shown) == sorted(dealt)  # every dealt card, face up, and nothing else
            assert not undealt & set(shown)
            assert '"deck"' not in page.html
        if step < 3:
            for s in (a, b):
                s.page()
                if "bet" in s.actions:
                    s.act("bet", chip="200")


def test_a_hand_on_the_round_s_own_shuffle_replays_from_its_journal(app, guest):
    from webgame.services import recall

    table = make()
    a, b = two_players(app, guest, table)
    a.act("deal")
    bet_through(a, b)
    db.session.expire_all()
    rnd = db.session.get(Round, latest_round(table).id)
    assert rnd.status == "over" and recall.prove(rnd).verified
    assert_books_balance()


def test_the_clock_folds_a_silent_player(app, guest, monkeypatch):
    from datetime import timedelta

    from webgame.models import utcnow

    table = make()
    a, b = two_players(app, guest, table)
    stack(monkeypatch, NO_PAIR)
    a.act("deal")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.deadline_kind == "decision"
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    b.page()  # the next look at the table applies seat 1's passed clock: no chip on the portal
    db.session.expire_all()
    rnd = db.session.get(Round, rnd.id)
    assert rnd.state["folded"] == [0] and rnd.state["cards"]["0"] == ["As", "Ad"]
    assert "bet" in b.page() and "bet" in b.actions
    assert_books_balance()


def test_a_table_withdrawn_for_good_hands_its_carried_pot_to_a_table_of_the_same_limit(app, guest, monkeypatch):
    """D-801: "If the table is withdrawn for good, the pot is carried into another Trips table of the
    same limit. The house never keeps pot money." The operator moves it from a closed table."""
    from tests.conftest import CasinoClient
    from webgame.models import Table
    from webgame.services.demo import seed
    from webgame.services.tables import set_status

    seed()
    db.session.commit()
    operator = CasinoClient(app.test_client())
    operator.get("/login")
    assert operator.post("/login", {"username": "operator", "password": "operator-pass-123"}).status_code == 302
    table = make()
    a, b = two_players(app, guest, table)
    stack(monkeypatch, NO_PAIR)
    a.act("deal")
    bet_through(a, b)
    same = create_table("Trips Same Limit", "trips-dcs", "commerce", config={"next_hand_s": 3600})
    other = create_table("Trips Five", "trips-dcs", "commerce",
                         config={"next_hand_s": 3600, "options": {"table_limit": "$5"}})
    db.session.commit()
    assert balance("carried", table) == 1280

    def move(to) -> str:
        operator.post(f"/operator/tables/{table.id}/carried-pot", {"to": to})
        db.session.expire_all()
        return operator.get("/operator/").get_data(as_text=True)

    def pots() -> tuple[int, int, int]:
        return balance("carried", table), balance("carried", same), balance("carried", other)

    assert "Close the table before" in move(same.id) and pots() == (1280, 0, 0)
    assert f'data-testid="move-pot-{table.id}"' not in operator.get("/operator/").get_data(as_text=True)
    set_status(table, "closed", None)
    db.session.commit()
    page = operator.get("/operator/").get_data(as_text=True)
    offered = re.search(rf'data-testid="move-pot-{table.id}".*?</form>', page, re.DOTALL).group(0)
    assert f'value="{same.id}"' in offered and f'value="{other.id}"' not in offered  # the same limit only
    for forged in (other.id, table.id, "nine", ""):
        assert "Choose another table of the same game and limit" in move(forged) and pots() == (1280, 0, 0)
    assert "Moved the carried pot of $12.80" in move(same.id)
    assert pots() == (0, 1280, 0)
    assert table_carry(db.session.get(Table, table.id))["play"]["pot"] == 0
    assert table_carry(db.session.get(Table, table.id))["play"]["number"] == 2  # its round of play ended
    assert table_carry(db.session.get(Table, same.id))["play"]["pot"] == 1280
    assert audit.layout_problems() == [] and move(same.id) and pots() == (0, 1280, 0)  # a replay moves nothing
    assert_books_balance()
    # the next hand at the other table plays for the pot it took: three sevens win $12.80 and $16
    a2, b2 = Seat(a.c, same, 0, buy="100"), Seat(b.c, same, 1, buy="100")
    a2.page()
    stack(monkeypatch, TRIPS)
    assert a2.act("deal") == ""
    bet_through(a2, b2)
    db.session.expire_all()
    assert pots() == (0, 0, 0) and 'data-testid="won-1">+$28.80' in b2.page()
    assert_books_balance()
