"""Four Card Poker against the player-dealer: every wager counted exactly (002 §28-§30).

The dealer here is the player-dealer (P/D), who banks every wager; each figure is the
player's edge against the P/D's bank, as if the bank always covered (coverage only returns
wagers with no action, which changes no expectation per wager that gets action).

* **Aces Up** is graded on the player's best four of five cards, fold or play, whatever the
  P/D holds (D-330): its return is the count of each best-four value over all 2,598,960
  five-card hands times its line.
* **Ante and Play.** The player sees five cards and the P/D's up card, then folds (losing the
  Ante) or plays 1x, 2x or 3x the Ante (002 s.3048). The P/D always plays (D-329) and the
  player wins ties (D-328). The strategy is the house bots' (``bot_multiple``): 3x with a pair
  of tens or better, 1x with a pair of threes to nines, fold the rest. Every player hand is
  counted against every P/D hand of six from the other 47 cards (:mod:`.four_card_exact`,
  minutes: the figure is kept in the repository cache).
* **Bad Beat Bonus.** Paid by the beaten hand, two pair or better, on either side; a fold or
  identical hands lose (D-331). The only hands a fold gives up are those that could never be
  paid (under a pair of threes: neither beaten at two pair or more, nor beating two pair), so
  the figure holds for every strategy that plays two pair and better. Counted with the
  Ante/Play figure.

``simulate`` deals rounds by numpy from a generator seeded by the seed string (the cross-check
of ``flask edge --check``); each best-four value is graded once through the engine's own
``pay_line``, and a test checks its settlement deal by deal against the engine's. One player
faces the P/D: other seats change nothing in expectation.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.hands import HandValue, evaluate_four
from ..engine.hands.batch import combinations_array, rank_four_batch
from ..engine.money import Odds
from ..engine.paytable import Variant
from ..games.carnival.base import pay_line
from ..games.carnival.four_card import ACES_UP, BAD_BEAT, OTHER_HANDS, bot_multiple
from . import four_card_exact
from .core import Progress, Result, Tally, Wager
from .stud_math import deal, generator

GAME = "four-card-poker"
MAIN = "ante"
BAD_BEAT_TABLE = "four-card-bad-beat"
CHUNK = 1_000_000  # rounds per seeded chunk of a run (simulation.run reads it)
BATCH = 200_000  # rounds dealt at once
DEFAULT_ROUNDS = 2_000_000  # a cross-check run: seconds
STRATEGY = ("3x the Ante with a pair of tens or better, 1x with a pair of threes to nines, fold the rest "
            "(the house bots' play)")
Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


# ---------------------------------------------------------------------------------------
# Best-four values
# ---------------------------------------------------------------------------------------
@cache
def four_card_values() -> dict[int, HandValue]:
    """The engine's HandValue of each of the 2,495 best-four values, from one hand each."""
    hands = combinations_array(52, 4)
    values = rank_four_batch(hands)
    _, first = np.unique(values, return_index=True)
    return {int(values[i]): evaluate_four([int(c) for c in hands[i]]) for i in first}


def best_four(cards: npt.NDArray[np.integer]) -> Ints:
    """The best four-card value of each row of 4 to 6 card ids (every four of them tried)."""
    k = cards.shape[1]
    best = np.zeros(len(cards), dtype=np.int64)
    for four in itertools.combinations(range(k), 4):
        np.maximum(best, rank_four_batch(cards[:, list(four)]).astype(np.int64), out=best)
    return best


def _size() -> int:
    return max(four_card_values()) + 1


def _nets(rules: Mapping[str, Any], paytable: str, miss: float, default: str | None = None) -> Floats:
    """The net per unit staked of each value on ``paytable`` (``miss`` where no line pays,
    or the ``default`` line)."""
    out = np.full(_size(), miss, dtype=np.float64)
    for value, hand in four_card_values().items():
        line = pay_line(rules, paytable, hand) or default
        if line is not None:
            out[value] = float(Odds.parse(str(rules["paytables"][paytable]["lines"][line])).net)
    return out


@dataclass(frozen=True)
class Table:
    """The rules as arrays indexed by best-four value, in units of one Ante."""

    ante: Floats  # the Ante's net when the player wins with this hand
    play: float  # the Play's net on a win, per unit
    aces_up: Floats  # Aces Up's net on the player's hand (-1: no line)
    bad_beat: Floats  # the Bad Beat's net when this hand is the beaten one (-1: no line)
    multiple: Ints  # the strategy's Play, in Antes (0: fold)
    player_ties: bool


# The tables built last, by the rules' text: a deal-by-deal check settles one deal at a time,
# and each deal would otherwise build the arrays of every hand value again (its arrays are
# read-only, so one table is safely shared).
_TABLES: dict[str, Table] = {}
_TABLES_KEPT = 16


def table(rules: Mapping[str, Any]) -> Table:
    key = json.dumps(rules, sort_keys=True, default=str)
    hit = _TABLES.get(key)
    if hit is None:
        hit = _build_table(rules)
        for arr in (hit.ante, hit.aces_up, hit.bad_beat, hit.multiple):
            arr.flags.writeable = False
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        _TABLES[key] = hit
    return hit


def _build_table(rules: Mapping[str, Any]) -> Table:
    allowed = {int(m) for m in rules["play_multiples"]}
    multiple = np.zeros(_size(), dtype=np.int64)
    for value, hand in four_card_values().items():
        m = bot_multiple(hand)
        multiple[value] = m if m in allowed else 0
    play = Odds.parse(str(rules["paytables"][rules["play_paytable"]]["lines"]["win"])).net
    return Table(
        ante=_nets(rules, str(rules["ante_paytable"]), 1.0, OTHER_HANDS),
        play=float(play),
        aces_up=_nets(rules, ACES_UP, -1.0),
        bad_beat=_nets(rules, BAD_BEAT_TABLE, -1.0),
        multiple=multiple,
        player_ties=rules["ties"] == "player",
    )


def settle(t: Table, pv: Ints, dv: Ints) -> tuple[Floats, Ints, Floats, Floats]:
    """Per round, in Antes: the Ante and Play net, the Play made (in Antes), the Aces Up net
    and the Bad Beat net (each bonus bet equal to the Ante, its minimum)."""
    m = t.multiple[pv]
    plays = m > 0
    wins = (pv > dv) | ((pv == dv) & t.player_ties)
    main = np.where(plays, np.where(wins, t.ante[pv] + m * t.play, -(1.0 + m)), -1.0)
    beaten = np.where(pv > dv, dv, pv)
    bad_beat = np.where(plays & (pv != dv), t.bad_beat[beaten], -1.0)
    return main, m, t.aces_up[pv], bad_beat


def one_hand(rules: Mapping[str, Any], player: list[int], dealer: list[int]) -> dict[str, float]:
    """One deal settled here, for the deal-by-deal check against the engine: the Play made
    and each wager's net in Antes."""
    pv = best_four(np.array([player], dtype=np.int64))
    dv = best_four(np.array([dealer], dtype=np.int64))
    main, m, aces, bb = settle(table(rules), pv, dv)
    return {"multiple": float(m[0]), MAIN: float(main[0]), ACES_UP: float(aces[0]), BAD_BEAT: float(bb[0])}


# ---------------------------------------------------------------------------------------
# Simulation: Ante/Play and the Bad Beat (and Aces Up, to cross-check its exact figure)
# ---------------------------------------------------------------------------------------
def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """``rounds`` rounds of one player against the P/D, from ``generator(seed)``."""
    if bet not in (MAIN, ACES_UP, BAD_BEAT):
        raise ValueError(f"no simulation for {bet}")
    t = table(rules)
    gen = generator(seed)
    tally = Tally()
    done = 0
    while done < rounds:
        n = min(BATCH, rounds - done)
        cards = deal(gen, n, 11)
        main, m, aces, bb = settle(t, best_four(cards[:, :5]), best_four(cards[:, 5:]))
        x = {MAIN: main, ACES_UP: aces, BAD_BEAT: bb}[bet]
        action = 1.0 + m if bet == MAIN else np.ones(n)
        part = Tally(rounds=n, sx=float(x.sum()), sw=float(n), sa=float(action.sum()),
                     sxx=float((x * x).sum()), sww=float(n), sxw=float(x.sum()),
                     n=n, wins=int(np.count_nonzero(x > 0)))
        tally = tally.merge(part)
        done += n
        if progress is not None:
            progress(done, rounds)
    return tally


# ---------------------------------------------------------------------------------------
# Aces Up, exactly
# ---------------------------------------------------------------------------------------
@cache
def five_card_counts() -> tuple[int, ...]:
    """How many of the 2,598,960 five-card hands have each best-four value."""
    hands = combinations_array(52, 5)
    counts = np.zeros(_size(), dtype=np.int64)
    for start in range(0, len(hands), 500_000):
        counts += np.bincount(best_four(hands[start:start + 500_000]), minlength=_size())
    return tuple(int(c) for c in counts)


def aces_up(rules: Mapping[str, Any]) -> Result:
    """Aces Up: every five-card hand's best four against the posted scale (D-330)."""
    counts = five_card_counts()
    total, ev, hits = sum(counts), Fraction(0), 0
    for value, hand in four_card_values().items():
        line = pay_line(rules, ACES_UP, hand)
        if line is None:
            ev -= counts[value]
        else:
            ev += counts[value] * Odds.parse(str(rules["paytables"][ACES_UP]["lines"][line])).net
            hits += counts[value]
    return Result(house_edge=-ev / total, hit_frequency=Fraction(hits, total), element_of_risk=-ev / total)


# ---------------------------------------------------------------------------------------
# Ante/Play and the Bad Beat, exactly
# ---------------------------------------------------------------------------------------
def ante_play(rules: Mapping[str, Any], progress: Progress | None = None) -> Result:
    """Ante and Play with the bots' play, every player hand against every P/D hand."""
    return four_card_exact.figures(rules, four_card_exact.deck_counts(progress)).bots


def bad_beat(rules: Mapping[str, Any], progress: Progress | None = None) -> Result:
    """The Bad Beat Bonus, every player hand against every P/D hand."""
    return four_card_exact.figures(rules, four_card_exact.deck_counts(progress)).bad_beat


# ---------------------------------------------------------------------------------------
# The wagers
# ---------------------------------------------------------------------------------------
def _lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()}


def settings(rules: Mapping[str, Any], *paytables: str) -> dict[str, Any]:
    """What a simulated figure depends on (its cache key)."""
    return {"paytables": {p: rules["paytables"][p] for p in paytables},
            "play_multiples": [int(m) for m in rules["play_multiples"]], "ties": rules["ties"],
            "strategy": STRATEGY, "count": "exact"}


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    ante, play = str(rules["ante_paytable"]), str(rules["play_paytable"])
    against = ("against the player-dealer, who banks it and always plays (D-329); the player's best four of "
               "five against the P/D's best four of six, one fresh deck a round")
    out = [Wager(
        bet=MAIN, label="Ante and Play",
        paytable={**{f"ante {k}": v for k, v in _lines(rules, ante).items()},
                  **{f"play {k}": v for k, v in _lines(rules, play).items()}},
        assumptions=(f"Exact: every player hand {against} (all 10,737,573 P/D hands of the other 47 cards "
                     f"for each of the 2,598,960 player hands); ties go to the "
                     f"{'player' if rules['ties'] == 'player' else 'player-dealer'} (D-328); the player's "
                     f"strategy: {STRATEGY}. House edge per Ante, element of risk per Ante plus Play, hit "
                     "frequency = deals that end ahead."),
        exact=partial(ante_play, rules), cached=True, can_simulate=True, sim_key=settings(rules, ante, play),
        default_rounds=DEFAULT_ROUNDS,
    )]
    if ACES_UP in rules.get("side_bets", []):
        out.append(Wager(
            bet=ACES_UP, label="Aces Up", paytable=_lines(rules, ACES_UP),
            assumptions=("Exact: the best four of each of the 2,598,960 five-card hands of a fresh deck, paid "
                         "whether the player plays or folds and whatever the player-dealer holds (D-330)."),
            exact=partial(aces_up, rules), can_simulate=True, slow=True,
        ))
    if BAD_BEAT_TABLE in rules.get("side_bets", []):
        out.append(Wager(
            bet=BAD_BEAT, label="Bad Beat Bonus", paytable=_lines(rules, BAD_BEAT_TABLE),
            assumptions=(f"Exact: every player hand {against}, the bet equal to the Ante; paid by the beaten "
                         "hand on either side, lost on a fold or identical hands (D-331). The figure is the same "
                         "for every strategy that plays two pair and better."),
            exact=partial(bad_beat, rules), cached=True, can_simulate=True,
            sim_key=settings(rules, BAD_BEAT_TABLE), default_rounds=DEFAULT_ROUNDS,
        ))
    return out
