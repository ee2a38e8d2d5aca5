"""Ultimate Texas Hold'em, Jackpot Hold'em, Red Dog and Casino War through the web: the felt
with its named circles, board, dealer hand, paytables and shuffler or shoe; bets and
decisions posted as a browser does; hidden cards absent from other players' pages; the
decision clocks of shared tables; and the ledger balancing after every round."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import RoundEvent, utcnow
from webgame.services.tables import create_table

from .tablehelp import (
    Seat,
    assert_books_balance,
    chips,
    latest_round,
    load_shoe,
    me,
    round_settlements,
    second_player,
)

VARIANT = {"ultimate-texas-holdem": "grand-ronde", "jackpot-holdem": "grand-ronde", "red-dog": "chapter4",
           "casino-war": "chapter4"}
CODE = re.compile(r'data-code="([2-9TJQKA][cdhs])"')


def make(slug: str, config=None):
    table = create_table(f"Test {slug}", slug, VARIANT[slug], config=config or {})
    db.session.commit()
    return table


def finished_books(seat: Seat, table, start: int) -> None:
    """The round is over, the player's chips moved by exactly the net of the settlements."""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    mine = [s for s in round_settlements(rnd) if s.seat == seat.seat]
    assert chips(me(), table) == start + sum(s.returned - s.stake for s in mine)
    assert_books_balance()


# ---------------------------------------------------------------------------------------
# Ultimate Texas Hold'em
# ---------------------------------------------------------------------------------------
def test_uth_felt_names_every_circle_and_prints_the_paytables(guest):
    table = make("ultimate-texas-holdem")
    seat = Seat(guest, table)
    page = seat.html
    for label in ("Ante", "Blind", "Play", "Trips"):
        assert f'<span class="spot-label">{label}</span>' in page
    assert 'data-paytable="uth-blind"' in page and 'data-paytable="uth-trips"' in page
    assert "500 to 1" in page and "3 to 2" in page and "50 to 1" in page
    assert "shuffler-widget" in page and "holdem-board" in page
    assert re.search(r"<button[^>]*disabled data-action=\"bet-uth-trips\"", page)  # closed until the Ante (D-519)
    assert re.search(r"<button[^>]*is-open\"\s+data-action=\"bet-ante\"", page)
    assert "Dealer qualifies with a pair or better".upper() in page.upper()


def test_uth_check_check_fold_round_through_the_web(guest):
    table = make("ultimate-texas-holdem")
    seat = Seat(guest, table)
    assert seat.act("bet", "ante", chip=1000) == ""
    assert chips(me(), table) == 48_000  # the Blind goes down with the Ante (s.1283)
    assert seat.act("bet", "uth-trips", chip=500) == ""
    seat.act("deal")
    assert {"play-4x", "play-3x", "check"} <= seat.actions and "fold" not in seat.actions
    assert "Bet 4x ($40)" in seat.html
    mine = CODE.findall(seat.html)
    assert len(mine) == 2  # my two cards; the board and the dealer's cards are face down
    seat.act("check")
    assert {"play-2x", "check"} <= seat.actions and len(CODE.findall(seat.html)) == 5
    seat.act("check")
    assert {"play-1x", "fold"} <= seat.actions and "check" not in seat.actions
    seat.act("fold")
    finished_books(seat, table, 50_000)
    rnd = latest_round(table)
    bets = {s.bet: s for s in round_settlements(rnd)}
    assert bets["ante"].returned == 0 and bets["blind"].returned == 0 and "uth-trips" in bets
    assert "play" not in bets


def test_uth_bet_4x_settles_at_once(guest):
    table = make("ultimate-texas-holdem")
    seat = Seat(guest, table)
    seat.act("bet", "ante", chip=500)
    seat.act("deal")
    assert seat.act("play", "4x") == ""
    finished_books(seat, table, 50_000)
    bets = {s.bet: s.stake for s in round_settlements(latest_round(table))}
    assert bets == {"ante": 500, "blind": 500, "play": 2000}
    assert re.search(r"result-banner (win|lose|push)", seat.html)


def test_uth_limits_and_blind_are_refused_with_the_rulebook_words(guest):
    table = make("ultimate-texas-holdem")
    seat = Seat(guest, table)
    assert seat.act("bet", "uth-trips", chip=500) == "Place the Ante and the Blind before betting Trips."
    assert seat.act("bet", "ante", amount="101") == "The maximum on the Ante is $100."
    assert seat.act("bet", "blind", chip=500) == "The Blind is placed with the Ante and always equals it."
    assert chips(me(), table) == 50_000
    assert_books_balance()


def test_uth_other_players_cannot_see_my_cards(app, guest):
    table = make("ultimate-texas-holdem")
    first = Seat(guest, table, seat=0)
    second = second_player(app, table, seat=1)
    first.act("bet", "ante", chip=500)
    second.page()
    second.act("bet", "ante", chip=500)
    second.act("deal")
    db.session.expire_all()
    state = latest_round(table).state
    first.page()
    second.page()
    mine0, mine1 = state["seats"]["0"]["cards"], state["seats"]["1"]["cards"]
    dealer = state["dealer"]
    assert set(CODE.findall(first.html)) == set(mine0)
    assert set(CODE.findall(second.html)) == set(mine1)
    for code in mine0 + dealer:
        assert f'data-code="{code}"' not in second.html
    # Both may decide at once (D-013): the second seat acts before the first.
    assert second.act("check") == "" and first.page() and "play-4x" in first.actions


def test_uth_decision_clock_checks_for_everyone_then_folds_at_the_river(app, guest):
    table = make("ultimate-texas-holdem")
    first = Seat(guest, table, seat=0)
    second = second_player(app, table, seat=1)
    first.act("bet", "ante", chip=500)
    second.page()
    second.act("bet", "ante", chip=500)
    second.act("deal")
    for expected in ("check", "check", "fold"):
        db.session.expire_all()
        rnd = latest_round(table)
        assert rnd.deadline_kind == "decision"
        rnd.deadline = utcnow() - timedelta(seconds=1)
        db.session.commit()
        first.page()  # the next look at the table applies the passed clock
        db.session.expire_all()
        rnd = latest_round(table)
        timed = db.session.scalars(sa.select(RoundEvent).where(RoundEvent.round_id == rnd.id,
                                                              RoundEvent.actor == "timer")).all()
        assert timed[-1].action["kind"] == "timeout"
        assert {s["last"] for s in rnd.state["seats"].values() if s["status"]} == {
            {"check": "Checked", "fold": "Folded"}[expected]}
    assert latest_round(table).status == "over"
    assert_books_balance()


def test_uth_bots_play_alongside(guest):
    table = make("ultimate-texas-holdem")
    seat = Seat(guest, table, seat=3)
    for n in (0, 1, 5):
        assert guest.post(f"/tables/{table.id}/bot", {"seat": n}).status_code == 302
    seat.page()
    seat.act("bet", "ante", chip=500)
    seat.act("deal")
    for _ in range(4):
        acts = seat.actions
        if "check" in acts:
            seat.act("check")
        elif "fold" in acts:
            seat.act("fold")
    rnd = latest_round(table)
    assert rnd.status == "over" and len(rnd.owners) == 4
    assert_books_balance()


def test_bots_decide_at_once_while_a_person_to_their_right_is_deciding_d013(guest):
    """The person holds the lowest position, so the decision clock is theirs; the bots
    beside them decide as soon as the cards are out instead of waiting on it."""
    table = make("ultimate-texas-holdem")
    seat = Seat(guest, table, seat=0)
    for n in (1, 2):
        assert guest.post(f"/tables/{table.id}/bot", {"seat": n}).status_code == 302
    seat.page()
    seat.act("bet", "ante", chip=500)
    seat.act("deal")
    state = latest_round(table).state
    assert state["street"] == 0 and not state["seats"]["0"]["decided"]
    assert state["seats"]["1"]["decided"] and state["seats"]["2"]["decided"]
    assert {"check", "play"} <= {a.split("-")[0] for a in seat.actions}


def test_uth_rebet_repeats_ante_and_trips(guest):
    table = make("ultimate-texas-holdem")
    seat = Seat(guest, table)
    seat.act("bet", "ante", chip=1000)
    seat.act("bet", "uth-trips", chip=500)
    seat.act("deal")
    seat.act("play", "4x")
    before = chips(me(), table)
    assert seat.act("rebet") == ""
    assert chips(me(), table) == before - 2500  # Ante, Blind and Trips


# ---------------------------------------------------------------------------------------
# Jackpot Hold'em
# ---------------------------------------------------------------------------------------
def test_jackpot_holdem_page_bonuses_and_first_card(guest):
    table = make("jackpot-holdem")
    seat = Seat(guest, table)
    for label in ("Ante", "X-tra Bonus", "Play", "Player Bonus", "Hole Card", "3-Up"):
        assert f'<span class="spot-label">{label}</span>' in seat.html
    assert seat.act("bet", "ante", chip=500) == ""
    for spot in ("jh-player-bonus", "jh-hole-card-bonus", "jh-3-up-bonus"):
        assert seat.act("bet", spot, chip=100) == ""
    assert seat.act("bet", "ante", amount="21") == "The maximum on the Ante is $25."
    seat.act("deal")
    assert {"play-3x", "check"} <= seat.actions
    assert len(CODE.findall(seat.html)) == 3  # my two cards and the first community card (s.1657)
    db.session.expire_all()
    done = {s.bet for s in round_settlements(latest_round(table))}
    assert done == {"jh-3-up-bonus", "jh-hole-card-bonus"}  # settled when the first card is up (D-310)
    seat.act("play", "3x")
    finished_books(seat, table, 50_000)


# ---------------------------------------------------------------------------------------
# Red Dog
# ---------------------------------------------------------------------------------------
def test_red_dog_page_and_one_area_per_player(guest):
    table = make("red-dog")
    seat = Seat(guest, table)
    page = seat.html
    assert "red-dog-boxes" in page and "spread-marker" in page and "shoe-widget" in page
    assert 'data-paytable="red-dog"' in page and page.count('data-line="spread-') == 11
    assert '<span class="spot-label">Bet</span>' in page and '<span class="spot-label">Raise</span>' in page
    resp = guest.post(f"/tables/{table.id}/sit", {"seat": 4}, htmx=True)
    assert "You may play at most 1 spot at this table." in resp.get_data(as_text=True)  # s.1426


def test_red_dog_raise_round_through_the_web(guest):
    table = make("red-dog")
    seat = Seat(guest, table)
    # Only threes and nines: every hand is a spread of 5 or a pair.
    load_shoe(table, ["3c", "3d", "9h", "9s"])
    for _ in range(12):
        start = chips(me(), table)
        assert seat.act("bet", "main", chip=1000) == ""
        seat.act("deal")
        if "raise" in seat.actions:
            assert "Raise (up to $10)" in seat.html
            assert seat.act("raise", amount="5") == ""
            finished_books(seat, table, start)
            bets = {s.bet: s for s in round_settlements(latest_round(table))}
            assert bets["raise"].stake == 500 and bets["main"].result == bets["raise"].result
            return
        finished_books(seat, table, start)
    pytest.fail("no spread in twelve rounds")


def test_red_dog_clock_declines_every_raise(app, guest):
    table = make("red-dog")
    load_shoe(table, ["3c", "3d", "9h", "9s"])
    first = Seat(guest, table, seat=0)
    second = second_player(app, table, seat=2)
    for _ in range(12):
        first.page()
        first.act("bet", "main", chip=500)
        second.page()
        second.act("bet", "main", chip=500)
        second.act("deal")
        db.session.expire_all()
        rnd = latest_round(table)
        if rnd.status == "open":
            assert rnd.state["phase"] == "raising" and rnd.deadline_kind == "decision"
            rnd.deadline = utcnow() - timedelta(seconds=1)
            db.session.commit()
            first.page()
            db.session.expire_all()
            rnd = latest_round(table)
            assert rnd.status == "over"
            assert {s.bet for s in round_settlements(rnd)} == {"main"}  # D-009: nobody raised
            assert_books_balance()
            return
    pytest.fail("no spread in twelve rounds")


# ---------------------------------------------------------------------------------------
# Casino War
# ---------------------------------------------------------------------------------------
def test_casino_war_page(guest):
    table = make("casino-war")
    seat = Seat(guest, table)
    for label in ("Bet", "Tie", "War"):
        assert f'<span class="spot-label">{label}</span>' in seat.html
    assert 'data-paytable="casino-war"' in seat.html and "10 to 1" in seat.html and "shoe-widget" in seat.html


def test_casino_war_tie_war_and_tie_bet_through_the_web(guest):
    table = make("casino-war")
    seat = Seat(guest, table)
    load_shoe(table, ["8c", "8d", "8h", "8s"])  # every card ties
    seat.act("bet", "main", chip=1000)
    seat.act("bet", "war-tie", chip=100)
    seat.act("deal")
    assert {"war", "surrender"} <= seat.actions and "Go to war ($10)" in seat.html
    seat.act("war")
    finished_books(seat, table, 50_000)
    nets = {s.bet: s.returned - s.stake for s in round_settlements(latest_round(table))}
    assert nets == {"main": 1000, "war": 1000, "war-tie": 1000}  # tie at war: +2 wagers (s.1555); Tie 10 to 1


def test_casino_war_surrender_returns_half(guest):
    table = make("casino-war")
    seat = Seat(guest, table)
    load_shoe(table, ["8c", "8d", "8h", "8s"])
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    seat.act("surrender")
    finished_books(seat, table, 50_000)
    (s,) = round_settlements(latest_round(table))
    assert (s.result, s.returned) == ("surrender", 500)


def test_casino_war_ties_decide_in_turn_and_the_clock_surrenders(app, guest):
    table = make("casino-war")
    load_shoe(table, ["8c", "8d", "8h", "8s"])
    first = Seat(guest, table, seat=0)
    second = second_player(app, table, seat=1)
    first.act("bet", "main", chip=500)
    second.page()
    second.act("bet", "main", chip=500)
    second.act("deal")
    assert "war" not in second.actions  # the first position decides first (D-521)
    db.session.expire_all()
    rnd = latest_round(table)
    error = second.act("war", round_id=str(rnd.id), version=str(rnd.version))
    assert html.unescape(error) == "Tied players decide in turn from the dealer's left; please wait."
    db.session.expire_all()
    rnd = latest_round(table)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    second.page()
    assert "war" in second.actions
    second.act("war")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    by_seat = {(s.seat, s.bet): s for s in round_settlements(rnd)}
    assert by_seat[(0, "main")].result == "surrender"
    assert by_seat[(1, "war")].stake == 500
    assert_books_balance()


# ---------------------------------------------------------------------------------------
# Recall and the fairness proof
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("slug", "moves"), [
    ("ultimate-texas-holdem", [("bet", "ante"), ("deal", ""), ("check", ""), ("check", ""), ("fold", "")]),
    ("jackpot-holdem", [("bet", "ante"), ("bet", "jh-3-up-bonus"), ("deal", ""), ("play", "3x")]),
    ("red-dog", [("bet", "main"), ("deal", ""), ("no-raise", "")]),
    ("casino-war", [("bet", "main"), ("bet", "war-tie"), ("deal", ""), ("war", "")]),
])
def test_every_round_replays_from_its_seed_and_recalls(guest, slug, moves):
    table = make(slug)
    seat = Seat(guest, table)
    for kind, spot in moves:
        if kind in seat.actions or f"{kind}-{spot}" in seat.actions:
            assert seat.act(kind, spot, chip=500 if kind == "bet" else None) == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    recall = guest.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    assert "RECALL" in recall
    proof = guest.get(f"/rounds/{rnd.id}/proof").get_data(as_text=True)
    assert 'data-testid="verdict">VERIFIED<' in proof
