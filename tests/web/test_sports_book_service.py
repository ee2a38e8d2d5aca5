"""The sports book's scenarios against the database (000 §27, D-401, D-402): the stake moved to
the book at acceptance, odds locked on the ticket, closing at the start, voids refunding, each
ticket settled once, and the ledger balanced after every scenario."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
import sqlalchemy as sa

from tests.web.tablehelp import assert_books_balance
from webgame.extensions import db
from webgame.games.sports import Refused
from webgame.models import LedgerEntry, Player, SportsSettlement, SportsTicket
from webgame.services import accounts, sportsbook, wallet
from webgame.services.sportsbook import BookError, MarketEntry

NOW = datetime(2026, 11, 27, 12, 0)
KICKOFF = NOW + timedelta(hours=2)


def player(name: str = "punter", chips: int = 100000) -> Player:
    p = accounts.sign_up(name, "long-enough-pass", name.title(), chips)
    db.session.commit()
    return p


def lions_bears(**kw) -> int:
    """Lions (home) -3.5 at -110 against the Bears, money line -170/+150, total 47.5 at -110."""
    event = sportsbook.post_event("Lions", "Bears", kw.pop("starts_at", KICKOFF), [
        MarketEntry("moneyline", {"home": -170, "away": 150}),
        MarketEntry("spread", {"home": -110, "away": -110}, {"home": -7, "away": 7}, kw.pop("spread_max", None)),
        MarketEntry("total", {"over": -110, "under": -110}, {"over": 95, "under": 95}),
    ], sport="Football", now=NOW)
    db.session.commit()
    return event.id


def token(event_id: int, market: str, side: str) -> str:
    for e in sportsbook.board(now=NOW):
        if e["id"] == event_id:
            for m in e["markets"]:
                for s in m["sides"]:
                    if m["kind"] == market and s["side"] == side:
                        return s["token"]
    raise AssertionError("not on the board")


def bet(p: Player, stake: str, *tokens: str, now: datetime = NOW) -> SportsTicket:
    ticket = sportsbook.place_ticket(p, stake, list(tokens), now=now)
    db.session.commit()
    return ticket


def purse(p: Player) -> int:
    db.session.expire_all()
    return wallet.balance(wallet.wallet(p.id))


def test_a_straight_bet_at_minus_110_wins_100_for_110_truncated(app):
    p = player()
    game = lions_bears()
    ticket = bet(p, "21", token(game, "spread", "home"))
    assert purse(p) == 100000 - 2100
    assert wallet.balance(sportsbook.book_account()) == 2100  # the stake is the book's now
    sportsbook.close_betting(game)
    assert sportsbook.enter_result(game, 24, 20, now=KICKOFF + timedelta(hours=3)) == 1
    db.session.commit()
    db.session.refresh(ticket)
    # $21 at -110 wins 21 × 100/110 = $19.0909… → $19.09 (D-001, D-002).
    assert (ticket.status, ticket.returned) == ("won", 4009)
    assert ticket.summary == "Won $19.09 on the Lions -3.5"
    assert purse(p) == 100000 - 2100 + 4009
    assert_books_balance()


def test_a_spread_push_refunds_the_stake(app):
    p = player()
    event = sportsbook.post_event("Hawks", "Owls", KICKOFF, [
        MarketEntry("spread", {"home": -110, "away": -110}, {"home": -6, "away": 6})], now=NOW)
    db.session.commit()
    ticket = bet(p, "50", token(event.id, "spread", "home"))
    sportsbook.enter_result(event.id, 23, 20, now=KICKOFF)  # Hawks by exactly 3
    db.session.commit()
    db.session.refresh(ticket)
    assert (ticket.status, ticket.returned) == ("refunded", 5000)
    assert purse(p) == 100000
    assert "pushed" in ticket.summary
    assert_books_balance()


def test_a_voided_event_refunds_every_straight_ticket_and_reduces_the_parlay(app):
    p, q = player("first"), player("second")
    game, other = lions_bears(), lions_bears(spread_max=None)
    straights = [bet(p, "10", token(game, "moneyline", "away")), bet(q, "25", token(game, "total", "over")),
                 bet(q, "30", token(game, "spread", "home"))]
    parlay = bet(p, "10", token(game, "moneyline", "home"), token(other, "moneyline", "away"))
    assert sportsbook.void_event(game, now=KICKOFF) == 3  # the parlay waits for its other leg
    db.session.commit()
    for t in straights:
        db.session.refresh(t)
        assert (t.status, t.returned) == ("refunded", t.stake)
        assert "was cancelled" in t.summary
    assert purse(p) == 100000 - 1000 and purse(q) == 100000
    db.session.refresh(parlay)
    assert parlay.status == "open"
    sportsbook.enter_result(other, 17, 20, now=KICKOFF)  # the Bears win at +150
    db.session.commit()
    db.session.refresh(parlay)
    # 000 s.1421: reduced to the next lower number: a straight bet at +150 → $25 back.
    assert (parlay.status, parlay.returned) == ("won", 2500)
    assert parlay.summary == ("Won $15 on a 2-leg parlay, paid as a straight bet "
                              "(Lions money line was cancelled)")
    assert_books_balance()


def test_a_wager_over_the_limit_is_refused_with_nothing_changed(app):
    p = player()
    game = lions_bears(spread_max=10000)
    with pytest.raises(Refused, match=r"\$500"):
        bet(p, "500.01", token(game, "moneyline", "home"))
    db.session.rollback()
    with pytest.raises(Refused, match=r"this market takes .*\$100"):
        bet(p, "101", token(game, "spread", "home"))
    db.session.rollback()
    assert purse(p) == 100000
    assert db.session.scalar(sa.select(sa.func.count(SportsTicket.id))) == 0
    assert_books_balance()


def test_management_refuses_or_limits_a_player(app):
    # 000 s.1380: management may refuse any wager and limit selections before acceptance.
    p = player()
    game = lions_bears()
    assert sportsbook.set_player_limit("punter", "20", "sharp") == "punter: at most $20 a ticket"
    db.session.commit()
    with pytest.raises(Refused, match=r"limits your wagers to \$20"):
        bet(p, "21", token(game, "moneyline", "home"))
    db.session.rollback()
    bet(p, "20", token(game, "moneyline", "home"))
    sportsbook.set_player_limit("punter", "0", "")
    db.session.commit()
    with pytest.raises(Refused, match="does not take wagers"):
        bet(p, "5", token(game, "moneyline", "away"))
    db.session.rollback()
    assert purse(p) == 100000 - 2000


def test_no_ticket_is_accepted_after_the_start_or_once_closed(app):
    p = player()
    game = lions_bears()
    pick = token(game, "moneyline", "home")
    with pytest.raises(Refused, match="closed"):
        bet(p, "10", pick, now=KICKOFF)
    db.session.rollback()
    sportsbook.close_betting(game)
    db.session.commit()
    with pytest.raises(Refused, match="closed"):
        bet(p, "10", pick, now=NOW)
    db.session.rollback()
    assert purse(p) == 100000


def test_a_line_moved_after_acceptance_does_not_change_the_ticket(app):
    p = player()
    game = lions_bears()
    old = token(game, "spread", "home")
    ticket = bet(p, "110", old)
    sportsbook.move_line(game, MarketEntry("spread", {"home": -120, "away": 100}, {"home": -9, "away": 9}))
    db.session.commit()
    with pytest.raises(Refused, match="moved"):  # the old terms are no longer posted (000 s.1416)
        bet(p, "110", old)
    db.session.rollback()
    sportsbook.close_betting(game)
    sportsbook.enter_result(game, 24, 20, now=KICKOFF)  # by 4: covers -3.5, not -4.5
    db.session.commit()
    db.session.refresh(ticket)
    assert (ticket.legs[0].odds, ticket.legs[0].half_points) == (-110, -7)
    assert (ticket.status, ticket.returned) == ("won", 21000)
    assert_books_balance()


def test_a_replayed_grading_pays_nothing_twice(app):
    p = player()
    game = lions_bears()
    ticket = bet(p, "100", token(game, "moneyline", "away"))
    sportsbook.close_betting(game)
    sportsbook.enter_result(game, 10, 20, now=KICKOFF)
    db.session.commit()
    paid = purse(p)
    with pytest.raises(BookError, match="already"):
        sportsbook.enter_result(game, 10, 20, now=KICKOFF)
    db.session.rollback()
    with pytest.raises(BookError, match="already"):
        sportsbook.void_event(game, now=KICKOFF)
    db.session.rollback()
    # Even a direct second settlement of the ticket finds its key taken and moves nothing.
    db.session.refresh(ticket)
    entries = db.session.scalar(sa.select(sa.func.count(LedgerEntry.id)))
    assert sportsbook.settle_ticket(ticket) is False
    db.session.commit()
    assert db.session.scalar(sa.select(sa.func.count(LedgerEntry.id))) == entries
    assert db.session.scalar(sa.select(sa.func.count(SportsSettlement.id))) == 1
    assert purse(p) == paid == 100000 - 10000 + 25000
    assert_books_balance()


def test_a_lost_ticket_pays_the_house_and_the_ledger_balances(app):
    p = player()
    game = lions_bears()
    bet(p, "40", token(game, "total", "over"))
    sportsbook.close_betting(game)
    sportsbook.enter_result(game, 20, 20, now=KICKOFF)  # 40 < 47.5
    db.session.commit()
    assert purse(p) == 100000 - 4000
    assert wallet.house_total() == 4000
    assert wallet.balance(sportsbook.book_account()) == 0
    assert_books_balance()


def test_the_book_check_names_money_no_ticket_owns(app):
    p = player()
    lions_bears()
    wallet.transfer(wallet.wallet(p.id), sportsbook.book_account(), 500, memo="stray")
    db.session.commit()
    assert sportsbook.book_problems() == ["The sports book holds $5, but its open tickets staked $0."]


def test_a_result_waits_for_betting_to_close(app):
    game = lions_bears()
    with pytest.raises(BookError, match="close betting"):
        sportsbook.enter_result(game, 1, 0, now=NOW)


def test_the_traders_see_the_exposure_per_selection(app):
    p = player()
    game = lions_bears()
    bet(p, "110", token(game, "spread", "home"))
    bet(p, "100", token(game, "moneyline", "away"))
    (event,) = sportsbook.trader_board(now=NOW)
    by = {(m["kind"], s["side"]): s["exposure"] for m in event["markets"] for s in m["sides"]}
    assert by[("spread", "home")] == 10000 and by[("moneyline", "away")] == 15000
    assert by[("spread", "away")] == 0
