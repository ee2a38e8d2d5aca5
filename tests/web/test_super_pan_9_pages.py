"""Super Pan 9 through the web, three browsers at one table: one banks, two bet against it,
the deal shakes the dice cup (a new game's first hands carry no collection, D-492), each bettor
holds its own three-card 6 and chooses (one draws, one does not), the bank chooses on its own 6,
and the hand is settled within the bank: the house neither pays nor collects, the books balance
and the round's proof replays (002 §12; D-206, D-207, D-209, D-465)."""

from __future__ import annotations

import json

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement, Table
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, three_players

GAME, VARIANT = "super-pan-9", "lucky-chances"


def all_twos(table: Table) -> None:
    """A shoe of deuces, the size of 8 decks of 36 cards (each round still shuffles it with its
    own seed, P-001): every three-card hand is a 6 and every draw card a 2."""
    size = 36 * 8
    shoe = {"decks": 8, "size": size, "cut_at": size * 75 // 100, "remaining": (["2c", "2d", "2h", "2s"] * size)[:size],
            "discards": [], "in_play": [], "shuffle_no": 1, "rounds_since_shuffle": 1,
            "cut_card_out": False, "just_shuffled": False, "emergency_reshuffles": 0}
    table.carry = {"epoch": int((table.config or {}).get("epoch", 0)),
                   "data": {"inner": {"shoe": shoe, "marks": [], "after_cut": -1}}}
    db.session.commit()


def test_a_hand_at_the_super_pan_9_table(app, guest):
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
    assert "Draw one card or No card?" in b.html and {"hit", "stand"} <= b.actions
    assert 'data-testid="pd-dice"' in b.html and 'data-testid="seat-hands"' in b.html  # D-210, D-478
    assert b.act("hit") == ""
    c.page()
    assert c.act("stand") == ""
    a.page()
    assert {"hit", "stand"} <= a.actions  # the bank's own choice on 6 (D-209)
    assert a.act("hit") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    by_player = {(r.player_id, r.bet): r for r in rows}
    # b drew to 8 against the bank's 8: a push (D-206); c stood on 6 and loses its $10
    assert by_player[(pb.id, "player")].returned == by_player[(pb.id, "player")].stake == 2500
    assert by_player[(pc.id, "player")].returned == 0
    assert by_player[(pa.id, "bank")].returned - by_player[(pa.id, "bank")].stake == 1000
    assert sum(r.returned - r.stake for r in rows) == 0  # the bank pays and collects, nobody else
    assert wallet.balance(wallet.house()) == house_before
    b.page()
    assert "Your hand" in b.html and 'data-testid="seat-hands"' in b.html
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_super_pan_9_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    listed = {v["slug"]: v for v in games[GAME]["variants"]}
    assert listed[VARIANT]["playable"] and listed[VARIANT]["banking"] == "player-dealer"
    assert listed[VARIANT]["side_bets"] == []
