"""The hand history text: what each viewer reads, and that pokerkit's own PokerStars parser
replays it to the same final stacks (the proof the layout is the common one)."""

from __future__ import annotations

import copy
import warnings
from decimal import Decimal
from typing import Any

from pokerkit import HandHistory

from webgame.games.poker.history import dollars, history_text

STARTED = "2026-11-27T04:20:00+00:00"


def side_pot_hand(rake: int = 0, names: dict[str, str] | None = None) -> dict[str, Any]:
    """No-limit hold'em, $1/$2, four seats. Seat 3 (the big blind) is all in for $50 before the
    flop; seat 1 and seat 4 build a $40 side pot; seat 4 folds the river to seat 1's bet, which
    comes back uncalled; seat 1's kings beat seat 3's queens for both pots."""
    record: dict[str, Any] = {
        "game": "Texas Hold'em", "structure": "No Limit", "blinds": [100, 200], "button": 6,
        "seats": [{"seat": 1, "stack": 20000}, {"seat": 3, "stack": 5000},
                  {"seat": 4, "stack": 20000}, {"seat": 6, "stack": 20000}],
        "forced": [{"seat": 1, "kind": "small-blind", "amount": 100, "live": True},
                   {"seat": 3, "kind": "big-blind", "amount": 200, "live": True}],
        "hole": {"1": ["As", "Kd"], "3": ["Qh", "Qs"], "4": ["Jc", "Tc"], "6": ["9s", "8s"]},
        "shown": ["1", "3"],
        "streets": [
            {"name": "preflop", "board": [], "actions": [
                {"seat": 4, "kind": "raise", "amount": 600, "to": 600, "all_in": False},
                {"seat": 6, "kind": "fold", "amount": 0, "to": 0, "all_in": False},
                {"seat": 1, "kind": "call", "amount": 500, "to": 600, "all_in": False},
                {"seat": 3, "kind": "raise", "amount": 4800, "to": 5000, "all_in": True},
                {"seat": 4, "kind": "call", "amount": 4400, "to": 5000, "all_in": False},
                {"seat": 1, "kind": "call", "amount": 4400, "to": 5000, "all_in": False}]},
            {"name": "flop", "board": ["2c", "7d", "Jh"], "actions": [
                {"seat": 1, "kind": "bet", "amount": 2000, "to": 2000, "all_in": False},
                {"seat": 4, "kind": "call", "amount": 2000, "to": 2000, "all_in": False}]},
            {"name": "turn", "board": ["2c", "7d", "Jh", "5s"], "actions": [
                {"seat": 1, "kind": "check", "amount": 0, "to": 0, "all_in": False},
                {"seat": 4, "kind": "check", "amount": 0, "to": 0, "all_in": False}]},
            {"name": "river", "board": ["2c", "7d", "Jh", "5s", "Kc"], "actions": [
                {"seat": 1, "kind": "bet", "amount": 3050, "to": 3050, "all_in": False},
                {"seat": 4, "kind": "fold", "amount": 0, "to": 0, "all_in": False}]},
        ],
        "awards": [
            {"pot": 0, "board": 0, "half": "whole", "amount": 15000 - rake,
             "winners": {"1": 15000 - rake}, "hand_names": {"1": "a pair of kings"}},
            {"pot": 1, "board": 0, "half": "whole", "amount": 4000,
             "winners": {"1": 4000}, "hand_names": {"1": "a pair of kings"}},
        ],
        "house_take": [{"kind": "rake", "amount": rake, "memo": "10 %"}] if rake else [],
    }
    if names:
        record["names"] = names
    return record


FINAL = {1: 32000, 3: 0, 4: 13000, 6: 20000}  # 20000 - 7000 + 19000; all in; 20000 - 7000


def cents(raw: str) -> int:
    """pokerkit reads the dollars as cents: whole-dollar blinds would otherwise make a dollar
    its smallest chip, and a split pot of $5 would not halve."""
    return int(Decimal(raw.replace(",", "")) * 100)


def parsed_final_stacks(text: str) -> dict[str, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit flags the time zone as an unknown field
        hands = list(HandHistory.from_pokerstars(text, parse_value=cents, error_status=True))
    assert len(hands) == 1
    history = hands[0]
    state = list(history)[-1]
    assert not state.status  # the replay reached the end of the hand
    assert history.players is not None
    return dict(zip(history.players, state.stacks, strict=True))


def test_dollars_drop_zero_cents_and_never_use_a_comma() -> None:
    assert [dollars(200), dollars(50), dollars(3050), dollars(123456)] == [
        "$2", "$0.50", "$30.50", "$1234.56"]


def test_pokerkit_replays_the_viewers_history_to_the_same_final_stacks() -> None:
    for viewer in (1, 3, 4, 6, None):
        text = history_text(side_pot_hand(), viewer, "Alpha", 42, STARTED)
        assert parsed_final_stacks(text) == {f"Seat {seat}": cents for seat, cents in FINAL.items()}


def test_pokerkit_replays_a_history_with_players_names() -> None:
    names = {"1": "Ann", "3": "Bo", "4": "Cy", "6": "Di"}
    text = history_text(side_pot_hand(names=names), 4, "Alpha", 43, STARTED)
    assert "Dealt to Cy [Jc Tc]" in text
    assert parsed_final_stacks(text) == {names[str(seat)]: cents for seat, cents in FINAL.items()}


def test_header_seats_button_and_blinds() -> None:
    lines = history_text(side_pot_hand(), 1, "Alpha", 42, STARTED).splitlines()
    assert lines[0] == ("PokerStars Hand #42: Hold'em No Limit ($1/$2 USD) - "
                        "2026/11/27 04:20:00 UTC")
    assert lines[1] == "Table 'Alpha' 9-max Seat #6 is the button"
    assert lines[2:8] == ["Seat 1: Seat 1 ($200 in chips)", "Seat 3: Seat 3 ($50 in chips)",
                          "Seat 4: Seat 4 ($200 in chips)", "Seat 6: Seat 6 ($200 in chips)",
                          "Seat 1: posts small blind $1", "Seat 3: posts big blind $2"]


def test_viewer_sees_own_cards_and_shown_ones_never_a_folded_opponents() -> None:
    text = history_text(side_pot_hand(), 6, "Alpha", 42, STARTED)
    assert "Dealt to Seat 6 [9s 8s]" in text  # folded, but these are the viewer's own
    assert "Seat 1: shows [As Kd] (a pair of Kings)" in text
    assert "Seat 3: shows [Qh Qs] (a pair of Queens)" in text
    assert "Jc" not in text and "Tc" not in text  # seat 4 folded the river unseen
    other = history_text(side_pot_hand(), 1, "Alpha", 42, STARTED)
    assert "Dealt to Seat 1 [As Kd]" in other
    assert "9s" not in other and "8s" not in other and "Jc" not in other


def test_public_history_has_no_dealt_line() -> None:
    text = history_text(side_pot_hand(), None, "Alpha", 42, STARTED)
    assert "Dealt to" not in text
    assert "[As Kd]" in text and "[Qh Qs]" in text  # shown at the showdown
    assert "[9s 8s]" not in text and "[Jc Tc]" not in text


def test_actions_in_dollars_with_raise_to_and_all_in() -> None:
    text = history_text(side_pot_hand(), None, "Alpha", 42, STARTED)
    for line in ("Seat 4: raises $4 to $6", "Seat 6: folds", "Seat 1: calls $5",
                 "Seat 3: raises $44 to $50 and is all-in", "Seat 4: calls $44",
                 "*** FLOP *** [2c 7d Jh]", "Seat 1: bets $20", "*** TURN *** [2c 7d Jh] [5s]",
                 "Seat 1: checks", "*** RIVER *** [2c 7d Jh 5s] [Kc]", "Seat 1: bets $30.50",
                 "Seat 4: folds", "Uncalled bet ($30.50) returned to Seat 1"):
        assert line in text.splitlines(), line


def test_showdown_pots_and_summary() -> None:
    lines = history_text(side_pot_hand(), None, "Alpha", 42, STARTED).splitlines()
    showdown = lines.index("*** SHOW DOWN ***")
    summary = lines.index("*** SUMMARY ***")
    assert lines[showdown + 1:summary] == [
        "Seat 1: shows [As Kd] (a pair of Kings)",  # the river's last bettor shows first (D-415)
        "Seat 3: shows [Qh Qs] (a pair of Queens)",
        "Seat 1 collected $150 from main pot",
        "Seat 1 collected $40 from side pot-1"]
    assert lines[summary + 1:] == [
        "Total pot $190 Main pot $150. Side pot-1 $40. | Rake $0",
        "Board [2c 7d Jh 5s Kc]",
        "Seat 1: Seat 1 (small blind) showed [As Kd] and won ($190) with a pair of Kings",
        "Seat 3: Seat 3 (big blind) showed [Qh Qs] and lost with a pair of Queens",
        "Seat 4: Seat 4 folded on the River",
        "Seat 6: Seat 6 (button) folded before Flop (didn't bet)"]


def test_rake_comes_out_of_the_main_pot_and_shows_in_the_summary() -> None:
    text = history_text(side_pot_hand(rake=300), None, "Alpha", 42, STARTED)
    assert "Seat 1 collected $147 from main pot" in text
    assert "Total pot $190 Main pot $147. Side pot-1 $40. | Rake $3" in text


def test_an_award_that_includes_the_uncalled_bet_is_not_counted_as_won() -> None:
    record = side_pot_hand()
    record["awards"][1]["amount"] = record["awards"][1]["winners"]["1"] = 4000 + 3050
    text = history_text(record, None, "Alpha", 42, STARTED)
    assert "Seat 1 collected $40 from side pot-1" in text
    assert "Total pot $190" in text


def test_hand_won_without_showdown() -> None:
    record: dict[str, Any] = {
        "game": "Texas Hold'em", "structure": "No Limit", "blinds": [50, 100], "button": 2,
        "seats": [{"seat": 2, "stack": 10000}, {"seat": 5, "stack": 10000}],
        "forced": [{"seat": 2, "kind": "small-blind", "amount": 50},
                   {"seat": 5, "kind": "big-blind", "amount": 100}],
        "hole": {"2": ["Ah", "Ad"], "5": ["7c", "2d"]}, "shown": [],
        "streets": [{"name": "preflop", "board": [], "actions": [
            {"seat": 2, "kind": "raise", "amount": 250, "to": 300, "all_in": False},
            {"seat": 5, "kind": "fold", "amount": 0, "to": 0, "all_in": False}]}],
        "awards": [{"pot": 0, "board": 0, "half": "whole", "amount": 200,
                    "winners": {"2": 200}, "hand_names": {}}],
        "house_take": [],
    }
    text = history_text(record, 5, "Heads", 7, STARTED)
    assert "Uncalled bet ($2) returned to Seat 2" in text
    assert "Seat 2 collected $2 from pot" in text
    assert "Ah" not in text and "SHOW DOWN" not in text
    assert "Seat 2: Seat 2 (button) (small blind) collected ($2)" in text
    assert parsed_final_stacks(text) == {"Seat 2": 10100, "Seat 5": 9900}


def omaha_hi_lo_hand() -> dict[str, Any]:
    return {
        "game": "Omaha Hi-Lo", "structure": "Pot Limit", "blinds": [100, 200], "button": 1,
        "seats": [{"seat": 1, "stack": 10000}, {"seat": 2, "stack": 10000}],
        "forced": [{"seat": 1, "kind": "small-blind", "amount": 100},
                   {"seat": 2, "kind": "big-blind", "amount": 200}],
        "hole": {"1": ["As", "2s", "Kd", "Kc"], "2": ["Qh", "Qd", "Jh", "9c"]},
        "shown": ["1", "2"],
        "streets": [
            {"name": "preflop", "board": [], "actions": [
                {"seat": 1, "kind": "call", "amount": 100, "to": 200},
                {"seat": 2, "kind": "check", "amount": 0, "to": 0}]},
            {"name": "flop", "board": ["3d", "5h", "Qc"], "actions": [
                {"seat": 2, "kind": "check"}, {"seat": 1, "kind": "check"}]},
            {"name": "turn", "board": ["8s"], "actions": [
                {"seat": 2, "kind": "check"}, {"seat": 1, "kind": "check"}]},
            {"name": "river", "board": ["Kh"], "actions": [
                {"seat": 2, "kind": "check"}, {"seat": 1, "kind": "check"}]}],
        "awards": [{"pot": 0, "board": 0, "half": "high", "amount": 200, "winners": {"1": 200},
                    "hand_names": {}},
                   {"pot": 0, "board": 0, "half": "low", "amount": 200, "winners": {"1": 200},
                    "hand_names": {}}],
        "house_take": [],
    }


def test_omaha_hi_lo_names_both_halves_and_board_by_new_cards() -> None:
    text = history_text(omaha_hi_lo_hand(), None, "Hi-Lo", 9, STARTED)
    assert "Omaha Hi/Lo Pot Limit ($1/$2 USD)" in text
    assert "*** TURN *** [3d 5h Qc] [8s]" in text  # a street's board given as its new card
    assert "Seat 1: shows [As 2s Kd Kc] (HI: three of a kind, Kings; LO: 8,5,3,2,A)" in text
    # Omaha plays exactly two: Qh Qd with the board's queen, no low with no two low hole cards
    assert "Seat 2: shows [Qh Qd Jh 9c] (three of a kind, Queens)" in text
    assert text.count("Seat 1 collected $2 from pot") == 2
    assert text.index("Seat 2: shows") < text.index("Seat 1: shows")  # all checked: after the button
    assert "Board [3d 5h Qc 8s Kh]" in text


def test_pineapple_discard_is_seen_only_by_its_owner() -> None:
    record = side_pot_hand()
    record["game"] = "Pineapple"
    record["hole"] = {"1": ["As", "Kd", "7h"], "3": ["Qh", "Qs", "2h"], "4": ["Jc", "Tc", "3c"],
                      "6": ["9s", "8s", "4d"]}
    record["discards"] = {"1": "7h", "3": "2h", "4": "3c"}
    mine = history_text(record, 1, "Pine", 11, STARTED)
    assert "Dealt to Seat 1 [As Kd 7h]" in mine
    assert "Seat 1: discards 1 card [7h]" in mine
    assert "Seat 4: discards 1 card" in mine and "3c" not in mine
    assert mine.index("discards") < mine.index("*** FLOP ***")
    assert "Seat 1: shows [As Kd] (a pair of Kings)" in mine  # the discard is not in the hand
    public = history_text(record, None, "Pine", 11, STARTED)
    assert "7h" not in public and "2h" not in public


def test_double_board_writes_both_boards() -> None:
    record = omaha_hi_lo_hand()
    record["game"] = "Double Board Omaha"
    for street, first, second in (("flop", ["3d", "5h", "Qc"], ["2c", "7c", "9d"]),
                                  ("turn", ["8s"], ["Tc"]), ("river", ["Kh"], ["4h"])):
        for s in record["streets"]:
            if s["name"] == street:
                del s["board"]
                s["boards"] = [first, second]
    text = history_text(record, 2, "Twice", 12, STARTED)
    assert "*** FIRST FLOP *** [3d 5h Qc]" in text
    assert "*** SECOND TURN *** [2c 7c 9d] [Tc]" in text
    assert "FIRST Board [3d 5h Qc 8s Kh]" in text
    assert "SECOND Board [2c 7c 9d Tc 4h]" in text


def engine_shaped(record: dict[str, Any]) -> dict[str, Any]:
    """The same hand as the hand engine writes it: the forced bets as the first actions (with
    the chips in front after each), the uncalled bet as an action of its own, and the final
    board(s) at the top."""
    shaped = copy.deepcopy(record)
    front: dict[int, int] = {}
    posts = []
    for bet in shaped["forced"]:
        if bet.get("live", True):
            front[bet["seat"]] = front.get(bet["seat"], 0) + bet["amount"]
        posts.append({"seat": bet["seat"], "kind": bet["kind"], "amount": bet["amount"],
                      "to": front.get(bet["seat"], 0), "all_in": False})
    shaped["streets"][0]["actions"][:0] = posts
    shaped["streets"][-1]["actions"].append(
        {"seat": 1, "kind": "uncalled", "amount": 3050, "to": 0, "all_in": False})
    shaped["boards"] = [shaped["streets"][-1]["board"]]
    return shaped


def test_the_hand_engines_record_shape_reads_the_same() -> None:
    for viewer in (1, 6, None):
        plain = history_text(side_pot_hand(rake=300), viewer, "Alpha", 42, STARTED)
        shaped = history_text(engine_shaped(side_pot_hand(rake=300)), viewer, "Alpha", 42,
                              STARTED)
        assert shaped == plain
    assert plain.count("Uncalled bet") == 1 and plain.count("posts big blind") == 1


def test_a_missed_small_blind_is_posted_with_the_big_one_and_a_straddle_is_named() -> None:
    record = side_pot_hand()
    record["forced"] += [{"seat": 4, "kind": "dead", "amount": 100, "live": False},
                         {"seat": 4, "kind": "big-blind", "amount": 200, "live": True},
                         {"seat": 6, "kind": "straddle", "amount": 400, "live": True}]
    text = history_text(record, None, "Alpha", 42, STARTED)
    assert "Seat 4: posts small & big blinds $3" in text.splitlines()
    assert "Seat 6: posts straddle $4" in text.splitlines()


def test_run_it_twice_writes_the_second_run_after_the_all_in() -> None:
    record: dict[str, Any] = {
        "game": "Texas Hold'em", "structure": "No Limit", "blinds": [100, 200], "button": 1,
        "seats": [{"seat": 1, "stack": 10000}, {"seat": 2, "stack": 10000}],
        "forced": [{"seat": 1, "kind": "small-blind", "amount": 100},
                   {"seat": 2, "kind": "big-blind", "amount": 200}],
        "hole": {"1": ["Ah", "Ad"], "2": ["Kc", "Qc"]}, "shown": ["1", "2"],
        "streets": [
            {"name": "preflop", "board": [], "actions": [
                {"seat": 1, "kind": "call", "amount": 100, "to": 200},
                {"seat": 2, "kind": "check", "amount": 0, "to": 200}]},
            {"name": "flop", "board": ["2c", "7c", "Jd"], "actions": [
                {"seat": 2, "kind": "bet", "amount": 9800, "to": 9800, "all_in": True},
                {"seat": 1, "kind": "call", "amount": 9800, "to": 9800, "all_in": True}]},
            {"name": "turn", "board": ["2c", "7c", "Jd", "3s"], "actions": []},
            {"name": "river", "board": ["2c", "7c", "Jd", "3s", "4h"], "actions": []}],
        "boards": [["2c", "7c", "Jd", "3s", "4h"], ["2c", "7c", "Jd", "9c", "5d"]],
        "runs": 2,
        "awards": [{"pot": 0, "board": 0, "half": "whole", "amount": 10000,
                    "winners": {"1": 10000}, "hand_names": {}},
                   {"pot": 0, "board": 1, "half": "whole", "amount": 10000,
                    "winners": {"2": 10000}, "hand_names": {}}],
        "house_take": [],
    }
    lines = history_text(record, None, "Twice", 13, STARTED).splitlines()
    order = ["*** FLOP *** [2c 7c Jd]", "*** FIRST TURN *** [2c 7c Jd] [3s]",
             "*** FIRST RIVER *** [2c 7c Jd 3s] [4h]", "*** SECOND TURN *** [2c 7c Jd] [9c]",
             "*** SECOND RIVER *** [2c 7c Jd 9c] [5d]", "*** SHOW DOWN ***"]
    assert [lines.index(line) for line in order] == sorted(lines.index(line) for line in order)
    assert "Seat 2: shows [Kc Qc] (first board: high card King; second board: a flush, King high)" \
        in lines
    assert "Hand was run twice" in lines
    assert "SECOND Board [2c 7c Jd 9c 5d]" in lines
    assert lines.count("Seat 1 collected $100 from pot") == 1
    assert lines.count("Seat 2 collected $100 from pot") == 1


def test_a_double_board_hand_won_before_the_flop_prints_no_empty_board() -> None:
    record = omaha_hi_lo_hand()
    record["game"] = "Double Board Omaha"
    record["streets"] = [{"name": "preflop", "boards": [[], []], "actions": [
        {"seat": 1, "kind": "raise", "amount": 500, "to": 600},
        {"seat": 2, "kind": "fold"}]}]
    record["boards"] = [[], []]
    record["shown"] = []
    record["awards"] = [{"pot": 0, "board": 0, "half": "whole", "amount": 400,
                         "winners": {"1": 400}, "hand_names": {}}]
    text = history_text(record, 1, "Twice", 14, STARTED)
    assert "Board [" not in text and "FLOP" not in text
    assert "Uncalled bet ($4) returned to Seat 1" in text
    assert "Seat 1 collected $4 from pot" in text


def test_fixed_limit_header_names_the_bets_where_the_record_gives_them() -> None:
    record = omaha_hi_lo_hand()
    record["structure"] = "Limit"
    record["bets"] = [200, 400]
    assert history_text(record, None, "Limit", 15, STARTED).startswith(
        "PokerStars Hand #15: Omaha Hi/Lo Limit ($2/$4 USD) - 2026/11/27 04:20:00 UTC\n")


def test_a_split_pot_replays_to_half_dollars() -> None:
    """Two sevens with the same kickers share $5: $2.50 each, to the cent in pokerkit too."""
    record: dict[str, Any] = {
        "game": "Texas Hold'em", "structure": "No Limit", "blinds": [100, 200], "button": 9,
        "seats": [{"seat": 3, "stack": 5000}, {"seat": 6, "stack": 5000},
                  {"seat": 9, "stack": 5000}],
        "forced": [{"seat": 3, "kind": "small-blind", "amount": 100},
                   {"seat": 6, "kind": "big-blind", "amount": 200}],
        "hole": {"3": ["2h", "4c"], "6": ["7c", "6d"], "9": ["7h", "8d"]}, "shown": ["6", "9"],
        "streets": [
            {"name": "preflop", "board": [], "actions": [
                {"seat": 9, "kind": "call", "amount": 200}, {"seat": 3, "kind": "fold"},
                {"seat": 6, "kind": "check"}]},
            {"name": "flop", "board": ["7s", "Ad", "Qh"], "actions": [
                {"seat": 6, "kind": "check"}, {"seat": 9, "kind": "check"}]},
            {"name": "turn", "board": ["7s", "Ad", "Qh", "Tc"], "actions": [
                {"seat": 6, "kind": "check"}, {"seat": 9, "kind": "check"}]},
            {"name": "river", "board": ["7s", "Ad", "Qh", "Tc", "Jc"], "actions": [
                {"seat": 6, "kind": "check"}, {"seat": 9, "kind": "check"}]}],
        "awards": [{"pot": 0, "board": 0, "half": "whole", "amount": 500,
                    "winners": {"6": 250, "9": 250}, "hand_names": {}}],
        "house_take": [],
    }
    text = history_text(record, 3, "Split", 16, STARTED)
    assert "Seat 6 collected $2.50 from pot" in text and "Seat 9 collected $2.50 from pot" in text
    assert parsed_final_stacks(text) == {"Seat 3": 4900, "Seat 6": 5050, "Seat 9": 5050}
