"""Pai Gow Poker at the Grand Ronde table (c000 §15-§16): every rule by a stacked deck."""

from __future__ import annotations

from typing import Any

import pytest

from tests.paigow_support import BANK, dealt_round, deck_for, play, rules_for
from webgame.engine.hands import card_ids
from webgame.engine.protocol import SYSTEM_SEAT, Action, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games.paigow.bonus import fortune_hand
from webgame.games.paigow.hands import Ranking, set_hand, versus
from webgame.games.paigow.table import PAI_GOW_POKER, commission, position_of, seat_at

BANK_NO_PAIR = "Kh Qd 9c 7d 5s 3h 2c"  # house way: Q-9 in front, K-7-5-3-2 behind
OTHER_BANK = "Kd Qs Td 6s 5d 3s 2s"


def results(events: list[Any]) -> dict[tuple[int, str], Settlement]:
    return {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}


# -- the deal -------------------------------------------------------------------------------
@pytest.mark.parametrize("number,first", [(1, None), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1), (7, 0)])
def test_the_rng_number_counts_counterclockwise_from_the_bank(number: int, first: int | None) -> None:
    # 000 s.776, D-221: the bank is 1; position 2 is the dealer's right (Spot 6).
    assert seat_at(position_of([number])) == first


@pytest.mark.parametrize("number", range(1, 8))
def test_the_first_stack_goes_to_the_picked_position(monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    hands = {0: "As Ad Kc Ks 8h 6d 4c", BANK: BANK_NO_PAIR}
    state, _ = dealt_round(monkeypatch, hands, {0: {"main": 1000}}, draw=(number,))
    assert state.seats[0].cards == hands[0].split() and state.dealer == BANK_NO_PAIR.split()
    order = deck_for((number,), hands)
    first_stack = order[:7]
    first = seat_at(number)
    assert first_stack == (state.dealer if first is None else state.seats[first].cards if first == 0
                           else state.burn[:7])
    assert len(state.burn) == 35  # five empty positions' hands, discarded unseen
    assert f"The draw is {number}" in state.notes[1]


# -- settling the bet ------------------------------------------------------------------------
def test_both_hands_higher_win_less_five_percent(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = dealt_round(monkeypatch, {2: "As Ad Kc Ks 8h 6d 4c", BANK: BANK_NO_PAIR}, {2: {"main": 1000}})
    done = results(play(state, {2: "Kc Ks"}))
    assert done[(2, "main")].returned == 1950  # $10 wins $10 less 50 cents (000 s.804)
    assert state.sets[2].front_result == "win" and state.sets[2].back_result == "win"
    assert state.bank.front_words == "Queen high (Q-9)"


def test_commission_truncates_a_fraction_of_a_cent(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = rules_for(bet_step=25)
    state, _ = dealt_round(monkeypatch, {2: "As Ad Kc Ks 8h 6d 4c", BANK: BANK_NO_PAIR}, {2: {"main": 525}},
                           rules=rules)
    done = results(play(state, {2: "Kc Ks"}))
    assert done[(2, "main")].returned == 525 + 525 - 26  # 5 % of $5.25 is 26.25 cents: 26 (D-002, D-220)
    assert commission(rules, 525) == 26


def test_the_operator_may_take_no_commission(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = dealt_round(monkeypatch, {2: "As Ad Kc Ks 8h 6d 4c", BANK: BANK_NO_PAIR}, {2: {"main": 1000}},
                           rules=rules_for(commission_pct=0))
    assert results(play(state, {2: "Kc Ks"}))[(2, "main")].returned == 2000


def test_one_hand_higher_pushes_and_none_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {1: "Ac Ah 5c 4d 3s Th 8d", 3: "Jc Td 8s 6h 4s 3d 2h", BANK: BANK_NO_PAIR}
    state, _ = dealt_round(monkeypatch, hands, {1: {"main": 1000}, 3: {"main": 1000}})
    done = results(play(state, {1: "house", 3: "house"}))
    assert done[(1, "main")].result == "push" and done[(1, "main")].returned == 1000
    assert state.sets[1].back_result == "win" and state.sets[1].front_result == "lose"
    assert done[(3, "main")].result == "lose" and done[(3, "main")].returned == 0


def test_copies_go_to_the_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 copies the front and wins the back: push. Seat 4 copies both: loses (D-218).
    hands = {1: "Qc 9d Ac Ah 6c 4d 3s", 4: "Qs 9h Kd 7c 5h 3d 2s", BANK: BANK_NO_PAIR}
    state, _ = dealt_round(monkeypatch, hands, {1: {"main": 1000}, 4: {"main": 1000}})
    done = results(play(state, {1: "Qc 9d", 4: "Qs 9h"}))
    assert state.sets[1].front_result == "copy" and done[(1, "main")].result == "push"
    assert (state.sets[4].front_result, state.sets[4].back_result) == ("copy", "copy")
    assert done[(4, "main")].result == "lose"


def test_the_joker_in_front_is_an_ace(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bank sets A-K in front; joker and king in front are A-K too (000 s.751): a copy.
    hands = {0: "JK Kc 7h 7d 6s 4c 2d", BANK: "Ah Kd 9c 9s 5h 3d 2c"}
    state, _ = dealt_round(monkeypatch, hands, {0: {"main": 1000}})
    done = results(play(state, {0: "JK Kc"}))
    assert state.bank.front == ["Ah", "Kd"] and state.sets[0].front_result == "copy"
    assert state.sets[0].front_words == "Ace high (A-K)" and done[(0, "main")].result == "lose"


def test_the_joker_completes_a_straight_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: "9s 8d 7h JK 5h Ad Kc", BANK: BANK_NO_PAIR}
    state, _ = dealt_round(monkeypatch, hands, {0: {"main": 1000}})
    done = results(play(state, {0: "Ad Kc"}))
    assert state.sets[0].back_words == "Straight, nine high" and done[(0, "main")].result == "win"


def test_a_setting_that_fouls_is_refused_and_a_fouled_hand_loses(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = dealt_round(monkeypatch, {2: "As Ad Kc Ks 8h 6d 4c", BANK: BANK_NO_PAIR}, {2: {"main": 1000}})
    with pytest.raises(IllegalAction, match="fouls"):
        play(state, {2: "As Ad"})  # aces in front of kings (D-227)
    assert 2 not in state.sets and state.phase == "decide"
    ranking = Ranking.of(state.rules)
    fouled = set_hand(ranking, card_ids(state.seats[2].cards), card_ids("As Ad"))
    bank = set_hand(ranking, card_ids(BANK_NO_PAIR), card_ids("Qd 9c"))
    assert fouled.foul and versus(fouled, bank).result == "lose"  # 000 s.798: even though both halves beat the bank's


@pytest.mark.parametrize("posted", ["", "As", "As As", "As Xx", "Qh Jh", "As Ad Kc", "JK JK", "as ad kc", "10s 9s"])
def test_every_posted_setting_is_checked(monkeypatch: pytest.MonkeyPatch, posted: str) -> None:
    state, _ = dealt_round(monkeypatch, {2: "As Ad Kc Ks 8h 6d 4c", BANK: BANK_NO_PAIR}, {2: {"main": 1000}})
    with pytest.raises(IllegalAction):
        play(state, {2: posted})
    assert 2 not in state.sets


def test_only_a_dealt_hand_is_set_and_only_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = dealt_round(monkeypatch, {2: "As Ad Kc Ks 8h 6d 4c", 3: "Jc Td 8s 6h 4s 3d 2h", BANK: BANK_NO_PAIR},
                           {2: {"main": 1000}, 3: {"main": 1000}})
    for seat in (0, 99, SYSTEM_SEAT):
        with pytest.raises(IllegalAction):
            play(state, {seat: "house"})
    play(state, {2: "Kc Ks"})
    with pytest.raises(IllegalAction):
        play(state, {2: "house"})


def test_the_clock_and_the_bots_set_by_the_house_way(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {1: "Ac Ah 5c 4d 3s Th 8d", 3: "Jc Td 8s 6h 4s 3d 2h", BANK: BANK_NO_PAIR}
    state, _ = dealt_round(monkeypatch, hands, {1: {"main": 1000}, 3: {"main": 1000}})
    assert PAI_GOW_POKER.bot_action(state, 1) == Action("house-way", 1)
    assert PAI_GOW_POKER.timeout_action(state) == Action("timeout", SYSTEM_SEAT)
    PAI_GOW_POKER.apply(state, Action("timeout", SYSTEM_SEAT), SeededRng(2))
    assert state.sets[1].by_house_way and state.sets[1].front == ["Th", "8d"]
    assert state.sets[3].front == ["Td", "8s"] and state.phase == "over"


def test_the_view_keeps_other_hands_and_the_bank_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {1: "Ac Ah 5c 4d 3s Th 8d", 3: "Jc Td 8s 6h 4s 3d 2h", BANK: BANK_NO_PAIR}
    state, _ = dealt_round(monkeypatch, hands, {1: {"main": 1000}, 3: {"main": 1000}})
    mine = PAI_GOW_POKER.view(state, 1)
    assert mine["seats"][1]["cards"] == hands[1].split() and mine["seats"][3]["cards"] == [None] * 7
    assert mine["paigow"]["seats"][1]["house_way"]["front"] == ["Th", "8d"]
    assert "house_way" not in mine["paigow"]["seats"][3] and mine["paigow"]["bank"] is None
    assert mine["dealer"]["cards"] == [None] * 7
    # Aces in front foul; so does an ace and the ten, which outrank the ace-eight high left behind.
    assert mine["paigow"]["seats"][1]["fouls"] == ["Ac Ah", "Ac Th", "Ah Th"]
    play(state, {1: "house", 3: "house"})
    after = PAI_GOW_POKER.view(state, None)
    assert after["paigow"]["bank"]["front"] == ["Qd", "9c"] and after["paigow"]["seats"][3]["front_result"] == "lose"


# -- the ranking ------------------------------------------------------------------------------
def test_five_aces_top_and_the_wheel_second_best_straight() -> None:
    ranking = Ranking.of(rules_for())
    five_aces = ranking.back_value(card_ids("As Ad Ah Ac JK"))
    royal = ranking.back_value(card_ids("Ts Js Qs Ks As"))
    assert five_aces > royal  # 000 s.741
    wheel, broadway, king = (ranking.back_value(card_ids(h)) for h in
                             ("Ac 2d 3h 4s 5c", "Ac Kd Qh Js Tc", "Kc Qd Jh Ts 9c"))
    assert broadway > wheel > king  # 000 s.747
    wheel_sf, king_sf = ranking.back_value(card_ids("Ad 2d 3d 4d 5d")), ranking.back_value(card_ids("Kd Qd Jd Td 9d"))
    assert royal > wheel_sf > king_sf  # 000 s.743


def test_five_aces_behind_beat_a_straight_flush(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: "As Ad Ah Ac JK 7d 2c", BANK: "Ks Qs Js Ts 9s 3d 2h"}
    state, _ = dealt_round(monkeypatch, hands, {0: {"main": 1000}})
    done = results(play(state, {0: "7d 2c"}))
    assert state.sets[0].back_words == "Five aces" and state.bank.back_words == "Straight flush, king high"
    assert (state.sets[0].back_result, state.sets[0].front_result) == ("win", "win")
    assert done[(0, "main")].result == "win"


def test_a_wheel_behind_beats_a_king_high_straight_behind() -> None:
    ranking = Ranking.of(rules_for())
    player = set_hand(ranking, card_ids("Ac 2d 3h 4s 5c Qd Jc"), card_ids("Qd Jc"))
    bank = set_hand(ranking, card_ids("Kc Qh Jh Ts 9c 8d 6s"), card_ids("8d 6s"))
    assert versus(player, bank).back == "win"


# -- the Fortune Bonus and Envy -----------------------------------------------------------------
@pytest.mark.parametrize("cards,line", [
    ("9h 8h 7h 6h 5h 4h 3h", "seven-card-straight-flush"),
    ("Ah 2h 3h 4h 5h 6h 7h", "seven-card-straight-flush"),
    ("9h 8h 7h JK 5h 4h 3h", "seven-card-straight-flush-joker"),
    ("Ah Kh Qh Jh Th Ks Qs", "royal-flush-royal-match"),
    ("Ah JK Qh Jh Th Ks Qs", "royal-flush-royal-match"),  # the joker in the royal (D-236)
    ("Ah Kh Qh Jh Th Ks JK", "royal-flush"),  # never in the king-queen
    ("As Ad Ah Ac JK 7d 2c", "five-aces"),
    ("Ah Kh Qh Jh JK 3s 2c", "royal-flush"),  # a royal the joker makes (D-237)
    ("9d 8d 7d 6d 5d Kc 2s", "straight-flush"),
    ("As Ad Ah JK 9c 7d 2c", "four-of-a-kind"),  # the joker is an ace (000 s.751)
    ("9c 9d 9h 5s 5c 2d 3h", "full-house"),
    ("Kc 9c 7c 4c 2c Ad 3h", "flush"),
    ("9c 9d 9h 5s Ac 2d 3h", "three-of-a-kind"),
    ("9c 8d 7h 6s JK 2c Kd", "straight"),
    ("9c 9d 5h 5s Ac 2d 3h", "two-pair"),
])
def test_fortune_hands(cards: str, line: str) -> None:
    assert fortune_hand(card_ids(cards), "bug") == line


def test_fortune_pays_whatever_the_setting_and_the_cap_cuts_a_player(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: "9h 8h 7h 6h 5h 4h 3h", 1: "Jc Jd Js Jh 4c 2d 3c", 2: "Kc Tc 7c 5c 2c Ad 3d", BANK: OTHER_BANK}
    bets = {n: {"main": 1000, "fortune-bonus": 2500} for n in (0, 1, 2)}
    state, _ = dealt_round(monkeypatch, hands, bets, owners={0: "ann", 1: "ann", 2: "bob"})
    done = results(play(state, {0: "house", 1: "house", 2: "house"}))
    ann = done[(0, "fortune-bonus")].net + done[(1, "fortune-bonus")].net
    assert ann == 2_500_000  # 2,500 and 25 to 1 on $25 cut to $25,000 for the player (000 s.835)
    assert done[(0, "fortune-bonus")].net > done[(1, "fortune-bonus")].net > 0
    assert done[(2, "fortune-bonus")].net == 4 * 2500  # a flush: 4 to 1


def test_envy_pays_for_other_players_qualifying_hands_with_a_fortune_bet(monkeypatch: pytest.MonkeyPatch) -> None:
    hands = {0: "Ac Jc Th 5c 2h 4d 6c", 1: "9c 9d 9s 9h 4c 2d 3c", 2: "8c 8d 8s 8h 4h Jd 3h",
             3: "7c 7d 7s 7h Ah Js 3d", BANK: OTHER_BANK}
    bets = {0: {"main": 1000, "fortune-bonus": 500}, 1: {"main": 1000, "fortune-bonus": 100},
            2: {"main": 1000, "fortune-bonus": 500}, 3: {"main": 1000}}
    state, _ = dealt_round(monkeypatch, hands, bets, owners={0: "ann", 1: "bob", 2: "ann", 3: "cy"})
    done = results(play(state, dict.fromkeys((0, 1, 2, 3), "house")))
    # Ann's Envy (seat 0): Bob's four 9s ($5); her own four 8s and Cy's (no Fortune bet) do not count.
    assert done[(0, "envy-bonus")].returned == 500 and done[(0, "envy-bonus")].stake == 0
    assert done[(2, "envy-bonus")].returned == 500  # seat 2 is Ann's too: one button per bet of $5+
    assert (1, "envy-bonus") not in done  # a $1 Fortune Bonus earns no Envy (000 s.809)
