"""Fortune Pai Gow Poker's player-dealer editions through the web, three browsers at one
table: one takes the bank, two bet the game wager and the Fortune Bonus and set their hands;
at Lucky Derby the house dealer then sets the bank's hand by the house way (001 s.1110,
D-235), elsewhere the player-dealer sets it on its own setter. The bank pays and collects every
wager, the Fortune Bonus and the Envy awards included, never the house; the fees go to the
table's fees account and the books balance (D-465, D-483)."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, table_account, take_bank, three_players

GAME = "fortune-pai-gow-poker"
# edition, the least game wager, and the fees its default schedule takes for two players who
# each bet that and a $5 Fortune Bonus: the bank's, each player's.
EDITIONS = [
    ("lucky-derby", 500, 100, 100),     # 001-fortune-pai-gow-poker-1 (001 s.1963-1967): $1; $1 a game wager
    ("lucky-chances", 1000, 100, 100),  # 002-three-card-poker-1 (002 s.3930-3961): $1 on $30 of action; $1 a circle
    ("crystal-park", 1000, 50, 100),    # 003-group-c-1 (003 s.3000-3007): $0.50 on $30 of action; $1 a wager
]


@pytest.mark.parametrize(("variant", "bet", "bank_fee", "player_fee"), EDITIONS, ids=[e[0] for e in EDITIONS])
def test_a_player_dealer_fortune_round(app, guest, variant, bet, bank_fee, player_fee):
    table = create_table(f"P/D fortune {variant}", GAME, variant, config={"options": {}})
    db.session.commit()
    (a, pa), (b, _), (c, _) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    for seat in (b, c):
        seat.page()
        assert {"bet-main", "bet-fortune-bonus"} <= seat.actions
        assert seat.act("bet", "main", chip=str(bet)) == ""
        assert seat.act("bet", "fortune-bonus", chip="500") == ""
    assert c.act("deal") == ""
    for seat in (b, c):
        seat.page()
        assert seat.act("house-way") == ""
    a.page()
    if variant == "lucky-derby":  # the house dealer has set the bank's hand: the P/D has no say
        assert 'data-testid="bank-setter"' not in a.html
    else:
        assert 'data-testid="bank-setter"' in a.html
        assert a.act("house-way") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    bank_row = next(r for r in rows if r.bet == "bank")
    assert bank_row.player_id == pa.id and bank_row.stake == 30000
    assert {r.bet for r in rows} >= {"main", "fortune-bonus", "bank"}
    assert sum(r.returned - r.stake for r in rows) == 0  # between the players and the bank only
    assert wallet.house_total() == house_before
    assert table_account("fees", table) == bank_fee + 2 * player_fee
    assert table_account("bank", table) == 0
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_the_table_posts_its_fortune_and_envy_tables(app, guest):
    table = create_table("Fortune option B", GAME, "crystal-park",
                         config={"options": {"fortune_paytable": "fortune-option-b"}})
    db.session.commit()
    (a, _), _b, _c = three_players(app, guest, table)
    page = a.page().replace(",", "")
    assert 'data-paytable="fortune-option-b"' in page and "8000 to 1" in page  # D-248
    assert 'data-paytable="envy-option-b"' in page and "$5000" in page


def test_games_json_lists_the_fortune_editions_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    for variant, *_ in EDITIONS:
        listed = next(v for v in games[GAME]["variants"] if v["slug"] == variant)
        assert listed["banking"] == "player-dealer" and listed["playable"], variant
        assert listed["side_bets"] == ["fortune-bonus", "envy-bonus"]
