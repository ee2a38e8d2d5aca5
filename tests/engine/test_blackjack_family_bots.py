"""The house bots at Spanish 21 and Free Bet tables play their game's named chart (P-140,
P-141), the chart the exact figure assumes and the rules panel prints: dealt from stacked
shoes, each play is one the house blackjack chart would make differently."""

from __future__ import annotations

from collections.abc import Sequence

from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.blackjack import BlackjackState, strategy

from .test_blackjack_table import deal_order, stack_shoe


def dealt(game: str, hand: Sequence[str], dealer: Sequence[str], draws: Sequence[str] = ()) -> tuple[object, BlackjackState]:
    engine = registry.engine(game)
    rng = SeededRng(0)
    state = engine.new_round(resolve(load_game(game).variants["grand-ronde"], None), rng, None)
    stack_shoe(state.shoe, deal_order([hand], dealer, draws))
    engine.apply(state, Action("bet", 0, "main", 1000), rng)
    engine.apply(state, Action("deal"), rng)
    return engine, state


def bot_plays(engine, state: BlackjackState, moves: int) -> list[str]:
    """The bot's next ``moves`` plays at box 0, each applied."""
    out = []
    for _ in range(moves):
        action = engine.bot_action(state, 0)
        assert action is not None
        out.append(action.kind)
        engine.apply(state, action, SeededRng(1))
    return out


def test_a_spanish_21_bot_doubles_a_three_card_ten() -> None:
    """5-2 against a 7 hits; the 3 makes a three-card 10, which the Spanish chart doubles
    (s.1118); the house chart's bots doubled on two cards only."""
    engine, state = dealt("spanish-21", ["5h", "2c"], ["7d", "9s"], ["3h", "Kc"])
    assert bot_plays(engine, state, 2) == ["hit", "double"]
    assert state.seats[0].hands[0].double


def test_a_spanish_21_bot_doubles_9_against_a_4_where_it_may_double_again() -> None:
    """P-275: the published no-redouble chart hits 9 against a 4; at a table that doubles
    again (s.1119) the chart doubles it, and the 2 that makes 11 is doubled again (D-063)."""
    engine, state = dealt("spanish-21", ["5h", "4c"], ["4d", "9s"], ["2h", "Kd"])
    assert bot_plays(engine, state, 2) == ["double", "double"]
    hand = state.seats[0].hands[0]
    assert hand.cards[2:] == ["2h", "Kd"] and hand.double == 1000 and hand.redoubles == [2000]


def test_a_spanish_21_bot_hits_9_against_a_4_where_a_hand_doubles_once() -> None:
    """The same 5-4 against a 4 at a Spanish table with one double a hand: the published chart hits."""
    engine = registry.engine("spanish-21")
    rng = SeededRng(0)
    rules = resolve(load_game("spanish-21").variants["grand-ronde"], None)
    rules.update(max_doublings=1)
    state = engine.new_round(rules, rng, None)
    stack_shoe(state.shoe, deal_order([["5h", "4c"]], ["4d", "9s"], ["2h", "Kd"]))
    engine.apply(state, Action("bet", 0, "main", 1000), rng)
    engine.apply(state, Action("deal"), rng)
    assert bot_plays(engine, state, 1) == ["hit"]


def test_a_spanish_21_bot_doubles_soft_13_and_15_against_the_small_cards() -> None:
    """P-275: the published no-redouble chart hits A-2 against a 5 and A-4 against a 4; where a
    doubled hand may double again the chart doubles both."""
    for hand, up in ((["Ah", "2c"], "5d"), (["Ah", "4c"], "4d")):
        engine, state = dealt("spanish-21", hand, [up, "9s"], ["Kd"])
        assert bot_plays(engine, state, 1) == ["double"], hand


def test_a_spanish_21_bot_stands_on_a_two_card_14_and_hits_a_four_card_14_against_a_4() -> None:
    """'S4' at hard 14 against a 4: stand with two or three cards, hit with four or more."""
    engine, state = dealt("spanish-21", ["9h", "5c"], ["4d", "9s"])
    assert bot_plays(engine, state, 1) == ["stand"]
    engine, state = dealt("spanish-21", ["2h", "3c"], ["4d", "9s"], ["3h", "6s", "Kd"])
    assert bot_plays(engine, state, 3) == ["hit", "hit", "hit"]  # 5, 8 (3 cards), 14 (4 cards)
    assert len(state.seats[0].hands[0].cards) == 5


def test_a_spanish_21_bot_hits_hard_12_against_a_4() -> None:
    engine, state = dealt("spanish-21", ["8h", "4c"], ["4d", "9s"], ["2h", "Kd"])
    assert bot_plays(engine, state, 1) == ["hit"]
    assert strategy.chart(True).hard[12][4] == "S"  # the house chart stands


def test_a_free_bet_bot_hits_12_against_a_4_and_never_doubles_a_soft_hand_with_its_money() -> None:
    engine, state = dealt("free-bet-blackjack", ["8h", "4c"], ["4d", "9s"], ["Kd"])
    assert bot_plays(engine, state, 1) == ["hit"]
    engine, state = dealt("free-bet-blackjack", ["Ah", "6c"], ["5d", "9s"], ["2d", "Kd"])
    assert bot_plays(engine, state, 1) == ["hit"]  # soft 17 against a 5: the house chart doubles
    assert strategy.chart(True).soft[17][5] == "D"


def test_a_free_bet_bot_takes_the_free_double_on_9_against_a_2() -> None:
    engine, state = dealt("free-bet-blackjack", ["5h", "4c"], ["2d", "9s"], ["Kd"])
    assert bot_plays(engine, state, 1) == ["double"]
    assert strategy.chart(True).hard[9][2] == "H"


def test_at_cards_reads_the_card_count_codes() -> None:
    assert strategy.at_cards("S4", 3) == "S" and strategy.at_cards("S4", 4) == "H"
    assert strategy.at_cards("D3", 2) == "D" and strategy.at_cards("D3", 3) == "H"
    assert strategy.at_cards("Ds", 9) == "Ds"


def test_the_rules_pick_the_chart() -> None:
    def rules(game: str) -> dict:
        return resolve(load_game(game).variants[next(iter(load_game(game).variants))], None)

    assert strategy.rule_set(rules("spanish-21")) == strategy.SPANISH_21
    # A Spanish table where a doubled hand may not double again plays the published doubles (P-275).
    assert strategy.rule_set({**rules("spanish-21"), "max_doublings": 1}) == strategy.SPANISH_21_ONE_DOUBLE
    one = strategy.chart_named(strategy.SPANISH_21_ONE_DOUBLE, True)
    assert (one.hard[9][4], one.soft[13][5], strategy.spanish_chart().hard[9][4]) == ("H", "H", "D")
    assert strategy.rule_set(rules("free-bet-blackjack")) == strategy.FREE_BET
    assert strategy.rule_set(rules("blackjack")) == strategy.BLACKJACK
    # A 22 push alone is no Free Bet: the Switch chart goes with the switch (P-271).
    assert strategy.rule_set(rules("blackjack-switch")) == strategy.SWITCH


def test_decide_plays_the_printed_spanish_grid_by_the_number_of_cards() -> None:
    """Every hard total from 12 to 16 against every up card, with two to six cards: the
    bot's move is the printed code read at that many cards."""
    rows = strategy.chart_rows(True, strategy.SPANISH_21)
    hard = dict(rows["hard"])
    ups = rows["ups"]
    for total in range(12, 17):
        for n in range(2, 7):
            cards = _hard_hand(total, n)
            assert cards is not None and sum(1 for _ in cards) == n
            for i, up in enumerate(ups):
                up_card = ("K" if up == "10" else up) + "d"
                move = strategy.decide(cards, up_card, strategy.Options(
                    True, False, n == 2, True, rule_set=strategy.SPANISH_21))
                code = strategy.at_cards(hard[str(total)][i], n)
                assert move == strategy.play_of(code, True, n == 2), (total, n, up)


def _hard_hand(total: int, n: int) -> list[str] | None:
    """n cards of 2-9 (no ace) adding to ``total``, not a pair when two."""
    ranks = [2] * n
    rest = total - 2 * n
    for i in range(n):
        step = min(7, rest)
        ranks[i] += step
        rest -= step
    if rest or (n == 2 and ranks[0] == ranks[1]):
        return None
    return [f"{r}{'hcds'[i % 4]}" for i, r in enumerate(ranks)]


def test_a_spanish_21_bot_doubles_again_on_a_doubled_12_against_a_7() -> None:
    """P-274: 6-4 against a 7 doubles; the 2 makes 12, which may not be hit after a double
    (s.1119): the after-double grid doubles again (up to the whole bet, D-063), then stands."""
    engine, state = dealt("spanish-21", ["6h", "4c"], ["7d", "9s"], ["2h", "5s", "Kd"])
    assert bot_plays(engine, state, 3) == ["double", "double", "stand"]
    hand = state.seats[0].hands[0]
    assert hand.cards[2:] == ["2h", "5s"] and hand.double == 1000 and hand.redoubles == [2000]


def test_a_spanish_21_bot_rescues_a_doubled_15_against_an_8() -> None:
    """P-274: 7-4 against an 8 doubles; the 4 makes 15: the grid rescues, the last double
    comes back and the rest is lost (s.1120, D-064)."""
    engine, state = dealt("spanish-21", ["7h", "4c"], ["8d", "9s"], ["4h", "Kd"])
    assert bot_plays(engine, state, 2) == ["double", "rescue"]
    hand = state.seats[0].hands[0]
    assert hand.result == "rescue"
    assert strategy.after_double_code(strategy.spanish_chart(), 15, False, 8) == strategy.RE


def test_a_bot_stands_after_a_double_where_the_table_offers_neither() -> None:
    """A Spanish table without double-doubles or rescue: the grid's plays are not legal, so the
    bot's doubled 12 against a 7 gets its one card and the hand is over."""
    engine = registry.engine("spanish-21")
    rng = SeededRng(0)
    rules = resolve(load_game("spanish-21").variants["grand-ronde"], None)
    rules.update(max_doublings=1, rescue=False)
    state = engine.new_round(rules, rng, None)
    stack_shoe(state.shoe, deal_order([["6h", "4c"]], ["7d", "9s"], ["2h", "Kd"]))
    engine.apply(state, Action("bet", 0, "main", 1000), rng)
    engine.apply(state, Action("deal"), rng)
    assert bot_plays(engine, state, 1) == ["double"]
    assert engine.bot_action(state, 0) is None or state.seats[0].hands[0].status != "playing"
