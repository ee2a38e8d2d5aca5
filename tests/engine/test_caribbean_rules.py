"""Caribbean Stud as data and as a whole: the paytables against the rulebook lines, every
five-card hand through the bonus schedule and the progressive table, and random rounds."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from tests.carnival_support import check_money, random_round, rules_for
from webgame.engine.hands import batch
from webgame.engine.hands.high import high_evaluator
from webgame.engine.paytable import load_game
from webgame.games.carnival import CARIBBEAN_STUD as CSP
from webgame.games.carnival.base import pay_line

EV = high_evaluator()


@cache
def counts(table: str) -> dict[str | None, int]:
    rules = rules_for("caribbean-stud", "chapter4")
    hist = batch.histogram_high(5)
    out: dict[str | None, int] = {}
    for value in np.nonzero(hist)[0]:
        line = pay_line(rules, table, EV.value(int(value), ()))
        out[line] = out.get(line, 0) + int(hist[value])
    return out


def test_paytables_are_the_rulebook_lines():
    v = load_game("caribbean-stud").variants["chapter4"]
    bonus = {ln.hand: str(ln.odds) for ln in v.paytable("caribbean-bonus").lines}
    # 004 s.757-765; the ace-king line is D-314's.
    assert bonus == {"royal-flush": "100 to 1", "straight-flush": "50 to 1", "four-of-a-kind": "20 to 1",
                     "full-house": "7 to 1", "flush": "5 to 1", "straight": "4 to 1", "three-of-a-kind": "3 to 1",
                     "two-pair": "2 to 1", "pair": "1 to 1", "high-card": "1 to 1"}
    starred = v.paytable("caribbean-bonus").extra["capped_lines"]
    assert sorted(starred) == sorted(["three-of-a-kind", "straight", "flush", "full-house", "four-of-a-kind",
                                      "straight-flush", "royal-flush"])  # the * lines (004 s.759-765)
    prog = v.paytable("caribbean-progressive")
    assert {ln.hand: ln.fixed for ln in prog.lines if ln.fixed} == {
        "four-of-a-kind": 50000, "full-house": 10000, "flush": 5000}    # 004 s.776-778
    assert prog.extra["meter_percent"] == {"royal-flush": 100, "straight-flush": 10}  # 004 s.774-775
    assert prog.extra["reset_lines"] == ["royal-flush"]                 # 004 s.750
    rules = v.rules
    assert rules["progressive_meters"] == {"caribbean-progressive": 1_000_000}  # $10,000 seed (004 s.752)
    assert rules["progressive_increment"] == 50                         # $0.50 a wager (004 s.754)
    assert rules["dealer_qualifier"] == ["A", "K"] and rules["bet_multiple"] == 2  # s.738, s.737
    assert v.limits["caribbean-progressive"].min == v.limits["caribbean-progressive"].max == 100  # D-317
    assert rules["seats"] == 7 and v.side_bets == ("caribbean-progressive",)  # D-320, D-517
    assert all(ln.cite for pt in v.paytables.values() for ln in pt.lines)


def test_every_five_card_hand_gets_its_bonus_line():
    assert counts("caribbean-bonus") == {
        "royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3744, "flush": 5108,
        "straight": 10200, "three-of-a-kind": 54912, "two-pair": 123552, "pair": 1098240,
        "high-card": 1302540}


def test_every_five_card_hand_gets_its_progressive_line():
    assert counts("caribbean-progressive") == {
        "royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3744, "flush": 5108,
        None: 2598960 - 4 - 36 - 624 - 3744 - 5108}


def test_random_rounds_conserve_money_and_settle_every_wager_once():
    rules = rules_for("caribbean-stud", "chapter4", meters={"caribbean-progressive": 5_000_000})
    carry = None
    for seed in range(300):
        state, events = random_round(CSP, rules, seed, carry=carry)
        check_money(CSP, events, state)
        carry = CSP.carry(state)


@pytest.mark.parametrize("seeds", [range(3000, 3006), range(3006, 3012)])
def test_random_rounds_thoroughly_views_legal_moves_and_json(seeds):
    rules = rules_for("caribbean-stud", "chapter4")
    for seed in seeds:
        state, events = random_round(CSP, rules, seed, thorough=True)
        check_money(CSP, events, state)
