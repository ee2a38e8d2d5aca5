"""Backline: a seated player's bet behind another seat's wager at a player-dealer table
(D-473, D-474, D-488, P-037). It rides on that wager's outcome, settles right after it within the
P/D's stake, pays the fee of the circle it is in, and never makes its bettor eligible to bank.
Three Card Poker 6 Card Bonus at Lucky Chances allows it on every wager (002 cross-cutting 7);
the Lucky Derby edition on none; the Caribbean Stud Designated Player on the base wagers only."""

from __future__ import annotations

import pytest

from tests.carnival_support import rules_for, stacking
from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_player_dealer_tables import HANDS, do
from webgame.engine.protocol import SYSTEM_SEAT, Action, Fee, IllegalAction, Refund, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.california.table import PlayerDealerState, PlayerDealerTable
from webgame.games.carnival import base

GAME, VARIANT = "three-card-poker", "6cb-lucky-chances"
BEHIND_2 = "ante/behind-spot-2"  # behind engine seat 1 (Spot 2)


WINNING = ["Ah", "Ad", "3c", "As", "Kc", "4d", "Qd", "Js", "5h", "2c", "4s", "7d"]  # Spot 2's pair of aces beats Q-J-5


def betting(monkeypatch, variant: str = VARIANT, stake: int = 10_000, deck: list[str] | None = None
            ) -> tuple[PlayerDealerTable, PlayerDealerState]:
    """Seats 0-3 taken; seat 0 banks; seats 1 and 2 bet a $10 Ante."""
    engine = pd_engine(GAME, variant)
    rules = rules_for(GAME, variant)
    monkeypatch.setattr(base, "new_shoe", stacking(deck or HANDS))
    state = seated(engine, rules, [0, 1, 2, 3])
    do(engine, state, "bank", 0, amount=stake)
    for seat in (1, 2):
        do(engine, state, "bet", seat, "ante", 1000)
    return engine, state


def finish(engine: PlayerDealerTable, state: PlayerDealerState) -> list:
    events = do(engine, state, "deal")
    for seat in list(engine.deciding(state)):
        events += do(engine, state, "play", seat, amount=1000)
    assert engine.is_over(state)
    return events


def test_a_bet_behind_rides_on_the_wager_and_settles_right_after_it(monkeypatch):
    engine, state = betting(monkeypatch, deck=WINNING)
    offered = {a.spot: a for a in engine.legal_actions(state, 3) if a.kind == "behind"}
    assert set(offered) == {"1:ante", "2:ante"}  # the other players' wagers, never the P/D's
    assert offered["1:ante"].label == "Spot 2: Ante"
    events = do(engine, state, "behind", 3, "1:ante", 2000)
    assert Stake(3, BEHIND_2, 2000) in events
    events += finish(engine, state)
    settled = [e for e in events if isinstance(e, Settlement)]
    ante = next(e for e in settled if (e.seat, e.bet) == (1, "ante"))
    behind = next(e for e in settled if (e.seat, e.bet) == (3, BEHIND_2))
    assert (ante.stake, ante.returned, ante.result) == (1000, 2000, "win")  # a pair of aces, even money
    assert (behind.stake, behind.returned) == (2000, 4000)  # the same ratio, on twice the money
    assert behind.result == ante.result and behind.detail.startswith("Behind Spot 2")
    assert settled.index(behind) == settled.index(ante) + 1  # right after the seated player's same wager (D-473)


def test_the_backer_pays_the_fee_of_the_circle_and_does_not_become_eligible_to_bank(monkeypatch):
    engine, state = betting(monkeypatch)
    do(engine, state, "behind", 3, "1:ante", 2000)
    events = finish(engine, state)
    option = engine.schedule(state.rules)
    assert option.player is not None
    paid = [e for e in events if isinstance(e, Fee) and e.seat == 3]
    assert [e.amount for e in paid] == [option.player.rate.fee(2000)]  # per person, per circle (D-488)
    table_action = sum(w.amount for w in engine._behind_wagers(state)) + 2000
    bank_fee = next(e for e in events if isinstance(e, Fee) and e.seat == 0)
    assert bank_fee.amount == option.player_dealer.rate.fee(table_action)  # backline counts as action (D-487)
    assert state.history[-1] == [2, 3]  # positions that wagered: Spot 4's bet behind does not count (D-473)


def test_a_bank_that_runs_out_gives_the_bet_behind_no_action(monkeypatch):
    """$10 of stake from the action seat, Spot 2: its Ante loses $10 to the dealer's A-K-5, which
    uses the whole stake up (D-466); the $20 behind it, next in order, and everything after get
    no action and go back whole."""
    engine, state = betting(monkeypatch, stake=1000)
    do(engine, state, "behind", 3, "1:ante", 2000)
    events = finish(engine, state)
    order = [(e.seat, e.bet, e.returned, e.result) for e in events if isinstance(e, Settlement)]
    assert order == [(1, "ante", 0, "lose"), (3, BEHIND_2, 2000, "no-action"), (1, "play", 1000, "no-action"),
                     (2, "ante", 1000, "no-action"), (2, "play", 1000, "no-action"), (0, "bank", 2000, "win")]


@pytest.mark.parametrize(("amount", "words"), [(999, "$10.00 to"), (50_001, "to $500.00")])
def test_a_bet_behind_outside_the_wagers_limits_is_refused(monkeypatch, amount, words):
    engine, state = betting(monkeypatch)
    with pytest.raises(IllegalAction, match="A bet behind that wager is"):
        do(engine, state, "behind", 3, "1:ante", amount)
    assert not state.behind


def test_no_bet_behind_your_own_wager_the_bank_or_after_the_deal(monkeypatch):
    engine, state = betting(monkeypatch)
    for seat, spot in [(1, "1:ante"), (3, "0:ante"), (0, "1:ante"), (3, "1:pair-plus"), (3, "9:ante")]:
        with pytest.raises(IllegalAction):
            do(engine, state, "behind", seat, spot, 1000)
    do(engine, state, "deal")
    with pytest.raises(IllegalAction):
        do(engine, state, "behind", 3, "2:ante", 1000)


def test_tables_whose_rulebook_forbids_it_offer_no_bet_behind(monkeypatch):
    engine, state = betting(monkeypatch, variant="6cb-lucky-derby")  # 001: not offered (D-474)
    assert not [a for a in engine.legal_actions(state, 3) if a.kind == "behind"]
    with pytest.raises(IllegalAction):
        do(engine, state, "behind", 3, "1:ante", 1000)


def test_the_designated_player_table_takes_bets_behind_the_base_wagers_only():
    engine = pd_engine("caribbean-stud", "designated-player")
    rules = rules_for("caribbean-stud", "designated-player")
    state = seated(engine, rules, [0, 1, 2, 3])
    do(engine, state, "bank", 0, amount=10_000)
    do(engine, state, "bet", 1, "ante", 500)
    side = [a.spot for a in engine.inner.legal_actions(state.inner, 1) if a.kind == "bet" and a.spot != "ante"]
    for spot in side:
        do(engine, state, "bet", 1, spot, 100)
    offered = {a.spot for a in engine.legal_actions(state, 2) if a.kind == "behind"}
    assert offered == {"1:ante"}  # the Ante, not a side bet (D-474: Ante and Bet only)


def test_bets_behind_go_back_when_taken_back_or_when_the_wager_they_follow_goes(monkeypatch):
    engine, state = betting(monkeypatch)
    do(engine, state, "behind", 3, "1:ante", 2000)
    events = do(engine, state, "clear-behind", 3)
    assert events == [Refund(3, BEHIND_2, 2000)] and not state.behind
    do(engine, state, "behind", 3, "1:ante", 1500)
    events = do(engine, state, "clear", 1)  # Spot 2 takes its Ante back: the bet behind it goes too
    assert Refund(3, BEHIND_2, 1500) in events and not state.behind
    do(engine, state, "behind", 3, "2:ante", 1000)
    events = do(engine, state, "owner", 3, "")  # the backer leaves the table
    assert Refund(3, "ante/behind-spot-3", 1000) in events and not state.behind


def test_money_is_conserved_with_bets_behind_on_shuffled_decks():
    """Thirty hands, various stakes: every chip put down comes back as a settlement or a refund
    (fees apart), and both bets behind are settled."""
    for n in range(30):
        engine = pd_engine(GAME, VARIANT)
        state = seated(engine, rules_for(GAME, VARIANT), [0, 1, 2, 3, 4])
        rng = SeededRng(f"behind:{n}")
        events = engine.apply(state, Action("bank", 0, "", 3000 + 500 * (n % 7)), rng)
        for seat in (1, 2):
            events += engine.apply(state, Action("bet", seat, "ante", 1000 * (1 + n % 3)), rng)
        events += engine.apply(state, Action("behind", 3, "1:ante", 1000 + 100 * n), rng)
        events += engine.apply(state, Action("behind", 4, "2:ante", 1000), rng)
        events += engine.apply(state, Action("deal", SYSTEM_SEAT), rng)
        for seat in list(engine.deciding(state)):
            move = engine.bot_action(state, seat)
            assert move is not None
            events += engine.apply(state, move, rng)
        assert engine.is_over(state)
        staked = sum(e.amount for e in events if isinstance(e, Stake))
        back = sum(e.returned for e in events if isinstance(e, Settlement)) + sum(
            e.amount for e in events if isinstance(e, Refund))
        assert staked == back
        settled = {(e.seat, e.bet) for e in events if isinstance(e, Settlement)}
        assert {(3, BEHIND_2), (4, "ante/behind-spot-3")} <= settled


def test_before_the_deal_the_felt_knows_whether_the_bank_covers_the_table(monkeypatch):
    engine, state = betting(monkeypatch, stake=1500)  # $15 against two $10 Antes
    pd = engine.view(state, 3)["player_dealer"]
    assert (pd["stake"], pd["wagered"]) == (1500, 2000)
    do(engine, state, "behind", 3, "1:ante", 1000)
    assert engine.view(state, 3)["player_dealer"]["wagered"] == 3000  # bets behind count too
    covered = betting(monkeypatch, stake=5000)[1]
    assert engine.view(covered, 3)["player_dealer"]["wagered"] == 2000
