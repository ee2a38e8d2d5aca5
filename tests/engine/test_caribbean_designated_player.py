"""Caribbean Stud, the Designated Player edition (seed 001 §22, s.112-190): the Bet equal to
the Ante, the premium hand schedule, a copy pushes, no side bets and no maximum payout. The
dealer's hand in the engine is the Designated Player's; the P/D table settles the results
against the DP's bank (Ante first, then Bet, s.153)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence

import pytest

from tests.carnival_support import act, check_money, check_views, nets, random_round, rules_for, stacked_round
from webgame.analysis import cache, caribbean_stud
from webgame.engine.hands import evaluate_high
from webgame.engine.paytable import RULES_DIR, load_game
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.carnival import CARIBBEAN_STUD as CSP
from webgame.games.carnival.base import CarnivalState
from webgame.games.carnival.caribbean import even_bet_plays

EDITION = "designated-player"


def dp_round(hands: Sequence[str], dp: str,
             bets: Mapping[int, Mapping[str, int]] | None = None) -> tuple[CarnivalState, list[Event]]:
    """Five cards each in rotation, the Designated Player last in each turn, its fifth card up (001 s.131)."""
    split = [h.split() for h in hands]
    d = dp.split()
    order = [c for i in range(5) for c in [*(h[i] for h in split), d[i]]]
    bets = bets if bets is not None else {n: {"ante": 1000} for n in range(len(hands))}
    return stacked_round(CSP, rules_for("caribbean-stud", EDITION), order, bets)


def test_the_edition_is_banked_by_the_designated_player_with_no_side_bets() -> None:
    with open(RULES_DIR / "caribbean-stud.toml", "rb") as fh:
        raw = tomllib.load(fh)["variants"]
    assert raw[EDITION]["banking"] == "player-dealer" and "banking" not in raw["chapter4"]
    rules = rules_for("caribbean-stud", EDITION)
    assert rules["side_bets"] == [] and "progressive_meters" not in rules  # 001 s.175
    assert "table_max_payout" not in rules and rules["bet_multiple"] == 1
    rng = SeededRng(0)
    state = CSP.new_round(rules, rng, None)
    assert {lg.spot for lg in CSP.legal_actions(state, 0) if lg.kind == "bet"} == {"ante"}
    CSP.apply(state, Action("bet", 0, "ante", 1000), rng)
    assert {lg.spot for lg in CSP.legal_actions(state, 0) if lg.kind == "bet"} == {"ante"}  # no progressive
    with pytest.raises(IllegalAction, match="no such bet"):
        CSP.apply(state, Action("bet", 0, "progressive", 100), rng)


def test_the_bet_equals_the_ante_001_s133() -> None:
    state, _ = dp_round(["Ah Ad 9s 7h 2d"], "Kc Qd 8d 4s 7c")
    play = next(lg for lg in CSP.legal_actions(state, 0) if lg.kind == "play")
    assert (play.min, play.max) == (1000, 1000)
    with pytest.raises(IllegalAction, match=r"exactly 1 times the Ante: \$10"):
        act(CSP, state, "play", 0, "", 2000)
    events = act(CSP, state, "play", 0, "", 1000)
    assert [e.amount for e in events if isinstance(e, Stake)] == [1000]


@pytest.mark.parametrize(("player", "dp", "bet_won"), [
    ("Ah Kh Qh Jh Th", "Ad Kc 8d 4c 3h", 7000),   # royal flush 7 to 1 (001 s.148)
    ("9s 8s 7s 6s 5s", "Ad Kc 8d 4c 3h", 7000),   # straight flush 7 to 1 (s.147)
    ("Qd Qc Qh Qs 3d", "Ad Kc 8d 4c 3h", 7000),   # four of a kind 7 to 1 (s.146)
    ("Kd Kc Ks 4h 4d", "Ad Ac 8d 5c 3h", 5000),   # full house 5 to 1 (s.145)
    ("2c 9c Jc 5c Kc", "Ad Kd 8d 4d 3h", 4000),   # flush 4 to 1 (s.144)
    ("Ad 2h 3s 4c 5d", "Ah Kc 8d 4s 3h", 3000),   # straight 3 to 1 (s.143)
    ("7d 7c 7s Kh 2d", "Ah Ac 8d 4s 3h", 2000),   # three of a kind 2 to 1 (s.142)
    ("Td Tc 3s 3h 8d", "Ah Ac 8c 4s 3c", 1500),   # any two pair 3 to 2 (s.141)
    ("Jd Jc 8s 5h 2d", "Ah Kc 8d 4s 3c", 1000),   # a pair 1 to 1 (s.140)
    ("Ad Kc 9s 7h 3d", "As Kd 8d 4s 7c", 1000),   # a winning ace-king 1 to 1 (s.140, D-322)
])
def test_each_premium_line_pays_the_bet_and_the_ante_even_money(player: str, dp: str, bet_won: int) -> None:
    state, events = dp_round([player], dp)
    events += act(CSP, state, "play", 0, "", 1000)
    assert nets(events) == {"ante": 1000, "bet": bet_won}  # 001 s.135: "even money for the original ante"
    check_money(CSP, events, state)


@pytest.mark.parametrize(("player", "dp", "expected"), [
    ("Ad Kc 9s 7h 2d", "Ac Kd 9d 7s 2h", {"ante": 0, "bet": 0}),            # a COPY pushes (001 s.189)
    ("2d 2c 9s 7h 3d", "Kc Kd 8d 4s 7c", {"ante": -1000, "bet": -1000}),    # the DP's higher hand takes both
    ("Ad Qc 9s 7h 3d", "Jc Td 8d 4s 7c", {"ante": 1000, "bet": 0}),         # DP below A-K: Ante 1 to 1, Bet back (s.134)
])
def test_the_copy_the_loss_and_the_non_qualifying_designated_player(player: str, dp: str,
                                                                   expected: dict[str, int]) -> None:
    state, events = dp_round([player], dp)
    events += act(CSP, state, "play", 0, "", 1000)
    assert nets(events) == expected


def test_a_surrender_forfeits_only_the_ante_001_s133() -> None:
    state, events = dp_round(["2d 5c 9s 7h 3d"], "Kc Kd 8d 4s 7c")
    events += act(CSP, state, "fold", 0, "")
    assert nets(events) == {"ante": -1000}


def test_no_maximum_payout_and_no_progressive_on_the_felt() -> None:
    state, events = dp_round(["Qd Qc Qh Qs 3d"], "Ad Kc 8d 4c 3h", bets={0: {"ante": 5000}})
    events += act(CSP, state, "play", 0, "", 5000)
    assert nets(events)["bet"] == 35_000
    view = CSP.view(state, 0)
    assert view["table_max_payout"] is None and view["progressive"]["offered"] is False
    assert set(view["paytables"]) == {"caribbean-premium-001"}


@pytest.mark.parametrize("seed", range(40))
def test_seeded_rounds_settle_every_wager_once(seed: int) -> None:
    state, events = random_round(CSP, rules_for("caribbean-stud", EDITION), 5300 + seed, thorough=seed < 5)
    check_money(CSP, events, state)
    if seed < 5:
        check_views(CSP, state, [None, *state.seats])
    assert not any(isinstance(e, Settlement) and e.bet == "progressive" for e in events)


# ---------------------------------------------------------------------------------------
# The bots and the analyzer: the same strategy, the same settlement
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "up", "plays"), [
    ("2d 5c 9s 7h 3d", "8c", True),    # no pair, a low up card: a fold costs the Ante, the Bet only risks one more
    ("2d 5c 9s 7h 3d", "Ac", False),   # no pair against an ace up, holding no ace or king
    ("2d 5c 9s Kh 3d", "Ac", True),    # holding a king
    ("2d 2c 9s 7h 3d", "Kc", True),    # any pair
])
def test_the_bots_play_the_even_bet_strategy(cards: str, up: str, plays: bool) -> None:
    assert even_bet_plays(cards.split(), up) is plays


def test_the_engine_and_the_analyzer_settle_every_hand_alike() -> None:
    rules = rules_for("caribbean-stud", EDITION)
    rng = SeededRng(31)
    seen: set[str] = set()
    for _ in range(120):
        state = CSP.new_round(rules, rng, None)
        events: list[Event] = []
        for seat in state.seats:
            events += CSP.apply(state, Action("bet", seat, "ante", 500), rng)  # the table minimum
        events += CSP.apply(state, Action("deal", SYSTEM_SEAT), rng)
        decided: dict[int, bool] = {}
        while not CSP.is_over(state):
            seat = CSP.to_act(state)
            assert seat is not None
            move = CSP.bot_action(state, seat)
            assert move is not None
            decided[seat] = move.kind == "play"
            events += CSP.apply(state, move, rng)
        for seat, box in state.seats.items():
            bets, net = caribbean_stud.play_hand(rules, box.cards, state.dealer)
            mine = sum(e.net for e in events if isinstance(e, Settlement) and e.seat == seat)
            assert (bets, net) == (decided[seat], mine), (box.cards, state.dealer)
            seen.add("fold" if not bets else evaluate_high(box.cards).category if net > 0 else "other")
    assert {"fold", "high-card", "pair", "other"} <= seen


def test_the_figure_is_kept_for_the_edition() -> None:
    variant = load_game("caribbean-stud").variants[EDITION]
    rules = rules_for("caribbean-stud", EDITION)
    (main,) = caribbean_stud.wagers(variant, rules)
    assert main.sim_key["strategy"] == caribbean_stud.EVEN_STRATEGY and main.sim_key["bet_multiple"] == 1
    entry = cache.lookup("caribbean-stud", EDITION, "ante", main.sim_key)
    assert entry is not None, "run: flask --app app edge caribbean-stud --variant designated-player --write-cache"
    # Against the DP the players' edge is small: 1.69 % ± 0.05 per Ante over 40 million rounds.
    assert 0.015 < float(entry["house_edge"]) < 0.019 and entry["rounds"] == 40_000_000
    chapter4 = caribbean_stud.settings(rules_for("caribbean-stud", "chapter4"))
    assert chapter4["strategy"] == caribbean_stud.STRATEGY and chapter4 != main.sim_key
