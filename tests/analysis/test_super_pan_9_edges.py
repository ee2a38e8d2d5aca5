"""Super Pan 9's one wager exactly by composition of the shoe without 7s, 8s, 9s and 10s
(webgame/analysis/super_pan_9.py). No published figure exists for this card-room game; the
figures are checked against the game's symmetry and against the engine itself, dealt round
after round from a seeded shoe."""

from __future__ import annotations

from fractions import Fraction

from webgame.analysis import super_pan_9
from webgame.analysis.edges import configuration
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.baccarat.superpan import SUPER_PAN_9

GAME, VARIANT = "super-pan-9", "lucky-chances"
P_WIN = Fraction(33336685820104, 75705581486535)  # 44.035 %


def test_under_the_house_way_on_both_sides_the_game_is_even():
    """The position draws on 5 or less (002 s.1105) and so does the bank (s.1162, D-209): one
    drawing rule for both hands and pushes on equal totals (D-206), so the edge is exactly zero."""
    _, _, wagers = configuration(GAME, VARIANT, {})
    (wager,) = wagers
    assert wager.bet == "player" and "House Way" in wager.assumptions and "without 7s" in wager.assumptions
    result = wager.exact()
    assert result.house_edge == 0
    assert result.hit_frequency == P_WIN


def test_the_bank_choosing_for_itself_on_4_to_6_takes_an_edge():
    """D-209: the bank sees its own three cards and whether the position drew; choosing the
    better of draw and stand on 4-6 against a House Way position gives it 1.1474 %."""
    _, rules, _ = configuration(GAME, VARIANT, {})
    best = super_pan_9.bank_best_reply(rules)
    assert round(float(best.house_edge) * 100, 4) == 1.1474
    assert best.house_edge > super_pan_9.house_way(rules).house_edge


def test_the_stripped_shoe_changes_the_figure():
    """With the 7s to 10s left in (a full 52-card deck) the win rate is another number: the
    analyzer reads the shoe from the rules."""
    _, rules, _ = configuration(GAME, VARIANT, {})
    full = super_pan_9.house_way({**rules, "remove_ranks": ""})
    assert full.house_edge == 0 and full.hit_frequency != P_WIN


def test_the_engine_deals_the_figures():
    """10,000 hands through the engine, the position and the bank on the House Way (the bare
    engine has no seated bank to ask, D-472): the win rate is within four standard errors of
    the exact 44.03 %, the net within four of zero."""
    rules = resolve(load_game(GAME).variants[VARIANT], None)
    rng = SeededRng("super-pan-9-check")
    carry = None
    wins = hands = net = 0
    while hands < 10000:
        state = SUPER_PAN_9.new_round(rules, rng, carry)
        SUPER_PAN_9.apply(state, Action("bet", 1, "player", 1000), rng)
        events = SUPER_PAN_9.apply(state, Action("deal", SYSTEM_SEAT), rng)
        while not SUPER_PAN_9.is_over(state):
            events += SUPER_PAN_9.apply(state, Action("timeout", SYSTEM_SEAT), rng)
        carry = SUPER_PAN_9.carry(state)
        for e in events:
            if isinstance(e, Settlement) and e.result != "void":
                hands += 1
                wins += e.result == "win"
                net += e.net
    p = float(P_WIN)
    assert abs(wins / hands - p) < 4 * (p * (1 - p) / hands) ** 0.5
    assert abs(net / 1000 / hands) < 4 * 0.94 / hands ** 0.5
