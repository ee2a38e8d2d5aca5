"""Properties over many random hands of every board game: the awards plus the house's take are
exactly what the seats put in, nobody ends below zero, the state survives JSON at every step,
and no view ever shows another seat's hole cards before the showdown or any card not dealt."""

from __future__ import annotations

import json
import random

from tests.engine.poker.deal import FULL
from webgame.engine.state import dump, load
from webgame.games.poker.games import AT_LEAST_TWO, EXACTLY_TWO, GameKind
from webgame.games.poker.hand import (
    Forced,
    HandState,
    act,
    contributed,
    is_over,
    legal,
    record,
    showdown,
    start_hand,
    to_act,
    view,
)
from webgame.games.poker.structures import Structure

KINDS = [
    GameKind("Texas Hold'em"),
    GameKind("Omaha", 4, EXACTLY_TWO),
    GameKind("Omaha Hi-Lo", 4, EXACTLY_TWO, hi_lo=True),
    GameKind("Omaha Hi-Lo", 4, EXACTLY_TWO, hi_lo=True, odd_chip="nearest-button"),
    GameKind("Double Board Omaha", 4, EXACTLY_TWO, boards=2),
    GameKind("Big O", 5, AT_LEAST_TWO, hi_lo=True),
    GameKind("Pineapple", 3, discard="before-flop"),
    GameKind("Crazy Pineapple", 3, discard="after-flop"),
]
STRUCTURES = [
    Structure("no-limit", 100, 200, min_bet=200),
    Structure("no-limit", 100, 200, min_bet=200, raise_cap=3, cap_heads_up=True, open_blinds_sum=True),
    Structure("pot-limit", 100, 200, min_bet=200),
    Structure("fixed-limit", 100, 200, bets=(200, 200, 400, 400), raise_cap=3, cap_heads_up=True),
    Structure("spread-limit", 100, 100, spread=(100, 500), raise_cap=3, cap_heads_up=True),
]


def _forced(rng: random.Random, seats: list[int]) -> list[Forced]:
    roll = rng.random()
    if roll < 0.1:
        return [Forced(s, "bomb", 300) for s in seats]
    if len(seats) == 2:
        return [Forced(seats[1], "small-blind", 100), Forced(seats[0], "big-blind", 200)]
    forced = [Forced(seats[0], "small-blind", 100), Forced(seats[1], "big-blind", 200)]
    if roll < 0.25:
        forced.append(Forced(seats[2], "straddle", 400))
    elif roll < 0.35 and len(seats) > 3:
        forced += [Forced(seats[3], "big-blind", 200), Forced(seats[3], "dead", 100, live=False)]
    return forced


def _cards_not_dealt(h: HandState) -> set[str]:
    seen = {c for p in h.players for c in p.hole} | {c for b in h.boards for c in b}
    return set(h.deck) - seen


def _check_views(h: HandState) -> None:
    hidden = _cards_not_dealt(h) | set(h.burns)
    for viewer in [None, *(p.seat for p in h.players)]:
        text = json.dumps(view(h, viewer))
        for card in hidden:
            assert f'"{card}"' not in text
        for p in h.players:
            if p.seat == viewer or (is_over(h) and p.seat in h.shown):
                continue
            for card in p.hole:
                assert f'"{card}"' not in text, (viewer, p.seat, card)


def _play(rng: random.Random) -> HandState:
    kind = rng.choice(KINDS)
    structure = rng.choice(STRUCTURES)
    n = rng.randint(2, 7 if kind.hole_cards < 5 else 5)
    seats = sorted(rng.sample(range(1, 11), n))
    stacks = [(s, rng.choice([300, 1000, 2500, 6000, 20000]) + rng.randint(0, 99)) for s in seats]
    deck = list(FULL)
    rng.shuffle(deck)
    h = start_hand(kind, structure, stacks, seats[-1], _forced(rng, seats), deck, run_it_twice=rng.random() < 0.5)
    steps = 0
    while not is_over(h):
        steps += 1
        assert steps < 400
        seat = to_act(h)
        assert seat is not None
        options = legal(h, seat)
        assert options
        if steps % 5 == 0:
            _check_views(h)
            h = load(HandState, json.loads(json.dumps(dump(h))))
        pick = rng.choice(options)
        if pick.kind == "fold" and rng.random() < 0.6 and len(options) > 1:
            pick = options[1]  # fold less often than the other choices
        if pick.kind in ("bet", "raise"):
            amount = rng.choice([pick.min, pick.max, rng.randint(pick.min, pick.max)])
        else:
            amount = pick.min
        act(h, seat, pick.kind, amount, pick.spot)
    return h


def test_awards_and_take_add_up_to_the_contributions_over_random_hands() -> None:
    rng = random.Random(4)
    showdowns = runs_twice = 0
    for _ in range(200):
        h = _play(rng)
        put_in = contributed(h)
        total = sum(put_in.values())
        take = rng.randint(0, min(total, 500))
        awards = showdown(h, take)
        assert sum(a.amount for a in awards) + take == total
        assert all(sum(a.winners.values()) == a.amount for a in awards)
        for p in h.players:
            assert p.stack >= 0 and p.start - p.stack == put_in[p.seat]
        showdowns += len(h.live()) > 1
        runs_twice += h.runs == 2
        _check_views(h)
        json.dumps(record(h))
    assert showdowns > 50 and runs_twice >= 2
