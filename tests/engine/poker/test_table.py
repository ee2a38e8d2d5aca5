"""The poker room's table on the Game protocol (games/poker/table.py): the money a hand moves
(stakes into the pot, the house's take out of it, one settlement per seat), the Bad Beat
Jackpot's award from its meter, and a round replayed from its journal."""

from __future__ import annotations

from typing import Any

from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Drop, MeterMove, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.poker import table as poker_table
from webgame.games.poker.table import TEXAS_HOLDEM, PokerState

# Seats 0-3 dealt in from the seat after the button (room seat 4 = table seat 3): hole cards one
# at a time, then burn and flop, burn and turn, burn and river.
BAD_BEAT = ["As", "Kh", "3c", "9h", "Ad", "Ks", "8d", "Tc", "2c", "Ac", "Kc", "Kd", "3d", "7s", "4c", "2h"]
FUND = 250_000


def table_state(monkeypatch, order: list[str], options: dict[str, Any] | None = None,
                meter: int = FUND, variant: str = "grand-ronde") -> tuple[PokerState, list[Any]]:
    rest = [c for c in poker_table.shuffled_deck(SeededRng(b"rest")) if c not in order]
    monkeypatch.setattr(poker_table, "shuffled_deck", lambda rng: list(order) + rest)
    jackpot = {"bad-beat-jackpot": True} if variant == "grand-ronde" else {}
    rules = resolve(load_game("texas-holdem").variants[variant], {"options": {**jackpot, **(options or {})}})
    rules["meters"] = {"bad-beat": meter}
    rng = SeededRng(b"table")
    state = TEXAS_HOLDEM.new_round(rules, rng, None)
    for seat in range(4):
        TEXAS_HOLDEM.apply(state, Action("owner", seat, str(seat + 10), 20_000), rng)
    state.room.button = 4  # table seat 3 deals: seat 0 the small blind, seat 1 the big blind
    events = TEXAS_HOLDEM.apply(state, Action("deal"), rng)
    return state, events


def check_down(state: PokerState) -> list[Any]:
    events: list[Any] = []
    rng = SeededRng(b"moves")
    for _ in range(80):
        seat = TEXAS_HOLDEM.to_act(state)
        if seat is None:
            break
        kinds = {a.kind for a in TEXAS_HOLDEM.legal_actions(state, seat)}
        events += TEXAS_HOLDEM.apply(state, Action("check" if "check" in kinds else "call", seat), rng)
    assert TEXAS_HOLDEM.is_over(state)
    return events


def test_a_hand_moves_every_chip_through_the_pot_and_the_take(monkeypatch):
    state, events = table_state(monkeypatch, BAD_BEAT, meter=FUND)
    events += check_down(state)
    staked = sum(e.amount for e in events if isinstance(e, Stake))
    pot = [e for e in events if isinstance(e, Settlement) and e.bet == "pot"]
    drops = [e for e in events if isinstance(e, Drop)]
    assert {e.seat for e in pot} == {0, 1, 2, 3} and sum(e.stake for e in pot) == staked
    # 000's rake (5 %, D-412) and the jackpot's $1 drop with four dealt in and a flop (D-421)
    assert {d.account for d in drops} == {"rake", "jackpot:bad-beat"}
    rake = next(d.amount for d in drops if d.account == "rake")
    assert rake == staked * 5 // 100
    assert sum(e.returned for e in pot) + sum(d.amount for d in drops) == staked


def test_aces_full_beaten_by_four_kings_pays_the_bad_beat_jackpot(monkeypatch):
    state, events = table_state(monkeypatch, BAD_BEAT)
    events += check_down(state)
    awards = {e.seat: e for e in events if isinstance(e, Settlement) and e.bet == "bad-beat"}
    # 000 s.913-915: half to the losing hand, a quarter to the winner, the rest to the others
    assert awards[0].returned == FUND // 2 and awards[1].returned == FUND // 4
    assert awards[2].returned + awards[3].returned == FUND - FUND // 2 - FUND // 4
    moves = [e for e in events if isinstance(e, MeterMove)]
    assert [(m.direction, m.amount) for m in moves] == [("out", FUND), ("in", 100_000)]  # reset to its seed


def test_no_jackpot_where_the_operator_turned_it_off(monkeypatch):
    state, events = table_state(monkeypatch, BAD_BEAT, options={"bad-beat-jackpot": False})
    events += check_down(state)
    assert not [e for e in events if isinstance(e, MeterMove)]
    assert {d.account for d in events if isinstance(d, Drop)} == {"rake"}


def test_a_kicker_off_the_board_is_no_bad_beat(monkeypatch):
    # The loser's aces full uses only one hole card (the board pairs the aces): no award.
    order = ["As", "Kh", "3c", "9h", "5d", "Ks", "8d", "Tc", "2c", "Ac", "Ad", "Kc", "3d", "7s", "4c", "Kd"]
    state, events = table_state(monkeypatch, order)
    events += check_down(state)
    assert not [e for e in events if isinstance(e, Settlement) and e.bet == "bad-beat"]


def test_the_round_replays_from_its_journal(monkeypatch):
    state, _ = table_state(monkeypatch, BAD_BEAT)
    check_down(state)
    again, _ = table_state(monkeypatch, BAD_BEAT)
    check_down(again)
    assert TEXAS_HOLDEM.dump(state) == TEXAS_HOLDEM.dump(again)
    assert TEXAS_HOLDEM.load(TEXAS_HOLDEM.dump(state)) == state


def test_crystal_parks_big_o_waits_for_a_third_player():
    from webgame.engine.protocol import IllegalAction
    from webgame.games.poker.table import BIG_O

    rules = resolve(load_game("big-o").variants["crystal-park"], {})
    rng = SeededRng(b"big-o")
    state = BIG_O.new_round(rules, rng, None)
    for seat in range(2):
        BIG_O.apply(state, Action("owner", seat, str(seat + 10), 20_000), rng)
    try:
        BIG_O.apply(state, Action("deal"), rng)
    except IllegalAction as exc:
        assert "3 or more" in str(exc)
    else:
        raise AssertionError("two players were dealt a Crystal Park Big O hand")
    BIG_O.apply(state, Action("owner", 2, "12", 20_000), rng)
    BIG_O.apply(state, Action("deal"), rng)
    assert state.phase == "hand" and len(state.hand.players) == 3


def kill_table(kill: str, winner: int) -> PokerState:
    """Lucky Chances' limit Hold'em (002 §1) with the operator's kill, two players dealt in, after
    a hand that ``winner`` (or -1: nobody) took whole."""
    rules = resolve(load_game("texas-holdem").variants["lc-limit"], {"options": {"kill": kill}})
    rng = SeededRng(b"kill")
    state = TEXAS_HOLDEM.new_round(rules, rng, {"kill": winner})
    for seat in range(2):
        TEXAS_HOLDEM.apply(state, Action("owner", seat, str(seat + 10), 20_000), rng)
    TEXAS_HOLDEM.apply(state, Action("deal"), rng)
    return state


def test_a_kill_hand_raises_the_limits_and_the_winner_posts_the_kill_blind():
    normal = kill_table("none", 1).hand
    half, full = kill_table("half", 1).hand, kill_table("full", 1).hand
    assert not [f for f in normal.forced if f.kind == "kill"]
    # D-427: ½ kill x1.5, full kill x2; the kill blind is the raised big blind, live
    assert [(f.seat, f.amount) for f in half.forced if f.kind == "kill"] == [(1, normal.structure.big_blind * 3 // 2)]
    assert [(f.seat, f.amount) for f in full.forced if f.kind == "kill"] == [(1, normal.structure.big_blind * 2)]
    assert half.structure.bets == tuple(b * 3 // 2 for b in normal.structure.bets)
    assert kill_table("half", -1).hand.structure.bets == normal.structure.bets


def test_only_a_whole_pot_of_ten_big_bets_triggers_the_kill():
    from webgame.games.poker.hand import Award
    from webgame.games.poker.table import _kill_seat

    state = kill_table("half", -1)
    big_bet = state.hand.structure.bets[-1]
    whole = [Award(0, 0, "whole", 10 * big_bet, {0: 10 * big_bet}, {})]
    split = [Award(0, 0, "high", 5 * big_bet, {0: 5 * big_bet}, {}), Award(0, 0, "low", 5 * big_bet, {1: 5 * big_bet}, {})]
    assert _kill_seat(state, whole, 10 * big_bet) == 0
    assert _kill_seat(state, whole, 10 * big_bet - 1) == -1  # under ten big bets
    assert _kill_seat(state, split, 10 * big_bet) == -1  # a split pot is no kill (D-427)
    assert _kill_seat(kill_table("none", -1), whole, 10 * big_bet) == -1


def test_a_silent_clock_runs_it_once(monkeypatch):
    # Both all in before the flop: the vote to run it twice waits, and a clock says no (D-457).
    state, _ = table_state(monkeypatch, BAD_BEAT, variant="nl-procedure")  # 001 §12 offers it
    rng = SeededRng(b"all-in")
    for _ in range(8):
        seat = TEXAS_HOLDEM.to_act(state)
        if seat is None or state.hand.phase != "betting":
            break
        kinds = {a.kind: a for a in TEXAS_HOLDEM.legal_actions(state, seat)}
        move = kinds.get("raise") or kinds.get("bet")
        if move is not None and move.max > state.hand.current:
            TEXAS_HOLDEM.apply(state, Action(move.kind, seat, "", move.max), rng)
        else:
            TEXAS_HOLDEM.apply(state, Action("call" if "call" in kinds else "fold", seat), rng)
    assert state.hand.phase == "run-vote"
    move = TEXAS_HOLDEM.timeout_action(state)
    assert (move.kind, move.spot) == ("run-twice", "no")


def test_the_operator_chooses_the_house_bots_style() -> None:
    """P-309: all tight, all loose, or both in turn by the bot's player id."""
    from webgame.engine.paytable import load_game, resolve
    from webgame.games.poker.table import bot_style

    rules = resolve(load_game("omaha").variants["chapter4"])
    assert rules["bot_style"] == "mixed"
    assert [bot_style(rules, o) for o in ("7", "8")] == ["loose", "tight"]
    for style in ("tight", "loose"):
        chosen = resolve(load_game("omaha").variants["chapter4"], {"options": {"bot_style": style}})
        assert {bot_style(chosen, o) for o in ("7", "8")} == {style}
