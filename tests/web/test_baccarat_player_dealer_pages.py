"""The player-dealer baccarat editions through the web, three browsers at one table: one takes
the bank with a stake, two bet the Banker, the deal takes the collection fees into the table's
fees account and settles the coup within the bank in the edition's order; the bank pays and
collects from the table's bank account, never the house, and the books balance (D-465 …
D-470, D-483, P-030 … P-033)."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.games.california.editions import edition
from webgame.models import BetSettlement
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, table_account, take_bank, three_players

# edition, and the fees two $10 Banker bets pay under its default schedule: the bank's, each
# player's (both on $20 of table action).
EDITIONS = [
    ("ez-baccarat", "lucky-derby", 100, 0),          # 001-ez-baccarat-1 (001 s.2154-2158): players $0
    ("ez-baccarat", "lucky-chances", 100, 100),      # 002-ez-baccarat-2011-1 (002 s.3829-3869): $1 a circle
    ("ez-baccarat", "crystal-park", 100, 100),       # 003-group-a-1 (003 s.2903-2905): $1 a line wager
    ("fortune-7-baccarat", "crystal-park", 100, 100),  # 003-group-a-1
    ("california-baccarat", "crystal-park", 100, 100),  # 003 s.3188-3253, option 1
    ("dragon-dai-bacc", "crystal-park", 100, 100),   # 003 s.3391-3464, option 1
    ("ruyi-baccarat", "crystal-park", 100, 100),     # 003 s.4183-4244, option 1
]
IDS = [f"{g}@{v}" for g, v, *_ in EDITIONS]


@pytest.mark.parametrize(("game", "variant", "bank_fee", "player_fee"), EDITIONS, ids=IDS)
def test_a_coup_at_the_player_dealer_baccarat_table(app, guest, game, variant, bank_fee, player_fee):
    table = create_table(f"P/D {game}", game, variant, config={"options": {}})
    db.session.commit()
    (a, pa), (b, _), (c, _) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    for seat in (b, c):
        seat.page()
        assert "bet-banker" in seat.actions and "bet-baccarat-tie" in seat.actions
        assert seat.act("bet", "banker", chip="1000") == ""
    assert c.act("deal") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"  # the coup is dealt and settled at once
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    bank_row = next(r for r in rows if r.bet == "bank")
    assert bank_row.player_id == pa.id and bank_row.stake == 30000
    # Between the players and the bank only: the house neither pays nor collects.
    assert sum(r.returned - r.stake for r in rows) == 0
    assert wallet.house_total() == house_before
    assert {r.bet for r in rows if r.bet != "bank"} == {"banker"}
    assert {r.bet for r in rows} - {"bank"} <= set(edition(f"{game}@{variant}").wager_order)
    # The fees were taken before the deal by the edition's default schedule (D-482, D-483).
    assert table_account("fees", table) == bank_fee + 2 * player_fee
    assert table_account("bank", table) == 0
    for seat in (b, c):
        seat.page()
        assert 'data-testid="pd-fees"' in seat.html and 'data-testid="scoreboards"' in seat.html
        recall_page = seat.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
        assert 'data-testid="recall-fees"' in recall_page and 'data-testid="recall-coverage"' in recall_page
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_the_felt_offers_each_editions_own_circles(app, guest):
    """RUYI's bonus bets need no line bet (003 s.4080-4083); EZ's Dragon 7 waits for one (D-149)."""
    ruyi = create_table("P/D RUYI", "ruyi-baccarat", "crystal-park", config={"options": {}})
    ez = create_table("P/D EZ", "ez-baccarat", "crystal-park", config={"options": {}})
    db.session.commit()
    for table, offered, absent in ((ruyi, {"bet-gold-7", "bet-jade-8", "bet-ruby-9"}, {"bet-dragon-7"}),
                                   (ez, {"bet-baccarat-tie"}, {"bet-dragon-7", "bet-gold-7"})):
        (a, _), (b, _), _ = three_players(app, guest, table)
        a.page()
        take_bank(a, "300")
        b.page()
        assert offered <= b.actions and not absent & b.actions, b.actions


def test_games_json_lists_the_baccarat_editions_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    sides = {"fortune-7-baccarat": ["baccarat-tie", "one-up", "fortune-7-bonus"],
             "california-baccarat": ["baccarat-tie", "china-bear", "dragon-king"],
             "dragon-dai-bacc": ["baccarat-tie", "tiger-7", "ox-8", "kill-the-ox-tiger"],
             "ruyi-baccarat": ["gold-7", "jade-8", "ruby-9", "baccarat-tie"]}
    for game, variant, *_ in EDITIONS:
        listed = next(v for v in games[game]["variants"] if v["slug"] == variant)
        assert listed["banking"] == "player-dealer" and listed["playable"], f"{game}@{variant}"
        assert listed["side_bets"] == sides.get(game, ["baccarat-tie", "dragon-7", "panda-8"])


def test_the_felt_names_the_card_that_set_the_action(app, guest):
    """001 s.595, 002 s.5553, 003 s.1808: the EZ editions' action button is set by the second
    card dealt to the Banker hand, and the felt says so."""
    table = create_table("P/D EZ action", "ez-baccarat", "lucky-derby", config={"options": {}})
    db.session.commit()
    (a, _), (b, _), _ = three_players(app, guest, table)
    a.page()
    take_bank(a, "300")
    b.page()
    assert b.act("bet", "player", chip="1000") == ""
    assert b.act("deal") == ""
    b.page()
    assert "(the second card dealt to the Banker hand " in b.html
