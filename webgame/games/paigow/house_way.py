"""The House Way: one function sets any seven cards as the house would (D-211, D-212).

It sets the house dealer's hand, the hand of a player who presses "House way", a hand whose
clock ran out (D-009) and the bots' hands. Which rows apply is fixed by the decisions; the
thresholds of the rows are the variant's data (``rules["house_way"]``): for a four of a kind
with three singles and for two pair, which ranks always split, which stay together when a
card of at least some rank can go in front, and which never split.

How it works: each row names the front it wants (by ranks, and for the fully wild joker
whether the joker goes in front); of the legal settings that give that front, the one with
the strongest front, then the strongest back, is taken (D-211 step 3). Suits never matter.
A semi-wild joker counts as an ace when the cards are grouped (D-212); a fully wild joker
picks the row by the six natural cards (D-212 rows 1-9).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine.cards import RANKS
from ...engine.hands import JOKER
from ...engine.hands.tables import FLUSH, STRAIGHT, STRAIGHT_FLUSH, TRIPS
from .hands import ACE, Ranking, SetHand, settings

COMPLETE = (STRAIGHT, FLUSH, STRAIGHT_FLUSH)  # D-211 "complete hand" (a royal is a straight flush)
WORD = {r: w for r, w in zip(RANKS, ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks",
                                     "queens", "kings", "aces"), strict=True)}


@dataclass(frozen=True)
class Band:
    """A band of ranks for a split-or-keep row: ``keep_with`` is the lowest single that lets
    the hand stay together ("" = always split, "any" = never split)."""

    high: int
    low: int
    keep_with: str

    def keeps(self, best_single: int | None) -> bool:
        if self.keep_with == "any":
            return True
        if not self.keep_with or best_single is None:
            return False
        return best_single >= RANKS.index(self.keep_with)


@dataclass(frozen=True)
class HouseWay:
    name: str
    four_of_a_kind: tuple[Band, ...]
    two_pair: tuple[Band, ...]
    # A fully wild joker with four aces: "" plays D-212 row 8 (the joker and the higher single
    # in front); "pair-of-aces" puts a pair of aces in front, as Fortune's own chart says (001
    # s.1123, the D-212 exception).
    wild_five_aces: str = ""

    @classmethod
    def of(cls, data: Mapping[str, Any]) -> HouseWay:
        def bands(rows: Sequence[Mapping[str, Any]]) -> tuple[Band, ...]:
            out = tuple(Band(RANKS.index(str(r["high"])), RANKS.index(str(r["low"])), str(r["keep_with"]))
                        for r in rows)
            for b in out:
                if b.keep_with not in ("", "any") and b.keep_with not in RANKS:
                    raise ValueError(f"keep_with must be a rank, '' or 'any', not {b.keep_with!r}")
            return out

        five = str(data.get("wild_five_aces", ""))
        if five not in ("", "pair-of-aces"):
            raise ValueError(f"wild_five_aces must be '' or 'pair-of-aces', not {five!r}")
        return cls(str(data["name"]), bands(data["four_of_a_kind"]), bands(data["two_pair"]), five)

    def band(self, table: tuple[Band, ...], rank: int) -> Band:
        for b in table:
            if b.low <= rank <= b.high:
                return b
        raise ValueError(f"the house way has no band for {RANKS[rank]}")


@dataclass(frozen=True)
class HouseSetting:
    hand: SetHand
    row: str  # the row that set it, in words for the table


Want = Callable[[SetHand], bool]


def house_way(ranking: Ranking, way: HouseWay, seven: Sequence[int]) -> HouseSetting:
    """Set seven card ids by the house way; never a foul."""
    options = [s for s in settings(ranking, seven) if not s.foul]
    if ranking.joker == "wild" and JOKER in seven:
        row, want = _wild_row(ranking, way, seven, options)
    else:
        row, want = _row(ranking, way, seven, options)
    chosen = [s for s in options if want(s)]
    if not chosen:  # a row with no legal setting would be a gap in the chart: never seen
        raise AssertionError(f"house way row {row!r} found no legal setting")
    return HouseSetting(max(chosen, key=lambda s: (s.front_value, s.back_value)), row)


def _g(c: int) -> int:
    """A card's rank for grouping: a semi-wild joker counts as an ace (D-212)."""
    return ACE if c == JOKER else c >> 2


def _front_ranks(s: SetHand) -> list[int]:
    return sorted((_g(c) for c in s.front), reverse=True)


def _front_is(ranks: Sequence[int]) -> Want:
    want = sorted(ranks, reverse=True)
    return lambda s: _front_ranks(s) == want


def _complete(ranking: Ranking, s: SetHand) -> bool:
    return ranking.back_class(s.back_value).category in COMPLETE


def _row(ranking: Ranking, way: HouseWay, seven: Sequence[int], options: list[SetHand]) -> tuple[str, Want]:
    """D-211 step 2 (the semi-wild joker grouped as an ace, D-212)."""
    counts = [0] * 13
    for c in seven:
        counts[_g(c)] += 1
    by_count = {n: sorted((r for r in range(13) if counts[r] == n), reverse=True) for n in (1, 2, 3, 4, 5)}
    singles, pairs, sets, quads = by_count[1], by_count[2], by_count[3], by_count[4]
    if by_count[5]:
        return "Five aces: a pair of aces in front", _front_is([ACE, ACE])
    if quads and (pairs or sets):
        p = max(pairs + sets)
        return f"Four of a kind with a pair: {WORD[RANKS[p]]} in front", _front_is([p, p])
    if quads:
        q = quads[0]
        if way.band(way.four_of_a_kind, q).keeps(singles[0] if singles else None):
            return f"Four {WORD[RANKS[q]]} behind, the two highest singles in front", _front_is(singles[:2])
        return f"Four {WORD[RANKS[q]]} split, a pair in front", _front_is([q, q])
    if sets and (pairs or len(sets) > 1):
        def full_house(s: SetHand) -> bool:
            fr = _front_ranks(s)
            return fr[0] == fr[1] and ranking.back_class(s.back_value).category >= TRIPS
        return "Full house: the highest pair in front that leaves three of a kind behind", full_house
    if len(pairs) == 3:
        return f"Three pair: {WORD[RANKS[pairs[0]]]} in front", _front_is([pairs[0], pairs[0]])
    complete = [s for s in options if _complete(ranking, s)]
    if complete:
        if len(pairs) == 2:
            paired = [s for s in complete if len(set(_front_ranks(s))) == 1]
            if paired:
                keep = set(paired)
                return "Two pair with a straight or flush: a pair in front, the complete hand behind", keep.__contains__
        else:
            keep = set(complete)
            return "Straight or flush behind, the strongest two cards in front", keep.__contains__
    if sets:
        t = sets[0]
        if t == ACE:
            return "Three aces: an ace and the highest single in front", _front_is([ACE, singles[0]])
        return f"Three {WORD[RANKS[t]]} behind, the two highest singles in front", _front_is(singles[:2])
    if len(pairs) == 2:
        high, low = pairs
        if way.band(way.two_pair, high).keeps(singles[0]):
            return f"Two pair, {WORD[RANKS[high]]} high: both pairs behind", _front_is(singles[:2])
        return f"Two pair, {WORD[RANKS[high]]} high: split, {WORD[RANKS[low]]} in front", _front_is([low, low])
    if pairs:
        return f"One pair: {WORD[RANKS[pairs[0]]]} behind, the two highest singles in front", _front_is(singles[:2])
    return "No pair: the 2nd and 3rd highest cards in front", _front_is(singles[1:3])


def _wild_row(ranking: Ranking, way: HouseWay, seven: Sequence[int], options: list[SetHand]) -> tuple[str, Want]:
    """D-212 rows 1-9: a fully wild joker, the row chosen by the six natural cards."""
    naturals = [c for c in seven if c != JOKER]
    counts = [0] * 13
    for c in naturals:
        counts[c >> 2] += 1
    by_count = {n: sorted((r for r in range(13) if counts[r] == n), reverse=True) for n in (1, 2, 3, 4)}
    singles, pairs, sets, quads = by_count[1], by_count[2], by_count[3], by_count[4]

    def front(ranks: Sequence[int], joker: bool) -> Want:
        want = sorted(ranks, reverse=True)

        def ok(s: SetHand) -> bool:
            if (JOKER in s.front) != joker:
                return False
            return sorted((c >> 2 for c in s.front if c != JOKER), reverse=True) == want
        return ok

    if quads == [ACE] and not pairs and way.wild_five_aces == "pair-of-aces":
        return "Five aces: a pair of aces in front", front([ACE, ACE], False)
    if quads:
        if pairs:
            return "Four of a kind and a pair: the pair in front, five of a kind behind", front([pairs[0]] * 2, False)
        return "Four of a kind: the joker and the higher single in front", front(singles[:1], True)
    if len(sets) == 2:
        return "Two sets: a pair from the higher set in front", front([sets[0]] * 2, False)
    if sets:
        return "Three of a kind: the joker and the highest single in front", front(singles[:1], True)
    if len(pairs) == 3:
        return "Three pair: the highest pair in front", front([pairs[0]] * 2, False)
    if len(pairs) == 2:
        high = pairs[0]
        if singles[0] >= high + 3:
            return "Two pair: the joker pairs the highest single in front", front(singles[:1], True)
        return "Two pair: the higher pair in front, the joker with the lower pair", front([high, high], False)
    if pairs:
        p, s = pairs[0], singles[0]
        if p < s:
            return "One pair: the joker pairs the highest single; the lower pair in front", front([p, p], False)
        return "One pair: the joker pairs the highest single; the lower pair in front", front([s], True)
    complete = [s for s in options if JOKER in s.back and _complete(ranking, s)]
    if complete:
        keep = set(complete)
        return "Straight or flush with the joker behind, the strongest two cards in front", keep.__contains__
    return "No pair: the highest and 3rd-highest cards in front, the joker pairs the 2nd behind", \
        front([singles[0], singles[2]], False)
