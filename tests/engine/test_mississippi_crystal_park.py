"""Mississippi Stud, the Crystal Park player-dealer edition (seed 003 §60-§61, s.3696-3843):
two cards at a time to each player and to the P/D (whose cards are never used, D-337), its
own paytable, no cap, and the 3 Card Bonus on the three community cards, which stays in
action after a fold and is settled after the street wagers."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations

import pytest

from tests.carnival_support import act, check_money, check_views, nets, random_round, rules_for, stacked_round
from webgame.analysis import mississippi_stud as ms_edges
from webgame.engine.cards import standard_deck
from webgame.engine.hands import evaluate_three
from webgame.engine.money import Odds
from webgame.engine.paytable import RULES_DIR, load_game
from webgame.engine.protocol import Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.carnival import MISSISSIPPI_STUD as MS
from webgame.games.carnival.base import CarnivalState, pay_line
from webgame.games.carnival.mississippi import THREE_CARD

EDITION = "crystal-park"
PD_CARDS = ["2c", "3d"]  # the P/D's two cards, dealt and never used (D-337)


def cp_round(hands: Sequence[str], community: str,
             bets: Mapping[int, Mapping[str, int]] | None = None) -> tuple[CarnivalState, list[Event]]:
    """Two cards at a time to each player, two to the P/D, then the community cards (003 s.3759-3762)."""
    order = [c for h in hands for c in h.split()] + PD_CARDS + community.split()
    bets = bets if bets is not None else {n: {"ante": 1000} for n in range(len(hands))}
    return stacked_round(MS, rules_for("mississippi-stud", EDITION), order, bets)


def play(state: CarnivalState, events: list[Event], *moves: str) -> list[Event]:
    """One move a street for every hand still deciding: "1", "2", "3" (x the Ante) or "fold"."""
    for move in moves:
        for n in list(MS.undecided(state)):
            events += act(MS, state, "fold", n) if move == "fold" else act(MS, state, "street", n, move)
    return events


def test_the_edition_is_banked_by_a_player_dealer_with_five_players() -> None:
    with open(RULES_DIR / "mississippi-stud.toml", "rb") as fh:
        raw = tomllib.load(fh)["variants"]
    assert raw[EDITION]["banking"] == "player-dealer" and "banking" not in raw["chapter4"]
    rules = rules_for("mississippi-stud", EDITION)
    assert rules["seats"] == 6 and rules["side_bets"] == [THREE_CARD]  # five players and the P/D (003 s.3737, D-340, P-093)


def test_the_deal_is_two_at_a_time_and_the_player_dealers_cards_are_never_shown() -> None:
    state, _ = cp_round(["As Kd", "9c 2h"], "Qh Jc 8d")
    assert state.seats[0].cards == ["As", "Kd"] and state.seats[1].cards == ["9c", "2h"]
    assert state.burn == PD_CARDS and state.community == ["Qh", "Jc", "8d"]
    play(state, [], "1", "1", "1")
    assert MS.is_over(state)
    for viewer in (None, 0, 1):
        assert MS.view(state, viewer)["burn"] == [None, None]  # never shown, even at the end


def test_paytables_are_the_rulebook_lines_003_s3794_s3827() -> None:
    v = load_game("mississippi-stud").variants[EDITION]
    base = [(ln.hand, str(ln.odds)) for ln in v.paytable("mississippi-stud-003").lines]
    assert base == [(ln.hand, str(ln.odds)) for ln in load_game("mississippi-stud").variants["chapter4"]
                    .paytable("mississippi-stud").lines]  # the same figures, from 003's own lines
    bonus = [(ln.hand, str(ln.odds)) for ln in v.paytable("ms-three-card-bonus-003").lines]
    assert bonus == [("straight-flush", "40 to 1"), ("three-of-a-kind", "30 to 1"), ("straight", "5 to 1"),
                     ("flush", "4 to 1"), ("pair", "1 to 1")]


@pytest.mark.parametrize(("community", "odds"), [
    ("Qh Kh Ah", 40),    # A-K-Q suited: the straight flush line (no royal line, D-339)
    ("2s 3s 4s", 40),
    ("8c 8d 8h", 30),
    ("Ac 2d 3h", 5),     # A-2-3 is a straight (D-339)
    ("Qc Kd Ah", 5),
    ("2h 7h 9h", 4),
    ("Kc Kd 2h", 1),
    ("Kc Ad 2h", -1),    # K-A-2 is no straight (D-339)
    ("9c Jd 4h", -1),
])
def test_each_three_card_bonus_line_on_the_community_cards_003_s3810(community: str, odds: int) -> None:
    # The player's own cards never count: a pair of 5s in hand makes no difference to the bonus.
    state, events = cp_round(["5c 5s"], community, bets={0: {"ante": 1000, THREE_CARD: 500}})
    events = play(state, events, "1", "1", "1")
    assert nets(events)[THREE_CARD] == 500 * odds
    check_money(MS, events, state)


@pytest.mark.parametrize("street", [1, 2, 3])
def test_the_bonus_stays_in_action_after_a_fold_003_s3817(street: int) -> None:
    state, events = cp_round(["9c 4d"], "8c 8d 8h", bets={0: {"ante": 1000, THREE_CARD: 500}})
    events = play(state, events, *["1"] * (street - 1), "fold")
    assert MS.is_over(state)
    got = nets(events)
    assert got[THREE_CARD] == 500 * 30 and got["ante"] == -1000
    assert MS.view(state, None)["community"] == ["8c", "8d", "8h"]  # all three turned for the bonus


def test_a_seat_settles_ante_streets_then_the_bonus_003_s3787() -> None:
    state, events = cp_round(["Kc Ks"], "Kd 7h 4s", bets={0: {"ante": 1000, THREE_CARD: 500}})
    events = play(state, events, "3", "1", "2")
    order = [e.bet for e in events if isinstance(e, Settlement)]
    assert order == ["ante", "3rd", "4th", "5th", THREE_CARD]
    assert nets(events) == {"ante": 3000, "3rd": 9000, "4th": 3000, "5th": 6000, THREE_CARD: -500}


def test_no_cap_a_royal_at_the_maximum_is_paid_in_full() -> None:
    # $50 Ante and 3x on every street, a royal at 500 to 1: $250,000 in all, nothing cut.
    state, events = cp_round(["Ah Kh"], "Qh Jh Th", bets={0: {"ante": 5000}})
    events = play(state, events, "3", "3", "3")
    assert sum(nets(events).values()) == (5000 + 3 * 15000) * 500
    assert MS.cap(state.rules) is None and MS.view(state, 0)["cap"] is None


def test_the_bonus_needs_an_ante_and_the_chapter4_table_has_none() -> None:
    rng = SeededRng(0)
    state = MS.new_round(rules_for("mississippi-stud", EDITION), rng, None)
    with pytest.raises(IllegalAction, match="needs a wager on the Ante"):
        MS.apply(state, Action("bet", 0, THREE_CARD, 500), rng)  # 003 s.3811
    MS.apply(state, Action("bet", 0, "ante", 500), rng)
    MS.apply(state, Action("bet", 0, THREE_CARD, 500), rng)
    house = MS.new_round(rules_for("mississippi-stud", "chapter4"), rng, None)
    MS.apply(house, Action("bet", 0, "ante", 500), rng)
    with pytest.raises(IllegalAction, match="no such bet"):
        MS.apply(house, Action("bet", 0, THREE_CARD, 500), rng)


@pytest.mark.parametrize("seed", range(40))
def test_seeded_rounds_settle_every_wager_once(seed: int) -> None:
    state, events = random_round(MS, rules_for("mississippi-stud", EDITION), 9100 + seed, thorough=seed < 5)
    check_money(MS, events, state)
    if seed < 5:
        check_views(MS, state, [None, *state.seats])


# ---------------------------------------------------------------------------------------
# The analyzer, the P/D taking the house's side
# ---------------------------------------------------------------------------------------
def test_the_bonus_figure_is_its_paytable_over_every_three_card_set() -> None:
    rules = rules_for("mississippi-stud", EDITION)
    table = "ms-three-card-bonus-003"
    total = Fraction(0)
    sets = list(combinations([c.code for c in standard_deck()], 3))
    for cards in sets:
        line = pay_line(rules, table, evaluate_three(list(cards)))
        total += Odds.parse(rules["paytables"][table]["lines"][line]).net if line else -1
    wagers = {w.bet: w for w in ms_edges.wagers(load_game("mississippi-stud").variants[EDITION], rules)}
    assert set(wagers) == {"ante", THREE_CARD}
    bonus = wagers[THREE_CARD].exact
    assert bonus is not None and bonus().house_edge == -total / len(sets)
    # Straight flush 48, trips 52, straight 720, flush 1,096, pair 3,744 of 22,100 (three-card counts).
    assert -total / len(sets) == 1 - Fraction(48 * 41 + 52 * 31 + 720 * 6 + 1096 * 5 + 3744 * 2, 22100)
