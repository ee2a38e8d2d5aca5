"""The exact count of the house-banked hold'em games (webgame/analysis/holdem_exact.py) and
their bonuses (holdem_bonuses.py): each piece against a plain brute force or against the
table engine itself, and the kept figures against the published analysis."""

from __future__ import annotations

import copy
import itertools
import random
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import pytest

from tests.engine.test_ultimate_holdem import act, nets, rules_for, stacked
from webgame.analysis import cache, holdem_bonuses, holdem_exact, simulation
from webgame.analysis.edges import configuration, edges_for_table
from webgame.engine.hands import rank_high
from webgame.engine.hands.batch import rank_high_batch
from webgame.engine.hands.ids import card_ids, id_code
from webgame.games.holdem import JACKPOT, ULTIMATE
from webgame.games.holdem import strategy as bots

UTH = rules_for(ULTIMATE)
JH = rules_for(JACKPOT)


def test_the_shape_is_read_from_the_rules_data() -> None:
    sh = holdem_exact.shape(UTH)
    assert sh.first_exposed == 0 and sh.multiples == ((4, 3), (2,), (1,)) and not sh.last_may_check
    assert sh.qualify_min == rank_high(card_ids("2c 2d 5h 4s 3c"))  # the worst pair qualifies
    assert sh.qualify_min - 1 == rank_high(card_ids("Ac Kd Qh Js 9c"))  # the best high card does not
    # The Blind in half-Antes: 3 to 2 on a flush is 3 halves, a straight 1 to 1, below it pushes
    assert sh.matched[rank_high(card_ids("2c 5c 9c Jc Kc"))] == 3
    assert sh.matched[rank_high(card_ids("9c Td Jh Qs Kc"))] == 2
    assert sh.matched[rank_high(card_ids("Ac Ad Ah Ks Kc"))] == 6
    assert sh.matched[rank_high(card_ids("Ac Kc Qc Jc Tc"))] == 1000
    assert sh.matched[rank_high(card_ids("Ac Ad Ah Ks Qc"))] == 0
    jh = holdem_exact.shape(JH)
    assert jh.first_exposed == 1 and jh.multiples == ((3,), (2,), (1,))
    assert jh.matched[rank_high(card_ids("Ac Ad Ah Ks Kc"))] == 8  # X-tra Bonus full house 4 to 1
    assert jh.matched[rank_high(card_ids("2c 5c 9c Jc Kc"))] == 4  # flush 2 to 1


def test_flop_classes_cover_every_flop_once() -> None:
    for first, total in ((0, comb(52, 3)), (1, 52 * comb(51, 2))):
        classes = holdem_exact.flop_classes(first)
        members = set()
        for c in classes:
            for perm in c.images:
                img = (tuple(sorted(holdem_exact.permute_card(x, perm) for x in c.first)),
                       tuple(sorted(holdem_exact.permute_card(x, perm) for x in c.rest)))
                assert img not in members
                members.add(img)
        assert len(members) == total
    assert len(holdem_exact.flop_classes(0)) == 1755  # the known number of strategically distinct flops


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_board_counts_match_a_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    board = deck[:5]
    unseen = np.array(sorted(deck[5:]), dtype=np.int64)
    counts = holdem_exact.count_boards(np.array([board]), unseen[None, :], holdem_exact.shape(UTH).qualify_min)
    qmin = holdem_exact.shape(UTH).qualify_min
    value = {(int(a), int(b)): rank_high([int(a), int(b), *board]) for a, b in itertools.combinations(unseen, 2)}
    for k in rng.sample(range(len(holdem_exact.LOCAL)), 12):
        a, b = (int(unseen[i]) for i in holdem_exact.LOCAL[k])
        mine = value[(a, b)]
        assert counts.values[0, k] == mine
        tally = {"wins": 0, "wins_q": 0, "losses": 0, "losses_q": 0}
        for (c, d), theirs in value.items():
            if {c, d} & {a, b}:
                continue
            q = theirs >= qmin
            if mine > theirs:
                tally["wins"] += 1
                tally["wins_q"] += q
            elif mine < theirs:
                tally["losses"] += 1
                tally["losses_q"] += q
        assert tally == {name: int(getattr(counts, name)[0, k]) for name in tally}


def test_flop_sums_match_a_plain_count_for_one_hand() -> None:
    """Every turn and river, every dealer hand, for one player hand on one flop: counted
    plainly with the batch evaluator and compared with the inclusion-exclusion count."""
    sh = holdem_exact.shape(UTH)
    flop, hole = (0, 17, 50), (9, 44)
    sums = holdem_exact.flop_sums(sh, flop)
    pid = holdem_exact.PAIR_ID[hole]
    rest = [c for c in range(52) if c not in (*flop, *hole)]
    matched = np.array(sh.matched)
    a = b = river = wins = 0
    for t, r in itertools.combinations(rest, 2):
        board = [*flop, t, r]
        dealers = np.array([d for d in itertools.combinations([c for c in rest if c not in (t, r)], 2)])
        theirs = rank_high_batch(np.hstack([dealers, np.tile(board, (len(dealers), 1))])).astype(np.int64)
        mine = rank_high([*hole, *board])
        q = theirs >= sh.qualify_min
        win, lose = theirs < mine, theirs > mine
        this_a = int((2 * (win & q) + matched[mine] * win - 2 * (lose & q) - 2 * lose).sum())
        this_b = int(2 * win.sum() - 2 * lose.sum())
        a += this_a
        b += this_b
        river += max(this_a + this_b, -4 * 990)
        wins += int(win.sum())
    assert (int(sums.a[pid]), int(sums.b[pid]), int(sums.river[pid]), int(sums.wins[pid])) == (a, b, river, wins)


def test_the_count_reads_every_win_and_the_fold_from_the_rules_data() -> None:
    """Change the Play to 2 to 1, the Ante to 3 to 2 and what a fold forfeits: the value of
    one deal follows the data, not a number in the code."""
    board, hole, dealer = card_ids("Ac Kd 7h 4s 2c"), card_ids("As 9d"), card_ids("Qc Qd")  # aces beat queens
    sh = holdem_exact.shape(UTH)
    assert holdem_exact.deal_value(sh, hole, dealer, board, 1) == 2 + 2  # Ante and Play 1 to 1 (half-Antes)
    assert holdem_exact.deal_value(sh, hole, dealer, board, None) == -4
    changed = copy.deepcopy(UTH)
    changed["paytables"]["uth-ante-play"]["lines"].update({"ante": "3 to 2", "play": "2 to 1"})
    changed["fold_forfeits"] = ["ante"]
    sh = holdem_exact.shape(changed)
    assert holdem_exact.deal_value(sh, hole, dealer, board, 4) == 3 + 4 * 4
    assert holdem_exact.deal_value(sh, hole, dealer, board, None) == -2


@pytest.mark.parametrize("seed", range(6))
def test_one_deal_is_valued_as_the_engine_settles_it(seed: int) -> None:
    """The count's formula against the table engine, on stacked deals and every path."""
    sh = holdem_exact.shape(UTH)
    rng = random.Random(seed)
    for _ in range(12):
        cards = rng.sample(range(52), 9)
        board, hole, dealer = cards[:5], cards[5:7], cards[7:9]
        for play in ("4x", "3x", "2x", "1x", "fold"):
            state, events = stacked(board=" ".join(map(id_code, board)), hands=[" ".join(map(id_code, hole))],
                                    dealer=" ".join(map(id_code, dealer)), bets={0: {"ante": 1000}})
            if play in ("4x", "3x"):
                events += act(state, "play", 0, play)
            else:
                events += act(state, "check")
                if play == "2x":
                    events += act(state, "play", 0, "2x")
                else:
                    events += act(state, "check")
                    events += act(state, "play", 0, "1x") if play == "1x" else act(state, "fold")
            assert ULTIMATE.is_over(state)
            engine_net = sum(nets(events).values())  # cents on a $10 Ante
            multiple = None if play == "fold" else int(play[0])
            counted = holdem_exact.deal_value(sh, hole, dealer, board, multiple)  # half-Antes
            assert Fraction(engine_net, 1000) == Fraction(counted, 2), (play, board, hole, dealer)


@pytest.mark.parametrize("seed", range(2))
def test_the_bots_river_rule_is_the_counted_best_decision(seed: int) -> None:
    """The house bots Play at the river exactly when the count says it beats folding
    (the count's own per-deal formula is checked against the engine above)."""
    sh = holdem_exact.shape(UTH)
    rng = random.Random(seed)
    seen = set()
    for _ in range(40):
        board = rng.sample(range(52), 5)
        unseen = np.array([c for c in range(52) if c not in board], dtype=np.int64)
        counts = holdem_exact.count_boards(np.array([board]), unseen[None, :], sh.qualify_min)
        a, b = holdem_exact.showdown_parts(sh, counts)
        k = rng.randrange(len(holdem_exact.LOCAL))
        hole = [int(unseen[i]) for i in holdem_exact.LOCAL[k]]
        best = a[0, k] + b[0, k] > -4 * 990  # better than losing the Ante and the Blind
        assert bots.river_play_pays([id_code(c) for c in hole], [id_code(c) for c in board]) == best
        seen.add(bool(best))
    assert seen == {True, False}


# ---------------------------------------------------------------------------------------
# Bonuses, against counts known outside this code
# ---------------------------------------------------------------------------------------
SEVEN_CARD = {"royal-flush": 4_324, "straight-flush": 37_260, "four-of-a-kind": 224_848, "full-house": 3_473_184,
              "flush": 4_047_644, "straight": 6_180_020, "three-of-a-kind": 6_461_620}  # of C(52, 7)


def _expected(counts: dict[str, int], pays: dict[str, Fraction], total: int) -> Fraction:
    hits = sum(counts[h] for h in pays)
    return -(sum(counts[h] * pays[h] for h in pays) - (total - hits)) / total


def test_trips_is_its_paytable_against_the_seven_card_counts() -> None:
    pays = {"royal-flush": 50, "straight-flush": 40, "four-of-a-kind": 30, "full-house": 8, "flush": 7,
            "straight": 4, "three-of-a-kind": 3}  # 000 s.1323-1329
    want = _expected(SEVEN_CARD, {k: Fraction(v) for k, v in pays.items()}, comb(52, 7))
    got = holdem_bonuses.bonus(UTH, "uth-trips")
    assert got.house_edge == want
    assert round(float(want) * 100, 3) == 3.498


def test_player_bonus_is_its_paytable_against_the_seven_card_counts() -> None:
    pays = {"royal-flush": 100, "straight-flush": 40, "four-of-a-kind": 30, "full-house": 8, "flush": 7,
            "straight": 4, "three-of-a-kind": 3}  # 000 s.1594-1600
    want = _expected(SEVEN_CARD, {k: Fraction(v) for k, v in pays.items()}, comb(52, 7))
    assert holdem_bonuses.bonus(JH, "jh-player-bonus").house_edge == want


def test_hole_card_bonus_by_hand() -> None:
    # 6 pairs of aces, 12 ace-face suited, 36 ace-face offsuit, 72 other pairs (tens are not faces)
    counts = {"aa": 6, "afs": 12, "afo": 36, "pair": 72}
    pays = {"aa": Fraction(30), "afs": Fraction(20), "afo": Fraction(10), "pair": Fraction(4)}
    assert holdem_bonuses.bonus(JH, "jh-hole-card-bonus").house_edge == _expected(counts, pays, 1326)


def test_three_up_bonus_by_hand() -> None:
    # Three-card counts: A-K-Q suited 4, other straight flushes 44, trips 52, straights 720,
    # flushes 1,096, pairs 3,744 (of 22,100)
    counts = {"akq": 4, "sf": 44, "trips": 52, "straight": 720, "flush": 1096, "pair": 3744}
    pays = {"akq": Fraction(50), "sf": Fraction(40), "trips": Fraction(30), "straight": Fraction(6),
            "flush": Fraction(3), "pair": Fraction(1)}
    assert holdem_bonuses.bonus(JH, "jh-3-up-bonus").house_edge == _expected(counts, pays, 22100)


# ---------------------------------------------------------------------------------------
# The kept figures
# ---------------------------------------------------------------------------------------
PUBLISHED = {"ultimate-texas-holdem": 0.02185}  # optimal play, this paytable (Ante 1:1, Blind 500/50/10/3/3:2/1)


@pytest.mark.parametrize("game", ["ultimate-texas-holdem", "jackpot-holdem"])
def test_the_main_game_is_kept_exact_for_the_current_rules(game: str) -> None:
    _, _, wagers = configuration(game, "grand-ronde")
    main = next(w for w in wagers if w.bet == "ante")
    assert main.cached and main.exact is not None
    entry = cache.lookup(game, "grand-ronde", "ante", main.sim_key)
    assert entry is not None, f"run: flask --app app edge {game} --bet ante --write-cache"
    assert entry["command"].startswith(f"flask --app app edge {game}")
    edge = Fraction(entry["exact"])
    assert 0 < edge < Fraction(1, 10) and entry["ci95"] is None
    assert 0 < entry["element_of_risk"] < float(edge)
    if game in PUBLISHED:
        assert abs(float(edge) - PUBLISHED[game]) <= 0.00005  # ±0.005 percentage points
    page = next(e for e in edges_for_table(game, "grand-ronde") if e["bet"] == "ante")
    assert page["method"] == "exact" and page["exact"] == entry["exact"]


@pytest.mark.parametrize("game,bet", [("ultimate-texas-holdem", "uth-trips"), ("jackpot-holdem", "jh-3-up-bonus")])
def test_the_bonus_played_through_the_engine_contains_the_exact_figure(game: str, bet: str) -> None:
    """House bots at a real table, the bonus on every seat: the interval holds the count."""
    _, rules, wagers = configuration(game, "grand-ronde")
    w = next(w for w in wagers if w.bet == bet)
    assert w.can_simulate
    exact = float(holdem_bonuses.bonus(rules, bet).house_edge)
    sim = simulation.run(game, rules, bet, 600, seed="check")
    assert sim.hands == 600 * rules["seats"] and sim.ci95 is not None
    assert abs(float(sim.house_edge) - exact) <= sim.ci95, (sim, exact)


def test_seats_and_limits_do_not_change_the_cache_key() -> None:
    a = holdem_exact.settings(rules_for(ULTIMATE))
    b = holdem_exact.settings(rules_for(ULTIMATE, seats=5, bet_step=500))
    assert a == b
    changed: dict[str, Any] = copy.deepcopy(rules_for(ULTIMATE))
    changed["paytables"]["uth-blind"]["lines"]["flush"] = "1 to 1"
    assert holdem_exact.settings(changed) != a
