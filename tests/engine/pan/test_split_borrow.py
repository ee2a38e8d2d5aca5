"""Splitting and borrowing at the Pan table (games/pan/table.py): the table builds the seat's
new board from meld N, where it splits and the ticked cards (rule 13(c)II, 15; P-385), or from
the card an increased meld lends and the ticked cards (rule 16, P-386), and the engine checks
and pays it (P-361). Refusals leave the hand untouched."""

from __future__ import annotations

import copy

import pytest

from webgame.engine.protocol import Action, IllegalAction, Stake
from webgame.games.pan import hand as pan
from webgame.games.pan import table as pt
from webgame.games.pan.table import PanState

from .test_table import GAME, Stacked, table


def at_play(board0: list[list[str]], hand0: list[str], kon: int = 100) -> PanState:
    """Three seats dealt in, every one in, seat 0 to lay with ``board0`` on the table."""
    st = table([0, 1, 2], leader=0, kon=kon)
    GAME.apply(st, Action("deal"), Stacked([]))
    h = st.hand
    assert h is not None and h.order[0] == 0
    h.status = {k: "in" for k in h.status}
    h.phase, h.turn, h.drawn = pan.PLAY, 0, ""
    h.hands["0"] = list(hand0)
    h.boards["0"] = [list(m) for m in board0]
    return st


def kinds(st: PanState, seat: int = 0) -> dict[str, str]:
    return {lg.kind: lg.label for lg in GAME.legal_actions(st, seat)}


ROPE = ["2h", "3h", "4h", "5h", "6h"]


def test_a_split_creating_ace_deuce_trey_collects_a_chip_from_each_other_player() -> None:
    st = at_play([ROPE], ["Ah", "Kc", "Qd"], kon=200)
    assert kinds(st)["split@0"] == "Split meld 1"
    events = GAME.apply(st, Action("split@0", 0, "Ah/2"), Stacked([]))    # 2h 3h | 4h 5h 6h
    h = st.hand
    assert h is not None
    assert h.boards["0"] == [["Ah", "2h", "3h"], ["4h", "5h", "6h"]]
    assert h.hands["0"] == ["Kc", "Qd"]
    # the rope was worth nothing; the split makes A-2-3: 1 chip of $2 from each other player (rule 15)
    assert sorted((e.seat, e.amount) for e in events if isinstance(e, Stake)) == [(1, 200), (2, 200)]
    assert sorted((p.payer, p.payee, p.chips) for p in h.payments) == [(1, 0, 1), (2, 0, 1)]
    assert st.notes[-2] == "Seat 1 splits meld 1 with Ah: Ah 2h 3h and 4h 5h 6h."


def test_the_added_cards_go_where_both_halves_are_melds_the_best_paying_first() -> None:
    # a duplicate trey: Ah 2h 3h 4h 5h split after the 3h takes the second 3h on the right
    assert pt.split_board([["Ah", "2h", "3h", "4h", "5h"]], 0, 3, ["3h"]) == [["Ah", "2h", "3h"], ["3h", "4h", "5h"]]
    # a square of five clubs split in the middle with a sixth club: three and three
    assert pt.split_board([["Kd"] * 3, ["Qc"] * 5], 1, 2, ["Qc"]) == [["Kd"] * 3, ["Qc"] * 3, ["Qc"] * 3]
    # 4h 5h 6h 7h cut in the middle, the 5h and 6h cross over: 4h 5h 6h and 5h 6h 7h
    assert pt.split_board([["4h", "5h", "6h", "7h"]], 0, 2, ["6h", "5h"]) == [["4h", "5h", "6h"], ["5h", "6h", "7h"]]
    # kings are a square whatever their suits: two placements make two melds, the one with
    # three kings of hearts (a same-suit square, 1 chip) is chosen over two mixed ones (nothing)
    assert pt.split_board([["Kh", "Kh", "Kh", "Ks"]], 0, 2, ["Ks", "Kh"]) == [["Kh", "Kh", "Kh"], ["Kh", "Ks", "Ks"]]
    # a spade rope splits into a rope and the K-Q-J when the king and the four are added
    assert pt.split_board([["5s", "6s", "7s", "Js", "Qs"]], 0, 3, ["Ks", "4s"]) == \
        [["4s", "5s", "6s", "7s"], ["Js", "Qs", "Ks"]]


def test_a_split_that_leaves_an_invalid_meld_is_refused_and_changes_nothing() -> None:
    st = at_play([ROPE], ["Ah", "Kc", "Qd"])
    before = copy.deepcopy(st)
    with pytest.raises(IllegalAction, match=r"^2h 3h Kc is not a meld"):
        GAME.apply(st, Action("split@0", 0, "Kc/2"), Stacked([]))
    with pytest.raises(IllegalAction, match="is not a meld"):
        GAME.apply(st, Action("split@0", 0, "Ah/1"), Stacked([]))           # 2h | 3h 4h 5h 6h: Ah 2h only
    with pytest.raises(IllegalAction, match="Choose where meld 1 splits"):
        GAME.apply(st, Action("split@0", 0, "Ah/5"), Stacked([]))           # not a cut: all five stay
    with pytest.raises(IllegalAction, match="Tick the cards to lay first"):
        GAME.apply(st, Action("split@0", 0, "/2"), Stacked([]))             # no split without addition
    with pytest.raises(IllegalAction, match="only cards you hold"):
        GAME.apply(st, Action("split@0", 0, "7h/3"), Stacked([]))          # 2h 3h 4h | 5h 6h 7h: no 7h held
    with pytest.raises(IllegalAction, match="no such meld"):
        GAME.apply(st, Action("split@1", 0, "Ah/2"), Stacked([]))
    assert st == before


def test_a_borrow_from_an_increased_square_starts_a_rope() -> None:
    st = at_play([["5c", "5d", "5h", "5s"]], ["6h", "7h", "Kc"])
    assert kinds(st)["borrow"] == "Borrow"
    view = GAME.view(st, 0)["pan"]["mine"]
    assert [c["value"] for c in view["lend"]] == ["0:5c", "0:5d", "0:5h", "0:5s"]
    assert [c["label"] for c in view["cuts"][0]] == ["5c | 5d 5h 5s", "5c 5d | 5h 5s", "5c 5d 5h | 5s"]
    events = GAME.apply(st, Action("borrow", 0, "6h 7h/0:5h"), Stacked([]))
    h = st.hand
    assert h is not None
    assert h.boards["0"] == [["5c", "5d", "5s"], ["5h", "6h", "7h"]] and h.hands["0"] == ["Kc"]
    # the square was worth 2, now 1, the rope nothing: the board's worth falls and nobody pays
    assert not [e for e in events if isinstance(e, Stake)] and h.payments == []
    assert st.notes[-1] == "Seat 1 borrows the 5h from meld 1 and lays 5h 6h 7h as a new meld."


def test_a_borrow_that_leaves_an_invalid_meld_is_refused_and_changes_nothing() -> None:
    st = at_play([["2h", "3h", "4h", "5h"], ["Qc", "Qd", "Qh"]], ["3c", "3d", "Kc"])
    # only the ends of a rope of four can be lent, none of a square of three (not increased)
    assert [c["value"] for c in GAME.view(st, 0)["pan"]["mine"]["lend"]] == ["0:2h", "0:5h"]
    before = copy.deepcopy(st)
    with pytest.raises(IllegalAction, match=r"^2h 4h 5h is not a meld"):
        GAME.apply(st, Action("borrow", 0, "3c 3d/0:3h"), Stacked([]))    # the trey from the middle
    with pytest.raises(IllegalAction, match=r"^Qc Qd is not a meld"):
        GAME.apply(st, Action("borrow", 0, "3c 3d/1:Qh"), Stacked([]))    # a meld of three lends nothing
    assert st == before


def test_forged_splits_and_borrows_are_refused() -> None:
    st = at_play([ROPE], ["Ah", "6c", "6d"])
    st.hand.boards["1"] = [["6h", "6s", "6c", "6d"]]     # another seat's increased square
    before = copy.deepcopy(st)
    refusals = [
        (Action("borrow", 0, "6c 6d/0:7h"), "Meld 1 holds no such card to lend."),     # not on my melds
        (Action("borrow", 0, "6c 6d/0:6s"), "Meld 1 holds no such card to lend."),     # on seat 2's meld
        (Action("borrow", 0, "6c 6d/1:6s"), "There is no such meld."),                 # seat 2's meld number
        (Action("borrow", 0, "6c 6d/x:6h"), "There is no such meld."),
        (Action("borrow", 0, "6c 6d"), "Choose the card to borrow."),
        (Action("split@9", 0, "Ah/2"), "There is no such meld."),
        (Action("split@-1", 0, "Ah/2"), "There is no such meld."),
        (Action("split@0", 0, "Ah/02x"), "Choose where meld 1 splits."),
        (Action("split@0", 1, "Ah/2"), "It is not your turn."),                        # another seat's move
        (Action("borrow", 1, "6c 6d/0:6h"), "It is not your turn."),                   # seat 2 lending its own
    ]
    for action, words in refusals:
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(st, action, Stacked([]))
        assert str(refused.value) == words, action
    assert st == before


def test_no_split_or_borrow_without_melds_or_out_of_turn() -> None:
    st = at_play([], ["Ah", "2h", "3h"])
    assert "lay" in kinds(st) and not any(k.startswith("split@") or k == "borrow" for k in kinds(st))
    st = at_play([["Ah", "2h", "3h"]], ["4h"])
    assert "split@0" in kinds(st) and "borrow" not in kinds(st)     # a meld of three lends nothing
    assert not any(k.startswith("split@") for k in kinds(st, 1))    # not seat 2's turn
