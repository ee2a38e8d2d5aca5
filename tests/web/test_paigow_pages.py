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

from .tablehelp import Seat, assert_books_balance, chips, latest_round, me, round_settlements

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
