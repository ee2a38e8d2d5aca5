"""Face Up Pai Gow Poker's odds: the Ace-High Bonus counted exactly over every pair of disjoint
seven-card hands (the bank's, the player's) and checked against deals graded by the engine's own
grader; the suitings' count against brute force; the bet against the bank simulated with the
Pai Gow push (D-252)."""

from __future__ import annotations

from itertools import product

from webgame.analysis import registry
from webgame.analysis.face_up_pai_gow_poker import ace_high_probabilities, ace_high_wager, simulate, suitings
from webgame.analysis.pai_gow_poker import DECK
from webgame.engine.paytable import load_game, resolve
from webgame.engine.rng import SeededRng
from webgame.games.paigow.bonus import ace_high_line

GAME = "face-up-pai-gow-poker"


def rules(variant: str) -> dict:
    return resolve(load_game(GAME).variants[variant])


def test_the_suitings_match_brute_force() -> None:
    for n_bank, n_player, shared, fb, fp in [(3, 3, 2, 2, 3), (4, 3, 1, 3, 2), (4, 4, 4, 3, 3), (5, 0, 0, 4, 5)]:
        brute = 0
        for bank in product(range(4), repeat=n_bank):
            if max(bank.count(s) for s in range(4)) >= fb:
                continue
            for player in product(range(4), repeat=n_player):
                if n_player and max(player.count(s) for s in range(4)) >= fp:
                    continue
                if all(bank[i] != player[i] for i in range(shared)):
                    brute += 1
        assert suitings(n_bank, n_player, shared, fb, fp) == brute


def test_the_ace_high_lines_match_deals_graded_by_the_engine() -> None:
    """40,000 shuffled deals through ace_high_line: each line's frequency within four standard
    errors of the exact chance."""
    probs = ace_high_probabilities()
    rng = SeededRng("ace-high-check")
    n = 40_000
    seen = dict.fromkeys(probs, 0)
    for _ in range(n):
        deck = list(DECK)
        rng.shuffle(deck)
        line = ace_high_line(deck[:7], deck[7:14], "bug")
        if line is not None:
            seen[line] += 1
    for line, p in probs.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(seen[line] / n - float(p)) < 4 * sd, line


def test_the_ace_high_bonus_edge() -> None:
    result = ace_high_wager(rules("lucky-derby"))
    probs = ace_high_probabilities()
    assert result.hit_frequency == sum(probs.values())
    assert result.house_edge == 1 - 41 * probs["player-and-player-dealer"] - 16 * probs["player-dealer-joker"] \
        - 6 * probs["player-dealer"]
    assert 0.047 < float(result.house_edge) < 0.049  # exact: 4.79 %


def test_the_pai_gow_push_raises_the_bank_s_edge() -> None:
    """The same deals with and without Crystal Park's ace- or king-high push: the push only
    turns the bank's weakest hands, its Pai Gows, which it mostly loses, into pushes."""
    cp = rules("crystal-park")
    with_push = simulate(cp, "main", 1_500, "face-up").result()
    without = simulate({**cp, "pai_gow_push": []}, "main", 1_500, "face-up").result()
    assert with_push.house_edge > without.house_edge


def test_the_analyzer_lists_every_wager() -> None:
    module = registry.analyzer(GAME)
    assert module is not None
    ld = {w.bet: w for w in module.wagers(load_game(GAME).variants["lucky-derby"], rules("lucky-derby"))}
    assert set(ld) == {"main", "fortune-bonus", "envy-bonus", "ace-high-bonus"}
    assert ld["main"].simulated and ld["ace-high-bonus"].exact is not None and "A-high" in ld["main"].assumptions
    cp = {w.bet: w for w in module.wagers(load_game(GAME).variants["crystal-park"], rules("crystal-park"))}
    assert set(cp) == {"main", "fortune-bonus", "envy-bonus"} and "highest Envy hand" in cp["envy-bonus"].assumptions
