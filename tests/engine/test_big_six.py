"""Big Six (seed 004 s.1032-1076): the 54 segments, every bet on every segment, limits, edges."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction as F

import pytest

from webgame.engine.protocol import SYSTEM_SEAT, Action, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games.wheel.bigsix import BIG_SIX, table_rules
from webgame.games.wheel.edge import big_six_edge

PAYS = {"1": 1, "2": 2, "5": 5, "10": 10, "20": 20, "joker": 40, "casino": 40}  # s.1039-1045
SEGMENTS = {"1": 24, "2": 15, "5": 7, "10": 4, "20": 2, "joker": 1, "casino": 1}  # s.1069, D-378
MAXIMUM = {"1": 40000, "2": 20000, "5": 8000, "10": 5000, "20": 2500, "joker": 5000, "casino": 5000}  # D-377


def test_the_wheel_has_54_segments_in_the_rulebook_counts() -> None:
    wheel = BIG_SIX.wheel(table_rules())
    assert len(wheel) == 54 and Counter(wheel) == SEGMENTS


def test_every_bet_on_every_segment() -> None:
    rules = table_rules()
    for index, segment in enumerate(BIG_SIX.wheel(rules)):
        st = BIG_SIX.new_round(rules, SeededRng(0), None)
        st.bets = {0: {s: 100 for s in PAYS}}
        got = {e.bet: e.returned for e in BIG_SIX.settle_spin(st, index) if isinstance(e, Settlement)}
        assert got == {s: (100 + 100 * PAYS[s] if s == segment else 0) for s in PAYS}


@pytest.mark.parametrize("spot,edge", [("1", F(1, 9)), ("2", F(1, 6)), ("5", F(2, 9)), ("10", F(5, 27)),
                                       ("20", F(2, 9)), ("joker", F(13, 54)), ("casino", F(13, 54))])
def test_house_edge(spot: str, edge: F) -> None:
    assert big_six_edge(table_rules(), spot) == edge


def test_limits_d377() -> None:
    st = BIG_SIX.new_round(table_rules(), SeededRng(0), None)
    for spot, most in MAXIMUM.items():
        with pytest.raises(IllegalAction):
            BIG_SIX.apply(st, Action("bet", 0, spot, most + 100), SeededRng(0))
        BIG_SIX.apply(st, Action("bet", 1, spot, most), SeededRng(0))
    with pytest.raises(IllegalAction, match=r"^The maximum on the Joker is \$50\.$"):
        BIG_SIX.apply(st, Action("bet", 2, "joker", 5100), SeededRng(0))
    for bad in (0, -100, 150):
        with pytest.raises(IllegalAction):
            BIG_SIX.apply(st, Action("bet", 2, "1", bad), SeededRng(0))
    with pytest.raises(IllegalAction, match="Bet on a bill"):
        BIG_SIX.apply(st, Action("bet", 2, "3", 100), SeededRng(0))
    BIG_SIX.apply(st, Action("bet", 2, "$1", 100), SeededRng(0))  # the minimum is $1 (s.1047)
    assert st.bets[2] == {"1": 100}


def test_spin_uses_the_round_rng_and_alternates_direction() -> None:
    rules = table_rules()
    st = BIG_SIX.new_round(rules, SeededRng(0), None)
    assert BIG_SIX.view(st, None)["direction"] == "clockwise"
    BIG_SIX.apply(st, Action("spin", SYSTEM_SEAT), SeededRng(5))
    assert st.result_index == SeededRng(5).randbelow(54) and st.result == BIG_SIX.wheel(rules)[st.result_index]
    nxt = BIG_SIX.new_round(rules, SeededRng(0), json.loads(json.dumps(BIG_SIX.carry(st))))
    assert BIG_SIX.view(nxt, None)["direction"] == "counter-clockwise" and nxt.history == [st.result]
    # Between spins the wheel rests on the very segment it stopped at, not the first segment
    # with that symbol; it stays there until the next spin.
    assert nxt.rest_index == st.result_index and BIG_SIX.view(nxt, None)["rest_index"] == st.result_index
    again = BIG_SIX.new_round(rules, SeededRng(0), json.loads(json.dumps(BIG_SIX.carry(nxt))))
    assert again.rest_index == st.result_index


def test_bot_bets_a_dollar_and_state_round_trips() -> None:
    st = BIG_SIX.new_round(table_rules(), SeededRng(0), None)
    bot = BIG_SIX.bot_action(st, 4)
    assert bot == Action("bet", 4, "1", 100)
    BIG_SIX.apply(st, bot, SeededRng(0))
    assert BIG_SIX.bot_action(st, 4) is None
    assert round_trips(st)
    BIG_SIX.settle_spin(st, 0)
    assert round_trips(st) and BIG_SIX.load(json.loads(json.dumps(BIG_SIX.dump(st)))) == st
    view = json.loads(json.dumps(BIG_SIX.view(st, 4)))
    assert view["result"] == "joker" and view["results"]["4"][0]["result"] == "lose"
