"""No Bust 21st Century Blackjack: the side bets and the main game exactly by counting; the
engine's own simulation as the main game's cross-check.

Every figure is the house edge of a player's wager against the player-dealer (P/D), who banks
it: what the P/D wins on average per unit wagered. The collection fee is not in it (the
analyzer's fee line shows it), nor is the P/D's stake running out (D-466), which only returns
wagers whole.

* **Buster Blackjack** (001 §38, 003 §30, §44): the P/D's hand from a full shoe (the players'
  cards unseen), drawn by its chart (hits soft 17, stands on hard 17 and soft 18, D-114), its
  aces counting 11 up to the edition's scale (22 at 4.0, D-112); a bust is a total over the
  Natural (over 22 at 4.0, D-121; 21 or more at 4.0a); a Natural never busts; paid by its cards
  from the edition's own table (D-123).
* **Perfect Pairs** (003 §45): the player's first two cards off a full shoe, by rank, suit and
  colour (D-124).
* **Blackjack Bonus Bet** (001 §39): as at Pure Spanish 21.5 (:mod:`.pure_spanish_21_5`), on No
  Bust 4.0's scale: the Natural is an ace and a ten, six cards count up to 22 (D-140, D-141).
* **The main game**: counted over the finite shoe by :mod:`.blackjack_exact` (P-287) under the
  house chart the bots play (the standard multi-deck basic strategy chart, with the edition's
  forced stands and hits, doubling on two cards only, never a side bet or insurance), on the
  edition's scale: an ace eleven up to 22 and a closer 3-card 25 pushing at 4.0; the Natural
  20½, a 21 over and the P/D's 3-card 23-25 pushing a closer 3-card hand at 4.0a; hands over
  compared with the P/D's final total. The cross-check (``flask edge
  no-bust-21st-century-blackjack --check ROUNDS``) is the engine itself, every circle a house
  bot, round after round from one persistent shoe.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import partial
from typing import Any

from ..engine.paytable import Variant, odds_of
from ..games.blackjack import NoBustBlackjack
from ..games.blackjack.engine import MAIN
from ..games.blackjack.sidebets import BLACKJACK_BONUS, BUSTER, PERFECT_PAIRS
from . import blackjack_exact
from . import pure_spanish_21_5 as ps
from .blackjack import _lines
from .blackjack_tables import play_rounds
from .core import Progress, Result, Tally, Wager

GAME = "no-bust-21st-century-blackjack"
MAIN_SETTINGS = ("decks", "penetration_pct", "seats", "blackjack_pays", "over_above", "soft_ace_up_to",
                 "over_push_player_three_card", "over_push_dealer_three_card", "player_must_stand_total",
                 "player_must_hit_hard", "split_tens_same_rank", "max_hands_by_value", "resplit_aces",
                 "surrender", "max_hands", "double_after_split")
DEFAULT_ROUNDS = 200_000


def perfect_pairs_distribution(rules: Mapping[str, Any]) -> dict[str | None, Fraction]:
    """The player's first two cards off ``decks`` full decks: the second card matches the
    first's rank and suit ((d - 1) of 52d - 1 cards), the other suit of its colour (d) or
    either suit of the other colour (2d)."""
    d = int(rules["decks"])
    left = 52 * d - 1
    out: dict[str | None, Fraction] = {
        "perfect-pair": Fraction(d - 1, left), "coloured-pair": Fraction(d, left), "mixed-pair": Fraction(2 * d, left)}
    out[None] = 1 - sum(out.values(), Fraction(0))
    return out


def perfect_pairs_result(rules: Mapping[str, Any]) -> Result:
    dist = perfect_pairs_distribution(rules)
    ev = sum((p * (odds_of(rules, PERFECT_PAIRS, line).net if line else -1) for line, p in dist.items()), Fraction(0))
    return Result(house_edge=-ev, hit_frequency=1 - dist[None])


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every circle; tally the base wager with its doubles
    and splits (the P/D's side of it is the negative)."""
    return play_rounds(NoBustBlackjack, rules, bet, rounds, seed, progress)


def main_assumptions(rules: Mapping[str, Any], game: str = "No Bust") -> str:
    over = int(rules["over_above"])
    natural = {22: "22", 20: "20½", 21: "21½"}.get(over, str(over))
    return (
        f"Simulation through the table engine against the player-dealer: {rules['seats']} circles, each a house "
        "bot playing the standard multi-deck basic strategy chart (webgame.games.blackjack.strategy; not a "
        f"{game} chart) with the edition's forced moves (stand on 21 and over, hit 11 or less), doubling on two "
        f"cards only, never insurance or a side bet; {rules['decks']} decks, cut card at {rules['penetration_pct']}%, "
        f"the P/D hits soft 17; the Natural ({natural}) pays {rules['blackjack_pays']}; hands over {over} wait "
        "for the P/D's hand and the edition's both-over rules settle them. House edge per initial wager (the "
        "P/D's edge); the collection fee and the P/D's stake limit are not in it; the 95% interval treats "
        "rounds as independent."
    )


def counted(rules: Mapping[str, Any]) -> bool:
    """Whether the count compares this edition's hands (every edition's scale: 22, 20½, P-287)."""
    try:
        blackjack_exact.OverScale.of(rules)
    except ValueError:
        return False
    return True


def exact_assumptions(rules: Mapping[str, Any]) -> str:
    game = blackjack_exact.Game.of(rules)
    scale = game.over_scale
    assert scale is not None
    over = scale.over_above
    natural = "counted 22" if over == 22 else "20½: a 21 is over" if over == 20 else "21½"
    pushes = []
    if scale.player_three_card:
        pushes.append(f"a closer 3-card {', '.join(str(t) for t in sorted(scale.player_three_card))} pushes")
    if scale.dealer_three_card:
        pushes.append("a closer 3-card hand (not a 3-card 22 without an ace) pushes the P/D's 3-card "
                      f"{', '.join(str(t) for t in sorted(scale.dealer_three_card))}")
    by_value = dict(game.max_hands_by_value)
    aces = by_value.get(1, game.max_hands)
    split_aces = "aces resplit, one card each" if game.resplit_aces and aces > 2 else "aces once, one card each"
    return (
        f"Exact count over a fresh shoe of {rules['decks']} decks (P-287): the player plays {game.chart.name} (the "
        "house bots' chart, webgame.games.blackjack.strategy; not a No Bust chart) within the edition's forced "
        f"moves (stand on 21{' and 22' if game.soft_up_to == 22 else ''}, hit {rules['player_must_hit_hard']} or "
        "less), doubling the whole wager on any two cards, after splits too, splits to "
        f"{game.max_hands} hands ({split_aces}{', tens to ' + str(by_value[10]) if 10 in by_value else ''}), "
        "late surrender on the first two cards, not after a split; never insurance or a side bet. An ace counts "
        f"eleven up to {game.soft_up_to}. Every card the player draws and the player-dealer's final totals (17 to "
        "26 one by one, and those of 3 cards) exact for the shoe less the up card and all the player's cards; the "
        f"P/D peeks. The Natural (ace and ten, {natural}) pays {rules['blackjack_pays']} and pushes the P/D's; "
        f"hands over {over} wait and are compared: both over, the P/D wins"
        f"{', except that ' + ' and '.join(pushes) if pushes else ''}. Splits counted as published calculators "
        "count them (P-111). House edge per initial wager (the P/D's edge against one player, one circle against "
        "a fresh shoe, no cut card); the collection fee and the P/D's stake limit are not in it."
    )


def main_exact(rules: Mapping[str, Any]) -> Result:
    """The base wager's exact figure (:func:`.blackjack_exact.main_bet`)."""
    return Result(house_edge=blackjack_exact.main_bet(rules).house_edge)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    rules = ps.posted(rules)
    decks = int(rules["decks"])
    over, _ = ps.scale(rules)
    sides = rules.get("side_bets", [])
    paytable = {"blackjack": str(rules["blackjack_pays"]), "win": _lines(rules, str(rules["main_paytable"]))["win"]}
    sim_key = {**{k: rules.get(k) for k in MAIN_SETTINGS}, "game": GAME}
    if counted(rules):
        main = Wager(bet=MAIN, label="Base wager (basic strategy bot)", paytable=paytable,
                     assumptions=exact_assumptions(rules), exact=partial(main_exact, rules), slow=True,
                     can_simulate=True, sim_key=sim_key, default_rounds=DEFAULT_ROUNDS)
    else:
        main = Wager(bet=MAIN, label="Base wager (basic strategy bot)", paytable=paytable,
                     assumptions=main_assumptions(rules), simulated=True, sim_key=sim_key,
                     default_rounds=DEFAULT_ROUNDS)
    out = [main]
    if BUSTER in sides:
        out.append(Wager(
            bet=BUSTER, label="Buster Blackjack", paytable=_lines(rules, BUSTER),
            assumptions=(f"Exact by counting: the P/D's whole hand off a full {decks}-deck shoe (the players' "
                         f"cards unseen), drawn by its chart (hits soft 17); a bust is a total over {over} "
                         "(D-121); a Natural never busts; paid by the cards in the P/D's hand."),
            exact=lambda: ps.buster_result(rules), slow=True,  # seconds of counting: the page's worker
        ))
    if PERFECT_PAIRS in sides:
        out.append(Wager(
            bet=PERFECT_PAIRS, label="Perfect Pairs", paytable=_lines(rules, PERFECT_PAIRS),
            assumptions=(f"Exact by counting the player's first two cards off a full {decks}-deck shoe: the same "
                         "rank and suit, the same colour, or red and black (D-124)."),
            exact=lambda: perfect_pairs_result(rules),
        ))
    if BLACKJACK_BONUS in sides:
        out.append(Wager(
            bet=BLACKJACK_BONUS, label="Blackjack Bonus Bet", paytable=_lines(rules, BLACKJACK_BONUS),
            assumptions=(f"Exact by counting the player's hand off a full {decks}-deck shoe, drawn by the P/D's "
                         "own rule (hit to hard 17 or soft 18; never a split or double), aces counting 11 up to 22; "
                         "the Natural is an ace and a ten and six cards count up to 22 (D-140, D-141). The highest "
                         "line pays; the two-card 20 pushes."),
            exact=lambda: ps.bonus_result(rules),
            slow=True,
        ))
    return out
