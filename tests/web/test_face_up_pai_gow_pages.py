"""Face Up Pai Gow Poker's player-dealer editions through the web, three browsers at one
table: one takes the bank, two bet; the bank's seven cards lie face up and are set first, by
the player-dealer on its own setter at Lucky Derby while the players wait, by the house way at
Crystal Park (D-235); then the players set theirs. A bank Pai Gow pushes every game wager with
nobody setting (D-252). The bank pays and collects every wager, never the house; the fees go
to the table's fees account and the books balance (D-465, D-483)."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, table_account, take_bank, three_players

GAME = "face-up-pai-gow-poker"
# edition, its bets for each player, and the fees its default schedule takes for them: the
# bank's, each player's (never a fee on a bonus bet, 001 s.3005, 003 s.3642).
EDITIONS = [
    ("lucky-derby", {"main": "5", "ace-high-bonus": "5", "fortune-bonus": "5"}, 100, 100),  # 001-face-up-1: $1; $1 a base wager
    ("crystal-park", {"main": "10", "fortune-bonus": "5"}, 50, 50),  # 003 own option 1: $0.50 on $30 of action; $0.50 a wager
]


@pytest.mark.parametrize(("variant", "bets", "bank_fee", "player_fee"), EDITIONS, ids=[e[0] for e in EDITIONS])
def test_a_player_dealer_face_up_round(app, guest, variant, bets, bank_fee, player_fee):
    table = create_table(f"P/D face up {variant}", GAME, variant, config={"options": {}})
    db.session.commit()
    (a, pa), (b, _), (c, _) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    for seat in (b, c):
        seat.page()
        for spot, dollars in bets.items():
            assert f"bet-{spot}" in seat.actions
            assert seat.act("bet", spot, chip=str(int(dollars) * 100)) == ""
    assert c.act("deal") == ""
    b.page()
    if 'data-testid="pai-gow-push"' not in b.html:
        assert 'data-testid="hand-setter"' not in b.html or variant == "crystal-park"
        if variant == "lucky-derby":  # the P/D sets the face-up bank first; the players wait
            assert 'data-testid="bank-waiting"' in b.html and "sets them first" in b.html
            assert b.act("house-way")  # refused: the bank is set first
            a.page()
            assert 'data-testid="bank-setter"' in a.html
            assert a.act("house-way") == ""
        for seat in (b, c):
            seat.page()
            assert 'data-testid="bank-hands"' in seat.html and 'data-testid="hand-setter"' in seat.html
            assert seat.act("house-way") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    assert next(r for r in rows if r.bet == "bank").player_id == pa.id
    assert {r.bet for r in rows} >= {"main", "fortune-bonus", "bank"} | ({"ace-high-bonus"} if "ace-high-bonus" in bets else set())
    assert sum(r.returned - r.stake for r in rows) == 0  # between the players and the bank only
    assert wallet.house_total() == house_before
    assert table_account("fees", table) == bank_fee + 2 * player_fee
    assert table_account("bank", table) == 0
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_the_face_up_editions_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    sides = {"lucky-derby": ["fortune-bonus", "envy-bonus", "ace-high-bonus"], "crystal-park": ["fortune-bonus", "envy-bonus"]}
    for variant, side_bets in sides.items():
        listed = next(v for v in games[GAME]["variants"] if v["slug"] == variant)
        assert listed["banking"] == "player-dealer" and listed["playable"], variant
        assert listed["side_bets"] == side_bets


def test_the_table_posts_the_ace_high_bonus_and_the_pai_gow_push(app, guest):
    table = create_table("Face up rules", GAME, "lucky-derby", config={"options": {}})
    db.session.commit()
    (a, _), _b, _c = three_players(app, guest, table)
    page = a.page()
    assert 'data-paytable="ace-high-bonus"' in page and "40 to 1" in page and "15 to 1" in page
    assert 'data-action="bet-ace-high-bonus"' in page or "bet-ace-high-bonus" in a.actions
    assert "every game wager pushes at once and nobody sets a hand" in page  # 001 s.2838 in the rules panel
    cp = create_table("Face up rules CP", GAME, "crystal-park", config={"options": {}})
    db.session.commit()
    (x, _), _y, _z = three_players(app, guest, cp)
    page = x.page()
    assert "bet-ace-high-bonus" not in x.actions and 'data-paytable="ace-high-bonus"' not in page
    assert "by the house way" in page and "200 to 1" in page  # five of a kind (003 s.3628)
