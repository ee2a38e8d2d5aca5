"""Lucky Chances Blackjack on the player-dealer table, dealt from stacked shoes (002 §13,
s.1223-1420): the Logo cards in the shoe, the Natural (an ace and a Logo card, 3 to 2) and the
Bonus Natural (two Logo cards, 2 to 1 against anything, D-136), an ace and an ordinary ten that
is only 21, the busted totals 22-27 compared by the rank table (D-137), 17-17 to the P/D, the
hard-18 stop and the must-hit 11, the double for any amount up to the wager on 11 or less
(D-135), the one split that never takes Logo cards, the P/D's turned hole card and its soft 18
(D-133, D-134), the doubles and splits that get no action against its Natural (s.1378), the
dice-cup action seat, the fee schedule, and a bank that runs out mid-settlement.

Seat 0 banks; seats 1, 2 and 3 bet $10 each. Each test deals the cards that make its rule
matter: with an ordinary blackjack table's rule the figure would differ."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tests.engine.california import pdblackjack
from tests.engine.california import test_player_dealer_editions as editions_check
from tests.engine.california.pdblackjack import BETTORS, PD, act, check_money, kinds, nets, results
from tests.engine.california.pdhelp import pd_engine, seated
from webgame.engine.paytable import load_game
from webgame.engine.protocol import Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.games import registry
from webgame.games.blackjack import LUCKY_CHANCES
from webgame.games.blackjack.engine import over_scale_result
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable

GAME = "lucky-chances-blackjack"
VARIANT = "lucky-chances"
LOGO = "JK+logo"


def rules_for(**options: Any) -> dict[str, Any]:
    return pdblackjack.rules_for(GAME, VARIANT, **options)


def deal(hands: Sequence[Sequence[str]], dealer: Sequence[str], draws: Sequence[str] = (), **kw: Any
         ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    return pdblackjack.deal_round(GAME, VARIANT, hands, dealer, draws, **kw)


def finish(engine: PlayerDealerTable, state: PlayerDealerState, events: list[Event], stake: int = 100000
           ) -> Settlement:
    """Every hand still to act stands where it may (else the clock's move: a forced hit)."""
    pdblackjack.play_out(engine, state, events, stand=True)
    return check_money(events, stake)


# ---------------------------------------------------------------------------------------
# The game, its edition and its shoe
# ---------------------------------------------------------------------------------------
def test_the_edition_is_a_player_dealer_edition_on_the_blackjack_engine() -> None:
    assert set(load_game(GAME).variants) == {VARIANT}
    assert registry.engine(GAME) is LUCKY_CHANCES and LUCKY_CHANCES.family == "blackjack"
    assert load_game(GAME).variants[VARIANT].player_banked
    assert pd_engine(GAME, VARIANT).inner is LUCKY_CHANCES


def test_the_operators_fee_options_are_the_printed_schedule_a11() -> None:
    editions_check.test_collection_fee_choices_are_the_editions_schedules(GAME, VARIANT)
    assert rules_for()["collection_fee"] == "002-lucky-chances-blackjack-1"


def test_the_limits_are_the_fee_schedules_table_limit() -> None:
    """Option 1 of A11 posts a $5-$500 table (002 s.4225-4249, D-004, P-034)."""
    assert rules_for()["limits"]["main"] == {"min": 500, "max": 50000}


@pytest.mark.parametrize("decks", [4, 6, 8])
def test_the_shoe_holds_two_logo_cards_a_deck_as_cards_of_their_own(decks: int) -> None:
    """002 s.1235-1236, D-138: 4-8 standard decks plus two Logo cards each, six by default."""
    engine = pd_engine(GAME, VARIANT)
    state = seated(engine, rules_for(decks=decks), [PD, *BETTORS])
    shoe = state.inner.shoe
    cards = shoe.remaining
    assert shoe.size == len(cards) == 54 * decks
    assert cards.count(LOGO) == 2 * decks
    assert sum(c.startswith("A") for c in cards) == 4 * decks  # the ordinary cards are all there
    assert rules_for()["decks"] == 6


def test_the_dice_cup_names_the_action_seat() -> None:
    """002 s.1245-1249 (rule 5): the P/D shakes the dice cup; D-478."""
    ed = pd_engine(GAME, VARIANT).edition(rules_for())
    assert ed.action.method == "dice"


# ---------------------------------------------------------------------------------------
# Naturals
# ---------------------------------------------------------------------------------------
def test_an_ace_and_a_logo_card_is_a_natural_paid_3_to_2() -> None:
    engine, state, events = deal([["As", LOGO]], ["9d", "8h"])
    finish(engine, state, events)
    assert nets(events, 1) == {"main": 1500}


def test_an_ace_and_an_ordinary_ten_is_only_21() -> None:
    """002 s.1226-1229: only a Logo card makes the Natural; A-K is 21 and wins even money."""
    engine, state, events = deal([["As", "Kd"]], ["9d", "8h"])
    assert state.inner.seats[1].hands[0].status != "blackjack"
    assert kinds(engine, state, 1) == {"stand"}  # 21 stands (D-603)
    finish(engine, state, events)
    assert nets(events, 1) == {"main": 1000}


def test_two_logo_cards_are_the_bonus_natural_paid_2_to_1() -> None:
    engine, state, events = deal([[LOGO, LOGO]], ["9d", "8h"])
    finish(engine, state, events)
    assert nets(events, 1) == {"main": 2000}


def test_the_bonus_natural_beats_the_pds_natural_and_the_natural_pushes_it() -> None:
    """D-136: a player Bonus Natural wins 2 to 1 against the P/D's Natural; a player Natural
    against the P/D's Natural pushes; a plain 20 loses its wager."""
    engine, state, events = deal([[LOGO, LOGO], ["Ac", LOGO], ["Tc", "Td"]], ["Ad", LOGO])
    finish(engine, state, events)
    assert nets(events, 1) == {"main": 2000}
    assert nets(events, 2) == {"main": 0}
    assert nets(events, 3) == {"main": -1000}


def test_a_player_natural_against_the_pds_bonus_natural_pushes() -> None:
    """D-136 (rule 26, s.1340-1347): both naturals push; only the player's Bonus Natural wins."""
    engine, state, events = deal([["Ac", LOGO], [LOGO, LOGO], ["Tc", "9d"]], [LOGO, LOGO])
    finish(engine, state, events)
    assert nets(events, 1) == {"main": 0}
    assert nets(events, 2) == {"main": 2000}
    assert nets(events, 3) == {"main": -1000}


def test_a_logo_card_counts_ten_in_any_other_hand() -> None:
    """002 s.1238-1239: Logo + 9 is 19 and beats the P/D's 18."""
    engine, state, events = deal([[LOGO, "9c"]], ["Td", "8h"])
    finish(engine, state, events)
    assert nets(events, 1) == {"main": 1000}


def test_the_pd_turns_its_hole_card_when_it_plays_and_doubles_get_no_action_against_its_natural() -> None:
    """D-133: no peek, so the players play first; rule 29 (s.1378-1379): a double gets no
    action against the P/D's Natural, only the original wager loses."""
    engine, state, events = deal([["6c", "4d"]], [LOGO, "Ah"], ["Kc"])
    assert state.inner.phase == "play"  # no peek under the Logo card
    events += act(engine, state, "double", 1, 1000)
    finish(engine, state, events)
    assert nets(events, 1) == {"main": -1000, "main/double": 0}
    assert results(events, 1)["main/double"] == "push"


def test_a_split_hand_gets_no_action_against_the_pds_natural() -> None:
    engine, state, events = deal([["8c", "8d"]], ["Ah", LOGO], ["Tc", "9s"])
    events += act(engine, state, "split", 1, 1000)
    finish(engine, state, events)
    assert nets(events, 1) == {"main": -1000, "main/2": 0}


# ---------------------------------------------------------------------------------------
# The rank table: busts compared, 17-17
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("player", "dealer", "expect"), [
    # both over, the player closer to 21: push (rule 36, s.1404-1407).
    (["Tc", "6d", "6h"], ["Ts", "6c", "8h"], "push"),  # 22 against 24
    # both over, the P/D closer: the P/D wins (rule 37).
    (["Tc", "7d", "9h"], ["Ts", "6c", "6h"], "lose"),  # 26 against 22
    # both over and equal: the P/D wins (rule 38).
    (["Tc", "6d", "7h"], ["Ts", "6c", "7d"], "lose"),  # 23 against 23
    # 27, the worst total, against the P/D's 26: closer is the P/D.
    (["Tc", "7d", "Th"], ["Ts", "6c", "Td"], "lose"),
    # 22 against the P/D's 26: push.
    (["Tc", "2d", "Kh"], ["Ts", "6c", "Td"], "push"),
    # under against over wins; over against under loses (rules 34-35).
    (["Tc", "2d"], ["Ts", "6c", "8h"], "win"),
    (["Tc", "5d", "9h"], ["Ts", "2c", "5h"], "lose"),
    # 17 against 17: the P/D wins (rule 33, s.1394-1397).
    (["Tc", "7d"], ["Ts", "7c"], "lose"),
    (["Tc", "4d", "3h"], ["As", "6c"], "lose"),
    # every other tie pushes: 18, 20, 21.
    (["Tc", "8d"], ["Ts", "8c"], "push"),
    (["Tc", "Td"], [LOGO, "Tc"], "push"),
    (["Ac", "Td"], ["7s", "7c", "7d"], "push"),
    # a doubled 10 (11 or less ranks above every bust, D-137) beats the P/D's 22.
    (["6c", "4d"], ["Ts", "6c", "6h"], "win"),
    # the closer total wins under 21: 19 against 18.
    (["Tc", "9d"], ["Ts", "8c"], "win"),
])
def test_the_rank_table(player: list[str], dealer: list[str], expect: str) -> None:
    """002 s.1323-1334 and rules 32-38 (s.1391-1413) as D-137 reads them."""
    assert over_scale_result(rules_for(), player, dealer)[0] == expect


def test_a_bust_waits_for_the_pd_and_pushes_when_closer_dealt_and_drawn() -> None:
    """Seat 1 hits 12 to 22 (over, not lost); seat 2 hits 16 to 26; the P/D draws 16 to 24:
    seat 1 pushes, seat 2 loses (rules 36-37)."""
    engine, state, events = deal([["Tc", "2d"], ["Tc", "6d"]], ["Ts", "6c"], ["Kc", "Kd", "8h"])
    events += act(engine, state, "hit", 1)
    assert state.inner.seats[1].hands[0].result is None  # not lost at once
    events += act(engine, state, "hit", 2)
    finish(engine, state, events)
    assert [c[0] for c in state.inner.dealer] == ["T", "6", "8"]
    assert nets(events, 1) == {"main": 0}
    assert nets(events, 2) == {"main": -1000}


def test_seventeen_against_seventeen_goes_to_the_pd_dealt() -> None:
    engine, state, events = deal([["Tc", "7d"], ["Tc", "8d"]], ["Ts", "7c"])
    finish(engine, state, events)
    assert nets(events, 1) == {"main": -1000}
    assert nets(events, 2) == {"main": 1000}


def test_the_pd_hits_soft_17_and_stands_on_soft_18() -> None:
    """Rule 30 (s.1381-1384) and D-134: A-6 draws, A-7 stands."""
    engine, state, events = deal([["Tc", "8d"]], ["Ac", "6h"], ["Ad"])
    finish(engine, state, events)
    assert [c[0] for c in state.inner.dealer] == ["A", "6", "A"]  # soft 18 after the draw
    assert nets(events, 1) == {"main": 0}
    engine, state, events = deal([["Tc", "8d"]], ["Ac", "7h"])
    finish(engine, state, events)
    assert len(state.inner.dealer) == 2 and nets(events, 1) == {"main": 0}


# ---------------------------------------------------------------------------------------
# The players' moves
# ---------------------------------------------------------------------------------------
def test_no_hitting_hard_18_and_a_soft_18_may_hit() -> None:
    """Rule 25 (s.1318-1319, D-603): a hard 18 may only stand; a soft 18 may draw."""
    engine, state, events = deal([["Tc", "8d"], ["Ac", "7d"]], ["Ts", "7c"])
    assert kinds(engine, state, 1) == {"stand"}
    with pytest.raises(IllegalAction):
        act(engine, state, "hit", 1)
    events += act(engine, state, "stand", 1)
    assert "hit" in kinds(engine, state, 2)


def test_a_hard_17_may_hit() -> None:
    engine, state, _ = deal([["Tc", "7d"]], ["Ts", "7c"])
    assert {"hit", "stand"} <= kinds(engine, state, 1)


def test_eleven_or_less_must_hit_and_may_double_for_any_amount_up_to_the_wager() -> None:
    """Rule 25 and rule 27 (s.1349-1355) as D-135 reads them: no stand on 11; a double from $1
    to the $10 wager; $4 more on 11 wins $4 with the wager's $10."""
    engine, state, events = deal([["6c", "5d"]], ["Ts", "7c"], ["9h"])
    legal = {lg.kind: lg for lg in engine.legal_actions(state, 1)}
    assert "stand" not in legal and "hit" in legal
    assert (legal["double"].min, legal["double"].max) == (100, 1000)
    with pytest.raises(IllegalAction):
        act(engine, state, "double", 1, 1100)
    events += act(engine, state, "double", 1, 400)
    finish(engine, state, events)
    assert nets(events, 1) == {"main": 1000, "main/double": 400}


@pytest.mark.parametrize("cards", [["Tc", "2d"], ["Ac", "5d"], ["Ac", "Ad"]])
def test_no_double_on_twelve_or_more_nor_on_a_soft_hand(cards: list[str]) -> None:
    """D-135: an ace counts eleven, so soft two-card hands (12-21) are never doubled."""
    engine, state, _ = deal([cards], ["Ts", "7c"])
    assert "double" not in kinds(engine, state, 1)


def test_a_double_card_is_one_card_then_the_hand_stands() -> None:
    engine, state, events = deal([["2c", "3d"]], ["Ts", "7c"], ["2h"])
    events += act(engine, state, "double", 1, 1000)
    assert state.inner.seats[1].hands[0].status != "playing"
    finish(engine, state, events)
    assert nets(events, 1) == {"main": -1000, "main/double": -1000}  # 7 against 17


def test_logo_cards_never_split_and_a_pair_splits_once_without_a_double() -> None:
    """Rule 28 (s.1357-1374): equal values split, Logo cards excluded, only once, no double
    after the split."""
    engine, state, _ = deal([[LOGO, "Tc"]], ["Ts", "7c"])
    assert "split" not in kinds(engine, state, 1)
    engine, state, events = deal([["4c", "4d"]], ["Ts", "7c"], ["4h", "Tc", "6s"])
    assert "split" in kinds(engine, state, 1)
    events += act(engine, state, "split", 1, 1000)
    # the first hand 4-4 again: no second split, no double after a split.
    assert "split" not in kinds(engine, state, 1) and "double" not in kinds(engine, state, 1)


def test_a_split_ace_and_a_logo_card_is_21_not_a_natural() -> None:
    """Rule 28c (s.1369-1373): one card to each split ace; an ace and a Logo is 21."""
    engine, state, events = deal([["Ac", "Ad"]], ["Ts", "Tc"], [LOGO, "9h"])
    events += act(engine, state, "split", 1, 1000)
    finish(engine, state, events)
    assert nets(events, 1) == {"main": 1000, "main/2": 0}  # 21 wins even money, A-9 = 20 pushes


# ---------------------------------------------------------------------------------------
# Money
# ---------------------------------------------------------------------------------------
def test_a_short_bank_pays_from_the_action_seat_until_it_runs_out() -> None:
    """Rule 39 (s.1414-1417): a $25 bank against three Bonus Naturals ($20 each) pays the first
    in order whole and $5 of the next; the last gets no action (D-466)."""
    engine, state, events = deal([[LOGO, LOGO], [LOGO, LOGO], [LOGO, LOGO]], ["9d", "8h"], stake=2500)
    finish(engine, state, events, stake=2500)
    players = [e for e in events if isinstance(e, Settlement) and e.seat != PD]
    assert sorted(e.net for e in players) == [0, 500, 2000]
    assert [e.result for e in players][-1] == NO_ACTION


@pytest.mark.parametrize("seed", range(6))
def test_random_hands_settle_within_the_stake_and_nothing_is_made_or_lost(seed: int) -> None:
    chooser = random.Random(seed)
    engine = pd_engine(GAME, VARIANT)
    rules = rules_for()
    state = seated(engine, rules, [PD, *BETTORS])
    stake = engine.bank_limit(rules)[0] * chooser.choice([1, 2, 20])
    events = engine.apply(state, Action("bank", PD, "", stake), SeededRng(1))
    events += editions_check.play_out(engine, state, chooser, list(BETTORS))
    check_money(events, stake)


def test_the_double_card_is_face_down_until_the_settlement() -> None:
    """Rule 27 (s.1351-1352), D-133: the double's card is dealt face down; every viewer sees a
    back, and the total counts only the cards shown, until the hand is settled."""
    engine, state, events = deal([["6c", "4d"], ["Tc", "7d"]], ["Ts", "7c"], ["Kh"])
    events += act(engine, state, "double", 1, 1000)
    for viewer in (None, 1, 2):
        hand = engine.inner.view(state.inner, viewer)["seats"][1]["hands"][0]
        assert hand["cards"] == ["6c", "4d", None] and hand["total"] == 10
    finish(engine, state, events)
    hand = engine.inner.view(state.inner, 1)["seats"][1]["hands"][0]
    assert hand["cards"] == ["6c", "4d", "Kh"] and hand["total"] == 20
    assert nets(events, 1) == {"main": 1000, "main/double": 1000}
