"""Pai Gow Poker on the player-dealer table, from stacked decks and loaded dice: Lucky Derby
(001 §13, s.39-110), Crystal Park (003 §2-§3, s.74-117) and Double Hand Poker (002 §9,
s.294-545). The dice counted from the player-dealer (P/D) as 1, 8 and 15 give the first pile
and the action seat for every total 3-18 (D-478, D-230); the piles follow clockwise; the P/D
sets the bank's hand once every player has set, or the house way does on the clock (D-235,
D-472); copies go to the bank (D-218); no commission (D-219); five aces below the royal flush
at Double Hand Poker only (D-216); the bank pays only as far as its stake covers (D-466); and
money is conserved in every hand."""

from __future__ import annotations

import json
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any, TypeVar

import pytest

from tests.engine.california.pdhelp import pd_engine, seated
from webgame.devices.shoe import Shoe
from webgame.engine.cards import build_shoe
from webgame.engine.hands import card_ids
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, Fee, IllegalAction, Note, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.california.table import NO_ACTION, PlayerDealerState, PlayerDealerTable
from webgame.games.paigow import table as paigow_table
from webgame.games.paigow.hands import Ranking

GAME = "pai-gow-poker"
EDITIONS = ("lucky-derby", "crystal-park", "double-hand-poker")
T = TypeVar("T")


class LoadedDice:
    """The round's Rng with the dice given: each die is the next face."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = list(faces)

    def randbelow(self, n: int) -> int:
        assert n == 6, "only the dice draw here"
        return self.faces.pop(0) - 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        raise AssertionError("no shuffle here")

    def choice(self, items: Sequence[T]) -> T:
        raise AssertionError("no choice here")


def dice_for(total: int) -> list[int]:
    """Three faces summing to ``total`` (3-18)."""
    faces = [1, 1, 1]
    left = total - 3
    for i in range(3):
        step = min(5, left)
        faces[i] += step
        left -= step
    assert sum(faces) == total
    return faces


def deck(piles: Sequence[str | None]) -> list[str]:
    """A 53-card order: pile k (seven codes, or None for the next unused cards) is the kth
    pile dealt, the four left over last."""
    used = [c for p in piles if p for c in p.split()]
    assert len(set(used)) == len(used)
    rest = [c.code for c in build_shoe(1, jokers_per_deck=1) if c.code not in used]
    order: list[str] = []
    for p in piles:
        order += p.split() if p else [rest.pop(0) for _ in range(7)]
    return order + rest


def piles_for(first_seat: int, hands: Mapping[int, str]) -> list[str | None]:
    """The piles in dealing order when the first goes to ``first_seat``: seat -> its seven."""
    return [hands.get((first_seat + k) % 7) for k in range(7)]


def stack(monkeypatch: pytest.MonkeyPatch, order: Sequence[str]) -> None:
    def make(carry: Mapping[str, Any] | None, rng: Any) -> Shoe:
        return Shoe(decks=1, size=53, cut_at=53, remaining=list(order), shuffle_no=1, rounds_since_shuffle=1)
    monkeypatch.setattr(paigow_table, "new_deck", make)


def rules(variant: str, game: str = GAME) -> dict[str, Any]:
    return resolve(load_game(game).variants[variant], None)


def dealt(monkeypatch: pytest.MonkeyPatch, variant: str, *, pd: int, bets: Mapping[int, int], total: int,
          hands: Mapping[int, str] | None = None, stake: int = 100000, game: str = GAME,
          ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    """Seats ``pd`` and the bettors; ``pd`` takes the bank; the dice show ``total``; the
    piles go out from the counted seat with ``hands`` (seat -> seven codes, the bank's at ``pd``)."""
    counted = (pd + (total - 1) % 7) % 7
    order = deck(piles_for(counted, hands or {}))
    stack(monkeypatch, order)
    engine = pd_engine(game, variant)
    state = seated(engine, rules(variant, game), sorted([pd, *bets]))
    rng = SeededRng(1)
    while engine.to_act(state) != pd:  # the offer goes round from the first seat: decline to the P/D
        engine.apply(state, Action("decline", engine.to_act(state) or 0), rng)
    events = engine.apply(state, Action("bank", pd, "", stake), rng)
    for seat, amount in bets.items():
        events += engine.apply(state, Action("bet", seat, "main", amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), LoadedDice(dice_for(total)))
    assert state.dice and sum(state.dice) == total
    return engine, state, events


def finish(engine: PlayerDealerTable, state: PlayerDealerState, moves: Mapping[int, str]) -> list[Event]:
    """Each player's setting (two codes, or "house"), then the P/D's (its own key in ``moves``)."""
    rng = SeededRng(2)
    events: list[Event] = []
    for seat, front in moves.items():
        kind, spot = ("house-way", "") if front == "house" else ("set", front)
        events += engine.apply(state, Action(kind, seat, spot), rng)
    return events


def money(events: Sequence[Event]) -> int:
    """What went down (wagers, the bank's stake) less what came back; fees stand apart."""
    return sum(e.amount for e in events if isinstance(e, Stake)) - sum(
        e.returned for e in events if isinstance(e, Settlement))


def round_trips(engine: PlayerDealerTable, state: PlayerDealerState) -> None:
    again = engine.load(json.loads(json.dumps(engine.dump(state))))
    assert engine.dump(again) == engine.dump(state)


# ---- the dice: every total 3-18 (001 s.39-110 rules 4-7; 003 s.92; D-478, D-230, D-233)

PD = 2  # Spot 3 banks; Spots 1, 2, 5 and 6 bet; Spots 4 and 7 are empty
BETTORS = {0: 500, 1: 500, 4: 500, 5: 500}
# total -> (the seat the count lands on, the P/D being 1, 8 and 15; the action seat)
COUNTED = {3: 4, 4: 5, 5: 6, 6: 0, 7: 1, 8: 2, 9: 3, 10: 4, 11: 5, 12: 6, 13: 0, 14: 1, 15: 2, 16: 3, 17: 4, 18: 5}
ACTION = {3: 4, 4: 5, 5: 0, 6: 0, 7: 1, 8: 4, 9: 4, 10: 4, 11: 5, 12: 0, 13: 0, 14: 1, 15: 4, 16: 4, 17: 4, 18: 5}


@pytest.mark.parametrize("total", range(3, 19))
def test_every_dice_total_gives_the_first_pile_and_the_action(monkeypatch, total):
    engine, state, events = dealt(monkeypatch, "lucky-derby", pd=PD, bets=BETTORS, total=total)
    assert state.counted == COUNTED[total] and state.action_seat == ACTION[total]
    # The first pile (the deck's first seven cards) went to the counted seat, the rest clockwise;
    # the bank's pile is the P/D's, and empty seats' piles were collected unseen.
    order = list(state.inner.shoe.in_play)
    for k in range(7):
        seat = (COUNTED[total] + k) % 7
        pile = order[7 * k:7 * k + 7]
        if seat == PD:
            assert state.inner.dealer == pile
        elif seat in BETTORS:
            assert state.inner.seats[seat].cards == pile
        else:
            assert not state.inner.seats[seat].cards and set(pile) <= set(state.inner.burn)
    shown = engine.view(state, 0)["player_dealer"]["dice"]
    assert shown["total"] == total and shown["counted_seat"] == COUNTED[total]
    assert shown["on_bank"] == (total in (8, 15)) and shown["bank_counts"] == [1, 8, 15]
    assert shown["action_seat"] == ACTION[total]
    words = next(e.text for e in events if isinstance(e, Note) and e.text.startswith("The dice"))
    assert f"= {total}," in words and f"action begins at Spot {ACTION[total] + 1}" in words
    # Settlement runs clockwise from the action seat (001 s.39-110 rule 7).
    events += finish(engine, state, {0: "house", 1: "house", 4: "house", 5: "house", PD: "house"})
    settled = [e.seat for e in events if isinstance(e, Settlement) and e.bet == "main"]
    clockwise = [s for s in ((ACTION[total] + k) % 7 for k in range(7)) if s in BETTORS]
    assert settled == clockwise
    assert money(events) == 0
    round_trips(engine, state)


def test_a_total_on_the_bank_gives_the_bank_the_action_pile_and_the_next_bettor_the_button(monkeypatch):
    """D-230: 8 or 15 points at the P/D: the bank's hand is the first pile; the button goes to
    the first player on its left with a wager."""
    bank = "Kh Qd 9c 7d 5s 3h 2c"
    _engine, state, _ = dealt(monkeypatch, "crystal-park", pd=4, bets={0: 1000, 6: 1000}, total=8, hands={4: bank})
    assert state.counted == 4 and state.inner.dealer == bank.split()
    assert state.action_seat == 6  # Spot 6 is empty; Spot 7 is next clockwise with a wager


# ---- the bank's hand: the P/D sets it last (D-235, D-472)

BANK_HAND = "As Kd Qh 9s 7c 4d 2h"     # no pair: the house way puts K-Q in front
PLAYER_HAND = "Ac Kc Qd 9d 7h 4s 2s"   # the same ranks: both halves copy when set alike
SPLIT_HAND = "Jh Jd 8c 8d 6h 5c 3c"    # jacks and eights


def test_the_player_dealer_sets_the_bank_hand_after_every_player(monkeypatch):
    engine, state, _ = dealt(monkeypatch, "lucky-derby", pd=0, bets={1: 1000}, total=3,
                             hands={0: BANK_HAND, 1: SPLIT_HAND})
    assert engine.to_act(state) == 1
    with pytest.raises(IllegalAction, match="once every player has set"):
        engine.apply(state, Action("set", 0, "As Kd"), SeededRng(1))
    assert engine.view(state, 0)["paigow"]["bank_to_set"] is None  # the bank's pile stays shut
    finish(engine, state, {1: "house"})
    assert engine.to_act(state) == 0 and {a.kind for a in engine.legal_actions(state, 0)} >= {"set", "house-way"}
    assert not [a for a in engine.legal_actions(state, 1) if a.kind in ("set", "house-way")]
    shown = engine.view(state, 0)["paigow"]["bank_to_set"]
    assert shown["cards"] == BANK_HAND.split() and shown["house_way"]["front"] == ["Kd", "Qh"]
    assert engine.view(state, 1)["paigow"]["bank_to_set"] is None  # only the P/D sees it
    with pytest.raises(IllegalAction, match="player-dealer"):
        engine.apply(state, Action("house-way", 1), SeededRng(1))
    # The P/D may set it its own way: ace-king in front, queen high behind would foul.
    with pytest.raises(IllegalAction, match="fouls"):
        engine.apply(state, Action("set", 0, "As Kd"), SeededRng(1))
    events = engine.apply(state, Action("set", 0, "9s 7c"), SeededRng(1))
    assert state.inner.bank.front == ["9s", "7c"] and not state.inner.bank.by_house_way
    # Jacks and eights split by the house way (J-J behind, 8-8 in front) beat A-K-Q-4-2 and 9-7.
    main = next(e for e in events if isinstance(e, Settlement) and e.bet == "main")
    assert (main.result, main.returned) == ("win", 2000)  # 1 to 1, no commission (D-219)
    assert engine.is_over(state)


def test_a_player_dealer_clock_that_runs_out_sets_the_bank_by_the_house_way(monkeypatch):
    engine, state, _ = dealt(monkeypatch, "double-hand-poker", pd=0, bets={1: 1000}, total=3,
                             hands={0: BANK_HAND, 1: SPLIT_HAND})
    finish(engine, state, {1: "house"})
    timeout = engine.timeout_action(state)
    assert timeout == Action("timeout", SYSTEM_SEAT)
    engine.apply(state, timeout, SeededRng(1))
    assert state.inner.bank.by_house_way and state.inner.bank.front == ["Kd", "Qh"]
    assert engine.is_over(state)


def test_bots_bank_and_set_the_bank_by_the_house_way(monkeypatch):
    engine, state, _ = dealt(monkeypatch, "crystal-park", pd=0, bets={1: 1000}, total=3,
                             hands={0: BANK_HAND, 1: SPLIT_HAND})
    finish(engine, state, {1: "house"})
    assert engine.bot_action(state, 0) == Action("house-way", 0)


# ---- copies go to the bank (D-218)

def test_copies_go_to_the_bank(monkeypatch):
    engine, state, _ = dealt(monkeypatch, "lucky-derby", pd=0, bets={1: 1000, 2: 1000}, total=3,
                             hands={0: BANK_HAND, 1: PLAYER_HAND, 2: SPLIT_HAND})
    events = finish(engine, state, {1: "Kc Qd", 2: "house", 0: "Kd Qh"})
    results = {e.seat: e for e in events if isinstance(e, Settlement) and e.bet == "main"}
    assert results[1].result == "lose" and results[1].returned == 0  # both halves copy: the bank's
    assert state.inner.sets[1].front_result == "copy" and state.inner.sets[1].back_result == "copy"
    assert results[2].result == "win"


def test_a_copy_and_a_win_push(monkeypatch):
    engine, state, _ = dealt(monkeypatch, "crystal-park", pd=0, bets={1: 1000}, total=3,
                             hands={0: BANK_HAND, 1: "Ac Kc Qd 9d 7h 5s 5d"})
    # K-Q in front copies the bank's K-Q (the bank's); A-9-7-5-5 behind beats the bank's ace high: a push.
    events = finish(engine, state, {1: "Kc Qd", 0: "Kd Qh"})
    main = next(e for e in events if isinstance(e, Settlement) and e.bet == "main")
    assert state.inner.sets[1].front_result == "copy" and state.inner.sets[1].back_result == "win"
    assert (main.result, main.returned) == ("push", 1000)


# ---- five aces (D-216)

def test_five_aces_rank_below_the_royal_flush_only_at_double_hand_poker():
    five_aces = card_ids(["As", "Ah", "Ad", "Ac", "JK"])
    royal = card_ids(["Ks", "Qs", "Js", "Ts", "9s"])  # a king-high straight flush: five aces beat it everywhere
    ace_royal = card_ids(["Ah", "Kh", "Qh", "Jh", "Th"])
    for variant in EDITIONS:
        ranking = Ranking.of(rules(variant))
        assert ranking.back_value(five_aces) > ranking.back_value(royal)
        above_royal = ranking.back_value(five_aces) > ranking.back_value(ace_royal)
        assert above_royal == (variant != "double-hand-poker"), variant  # 002 DHP rule 1a


# ---- the bank runs out (D-466) and the fees (001 s.2053, D-483)

def test_the_bank_pays_from_the_action_seat_until_its_stake_runs_out(monkeypatch):
    bank = "Jd 9c 7h 5d 4c 3s 2h"  # jack high: the house way puts 9-7 in front
    winners = {1: "As Ad Ks Kd 8h 6d 3c", 2: "Qs Qd Js Jc 8c 6c 3d", 3: "Th Tc 9h 9d 8d 6h 2d"}
    engine, state, events = dealt(monkeypatch, "lucky-derby", pd=0, bets={1: 500, 2: 500, 3: 500}, total=4,
                                  hands={0: bank, **winners}, stake=700)
    assert state.action_seat == 3  # total 4 from the P/D at Spot 1: Spot 4
    events += finish(engine, state, {1: "house", 2: "house", 3: "house", 0: "house"})
    mains = [e for e in events if isinstance(e, Settlement) and e.bet == "main"]
    assert [(e.seat, e.result, e.returned) for e in mains] == [
        (3, "win", 1000),        # Spot 4 first: paid $5 in full
        (1, "win", 700),         # Spot 2: the $2 left of the stake (D-466)
        (2, NO_ACTION, 500),     # Spot 3: the bank is empty, the wager goes back whole
    ]
    bank_back = next(e for e in events if isinstance(e, Settlement) and e.bet == "bank")
    assert bank_back.returned == 0
    fees = {e.seat: e.amount for e in events if isinstance(e, Fee)}
    assert fees == {0: 100, 1: 100, 2: 100, 3: 100}  # $1 from the bank, $1 a circle (001 s.2053)
    assert money(events) == 0
    round_trips(engine, state)


def test_the_double_hand_poker_table_takes_no_fee_in_its_first_four_hands(monkeypatch):
    _engine, _state, events = dealt(monkeypatch, "double-hand-poker", pd=0, bets={1: 1000}, total=5)
    assert not [e for e in events if isinstance(e, Fee)]  # 002 s.3641-3682, D-492
    assert rules("double-hand-poker")["collection_fee"] == "002-double-hand-poker-1"


@pytest.mark.parametrize("variant", EDITIONS)
def test_collection_fee_choices_are_the_editions_schedules(variant):
    from webgame.games.california import fees

    option = load_game(GAME).variants[variant].options["collection_fee"]
    printed = [s.id for s in fees.schedules_for(f"{GAME}@{variant}") if "jackpot" not in s.id]
    assert option["choices"] == printed and option["default"] == printed[0]
    assert len(option["labels"]) == len(printed)
    assert load_game(GAME).variants[variant].player_banked


def test_the_house_variants_keep_their_own_deal(monkeypatch):
    from webgame.games import registry

    assert not isinstance(registry.engine(GAME, "grand-ronde"), PlayerDealerTable)
    assert isinstance(registry.engine(GAME, "lucky-derby"), PlayerDealerTable)
    with pytest.raises(ValueError, match="seated bank"):
        inner = registry.engine(GAME, "grand-ronde")
        state = inner.new_round(resolve(load_game(GAME).variants["grand-ronde"], None), SeededRng(0), None)
        paigow_table.PAI_GOW_POKER.seat_player_dealer(state, 0, 1)
