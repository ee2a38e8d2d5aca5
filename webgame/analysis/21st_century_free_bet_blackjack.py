"""21st Century Free Bet Blackjack: the main game and Push 22 exactly by counting; the engine's own
simulation as the main game's cross-check.

Each figure is the house edge of a player's wager against the player-dealer (P/D) who banks it;
the collection fee and the P/D's stake running out (D-466) are not in it.

* **Push 22** (003 §47): the P/D's whole hand off a full shoe (the players' cards unseen), drawn
  by its chart (hits soft 17, D-604), finished even when no base wager is left (D-132); it wins
  on a final total of exactly 22. A P/D Natural (a Bonus ace and a ten) is not 22.
* **The main game**: counted over the finite shoe by :mod:`.blackjack_exact` (P-284 to P-286)
  under the Free Bet chart the bots play (every free double and free split taken, the paid plays
  by the chart, the forced stands and hits of 003 s.2749); its hands over 21 compared with the
  P/D's final total bust by bust (the P/D's 22 pushes, its suited 7-8-9 pushes a closer over
  hand); the Free Bets the P/D pays counted with the base wager. The cross-check (``flask edge
  21st-century-free-bet-blackjack --check ROUNDS``) is the engine itself, every circle a house
  bot, round after round from one persistent shoe.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import Any

from ..engine.paytable import Variant, odds_of
from ..games.blackjack import TwentyFirstCenturyFreeBet
from ..games.blackjack.engine import MAIN
from ..games.blackjack.hand import count, is_natural
from ..games.blackjack.sidebets import PUSH_22
from . import blackjack_exact
from . import pure_spanish_21_5 as ps
from .blackjack import _lines
from .blackjack_tables import play_rounds
from .core import Progress, Result, Tally, Wager

GAME = "21st-century-free-bet-blackjack"
MAIN_SETTINGS = ("decks", "penetration_pct", "seats", "blackjack_pays", "over_above", "dealer_22_pushes",
                 "over_push_dealer_suited_789", "free_double_hard_totals", "free_split_values", "double_totals",
                 "max_hands", "peek_ranks")
DEFAULT_ROUNDS = 200_000


def dealer_totals(rules: Mapping[str, Any]) -> dict[int, Fraction]:
    """The chance of each final total of the P/D's hand (0: a Natural) off a full shoe."""
    out: dict[int, Fraction] = {}

    def walk(cards: list[str], p: Fraction, ranks: dict[str, int]) -> None:
        if len(cards) >= 2 and ps._stands(cards):
            total = 0 if is_natural([c + "s" for c in cards]) else count(cards).total
            out[total] = out.get(total, Fraction(0)) + p
            return
        for r, q, rest in ps._draws(ranks):
            walk([*cards, r], p * q, rest)

    walk([], Fraction(1), ps._ranks(ps.shoe_of(rules)))
    return out


def push_22_result(rules: Mapping[str, Any]) -> Result:
    p = dealer_totals(rules).get(22, Fraction(0))
    ev = p * odds_of(rules, PUSH_22, "dealer-22").net - (1 - p)
    return Result(house_edge=-ev, hit_frequency=p)


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every circle; the base wager with its doubles, splits
    and the Free Bets the P/D pays."""
    return play_rounds(TwentyFirstCenturyFreeBet, rules, bet, rounds, seed, progress)


def main_assumptions(rules: Mapping[str, Any]) -> str:
    decks = int(rules["decks"])
    game = blackjack_exact.Game.of(rules)
    free_doubles = "-".join(str(t) for t in (min(game.free_doubles), max(game.free_doubles))) \
        if game.free_doubles else "none"
    return (
        f"Exact count over a fresh shoe of {decks} decks of Bonus aces (P-284): the player plays {game.chart.name} "
        "(the house bots' chart, webgame.games.blackjack.strategy) within the game's forced moves (stand on soft "
        f"and hard 21, hit {rules['player_must_hit_hard']} or less): the free double on two-card hard "
        f"{free_doubles}, split hands too, the free split of every pair but ten-values and 5s (which double) to "
        f"{rules['max_hands']} hands, aces once with one card each; never an own-money double. Every card the "
        "player draws and the player-dealer's final totals (17 to 21 and each bust, 22 to 26) exact for the shoe "
        "less the up card and all the player's cards; a hand over 21 waits and is compared: the P/D's 22 "
        f"{'pushes every hand' if rules.get('dealer_22_pushes') else 'is a bust like any other'}, "
        f"{'its suited 7-8-9 (one 7-8-9 in 16) pushes a closer over hand, ' if rules.get('over_push_dealer_suited_789') else ''}"
        "otherwise an over hand loses; a Free Bet wins as money and loses nothing. The Natural (21½) pays "
        f"{rules['blackjack_pays']} and pushes the P/D's; the P/D's Natural takes only the original wager "
        "(peeked under an ace, turned after play under a ten, P-285). Splits counted as published calculators "
        "count them (P-111). House edge per initial wager (the P/D's edge against one player, one circle against "
        "a fresh shoe, no cut card), the Free Bets the P/D pays counted with it; the collection fee and the P/D's "
        "stake limit are not in it."
    )


def main_exact(rules: Mapping[str, Any]) -> Result:
    """The base wager's exact figure (:func:`.blackjack_exact.main_bet`)."""
    return Result(house_edge=blackjack_exact.main_bet(rules).house_edge)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    out = [Wager(
        bet=MAIN, label="Base wager (Free Bet chart bot)",
        paytable={"blackjack": str(rules["blackjack_pays"]), "win": _lines(rules, str(rules["main_paytable"]))["win"]},
        assumptions=main_assumptions(rules), exact=partial(main_exact, rules), slow=True, can_simulate=True,
        sim_key={**{k: rules.get(k) for k in MAIN_SETTINGS}, "game": GAME},
        default_rounds=DEFAULT_ROUNDS,
    )]
    if PUSH_22 in rules.get("side_bets", []):
        out.append(Wager(
            bet=PUSH_22, label="Push 22", paytable=_lines(rules, PUSH_22),
            assumptions=(f"Exact by counting the P/D's whole hand off a full {decks}-deck shoe (the players' cards "
                         "unseen), drawn by its chart (hits soft 17) and finished for the bet (D-132): it wins on "
                         "a final 22; a Natural is not 22."),
            exact=lambda: push_22_result(rules), slow=True,  # seconds of counting: the page's worker
        ))
    return out
