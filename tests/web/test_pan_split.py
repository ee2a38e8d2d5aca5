"""Splitting and borrowing on the Pan felt (003 §28 rules 13(c)II-16, P-385, P-386): the plain
form the felt draws (ticked cards, the meld's cut or the card to borrow, the button) posted as a
browser without script posts it; a split that makes A-2-3 collects a chip in cents through the
ledger; refusals, and forged posts, change nothing."""

from __future__ import annotations

import re

from webgame.extensions import db
from webgame.services import wallet

from .tablehelp import assert_books_balance, latest_round
from .test_pan_pages import make, set_hand, snapshot, state_of, with_bots

ROPE = ["2h", "3h", "4h", "5h", "6h"]
SQUARE = ["5c", "5d", "5h", "5s"]
ERROR = re.compile(r'class="flash flash-error"[^>]*>([^<]*)<')


def post(me, kind: str, cards: list[str], seat: int = 0, **fields: str) -> str:
    """The hand form as the felt draws it: the ticked cards, every select, the button pressed."""
    data = {"seat": seat, "kind": kind, "card": cards, "round_id": me.round_id, "version": me.version, **fields}
    resp = me.c.post(f"/tables/{me.table_id}/act", data, htmx=True)
    assert resp.status_code == 200
    me.html = resp.get_data(as_text=True)
    return me.error


def options(html: str, name: str) -> list[tuple[str, str]]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.DOTALL)
    assert select, name
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select.group(1))


def bots_chips(table) -> dict[int, int]:
    db.session.expire_all()
    return {s.number: wallet.balance(wallet.chips(s.player_id, table.id)) for s in table.seats if s.number in (1, 2)}


def test_a_split_of_a_rope_making_ace_deuce_trey_collects_a_chip_from_each_other_player(app, guest):
    table = make({"options": {"kondition": 200}})
    me = with_bots(guest, table, buy="200")
    me.act("deal")
    set_hand(table, 0, ["Ah", "Kc", "Qd", "Jd"], [ROPE])
    me.page()
    assert {"split-0", "add-0", "lay", "borrow"} <= me.actions
    assert [v for v, _ in options(me.html, "lend")] == ["0:2h", "0:6h"]       # a rope lends only its ends
    assert options(me.html, "cut-0") == [("1", "2h | 3h 4h 5h 6h"), ("2", "2h 3h | 4h 5h 6h"),
                                         ("3", "2h 3h 4h | 5h 6h"), ("4", "2h 3h 4h 5h | 6h")]
    assert "Split meld 1" in me.html
    before = bots_chips(table)
    assert post(me, "split@0", ["Ah"], **{"cut-0": "2"}) == ""
    assert bots_chips(table) == {n: c - 200 for n, c in before.items()}   # 1 chip of $2 each (rule 15)
    h = state_of(table)["hand"]
    assert h["boards"]["0"] == [["Ah", "2h", "3h"], ["4h", "5h", "6h"]]
    assert sorted((p["payer"], p["chips"]) for p in h["payments"]) == [(1, 1), (2, 1)]
    assert "Seat 1 splits meld 1 with Ah: Ah 2h 3h and 4h 5h 6h." in me.html
    melds = me.html.split('data-testid="melds-0"')[1].split("</ul>")[0]
    assert melds.count('data-meld=') == 2 and "1 chip" in melds
    assert_books_balance()


def test_a_split_that_would_leave_an_invalid_meld_is_refused_with_nothing_changed(app, guest):
    table = make()
    me = with_bots(guest, table)
    me.act("deal")
    set_hand(table, 0, ["Ah", "Kc", "Qd"], [ROPE])
    me.page()
    before = snapshot(table)
    assert post(me, "split@0", ["Ah"], **{"cut-0": "1"}).startswith("Ah 2h is not a meld")   # 2h | 3h 4h 5h 6h
    assert post(me, "split@0", ["Kc"], **{"cut-0": "3"}).endswith("is not a meld: a rope of one suit in sequence or a square.")
    assert post(me, "split@0", [], **{"cut-0": "2"}) == "Tick the cards to lay first."      # a split adds a card (13(c)II)
    assert snapshot(table) == before
    assert 'data-testid="melds-0"' in me.html and "Ah" in re.findall(r'name="card" value="(\w\w)"', me.html)


def test_a_borrow_from_an_increased_square_starts_a_rope(app, guest):
    table = make()
    me = with_bots(guest, table)
    me.act("deal")
    set_hand(table, 0, ["6h", "7h", "Kc"], [SQUARE])
    me.page()
    assert options(me.html, "lend") == [("0:5c", "5c from meld 1"), ("0:5d", "5d from meld 1"),
                                        ("0:5h", "5h from meld 1"), ("0:5s", "5s from meld 1")]
    before = bots_chips(table)
    assert post(me, "borrow", ["6h", "7h"], lend="0:5h") == ""
    h = state_of(table)["hand"]
    assert h["boards"]["0"] == [["5c", "5d", "5s"], ["5h", "6h", "7h"]] and h["hands"]["0"] == ["Kc"]
    assert bots_chips(table) == before and h["payments"] == []     # the board's worth fell: nobody pays
    assert "Seat 1 borrows the 5h from meld 1 and lays 5h 6h 7h as a new meld." in me.html
    assert_books_balance()


def test_a_borrow_that_leaves_an_invalid_meld_is_refused_with_nothing_changed(app, guest):
    table = make()
    me = with_bots(guest, table)
    me.act("deal")
    set_hand(table, 0, ["3c", "3d", "Kc"], [["2h", "3h", "4h", "5h"], ["Qc", "Qd", "Qh"]])
    me.page()
    assert [v for v, _ in options(me.html, "lend")] == ["0:2h", "0:5h"]      # only what leaves a meld
    before = snapshot(table)
    assert post(me, "borrow", ["3c", "3d"], lend="0:3h").startswith("2h 4h 5h is not a meld")
    assert post(me, "borrow", ["3c", "3d"], lend="1:Qh").startswith("Qc Qd is not a meld")
    assert snapshot(table) == before


def test_forged_splits_and_borrows_change_nothing(app, guest):
    table = make()
    me = with_bots(guest, table)
    me.act("deal")
    set_hand(table, 0, ["6c", "6d", "Ah"], [ROPE])
    # seat 2 (a house bot) has an increased square of sixes on the table
    state = dict(state_of(table))
    rnd = latest_round(table)
    state["hand"] = dict(state["hand"], boards=dict(state["hand"]["boards"], **{"1": [["6h", "6s", "6c", "6d"]]}))
    rnd.state = state
    db.session.commit()
    me.page()
    before = snapshot(table)
    assert post(me, "borrow", ["6c", "6d"], lend="0:7h") == "Meld 1 holds no such card to lend."   # not on my melds
    assert post(me, "borrow", ["6c", "6d"], lend="0:6s") == "Meld 1 holds no such card to lend."   # seat 2's card
    assert post(me, "borrow", ["6c", "6d"], lend="1:6s") == "There is no such meld."              # seat 2's meld
    assert post(me, "borrow", ["6c", "6d"], lend="") == "Choose the card to borrow."
    assert post(me, "split@3", ["Ah"], **{"cut-3": "2"}) == "There is no such meld."
    assert post(me, "split@0", ["Ah"], **{"cut-0": "9"}) == "Choose where meld 1 splits."
    assert post(me, "split@0", ["Ah"], seat=1, **{"cut-0": "2"}) == "That seat is not yours."       # a bot's seat
    assert me.act("split@0", "Ah/2", seat=1) == "That seat is not yours."
    assert snapshot(table) == before


def test_the_extra_forms_show_only_with_melds_on_the_players_turn_to_lay(app, guest):
    table = make()
    me = with_bots(guest, table)
    me.act("deal")
    set_hand(table, 0, ["Ah", "2h", "3h"], [])
    me.page()
    assert "lay" in me.actions and 'data-testid="pan-more"' not in me.html      # no melds yet
    assert "Split one of your melds in two by adding cards" in me.html          # the rules panel says how
    set_hand(table, 1, ["Ah", "Kc", "Qd"], [ROPE])                             # a bot's turn
    me.page()
    assert 'data-testid="melds-0"' in me.html and 'data-testid="pan-more"' not in me.html
