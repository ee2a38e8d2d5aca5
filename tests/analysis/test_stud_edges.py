"""Mississippi Stud and Caribbean Stud against the published figures, and the analyzers
against the table engines hand by hand.

Mississippi Stud is solved exactly (best strategy, every deal); Caribbean Stud's Ante and
Bet are simulated with the published near-optimal strategy and its progressive is exact.
The agreement tests deal seeded rounds through the engines with the analyzers' own
decisions and check that the engine's net for every hand is what the analyzer's settlement
says: the analyzers play the engines' rules, not a copy of them.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from fractions import Fraction as F
from math import comb

import numpy as np
import pytest

from tests.carnival_support import nets, rules_for, stacked_round
from webgame.analysis import cache as edge_cache
from webgame.analysis import caribbean_stud, mississippi_stud, simulation
from webgame.analysis.edges import configuration
from webgame.analysis.stud_math import colex_sets
from webgame.engine.hands import evaluate_high
from webgame.engine.hands.batch import histogram_high
from webgame.engine.hands.ids import id_code
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.carnival import CARIBBEAN_STUD as CSP
from webgame.games.carnival import MISSISSIPPI_STUD as MS
from webgame.games.carnival.caribbean import bot_plays
from webgame.games.carnival.mississippi import _bot_multiple

ANTE = 500  # the minimum Ante of both tables, cents


def rules(game: str) -> dict:
    return resolve(load_game(game).variants["chapter4"], {})


# ---------------------------------------------------------------------------------------
# Mississippi Stud: exact
# ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def best_play() -> mississippi_stud.StreetPlay:
    return mississippi_stud.solve(rules("mississippi-stud"))


def test_mississippi_best_strategy_is_the_published_4_91_percent(best_play) -> None:
    result = best_play.result
    assert float(result.house_edge) == pytest.approx(0.0491, abs=0.00005)  # 4.91 % per Ante
    assert result.house_edge == F(53223, 1082900)  # 4.91486 %: every deal, whole numbers
    assert float(result.element_of_risk) == pytest.approx(0.0137, abs=0.00005)  # per total wagered
    assert result.hit_frequency == F(61349, 382200)
    # The best wager is never 2x (a street's worth is convex in what is wagered), and
    # every street both folds and raises 1x and 3x somewhere.
    for street in best_play.choices:
        assert set(np.unique(street)) == {0, 1, 3}


def test_mississippi_best_plays_by_hand(best_play) -> None:
    street = best_play.street
    assert street(["7d", "7s"], 1) == 3  # any pair: 3x
    assert street(["2c", "7h"], 1) == 0  # no points: fold
    assert street(["Kd", "4c"], 1) == 1
    assert street(["8d", "4c", "8h"], 2) == 3  # a push already made: nothing to lose
    assert street(["Ah", "Kh", "Qh", "Jh"], 4) == 3  # four to a royal
    assert street(["2c", "3h", "9s", "Kd"], 4) == 0


def test_mississippi_settlement_pays_every_wager_at_the_lines_odds() -> None:
    r = rules("mississippi-stud")
    settle = mississippi_stud.settle
    assert settle(r, ["Ah", "Kh", "Qh", "Jh", "Th"], [3, 3, 3]) == 500 * 10
    assert settle(r, ["9h", "9c", "2d", "4s", "Jh"], [1, 1, 1]) == 0  # 6s to 10s push
    assert settle(r, ["5h", "5c", "2d", "4s", "Jh"], [1, 3, 1]) == -6  # a low pair loses
    assert settle(r, ["Jh", "Jc", "2d", "4s", "8h"], [1, 1, 3]) == 6
    assert settle(r, ["Jh", "Jc", "2d", "4s", "8h"], [3, 0]) == -4  # the fold loses what is down
    assert settle(r, ["Jh", "Jc", "2d", "4s", "8h"], [0]) == -1


def _fixed(strategy: Callable[[list[str]], int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    out = []
    for k in mississippi_stud.SEEN:
        codes = [id_code(c) for c in range(52)]
        out.append(np.array([strategy([codes[c] for c in row]) for row in colex_sets(k)], dtype=np.int8))
    return out[0], out[1], out[2]


@pytest.mark.slow
def test_mississippi_house_bots_play_within_two_hundredths_of_a_point_of_the_best(best_play) -> None:
    bots = mississippi_stud.solve(rules("mississippi-stud"), _fixed(_bot_multiple)).result
    gap = float(bots.house_edge - best_play.result.house_edge)
    assert 0 < gap < 0.0002, float(bots.house_edge)  # 4.930 % against 4.915 %


def test_mississippi_exact_wager_on_the_page() -> None:
    _, _, wagers = configuration("mississippi-stud", "chapter4")
    (main,) = wagers
    assert main.exact is not None and main.slow and not main.simulated
    assert "never binds at the minimum Ante" in main.assumptions
    started = time.perf_counter()
    assert main.exact().house_edge == F(53223, 1082900)
    assert time.perf_counter() - started < 20


def _ms_engine_rounds(rounds: int, seed: int, play: mississippi_stud.StreetPlay) -> list[tuple[list[str], list[int], int]]:
    """Full tables through the engine: seats 0-3 play the analyzer's best strategy, seats
    4-5 a seeded random one (so 2x wagers and odd folds are settled too). Each hand:
    (its five cards, its wagers in Antes with 0 for a fold, the engine's net in cents)."""
    r = rules("mississippi-stud")
    rng = SeededRng(seed)
    chooser = random.Random(seed)
    out = []
    for _ in range(rounds):
        state = MS.new_round(r, rng, None)
        events = []
        for seat in state.seats:
            events += MS.apply(state, Action("bet", seat, "ante", ANTE), rng)
        events += MS.apply(state, Action("deal", SYSTEM_SEAT), rng)
        made: dict[int, list[int]] = {seat: [] for seat in state.seats}
        while not MS.is_over(state):
            seat = MS.to_act(state)
            assert seat is not None
            box = state.seats[seat]
            seen = box.cards + state.community[:state.community_shown]
            if seat < 4:
                m = play.street(seen, sum(box.bets.values()) // ANTE)
            else:
                m = chooser.choice([0, 1, 1, 2, 2, 3, 3, 3])
            made[seat].append(m)
            action = Action("fold", seat) if m == 0 else Action("street", seat, str(m), m * ANTE)
            events += MS.apply(state, action, rng)
        net = Counter[int]()
        for e in events:
            if isinstance(e, Settlement):
                net[e.seat] += e.net
        for seat, box in state.seats.items():
            out.append((box.cards + state.community, made[seat], net[seat]))
    return out


def test_mississippi_engine_settles_every_hand_as_the_analyzer_does(best_play) -> None:
    r = rules("mississippi-stud")
    hands = _ms_engine_rounds(120, 2024, best_play)
    seen = Counter()
    for cards, wagers, net in hands:
        assert net == mississippi_stud.settle(r, cards, wagers) * ANTE, (cards, wagers, net)
        if 0 in wagers:
            seen[f"fold {len(wagers)}"] += 1
        else:
            value = evaluate_high(cards)
            seen["push" if net == 0 else value.category if net > 0 else "lose"] += 1
            seen["2x"] += 2 in wagers
    assert len(hands) == 720
    for outcome in ("fold 1", "fold 2", "fold 3", "push", "lose", "pair", "two-pair", "three-of-a-kind", "2x"):
        assert seen[outcome] > 0, seen


@pytest.mark.parametrize(("hole", "community"), [
    ("Ah Kh", "Qh Jh Th"), ("9s 8s", "7s 6s 5s"), ("Qd Qc", "Qh Qs 3d"), ("Kd Kc", "Ks 4h 4d"),
    ("2c 9c", "Jc 5c Kc"), ("Ad 2h", "3s 4c 5d"), ("7d 7c", "7s Kh 2d"), ("Td Tc", "3s 3h 8d"),
    ("Jd 4c", "Js 8h 2d"), ("6d 2c", "6s 8h Kd"), ("3d 2c", "3s 8h Kd"), ("Ad Kc", "9s 7h 2d"),
])
def test_mississippi_every_line_settles_as_the_analyzer_says(hole, community) -> None:
    r = rules_for("mississippi-stud", "chapter4")
    state, events = stacked_round(MS, r, hole.split() + community.split(), {0: {"ante": ANTE}})
    for m in (3, 1, 2):
        events += MS.apply(state, Action("street", 0, str(m), m * ANTE), SeededRng(1))
    assert MS.is_over(state)
    cards = hole.split() + community.split()
    assert sum(nets(events).values()) == mississippi_stud.settle(r, cards, [3, 1, 2]) * ANTE


# ---------------------------------------------------------------------------------------
# Caribbean Stud: the progressive, exact
# ---------------------------------------------------------------------------------------
ROYALS, STRAIGHT_FLUSHES, QUADS, FULL_HOUSES, FLUSHES, ALL = 4, 36, 624, 3744, 5108, comb(52, 5)


def test_caribbean_progressive_from_the_hand_counts() -> None:
    r = rules("caribbean-stud")
    table = r["paytables"]["caribbean-progressive"]
    seed, wager = r["progressive_seed"], r["limits"]["caribbean-progressive"]["min"]
    share = table["meter_percent"]
    awards = {"royal-flush": F(seed * share["royal-flush"], 100), "straight-flush": F(seed * share["straight-flush"], 100),
              "four-of-a-kind": table["lines"]["four-of-a-kind"], "full-house": table["lines"]["full-house"],
              "flush": table["lines"]["flush"]}
    counts = {"royal-flush": ROYALS, "straight-flush": STRAIGHT_FLUSHES, "four-of-a-kind": QUADS,
              "full-house": FULL_HOUSES, "flush": FLUSHES}
    hits = sum(counts.values())
    ev = (sum(counts[k] * awards[k] for k in counts) - (ALL - hits) * wager) / (ALL * wager)
    result = caribbean_stud.progressive(r)
    assert result.house_edge == -ev
    assert result.hit_frequency == F(hits, ALL)
    assert round(float(result.house_edge), 4) == 0.6047  # $1 token, $50/$100/$500, 10 % and 100 % of $10,000
    slope = F(counts["royal-flush"] * share["royal-flush"] + counts["straight-flush"] * share["straight-flush"],
              ALL * wager * 100) * 1_000_000
    assert caribbean_stud.meter_slope(r) == slope  # 2.924 points of return per $10,000 on the meter
    wager_entry = next(w for w in configuration("caribbean-stud", "chapter4")[2] if w.bet == "progressive")
    assert wager_entry.exact is not None and "2.924 points per $10,000" in wager_entry.assumptions


def test_caribbean_hand_counts_agree_with_the_full_enumeration() -> None:
    counts = caribbean_stud.hands_per_value()
    histogram = histogram_high(5)
    assert all(histogram[v] == n for v, n in counts.items()) and histogram.sum() == ALL


# ---------------------------------------------------------------------------------------
# Caribbean Stud: the strategy
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "up", "bets"), [
    ("2c 2d 5h 8s Jc", "Ah", True),  # a pair or better always
    ("Kc Qd Jh 9s 7c", "2h", False),  # below ace-king
    ("Ac Qd Jh 9s 7c", "2h", False),
    ("Ac Kd 9h 6s 4c", "7h", False),  # ace-king, no match, no queen
    ("Ac Kd 9h 7s 4c", "7h", True),  # (1) a 2-Q up card that pairs a player's card
    ("Ac Kd Qh 7s 4c", "Qs", True),  # (1) the queen itself
    ("Ac Kd 9h 7s 4c", "Ah", False),  # an ace up pairs, but (1) stops at Q and there is no Q or J
    ("Ac Kd Jh 7s 4c", "Ah", True),  # (2) an A or K up and a J
    ("Ac Kd Qh 7s 4c", "Kh", True),  # (2) with a Q
    ("Ac Kd Qh 7s 4c", "5h", True),  # (3) no match, a Q, up below the fourth-highest (7)
    ("Ac Kd Qh 7s 4c", "7h", True),  # (1) the 7 matches
    ("Ac Kd Qh 7s 4c", "8h", False),  # (3) fails: the 8 is not below the 7
    ("Ac Kd Qh 5s 4c", "6h", False),
    ("Ac Kd Jh 7s 4c", "5h", False),  # (3) needs a queen
])
def test_caribbean_strategy_by_hand(hand, up, bets) -> None:
    r = rules("caribbean-stud")
    hole = [c for c in ("2s", "3s", "6d", "9d", "Td", "8c") if c not in hand.split() and c != up][:4]
    assert caribbean_stud.play_hand(r, hand.split(), [*hole, up])[0] is bets  # the fifth card is up
    assert bot_plays(hand.split(), up) is bets


def test_caribbean_bots_and_the_analyzer_decide_alike_on_ace_king_hands() -> None:
    r = rules("caribbean-stud")
    deck = [id_code(c) for c in range(52)]
    chooser = random.Random(7)
    tried = Counter()
    while sum(tried.values()) < 3000:
        cards = chooser.sample(deck, 10)
        player, dealer = cards[:5], cards[5:]
        if sorted(c[0] for c in player if c[0] in "AK") != ["A", "K"] and chooser.random() < 0.9:
            continue  # mostly the ace-king hands, where the rules bite
        analyzer = caribbean_stud.play_hand(r, player, dealer)[0]
        assert bot_plays(player, dealer[4]) is analyzer, (player, dealer[4])
        tried[analyzer] += 1
    assert tried[True] > 300 and tried[False] > 300


# ---------------------------------------------------------------------------------------
# Caribbean Stud: the engine settles as the analyzer does
# ---------------------------------------------------------------------------------------
def _csp_engine_rounds(rounds: int, seed: int) -> list[tuple[list[str], list[str], bool, int, int]]:
    """Full tables with the progressive on every spot, each hand played by the analyzer's
    decision (the engine's bot must agree). Each hand: (cards, the dealer's cards, bet
    made, the engine's net on the Ante and Bet, the engine's net on the progressive)."""
    r = rules_for("caribbean-stud", "chapter4")
    rng = SeededRng(seed)
    out = []
    for _ in range(rounds):
        state = CSP.new_round(r, rng, None)
        events = []
        for seat in state.seats:
            events += CSP.apply(state, Action("bet", seat, "ante", ANTE), rng)
            events += CSP.apply(state, Action("bet", seat, "progressive", 100), rng)
        events += CSP.apply(state, Action("deal", SYSTEM_SEAT), rng)
        decided = {}
        while not CSP.is_over(state):
            seat = CSP.to_act(state)
            assert seat is not None
            box = state.seats[seat]
            bets, _ = caribbean_stud.play_hand(r, box.cards, state.dealer)
            bot = CSP.bot_action(state, seat)
            assert bot is not None and (bot.kind == "play") is bets
            decided[seat] = bets
            events += CSP.apply(state, bot, rng)
        main, side = Counter[int](), Counter[int]()
        for e in events:
            if isinstance(e, Settlement):
                (side if e.bet == "progressive" else main)[e.seat] += e.net
        for seat, box in state.seats.items():
            out.append((list(box.cards), list(state.dealer), decided[seat], main[seat], side[seat]))
    return out


def test_caribbean_engine_settles_every_hand_as_the_analyzer_does() -> None:
    r = rules("caribbean-stud")
    seen = Counter()
    hands = _csp_engine_rounds(150, 99)
    for cards, dealer, bets, main, side in hands:
        decided, net = caribbean_stud.play_hand(r, cards, dealer)
        assert decided is bets and net == main, (cards, dealer, main, net)
        if bets:
            assert side == caribbean_stud.progressive_net(r, cards)  # fixed awards only, at this size
        dealer_value = evaluate_high(dealer)
        qualified = dealer_value.category != "high-card" or dealer_value.ranks[:2] == (12, 11)
        seen["fold" if not bets else "no game" if not qualified else "win" if main > 0 else "lose"] += 1
        if bets and qualified and main > 0:
            seen[evaluate_high(cards).category] += 1
    assert len(hands) == 1050
    for outcome in ("fold", "no game", "win", "lose", "high-card", "pair", "two-pair"):
        assert seen[outcome] > 0, seen


def _csp_order(player: str, dealer: str) -> list[str]:
    p, d = player.split(), dealer.split()
    return [c for i in range(5) for c in (p[i], d[i])]


@pytest.mark.parametrize(("player", "dealer"), [
    ("Ah Kh Qh Jh Th", "Ad Kc 8d 4c 3h"), ("9s 8s 7s 6s 5s", "Ad Kc 8d 4c 3h"), ("Qd Qc Qh Qs 3d", "Ad Kc 8d 4c 3h"),
    ("Kd Kc Ks 4h 4d", "Ad Ac 8d 5c 3h"), ("2c 9c Jc 5c Kc", "Ad Kd 8d 4d 3h"), ("Ad 2h 3s 4c 5d", "Ah Kc 8d 4s 3h"),
    ("7d 7c 7s Kh 2d", "Ah Ac 8d 4s 3h"), ("Td Tc 3s 3h 8d", "Ah Ac 8c 4s 3c"), ("Jd Jc 8s 5h 2d", "Ah Kc 8d 4s 3c"),
    ("Ad Kc 9s 7h 2d", "As Kd 8d 4s 7c"), ("Ad Kc 9s 7h 2d", "Ac Kd 9d 7s 2h"),  # the last: identical, a push
    ("Ad Kc Qs 7h 2d", "Jc Td 8d 4s 7c"), ("2d 2c 9s 7h 3d", "Kc Kd 8d 4s 7c"),
])
def test_caribbean_every_bonus_line_and_the_push_settle_as_the_analyzer_says(player, dealer) -> None:
    r = rules_for("caribbean-stud", "chapter4", meters={"caribbean-progressive": 1_000_000})
    state, events = stacked_round(CSP, r, _csp_order(player, dealer), {0: {"ante": ANTE}})
    events += CSP.apply(state, Action("play", 0, "", 2 * ANTE), SeededRng(1))
    assert CSP.is_over(state)
    assert sum(nets(events).values()) == caribbean_stud.play_hand(r, player.split(), dealer.split())[1]


@pytest.mark.parametrize("player", ["2c 9c Jc 5c Kc", "Kd Kc Ks 4h 4d", "Qd Qc Qh Qs 3d"])
def test_caribbean_fixed_progressive_awards_settle_as_the_analyzer_says(player) -> None:
    r = rules_for("caribbean-stud", "chapter4", meters={"caribbean-progressive": 1_000_000})
    state, events = stacked_round(CSP, r, _csp_order(player, "Ad 9h 8h 6d 5h"), {0: {"ante": ANTE, "progressive": 100}})
    events += CSP.apply(state, Action("play", 0, "", 2 * ANTE), SeededRng(1))
    assert nets(events)["progressive"] == caribbean_stud.progressive_net(r, player.split()) > 0


# ---------------------------------------------------------------------------------------
# Caribbean Stud: the simulated Ante and Bet
# ---------------------------------------------------------------------------------------
PUBLISHED = 0.05225  # per Ante, the near-optimal strategy


def test_caribbean_cached_figure_holds_the_published_edge() -> None:
    _, _, wagers = configuration("caribbean-stud", "chapter4")
    main = next(w for w in wagers if w.bet == "ante")
    assert main.simulated and main.exact is None
    entry = edge_cache.lookup("caribbean-stud", "chapter4", "ante", main.sim_key)
    assert entry is not None, "run the command in caribbean_stud's cache entry"
    assert entry["ci95"] <= 0.001 and entry["rounds"] >= 20_000_000
    assert abs(entry["house_edge"] - PUBLISHED) <= entry["ci95"], entry
    # The element of risk's interval is the edge's shrunk by the average action per Ante.
    risk_ci = entry["ci95"] * entry["element_of_risk"] / entry["house_edge"]
    assert abs(entry["element_of_risk"] - 0.02554) <= risk_ci, entry
    assert entry["command"].startswith("flask --app app edge caribbean-stud --variant chapter4 --bet ante --rounds ")


def test_caribbean_short_run_is_quick_sane_and_reproducible() -> None:
    _, r, _ = configuration("caribbean-stud", "chapter4")
    started = time.perf_counter()
    result = simulation.run("caribbean-stud", r, "ante", 200_000, seed="short")
    assert time.perf_counter() - started < 10
    assert result.rounds == result.hands == 200_000
    assert result.ci95 is not None and 0.005 < result.ci95 < 0.015
    assert abs(result.house_edge - PUBLISHED) < 3 * result.ci95
    assert 0.02 < result.element_of_risk < 0.032 and 0.35 < result.hit_frequency < 0.42
    again = caribbean_stud.simulate(r, "ante", 1000, "short/0")
    assert again == caribbean_stud.simulate(r, "ante", 1000, "short/0")  # the seed alone decides
    assert simulation.chunks(2_500_000, "s", simulation.chunk_size("caribbean-stud"))[-1] == (500_000, "s/2")
