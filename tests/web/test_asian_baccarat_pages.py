"""Asian Baccarat through the web, three browsers at one table: one banks, two bet against it,
the deal takes the collection fees and shakes the dice cup, on a community 4 each bettor
chooses its own card (one draws, one does not), the bank chooses on its own 4, and the hand
is settled within the bank: the house neither pays nor collects and the books balance
(003 §1; D-185, D-186, D-465, D-483)."""

from __future__ import annotations

import json

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement, Table
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, three_players

GAME, VARIANT = "asian-baccarat", "crystal-park"


def all_twos(table: Table) -> None:
    """A shoe of deuces (each round still shuffles it with its own seed, P-001): the Players'
    hand is a 4, the bank's a 4, and every draw card a 2."""
    size = 52 * 8
    shoe = {"decks": 8, "size": size, "cut_at": size * 75 // 100, "remaining": (["2c", "2d", "2h", "2s"] * size)[:size],
            "discards": [], "in_play": [], "shuffle_no": 1, "rounds_since_shuffle": 1,
            "cut_card_out": False, "just_shuffled": False, "emergency_reshuffles": 0}
    table.carry = {"epoch": int((table.config or {}).get("epoch", 0)),
                   "data": {"inner": {"shoe": shoe, "marks": [], "after_cut": -1}}}
    db.session.commit()


def test_a_hand_at_the_asian_baccarat_table(app, guest):
    table = create_table(f"P/D {GAME}", GAME, VARIANT, config={"options": {}})
    db.session.commit()
    all_twos(table)
    (a, pa), (b, pb), (c, pc) = three_players(app, guest, table)
    house_before = wallet.balance(wallet.house())
    a.page()
    if "bank" not in a.actions:
        assert a.act("next") == ""
    assert a.act("bank", amount="300") == ""
    b.page()
    assert "bet-player" in b.actions and "bet-banker" not in b.actions
    assert b.act("bet", "player", chip="2500") == ""
    c.page()
    assert c.act("bet", "player", chip="1000") == ""
    assert c.act("deal") == ""
    b.page()
    assert "Draw a card or No card?" in b.html and {"hit", "stand"} <= b.actions
    assert 'data-testid="pd-dice"' in b.html and "with the bank as 1, 9, 17" in b.html  # D-183, D-478
    assert b.act("hit") == ""
    c.page()
    assert c.act("stand") == ""
    a.page()
    assert {"hit", "stand"} <= a.actions  # the bank's own choice on 4 (D-186)
    assert a.act("hit") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    by_player = {(r.player_id, r.bet): r for r in rows}
    # b drew to 6 against the bank's 6: a push; c stood on 4 and loses its $10
    assert by_player[(pb.id, "player")].returned == by_player[(pb.id, "player")].stake == 2500
    assert by_player[(pc.id, "player")].returned == 0
    assert by_player[(pa.id, "bank")].returned - by_player[(pa.id, "bank")].stake == 1000
    assert sum(r.returned - r.stake for r in rows) == 0  # the bank pays and collects, nobody else
    assert wallet.balance(wallet.house()) == house_before
    b.page()
    assert "Players&#39; hand" in b.html or "Players' hand" in b.html
    assert 'data-testid="draw-cards"' in b.html and 'data-testid="scoreboards"' in b.html
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_asian_baccarat_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    listed = {v["slug"]: v for v in games[GAME]["variants"]}
    assert listed[VARIANT]["playable"] and listed[VARIANT]["banking"] == "player-dealer"
    assert listed[VARIANT]["side_bets"] == []
