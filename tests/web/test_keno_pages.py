"""Keno through the pages: tickets bought, the draw run by the first request after its time,
settled once, forged tickets refused with nothing changed, the books balanced."""

from __future__ import annotations

import re
from datetime import timedelta

import sqlalchemy as sa

from tests.web.tablehelp import Seat, assert_books_balance, chips, latest_round, me
from webgame.engine.money import fmt
from webgame.extensions import db
from webgame.models import BetSettlement, Round, utcnow
from webgame.services import clocks, wallet
from webgame.services.tables import ConfigError, configure, create_table


def keno(variant: str = "grand-ronde", config: dict | None = None):
    table = create_table("Test Keno", "keno", variant, config=config or {})
    db.session.commit()
    return table


def buy(seat: Seat, numbers: list[int] | None = None, *, amount: str = "1", games: str = "1",
        quick: str = "", groups: str = "", ways: str = "", round_id=None, version=None) -> str:
    data: dict = {"seat": seat.seat, "kind": "ticket", "amount": amount, "games": games,
                  "round_id": seat.round_id if round_id is None else round_id,
                  "version": seat.version if version is None else version}
    if numbers is not None:
        data["number"] = [str(n) for n in numbers]
    if quick:
        data["quick_pick"], data["spots"] = "1", quick
    if groups:
        data["groups"], data["ways"] = groups, ways
    resp = seat.c.post(f"/tables/{seat.table_id}/act", data, htmx=True)
    assert resp.status_code == 200
    seat.html = resp.get_data(as_text=True)
    return seat.error


def run_the_draw(seat: Seat) -> Round:
    """Move the draw's time into the past: the next look at the table runs it."""
    db.session.expire_all()
    rnd = db.session.scalars(sa.select(Round).where(Round.table_id == seat.table_id)
                             .order_by(Round.number.desc())).first()
    assert rnd.status == "open" and rnd.deadline_kind == "draw"
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    seat.page()
    db.session.expire_all()
    return db.session.get(Round, rnd.id)


def test_a_ticket_bought_plays_the_draw_at_its_time_and_settles_once(guest):
    table = keno()
    seat = Seat(guest, table, seat=0, buy="50")
    assert 'data-testid="keno-board"' in seat.html and "Buy ticket" in seat.html
    assert buy(seat, [1, 2, 3, 4, 5]) == ""
    assert chips(me(), table) == 4900
    rnd = latest_round(table)
    every = int(rnd.rules["draw_minutes"]) * 60
    # The round closes at the next draw on the schedule (D-397), counted from the hour.
    assert rnd.deadline_kind == "draw" and int(rnd.deadline.timestamp()) % every == 0
    assert rnd.deadline > utcnow() and rnd.deadline - utcnow() <= timedelta(seconds=every)
    seat.page()
    assert rnd.status == "open"  # not before its time
    drawn = run_the_draw(seat)
    assert drawn.status == "over" and len(drawn.state["balls"]) == 20
    rows = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == drawn.id)).all()
    assert [r.bet for r in rows] == ["ticket-1/game-1"]
    catch = len(set(drawn.state["balls"]) & {1, 2, 3, 4, 5})
    pays = {3: 200, 4: 1800, 5: 75000}.get(catch, 0)  # D-393's 5-spot line for $1
    assert rows[0].returned == pays and chips(me(), table) == 4900 + pays
    # A second look, and a stale clock applied twice, settle nothing again.
    seat.page()
    assert clocks.tick(table) is False
    assert db.session.scalar(sa.select(sa.func.count(BetSettlement.id))
                             .where(BetSettlement.round_id == drawn.id)) == 1
    assert_books_balance()


def test_the_page_shows_the_balls_one_at_a_time(guest):
    table = keno()
    seat = Seat(guest, table, seat=0, buy="50")
    buy(seat, [1, 2])
    drawn = run_the_draw(seat)
    lit = re.findall(r'class="keno-spot[^"]*is-drawn', seat.html)
    assert 1 <= len(lit) < 20  # the draw has just run: the first balls only
    assert 'data-testid="keno-results"' not in seat.html  # no result before the last ball
    shown = re.search(r'data-testid="chips">([^<]*)<', seat.html).group(1)
    assert shown == "$49", shown  # the count before the draw, whatever the ticket won
    # Neither the recall nor the proof (its seed) tells the balls before the board does.
    assert seat.c.get(f"/rounds/{drawn.id}").status_code == 404
    assert seat.c.get(f"/rounds/{drawn.id}/proof").status_code == 404
    drawn.ended_at = utcnow() - timedelta(seconds=30)
    db.session.commit()
    seat.page()
    assert len(re.findall(r'class="keno-spot[^"]*is-drawn', seat.html)) == 20
    assert 'data-testid="keno-results"' in seat.html and "is-last" in seat.html
    won = sum(r.returned for r in db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == drawn.id)))
    assert re.search(r'data-testid="chips">([^<]*)<', seat.html).group(1) == fmt(4900 + won)
    recall = seat.c.get(f"/rounds/{drawn.id}").get_data(as_text=True)
    balls = re.search(r'data-testid="recall-balls">([^<]*)<', recall).group(1)
    assert [int(b) for b in balls.split(" · ")] == drawn.state["balls"]
    assert "Ticket #1 (straight): 1 2" in recall
    proof = seat.c.get(f"/rounds/{drawn.id}/proof")
    assert proof.status_code == 200 and drawn.seed in proof.get_data(as_text=True)
    from webgame.services.recall import prove

    checked = prove(drawn)  # the seed hashes to the commitment and the journal replays the draw
    assert checked.hash_matches and checked.replay_matches, checked.problems


def test_two_requests_racing_on_the_draw_settle_it_once(app, guest):
    table = keno()
    seat = Seat(guest, table, seat=0, buy="50")
    buy(seat, [7, 8, 9])
    rnd = latest_round(table)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    # Two requests both saw the passed deadline: the first runs the draw, the second's claim on
    # the same round version is refused and rolled back.
    from webgame.services.rounds import RoundWork, StaleError

    stale = RoundWork.resume(table, db.session.get(Round, rnd.id))
    seat.page()
    db.session.expire_all()
    clocks.default_move(stale)
    try:
        stale.save()
        raised = False
    except StaleError:
        raised = True
    db.session.rollback()
    assert raised
    db.session.expire_all()
    assert db.session.scalar(sa.select(sa.func.count(BetSettlement.id))
                             .where(BetSettlement.round_id == rnd.id)) == 1
    assert_books_balance()


def test_forged_tickets_are_refused_with_nothing_changed(guest):
    table = keno()
    seat = Seat(guest, table, seat=0, buy="50")
    buy(seat, [1])
    before = (chips(me(), table), latest_round(table).version)
    for numbers, amount, words in [(list(range(1, 17)), "1", "1 to 15 spots"),
                                   ([5, 81], "1", "81"),
                                   ([5], "-1", ""),
                                   ([5], "1001", "maximum")]:
        err = buy(seat, numbers, amount=amount)
        assert err and words in err, (numbers, amount, err)
        db.session.expire_all()
        assert (chips(me(), table), latest_round(table).version) == before
    # A ticket posted after the draw's time but before any request ran the draw.
    rnd = latest_round(table)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    err = buy(seat, [3])
    assert "closed" in err
    db.session.expire_all()
    assert (chips(me(), table), latest_round(table).version) == before
    assert len(latest_round(table).state["tickets"]) == 1
    # A ticket for a draw that has been drawn: the form still names the drawn round.
    seat.page()  # this look runs the draw
    db.session.expire_all()
    assert latest_round(table).status == "over"
    old_round, old_version = str(latest_round(table).id), str(latest_round(table).version - 1)
    db.session.expire_all()
    after_draw = chips(me(), table)
    err = buy(seat, [2], round_id=old_round, version=old_version)
    assert err
    db.session.expire_all()
    assert chips(me(), table) == after_draw and latest_round(table).status == "over"
    assert_books_balance()


def test_a_multi_game_ticket_rides_and_the_table_opens_the_next_draw_itself(guest):
    table = keno(config={"options": {"draw_minutes": 1}})
    seat = Seat(guest, table, seat=0, buy="50")
    assert buy(seat, [10, 20], games="3") == ""
    assert chips(me(), table) == 4700
    first = run_the_draw(seat)
    assert first.status == "over"
    assert wallet.balance(wallet.wagers(table.id)) == 200  # two games still to play
    # The next draw's round opens by itself once the last draw's balls are out.
    first.ended_at = utcnow() - timedelta(seconds=60)
    for s in table.seats:
        s.sat_at = utcnow() - timedelta(seconds=60) if s.sat_at else None
    db.session.commit()
    seat.page()
    db.session.expire_all()
    second = latest_round(table)
    assert second.number == first.number + 1 and second.status == "open" and second.deadline_kind == "draw"
    assert_books_balance()
    # The player may not leave while the ticket has games to play.
    resp = seat.c.post(f"/tables/{table.id}/leave", {"seat": 0}, htmx=True)
    assert "in play" in resp.get_data(as_text=True)
    run_the_draw(seat)
    db.session.expire_all()
    keys = sorted(r.bet for r in db.session.scalars(sa.select(BetSettlement).join(Round)
                                                    .where(Round.table_id == table.id)))
    assert keys == ["ticket-1/game-1", "ticket-1/game-2"]
    assert wallet.balance(wallet.wagers(table.id)) == 100
    assert_books_balance()


def test_quick_pick_and_way_tickets_through_the_form(guest):
    table = keno()
    seat = Seat(guest, table, seat=0, buy="50")
    assert buy(seat, quick="7") == ""
    assert buy(seat, groups="1,2|3,4|5,6", ways="0+1,1+2") == ""
    db.session.expire_all()
    tickets = latest_round(table).state["tickets"]
    assert len(tickets[0]["numbers"]) == 7 and tickets[1]["ways"] == [[1, 2, 3, 4], [3, 4, 5, 6]]
    assert chips(me(), table) == 5000 - 100 - 200
    assert_books_balance()


def test_the_progressive_limit_only_above_the_meter(guest):
    table = keno("chapter4")
    try:
        configure(table, variant="chapter4", config={"options": {"progressive_limit": 3000000}},
                  bots_allowed=False, name="", operator=None)
        refused = ""
    except ConfigError as exc:
        refused = str(exc)
    assert "004 s.1171" in refused  # the 9- and 10-spot meters show $50,000
    configure(table, variant="chapter4", config={"options": {"progressive_limit": 6000000}},
              bots_allowed=False, name="", operator=None)
    db.session.commit()
    seat = Seat(guest, table, seat=0, buy="50")
    buy(seat, [1, 2, 3, 4, 5, 6, 7, 8])
    assert "8-spot progressive" in seat.html
    run_the_draw(seat)
    db.session.expire_all()
    assert wallet.balance(wallet.jackpot("keno-8-spot")) in (2_500_002, 2_500_000)
    assert_books_balance()


def test_games_json_lists_every_keno_variant_as_playable(app):
    import json

    out = app.test_cli_runner().invoke(args=["games", "--json"])
    (game,) = [g for g in json.loads(out.output)["games"] if g["slug"] == "keno"]
    assert game["playable"] and {v["slug"]: v["playable"] for v in game["variants"]} == {
        "grand-ronde": True, "chapter4": True}


def test_the_operator_page_shows_each_spot_counts_exact_return(operator):
    from webgame.models import Table

    listed = operator.get("/operator/").get_data(as_text=True)
    assert "1-spot ticket or way" in listed  # each table's line: its first wager's edge
    table = db.session.scalars(sa.select(Table).where(Table.name == "Chapter 4 Progressive Keno")).one()
    html = operator.get(f"/operator/tables/{table.id}/edit", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "10-spot ticket or way" in html and "8-spot progressive, $1 (long run)" in html
    assert "15.00" in html  # the 9-spot table: 85.0 % returned
