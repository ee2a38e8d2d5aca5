"""Lucky Chances Blackjack's base wager counted exactly (webgame/analysis/lucky_chances_exact.py,
P-225 to P-227): against a brute force that deals a tiny shoe card by card in the table's order
and settles with the engine's own comparison, rule by rule, and against the engine's own
simulation."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from webgame.analysis import lucky_chances_blackjack as lc
from webgame.analysis import lucky_chances_exact as lx
from webgame.analysis.edges import configuration
from webgame.engine.money import Odds
from webgame.engine.paytable import odds_of
from webgame.games.blackjack import strategy
from webgame.games.blackjack.engine import _count, _is_bonus_natural, _is_natural, _must_stand, over_scale_result


def rules_of(**changes: Any) -> dict[str, Any]:
    _, rules, _ = configuration(lc.GAME, "lucky-chances", {})
    out = copy.deepcopy(dict(rules))
    out.update(changes)
    return out


def edge(rules: Mapping[str, Any]) -> float:
    return lx.base_wager(rules).house_edge


@cache
def shipped_edge() -> float:
    return edge(rules_of())


# ---------------------------------------------------------------------------------------
# A brute force: every order of the cards of a tiny shoe, dealt as the table deals them
# (player, up card, player, hole card, the player's draws, the P/D's draws), the player's
# moves by the bots' chart within the engine's forced moves, settled by the engine.
# ---------------------------------------------------------------------------------------
CODE = ("As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "JK+logo")


def brute_force(rules: Mapping[str, Any], comp: tuple[int, ...]) -> float:
    h17 = bool(rules["dealer_hits_soft_17"])
    natural = float(Odds.parse(str(rules["blackjack_pays"])).net)
    bonus = float(odds_of(rules, str(rules["main_paytable"]), "bonus-natural").net)

    def draws(shoe: list[int]) -> list[tuple[int, float]]:
        n = sum(shoe)
        assert n, "the tiny shoe ran out"
        return [(r, k / n) for r, k in enumerate(shoe) if k]

    def take(shoe: list[int], r: int) -> list[int]:
        out = list(shoe)
        out[r] -= 1
        return out

    def dealer_finish(dealer: list[str], shoe: list[int]) -> list[tuple[list[str], float]]:
        c = _count(rules, dealer)
        if c.total > 17 or (c.total == 17 and not (c.soft and h17)):
            return [(dealer, 1.0)]
        return [(hand, p * q) for r, p in draws(shoe)
                for hand, q in dealer_finish([*dealer, CODE[r]], take(shoe, r))]

    def settle(player: list[str], stake: int, dealer: list[str], shoe: list[int]) -> float:
        if _is_natural(rules, dealer):
            return -1.0  # only the original wager (D-130)
        ev = 0.0
        for final, p in dealer_finish(dealer, shoe):
            result, _ = over_scale_result(rules, player, final)
            ev += p * {"win": stake, "push": 0, "lose": -stake}[result]
        return ev

    def play(player: list[str], dealer: list[str], shoe: list[int]) -> float:
        c = _count(rules, player)
        if c.total >= 21:
            return settle(player, 1, dealer, shoe)
        must_stand = _must_stand(rules, c)
        must_hit = not c.soft and c.total <= int(rules["player_must_hit_hard"])
        legal = set() if must_stand else {"hit"}
        if not must_hit:
            legal.add("stand")
        if len(player) == 2 and c.total in rules["double_totals"] and not must_stand:
            legal.add("double")
        move = strategy.decide(player, dealer[0], strategy.Options(
            can_double="double" in legal, can_split=False, can_surrender=False, dealer_hits_soft_17=h17))
        if move not in legal:
            move = "stand" if "stand" in legal else "hit"
        if move == "stand":
            return settle(player, 1, dealer, shoe)
        if move == "double":
            return sum(p * settle([*player, CODE[r]], 2, dealer, take(shoe, r)) for r, p in draws(shoe))
        return sum(p * play([*player, CODE[r]], dealer, take(shoe, r)) for r, p in draws(shoe))

    ev = 0.0
    shoe = list(comp)
    for p1, q1 in draws(shoe):
        s1 = take(shoe, p1)
        for up, q2 in draws(s1):
            s2 = take(s1, up)
            for p2, q3 in draws(s2):
                s3 = take(s2, p2)
                for hole, q4 in draws(s3):
                    s4 = take(s3, hole)
                    player, dealer = [CODE[p1], CODE[p2]], [CODE[up], CODE[hole]]
                    if _is_bonus_natural(rules, player):
                        value = bonus
                    elif _is_natural(rules, player):
                        value = 0.0 if _is_natural(rules, dealer) else natural
                    else:
                        value = play(player, dealer, s4)
                    ev += q1 * q2 * q3 * q4 * value
    return ev


# Two aces, a few small cards, ordinary tens and Logo cards: Naturals, Bonus Naturals and plain
# ace-ten 21s on both sides, busts on both sides, 17s, doubles.
TINY = (2, 0, 0, 1, 1, 1, 1, 1, 0, 2, 3)


@pytest.mark.parametrize("changes", [
    {},
    {"over_closer_pushes": False},
    {"dealer_wins_ties_at": []},
    {"dealer_hits_soft_17": False},
    {"blackjack_pays": "6 to 5"},
])
def test_the_count_is_the_brute_force_of_a_tiny_shoe(changes: dict[str, Any]) -> None:
    """No split (one hand a circle): the count is exact, every rule of the comparison included."""
    rules = rules_of(max_hands=1, **changes)
    counted = lx.base_wager(rules, TINY).ev
    assert counted == pytest.approx(brute_force(rules, TINY), abs=1e-12)


def test_the_brute_force_sees_the_logo_rules() -> None:
    """The tiny shoe's figure moves with each rule the brute force is checked on (it is not
    checking a figure that ignores them)."""
    base = brute_force(rules_of(max_hands=1), TINY)
    assert brute_force(rules_of(max_hands=1, over_closer_pushes=False), TINY) < base
    assert brute_force(rules_of(max_hands=1, dealer_wins_ties_at=[]), TINY) > base
    plain = (*TINY[:9], TINY[9] + TINY[10], 0)  # the Logo cards as ordinary tens
    assert brute_force(rules_of(max_hands=1), plain) != pytest.approx(base, abs=1e-6)
    assert lx.base_wager(rules_of(max_hands=1), plain).ev == pytest.approx(
        brute_force(rules_of(max_hands=1), plain), abs=1e-12)


# ---------------------------------------------------------------------------------------
# Each rule moves the figure the right way (six decks, twelve Logo cards)
# ---------------------------------------------------------------------------------------
def with_bonus_natural(pays: str) -> dict[str, Any]:
    rules = rules_of()
    rules["paytables"]["lucky-chances-blackjack"]["lines"]["bonus-natural"] = pays
    return rules


def test_the_shipped_figure_and_the_logo_shoe() -> None:
    figure = lx.base_wager(rules_of())
    assert lx.lucky_shoe(rules_of()) == (24,) * 9 + (96, 12)
    # The player's Natural: an ace and one of 12 Logo cards out of 324 cards, either order.
    assert figure.natural == pytest.approx(2 * 24 / 324 * 12 / 323, rel=1e-12)
    assert figure.bonus_natural == pytest.approx(12 / 324 * 11 / 323, rel=1e-12)
    assert 0.015 < figure.house_edge < 0.03  # the P/D's edge on a player's wager
    assert "house basic strategy chart" in figure.strategy and "hard 18" in figure.strategy


@pytest.mark.parametrize(("rules", "moves"), [
    (lambda: rules_of(logo_cards_per_deck=4), "down"),  # more Naturals: paid 3 to 2 and 2 to 1, lost at 1
    (lambda: rules_of(logo_cards_per_deck=0), "up"),  # no Natural at all
    (lambda: with_bonus_natural("3 to 1"), "down"),
    (lambda: rules_of(blackjack_pays="6 to 5"), "up"),
    (lambda: rules_of(over_closer_pushes=False), "up"),  # the closer bust loses too
    (lambda: rules_of(dealer_wins_ties_at=[]), "down"),  # 17 against 17 pushes
    (lambda: rules_of(dealer_wins_ties_at=[17, 18]), "up"),
    (lambda: rules_of(dealer_hits_soft_17=False), "down"),
    (lambda: rules_of(double_totals=[10, 11]), "up"),
    (lambda: rules_of(max_hands=1), "up"),  # no split
    (lambda: rules_of(player_must_stand_hard=16), "up"),  # forced to stand on 16 against a 7
    (lambda: rules_of(decks=4), "down"),
])
def test_each_rule_moves_the_figure_the_right_way(rules: Any, moves: str) -> None:
    shipped = shipped_edge()
    changed = edge(rules())
    assert (changed < shipped) if moves == "down" else (changed > shipped), (shipped, changed)


def test_a_natural_against_a_split_takes_only_the_original_wager() -> None:
    """Splitting 8s against a Logo card up: the second hand's wager goes back when the P/D turns
    a Natural, so the split is worth more than two hands that each lose to it."""
    game = lx.LuckyGame.of(rules_of())
    counter = lx._UpCard(game, lx.LOGO)
    eights = 7
    base = lx._minus(counter.shoe, eights)
    size = sum(base) - 1
    ev = nat = 0.0
    for r, k in enumerate(lx._minus(base, eights)):
        if k:
            e, p = counter.hand(lx._plus(lx._plus(lx.EMPTY, eights), r), base, True)
            ev, nat = ev + k / size * e, nat + k / size * p
    assert nat > 0.05
    assert counter.split(eights) == pytest.approx(2 * ev - nat)
    assert counter.split(eights) > 2 * (ev - nat)


# ---------------------------------------------------------------------------------------
# The engine's own simulation holds the figure; the page shows it as exact
# ---------------------------------------------------------------------------------------
def test_the_engine_simulation_holds_the_exact_figure() -> None:
    """The engine's seeded simulation (every circle a bot, one persistent shoe with its Logo
    cards and cut card): the count is inside its 95 % interval."""
    rules = rules_of()
    sim = lc.simulate(rules, "main", 6000, "lucky-exact").result()
    exact = shipped_edge()
    assert sim.ci95 is not None and sim.ci95 < 0.03
    assert abs(float(sim.house_edge) - exact) <= sim.ci95, (sim.house_edge, sim.ci95, exact)


def test_the_simulation_deals_the_logo_cards() -> None:
    """The simulation's shoe is the table's: two Logo cards a deck."""
    from webgame.analysis.blackjack_tables import _kept_shoe
    from webgame.games.blackjack import LuckyChancesBlackjack

    table = _kept_shoe(LuckyChancesBlackjack)
    shoe = table._shoe(rules_of(), None)
    assert shoe.size == 6 * 54 and sum("+logo" in c for c in shoe.remaining) == 12


def test_the_page_shows_the_exact_figure_with_its_strategy() -> None:
    _, _, (main,) = configuration(lc.GAME, "lucky-chances", {})
    assert main.exact is not None and not main.simulated and main.can_simulate
    assert "house basic strategy chart" in main.assumptions and "Exact count" in main.assumptions
    assert "12 Logo cards" in main.assumptions
    assert float(main.exact().house_edge) == pytest.approx(shipped_edge())
    _, _, (four,) = configuration(lc.GAME, "lucky-chances", {"options": {"decks": 4}})
    assert "8 Logo cards" in four.assumptions and four.sim_key != main.sim_key
