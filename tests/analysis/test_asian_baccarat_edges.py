"""Asian Baccarat's one wager exactly by composition of the full shoe
(webgame/analysis/asian_baccarat.py). No published figure exists for this card-room game; the
figures are checked against the game's symmetry and against the engine itself, dealt round
after round from a seeded shoe."""

from __future__ import annotations

from fractions import Fraction

from webgame.analysis import asian_baccarat
from webgame.analysis.edges import configuration
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.baccarat import ASIAN_BACCARAT

GAME, VARIANT = "asian-baccarat", "crystal-park"


def test_under_the_house_way_on_both_sides_the_game_is_even():
    """The position draws on 5 or less (003 s.63-65) and so does the bank (s.60, D-186): one
    drawing rule for both hands and pushes on equal totals, so winning and losing are equally
    likely and the edge is exactly zero."""
    _, _, wagers = configuration(GAME, VARIANT, {})
    (wager,) = wagers
    assert wager.bet == "player" and "House Way" in wager.assumptions
    result = wager.exact()
    assert result.house_edge == 0
    assert result.hit_frequency == Fraction(1734095647216, 3904998652737)  # 44.407 %


def test_the_bank_choosing_for_itself_on_4_to_6_takes_an_edge():
    """D-185: the bank sees the community cards and its own; choosing the better of draw and
    stand on 4-6 against a House Way position gives it 1.4869 %."""
    _, rules, _ = configuration(GAME, VARIANT, {})
    best = asian_baccarat.bank_best_reply(rules)
    assert round(float(best.house_edge) * 100, 4) == 1.4869
    assert best.house_edge > asian_baccarat.house_way(rules).house_edge


def test_the_engine_deals_the_figures():
    """10,000 hands through the engine, the position and the bank on the House Way (the bare
    engine has no seated bank to ask, D-472): the win rate is within four standard errors of
    the exact 44.41 %, the net within four of zero."""
    rules = resolve(load_game(GAME).variants[VARIANT], None)
    rng = SeededRng("asian-baccarat-check")
    carry = None
    wins = hands = net = 0
    while hands < 10000:
        state = ASIAN_BACCARAT.new_round(rules, rng, carry)
        ASIAN_BACCARAT.apply(state, Action("bet", 1, "player", 1000), rng)
        events = ASIAN_BACCARAT.apply(state, Action("deal", SYSTEM_SEAT), rng)
        while not ASIAN_BACCARAT.is_over(state):
            events += ASIAN_BACCARAT.apply(state, Action("timeout", SYSTEM_SEAT), rng)
        carry = ASIAN_BACCARAT.carry(state)
        for e in events:
            if isinstance(e, Settlement) and e.result != "void":
                hands += 1
                wins += e.result == "win"
                net += e.net
    p = 1734095647216 / 3904998652737
    assert abs(wins / hands - p) < 4 * (p * (1 - p) / hands) ** 0.5
    assert abs(net / 1000 / hands) < 4 * 0.94 / hands ** 0.5
