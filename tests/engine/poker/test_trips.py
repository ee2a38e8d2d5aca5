"""Trips (003 §16): the grades with two wild jokers, the division of the accumulated pot, the
collection once per round of play, folds, and the money of hands that carry the pot on
(games/poker/trips.py, trips_table.py)."""

from __future__ import annotations

from typing import Any

import pytest

from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import (
    Action,
    CarriedPot,
    Fee,
    IllegalAction,
    Settlement,
    Stake,
    event_from_dict,
    event_to_dict,
)
from webgame.engine.rng import SeededRng
from webgame.games.poker import trips, trips_table
from webgame.games.poker.trips_table import TRIPS, TripsState

NO_PAIR = {  # five hands of no pair or one pair, none qualifies; seat 0's is the best
    0: ["As", "Ad", "Kc", "9h", "4d"],
    1: ["Kh", "Qd", "8c", "6s", "2h"],
    2: ["Jh", "Td", "7c", "5s", "3h"],
}


def rules(limit: str = "$2") -> dict[str, Any]:
    return resolve(load_game("trips-dcs").variants["commerce"], {"options": {"table_limit": limit}})


def dealing_order(hands: dict[int, list[str]], folds: dict[int, int]) -> list[str]:
    """The deck top-down for these hands: two cards one at a time from the lowest seat, then one
    card to each seat still in after each decision round (``folds``: seat -> cards it held when
    it folded)."""
    seats = sorted(hands)
    order = [hands[s][i] for i in range(2) for s in seats]
    for n in range(2, 5):
        order += [hands[s][n] for s in seats if folds.get(s, 9) > n]
    return order


def stack(monkeypatch, order: list[str]) -> None:
    rest = [c for c in trips.deck(2) if c not in order or c == trips.JOKER]
    for c in order:
        if c == trips.JOKER:
            rest.remove(c)
    monkeypatch.setattr(trips_table, "shuffled", lambda tr, rng: list(order) + rest)


def seat(state: TripsState, seats: dict[int, int], carry_owner: str = "") -> None:
    for s, chips in seats.items():
        TRIPS.apply(state, Action("owner", s, str(100 + s), chips), SeededRng(b"o"))


def play_hand(monkeypatch, hands: dict[int, list[str]], carry: dict[str, Any] | None = None,
              folds: dict[int, int] | None = None, chips: int = 100_000,
              limit: str = "$2") -> tuple[TripsState, list[Any]]:
    folds = folds or {}
    stack(monkeypatch, dealing_order(hands, folds))
    state = TRIPS.new_round(rules(limit), SeededRng(b"r"), carry)
    seat(state, {s: chips for s in hands})
    events = TRIPS.apply(state, Action("deal"), SeededRng(b"d"))
    for _ in range(40):
        to = TRIPS.to_act(state)
        if to is None:
            break
        held = len(state.cards[str(to)])
        kind = "fold" if folds.get(to) == held else "bet"
        events += TRIPS.apply(state, Action(kind, to, "", state.rules["bet"] if kind == "bet" else 0),
                              SeededRng(b"a"))
    assert TRIPS.is_over(state)
    return state, events


def money(events: list[Any]) -> dict[str, int]:
    """Every cent a hand moved, by where it went."""
    out = {"fees": 0, "staked": 0, "returned": 0, "brought": 0, "kept": 0}
    for ev in events:
        if isinstance(ev, Fee):
            out["fees"] += ev.amount
        elif isinstance(ev, Stake):
            out["staked"] += ev.amount
        elif isinstance(ev, Settlement):
            out["returned"] += ev.returned
        elif isinstance(ev, CarriedPot):
            out["brought" if ev.direction == "bring" else "kept"] += ev.amount
    return out


# -- the grades -----------------------------------------------------------------------------

def test_two_jokers_make_trips_of_the_highest_card() -> None:
    # 003 s.572: no straight or better, so the two jokers join the highest card: three kings.
    v = trips.grade(["JK", "JK", "Kh", "7c", "2d"])
    assert v.category == "three-of-a-kind" and v.description.startswith("Three of a kind, kings")
    assert trips.qualifies(v, "three-of-a-kind")
    # ... and it beats a natural three queens, loses to a natural three aces
    assert v > trips.grade(["Qh", "Qd", "Qc", "9s", "3h"])
    assert v < trips.grade(["Ah", "Ad", "Ac", "9s", "3h"])
    # a straight or better is taken where the jokers make one
    assert trips.grade(["JK", "JK", "9h", "8c", "7d"]).category == "straight"


def test_five_of_a_kind_beats_a_royal_flush() -> None:
    five = trips.grade(["As", "Ad", "Ac", "Ah", "JK"])
    royal = trips.grade(["As", "Ks", "Qs", "Js", "Ts"])
    assert five.category == "five-of-a-kind" and royal.category == "royal-flush"
    assert five > royal  # 003 s.601: Five-of-a-Kind ranks 1st
    division = trips.divide(1000, {0: ["Ah", "Kh", "Qh", "Jh", "Th"], 1: ["2s", "2d", "2c", "JK", "JK"]},
                            "three-of-a-kind", 20)
    assert division.shares == {1: 1000} and division.kind == trips.WINNER


def test_pairs_do_not_qualify() -> None:
    assert not trips.qualifies(trips.grade(["As", "Ad", "Kc", "Kh", "4d"]), "three-of-a-kind")
    assert not trips.qualifies(trips.grade(["JK", "Ad", "Kc", "9h", "4d"]), "three-of-a-kind")


# -- the division of the pot ----------------------------------------------------------------

def test_ties_split_as_d459() -> None:
    # Tied qualifying hands split the whole pot, the odd cent to the lower seat (D-459, D-021).
    tied = trips.divide(1001, {4: ["9s", "9d", "9c", "Kh", "2d"], 1: ["9h", "JK", "Kd", "2c", "9c"]},
                        "three-of-a-kind", 20)
    assert tied.kind == trips.WINNER and tied.shares == {1: 501, 4: 500} and tied.carried == 0
    # No qualifier: 20% truncated to the cent, split by the tied high hands, the rest carries.
    high = trips.divide(1006, {2: ["As", "Ad", "Kc", "9h", "4d"], 0: ["Ah", "Ac", "Kd", "9s", "4c"],
                               5: ["Qs", "Qd", "Jc", "9c", "4h"]}, "three-of-a-kind", 20)
    assert high.kind == trips.HIGH_HAND
    assert high.shares == {0: 101, 2: 100}  # 1006 * 20% = 201.2 -> 201, the odd cent to seat 1
    assert high.carried == 805 and not high.concluded  # the fraction carries too


def test_a_pot_carried_three_hands_then_won_by_trips(monkeypatch) -> None:
    carry: dict[str, Any] | None = None
    pot_before = 0
    for hand_no in range(3):
        state, events = play_hand(monkeypatch, NO_PAIR, carry)
        m = money(events)
        pot = pot_before + 3 * 4 * 200  # three players, four bets of $2 each
        award = pot * 20 // 100
        assert state.outcome["kind"] == trips.HIGH_HAND
        assert state.outcome["shares"] == {"0": award}  # 20% to the high hand each time (s.665)
        assert m["brought"] == pot_before and m["kept"] == pot - award
        assert m["staked"] + m["brought"] == m["returned"] + m["kept"]  # nothing lost or created
        assert m["fees"] == (3 * 50 if hand_no == 0 else 0)  # the collection once per round of play
        carry = TRIPS.carry(state)
        assert TRIPS.carried_pot(carry) == pot - award
        pot_before = pot - award
    winning = dict(NO_PAIR)
    winning[2] = ["7h", "7d", "7c", "5s", "3h"]  # three sevens qualifies
    state, events = play_hand(monkeypatch, winning, carry)
    m = money(events)
    assert state.outcome["kind"] == trips.WINNER and state.outcome["concluded"]
    assert state.outcome["shares"] == {"2": pot_before + 2400}  # the whole accumulated pot (s.664)
    assert m["kept"] == 0 and m["brought"] == pot_before and m["fees"] == 0
    after = TRIPS.carry(state)
    assert TRIPS.carried_pot(after) == 0 and after["play"]["paid"] == {}  # a new round of play
    # the next hand of the new round of play collects from everyone again
    _, events = play_hand(monkeypatch, NO_PAIR, after)
    assert money(events)["fees"] == 3 * 50


def test_a_newcomer_pays_the_collection_and_a_bet(monkeypatch) -> None:
    state, _ = play_hand(monkeypatch, {0: NO_PAIR[0], 1: NO_PAIR[1]})
    carry = TRIPS.carry(state)
    hands = {0: NO_PAIR[0], 1: NO_PAIR[1], 3: ["Jh", "Td", "7c", "5s", "3h"]}
    stack(monkeypatch, dealing_order(hands, {}))
    state = TRIPS.new_round(rules(), SeededRng(b"r"), carry)
    seat(state, {0: 10_000, 1: 10_000, 3: 10_000})
    events = TRIPS.apply(state, Action("deal"), SeededRng(b"d"))
    assert [(e.seat, e.amount) for e in events if isinstance(e, Fee)] == [(3, 50)]  # rule 14, s.665
    assert [(e.seat, e.amount) for e in events if isinstance(e, Stake)] == [(0, 200), (1, 200), (3, 200)]


def test_a_new_player_in_a_paid_seat_pays_again(monkeypatch) -> None:
    state, _ = play_hand(monkeypatch, {0: NO_PAIR[0], 1: NO_PAIR[1]})
    carry = TRIPS.carry(state)
    stack(monkeypatch, dealing_order({0: NO_PAIR[0], 1: NO_PAIR[1]}, {}))
    state = TRIPS.new_round(rules(), SeededRng(b"r"), carry)
    TRIPS.apply(state, Action("owner", 0, "100", 10_000), SeededRng(b"o"))
    TRIPS.apply(state, Action("owner", 1, "999", 10_000), SeededRng(b"o"))  # another player sat down
    events = TRIPS.apply(state, Action("deal"), SeededRng(b"d"))
    assert [(e.seat, e.amount) for e in events if isinstance(e, Fee)] == [(1, 50)]


def test_sitting_out_a_hand_loses_the_paid_collection(monkeypatch) -> None:
    three = {0: NO_PAIR[0], 1: NO_PAIR[1], 2: NO_PAIR[2]}
    state, _ = play_hand(monkeypatch, three)
    carry = TRIPS.carry(state)
    # seat 2 sits out the next hand (D-460) ...
    two = {0: NO_PAIR[0], 1: NO_PAIR[1]}
    stack(monkeypatch, dealing_order(two, {}))
    state = TRIPS.new_round(rules(), SeededRng(b"r"), carry)
    seat(state, {0: 10_000, 1: 10_000, 2: 10_000})
    TRIPS.apply(state, Action("sit-out", 2), SeededRng(b"s"))
    events = TRIPS.apply(state, Action("deal"), SeededRng(b"d"))
    assert not [e for e in events if isinstance(e, Fee)] and 2 not in state.dealt
    for _ in range(20):
        to = TRIPS.to_act(state)
        if to is None:
            break
        TRIPS.apply(state, Action("bet", to, "", 200), SeededRng(b"a"))
    carry = TRIPS.carry(state)
    # ... and pays a new collection when it comes back
    stack(monkeypatch, dealing_order(three, {}))
    state = TRIPS.new_round(rules(), SeededRng(b"r"), carry)
    seat(state, {0: 10_000, 1: 10_000, 2: 10_000})
    TRIPS.apply(state, Action("sit-in", 2), SeededRng(b"s"))
    events = TRIPS.apply(state, Action("deal"), SeededRng(b"d"))
    assert [(e.seat, e.amount) for e in events if isinstance(e, Fee)] == [(2, 50)]


def test_a_folded_player(monkeypatch) -> None:
    hands = {0: ["As", "Ad", "Ac", "9h", "4d"], 1: ["Kh", "Qd", "8c", "6s", "2h"], 2: ["Jh", "Td", "7c", "5s", "3h"]}
    # seat 0 would hold three aces but folds on its 2nd card: it gets no more cards, wins nothing
    # (rule 10), and the best hand still in takes 20% (no qualifier among them).
    state, events = play_hand(monkeypatch, hands, folds={0: 2})
    assert state.cards["0"] == ["As", "Ad"] and 0 in state.folded
    assert state.outcome["kind"] == trips.HIGH_HAND and "0" not in state.outcome["shares"]
    settled = {e.seat: e for e in events if isinstance(e, Settlement)}
    assert settled[0].stake == 200 and settled[0].returned == 0  # only its 1st bet, lost
    pot = 200 + 2 * 800
    assert settled[1].returned == pot * 20 // 100
    # D-460: the folded player keeps the paid collection for the rollover hand
    carry = TRIPS.carry(state)
    assert set(carry["play"]["paid"]) == {"0", "1", "2"}
    _, events = play_hand(monkeypatch, hands, carry)
    assert not [e for e in events if isinstance(e, Fee)]


def test_everyone_folds_and_the_whole_pot_carries(monkeypatch) -> None:
    hands = {0: NO_PAIR[0], 1: NO_PAIR[1]}
    state, events = play_hand(monkeypatch, hands, folds={0: 2, 1: 2})
    assert state.outcome["kind"] == trips.NOBODY
    assert money(events)["kept"] == 400 and TRIPS.carried_pot(TRIPS.carry(state)) == 400


# -- the table's rules of play ----------------------------------------------------------------

def test_a_bet_of_another_amount_or_out_of_turn_is_refused(monkeypatch) -> None:
    stack(monkeypatch, dealing_order(NO_PAIR, {}))
    state = TRIPS.new_round(rules("$5"), SeededRng(b"r"), None)
    seat(state, {s: 10_000 for s in NO_PAIR})
    TRIPS.apply(state, Action("deal"), SeededRng(b"d"))
    assert state.put_in == {"0": 500, "1": 500, "2": 500}
    before = TRIPS.dump(state)
    with pytest.raises(IllegalAction):
        TRIPS.apply(state, Action("bet", 0, "", 1000), SeededRng(b"a"))  # "equal to the original" (s.657)
    with pytest.raises(IllegalAction):
        TRIPS.apply(state, Action("bet", 1, "", 500), SeededRng(b"a"))  # seat 1 before seat 0
    assert TRIPS.dump(state) == before
    assert [a.kind for a in TRIPS.legal_actions(state, 0)] == ["bet", "fold"]
    assert TRIPS.legal_actions(state, 1) == []


def test_the_limits_and_collections_of_d458() -> None:
    figures = {lim: (rules(lim)["bet"], rules(lim)["collection"]) for lim in ("$2", "$3", "$5", "$10", "$25")}
    assert figures == {"$2": (200, 50), "$3": (300, 100), "$5": (500, 200), "$10": (1000, 300), "$25": (2500, 500)}


def test_the_clock_folds_and_deals(monkeypatch) -> None:
    stack(monkeypatch, dealing_order(NO_PAIR, {}))
    state = TRIPS.new_round(rules(), SeededRng(b"r"), None)
    assert TRIPS.timeout_action(state) == Action("deal")
    seat(state, {s: 10_000 for s in NO_PAIR})
    TRIPS.apply(state, Action("deal"), SeededRng(b"d"))
    assert TRIPS.timeout_action(state) == Action("fold", 0)


def test_the_view_never_shows_an_undealt_card(monkeypatch) -> None:
    state, _ = play_hand(monkeypatch, NO_PAIR, folds={2: 3})
    text = str(TRIPS.view(state, None))
    dealt = {c for cards in state.cards.values() for c in cards}
    undealt = [c for c in state.deck if c not in dealt and c != trips.JOKER]
    assert undealt and not any(f"'{c}'" in text for c in undealt)


def test_bots_play_a_hand_and_events_round_trip(monkeypatch) -> None:
    stack(monkeypatch, dealing_order(NO_PAIR, {}))
    state = TRIPS.new_round(rules(), SeededRng(b"r"), None)
    seat(state, {s: 10_000 for s in NO_PAIR})
    events = TRIPS.apply(state, Action("deal"), SeededRng(b"d"))
    for _ in range(20):
        to = TRIPS.to_act(state)
        if to is None:
            break
        action = TRIPS.bot_action(state, to)
        assert action is not None
        events += TRIPS.apply(state, action, SeededRng(b"a"))
    assert TRIPS.is_over(state)
    assert [event_from_dict(event_to_dict(e)) for e in events] == events
    assert TRIPS.load(TRIPS.dump(state)) == state
    assert "Trips Hand #7" in TRIPS.history(state, None, {0: "Ann"}, "Trips 1", 7, "2026-11-27")


def test_a_player_who_cannot_post_the_next_bet_can_only_fold(monkeypatch) -> None:
    stack(monkeypatch, dealing_order(NO_PAIR, {}))
    state = TRIPS.new_round(rules(), SeededRng(b"r"), None)
    seat(state, {0: 250, 1: 10_000, 2: 10_000})  # $2.50: the 50¢ collection and the 1st bet, no more
    TRIPS.apply(state, Action("deal"), SeededRng(b"d"))
    assert state.dealt == [0, 1, 2]
    assert [a.kind for a in TRIPS.legal_actions(state, 0)] == ["fold"]
    with pytest.raises(IllegalAction):
        TRIPS.apply(state, Action("bet", 0, "", 200), SeededRng(b"a"))
    assert TRIPS.bot_action(state, 0) == Action("fold", 0)
    state2 = TRIPS.new_round(rules(), SeededRng(b"r"), None)
    seat(state2, {0: 249, 1: 10_000})  # a cent short of the collection and the 1st bet: not dealt in
    with pytest.raises(IllegalAction):
        TRIPS.apply(state2, Action("deal"), SeededRng(b"d"))
