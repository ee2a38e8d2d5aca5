"""The side-bet table (webgame/games/sidebets.py) and Blackjack's entries in it: the engine
bets, settles and shows side bets from the table, so an entry's moment is where it settles."""

from __future__ import annotations

import pytest

from webgame.games.blackjack import ENGINE
from webgame.games.blackjack import engine as blackjack_engine
from webgame.games.blackjack.sidebets import DEAL, GRADERS, PEEK, SIDE_BETS, Dealt
from webgame.games.sidebets import Graded, SideBet, SideBetTable, capped_per_player

from .test_blackjack_table import act, new_table, rules_for, settled, stacked_round


def test_a_table_refuses_a_spot_twice_and_a_grader_it_does_not_have() -> None:
    bet = SideBet("lucky-ladies", "lucky-ladies", PEEK, "lucky-ladies", "Lucky Ladies", "Lucky Ladies")
    with pytest.raises(ValueError, match="once"):
        SideBetTable([bet, bet], GRADERS)
    with pytest.raises(ValueError, match="no grader named nope"):
        SideBetTable([SideBet("x", "lucky-ladies", PEEK, "nope", "X", "X")], GRADERS)


def test_side_bets_due_at_each_moment_grouped_by_paytable_in_table_order() -> None:
    rules = rules_for("grand-ronde")
    assert [[b.spot for b in group] for group in SIDE_BETS.due(rules, DEAL)] == [["21-plus-3-xtreme"]]
    assert [[b.spot for b in group] for group in SIDE_BETS.due(rules, PEEK)] == [
        ["super-bonus-player", "super-bonus-dealer"], ["lucky-ladies"]]
    assert SIDE_BETS.due(rules_for("chapter4"), DEAL) == [] == SIDE_BETS.offered(rules_for("chapter4"))


def test_graders_name_lines_from_the_box_and_the_dealer() -> None:
    assert SIDE_BETS.graders["21-plus-3-xtreme"](Dealt(["5h", "6h"], "7h")) == "straight-flush"
    assert SIDE_BETS.graders["super-bonus-player"](Dealt(["As", "Kd"], "6c")) == "player-blackjack"
    assert SIDE_BETS.graders["super-bonus-dealer"](Dealt(["As", "Kd"], "Ac", True)) == "dealer-blackjack"
    assert SIDE_BETS.graders["lucky-ladies"](Dealt(["Qh", "Qh"], "Ac", True)) == \
        "queen-of-hearts-pair-with-dealer-blackjack"


def test_an_entrys_moment_is_when_the_engine_settles_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """21+3 settles at the deal, before insurance (D-059). Moved to the peek in the table,
    the same engine waits for the insurance decisions before settling it."""
    bets = {0: {"main": 1000, "21-plus-3-xtreme": 500}}
    hands, dealer = [("Kh", "Qh")], ("Ah", "Kd")  # Q-K-A of hearts: a straight flush
    _, events = stacked_round(hands=hands, dealer=dealer, bets=bets)
    assert (0, "21-plus-3-xtreme") in settled(events)

    moved = [SideBet(b.spot, b.paytable, PEEK, b.grader, b.label, b.name) for b in SIDE_BETS]
    monkeypatch.setattr(blackjack_engine, "SIDE_BETS", SideBetTable(moved, GRADERS))
    state, events = stacked_round(hands=hands, dealer=dealer, bets=bets)
    assert state.phase == "insurance" and (0, "21-plus-3-xtreme") not in settled(events)
    later = settled(act(state, "decline"))[(0, "21-plus-3-xtreme")]
    assert later.returned == 500 + 30 * 500


def test_a_side_bet_the_table_leaves_out_is_neither_offered_nor_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    kept = [b for b in SIDE_BETS if b.paytable != "lucky-ladies"]
    monkeypatch.setattr(blackjack_engine, "SIDE_BETS", SideBetTable(kept, GRADERS))
    state, _ = new_table()
    act(state, "bet", 0, 1000)
    spots = {lg.spot for lg in ENGINE.legal_actions(state, 0) if lg.kind == "bet"}
    assert "lucky-ladies" not in spots and "21-plus-3-xtreme" in spots
    # Match the Dealer is in the family's table but is a Spanish 21 bet: never offered here.
    assert [s["spot"] for s in ENGINE.view(state, 0)["side_bets"]] == [
        b.spot for b in kept if b.paytable in state.rules["side_bets"]]


def test_the_view_lists_each_offered_spot_with_its_label_and_whether_it_is_open() -> None:
    state, _ = new_table(decks=1)  # Lucky Ladies needs two decks (D-060)
    listed = {s["spot"]: s for s in ENGINE.view(state, 0)["side_bets"]}
    assert list(listed) == ["super-bonus-player", "super-bonus-dealer", "21-plus-3-xtreme", "lucky-ladies"]
    assert listed["super-bonus-dealer"]["label"] == "Super Bonus: dealer"
    assert listed["21-plus-3-xtreme"]["open"] and not listed["lucky-ladies"]["open"]
    assert ENGINE.view(new_table("chapter4")[0], 0)["side_bets"] == []


def _graded(seat: int, line: str | None, won: int) -> Graded:
    return Graded(seat, SIDE_BETS["lucky-ladies"], 100, line, won)


def test_a_per_player_cap_needs_its_line_won_often_enough_and_pays_the_cap_exactly() -> None:
    rules = {"paytables": {"lucky-ladies": {"cap": 1000, "cap_line": "top", "cap_min_wins": 2}}}
    two_tops = [_graded(0, "top", 700), _graded(1, "top", 700), _graded(2, None, 0)]
    assert capped_per_player(rules, two_tops, {0: "ann", 1: "ann", 2: "ann"}) == {
        (0, "lucky-ladies"): 500, (1, "lucky-ladies"): 500, (2, "lucky-ladies"): 0}
    assert capped_per_player(rules, two_tops, {0: "ann", 1: "bob"}) == {}  # one top win each
    one_top = [_graded(0, "top", 700), _graded(1, "other", 700)]
    assert capped_per_player(rules, one_top, {0: "ann", 1: "ann"}) == {}
    # Cents the proportional cut leaves go one each, in seat order: the player gets the cap.
    odd = [_graded(0, "top", 1), _graded(1, "top", 1), _graded(2, "top", 1)]
    rules["paytables"]["lucky-ladies"]["cap"] = 2
    assert sum(capped_per_player(rules, odd, {}).values()) == 0  # unowned boxes: no one wins twice
    assert capped_per_player(rules, odd, {0: "a", 1: "a", 2: "a"}) == {
        (0, "lucky-ladies"): 1, (1, "lucky-ladies"): 1, (2, "lucky-ladies"): 0}


def test_a_paytable_without_a_cap_is_never_capped() -> None:
    rules = {"paytables": {"lucky-ladies": {}}}
    assert capped_per_player(rules, [_graded(0, "top", 10**9)], {}) == {}


def test_grading_reads_the_odds_from_the_rounds_paytable_and_skips_empty_spots() -> None:
    rules = rules_for()
    rules["paytables"]["lucky-ladies"]["lines"]["matched-20"] = "25 to 1"
    hands = [(0, {"main": 1000, "lucky-ladies": 1000}, Dealt(["Kd", "Kd"], "6s")),
             (1, {"main": 1000}, Dealt(["Qh", "Qh"], "6s"))]
    graded = SIDE_BETS.grade(rules, [SIDE_BETS["lucky-ladies"]], hands)
    assert [(g.seat, g.line, g.won) for g in graded] == [(0, "matched-20", 25 * 1000)]
