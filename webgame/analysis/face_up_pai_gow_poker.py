"""Face Up Pai Gow Poker: the Fortune Bonus and Envy counted exactly as Pai Gow Poker's
(:mod:`.pai_gow_poker`), the Ace-High Bonus counted exactly, the bet against the bank simulated.

**Ace-High Bonus, exactly** (001 s.2981-2997, D-252, D-253; semi-wild joker). A seven-card
"ace-high Pai Gow" is seven different ranks with an ace, or six different ranks and the joker
(its ace, no natural ace), with no straight (the joker fills one gap) and no flush (five cards
of a suit, or four beside the joker). The bank's and the player's hands are disjoint sevens of
the 53 cards, so the count runs over pairs of rank sets (which ranks each holds; the joker in
at most one) and, for each pair, the suitings: each hand picks a suit per rank, the two never
the same card where a rank is in both, neither hand a flush. The suitings depend only on the
two sizes, the shared ranks and each hand's flush threshold, and are counted once each by a
dynamic programme over the ranks (suit counts kept up to a permutation of the suits).

**The bet against the bank** is simulated: one player and the bank take seven cards each; a
bank ace-high (at Crystal Park also king-high) Pai Gow pushes (D-252); otherwise both set by the
house way. Stated strategy: the player sets by the house way.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial
from itertools import combinations
from math import comb
from typing import Any

from ..engine.cards import RANKS
from ..engine.money import Odds
from ..engine.paytable import Variant
from ..engine.rng import SeededRng
from ..games.paigow.bonus import pai_gow_high
from ..games.paigow.hands import Ranking, versus
from ..games.paigow.house_way import HouseWay, house_way
from . import pai_gow_poker
from .core import Progress, Result, Tally, Wager

GAME = "face-up-pai-gow-poker"
MAIN, ACE_HIGH = "main", "ace-high-bonus"
ACE = 12
HANDS = comb(53, 7)
PAIRS = comb(53, 7) * comb(46, 7)  # the bank's seven, then the player's
# The windows of five ranks a straight needs, the ace low in the first.
WINDOWS = [frozenset({ACE, 0, 1, 2, 3})] + [frozenset(range(lo, lo + 5)) for lo in range(9)]


def _pai_gow_ranks(ranks: frozenset[int], joker: bool) -> bool:
    """Whether a set of different ranks (with the semi-wild joker or not) is an ace-high Pai
    Gow's: an ace (the joker is it when there is none), and no straight the joker could fill."""
    if joker:
        return ACE not in ranks and all(len(w & ranks) < 4 for w in WINDOWS)
    return ACE in ranks and all(len(w & ranks) < 5 for w in WINDOWS)


@cache
def rank_sets() -> tuple[tuple[frozenset[int], bool], ...]:
    """Every rank set of an ace-high Pai Gow: seven naturals, or six and the joker."""
    out = [(frozenset(r), False) for r in combinations(range(13), 7) if _pai_gow_ranks(frozenset(r), False)]
    out += [(frozenset(r), True) for r in combinations(range(13), 6) if _pai_gow_ranks(frozenset(r), True)]
    return tuple(out)


@cache
def suitings(n_bank: int, n_player: int, shared: int, flush_bank: int, flush_player: int) -> int:
    """The suitings of two hands of different ranks (``shared`` ranks in both, the rest in one),
    the two never the same card and neither holding ``flush_*`` cards of one suit."""
    states: dict[tuple[tuple[int, int], ...], int] = {((0, 0),) * 4: 1}
    steps = ["both"] * shared + ["bank"] * (n_bank - shared) + ["player"] * (n_player - shared)
    for step in steps:
        nxt: dict[tuple[tuple[int, int], ...], int] = {}
        for state, ways in states.items():
            moves = ([(b, p) for b in range(4) for p in range(4) if b != p] if step == "both" else
                     [(s, None) for s in range(4)] if step == "bank" else [(None, s) for s in range(4)])
            for b, p in moves:
                counts = [list(c) for c in state]
                if b is not None:
                    counts[b][0] += 1
                    if counts[b][0] >= flush_bank:
                        continue
                if p is not None:
                    counts[p][1] += 1
                    if counts[p][1] >= flush_player:
                        continue
                key = tuple(sorted((c[0], c[1]) for c in counts))
                nxt[key] = nxt.get(key, 0) + ways
        states = nxt
    return sum(states.values())


@cache
def ace_high_counts() -> dict[str, int]:
    """Bank hands that are ace-high Pai Gows, with and without the joker (out of C(53,7)), and
    ordered (bank, player) pairs where both are, by the bank's joker (out of C(53,7)·C(46,7))."""
    sets = rank_sets()
    bank = {"joker": 0, "natural": 0}
    both = {"joker": 0, "natural": 0}
    for ranks, joker in sets:
        n = len(ranks)
        bank["joker" if joker else "natural"] += suitings(n, 0, 0, 4 if joker else 5, 5)
    by_shape: dict[tuple[int, int, int, bool, bool], int] = {}
    for rb, jb in sets:
        for rp, jp in sets:
            if jb and jp:
                continue  # one joker in the deck
            key = (len(rb), len(rp), len(rb & rp), jb, jp)
            by_shape[key] = by_shape.get(key, 0) + 1
    for (nb, np_, k, jb, jp), times in by_shape.items():
        both["joker" if jb else "natural"] += times * suitings(nb, np_, k, 4 if jb else 5, 4 if jp else 5)
    return {"bank-joker": bank["joker"], "bank-natural": bank["natural"],
            "both-bank-joker": both["joker"], "both-bank-natural": both["natural"]}


def ace_high_probabilities() -> dict[str, Fraction]:
    """The chance of each Ace-High Bonus line (D-253: only the highest pays)."""
    c = ace_high_counts()
    both_j, both_n = Fraction(c["both-bank-joker"], PAIRS), Fraction(c["both-bank-natural"], PAIRS)
    return {"player-and-player-dealer": both_j + both_n,
            "player-dealer-joker": Fraction(c["bank-joker"], HANDS) - both_j,
            "player-dealer": Fraction(c["bank-natural"], HANDS) - both_n}


def ace_high_wager(rules: Mapping[str, Any]) -> Result:
    lines = rules["paytables"][ACE_HIGH]["lines"]
    probs = ace_high_probabilities()
    hit = sum(probs.values(), Fraction(0))
    ev = sum((p * Odds.parse(str(lines[line])).net for line, p in probs.items()), Fraction(0)) - (1 - hit)
    return Result(house_edge=-ev, hit_frequency=hit, element_of_risk=-ev)


# ---------------------------------------------------------------------------------------
# The bet against the bank
# ---------------------------------------------------------------------------------------
def play_round(rules: Mapping[str, Any], deck: list[int], stake: int) -> int:
    """The player's net in cents: the bank's seven first (a Pai Gow of ``pai_gow_push`` pushes,
    D-252), then both set by the house way."""
    joker = str(rules["joker"])
    top = pai_gow_high(deck[7:14], joker)
    if top is not None and RANKS[top] in rules["pai_gow_push"]:
        return 0
    ranking, way = Ranking.of(rules), HouseWay.of(rules["house_way"])
    v = versus(house_way(ranking, way, deck[:7]).hand, house_way(ranking, way, deck[7:14]).hand)
    if v.result == "win":
        return Odds.parse(str(rules["paytables"]["pai-gow-poker"]["lines"]["win"])).win(stake)
    return 0 if v.result == "push" else -stake


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    if bet != MAIN:
        raise ValueError(f"no simulation for {bet}")
    rng = SeededRng(seed)
    stake = max(int(rules["limits"]["main"]["min"]), 2000)
    tally = Tally()
    for i in range(rounds):
        deck = list(pai_gow_poker.DECK)
        rng.shuffle(deck)
        x = play_round(rules, deck, stake)
        tally.add(float(x), float(stake), float(stake), wins=int(x > 0))
        if progress is not None and (i + 1) % 100 == 0:
            progress(i + 1, rounds)
    return tally


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    out = pai_gow_poker.wagers(variant, rules)
    pushes = " or ".join(f"{r}-high" for r in rules["pai_gow_push"])
    main = out[0]
    out[0] = Wager(
        bet=MAIN, label=main.label, paytable=main.paytable,
        assumptions=(f"Simulated: one player against the bank, seven cards each from a fresh 53-card deck; a bank "
                     f"{pushes} Pai Gow (no pair, straight or flush) pushes (D-252); otherwise both set by the house "
                     f"way (D-211, D-212), a win pays 1 to 1 with no commission, copies go to the bank. Strategy: the "
                     f"house way. The collection fee is posted apart."),
        simulated=True, can_simulate=True, default_rounds=20_000,
        sim_key={**dict(main.sim_key or {}), "pai_gow_push": list(rules["pai_gow_push"])},
    )
    for i, w in enumerate(out):
        if w.bet == "envy-bonus" and rules.get("envy_pays") == "highest":
            out[i] = Wager(bet=w.bet, label=w.label, paytable=w.paytable, exact=w.exact, slow=w.slow,
                           assumptions=w.assumptions + " Here only the table's highest Envy hand pays (003 s.3616, "
                           "D-241): the figure is exact when one other hand qualifies and overstates the award "
                           "when several do.")
    if ACE_HIGH in rules["side_bets"]:
        out.append(Wager(
            bet=ACE_HIGH, label="Ace-High Bonus", paytable={k: str(v) for k, v in rules["paytables"][ACE_HIGH]["lines"].items()},
            assumptions=("Exact: every pair of disjoint seven-card hands of the 53-card deck (the bank's, the player's) "
                         "counted by rank sets and suitings; an ace-high Pai Gow has no pair, straight or flush, the "
                         "semi-wild joker its ace (D-252); only the highest line pays (D-253)."),
            exact=partial(ace_high_wager, rules),
        ))
    return out
