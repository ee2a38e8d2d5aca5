"""21st Century Free Bet Blackjack's base wager counted exactly (webgame/analysis/blackjack_exact.py
with the over-21 comparison, P-284 to P-286): against a brute force that deals a tiny shoe card
by card in the table's order, suits and all, plays the bots' moves and settles with the engine's
own comparison; rule by rule; and against the engine's own simulation."""

from __future__ import annotations

import copy
import dataclasses
import importlib
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from webgame.analysis import blackjack_exact as bx
from webgame.analysis.edges import configuration
from webgame.engine.money import Odds
from webgame.games.blackjack import strategy
from webgame.games.blackjack.engine import (
    MAIN,
    BlackjackEngine,
    Hand,
    _count,
    _is_natural,
    _must_stand,
    over_scale_result,
)

fb = importlib.import_module("webgame.analysis.21st_century_free_bet_blackjack")
VARIANT = "crystal-park"


def rules_of(**changes: Any) -> dict[str, Any]:
    _, rules, _ = configuration(fb.GAME, VARIANT, {})
    out = copy.deepcopy(dict(rules))
    out.update(changes)
    return out


def edge(rules: Mapping[str, Any]) -> float:
    return float(bx.main_bet(rules).house_edge)


@cache
def shipped_edge() -> float:
    return edge(rules_of())


# ---------------------------------------------------------------------------------------
# A brute force: every card of a tiny shoe by its own code, dealt player, up card, player, hole
# card, the player's draws, the P/D's draws; the player's moves as the bots make them (a free
# double first, then the chart within the engine's forced moves and legal doubles); settled by
# the engine's ``over_scale_result``. One hand a circle (no split: P-111's splits are not
# exact). The tiny shoe is of one suit, so every 7-8-9 of the P/D's is suited (the count told
# so: ``suits = 1``); the one time in 16 of a table's shoe is the P/D-only brute force below.
# ---------------------------------------------------------------------------------------
CODE = ("As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ks")


def brute_force(rules: Mapping[str, Any], shoe: tuple[int, ...]) -> float:
    h17 = bool(rules["dealer_hits_soft_17"])
    natural = float(Odds.parse(str(rules["blackjack_pays"])).net)
    chart = strategy.rule_set(rules)

    def draws(left: tuple[int, ...]) -> list[tuple[str, float, tuple[int, ...]]]:
        n = sum(left)
        assert n, "the tiny shoe ran out"
        return [(CODE[i], k / n, (*left[:i], k - 1, *left[i + 1:])) for i, k in enumerate(left) if k]

    @cache
    def dealer_finish(dealer: tuple[str, ...], left: tuple[int, ...]) -> tuple[tuple[tuple[str, ...], float], ...]:
        c = _count(rules, dealer)
        if c.total > 17 or (c.total == 17 and not (c.soft and h17)):
            return ((dealer, 1.0),)
        return tuple((hand, p * q) for code, p, rest in draws(left)
                     for hand, q in dealer_finish((*dealer, code), rest))

    @cache
    def compare(player: tuple[str, ...], final: tuple[str, ...]) -> str:
        return over_scale_result(rules, player, final)[0]

    def settle(player: tuple[str, ...], own: int, free: int, dealer: tuple[str, ...], left: tuple[int, ...]) -> float:
        """``own`` units of the player's money on the hand, ``free`` units of Free Bet."""
        if _is_natural(rules, dealer):
            return -1.0  # the original wager only (D-130)
        paid = {"win": own + free, "push": 0, "lose": -own}
        return sum(p * paid[compare(player, final)] for final, p in dealer_finish(dealer, left))

    @cache
    def play(player: tuple[str, ...], dealer: tuple[str, ...], left: tuple[int, ...]) -> float:
        c = _count(rules, player)
        if _must_stand(rules, c):  # 21 and over stand (003 s.2749); over waits for the P/D (D-604)
            return settle(player, 1, 0, dealer, left)
        hand = Hand(cards=list(player), bet=MAIN, stake=100)
        may_double = BlackjackEngine._may_double(rules, hand)
        if may_double and BlackjackEngine._free_double(rules, hand):
            move = "free"
        else:
            move = strategy.decide(list(player), dealer[0], strategy.Options(
                can_double=may_double, can_split=False, can_surrender=bool(rules["surrender"]) and len(player) == 2,
                dealer_hits_soft_17=h17, rule_set=chart))
            if move == "stand" and not c.soft and c.total <= int(rules["player_must_hit_hard"]):
                move = "hit"
        if move == "surrender":  # after the peek, half back (D-116)
            return -1.0 if _is_natural(rules, dealer) else -0.5
        if move == "stand":
            return settle(player, 1, 0, dealer, left)
        if move in ("double", "free"):
            own, free = (1, 1) if move == "free" else (2, 0)
            return sum(p * settle((*player, code), own, free, dealer, rest) for code, p, rest in draws(left))
        return sum(p * play((*player, code), dealer, rest) for code, p, rest in draws(left))

    ev = 0.0
    for p1, q1, s1 in draws(shoe):
        for up, q2, s2 in draws(s1):
            for p2, q3, s3 in draws(s2):
                for hole, q4, s4 in draws(s3):
                    player, dealer = (p1, p2), (up, hole)
                    if _is_natural(rules, player):
                        value = 0.0 if _is_natural(rules, dealer) else natural
                    else:
                        value = play(player, dealer, s4)
                    ev += q1 * q2 * q3 * q4 * value
    return ev


# Two aces and three kings (Naturals on both sides), a 3, 5 and 6 (free doubles on 9-11, stiff
# hands that hit over 21, the P/D's 22), a 7, an 8 and a 9 (the P/D's 7-8-9): 11 cards.
TINY = (2, 0, 1, 0, 1, 1, 1, 1, 1, 3)


@cache
def tiny(**changes: Any) -> tuple[float, float]:
    rules = rules_of(max_hands=1, **changes)
    game = dataclasses.replace(bx.Game.of(rules, TINY), suits=1)
    return bx.count(game).ev, brute_force(rules, TINY)


@pytest.mark.parametrize("changes", [
    {},
    {"dealer_22_pushes": False},
    {"over_push_dealer_suited_789": False},
    {"free_double_hard_totals": ()},
    {"dealer_hits_soft_17": False},
])
def test_the_count_is_the_brute_force_of_a_tiny_shoe(changes: dict[str, Any]) -> None:
    counted, brute = tiny(**changes)
    assert counted == pytest.approx(brute, abs=1e-12)


def test_the_brute_force_sees_each_rule() -> None:
    """The tiny shoe's figure moves with each rule the brute force is checked on (it is not
    checking a figure that ignores them)."""
    base = tiny()[1]
    assert tiny(dealer_22_pushes=False)[1] != pytest.approx(base, abs=1e-6)
    assert tiny(over_push_dealer_suited_789=False)[1] < base
    assert tiny(free_double_hard_totals=())[1] < base


def test_one_suited_seven_eight_nine_in_sixteen() -> None:
    """The P/D's hand alone, dealt card by card from a shoe with a 7, an 8 and a 9 of each suit:
    the chance the engine pushes a player's 23 on a suited 7-8-9 is the count's 7-8-9 chance over
    16, whatever the up card."""
    rules = rules_of()
    kinds = ("7s", "7h", "7d", "7c", "8s", "8h", "8d", "8c", "9s", "9h", "9d", "9c", "Ks", "Kh", "5s", "6s")
    h17 = bool(rules["dealer_hits_soft_17"])

    def finish(dealer: tuple[str, ...], left: tuple[str, ...]) -> float:
        c = _count(rules, dealer)
        if c.total > 17 or (c.total == 17 and not (c.soft and h17)):
            return float(over_scale_result(rules, ("Ks", "6s", "7s"), dealer)[0] == "push" and c.total != 22)
        return sum(finish((*dealer, code), left[:i] + left[i + 1:]) for i, code in enumerate(left)) / len(left)

    for up in ("7s", "8s", "9s"):
        rest = list(kinds)
        rest.remove(up)
        pushed = finish((up,), tuple(rest))
        by_rank = [0] * 10
        for code in rest:
            by_rank[9 if code[0] == "K" else int(code[0]) - 1] += 1
        counted = bx.dealer_finals(tuple(by_rank), int(up[0]), h17)[bx.SEVEN_EIGHT_NINE] / bx.SUITS ** 2
        assert pushed == pytest.approx(counted, rel=1e-12) and pushed > 0, up


# ---------------------------------------------------------------------------------------
# The comparison, one P/D hand at a time: the engine's word for each pair of totals
# ---------------------------------------------------------------------------------------
def test_the_comparison_is_the_engines() -> None:
    """OverScale.win_lose against one P/D total (a one-hot column) is what ``over_scale_result``
    says of a hand of that total against a P/D hand of that total, for every pair."""
    rules = rules_of()
    scale = bx.OverScale.of(rules)
    players: dict[int, tuple[str, ...]] = {t: ("Ks", "2s", f"{t - 12}s") for t in range(17, 22)}
    players.update({22: ("Ks", "6s", "6h"), 23: ("Ks", "6s", "7h"), 24: ("Ks", "6s", "8h"),
                    25: ("Ks", "6s", "9h"), 26: ("Ks", "6s", "Kh")})
    dealers = {17: ("Ks", "7s"), 18: ("Ks", "8s"), 19: ("Ks", "9s"), 20: ("Ks", "Kh"), 21: ("Ks", "5s", "6s"),
               22: ("Ks", "6s", "6h"), 23: ("Ks", "6s", "7h"), 24: ("Ks", "6s", "8h"), 25: ("Ks", "6s", "9h"),
               26: ("Ks", "6s", "Kh")}
    for p, player in players.items():
        for d, dealer in dealers.items():
            finals = [0.0] * 10
            finals[d - 17] = 1.0
            win, lose = scale.win_lose(p, finals)  # type: ignore[arg-type]
            expected, _ = over_scale_result(rules, player, dealer)
            got = "win" if win else "lose" if lose else "push"
            assert got == expected, (p, d)
    # Every 24 a 7-8-9, suited one time in 16: a closer over hand pushes the suited one.
    for p, player in players.items():
        finals = [0.0] * 10
        finals[24 - 17] = 1.0
        win, lose = scale.win_lose(p, finals, 1 / bx.SUITS ** 2)  # type: ignore[arg-type]
        suited, _ = over_scale_result(rules, player, ("7s", "8s", "9s"))
        mixed, _ = over_scale_result(rules, player, ("7s", "8s", "9h"))
        if p <= 21:
            assert suited == mixed == "win" and (win, lose) == (1.0, 0.0)
        else:
            assert mixed == "lose" and suited == ("push" if p < 24 else "lose")
            assert (win, lose) == (0.0, 1.0 - (suited == "push") / bx.SUITS ** 2), p


def test_the_pds_seven_eight_nine_is_dealt_in_its_orders() -> None:
    """7-8 and 7-9 draw the third card, 8-9 stands on 17: from a 7 up both holes make it, from
    an 8 up only the 7."""
    comp = bx.shoe_composition(rules_of())
    for up, holes in ((7, (8, 9)), (8, (7,)), (9, (7,))):
        n = sum(comp) - 1
        left = list(comp)
        left[up - 1] -= 1
        expected = 0.0
        for hole in holes:
            third = ({7, 8, 9} - {up, hole}).pop()
            expected += left[hole - 1] / n * left[third - 1] / (n - 1)
        got = bx.dealer_finals(tuple(left), up, True)[bx.SEVEN_EIGHT_NINE]
        assert got == pytest.approx(expected, rel=1e-12), up


# ---------------------------------------------------------------------------------------
# Each rule of the comparison moves the figure the right way (six decks, one hand a circle: the
# splits' rules are in test_21st_century_free_bet_blackjack_edges.py)
# ---------------------------------------------------------------------------------------
@cache
def unsplit_edge() -> float:
    return edge(rules_of(max_hands=1))


@pytest.mark.parametrize(("changes", "moves"), [
    ({"dealer_22_pushes": False}, "down"),  # the P/D's 22 is a bust like any other
    ({"over_push_dealer_suited_789": False}, "up"),
    ({"free_double_hard_totals": ()}, "up"),  # the 9-11 doubles cost money again
    ({"blackjack_pays": "3 to 2"}, "down"),
    ({"dealer_hits_soft_17": False}, "down"),
    ({"player_must_stand_hard": 16}, "up"),  # a stiff 16 may no longer hit against a 7 to an ace
])
def test_each_rule_moves_the_figure_the_right_way(changes: dict[str, Any], moves: str) -> None:
    shipped = unsplit_edge()
    changed = edge(rules_of(max_hands=1, **changes))
    assert (changed < shipped) if moves == "down" else (changed > shipped), (shipped, changed)


def test_the_count_refuses_a_scale_it_does_not_count() -> None:
    """Over 20, 21 or 22 with aces eleven up to 21 or 22 (P-287); nothing else is compared."""
    assert bx.OverScale.of(rules_of(over_above=22, soft_ace_up_to=22)).over_above == 22
    for changes in ({"over_above": 22}, {"over_above": 19}, {"soft_ace_up_to": 23, "over_above": 23}):
        with pytest.raises(ValueError):
            bx.OverScale.of(rules_of(**changes))
