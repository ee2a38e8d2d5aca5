"""Pan through the web (003 §28): a hand played by a guest and two house bots with the books
balanced, the felt showing only what a player may see, forged melds and moves out of turn
refused with nothing changed, the recall page and the round's proof."""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement, LedgerEntry, Round, utcnow
from webgame.services import play, recall, wallet
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, latest_round

CARD = re.compile(r'name="card" value="([A2-7JQK][cdhs])"')
DISCARD = re.compile(r'data-action="discard-([A2-7JQK][cdhs])"')


def make(config=None):
    """A table whose hands are dealt by a player's Deal (the table's own deal waits an hour)."""
    table = create_table("Test Pan", "pan", "crystal-park", config={"next_hand_s": 3600, **(config or {})})
    db.session.commit()
    return table


def with_bots(guest, table, buy="100"):
    me = Seat(guest, table, 0, buy=buy)
    for seat in (1, 2):
        assert guest.post(f"/tables/{table.id}/bot", {"seat": seat}).status_code == 302
    me.page()
    return me


def state_of(table):
    db.session.expire_all()
    return latest_round(table).state


def play_my_turns(me: Seat, steps: int = 400) -> None:
    """The guest's side of a hand: in, pluck, throw the plucked card away, or discard the first
    card offered, until the hand is over."""
    for _ in range(steps):
        me.page()
        acts = me.actions
        if "in" in acts:
            me.act("in")
        elif "draw-deck" in acts:
            me.act("draw", "deck")
        elif DISCARD.search(me.html):
            me.act("discard", DISCARD.search(me.html).group(1))
        else:
            return
    raise AssertionError("the hand did not end")


def test_a_hand_with_two_bots_settles_through_the_pot_and_the_books_balance(app, guest):
    table = make()
    me = with_bots(guest, table)
    assert "deal" in me.actions
    assert me.act("deal") == ""
    rnd = latest_round(table)
    assert rnd.status == "open"
    play_my_turns(me)
    db.session.expire_all()
    rnd = db.session.get(Round, rnd.id)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    assert {r.seat for r in rows} == {0, 1, 2} and all(r.bet == "pot" for r in rows)   # one settlement a seat
    state = rnd.state
    fee = state["fee"]
    assert fee == 100                                    # $1 KON, 4 or fewer players (003 s.1567)
    fees = wallet.balance(wallet.account("fees", table_id=table.id, name="Collection fees"))
    assert fees == fee
    assert wallet.balance(wallet.account("pot", table_id=table.id, name="Pot")) == 0
    assert_books_balance()
    winner = state["hand"]["winner"]
    me.page()
    assert f"Seat {winner + 1} Pans the hand: " in me.html
    assert recall.prove(rnd).verified                    # the seed and the journal replay the hand
    page = me.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    dealt = state["dealt_hands"]
    assert "Dealt to Seat 1" in page and " ".join(sorted(dealt["0"], key=_held)) in page
    for seat in ("1", "2"):
        assert " ".join(sorted(dealt[seat], key=_held)) not in page     # nobody else's deal
    assert "*** PAYMENTS ***" in page and "plucks a card" in page
    for p in state["hand"]["payments"]:
        assert f"pays Seat {p['payee'] + 1}" in page
    assert f"Seat {winner + 1}" in page and "Pans the hand" in page


def _held(card: str) -> tuple[str, int]:
    return card[1], "A234567JQK".index(card[0])


def test_no_page_shows_another_players_hand_or_the_deck(app, guest):
    table = make()
    me = with_bots(guest, table)
    me.act("deal")
    state = state_of(table)
    hands = state["hand"]["hands"]
    mine = sorted(CARD.findall(me.page()))
    assert mine == sorted(hands["0"])
    stock = state["hand"]["stock"]
    felt = me.html.split('data-testid="pan-felt"')[1]
    # the felt draws only the public cards: the first hand's up cards (D-462), the melds on the
    # table and the muck's top; no other card of another hand, none of the deck
    shown = re.findall(r'data-code="([A2-7JQK][cdhs])"', felt.split('data-testid="decisions"')[0])
    h = state["hand"]
    public = [c for _, c in state["up_cards"]] + [c for b in h["boards"].values() for m in b for c in m] \
        + h["discards"][-1:]
    assert shown and not Counter(shown) - Counter(public)
    assert str(len(stock)) in me.html and " ".join(stock[:5]) not in me.html
    for seat in ("1", "2"):
        assert " ".join(sorted(hands[seat])) not in me.html
    # the rules panel: the Konditions as the engine pays them, the fee by players
    rules = me.html.split('data-testid="konditions"')[1]
    assert re.search(r"Valle square, all of one suit</th><td>2</td><td>4</td>", rules)
    assert "$2 with 5 or more players, $1 with 4 or fewer" in me.html


def set_hand(table, turn: int, hand0: list[str], board0: list[list[str]]) -> None:
    """Put the hand in play at a chosen point: every seat in, ``turn`` to lay and discard, seat
    0 holding ``hand0`` with ``board0`` on the table (the test's own arrangement of the cards)."""
    rnd = latest_round(table)
    state = dict(rnd.state)
    h = dict(state["hand"])
    h["status"] = {k: "in" for k in h["status"]}
    h["phase"], h["turn"], h["drawn"], h["forced"] = "play", h["order"].index(turn), "", False
    h["hands"] = dict(h["hands"], **{"0": hand0})
    h["boards"] = dict(h["boards"], **{"0": board0})
    state["hand"] = h
    rnd.state = state
    db.session.commit()


def snapshot(table):
    db.session.expire_all()
    rnd = latest_round(table)
    return rnd.version, rnd.state, db.session.scalar(sa.select(sa.func.count(LedgerEntry.id)))


HAND0 = ["Qc", "Ah", "2h", "Jd", "Kc", "4s", "6d", "7c", "3s"]


def test_forged_melds_and_a_discard_out_of_turn_change_nothing(app, guest):
    table = make()
    me = with_bots(guest, table)
    me.act("deal")
    set_hand(table, 0, HAND0, [["5c", "5d", "5h"]])
    me.page()
    assert {"lay", "add-0"} <= me.actions
    before = snapshot(table)
    assert me.act("lay", "Ks Ks Ks") == "You can lay only cards you hold."           # not in my hand
    assert "is not a meld" in me.act("lay", "Ah 2h Qc")                              # not a rope
    assert me.act("lay", "5c 5d 5h") == "You can lay only cards you hold."            # taken back from the table
    assert me.act("add@0", "Kc") != ""                                               # a king on the fives
    assert me.act("add@7", "Qc") == "There is no such meld."
    assert snapshot(table) == before
    set_hand(table, 1, HAND0, [["5c", "5d", "5h"]])                                  # a bot's turn
    before = snapshot(table)
    me.page()
    assert not DISCARD.search(me.html)
    assert me.act("discard", "Qc", seat=0) == "It is not your turn."
    assert snapshot(table) == before


def test_a_condition_takes_the_kondition_in_cents_from_every_other_player(app, guest):
    table = make({"options": {"kondition": 200}})
    me = with_bots(guest, table, buy="200")
    me.act("deal")
    set_hand(table, 0, ["7s", "7s", "7s", "Qc", "Ah", "2h", "Jd", "Kc", "4d"], [])
    bots = {s.number: s.player_id for s in table.seats if s.number in (1, 2)}
    before = {n: wallet.balance(wallet.chips(pid, table.id)) for n, pid in bots.items()}
    me.page()
    assert me.act("lay", "7s 7s 7s") == ""
    db.session.expire_all()
    for n, pid in bots.items():
        # a valle square of spades of one suit: 4 chips of $2 from each other player, at once
        assert wallet.balance(wallet.chips(pid, table.id)) == before[n] - 4 * 200
    assert "4 chips" in me.html and 'data-testid="melds-0"' in me.html
    expire(table)                                    # a lone player's day is up: the defaults finish the hand
    db.session.expire_all()
    rnd = latest_round(table)
    mine = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id,
                                                             BetSettlement.seat == 0)).one()
    paid_me = sum(p["chips"] for p in rnd.state["hand"]["payments"] if p["payee"] == 0)
    assert paid_me >= 8
    tops = 3 * 200 - 200 if rnd.state["hand"]["winner"] == 0 else 0    # $2 KON, 4 or fewer: $2.00
    assert mine.returned == paid_me * 200 + tops
    assert_books_balance()


def expire(table) -> None:
    rnd = latest_round(table)
    assert rnd.deadline is not None and rnd.deadline_kind == "decision"
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    assert play.tick(table)
    db.session.commit()


def test_the_clock_puts_a_silent_player_on_top(app, guest):
    table = make()
    me = with_bots(guest, table)
    me.act("deal")
    expire(table)
    state = state_of(table)
    assert state["hand"]["status"]["0"] == "top"                       # P-383: on top, the tops forfeited
    assert state["hand"]["hands"]["0"] == []
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"                                        # two bots play it out
    mine = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id,
                                                             BetSettlement.seat == 0)).one()
    assert (mine.stake, mine.returned) == (100, 0)
    assert_books_balance()
