"""Pai Gow Poker: the Fortune Bonus and Envy exactly, the bet against the house by simulation.

**Fortune Bonus, exactly.** Every seven-card hand of the 53-card deck (C(53,7) = 154,143,080:
seven natural cards, or six and the joker) is counted by its Fortune line, graded by the
engine's own grader (:func:`webgame.games.paigow.bonus.fortune_hands`) on one representative
hand of each class:

* hands with no suit able to make a flush (fewer than five cards of a suit, or fewer than four
  with the joker) are classed by their rank multiset: a representative spreads the suits, and
  the class holds Π C(4, copies) hands less those of the multiset that hold a flush (counted
  by a small polynomial over the ranks that take the flush suit);
* hands with a flush are classed by the flush suit's ranks and the ranks of the cards off it
  (the suits off the flush matter only for a suited king-queen beside a royal flush, which is
  counted apart): 4 suits × 3 × 3 suitings of two different off ranks, 3 of a pair.

The counts add up to C(53,7) (checked on every run). **Envy** is a fixed award with no stake:
its figure is the expected award per hand of another player who made a Fortune Bonus bet, in
dollars, from the same counts (each other hand is a uniform seven of the 53 cards).

**The bet against the house** is simulated through the engine's rules: one player and the
dealer each take seven cards of a fresh 53-card deck and both set by the house way (D-211); a
win pays 1 to 1 less the table's commission. Stated strategy: the player sets by the house way.

**The player-banker's side** (000 s.756-771, 004 s.1314-1336, D-222), where a table offers a
player the bank: simulated likewise with three hands from one deck (the banker's, the house's
and one other player's), all set by the house way. The banker wagers the same amount against
the house's hand as the other player wagers against the bank; copies are the bank's against
both; a win against the house pays 1 to 1 less the commission at once, and the bank pays the
commission on its net win from the other player. The figure is the banker's loss per dollar of
the two wagers (negative: the banker's advantage).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, partial
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any

from ..engine.hands import JOKER
from ..engine.money import Odds
from ..engine.paytable import Variant
from ..engine.rng import SeededRng
from ..games.paigow.bonus import fortune_hands
from ..games.paigow.hands import Ranking, versus
from ..games.paigow.house_way import HouseWay, house_way
from ..games.paigow.table import commission, envy_table
from .core import Progress, Result, Tally, Wager

GAME = "pai-gow-poker"
MAIN, FORTUNE, ENVY = "main", "fortune-bonus", "envy-bonus"
PLAYER_BANK = "player-bank"  # the banker's side of a player bank against the house
HANDS = comb(53, 7)
KING, QUEEN = 11, 10
CHUNK = 500  # rounds per seeded chunk: each round sets two hands by the house way


def _spread(ranks: list[int]) -> list[int]:
    """Card ids for a rank multiset with the suits spread so no suit holds more than two."""
    return [r * 4 + i % 4 for i, r in enumerate(sorted(ranks))]


def _flush_ways(counts: list[int], need: int) -> int:
    """How many suitings of a rank multiset give one given suit at least ``need`` cards."""
    poly = [1]  # coefficient j: ways with j ranks holding the given suit
    for c in counts:
        if not c:
            continue
        with_suit, without = comb(3, c - 1), comb(3, c)
        nxt = [0] * (len(poly) + 1)
        for j, w in enumerate(poly):
            nxt[j] += w * without
            nxt[j + 1] += w * with_suit
        poly = nxt
    return sum(poly[need:])


def _off_ranks(n: int) -> list[tuple[tuple[int, ...], int]]:
    """The ranks of ``n`` cards off the flush suit (three suits), each with its suitings."""
    out = []
    for ranks in combinations_with_replacement(range(13), n):
        ways = 1
        for r in set(ranks):
            ways *= comb(3, ranks.count(r))
        out.append((ranks, ways))
    return out


@cache
def fortune_grades(joker: str = "bug") -> dict[tuple[str, ...], int]:
    """The number of seven-card hands of the 53-card deck by the Fortune lines they satisfy,
    best first (the hand's own name where it pays nothing: "two-pair", "pair", "high-card");
    a paytable pays each at the first of its lines it prints (D-238)."""
    counts: dict[tuple[str, ...], int] = {}

    def add(cards: list[int], ways: int) -> None:
        if ways:
            lines = tuple(fortune_hands(cards, joker))
            counts[lines] = counts.get(lines, 0) + ways

    for naturals, need in ((7, 5), (6, 4)):
        extra = [JOKER] if naturals == 6 else []
        # No flush: by rank multiset.
        for ranks in combinations_with_replacement(range(13), naturals):
            c = [ranks.count(r) for r in range(13)]
            if max(c) > 4:
                continue
            ways = 1
            for k in c:
                ways *= comb(4, k)
            add(_spread(list(ranks)) + extra, ways - 4 * _flush_ways(c, need))
        # A flush: the flush suit's ranks (suit 0, ×4) and the ranks off it.
        for k in range(need, naturals + 1):
            for flush in combinations(range(13), k):
                suited = [r * 4 for r in flush]
                for off, ways in _off_ranks(naturals - k):
                    offs = [r * 4 + 1 + i for i, r in enumerate(off)]  # suits 1, 2: never suited
                    if sorted(off) == [QUEEN, KING]:
                        add(suited + [QUEEN * 4 + 1, KING * 4 + 1] + extra, 4 * 3)  # a suited K-Q
                        add(suited + offs + extra, 4 * (ways - 3))
                    else:
                        add(suited + offs + extra, 4 * ways)
    if sum(counts.values()) != HANDS:
        raise AssertionError("the Fortune counts do not add up to C(53,7)")
    return counts


def line_counts(joker: str, lines: Mapping[str, Any]) -> dict[str, int]:
    """Hands of the 53-card deck by the line of ``lines`` they are paid on (D-238); the
    hand's own name where none pays."""
    out: dict[str, int] = {}
    for grades, n in fortune_grades(joker).items():
        line = next((g for g in grades if g in lines), grades[0])
        out[line] = out.get(line, 0) + n
    return out


def fortune_counts(joker: str = "bug") -> dict[str, int]:
    """The number of seven-card hands at each hand's own best Fortune line (three pairs counted
    as the two pair they are; only FPG-01..03 print a line for them, D-244)."""
    out: dict[str, int] = {}
    for grades, n in fortune_grades(joker).items():
        top = grades[1] if grades[0] == "three-pair" else grades[0]
        out[top] = out.get(top, 0) + n
    return out


def _lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()}


def fortune_wager(rules: Mapping[str, Any]) -> Result:
    lines = rules["paytables"][str(rules["fortune_paytable"])]["lines"]
    ev, hits = Fraction(0), 0
    for line, n in line_counts(str(rules["joker"]), lines).items():
        if line in lines:
            net = Odds.parse(str(lines[line])).net
            ev += Fraction(n, HANDS) * net
            hits += n if net else 0  # a push (the three pair of D-244) is no hit
        else:
            ev -= Fraction(n, HANDS)
    return Result(house_edge=-ev, hit_frequency=Fraction(hits, HANDS), element_of_risk=-ev)


def envy_award(rules: Mapping[str, Any]) -> Fraction:
    """The expected Envy award, in cents, for one other player's hand (with a Fortune Bonus)."""
    awards = rules["paytables"][envy_table(rules)]["lines"]
    counts = line_counts(str(rules["joker"]), awards)
    return sum((Fraction(counts.get(line, 0) * int(cents), HANDS) for line, cents in awards.items()),
               Fraction(0))


def envy_wager(rules: Mapping[str, Any]) -> Result:
    """Envy has no stake: its "edge" is minus the expected award per other hand, as a share of
    the least Fortune Bonus that earns it (the player's cost of the button)."""
    award = envy_award(rules)
    awards = rules["paytables"][envy_table(rules)]["lines"]
    hit = Fraction(sum(n for line, n in line_counts(str(rules["joker"]), awards).items() if line in awards), HANDS)
    return Result(house_edge=-award / int(rules["envy_min"]), hit_frequency=hit)


# ---------------------------------------------------------------------------------------
# The bet against the house
# ---------------------------------------------------------------------------------------
DECK = list(range(52)) + [JOKER]


def play_round(rules: Mapping[str, Any], deck: list[int], stake: int) -> int:
    """The player's net in cents on ``stake``: seven cards each, both set by the house way."""
    ranking, way = Ranking.of(rules), HouseWay.of(rules["house_way"])
    mine = house_way(ranking, way, deck[:7]).hand
    bank = house_way(ranking, way, deck[7:14]).hand
    v = versus(mine, bank)
    if v.result == "win":
        won = Odds.parse(str(rules["paytables"]["pai-gow-poker"]["lines"]["win"])).win(stake)
        return won - commission(rules, won)
    return 0 if v.result == "push" else -stake


def bank_round(rules: Mapping[str, Any], deck: list[int], stake: int) -> int:
    """The player-banker's net in cents: its seven cards against the house's seven for
    ``stake`` (a win paying 1 to 1 less the commission at once), then one other player's seven
    for ``stake``, the bank paying the commission on a net win (004 s.1326-1328, D-222); every
    hand set by the house way, copies the bank's."""
    ranking, way = Ranking.of(rules), HouseWay.of(rules["house_way"])
    bank = house_way(ranking, way, deck[:7]).hand
    house = versus(house_way(ranking, way, deck[7:14]).hand, bank).result
    other = versus(house_way(ranking, way, deck[14:21]).hand, bank).result
    won = Odds.parse(str(rules["paytables"]["pai-gow-poker"]["lines"]["win"])).win(stake)
    net = {"lose": won - commission(rules, won), "push": 0}.get(house, -stake)
    table = {"lose": stake, "push": 0}.get(other, -won)
    return net + table - (commission(rules, table) if table > 0 else 0)


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    if bet not in (MAIN, PLAYER_BANK):
        raise ValueError(f"no simulation for {bet}")
    rng = SeededRng(seed)
    stake = max(int(rules["limits"]["main"]["min"]), 2000)  # $20: a commission of a whole dollar
    tally = Tally()
    for i in range(rounds):
        deck = list(DECK)
        rng.shuffle(deck)
        if bet == PLAYER_BANK:
            x = bank_round(rules, deck, stake)
            tally.add(float(x), float(2 * stake), float(2 * stake), n=2, wins=int(x > 0))
        else:
            x = play_round(rules, deck, stake)
            tally.add(float(x), float(stake), float(stake), wins=int(x > 0))
        if progress is not None and (i + 1) % 100 == 0:
            progress(i + 1, rounds)
    return tally


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    pct = int(rules["commission_pct"])
    rounding = {"truncate": "truncated to the cent", "up": "rounded up to the next 25 cents"}.get(
        str(rules["commission_rounding"]), "")
    pay = f"less {pct}% {rounding}" if pct and rounding else "with no commission (D-219)"
    against = "the player-dealer" if rules.get("banking") == "player-dealer" else "the house"
    out = [Wager(
        bet=MAIN, label=f"Bet against {against}", paytable=_lines(rules, "pai-gow-poker"),
        assumptions=(f"Simulated: one player against the bank, seven cards each from a fresh 53-card deck; "
                     f"both set by the house way (D-211, D-212); a win pays 1 to 1 "
                     f"{pay} on a $20 bet; copies go to the bank. Strategy: the house way."
                     + (" The player-dealer sets the bank's hand by the house way too; a stake that "
                        "runs out gives no action, which changes no expectation; the collection fee "
                        "is posted apart." if against != "the house" else "")),
        simulated=True, can_simulate=True, default_rounds=20_000,
        sim_key={"joker": rules["joker"], "wheel": rules["wheel"], "five_aces": rules["five_aces"],
                 "commission_pct": pct,
                 "commission_rounding": rules["commission_rounding"], "house_way": rules["house_way"]},
    )]
    if rules.get("player_bank") and against == "the house":
        out.append(Wager(
            bet=PLAYER_BANK, label="Banking against the house (the player-banker's side)",
            paytable=_lines(rules, "pai-gow-poker"),
            assumptions=(f"Simulated: the player-banker, the house's hand and one other player, seven cards each "
                         f"from a fresh 53-card deck, all set by the house way (D-211); $20 against the house's "
                         f"hand and $20 bet against the bank; copies are the bank's; a win against the house "
                         f"pays 1 to 1 {pay} at once and the bank pays the same on its net win from the other "
                         f"player (D-220, D-222). The figure is per dollar of both wagers; negative is the "
                         f"banker's advantage."),
            simulated=True, can_simulate=True, default_rounds=20_000,
            sim_key={"bank": True, "joker": rules["joker"], "wheel": rules["wheel"],
                     "five_aces": rules["five_aces"], "commission_pct": pct,
                     "commission_rounding": rules["commission_rounding"], "house_way": rules["house_way"]},
        ))
    if FORTUNE in rules["side_bets"]:
        fortune = str(rules["fortune_paytable"])
        out.append(Wager(
            bet=FORTUNE, label="Fortune Bonus", paytable=_lines(rules, fortune),
            assumptions=("Exact: every seven-card hand of the 53-card deck counted by its best Fortune line "
                         "(the engine's grader), whatever the setting; the per-player cap ignored."),
            exact=partial(fortune_wager, rules), slow=True,
        ))
    if ENVY in rules["side_bets"]:
        out.append(Wager(
            bet=ENVY, label="Envy Bonus (per other player's hand)", paytable=_lines(rules, envy_table(rules)),
            assumptions=("Exact, from the same counts: the expected fixed award for one other player's hand "
                         "with a Fortune Bonus, as a share of the least Fortune Bonus that earns the button "
                         "(negative: a return the player receives, there is no stake)."),
            exact=partial(envy_wager, rules), slow=True,
        ))
    return out

