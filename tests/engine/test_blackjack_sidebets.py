"""Grand Ronde side bets: Super Bonus, 21+3 Xtreme and Lucky Ladies (seed 000 §7-§9)."""

from __future__ import annotations

import pytest

from webgame.engine.protocol import IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.blackjack import ENGINE
from webgame.games.blackjack.sidebets import lucky_ladies, super_bonus, twenty_one_plus_three

from .test_blackjack_table import act, new_table, rules_for, settled, stacked_round


# ---------------------------------------------------------------------------------------
# 21+3 Xtreme (000 s.327-348)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("player,up,line", [
    (("5h", "6h"), "7h", "straight-flush"),
    (("Ah", "2h"), "3h", "straight-flush"),
    (("7c", "7d"), "7s", "three-of-a-kind"),
    (("7h", "7h"), "7h", "three-of-a-kind"),   # suited trips pay as trips (D-058)
    (("9c", "Td"), "Js", "straight"),
    (("Ac", "2d"), "3s", "straight"),          # A-2-3 is a straight (D-057)
    (("Qc", "Kd"), "As", "straight"),          # Q-K-A is a straight (D-057)
    (("Kc", "Ad"), "2s", None),                # K-A-2 is not (D-057)
    (("2c", "9c"), "Kc", "flush"),
    (("9c", "9d"), "Ks", None),                # a pair loses (000 s.348)
    (("2c", "9d"), "Ks", None),
])
def test_twenty_one_plus_three_lines(player: tuple[str, str], up: str, line: str | None) -> None:
    assert twenty_one_plus_three(player, up) == line


@pytest.mark.parametrize("player,up,returned", [
    (("5h", "6h"), "7h", 200 + 30 * 200),
    (("7c", "7d"), "7s", 200 + 20 * 200),
    (("Ac", "2d"), "3s", 200 + 10 * 200),
    (("2c", "9c"), "Kc", 200 + 5 * 200),
    (("9c", "9d"), "Ks", 0),
])
def test_twenty_one_plus_three_pays_its_paytable(player: tuple[str, str], up: str, returned: int) -> None:
    _, events = stacked_round(hands=[player], dealer=(up, "4d"),
                                  bets={0: {"main": 1000, "21-plus-3-xtreme": 200}})
    assert settled(events)[(0, "21-plus-3-xtreme")].returned == returned


def test_twenty_one_plus_three_settles_at_the_deal_before_insurance_d059() -> None:
    state, events = stacked_round(hands=[("Kh", "Qh")], dealer=("Ah", "Kd"),
                                  bets={0: {"main": 1000, "21-plus-3-xtreme": 500}})
    assert state.phase == "insurance"
    first = settled(events)[(0, "21-plus-3-xtreme")]
    assert (first.result, first.returned) == ("win", 500 + 30 * 500)  # Q-K-A of hearts
    later = act(state, "decline")
    assert ENGINE.is_over(state) and (0, "21-plus-3-xtreme") not in settled(later)


# ---------------------------------------------------------------------------------------
# Lucky Ladies (000 s.350-368)
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("player,dealer_bj,line", [
    (("Qh", "Qh"), True, "queen-of-hearts-pair-with-dealer-blackjack"),
    (("Qh", "Qh"), False, "queen-of-hearts-pair"),
    (("Kd", "Kd"), False, "matched-20"),
    (("Kd", "Kd"), True, "matched-20"),
    (("Kd", "Qd"), False, "suited-20"),
    (("Ad", "9d"), False, "suited-20"),    # an ace and a nine count 20 (D-061)
    (("Ad", "9s"), False, "any-20"),       # D-061
    (("Qh", "Qs"), True, "any-20"),
    (("Ts", "9s"), False, None),
    (("As", "As"), False, None),
])
def test_lucky_ladies_lines(player: tuple[str, str], dealer_bj: bool, line: str | None) -> None:
    assert lucky_ladies(player, dealer_bj) == line


def test_queen_of_hearts_pair_with_dealer_blackjack_pays_1000_to_1() -> None:
    state, events = stacked_round(hands=[("Qh", "Qh")], dealer=("Ah", "Kc"),
                                  bets={0: {"main": 1000, "lucky-ladies": 2500}})
    assert (0, "lucky-ladies") not in settled(events)  # waits for the peek (D-062)
    events = act(state, "decline")
    result = settled(events)[(0, "lucky-ladies")]
    assert result.returned == 2500 + 1000 * 2500  # one top win is never capped (D-062)


def test_queen_of_hearts_pair_without_dealer_blackjack_pays_125_to_1() -> None:
    _, events = stacked_round(hands=[("Qh", "Qh")], dealer=("Kh", "9c"),
                                  bets={0: {"main": 1000, "lucky-ladies": 2000}})
    assert settled(events)[(0, "lucky-ladies")].returned == 2000 + 125 * 2000


@pytest.mark.parametrize("player,returned", [
    (("Kd", "Kd"), 1000 + 19 * 1000),
    (("Kd", "Qd"), 1000 + 9 * 1000),
    (("Ad", "9d"), 1000 + 9 * 1000),
    (("Ad", "9c"), 1000 + 4 * 1000),
    (("Td", "9c"), 0),
])
def test_lucky_ladies_settles_at_the_deal_when_no_blackjack_is_possible_d062(
        player: tuple[str, str], returned: int) -> None:
    state, events = stacked_round(hands=[player], dealer=("6s", "Kc"),
                                  bets={0: {"main": 1000, "lucky-ladies": 1000}})
    assert state.phase == "play"
    assert settled(events)[(0, "lucky-ladies")].returned == returned


def _two_top_wins(owners: dict[int, str] | None, third: tuple[str, str] = ("Kd", "Kd")) -> dict[int, Settlement]:
    """Boxes 0 and 1 hold a Queen of Hearts pair, box 2 ``third``; the dealer has blackjack."""
    state, events = stacked_round(
        hands=[("Qh", "Qh"), ("Qh", "Qh"), third], dealer=("Ah", "Kc"), owners=owners,
        bets={k: {"main": 1000, "lucky-ladies": 2500} for k in range(3)})
    for seat in range(3):
        events += act(state, "decline", seat)
    return {seat: e for (seat, bet), e in settled(events).items() if bet == "lucky-ladies"}


def test_lucky_ladies_cap_with_two_top_wins_for_one_player_d062() -> None:
    results = _two_top_wins({0: "alice", 1: "alice", 2: "alice"})
    won = sum(e.returned - e.stake for e in results.values())
    assert won == 2500000  # $25,000, every Lucky Ladies win of the round included (000 s.356)
    assert all(e.returned > e.stake for e in results.values())  # stakes come back on top (D-006)
    assert results[0].returned == results[1].returned
    assert "capped" in results[0].detail


def test_lucky_ladies_cap_needs_the_same_player_d062() -> None:
    results = _two_top_wins({0: "alice", 1: "bob", 2: "alice"})
    assert [results[k].returned - 2500 for k in range(3)] == [2500000, 2500000, 19 * 2500]
    results = _two_top_wins(None)  # unowned boxes are separate players
    assert results[0].returned - 2500 == 2500000


def test_lucky_ladies_no_cap_with_a_single_top_win_d062() -> None:
    state, events = stacked_round(
        hands=[("Qh", "Qh"), ("Kd", "Kd")], dealer=("Ah", "Kc"), owners={0: "alice", 1: "alice"},
        bets={k: {"main": 1000, "lucky-ladies": 2500} for k in range(2)})
    events = act(state, "decline", 0) + act(state, "decline", 1)
    result = settled(events)
    assert result[(0, "lucky-ladies")].returned - 2500 == 2500000
    assert result[(1, "lucky-ladies")].returned - 2500 == 19 * 2500


def test_lucky_ladies_needs_two_decks_d060() -> None:
    state, _ = new_table(decks=1)
    act(state, "bet", 0, 1000)
    with pytest.raises(IllegalAction, match="2 or more decks"):
        act(state, "bet", 0, 500, "lucky-ladies")
    assert ENGINE.view(state, 0)["side_bets_open"]["lucky-ladies"] is False
    assert "lucky-ladies" not in {lg.spot for lg in ENGINE.legal_actions(state, 0)}


def test_side_bet_minimum_is_checked_at_the_deal_d060() -> None:
    state, _ = new_table(bet_step=1)
    act(state, "bet", 0, 1000)
    act(state, "bet", 0, 50, "lucky-ladies")
    with pytest.raises(IllegalAction, match=r"minimum on Lucky Ladies is \$1\."):
        act(state, "deal")


# ---------------------------------------------------------------------------------------
# Super Bonus (000 s.315-325)
# ---------------------------------------------------------------------------------------
def test_super_bonus_lines() -> None:
    assert super_bonus("super-bonus-player", True, False) == "player-blackjack"
    assert super_bonus("super-bonus-player", False, True) is None
    assert super_bonus("super-bonus-dealer", False, True) == "dealer-blackjack"
    assert super_bonus("super-bonus-dealer", True, False) is None


def test_super_bonus_player_blackjack_pays_17_to_1() -> None:
    _, events = stacked_round(hands=[("As", "Kd")], dealer=("6c", "Td"),
                                  bets={0: {"main": 1000, "super-bonus-player": 500, "super-bonus-dealer": 500}})
    result = settled(events)
    assert result[(0, "super-bonus-player")].returned == 500 + 17 * 500
    # The dealer's 6 cannot make a blackjack: that proposition loses at once (D-055).
    assert result[(0, "super-bonus-dealer")].returned == 0


def test_super_bonus_dealer_blackjack_settles_after_the_peek_d055() -> None:
    state, events = stacked_round(hands=[("9s", "Kd")], dealer=("Ac", "Qd"),
                                  bets={0: {"main": 1000, "super-bonus-player": 100, "super-bonus-dealer": 300}})
    assert not any(isinstance(e, Settlement) and e.bet.startswith("super") for e in events)
    result = settled(act(state, "decline"))
    assert result[(0, "super-bonus-dealer")].returned == 300 + 17 * 300
    assert result[(0, "super-bonus-player")].returned == 0


def test_super_bonus_only_on_the_first_round_after_a_shuffle_d054() -> None:
    state, rng = new_table()
    assert ENGINE.view(state, 0)["side_bets_open"]["super-bonus-blackjack"] is True
    act(state, "bet", 0, 1000)
    act(state, "bet", 0, 100, "super-bonus-player")
    act(state, "deal")
    while not ENGINE.is_over(state):
        timeout = ENGINE.timeout_action(state)
        assert timeout is not None
        ENGINE.apply(state, timeout, rng)
    second = ENGINE.new_round(rules_for(), SeededRng(2), ENGINE.carry(state))
    assert ENGINE.view(second, 0)["side_bets_open"]["super-bonus-blackjack"] is False
    act(second, "bet", 0, 1000)
    with pytest.raises(IllegalAction, match="first round after a shuffle"):
        act(second, "bet", 0, 100, "super-bonus-dealer")
    assert not {"super-bonus-player", "super-bonus-dealer"} & {lg.spot for lg in ENGINE.legal_actions(second, 0)}
    # Once the cut card has come out, the next round follows a shuffle and the bet opens again.
    second.shoe.cut_card_out = True
    third = ENGINE.new_round(rules_for(), SeededRng(3), ENGINE.carry(second))
    assert third.shoe.just_shuffled and ENGINE.view(third, 0)["side_bets_open"]["super-bonus-blackjack"]


def test_side_bets_are_closed_once_the_cards_are_out() -> None:
    state, _ = stacked_round(hands=[("9s", "7d")], dealer=("6c", "Td"))
    assert not any(ENGINE.view(state, 0)["side_bets_open"].values())
