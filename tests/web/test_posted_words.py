"""The words a player reads about a table's rules and pays come from its rules data: change a
paytable line's odds, a qualifier or a cap in the data, and the rules panel, the felt's
paytables, its print and the engine's summary say the new thing (D-005, D-017)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tests.carnival_support import rules_for
from webgame.engine.money import Odds
from webgame.engine.paytable import Variant, load_game
from webgame.engine.rng import SeededRng
from webgame.extensions import db
from webgame.games import registry
from webgame.services.tables import create_table

NEW = "97 to 1"  # odds no table of this casino posts


def with_odds(monkeypatch: pytest.MonkeyPatch, variant: Variant, paytable: str, line: str, pays: str) -> None:
    """Change one line's odds in the loaded rules data, until the test ends."""
    table = variant.paytables[paytable]
    lines = tuple(replace(ln, odds=Odds.parse(pays)) if ln.hand == line else ln for ln in table.lines)
    monkeypatch.setitem(variant.paytables, paytable, replace(table, lines=lines))


def page(client, game: str, variant: str) -> tuple[str, str]:
    """(the felt, the rules panel) of a new table's page."""
    table = create_table(f"Words {game} {variant}", game, variant)
    db.session.commit()
    html = client.get(f"/tables/{table.id}").get_data(as_text=True)
    felt, _, panel = html.partition('id="rules-h"')
    return felt, panel


def row(html: str, paytable: str, line: str, attribute: str = "data-paytable") -> str:
    """What one paytable line pays, as printed in a paytable of ``html`` (on the felt; the
    rules panel's tables carry ``data-rules-paytable``)."""
    table = re.search(rf'{attribute}="{re.escape(paytable)}".*?</table>', html, re.S)
    assert table, paytable
    cell = re.search(rf'data-line="{re.escape(line)}"[^>]*><th scope="row">[^<]*</th><td class="pays">([^<*]*)',
                     table.group(0))
    assert cell, (paytable, line)
    return cell.group(1)


# (game, variant, paytable, line, a sentence of the posted rules that states the line's odds,
#  whether the felt prints that paytable)
CASES = [
    ("three-card-poker", "chapter4", "tcp-ante-play", "dealer-does-not-qualify",
     "If not, the Ante pays {} and the Play pushes.", False),
    ("three-card-poker", "grand-ronde", "pair-plus-grand-ronde", "flush", None, True),
    ("let-it-ride", "grand-ronde", "lir-grand-ronde", "royal-flush", None, True),
    ("caribbean-stud", "chapter4", "caribbean-bonus", "high-card", "(a winning ace-king pays {}).", True),
    ("mississippi-stud", "chapter4", "mississippi-stud", "flush", None, True),
    ("ultimate-texas-holdem", "grand-ronde", "uth-ante-play", "ante", "Ante and Play pay {}.", False),
    ("jackpot-holdem", "grand-ronde", "jh-3-up-bonus", "flush", None, True),
    ("casino-war", "chapter4", "war-tie", "tie", "Tie bet, on the first two cards only: pays {};", True),
    ("red-dog", "chapter4", "red-dog", "spread-1", "Bet and raise are paid by the spread: 1 pays {},", True),
]


@pytest.mark.parametrize(("game", "variant", "paytable", "line", "sentence", "on_felt"), CASES)
def test_the_page_says_what_the_data_pays(client, monkeypatch, game, variant, paytable, line, sentence, on_felt):
    data = load_game(game).variants[variant]
    was = str(data.paytables[paytable].line(line).odds)
    panel_tables = game not in ("casino-war", "red-dog")  # their felts print the tables, not the panel
    felt, panel = page(client, game, variant)
    if panel_tables:
        assert row(panel, paytable, line, "data-rules-paytable") == was
    if sentence:
        assert sentence.format(was) in panel
    if on_felt:
        assert row(felt, paytable, line) == was

    with_odds(monkeypatch, data, paytable, line, NEW)
    felt, panel = page(client, game, variant)
    if panel_tables:
        assert row(panel, paytable, line, "data-rules-paytable") == NEW
    if sentence:
        assert sentence.format(NEW) in panel and sentence.format(was) not in panel
    if on_felt:
        assert row(felt, paytable, line) == NEW


@pytest.mark.parametrize(("game", "variant", "print_line", "panel_line"), [
    ("three-card-poker", "grand-ronde", "Dealer plays with king high or better",
     "The dealer plays with king high or better."),
    ("caribbean-stud", "chapter4", "Dealer qualifies with king-queen or better",
     "The dealer qualifies with king-queen or better."),
])
def test_the_qualifier_is_worded_from_its_setting(client, monkeypatch, game, variant, print_line, panel_line):
    data = load_game(game).variants[variant]
    monkeypatch.setitem(data.rules, "dealer_qualifier", ["K"] if game == "three-card-poker" else ["K", "Q"])
    felt, panel = page(client, game, variant)
    assert print_line.upper() in felt.upper() and panel_line in panel


def test_caps_limits_and_street_multiples_are_filled_in_from_the_data(client, monkeypatch):
    lir = load_game("let-it-ride").variants["grand-ronde"]
    monkeypatch.setitem(lir.rules, "cap", 3_000_000)
    _, panel = page(client, "let-it-ride", "grand-ronde")
    assert "at most $30,000 in one round" in panel
    stud = load_game("mississippi-stud").variants["chapter4"]
    monkeypatch.setitem(stud.rules, "street_multiples", [1, 2])
    felt, panel = page(client, "mississippi-stud", "chapter4")
    assert "bet 1x or 2x the Ante, or fold" in panel and "EACH STREET 1X OR 2X THE ANTE" in felt.upper()


@pytest.mark.parametrize(("game", "variant", "paytable", "line", "summary"), [
    ("three-card-poker", "chapter4", "tcp-ante-play", "win", "Ante and Play pay {} when you beat a dealer who plays"),
    ("caribbean-stud", "chapter4", "caribbean-ante", "dealer-does-not-qualify",
     "Dealer does not qualify: Ante pays {}, the Bet pushes"),
    ("ultimate-texas-holdem", "grand-ronde", "uth-ante-play", "ante", "Ante and Play pay {}"),
    ("casino-war", "chapter4", "casino-war", "win", "Higher card pays {}"),
    ("red-dog", "chapter4", "red-dog", "three-of-a-kind", "Three of a kind pays {}"),
])
def test_a_rounds_summary_reads_its_own_snapshot(game, variant, paytable, line, summary):
    """The engine's summary of a round follows the odds the round's rules snapshot holds."""
    engine = registry.engine(game)
    rules = rules_for(game, variant)
    rules["paytables"][paytable]["lines"][line] = NEW
    state = engine.new_round(rules, SeededRng(0), None)
    assert summary.format(NEW) in engine.view(state, None)["rules_summary"]
