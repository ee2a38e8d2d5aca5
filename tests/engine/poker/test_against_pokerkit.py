"""Differential tests: the hand engine against pokerkit's own state machine and evaluators.

150 seeded random no-limit hold'em hands and 60 pot-limit Omaha hands with random betting (folds, calls, raises, all-ins)
are played on both at once: every decision offers the same call and the same raise bounds, and
the chips each seat ends with agree (P-290). 300 Omaha Hi-Lo hands to the showdown award each
half to the players pokerkit's evaluators name (OmahaHoldemHand, OmahaEightOrBetterLowHand), and
300 hold'em hands to the players StandardHighHand.from_game names, each computed here without
the engine (which ranks the combinations its rules allow on pokerkit's lookup, games.py)."""

from __future__ import annotations

import random

import pytest
from pokerkit import (
    Automation,
    Mode,
    NoLimitTexasHoldem,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
    StandardHighHand,
    State,
)

from tests.engine.poker.deal import FULL
from webgame.games.poker.games import EXACTLY_TWO, GameKind
from webgame.games.poker.hand import Forced, HandState, act, is_over, legal, showdown, start_hand, to_act
from webgame.games.poker.structures import Structure

AUTO = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.RUNOUT_COUNT_SELECTION, Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING)


def _pokerkit_deal(pk: State, h: HandState, upto: int) -> None:
    """Give pokerkit the cards our hand dealt: hole cards, then burns and boards up to a street."""
    while pk.can_deal_hole():
        pk.deal_hole(h.players[pk.hole_dealee_index or 0].hole[len(pk.hole_cards[pk.hole_dealee_index or 0])])
    cut = (0, 3, 4, 5)
    while pk.can_burn_card() or pk.can_deal_board():
        if pk.can_burn_card():
            pk.burn_card("??")
        else:
            street = len(pk.board_cards)
            n = cut[next(i for i, c in enumerate(cut) if c > street)] - street
            pk.deal_board("".join(h.boards[0][street:street + n]))
    assert upto >= 0


def _play_random_holdem(rng: random.Random, pot_limit_omaha: bool = False) -> tuple[HandState, State]:
    n = rng.randint(3, 4)
    stacks = [rng.randint(5, 300) * 100 for _ in range(n)]
    deck = list(FULL)
    rng.shuffle(deck)
    st = Structure("pot-limit" if pot_limit_omaha else "no-limit", 100, 200, min_bet=200)
    kind = GameKind("Omaha", 4, EXACTLY_TWO) if pot_limit_omaha else GameKind("Texas Hold'em")
    seats = [(i + 1, s) for i, s in enumerate(stacks)]
    h = start_hand(kind, st, seats, n, [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200)], deck)
    game = PotLimitOmahaHoldem if pot_limit_omaha else NoLimitTexasHoldem
    pk = game.create_state(AUTO, True, 0, (100, 200), 200, stacks, n, mode=Mode.CASH_GAME)
    while True:
        _pokerkit_deal(pk, h, h.street)
        if is_over(h):
            break
        seat = to_act(h)
        assert seat is not None and pk.actor_index == seat - 1
        ours = {o.kind: o for o in legal(h, seat)}
        pk_call = pk.checking_or_calling_amount
        assert ("check" in ours) == (pk_call == 0)
        if pk_call:
            assert ours["call"].min == pk_call
        raise_opt = ours.get("raise") or ours.get("bet")
        assert (raise_opt is not None) == pk.can_complete_bet_or_raise_to()
        if raise_opt is not None:
            assert (raise_opt.min, raise_opt.max) == (pk.min_completion_betting_or_raising_to_amount,
                                                    pk.max_completion_betting_or_raising_to_amount)
        roll = rng.random()
        if roll < 0.12 and "check" not in ours:
            act(h, seat, "fold")
            pk.fold()
        elif roll < 0.45 and raise_opt is not None:
            to = rng.choice([raise_opt.min, raise_opt.max, rng.randint(raise_opt.min, raise_opt.max)])
            act(h, seat, raise_opt.kind, to)
            pk.complete_bet_or_raise_to(to)
        else:
            act(h, seat, "check" if "check" in ours else "call")
            pk.check_or_call()
    return h, pk


@pytest.mark.parametrize(("game", "hands"), [("no-limit hold'em", 150), ("pot-limit Omaha", 60)])
def test_random_hands_agree_with_pokerkit_decision_by_decision_and_in_chips(game: str, hands: int) -> None:
    rng = random.Random(20261127)
    for _ in range(hands):
        h, pk = _play_random_holdem(rng, pot_limit_omaha=game == "pot-limit Omaha")
        while pk.status:
            _pokerkit_deal(pk, h, 3)
            if pk.can_show_or_muck_hole_cards():
                pk.show_or_muck_hole_cards(True)
        awards = showdown(h, 0)
        won = {p.seat: 0 for p in h.players}
        for a in awards:
            for s, c in a.winners.items():
                won[s] += c
        for p in h.players:
            ours = p.start - p.put_in + won[p.seat]
            # Tied pots: pokerkit hands odd chips out by its own rule, we by the rulebook's (D-408).
            assert abs(ours - pk.stacks[p.seat - 1]) <= 2, (p.seat, ours, pk.stacks, h.boards, awards)


def _check_down_omaha8(rng: random.Random) -> HandState:
    n = rng.randint(2, 3)
    deck = list(FULL)
    rng.shuffle(deck)
    kind = GameKind("Omaha Hi-Lo", hole_cards=4, hole_rule=EXACTLY_TWO, hi_lo=True)
    st = Structure("fixed-limit", 100, 200, bets=(200, 200, 400, 400), raise_cap=3, cap_heads_up=True)
    seats = [(i + 1, 10000) for i in range(n)]
    forced = [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200)] if n > 2 else \
        [Forced(2, "small-blind", 100), Forced(1, "big-blind", 200)]
    h = start_hand(kind, st, seats, n, forced, deck)
    while not is_over(h):
        seat = to_act(h)
        assert seat is not None
        kinds = [o.kind for o in legal(h, seat)]
        act(h, seat, "check" if "check" in kinds else "call")
    return h


def test_300_omaha_hi_lo_showdowns_award_each_half_to_pokerkits_best_hands() -> None:
    rng = random.Random(8)
    lows_seen = scoops = 0
    for _ in range(300):
        h = _check_down_omaha8(rng)
        board = "".join(h.boards[0])
        highs = {p.seat: OmahaHoldemHand.from_game("".join(p.hole), board) for p in h.players}
        lows = {p.seat: OmahaEightOrBetterLowHand.from_game_or_none("".join(p.hole), board) for p in h.players}
        best_high = max(highs.values())
        high_winners = {s for s, v in highs.items() if v == best_high}
        qualified = {s: v for s, v in lows.items() if v is not None}
        awards = showdown(h, 0)
        if qualified:
            lows_seen += 1
            best_low = max(qualified.values())
            assert [a.half for a in awards] == ["high", "low"]
            assert set(awards[0].winners) == high_winners
            assert set(awards[1].winners) == {s for s, v in qualified.items() if v == best_low}
        else:
            scoops += 1
            assert [a.half for a in awards] == ["whole"] and set(awards[0].winners) == high_winners
        assert sum(a.amount for a in awards) == sum(p.put_in for p in h.players)
    assert lows_seen > 50 and scoops > 50  # both cases were exercised


def test_pokerkits_holdem_evaluator_agrees_with_the_showdown_on_300_deals() -> None:
    rng = random.Random(42)
    for _ in range(300):
        n = rng.randint(2, 6)
        deck = list(FULL)
        rng.shuffle(deck)
        seats = [(i + 1, 10000) for i in range(n)]
        forced = [Forced(1, "small-blind", 100), Forced(2, "big-blind", 200)] if n > 2 else \
            [Forced(2, "small-blind", 100), Forced(1, "big-blind", 200)]
        h = start_hand(GameKind("Texas Hold'em"), Structure("no-limit", 100, 200, min_bet=200), seats, n, forced,
                       deck)
        while not is_over(h):
            seat = to_act(h)
            assert seat is not None
            kinds = [o.kind for o in legal(h, seat)]
            act(h, seat, "check" if "check" in kinds else "call")
        board = "".join(h.boards[0])
        values = {p.seat: StandardHighHand.from_game("".join(p.hole), board) for p in h.players}
        best = max(values.values())
        (award,) = showdown(h, 0)
        assert set(award.winners) == {s for s, v in values.items() if v == best}
