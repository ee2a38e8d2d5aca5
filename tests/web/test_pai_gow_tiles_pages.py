"""Pai Gow tiles through the web, three browsers at one table: one takes the bank, two bet; the
dice cup counts counter-clockwise from the bank as 1, 9 and 17 (D-478); one bettor sets its
four tiles on the tile setter (a setting that fouls is refused), the other asks for the House
Way; the player-dealer then sets the bank's tiles; both hands of each position are shown
against the bank's with each half's result; the bank pays and collects, never the house, the
first four hands of a new game carry no collection (D-492), the books balance and the round's
proof replays (002 §11; D-262, D-263, D-264, D-465)."""

from __future__ import annotations

import html
import json
import re
from itertools import combinations

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, latest_round, table_account, three_players

GAME, VARIANT = "pai-gow-tiles", "lucky-chances"


def setter_of(page: str, testid: str) -> tuple[list[str], set[str], dict[str, str]]:
    """A setter's four tiles, the low hands that foul and each low hand's words, as the page has them."""
    form = re.search(rf'<form[^>]*data-testid="{testid}"[^>]*>.*?</form>', page, re.DOTALL)
    assert form, testid
    text = form.group(0)
    tiles = re.findall(r'name="card" value="([^"]+)"', text)
    fouls = set(filter(None, re.search(r'data-fouls="([^"]*)"', text).group(1).split(",")))  # type: ignore[union-attr]
    words = json.loads(html.unescape(re.search(r'data-words="([^"]*)"', text).group(1)))  # type: ignore[union-attr]
    return tiles, fouls, words


def set_by_hand(seat: Seat, testid: str) -> str:
    """Post a foul if the tiles allow one (refused), then a setting that does not foul."""
    tiles, fouls, words = setter_of(seat.html, testid)
    assert len(tiles) == 4 and len(words) == 6
    lows = [" ".join(sorted(p)) for p in combinations(tiles, 2)]
    for low in lows:
        if low in fouls:
            assert "fouls" in seat.act("set", low)
            break
    low = next(low for low in lows if low not in fouls)
    assert seat.act("set", low) == ""
    return low


def test_a_pai_gow_tiles_round(app, guest):
    table = create_table("P/D pai gow tiles", GAME, VARIANT, config={"options": {}})
    db.session.commit()
    (a, pa), (b, _), (c, _) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    if "bank" not in a.actions:
        assert a.act("next") == ""
    assert a.act("bank", amount="300") == ""
    for seat in (b, c):
        seat.page()
        assert "bet-main" in seat.actions
        assert seat.act("bet", "main", chip="1000") == ""
    assert c.act("deal") == ""
    a.page()
    assert 'data-testid="pd-dice"' in a.html and "1, 9, 17" in a.html
    assert 'data-testid="bank-setter"' not in a.html  # the bank's stack stays shut until every hand is set
    assert 'class="tile back' in a.html and 'class="tile face' not in a.html  # a sees no tiles yet
    b.page()
    page = b.html
    assert 'data-testid="hand-setter"' in page and 'class="tile face' in page and "Show house way" in page
    assert '<span class="pg-row">' in page and "(D-263)" not in page  # the House Way preview says why, in words
    assert {"set-hand", "house-way"} <= b.actions and "set" not in b.actions  # the setter posts the tiles
    low = set_by_hand(b, "hand-setter")
    c.page()
    assert c.act("house-way") == ""
    a.page()
    assert 'data-testid="bank-setter"' in a.html and "you are the player-dealer" in a.html
    b.page()
    assert 'data-testid="bank-setter"' not in b.html and 'data-testid="bank-waiting"' in b.html
    assert b.act("house-way", seat=a.seat)  # only the player-dealer sets the bank's tiles
    set_by_hand(a, "bank-setter")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    b.page()
    page = b.html
    assert 'data-testid="bank-hands"' in page and 'data-testid="high-result"' in page and 'data-testid="low-result"' in page
    for code in low.split():
        assert f'data-code="{code}"' in page
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    bank_row = next(r for r in rows if r.bet == "bank")
    assert bank_row.player_id == pa.id and bank_row.stake == 30000
    assert sum(r.returned - r.stake for r in rows) == 0  # between the players and the bank only
    for r in rows:
        if r.bet == "main":
            assert r.returned in (0, r.stake, 2 * r.stake)  # lose, push, or 1 to 1 (D-264)
    assert wallet.house_total() == house_before
    assert table_account("fees", table) == 0  # the first four hands of a new game are free (D-492)
    assert table_account("bank", table) == 0
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_the_rules_panel_names_the_decisions(guest):
    table = create_table("Tiles rules", GAME, VARIANT, config={"options": {}})
    db.session.commit()
    page = Seat(guest, table).html
    assert "D-263" in page and "does not print" in page and "D-257 to D-259" in page
    assert "counter-clockwise" in page


def test_games_json_lists_pai_gow_tiles_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    listed = {v["slug"]: v for v in games[GAME]["variants"]}
    assert listed[VARIANT]["playable"] and listed[VARIANT]["banking"] == "player-dealer"
    assert listed[VARIANT]["side_bets"] == []


def test_recall_shows_the_tiles(app, guest):
    table = create_table("P/D pai gow tiles recall", GAME, VARIANT, config={"options": {}})
    db.session.commit()
    (a, _), (b, _), (c, _) = three_players(app, guest, table)
    a.page()
    if "bank" not in a.actions:
        assert a.act("next") == ""
    assert a.act("bank", amount="300") == ""
    for seat in (b, c):
        seat.page()
        assert seat.act("bet", "main", chip="1000") == ""
    assert c.act("deal") == ""
    for seat in (b, c):
        seat.page()
        assert seat.act("house-way") == ""
    a.page()
    assert a.act("house-way") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    page = b.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    # The bank's hand is drawn as its four tiles with their names, never as unknown cards.
    assert page.count('class="tile face') == 4 and "unknown" not in page
    assert re.search(r'aria-label="(Teen|Day|Yun|Gor|Mooy|Chong|Bon|Foo|Ping|Tit|Look|Chop \w+|Gee Joon), \d-\d"', page)
