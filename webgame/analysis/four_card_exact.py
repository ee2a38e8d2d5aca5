"""Four Card Poker counted exactly: every player hand against every player-dealer hand.

A player holds five cards of one deck and the P/D six of the other 47: 2,598,960 player hands
times 10,737,573 P/D hands each. What a player hand P needs to know is how many P/D hands,
of those that miss its cards, fall below a value x (``L(P, x)``): at its own value and the
next (win, tie, lose) and at the first value of each category from two pair up (which beaten
P/D hand pays the Bad Beat). Counting them hand by hand is out of reach, but inclusion and
exclusion over the cards of P turns "misses P" into sums over sets T of P's cards::

    L(P, x) = Σ_{T ⊆ P} (-1)^|T| · #{six-card sets D ⊇ T with value(D) < x}

and for each T the six-card sets holding it are few enough to list (2,349,060 for one card,
47 for five). Every six-card set's best-four value is counted once, by the engine's own
ranking (``rank_four_batch``), and looked up by its colex index. The counts do not depend on
the paytables, so one count serves every table: the paytables, the ties rule and the Play
sizes are applied afterwards, hand by hand (:func:`figures`).

``deck`` may be any set of cards: a test counts a small deck both this way and pair by pair.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.hands.four import FOUR_CATEGORIES
from ..engine.money import Odds
from ..games.carnival.base import pay_line
from .core import Progress, Result

Ints = npt.NDArray[np.int64]
ROWS = 3_000_000  # P/D hands listed at once
PAID_FROM = FOUR_CATEGORIES[FOUR_CATEGORIES.index("two-pair"):]  # the Bad Beat's categories


def sets(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every k-subset of positions 0..n-1, each row sorted, row i the set with colex index i."""
    out = np.zeros((1, 0), dtype=np.uint8)
    for j in range(1, k + 1):
        out = np.vstack([np.column_stack([out[:comb(c, j - 1)], np.full(comb(c, j - 1), c, dtype=np.uint8)])
                         for c in range(j - 1, n)]) if n >= j else np.zeros((0, j), dtype=np.uint8)
    return out


def colex(rows: npt.NDArray[np.integer], binomial: Ints) -> Ints:
    """The colex index of each sorted row: Σ C(position_j, j + 1)."""
    out: Ints = np.zeros(len(rows), dtype=np.int64)
    for j in range(rows.shape[1]):
        out += binomial[rows[:, j].astype(np.int64), j + 1]
    return out


def boundaries() -> list[int]:
    """The first value of each category from two pair up (values rise with the category)."""
    from .four_card_poker import four_card_values

    first: dict[str, int] = {}
    for value, hand in sorted(four_card_values().items()):
        first.setdefault(hand.category, value)
    return [first[c] for c in PAID_FROM]


@dataclass(frozen=True)
class Counts:
    """For each player hand (colex order of five positions of ``deck``): its value, and the
    number of P/D hands that miss it below its value (``below``), equal to it (``equal``) and
    below each category boundary (``under``, one column per :data:`PAID_FROM` category)."""

    deck: tuple[int, ...]
    value: Ints
    below: Ints
    equal: Ints
    under: Ints
    dealer_hands: int  # P/D hands that miss any one player hand: C(n - 5, 6)


def count(deck: Sequence[int] = tuple(range(52)), progress: Progress | None = None) -> Counts:
    from .four_card_poker import best_four

    ids = np.array(deck, dtype=np.int64)
    n = len(ids)
    binomial = np.array([[comb(c, j) for j in range(8)] for c in range(n + 1)], dtype=np.int64)
    five = sets(n, 5)
    player = best_four(ids[five])
    dealer = _dealer_values(ids, binomial)
    size = int(max(player.max(initial=0), dealer.max(initial=0))) + 2
    bounds = np.array(boundaries(), dtype=np.int64)
    acc = np.zeros((len(five), 2 + len(bounds)), dtype=np.int64)
    plan = [(k, comb(n, k) * comb(n - k, 6 - k)) for k in range(6)]
    total, done = sum(rows for _, rows in plan), 0
    for k, _ in plan:
        sign = -1 if k % 2 else 1
        subsets = sets(n, k)
        add, keep = sets(n - k, 6 - k), sets(n - k, 5 - k)
        step = max(1, ROWS // max(1, len(add)))
        for start in range(0, len(subsets), step):
            t = subsets[start:start + step]
            _one_pass(t, add, keep, n, binomial, player, dealer, size, bounds, sign, acc)
            done += len(t) * len(add)
            if progress is not None:
                progress(done, total)
    return Counts(tuple(int(c) for c in deck), player, acc[:, 0], acc[:, 1] - acc[:, 0], acc[:, 2:],
                  comb(n - 5, 6))


def _dealer_values(ids: Ints, binomial: Ints) -> npt.NDArray[np.uint16]:
    """The best-four value of every six-card set, at its colex index: the sets whose top card
    is c are the five-card sets below c with c on top, indices C(c, 6) to C(c + 1, 6)."""
    from .four_card_poker import best_four

    n = len(ids)
    five = sets(n, 5)
    out = np.zeros(comb(n, 6), dtype=np.uint16)
    for c in range(5, n):
        below = five[:comb(c, 5)]
        for start in range(0, len(below), 1_000_000):
            part = below[start:start + 1_000_000]
            rows = np.column_stack([part, np.full(len(part), c, dtype=np.uint8)])
            first = comb(c, 6) + start
            out[first:first + len(part)] = best_four(ids[rows])
    return out


def _one_pass(t: npt.NDArray[np.uint8], add: npt.NDArray[np.uint8], keep: npt.NDArray[np.uint8], n: int,
              binomial: Ints, player: Ints, dealer: npt.NDArray[np.uint16], size: int, bounds: Ints,
              sign: int, acc: Ints) -> None:
    """The (-1)^|T| terms of a batch of card sets T: each T's six-card supersets, their values
    sorted, asked how many lie below each value its five-card supersets need."""
    nt, k = t.shape
    mask = np.ones((nt, n), dtype=bool)
    mask[np.arange(nt)[:, None], t.astype(np.int64)] = False
    rest = np.nonzero(mask)[1].reshape(nt, n - k).astype(np.uint8)  # each T's other cards, sorted
    six = np.concatenate([np.repeat(t[:, None, :], len(add), axis=1), rest[:, add]], axis=2).reshape(-1, 6)
    six.sort(axis=1)
    values = dealer[colex(six, binomial)].astype(np.int64).reshape(nt, len(add))
    values.sort(axis=1)
    offset = np.arange(nt, dtype=np.int64)[:, None] * size
    flat = (values + offset).ravel()
    start = np.arange(nt, dtype=np.int64)[:, None] * len(add)
    hands = np.concatenate([np.repeat(t[:, None, :], len(keep), axis=1), rest[:, keep]], axis=2).reshape(-1, 5)
    hands.sort(axis=1)
    index = colex(hands, binomial).reshape(nt, len(keep))
    mine = player[index]

    def below(x: Ints) -> Ints:
        got: Ints = np.searchsorted(flat, (x + offset).ravel()).reshape(x.shape) - start
        return got

    columns = [below(mine), below(mine + 1)]
    per_t = below(np.broadcast_to(bounds, (nt, len(bounds))))
    columns += [np.repeat(per_t[:, j:j + 1], len(keep), axis=1) for j in range(len(bounds))]
    flat_index = index.ravel()
    for j, col in enumerate(columns):
        acc[:, j] += sign * np.bincount(flat_index, weights=col.ravel(), minlength=len(acc)).astype(np.int64)


# ---------------------------------------------------------------------------------------
# The figures of one table's rules
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Figures:
    optimal: Result  # Ante and Play, the best Play (or fold) for each five-card hand
    bots: Result  # Ante and Play, the house bots' play
    bad_beat: Result  # the Bad Beat Bonus, equal to the Ante, with the bots' play


def _net(rules: Mapping[str, Any], paytable: str, line: str) -> Fraction:
    return Odds.parse(str(rules["paytables"][paytable]["lines"][line])).net


def figures(rules: Mapping[str, Any], counts: Counts) -> Figures:
    """The exact house edges of one table's rules from the counts (every player hand equally
    likely, then every P/D hand that misses it). Sums are whole numbers of 1/scale units."""
    from .four_card_poker import OTHER_HANDS, four_card_values
    from .four_card_poker import table as strategy_table

    hands = four_card_values()
    ante, play, bad_beat = str(rules["ante_paytable"]), str(rules["play_paytable"]), "four-card-bad-beat"
    size = max(hands) + 1
    ante_net = {v: _net(rules, ante, pay_line(rules, ante, h) or OTHER_HANDS) for v, h in hands.items()}
    beaten_net = {c: _net(rules, bad_beat, c) for c in PAID_FROM if c in rules["paytables"][bad_beat]["lines"]}
    play_net = _net(rules, play, "win")
    scale = 1
    for x in [*ante_net.values(), *beaten_net.values(), play_net]:
        scale = scale * x.denominator // np.gcd(scale, x.denominator)
    a = np.zeros(size, dtype=np.int64)
    own = np.full(size, -1, dtype=np.int64)  # the Bad Beat's win when this hand is beaten (-1: none)
    for v, h in hands.items():
        a[v] = int(ante_net[v] * scale)
        if h.category in beaten_net:
            own[v] = int(beaten_net[h.category] * scale)
    n = counts.dealer_hands
    vals = counts.value
    win = counts.below + (counts.equal if rules["ties"] == "player" else 0)
    lose = n - win
    p = int(play_net * scale)
    options = {0: np.full(len(vals), -n * scale, dtype=np.int64)}
    for m in sorted(int(x) for x in rules["play_multiples"]):
        options[m] = win * (a[vals] + m * p) - lose * (1 + m) * scale
    stacked = np.stack(list(options.values()))
    best = np.array(list(options))[np.argmax(stacked, axis=0)]
    bots = strategy_table(rules).multiple[vals]
    bot_ev = np.choose(np.searchsorted(np.array(list(options)), bots), stacked)
    # The Bad Beat (the bots' play): each P/D category beaten below this hand, and this hand beaten.
    bounds = boundaries()
    pays = np.zeros(len(vals), dtype=np.int64)
    wins = np.zeros(len(vals), dtype=np.int64)
    for j, category in enumerate(PAID_FROM):
        low = np.where(bounds[j] < vals, counts.under[:, j], counts.below)
        high = np.where(bounds[j + 1] < vals, counts.under[:, j + 1], counts.below) if j + 1 < len(bounds) \
            else counts.below
        beaten = np.maximum(0, high - low)
        if category in beaten_net:
            pays += beaten * int(beaten_net[category] * scale)
            wins += beaten
    above = n - counts.below - counts.equal
    paid_own = own[vals] >= 0
    pays += np.where(paid_own, above * np.maximum(own[vals], 0), 0)
    wins += np.where(paid_own, above, 0)
    bb = np.where(bots > 0, pays - (n - wins) * scale, -n * scale)
    total = len(vals) * n

    def result(ev: Any, hits: Any, action: Any) -> Result:
        edge = -Fraction(int(ev.sum()), scale * total)
        return Result(house_edge=edge, hit_frequency=Fraction(int(hits.sum()), total),
                      element_of_risk=edge * total / int(action.sum()))

    return Figures(
        optimal=result(stacked.max(axis=0), np.where(best > 0, win, 0), (1 + best) * n),
        bots=result(bot_ev, np.where(bots > 0, win, 0), (1 + bots) * n),
        bad_beat=result(bb, np.where(bots > 0, wins, 0), np.full(len(vals), n)),
    )


_COUNTED: list[Counts] = []


def deck_counts(progress: Progress | None = None) -> Counts:
    """The counts of one 52-card deck, made once a process (minutes: the figures they give
    are kept in the repository cache)."""
    if not _COUNTED:
        _COUNTED.append(count(progress=progress))
    return _COUNTED[0]
