"""What every house-banked card table shares (webgame/games/banked.py): the moves it takes and
the plain refusals of an unknown move or a move after the round."""

from __future__ import annotations

import pytest

from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, IllegalAction
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.banked import OVER, BankedTable

BANKED = [slug for slug in registry.slugs() if isinstance(registry.engine(slug), BankedTable)]


def test_every_house_banked_card_game_is_on_the_one_base() -> None:
    assert set(BANKED) >= {"three-card-poker", "let-it-ride", "caribbean-stud", "mississippi-stud",
                           "ultimate-texas-holdem", "jackpot-holdem", "red-dog", "casino-war"}


@pytest.mark.parametrize("slug", BANKED)
def test_moves_and_refusals(slug: str) -> None:
    engine = registry.engine(slug)
    variant = next(iter(load_game(slug).variants.values()))
    state = engine.new_round(resolve(variant, {}), SeededRng(1), None)
    assert {"bet", "clear", "owner", "deal"} <= set(engine.moves())
    with pytest.raises(IllegalAction, match="That is not a move at this table."):
        engine.apply(state, Action("split", 0), SeededRng(2))
    engine.apply(state, Action("owner", 0, "p1"), SeededRng(2))
    assert state.owners[0] == "p1"
    state.phase = OVER
    with pytest.raises(IllegalAction, match="This round is over."):
        engine.apply(state, Action("clear", 0), SeededRng(3))
