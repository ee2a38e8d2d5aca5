"""Spanish 21: the main game, Match the Dealer and insurance exactly; the engine's simulation
as the main game's cross-check.

The shoe is the table's: ``rules["decks"]`` Spanish decks of 48 cards (the four 10s out,
000 s.1111). Match the Dealer is counted over every up card and every pair of player cards
the shoe can deal, each classified by the engine's own :func:`match_the_dealer` and paid
from the round's paytable.

The main game is counted over the finite shoe (:mod:`.blackjack_exact`, P-140) under the
Spanish 21 chart of :mod:`webgame.games.blackjack.strategy`, the chart the house bots play.
The engine still plays it for the cross-check (``flask edge spanish-21 --check ROUNDS``):
every box a house bot (the engine's ``bot_action``: that chart, doubling on any number of
cards where it pays, more often where a doubled hand may double again (P-275), doubling again or
rescuing by its after-double grid, never insurance or a side bet),
round after round from one persistent shoe with its cut card.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from math import comb
from typing import Any

from ..engine.paytable import Variant, odds_of
from ..games.blackjack import SpanishTwentyOne
from ..games.blackjack.bonus import match_the_dealer as grade_match
from ..games.blackjack.engine import MAIN
from ..games.blackjack.sidebets import MATCH_THE_DEALER
from . import blackjack_exact, combos
from .blackjack import _lines
from .blackjack_tables import play_rounds
from .core import Progress, Result, Tally, Wager

GAME = "spanish-21"
INSURANCE = "insurance"
MAIN_SETTINGS = ("decks", "penetration_pct", "seats", "dealer_hits_soft_17", "blackjack_pays", "double_after_split",
                 "surrender", "max_hands", "max_doublings", "rescue")
DEFAULT_ROUNDS = 200_000


def spanish_shoe(decks: int) -> dict[str, int]:
    """``decks`` Spanish decks: every code but the 10s, ``decks`` times (000 s.1111)."""
    return {code: n for code, n in combos.full_shoe(decks).items() if code[0] != "T"}


def _shoe(rules: Mapping[str, Any], shoe: combos.Shoe | None) -> combos.Shoe:
    return shoe if shoe is not None else spanish_shoe(int(rules["decks"]))


# ---------------------------------------------------------------------------------------
# Exact figures
# ---------------------------------------------------------------------------------------
def match_the_dealer(rules: Mapping[str, Any], shoe: combos.Shoe | None = None) -> Result:
    """Match the Dealer: the up card, then the player's two cards from what is left (the
    other boxes' cards unseen); each matching card counted as the engine grades it."""
    shoe = _shoe(rules, shoe)
    n = combos.size(shoe)
    ev, hit = Fraction(0), Fraction(0)
    pays: dict[str | None, Fraction] = {None: Fraction(-1)}
    for up, up_ways in shoe.items():
        if not up_ways:
            continue
        rest = combos.without(shoe, [up])
        for cards, ways in combos.hands(rest, 2):
            line = grade_match(cards, up)
            if line is not None and line not in pays:
                pays[line] = odds_of(rules, MATCH_THE_DEALER, line).net
            weight = Fraction(up_ways * ways)
            ev += weight * pays[line]
            hit += weight if line is not None else 0
    total = n * comb(n - 1, 2)
    return Result(house_edge=-ev / total, hit_frequency=hit / total)


def insurance(rules: Mapping[str, Any], shoe: combos.Shoe | None = None) -> Result:
    """Insurance against an ace up: wins when the hole card is a jack, queen or king (the
    Spanish deck has no 10s, so fewer than at blackjack)."""
    shoe = _shoe(rules, shoe)
    rest = combos.without(shoe, [next(c for c, k in shoe.items() if c[0] == "A" and k)])
    p = Fraction(combos.count_where(rest, "TJQK"), combos.size(rest))
    net = odds_of(rules, str(rules["main_paytable"]), INSURANCE).net
    return Result(house_edge=-(p * net - (1 - p)), hit_frequency=p)


# ---------------------------------------------------------------------------------------
# The main game, played by the engine
# ---------------------------------------------------------------------------------------
def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every box; tally the main wager with its doubles,
    splits, Super Bonus awards and the $50 shares of the others' Super Bonus."""
    return play_rounds(SpanishTwentyOne, rules, bet, rounds, seed, progress)


def _main_assumptions(rules: Mapping[str, Any]) -> str:
    decks = int(rules["decks"])
    return (
        f"Exact count over a fresh shoe of {decks} Spanish 48-card decks (P-110, P-140): the player plays "
        f"{blackjack_exact.Game.of(rules).chart.name} (the house bots' chart, webgame.games.blackjack.strategy), "
        "doubling on any number of cards; "
        f"{'after a double, doubling again (up to the whole bet) and rescuing by its after-double grid (P-274, P-275)' if int(rules.get('max_doublings', 1)) > 1 or rules.get('rescue') else 'standing after a double'}"
        "; never insurance or a side bet; every card "
        "the player draws and the dealer's final-total probabilities exact for the shoe less the up card and "
        "all the player's cards; the dealer peeks (D-034); a player blackjack and a player 21 always win; "
        "the bonus 21s paid on split hands, never on a doubled one, the 6-7-8 and 7-7-7 suits at a fresh "
        "shoe's chances (P-142). The chart splits 7-7 against a 7, so the Super Bonus (an unsplit hand) never "
        "comes to its player: it adds nothing (P-143). "
        f"{'Late surrender' if rules['surrender'] else 'No surrender'}; splits to {rules['max_hands']} hands, "
        "aces too, counted as published calculators count them (P-111). House edge per initial wager; one box "
        "against the dealer, no cut card."
    )


def main_exact(rules: Mapping[str, Any]) -> Result:
    """The main game's exact figure (:func:`.blackjack_exact.main_bet`)."""
    return Result(house_edge=blackjack_exact.main_bet(rules).house_edge)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    main_pt = str(rules["main_paytable"])
    out = [Wager(
        bet=MAIN, label="Main bet (Spanish 21 basic strategy)",
        paytable={"blackjack": str(rules["blackjack_pays"]), "win": _lines(rules, main_pt)["win"],
                  **_lines(rules, str(rules["bonus_paytable"]))},
        assumptions=_main_assumptions(rules), exact=partial(main_exact, rules), slow=True,
        can_simulate=True,
        sim_key={**{k: rules[k] for k in MAIN_SETTINGS}, "game": GAME,
                 "bonus": _lines(rules, str(rules["bonus_paytable"]))},
        default_rounds=DEFAULT_ROUNDS,
    )]
    if rules.get("insurance"):
        out.append(Wager(
            bet=INSURANCE, label="Insurance", paytable={INSURANCE: _lines(rules, main_pt)[INSURANCE]},
            assumptions=(f"Exact: the hole card from a full {decks}-deck Spanish shoe (no 10s) less the ace "
                         "showing; the player's own cards not removed (as bought blind)."),
            exact=lambda: insurance(rules),
        ))
    if MATCH_THE_DEALER in rules.get("side_bets", []) and int(rules["decks"]) == int(
            rules["paytables"][MATCH_THE_DEALER].get("only_decks", decks)):
        out.append(Wager(
            bet=MATCH_THE_DEALER, label="Match the Dealer", paytable=_lines(rules, MATCH_THE_DEALER),
            assumptions=(f"Exact by counting: the dealer's up card and the player's two cards off a full "
                         f"{decks}-deck Spanish shoe (other boxes' cards unseen); each matching card paid as "
                         "printed (000 s.1152-1157)."),
            exact=lambda: match_the_dealer(rules),
        ))
    return out
