"""Blackjack rules, hand by hand, from stacked shoes: the dealer's hand, payouts, insurance,
the peek, doubles, splits and surrender, per variant."""

from __future__ import annotations

import pytest

from webgame.engine.protocol import IllegalAction, Legal, Settlement, Stake
from webgame.games.blackjack import ENGINE, BlackjackState
from webgame.games.blackjack.hand import count, is_natural, same_value

from .test_blackjack_table import act, kinds, settled, stacked_round


def legal(state: BlackjackState, kind: str, seat: int = 0) -> Legal:
    return next(lg for lg in ENGINE.legal_actions(state, seat) if lg.kind == kind)


# ---------------------------------------------------------------------------------------
# Counting
# ---------------------------------------------------------------------------------------
def test_hand_totals_soft_and_hard() -> None:
    assert count(["As", "6d"]) == count(["6d", "As"])
    assert (count(["As", "6d"]).total, count(["As", "6d"]).soft) == (17, True)
    assert (count(["As", "6d", "Tc"]).total, count(["As", "6d", "Tc"]).soft) == (17, False)
    assert count(["As", "Ad"]).total == 12
    assert count(["Ks", "Qd", "2c"]).bust
    assert is_natural(["As", "Jd"]) and not is_natural(["As", "5d", "5c"])
    assert same_value("Kc", "Qd") and not same_value("Kc", "9d")


# ---------------------------------------------------------------------------------------
# The dealer's hand
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant,hits", [("grand-ronde", True), ("chapter4", False), ("single-deck", True)])
def test_dealer_soft_17_per_variant(variant: str, hits: bool) -> None:
    """000 s.302 and 004 s.434: hit soft 17; 004 s.401, s.420: stand on soft 17."""
    state, _ = stacked_round(variant, hands=[("Ts", "9h")], dealer=("6c", "Ad"), draws=["4s"])
    events = act(state, "stand")
    result = settled(events)[(0, "main")]
    if hits:
        assert state.dealer == ["6c", "Ad", "4s"] and result.result == "lose"
    else:
        assert state.dealer == ["6c", "Ad"] and result.result == "win" and result.returned == 2000


@pytest.mark.parametrize("variant", ["grand-ronde", "chapter4", "single-deck"])
def test_dealer_stands_on_hard_17(variant: str) -> None:
    state, _ = stacked_round(variant, hands=[("Ts", "9h")], dealer=("Tc", "7d"), draws=["4s"])
    events = act(state, "stand")
    assert state.dealer == ["Tc", "7d"] and settled(events)[(0, "main")].result == "win"


def test_dealer_hits_16() -> None:
    state, _ = stacked_round("chapter4", hands=[("Ts", "8h")], dealer=("Tc", "6d"), draws=["3s"])
    events = act(state, "stand")
    assert state.dealer == ["Tc", "6d", "3s"] and settled(events)[(0, "main")].result == "lose"


def test_dealer_does_not_draw_when_every_hand_is_decided_d042() -> None:
    state, _ = stacked_round(hands=[("Ts", "6h")], dealer=("6c", "Td"), draws=["9s", "Kc"])
    events = act(state, "hit")
    assert ENGINE.is_over(state) and state.dealer == ["6c", "Td"]
    assert ENGINE.view(state, 0)["dealer"]["cards"] == ["6c", "Td"]  # the hole card is shown
    assert settled(events)[(0, "main")].returned == 0


def test_a_bust_loses_even_when_the_dealer_busts() -> None:
    state, _ = stacked_round(hands=[("Ts", "6h"), ("Tc", "8c")], dealer=("6c", "Td"), draws=["9s", "Kc"])
    bust = act(state, "hit", 0)
    assert settled(bust)[(0, "main")].result == "lose"  # collected at once (004 s.376)
    events = act(state, "stand", 1)
    assert state.dealer == ["6c", "Td", "Kc"]
    assert settled(events)[(1, "main")].result == "win" and (0, "main") not in settled(events)


def test_equal_totals_push() -> None:
    state, _ = stacked_round(hands=[("Ts", "5h")], dealer=("9c", "8d"), draws=["2c"])
    act(state, "hit")
    events = act(state, "stand")
    assert settled(events)[(0, "main")].result == "push"
    assert settled(events)[(0, "main")].returned == 1000


def test_twenty_one_stands_by_itself_d039() -> None:
    state, _ = stacked_round(hands=[("Ts", "5h"), ("9c", "9d")], dealer=("9s", "8d"), draws=["6c"])
    act(state, "hit", 0)
    hand = state.seats[0].hands[0]
    assert hand.status == "21" and ENGINE.to_act(state) == 1
    with pytest.raises(IllegalAction, match="not your turn"):
        act(state, "hit", 0)


# ---------------------------------------------------------------------------------------
# Blackjack payouts
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant,options,returned", [
    ("grand-ronde", {}, 1001 + 1501),                          # 3 to 2 on $10.01 = $15.015 → $15.01 (D-002)
    ("grand-ronde", {"blackjack_pays": "6 to 5"}, 1001 + 1201),  # 6 to 5 = $12.012 → $12.01 (D-030)
    ("chapter4", {}, 1001 + 1501),                             # always 3 to 2 (004 s.349)
    ("single-deck", {}, 1001 + 1201),                          # 6 to 5 (004 s.431)
])
def test_blackjack_payout_truncates_odd_stakes(variant: str, options: dict[str, str], returned: int) -> None:
    state, events = stacked_round(variant, hands=[("As", "Kd")], dealer=("9c", "7d"),
                                  bets={0: {"main": 1001}}, options={"bet_step": 1, **options})
    result = settled(events)[(0, "main")]
    assert (result.stake, result.returned, result.result) == (1001, returned, "win")
    assert ENGINE.is_over(state) and state.dealer == ["9c", "7d"]  # D-042: nothing left to play
    assert state.seats[0].hands[0].status == "blackjack"


def test_blackjack_round_shows_the_posted_payout_in_its_paytable() -> None:
    state, _ = stacked_round(hands=[("As", "Kd")], dealer=("9c", "7d"), options={"blackjack_pays": "6 to 5"})
    lines = {ln["hand"]: ln["pays"] for ln in ENGINE.view(state, 0)["paytables"]["blackjack"]["lines"]}
    assert lines["blackjack"] == "6 to 5" and "even-money" not in lines


def test_split_ace_and_ten_is_21_paid_even_money_d038() -> None:
    state, _ = stacked_round(hands=[("As", "Ad")], dealer=("6c", "Td"), draws=["Kh", "Ac", "9s"])
    events = act(state, "split")
    first, second = state.seats[0].hands
    assert first.cards == ["As", "Kh"] and first.status == "21"
    assert second.cards == ["Ad", "Ac"] and second.status == "stood"  # no resplit of aces (D-037)
    assert ENGINE.is_over(state)  # split aces take one card each and no decisions (000 s.309)
    result = settled(events)
    assert result[(0, "main")].returned == 2000  # 1 to 1, not 3 to 2
    assert result[(0, "main/2")].returned == 2000


# ---------------------------------------------------------------------------------------
# Insurance and even money
# ---------------------------------------------------------------------------------------
def test_insurance_only_against_an_ace_d032() -> None:
    state, _ = stacked_round(hands=[("Ts", "7h")], dealer=("Kc", "7d"))
    assert state.phase == "play" and "insurance" not in kinds(state)
    state, _ = stacked_round(hands=[("Ts", "7h")], dealer=("Ac", "7d"))
    assert state.phase == "insurance" and {"insurance", "decline"} == kinds(state)
    assert ENGINE.view(state, 0)["to_act"] == {"seat": 0, "hand": 0}


@pytest.mark.parametrize("variant,most", [("grand-ronde", 500), ("chapter4", 501), ("single-deck", 501)])
def test_insurance_maximum_rounds_per_rulebook_d033(variant: str, most: int) -> None:
    """000 s.311 "up to one half" rounds down; 004 s.387 "to the next unit" rounds up."""
    state, _ = stacked_round(variant, hands=[("Ts", "7h")], dealer=("Ac", "7d"),
                             bets={0: {"main": 1001}}, options={"bet_step": 1})
    assert (legal(state, "insurance").min, legal(state, "insurance").max) == (1, most)
    with pytest.raises(IllegalAction, match=r"^Insurance is at most \$5(\.01)?\.$"):
        act(state, "insurance", amount=most + 1)
    with pytest.raises(IllegalAction):
        act(state, "insurance", amount=0)
    events = act(state, "insurance", amount=most)
    assert Stake(0, "insurance", most) in events


def test_insurance_pays_2_to_1_on_a_dealer_blackjack() -> None:
    state, _ = stacked_round(hands=[("Ts", "7h")], dealer=("Ac", "Kd"))
    events = act(state, "insurance", amount=333)
    result = settled(events)
    assert result[(0, "insurance")].returned == 333 * 3
    assert result[(0, "main")].returned == 0 and ENGINE.is_over(state)


def test_insurance_loses_when_the_dealer_has_no_blackjack() -> None:
    state, _ = stacked_round(hands=[("Ts", "7h")], dealer=("Ac", "7d"))
    events = act(state, "insurance", amount=500)
    assert settled(events)[(0, "insurance")].returned == 0
    assert state.phase == "play" and ENGINE.view(state, 0)["dealer"]["cards"] == ["Ac", None]


def test_every_box_decides_insurance_in_seat_order_d013() -> None:
    state, _ = stacked_round(hands=[("Ts", "7h"), ("9s", "9h")], dealer=("Ac", "7d"))
    assert ENGINE.to_act(state) == 0
    with pytest.raises(IllegalAction, match="not your turn"):
        act(state, "decline", 1)
    act(state, "decline", 0)
    assert ENGINE.to_act(state) == 1 and state.phase == "insurance"
    act(state, "insurance", 1, 500)
    assert state.phase == "play" and ENGINE.to_act(state) == 0


def test_even_money_at_3_to_2_is_paid_at_once_d031() -> None:
    state, _ = stacked_round(hands=[("As", "Kd")], dealer=("Ah", "Kc"))
    assert "even-money" in kinds(state)
    events = act(state, "even-money")
    result = settled(events)[(0, "main")]
    assert (result.result, result.returned) == ("win", 2000)  # 1 to 1, although the dealer has blackjack
    assert ENGINE.is_over(state) and state.seats[0].hands[0].result == "even-money"


def test_even_money_in_chapter4_too_d031() -> None:
    state, _ = stacked_round("chapter4", hands=[("As", "Kd")], dealer=("Ah", "9c"))
    events = act(state, "even-money")
    assert settled(events)[(0, "main")].returned == 2000


@pytest.mark.parametrize("variant,options", [("grand-ronde", {"blackjack_pays": "6 to 5"}),
                                             ("single-deck", {})])
def test_no_even_money_at_6_to_5_d031_d047(variant: str, options: dict[str, str]) -> None:
    state, _ = stacked_round(variant, hands=[("As", "Kd")], dealer=("Ah", "9c"), options=options)
    assert kinds(state) == {"insurance", "decline"}  # insurance is still offered
    with pytest.raises(IllegalAction, match="Even money"):
        act(state, "even-money")


def test_even_money_only_for_a_blackjack() -> None:
    state, _ = stacked_round(hands=[("Ts", "Kd")], dealer=("Ah", "9c"))
    assert "even-money" not in kinds(state)
    with pytest.raises(IllegalAction):
        act(state, "even-money")


def test_blackjack_against_dealer_blackjack_pushes_d034() -> None:
    state, _ = stacked_round(hands=[("As", "Kd")], dealer=("Ah", "Kc"))
    events = act(state, "decline")
    result = settled(events)[(0, "main")]
    assert (result.result, result.returned) == ("push", 1000)


def test_blackjack_paid_after_declining_even_money() -> None:
    state, _ = stacked_round(hands=[("As", "Kd")], dealer=("Ah", "9c"))
    events = act(state, "decline")
    assert settled(events)[(0, "main")].returned == 2500
    assert ENGINE.is_over(state)


# ---------------------------------------------------------------------------------------
# The peek (D-034)
# ---------------------------------------------------------------------------------------
def test_peek_with_a_ten_up_ends_the_round_on_a_dealer_blackjack() -> None:
    state, events = stacked_round(hands=[("Ts", "Ah"), ("Td", "9c"), ("5d", "6c")], dealer=("Kc", "As"))
    assert ENGINE.is_over(state) and state.phase == "over"
    result = settled(events)
    assert result[(0, "main")].result == "push"
    assert result[(1, "main")].returned == 0
    # The 11 never got the chance to double: a dealer blackjack takes the original wager only.
    assert result[(2, "main")].stake == 1000 and (2, "main/double") not in result
    assert ENGINE.view(state, 0)["dealer"] == {"cards": ["Kc", "As"], "total": 21, "soft": True,
                                               "blackjack": True, "bust": False, "peeked": True}


def test_peek_with_a_ten_up_and_no_blackjack_keeps_the_hole_card_hidden() -> None:
    state, _ = stacked_round(hands=[("Ts", "7h")], dealer=("Kc", "9s"))
    assert state.phase == "play" and state.peeked
    dealer = ENGINE.view(state, 0)["dealer"]
    assert dealer["cards"] == ["Kc", None] and not dealer["blackjack"] and dealer["total"] == 10


def test_no_peek_without_an_ace_or_ten_up() -> None:
    state, _ = stacked_round(hands=[("Ts", "7h")], dealer=("9c", "Ks"))
    assert state.phase == "play" and not state.peeked


def test_peek_with_an_ace_up_follows_insurance() -> None:
    state, _ = stacked_round(hands=[("Ts", "7h")], dealer=("Ac", "Qs"))
    assert state.phase == "insurance" and not state.peeked
    events = act(state, "decline")
    assert state.peeked and ENGINE.is_over(state)
    assert settled(events)[(0, "main")].returned == 0


# ---------------------------------------------------------------------------------------
# Doubling down (D-036, D-046)
# ---------------------------------------------------------------------------------------
def test_double_for_less_is_its_own_wager() -> None:
    state, _ = stacked_round(hands=[("6s", "5h")], dealer=("9c", "7d"), draws=["Ts", "Tc"])
    assert (legal(state, "double").min, legal(state, "double").max) == (100, 1000)
    events = act(state, "double", amount=400)
    assert Stake(0, "main/double", 400) in events
    hand = state.seats[0].hands[0]
    assert hand.cards == ["6s", "5h", "Ts"] and hand.double == 400 and hand.status == "21"
    result = settled(events)
    assert result[(0, "main")].returned == 2000 and result[(0, "main/double")].returned == 800


def test_double_takes_exactly_one_card() -> None:
    state, _ = stacked_round(hands=[("6s", "3h")], dealer=("9c", "8d"), draws=["2s", "Tc"])
    events = act(state, "double", amount=1000)
    assert state.seats[0].hands[0].cards == ["6s", "3h", "2s"] and ENGINE.is_over(state)
    assert settled(events)[(0, "main/double")].result == "lose"


@pytest.mark.parametrize("amount,message", [(1001, "at most the original wager"), (50, r"at least \$1"),
                                            (0, "at least"), (-100, "at least")])
def test_double_amount_bounds(amount: int, message: str) -> None:
    state, _ = stacked_round(hands=[("6s", "5h")], dealer=("9c", "7d"))
    with pytest.raises(IllegalAction, match=message):
        act(state, "double", amount=amount)
    assert state.seats[0].hands[0].cards == ["6s", "5h"]


def test_double_only_on_two_cards() -> None:
    state, _ = stacked_round(hands=[("2s", "3h")], dealer=("9c", "7d"), draws=["4c"])
    act(state, "hit")
    assert "double" not in kinds(state)
    with pytest.raises(IllegalAction, match="first two cards"):
        act(state, "double", amount=500)


def test_grand_ronde_doubles_any_two_cards() -> None:
    state, _ = stacked_round(hands=[("Ts", "8h")], dealer=("9c", "7d"))
    assert "double" in kinds(state)


@pytest.mark.parametrize("cards,allowed", [(("5s", "4h"), False), (("6s", "4h"), True), (("6s", "5h"), True),
                                           (("As", "9h"), False), (("Ts", "2h"), False)])
def test_single_deck_doubles_on_10_and_11_only_d046(cards: tuple[str, str], allowed: bool) -> None:
    state, _ = stacked_round("single-deck", hands=[cards], dealer=("9c", "7d"))
    assert ("double" in kinds(state)) is allowed
    if not allowed:
        with pytest.raises(IllegalAction, match="10 and 11"):
            act(state, "double", amount=1000)


def test_single_deck_doubles_a_split_hand_of_10_d046() -> None:
    state, _ = stacked_round("single-deck", hands=[("7s", "7h")], dealer=("6c", "Td"), draws=["3d"])
    act(state, "split")
    assert state.seats[0].hands[0].cards == ["7s", "3d"] and "double" in kinds(state)


def test_double_after_split_d037() -> None:
    state, _ = stacked_round(hands=[("6s", "6h")], dealer=("5c", "Td"), draws=["5d", "Tc", "Th", "Ks"])
    act(state, "split")
    assert state.seats[0].hands[0].cards == ["6s", "5d"] and "double" in kinds(state)
    act(state, "double", amount=1000)
    assert state.seats[0].hands[1].cards == ["6h", "Th"] and state.turn_hand == 1
    events = act(state, "stand")
    result = settled(events)
    assert {k[1] for k in result} == {"main", "main/double", "main/2"}
    assert all(s.result == "win" for s in result.values())


def test_double_after_split_is_a_setting() -> None:
    state, _ = stacked_round(hands=[("6s", "6h")], dealer=("5c", "Td"), draws=["5d"])
    state.rules["double_after_split"] = False
    act(state, "split")
    assert "double" not in kinds(state)


def test_no_double_on_split_aces() -> None:
    state, _ = stacked_round(hands=[("As", "Ad")], dealer=("6c", "Td"), draws=["5h", "5c", "Ts"])
    act(state, "split")
    assert ENGINE.is_over(state)  # one card each, no double


# ---------------------------------------------------------------------------------------
# Splitting (D-037)
# ---------------------------------------------------------------------------------------
def test_split_up_to_four_hands() -> None:
    state, _ = stacked_round(hands=[("8s", "8h")], dealer=("6c", "Td"),
                             draws=["8d", "8c", "8s", "Ts", "Th", "Tc", "9s"])
    for _ in range(3):
        events = act(state, "split")
        assert any(isinstance(e, Stake) and e.amount == 1000 for e in events)
    box = state.seats[0]
    assert len(box.hands) == 4 and box.hands[0].cards == ["8s", "8s"]
    assert "split" not in kinds(state)
    with pytest.raises(IllegalAction, match="at most 4 hands"):
        act(state, "split")
    for _ in range(4):
        events = act(state, "stand")
    result = settled(events)
    assert sorted(k[1] for k in result) == ["main", "main/2", "main/3", "main/4"]
    assert all(s.returned == 2000 for s in result.values())


def test_split_hands_are_played_in_order_004_s395() -> None:
    state, _ = stacked_round(hands=[("9s", "9h")], dealer=("7c", "Td"), draws=["2d", "Tc", "Kh", "5s"])
    act(state, "split")
    first, second = state.seats[0].hands
    assert first.cards == ["9s", "2d"] and second.cards == ["9h"]  # the second waits its turn
    act(state, "hit")
    assert first.cards == ["9s", "2d", "Tc"] and first.status == "21"
    assert second.cards == ["9h", "Kh"] and ENGINE.view(state, 0)["to_act"] == {"seat": 0, "hand": 1}


@pytest.mark.parametrize("cards,allowed", [(("Ks", "Qh"), True), (("Ts", "Jh"), True), (("Ks", "9h"), False),
                                           (("As", "Ah"), True)])
def test_equal_values_split_d037(cards: tuple[str, str], allowed: bool) -> None:
    state, _ = stacked_round(hands=[cards], dealer=("9c", "7d"))
    assert ("split" in kinds(state)) is allowed
    if not allowed:
        with pytest.raises(IllegalAction, match="same value"):
            act(state, "split")


def test_split_wager_equals_the_original_000_s310() -> None:
    state, _ = stacked_round(hands=[("Ks", "Qh")], dealer=("9c", "7d"), bets={0: {"main": 2500}},
                             draws=["9d", "9c"])
    assert (legal(state, "split").min, legal(state, "split").max) == (2500, 2500)
    events = act(state, "split", amount=100)  # the amount is the rulebook's, not the player's
    assert Stake(0, "main/2", 2500) in events


# ---------------------------------------------------------------------------------------
# Surrender (D-040): on in the Chapter 4 profiles; off by default at Grand Ronde tables, where
# the operator may offer it
# ---------------------------------------------------------------------------------------
def test_surrender_returns_half_rounded_for_the_player_d002() -> None:
    state, _ = stacked_round("chapter4", hands=[("Ts", "6h")], dealer=("9c", "7d"), bets={0: {"main": 1001}},
                             options={"bet_step": 1})
    events = act(state, "surrender")
    result = settled(events)[(0, "main")]
    assert (result.result, result.stake, result.returned) == ("surrender", 1001, 501)
    assert ENGINE.is_over(state) and state.dealer == ["9c", "7d"]


def test_surrender_only_as_the_first_decision() -> None:
    state, _ = stacked_round("chapter4", hands=[("Ts", "2h")], dealer=("9c", "7d"), draws=["3c"])
    assert "surrender" in kinds(state)
    act(state, "hit")
    assert "surrender" not in kinds(state)
    with pytest.raises(IllegalAction, match="first decision"):
        act(state, "surrender")


def test_surrender_on_a_split_hand_after_its_second_card_004_s395() -> None:
    state, _ = stacked_round("chapter4", hands=[("8s", "8h")], dealer=("Tc", "7d"), draws=["7c", "Ts"])
    act(state, "split")
    assert "surrender" in kinds(state)
    events = act(state, "surrender")
    assert settled(events)[(0, "main")].returned == 500
    assert state.seats[0].hands[1].cards == ["8h", "Ts"] and ENGINE.to_act(state) == 0


def test_surrender_can_be_switched_off_d040() -> None:
    state, _ = stacked_round("chapter4", hands=[("Ts", "6h")], dealer=("9c", "7d"), options={"surrender": False})
    assert "surrender" not in kinds(state)
    with pytest.raises(IllegalAction, match="does not offer surrender"):
        act(state, "surrender")
    assert "Late surrender" not in ENGINE.view(state, 0)["rules_summary"]


def test_grand_ronde_offers_no_surrender_unless_the_operator_does_d040() -> None:
    """000's blackjack rules name every player option and no surrender: off by default."""
    state, _ = stacked_round("grand-ronde", hands=[("Ts", "6h")], dealer=("9c", "7d"))
    assert "surrender" not in kinds(state)
    with pytest.raises(IllegalAction, match="does not offer surrender"):
        act(state, "surrender")
    assert "Late surrender" not in ENGINE.view(state, 0)["rules_summary"]
    state, _ = stacked_round("grand-ronde", hands=[("Ts", "6h")], dealer=("9c", "7d"), options={"surrender": True})
    assert "surrender" in kinds(state)
    assert settled(act(state, "surrender"))[(0, "main")].returned == 500
    assert "Late surrender" in ENGINE.view(state, 0)["rules_summary"]


def test_no_surrender_against_a_dealer_blackjack() -> None:
    state, _ = stacked_round("chapter4", hands=[("Ts", "6h")], dealer=("Ac", "Kd"))
    act(state, "decline")
    assert ENGINE.is_over(state)
    with pytest.raises(IllegalAction, match="over"):
        act(state, "surrender")


# ---------------------------------------------------------------------------------------
# Turns
# ---------------------------------------------------------------------------------------
def test_acting_out_of_turn_is_refused() -> None:
    state, _ = stacked_round(hands=[("Ts", "6h"), ("9s", "7h")], dealer=("9c", "7d"))
    with pytest.raises(IllegalAction, match="^It is not your turn.$"):
        act(state, "stand", 1)
    with pytest.raises(IllegalAction, match="not the one in play"):
        act(state, "stand", 0, spot="1")
    assert ENGINE.legal_actions(state, 1) == []
    act(state, "stand", 0, spot="0")
    assert ENGINE.to_act(state) == 1


def test_insurance_moves_are_refused_in_play() -> None:
    state, _ = stacked_round(hands=[("Ts", "6h")], dealer=("9c", "7d"))
    with pytest.raises(IllegalAction, match="not being offered"):
        act(state, "insurance", amount=100)


def test_every_settlement_matches_its_stake() -> None:
    state, events = stacked_round(hands=[("8s", "8h")], dealer=("6c", "Td"), draws=["3d", "Tc", "Th", "Ks"])
    events += act(state, "split")
    events += act(state, "double", amount=700)
    events += act(state, "stand")
    staked: dict[str, int] = {}
    for e in events:
        if isinstance(e, Stake):
            staked[e.bet] = staked.get(e.bet, 0) + e.amount
    paid = {e.bet: e.stake for e in events if isinstance(e, Settlement)}
    assert staked == paid == {"main": 1000, "main/double": 700, "main/2": 1000}
