"""Whole Pai Gow Poker rounds at random, at both tables: random bets, settings, house way
requests, surrenders, clocks and refused moves; every round keeps the money, the privacy of
the cards, JSON round trips and the listed actions honest."""

from __future__ import annotations

import pytest

from tests.carnival_support import check_money, random_round
from tests.paigow_support import rules_for
from webgame.games.paigow.table import PAI_GOW_POKER


@pytest.mark.parametrize("variant", ["grand-ronde", "chapter4"])
@pytest.mark.parametrize("seed", range(6))
def test_random_rounds(variant: str, seed: int) -> None:
    state, events = random_round(PAI_GOW_POKER, rules_for(variant), seed, thorough=seed < 2, players=3)
    check_money(PAI_GOW_POKER, events, state)
