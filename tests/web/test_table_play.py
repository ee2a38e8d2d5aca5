"""A blackjack table through the web: bets, decisions, bad input, stale and replayed posts."""

import re

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.games.blackjack import engine
from webgame.games.blackjack.sidebets import GRADERS, SIDE_BETS
from webgame.games.sidebets import SideBetTable
from webgame.models import BetSettlement, RoundEvent

from .tablehelp import EIGHTS, Seat, assert_books_balance, chips, latest_round, load_shoe, make_table, me


@pytest.fixture
def table(app):
    return make_table()


def test_full_round_moves_money_through_the_ledger(guest, table):
    seat = Seat(guest, table)
    player = me()
    assert chips(player, table) == 50_000
    assert seat.act("bet", "main", chip=1000) == ""
    assert chips(player, table) == 49_000  # a bet leaves the chips when placed (P-003)
    assert "deal" in seat.actions
    seat.act("deal")
    seat.play_out()
    rnd = latest_round(table)
    assert rnd.status == "over"
    settled = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)).all()
    assert [s.bet for s in settled if s.bet.startswith("main")]
    assert chips(player, table) == 49_000 + sum(s.returned for s in settled)
    assert re.search(r"result-banner (win|lose|push)", seat.html)
    assert_books_balance()


def test_bet_over_the_limit_is_refused_and_changes_nothing(guest, table):
    seat = Seat(guest, table)
    player = me()
    assert seat.act("bet", "main", amount="1001") == "The maximum on the main bet is $1,000."
    assert chips(player, table) == 50_000
    assert latest_round(table) is None or not latest_round(table).owners
    assert_books_balance()


@pytest.mark.parametrize("typed", ["-5", "abc", "1e3", "2.555", " "])
def test_negative_or_non_numeric_amounts_are_refused(guest, table, typed):
    seat = Seat(guest, table)
    error = seat.act("bet", "main", amount=typed) if typed.strip() else seat.act("bet", "main", chip="-500")
    assert error
    assert chips(me(), table) == 50_000
    assert_books_balance()


def test_side_bet_over_its_limit(guest, table):
    seat = Seat(guest, table)
    seat.act("bet", "main", chip=1000)
    assert seat.act("bet", "lucky-ladies", amount="26") == "The maximum on Lucky Ladies is $25."
    assert chips(me(), table) == 49_000


def test_stale_version_is_refused(guest, table):
    seat = Seat(guest, table)
    seat.act("bet", "main", chip=1000)
    old_round, old_version = seat.round_id, seat.version
    seat.act("bet", "main", chip=500)
    error = seat.act("bet", "main", chip=500, round_id=old_round, version=old_version)
    assert error == "The table moved on. Here is where it stands now."
    assert chips(me(), table) == 48_500
    assert_books_balance()


def test_replayed_post_changes_nothing(guest, table):
    seat = Seat(guest, table)
    load_shoe(table, EIGHTS)
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    form = {"round_id": seat.round_id, "version": seat.version}
    if "decline" in seat.actions:
        seat.act("decline")
        form = {"round_id": seat.round_id, "version": seat.version}
    before = db.session.scalar(sa.select(sa.func.count(RoundEvent.id)))
    assert seat.act("stand", "0", **form) == ""
    after = db.session.scalar(sa.select(sa.func.count(RoundEvent.id)))
    assert seat.act("stand", "0", **form) == "The table moved on. Here is where it stands now."
    assert db.session.scalar(sa.select(sa.func.count(RoundEvent.id))) == after > before
    assert_books_balance()


def test_acting_in_someone_elses_seat(guest, table, app):
    seat = Seat(guest, table)
    other = app.test_client()
    from tests.conftest import CasinoClient

    second = CasinoClient(other)
    second.get("/login")
    second.post("/guest")
    them = Seat(second, table, seat=1)
    assert them.act("bet", "main", chip=1000, seat=0) == "That seat is not yours."
    assert seat.act("bet", "main", chip=1000) == ""


def test_acting_out_of_turn(guest, table, app):
    from tests.conftest import CasinoClient

    load_shoe(table, EIGHTS)
    first = Seat(guest, table, seat=0)
    second_client = CasinoClient(app.test_client())
    second_client.get("/login")
    second_client.post("/guest")
    second = Seat(second_client, table, seat=1)
    first.act("bet", "main", chip=1000)
    second.page()
    second.act("bet", "main", chip=1000)
    second.act("deal")
    db.session.expire_all()
    rnd = latest_round(table)
    state, version = rnd.state, rnd.version
    assert state["turn"] == 0
    # Seat 1 forges the decision with the round's current version: the engine refuses it.
    error = second.act("stand", "0", round_id=str(rnd.id), version=str(version))
    assert error == "It is not your turn."
    db.session.expire_all()
    assert latest_round(table).version == version
    assert_books_balance()


def test_bots_fill_seats_and_play(guest, table):
    seat = Seat(guest, table)
    for n in (1, 2, 3):
        assert guest.post(f"/tables/{table.id}/bot", {"seat": n}).status_code == 302
    seat.page()
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    seat.play_out()
    rnd = latest_round(table)
    assert rnd.status == "over"
    assert len(rnd.owners) == 4  # the three bots bet the minimum and played
    assert_books_balance()


def test_operator_can_switch_bots_off(app, guest, table):
    from webgame.services.tables import configure

    configure(table, variant=table.variant, config={}, bots_allowed=False, name=table.name, operator=None)
    db.session.commit()
    Seat(guest, table)
    resp = guest.post(f"/tables/{table.id}/bot", {"seat": 2}, htmx=True)
    assert "Bots are turned off at this table." in resp.get_data(as_text=True)


def test_rebet_repeats_the_last_bets(guest, table):
    seat = Seat(guest, table)
    seat.act("bet", "main", chip=2500)
    seat.act("bet", "21-plus-3-xtreme", chip=500)
    seat.act("deal")
    seat.play_out()
    before = chips(me(), table)
    assert seat.act("rebet") == ""
    assert chips(me(), table) == before - 3000


def test_cash_out_returns_chips_to_the_wallet(guest, table):
    from webgame.services import wallet

    Seat(guest, table)
    player = me()
    total = wallet.balance(wallet.wallet(player.id)) + chips(player, table)
    assert guest.post(f"/tables/{table.id}/cash-out").status_code == 302
    assert chips(player, table) == 0
    assert wallet.balance(wallet.wallet(player.id)) == total


def test_cannot_cash_out_or_leave_with_bets_in_play(guest, table):
    seat = Seat(guest, table)
    load_shoe(table, EIGHTS)
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    resp = guest.post(f"/tables/{table.id}/cash-out", htmx=True)
    assert "Your bets are in play" in resp.get_data(as_text=True)
    resp = guest.post(f"/tables/{table.id}/leave", {"seat": 0}, htmx=True)
    assert "Your bet is in play" in resp.get_data(as_text=True)


def test_plain_form_posts_work_without_htmx(guest, table):
    seat = Seat(guest, table)
    resp = guest.post(f"/tables/{table.id}/act", {"seat": 0, "kind": "bet", "spot": "main", "chip": 1000,
                                                 "round_id": seat.round_id, "version": seat.version})
    assert resp.status_code == 302 and resp.headers["Location"].endswith(f"/tables/{table.id}")
    assert chips(me(), table) == 49_000


def test_closed_table_refuses_new_rounds(guest, table):
    seat = Seat(guest, table)
    table.status = "closed"
    db.session.commit()
    assert seat.act("bet", "main", chip=1000) == "This table is closed."


@pytest.mark.parametrize("idle_minutes, reshuffled", [(11, True), (5, False)])
def test_a_game_gone_dead_reshuffles_the_shoe_d011(guest, table, idle_minutes, reshuffled):
    """D-011: no round dealt for ten minutes (the table's dead_game_minutes) and the next
    round starts from a reshuffled shoe; the proof still replays it from its carry."""
    from datetime import timedelta

    from webgame.models import utcnow
    from webgame.services import recall

    seat = Seat(guest, table)
    assert seat.act("bet", "main", chip=1000) == ""
    seat.act("deal")
    seat.play_out()
    first = latest_round(table)
    assert first.status == "over"
    shuffles = first.state["shoe"]["shuffle_no"]
    first.ended_at = utcnow() - timedelta(minutes=idle_minutes)
    db.session.commit()
    assert seat.act("bet", "main", chip=1000) == ""
    second = latest_round(table)
    assert second.id != first.id
    assert second.state["shoe"]["shuffle_no"] == shuffles + (1 if reshuffled else 0)
    assert second.carry_before["cut_card_out"] is reshuffled
    assert ("The shoe has been shuffled." in second.state["notes"]) is reshuffled
    assert seat.act("deal") == ""
    seat.play_out()
    db.session.expire_all()
    assert latest_round(table).id == second.id and recall.prove(second).verified
    assert_books_balance()


SIDE_CIRCLE = re.compile(r'data-action="bet-([a-z0-9-]+)"\s+aria-label="([^:"]+(?::[^:"]+)?):')


def test_side_bet_circles_come_from_the_engines_side_bet_table(guest, monkeypatch):
    """The felt prints a circle for each side bet the round offers and has open, with the
    entry's label; a side bet the operator turns off, or one the table leaves out, has none."""
    seat = Seat(guest, make_table())
    seat.act("bet", "main", chip=1000)
    circles = dict(SIDE_CIRCLE.findall(seat.html))
    assert circles == {"main": "Bet", "super-bonus-player": "Super Bonus: player",
                       "super-bonus-dealer": "Super Bonus: dealer",
                       "21-plus-3-xtreme": "21+3 Xtreme", "lucky-ladies": "Lucky Ladies"}

    off = Seat(guest, make_table(config={"side_bets_off": ["lucky-ladies"]}, name="No Ladies"))
    off.act("bet", "main", chip=1000)
    assert "bet-lucky-ladies" not in off.actions and "bet-21-plus-3-xtreme" in off.actions

    kept = [b for b in SIDE_BETS if b.spot != "super-bonus-dealer"]
    monkeypatch.setattr(engine, "SIDE_BETS", SideBetTable(kept, GRADERS))
    seat.page()
    assert "bet-super-bonus-dealer" not in seat.actions and "bet-super-bonus-player" in seat.actions


def test_a_settled_side_bet_keeps_its_circle_with_what_it_paid(guest):
    """Between rounds the next round opens a side bet only after a main bet, but the finished
    round's side bet still shows on the felt what it paid, as the headline counts it."""
    table = make_table(name="Side Bet Result")
    load_shoe(table, EIGHTS)  # no blackjack: the player's Super Bonus loses at the peek
    # The shoe as just shuffled, so this round is the first after a shuffle and opens Super
    # Bonus (D-054); the next one does not.
    table.carry = {**table.carry, "data": {**table.carry["data"], "rounds_since_shuffle": 0}}
    db.session.commit()
    seat = Seat(guest, table)
    assert seat.act("bet", "main", chip=500) == ""
    assert seat.act("bet", "super-bonus-player", chip=500) == ""
    seat.act("deal")
    seat.play_out()
    html = seat.page()
    circle = re.search(r'data-action="bet-super-bonus-player".*?</button>', html, re.DOTALL)
    assert circle, "the settled side bet has no circle"
    assert re.search(r'class="spot-result lose">−\$5<', circle.group(0))
    assert "Super Bonus: player" in circle.group(0)
    # The headline counts both bets, and the main hand's result is on the felt beside it.
    assert re.search(r'data-testid="headline">You (win|lose|break even)[^<]*Super', html)
