"""The figures of the player-dealer editions of Ultimate Texas Hold'em, the P/D taking the
house's side: the Bad Beat editions' main game (a P/D without a pair pays Play and Blind,
D-299), each edition's own Trips table, and the Bad Beat Bonus counted over every board and
both hands, each piece against a brute force or the engine that deals the cards."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import pytest

from tests.engine.test_ultimate_editions import BAD_BEAT, EDITIONS, TRIPS, played, rules_of
from webgame.analysis import cache, holdem_bad_beat, holdem_bonuses, holdem_exact
from webgame.analysis.edges import configuration
from webgame.engine.hands import rank_high
from webgame.engine.hands.batch import BATCH_CATEGORIES, high_categories, rank_high_batch
from webgame.engine.hands.ids import card_ids, id_code
from webgame.games.holdem import ULTIMATE

GAME = "ultimate-texas-holdem"


# ---------------------------------------------------------------------------------------
# The main game where a P/D without a pair pays (D-299)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [4, 5])
def test_board_counts_of_the_dealer_hands_that_do_not_qualify(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    board, unseen = deck[:5], np.array(sorted(deck[5:]), dtype=np.int64)
    qmin = holdem_exact.shape(rules_of("bad-beat-1.0")).qualify_min
    counts = holdem_exact.count_boards(np.array([board]), unseen[None, :], qmin)
    value = {(int(a), int(b)): rank_high([int(a), int(b), *board]) for a, b in itertools.combinations(unseen, 2)}
    for k in rng.sample(range(len(holdem_exact.LOCAL)), 10):
        a, b = (int(unseen[i]) for i in holdem_exact.LOCAL[k])
        weak = sum(1 for (c, d), v in value.items() if not {c, d} & {a, b} and v < qmin)
        assert int(counts.weak[0, k]) == weak


@pytest.mark.parametrize("edition", ["bad-beat-1.0", "lucky-derby"])
def test_one_deal_is_valued_as_the_edition_settles_it(edition: str) -> None:
    """The count's formula against the engine on random deals, every path, both rules."""
    sh = holdem_exact.shape(rules_of(edition))
    assert sh.pays_unqualified is (edition == "bad-beat-1.0")
    rng = random.Random(edition)
    for _ in range(25):
        cards = [id_code(c) for c in rng.sample(range(52), 9)]
        board, hole, dealer = cards[:5], cards[5:7], cards[7:9]
        for play in ("4x", "1x", "fold"):
            got = played(edition, " ".join(board), " ".join(hole), " ".join(dealer), play=play)
            counted = holdem_exact.deal_value(sh, card_ids(hole), card_ids(dealer), card_ids(board),
                                              None if play == "fold" else int(play[0]))
            assert Fraction(sum(got.values()), 1000) == Fraction(counted, 2), (play, board, hole, dealer)


def test_the_house_games_cache_key_is_unchanged_and_the_bad_beat_rule_enters_it() -> None:
    house = holdem_exact.settings(configuration(GAME, "grand-ronde")[1])
    assert "not_qualified" not in house
    for edition in ("lucky-derby", "crystal-park"):  # the same main game as the house's
        assert holdem_exact.settings(rules_of(edition)) == house
    for edition in ("bad-beat-lucky-derby", "bad-beat-1.0"):
        key = holdem_exact.settings(rules_of(edition))
        assert key["not_qualified"] == "pays" and {k: v for k, v in key.items() if k != "not_qualified"} == house


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_editions_main_game_is_kept_exact(edition: str) -> None:
    wagers = configuration(GAME, edition)[2]
    main = next(w for w in wagers if w.bet == "ante")
    entry = cache.lookup(GAME, edition, "ante", main.sim_key)
    assert entry is not None, f"run: flask --app app edge {GAME} --variant {edition} --bet ante --write-cache"
    assert entry["command"] == f"flask --app app edge {GAME} --variant {edition} --bet ante --seed 1 --write-cache"
    edge = Fraction(entry["exact"])
    house_key = holdem_exact.settings(configuration(GAME, "grand-ronde")[1])
    house_entry = cache.lookup(GAME, "grand-ronde", "ante", house_key)
    assert house_entry is not None
    house = Fraction(house_entry["exact"])
    if main.sim_key == house_key:
        assert edge == house  # the same game, the same count
    else:  # Play and Blind paid against every P/D without a pair: the bank keeps less
        assert edge < house


# ---------------------------------------------------------------------------------------
# Trips, each edition's own table
# ---------------------------------------------------------------------------------------
SEVEN_CARD = {  # seven-card hands by best five (133,784,560 in all)
    "royal-flush": 4_324, "straight-flush": 37_260, "four-of-a-kind": 224_848, "full-house": 3_473_184,
    "flush": 4_047_644, "straight": 6_180_020, "three-of-a-kind": 6_461_620,
}


@pytest.mark.parametrize(("edition", "edge"), [
    ("lucky-derby", Fraction(22717, 367540)),        # 6.181 %: quads 20, full house 7 (001 s.2467-2468)
    ("bad-beat-lucky-derby", Fraction(22717, 367540)),
    ("bad-beat-1.0", Fraction(48987, 2572780)),      # 1.904 %: the 30/8/6/5 table (002 s.6120-6123)
    ("crystal-park", Fraction(48987, 2572780)),
])
def test_trips_is_its_editions_paytable_against_the_seven_card_counts(edition: str, edge: Fraction) -> None:
    rules = rules_of(edition)
    table = ULTIMATE.side_paytable(rules, TRIPS)
    pays = {line: holdem_exact.Odds.parse(p).net for line, p in rules["paytables"][table]["lines"].items()}
    total = comb(52, 7)
    ev = sum((n * pays[line] for line, n in SEVEN_CARD.items()), Fraction(0)) - (total - sum(SEVEN_CARD.values()))
    assert -ev / total == edge == holdem_bonuses.bonus(rules, table).house_edge
    (wager,) = [w for w in configuration(GAME, edition)[2] if w.bet == TRIPS]
    assert wager.paytable == {k: str(v) for k, v in rules["paytables"][table]["lines"].items()}
    assert ("does not fold" in wager.assumptions) is (edition.startswith("bad-beat"))  # P-051


# ---------------------------------------------------------------------------------------
# The Bad Beat Bonus
# ---------------------------------------------------------------------------------------
def test_the_beaten_lines_are_value_ranges_in_order() -> None:
    lines = holdem_bad_beat.beaten_lines(rules_of("bad-beat-1.0")["paytables"]["uth-bad-beat-002"])
    assert [name for name, _, _ in lines] == ["three-of-a-kind", "straight", "flush", "full-house",
                                               "four-of-a-kind", "straight-flush"]
    assert all(hi == lo2 for (_, _, hi), (_, lo2, _) in itertools.pairwise(lines))
    assert lines[0][1] == rank_high([0, 1, 2, 4, 8])  # 2-2-2-3-4: the lowest trips
    assert sum(len(c.images) for c in holdem_exact.flop_classes(0)) == comb(52, 3)  # every flop weighed once


@pytest.mark.parametrize("seed", [3, 8])
def test_bad_beats_on_one_board_match_a_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    board, unseen = deck[:5], np.array(sorted(deck[5:]), dtype=np.int64)
    lines = holdem_bad_beat.beaten_lines(rules_of("bad-beat-1.0")["paytables"]["uth-bad-beat-002"])
    got = holdem_bad_beat.count_boards(np.array([board]), unseen[None, :], lines)
    values = {(int(a), int(b)): rank_high([int(a), int(b), *board]) for a, b in itertools.combinations(unseen, 2)}
    want = dict.fromkeys(got, 0)
    for (mine, theirs) in ((values[p], values[q]) for p in values for q in values if not set(p) & set(q)):
        if mine != theirs:
            name = BATCH_CATEGORIES[int(high_categories(np.array([min(mine, theirs)]))[0])]
            if name in want:
                want[name] += 1
    assert got == want


def test_a_boards_bad_beats_do_not_change_under_a_suit_permutation() -> None:
    """What lets the count take one board per class of suit permutations, weighted."""
    lines = holdem_bad_beat.beaten_lines(rules_of("bad-beat-1.0")["paytables"]["uth-bad-beat-002"])
    rng = random.Random(2)
    boards, unseen = [], []
    for _ in range(4):
        board = sorted(rng.sample(range(52), 5))
        perm = holdem_exact.suit_permutations()[rng.randrange(1, 24)]
        for b in (board, sorted(holdem_exact.permute_card(c, perm) for c in board)):
            boards.append(b)
            unseen.append([c for c in range(52) if c not in b])
    got = holdem_bad_beat.per_board(np.array(boards), np.array(unseen), lines)
    for name, counts in got.items():
        assert (counts[0::2] == counts[1::2]).all(), name
    reps, weights = holdem_bad_beat.board_classes()
    assert (len(reps), int(weights.sum())) == (134_459, comb(52, 5))


@pytest.mark.parametrize("edition", ["bad-beat-lucky-derby", "bad-beat-1.0"])
def test_the_engine_pays_the_bad_beat_the_count_grades(edition: str) -> None:
    """Random deals through the table engine: the Bad Beat's settlement is the count's line."""
    rules = rules_of(edition)
    lines = holdem_bad_beat.beaten_lines(rules["paytables"][ULTIMATE.side_paytable(rules, BAD_BEAT)])
    rng = random.Random(edition)
    hits = 0
    for _ in range(60):
        # deals rich in three of a kind: a paired board
        rank = rng.randrange(13)
        pair = [4 * rank + s for s in rng.sample(range(4), 2)]
        rest = rng.sample([c for c in range(52) if c not in pair], 7)
        board, hole, dealer = [*pair, *rest[:3]], rest[3:5], rest[5:7]
        mine, theirs = rank_high([*hole, *board]), rank_high([*dealer, *board])
        beaten = min(mine, theirs)
        line = next((n for n, lo, hi in lines if lo <= beaten < hi), None) if mine != theirs else None
        got = played(edition, " ".join(map(id_code, board)), " ".join(map(id_code, hole)),
                     " ".join(map(id_code, dealer)), play="1x", trips=500, bad_beat=500)[BAD_BEAT]
        odds = holdem_exact.Odds.parse(rules["paytables"][ULTIMATE.side_paytable(rules, BAD_BEAT)]["lines"][line]) \
            if line else None
        assert got == (odds.win(500) if odds else -500)
        hits += odds is not None
    assert hits >= 5


def _simulated_bad_beat(table: dict[str, Any], deals: int, seed: int) -> tuple[float, float]:
    """(mean net per unit, standard error) over ``deals`` random deals, vectorised."""
    gen = np.random.default_rng(seed)
    cards = np.argsort(gen.random((deals, 52)), axis=1)[:, :9].astype(np.int64)
    board, hole, dealer = cards[:, :5], cards[:, 5:7], cards[:, 7:9]
    mine = rank_high_batch(np.hstack([hole, board])).astype(np.int64)
    theirs = rank_high_batch(np.hstack([dealer, board])).astype(np.int64)
    net = np.full(deals, -1.0)
    beaten = np.minimum(mine, theirs)
    for name, lo, hi in holdem_bad_beat.beaten_lines(table):
        won = (mine != theirs) & (beaten >= lo) & (beaten < hi)
        net[won] = float(holdem_exact.Odds.parse(table["lines"][name]).net)
    return float(net.mean()), float(net.std() / np.sqrt(deals))


@pytest.mark.parametrize("edition", ["bad-beat-lucky-derby", "bad-beat-1.0"])
def test_the_bad_beat_figure_is_kept_exact_and_a_simulation_agrees(edition: str) -> None:
    _, rules, wagers = configuration(GAME, edition)
    (wager,) = [w for w in wagers if w.bet == BAD_BEAT]
    assert wager.cached and wager.exact is not None
    entry = cache.lookup(GAME, edition, BAD_BEAT, wager.sim_key)
    assert entry is not None, f"run: flask --app app edge {GAME} --variant {edition} --bet {BAD_BEAT} --write-cache"
    edge = Fraction(entry["exact"])
    mean, se = _simulated_bad_beat(rules["paytables"][ULTIMATE.side_paytable(rules, BAD_BEAT)], 400_000, 11)
    assert abs(-mean - float(edge)) < 4 * se, (edge, mean, se)
