"""Bingo through the pages: cards bought, the game called by the first request after its time,
settled once, forged cards and purchases for a closed game refused with nothing changed, the
books balanced (seed 000 §1-§5, D-380 … D-392)."""

from __future__ import annotations

import re
from datetime import timedelta

import sqlalchemy as sa

from tests.web.tablehelp import Seat, assert_books_balance, chips, latest_round, me, second_player
from webgame.engine.money import fmt
from webgame.extensions import db
from webgame.models import BetSettlement, Round, utcnow
from webgame.services import clocks
from webgame.services.tables import create_table


def bingo(variant: str = "standard", **options):
    table = create_table("Test Bingo", "bingo", variant, config={"options": options})
    db.session.commit()
    return table


def buy(seat: Seat, count: str | None = "3", *, planet: bool = False, numbers: list[int] | None = None,
        quick: bool = False, round_id=None, version=None) -> str:
    data: dict = {"seat": seat.seat, "kind": "cards",
                  "round_id": seat.round_id if round_id is None else round_id,
                  "version": seat.version if version is None else version}
    if numbers is not None:
        data["number"] = [str(n) for n in numbers]
    elif quick:
        data["quick_pick"] = "1"
    elif count is not None:
        data["count"] = count
    if planet:
        data["planet"] = "1"
    resp = seat.c.post(f"/tables/{seat.table_id}/act", data, htmx=True)
    assert resp.status_code == 200
    seat.html = resp.get_data(as_text=True)
    return seat.error


def run_the_game(seat: Seat) -> Round:
    """Move the game's time into the past: the next look at the table calls it."""
    db.session.expire_all()
    rnd = db.session.scalars(sa.select(Round).where(Round.table_id == seat.table_id)
                             .order_by(Round.number.desc())).first()
    assert rnd.status == "open" and rnd.deadline_kind == "draw"
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    seat.page()
    db.session.expire_all()
    return db.session.get(Round, rnd.id)


def test_cards_bought_play_the_game_at_its_time_and_settle_once(app, guest):
    table = bingo()
    seat = Seat(guest, table, seat=0, buy="50")
    first = me()
    other = second_player(app, table, seat=3)
    assert 'data-testid="bingo-board"' in seat.html and "Buy cards" in seat.html
    assert buy(seat, "3") == ""
    assert chips(first, table) == 4700  # D-380: $1 a card
    other.page()
    assert buy(other, "2") == ""
    rnd = latest_round(table)
    every = int(rnd.rules["draw_minutes"]) * 60
    assert rnd.deadline_kind == "draw" and int(rnd.deadline.timestamp()) % every == 0
    seat.page()
    assert latest_round(table).status == "open"  # not before its time
    called = run_the_game(seat)
    assert called.status == "over"
    state = called.state
    rows = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == called.id)).all()
    assert sorted(r.bet for r in rows) == [f"card-{n}" for n in range(1, 6)]
    # The posted line prize, shared by the cards the last ball completed, nothing more or less.
    assert sum(r.returned for r in rows) == 2500 and state["winners"]
    assert {int(r.bet.split("-")[1]) for r in rows if r.returned} == set(state["winners"])
    seat.page()
    assert clocks.tick(table) is False
    assert db.session.scalar(sa.select(sa.func.count(BetSettlement.id))
                             .where(BetSettlement.round_id == called.id)) == 5
    assert_books_balance()


def test_the_balls_come_out_one_at_a_time_then_the_result_the_recall_and_the_proof(guest):
    table = bingo("standard", min_players=1, pattern="blackout")
    seat = Seat(guest, table, seat=0, buy="50")
    buy(seat, "2")
    called = run_the_game(seat)
    lit = re.findall(r'class="bingo-ball[^"]*is-called', seat.html)
    assert 1 <= len(lit) < len(called.state["calls"])
    assert 'data-testid="bingo-results"' not in seat.html  # no result before the last ball
    assert seat.c.get(f"/rounds/{called.id}/proof").status_code == 404
    called.ended_at = utcnow() - timedelta(seconds=120)
    db.session.commit()
    seat.page()
    assert len(re.findall(r'class="bingo-ball[^"]*is-called', seat.html)) == len(called.state["calls"])
    assert 'data-testid="bingo-results"' in seat.html and 'data-testid="prize-wheel"' in seat.html
    recall = seat.c.get(f"/rounds/{called.id}").get_data(as_text=True)
    balls = re.search(r'data-testid="recall-balls">([^<]*)<', recall).group(1)
    assert [int(b) for b in balls.split(" · ")] == called.state["calls"]
    assert recall.count('data-testid="recall-card"') == 2
    from webgame.services.recall import prove

    checked = prove(called)  # the seed hashes to the commitment and the journal replays the game
    assert checked.hash_matches and checked.replay_matches, checked.problems
    assert_books_balance()


def test_a_lone_player_is_refunded_under_d380(guest):
    table = bingo()
    seat = Seat(guest, table, seat=0, buy="50")
    buy(seat, "4")
    called = run_the_game(seat)
    rows = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == called.id)).all()
    assert {(r.result, r.returned) for r in rows} == {("void", 100)} and len(rows) == 4
    assert chips(me(), table) == 5000
    assert_books_balance()


def test_forged_cards_and_cards_for_a_closed_game_are_refused_with_nothing_changed(guest):
    table = bingo("pick-your-own", min_players=1)
    seat = Seat(guest, table, seat=0, buy="50")
    assert buy(seat, numbers=[1, 2, 3, 4, 5, 6, 7, 75]) == ""
    before = (chips(me(), table), latest_round(table).version)
    for numbers, words in [([1, 2, 3, 4, 5, 6, 7], "8 numbers"), ([1, 2, 3, 4, 5, 6, 7, 76], "76"),
                           ([1, 1, 2, 3, 4, 5, 6, 7], "once")]:
        err = buy(seat, numbers=numbers)
        assert err and words in err, (numbers, err)
        db.session.expire_all()
        assert (chips(me(), table), latest_round(table).version) == before
    err = buy(seat, "2")  # a count where the player picks the numbers
    assert err
    rnd = latest_round(table)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    err = buy(seat, quick=True)
    assert "closed" in err
    db.session.expire_all()
    assert (chips(me(), table), latest_round(table).version) == before
    assert len(latest_round(table).state["cards"]) == 1
    seat.page()  # this look calls the game
    db.session.expire_all()
    assert latest_round(table).status == "over"
    after = chips(me(), table)
    old_round, old_version = str(latest_round(table).id), str(latest_round(table).version - 1)
    assert buy(seat, quick=True, round_id=old_round, version=old_version)
    db.session.expire_all()
    assert chips(me(), table) == after and latest_round(table).status == "over"
    assert_books_balance()


def test_planet_bingo_add_ons_feed_the_meter_through_the_ledger(guest):
    table = bingo("standard", min_players=1, planet_on=True)
    seat = Seat(guest, table, seat=0, buy="50")
    assert buy(seat, "4", planet=True) == ""
    assert chips(me(), table) == 5000 - 4 * 125
    called = run_the_game(seat)
    assert called.status == "over"
    from webgame.services import wallet

    meter = wallet.balance(wallet.jackpot("planet-bingo"))
    paid = sum(a["amount"] for a in called.state["awards"] if a["prize"] == "planet-bingo")
    assert meter == (100_000 if paid else 100_000 + 100)  # seeded $1,000 (D-387), 25¢ a card in
    assert_books_balance()


def test_games_json_lists_every_bingo_variant_as_playable(app):
    from webgame.cli import games_report

    (entry,) = [g for g in games_report()["games"] if g["slug"] == "bingo"]
    assert entry["playable"] and {v["slug"]: v["playable"] for v in entry["variants"]} == {
        "standard": True, "pick-your-own": True, "bingo-bonanza": True}


def test_the_lobby_and_the_rules_panel(guest):
    table = bingo("bingo-bonanza")
    seat = Seat(guest, table, seat=0, buy="20")
    assert "Blackout within 52 balls" in seat.html
    assert "sheets stay sealed until the game" in seat.html and "000 s.240-242; D-392" in seat.html  # the rules panel
    lobby = guest.get("/").get_data(as_text=True)
    assert "45 balls pre-drawn; blackout within 52 wins the jackpot" in lobby


def test_two_requests_racing_on_the_game_settle_it_once(guest):
    table = bingo("standard", min_players=1)
    seat = Seat(guest, table, seat=0, buy="50")
    buy(seat, "3")
    rnd = latest_round(table)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    # Two requests both saw the passed time: the first calls the game, the second's claim on the
    # same round version is refused and rolled back.
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
    rows = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)).all()
    assert sorted(r.bet for r in rows) == ["card-1", "card-2", "card-3"]
    assert sum(r.returned for r in rows) == 2500  # one line prize, paid once
    assert_books_balance()


def test_the_prize_wheel_is_sent_after_the_last_ball_drawn_at_rest_on_its_segment(guest):
    """D-389, P-411: the winner's one spin is in the page only once the last ball shows, as a
    wheel drawn at rest on the landed segment (the script turns it there) and in words."""
    table = bingo("standard", min_players=1, pattern="line", wheel="every")
    seat = Seat(guest, table, seat=0, buy="50")
    buy(seat, "1")
    called = run_the_game(seat)
    segment = called.state["wheel"]
    assert segment is not None
    assert 'data-testid="prize-wheel"' not in seat.html and "data-turn-to" not in seat.html
    assert "The prize wheel stopped" not in seat.html
    called.ended_at = utcnow() - timedelta(seconds=120)
    db.session.commit()
    seat.page()
    won = fmt(called.rules["wheel_segments"][segment])
    turn_to = re.search(r'data-turn-to="([^"]+)"', seat.html).group(1)
    assert float(turn_to) == segment * 18  # twenty segments of 18°
    hit = re.findall(r'class="seg-g prize-seg is-hit" data-segment="(\d+)"', seat.html)
    assert hit == [str(segment)]
    assert f"The prize wheel stopped on {won}." in seat.html and f'data-result="{won}"' in seat.html
    assert_books_balance()
