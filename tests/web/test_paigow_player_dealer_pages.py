"""Pai Gow Poker's player-dealer editions through the web, three browsers at one table: one
takes the bank, two bet and set their hands, the player-dealer then sets the bank's hand on
its own setter (D-235, D-472); the dice cup is on the player-dealer panel and in the recall
(D-478), the fees go to the table's fees account, the bank pays and collects, never the house,
and the books balance (D-465 … D-470, D-483, D-219: no commission)."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, table_account, take_bank, three_players

# edition, the least bet, and the fees under its default schedule for two bets of that size:
# the bank's and each player's.
PGP, JOKER = "pai-gow-poker", "joker-wild-pai-gow-poker"
EDITIONS = [
    (PGP, "lucky-derby", 500, 100, 100),       # 001-pai-gow-poker-1 (001 s.2053): $1 and $1 a circle
    (PGP, "crystal-park", 1000, 50, 100),      # 003-group-c-1 (003 s.3000-3007): $0.50 on $20 of action; $1 a wager
    (PGP, "double-hand-poker", 1000, 0, 0),    # 002-double-hand-poker-1: the first 4 hands free (D-492)
    (JOKER, "lucky-derby", 500, 100, 100),     # the same schedule as Pai Gow Poker's (001 s.2048-2054)
    (JOKER, "crystal-park", 1000, 50, 100),    # group C, as Pai Gow Poker's
]


@pytest.mark.parametrize(("game", "variant", "bet", "bank_fee", "player_fee"), EDITIONS,
                         ids=[f"{e[0]}@{e[1]}" for e in EDITIONS])
def test_a_player_dealer_pai_gow_round(app, guest, game, variant, bet, bank_fee, player_fee):
    table = create_table(f"P/D pai gow {variant}", game, variant, config={"options": {}})
    db.session.commit()
    (a, pa), (b, _), (c, _) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    for seat in (b, c):
        seat.page()
        assert "bet-main" in seat.actions
        assert seat.act("bet", "main", chip=str(bet)) == ""
    assert c.act("deal") == ""
    a.page()
    dice = a.html
    assert 'data-testid="pd-dice"' in dice and "with the bank as 1, 8, 15" in dice
    assert 'class="die face-' in dice and 'data-testid="dice-action"' in dice
    assert 'data-testid="bank-setter"' not in dice  # the bank's pile stays shut until every hand is set
    for seat in (b, c):
        seat.page()
        assert seat.act("house-way") == ""
    a.page()
    assert 'data-testid="bank-setter"' in a.html and "you are the player-dealer" in a.html
    b.page()
    assert 'data-testid="bank-setter"' not in b.html and 'data-testid="bank-waiting"' in b.html
    assert b.act("house-way", seat=0)  # only the player-dealer sets the bank's hand
    assert a.act("house-way") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    bank_row = next(r for r in rows if r.bet == "bank")
    assert bank_row.player_id == pa.id and bank_row.stake == 30000
    assert sum(r.returned - r.stake for r in rows) == 0  # between the players and the bank only
    assert wallet.house_total() == house_before
    for r in rows:
        if r.bet == "main" and r.result == "win":
            assert r.returned == 2 * r.stake  # 1 to 1, no commission (D-219)
    assert table_account("fees", table) == bank_fee + 2 * player_fee
    assert table_account("bank", table) == 0
    recall_page = b.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    assert 'data-testid="recall-dice"' in recall_page and 'class="die face-' in recall_page
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_the_pai_gow_editions_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    for game, variant, *_ in EDITIONS:
        listed = next(v for v in games[game]["variants"] if v["slug"] == variant)
        assert listed["banking"] == "player-dealer" and listed["playable"], f"{game}@{variant}"
        assert listed["side_bets"] == []
