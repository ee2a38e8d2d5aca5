"""The settled round in a player's words: wager names from the rules data, no rulebook
references, one headline with the net for the round."""

from __future__ import annotations

from types import SimpleNamespace as Row

from webgame.games import registry
from webgame.services.tableview import plain_detail, round_outcome, wager_name


def _v(game, variant):
    return registry.rules(game).variants[variant]


def test_wager_names_come_from_the_rules_data():
    bj = _v("blackjack", "grand-ronde")
    assert wager_name("21-plus-3-xtreme", bj) == "21+3 Xtreme"
    assert wager_name("main/3/double", bj).startswith("Hand 3")
    assert "main" not in wager_name("main/2", bj)
    craps = _v("craps", "grand-ronde")
    assert wager_name("place/6", craps) == "Place 6"
    assert wager_name("pass/odds", craps) == "Pass Line odds"
    roulette = _v("roulette", "grand-ronde-00")
    assert wager_name("straight:17", roulette) == "Straight 17"
    assert wager_name("red", roulette) == "Red"
    assert wager_name("bet-2", _v("let-it-ride", "grand-ronde")) == "Bet 2"
    assert wager_name("pair-plus", _v("three-card-poker", "grand-ronde")) == "Pair Plus"
    for key in ("main/3/double", "bet-2", "21-plus-3-xtreme", "place/6", "split:1-2"):
        for game, variant in (("blackjack", "grand-ronde"), ("craps", "grand-ronde"), ("let-it-ride", "grand-ronde")):
            name = wager_name(key, _v(game, variant))
            assert "/" not in name and ":" not in name


def test_citations_are_left_to_the_recall():
    assert plain_detail("The dealer's pair beats high card (D-267)") == "The dealer's pair beats high card"
    assert plain_detail("Identical hands push (000 s.1074, 004 s.1489, D-270)") == "Identical hands push"
    assert plain_detail("Folded at 3rd Street (004 s.1714-1719)") == "Folded at 3rd Street"
    assert "s.1749" not in plain_detail("Pays 5 to 1; this hand's payout is capped at $500 (004 s.1749, D-334)")
    assert plain_detail("Wins 1 to 1") == "Wins 1 to 1"


def test_headline_nets_the_round_and_never_contradicts_it():
    bj = _v("blackjack", "grand-ronde")
    rows = [Row(seat=0, bet="main", stake=1000, returned=2000, result="win", detail="Wins 1 to 1"),
            Row(seat=0, bet="21-plus-3-xtreme", stake=500, returned=0, result="lose", detail="No hand (D-56)")]
    out = round_outcome(rows, bj)
    assert out["net"] == 500 and out["tone"] == "win"
    assert out["headline"] == "You win $5 — Main bet +$10, 21+3 Xtreme −$5"
    assert out["spots"][(0, "main")]["word"] == "+$10"
    push = round_outcome([Row(seat=0, bet="main", stake=500, returned=500, result="push", detail="")], bj)
    assert push["headline"].startswith("Your bets push") and push["tone"] == "push"
    even = round_outcome([rows[1], Row(seat=0, bet="main", stake=500, returned=1000, result="win", detail="")], bj)
    assert even["headline"].startswith("You break even")
    assert round_outcome([], bj)["headline"] == ""
