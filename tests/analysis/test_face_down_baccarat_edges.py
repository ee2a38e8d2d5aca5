"""21st Century Baccarat Face Down's wager exactly by composition of the eight decks and eight
jokers under the House Way (webgame/analysis/face_down_baccarat_math.py). No published figure
exists for this card-room game; the figure is checked against the engine itself, dealt hand
after hand from a seeded shoe with the clock playing every choice."""

from __future__ import annotations

from webgame.analysis.edges import configuration
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.baccarat.facedown import FACE_DOWN_BACCARAT

GAME, VARIANT = "21st-century-baccarat", "face-down"
EDGE, WINS = 1.8040, 0.441520


def test_the_wager_under_the_house_way():
    """The bank's edge 1.8040 %: it wins ties on 0-4 (rule 16) and ends the deal on any 9,
    while the player is paid 3 to 1 on a Natural and 2 to 1 on a three-card 8 or 9 from a 5."""
    _, _, wagers = configuration(GAME, VARIANT, {})
    (wager,) = wagers
    assert wager.bet == "main" and "House Way" in wager.assumptions
    result = wager.exact()
    assert round(float(result.house_edge) * 100, 4) == EDGE
    assert round(float(result.hit_frequency), 6) == WINS


def test_the_engine_deals_the_figure():
    """10,000 hands through the engine with one position, the clock playing the House Way and
    the bank standing on 6 (the bare engine has no seated bank to ask, D-181): the win rate is
    within four standard errors of the exact figure."""
    rules = resolve(load_game(GAME).variants[VARIANT], None)
    rng = SeededRng("face-down-check")
    carry = None
    wins = hands = 0
    while hands < 10000:
        state = FACE_DOWN_BACCARAT.new_round(rules, rng, carry)
        FACE_DOWN_BACCARAT.apply(state, Action("bet", 1, "main", 1000), rng)
        events = FACE_DOWN_BACCARAT.apply(state, Action("deal", SYSTEM_SEAT), rng)
        while not FACE_DOWN_BACCARAT.is_over(state):
            events += FACE_DOWN_BACCARAT.apply(state, Action("timeout", SYSTEM_SEAT), rng)
        carry = FACE_DOWN_BACCARAT.carry(state)
        for e in events:
            if isinstance(e, Settlement) and e.result != "void":
                hands += 1
                wins += e.result == "win"
    assert abs(wins / hands - WINS) < 4 * (WINS * (1 - WINS) / hands) ** 0.5
