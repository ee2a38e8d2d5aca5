"""Three Card Poker, Let It Ride, Caribbean Stud and Mississippi Stud through the web: the
felt with its named circles, dealer hand or community cards, printed paytables, shuffler and
progressive meter; bets and decisions posted as a browser posts them; hidden cards absent
from other players' pages; the one decision clock of a shared table; the progressive meter
in the ledger; and the books balancing after every round."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import timedelta

import pytest
import sqlalchemy as sa

from tests.carnival_support import stacking
from webgame.extensions import db
from webgame.games.carnival import base
from webgame.models import BetSettlement, RoundEvent, utcnow
from webgame.services import wallet
from webgame.services.tables import create_table

from .tablehelp import (
    Seat,
    assert_books_balance,
    chips,
    latest_round,
    me,
    round_settlements,
    second_player,
)

CODE = re.compile(r'data-code="([2-9TJQKA][cdhs])"')


@pytest.fixture
def deck(monkeypatch):
    """Deal the next rounds from a stacked deck (only the order of the deck changes)."""
    def stack(order: Sequence[str] | str) -> None:
        monkeypatch.setattr(base, "new_shoe", stacking(order.split() if isinstance(order, str) else order))
    return stack


def make(slug: str, variant: str, config=None):
    table = create_table(f"Test {slug} {variant}", slug, variant, config=config or {})
    db.session.commit()
    return table


def finished_books(seat: Seat, table, start: int) -> dict[str, BetSettlement]:
    """The round is over; the player's chips moved by exactly the net of the settlements."""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    mine = [s for s in round_settlements(rnd) if s.seat == seat.seat]
    assert chips(me(), table) == start + sum(s.returned - s.stake for s in mine)
    assert_books_balance()
    return {s.bet: s for s in mine}


# ---------------------------------------------------------------------------------------
# Three Card Poker
# ---------------------------------------------------------------------------------------
def test_three_card_felt_names_the_circles_and_prints_the_paytables(guest):
    table = make("three-card-poker", "chapter4")
    seat = Seat(guest, table)
    page = seat.html
    for label in ("Ante", "Pair Plus", "Play"):
        assert f'<span class="spot-label">{label}</span>' in page
    assert 'data-paytable="ante-bonus-chapter4"' in page and 'data-paytable="pair-plus-chapter4"' in page
    assert "40 to 1" in page and "carnival-shuffler" in page
    assert "DEALER PLAYS WITH QUEEN HIGH OR BETTER" in page.upper()
    assert "004 s.1493" in page  # the rules panel cites each paytable line
    assert re.search(r'is-open"\s+data-action="bet-pair-plus"', page)  # Pair Plus may be bet alone


def test_three_card_round_with_pair_plus_and_the_ante_bonus(guest, deck):
    table = make("three-card-poker", "chapter4")
    seat = Seat(guest, table)
    deck("7c 5d 7d Kh 7s 2c")  # one card at a time (004 s.1456): trips for me, K-5-2 for the dealer
    assert seat.act("bet", "ante", chip=1000) == ""
    assert seat.act("bet", "pair-plus", chip=500) == ""
    assert seat.act("deal") == ""
    assert {"play", "fold"} <= seat.actions and "Play $10" in seat.html
    assert set(CODE.findall(seat.html)) == {"7c", "7d", "7s"}  # the dealer's hand is face down
    assert seat.act("play") == ""
    bets = finished_books(seat, table, 50_000)
    assert bets["pair-plus"].returned == 500 + 15_000           # 30 to 1 (004 s.1495)
    assert bets["ante-bonus"].stake == 0 and bets["ante-bonus"].returned == 4000  # 4 X 1 (s.1500)
    assert bets["ante"].returned == 2000 and bets["play"].returned == 2000
    assert "Kh" in CODE.findall(seat.html)  # the dealer's hand is turned at the showdown


def test_three_card_fold_forfeits_pair_plus_through_the_web(guest, deck):
    table = make("three-card-poker", "grand-ronde")
    seat = Seat(guest, table)
    deck("2c 5d 9h Kh Ks Kd")
    seat.act("bet", "ante", chip=500)
    seat.act("bet", "pair-plus", chip=500)
    seat.act("deal")
    assert "Fold (forfeits Ante and Pair Plus)" in seat.html
    seat.act("fold")
    bets = finished_books(seat, table, 50_000)
    assert bets["ante"].returned == 0 and bets["pair-plus"].returned == 0 and "play" not in bets


def test_three_card_other_players_cannot_see_my_cards(app, guest):
    table = make("three-card-poker", "grand-ronde")
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
    assert set(CODE.findall(first.html)) == set(mine0)
    assert set(CODE.findall(second.html)) == set(mine1)
    for code in mine0 + state["dealer"]:
        assert f'data-code="{code}"' not in second.html
    # Both decide at once (D-013): the second seat may go first.
    assert second.act("fold") == "" and first.page() and "play" in first.actions
    first.act("play")
    db.session.expire_all()
    second.page()
    assert set(mine0) <= set(CODE.findall(second.html))  # turned up at the showdown
    assert not set(mine1) & set(CODE.findall(first.html))  # a folded hand never is
    assert_books_balance()


def test_three_card_one_decision_clock_folds_everyone_still_deciding(app, guest):
    table = make("three-card-poker", "grand-ronde")
    first = Seat(guest, table, seat=0)
    second = second_player(app, table, seat=1)
    first.act("bet", "ante", chip=500)
    second.page()
    second.act("bet", "ante", chip=500)
    second.act("deal")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.deadline_kind == "decision"
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    first.page()  # the next look at the table applies the passed clock (D-009)
    db.session.expire_all()
    rnd = latest_round(table)
    timed = db.session.scalars(sa.select(RoundEvent).where(RoundEvent.round_id == rnd.id,
                                                          RoundEvent.actor == "timer")).all()
    assert [t.action["kind"] for t in timed] == ["timeout"]
    assert rnd.status == "over" and all(s["folded"] for s in rnd.state["seats"].values() if s["cards"])
    assert_books_balance()


def test_three_card_bots_play_alongside_and_rebet(guest):
    table = make("three-card-poker", "grand-ronde")
    seat = Seat(guest, table, seat=3)
    for n in (0, 1, 5):
        assert guest.post(f"/tables/{table.id}/bot", {"seat": n}).status_code == 302
    seat.page()
    seat.act("bet", "ante", chip=500)
    seat.act("bet", "pair-plus", chip=500)
    seat.act("deal")
    seat.act("play" if "play" in seat.actions else "fold")
    rnd = latest_round(table)
    assert rnd.status == "over" and len(rnd.owners) == 4
    assert_books_balance()
    before = chips(me(), table)
    assert seat.act("rebet") == ""
    assert chips(me(), table) == before - 1000  # the Ante and Pair Plus, not the Play


# ---------------------------------------------------------------------------------------
# Let It Ride
# ---------------------------------------------------------------------------------------
def test_let_it_ride_felt_and_bonus_circles_by_rulebook(guest):
    gr = Seat(guest, make("let-it-ride", "grand-ronde"))
    for label in ("1", "2", "$", "$1 Bonus", "3 Card Bonus"):
        assert f'<span class="spot-label">{label}</span>' in gr.html
    assert "10000 for 1" in gr.html and 'data-paytable="lir-grand-ronde"' in gr.html
    assert "at most $25,000 in one round" in gr.html  # the cap posted in the rules panel (000 s.612)
    c4 = make("let-it-ride", "chapter4")
    page = guest.get(f"/tables/{c4.id}").get_data(as_text=True)
    assert "$1 Bonus" not in page and "3 Card Bonus" not in page  # D-517
    assert "1000 to 1" in page and "limit over their sum" in page


def test_let_it_ride_take_back_and_ride_through_the_web(guest, deck):
    table = make("let-it-ride", "grand-ronde")
    seat = Seat(guest, table)
    deck("Tc Td 2s 4h Jh Kd")  # my three cards, the burn, the two community cards
    assert seat.act("bet", "base", chip=500) == ""
    assert chips(me(), table) == 50_000 - 1500  # three equal bets (000 s.589)
    seat.act("bet", "dollar-bonus", chip=100)
    seat.act("bet", "three-card-bonus", chip=500)
    seat.act("deal")
    assert {"ride-1", "take-back-1"} <= seat.actions
    shown = CODE.findall(seat.html)
    assert "4h" not in shown and "Jh" not in shown  # burn and community face down
    seat.act("take-back", "1")
    assert {"ride-2", "take-back-2"} <= seat.actions and "Jh" in CODE.findall(seat.html)
    seat.act("ride", "2")
    bets = finished_books(seat, table, 50_000)
    assert "bet-1" not in bets  # taken back before the first card (000 s.684)
    assert bets["bet-2"].returned == bets["bet-3"].returned == 1000  # a pair of 10s pays 1 to 1
    assert bets["dollar-bonus"].returned == 0 and bets["three-card-bonus"].returned == 1000


def test_let_it_ride_grand_ronde_cap_through_the_ledger(guest, deck):
    table = make("let-it-ride", "grand-ronde")
    seat = Seat(guest, table, buy="1000")
    deck("Qs Js Ts 2c As Ks")
    seat.act("bet", "base", chip=5000)
    seat.act("deal")
    seat.act("ride", "1")
    seat.act("ride", "2")
    bets = finished_books(seat, table, 100_000)
    assert sum(b.returned - b.stake for b in bets.values()) == 2_500_000  # $25,000 (000 s.612)


# ---------------------------------------------------------------------------------------
# Caribbean Stud
# ---------------------------------------------------------------------------------------
def test_caribbean_felt_shows_the_progressive_meter(guest):
    table = make("caribbean-stud", "chapter4")
    seat = Seat(guest, table)
    assert 'data-testid="progressive-meter"' in seat.html and "$10,000" in seat.html
    for label in ("Ante", "Bet", "Progressive"):
        assert f'<span class="spot-label">{label}</span>' in seat.html
    assert "100% of the meter" in seat.html and "50 to 1" in seat.html
    assert "DEALER QUALIFIES WITH ACE-KING OR BETTER" in seat.html.upper()


def test_caribbean_royal_flush_takes_the_meter_and_resets_it_in_the_ledger(guest, deck):
    table = make("caribbean-stud", "chapter4")
    seat = Seat(guest, table)
    deck("As 2d Ks 3c Qs 4h Js 8d Ts 9c")  # five each, one at a time, the dealer last
    seat.act("bet", "ante", chip=500)
    seat.act("bet", "progressive", chip=100)
    seat.act("deal")
    meter = wallet.jackpot("caribbean-progressive")
    assert wallet.balance(meter) == 1_000_050  # seeded by the house, +$0.50 for the wager
    assert "fold-confirm" in seat.actions and "Fold anyway" in seat.html  # D-316
    assert seat.act("fold") != ""  # a plain fold of a progressive winner is refused with the warning
    assert "$10,000.50 progressive award" in seat.html
    seat.act("play")
    bets = finished_books(seat, table, 50_000)
    assert bets["progressive"].returned == 100 + 1_000_050  # 100% of the meter (004 s.774)
    assert bets["ante"].returned == 1000 and bets["bet"].returned == 1000  # dealer 9-high: no qualify
    db.session.expire_all()
    assert wallet.balance(wallet.jackpot("caribbean-progressive")) == 1_000_000  # reset to the seed (s.750)
    assert "reset to the seed" in seat.html and "Progressive payout log" in seat.html
    rnd = latest_round(table)
    assert rnd.rules["meters"]["caribbean-progressive"] == 1_000_000


def test_caribbean_meter_carries_to_the_next_round(guest, deck):
    table = make("caribbean-stud", "chapter4")
    seat = Seat(guest, table)
    # Both rounds deal the player king-high (no progressive award, so no fold warning) and the
    # dealer ace-queen: a random deal now and then gave a flush, whose warned fold kept round 1 open.
    deck("2s 3h 5d 7c 9c 8d Jh Qs Kd As")
    for _ in range(2):
        seat.act("bet", "ante", chip=500)
        seat.act("bet", "progressive", chip=100)
        seat.act("deal")
        seat.act("play")
        db.session.expire_all()
        assert latest_round(table).status == "over"
    rnd = latest_round(table)
    assert rnd.rules["meters"]["caribbean-progressive"] >= 1_000_050  # the second round saw the first's coin
    assert_books_balance()


# ---------------------------------------------------------------------------------------
# Mississippi Stud
# ---------------------------------------------------------------------------------------
def test_mississippi_streets_through_the_web(guest, deck):
    table = make("mississippi-stud", "chapter4")
    seat = Seat(guest, table)
    for label in ("Ante", "3rd Street", "4th Street", "5th Street"):
        assert f'<span class="spot-label">{label}</span>' in seat.html
    deck("Jc 4d Jh 9s 2c")
    seat.act("bet", "ante", chip=500)
    seat.act("deal")
    assert {"street-1", "street-2", "street-3", "fold"} <= seat.actions
    assert "3rd Street 3x ($15)" in seat.html
    seat.act("street", "3")
    assert "Jh" in CODE.findall(seat.html) and "9s" not in CODE.findall(seat.html)
    seat.act("street", "1")
    seat.act("street", "2")
    bets = finished_books(seat, table, 50_000)
    assert {k: b.returned - b.stake for k, b in bets.items()} == {"ante": 500, "3rd": 1500, "4th": 500, "5th": 1000}


def test_mississippi_one_position_per_player(guest):
    table = make("mississippi-stud", "chapter4")
    Seat(guest, table, seat=0)
    resp = guest.post(f"/tables/{table.id}/sit", {"seat": 1}, htmx=True)
    assert "You may play at most 1 spot at this table." in resp.get_data(as_text=True)


def test_mississippi_bots_and_the_clock(app, guest):
    table = make("mississippi-stud", "chapter4")
    first = Seat(guest, table, seat=0)
    second = second_player(app, table, seat=2)
    assert guest.post(f"/tables/{table.id}/bot", {"seat": 4}).status_code == 302
    first.act("bet", "ante", chip=500)
    second.page()
    second.act("bet", "ante", chip=500)
    second.act("deal")
    second.act("street", "1")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.deadline_kind == "decision"
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    second.page()
    db.session.expire_all()
    state = latest_round(table).state
    assert state["seats"]["0"]["folded"] and not state["seats"]["2"]["folded"]
    assert len(latest_round(table).owners) == 3  # the bot bet and decided by itself
    assert_books_balance()


def test_every_carnival_page_renders_between_and_during_rounds(guest):
    for slug, variants in (("three-card-poker", ("grand-ronde", "chapter4")), ("let-it-ride", ("grand-ronde", "chapter4")),
                           ("caribbean-stud", ("chapter4",)), ("mississippi-stud", ("chapter4",))):
        for variant in variants:
            table = make(slug, variant)
            seat = Seat(guest, table, seat=0, buy="60")
            assert "felt-carnival" in seat.html and f"felt-{slug}" in seat.html
            assert seat.act("bet", "base" if slug == "let-it-ride" else "ante", chip=500) == ""
            assert seat.act("deal") == ""
            for _ in range(4):
                acts = sorted(a for a in seat.actions if a.split("-")[0] in ("play", "ride", "street", "fold"))
                if not acts:
                    break
                kind, _, spot = acts[0].partition("-")
                seat.act(kind, spot)
            assert latest_round(table).status == "over"
            guest.post(f"/tables/{table.id}/leave", {"seat": 0})
            guest.post(f"/tables/{table.id}/cash-out")
    assert_books_balance()


@pytest.mark.parametrize(("slug", "variant", "spot"), [
    ("three-card-poker", "chapter4", "ante"), ("let-it-ride", "chapter4", "base"),
    ("caribbean-stud", "chapter4", "ante"), ("mississippi-stud", "chapter4", "ante")])
def test_every_carnival_round_replays_from_its_seed_for_the_fairness_proof(guest, slug, variant, spot):
    from webgame.services import recall

    table = make(slug, variant)
    seat = Seat(guest, table, seat=1)
    seat.act("bet", spot, chip=500)
    seat.act("deal")
    while latest_round(table).status == "open":
        acts = sorted(a for a in seat.actions if a.split("-")[0] in ("play", "ride", "street", "fold"))
        kind, _, arg = acts[-1].partition("-")
        seat.act(kind, arg)
    proof = recall.prove(latest_round(table))
    assert proof.verified, proof.problems
    assert_books_balance()


def test_a_player_with_two_positions_sees_both_hands_and_nobody_elses(app, guest):
    table = make("three-card-poker", "grand-ronde")
    first = Seat(guest, table, seat=0)
    assert guest.post(f"/tables/{table.id}/sit", {"seat": 2}).status_code == 302  # up to 3 positions (D-023)
    other = second_player(app, table, seat=4)
    first.page()
    for n in (0, 2):
        assert first.act("bet", "ante", chip=500, seat=n) == ""
    other.page()
    other.act("bet", "ante", chip=500)
    other.act("deal")
    db.session.expire_all()
    state = latest_round(table).state
    first.page()
    mine = state["seats"]["0"]["cards"] + state["seats"]["2"]["cards"]
    assert set(CODE.findall(first.html)) == set(mine)
    assert not set(state["seats"]["4"]["cards"]) & set(CODE.findall(first.html))
    assert {"play", "fold"} <= first.actions


def test_let_it_ride_chapter4_alternates_two_decks_round_by_round(guest):
    """004 s.1082-1086: alternating single decks, different in colour on the back. The felt
    names the deck dealt and draws its backs; the next round deals the other one."""
    table = make("let-it-ride", "chapter4")
    seat = Seat(guest, table)
    dealt = []
    for _ in range(2):
        assert seat.act("bet", "base", chip=500) == ""
        seat.act("deal")
        found = re.search(r'data-deck="(red|blue)"', seat.html)
        assert found, "the felt names the deck in play"
        colour = found.group(1)
        other = "blue" if colour == "red" else "red"
        assert f"{colour.capitalize()} deck dealt · {other} deck in the shuffler" in seat.html
        dealt.append(colour)
        for step in ("1", "2"):
            if f"ride-{step}" in seat.actions:
                seat.act("ride", step)
        assert latest_round(table).status == "over"
    assert dealt[0] != dealt[1]
    recall = guest.get(f"/rounds/{latest_round(table).id}").get_data(as_text=True)
    assert f"the {dealt[1]} deck (52 cards counted)" in recall
