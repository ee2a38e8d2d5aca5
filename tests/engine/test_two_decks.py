"""Two-deck alternation (INDEX section 9): where an edition's rulebook calls for two decks of
different backs used every other round, the rounds alternate red and blue through the table's
carry, the view and the round's notes say which is dealt, and single-deck tables say nothing."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from webgame.devices import decks
from webgame.engine.paytable import resolve
from webgame.engine.rng import SeededRng
from webgame.games import registry

TWO_DECKS = [("three-card-poker", "6cb-lucky-derby"), ("three-card-poker", "6cb-lucky-chances"),
             ("three-card-poker", "6cb-crystal-park"), ("ultimate-texas-holdem", "lucky-derby"),
             ("ultimate-texas-holdem", "bad-beat-lucky-derby"), ("ultimate-texas-holdem", "bad-beat-1.0"),
             ("ultimate-texas-holdem", "crystal-park"), ("let-it-ride", "chapter4"),
             ("let-it-ride", "bonus-1.0"), ("mississippi-stud", "crystal-park")]


def deck_of(view: dict[str, Any]) -> dict[str, Any] | None:
    device = view.get("shoe") or view.get("shuffler") or {}
    return device.get("deck")


def rounds(game: str, variant: str, n: int) -> list[tuple[dict[str, Any] | None, list[str]]]:
    """``n`` rounds in a row at one table, each opened from the last one's carry: each round's
    deck as the view shows it and its notes."""
    engine = registry.engine(game, variant)
    rules = resolve(registry.rules(game).variants[variant])
    carry: dict[str, Any] | None = None
    out = []
    for k in range(n):
        state = engine.new_round(rules, SeededRng(f"{game}:{k}"), carry)
        view = engine.view(state, None)
        inner = getattr(state, "inner", state)
        out.append((deck_of(view), list(inner.notes)))
        carry = engine.carry(state)
    return out


def test_exactly_the_editions_whose_rulebooks_say_so_alternate() -> None:
    marked = {(g, v) for g in registry.ENGINES for v, var in registry.rules(g).variants.items()
              if var.rules.get("two_decks")}
    assert marked == set(TWO_DECKS)


@pytest.mark.parametrize(("game", "variant"), TWO_DECKS)
def test_the_decks_change_places_every_round(game: str, variant: str) -> None:
    seen = rounds(game, variant, 4)
    colours = [d["in_play"] if d else None for d, _ in seen]
    assert colours[0] in decks.COLOURS
    assert all(a != b for a, b in pairwise(colours)), colours
    assert colours[0] == colours[2] and colours[1] == colours[3]
    for deck, notes in seen:
        assert deck is not None and deck["in_shuffler"] != deck["in_play"] and deck["counted"] == 52
        assert f"The {deck['in_play']} deck is dealt (52 cards counted" in " ".join(notes)


@pytest.mark.parametrize(("game", "variant"), [("three-card-poker", "grand-ronde"), ("ultimate-texas-holdem", "grand-ronde"),
                                               ("mississippi-stud", "chapter4"), ("let-it-ride", "grand-ronde")])
def test_a_single_deck_table_names_no_deck(game: str, variant: str) -> None:
    for deck, notes in rounds(game, variant, 2):
        assert deck is None and not any("deck is dealt" in n for n in notes)


def test_the_colours_follow_the_round_count() -> None:
    assert [decks.in_play(k) for k in range(4)] == ["red", "blue", "red", "blue"]
    assert decks.in_shuffler(0) == "blue" and decks.note(1).startswith("The blue deck is dealt")
