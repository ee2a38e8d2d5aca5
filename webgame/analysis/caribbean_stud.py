"""Caribbean Stud Poker: the Ante and Bet by a vectorised simulation, the progressive exactly.

Ante and Bet. The player sees five cards and the dealer's up card, then folds (losing the
Ante, D-312) or makes the Bet, twice the Ante (004 s.737). The near-optimal strategy of
the published analyses decides:

* a pair or better: Bet;
* below ace-king high: fold;
* ace-king high, no pair: Bet only if (1) the dealer's up card is 2 to Q and pairs one of
  the player's cards, or (2) it is an A or K and the player holds a Q or J, or (3) it
  pairs none of the player's cards, the player holds a Q, and it is lower than the
  player's fourth-highest card; otherwise fold.

Its published house edge is 5.225 % per Ante (5.224 % for perfect play). Settlement is
the engine's (``webgame.games.carnival.caribbean``): a dealer below ace-king pays the
Ante 1 to 1 and pushes the Bet (004 s.738, D-313); a qualified dealer beaten pays the Ante
1 to 1 and the Bet by the bonus schedule (D-314), the lines marked * capped at the table's
maximum payout (004 s.769, D-315); identical hands push both; a higher dealer takes both.
Rounds are dealt by numpy from a generator seeded by the seed string, a few hundred
thousand at a time, and every hand value is graded once through the engine's own
``pay_line`` and ``qualifies``, so a figure depends only on the seed, the number of rounds
and the rules. Hands of other players at the table change nothing in expectation, so one
player faces the dealer.

The progressive (004 s.771-778) is exact: it pays on the player's five cards whatever the
dealer holds, and the strategy never folds a hand that wins it (every pair or better
plays), so its return is the class counts of the 2,598,960 five-card hands times the
awards.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, partial
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.hands.batch import rank_high_batch
from ..engine.hands.ids import card_ids
from ..engine.money import truncate
from ..engine.paytable import Variant
from ..games.carnival.base import RANK_INDEX, qualifies
from ..games.carnival.caribbean import PROGRESSIVE_TABLE
from .core import Progress, Result, Tally, Wager
from .stud_math import (
    deal,
    generator,
    hand_values,
    line_by_value,
    odds_net,
    representatives,
    value_count,
)

GAME = "caribbean-stud"
MAIN = "ante"
PROGRESSIVE = "progressive"  # the engine's settlement key for the progressive token
ANTE_TABLE, BONUS_TABLE = "caribbean-ante", "caribbean-bonus"
CHUNK = 1_000_000  # rounds per seeded chunk of a run (simulation.run reads it)
BATCH = 250_000  # rounds dealt at once: about 60 MB of arrays
DEFAULT_ROUNDS = 2_000_000  # a run nobody has cached: seconds, ±0.3 point
ACE, KING, QUEEN, JACK = (RANK_INDEX[r] for r in "AKQJ")
STRATEGY = ("a pair or better plays; below ace-king folds; ace-king plays only if the dealer's up card is 2 to Q "
            "and pairs a player's card, or is an A or K and the player holds a Q or J, or pairs none of the "
            "player's cards, the player holds a Q and the up card is below the player's fourth-highest card")
# Where the Bet equals the Ante (the Designated Player edition, 001 s.133) nearly every hand plays
# (the engine's bots play it too: ``caribbean.even_bet_plays``).
EVEN_STRATEGY = ("the Bet equals the Ante, so nearly every hand plays: a pair or better plays; a hand without a "
                 "pair plays unless the up card is an A or K and the player holds neither (a simple strategy, "
                 "not the optimal one)")


def strategy_of(rules: Mapping[str, Any]) -> str:
    return EVEN_STRATEGY if int(rules["bet_multiple"]) == 1 else STRATEGY

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


# ---------------------------------------------------------------------------------------
# What every hand value means at this table
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Table:
    """One configuration's settlement in cents at the minimum Ante, per hand value.

    ``made``: a pair or better; ``ace_king``: ace-king high without a pair;
    ``dealer_plays``: the dealer qualifies (004 s.738); ``bet_won``: what the Bet wins by
    the bonus schedule when it beats a qualified dealer, capped as the engine caps it.
    """

    ante: int
    bet: int
    ante_won: int  # the Ante's win against a beaten qualified dealer
    no_game_won: int  # the Ante's win when the dealer does not qualify (the Bet pushes)
    made: Bools
    ace_king: Bools
    dealer_plays: Bools
    bet_won: Ints


def tables_of(rules: Mapping[str, Any]) -> tuple[str, str]:
    """The Ante's table and the Bet's bonus schedule at this table (the Designated Player
    edition posts its own, 001 s.134-148)."""
    return str(rules.get("ante_paytable", ANTE_TABLE)), str(rules.get("bonus_paytable", BONUS_TABLE))


def _relevant(rules: Mapping[str, Any]) -> str:
    keep = {k: rules.get(k) for k in ("dealer_qualifier", "bet_multiple", "table_max_payout")}
    ante_table, bonus_table = tables_of(rules)
    keep["paytables"] = {ANTE_TABLE: rules["paytables"][ante_table], BONUS_TABLE: rules["paytables"][bonus_table]}
    keep["ante"] = int(rules["limits"]["ante"]["min"])
    return json.dumps(keep, sort_keys=True)


def table(rules: Mapping[str, Any]) -> Table:
    """The settlement table of a configuration (memoised: a page's simulation asks for it
    every few hundred rounds)."""
    return _table(_relevant(rules))


@lru_cache(maxsize=16)
def _table(relevant: str) -> Table:
    rules = json.loads(relevant)
    ante = int(rules["ante"])
    bet = int(rules["bet_multiple"]) * ante
    cap = int(rules["table_max_payout"]) if rules["table_max_payout"] is not None else 0
    capped = set(rules["paytables"][BONUS_TABLE].get("capped_lines", []))
    size = value_count()
    made = np.zeros(size, dtype=bool)
    ace_king = np.zeros(size, dtype=bool)
    dealer_plays = np.zeros(size, dtype=bool)
    bet_won = np.zeros(size, dtype=np.int64)
    lines = line_by_value(rules, BONUS_TABLE)
    for value, hand in hand_values().items():
        made[value] = hand.category != "high-card"
        ace_king[value] = not made[value] and tuple(hand.ranks[:2]) == (ACE, KING)
        dealer_plays[value] = qualifies(hand, rules["dealer_qualifier"])
        line = lines[value]
        if line is not None:  # every hand has a line on this schedule ("high-card" included)
            won = truncate(odds_net(rules, BONUS_TABLE, line) * bet)
            bet_won[value] = min(won, cap) if line in capped else won
    return Table(ante, bet, truncate(odds_net(rules, ANTE_TABLE, "win") * ante),
                 truncate(odds_net(rules, ANTE_TABLE, "dealer-does-not-qualify") * ante),
                 made, ace_king, dealer_plays, bet_won)


# ---------------------------------------------------------------------------------------
# The strategy and the settlement, for whole arrays of rounds
# ---------------------------------------------------------------------------------------
def plays(t: Table, cards: Ints, values: Ints, up: Ints) -> Bools:
    """Whether the player makes the Bet: five card ids a row, their hand values, and the
    dealer's up card id."""
    ranks = np.sort(cards >> 2, axis=1)[:, ::-1]  # highest first
    up_rank = up >> 2
    pairs_up = (ranks == up_rank[:, None]).any(axis=1)
    has_queen = (ranks == QUEEN).any(axis=1)
    has_jack = (ranks == JACK).any(axis=1)
    matched = pairs_up & (up_rank <= QUEEN)  # (1) a 2 to Q up card that pairs one of the player's cards
    big_up = (up_rank >= KING) & (has_queen | has_jack)  # (2) an A or K up, the player holds a Q or J
    low_up = ~pairs_up & has_queen & (up_rank < ranks[:, 3])  # (3) below the player's fourth-highest card
    if t.bet == t.ante:  # the Bet equals the Ante: caribbean.even_bet_plays
        holds_big = (ranks >= KING).any(axis=1)
        even: Bools = t.made[values] | (up_rank < KING) | holds_big
        return even
    out: Bools = t.made[values] | (t.ace_king[values] & (matched | big_up | low_up))
    return out


def settle(t: Table, player: Ints, dealer: Ints, bets: Bools) -> Ints:
    """The player's net result in cents per round: hand values of the player and the
    dealer, and whether the player made the Bet."""
    dealer_plays = t.dealer_plays[dealer]
    won = t.ante_won + t.bet_won[player]
    net = np.where(player > dealer, won, np.where(player == dealer, 0, -(t.ante + t.bet)))
    net = np.where(dealer_plays, net, t.no_game_won)
    out: Ints = np.where(bets, net, -t.ante).astype(np.int64)
    return out


def play_hand(rules: Mapping[str, Any], player: Sequence[int | str], dealer: Sequence[int | str]
              ) -> tuple[bool, int]:
    """One round by hand, through the same arrays as the simulation: (does the strategy
    make the Bet, the player's net on the Ante and Bet in cents at the minimum Ante)."""
    t = table(rules)
    p = np.array([card_ids(list(player))], dtype=np.int64)
    d = np.array([card_ids(list(dealer))], dtype=np.int64)
    pv, dv = rank_high_batch(p).astype(np.int64), rank_high_batch(d).astype(np.int64)
    bets = plays(t, p, pv, d[:, int(rules["dealer_up"][0])])
    return bool(bets[0]), int(settle(t, pv, dv, bets)[0])


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """``rounds`` rounds of one player against the dealer, from ``generator(seed)``."""
    if bet != MAIN:
        raise ValueError(f"no simulation for {bet}")
    t = table(rules)
    up = int(rules["dealer_up"][0])
    gen = generator(seed)
    tally = Tally()
    done = 0
    while done < rounds:
        n = min(BATCH, rounds - done)
        cards = deal(gen, n, 10)
        player, dealer = cards[:, :5], cards[:, 5:]
        pv = rank_high_batch(player).astype(np.int64)
        dv = rank_high_batch(dealer).astype(np.int64)
        bets = plays(t, player, pv, dealer[:, up])
        x = settle(t, pv, dv, bets)
        action = t.ante + t.bet * bets.astype(np.int64)
        part = Tally(rounds=n, sx=float(x.sum()), sw=float(n * t.ante), sa=float(action.sum()),
                     sxx=float((x * x).sum()), sww=float(n * t.ante * t.ante), sxw=float(t.ante * x.sum()),
                     n=n, wins=int(np.count_nonzero(x > 0)))
        tally = tally.merge(part)
        done += n
        if progress is not None:
            progress(done, rounds)
    return tally


# ---------------------------------------------------------------------------------------
# The progressive
# ---------------------------------------------------------------------------------------
def hands_per_value() -> dict[int, int]:
    """How many of the 2,598,960 five-card hands have each value, counted from the rank
    pattern: Π C(4, copies) suit choices, and for five different ranks 4 flushes and
    4**5 - 4 other suitings."""
    hands, values = representatives()
    out: dict[int, int] = {}
    for cards, value in zip(hands, values, strict=True):
        ranks = [int(c) >> 2 for c in cards]
        if len(set(ranks)) == 5:
            out[int(value)] = 4 if len({int(c) & 3 for c in cards}) == 1 else 4 ** 5 - 4
        else:
            ways = 1
            for r in set(ranks):
                ways *= comb(4, ranks.count(r))
            out[int(value)] = ways
    if sum(out.values()) != comb(52, 5):
        raise RuntimeError("the hand counts do not cover the deck")
    return out


def progressive_awards(rules: Mapping[str, Any], meter: int | None = None) -> dict[str, int]:
    """Each line's award in cents with the meter at ``meter`` (default: its seed): a share
    of the meter truncated to the cent (004 s.774-775), or the fixed award (s.776-778)."""
    paytable = rules["paytables"][PROGRESSIVE_TABLE]
    at = int(rules["progressive_seed"]) if meter is None else meter
    out = {}
    for line, fixed in paytable["lines"].items():
        percent = paytable.get("meter_percent", {}).get(line)
        out[line] = truncate(Fraction(at) * Fraction(percent, 100)) if percent is not None else int(fixed)
    return out


def progressive_net(rules: Mapping[str, Any], cards: Sequence[int | str], meter: int | None = None) -> int:
    """One played hand's net on the progressive token in cents: its line's award (the
    token comes back with it), or the token lost."""
    value = int(rank_high_batch(np.array([card_ids(list(cards))], dtype=np.int64))[0])
    line = line_by_value(rules, PROGRESSIVE_TABLE)[value]
    if line is None:
        return -int(rules["limits"][PROGRESSIVE_TABLE]["min"])
    return progressive_awards(rules, meter)[line]


def progressive(rules: Mapping[str, Any], meter: int | None = None) -> Result:
    """The progressive token: a winning hand takes its award and the token back, any
    other loses the token (the engine settles it so)."""
    edge, hits = _progressive(rules, meter)
    return Result(house_edge=edge, hit_frequency=hits, element_of_risk=edge)


def _progressive(rules: Mapping[str, Any], meter: int | None) -> tuple[Fraction, Fraction]:
    """(house edge per token, chance of an award)."""
    wager = int(rules["limits"][PROGRESSIVE_TABLE]["min"])
    awards = progressive_awards(rules, meter)
    lines = line_by_value(rules, PROGRESSIVE_TABLE)
    total, ev, hits = 0, Fraction(0), 0
    for value, count in hands_per_value().items():
        line = lines[value]
        total += count
        if line is None:
            ev -= count * wager
        else:
            ev += count * awards[line]
            hits += count
    return -ev / (total * wager), Fraction(hits, total)


def meter_slope(rules: Mapping[str, Any], per: int = 1_000_000) -> Fraction:
    """How much the progressive's return rises for ``per`` cents more on the meter (the
    royal and straight flush shares grow with it)."""
    seed = int(rules["progressive_seed"])
    return _progressive(rules, seed)[0] - _progressive(rules, seed + per)[0]


# ---------------------------------------------------------------------------------------
# The wagers
# ---------------------------------------------------------------------------------------
def cap_binds(rules: Mapping[str, Any]) -> bool:
    """Whether the table's maximum payout cuts a Bet award at the minimum Ante (never where
    there is none: the Designated Player edition)."""
    bonus_table = tables_of(rules)[1]
    capped = rules["paytables"][bonus_table].get("capped_lines", [])
    if "table_max_payout" not in rules or not capped:
        return False
    t = table(rules)
    raw = int(rules["bet_multiple"]) * t.ante * max(odds_net(rules, bonus_table, line) for line in capped)
    return raw > int(rules["table_max_payout"])


def settings(rules: Mapping[str, Any]) -> dict[str, Any]:
    """What the simulated figure depends on (its cache key): the qualifier, the Bet, the
    Ante and bonus schedules and the strategy; the seats, the progressive and the chip
    step change nothing, the cap and the Ante only where the cap binds."""
    key: dict[str, Any] = {
        "dealer_qualifier": list(rules["dealer_qualifier"]),
        "bet_multiple": int(rules["bet_multiple"]),
        "paytables": {t: rules["paytables"][slug] for t, slug in zip((ANTE_TABLE, BONUS_TABLE), tables_of(rules),
                                                                          strict=True)},
        "strategy": strategy_of(rules),
    }
    if cap_binds(rules):
        key["table_max_payout"] = int(rules["table_max_payout"])
        key["ante"] = int(rules["limits"]["ante"]["min"])
    return key


def _lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()}


def _progressive_lines(rules: Mapping[str, Any]) -> dict[str, str]:
    """The awards as posted: a share of the meter, or the fixed award in cents."""
    table = rules["paytables"][PROGRESSIVE_TABLE]
    shares = table.get("meter_percent", {})
    return {k: f"{shares[k]}% of the meter" if k in shares else str(v) for k, v in table["lines"].items()}


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    ante_table, bonus_table = tables_of(rules)
    paytable = {**{f"ante {k}": v for k, v in _lines(rules, ante_table).items()},
                **{f"bet {k}": v for k, v in _lines(rules, bonus_table).items()}}
    cap = ("the table's maximum payout binds at the minimum Ante and is applied there" if cap_binds(rules)
           else "no maximum payout is posted" if "table_max_payout" not in rules
           else "the table's maximum payout never binds at the minimum Ante")
    out = [Wager(
        bet=MAIN, label="Ante and Bet (near-optimal strategy)", paytable=paytable,
        assumptions=(f"Simulation: one player against the dealer, a fresh deck every round, the Bet "
                     f"{int(rules['bet_multiple'])}x the Ante; the player's strategy: {strategy_of(rules)}. House edge "
                     "per Ante, element of risk per Ante plus Bet, hit frequency = rounds that end ahead; "
                     f"{cap}. The 95% interval treats rounds as independent."),
        simulated=True, sim_key=settings(rules), default_rounds=DEFAULT_ROUNDS,
    )]
    if PROGRESSIVE_TABLE in rules.get("side_bets", []):
        slope = float(meter_slope(rules)) * 100
        seed = int(rules["progressive_seed"]) // 100
        out.append(Wager(
            bet=PROGRESSIVE, label="Progressive", paytable=_progressive_lines(rules),
            assumptions=(f"Exact: the player's five cards, all 2,598,960 hands of a fresh deck, whatever the "
                         f"dealer holds; the shares of the meter taken at its ${seed:,} seed. The return rises "
                         f"with the meter: {slope:.3f} points per $10,000 on it. A winning hand is never folded "
                         "(every pair or better makes the Bet); the token comes back with the award."),
            exact=partial(progressive, rules),
        ))
    return out
