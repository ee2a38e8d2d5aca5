"""The exact value of a house-banked hold'em game (Ultimate Texas Hold'em, Jackpot Hold'em)
under the player's optimal strategy: every board, every player hand, every dealer hand.

The game's data drive it (``rules["streets"]``, the paytables): three decision windows,
the first after ``e0`` board cards are exposed (0 for UTH, 1 for Jackpot Hold'em), then
the flop (3) and the river (5). At each window the player makes the Play at one of the
window's multiples, or checks (folds where checking is not free), whichever has the
higher expected value given what the player has seen; every later window is played the
same way. That is the definition of optimal play, so the figure is the game's edge, not
a strategy's.

How it stays feasible (about 2 million boards for UTH):

* The three flop cards (with the first ``e0`` of them kept apart, they were seen first)
  are taken one per class of suit permutations; each class stands for its orbit, and its
  values are carried to every member by permuting the player's hole cards.
* For one full board, every player hand against every dealer hand is counted, not
  enumerated: with the 1,081 two-card hands of the 47 unseen cards valued once, the
  dealer hands below a value x that share no card with the player's hand are
  ``all(<x) - with_a(<x) - with_b(<x) + [player < x]`` (inclusion-exclusion), each term
  one sorted search.
* Everything is counted in integers (half-units for the matched wager's 3 to 2), so the
  result is an exact fraction.

Settlement is the engine's (``webgame/games/holdem/engine.py`` ``_showdown``): a win pays
the Ante 1 to 1 (pushes when the dealer does not qualify), the Play 1 to 1 and the
matched wager by its table (straight or better, else push); a loss loses all three (the
Ante pushes when the dealer does not qualify); identical hands push; a fold loses the
Ante and the matched wager.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.hands import batch
from ..engine.hands.tables import STANDARD, five_card_table, flush_base
from ..engine.money import Odds
from .core import Progress, Result, Wager

I64 = npt.NDArray[np.int64]

DEALER_HANDS = 990  # two of the 45 cards neither on the board nor in the player's hand
HALF = 2  # money is counted in half-Antes: the matched wager may pay 3 to 2
BOARDS_AT_ONCE = 12  # boards counted together: small enough for the tables to stay in cache
BIG = 1 << 14  # above every hand value: offsets rows of values so one search covers them all


@dataclass(frozen=True)
class Shape:
    """What the computation needs of a variant's rules."""

    first_exposed: int  # board cards seen at the first decision (0 or 1)
    multiples: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # Play multiples per window
    last_may_check: bool  # whether the river window may check instead of folding
    matched: tuple[int, ...]  # per hand value: the matched wager's win, in half-Antes
    qualify_min: int  # the dealer's lowest qualifying hand value
    ante_win: int  # the Ante's win against a qualified dealer, in half-Antes
    play_win: int  # the Play's win per Ante of Play, in half-Antes
    fold_loss: int  # what a fold forfeits (the Ante and the matched wager), in half-Antes
    pays_unqualified: bool = False  # a dealer without a pair pays Play and matched by their tables (D-299)


def shape(rules: Mapping[str, Any]) -> Shape:
    streets = rules["streets"]
    exposed = [int(s["exposed"]) for s in streets]
    if len(streets) != 3 or exposed[1:] != [3, 5] or exposed[0] not in (0, 1, 2):
        raise ValueError("the exact hold'em analysis takes three windows: first, flop (3) and river (5)")
    if not (streets[0]["may_check"] and streets[1]["may_check"]):
        raise ValueError("only the river window may require a Play or a fold")
    if rules["dealer_qualifies"] != "pair":
        raise ValueError("the dealer qualifies with a pair")
    main = rules["paytables"][rules["main_paytable"]]["lines"]
    return Shape(
        first_exposed=exposed[0],
        multiples=tuple(tuple(int(m) for m in s["multiples"]) for s in streets),  # type: ignore[arg-type]
        last_may_check=bool(streets[2]["may_check"]),
        matched=_matched_by_value(rules),
        qualify_min=_lowest_pair_value(),
        ante_win=_half_units(main["ante"]),
        play_win=_half_units(main["play"]),
        fold_loss=HALF * len(rules["fold_forfeits"]),  # each forfeited wager equals the Ante
        pays_unqualified=_not_qualified(rules) == "pays",
    )


def _not_qualified(rules: Mapping[str, Any]) -> str:
    rule = str(rules.get("not_qualified", "compare"))
    if rule not in ("compare", "pays"):
        raise ValueError(f"unknown not_qualified rule {rule!r}")
    return rule


def _half_units(pays: object) -> int:
    """A win per unit staked, in half-units ("1 to 1" is 2, "3 to 2" is 3)."""
    win = Odds.parse(str(pays)).net * HALF
    if win.denominator != 1:
        raise ValueError(f"{pays}: not a whole number of half-units")
    return int(win)


def _matched_by_value(rules: Mapping[str, Any]) -> tuple[int, ...]:
    """The matched wager's winnings by hand value, in half-Antes (0 = push below a straight)."""
    table = rules["paytables"][rules["matched_paytable"]]
    if table.get("below", "push") != "push":
        raise ValueError("the matched wager pushes below its lowest line")
    lines = {hand: Odds.parse(str(pays)) for hand, pays in table["lines"].items()}
    codes = batch.high_categories(np.arange(_value_count(), dtype=np.int64))
    out = []
    for code in codes:
        name = "none" if code == 255 else batch.BATCH_CATEGORIES[int(code)]
        odds = lines.get(name)
        if odds is None:
            out.append(0)
            continue
        out.append(_half_units(odds))
    return tuple(out)


@cache
def _value_count() -> int:
    """Hand values run 1 .. size; 0 is unused."""
    return five_card_table(STANDARD).size + 1


@cache
def _lowest_pair_value() -> int:
    codes = batch.high_categories(np.arange(1, _value_count(), dtype=np.int64))
    names = batch.BATCH_CATEGORIES
    pair = names.index("pair")
    return int(np.nonzero(codes == pair)[0].min()) + 1


# ---------------------------------------------------------------------------------------
# Pairs of cards
# ---------------------------------------------------------------------------------------
PAIRS = batch.combinations_array(52, 2).astype(np.int64)  # global pair id -> (a, b), a < b
PAIR_ID = np.full((52, 52), -1, dtype=np.int64)
PAIR_ID[PAIRS[:, 0], PAIRS[:, 1]] = np.arange(len(PAIRS))
PAIR_ID[PAIRS[:, 1], PAIRS[:, 0]] = np.arange(len(PAIRS))

LOCAL = batch.combinations_array(47, 2).astype(np.int64)  # pairs of the 47 unseen cards
# MEMBERS[i]: the local pairs holding unseen card i (46 of them)
MEMBERS = np.array([np.nonzero((LOCAL[:, 0] == i) | (LOCAL[:, 1] == i))[0] for i in range(47)], dtype=np.int64)


TURN_RIVER = batch.combinations_array(49, 2).astype(np.int64)  # the last two board cards of 49
UNSEEN_AFTER = np.array([[k for k in range(49) if k not in (i, j)] for i, j in TURN_RIVER], dtype=np.int64)


def suit_permutations() -> list[tuple[int, ...]]:
    return list(itertools.permutations(range(4)))


def permute_card(card: int, perm: Sequence[int]) -> int:
    return (card & ~3) | perm[card & 3]


@dataclass(frozen=True)
class FlopClass:
    """One flop (first-seen cards, then the rest) standing for its orbit under suit permutations."""

    first: tuple[int, ...]
    rest: tuple[int, ...]
    images: tuple[tuple[int, ...], ...]  # one suit permutation onto each member of the orbit


def flop_classes(first_exposed: int) -> list[FlopClass]:
    """Every flop, grouped by suit permutation: (first cards as a set, the rest as a set)."""
    perms = suit_permutations()
    seen: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]]] = {}
    out: list[FlopClass] = []
    for flop in itertools.combinations(range(52), 3):
        for first in itertools.combinations(flop, first_exposed):
            rest = tuple(c for c in flop if c not in first)
            key = (first, rest)
            if key in seen:
                continue
            images: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
            for perm in perms:
                img = (tuple(sorted(permute_card(c, perm) for c in first)),
                       tuple(sorted(permute_card(c, perm) for c in rest)))
                images.setdefault(img, perm)
            for img in images:
                seen[img] = key
            out.append(FlopClass(first, rest, tuple(images.values())))
    return out


@cache
def _pair_permutations() -> dict[tuple[int, ...], I64]:
    """For each suit permutation, the global pair id each pair maps to."""
    out = {}
    for perm in suit_permutations():
        p = np.array([permute_card(c, perm) for c in range(52)], dtype=np.int64)
        out[perm] = PAIR_ID[p[PAIRS[:, 0]], p[PAIRS[:, 1]]]
    return out


# ---------------------------------------------------------------------------------------
# One board
# ---------------------------------------------------------------------------------------
@dataclass
class BoardCounts:
    """Per player pair (local to the 47 unseen cards) against the 990 dealer hands:
    wins, wins against a qualifying dealer, losses, losses to a qualifying dealer, and the
    dealer hands that do not qualify."""

    values: I64
    wins: I64
    wins_q: I64
    losses: I64
    losses_q: I64
    weak: I64


def count_boards(boards: I64, unseen: I64, qualify_min: int) -> BoardCounts:
    """Count every player hand against every dealer hand for a batch of five-card boards
    (B × 5); ``unseen`` (B × 47) holds each board's other cards in increasing order. The
    counts come back B × 1081, one column per local pair of ``LOCAL``."""
    parts = [_count(boards[i:i + BOARDS_AT_ONCE], unseen[i:i + BOARDS_AT_ONCE], qualify_min)
             for i in range(0, boards.shape[0], BOARDS_AT_ONCE)]
    return BoardCounts(*(np.concatenate([getattr(p, f) for p in parts])
                         for f in ("values", "wins", "wins_q", "losses", "losses_q", "weak")))


@dataclass(frozen=True)
class Places:
    """A batch of boards' player pairs in value order, for counting dealer hands by value:
    ``values`` (B × 1081), ``lo`` / ``hi`` each pair's first / past-last place among equal
    values, ``ordered`` the sorted values, and :meth:`below` the dealer hands in the first
    places that share no card with each player hand."""

    values: I64
    ordered: I64
    lo: I64
    hi: I64
    position: I64
    flat: npt.NDArray[np.int32]
    card_a: I64
    card_b: I64

    def below(self, place: I64) -> I64:
        """Dealer hands sharing no card with each player hand, in the first ``place`` places."""
        return (place - self.flat[self.card_a, place] - self.flat[self.card_b, place]
                + (self.position < place)).astype(np.int64)

    def place_of(self, value: int) -> I64:
        """Each board's first place holding ``value`` or more, shaped to broadcast per pair."""
        n = self.values.shape[0]
        return np.broadcast_to(_search(self.ordered, np.full((n, 1), value, dtype=np.int64), "left"),
                               self.lo.shape)


def places(boards: I64, unseen: I64) -> Places:
    n = boards.shape[0]
    a, b = unseen[:, LOCAL[:, 0]], unseen[:, LOCAL[:, 1]]
    board_v = batch.CARD_VALUES[boards].sum(axis=1) + flush_base(5)
    board_bits = np.bitwise_or.reduce(batch.CARD_BITS[boards], axis=1)
    v = batch.CARD_VALUES[a] + batch.CARD_VALUES[b] + board_v[:, None]
    bits = batch.CARD_BITS[a] | batch.CARD_BITS[b] | board_bits[:, None]
    values = batch._finish(STANDARD, 7, v.ravel(), bits.ravel(), None).astype(np.int64).reshape(n, len(LOCAL))

    # Each board's pairs in value order: position[k] is pair k's place (ties broken
    # arbitrarily), lo[k] / hi[k] the first / past-last place of pair k's value.
    order = np.argsort(values, axis=1, kind="stable")
    ordered = np.take_along_axis(values, order, axis=1)
    position = np.empty_like(order)
    np.put_along_axis(position, order, np.arange(len(LOCAL), dtype=np.int64)[None, :], axis=1)
    lo = _search(ordered, values, "left")
    hi = _search(ordered, values, "right")
    # held[b, i, t]: pairs holding unseen card i among the first t places of board b
    width = len(LOCAL) + 1
    held = np.zeros((n, 47, width), dtype=np.int32)
    rows = np.arange(n, dtype=np.int64)[:, None]
    held[rows, LOCAL[:, 0][None, :], position + 1] = 1
    held[rows, LOCAL[:, 1][None, :], position + 1] = 1
    np.cumsum(held, axis=2, out=held)
    return Places(values, ordered, lo, hi, position, held.reshape(n * 47, width),
                  rows * 47 + LOCAL[:, 0][None, :], rows * 47 + LOCAL[:, 1][None, :])


def _count(boards: I64, unseen: I64, qualify_min: int) -> BoardCounts:
    p = places(boards, unseen)
    weak = p.place_of(qualify_min)  # places below a pair
    wins = p.below(p.lo)
    losses = DEALER_HANDS - p.below(p.hi)
    weak_hands = p.below(weak)  # dealer hands that do not qualify
    wins_q = np.maximum(wins - weak_hands, 0)
    losses_q = DEALER_HANDS - p.below(np.maximum(p.hi, weak))
    return BoardCounts(p.values, wins, wins_q, losses, losses_q, weak_hands)


def _search(ordered: I64, x: I64, side: str) -> I64:
    """Row-wise searchsorted: in each board's ordered values, the place of each x."""
    n, width = ordered.shape
    block = np.arange(n, dtype=np.int64)[:, None] * BIG
    found = np.searchsorted((ordered + block).ravel(), (x + block).ravel(), side=side)  # type: ignore[call-overload]
    out: I64 = found.reshape(x.shape) - np.arange(n, dtype=np.int64)[:, None] * width
    return out


def _chosen(b: I64, multiples: Sequence[int]) -> I64:
    """The Play size that maximises a + m·b: the largest when b > 0, else the smallest."""
    return np.where(b > 0, max(multiples), min(multiples))


def best_play(a: I64, b: I64, multiples: Sequence[int]) -> I64:
    """The best showdown value over the window's Play sizes."""
    out: I64 = a + _chosen(b, multiples) * b
    return out


# ---------------------------------------------------------------------------------------
# The whole game
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """Exact figures per initial Ante (the Ante alone; the matched wager counts in the action)."""

    house_edge: Fraction  # expected loss of Ante + matched + Play, per Ante
    element_of_risk: Fraction  # the same loss per expected total wagered
    hit_frequency: Fraction  # hands that end ahead
    play_rates: tuple[Fraction, ...]  # how often the Play is made at each window (then fold)
    boards: int


def showdown_parts(sh: Shape, counts: BoardCounts) -> tuple[I64, I64]:
    """The showdown's value with a Play of m Antes is a + m·b (half-Antes): a beaten
    dealer pays the Ante if qualified and the matched wager's line; a winning dealer takes
    the Ante if qualified and the matched wager; the Play wins or loses; ties push
    (engine ``_showdown``, 000 s.1365-1368, D-299). Every win is read from the paytables.
    Where a dealer without a pair pays (the Bad Beat editions, D-299), the Play and the matched
    wager win against every such hand and lose only to a qualified one."""
    matched = np.asarray(sh.matched, dtype=np.int64)
    wins, losses = counts.wins, counts.losses
    if sh.pays_unqualified:
        wins, losses = counts.wins_q + counts.weak, counts.losses_q
    a = (sh.ante_win * counts.wins_q - HALF * counts.losses_q + matched[counts.values] * wins
         - HALF * losses)
    b = sh.play_win * wins - HALF * losses
    return a, b


def deal_value(sh: Shape, hole: Sequence[int], dealer: Sequence[int], board: Sequence[int], play: int | None) -> int:
    """One deal's result in half-Antes with a Play of ``play`` Antes (None: folded at the
    river), through the same formula as the count."""
    if play is None:
        return -sh.fold_loss
    me = int(batch.rank_high_batch(np.array([[*hole, *board]]))[0])
    them = int(batch.rank_high_batch(np.array([[*dealer, *board]]))[0])
    q = them >= sh.qualify_min
    one = np.array([1], dtype=np.int64)
    counts = BoardCounts(values=np.array([me], dtype=np.int64), wins=one * (me > them),
                         wins_q=one * (me > them and q), losses=one * (me < them), losses_q=one * (me < them and q),
                         weak=one * (not q))
    a, b = showdown_parts(sh, counts)
    return int(a[0] + play * b[0])


@dataclass(frozen=True)
class FlopSums:
    """For one flop, per global player pair: sums over the 1,081 turn-and-river boards
    (units: half-Antes × 990 dealer hands; counts of dealer hands for wins)."""

    a: I64  # showdown value without the Play
    b: I64  # showdown value per Ante of Play
    river: I64  # value of the river decision made well (Play or fold)
    stake: I64  # Play staked at the river (Antes)
    wins: I64  # dealer hands beaten
    wins_river: I64  # dealer hands beaten when the river Play is made


def flop_sums(sh: Shape, flop: Sequence[int]) -> FlopSums:
    """Every turn and river after ``flop``, every player and dealer hand, counted."""
    if len(sh.multiples[2]) != 1:
        raise ValueError("the river window has one Play size")
    river_m = sh.multiples[2][0]
    fold = -sh.fold_loss * DEALER_HANDS
    rest49 = np.array([c for c in range(52) if c not in flop], dtype=np.int64)
    unseen = rest49[UNSEEN_AFTER]  # each turn-and-river board's 47 other cards
    tr_boards = np.hstack([np.broadcast_to(np.array(flop, dtype=np.int64), (len(TURN_RIVER), 3)),
                           rest49[TURN_RIVER]])
    counts = count_boards(tr_boards, unseen, sh.qualify_min)
    ids = PAIR_ID[unseen[:, LOCAL[:, 0]], unseen[:, LOCAL[:, 1]]].ravel()
    a, b = showdown_parts(sh, counts)  # half-Antes summed over the 990 dealer hands
    plays = best_play(a, b, sh.multiples[2])
    alternative = a if sh.last_may_check else np.full_like(a, fold)
    bet = plays > alternative

    def total(x: I64) -> I64:
        """Sum over the boards per player pair (float sums are exact below 2^53)."""
        return np.rint(np.bincount(ids, weights=x.ravel(), minlength=len(PAIRS))).astype(np.int64)

    return FlopSums(a=total(a), b=total(b), river=total(np.maximum(plays, alternative)),
                    stake=total(np.where(bet, river_m, 0)), wins=total(counts.wins),
                    wins_river=total(np.where(bet, counts.wins, 0)))


def solve(rules: Mapping[str, Any], progress: Progress | None = None, *,
          classes: Sequence[FlopClass] | None = None) -> Outcome:
    """Optimal play, every deal counted. ``classes`` restricts the flops (tests only: the
    figures then cover those flops' orbits)."""
    sh = shape(rules)
    groups = list(classes) if classes is not None else flop_classes(sh.first_exposed)
    perms = _pair_permutations()
    first_keys = 52 ** sh.first_exposed  # the first-seen cards index the top accumulators
    top_shape = (first_keys, len(PAIRS))
    # Sums over flops for each (first cards, player pair), in units of 1/(2·990·1081) Ante
    top_a = np.zeros(top_shape, dtype=np.int64)  # the showdown's fixed part
    top_b = np.zeros(top_shape, dtype=np.int64)  # per unit of Play (× HALF)
    top_check = np.zeros(top_shape, dtype=np.int64)  # checking now, best play after
    top_stake = np.zeros(top_shape, dtype=np.int64)  # Play staked after a check (units of 1/1081)
    top_win = np.zeros(top_shape, dtype=np.int64)  # wins after a check (units of 1/(990·1081))
    top_win_all = np.zeros(top_shape, dtype=np.int64)  # wins when every hand plays
    flop_plays = np.zeros(top_shape, dtype=np.int64)  # flop Plays after a first-window check
    river_plays = np.zeros(top_shape, dtype=np.int64)  # river Plays after two checks (/1081)
    top_count = np.zeros(top_shape, dtype=np.int64)  # flops summed into each cell
    river_m = sh.multiples[2][0]
    boards = 0
    for done, group in enumerate(groups):
        flop = group.first + group.rest
        sums = flop_sums(sh, flop)
        sum_a, sum_b, sum_river, sum_stake = sums.a, sums.b, sums.river, sums.stake
        sum_win, sum_win_river = sums.wins, sums.wins_river
        boards += len(TURN_RIVER)
        live = np.ones(len(PAIRS), dtype=bool)
        live[[PAIR_ID[x, y] for x in flop for y in range(52) if x != y]] = False
        flop_play = best_play(sum_a, sum_b, sh.multiples[1])
        flop_bet = flop_play > sum_river
        check_value = np.where(flop_bet, flop_play, sum_river)
        stake_after = np.where(flop_bet, _chosen(sum_b, sh.multiples[1]) * 1081, sum_stake)
        win_after = np.where(flop_bet, sum_win, sum_win_river)
        first_key = 0
        for perm in group.images:
            mapped = perms[perm]
            if sh.first_exposed:
                first_key = 0
                for c in group.first:
                    first_key = first_key * 52 + permute_card(c, perm)
            target = mapped[live]
            top_a[first_key, target] += sum_a[live]
            top_b[first_key, target] += sum_b[live]
            top_check[first_key, target] += check_value[live]
            top_stake[first_key, target] += stake_after[live]
            top_win[first_key, target] += win_after[live]
            top_win_all[first_key, target] += sum_win[live]
            flop_plays[first_key, target] += flop_bet[live]
            river_plays[first_key, target] += np.where(flop_bet, 0, sum_stake)[live] // river_m
            top_count[first_key, target] += 1
        if progress is not None:
            progress(done + 1, len(groups))
    return _top_window(sh, top_a, top_b, top_check, top_stake, top_win, top_win_all, flop_plays, river_plays,
                       top_count, boards)


def _top_window(sh: Shape, top_a: I64, top_b: I64, top_check: I64, top_stake: I64, top_win: I64,
                top_win_all: I64, flop_plays: I64, river_plays: I64, top_count: I64, boards: int) -> Outcome:
    """The first decision for each (first cards, player pair), and the totals."""
    reached = top_count > 0
    flops_per_cell = _flops_per_cell(sh.first_exposed)
    if not (top_count[reached] == flops_per_cell).all():
        raise ValueError("the flops given do not cover every deal")  # only a partial run (tests)
    play = best_play(top_a, top_b, sh.multiples[0])
    go = play > top_check
    value = np.where(go, play, top_check)
    # every (first cards, pair) that occurs is equally likely, and each sums the same number of boards
    cells = int(reached.sum())
    unit = Fraction(1, HALF * DEALER_HANDS * 1081 * flops_per_cell * cells)
    ev = int(value[reached].sum()) * unit
    play_staked = (int(np.where(go, _chosen(top_b, sh.multiples[0]), 0)[reached].sum()) * 1081 * flops_per_cell
                   + int(np.where(go, 0, top_stake)[reached].sum()))
    mean_play = Fraction(play_staked, 1081 * flops_per_cell * cells)
    wins = int(np.where(go, top_win_all, top_win)[reached].sum())
    hit = Fraction(wins, DEALER_HANDS * 1081 * flops_per_cell * cells)
    first_rate = Fraction(int((go & reached).sum()), cells)
    flop_rate = Fraction(int(np.where(go, 0, flop_plays)[reached].sum()), flops_per_cell * cells)
    river_rate = Fraction(int(np.where(go, 0, river_plays)[reached].sum()), 1081 * flops_per_cell * cells)
    return Outcome(
        house_edge=-ev,
        element_of_risk=-ev / (2 + mean_play),
        hit_frequency=hit,
        play_rates=(first_rate, flop_rate, river_rate),
        boards=boards,
    )


def _flops_per_cell(first_exposed: int) -> int:
    """Flops completing one (first cards, player pair): the other 3 - e0 flop cards from
    the 50 - e0 cards left."""
    return comb(50 - first_exposed, 3 - first_exposed)


# ---------------------------------------------------------------------------------------
# As the analyzer reports it
# ---------------------------------------------------------------------------------------
def settings(rules: Mapping[str, Any]) -> dict[str, Any]:
    """What the figure depends on (its cache key): the windows, the qualifier, what a fold
    forfeits and the two paytables. Seats, limits and the bet step do not enter it."""
    out = {
        "streets": [{"exposed": s["exposed"], "multiples": list(s["multiples"]), "may_check": s["may_check"]}
                    for s in rules["streets"]],
        "dealer_qualifies": rules["dealer_qualifies"],
        "fold_forfeits": list(rules["fold_forfeits"]),
        "main": dict(rules["paytables"][rules["main_paytable"]]["lines"]),
        "matched": dict(rules["paytables"][rules["matched_paytable"]]["lines"]),
    }
    if _not_qualified(rules) != "compare":  # the house game's key stays as it was cached
        out["not_qualified"] = _not_qualified(rules)
    return out


def result(rules: Mapping[str, Any], progress: Progress | None = None) -> Result:
    out = solve(rules, progress)
    return Result(house_edge=out.house_edge, hit_frequency=out.hit_frequency,
                  element_of_risk=out.element_of_risk)


def assumptions(rules: Mapping[str, Any], matched: str) -> str:
    first = rules["streets"][0]
    seen = "the two hole cards" if int(first["exposed"]) == 0 else \
        f"the hole cards and the first {int(first['exposed'])} community card(s)"
    return (f"Exact: every board, every player hand and every dealer hand of a fresh deck (flops by suit "
            f"class), the player deciding each window optimally (the larger expected value: Play at the "
            f"window's best size, or check; at the river Play or fold) on what they have seen ({seen} first, "
            f"then the flop, then all five). House edge per Ante, the Ante, {matched} and Play all counted; "
            f"element of risk per Ante + {matched} + Play; hit frequency = hands that end ahead. Takes "
            f"minutes, so the figure is kept in the repository cache with the command that counts it.")


def main_wager(rules: Mapping[str, Any], matched: str) -> Wager:
    """The Ante/matched/Play game as the analyzer lists it; ``matched`` names the matched
    wager ("Blind", "X-tra Bonus")."""
    lines = {**{f"ante/play {k}": str(v) for k, v in rules["paytables"][rules["main_paytable"]]["lines"].items()},
             **{f"{matched.lower()} {k}": str(v)
                for k, v in rules["paytables"][rules["matched_paytable"]]["lines"].items()}}
    return Wager(
        bet="ante", label=f"Ante, {matched} and Play (optimal play)", paytable=lines,
        assumptions=assumptions(rules, matched), exact=partial(result, rules), cached=True, slow=True,
        sim_key=settings(rules),
    )
