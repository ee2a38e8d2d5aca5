"""Pai Gow Poker through the web: the felt and its hand-setting form, a setting posted as a
browser posts it (with script, and without: the ticked cards), every posted field hostile, the
house way on request, both hands against the bank's in words, and the ledger after each round."""

from __future__ import annotations

import re

import pytest

from tests.paigow_support import BANK, stacking
from webgame.extensions import db
from webgame.games.paigow import table as paigow_table
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, chips, latest_round, me, round_settlements, second_player

BANK_NO_PAIR = "Kh Qd 9c 7d 5s 3h 2c"
MINE = "As Ad Kc Ks 8h 6d 4c"  # aces and kings: the house splits them


@pytest.fixture
def stacked(monkeypatch: pytest.MonkeyPatch):
    deck, pick = stacking((1,), {0: MINE, BANK: BANK_NO_PAIR})
    monkeypatch.setattr(paigow_table, "new_deck", deck)
    monkeypatch.setattr(paigow_table, "first_pick", pick)


def dealt(guest) -> tuple[Seat, object]:
    table = create_table("Test Pai Gow", "pai-gow-poker", "grand-ronde", config={})
    db.session.commit()
    seat = Seat(guest, table)
    assert seat.act("bet", "main", chip=1000) == ""
    assert seat.act("deal") == ""
    return seat, table


def test_the_felt_and_the_rules_panel(guest):
    table = create_table("Test Pai Gow", "pai-gow-poker", "grand-ronde", config={})
    db.session.commit()
    page = Seat(guest, table).html
    assert '<span class="spot-label">Bet</span>' in page and '<span class="spot-label">Fortune</span>' in page
    assert 'data-paytable="fortune-bonus"' in page and "2,500 to 1" in page.replace("2500", "2,500")
    assert "D-211" in page and "this rulebook prints none" in page  # the rules panel names the house way


def test_setting_a_hand_and_the_result_in_words(guest, stacked):
    seat, table = dealt(guest)
    start = chips(me(), table) + 1000
    page = seat.html
    assert 'data-testid="hand-setter"' in page and 'data-fouls="' in page
    assert re.search(r'data-fouls="[^"]*Ac? ?A|data-fouls="[^"]*Ad As', page)  # aces in front foul
    assert "Show house way" in page and "Low hand Kc Ks" in page.replace("Ks Kc", "Kc Ks")
    assert "set-hand" in seat.actions and "house-way" in seat.actions and "set" not in seat.actions
    assert seat.act("set", "Kc Ks") == ""
    page = seat.html
    assert "High hand wins against king high" in page and "Low hand wins against queen high" in page
    rnd = latest_round(table)
    assert rnd.status == "over"
    main = next(s for s in round_settlements(rnd) if s.bet == "main")
    assert main.returned == 1950  # $10 less 5 %
    assert chips(me(), table) == start + 950
    assert_books_balance()


def test_a_setting_of_the_players_own_is_taken(guest, stacked):
    """Not only the house way's: eight-six in front, aces and kings behind (D-227 allows it)."""
    seat, table = dealt(guest)
    assert seat.act("set", "6d 8h") == ""  # posted sorted, as the felt's script posts it
    rnd = latest_round(table)
    assert rnd.status == "over"
    main = next(s for s in round_settlements(rnd) if s.bet == "main")
    # Aces and kings behind beat the bank's king high; eight-six in front loses to its king-queen.
    assert (main.result, main.returned) == ("push", 1000)
    assert_books_balance()


def test_a_foul_and_every_hostile_setting_are_refused(guest, stacked):
    seat, table = dealt(guest)
    assert "fouls" in seat.act("set", "As Ad")
    for posted in ("", "As", "As As", "Qh Jh", "As Ad Kc", "<b>x</b> y", "JK JK", "Kc Ks Kc"):
        assert seat.act("set", posted), posted
    assert seat.act("set", "Kc Ks", seat=3)  # a position that is not the player's
    assert latest_round(table).status == "open"
    assert_books_balance()


def test_without_script_the_ticked_cards_are_the_low_hand(guest, stacked):
    seat, table = dealt(guest)

    def post(cards: list[str]) -> str:
        data = {"seat": 0, "kind": "set", "spot": "", "card": cards, "round_id": seat.round_id,
                "version": seat.version}
        seat.html = seat.c.post(f"/tables/{table.id}/act", data, htmx=True).get_data(as_text=True)
        return seat.error

    assert post(["Kc", "Ks", "As"]) and post(["Kc"]) and post(["As", "Ad"])  # three, one, a foul
    assert latest_round(table).status == "open"
    assert post(["Kc", "Ks"]) == "" and latest_round(table).status == "over"
    assert_books_balance()


def test_asking_for_the_house_way(guest, stacked):
    seat, table = dealt(guest)
    assert seat.act("house-way") == ""
    page = seat.html
    assert "Low hand: Pair of kings" in page and "house way" in page
    assert latest_round(table).status == "over"
    assert_books_balance()


def test_chapter4_surrender_needs_its_confirmation(guest, monkeypatch):
    deck, pick = stacking((1, 1, 5), {0: MINE, BANK: BANK_NO_PAIR})
    monkeypatch.setattr(paigow_table, "new_deck", deck)
    monkeypatch.setattr(paigow_table, "first_pick", pick)
    table = create_table("Test Pai Gow C4", "pai-gow-poker", "chapter4", config={})
    db.session.commit()
    seat = Seat(guest, table)
    assert seat.act("bet", "main", chip=500) == ""
    assert seat.act("deal") == "" and "1 + 1 + 5 = 7" in seat.html
    start = chips(me(), table)
    assert seat.act("set", "Kc Ks") == ""
    page = seat.html
    assert 'data-testid="surrender"' in page and "Bank · set by the house way" in page
    assert "surrender-all" in seat.actions and "keep" in seat.actions
    assert "whole bet" in seat.act("surrender-all")  # the box left unticked
    assert seat.act("surrender-all", "confirmed") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    main = next(s for s in round_settlements(rnd) if s.bet == "main")
    assert main.returned == 0 and chips(me(), table) == start
    assert_books_balance()


# -- a player banking against the house (000 s.756-771, D-222) ------------------------------
PLAYER = "Jh Jd 4h 4d Ts 9s 2d"  # fours in front, jacks behind by the house way


def test_a_player_takes_the_bank_against_the_house_and_the_books_balance(app, guest, monkeypatch):
    # Round 1, the house banks; round 2 deals the same stacks with Spot 6 as the bank (counted 1).
    hands = {5: MINE, BANK: BANK_NO_PAIR, 3: PLAYER}
    house_deck, pick = stacking((1,), hands)
    bank_deck, _ = stacking((1,), hands, banker=5)

    def deck(carry, rng):
        later = carry and carry.get("player_bank", {}).get("rounds")
        return (bank_deck if later else house_deck)(carry, rng)

    monkeypatch.setattr(paigow_table, "new_deck", deck)
    monkeypatch.setattr(paigow_table, "first_pick", pick)
    table = create_table("Test Pai Gow bank", "pai-gow-poker", "grand-ronde", config={})
    db.session.commit()
    banker = Seat(guest, table, seat=5)
    banker_player = me()
    other = second_player(app, table, seat=3)
    other_player = me()
    for seat in (banker, other):
        seat.page()
        assert seat.act("bet", "main", chip=2000) == ""
    assert other.act("deal") == ""
    for seat in (banker, other):
        seat.page()
        assert seat.act("house-way") == ""
    assert latest_round(table).status == "over"

    # Round 2: the bank is offered to Spot 6, who bet against the dealer in round 1.
    banker.page()
    assert 'data-testid="bank-offer"' in banker.html and "offered to you (Spot 6): your last bet, $20" in banker.html
    assert {"bank", "decline"} <= banker.actions
    assert "bank" not in other.page() or "offered to Spot 6" in other.html
    start_banker, start_other = chips(banker_player, table), chips(other_player, table)
    # A bank the player's chips cannot hold is refused before anything moves.
    assert "Not enough chips" in banker.act("bank", amount="2000")
    assert chips(banker_player, table) == start_banker
    banker.page()
    assert banker.act("bank", amount="30") == ""
    assert 'data-testid="bank-badge"' in banker.html and 'data-testid="seat-bank-badge"' in banker.html
    assert "$20" in banker.html  # the last bet, against the house
    other.page()
    refused = other.act("bet", "main", chip=5000)  # chips of $50: one over the bank
    assert "The bank covers $30" in refused
    assert other.act("bet", "main", chip=2000) == ""
    assert other.act("deal") == ""
    banker.page()
    assert banker.act("set", "Kc Ks") == ""
    other.page()
    assert other.act("house-way") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    paid = {(s.seat, s.bet): s for s in round_settlements(rnd)}
    # The bank beats the house's hand ($20 less 5 %) and Spot 4's jacks ($20, 5 % on the net win).
    assert paid[(5, "main")].returned == 2000 + 2000 - 100
    assert paid[(5, "bank")].returned == 3000 + 2000 - 100
    assert paid[(3, "main")].returned == 0
    assert chips(banker_player, table) == start_banker + 2000 - 100 + 2000 - 100
    assert chips(other_player, table) == start_other - 2000
    mine = banker.page()
    assert "Bank: <strong>" in mine and "The bank collected $20 and paid $0" in mine  # the recall's words
    page = other.page()
    assert 'data-testid="banker-hands"' in page and "The house's hand" in page
    assert "High hand loses against" in page
    assert_books_balance()
    result = app.test_cli_runner().invoke(args=["ledger-check"])
    assert result.exit_code == 0, result.output


def test_the_offer_passes_when_its_clock_runs_out(app, guest, monkeypatch):
    table = create_table("Test Pai Gow clock", "pai-gow-poker", "grand-ronde", config={})
    db.session.commit()
    banker = Seat(guest, table, seat=5)
    other = second_player(app, table, seat=3)
    for seat in (banker, other):
        seat.page()
        assert seat.act("bet", "main", chip=1000) == ""
    assert other.act("deal") == ""
    for seat in (banker, other):
        seat.page()
        assert seat.act("house-way") == ""
    # Round 2 opens with Spot 4's bet; the offer to Spot 6 waits on a clock.
    assert other.page() and other.act("bet", "main", chip=1000) == ""
    rnd = latest_round(table)
    assert rnd.status == "open" and rnd.deadline is not None and rnd.deadline_kind == "decision"
    from webgame.services import clocks

    rnd.deadline = rnd.deadline.replace(year=2000)
    db.session.commit()
    assert clocks.tick(table)
    db.session.expire_all()
    state = paigow_table.PAI_GOW_POKER.load(latest_round(table).state)
    # 000 s.758: the offer moves on counterclockwise, to Spot 4, who bet in round 1.
    assert state.offers == [3] and state.banker is None
    assert "Spot 6: time is up; the bank passes on." in state.notes
    assert_books_balance()
