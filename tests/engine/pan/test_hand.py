"""A hand of Pan, rule by rule (seed 003 §28): who plays, the draw and the discard, melds and
their Konditions, splitting and borrowing, forcing, the out rule, going out, table stakes."""

from __future__ import annotations

import json

import pytest

from webgame.engine import state as state_io
from webgame.engine.protocol import IllegalAction
from webgame.games.pan import hand as pan
from webgame.games.pan.hand import PanHand

FILLER = ["2c", "4d", "6c", "Jd", "Qc"]


def stacked(hands: list[list[str]], stock: list[str]) -> list[str]:
    """A deck that deals these ten-card hands, five at a time, to seats 0, 1, 2 … in order."""
    deck: list[str] = []
    for half in (0, 5):
        for cards in hands:
            deck += cards[half:half + 5]
    return deck + stock


def dealt(hands: list[list[str]], stock: list[str], chips: int = 100, tops: int = 1) -> PanHand:
    order = list(range(len(hands)))
    h = pan.deal(order, stacked(hands, stock), {s: chips for s in order}, tops)
    for s in order:
        pan.act(h, s, "in")
    return h


def ten(*cards: str) -> list[str]:
    out = list(cards)
    i = 0
    while len(out) < 10:
        out.append(FILLER[i % len(FILLER)])
        i += 1
    return out


def test_tops_and_going_on_top() -> None:
    h = pan.deal([0, 1, 2], stacked([ten(), ten(), ten()], ["Kd"] * 5), {0: 50, 1: 50, 2: 50}, 1)
    assert h.tops == 3 and h.stacks == {"0": 49, "1": 49, "2": 49}
    assert pan.to_act(h) == 0 and {lg.kind for lg in pan.legal(h, 0)} == {"in", "top"}
    with pytest.raises(IllegalAction, match="not your turn"):
        pan.act(h, 1, "in")
    pan.act(h, 0, "in")
    pan.act(h, 1, "top")                       # forfeits the tops, the hand set aside (general rule 4)
    assert len(h.retired) == 10 and h.hands["1"] == []
    pan.act(h, 2, "in")
    assert h.live() == [0, 2] and pan.to_act(h) == 0 and h.phase == pan.DRAW


def test_a_plucked_card_is_melded_at_once_or_thrown_away() -> None:
    h = dealt([ten("7s", "7s", "Qh", "Qh", "Qh"), ten(), ten()], ["7s", "Kd", "Kd"])
    pan.act(h, 0, "draw", "deck")
    assert h.drawn == "7s" and {lg.kind for lg in pan.legal(h, 0)} == {"arrange", "discard"}
    with pytest.raises(IllegalAction, match="Lay the 7s"):
        pan.act(h, 0, "arrange", melds=[["Qh", "Qh", "Qh"]])
    said = pan.act(h, 0, "arrange", melds=[["7s", "7s", "7s"]])
    # a valle square of spades of one suit: 4 chips from every other player in the hand
    assert "collects 8 chip(s)" in " ".join(said)
    assert h.stacks == {"0": 99 + 8, "1": 95, "2": 95}
    assert pan.legal(h, 0)[0].kind == "arrange" and h.phase == pan.PLAY
    pan.act(h, 0, "discard", "Qc")
    assert pan.to_act(h) == 1 and not h.from_stock


def test_the_discard_is_taken_only_when_plucked_by_the_last_player_and_melded_at_once() -> None:
    h = dealt([ten(), ten("Qd", "Qh"), ten()], ["Qs", "Kd", "Kd", "Kd"])
    pan.act(h, 0, "draw", "deck")
    pan.act(h, 0, "discard", "Qs")                 # the plucked queen thrown away unused
    assert ("draw", "discard") in {(lg.kind, lg.spot) for lg in pan.legal(h, 1)}
    pan.act(h, 1, "draw", "discard")
    assert pan.legal(h, 1) == [pan.Legal("arrange")]          # must meld it at once (rule 7)
    pan.act(h, 1, "arrange", melds=[["Qd", "Qh", "Qs"]])
    pan.act(h, 1, "discard", "2c")                 # a card from the hand: not takeable (rule 6)
    assert ("draw", "discard") not in {(lg.kind, lg.spot) for lg in pan.legal(h, 2)}
    with pytest.raises(IllegalAction):
        pan.act(h, 2, "draw", "discard")


def test_a_player_who_cannot_meld_the_discard_may_not_take_it() -> None:
    h = dealt([ten(), ten(), ten()], ["Ks", "Kd"])
    pan.act(h, 0, "draw", "deck")
    pan.act(h, 0, "discard", "Ks")
    assert {lg.spot for lg in pan.legal(h, 1) if lg.kind == "draw"} == {"deck"}


def test_forcing_the_discard_on_a_player_who_can_add_it() -> None:
    h = dealt([ten(), ten("4h", "5h", "6h"), ten()], ["Ac", "7h", "Kd", "Kd"])
    # seat 0 plucks an ace and throws it away; seat 1 plucks the seven of hearts and lays a rope
    pan.act(h, 0, "draw", "deck")
    pan.act(h, 0, "discard", "Ac")
    pan.act(h, 1, "draw", "deck")                  # the 7h
    pan.act(h, 1, "arrange", melds=[["4h", "5h", "6h", "7h"]])
    pan.act(h, 1, "discard", "Jd")
    pan.act(h, 2, "draw", "deck")                  # Kd, useless
    pan.act(h, 2, "discard", "Kd")
    assert pan.legal(h, 0) == [pan.Legal("draw", "deck")] and not pan.legal(h, 2)
    # the king cannot go on seat 0's board: nothing to force; but a playable discard can be forced
    h.discards.append("3h")
    h.from_stock = True
    h.turn = h.order.index(1)
    assert pan.legal(h, 0) == [pan.Legal("force")] and pan.legal(h, 2) == [pan.Legal("force")]
    pan.act(h, 2, "force")                         # rule 22
    assert pan.legal(h, 1) == [pan.Legal("draw", "discard")]
    pan.act(h, 1, "draw", "discard")
    pan.act(h, 1, "arrange", melds=[["3h", "4h", "5h", "6h", "7h"]])
    assert h.phase == pan.PLAY


def test_a_split_needs_an_added_card_and_no_card_leaves_the_table() -> None:
    h = dealt([ten("2h", "3h", "4h", "5h", "6h", "7h", "Kh"), ten(), ten()], ["Ah", "Kd"])
    pan.act(h, 0, "draw", "deck")                  # the ace of hearts
    pan.act(h, 0, "arrange", melds=[["Ah", "2h", "3h", "4h", "5h", "6h", "7h"]])   # A-2-3 in a rope of 7
    assert h.stacks["0"] == 99 + 2 * 5             # 1 chip and 1 for each of the four cards beyond it
    with pytest.raises(IllegalAction, match="Lay at least one card"):
        pan.act(h, 0, "arrange", melds=[["Ah", "2h", "3h"], ["4h", "5h", "6h", "7h"]])   # split by addition only (13(c)II)
    with pytest.raises(IllegalAction, match="stays on the table"):
        pan.act(h, 0, "arrange", melds=[["Ah", "2h", "3h", "4h", "5h", "6h"]])        # the 7h back to the hand
    with pytest.raises(IllegalAction, match="not a meld"):
        pan.act(h, 0, "arrange", melds=[["Ah", "2h", "3h", "Kh"], ["4h", "5h", "6h", "7h"]])
    assert h.boards["0"] == [["Ah", "2h", "3h", "4h", "5h", "6h", "7h"]] and h.stacks["0"] == 109


def test_borrowing_from_an_increased_meld() -> None:
    h = dealt([ten("5h", "5d", "5s", "5c", "6c", "7c"), ten(), ten()], ["Kd"])
    h.turn, h.phase = 0, pan.PLAY
    pan.act(h, 0, "arrange", melds=[["5h", "5d", "5s", "5c"]])     # a valle square, increased: 2 chips
    assert h.stacks["0"] == 99 + 4
    # the fourth five leaves to start a rope with the six and seven (rule 16): still valid
    pan.act(h, 0, "arrange", melds=[["5h", "5d", "5s"], ["5c", "6c", "7c"]])
    assert h.boards["0"][1] == ["5c", "6c", "7c"] and h.stacks["0"] == 103    # worth less: nothing paid


def test_a_split_that_makes_a_condition_collects_it() -> None:
    h = dealt([ten("2h", "3h", "4h", "5h", "6h", "7h"), ten(), ten()], ["Kd"])
    h.turn, h.phase = 0, pan.PLAY                  # after a draw it used, seat 0 lays its rope …
    pan.act(h, 0, "arrange", melds=[["2h", "3h", "4h", "5h", "6h", "7h"]])
    assert h.stacks["0"] == 99
    h.hands["0"].append("Ah")                      # … and, holding the ace, adds it and splits the rope
    pan.act(h, 0, "arrange", melds=[["Ah", "2h", "3h"], ["4h", "5h", "6h", "7h"]])
    assert h.stacks["0"] == 99 + 2                 # the A-2-3 condition: 1 chip from each (rule 15)


def test_going_out_collects_two_chips_and_the_board_again() -> None:
    board = [["7s", "7s", "7s"], ["Kh", "Qh", "Jh"], ["2c", "3c", "4c", "5c"]]
    h = dealt([ten(), ten(), ten()], ["6c", "Kd", "Kd"])
    h.boards["0"], h.hands["0"] = [list(m) for m in board], []
    said = pan.act(h, 0, "draw", "deck")          # the 6c goes on the rope: eleven cards
    pan.act(h, 0, "arrange", melds=[board[0], board[1], ["2c", "3c", "4c", "5c", "6c"]])
    assert h.winner == 0 and pan.is_over(h) and said
    # the board is worth 4 + 1 = 5; going out: 2 + 5 from each of the two others (out rule 23)
    assert pan.net_chips(h) == {0: 14, 1: -7, 2: -7}


def test_the_out_rule_bars_the_card_that_puts_a_flat_player_out() -> None:
    h = dealt([ten(), ten(), ten("Jd", "Qc", "Kd")], ["Kd"])
    h.boards["1"] = [["2h", "3h", "4h"], ["5s", "5s", "5s"], ["Jc", "Jd", "Jh", "Jh"]]
    h.hands["1"] = []                               # flat: ten cards spread
    h.turn, h.phase = 0, pan.PLAY
    h.hands["0"] = ["5h", "Js", "2d"]
    allowed = {lg.spot for lg in pan.legal(h, 0) if lg.kind == "discard"}
    assert allowed == {"2d"}                         # 5h and Js would put seat 1 out (rule 24)
    h.hands["0"] = ["5h", "Jc"]
    assert {lg.spot for lg in pan.legal(h, 0) if lg.kind == "discard"} == {"5h", "Jc"}   # no other choice


def test_a_player_pays_only_what_they_had_at_the_start() -> None:
    h = pan.deal([0, 1, 2], stacked([ten("7s", "7s"), ten(), ten()], ["7s"]), {0: 50, 1: 3, 2: 50}, 1)
    for s in (0, 1, 2):
        pan.act(h, s, "in")
    pan.act(h, 0, "draw", "deck")
    pan.act(h, 0, "arrange", melds=[["7s", "7s", "7s"]])
    assert h.stacks == {"0": 49 + 2 + 4, "1": 0, "2": 45}      # seat 1 had 2 chips left (D-803)


def test_chips_won_in_the_hand_do_not_pay_for_it() -> None:
    """D-803: a seat pays only from the chips it had at the deal; what it collected earlier in
    the hand is not at risk again."""
    h = pan.deal([0, 1, 2], stacked([ten("7s", "7s"), ten("7s", "7s"), ten()], ["Kd", "7s", "Kd", "7s"]),
                 {0: 50, 1: 3, 2: 50}, 1)
    for s in (0, 1, 2):
        pan.act(h, s, "in")
    pan.act(h, 0, "draw", "deck")
    pan.act(h, 0, "discard", "Kd")
    pan.act(h, 1, "draw", "deck")
    pan.act(h, 1, "arrange", melds=[["7s", "7s", "7s"]])     # 4 chips from seats 0 and 2
    pan.act(h, 1, "discard", "Qc")
    pan.act(h, 2, "draw", "deck")
    pan.act(h, 2, "discard", "Kd")
    pan.act(h, 0, "draw", "deck")
    pan.act(h, 0, "arrange", melds=[["7s", "7s", "7s"]])
    assert [(p.payer, p.payee, p.chips) for p in h.payments] == [(0, 1, 4), (2, 1, 4), (1, 0, 2), (2, 0, 4)]
    assert h.reserve["1"] == 0 and h.stacks["1"] == 2 + 8 - 2


def test_the_hand_survives_json_and_hides_other_hands() -> None:
    h = dealt([ten("7s"), ten("Qh"), ten()], ["Kd"])
    again = state_io.load(PanHand, json.loads(json.dumps(state_io.dump(h))))
    assert again == h
    shown = pan.view(h, 0)
    assert shown["seats"]["0"]["hand"] == h.hands["0"]
    assert shown["seats"]["1"]["hand"] is None and shown["seats"]["1"]["cards"] == 10
    assert "stock" in shown and isinstance(shown["stock"], int)
    assert "Kd" not in json.dumps(pan.view(h, 1)["seats"]["0"])


def test_an_empty_deck_is_remade_from_the_shuffled_muck() -> None:
    from webgame.engine.rng import SeededRng

    h = dealt([ten(), ten(), ten()], ["Kd"])
    h.discards = ["2s", "3s", "4s", "Kc"]
    h.stock = []
    pan.act(h, 0, "draw", "deck", rng=SeededRng(b"muck"))     # P-363
    assert h.discards == ["Kc"] and sorted([h.drawn, *h.stock]) == ["2s", "3s", "4s"]
