"""The stud games on the poker hand (games/poker/stud.py): the deal plan, the antes, the bring-in
by each rulebook's card and suit order, completing it, who acts first on the later streets, the
fourth-street double limit, the hi-lo split, the common card when the deck runs short, odd
cents, what each seat sees, and the hand history."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tests.engine.poker.deal import FULL
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import IllegalAction
from webgame.games.poker import history
from webgame.games.poker.games import kind_from_rules
from webgame.games.poker.hand import (
    Forced,
    HandState,
    act,
    is_over,
    legal,
    record,
    showdown,
    start_hand,
    to_act,
    view,
)
from webgame.games.poker.structures import from_rules


def deck_for(first: Sequence[str], later: Sequence[Sequence[str]] = ()) -> list[str]:
    """The deck a stud hand deals: ``first`` gives each seat's first-street cards in dealing
    order ("AsKd7c": two down, then the up card); ``later`` the cards of each later street for
    the players still in, in seat order. A burn from the unnamed cards before each later street."""
    cards = [[f[i:i + 2] for i in range(0, len(f), 2)] for f in first]
    named = [c for h in cards for c in h] + [c for street in later for c in street]
    assert len(set(named)) == len(named), "a card named twice"
    spare = [c for c in FULL if c not in named]
    deck: list[str] = []
    for i in range(len(cards[0])):
        deck += [h[i] for h in cards]
    for street in later:
        deck.append(spare.pop())
        deck += list(street)
    return deck + spare


def stud(game: str, variant: str, first: Sequence[str], later: Sequence[Sequence[str]] = (),
         stack: int = 100_000, deck: list[str] | None = None) -> HandState:
    """A hand of the variant's rules, seats 1..n in order, each anteing."""
    rules = resolve(load_game(game).variants[variant])
    kind = kind_from_rules(load_game(game).variants[variant].game_name, rules)
    betting = from_rules(rules)
    seats = [(s, stack) for s in range(1, len(first) + 1)]
    forced = [Forced(s, "ante", betting.ante) for s, _ in seats]
    return start_hand(kind, betting, seats, 0, forced, deck or deck_for(first, later))


def kinds(h: HandState) -> dict[str, tuple[int, int]]:
    seat = to_act(h)
    assert seat is not None
    return {o.kind: (o.min, o.max) for o in legal(h, seat)}


def call_down(h: HandState, street: int | None = None) -> None:
    """Everybody brings in, checks or calls until the street changes (or the hand ends)."""
    start = h.street if street is None else street
    while not is_over(h) and h.street == start:
        seat = to_act(h)
        if seat is None:
            return
        options = kinds(h)
        move = next(k for k in ("bring-in", "check", "call") if k in options)
        act(h, seat, move, options[move][0])


FORCED_BRING_IN = [("seven-card-stud", "lucky-derby"), ("seven-card-stud", "lc"),
                   ("seven-card-stud", "crystal-park"), ("seven-card-stud-hi-lo", "lc"),
                   ("seven-card-stud-hi-lo", "crystal-park")]


@pytest.mark.parametrize(("game", "variant"), FORCED_BRING_IN)
def test_the_lowest_up_card_brings_in_ties_by_suit_clubs_lowest(game: str, variant: str) -> None:
    # 001 s.231-277 (suits alphabetically, clubs lowest), 002 §7 (clubs < diamonds < hearts <
    # spades), 003 §12/§13 (the lowest suit is forced), D-018, D-439
    h = stud(game, variant, ["AsKs2d", "QhQd2c", "3h3d4s", "9c9d2h"])
    rules = resolve(load_game(game).variants[variant])
    assert to_act(h) == 2  # the deuce of clubs, below the deuces of diamonds and hearts
    assert kinds(h) == {"bring-in": (rules["bring_in"], rules["bring_in"]),
                        "complete": (rules["bets"][0], rules["bets"][0])}  # no fold: the bet is forced
    # the antes went in before the cards, dead
    assert [a["kind"] for a in h.streets[0].actions] == ["ante"] * 4
    assert sum(p.put_in for p in h.players) == 4 * rules["ante"]
    # an ace is high for the bring-in (003 §13, D-439)
    assert to_act(stud(game, variant, ["2s2dAc", "3s3d3c"])) == 2


def test_razz_brings_in_by_the_highest_card_aces_low_ties_to_the_higher_suit() -> None:
    # 003 §11 s.312: the highest upcard, aces low; ties spades, hearts, diamonds, clubs
    h = stud("razz", "crystal-park", ["2s3sKc", "4s5sAh", "6s7sKs", "8s9s7c"])
    assert to_act(h) == 3  # the king of spades over the king of clubs; the ace is low
    assert set(kinds(h)) == {"bring-in", "complete"} and kinds(h)["bring-in"] == (1000, 1000)


def test_the_chapter4_rooms_force_no_bet_the_card_opens_with_a_check_or_a_bet() -> None:
    # 004 s.481, s.590: "open" is a bet or a check (D-439, D-444, D-448)
    h = stud("seven-card-stud", "chapter4", ["AsKs2d", "QhQd2c", "3h3d4s"])
    assert to_act(h) == 2 and set(kinds(h)) == {"fold", "check", "bet"}
    assert stud("razz", "chapter4", ["2s3sKc", "4s5sAh", "6s7sKs"]).actor == 3
    five = stud("five-card-stud", "chapter4", ["2sKc", "4sAh", "6sAs", "8s3c"])
    assert to_act(five) == 3 and set(kinds(five)) == {"fold", "check", "bet"}  # aces high, spades top
    assert len(five.player(1).hole) == 2 and five.player(1).up == ["Kc"]  # one down, one up (004 s.586)


def test_completing_the_bring_in_is_the_bet_and_three_raises_follow() -> None:
    # 003 §12 rule 2: "completing the forced bet is not a raise"; $3-$6, bring-in $1 (002 s.5467)
    h = stud("seven-card-stud", "lc", ["AsKs2c", "QhQd5c", "3h3d4s", "9c9d8h"])
    assert to_act(h) == 1
    act(h, 1, "bring-in")
    assert h.current == 100
    options = {o.kind: o for o in legal(h, 2)}
    assert options["call"].min == 100
    assert (options["raise"].min, options["raise"].max, options["raise"].label) == (300, 300, "Complete to $3")
    act(h, 2, "raise", 300)
    for seat, to in ((3, 600), (4, 900), (1, 1200)):
        assert kinds(h)["raise"] == (to, to)
        act(h, seat, "raise", to)
    assert to_act(h) == 2 and "raise" not in kinds(h)  # the completion and three raises: capped (D-403)
    # the bring-in may itself complete to the small bet
    h = stud("seven-card-stud", "lc", ["AsKs2c", "QhQd5c", "3h3d4s"])
    act(h, 1, "complete")
    assert h.current == 300 and kinds(h)["raise"] == (600, 600)


def test_the_best_board_acts_first_from_fourth_street_ties_to_the_lowest_seat() -> None:
    # 002 §7 step 4, 003 §12 rule 4, D-439: the high board first, equal boards in seat order
    first = ["2s3s4d", "4s5s5c", "6s7sKh", "8s9sKs"]
    h = stud("seven-card-stud", "crystal-park", first, [["Kd", "5d", "9c", "9d"]])
    call_down(h)
    assert h.street == 1 and to_act(h) == 2  # a pair of fives over king-four
    h = stud("seven-card-stud", "crystal-park", first, [["2d", "3c", "9c", "9d"]])
    call_down(h)
    assert to_act(h) == 3  # K-9 twice: seat 3 is first clockwise from the dealer
    # razz: the lowest board (003 §11): A-2 beats 3-4; a pair counts against the hand
    h = stud("razz", "crystal-park", ["TsJsAc", "QsKs3c", "9s8sKh", "7h6hKd"],
             [["2c", "4c", "5h", "Kc"]])
    call_down(h)
    assert to_act(h) == 1


def test_an_open_pair_on_fourth_street_allows_the_big_bet_to_anyone_at_lucky_chances() -> None:
    # 002 §7: "an open pair showing on 4th street lets players bet either limit"; once the
    # higher limit is bet the rest of the round is at it (D-441)
    first = ["2s3s5c", "4s6sAc", "7s8sKh"]
    h = stud("seven-card-stud", "lc", first, [["5d", "Kd", "9c"]])
    call_down(h)
    assert to_act(h) == 1 and kinds(h)["bet"] == (300, 600)
    with pytest.raises(IllegalAction):
        act(h, 1, "bet", 450)  # the small or the big bet, nothing between
    act(h, 1, "bet", 300)
    assert kinds(h)["raise"] == (600, 900)  # after a small bet, a small or a big raise
    act(h, 2, "raise", 900)
    assert kinds(h)["raise"] == (1500, 1500)  # after the big raise, big raises only


def test_only_the_player_showing_the_pair_may_double_at_lucky_derby() -> None:
    # 001: "if a player gets an open pair, he or she can make a double bet" (D-441); $5-$10
    first = ["2s3s5c", "4s6sAc", "7s8sKh"]
    h = stud("seven-card-stud", "lucky-derby", first, [["5d", "Kd", "9c"]])
    call_down(h)
    assert to_act(h) == 1 and kinds(h)["bet"] == (500, 1000)
    act(h, 1, "check")
    assert kinds(h)["bet"] == (500, 500)  # seat 2 shows no pair
    act(h, 2, "bet", 500)
    act(h, 3, "call")
    assert kinds(h)["raise"] == (1000, 1500)  # the pair's owner may raise small or big


@pytest.mark.parametrize(("game", "variant"), [("seven-card-stud-hi-lo", "lc"), ("razz", "crystal-park")])
def test_no_double_limit_at_hi_lo_or_razz(game: str, variant: str) -> None:
    # 002 §8: "players may NOT bet the higher limit when a pair shows on 4th street"; razz and
    # 003 §13: "an open pair does not affect the limit" (D-441)
    first = ["2s3s5c", "4s6sAc", "7s8sKh"]
    h = stud(game, variant, first, [["5d", "Kd", "9c"]])
    call_down(h)
    seat = to_act(h)
    assert seat is not None
    small = resolve(load_game(game).variants[variant])["bets"][0]
    assert kinds(h)["bet"] == (small, small)


LATER = [["Kh", "Kd"], ["Qh", "Qd"], ["Jh", "Jd"], ["9h", "9c"]]


def test_a_hi_lo_pot_with_no_qualifying_low_goes_whole_to_the_high_hand() -> None:
    # 002 §8: "If no qualifying low, the best exposed high hand takes the entire pot" (D-443)
    h = stud("seven-card-stud-hi-lo", "crystal-park", ["AsAdTs", "2c9dTc"], LATER)
    while not is_over(h):
        call_down(h)
    awards = showdown(h, 0)
    assert [(a.half, a.winners) for a in awards] == [("whole", {1: sum(p.put_in for p in h.players)})]


def test_a_hi_lo_pot_splits_between_the_high_and_an_eight_low() -> None:
    h = stud("seven-card-stud-hi-lo", "crystal-park", ["AsAdTs", "2c3d4c"], [["Kh", "5d"], ["Qh", "8h"],
                                                                              ["Jh", "Jd"], ["9h", "9c"]])
    while not is_over(h):
        call_down(h)
    awards = {a.half: a for a in showdown(h, 1)}  # a one-cent take leaves an odd cent
    pot = sum(p.put_in for p in h.players) - 1
    assert awards["high"].winners == {1: pot - pot // 2} and awards["low"].winners == {2: pot // 2}
    assert awards["low"].hand_names[2] == "8-5-4-3-2 low"


def test_razz_plays_the_lowest_hand_for_the_whole_pot() -> None:
    h = stud("razz", "crystal-park", ["AsKsQs", "2c3d4c"], [["Kh", "5d"], ["Qh", "8h"], ["Jh", "Jd"], ["9h", "9c"]])
    while not is_over(h):
        call_down(h)
    awards = showdown(h, 0)
    assert [(a.half, list(a.winners), a.hand_names[2]) for a in awards] == [("whole", [2], "8-5-4-3-2 low")]


def run_out(h: HandState, fold_first: int = 0) -> None:
    """Play to the end, the first ``fold_first`` players after the bring-in folding at once."""
    folded = 0
    while not is_over(h):
        seat = to_act(h)
        assert seat is not None
        options = kinds(h)
        if folded < fold_first and "fold" in options and "bring-in" not in options:
            act(h, seat, "fold")
            folded += 1
            continue
        move = next(k for k in ("bring-in", "check", "call") if k in options)
        act(h, seat, move, options[move][0])


@pytest.mark.parametrize("variant", ["crystal-park", "chapter4"])
def test_eight_players_to_seventh_street_share_one_common_card(variant: str) -> None:
    # 8 x 7 cards = 56 > 52: one card face up in the centre plays for everybody (003 rule 13,
    # 004 s.723, D-440)
    deck = list(FULL)
    random.Random(3).shuffle(deck)
    h = stud("seven-card-stud", variant, [""] * 8, deck=deck)
    run_out(h)
    assert len(h.boards[0]) == 1 and all(len(p.hole) == 6 for p in h.players)
    common = h.boards[0][0]
    seen = [c for p in h.players for c in p.hole] + [common]
    assert len(set(seen)) == 49 and common in h.burns[:h.burns_reused]  # turned from the unseen burns
    names = [row["name"] for row in record(h)["streets"]]
    assert names == ["third", "fourth", "fifth", "sixth", "seventh"]
    assert len(showdown(h, 0)) == 1


@pytest.mark.parametrize(("variant", "common"), [("crystal-park", False), ("chapter4", True)])
def test_short_of_cards_the_burns_are_dealt_before_a_common_card_except_at_chapter4(variant: str,
                                                                                   common: bool) -> None:
    # 8 dealt, one folds on third street: seven players need 7 cards from a stub of 4 and 3 burns.
    # c003 rule 13 deals the burns (no burn of their own); c004 s.723 turns a common card (D-440).
    deck = list(FULL)
    random.Random(5).shuffle(deck)
    h = stud("seven-card-stud", variant, [""] * 8, deck=deck)
    run_out(h, fold_first=1)
    live = [p for p in h.players if not p.folded]
    assert len(live) == 7
    if common:
        assert len(h.boards[0]) == 1 and all(len(p.hole) == 6 for p in live)
    else:
        assert h.boards[0] == [] and all(len(p.hole) == 7 for p in live) and h.burns_reused == 3


def test_odd_cents_go_to_the_tied_winner_with_the_highest_card_by_suit() -> None:
    # D-408, D-442: not the first seat, the ace of spades
    h = stud("seven-card-stud", "crystal-park", ["Ah3c2d", "As3d2h"], [["Kd", "Ks"], ["Qc", "Qd"],
                                                                       ["Jh", "Jc"], ["9s", "9d"]])
    while not is_over(h):
        call_down(h)
    (award,) = showdown(h, 1)
    pot = sum(p.put_in for p in h.players) - 1
    assert award.winners == {2: pot // 2 + 1, 1: pot // 2}


def test_every_seat_sees_the_up_cards_and_only_its_own_down_cards() -> None:
    h = stud("seven-card-stud", "lc", ["AsKs2c", "QhQd5c"], [["7h", "8h"]])
    me = {s["seat"]: s for s in view(h, 1)["seats"]}
    assert me[1]["cards"] == ["As", "Ks", "2c"] and me[2]["cards"] == [None, None, "5c"]
    assert me[2]["up"] == ["5c"]
    public = {s["seat"]: s["cards"] for s in view(h, None)["seats"]}
    assert public == {1: [None, None, "2c"], 2: [None, None, "5c"]}
    assert view(h, 1)["street"] == "third"


def test_the_hand_history_writes_the_streets_the_bring_in_and_the_completion() -> None:
    h = stud("seven-card-stud", "lc", ["AsKs2c", "QhQd5c", "JhJd9c"], [["7h", "8h"], ["6h", "6d"],
                                                                      ["5h", "5d"], ["Tc", "Td"]])
    act(h, 1, "bring-in")
    act(h, 2, "raise", 300)
    act(h, 3, "fold")
    while not is_over(h):
        call_down(h)
    showdown(h, 0)
    text = history.history_text(record(h), 2, "Stud 1", 7, "2026-11-27T07:00:00+00:00")
    assert text.startswith("PokerStars Hand #7: 7 Card Stud Limit ($3/$6 USD)")
    assert "Seat 1: posts the ante $1" in text
    assert "*** 3rd STREET ***\nDealt to Seat 1 [Xx Xx 2c]\nDealt to Seat 2 [Qh Qd 5c]\nDealt to Seat 3 [Xx Xx 9c]" in text
    assert "Seat 1: brings in for $1\nSeat 2: completes it to $3\nSeat 3: folds" in text
    assert "*** 4th STREET ***\nDealt to Seat 1 [Xx Xx 2c] [7h]\nDealt to Seat 2 [Qh Qd 5c] [8h]" in text
    assert "*** RIVER ***\nDealt to Seat 1 [Xx Xx 2c 7h 6h 5h] [Xx]" in text
    assert "*** SHOW DOWN ***" in text and "Seat 1: shows [As Ks 2c 7h 6h 5h Tc]" in text
    public = history.history_text(record(h), None, "Stud 1", 7, "2026-11-27T07:00:00+00:00")
    assert "Qh Qd" not in public.split("*** SHOW DOWN ***")[0]
