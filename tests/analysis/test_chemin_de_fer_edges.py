"""Chemin de Fer's figures (004 §25) under its named strategy (the Player draws on 5, the
Banker draws on 3 against a 9): the Banker's wager less the 5% commission and a bet against
the bank, by composition of the full shoe."""

from __future__ import annotations

import pytest

from webgame.analysis import chemin_de_fer
from webgame.analysis.baccarat_math import shapes
from webgame.engine.paytable import load_game, resolve


def figures(config=None) -> dict[str, float]:
    v = load_game("chemin-de-fer").variants["chapter4"]
    rules = resolve(v, config)
    return {w.bet: float(w.exact().house_edge) * 100 for w in chemin_de_fer.wagers(v, rules)}


def test_six_decks_under_the_strategy_are_punto_bancos_figures() -> None:
    """Wizard of Odds, "Baccarat" (wizardofodds.com/games/baccarat/), six decks: Banker 1.0558%,
    Player 1.2374%: with both options drawing, the coup is the punto banco tableau's."""
    edges = figures()
    assert edges["banker"] == pytest.approx(1.0558, abs=5e-5)
    assert edges["player"] == pytest.approx(1.2374, abs=5e-5)


def test_eight_decks_reproduce_the_published_edges() -> None:
    """Wizard of Odds, eight decks: Banker 1.0579%, Player 1.2351%."""
    edges = figures({"options": {"decks": 8}})
    assert edges["banker"] == pytest.approx(1.0579, abs=5e-5)
    assert edges["player"] == pytest.approx(1.2351, abs=5e-5)


def test_the_strategy_is_what_changes_the_tableau() -> None:
    """The table's own tableau stands on a Player 5 (an option, s.859); the strategy draws it."""
    rules = resolve(load_game("chemin-de-fer").variants["chapter4"])
    played = chemin_de_fer.under_strategy(rules)
    assert 5 not in rules["tableau"]["player_draws_on"] and 5 in played["tableau"]["player_draws_on"]
    # Banker 3 against a 9: the option cell (D-200), played as Table 2's own "D".
    assert [3, 9] in rules["banker_option_cells"] and 9 in played["tableau"]["banker_draws_on_third"][3]
    assert shapes(played) != shapes(rules)
    assert all("Player's hand draws on 5" in w.assumptions for w in chemin_de_fer.wagers(None, rules))
