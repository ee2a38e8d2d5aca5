"""Let It Ride Bonus 1.0, the player-dealer edition of seed 002 (§31-§32, s.3272-3536): its
own base paytable, the 3 Card Bonus on the player's own three cards settled before the base
bets, no $1 Bonus (the 5-card bonus table is missing from the rulebook, D-293), no cap."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from tests.carnival_support import check_money, nets, random_round, rules_for, stacked_round
from tests.engine.test_let_it_ride_play import decide_all
from webgame.analysis import let_it_ride as lir_edges
from webgame.engine.cards import standard_deck
from webgame.engine.hands import evaluate_three
from webgame.engine.money import Odds
from webgame.engine.paytable import RULES_DIR, load_game
from webgame.engine.protocol import Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.carnival import LET_IT_RIDE as LIR
from webgame.games.carnival.base import CarnivalState, pay_line
from webgame.games.carnival.let_it_ride import THREE_CARD

EDITION = "bonus-1.0"


def bonus_round(hands: Sequence[str], community: str,
                bets: Mapping[int, Mapping[str, int]] | None = None) -> tuple[CarnivalState, list[Event]]:
    used = [c for h in hands for c in h.split()] + community.split()
    burn = next(c for c in ("2c", "3d", "4s", "5h", "6c") if c not in used)
    order = used[:3 * len(hands)] + [burn, *community.split()]
    bets = bets if bets is not None else {n: {"base": 1000} for n in range(len(hands))}
    return stacked_round(LIR, rules_for("let-it-ride", EDITION), order, bets)


def test_the_edition_is_banked_by_a_player_dealer() -> None:
    with open(RULES_DIR / "let-it-ride.toml", "rb") as fh:
        raw = tomllib.load(fh)["variants"]
    assert raw[EDITION]["banking"] == "player-dealer"
    assert all("banking" not in raw[v] for v in ("grand-ronde", "chapter4"))


def test_paytables_are_the_rulebook_lines_002_s3441_s3530() -> None:
    v = load_game("let-it-ride").variants[EDITION]
    odds = lambda t: [(ln.hand, str(ln.odds)) for ln in v.paytable(t).lines]
    assert odds("lir-bonus-1.0") == [
        ("royal-flush", "500 to 1"), ("straight-flush", "100 to 1"), ("four-of-a-kind", "25 to 1"),
        ("full-house", "15 to 1"), ("flush", "10 to 1"), ("straight", "5 to 1"), ("three-of-a-kind", "3 to 1"),
        ("two-pair", "2 to 1"), ("pair-tens-or-better", "1 to 1")]
    assert odds("lir-three-card-bonus-002") == [
        ("royal-flush", "200 to 1"), ("straight-flush", "40 to 1"), ("three-of-a-kind", "30 to 1"),
        ("straight", "6 to 1"), ("flush", "3 to 1"), ("pair", "1 to 1")]
    assert v.side_bets == ("lir-three-card-bonus",)  # no $1 Bonus: its table is not in the rulebook (D-293)
    assert v.rules["cap_kind"] == "none"


@pytest.mark.parametrize(("player", "community", "line", "odds"), [
    ("Ah Kh Qh", "Jh Th", "royal-flush", 500),
    ("9h Kh Qh", "Jh Th", "straight-flush", 100),
    ("9c 9d 9h", "9s 2c", "four-of-a-kind", 25),
    ("9c 9d 4h", "9s 4c", "full-house", 15),
    ("2h 7h 9h", "Jh Kh", "flush", 10),
    ("Ac 2d 3h", "4s 5c", "straight", 5),
    ("7c 7d 7h", "Ks 2c", "three-of-a-kind", 3),
    ("7c 7d 2h", "2s Kc", "two-pair", 2),
    ("Tc Td 2h", "5s Kc", "pair-tens-or-better", 1),
    ("9c 9d 2h", "5s Kc", None, -1),   # 002 s.3422: a pair of tens or better is needed
])
def test_every_base_line_pays_each_bet_in_action(player: str, community: str, line: str | None, odds: int) -> None:
    state, events = bonus_round([player], community, bets={0: {"base": 1000}})
    events = decide_all(state, events, "ride", "ride")
    assert nets(events) == {"bet-1": 1000 * odds, "bet-2": 1000 * odds, "bet-3": 1000 * odds}
    check_money(LIR, events, state)


@pytest.mark.parametrize(("player", "odds"), [
    ("Ah Kh Qh", 200),   # Mini Royal, A-K-Q suited (002 s.3530, D-293)
    ("Jh Qh Kh", 40), ("Ah 2h 3h", 40),   # straight flushes, A-2-3 the lowest (D-277)
    ("8c 8d 8h", 30), ("Ac Kd Qh", 6), ("Ac 2d 3h", 6), ("2h 7h 9h", 3), ("Kc Kd 2h", 1),
    ("Kc Ad 2h", -1), ("Ac Kd 9h", -1),
])
def test_each_three_card_bonus_line_on_the_players_own_cards_002_s3513(player: str, odds: int) -> None:
    # The community cards would make the player quads or better: only the three cards count.
    state, events = bonus_round([player], "5s 5c", bets={0: {"base": 1000, THREE_CARD: 2500}})
    events = decide_all(state, events, "take-back", "take-back")
    assert nets(events)[THREE_CARD] == 2500 * odds


def test_the_three_card_bonus_is_settled_before_the_base_bets_002_s3522() -> None:
    state, events = bonus_round(["Kc Kd 2h"], "Ks 7c", bets={0: {"base": 1000, THREE_CARD: 500}})
    events = decide_all(state, events, "ride", "ride")
    order = [e.bet for e in events if isinstance(e, Settlement)]
    assert order == [THREE_CARD, "bet-1", "bet-2", "bet-3"]


def test_no_dollar_bonus_and_the_bonus_needs_the_base_bets() -> None:
    rng = SeededRng(0)
    state = LIR.new_round(rules_for("let-it-ride", EDITION), rng, None)
    with pytest.raises(IllegalAction, match="no such bet"):
        LIR.apply(state, Action("bet", 0, "dollar-bonus", 100), rng)
    assert {lg.spot for lg in LIR.legal_actions(state, 0) if lg.kind == "bet"} == {"base"}
    with pytest.raises(IllegalAction, match="needs a wager"):
        LIR.apply(state, Action("bet", 0, THREE_CARD, 100), rng)
    LIR.apply(state, Action("bet", 0, "base", 1000), rng)  # the three equal bets (002 s.3329-3331)
    assert {lg.spot for lg in LIR.legal_actions(state, 0) if lg.kind == "bet"} == {"base", THREE_CARD}


def test_no_cap_a_royal_on_the_maximum_is_paid_in_full() -> None:
    # $500 on each bet, a royal flush at 500 to 1: $750,000 in all, nothing cut (no cap stated).
    state, events = bonus_round(["Ah Kh Qh"], "Jh Th", bets={0: {"base": 50000}})
    events = decide_all(state, events, "ride", "ride")
    assert sum(nets(events).values()) == 3 * 50000 * 500


@pytest.mark.parametrize("seed", range(40))
def test_seeded_rounds_settle_every_wager_once(seed: int) -> None:
    state, events = random_round(LIR, rules_for("let-it-ride", EDITION), 7000 + seed, thorough=seed < 5)
    check_money(LIR, events, state)


# ---------------------------------------------------------------------------------------
# The analyzer, the P/D taking the house's side
# ---------------------------------------------------------------------------------------
def _bonus_count(rules: Mapping[str, Any]) -> Fraction:
    """The 3 Card Bonus over all 22,100 three-card hands, graded by the engine's line lookup."""
    table = LIR.side_paytable(rules, "lir-three-card-bonus")
    total = Fraction(0)
    hands = list(combinations([c.code for c in standard_deck()], 3))
    for hand in hands:
        line = pay_line(rules, table, evaluate_three(list(hand)))
        total += Odds.parse(rules["paytables"][table]["lines"][line]).net if line else -1
    return -total / len(hands)


def test_the_analyzer_figures_the_editions_own_tables() -> None:
    rules = rules_for("let-it-ride", EDITION)
    wagers = {w.bet: w for w in lir_edges.wagers(load_game("let-it-ride").variants[EDITION], rules)}
    assert set(wagers) == {"base", "lir-three-card-bonus"}
    bonus = wagers["lir-three-card-bonus"]
    assert bonus.paytable["royal-flush"] == "200 to 1"
    assert bonus.exact is not None and bonus.exact().house_edge == _bonus_count(rules)
    base = wagers["base"]
    assert base.exact is not None
    edge = base.exact().house_edge
    grand_ronde = lir_edges.base_game(rules_for("let-it-ride", "grand-ronde"))[0].house_edge
    assert edge != grand_ronde and Fraction(3, 100) < edge < Fraction(4, 100)
