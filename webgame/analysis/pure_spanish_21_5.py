"""Pure Spanish 21.5: the side bets and the main game exactly by counting; the engine's own
simulation as the main game's cross-check.

Every figure is the house edge of a player's wager against the player-dealer (P/D), who banks
it: what the P/D wins on average per unit wagered. The collection fee is not in it (the P/D
pays it on the table action, shown beside the figures by the analyzer's fee line), nor is
the P/D's stake running out (D-466), which only returns wagers whole.

* **Match the Dealer** (001 §35, 003 §38): the P/D's up card, then the player's two cards from
  what is left, over the table's shoe (48-card decks), each graded by the engine's own grader
  and paid from the edition's table for its deck count (D-096).
* **Buster Blackjack** (002 §34): the P/D's hand from a full shoe (the players' cards unseen),
  drawn by Chart 1B (hits soft 17, D-104); a P/D Pure 21.5 never busts; paid by its cards.
* **Blackjack Bonus Bet** (001 §39): the player's hand from a full shoe under a stated drawing
  rule, the P/D's own (hit to hard 17 or soft 18, never split or double), graded by the
  engine's grader (D-140-D-142); the two-card lines do not depend on the rule.
* **The main game**: counted over the finite shoe by :mod:`.blackjack_exact` (P-228) under the
  chart the bots play (the house chart within the edition's forced stands and hits, doubling on
  two cards only, never a double-double, rescue or side bet), a P/D 8-8-8 pushing every bust.
  Every Bonus card is a ten-value and every ten-value a Bonus card in each edition's shoe (K/Q/J
  of 48-card decks, 10/J/Q/K of 52-card decks), so Pure 21.5 is the count's blackjack. The
  cross-check (``flask edge pure-spanish-21-5 --check ROUNDS``) is the engine itself, every
  circle a house bot, round after round from one persistent shoe.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import cache, partial
from itertools import product
from typing import Any

from ..engine.paytable import Variant, odds_of
from ..games.blackjack import PureSpanish215
from ..games.blackjack.engine import MAIN, posted_for_decks
from ..games.blackjack.hand import count
from ..games.blackjack.sidebets import BLACKJACK_BONUS, BUSTER, MATCH_THE_DEALER, blackjack_bonus, buster
from . import blackjack_exact, combos, spanish_21
from .blackjack import _lines
from .blackjack_tables import play_rounds
from .core import Progress, Result, Tally, Wager

GAME = "pure-spanish-21-5"
MAIN_SETTINGS = ("decks", "penetration_pct", "seats", "blackjack_pays", "blackjack_beats_dealer_blackjack",
                 "player_21_wins", "player_must_stand_hard", "player_must_hit_hard", "remove_ranks",
                 "dealer_888_pushes_busts", "surrender", "max_hands", "split_aces_one_card", "double_any_cards")
DEFAULT_ROUNDS = 200_000
SUITS = "cdhs"


def posted(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The rules with the side-bet tables the round would post for its deck count (D-096)."""
    out = dict(rules)
    out["paytables"] = {k: {**v, "lines": dict(v["lines"])} for k, v in rules["paytables"].items()}
    posted_for_decks(out)
    return out


def shoe_of(rules: Mapping[str, Any]) -> dict[str, int]:
    """The edition's shoe by card (the Bonus marks change no value or rank)."""
    removed = str(rules.get("remove_ranks", ""))
    return {code: n for code, n in combos.full_shoe(int(rules["decks"])).items() if code[0] not in removed}


def _ranks(shoe: Mapping[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for code, n in shoe.items():
        out[code[0]] = out.get(code[0], 0) + n
    return out


def _draws(ranks: dict[str, int]) -> Iterator[tuple[str, Fraction, dict[str, int]]]:
    total = sum(ranks.values())
    for r, n in ranks.items():
        if n:
            rest = dict(ranks)
            rest[r] = n - 1
            yield r, Fraction(n, total), rest


def _stands(cards: list[str], soft_ace_up_to: int = 21) -> bool:
    """Chart 1B (001 s.861-863, D-093, D-104): stand on hard 17 or more and soft 18 or more
    (No Bust's P/D too, its aces counting 11 up to 22 at 4.0: D-112, D-114)."""
    c = count(cards, soft_ace_up_to)
    return c.total > 17 or (c.total == 17 and not c.soft)


def scale(rules: Mapping[str, Any]) -> tuple[int, int]:
    """The table's bust line and soft-ace limit: 21 and 21, or No Bust's (22 and 22 at 4.0,
    20 and 21 at 4.0a: D-112, D-121)."""
    return int(rules.get("over_above", 21)), int(rules.get("soft_ace_up_to", 21))


# ---------------------------------------------------------------------------------------
# Buster Blackjack
# ---------------------------------------------------------------------------------------
def buster_distribution(rules: Mapping[str, Any]) -> dict[str | None, Fraction]:
    """The chance of each Buster line (None: no bust) for the P/D's hand off a full shoe."""
    out: dict[str | None, Fraction] = {}
    over, soft = scale(rules)

    def walk(cards: list[str], p: Fraction, ranks: dict[str, int]) -> None:
        if len(cards) >= 2 and (_stands(cards, soft) or count(cards, soft).total > over):
            line = buster([c + "s" for c in cards], over, soft)
            out[line] = out.get(line, Fraction(0)) + p
            return
        for r, q, rest in _draws(ranks):
            walk([*cards, r], p * q, rest)

    walk([], Fraction(1), _ranks(shoe_of(rules)))
    return out


def buster_result(rules: Mapping[str, Any]) -> Result:
    dist = buster_distribution(rules)
    ev = sum((p * (odds_of(rules, BUSTER, line).net if line else -1) for line, p in dist.items()), Fraction(0))
    return Result(house_edge=-ev, hit_frequency=1 - dist.get(None, Fraction(0)))


# ---------------------------------------------------------------------------------------
# Blackjack Bonus Bet
# ---------------------------------------------------------------------------------------
TIERED = ("blackjack-", "ace-2-3-4-", "seven-seven-seven-", "six-seven-eight-")


def _suit_ways(ranks: tuple[str, ...], decks: int) -> Iterator[tuple[tuple[str, ...], Fraction]]:
    """Given the ranks of the first cards, each suit assignment and its chance: every
    (rank, suit) is ``decks`` cards of the shoe, taken without replacement."""
    for suits in product(SUITS, repeat=len(ranks)):
        p = Fraction(1)
        seen: dict[tuple[str, str], int] = {}
        for r, s in zip(ranks, suits, strict=True):
            same_rank = sum(v for (rr, _), v in seen.items() if rr == r)
            p *= Fraction(decks - seen.get((r, s), 0), 4 * decks - same_rank)
            seen[(r, s)] = seen.get((r, s), 0) + 1
        yield suits, p


def bonus_distribution(rules: Mapping[str, Any]) -> dict[str | None, Fraction]:
    """The chance of each Blackjack Bonus line (None: a loss) for the player's hand, drawn by
    the P/D's own rule and never split."""
    decks = int(rules["decks"])
    out: dict[str | None, Fraction] = {}
    over, soft = scale(rules)
    over = max(over, 21)  # the six-card line counts to 21, or to No Bust 4.0's 22 (D-141)

    def grade(cards: list[str], p: Fraction) -> None:
        plain = [c + "s" for c in cards]
        line = blackjack_bonus(plain[:2], plain, False, over, soft)
        if line is not None and line.startswith(TIERED):
            k = {"blackjack-": 2, "ace-2-3-4-": 4}.get(next(t for t in TIERED if line.startswith(t)), 3)
            for suits, q in _suit_ways(tuple(cards[:k]), decks):
                codes = [c + s for c, s in zip(cards[:k], suits, strict=True)] + plain[k:]
                got = blackjack_bonus(codes[:2], codes, False, over, soft)
                out[got] = out.get(got, Fraction(0)) + p * q
            return
        out[line] = out.get(line, Fraction(0)) + p

    def walk(cards: list[str], p: Fraction, ranks: dict[str, int]) -> None:
        if len(cards) >= 2 and (_stands(cards, soft) or count(cards, soft).total >= 21):
            grade(cards, p)
            return
        for r, q, rest in _draws(ranks):
            walk([*cards, r], p * q, rest)

    walk([], Fraction(1), _ranks(shoe_of(rules)))
    return out


def bonus_result(rules: Mapping[str, Any]) -> Result:
    dist = bonus_distribution(rules)
    ev = sum((p * (odds_of(rules, BLACKJACK_BONUS, line).net if line else -1) for line, p in dist.items()),
             Fraction(0))
    won = sum((p for line, p in dist.items() if line and odds_of(rules, BLACKJACK_BONUS, line).net > 0), Fraction(0))
    return Result(house_edge=-ev, hit_frequency=won)


@cache
def _match(decks: int, remove: str, lines: tuple[tuple[str, str], ...]) -> Result:
    rules = {"decks": decks, "remove_ranks": remove,
             "paytables": {MATCH_THE_DEALER: {"lines": dict(lines)}}}
    return spanish_21.match_the_dealer(rules, shoe_of(rules))


def match_result(rules: Mapping[str, Any]) -> Result:
    lines = tuple(sorted(_lines(rules, MATCH_THE_DEALER).items()))
    return _match(int(rules["decks"]), str(rules.get("remove_ranks", "")), lines)


# ---------------------------------------------------------------------------------------
# The main game, played by the engine
# ---------------------------------------------------------------------------------------
def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every circle; tally the base wager with its doubles
    and splits (the P/D's side of it is the negative)."""
    return play_rounds(PureSpanish215, rules, bet, rounds, seed, progress)


def _main_assumptions(rules: Mapping[str, Any]) -> str:
    decks = int(rules["decks"])
    stock = "48-card decks (no 10s)" if rules.get("remove_ranks") else "52-card decks"
    forced = f"must stand on hard {rules['player_must_stand_hard']}"
    if int(rules.get("player_must_hit_hard", 0)):
        forced += f" and hit hard {rules['player_must_hit_hard']} or less"
    beats = "beats" if rules.get("blackjack_beats_dealer_blackjack") else "pushes"
    return (
        f"Exact count over a fresh shoe of {decks} {stock} (P-228): the player plays "
        f"{blackjack_exact.Game.of(rules).chart.name} (the house bots' chart, webgame.games.blackjack.strategy; "
        f"not a Pure Spanish 21.5 chart) within the edition's forced moves (players {forced}), doubling on two "
        "cards only and standing after it (never a double-double, rescue or side bet); every card the player "
        "draws and the P/D's final-total probabilities exact for the shoe less the up card and all the "
        f"player's cards; the P/D peeks; Pure 21.5 pays {rules['blackjack_pays']} and {beats} the P/D's; "
        f"{'a player 21 always wins; ' if rules.get('player_21_wins') else ''}"
        "a P/D 8-8-8 pushes every bust; "
        f"{'late surrender on the first two cards; ' if rules['surrender'] else 'no surrender; '}"
        f"splits to {rules['max_hands']} hands counted as published calculators count them (P-111). House edge "
        "per initial wager (the player-dealer's edge against one player, one circle against a fresh shoe, no cut card); "
        "the collection fee and the P/D's stake limit are not in it."
    )


def main_exact(rules: Mapping[str, Any]) -> Result:
    """The base wager's exact figure (:func:`.blackjack_exact.main_bet`)."""
    return Result(house_edge=blackjack_exact.main_bet(rules).house_edge)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    rules = posted(rules)
    decks = int(rules["decks"])
    main_pt = str(rules["main_paytable"])
    sides = rules.get("side_bets", [])
    out = [Wager(
        bet=MAIN, label="Base wager (basic strategy bot)",
        paytable={"blackjack": str(rules["blackjack_pays"]), "win": _lines(rules, main_pt)["win"]},
        assumptions=_main_assumptions(rules), exact=partial(main_exact, rules), slow=True, can_simulate=True,
        sim_key={**{k: rules.get(k) for k in MAIN_SETTINGS}, "game": GAME},
        default_rounds=DEFAULT_ROUNDS,
    )]
    if MATCH_THE_DEALER in sides:
        out.append(Wager(
            bet=MATCH_THE_DEALER, label="Match the Dealer", paytable=_lines(rules, MATCH_THE_DEALER),
            assumptions=(f"Exact by counting: the P/D's up card and the player's two cards off a full {decks}-deck "
                         "shoe (other circles' cards unseen), each matching card paid by the table posted for "
                         "the deck count (D-096)."),
            exact=lambda: match_result(rules),
        ))
    if BUSTER in sides:
        out.append(Wager(
            bet=BUSTER, label="Buster Blackjack", paytable=_lines(rules, BUSTER),
            assumptions=(f"Exact by counting: the P/D's whole hand off a full {decks}-deck shoe (the players' "
                         "cards unseen), drawn by Chart 1B (hits soft 17); a Pure 21.5 never busts; paid by "
                         "the cards in the busted hand (002 s.4745-4756, D-107)."),
            exact=lambda: buster_result(rules), slow=True,  # seconds of counting: the page's worker
        ))
    if BLACKJACK_BONUS in sides:
        out.append(Wager(
            bet=BLACKJACK_BONUS, label="Blackjack Bonus Bet", paytable=_lines(rules, BLACKJACK_BONUS),
            assumptions=(f"Exact by counting the player's hand off a full {decks}-deck shoe, drawn by the P/D's "
                         "own rule (hit to hard 17 or soft 18; never a split or double); the two-card lines do "
                         "not depend on it. The highest line pays (D-141); the two-card 20 pushes."),
            exact=lambda: bonus_result(rules),
            slow=True,
        ))
    return out

