"""21st Century Baccarat through the web, three browsers at one table: one banks, two bet the
Player and the Dealer lines and a bonus bet, the deal takes the collection fees, a Player-line
bettor answers the Hit / Stand option where the hand has one, and the hand is settled within
the bank: the house neither pays nor collects and the books balance (D-161, D-465, D-483)."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.games.california.editions import edition
from webgame.models import BetSettlement
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, take_bank, three_players

GAME = "21st-century-baccarat"
# edition, the Player-line minimum, the circles the felt offers a seat with a Player bet, and
# the second bettor's line (Face Up has no Dealer line, D-606)
EDITIONS = [("5.0-lc", "1000", {"bet-early-tie", "bet-player-bonus-pair", "bet-dealer-bonus-pair"}, "dealer"),
            ("8.3", "500", {"bet-early-tie", "bet-player-dragon-bonus", "bet-player-bonus-pair"}, "dealer"),
            ("5.0-cp", "1000", {"bet-early-tie", "bet-player-bonus-pair", "bet-dealer-bonus-pair"}, "dealer"),
            ("face-up", "1000", set(), "player")]


@pytest.mark.parametrize(("variant", "chip", "circles", "second"), EDITIONS, ids=[e[0] for e in EDITIONS])
def test_a_hand_at_the_21st_century_baccarat_table(app, guest, variant, chip, circles, second):
    table = create_table(f"P/D {GAME} {variant}", GAME, variant, config={"options": {}})
    db.session.commit()
    (a, pa), (b, _), (c, _) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    b.page()
    assert {"bet-player", f"bet-{second}"} <= b.actions and "bet-early-tie" not in b.actions  # a base wager first
    assert b.act("bet", "player", chip=chip) == ""
    assert circles <= b.actions and "bet-dealer" not in b.actions  # one line a position (P-170)
    if circles:
        assert b.act("bet", "early-tie", chip=chip) == ""
    c.page()
    assert c.act("bet", second, chip=chip) == ""
    assert c.act("deal") == ""
    for _ in range(6):  # the after-deal tie window and the option, if this hand has them
        for seat in (b, c):
            seat.page()
            if "pass" in seat.actions:
                assert seat.act("pass") == ""
        b.page()
        if "hit" in b.actions:
            assert "Hit or Stand?" in b.html and "stand" in b.actions
            assert b.act("hit") == ""
        c.page()
        if "stand" in c.actions:  # Face Up: the second bettor is on the Player hand too
            assert c.act("stand") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    assert next(r for r in rows if r.bet == "bank").player_id == pa.id
    assert sum(r.returned - r.stake for r in rows) == 0  # the bank pays and collects, nobody else
    assert wallet.house_total() == house_before
    assert {r.bet for r in rows} - {"bank"} <= set(edition(f"{GAME}@{variant}").wager_order)
    b.page()
    assert ">Dealer<" in b.html and 'data-testid="scoreboards"' in b.html
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_21st_century_baccarat_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    listed = {v["slug"]: v for v in games[GAME]["variants"]}
    assert listed["5.0-lc"]["playable"] and listed["5.0-lc"]["banking"] == "player-dealer"
    assert listed["5.0-lc"]["side_bets"] == ["early-tie", "late-tie", "bonus-pair"]
    assert listed["8.3"]["playable"] and listed["8.3"]["side_bets"] == ["early-tie", "bonus-pair", "dragon-bonus"]
    assert listed["5.0-cp"]["playable"] and listed["5.0-cp"]["side_bets"] == ["early-tie", "late-tie", "bonus-pair"]
    assert listed["face-up"]["playable"] and listed["face-up"]["side_bets"] == ["baccarat-tie"]
