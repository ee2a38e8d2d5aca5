"""21st Century Free Bet Blackjack: Push 22 exactly by counting, the main game by simulation.

Each figure is the house edge of a player's wager against the player-dealer (P/D) who banks it;
the collection fee and the P/D's stake running out (D-466) are not in it.

* **Push 22** (003 §47): the P/D's whole hand off a full shoe (the players' cards unseen), drawn
  by its chart (hits soft 17, D-604), finished even when no base wager is left (D-132); it wins
  on a final total of exactly 22. A P/D Natural (a Bonus ace and a ten) is not 22.
* **The main game**: the engine itself, every circle a house bot playing the Free Bet chart
  (every free double and free split taken, the paid plays by the chart, the forced stands and
  hits of 003 s.2749), round after round from one persistent shoe; the Free Bets the P/D pays
  are counted with the base wager.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..engine.paytable import Variant, odds_of
from ..games.blackjack import TwentyFirstCenturyFreeBet
from ..games.blackjack.engine import MAIN
from ..games.blackjack.hand import count, is_natural
from ..games.blackjack.sidebets import PUSH_22
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


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    out = [Wager(
        bet=MAIN, label="Base wager (Free Bet chart bot)",
        paytable={"blackjack": str(rules["blackjack_pays"]), "win": _lines(rules, str(rules["main_paytable"]))["win"]},
        assumptions=(
            f"Simulation through the table engine against the player-dealer: {rules['seats']} circles, each a house "
            "bot playing the Free Bet chart of webgame.games.blackjack.strategy (every free double on hard 9-11 and "
            "free split but tens taken, the own-money double only on 2-8), with the forced stands on 21 and hits "
            f"on 11 or less; {decks} decks of Bonus aces, cut card at {rules['penetration_pct']}%, the P/D hits soft "
            f"17 and peeks only under a Bonus ace; the Natural (21½) pays {rules['blackjack_pays']}; the P/D's 22 "
            "pushes every hand, its suited 7-8-9 pushes closer over hands. House edge per initial wager, the Free "
            "Bets the P/D pays counted with it; the collection fee and the P/D's stake limit are not in it; the 95% "
            "interval treats rounds as independent."),
        simulated=True,
        sim_key={**{k: rules.get(k) for k in MAIN_SETTINGS}, "game": GAME},
        default_rounds=DEFAULT_ROUNDS,
    )]
    if PUSH_22 in rules.get("side_bets", []):
        out.append(Wager(
            bet=PUSH_22, label="Push 22", paytable=_lines(rules, PUSH_22),
            assumptions=(f"Exact by counting the P/D's whole hand off a full {decks}-deck shoe (the players' cards "
                         "unseen), drawn by its chart (hits soft 17) and finished for the bet (D-132): it wins on "
                         "a final 22; a Natural is not 22."),
            exact=lambda: push_22_result(rules),
        ))
    return out
