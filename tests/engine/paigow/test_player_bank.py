"""A seated player banking against the house at house-banked Pai Gow Poker: who is offered the
bank and when (000 s.756-769, 004 s.1314-1319), the banker's wager against the house's hand
and its commission, the bank against the other players and its commission on the net win,
copies, the one betting area (000 s.771, D-229), the bonuses the house keeps (D-223) and the
cover the bank must hold (004 s.1314, D-222)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.paigow_support import BANK, banked_round, play, rotation_carry, rules_for
from webgame.engine.protocol import SYSTEM_SEAT, Action, IllegalAction, Refund, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.paigow.player_bank import after_round, fresh_rotation, offers_for
from webgame.games.paigow.table import PAI_GOW_POKER, seat_at

GR = rules_for("grand-ronde")
C4 = rules_for("chapter4")
NO_PAIR = "Kh Qd 9c 7d 5s 3h 2c"  # the house way: Q-9 in front, K-7-5-3-2 behind
ACES_KINGS = "As Ad Kc Ks 8h 6d 4c"  # the house way splits: kings in front, aces behind
JACKS_FOURS = "Jh Jd 4h 4d Ts 9s 2d"  # split: fours in front, jacks behind
TEN_HIGH = "Tc 8c 7h 6s 5c 3s 2s"  # 8-7 in front, T-6-5-3-2 behind
STRAIGHT = "9h 8d 7s 6c 5h Qc 3d"  # the 9-high straight behind, Q-3 in front
RNG = SeededRng(5)


def results(events: list[Any]) -> dict[tuple[int, str], Settlement]:
    return {(e.seat, e.bet): e for e in events if isinstance(e, Settlement)}


def owners(*seats: int) -> dict[int, str]:
    return {n: f"p{n}" for n in seats}


def last_round(*seats: int, bet: int = 2000) -> dict[str, Any]:
    return rotation_carry({n: (f"p{n}", bet) for n in seats})


# -- the bank against the house and against the table ------------------------------------
def test_the_bank_beats_the_house_and_the_table_and_pays_both_commissions(monkeypatch: pytest.MonkeyPatch) -> None:
    state, events = banked_round(
        monkeypatch, {5: ACES_KINGS, BANK: NO_PAIR, 3: JACKS_FOURS, 1: STRAIGHT},
        {3: {"main": 3000}, 1: {"main": 2000}}, banker=5, cover=10000,
        carry=last_round(5, 3, 1), owners=owners(5, 3, 1))
    # The banker stakes exactly its last basic bet against the house's hand, and the bank.
    assert [(e.bet, e.amount) for e in events if isinstance(e, Stake) and e.seat == 5] == [("main", 2000), ("bank", 10000)]
    done = results(play(state, {5: "Kc Ks", 3: "house", 1: "house"}))
    assert state.phase == "over"
    # Against the house: both halves win, even money less 5 % at once (004 s.1327, D-222).
    assert done[(5, "main")].returned == 2000 + 2000 - 100
    # Against the table: Jacks lose both (the bank collects $30), the straight pushes.
    assert done[(3, "main")].returned == 0 and done[(1, "main")].result == "push"
    # The net win of $30 pays 5 % (004 s.1328): $1.50.
    assert done[(5, "bank")].stake == 10000 and done[(5, "bank")].returned == 10000 + 3000 - 150
    # Nothing made or lost: the house keeps the commissions and pays its lost hand.
    staked = sum(e.stake for e in done.values())
    returned = sum(e.returned for e in done.values())
    assert returned - staked == 2000 - 100 - 150


def test_the_house_beats_the_bank_and_a_player_beats_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = banked_round(
        monkeypatch, {5: NO_PAIR, BANK: ACES_KINGS, 3: JACKS_FOURS, 1: TEN_HIGH},
        {3: {"main": 10000}, 1: {"main": 4000}}, banker=5, cover=20000,
        carry=last_round(5, 3, 1), owners=owners(5, 3, 1))
    done = results(play(state, {5: "house", 3: "house", 1: "house"}))
    assert done[(5, "main")].returned == 0  # the house's aces and kings win both halves
    # The winner is paid by the bank, less the house's 5 % (000 s.804, D-220).
    assert done[(3, "main")].returned == 10000 + 10000 - 500
    assert done[(1, "main")].returned == 0
    # The bank paid $100 and collected $40: a net loss pays no commission.
    assert done[(5, "bank")].returned == 20000 - 6000 and done[(5, "bank")].result == "lose"
    assert state.bank.front_result == "win" and state.bank.back_result == "win"  # the house's halves


def test_copies_are_the_banks_against_the_house_and_the_players(monkeypatch: pytest.MonkeyPatch) -> None:
    house = "Ks Qc 9d 7h 5d 3c 2d"  # the same ranks as the banker's: both halves copy
    player = "Kd Qh 9h 7s 5h 3s 2h"
    state, _ = banked_round(monkeypatch, {5: NO_PAIR, BANK: house, 3: player}, {3: {"main": 1000}},
                            banker=5, cover=1000, carry=last_round(5, 3), owners=owners(5, 3))
    done = results(play(state, {5: "house", 3: "house"}))
    # 004 s.1237 "The banker wins all copy hands": the house's copied hand loses to the bank.
    assert done[(5, "main")].result == "win" and done[(5, "main")].returned == 2000 + 2000 - 100
    assert done[(3, "main")].returned == 0  # both halves copied: the player loses (D-218)
    assert done[(5, "bank")].returned == 1000 + 1000 - 50


def test_the_banker_sets_its_own_hand_and_cannot_foul(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = banked_round(monkeypatch, {5: ACES_KINGS, BANK: NO_PAIR}, {}, banker=5, cover=500,
                            carry=last_round(5), owners=owners(5))
    with pytest.raises(IllegalAction, match="fouls"):
        PAI_GOW_POKER.apply(state, Action("set", 5, "As Ad"), RNG)  # aces in front of kings
    PAI_GOW_POKER.apply(state, Action("set", 5, "8h 6d"), RNG)  # both pairs behind: the banker's choice
    assert state.sets[5].front == ["8h", "6d"] and not state.sets[5].by_house_way
    assert state.phase == "over"


def test_the_count_starts_at_the_player_who_banks(monkeypatch: pytest.MonkeyPatch) -> None:
    # The bank is always counted as 1 (004 s.1273; 000 s.776): with Spot 4 banking, a draw of 1
    # gives the banker the first hand and 2 the next position counterclockwise, Spot 3.
    assert seat_at(1, 3) == 3 and seat_at(2, 3) == 2 and seat_at(5, 3) is None and seat_at(6, 3) == 5
    state, _ = banked_round(monkeypatch, {3: ACES_KINGS, BANK: NO_PAIR, 2: JACKS_FOURS}, {2: {"main": 500}},
                            banker=3, cover=500, carry=last_round(3, 2), owners=owners(3, 2), draw=(2,))
    assert state.seats[3].cards == ACES_KINGS.split() and state.dealer == NO_PAIR.split()
    assert "the first hand goes to Spot 3." in " ".join(state.notes)


# -- the bank's cover, the bets, the one betting area --------------------------------------
def test_bets_beyond_the_bank_are_refused_before_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(GR, rng, last_round(5, 3, 1))
    for seat, who in owners(5, 3, 1).items():
        PAI_GOW_POKER.apply(state, Action("owner", seat, who), rng)
    PAI_GOW_POKER.apply(state, Action("bet", 3, "main", 3000), rng)  # during the offer
    legal = PAI_GOW_POKER.legal_actions(state, 5)
    assert [lg.kind for lg in legal][:2] == ["bank", "decline"] and legal[0].min == 3000
    assert "deal" not in [lg.kind for lg in legal]
    with pytest.raises(IllegalAction, match="must cover every wager"):
        PAI_GOW_POKER.apply(state, Action("bank", 5, "", 2000), rng)
    PAI_GOW_POKER.apply(state, Action("bank", 5, "", 5000), rng)
    with pytest.raises(IllegalAction, match=r"The bank covers \$50 and \$30 is already bet against it: "
                                            r"at most \$20 more"):
        PAI_GOW_POKER.apply(state, Action("bet", 1, "main", 2500), rng)
    PAI_GOW_POKER.apply(state, Action("bet", 1, "main", 2000), rng)
    assert state.seats[1].bets == {"main": 2000}
    # The Fortune Bonus is the house's (D-223): the bank need not cover it.
    PAI_GOW_POKER.apply(state, Action("bet", 1, "fortune-bonus", 500), rng)
    with pytest.raises(IllegalAction, match="You hold the bank"):
        PAI_GOW_POKER.apply(state, Action("bet", 5, "main", 500), rng)
    # P-259: before the deal the banker may give the bank up; both its stakes go back and the
    # house banks, with no cover to respect.
    assert [lg.label for lg in PAI_GOW_POKER.legal_actions(state, 5) if lg.kind == "clear"] == ["Give up the bank"]
    events = PAI_GOW_POKER.apply(state, Action("clear", 5), rng)
    assert sorted((e.bet, e.amount) for e in events if isinstance(e, Refund)) == [("bank", 5000), ("main", 2000)]
    assert state.banker is None and not state.seats[5].bets
    PAI_GOW_POKER.apply(state, Action("bet", 1, "main", 3000), rng)  # the house covers it


def test_while_a_player_banks_each_player_bets_on_one_area(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(GR, rng, last_round(5, 2))
    PAI_GOW_POKER.apply(state, Action("owner", 5, "p5"), rng)
    for seat in (2, 1):
        PAI_GOW_POKER.apply(state, Action("owner", seat, "p2"), rng)
        PAI_GOW_POKER.apply(state, Action("bet", seat, "main", 1000), rng)  # two areas while the house banks
    events = PAI_GOW_POKER.apply(state, Action("bank", 5, "", 5000), rng)
    # 000 s.771: one area stays, the other's bets go back before the deal.
    assert [(e.seat, e.amount) for e in events if isinstance(e, Refund)] == [(2, 1000)]
    assert state.seats[1].bets == {"main": 1000} and not state.seats[2].bets
    with pytest.raises(IllegalAction, match="one betting area"):
        PAI_GOW_POKER.apply(state, Action("bet", 2, "main", 1000), rng)


def test_the_bonuses_stay_the_houses_while_a_player_banks(monkeypatch: pytest.MonkeyPatch) -> None:
    quads = "Ts Th Td Tc Jc 4s 6h"  # four of a kind: a Fortune line
    state, _ = banked_round(monkeypatch, {5: NO_PAIR, BANK: ACES_KINGS, 3: quads},
                            {3: {"main": 1000, "fortune-bonus": 500}}, banker=5, cover=1000,
                            carry=last_round(5, 3), owners=owners(5, 3))
    done = results(play(state, {5: "house", 3: "house"}))
    fortune = done[(3, "fortune-bonus")]
    assert fortune.result == "win" and fortune.returned == 500 + fortune.stake * 25  # 4 of a kind 25 to 1
    # The bank pays the basic bet it lost, and nothing of the bonus.
    assert done[(3, "main")].returned == 1000 + 1000 - 50
    assert done[(5, "bank")].returned == 0


# -- who is offered the bank (000 s.756-769) ----------------------------------------------
def test_the_first_round_is_the_houses() -> None:
    assert offers_for("round", fresh_rotation(), 6) == [] and offers_for("alternate", fresh_rotation(), 6) == []


def test_offered_counterclockwise_to_those_who_bet_against_the_dealer() -> None:
    rotation = last_round(0, 2, 5)["player_bank"]
    # From the dealer's right (Spot 6) towards first base; Spot 4 and 2 did not bet.
    assert offers_for("round", rotation, 6) == [5, 2, 0]


def test_a_pass_offers_the_next_and_a_clock_that_runs_out_passes() -> None:
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(GR, rng, last_round(5, 2, 0))
    for seat, who in owners(5, 2, 0).items():
        PAI_GOW_POKER.apply(state, Action("owner", seat, who), rng)
    assert PAI_GOW_POKER.to_act(state) == 5
    assert PAI_GOW_POKER.legal_actions(state, 2) == [lg for lg in PAI_GOW_POKER.legal_actions(state, 2)
                                                     if lg.kind != "deal"]
    with pytest.raises(IllegalAction, match="not being offered to you"):
        PAI_GOW_POKER.apply(state, Action("bank", 2, "", 500), rng)
    PAI_GOW_POKER.apply(state, Action("decline", 5), rng)
    assert PAI_GOW_POKER.to_act(state) == 2
    timeout = PAI_GOW_POKER.timeout_action(state)
    assert timeout is not None
    PAI_GOW_POKER.apply(state, timeout, rng)  # P-011: the clock passes for Spot 3
    assert PAI_GOW_POKER.to_act(state) == 0
    PAI_GOW_POKER.apply(state, Action("decline", 0), rng)
    assert PAI_GOW_POKER.to_act(state) is None and state.banker is None
    assert "the house banks this round" in state.notes[-1]
    with pytest.raises(IllegalAction, match="No bet|Nobody"):
        PAI_GOW_POKER.apply(state, Action("deal", SYSTEM_SEAT), rng)


def test_the_deal_lapses_an_unanswered_offer() -> None:
    # P-252: the bank is settled before the hands are dealt (004 s.1314): a deal pressed while
    # the offer waits passes it for everyone, and the house banks.
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(GR, rng, last_round(5, 3))
    for seat, who in owners(5, 3).items():
        PAI_GOW_POKER.apply(state, Action("owner", seat, who), rng)
    with pytest.raises(IllegalAction):
        PAI_GOW_POKER.apply(state, Action("deal", 3), rng)  # no bet yet: refused, the offer stands
    assert state.offers == [5, 3]
    PAI_GOW_POKER.apply(state, Action("bet", 2, "main", 1000), rng)
    events = PAI_GOW_POKER.apply(state, Action("deal", 2), rng)
    assert state.offers == [] and state.banker is None and state.phase == "decide"
    assert "Nobody took the bank before the deal: the house banks this round." in [
        getattr(e, "text", "") for e in events]


def test_a_new_player_in_the_seat_is_not_offered_anothers_bank() -> None:
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(GR, rng, last_round(5, 3))
    PAI_GOW_POKER.apply(state, Action("owner", 5, "somebody-else"), rng)
    PAI_GOW_POKER.apply(state, Action("owner", 3, "p3"), rng)
    assert state.offers == [3]


def test_never_two_rounds_in_a_row_and_the_next_seat_first(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = banked_round(monkeypatch, {5: ACES_KINGS, BANK: NO_PAIR, 3: JACKS_FOURS}, {3: {"main": 1000}},
                            banker=5, cover=1000, carry=last_round(5, 3), owners=owners(5, 3))
    play(state, {5: "house", 3: "house"})
    carry = PAI_GOW_POKER.carry(state)
    rotation = carry["player_bank"]
    assert rotation["last_banker"] == 5 and rotation["pointer"] == 1
    # The house-banked round's bets still name who may bank (000 s.769: the last round with
    # no player bank), and Spot 6 may not bank again at once.
    assert offers_for("round", rotation, 6) == [3]
    nxt = PAI_GOW_POKER.new_round(GR, SeededRng(1), carry)
    assert nxt.offers == [3]


def test_the_offer_comes_round_to_the_dealer() -> None:
    seats = {n: (f"p{n}", 1000) for n in range(6)}
    rotation = rotation_carry(seats)["player_bank"]
    # First base (Spot 1) banked: the offer has come round; the house banks the next round.
    after = after_round("round", rotation, 6, 0, {})
    assert after["pointer"] == 6 and offers_for("round", after, 6) == []
    again = after_round("round", after, 6, None, seats)
    assert again["pointer"] == 0 and offers_for("round", again, 6) == [5, 4, 3, 2, 1, 0]
    # Nobody took it: the next round's offers start at the dealer's right again.
    assert after_round("round", {**rotation, "pointer": 3}, 6, None, seats)["pointer"] == 0


# -- Chapter 4: the bank alternates with the house, one position at a time (004 s.1314-1319) --
def test_chapter4_offers_one_position_and_the_house_banks_between() -> None:
    bets = {n: (f"p{n}", 1000) for n in (5, 3)}
    rotation = rotation_carry(bets)["player_bank"]
    assert offers_for("alternate", rotation, 6) == [5]  # the marker's position only
    took = after_round("alternate", rotation, 6, 5, bets)
    assert offers_for("alternate", took, 6) == []  # "the bank will revert back to the House dealer"
    house = after_round("alternate", took, 6, None, bets)
    assert house["pointer"] == 1 and offers_for("alternate", house, 6) == []  # Spot 5 is empty: the house banks
    empty = after_round("alternate", house, 6, None, bets)
    assert empty["pointer"] == 2 and offers_for("alternate", empty, 6) == [3]


def test_chapter4_a_refusal_leaves_the_bank_to_the_house(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(C4, rng, rotation_carry({5: ("p5", 1000), 4: ("p4", 1000)}))
    for seat, who in owners(5, 4).items():
        PAI_GOW_POKER.apply(state, Action("owner", seat, who), rng)
    PAI_GOW_POKER.apply(state, Action("decline", 5), rng)
    # "without being offered to another player until the next hand" (004 s.1317)
    assert state.offers == [] and PAI_GOW_POKER.to_act(state) is None


def test_chapter4_bank_commission_rounds_up_and_surrender_feeds_the_bank(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _ = banked_round(
        monkeypatch, {5: ACES_KINGS, BANK: NO_PAIR, 3: JACKS_FOURS, 1: TEN_HIGH},
        {3: {"main": 1500}, 1: {"main": 500}}, banker=5, cover=5000, rules=C4, draw=(1, 1, 5),
        carry=rotation_carry({5: ("p5", 1500), 3: ("p3", 1500), 1: ("p1", 500)}), owners=owners(5, 3, 1))
    play(state, {5: "Kc Ks", 3: "house", 1: "house"})
    assert state.stage == 2 and sorted(PAI_GOW_POKER.undecided(state)) == [1, 3]  # the bank never surrenders
    view = PAI_GOW_POKER.view(state, 3)["paigow"]["player_bank"]
    assert view["hand"]["front"] == ["Kc", "Ks"]  # the bank's hand is shown for the surrender
    PAI_GOW_POKER.apply(state, Action("surrender-all", 1, "confirmed"), RNG)
    done = results(PAI_GOW_POKER.apply(state, Action("keep", 3), RNG))
    # Against the house: $15 won, 5 % = 75 cents, exact in $5 steps (D-220).
    assert done[(5, "main")].returned == 1500 + 1500 - 75
    # The bank collects $15 and the surrendered $5: 5 % of $20 is $1.00.
    assert done[(5, "bank")].returned == 5000 + 2000 - 100


def test_the_view_shows_the_offer_and_the_bank() -> None:
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(GR, rng, last_round(5, 3))
    for seat, who in owners(5, 3).items():
        PAI_GOW_POKER.apply(state, Action("owner", seat, who), rng)
    offer = PAI_GOW_POKER.view(state, 5)["paigow"]["player_bank"]
    assert offer["offered_to"] == 5 and offer["offered_mine"] and offer["offer_house_bet"] == 2000
    assert not PAI_GOW_POKER.view(state, 3)["paigow"]["player_bank"]["offered_mine"]
    PAI_GOW_POKER.apply(state, Action("bank", 5, "", 4000), rng)
    PAI_GOW_POKER.apply(state, Action("bet", 3, "main", 1000), rng)
    shown = PAI_GOW_POKER.view(state, 3)["paigow"]["player_bank"]
    assert (shown["banker"], shown["house_bet"], shown["cover"], shown["against"], shown["room"]) == (5, 2000, 4000, 1000, 3000)


def test_a_bet_from_the_offered_seat_passes_the_bank() -> None:
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(GR, rng, last_round(5, 3))
    for seat, who in owners(5, 3).items():
        PAI_GOW_POKER.apply(state, Action("owner", seat, who), rng)
    PAI_GOW_POKER.apply(state, Action("bet", 5, "main", 1000), rng)
    assert state.seats[5].bets == {"main": 1000} and state.offers == [3]
    assert "Spot 6 passes the bank: it is offered to Spot 4." in state.notes


@pytest.mark.parametrize("variant", ["grand-ronde", "chapter4"])
@pytest.mark.parametrize("seed", range(3))
def test_rounds_at_random_keep_the_rotation_and_the_money(variant: str, seed: int) -> None:
    """Twelve rounds in a row at one table: random offers taken or passed, bets, settings and
    clocks. Every wager settles exactly what was staked, a bank never pays more than it posted,
    nobody banks two rounds running, and only a player who bet in the last house-banked round
    (000 s.769) or the previous hand (004 s.1314) is offered the bank."""
    import json
    import random

    from tests.carnival_support import check_money
    from webgame.engine.state import round_trips

    chooser = random.Random(seed)
    rules = rules_for(variant)
    step = int(rules["bet_step"])
    carry: dict[str, Any] | None = None
    last_banker: int | None = None
    house_bettors: dict[int, str] = {}
    banked = 0
    for number in range(12):
        rng = SeededRng(f"{seed}/{number}")
        state = PAI_GOW_POKER.new_round(rules, rng, carry)
        events: list[Any] = []
        for n in range(6):
            if n != 2:  # Spot 3 stays empty
                events += PAI_GOW_POKER.apply(state, Action("owner", n, f"p{n}"), rng)
        assert all(house_bettors.get(s) == f"p{s}" and s != last_banker for s in state.offers)
        while state.offers:
            seat = state.offers[0]
            if chooser.random() < 0.5:
                legal = PAI_GOW_POKER.legal_actions(state, seat)[0]
                amount = chooser.randrange(legal.min, legal.min + 5 * step * 10 + 1, step)
                events += PAI_GOW_POKER.apply(state, Action("bank", seat, "", amount), rng)
            else:
                events += PAI_GOW_POKER.apply(state, Action("decline", seat), rng)
        for n in (0, 1, 3, 4, 5):
            if n == state.banker or chooser.random() < 0.2:
                continue
            bets = [lg for lg in PAI_GOW_POKER.legal_actions(state, n) if lg.kind == "bet" and lg.spot == "main"]
            if bets:
                amount = min(bets[0].max, bets[0].min + step * chooser.randrange(0, 8))
                try:
                    events += PAI_GOW_POKER.apply(state, Action("bet", n, "main", amount), rng)
                except IllegalAction as exc:
                    assert "The bank covers" in str(exc)
        try:
            events += PAI_GOW_POKER.apply(state, Action("deal", SYSTEM_SEAT), rng)
        except IllegalAction:
            carry = PAI_GOW_POKER.carry(state)
            continue
        for _ in range(40):
            if PAI_GOW_POKER.is_over(state):
                break
            waiting = PAI_GOW_POKER.undecided(state)
            if chooser.random() < 0.2:
                timeout = PAI_GOW_POKER.timeout_action(state)
                assert timeout is not None
                events += PAI_GOW_POKER.apply(state, timeout, rng)
                continue
            seat = waiting[0]
            kinds = [lg.kind for lg in PAI_GOW_POKER.legal_actions(state, seat)]
            kind = "house-way" if "house-way" in kinds else chooser.choice(["keep", "surrender-all"])
            events += PAI_GOW_POKER.apply(state, Action(kind, seat, "confirmed" if kind == "surrender-all" else ""), rng)
        assert PAI_GOW_POKER.is_over(state)
        check_money(PAI_GOW_POKER, events, state)
        assert round_trips(state)
        restored = PAI_GOW_POKER.load(json.loads(json.dumps(PAI_GOW_POKER.dump(state))))
        assert PAI_GOW_POKER.carry(restored) == PAI_GOW_POKER.carry(state)
        done = results(events)
        if state.banker is not None:
            banked += 1
            bank = done[(state.banker, "bank")]
            assert bank.returned >= 0 and bank.stake == state.bank_cover
            against = sum(s.stake for (n, bet), s in done.items() if bet == "main" and n != state.banker)
            assert against <= state.bank_cover  # the bank covered every basic bet
        else:
            house_bettors = {n: f"p{n}" for (n, bet), s in done.items() if bet == "main"}
        last_banker = state.banker
        carry = PAI_GOW_POKER.carry(state)
    assert banked > 0


def test_a_seat_that_bet_before_its_offer_gets_its_bets_back_when_it_banks() -> None:
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(GR, rng, last_round(5, 3, 1))
    for seat, who in owners(5, 3, 1).items():
        PAI_GOW_POKER.apply(state, Action("owner", seat, who), rng)
    PAI_GOW_POKER.apply(state, Action("bet", 3, "main", 4000), rng)  # Spot 4 bets while Spot 6 is offered
    PAI_GOW_POKER.apply(state, Action("bet", 1, "main", 1000), rng)
    PAI_GOW_POKER.apply(state, Action("decline", 5), rng)
    legal = PAI_GOW_POKER.legal_actions(state, 3)[0]
    assert legal.kind == "bank" and legal.min == 1000  # Spot 2's bet only: its own goes back
    events = PAI_GOW_POKER.apply(state, Action("bank", 3, "", 1000), rng)
    assert [(e.seat, e.bet, e.amount) for e in events if isinstance(e, Refund)] == [(3, "main", 4000)]
    assert state.seats[3].bets == {"main": 2000, "bank": 1000}
