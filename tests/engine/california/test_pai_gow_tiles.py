"""Pai Gow tiles at Lucky Chances (002 §11, s.546-981) on the player-dealer table, from stacked
tiles and loaded dice: the dice counted counter-clockwise from the player-dealer (P/D) as 1 over
eight positions give the action stack for every total 3-18 (rule 37, D-478, D-265); the stacks
follow counter-clockwise and settlement too (D-467); the P/D sets the bank's tiles last or the
House Way does on the clock (D-472, D-263); both halves must win, one pushes, copies go to the
bank (rules 3, 14, 59, 60); even money (D-264); the fees and limits of Appendix A2 with the
first four hands free (D-492, D-503); the bank pays only as far as its stake covers (rule 55);
and money is conserved in every hand."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tests.carnival_support import check_legal
from tests.engine.california.pdhelp import pd_engine, seated
from tests.engine.california.test_paigow_player_dealer import LoadedDice, dice_for
from webgame.devices.shoe import Shoe
from webgame.engine.paytable import RulebookLimitError, load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event, Fee, IllegalAction, Note, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.california.table import PlayerDealerState, PlayerDealerTable
from webgame.games.paigow import tiles_table
from webgame.games.paigow.tiles import tile_set

GAME, VARIANT = "pai-gow-tiles", "lucky-chances"
N = 8


def counted_for(pd: int, total: int) -> int:
    """Counter-clockwise from the P/D as 1: engine seat ``s`` is position ``s + 1`` clockwise."""
    return (pd - (total - 1) % N) % N


def order_for(first: int, hands: Mapping[int, str]) -> list[str]:
    """The 32 tiles in dealing order: stack k (four codes, or the next unused tiles) goes to the
    seat k places counter-clockwise from ``first``."""
    used = [c for h in hands.values() for c in h.split()]
    assert len(set(used)) == len(used)
    rest = [c for c in tile_set().codes if c not in used]
    order: list[str] = []
    for k in range(N):
        seat = (first - k) % N
        order += hands[seat].split() if seat in hands else [rest.pop(0) for _ in range(4)]
    assert sorted(order) == sorted(tile_set().codes)
    return order


def rules(**options: Any) -> dict[str, Any]:
    return resolve(load_game(GAME).variants[VARIANT], {"options": options} if options else None)


def dealt(monkeypatch: pytest.MonkeyPatch, *, pd: int, bets: Mapping[int, int], total: int,
          hands: Mapping[int, str] | None = None, stake: int = 100000, hands_dealt: int = 0,
          table_rules: dict[str, Any] | None = None,
          ) -> tuple[PlayerDealerTable, PlayerDealerState, list[Event]]:
    order = order_for(counted_for(pd, total), hands or {})

    def stacked(carry: Mapping[str, Any] | None, rng: Any) -> Shoe:
        return Shoe(decks=1, size=32, cut_at=32, remaining=list(order), shuffle_no=1, rounds_since_shuffle=1)

    monkeypatch.setattr(tiles_table, "new_tiles", stacked)
    engine = pd_engine(GAME, VARIANT)
    state = seated(engine, table_rules or rules(), sorted([pd, *bets]))
    state.hands_dealt = hands_dealt
    rng = SeededRng(1)
    while engine.to_act(state) != pd:  # the offer goes round: decline until the P/D's turn
        engine.apply(state, Action("decline", engine.to_act(state) or 0), rng)
    events = engine.apply(state, Action("bank", pd, "", stake), rng)
    for seat, amount in bets.items():
        events += engine.apply(state, Action("bet", seat, "main", amount), rng)
    events += engine.apply(state, Action("deal", next(iter(bets))), LoadedDice(dice_for(total)))
    assert state.dice and sum(state.dice) == total
    return engine, state, events


def finish(engine: PlayerDealerTable, state: PlayerDealerState, moves: Mapping[int, str]) -> list[Event]:
    """Each seat's low hand (two codes) or "house"; the P/D's under its own seat, last."""
    events: list[Event] = []
    for seat, low in moves.items():
        kind, spot = ("house-way", "") if low == "house" else ("set", low)
        events += engine.apply(state, Action(kind, seat, spot), SeededRng(2))
    return events


def money(events: Sequence[Event]) -> int:
    return sum(e.amount for e in events if isinstance(e, Stake)) - sum(
        e.returned for e in events if isinstance(e, Settlement))


def main_results(events: Sequence[Event]) -> dict[int, Settlement]:
    return {e.seat: e for e in events if isinstance(e, Settlement) and e.bet == "main"}


# ---- the dice: every total 3-18, counted counter-clockwise over eight positions ---------

PD = 3  # Spot 4 banks; Spots 1, 2, 6 and 7 bet; Spots 3, 5 and 8 are empty
BETTORS = {0: 1000, 1: 1000, 5: 1000, 6: 1000}


@pytest.mark.parametrize("total", range(3, 19))
def test_every_dice_total_gives_the_action_stack_counter_clockwise(monkeypatch, total):
    engine, state, events = dealt(monkeypatch, pd=PD, bets=BETTORS, total=total)
    counted = counted_for(PD, total)
    # The P/D is 1, 9 and 17: those totals give the bank the action stack (rule 37, D-478).
    assert (counted == PD) == (total in (9, 17))
    assert state.counted == counted
    ccw = [(counted - k) % N for k in range(N)]
    action = next(s for s in ccw if s in BETTORS)
    assert state.action_seat == action  # on the bank or an empty seat: the next bettor counter-clockwise
    order = list(state.inner.shoe.in_play)
    for k, seat in enumerate(ccw):
        stack = order[4 * k:4 * k + 4]
        if seat == PD:
            assert state.inner.dealer == stack
        elif seat in BETTORS:
            assert state.inner.seats[seat].cards == stack
        else:
            assert not state.inner.seats[seat].cards and set(stack) <= set(state.inner.burn)
    shown = engine.view(state, 0)["player_dealer"]["dice"]
    assert shown["total"] == total and shown["direction"] == "counter-clockwise"
    assert shown["bank_counts"] == [1, 9, 17]
    assert any(isinstance(e, Note) and "counter-clockwise" in e.text for e in events)
    events += finish(engine, state, {0: "house", 1: "house", 5: "house", 6: "house", PD: "house"})
    settled = [e.seat for e in events if isinstance(e, Settlement) and e.bet == "main"]
    # Settlement runs counter-clockwise from the action seat (rule 37, D-467).
    assert settled == [s for s in ((action - k) % N for k in range(N)) if s in BETTORS]
    assert money(events) == 0
    again = engine.load(json.loads(json.dumps(engine.dump(state))))
    assert engine.dump(again) == engine.dump(state)


# ---- setting the tiles -----------------------------------------------------------------

BANK = "66a 16a 13a 15a"     # Teen + Tit = 9, Teen high; Gor + Look = 0
WINNER = "44a 44b 22a 12"     # pair of Yun; Bon + Gee Joon = 7
COPY_HIGH = "66b 34 55a 56a"   # Teen + Chop Chit = 9, Teen high (a copy); Mooy + Foo = 1
ZERO_LOW = "66b 34 55a 46a"    # a copy high; Mooy + Ping = 0 against the bank's 0: a copy


def test_the_player_dealer_sets_the_bank_tiles_after_every_player(monkeypatch):
    engine, state, _ = dealt(monkeypatch, pd=0, bets={1: 1000}, total=3, hands={0: BANK, 1: WINNER})
    assert engine.to_act(state) == 1
    with pytest.raises(IllegalAction, match="once every player has set"):
        engine.apply(state, Action("house-way", 0), SeededRng(1))
    assert engine.view(state, 0)["tiles"]["bank_to_set"] is None  # the bank's stack stays shut
    assert engine.view(state, 0)["dealer"]["cards"] == [None] * 4
    assert engine.view(state, 0)["seats"][1]["cards"] == [None] * 4  # another player's tiles too
    finish(engine, state, {1: "22a 12"})
    assert engine.to_act(state) == 0
    shown = engine.view(state, 0)["tiles"]["bank_to_set"]
    assert shown["tiles"] == BANK.split()
    assert engine.view(state, 1)["tiles"]["bank_to_set"] is None  # only the P/D sees it
    assert engine.view(state, 1)["dealer"]["cards"] == [None] * 4
    with pytest.raises(IllegalAction, match="fouls"):  # Teen + Tit (9) low over Gor + Look (0)
        engine.apply(state, Action("set", 0, "66a 16a"), SeededRng(1))
    events = engine.apply(state, Action("set", 0, "13a 15a"), SeededRng(1))
    assert state.inner.bank.front == ["13a", "15a"] and not state.inner.bank.by_house_way
    main = main_results(events)[1]
    assert (main.result, main.returned) == ("win", 2000)  # both halves win: 1 to 1 (D-264)
    assert state.inner.sets[1].back_result == "win" and state.inner.sets[1].front_result == "win"
    assert engine.is_over(state)
    # Everything is open once the hand is over.
    assert engine.view(state, 4)["dealer"]["cards"] == BANK.split()


def test_a_player_cannot_commit_a_foul_and_sees_every_choice(monkeypatch):
    engine, state, _ = dealt(monkeypatch, pd=0, bets={1: 1000}, total=3, hands={0: BANK, 1: WINNER})
    with pytest.raises(IllegalAction, match="fouls"):  # the pair of Yun in the low hand
        engine.apply(state, Action("set", 1, "44a 44b"), SeededRng(1))
    with pytest.raises(IllegalAction):
        engine.apply(state, Action("set", 1, "44a 66a"), SeededRng(1))  # not one of the four
    choices = engine.view(state, 1)["tiles"]["seats"][1]["choices"]
    fouls = {" ".join(o["low"]) for o in choices["options"] if o["foul"]}
    assert "44a 44b" in fouls and "12 22a" not in fouls and len(choices["options"]) == 6
    assert choices["house_way"]["high"] == ["44a", "44b"]
    assert "choices" not in engine.view(state, 2)["tiles"]["seats"].get(1, {})
    # Every setting the table lists is one it takes, and it lists every one that does not foul.
    listed = {a.spot for a in engine.legal_actions(state, 1) if a.kind == "set"}
    assert listed == {" ".join(o["low"]) for o in choices["options"] if not o["foul"]}
    check_legal(tiles_table.PAI_GOW_TILES, state.inner, [1])


def test_a_clock_that_runs_out_sets_by_the_house_way_and_bots_use_it(monkeypatch):
    engine, state, _ = dealt(monkeypatch, pd=0, bets={1: 1000}, total=3, hands={0: BANK, 1: WINNER})
    assert engine.bot_action(state, 1) == Action("house-way", 1)
    engine.apply(state, engine.timeout_action(state), SeededRng(1))
    assert state.inner.sets[1].by_house_way and set(state.inner.sets[1].back) == {"44a", "44b"}
    assert engine.bot_action(state, 0) == Action("house-way", 0)
    timeout = engine.timeout_action(state)
    assert timeout == Action("timeout", SYSTEM_SEAT)
    engine.apply(state, timeout, SeededRng(1))
    # D-263 on the bank's four: Teen + Tit 9 / Gor + Look 0, Tit + Look 7 / Teen + Gor 0, or
    # Teen + Look 8 / Tit + Gor 1: every high hand is 7 or better, and the strongest low is the 1.
    assert state.inner.bank.by_house_way and set(state.inner.bank.front) == {"16a", "13a"}
    assert engine.is_over(state)


def test_copies_go_to_the_bank_and_one_win_pushes(monkeypatch):
    engine, state, _ = dealt(monkeypatch, pd=0, bets={1: 1000, 2: 1000}, total=3,
                             hands={0: BANK, 1: COPY_HIGH, 2: "11a 11b 55b 56b"})
    events = finish(engine, state, {1: "55a 56a", 2: "55b 56b", 0: "13a 15a"})
    results = main_results(events)
    # Spot 2: Teen + Chop Chit copies the bank's 9 (the bank's); Mooy + Foo 1 beats its 0: push.
    assert state.inner.sets[1].back_result == "copy" and state.inner.sets[1].front_result == "win"
    assert (results[1].result, results[1].returned) == ("push", 1000)
    # Spot 3: a pair of Days beats 9; 1 beats 0: a win.
    assert results[2].result == "win"


def test_zero_against_zero_and_a_copy_lose(monkeypatch):
    engine, state, _ = dealt(monkeypatch, pd=0, bets={1: 1000}, total=3, hands={0: BANK, 1: ZERO_LOW})
    events = finish(engine, state, {1: "55a 46a", 0: "13a 15a"})
    assert state.inner.sets[1].front_result == "copy" and state.inner.sets[1].back_result == "copy"
    assert (main_results(events)[1].result, main_results(events)[1].returned) == ("lose", 0)


# ---- fees, limits and coverage ---------------------------------------------------------

def test_the_first_four_hands_are_free_then_appendix_a2_applies(monkeypatch):
    _, _, events = dealt(monkeypatch, pd=0, bets={1: 1000, 2: 30000}, total=3, hands_dealt=3)
    assert not [e for e in events if isinstance(e, Fee)]  # rule 61, D-492
    _, _, events = dealt(monkeypatch, pd=0, bets={1: 1000, 2: 30000}, total=3, hands_dealt=4)
    fees = {e.seat: e.amount for e in events if isinstance(e, Fee)}
    # Option 1: $10-$200 pays $1, $201-$400 pays $2; the bank pays $2 a hand (002 s.3727-3774).
    assert fees == {1: 100, 2: 200, 0: 200}


def test_limits_follow_the_posted_schedule(monkeypatch):
    engine = pd_engine(GAME, VARIANT)
    # The posted schedule binds the table (D-004, P-034): option 6 ($40-$5,000) lifts the
    # default $10-$400 to $40-$400, and refuses a maximum above $5,000.
    with pytest.raises(RulebookLimitError):
        resolve(load_game(GAME).variants[VARIANT], {"options": {"collection_fee": "002-pai-gow-tiles-6"},
                                                    "limits": {"main": {"min": 4000, "max": 600000}}})
    for option, low, high in (("002-pai-gow-tiles-1", 1000, 40000), ("002-pai-gow-tiles-6", 4000, 40000)):
        table = rules(collection_fee=option)
        assert table["limits"]["main"] == {"min": low, "max": high}
        state = seated(engine, table, [0, 1])
        rng = SeededRng(1)
        while engine.to_act(state) != 0:
            engine.apply(state, Action("decline", engine.to_act(state) or 0), rng)
        engine.apply(state, Action("bank", 0, "", 10**6), rng)
        with pytest.raises(IllegalAction):
            engine.apply(state, Action("bet", 1, "main", high + 100), rng)


def test_the_bank_pays_only_as_far_as_its_stake_covers(monkeypatch):
    """Rule 55: settled counter-clockwise from the action stack until the stake runs out. The
    dice (3) count to Spot 7; the first bettor counter-clockwise from it is Spot 2, then Spot 8."""
    hands = {0: BANK, 1: WINNER, 7: "11a 11b 56a 56b"}  # Spot 8: pair of Days high, pair of Foo low
    engine, state, events = dealt(monkeypatch, pd=0, bets={1: 1000, 7: 1000}, total=3, stake=1500, hands=hands)
    assert state.counted == 6 and state.action_seat == 1
    events += finish(engine, state, {1: "house", 7: "house", 0: "13a 15a"})
    paid = [(e.seat, e.result, e.stake, e.returned) for e in events if isinstance(e, Settlement) and e.seat in (1, 7)]
    assert paid[0] == (1, "win", 1000, 2000)  # the action seat first: paid in full, 500 left
    assert paid[1] == (7, "win", 1000, 1500)  # Spot 8 wins too: only the 500 left is paid (rule 55)
    assert state.paid == 1500 and not state.held
    assert money(events) == 0


def test_every_wager_may_be_bet_behind_and_the_most_money_sets_the_tiles():
    engine = pd_engine(GAME, VARIANT)
    ed = engine.edition(rules())
    assert (ed.backline, ed.control) == ("all", "most-money")  # D-474, rule 41 (D-475); rule 42: P-243


@pytest.mark.parametrize(("option", "bets", "player_fees", "bank_fee"), [
    # Option 7 ($100-$5,000): $1 to $1,000, $2 to $2,000 ...; the bank $3 on up to $4,000 of
    # table action, $5 above (002 s.3727-3774).
    ("002-pai-gow-tiles-7", {2: 100000, 3: 300000}, {2: 100, 3: 300}, 300),
    ("002-pai-gow-tiles-7", {2: 100100, 3: 300000}, {2: 200, 3: 300}, 500),
    # Option 8 ($200-$6,000): $2 to $2,000, then $1 a $1,000; the bank $3, or $6 above $4,000.
    ("002-pai-gow-tiles-8", {2: 20000, 3: 600000}, {2: 200, 3: 600}, 600),
    # Option 9 (No Limit): $1 to $1,000, $2 above it (D-503); the bank $5 a hand.
    ("002-pai-gow-tiles-9", {2: 100000, 3: 100100}, {2: 100, 3: 200}, 500),
])
def test_the_larger_a2_options(option, bets, player_fees, bank_fee):
    from webgame.games.california import fees

    wagers = [fees.Wager(seat, seat, "main", amount, False) for seat, amount in bets.items()]
    taken = fees.collect(fees.schedule(option), wagers, 1, hands_since_open=10)
    assert taken.player_dealer is not None and taken.player_dealer.amount == bank_fee
    assert {f.seat: f.amount for f in taken.players} == player_fees
    assert not fees.collect(fees.schedule(option), wagers, 1, hands_since_open=0).players  # D-492


def test_the_no_limit_option_posts_no_maximum():
    table = resolve(load_game(GAME).variants[VARIANT], {"options": {"collection_fee": "002-pai-gow-tiles-9"},
                                                        "limits": {"main": {"min": 2000, "max": 5000000}}})
    assert table["limits"]["main"] == {"min": 2000, "max": 5000000}
