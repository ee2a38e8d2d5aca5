"""Red Dog Poker (seed 004 Section 12, s.1369-1442): the rules data, every two-card outcome
over all rank pairs with every third card, the raise, the pair and three-of-a-kind rules,
the one-betting-area rule, the shoe and its burn, money over hundreds of random rounds."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from webgame.devices.shoe import Shoe
from webgame.engine.cards import RANKS
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Stake
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games.war import RED_DOG, RedDogState
from webgame.games.war.red_dog import between, classify

from .test_ultimate_holdem import check_money, nets, settled

SPREAD_PAYS = {1: 5, 2: 4, 3: 2, **{n: 1 for n in range(4, 12)}}  # 004 s.1413-1416


def rules_for(**options: Any) -> dict[str, Any]:
    return resolve(load_game("red-dog").variants["chapter4"], {"options": options} if options else None)


def stack_shoe(shoe: Shoe, order: Sequence[str]) -> None:
    """Put ``order`` on top of the shoe; the rest follows, so card counts stay true."""
    rest = list(shoe.remaining)
    for code in order:
        rest.remove(code)
    shoe.remaining = list(order) + rest


def stacked(cards: str, bets: Mapping[int, int] | None = None, *, burn: str = "2s", carry: Any = None,
            **options: Any) -> tuple[RedDogState, list[Event]]:
    """A round whose shoe deals the burn (first round of a shoe), then ``cards`` in order."""
    rng = SeededRng(0)
    state = RED_DOG.new_round(rules_for(**options), rng, carry)
    order = ([burn] if state.shoe.just_shuffled else []) + cards.split()
    stack_shoe(state.shoe, order)
    events: list[Event] = []
    for seat, amount in (bets or {0: 1000}).items():
        events += RED_DOG.apply(state, Action("bet", seat, "main", amount), rng)
    events += RED_DOG.apply(state, Action("deal"), rng)
    return state, events


def act(state: RedDogState, kind: str, seat: int = 0, amount: int = 0) -> list[Event]:
    return RED_DOG.apply(state, Action(kind, seat, "raise" if kind == "raise" else "", amount), SeededRng(1))


# ---------------------------------------------------------------------------------------
# Rules data
# ---------------------------------------------------------------------------------------
def test_engine_identity_and_data() -> None:
    assert (RED_DOG.slug, RED_DOG.name) == ("red-dog", "Red Dog Poker")
    r = rules_for()
    assert r["limits"]["main"] == {"min": 100, "max": 100000}  # $1-$1,000 (s.1427)
    assert (r["decks"], r["penetration_pct"], r["burn_first_card"]) == (6, 75, True)  # D-341
    assert r["max_spots_per_player"] == 1 and "max_spots_per_player" not in load_game("red-dog").variants["chapter4"].options
    lines = r["paytables"]["red-dog"]["lines"]
    assert {int(k.split("-")[1]): v for k, v in lines.items() if k.startswith("spread")} == {
        n: f"{p} to 1" for n, p in SPREAD_PAYS.items()}
    assert lines["three-of-a-kind"] == "11 to 1"  # s.1399
    assert len(RED_DOG.hands_view(r)["lines"]) == 14  # the layout's fourteen hands (s.1435)


def test_values_and_spread_examples_s1374_1406() -> None:
    assert classify("4c", "7d") == ("spread", 2)  # s.1405
    assert classify("9c", "Kd") == ("spread", 3)  # s.1406
    assert classify("2c", "Ad") == ("spread", 11)
    assert classify("Qc", "Kd") == ("consecutive", 0)
    assert classify("Ac", "Kd") == ("consecutive", 0)
    assert classify("5c", "5d") == ("pair", 0)
    assert between("4c", "7d", "5h") and between("7d", "4c", "6h")
    assert not between("4c", "7d", "4h") and not between("4c", "7d", "7h")  # equal is not between (s.1409)


# ---------------------------------------------------------------------------------------
# Every outcome: all 13 x 13 first/second ranks with every third rank
# ---------------------------------------------------------------------------------------
def expected(first: int, second: int, third: int, bet: int, raised: int) -> tuple[dict[str, int], bool]:
    """(net per wager, raise offered) straight from the rulebook."""
    lo, hi = sorted((first, second))
    if first == second:
        if third == first:
            return {"main": 11 * bet}, False  # s.1399
        return {"main": 0}, False  # s.1400
    if hi - lo == 1:
        return {"main": 0}, False  # s.1397
    spread = hi - lo - 1
    if lo < third < hi:
        out = {"main": SPREAD_PAYS[spread] * bet}
        if raised:
            out["raise"] = SPREAD_PAYS[spread] * raised
        return out, True
    out = {"main": -bet}
    if raised:
        out["raise"] = -raised
    return out, True


@pytest.mark.slow
def test_every_rank_pair_and_third_card_pays_by_the_book() -> None:
    suits = "cdh"
    for (i, a), (j, b) in itertools.product(enumerate(RANKS), repeat=2):
        for k, c in enumerate(RANKS):
            cards = f"{a}{suits[0]} {b}{suits[1]} {c}{suits[2]}"
            state, events = stacked(cards, {0: 1000, 1: 500}, decks=1)  # one deck: a quicker shuffle
            raise_offered = state.phase == "raising"
            if raise_offered:
                events += act(state, "raise", 0, 600)  # a partial raise (D-342)
                events += act(state, "no-raise", 1)
            want0, offered = expected(i, j, k, 1000, 600 if raise_offered else 0)
            want1, _ = expected(i, j, k, 500, 0)
            assert raise_offered == offered, cards
            assert RED_DOG.is_over(state)
            assert nets(events, 0) == want0, cards
            assert nets(events, 1) == want1, cards
            check_money(events, True, state.settled)


# ---------------------------------------------------------------------------------------
# The raise (s.1407-1408, D-342)
# ---------------------------------------------------------------------------------------
def test_raise_only_on_a_spread_and_up_to_the_bet() -> None:
    state, _ = stacked("4c 9d 6h")
    legal = {lg.kind: lg for lg in RED_DOG.legal_actions(state, 0)}
    assert set(legal) == {"raise", "no-raise"} and (legal["raise"].min, legal["raise"].max) == (100, 1000)
    with pytest.raises(IllegalAction, match=r"at most the original wager, \$10"):
        act(state, "raise", 0, 1100)
    events = act(state, "raise", 0)  # the button alone raises the full wager
    assert [(e.bet, e.amount) for e in events if isinstance(e, Stake)] == [("raise", 1000)]
    got = settled(events)
    assert got[(0, "main")].net == 1000 and got[(0, "raise")].net == 1000  # spread 4 pays 1 to 1


def test_no_raise_offered_on_consecutive_cards_or_a_pair() -> None:
    for cards in ("8c 9d", "8c 8d 3h"):
        state, _ = stacked(cards)
        assert RED_DOG.is_over(state) and RED_DOG.legal_actions(state, 0) == []


def test_raises_are_simultaneous_and_the_third_card_waits_for_all_d013() -> None:
    state, _ = stacked("3c Td 6h", {0: 1000, 2: 1000, 5: 1000})
    assert RED_DOG.to_act(state) == 0
    act(state, "no-raise", 5)
    act(state, "raise", 2, 500)
    assert len(state.cards) == 2 and RED_DOG.undecided(state) == [0]
    with pytest.raises(IllegalAction, match="already answered"):
        act(state, "raise", 2, 500)
    events = act(state, "no-raise", 0)
    assert len(state.cards) == 3 and RED_DOG.is_over(state)
    assert {(s.seat, s.bet): s.net for s in settled(events).values()} == {
        (0, "main"): 1000, (2, "main"): 1000, (2, "raise"): 500, (5, "main"): 1000}  # spread 6: 1 to 1


def test_the_clock_declines_the_raise_d009() -> None:
    state, _ = stacked("3c Td 6h", {0: 1000, 1: 1000, 2: 1000})
    act(state, "raise", 1, 1000)
    assert RED_DOG.timeout_action(state) == Action("timeout", SYSTEM_SEAT)
    events = RED_DOG.apply(state, Action("timeout", SYSTEM_SEAT), SeededRng(1))
    assert RED_DOG.is_over(state)
    assert sorted((s.seat, s.bet) for s in settled(events).values()) == [
        (0, "main"), (1, "main"), (1, "raise"), (2, "main")]  # nobody else raised


def test_no_raise_before_the_cards() -> None:
    state = RED_DOG.new_round(rules_for(), SeededRng(0), None)
    with pytest.raises(IllegalAction, match="only after the first two cards"):
        RED_DOG.apply(state, Action("bet", 0, "raise", 100), SeededRng(0))


# ---------------------------------------------------------------------------------------
# Positions, limits, the shoe
# ---------------------------------------------------------------------------------------
def test_one_betting_area_per_player_s1426_d023() -> None:
    rng = SeededRng(0)
    state = RED_DOG.new_round(rules_for(), rng, None)
    RED_DOG.apply(state, Action("owner", 0, "alice"), rng)
    RED_DOG.apply(state, Action("owner", 3, "alice"), rng)
    RED_DOG.apply(state, Action("owner", 4, "bob"), rng)
    RED_DOG.apply(state, Action("bet", 0, "main", 500), rng)
    assert RED_DOG.legal_actions(state, 3) == []
    with pytest.raises(IllegalAction, match="one betting area"):
        RED_DOG.apply(state, Action("bet", 3, "main", 500), rng)
    RED_DOG.apply(state, Action("bet", 4, "main", 500), rng)
    assert RED_DOG.bot_action(state, 3) is None


def test_limits_s1427() -> None:
    rng = SeededRng(0)
    state = RED_DOG.new_round(rules_for(), rng, None)
    with pytest.raises(IllegalAction, match=r"maximum bet is \$1,000"):
        RED_DOG.apply(state, Action("bet", 0, "main", 100100), rng)
    with pytest.raises(IllegalAction, match="more than"):
        RED_DOG.apply(state, Action("bet", 0, "main", 0), rng)


def test_the_first_card_of_each_shoe_is_burned_s1389_d341() -> None:
    state, _ = stacked("4c 9d 6h", burn="Kh")
    assert state.burned == ["Kh"] and state.cards == ["4c", "9d"]
    view = RED_DOG.view(state, 0)
    assert view["burned"] == 1 and "Kh" not in json.dumps(view)  # burned face down
    state2, _ = stacked("4c 9d 6h", carry=RED_DOG.carry(state))  # the same shoe, next round
    assert state2.burned == [] and not state2.shoe.just_shuffled


def test_a_shoe_missing_a_card_voids_the_round_d010() -> None:
    rng = SeededRng(0)
    state = RED_DOG.new_round(rules_for(), rng, None)
    state.shoe.remaining.pop()
    RED_DOG.apply(state, Action("bet", 0, "main", 500), rng)
    events = RED_DOG.apply(state, Action("deal"), rng)
    assert RED_DOG.is_over(state) and [(s.result, s.returned) for s in settled(events).values()] == [("void", 500)]


# ---------------------------------------------------------------------------------------
# Hundreds of rounds
# ---------------------------------------------------------------------------------------
def random_round(seed: int, carry: Any, thorough: bool) -> tuple[RedDogState, list[Event]]:
    chooser = random.Random(seed)
    rng = SeededRng(seed)
    state = RED_DOG.new_round(rules_for(), rng, carry)
    events: list[Event] = []

    def do(action: Action) -> None:
        events.extend(RED_DOG.apply(state, action, rng))
        if thorough:
            assert round_trips(state)
            for viewer in (None, SYSTEM_SEAT, *range(7)):
                text = json.dumps(RED_DOG.view(state, viewer))
                assert "remaining" not in text
        waiting = RED_DOG.undecided(state)
        assert RED_DOG.to_act(state) == (waiting[0] if waiting else None)

    for seat in chooser.sample(range(7), chooser.randint(1, 7)):
        assert any(lg.kind == "bet" for lg in RED_DOG.legal_actions(state, seat))
        do(Action("bet", seat, "main", chooser.randint(1, 20) * 100))
        if chooser.random() < 0.1:
            do(Action("clear", seat))
    if not RED_DOG.legal_actions(state, SYSTEM_SEAT):
        return state, events
    do(Action("deal"))
    while not RED_DOG.is_over(state):
        seat = chooser.choice(RED_DOG.undecided(state))
        lg = chooser.choice(RED_DOG.legal_actions(state, seat))
        do(Action(lg.kind, seat, lg.spot, chooser.randint(1, lg.max // 100) * 100 if lg.kind == "raise" else 0))
    return state, events


def test_hundreds_of_rounds_through_several_shoes() -> None:
    carry = None
    shuffles = set()
    outcomes = set()
    for n in range(400):
        state, events = random_round(n, carry, thorough=n < 20)
        check_money(events, RED_DOG.is_over(state), state.settled)
        carry = RED_DOG.carry(state)
        shuffles.add(state.shoe.shuffle_no)
        outcomes.add(state.outcome)
    assert len(shuffles) > 2  # the cut card came out and the shoe was shuffled again (s.1419)
    assert {"consecutive", "pair", "spread-win", "spread-lose"} <= outcomes


def test_bots_bet_the_minimum_and_raise_on_wide_spreads() -> None:
    carry = None
    for n in range(40):
        rng = SeededRng(n)
        state = RED_DOG.new_round(rules_for(), rng, carry)
        events: list[Event] = []
        for seat in state.seats:
            move = RED_DOG.bot_action(state, seat)
            assert move == Action("bet", seat, "main", 100)
            events += RED_DOG.apply(state, move, rng)
        events += RED_DOG.apply(state, Action("deal"), rng)
        while not RED_DOG.is_over(state):
            move = RED_DOG.bot_action(state, RED_DOG.to_act(state))
            assert move is not None and move.kind == ("raise" if state.spread >= 7 else "no-raise")
            events += RED_DOG.apply(state, move, rng)
        check_money(events, True, state.settled)
        carry = RED_DOG.carry(state)
