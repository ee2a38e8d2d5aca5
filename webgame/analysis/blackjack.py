"""Blackjack: the main bet, insurance and the side bets exactly; the engine's simulation
as the cross-check.

Side bets are counted by composition over the table's shoe (``rules["decks"]`` decks,
or any shoe a test passes): every distinct hand the shoe can deal is classified by the
engine's own :mod:`~webgame.games.blackjack.sidebets` functions and paid from the
round's paytable. Lucky Ladies' Queen of Hearts pair is paid from the dealer's
blackjack probability after the player's two cards are removed (card removal).

The main bet is counted over the finite shoe under the house strategy chart
(:mod:`.blackjack_exact`, P-110, P-111): a few seconds, so a page gets it from the
worker thread. The engine itself (:class:`BlackjackEngine`) still plays it for the
cross-check (``flask edge blackjack --check ROUNDS``): every box of the table is a house
bot playing the same chart of :mod:`webgame.games.blackjack.strategy`, round after round
from one persistent shoe with its cut card, on a :class:`~webgame.engine.rng.SeededRng`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache, partial
from itertools import combinations_with_replacement
from math import comb, prod
from typing import Any

from ..devices.shoe import Shoe
from ..engine.paytable import Variant
from ..engine.protocol import SYSTEM_SEAT, Action, IllegalAction, Settlement, Stake
from ..engine.rng import SeededRng
from ..games.blackjack import sidebets, strategy
from ..games.blackjack.engine import MAIN, BlackjackEngine, BlackjackState
from ..games.blackjack.hand import is_natural
from . import blackjack_exact, combos
from .core import Progress, Result, Tally, Wager

GAME = "blackjack"
TENS = "TJQK"
INSURANCE = "insurance"
SIM_WAGER = 1000  # cents: every blackjack, double and surrender is whole cents at $10
# The settings the main game's figure depends on (its cache key).
MAIN_SETTINGS = ("decks", "penetration_pct", "seats", "dealer_hits_soft_17", "blackjack_pays", "double_totals",
                 "double_after_split", "surrender", "max_hands")
SIMULATED = (MAIN, sidebets.TWENTY_ONE_PLUS_THREE, sidebets.LUCKY_LADIES)
DEFAULT_ROUNDS = 200_000


# ---------------------------------------------------------------------------------------
# Paytables
# ---------------------------------------------------------------------------------------
def _lines(rules: Mapping[str, Any], paytable: str) -> dict[str, str]:
    return {k: str(v) for k, v in rules["paytables"][paytable]["lines"].items()}


def _net(rules: Mapping[str, Any], paytable: str, line: str | None) -> Fraction:
    """Net win per unit on ``line``; -1 for a loss (None)."""
    if line is None:
        return Fraction(-1)
    from ..engine.paytable import odds_of

    return odds_of(rules, paytable, line).net


def main_paytable(rules: Mapping[str, Any]) -> dict[str, str]:
    """The main bet's lines as the engine pays them: blackjack at the posted odds (D-030)."""
    lines = _lines(rules, str(rules["main_paytable"]))
    return {"blackjack": str(rules["blackjack_pays"]), "win": lines["win"]}


def _shoe(rules: Mapping[str, Any], shoe: combos.Shoe | None) -> combos.Shoe:
    return shoe if shoe is not None else combos.full_shoe(int(rules["decks"]))


# ---------------------------------------------------------------------------------------
# Exact figures
# ---------------------------------------------------------------------------------------
def twenty_one_plus_three(rules: Mapping[str, Any], shoe: combos.Shoe | None = None) -> Result:
    """21+3 Xtreme: the player's two cards and the dealer's up card, three cards off the
    shoe, classified by the engine (D-057 straights, D-058 suited trips)."""
    slug = sidebets.TWENTY_ONE_PLUS_THREE
    pays: dict[str | None, Fraction] = {}
    ev, hit = Fraction(0), 0
    for cards, ways in (_three_card_classes(int(rules["decks"])) if shoe is None
                        else combos.hands(shoe, 3)):
        line = _classify_21_plus_3(cards)
        if line not in pays:
            pays[line] = _net(rules, slug, line)
        ev += ways * pays[line]
        hit += ways if line is not None else 0
    total = comb(combos.size(shoe) if shoe is not None else 52 * int(rules["decks"]), 3)
    return Result(house_edge=-ev / total, hit_frequency=Fraction(hit, total))


@lru_cache(maxsize=4096)
def _classify_21_plus_3(cards: tuple[str, ...]) -> str | None:
    return sidebets.twenty_one_plus_three(cards[:2], cards[2])


def _three_card_classes(decks: int) -> list[tuple[tuple[str, ...], int]]:
    """Three-card hands of a full shoe by class: a rank multiset, suited or not, with the
    number of hands in it; one representative hand per class (455 rank multisets instead
    of 24,804 card multisets). Suits matter to 21+3 only through "all three alike"."""
    out = []
    per_rank, per_card = 4 * decks, decks
    for ranks in combinations_with_replacement("A23456789TJQK", 3):
        counts = Counter(ranks)
        every = prod(comb(per_rank, m) for m in counts.values())
        suited = 4 * prod(comb(per_card, m) for m in counts.values())
        if suited:
            out.append((tuple(r + "h" for r in ranks), suited))
        if every - suited:
            out.append(((ranks[0] + "h", ranks[1] + "s", ranks[2] + "d"), every - suited))
    return out


def _dealer_blackjack(shoe: combos.Shoe) -> Fraction:
    """The chance that the dealer's two cards from ``shoe`` are an ace and a ten."""
    n = combos.size(shoe)
    aces, tens = combos.count_where(shoe, "A"), combos.count_where(shoe, TENS)
    return Fraction(2 * aces * tens, n * (n - 1))


def lucky_ladies(rules: Mapping[str, Any], shoe: combos.Shoe | None = None) -> Result:
    """Lucky Ladies: the player's first two cards; the Queen of Hearts pair pays its top
    line only with a dealer blackjack (D-062), whose chance is taken after the player's
    cards are removed. One spot: the per-player cap never applies."""
    shoe = _shoe(rules, shoe)
    slug = sidebets.LUCKY_LADIES
    ev, hit = Fraction(0), Fraction(0)
    for cards, ways in combos.hands(shoe, 2):
        with_bj = sidebets.lucky_ladies(cards, True)
        without_bj = sidebets.lucky_ladies(cards, False)
        if with_bj == without_bj:
            ev += ways * _net(rules, slug, with_bj)
            hit += ways if with_bj is not None else 0
            continue
        p = _dealer_blackjack(combos.without(shoe, cards))
        ev += ways * (p * _net(rules, slug, with_bj) + (1 - p) * _net(rules, slug, without_bj))
        hit += ways * (p * (with_bj is not None) + (1 - p) * (without_bj is not None))
    total = comb(combos.size(shoe), 2)
    return Result(house_edge=-ev / total, hit_frequency=hit / total)


def super_bonus(rules: Mapping[str, Any], spot: str, shoe: combos.Shoe | None = None) -> Result:
    """A Super Bonus proposition: the player's (or the dealer's) first two cards off a
    freshly shuffled shoe (the bet is open only in the first round after a shuffle, D-054)."""
    shoe = _shoe(rules, shoe)
    ev, hit = Fraction(0), 0
    for cards, ways in combos.hands(shoe, 2):
        natural = is_natural(list(cards))
        line = sidebets.super_bonus(spot, natural, natural)
        ev += ways * _net(rules, sidebets.SUPER_BONUS, line)
        hit += ways if line is not None else 0
    total = comb(combos.size(shoe), 2)
    return Result(house_edge=-ev / total, hit_frequency=Fraction(hit, total))


def insurance(rules: Mapping[str, Any], shoe: combos.Shoe | None = None) -> Result:
    """Insurance against an ace up card: wins when the hole card is a ten (D-032)."""
    shoe = _shoe(rules, shoe)
    rest = combos.without(shoe, [next(c for c, n in shoe.items() if c[0] == "A" and n)])
    p = Fraction(combos.count_where(rest, TENS), combos.size(rest))
    net = _net(rules, str(rules["main_paytable"]), INSURANCE)
    return Result(house_edge=-(p * net - (1 - p)), hit_frequency=p)


# ---------------------------------------------------------------------------------------
# The main game, played by the engine
# ---------------------------------------------------------------------------------------
class _Table(BlackjackEngine):
    """The engine with its shoe kept as an object from round to round: what the table's
    carry does through JSON, without the JSON. Every rule is the engine's own."""

    def __init__(self) -> None:
        self.shoe: Shoe | None = None

    def _shoe(self, rules: Mapping[str, Any], carry: Mapping[str, Any] | None) -> Shoe:  # type: ignore[override]
        if self.shoe is None:
            self.shoe = Shoe.fresh(int(rules["decks"]), int(rules["penetration_pct"]))
        return self.shoe


def simulation_rules(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The table's rules with every box betting the same whole-dollar wager."""
    out = dict(rules)
    out["limits"] = {k: dict(v) for k, v in rules["limits"].items()}
    out["limits"][MAIN] = {"min": SIM_WAGER, "max": max(SIM_WAGER, int(rules["limits"][MAIN]["max"]))}
    out["bet_step"] = 100
    return out


def _is_main(bet: str) -> bool:
    return bet == MAIN or bet.startswith(MAIN + "/")


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every box; tally ``bet`` (the main wager with
    its doubles and splits, or a side bet every box also places)."""
    if bet not in SIMULATED:
        raise ValueError(f"no simulation for {bet}")
    table_rules = simulation_rules(rules)
    side = None if bet == MAIN else bet
    if side is not None:
        side_min = int(table_rules["limits"][sidebets.SIDE_SPOTS[side]]["min"])
    table = _Table()
    rng = SeededRng(seed)
    tally = Tally()
    for r in range(rounds):
        state: BlackjackState = table.new_round(table_rules, rng, None)
        events = []
        for seat in sorted(state.seats):
            action = table.bot_action(state, seat)
            if action is not None:
                events += table.apply(state, action, rng)
            if side is not None:
                try:
                    events += table.apply(state, Action("bet", seat, side, side_min), rng)
                except IllegalAction:
                    pass  # not open this round (D-054, D-060)
        events += table.apply(state, Action("deal", SYSTEM_SEAT), rng)
        while not table.is_over(state):
            turn = table.to_act(state)
            if turn is None:
                raise RuntimeError("the round waits for nobody")
            action = table.bot_action(state, turn)
            if action is None:
                raise RuntimeError("a bot had no move")
            events += table.apply(state, action, rng)
        _tally_round(tally, events, side)
        if progress is not None and (r + 1) % 500 == 0:
            progress(r + 1, rounds)
    if progress is not None:
        progress(rounds, rounds)
    return tally


def _tally_round(tally: Tally, events: list[Any], side: str | None) -> None:
    mine = (lambda b: b == side) if side is not None else _is_main
    initial: dict[int, int] = {}
    action: dict[int, int] = {}
    net: dict[int, int] = {}
    for e in events:
        if isinstance(e, Stake) and mine(e.bet):
            action[e.seat] = action.get(e.seat, 0) + e.amount
            if e.bet in (MAIN, side):
                initial[e.seat] = initial.get(e.seat, 0) + e.amount
        elif isinstance(e, Settlement) and mine(e.bet):
            net[e.seat] = net.get(e.seat, 0) + e.returned - e.stake
    if not initial:
        return
    wins = sum(1 for seat in initial if net.get(seat, 0) > 0)
    tally.add(float(sum(net.values())), float(sum(initial.values())), float(sum(action.values())),
              len(initial), wins)


# ---------------------------------------------------------------------------------------
# The wagers of one configuration
# ---------------------------------------------------------------------------------------
def _open_side_bets(rules: Mapping[str, Any]) -> list[str]:
    out = []
    for slug in rules.get("side_bets", []):
        table = rules["paytables"].get(slug, {})
        if int(rules["decks"]) >= int(table.get("min_decks", 1)):
            out.append(slug)
    return out


def _main_assumptions(rules: Mapping[str, Any]) -> str:
    decks = int(rules["decks"])
    totals = rules["double_totals"]
    return (
        f"Exact count over a fresh {decks}-deck shoe (P-110): the player plays "
        f"{strategy.chart(bool(rules['dealer_hits_soft_17'])).name} (the house bots' chart, "
        "webgame.games.blackjack.strategy), never insurance or even money; every card the player "
        "draws and the dealer's final-total probabilities exact for the shoe less the up card and "
        "all the player's cards; the dealer peeks with an ace or ten up (D-034). "
        f"Dealer {'hits' if rules['dealer_hits_soft_17'] else 'stands on'} soft 17, "
        f"blackjack pays {rules['blackjack_pays']}, "
        f"double {'any two cards' if not totals else 'on ' + '/'.join(map(str, totals))}"
        f"{', after splits' if rules['double_after_split'] else ''}, split to {rules['max_hands']} hands "
        f"(aces once, one card each), {'late surrender' if rules['surrender'] else 'no surrender'}. "
        "Splits as published calculators count them (P-111): each split hand from the shoe less the "
        "pair and its own cards, resplits with a fixed chance of another pair card. "
        "House edge per initial wager; one box against the dealer, no cut card."
    )


def main_exact(rules: Mapping[str, Any]) -> Result:
    """The main bet's exact figure (:func:`.blackjack_exact.main_bet`)."""
    return Result(house_edge=blackjack_exact.main_bet(rules).house_edge)


def _sim_key(rules: Mapping[str, Any], bet: str) -> dict[str, Any]:
    key = {name: rules[name] for name in MAIN_SETTINGS}
    key["paytable"] = main_paytable(rules)
    if bet != MAIN:
        key["side_paytable"] = _lines(rules, sidebets.SIDE_SPOTS[bet])
    return key


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    shoe_text = f"{decks} deck{'s' if decks > 1 else ''}"
    main_pt = str(rules["main_paytable"])
    out = [Wager(
        bet=MAIN, label="Main bet (house basic strategy chart)", paytable=main_paytable(rules),
        assumptions=_main_assumptions(rules), exact=partial(main_exact, rules), slow=True,
        can_simulate=True, sim_key=_sim_key(rules, MAIN), default_rounds=DEFAULT_ROUNDS,
    )]
    if rules.get("insurance"):
        out.append(Wager(
            bet=INSURANCE, label="Insurance", paytable={INSURANCE: _lines(rules, main_pt)[INSURANCE]},
            assumptions=(f"Exact: the hole card from a full {shoe_text} shoe less the ace showing; "
                         "the player's own cards not removed (as bought blind)."),
            exact=lambda: insurance(rules),
        ))
    for slug in _open_side_bets(rules):
        lines = _lines(rules, slug)
        if slug == sidebets.SUPER_BONUS:
            for spot, hand in ((sidebets.SUPER_BONUS_PLAYER, "player-blackjack"),
                               (sidebets.SUPER_BONUS_DEALER, "dealer-blackjack")):
                out.append(Wager(
                    bet=spot, label=f"Super Bonus: {hand.replace('-', ' ')}", paytable={hand: lines[hand]},
                    assumptions=(f"Exact by composition: two cards off a freshly shuffled {shoe_text} shoe "
                                 "(first round after the shuffle, D-054)."),
                    exact=partial(super_bonus, rules, spot),
                ))
        elif slug == sidebets.TWENTY_ONE_PLUS_THREE:
            out.append(Wager(
                bet=slug, label="21+3 Xtreme", paytable=lines,
                assumptions=(f"Exact by composition: the player's two cards and the dealer's up card off a full "
                             f"{shoe_text} shoe (other boxes' cards unseen); A-2-3 and Q-K-A straights (D-057); "
                             "suited trips pay as trips (D-058)."),
                exact=lambda: twenty_one_plus_three(rules), can_simulate=True,
                sim_key=_sim_key(rules, slug), default_rounds=50_000,
            ))
        elif slug == sidebets.LUCKY_LADIES:
            out.append(Wager(
                bet=slug, label="Lucky Ladies", paytable=lines,
                assumptions=(f"Exact by composition: the player's two cards off a full {shoe_text} shoe; "
                             "the Queen of Hearts pair's top line weighted by the dealer's blackjack chance "
                             "after those two cards are removed (D-062); A-9 counts as 20 (D-061); "
                             "one spot, so the per-player cap never applies."),
                exact=lambda: lucky_ladies(rules), can_simulate=True,
                sim_key=_sim_key(rules, slug), default_rounds=50_000,
            ))
    return out
