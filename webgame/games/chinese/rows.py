"""Chinese Poker's hand: thirteen cards set into a front of three and a middle and back of five
(003 §4, 004 §21, D-454).

Pure functions over card codes ("As", "Td"):

* :func:`parse_setting` / :func:`setting_text`: a setting as the table posts it,
  ``"AsKdQh/2c3c4c5c6c/7d8d9dTdJd"`` (front / middle / back);
* :func:`refusal`: why a posted setting is not a setting of the thirteen cards dealt (a card
  not held, a 4/4/5 split, a card twice): such a post is refused, never played;
* :func:`foul`: why a legal split fouls (the back below the middle, or the middle below the
  front; an exact tie is not a foul, D-454), "" when it does not;
* :func:`row_values`: each row's value for the comparison between players, higher is better;
* :func:`clean_sweep`: the hands that win automatically (D-454: a dragon, six pairs, three
  flushes, three straights), read from the thirteen cards as dealt (cards speak, D-014);
* :func:`house_way`: a sensible setting that never fouls, for the button, the clock and bots.

The front counts only three of a kind, one pair and high card (004 s.611, D-454); A-2-3-4-5 is
the lowest straight (003 rule 13). Where the operator makes a row a lowball row (004 s.615),
that row is valued as an A-5 or 2-7 low and the order rule binds the two high rows left (P-343).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ...engine.cards import RANKS, SUITS
from ...engine.hands import high_evaluator, rank_high, rank_low_27, rank_low_a5, rank_three
from ...engine.hands.three import three_card_table

FRONT, MIDDLE, BACK = "front", "middle", "back"
ROWS = (FRONT, MIDDLE, BACK)
SIZES = {FRONT: 3, MIDDLE: 5, BACK: 5}
HAND_SIZE = 13

# One category scale for a three-card front and a five-card row, so a front can be held to the
# middle above it (D-454: by category, then card by card over the front's three cards).
CATEGORIES = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
              "four-of-a-kind", "straight-flush", "royal-flush")
CATEGORY_WORDS = {"high-card": "High card", "pair": "One pair", "two-pair": "Two pair",
                  "three-of-a-kind": "Three of a kind", "straight": "Straight", "flush": "Flush",
                  "full-house": "Full house", "four-of-a-kind": "Four of a kind",
                  "straight-flush": "Straight flush", "royal-flush": "Royal flush"}
LOWBALL = ("none", "middle-a5", "middle-27", "back-a5", "back-27")  # 004 s.615, P-343


@dataclass(frozen=True)
class Setting:
    front: tuple[str, ...]
    middle: tuple[str, ...]
    back: tuple[str, ...]

    def row(self, name: str) -> tuple[str, ...]:
        return {FRONT: self.front, MIDDLE: self.middle, BACK: self.back}[name]

    def cards(self) -> tuple[str, ...]:
        return self.front + self.middle + self.back


_ID = {r + su: i * 4 + j for i, r in enumerate(RANKS) for j, su in enumerate(SUITS)}  # hands.ids order


def _ids(cards: Iterable[str]) -> list[int]:
    """Card ids of codes already checked (the evaluators' form), without parsing each again."""
    return [_ID[c] for c in cards]


def _codes(text: str) -> tuple[str, ...]:
    text = text.replace(" ", "")
    return tuple(text[i:i + 2] for i in range(0, len(text), 2))


def parse_setting(text: str) -> Setting:
    """``"front/middle/back"``, each row's codes with or without spaces; ValueError if the text
    is not three rows of card codes."""
    parts = text.strip().split("/")
    if len(parts) != 3:
        raise ValueError("A setting is three rows: front, middle and back.")
    rows = [_codes(p) for p in parts]
    for row in rows:
        for code in row:
            if len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
                raise ValueError(f"{code!r} is not a card.")
    return Setting(rows[0], rows[1], rows[2])


def setting_text(setting: Setting) -> str:
    return "/".join("".join(setting.row(r)) for r in ROWS)


def refusal(dealt: Sequence[str], setting: Setting) -> str:
    """Why ``setting`` is not a setting of the cards ``dealt`` ("" when it is)."""
    for name in ROWS:
        if len(setting.row(name)) != SIZES[name]:
            return "Set 3 cards in front, 5 in the middle and 5 in the back."
    cards = setting.cards()
    if len(set(cards)) != len(cards):
        return "A card appears twice in that setting."
    if set(cards) != set(dealt):
        return "That setting uses a card you do not hold."
    return ""


def lowball_row(lowball: str) -> tuple[str, str]:
    """(the row played low, its low: "a5" or "27"), or ("", "") for none."""
    if lowball in ("", "none"):
        return "", ""
    if lowball not in LOWBALL:
        raise ValueError(f"unknown lowball rows {lowball!r}")
    row, _, kind = lowball.partition("-")
    return row, kind


def _key5(cards: Sequence[str]) -> tuple[int, tuple[int, ...]]:
    ev = high_evaluator()
    cat, ranks, _ = ev.describe(ev.rank(_ids(cards)))
    return CATEGORIES.index(cat), tuple(ranks)


def _key3(cards: Sequence[str]) -> tuple[int, tuple[int, ...]]:
    cat, ranks = three_card_table(False).classes[rank_three(_ids(cards), False)]
    return CATEGORIES.index(cat), tuple(ranks)


def _at_least(five: Sequence[str], three: Sequence[str]) -> bool:
    """A five-card row is not below a three-card front (D-454: by category, then card by card
    over the front's three cards)."""
    cat5, ranks5 = _key5(five)
    cat3, ranks3 = _key3(three)
    if cat5 != cat3:
        return cat5 > cat3
    return ranks5[:len(ranks3)] >= ranks3


def foul(setting: Setting, lowball: str = "none") -> str:
    """Why the setting fouls ("" if it does not). The back may not rank below the middle nor
    the middle below the front; an exact tie is not a foul (D-454). With a lowball row the
    order binds the two high rows (P-343)."""
    low, _ = lowball_row(lowball)
    if low == MIDDLE:
        return "" if _at_least(setting.back, setting.front) else "the front outranks the back"
    if low == BACK:
        return "" if _at_least(setting.middle, setting.front) else "the front outranks the middle"
    if rank_high(_ids(setting.back)) < rank_high(_ids(setting.middle)):
        return "the middle outranks the back"
    if not _at_least(setting.middle, setting.front):
        return "the front outranks the middle"
    return ""


def row_value(name: str, cards: Sequence[str], lowball: str = "none") -> int:
    """A row's value against the same row of another player: higher is better."""
    ids = _ids(cards)
    low, kind = lowball_row(lowball)
    if name == FRONT:
        return rank_three(ids, False)
    if name == low:
        return rank_low_a5(ids) if kind == "a5" else rank_low_27(ids)
    return rank_high(ids)


def row_values(setting: Setting, lowball: str = "none") -> tuple[int, int, int]:
    return (row_value(FRONT, setting.front, lowball), row_value(MIDDLE, setting.middle, lowball),
            row_value(BACK, setting.back, lowball))


def row_words(name: str, cards: Sequence[str], lowball: str = "none") -> str:
    """A row in words: "Pair of jacks, 9 kicker", "Seven-five low (7-5-4-3-2)"."""
    from ...engine.hands import evaluate_high, evaluate_low, evaluate_three

    low, kind = lowball_row(lowball)
    if name == FRONT:
        return evaluate_three(list(cards), straights_and_flushes=False).description
    if name == low:
        return evaluate_low(list(cards), kind).description
    return evaluate_high(list(cards)).description


# -- clean sweeps (D-454) ---------------------------------------------------------------------
def _rank_counts(cards: Iterable[str]) -> Counter[int]:
    return Counter(RANKS.index(c[0]) for c in cards)


def _three_flushes(cards: Sequence[str]) -> bool:
    counts = Counter(c[1] for c in cards)
    for a in SUITS:
        for b in SUITS:
            for c in SUITS:
                need = Counter({a: 3}) + Counter({b: 5}) + Counter({c: 5})
                if need == counts:
                    return True
    return False


def _runs(length: int) -> list[tuple[int, ...]]:
    """Every straight of ``length`` ranks, the ace low or high (A-2-3 and A-2-3-4-5 count)."""
    out = [tuple(range(lo, lo + length)) for lo in range(13 - length + 1)]
    out.append((12,) + tuple(range(length - 1)))
    return out


def _straights_take(counts: Counter[int], lengths: tuple[int, ...]) -> bool:
    if not lengths:
        return sum(counts.values()) == 0
    for run in _runs(lengths[0]):
        if all(counts[r] > 0 for r in run):
            rest = counts.copy()
            rest.subtract(run)
            if _straights_take(rest, lengths[1:]):
                return True
    return False


def clean_sweep(cards: Sequence[str]) -> str:
    """The clean sweep the thirteen cards make, best first ("" for none): ``dragon`` (A to 2),
    ``six-pairs`` (quads count as two pairs), ``three-flushes`` and ``three-straights`` (the
    cards can be set so that every row is one)."""
    counts = _rank_counts(cards)
    if len(counts) == 13:
        return "dragon"
    if sum(n // 2 for n in counts.values()) >= 6:
        return "six-pairs"
    if _three_flushes(cards):
        return "three-flushes"
    if _straights_take(counts, (3, 5, 5)):
        return "three-straights"
    return ""


SWEEP_WORDS = {"dragon": "Dragon (ace to deuce)", "six-pairs": "Six pairs", "three-flushes": "Three flushes",
               "three-straights": "Three straights"}


# -- the house way ------------------------------------------------------------------------------
# How likely a row of each category is to win its row, roughly: the house way weighs the three
# rows by these and keeps the setting with the most; only the order between settings matters.
_BACK_WEIGHT = (0.02, 0.12, 0.3, 0.5, 0.65, 0.75, 0.88, 0.97, 0.99, 1.0)
_MIDDLE_WEIGHT = (0.06, 0.3, 0.6, 0.76, 0.86, 0.9, 0.97, 0.99, 1.0, 1.0)


def _strength(name: str, cards: Sequence[str], lowball: str) -> float:
    low, _ = lowball_row(lowball)
    if name == low:
        # A low row: the lower its top card the better (a value out of the evaluator's scale).
        return row_value(name, cards, lowball) / 7462.0
    if name == FRONT:
        cat, ranks = _key3(cards)
        if cat == 0:
            return 0.02 + 0.02 * max(ranks[0] - 8, 0)  # A-high is worth something, little else
        if cat == 1:
            return 0.45 + 0.045 * ranks[0]
        return 0.99
    cat, ranks = _key5(cards)
    table = _BACK_WEIGHT if name == BACK else _MIDDLE_WEIGHT
    return table[cat] + ranks[0] / 1000.0


def _ranker(name: str, lowball: str) -> Callable[[Sequence[int]], int]:
    """The row's value on card ids (the fast path of :func:`row_value`)."""
    low, kind = lowball_row(lowball)
    if name == low:
        return rank_low_a5 if kind == "a5" else rank_low_27
    return high_evaluator().rank


@cache
def _house_way(cards: tuple[str, ...], lowball: str) -> Setting:
    pool = list(cards)
    ids = _ID
    back_value, middle_value = _ranker(BACK, lowball), _ranker(MIDDLE, lowball)

    # The back first: its best candidates (a lowball back by its low), then the best middles of
    # the eight cards left, the front the last three. Every candidate that does not foul is
    # weighed; the greedy one (the best back, the best middle) does not foul without a lowball
    # row, and with one the search goes on through every setting until one does not.
    backs = sorted(combinations(pool, 5), key=lambda five: back_value([ids[c] for c in five]), reverse=True)[:40]
    best: tuple[float, Setting] | None = None
    for back in backs:
        left = [c for c in pool if c not in back]
        middles = sorted(combinations(left, 5), key=lambda five: middle_value([ids[c] for c in five]),
                         reverse=True)[:6]
        for middle in middles:
            front = tuple(c for c in left if c not in middle)
            setting = Setting(front, tuple(middle), tuple(back))
            if foul(setting, lowball):
                continue
            score = sum(_strength(n, setting.row(n), lowball) for n in ROWS)
            if best is None or score > best[0]:
                best = (score, setting)
    if best is None:
        return _fallback(pool, lowball)
    return best[1]


def _fallback(pool: list[str], lowball: str) -> Setting:
    for back in combinations(pool, 5):
        left = [c for c in pool if c not in back]
        for middle in combinations(left, 5):
            s = Setting(tuple(c for c in left if c not in middle), tuple(middle), tuple(back))
            if not foul(s, lowball):
                return s
    raise AssertionError("no setting of thirteen cards avoids a foul")


def house_way(cards: Sequence[str], lowball: str = "none") -> Setting:
    """A sensible setting of the thirteen cards that never fouls (the House way button, the
    clock's default, D-009, and the bots)."""
    if len(cards) != HAND_SIZE:
        raise ValueError("the house way sets thirteen cards")
    return _house_way(tuple(sorted(cards, key=lambda c: (RANKS.index(c[0]), SUITS.index(c[1])), reverse=True)),
                      lowball)


def sorted_codes(cards: Iterable[str]) -> list[str]:
    """Cards high to low (suits in the D-018 order), as the felt lays out a hand."""
    return sorted(cards, key=lambda c: (RANKS.index(c[0]), SUITS.index(c[1])), reverse=True)
