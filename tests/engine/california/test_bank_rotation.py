"""Offering the bank (D-468, D-469, D-470, D-325; D-009 for a player who does not answer)."""

from __future__ import annotations

import pytest

from webgame.games.california.editions import edition
from webgame.games.california.rotation import (
    Bank,
    BankError,
    RotationRule,
    accept,
    after_hand,
    close,
    decline,
    eligible,
    open_table,
    reoffer,
    timeout,
)

RULE = edition("ultimate-texas-holdem@lucky-derby").rotation
SEATED = {1, 3, 5, 6}


def _banked_by_one() -> Bank:
    bank = open_table(RULE, 7, SEATED)
    assert (bank.phase, bank.offered_to) == ("offering", 1)  # first seat left of the house dealer
    return accept(bank, 1)


def test_the_shared_rule_is_two_hands_two_players_and_a_five_minute_pause() -> None:
    assert (RULE.max_consecutive, RULE.min_eligible, RULE.close_after_minutes, RULE.offer) == (2, 2, 5, "clockwise")


def test_bank_declined_round_the_table_until_the_table_closes() -> None:
    bank = _banked_by_one()
    bank = accept(after_hand(bank, RULE, {3, 5, 6}), 1)  # keeps it: second turn
    assert bank.turn == 2
    bank = after_hand(bank, RULE, {3, 5, 6})
    assert (bank.phase, bank.offered_to) == ("offering", 3)
    bank = decline(bank, RULE, 3, {3, 5, 6})
    assert bank.offered_to == 5
    bank = timeout(bank, RULE, 5, {3, 5, 6})  # no answer declines (D-009)
    assert bank.offered_to == 6
    bank = decline(bank, RULE, 6, {3, 5, 6})
    assert (bank.phase, bank.offered_to) == ("paused", None)  # no hand, no fee (D-470)
    assert close(bank).phase == "closed"


def test_two_consecutive_banks_then_a_forced_pass() -> None:
    bank = _banked_by_one()
    assert bank.turn == 1
    bank = after_hand(bank, RULE, {3, 5, 6})
    assert (bank.phase, bank.offered_to) == ("offering", 1)  # may keep it for a second hand
    bank = accept(bank, 1)
    assert (bank.holder, bank.turn) == (1, 2)
    bank = after_hand(bank, RULE, {1, 3, 5, 6})
    assert bank.offered_to == 3  # must pass, even though seat 1 is eligible again
    with pytest.raises(BankError):
        accept(bank, 1)
    bank = accept(bank, 3)
    assert (bank.holder, bank.turn) == (3, 1)  # a new player-dealer starts a fresh count


def test_forced_pass_never_comes_back_to_the_same_player() -> None:
    bank = _banked_by_one()
    bank = after_hand(accept(after_hand(bank, RULE, {3}), 1), RULE, {3})
    bank = decline(bank, RULE, 3, {3})
    assert bank.phase == "paused"


def test_player_dealer_who_passes_after_one_hand_may_keep_it_when_nobody_takes_it() -> None:  # P-020
    bank = after_hand(_banked_by_one(), RULE, {3, 5})
    bank = decline(bank, RULE, 1, {3, 5})  # passes by choice
    assert bank.offered_to == 3
    bank = decline(decline(bank, RULE, 3, {3, 5}), RULE, 5, {3, 5})
    assert (bank.phase, bank.offered_to) == ("offering", 1)
    bank = accept(bank, 1)
    assert bank.turn == 2
    bank = after_hand(bank, RULE, {3, 5})
    assert bank.offered_to == 3


def test_player_dealer_offered_it_back_who_declines_pauses_the_table() -> None:
    bank = decline(after_hand(_banked_by_one(), RULE, {3}), RULE, 1, {3})
    bank = decline(bank, RULE, 3, {3})
    assert bank.offered_to == 1
    assert decline(bank, RULE, 1, {3}).phase == "paused"


def test_too_few_eligible_players_wait() -> None:
    assert open_table(RULE, 7, {4}).phase == "waiting"
    bank = after_hand(_banked_by_one(), RULE, set())  # nobody else wagered last hand
    assert (bank.phase, bank.offered_to) == ("waiting", None)
    bank = reoffer(bank, RULE, {5})  # a player sits down: the P/D may bank the hand still allowed
    assert (bank.phase, bank.offered_to) == ("offering", 1)
    assert decline(bank, RULE, 1, {5}).offered_to == 5


def test_paused_table_offers_again_when_a_player_arrives() -> None:
    bank = after_hand(Bank(7, "banked", holder=1, hands=1), RULE, {3})
    bank = decline(bank, RULE, 3, {3})
    assert bank.phase == "paused"
    bank = reoffer(bank, RULE, {3, 6})
    assert bank.offered_to == 3


def test_only_the_offered_seat_answers() -> None:
    bank = open_table(RULE, 7, SEATED)
    with pytest.raises(BankError):
        accept(bank, 3)
    with pytest.raises(BankError):
        decline(bank, RULE, 5, SEATED)
    with pytest.raises(BankError):
        close(bank)


def test_pai_gow_tiles_offers_counter_clockwise() -> None:  # D-468
    rule = edition("pai-gow-tiles@lucky-chances").rotation
    bank = Bank(8, "banked", 3, 1)
    bank = after_hand(bank, rule, {1, 2, 5})
    assert bank.offered_to == 2
    assert decline(bank, rule, 2, {1, 2, 5}).offered_to == 1


def test_designated_player_is_the_same_machine_by_data() -> None:  # 001 s.112-190, D-325
    rule = edition("caribbean-stud@designated-player").rotation
    assert rule.title == "Designated Player" and rule.max_consecutive == 2 and rule.offer == "clockwise"
    bank = accept(open_table(rule, 8, {2, 7}), 2)
    bank = after_hand(accept(after_hand(bank, rule, {7}), 2), rule, {7})
    assert bank.offered_to == 7


# ---- who may bank (D-469)

def test_only_a_player_who_wagered_at_the_seat_last_hand_may_bank() -> None:
    assert eligible(RULE, {1, 3, 5}, [{1, 3, 5}, {3}]) == {3}


def test_a_new_table_waives_the_previous_hand() -> None:
    assert eligible(RULE, {1, 3, 5}, []) == {1, 3, 5}


def test_three_of_the_last_eight_hands_as_a_player() -> None:  # c002 DHP, tiles, Pan 9, LC BJ
    rule = edition("super-pan-9@lucky-chances").rotation
    hands = [{1}, {2}, {2}, {2}, {1, 2}, set(), set(), set(), {1, 2}]
    assert eligible(rule, {1, 2}, hands) == {2}  # seat 1 wagered on 2 of the last 8
    assert eligible(rule, {1, 2}, [{1}, {1, 2}]) == {1}  # a new table asks only for the hands dealt


def test_bank_state_round_trips() -> None:
    bank = decline(after_hand(_banked_by_one(), RULE, {3, 5}), RULE, 1, {3, 5})
    assert Bank.from_dict(bank.to_dict()) == bank


def test_rotation_rule_defaults_are_the_shared_data() -> None:
    assert RotationRule().max_consecutive == RULE.max_consecutive
