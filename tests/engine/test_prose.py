"""Posted words (webgame/engine/prose.py): placeholders filled from a table's rules, sentences
posted only where their condition holds, and what a paytable line pays in words."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.carnival_support import rules_for
from webgame.engine.paytable import load_game
from webgame.engine.prose import Posted, qualifier_words


def words(game: str, variant: str, prose: dict[str, object] | None = None, **config: object) -> Posted:
    data = load_game(game).variants[variant]
    if prose is not None:
        data = replace(data, prose=prose)
    return Posted(data, rules_for(game, variant, **config))  # type: ignore[arg-type]


@pytest.mark.parametrize(("setting", "said"), [
    (["Q"], "queen high"), (["A", "K"], "ace-king"), (["K", "Q", "J"], "king-queen-jack"), ("pair", "a pair"),
])
def test_a_qualifier_setting_in_words(setting: object, said: str) -> None:
    assert qualifier_words(setting) == said  # type: ignore[arg-type]


def test_placeholders_read_the_rules() -> None:
    w = words("let-it-ride", "chapter4", {"s": [
        "{pays:base_paytable/royal-flush} · {line:lir-chapter4/four-of-a-kind|lower} · {table:base_paytable}",
        "{money:cap} · {min:base}-{max:base} · {rule:max_spots_per_player} · {who}",
    ]}, options={"cap": 5_000_000})
    assert w.lines("s", who="you") == ["1000 to 1 · 4 of a kind · Let It Ride", "$50,000 · $1-$2,000 · 3 · you"]


def test_a_sentence_is_posted_only_where_its_condition_holds() -> None:
    prose = {"s": [
        {"text": "pair plus", "when": "offers:pair-plus"},
        {"text": "no pair plus", "when": "not offers:pair-plus"},
        {"text": "stacks", "when": "deal=stacks"},
        {"text": "rotation", "when": "deal=rotation"},
        "always",
    ]}
    assert words("three-card-poker", "grand-ronde", prose).lines("s") == ["pair plus", "stacks", "always"]
    off = words("three-card-poker", "chapter4", prose, side_bets_off=["pair-plus"])
    assert off.lines("s") == ["no pair plus", "rotation", "always"]


def test_what_a_line_pays_in_words() -> None:
    stud = words("mississippi-stud", "chapter4")
    assert stud.pays("paytable", "pair-6s-to-10s") == "Push" and stud.pays("paytable", "flush") == "6 to 1"
    csp = words("caribbean-stud", "chapter4")
    assert csp.pays("caribbean-progressive", "straight-flush") == "10% of the meter"
    assert csp.pays("caribbean-progressive", "full-house") == "$100"  # a fixed award (D-024)
    tcp = words("three-card-poker", "chapter4")
    assert tcp.pays("ante_bonus_paytable", "straight-flush") == "5 to 1"  # posted as "5 X 1" (004 s.1501)


def test_labels_come_from_the_rounds_labels_then_the_paytable_data() -> None:
    uth = words("ultimate-texas-holdem", "grand-ronde")
    assert uth.label("uth-trips", "three-of-a-kind") == "Trips"
    csp = words("caribbean-stud", "chapter4")
    assert csp.label("caribbean-bonus", "two-pair") == "Two pairs"  # as 004 s.758 has it
    assert csp.label("caribbean-bonus", "no-such-line") == "No such line"


def test_a_missing_sentence_is_an_error_not_a_blank() -> None:
    with pytest.raises(KeyError, match="posts no 'nothing'"):
        words("red-dog", "chapter4").line("nothing")
