"""Chinese Poker through the web (003 §4, 004 §21): both editions play a hand with the books
balanced and the house's take in its account, a forged setting (a card not held, a 4/4/5 split)
is refused and changes nothing, a setting posted without script (each card's row) plays, and no
page shows another player's cards before every hand is set."""

from __future__ import annotations

import re

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement, LedgerEntry, Round
from webgame.services import wallet
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, latest_round

CODE = re.compile(r'data-code="([2-9TJQKA][cdhs])"')


def make(variant: str, config=None):
    """A table whose hands are dealt by a player's Deal (the table's own deal waits an hour)."""
    table = create_table(f"Test Chinese Poker {variant}", "chinese-poker", variant,
                         config={"next_hand_s": 3600, **(config or {})})
    db.session.commit()
    return table


def other(app, table, seat: int, buy: str) -> Seat:
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


def state_of(table) -> dict:
    db.session.expire_all()
    return latest_round(table).state


def rows_post(seat: Seat, setting: str, keep_foul: bool = False) -> str:
    """The setter form as a browser without script posts it: each card's row."""
    front, middle, back = setting.split("/")
    data = {"seat": seat.seat, "kind": "set", "round_id": seat.round_id, "version": seat.version}
    for row, text in (("front", front), ("middle", middle), ("back", back)):
        for i in range(0, len(text), 2):
            data[f"row-{text[i:i + 2]}"] = row
    if keep_foul:
        data["foul"] = "1"
    resp = seat.c.post(f"/tables/{seat.table_id}/act", data, htmx=True)
    assert resp.status_code == 200
    seat.html = resp.get_data(as_text=True)
    return seat.error


def pot_and_take(table) -> tuple[int, int, int]:
    db.session.expire_all()
    return (wallet.balance(wallet.account("pot", table_id=table.id, name="Pot")),
            wallet.balance(wallet.account("fees", table_id=table.id, name="Collection fees")),
            wallet.balance(wallet.account("rake", table_id=table.id, name="Rake")))


def test_crystal_park_plays_a_hand_and_the_books_balance(app, guest):
    table = make("crystal-park")
    a, b = two_players(app, guest, table)
    assert "deal" in a.actions
    assert a.act("deal") == ""
    cards = state_of(table)["cards"]
    assert set(cards) == {"0", "1"} and all(len(c) == 13 for c in cards.values())
    assert {"house-way", "surrender", "set-hand"} <= a.actions  # the setter and the decisions
    a.page()
    way = re.search(r'data-house-way="([^"]+)"', a.html).group(1)
    assert rows_post(a, way) == ""  # posted without script, each card's row
    b.page()
    assert b.act("house-way") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    assert {r.seat for r in rows} == {0, 1} and all(r.bet == "pot" for r in rows)
    assert sum(r.returned - r.stake for r in rows) == -400  # the players' points cancel; $2 each to the house
    assert pot_and_take(table) == (0, 400, 0)  # D-455
    a.page()
    assert 'data-testid="showdown"' in a.html and "point" in a.html
    assert_books_balance()


def test_chapter4_players_take_a_hand_in_turn_and_the_rake_balances(app, guest):
    table = make("chapter4", {"options": {"point": 500}})
    a, b = two_players(app, guest, table)
    a.act("deal")
    state = state_of(table)
    assert state["phase"] == "pick" and len(state["packets"]) == 4
    first, second = (a, b) if state["order"][0] == 0 else (b, a)
    second.page()
    assert not {"pick-0", "pick-1"} & second.actions  # not its turn yet
    first.page()
    assert {"pick-0", "pick-1", "pick-2", "pick-3"} <= first.actions
    assert first.act("pick", "2") == ""
    second.page()
    assert "pick-2" not in second.actions and "pick-3" in second.actions
    assert second.act("pick", "3") == ""
    state = state_of(table)
    assert state["picked"] == {str(first.seat): 2, str(second.seat): 3}
    assert state["cards"][str(first.seat)] == state["packets"][2]
    for seat in (a, b):
        seat.page()
        assert seat.act("house-way") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    winner = max(rows, key=lambda r: r.returned - r.stake)
    net = state_of(table)["nets"][str(winner.seat)]
    rake = min(net * 5 // 100, 400) if net > 0 else 0  # D-412
    assert sum(r.returned - r.stake for r in rows) == -rake
    assert pot_and_take(table) == (0, 0, rake)
    assert_books_balance()


def test_a_forged_setting_is_refused_and_changes_nothing(app, guest):
    table = make("crystal-park")
    a, b = two_players(app, guest, table)
    a.act("deal")
    mine = state_of(table)["cards"]["0"]
    theirs = state_of(table)["cards"]["1"]
    a.page()
    before = (latest_round(table).version, db.session.scalar(sa.select(sa.func.count(LedgerEntry.id))))
    forged = theirs[0] + "".join(mine[1:3]) + "/" + "".join(mine[3:8]) + "/" + "".join(mine[8:13])
    assert a.act("set", forged) == "That setting uses a card you do not hold."
    a.page()
    four_four_five = "".join(mine[:4]) + "/" + "".join(mine[4:8]) + "/" + "".join(mine[8:13])
    assert a.act("set", four_four_five) == "Set 3 cards in front, 5 in the middle and 5 in the back."
    a.page()
    assert b.act("set", "".join(theirs[:3]) + "/" + "".join(theirs[3:8]) + "/" + "".join(theirs[8:]),
                 seat=0) == "That seat is not yours."
    db.session.expire_all()
    assert (latest_round(table).version, db.session.scalar(sa.select(sa.func.count(LedgerEntry.id)))) == before
    assert "0" not in state_of(table)["settings"]
    assert_books_balance()


def test_a_foul_is_refused_with_a_warning_unless_it_is_kept(app, guest):
    table = make("crystal-park")
    a, b = two_players(app, guest, table)
    a.act("deal")
    from webgame.games.chinese import rows

    mine = state_of(table)["cards"]["0"]
    way = rows.house_way(mine)
    # The house way's back and middle swapped: a foul unless both rows tie exactly.
    swapped = rows.Setting(way.front, way.back, way.middle)
    if not rows.foul(swapped):
        swapped = rows.Setting(way.back[:3], way.back[3:] + way.middle[:3], way.middle[3:] + way.front)
    assert rows.foul(swapped)
    text = rows.setting_text(swapped)
    a.page()
    assert "fouls" in rows_post(a, text)
    assert "0" not in state_of(table)["settings"]
    a.page()
    assert rows_post(a, text, keep_foul=True) == ""
    b.page()
    b.act("house-way")
    rnd = latest_round(table)
    rows_ = {r.seat: r for r in db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id))}
    swept = state_of(table)["pairs"][0]["line"] == "sweep"
    if not swept:
        assert rows_[0].returned - rows_[0].stake == -4 * 200 - 200  # D-454: 4 points, and the $2 collection
    assert_books_balance()


def test_nobody_sees_another_players_cards_before_every_hand_is_set(app, guest):
    table = make("crystal-park")
    a, b = two_players(app, guest, table)
    a.act("deal")
    cards = state_of(table)["cards"]
    for step in ("dealt", "one set"):
        for seat, page in ((0, a), (1, b)):
            page.page()
            shown = set(CODE.findall(page.html))
            assert set(cards[str(seat)]) <= shown, step
            assert not set(cards[str(1 - seat)]) & shown, step
            fragment = page.c.get(f"/tables/{table.id}/play").get_data(as_text=True)
            assert not set(cards[str(1 - seat)]) & set(CODE.findall(fragment)), step
        if step == "dealt":
            a.act("house-way")
    b.page()
    b.act("house-way")
    a.page()
    assert set(cards["1"]) <= set(CODE.findall(a.html))  # shown once every hand is set
    rnd = db.session.get(Round, latest_round(table).id)
    assert rnd.status == "over"


def test_the_clock_sets_the_house_way_and_the_history_shows_every_setting(app, guest):
    from datetime import timedelta

    from webgame.games.chinese import rows
    from webgame.models import utcnow

    table = make("crystal-park")
    a, b = two_players(app, guest, table)
    a.act("deal")
    rnd = latest_round(table)
    cards = state_of(table)["cards"]
    assert a.c.get(f"/rounds/{rnd.id}/hand.txt").status_code == 404  # no history of a hand in play
    a.act("house-way")
    db.session.expire_all()
    rnd = db.session.get(Round, rnd.id)
    assert rnd.deadline_kind == "decision"
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    b.page()  # the next look at the table applies the clock (D-009): the house way
    state = state_of(table)
    assert state["phase"] == "over" and 1 in state["house_way"]
    assert state["settings"]["1"] == rows.setting_text(rows.house_way(cards["1"]))
    text = b.c.get(f"/rounds/{rnd.id}/hand.txt").get_data(as_text=True)
    assert "*** SHOWDOWN ***" in text and re.search(r"Seat [12] against seat [12]: ", text)
    for seat in ("0", "1"):  # every setting is shown once the hand is over
        front = rows.parse_setting(state["settings"][seat]).front
        assert " ".join(front) in text
    assert_books_balance()


def test_the_point_value_posts_a_buy_in_of_twenty_points(app, guest):
    table = make("crystal-park", {"options": {"point": 500}})
    a = Seat(guest, table, 0, buy="")
    refused = a.c.post(f"/tables/{table.id}/buy-in", {"amount": "99"}, htmx=True).get_data(as_text=True)
    assert "The minimum buy-in here is $100" in refused
    taken = a.c.post(f"/tables/{table.id}/buy-in", {"amount": "100"}, htmx=True).get_data(as_text=True)
    assert "minimum buy-in" not in taken
    a.page()
    assert "$5 a point" in a.html and "twenty points" not in a.error


def test_a_bot_takes_its_hand_in_turn_and_sets_it_at_chapter4(app, guest):
    table = make("chapter4")
    a = Seat(guest, table, 0, buy="100")
    assert a.c.post(f"/tables/{table.id}/bot", {"seat": 1}).status_code == 302
    a.page()
    a.act("deal")
    state = state_of(table)
    if state["order"][0] == 1:  # the bot's turn first: it has taken hand 1 already
        assert state["picked"] == {"1": 0}
        a.page()
        assert a.act("pick", "3") == ""
    else:
        assert a.act("pick", "3") == ""
    state = state_of(table)
    assert state["picked"]["0"] == 3 and state["picked"]["1"] in (0, 1)
    assert "1" in state["settings"] and 1 in state["house_way"]  # the bot set its hand at once
    a.page()
    assert a.act("house-way") == ""
    assert latest_round(table).status == "over"
    assert_books_balance()


def test_a_surrender_must_be_confirmed_and_pays_two_points_to_each_player(app, guest):
    table = make("crystal-park", {"options": {"clean_sweeps": False}})
    a, b = two_players(app, guest, table)
    a.act("deal")
    a.page()
    assert a.act("surrender") == "Tick the box to surrender: you pay 2 points to each player."
    assert state_of(table)["surrendered"] == []
    a.page()
    assert a.act("surrender", "yes") == ""
    b.page()
    b.act("house-way")
    rnd = latest_round(table)
    nets = {r.seat: r.returned - r.stake for r in
            db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id))}
    assert nets == {0: -2 * 200 - 200, 1: 2 * 200 - 200}  # D-454 line 1, and the $2 collection each
    a.page()
    assert "a surrender" in a.html
    assert_books_balance()
