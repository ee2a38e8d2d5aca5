"""Lucky Chances Blackjack's base wager in the analyzer: an exact count against the player-dealer
under a named strategy (tests/analysis/test_lucky_chances_exact.py checks the figure), with the
engine's own simulation, Logo cards in the shoe, as its cross-check."""

from __future__ import annotations

from webgame.analysis import lucky_chances_blackjack as lc
from webgame.analysis.edges import configuration
from webgame.analysis.registry import analyzed_games, analyzer


def test_the_base_wager_has_an_exact_figure_that_states_its_strategy():
    assert analyzer(lc.GAME) is lc and lc.GAME in analyzed_games()
    _, resolved, wagers = configuration(lc.GAME, "lucky-chances", {})
    (main,) = wagers
    assert main.bet == "main" and main.exact is not None and main.can_simulate and resolved["side_bets"] == []
    assert "basic strategy" in main.assumptions and "player-dealer" in main.assumptions
    assert "12 Logo cards" in main.assumptions
    assert main.paytable == {"bonus-natural": "2 to 1", "blackjack": "3 to 2", "win": "1 to 1"}


def test_the_simulation_plays_the_logo_shoe_and_the_deck_count_changes_the_key():
    """A short run: every circle settles its wager each round; the cache key follows the shoe."""
    _, rules, (main,) = configuration(lc.GAME, "lucky-chances", {})
    tally = lc.simulate(rules, "main", 300, "logo-probe")
    assert tally.rounds == 300 and tally.n == 300 * int(rules["seats"])
    _, _, (four,) = configuration(lc.GAME, "lucky-chances", {"options": {"decks": 4}})
    assert four.sim_key != main.sim_key and four.sim_key["decks"] == 4
