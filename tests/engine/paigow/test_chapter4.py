"""Pai Gow Poker under Chapter 4 (004 s.1193-1367): the three dice for the first hand, 5 %
rounded up to 25 cents, the surrender that forfeits the whole bet, $5 steps and its limits."""

from __future__ import annotations

from typing import Any

import pytest

from tests.paigow_support import BANK, dealt_round, play, rules_for
from webgame.engine.protocol import SYSTEM_SEAT, Action, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.paigow.table import PAI_GOW_POKER, commission, position_of, seat_at

BANK_NO_PAIR = "Kh Qd 9c 7d 5s 3h 2c"
MINE = "As Ad Kc Ks 8h 6d 4c"
C4 = rules_for("chapter4")


def results(events: list[Any]) -> dict[tuple[int, str], Settlement]:
    return {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}


# Every total of three dice: the bank is 1, 8 and 15, counted counterclockwise (004 s.1276-1284).
DICE = {3: (1, 1, 1), 4: (1, 1, 2), 5: (1, 2, 2), 6: (2, 2, 2), 7: (2, 2, 3), 8: (2, 3, 3), 9: (3, 3, 3),
        10: (3, 3, 4), 11: (3, 4, 4), 12: (4, 4, 4), 13: (4, 4, 5), 14: (4, 5, 5), 15: (5, 5, 5),
        16: (5, 5, 6), 17: (5, 6, 6), 18: (6, 6, 6)}
FIRST_SEAT = {3: 4, 4: 3, 5: 2, 6: 1, 7: 0, 8: None, 9: 5, 10: 4, 11: 3, 12: 2, 13: 1, 14: 0, 15: None,
              16: 5, 17: 4, 18: 3}


@pytest.mark.parametrize("total", range(3, 19))
def test_each_dice_total_gives_the_first_hand_to_its_position(monkeypatch: pytest.MonkeyPatch, total: int) -> None:
    dice = DICE[total]
    assert sum(dice) == total and seat_at(position_of(list(dice))) == FIRST_SEAT[total]
    state, _ = dealt_round(monkeypatch, {0: MINE, BANK: BANK_NO_PAIR}, {0: {"main": 500}}, draw=dice, rules=C4)
    assert state.draw == list(dice) and state.seats[0].cards == MINE.split()
    first = "the bank" if FIRST_SEAT[total] is None else f"Spot {FIRST_SEAT[total] + 1}"
    assert f"= {total}: the first hand goes to {first}." in state.notes[1]


def test_ten_is_two_places_counterclockwise_of_the_bank() -> None:
    # 004 s.1283: "If the total of the three dice is 10, the first hand will be given to the
    # position which is two places counterclockwise of the Bank": position 3, Spot 5.
    assert position_of([3, 3, 4]) == 3 and seat_at(3) == 4


def test_commission_rounds_up_to_a_quarter() -> None:
    assert commission(C4, 2500) == 125  # 5 % of $25: exact
    assert commission(C4, 510) == 50  # 25.5 cents rounds up to 50 (004 s.1309)
    assert commission(C4, 100) == 25  # 5 cents rounds up to 25
    assert commission(C4, 0) == 0


def test_a_win_pays_even_money_less_the_rounded_commission(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = dealt_round(monkeypatch, {2: MINE, BANK: BANK_NO_PAIR}, {2: {"main": 2500}}, draw=(1, 1, 5), rules=C4)
    play(state, {2: "Kc Ks"})
    assert state.phase == "decide" and state.stage == 2  # the surrender window
    done = results(PAI_GOW_POKER.apply(state, Action("keep", 2), SeededRng(3)))
    assert done[(2, "main")].returned == 2500 + 2500 - 125


def test_the_bank_is_set_and_shown_before_a_surrender(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = dealt_round(monkeypatch, {2: MINE, BANK: BANK_NO_PAIR}, {2: {"main": 500}}, draw=(1, 1, 5), rules=C4)
    view = PAI_GOW_POKER.view(state, 2)
    assert view["paigow"]["bank"] is None and view["dealer"]["cards"] == [None] * 7
    play(state, {2: "Kc Ks"})
    view = PAI_GOW_POKER.view(state, 2)
    assert view["paigow"]["bank"]["front"] == ["Qd", "9c"] and view["dealer"]["cards"] == BANK_NO_PAIR.split()
    assert {a.kind for a in PAI_GOW_POKER.legal_actions(state, 2)} == {"keep", "surrender-all"}
    assert view["paigow"]["seats"][2]["surrender_open"]


def test_surrender_forfeits_the_whole_bet_once_confirmed(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = dealt_round(monkeypatch, {2: MINE, BANK: BANK_NO_PAIR}, {2: {"main": 1000}}, draw=(1, 1, 5), rules=C4)
    play(state, {2: "Kc Ks"})
    with pytest.raises(IllegalAction, match="whole bet"):
        PAI_GOW_POKER.apply(state, Action("surrender-all", 2), SeededRng(3))  # no confirmation (D-225)
    done = results(PAI_GOW_POKER.apply(state, Action("surrender-all", 2, "confirmed"), SeededRng(3)))
    assert done[(2, "main")].returned == 0 and done[(2, "main")].result == "lose"  # 004 s.1296: the entire wager
    assert state.phase == "over"
    # The surrendered cards are collected unseen (004 s.1297).
    assert PAI_GOW_POKER.view(state, None)["seats"][2]["cards"] == [None] * 7


def test_a_surrender_clock_that_runs_out_keeps_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = dealt_round(monkeypatch, {2: MINE, BANK: BANK_NO_PAIR}, {2: {"main": 1000}}, draw=(1, 1, 5), rules=C4)
    play(state, {2: "Kc Ks"})
    assert PAI_GOW_POKER.bot_action(state, 2) == Action("keep", 2)
    done = results(PAI_GOW_POKER.apply(state, Action("timeout", SYSTEM_SEAT), SeededRng(3)))
    assert done[(2, "main")].result == "win"


def test_surrender_is_not_offered_at_grand_ronde(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = dealt_round(monkeypatch, {2: MINE, BANK: BANK_NO_PAIR}, {2: {"main": 1000}})
    done = results(play(state, {2: "Kc Ks"}))
    assert state.phase == "over" and done[(2, "main")].result == "win"


def test_five_dollar_steps_and_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(C4, rng, None)
    for amount in (700, 100):
        with pytest.raises(IllegalAction):
            PAI_GOW_POKER.apply(state, Action("bet", 0, "main", amount), rng)
    with pytest.raises(IllegalAction):
        PAI_GOW_POKER.apply(state, Action("bet", 0, "main", 1_000_500), rng)
    PAI_GOW_POKER.apply(state, Action("bet", 0, "main", 1_000_000), rng)
    with pytest.raises(IllegalAction):
        PAI_GOW_POKER.apply(state, Action("bet", 0, "fortune-bonus", 500), rng)  # not offered in 004
