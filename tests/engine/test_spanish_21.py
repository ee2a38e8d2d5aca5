"""Spanish 21 (seed 000 §22-§23, lines 1102-1192): every rule and paytable line, dealt from
stacked shoes on the blackjack engine with the Spanish 21 rules file.

Each test deals the cards that make its rule matter and checks what the table pays; with
the rule wrong (a blackjack table's rule instead) the figure would differ.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tests.moneyflow import money_flows
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Settlement
from webgame.engine.rng import SeededRng
from webgame.engine.state import round_trips
from webgame.games import registry
from webgame.games.blackjack import SPANISH_21, BlackjackState
from webgame.games.blackjack.bonus import bonus_21, bonus_name, match_the_dealer

from .test_blackjack_table import deal_order, stack_shoe

GAME, VARIANT = "spanish-21", "grand-ronde"
ENGINE = SPANISH_21


def rules_for(**options: Any) -> dict[str, Any]:
    return resolve(load_game(GAME).variants[VARIANT], {"options": options} if options else None)


def stacked(hands: Sequence[Sequence[str]], dealer: Sequence[str], draws: Sequence[str] = (), *,
            bets: Mapping[int, Mapping[str, int]] | None = None, owners: Mapping[int, str] | None = None,
            **options: Any) -> tuple[BlackjackState, list[Event]]:
    rng = SeededRng(0)
    state = ENGINE.new_round(rules_for(**options), rng, None)
    stack_shoe(state.shoe, deal_order(hands, dealer, draws))
    events: list[Event] = []
    for seat, who in (owners or {}).items():
        events += ENGINE.apply(state, Action("owner", seat, who), rng)
    for seat, spots in (bets or {k: {"main": 1000} for k in range(len(hands))}).items():
        for spot, amount in spots.items():
            events += ENGINE.apply(state, Action("bet", seat, spot, amount), rng)
    events += ENGINE.apply(state, Action("deal"), rng)
    return state, events


def act(state: BlackjackState, kind: str, seat: int = 0, amount: int = 0) -> list[Event]:
    return ENGINE.apply(state, Action(kind, seat, "", amount), SeededRng(1))


def paid(events: Sequence[Event]) -> dict[tuple[int, str], Settlement]:
    out: dict[tuple[int, str], Settlement] = {}
    for e in events:
        if isinstance(e, Settlement):
            assert (e.seat, e.bet) not in out
            out[(e.seat, e.bet)] = e
    return out


def kinds(state: BlackjackState, seat: int = 0) -> set[str]:
    return {lg.kind for lg in ENGINE.legal_actions(state, seat)}


def legal(state: BlackjackState, kind: str, seat: int = 0) -> Any:
    return next(lg for lg in ENGINE.legal_actions(state, seat) if lg.kind == kind)


# ---------------------------------------------------------------------------------------
# The table and its shoe
# ---------------------------------------------------------------------------------------
def test_registered_as_its_own_game_on_the_blackjack_engine() -> None:
    eng = registry.engine(GAME)
    assert eng is SPANISH_21 and (eng.slug, eng.name, eng.family) == ("spanish-21", "Spanish 21", "blackjack")
    assert set(load_game(GAME).variants) == {VARIANT}


@pytest.mark.parametrize("decks", [4, 5, 6, 8])
def test_48_card_decks_four_five_six_or_eight_s1111_s1112(decks: int) -> None:
    state = ENGINE.new_round(rules_for(decks=decks), SeededRng(3), None)
    cards = state.shoe.remaining
    assert state.shoe.size == len(cards) == 48 * decks
    assert not [c for c in cards if c[0] == "T"]  # the four 10s out of every deck
    assert sum(c[0] == "K" for c in cards) == 4 * decks  # J, Q, K stay


@pytest.mark.parametrize("decks", [1, 2, 3, 7])
def test_other_deck_counts_are_refused_s1112(decks: int) -> None:
    with pytest.raises(ValueError):
        rules_for(decks=decks)


def test_the_maximum_bet_is_500_s1124() -> None:
    state = ENGINE.new_round(rules_for(), SeededRng(0), None)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, Action("bet", 0, "main", 50100), SeededRng(0))
    ENGINE.apply(state, Action("bet", 0, "main", 50000), SeededRng(0))


def test_dealer_hits_soft_17_d074() -> None:
    state, _ = stacked([["9c", "8d"]], ["6h", "As"], ["3c"])
    act(state, "stand")
    assert state.dealer == ["6h", "As", "3c"]


# ---------------------------------------------------------------------------------------
# Payouts: blackjack, 21, the bonus 21s
# ---------------------------------------------------------------------------------------
def test_player_blackjack_beats_a_dealer_blackjack_and_pays_3_to_2_s1130() -> None:
    state, events = stacked([["Ah", "Kd"], ["9c", "8c"]], ["Ks", "Ac"])
    assert state.phase == "over" and state.dealer_blackjack
    got = paid(events)
    assert got[(0, "main")].returned == 2500  # not a push, as at a blackjack table
    assert got[(1, "main")].returned == 0


def test_no_even_money_but_insurance_against_an_ace_d074() -> None:
    state, _ = stacked([["Ah", "Kd"]], ["As", "9c"])
    assert state.phase == "insurance"
    assert kinds(state) == {"insurance", "decline"}


def test_player_21_beats_a_dealer_21_s1131() -> None:
    state, _ = stacked([["9h", "2d"]], ["Ks", "6c"], ["Jd", "5h"])
    events = act(state, "hit")  # 21 in three cards stands; the dealer makes 21 too
    assert count_of(state.dealer) == 21
    assert paid(events)[(0, "main")].returned == 2000


def count_of(cards: Sequence[str]) -> int:
    from webgame.games.blackjack.hand import count

    return count(cards).total


@pytest.mark.parametrize("cards,line,returned", [
    (["2h", "3d", "4c", "5s", "7h"], "five-card-21", 2500),          # 3 to 2 (s.1135)
    (["2h", "2d", "3c", "3s", "4h", "7d"], "six-card-21", 3000),      # 2 to 1 (s.1136)
    (["2h", "2d", "2c", "3s", "3h", "4d", "5c"], "seven-card-21", 4000),  # 3 to 1 (s.1137)
    (["Ah", "Ad", "2c", "2s", "3h", "3d", "4c", "5s"], "seven-card-21", 4000),  # 8 cards too (D-065)
    (["6h", "7d", "8c"], "six-seven-eight-mixed", 2500),                # 3 to 2 (s.1138)
    (["6h", "7h", "8h"], "six-seven-eight-suited", 3000),               # 2 to 1 (s.1139)
    (["6s", "7s", "8s"], "six-seven-eight-spades", 4000),               # 3 to 1 (s.1140)
    (["7h", "7d", "7c"], "seven-seven-seven-mixed", 2500),              # 3 to 2 (s.1141)
    (["7h", "7h", "7h"], "seven-seven-seven-suited", 3000),             # 2 to 1 (s.1142)
    (["7s", "7s", "7s"], "seven-seven-seven-spades", 4000),             # 3 to 1 (s.1143)
])
def test_each_bonus_21_line_pays_its_odds_in_place_of_1_to_1(cards: list[str], line: str, returned: int) -> None:
    assert bonus_21(cards) == line
    # The dealer shows a 9 (never a Super Bonus), makes 19 and would beat anything but 21.
    state, events = stacked([cards[:2]], ["9h", "Kc"], cards[2:])
    for _ in cards[2:]:
        if state.phase == "over":
            break
        events += act(state, "hit")
    assert state.phase == "over"
    got = paid(events)[(0, "main")]
    assert got.returned == returned, got
    assert bonus_name(line) in got.detail


def test_a_21_that_is_no_bonus_hand_pays_1_to_1() -> None:
    assert bonus_21(["9h", "2d", "Kc"]) is None and bonus_21(["5h", "6d", "Kc"]) is None
    assert bonus_21(["2h", "3d", "4c", "5s", "6h"]) is None  # 20: no bonus without 21


def test_a_doubled_21_pays_1_to_1_with_no_bonus_s1151_d067() -> None:
    state, _ = stacked([["6h", "7h"]], ["9c", "Kd"], ["8h"])
    events = act(state, "double", amount=1000)  # suited 6-7-8 made by a double
    got = paid(events)
    assert state.phase == "over"
    assert got[(0, "main")].returned == 2000 and got[(0, "main/double")].returned == 2000


def test_a_split_hand_collects_its_bonus_d066() -> None:
    # 8-8 split: the first hand makes 8-6-7 (mixed), the second stands on 8-9.
    state, _ = stacked([["8h", "8d"]], ["9c", "Kd"], ["6c", "7s", "9h"])
    act(state, "split", amount=1000)
    act(state, "hit")  # 8-6 + 7 = 21 stands
    events = act(state, "stand")  # 8-9 = 17 loses to 19
    got = paid(events)
    assert got[(0, "main")].returned == 2500 and got[(0, "main/2")].returned == 0


# ---------------------------------------------------------------------------------------
# Doubling, double-doubles, rescue
# ---------------------------------------------------------------------------------------
def test_double_on_three_cards_s1118() -> None:
    state, _ = stacked([["2h", "3d"]], ["9c", "Kd"], ["4c", "Ks"])
    act(state, "hit")
    assert "double" in kinds(state) and len(state.seats[0].hands[0].cards) == 3
    act(state, "double", amount=1000)
    assert state.seats[0].hands[0].cards[-1] == "Ks"


def test_double_double_up_to_three_times_each_up_to_the_total_d063() -> None:
    state, _ = stacked([["2h", "3d"]], ["9c", "Kd"], ["2c", "2s", "2d", "Kh"])
    first = legal(state, "double")
    assert (first.min, first.max) == (100, 1000)  # $1 up to the initial bet
    act(state, "double", amount=1000)                                 # 7
    assert kinds(state) == {"stand", "double", "rescue"}              # no hit after a double (s.1119)
    assert legal(state, "double").max == 2000                         # up to the total now on the hand
    with pytest.raises(IllegalAction):
        act(state, "hit")
    with pytest.raises(IllegalAction):
        act(state, "double", amount=2100)
    act(state, "double", amount=2000)                                 # 9
    assert legal(state, "double").max == 4000
    act(state, "double", amount=4000)                                 # 11: three doublings
    assert kinds(state) == {"stand", "rescue"}
    events = act(state, "stand")
    got = paid(events)  # 11 against the dealer's 9-K = 19
    assert [got[(0, k)].stake for k in ("main", "main/double", "main/double-2", "main/double-3")] == [
        1000, 1000, 2000, 4000]
    assert all(got[(0, k)].returned == 0 for k in ("main", "main/double", "main/double-2", "main/double-3"))


def test_rescue_returns_the_last_double_and_forfeits_the_rest_s1120() -> None:
    state, _ = stacked([["5h", "6d"]], ["9c", "Kd"], ["2c"])
    act(state, "double", amount=1000)  # 13
    events = act(state, "rescue")
    got = paid(events)
    assert got[(0, "main/double")].returned == 1000 and got[(0, "main")].returned == 0  # $10 back, $10 lost
    assert state.seats[0].hands[0].status == "rescued"


def test_rescue_after_a_double_double_returns_only_that_double_d064() -> None:
    state, _ = stacked([["2h", "3d"]], ["9c", "Kd"], ["2c", "2s"])
    act(state, "double", amount=1000)
    act(state, "double", amount=2000)
    got = paid(act(state, "rescue"))
    assert got[(0, "main/double-2")].returned == 2000
    assert got[(0, "main")].returned == got[(0, "main/double")].returned == 0


def test_rescue_after_a_double_for_less_returns_that_amount_d064() -> None:
    state, _ = stacked([["5h", "6d"]], ["9c", "Kd"], ["2c"])
    act(state, "double", amount=400)
    got = paid(act(state, "rescue"))
    assert (got[(0, "main/double")].returned, got[(0, "main")].returned) == (400, 0)


def test_no_rescue_before_a_double_nor_of_a_busted_double() -> None:
    state, _ = stacked([["5h", "7d"]], ["9c", "Kd"], ["Kc"])
    assert "rescue" not in kinds(state)
    with pytest.raises(IllegalAction):
        act(state, "rescue")
    events = act(state, "double", amount=1000)  # 22: busted and lost at once
    assert state.phase == "over" and paid(events)[(0, "main/double")].returned == 0


# ---------------------------------------------------------------------------------------
# Surrender, splits
# ---------------------------------------------------------------------------------------
def test_late_surrender_on_any_two_card_hand_s1190_d072() -> None:
    state, _ = stacked([["9h", "7d"]], ["Kc", "8d"])
    assert state.peeked and "surrender" in kinds(state)
    got = paid(act(state, "surrender"))
    assert got[(0, "main")].returned == 500


def test_surrender_on_a_split_hand_but_not_after_a_hit_d072() -> None:
    state, _ = stacked([["8h", "8d"]], ["Kc", "8s"], ["7c", "2d"])
    act(state, "split", amount=1000)
    assert "surrender" in kinds(state)  # 8-7, a split hand's first decision
    act(state, "hit")                   # 8-7-2
    assert "surrender" not in kinds(state)


def test_no_surrender_against_a_dealer_blackjack_s1117() -> None:
    state, events = stacked([["9h", "7d"]], ["Kc", "Ad"])
    assert state.phase == "over" and paid(events)[(0, "main")].returned == 0


def test_aces_resplit_to_four_hands_and_split_aces_play_on_d073() -> None:
    state, _ = stacked([["Ah", "Ad"]], ["9c", "Kd"], ["Ac", "As", "2h"])
    act(state, "split", amount=1000)
    assert state.seats[0].hands[0].cards == ["Ah", "Ac"]
    act(state, "split", amount=1000)   # the ace it drew splits again
    assert state.seats[0].hands[0].cards == ["Ah", "As"]
    act(state, "split", amount=1000)   # and again: four hands
    assert len(state.seats[0].hands) == 4 and "split" not in kinds(state)
    assert state.seats[0].hands[0].cards == ["Ah", "2h"]
    assert {"hit", "double"} <= kinds(state)  # a split ace is hit and doubled like any card


# ---------------------------------------------------------------------------------------
# The Super Bonus
# ---------------------------------------------------------------------------------------
def test_super_bonus_1000_on_a_5_to_24_bet_and_50_to_every_other_player_s1151() -> None:
    state, _ = stacked([["7d", "7d"], ["9c", "8c"], ["Kc", "Qh"]], ["7h", "Kd"], ["7d"],
                       bets={0: {"main": 2400}, 1: {"main": 1000}, 2: {"main": 500}})
    act(state, "hit")  # suited 7-7-7 (diamonds) against the 7 up
    act(state, "stand", seat=1)
    events = act(state, "stand", seat=2)
    got = paid(events)
    assert got[(0, "main")].returned == 2400 * 3  # the 7-7-7 one-suit bonus, 2 to 1 (D-070) ...
    assert got[(0, "super-bonus")].returned == 100000  # ... and $1,000 on top
    assert got[(1, "share-of-super-bonus-at-spot-1")].returned == got[(2, "share-of-super-bonus-at-spot-1")].returned == 5000
    assert (0, "share-of-super-bonus-at-spot-1") not in got  # not to the player who hit it (D-071)


def test_super_bonus_5000_on_a_25_bet_s1151() -> None:
    state, _ = stacked([["7s", "7s"]], ["7h", "Kd"], ["7s"], bets={0: {"main": 2500}})
    got = paid(act(state, "hit"))
    assert got[(0, "main")].returned == 2500 * 4  # spades 3 to 1
    assert got[(0, "super-bonus")].returned == 500000


def test_no_super_bonus_without_a_7_up_or_on_mixed_suits() -> None:
    for hand, up in ((["7d", "7d"], "8h"), (["7d", "7c"], "7h")):
        state, _ = stacked([hand, ["9c", "8c"]], [up, "Kd"], ["7d"])
        act(state, "hit")
        got = paid(act(state, "stand", seat=1))
        assert not [k for k in got if "super-bonus" in k[1] or k[1].startswith("share-of")]


def test_no_super_bonus_on_a_doubled_or_split_hand_s1151_d066() -> None:
    state, _ = stacked([["7d", "7d"]], ["7h", "Kd"], ["7d"])
    got = paid(act(state, "double", amount=1000))
    assert (0, "super-bonus") not in got and got[(0, "main")].returned == 2000  # no bonus at all
    state, _ = stacked([["7d", "7d"]], ["7h", "Kd"], ["7d", "7d", "7d", "7d"])
    act(state, "split", amount=1000)  # 7d-7d, the drawn 7d splits again… play them all out
    while state.phase == "play":
        act(state, "stand" if "split" not in kinds(state) else "split", amount=1000)
    assert not [s for s in state.seats[0].results if "super-bonus" in s["bet"]]


def test_two_super_bonus_hands_pay_the_others_50_each_once_per_player_d071() -> None:
    state, _ = stacked([["7d", "7d"], ["7c", "7c"], ["9c", "8c"], ["9h", "8h"]], ["7h", "Kd"], ["7d", "7c"],
                       owners={0: "ann", 1: "bea", 2: "cal", 3: "cal"})
    act(state, "hit", seat=0)
    act(state, "hit", seat=1)
    act(state, "stand", seat=2)
    got = paid(act(state, "stand", seat=3))
    assert got[(0, "super-bonus")].returned == got[(1, "super-bonus")].returned == 100000
    envy = {k: s.returned for k, s in got.items() if k[1].startswith("share-of")}
    # cal plays two boxes but is paid once per Super Bonus hand; ann and bea get none.
    assert envy == {(2, "share-of-super-bonus-at-spot-1"): 5000, (2, "share-of-super-bonus-at-spot-2"): 5000}


# ---------------------------------------------------------------------------------------
# Match the Dealer
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("hand,up,line,returned", [
    (["9h", "4c"], "9d", "unsuited", 500 * 5),               # 4 to 1 (s.1155)
    (["9d", "4c"], "9d", "suited", 500 * 10),                # 9 to 1 (s.1156)
    (["9h", "9c"], "9d", "two-unsuited", 500 * 9),           # 8 to 1 (s.1155)
    (["9d", "9d"], "9d", "two-suited", 500 * 19),            # 18 to 1 (s.1156)
    (["9d", "9c"], "9d", "suited-and-unsuited", 500 * 14),   # 13 to 1 (s.1157)
    (["Kd", "4c"], "Qd", None, 0),                           # rank, not value: a king is no queen
])
def test_match_the_dealer_pays_each_matching_card_s1152_s1157(hand: list[str], up: str, line: str | None,
                                                               returned: int) -> None:
    assert match_the_dealer(hand, up) == line
    _, events = stacked([hand], [up, "5c"], bets={0: {"main": 1000, "match-the-dealer": 500}})
    assert paid(events)[(0, "match-the-dealer")].returned == returned  # settled at the deal (D-077)


def test_match_the_dealer_settles_even_against_a_dealer_blackjack_d077() -> None:
    _, events = stacked([["Kd", "4c"]], ["Kd", "Ac"], bets={0: {"main": 1000, "match-the-dealer": 500}})
    got = paid(events)
    assert got[(0, "match-the-dealer")].returned == 500 * 10 and got[(0, "main")].returned == 0


def test_match_the_dealer_only_on_six_decks_d076() -> None:
    state = ENGINE.new_round(rules_for(decks=8), SeededRng(0), None)
    ENGINE.apply(state, Action("bet", 0, "main", 1000), SeededRng(0))
    assert "match-the-dealer" not in {lg.spot for lg in ENGINE.legal_actions(state, 0)}
    with pytest.raises(IllegalAction, match="6-deck"):
        ENGINE.apply(state, Action("bet", 0, "match-the-dealer", 500), SeededRng(0))


def test_match_the_dealer_at_most_the_main_bet_and_50_d078() -> None:
    state = ENGINE.new_round(rules_for(), SeededRng(0), None)
    ENGINE.apply(state, Action("bet", 0, "main", 2000), SeededRng(0))
    assert legal(state, "bet").max >= 2000
    spot = next(lg for lg in ENGINE.legal_actions(state, 0) if lg.spot == "match-the-dealer")
    assert (spot.min, spot.max) == (100, 2000)
    with pytest.raises(IllegalAction, match="more than the main bet"):
        ENGINE.apply(state, Action("bet", 0, "match-the-dealer", 2100), SeededRng(0))
    ENGINE.apply(state, Action("bet", 0, "main", 5000), SeededRng(0))
    with pytest.raises(IllegalAction, match=r"\$50"):
        ENGINE.apply(state, Action("bet", 0, "match-the-dealer", 5100), SeededRng(0))


# ---------------------------------------------------------------------------------------
# Whole shoes: bots, random play, money
# ---------------------------------------------------------------------------------------
def test_rules_summary_posts_the_spanish_rules() -> None:
    state = ENGINE.new_round(rules_for(), SeededRng(0), None)
    text = " | ".join(ENGINE.view(state, None)["rules_summary"])
    for words in ("6 Spanish (48-card, no tens) decks", "A player blackjack beats a dealer blackjack",
                  "A player 21 always wins", "Rescue", "Late surrender", "5-card 21 3 to 2", "7-7-7 of spades 3 to 1",
                  "Super Bonus", "$1,000 on a $5.00 or more bet", "$50.00 to every other player", "Bets $5.00 to $500.00"):
        assert words.replace(".00", "") in text.replace(".00", ""), words


def play_round(state: BlackjackState, rng: SeededRng, chooser: random.Random | None) -> list[Event]:
    """Bots bet; then each decision is the bot's (``chooser`` None) or a random legal move."""
    events: list[Event] = []
    for seat in sorted(state.seats):
        action = ENGINE.bot_action(state, seat)
        if action is not None:
            events += ENGINE.apply(state, action, rng)
    if chooser is not None and "match-the-dealer" in {lg.spot for lg in ENGINE.legal_actions(state, 0)}:
        events += ENGINE.apply(state, Action("bet", 0, "match-the-dealer", 500), rng)
    events += ENGINE.apply(state, Action("deal", SYSTEM_SEAT), rng)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)
        assert seat is not None
        if chooser is None:
            action = ENGINE.bot_action(state, seat)
            assert action is not None
        else:
            lg = chooser.choice(ENGINE.legal_actions(state, seat))
            amount = chooser.randint(lg.min, lg.max) // 100 * 100 if lg.max else 0
            action = Action(lg.kind, seat, lg.spot, max(amount, lg.min))
        events += ENGINE.apply(state, action, rng)
        assert round_trips(state)
    return events


@pytest.mark.parametrize("random_moves", [False, True])
def test_whole_shoes_bots_and_random_moves_conserve_money(random_moves: bool) -> None:
    rng = SeededRng("spanish")
    chooser = random.Random(7) if random_moves else None
    carry = None
    seen: set[str] = set()
    for _ in range(150):
        state = ENGINE.new_round(rules_for(), rng, carry)
        events = play_round(state, rng, chooser)
        flows = money_flows(events)
        for key, amount in flows.staked.items():
            assert key in flows.settled and flows.settled[key].stake == amount  # every wager settles once
        seen |= {h.status for box in state.seats.values() for h in box.hands}
        assert not [c for c in state.dealer if c[0] == "T"]
        carry = ENGINE.carry(state)
    assert {"stood", "bust"} <= seen
    if random_moves:
        assert "rescued" in seen
