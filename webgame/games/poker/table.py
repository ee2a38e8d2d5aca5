"""The poker room's table on the Game protocol: one round is one hand.

A round opens in its ``seating`` phase: the services tell it who sits where and the chips each
seat holds (table stakes, ``owner_stacks``); a seated player may sit out, come back, or deal
the hand, and the table deals it when its window closes. ``deal`` draws for the button the
first time (:func:`seating.button_draw`), plans the hand (:func:`seating.plan_hand`: who is dealt
in and every forced bet), takes the collections due before the cards (:mod:`take`), and starts
the hand on pokerkit (:mod:`hand`). Each chip a seat puts in is a ``Stake`` on its ``pot``
wager; when the hand is over the house's take leaves the pot as ``Drop`` events and every
seat dealt in gets one ``Settlement`` of its ``pot`` wager (what it put in, what it won), so
the table's pot account is empty again (services/rounds.py). The room (button, blinds owed,
who sits out) is carried to the next hand.

Seats: the services number a table's seats from 0; the room numbers them from 1 (its 0 is
"none"), so :func:`_r` and :func:`_t` translate at the boundary.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import state as state_io
from ...engine.cards import RANKS, SUITS
from ...engine.money import fmt
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Drop,
    Event,
    Fee,
    GameBase,
    IllegalAction,
    Legal,
    MeterMove,
    Note,
    Stake,
    settle_once,
)
from ...engine.rng import Rng, SeededRng
from . import bots, draw, hand, history, stud, take
from . import room as seating
from .games import kind_from_rules
from .room import table_option
from .structures import from_rules as structure_of
from .structures import scaled

METER = "bad-beat"  # the Bad Beat Jackpot's meter (house-take.toml [jackpot.bad-beat])
BAD_BEAT = "bad-beat"  # a seat's share of a Bad Beat Jackpot award
TIME_BANK_S = 60  # D-239: a seat's time bank for the session at the table [configurable]
TIME_BANK_DRAW_S = 20  # what one passed clock draws from it
POT = "pot"  # the one wager of a seat in a hand: everything it put in (services.rounds.POT_BET)
SEATING, HAND, OVER = "seating", "hand", "over"


def _r(seat: int) -> int:
    """A table seat (from 0) as the room numbers it (from 1)."""
    return seat + 1


def _t(seat: int) -> int:
    """A room seat (from 1) as the table numbers it (from 0)."""
    return seat - 1


@dataclass
class PokerState:
    rules: dict[str, Any]
    room: seating.Room
    phase: str = SEATING
    owners: dict[str, str] = field(default_factory=dict)   # table seat -> player id
    stacks: dict[str, int] = field(default_factory=dict)   # table seat -> chips when told
    plan: seating.HandPlan | None = None
    hand: hand.HandState | None = None
    draw: list[list[Any]] = field(default_factory=list)    # the button draw: [table seat, card]
    fees: list[dict[str, Any]] = field(default_factory=list)    # collected from chips before the cards
    take: list[dict[str, Any]] = field(default_factory=list)    # taken from the pot at the end
    put_in: dict[str, int] = field(default_factory=dict)   # table seat -> cents staked so far
    settled: list[str] = field(default_factory=list)
    results: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    awards: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    time_bank: dict[str, int] = field(default_factory=dict)  # table seat -> seconds left this session
    kill: int = -1  # the table seat whose whole-pot win makes the next hand a kill hand (D-427), or -1
    at_deal: list[list[Any]] = field(default_factory=list)  # stud: [account, cents, memo] taken from the antes


def shuffled_deck(rng: Rng) -> list[str]:
    """A fresh 52-card deck in the order the round's randomness shuffles it (tests stack it)."""
    deck = [r + s for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    return deck


class PokerTable(GameBase[PokerState]):
    """One board game of the poker room (its ``slug``); every variant is data."""

    family = "poker"
    opening_actions = ("deal", "sit-out", "sit-in", "post", "straddle", "bomb-pot", "bomb-pot-yes")
    seat_owner_action = "owner"
    window_closes_with = "deal"
    pot_banked = True
    owner_stacks = True
    opens_itself = 5  # seconds to read the last hand's result before the next is dealt

    def __init__(self, slug: str, name: str) -> None:
        self.slug = slug
        self.name = name

    # -- the round's life -----------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> PokerState:
        rr = seating.RoomRules.from_rules(rules)
        data = (carry or {}).get("room")
        the_room = state_io.load(seating.Room, data) if data else seating.Room(max_seats=rr.max_seats)
        banks = {str(k): int(v) for k, v in ((carry or {}).get("time_bank") or {}).items()}
        return PokerState(rules=dict(rules), room=the_room, time_bank=banks, kill=int((carry or {}).get("kill", -1)))

    def carry(self, state: PokerState) -> dict[str, Any]:
        return {"room": state_io.dump(state.room), "time_bank": dict(state.time_bank), "kill": state.kill}

    def time_bank(self, state: PokerState, seat: int) -> int:
        if state.phase != HAND or self.to_act(state) != seat:
            return 0
        return min(state.time_bank.get(str(seat), 0), TIME_BANK_DRAW_S)

    def can_open(self, carry: Mapping[str, Any] | None, seated: int) -> bool:
        return seated >= 2

    def buy_in_refusal(self, rules: Mapping[str, Any], holding: int, amount: int,
                       earlier: Sequence[tuple[str, str]] = (), today: str = "") -> str:
        return seating.buy_in_refusal(seating.RoomRules.from_rules(rules), holding, amount, earlier, today)

    def buy_in_memo(self, rules: Mapping[str, Any], holding: int, amount: int) -> str:
        return seating.buy_in_kind(seating.RoomRules.from_rules(rules), holding, amount)

    def bot_bankroll(self, rules: Mapping[str, Any]) -> tuple[int, int] | None:
        # A bot buys in like a player once it holds less than the minimum: a hundred big
        # blinds (at least twice the minimum), never over the table's maximum.
        rr = seating.RoomRules.from_rules(rules)
        low, high = seating.buy_in_bounds(rr)
        target = max(2 * low, 100 * rr.big_blind)
        return low, min(high, target) if high else target

    def takes_owners(self, state: PokerState) -> bool:
        return state.phase == SEATING

    def dump(self, state: PokerState) -> dict[str, Any]:
        return state_io.dump(state)

    def load(self, data: Mapping[str, Any]) -> PokerState:
        return state_io.load(PokerState, data)

    def is_over(self, state: PokerState) -> bool:
        return state.phase == OVER

    def to_act(self, state: PokerState) -> int | None:
        if state.phase != HAND or state.hand is None:
            return None
        return hand.to_act(state.hand)

    def seat_dealt_in(self, state: PokerState, seat: int) -> bool:
        return state.phase == HAND and seat in self._dealt(state)

    # -- what a seat may do ---------------------------------------------------------------
    def legal_actions(self, state: PokerState, seat: int) -> list[Legal]:
        if state.phase == SEATING:
            out = [Legal("deal", label="Deal the next hand")]
            sat = next((s for s in state.room.seats if s.seat == _r(seat)), None)
            if sat is not None and sat.status == seating.SITTING_OUT:
                out.append(Legal("sit-in", label="Sit in"))
            else:
                out.append(Legal("sit-out", label="Sit out"))
            rr = seating.RoomRules.from_rules(state.rules)
            if sat is not None and sat.status == seating.NEW and not sat.post and state.room.hands_dealt \
                    and seating.may_post(state.room, rr):
                out.append(Legal("post", label="Post a big blind to play now"))
            if sat is not None and rr.straddle and state.room.straddle_seat != _r(seat) \
                    and _left_of_big_blind(state) == _r(seat):
                out.append(Legal("straddle", label=f"Straddle the next hand ({fmt(2 * rr.big_blind)})"))
            if sat is not None and rr.bomb_pot:
                if not state.room.bomb_amount:
                    top = rr.big_bet if rr.limit and rr.big_bet else 10 * rr.big_blind
                    out.append(Legal("bomb-pot", "", rr.big_blind, top, "Propose a bomb pot"))
                elif _r(seat) not in state.room.bomb_yes:
                    out.append(Legal("bomb-pot-yes", label=f"Join the {fmt(state.room.bomb_amount)} bomb pot"))
            return out
        if state.phase == HAND and state.hand is not None:
            return list(hand.legal(state.hand, seat))
        return []

    def apply(self, state: PokerState, action: Action, rng: Rng) -> list[Event]:
        kind = action.kind
        if kind == "owner":
            return self._owner(state, action)
        if kind == "time-bank" and action.seat == SYSTEM_SEAT:
            left = state.time_bank.get(action.spot, 0)
            state.time_bank[action.spot] = max(left - int(action.amount), 0)
            return [Note(f"Seat {int(action.spot) + 1} is on the time bank.")]
        if state.phase == SEATING:
            if kind == "deal":
                return self._deal(state, rng)
            if kind in ("sit-out", "sit-in", "post", "straddle", "bomb-pot", "bomb-pot-yes"):
                offered = [a for a in self.legal_actions(state, action.seat) if a.kind == kind]
                if offered and offered[0].max and not offered[0].min <= action.amount <= offered[0].max:
                    raise IllegalAction(f"Choose between {fmt(offered[0].min)} and {fmt(offered[0].max)}.")
                return self._seat_choice(state, action)
            raise IllegalAction("The next hand has not been dealt yet.")
        if state.phase != HAND or state.hand is None:
            raise IllegalAction("This hand is over.")
        if kind in self.opening_actions:
            raise IllegalAction("A hand is in play: that waits until it is over.")
        legal = [a for a in hand.legal(state.hand, action.seat) if a.kind == kind]
        if not legal:
            raise IllegalAction("That move is not open to your seat right now.")
        bounds = legal[0]
        if kind in ("bet", "raise") and not bounds.min <= action.amount <= bounds.max:
            raise IllegalAction(f"{'Bet' if kind == 'bet' else 'Raise to'} between {fmt(bounds.min)} and "
                                f"{fmt(bounds.max)}.")
        said = [_spoken(text) for text in hand.act(state.hand, action.seat, kind, action.amount, action.spot)]
        events: list[Event] = [Note(text) for text in said]
        state.notes += said
        events += self._stakes(state)
        if hand.is_over(state.hand):
            events += self._finish(state)
        return events

    def _owner(self, state: PokerState, action: Action) -> list[Event]:
        key = str(action.seat)
        if not action.spot:
            state.owners.pop(key, None)
            state.stacks.pop(key, None)
            if any(s.seat == _r(action.seat) for s in state.room.seats):
                seating.leave(state.room, _r(action.seat))
            return []
        state.owners[key] = action.spot
        state.stacks[key] = max(int(action.amount), 0)
        sat = next((s for s in state.room.seats if s.seat == _r(action.seat)), None)
        if sat is not None and sat.player != action.spot:
            seating.leave(state.room, _r(action.seat))
            sat = None
        if sat is None:
            state.time_bank[key] = int(state.rules.get("time_bank_s", TIME_BANK_S))  # a new session
            seating.sit(state.room, _r(action.seat), action.spot, seating.RoomRules.from_rules(state.rules),
                     int(state.rules.get("opened_at", 0)))
        return []

    def _seat_choice(self, state: PokerState, action: Action) -> list[Event]:
        seat = _r(action.seat)
        if not any(s.seat == seat for s in state.room.seats):
            raise IllegalAction("Nobody sits in that seat.")
        if action.kind == "sit-out":
            seating.sit_out(state.room, seat)
            return [Note(f"Seat {action.seat + 1} sits out.", action.seat)]
        if action.kind == "sit-in":
            seating.sit_in(state.room, seat, post=True)
            return [Note(f"Seat {action.seat + 1} is back.", action.seat)]
        if action.kind == "post":
            seating.post_to_play(state.room, seat, True)
            return [Note(f"Seat {action.seat + 1} posts to play this hand.", action.seat)]
        rr = seating.RoomRules.from_rules(state.rules)
        try:
            if action.kind == "straddle":
                # D-414: only the player directly left of the big blind, live, twice the big blind.
                if _left_of_big_blind(state) != seat:
                    raise IllegalAction("Only the player left of the big blind may straddle.")
                seating.ask_straddle(state.room, seat, rr)
                return [Note(f"Seat {action.seat + 1} will straddle the next hand.", action.seat)]
            if action.kind == "bomb-pot":
                seating.propose_bomb(state.room, seat, int(action.amount), rr)
                return [Note(f"Seat {action.seat + 1} proposes a {fmt(int(action.amount))} bomb pot.", action.seat)]
            seating.confirm_bomb(state.room, seat)
            return [Note(f"Seat {action.seat + 1} joins the bomb pot.", action.seat)]
        except ValueError as exc:
            raise IllegalAction(str(exc)) from exc

    # -- the deal -------------------------------------------------------------------------
    def _deal(self, state: PokerState, rng: Rng) -> list[Event]:
        rules = state.rules
        rr = seating.RoomRules.from_rules(rules)
        stacks = {_r(int(k)): v for k, v in state.stacks.items() if k in state.owners}
        events: list[Event] = []
        if not state.room.button and (not rr.stud or rr.stud_button):  # stud has no button (D-439)
            playing = [s.seat for s in state.room.seats if s.status != seating.SITTING_OUT and stacks.get(s.seat, 0) > 0]
            if len(playing) < 2:
                raise IllegalAction("Two players with chips are needed to deal.")
            cards = shuffled_deck(rng)
            button, drawn = seating.button_draw(state.room, playing, cards)
            state.draw = [[_t(s), c] for s, c in drawn]
            events.append(Note(f"High card for the button: seat {_t(button) + 1}."))
        plan = seating.plan_hand(state.room, rr, stacks)
        if plan.reason:
            raise IllegalAction(plan.reason)
        least = int(rules.get("min_players", 2))
        if len(plan.dealt) < least:  # Crystal Park's Big O deals three or more (003 s.1317, D-435)
            raise IllegalAction(f"This game deals {least} or more players: waiting for another.")
        paid = {st.seat: st.paid_until for st in state.room.seats}
        for r_seat, amount, memo in take.before_deal(take_spec(rules), plan, stacks,
                                                     int(rules.get("opened_at", 0)), paid):
            if amount <= 0:
                continue
            stacks[r_seat] -= amount
            state.fees.append({"seat": _t(r_seat), "amount": amount, "memo": memo})
            events.append(Fee(_t(r_seat), amount, memo))
        for st in state.room.seats:
            st.paid_until = paid.get(st.seat, st.paid_until)
        kind = kind_from_rules(self.name, rules)
        if kind.draws:
            deck = draw.deck_for(kind, rng)  # a joker where the game plays one
        elif kind.stud == "mexican":
            deck = stud.shuffled_deck(kind, rng)
        else:
            deck = shuffled_deck(rng)
        state.plan = plan
        structure = structure_of(rules)
        forced = [hand.Forced(_t(s), k, a, live) for s, k, a, live in plan.forced]
        factor = KILL_FACTORS.get(str(rules.get("kill", "none"))) if table_option(rules, "kill") else None
        if factor is not None and _r(state.kill) in plan.dealt and rr.stud:
            # D-427 in stud (003 Stud/8 "may be played with a kill"): no kill blind; the ante,
            # the bring-in and both limits rise by the kill's factor.
            structure = scaled(structure, *factor)
            forced = [hand.Forced(f.seat, f.kind, min(structure.ante, stacks[_r(f.seat)]), f.live)
                      if f.kind == "ante" else f for f in forced]
            events.append(Note("Kill hand: the ante, the bring-in and the limits rise."))
        elif factor is not None and _r(state.kill) in plan.dealt:
            # D-427: the kill hand's limits rise, and the player who won the whole pot posts a
            # live kill blind of the raised big blind and acts last before the flop.
            structure = scaled(structure, *factor)
            forced.append(hand.Forced(state.kill, "kill", structure.big_blind, True))
            events.append(Note(f"Kill hand: seat {state.kill + 1} posts the kill blind and the limits rise."))
        state.hand = hand.start_hand(
            kind, structure, [(_t(s), stacks[s]) for s in plan.dealt],
            _t(plan.button), forced, deck, run_it_twice=table_option(rules, "run-it-twice"))
        state.phase = HAND
        if rr.stud:
            # STUD: the collection comes out of the antes before any card is dealt (001 s.3913,
            # 002 s.240, P-332); the rake of c004 waits for fourth street (D-412).
            antes = sum(f.amount for f in forced if f.kind == "ante")
            state.at_deal = [[a, c, m] for a, c, m in take.after_ante(take_spec(rules), antes, len(plan.dealt))]
            for _, cents, _ in state.at_deal:
                state.notes.append(f"Collection {fmt(int(cents))} taken from the antes before the deal.")
                events.append(Note(f"Collection {fmt(int(cents))} taken from the antes before the deal."))
        events += self._stakes(state)
        if hand.is_over(state.hand):
            events += self._finish(state)
        return events

    def _dealt(self, state: PokerState) -> list[int]:
        return [_t(s) for s in state.plan.dealt] if state.plan is not None else []

    def _stakes(self, state: PokerState) -> list[Event]:
        """What each seat has put in since the last look, as stakes on its pot wager."""
        assert state.hand is not None
        events: list[Event] = []
        for seat, total in sorted(hand.contributed(state.hand).items()):
            key = str(seat)
            new = total - state.put_in.get(key, 0)
            if new > 0:
                state.put_in[key] = total
                events.append(Stake(seat, POT, new))
        return events

    # -- the end of the hand --------------------------------------------------------------
    def _finish(self, state: PokerState) -> list[Event]:
        assert state.hand is not None and state.plan is not None
        rules = state.rules
        put_in = hand.contributed(state.hand)
        pot = sum(put_in.values())
        saw_flop = state.hand.street >= 1 or any(len(b) >= 3 for b in state.hand.boards)
        drops = [(str(a), int(c), str(m)) for a, c, m in state.at_deal]
        drops += take.from_pot(take_spec(rules), pot - sum(c for _, c, _ in drops), saw_flop,
                               len(state.plan.dealt), jackpot_on(rules))
        house = sum(amount for _, amount, _ in drops)
        awards = hand.showdown(state.hand, house)
        events: list[Event] = []
        won: dict[int, int] = {}
        for award in awards:
            for seat, amount in award.winners.items():
                won[seat] = won.get(seat, 0) + amount
        state.awards = [_award_words(a) for a in awards]
        for account, amount, memo in drops:
            if amount > 0:
                state.take.append({"account": account, "amount": amount, "memo": memo})
                events.append(Drop(account, amount, memo))
        busted = []
        for seat in self._dealt(state):
            # A bet nobody called comes back to its seat: the stake booked is everything
            # the seat put in, and what it gets back is its winnings plus that return.
            stake = state.put_in.get(str(seat), 0)
            back = won.get(seat, 0) + stake - put_in.get(seat, 0)
            if not stake and not back:
                continue
            result = "win" if back > stake else "push" if back == stake else "lose"
            detail = _detail(awards, seat, back)
            settle_once(state.settled, state.results.setdefault(str(seat), []), events, seat, POT,
                        stake, back, result, detail)
            if state.stacks.get(str(seat), 0) - stake + back - _fee(state, seat) <= 0:
                busted.append(_r(seat))
        events += self._bad_beat(state, awards)
        state.kill = _kill_seat(state, awards, pot)
        seating.after_hand(state.room, state.plan, list(state.plan.dealt), busted)
        state.phase = OVER
        return events

    def _bad_beat(self, state: PokerState, awards: list[hand.Award]) -> list[Event]:
        """The Bad Beat Jackpot (000 §18, D-421): a qualifying losing hand at showdown pays the
        meter out (loser, winner, the rest of the table) and the meter starts again from its
        seed. The house pays each share and the meter reimburses it (D-020)."""
        h = state.hand
        if h is None or not jackpot_on(state.rules) or not h.shown or not h.boards:
            return []
        fund = int((state.rules.get("meters") or {}).get(METER, 0))
        shown = {seat: h.player(seat).kept() for seat in h.shown}
        dealt = [p.seat for p in h.players]
        seated = [int(k) for k in state.owners]
        missed = [_t(st.seat) for st in state.room.seats if st.owes_big or st.owes_small]
        beat = take.bad_beat(fund, h.boards[0], shown, dealt, seated, missed, h.button, self.slug,
                             state.room.max_seats)
        if not beat.qualifies:
            return []
        events: list[Event] = []
        for seat, cents in sorted(beat.shares.items()):
            role = "losing hand" if seat in beat.losers else "winning hand" if seat in beat.winners else "table share"
            settle_once(state.settled, state.results.setdefault(str(seat), []), events, seat, BAD_BEAT,
                        0, cents, "win", f"Bad Beat Jackpot, {role}")
        events.append(MeterMove(METER, beat.paid, "out", "Bad Beat Jackpot award"))
        seed = take.jackpot_rules().seed
        events.append(MeterMove(METER, seed, "in", "Bad Beat Jackpot reset to its seed"))
        state.notes.append(f"Bad Beat Jackpot! {fmt(beat.paid)} paid.")
        return events

    # -- the clock and the bots -----------------------------------------------------------
    def timeout_action(self, state: PokerState) -> Action | None:
        if state.phase == SEATING:
            return Action("deal")
        seat = self.to_act(state)
        if seat is None or seat == SYSTEM_SEAT or state.hand is None:
            return None
        # The hand's own default: check if free, else fold (D-009, D-416); the lowest card
        # discarded; silence runs it once (D-457, P-293).
        kind, amount, spot = hand.timeout_action(state.hand, seat)
        return Action(kind, seat, spot, amount)

    def bot_action(self, state: PokerState, seat: int) -> Action | None:
        if state.phase != HAND or state.hand is None or hand.to_act(state.hand) != seat:
            return None
        legal = hand.legal(state.hand, seat)
        if not legal:
            return None
        owner = state.owners.get(str(seat), "0")
        style = bot_style(state.rules, owner)
        # A bot's mixing is drawn from the hand as it stands, so a replay makes the same move.
        digest = hashlib.sha256(json.dumps([state.hand.deck, len(state.notes), seat]).encode()).digest()
        h = state.hand
        if h.kind.draws:  # the draw games: its own cards, the bet to call and the pot (bots.decide_draw)
            me = h.player(seat)
            kind, amount, spot = bots.decide_draw(
                style, h.kind, list(me.hole), h.kind.draws - h.street, legal, SeededRng(digest),
                max(h.current - me.bet, 0), sum(p.put_in for p in h.players), me.bet)
            return Action(kind, seat, spot, amount)
        if state.hand.kind.stud:
            kind, amount, spot = stud.bot_decide(style, state.hand, seat, legal, SeededRng(digest))
            return Action(kind, seat, spot, amount)
        seen = _seen(state.hand, seat, self.slug)
        kind, amount, spot = bots.decide(style, seen, legal, SeededRng(digest))
        return Action(kind, seat, spot, amount)

    # -- what a viewer sees ---------------------------------------------------------------
    def view(self, state: PokerState, viewer: int | None) -> dict[str, Any]:
        shown = hand.view(state.hand, viewer) if state.hand is not None else {}
        seats: dict[str, dict[str, Any]] = {}
        dealt = set(self._dealt(state))
        plan = state.plan
        blinds = {}
        if plan is not None:
            for s, k, _, _ in plan.forced:
                blinds[_t(s)] = {"small-blind": "SB", "big-blind": "BB", "straddle": "STR"}.get(k, "")
        hand_seats = {int(hs["seat"]): hs for hs in shown.get("seats", [])} if shown else {}
        won: dict[int, int] = {}
        names: dict[int, str] = {}
        for a in state.awards:
            for seat, amount in a["winners"].items():
                won[int(seat)] = won.get(int(seat), 0) + int(amount)
            for seat, name in a.get("hand_names", {}).items():
                names.setdefault(int(seat), name)
        for key in state.owners:
            seat = int(key)
            sat = next((s for s in state.room.seats if s.seat == _r(seat)), None)
            hs = hand_seats.get(seat) or {}
            status = ""
            if sat is not None and sat.status == seating.SITTING_OUT:
                status = "sitting-out"
            elif state.phase != SEATING and seat not in dealt:
                status = "waiting"
            elif hs.get("folded"):
                status = "folded"
            elif hs.get("all_in"):
                status = "all-in"
            seats[key] = {
                "stack": int(hs.get("stack", state.stacks.get(key, 0))),
                "bet": int(hs.get("bet", 0)),
                "cards": list(hs.get("cards") or []) + [None] * int(hs.get("face_down", 0)),
                "up": list(hs.get("up") or []),
                "hand_name": names.get(seat, "") if hs.get("shown") or won.get(seat) else "",
                "status": status,
                "button": plan is not None and _t(plan.button) == seat,
                "blind": blinds.get(seat, ""),
                "won": won.get(seat, 0),
                "results": state.results.get(key, []),
                "drew": list(hs.get("drew") or []),   # draw games: the cards drawn, round by round (public)
            }
        take_lines = [{"label": _take_label(t["account"]), "amount": t["amount"]} for t in state.take]
        take_lines += [{"label": f"Collection, seat {f['seat'] + 1}", "amount": f["amount"]} for f in state.fees]
        out: dict[str, Any] = {
            "phase": state.phase,
            "no_rebet": True,
            "notes": state.notes[-6:],
            "to_act": {"seat": self.to_act(state)} if self.to_act(state) is not None else None,
            "seats": seats,
            "poker": {
                "phase": state.phase,
                "stakes": stakes_words(state.rules),
                "stud": bool(state.rules.get("stud")),
                "street": shown.get("street", "") if shown else "",
                "boards": shown.get("boards", []),
                "pots": _pot_lines(shown),
                "to_act": self.to_act(state),
                "seats": seats,
                "take": take_lines,
                "awards": [{"pot": a["label"],
                            "winners": [{"seat": int(k), "amount": int(v), "hand": a["hand_names"].get(k, "")}
                                        for k, v in sorted(a["winners"].items(), key=lambda kv: int(kv[0]))]}
                           for a in state.awards],
                "draw": state.draw,
                "draw_game": bool(shown.get("draw_game")),
                "street_words": str(shown.get("street", "")) if shown.get("draw_game") else "",
                "waiting": "" if len(state.owners) >= 2 else "Waiting for a second player.",
            },
        }
        return out

    def history(self, state: PokerState, viewer: int | None, names: Mapping[int, str], table_name: str,
                hand_id: int, started: str) -> str:
        if state.hand is None:
            return ""
        record = hand.record(state.hand)
        record["names"] = {str(k): v for k, v in names.items()}
        record["house_take"] = [{"kind": t["account"], "amount": t["amount"], "memo": t["memo"]} for t in state.take]
        return history.history_text(record, viewer, table_name, hand_id, started)


KILL_FACTORS = {"half": (3, 2), "full": (2, 1)}  # D-427: the kill hand's limits, x1.5 or x2
KILL_POT_BIG_BETS = 10  # D-427: a whole pot of at least ten big bets of the normal limit


def _kill_seat(state: PokerState, awards: list[hand.Award], pot: int) -> int:
    """The seat that won the whole pot (a scoop at hi-lo, never a split) of at least ten big bets
    of the table's normal limit, where the table plays kill hands (D-427); else -1."""
    if not table_option(state.rules, "kill") or str(state.rules.get("kill", "none")) not in KILL_FACTORS:
        return -1
    winners = {seat for award in awards for seat in award.winners}
    normal = structure_of(state.rules)
    big_bet = normal.bets[-1] if normal.bets else normal.big_blind
    return winners.pop() if len(winners) == 1 and pot >= KILL_POT_BIG_BETS * big_bet else -1


def take_spec(rules: Mapping[str, Any]) -> str:
    """The house-take schedule the table runs (``"<schedule>:<option>"``): the operator's
    choice, else the variant's first."""
    chosen = str(rules.get("house_take") or "")
    offered = [str(t) for t in rules.get("take") or ["rake-004"]]
    if table_option(rules, "kill") and str(rules.get("kill", "none")) in KILL_FACTORS:
        # 002's kill tables collect by their own schedule, the row of the same posted game;
        # a game the kill schedule does not print keeps its own row (P-306)
        kill = next((t for t in offered if t.endswith("-kill")), "")
        matched = take.option_for_game(kill, [int(b) for b in rules.get("bets") or []]) if kill else ""
        if matched:
            return matched
    spec = chosen or offered[0]
    name, _, option = spec.partition(":")
    if not option and take.schedule(name).kind == "collection":
        # 003's no-limit rows are printed by buy-in: the row of the table's minimum (D-516)
        buy_in = int(((rules.get("limits") or {}).get("buy-in") or {}).get("min", 0))
        if any(o.buy_in_from for o in take.schedule(name).options.values()) and buy_in:
            return take.option_for_buy_in(name, buy_in)
    return take.option_for_structure(spec, str(rules.get("structure", "")))


def bot_style(rules: Mapping[str, Any], owner: str) -> str:
    """The operator's choice of house bots (P-309): all tight, all loose, or mixed, where a
    bot's style follows its player (odd ids loose, even tight) so a full table has both."""
    chosen = str(rules.get("bot_style", "mixed"))
    if chosen in bots.STYLES:
        return chosen
    return "loose" if int(owner or 0) % 2 else "tight"


def take_words(rules: Mapping[str, Any]) -> str:
    """The house's take in a few words: "a 5% rake, at most $4" or "a collection (…)"."""
    sched, option = take.resolve(take_spec(rules))
    flop = "the draw" if int(rules.get("draws", 0)) else "the flop"  # draw games: no draw, no take (P-325)
    if option is None:
        return f"a {sched.percent}% rake, at most {fmt(sched.cap)} a hand, none before {flop}"
    return {
        "players-after-flop": "a collection from each pot that "
                              + ("reaches the draw" if flop == "the draw" else "sees a flop") + ", by the players dealt in",
        "players-at-9": "a collection from each pot that reaches $9 by the flop",
        "pot-size": "a collection by the size of each pot that sees a flop",
        "time-after": f"a time collection every {option.minutes} minutes",
        "time-advance": f"a time collection at the start of every {option.minutes} minutes",
        "button": "a button collection before each hand",
    }.get(option.method, "a posted collection")


def jackpot_on(rules: Mapping[str, Any]) -> bool:
    """The table runs the Bad Beat Jackpot (000 §18, Hold'em only)."""
    return table_option(rules, "bad-beat-jackpot")


def _left_of_big_blind(state: PokerState) -> int:
    """The room seat directly left of the next hand's big blind (0 when there is none): every
    seated player who is not sitting out counts as having chips (the stacks are told at the
    deal)."""
    stacks = {st.seat: max(state.stacks.get(str(_t(st.seat)), 1), 1) for st in state.room.seats}
    if not state.room.button:
        return 0
    plan = seating.plan_hand(state.room, seating.RoomRules.from_rules(state.rules), stacks)
    if plan.reason or len(plan.dealt) < 3 or not plan.blinds_at:
        return 0
    order = plan.dealt
    bb = plan.blinds_at[-1]
    return order[(order.index(bb) + 1) % len(order)] if bb in order else 0


def _seen(h: hand.HandState, seat: int, slug: str) -> bots.BotSeen:
    """What a bot in ``seat`` may know at its turn: its own cards and what is on the table."""
    me = h.player(seat)
    order = [p.seat for p in h.players]  # clockwise from the seat after the button
    return bots.BotSeen(
        hole=me.kept(), boards=[list(b) for b in h.boards], game=slug, hi_lo=h.kind.hi_lo,
        pot=sum(p.put_in for p in h.players), to_call=max(h.current - me.bet, 0),
        players=len(h.live()), street=hand.STREETS[min(h.street, len(hand.STREETS) - 1)],
        position=(order.index(seat) + 1) % len(order), big_blind=h.structure.big_blind,
        stack=me.stack, in_front=me.bet, hole_rule=h.kind.hole_rule)


def _pot_lines(shown: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The pots on the felt: during the hand the chips gathered from the streets before this
    one; at the end the main pot and each side pot."""
    if not shown:
        return []
    if shown.get("pots"):
        return [{"label": "Main pot" if i == 0 else f"Side pot {i}", "amount": int(p["amount"])}
                for i, p in enumerate(shown["pots"])]
    return [{"label": "Pot", "amount": int(shown["pot"])}] if int(shown.get("pot", 0)) else []


_SEAT_WORD = re.compile(r"\b([Ss])eat (\d+)")


def _spoken(text: str) -> str:
    """The hand numbers seats as the table does, from 0; players read them from 1 ("Spot 1")."""
    return _SEAT_WORD.sub(lambda m: f"{m.group(1)}eat {int(m.group(2)) + 1}", text)


def _fee(state: PokerState, seat: int) -> int:
    return sum(int(f["amount"]) for f in state.fees if int(f["seat"]) == seat)


def _take_label(account: str) -> str:
    if account == "rake":
        return "Rake"
    if account == "fees":
        return "Collection"
    return "Bad-beat jackpot drop" if account.startswith("jackpot:") else account


def _award_words(award: hand.Award) -> dict[str, Any]:
    pot = "Main pot" if award.pot == 0 else f"Side pot {award.pot}"
    if award.board:
        pot += ", second board"
    if award.half in ("high", "low"):
        pot += f" ({award.half})"
    who = ", ".join(f"seat {seat + 1} wins {fmt(amount)}"
                    + (f" with {award.hand_names[seat]}" if award.hand_names.get(seat) else "")
                    for seat, amount in sorted(award.winners.items()))
    return {"text": f"{pot}: {who}", "label": pot, "winners": {str(k): v for k, v in award.winners.items()},
            "hand_names": {str(k): v for k, v in award.hand_names.items()},
            "pot": award.pot, "board": award.board, "half": award.half, "amount": award.amount}


def _detail(awards: list[hand.Award], seat: int, back: int) -> str:
    names = [a.hand_names[seat] for a in awards if seat in a.winners and a.hand_names.get(seat)]
    if back and names:
        return f"won {fmt(back)} with {names[0]}"
    if back:
        return f"won {fmt(back)}"
    return "lost the pot"


def stakes_words(rules: Mapping[str, Any]) -> str:
    """"No Limit, blinds $1/$2": the structure and the forced bets, as the felt prints them."""
    blinds = "/".join(fmt(int(b)) for b in rules.get("blinds", []))
    structure = str(rules.get("structure", "")).replace("-", " ").title()
    bets = rules.get("bets") or []
    if rules.get("stud"):
        forced = f", ante {fmt(int(rules.get('ante', 0)))}" if int(rules.get("ante", 0)) else ""
        if int(rules.get("bring_in", 0)) and rules.get("first_round", "bring-in") == "bring-in":
            forced += f", bring-in {fmt(int(rules['bring_in']))}"
        return f"{fmt(int(bets[0]))}/{fmt(int(bets[-1]))} {structure}{forced}"
    if bets:
        return f"{fmt(int(bets[0]))}/{fmt(int(bets[-1]))} {structure}, blinds {blinds}"
    return f"{structure}, blinds {blinds}"


def rules_lines(rules: Mapping[str, Any]) -> list[str]:
    """The posted rules of a poker table in plain sentences, from its resolved rules."""
    lines = [stakes_words(rules) + "."]
    cap = int(rules.get("raise_cap", -1))
    if cap >= 0:
        lines.append(f"A bet and {cap} raise{'s' if cap != 1 else ''} per betting round"
                     + (", no cap when two players are left." if rules.get("cap_lifted_heads_up", True) else "."))
    spread = rules.get("spread") or []
    if spread and int(spread[-1]):
        lines.append(f"Any bet or raise from {fmt(int(spread[0]))} to {fmt(int(spread[1]))}.")
    hole = int(rules.get("hole_cards", 2))
    rule = str(rules.get("hole_rule", "any"))
    if int(rules.get("draws", 0)):
        lines += _draw_lines(rules)
    elif rules.get("stud"):
        lines += stud_rules_lines(rules)
    elif rule == "exactly-two":
        lines.append(f"Each player gets {hole} cards and must use exactly two of them with three from the board.")
    elif rule == "at-least-two":
        lines.append(f"Each player gets {hole} cards and uses at least two of them.")
    else:
        lines.append(f"Each player gets {hole} cards and makes the best five-card hand with the board.")
    discard = str(rules.get("discard", ""))
    if discard:
        lines.append("Each player discards one hole card " + ("before the flop." if discard == "before-flop"
                                                              else "after the betting on the flop."))
    if int(rules.get("boards", 1)) == 2:
        lines.append("Two boards are dealt; each board wins half the pot.")
    if rules.get("hi_lo") and rules.get("stud"):
        lines.append("High and low split the pot, any five cards for each; a low needs five different "
                     "cards eight or lower. With no qualifying low the best high hand wins it all.")
    elif rules.get("hi_lo") and not int(rules.get("draws", 0)):
        lines.append("High and low split the pot; a low needs five different cards eight or lower. "
                     "With no qualifying low the best high hand wins it all.")
    if rules.get("straddle"):
        lines.append("The player left of the big blind may post a live straddle of twice the big blind.")
    if rules.get("bomb-pot") or rules.get("bomb_pot"):
        lines.append("Bomb pots: when every player agrees, all ante and the betting starts on the flop.")
    if rules.get("run_it_twice") or rules.get("run-it-twice"):
        lines.append("After an all-in call the players may agree to run the rest of the board twice.")
    lines.append("Table stakes: only the chips in front of you at the start of a hand play in it.")
    lines.append("When your clock runs out you check if you can, otherwise your hand is folded (D-009, D-416).")
    return lines


def _draw_lines(rules: Mapping[str, Any]) -> list[str]:
    """The posted rules of a draw game (draw.py): the deal, the draws and how a hand wins."""
    hole = int(rules.get("hole_cards", 5))
    draws = int(rules.get("draws", 1))
    evaluator = str(rules.get("evaluator", "high"))
    joker = rules.get("joker")
    lines = [f"Each player gets {hole} cards face down. "
             + ("After the first betting round each player may discard 0 to "
                f"{hole} cards and is dealt as many; a betting round follows." if draws == 1 else
                f"There are {draws} draws of 0 to {hole} cards, each followed by a betting round."),
             "The small bet before the draw, the big bet after it." if draws == 1 else
             "The small bet on the first two rounds, the big bet on the last two.",
             "Every player sees how many cards each player draws; the last card of the deck is never dealt."]
    lines.append({
        "high": "The best high hand wins the pot.",
        "a5": "Ace-to-five lowball: the lowest hand wins; straights and flushes do not count, the ace is low, "
              "and 5-4-3-2-A is the best hand.",
        "27": "Deuce-to-seven lowball: the lowest hand wins; straights and flushes count against you, the ace is "
              "high, and 7-5-4-3-2 of mixed suits is the best hand.",
        "hi-lo": "The best high hand and the best low of eight or better split the pot; the high hand gets the "
                 "odd chip. With no qualifying low the best high hand wins it all.",
        "badugi": "Badugi: the lowest four cards of different ranks and suits win; a four-card hand beats any "
                  "three-card hand, three beat two. The ace is low; A-2-3-4 of four suits is the best hand.",
    }[evaluator])
    if joker == "wild":
        lines.append("53 cards: the joker is wild. Five aces is the best hand.")
    elif joker:
        lines.append("The joker plays as an ace or completes a straight or flush"
                     + (", and as the lowest card missing from a low hand." if evaluator != "high" else "."))
    return lines


def stud_rules_lines(rules: Mapping[str, Any]) -> list[str]:
    """The stud deal, forced bets and action order in plain sentences."""
    if rules.get("stud") == "mexican":
        return ["A 41-card deck: the 8s, 9s and 10s are out and one joker is in.",
                ("Each player gets one card face down and one face up, then three more; after each betting "
                "round you may turn your down card up, and your next card then comes down, so one card is "
                "always down."),
                (f"The highest up card (a face-up joker counts as an ace) must open for {fmt(int(rules['bets'][0]))} "
                f"or {fmt(int(rules['bets'][-1]))}; equal cards go to the player nearest the button. "
                "After that the best hand showing acts first."),
                ("The joker dealt face down is wild; dealt face up it is an ace or completes a straight or flush. "
                "A flush beats a full house; 4-5-6-7-J up to 7-J-Q-K-A are straights; five aces is the best hand.")]
    lines = []
    if rules.get("stud") == "five":
        lines.append("Each player gets one card face down and one face up, then three more face up, "
                     "with a betting round after each up card.")
    else:
        lines.append("Each player gets two cards face down and one face up, then three more face up and "
                     "a last one face down, with a betting round after each. The best five of seven play.")
    razz = rules.get("low") == "a5"
    if razz:
        lines.append("The lowest hand wins: aces are low, straights and flushes don't count; 5-4-3-2-A is best.")
    card = {"low": "The lowest up card (aces high)", "razz": "The highest up card (aces low)",
            "high": "The highest up card (aces high)"}[str(rules.get("bring_in_card", "low"))]
    suit = "the lowest suit" if rules.get("bring_in_card", "low") == "low" else "the highest suit"
    if rules.get("first_round", "bring-in") == "bring-in":
        lines.append(f"{card} brings in for {fmt(int(rules.get('bring_in', 0)))} or completes to the small bet; "
                     f"equal cards go by suit, clubs lowest, spades highest, and {suit} brings it in.")
    else:
        lines.append(f"{card} opens the first round with a check or a bet; equal cards go by suit, "
                     f"clubs lowest, spades highest, {suit} first.")
    lines.append("After that the " + ("lowest" if razz else "best") + " hand showing acts first; "
                 "equal boards go to the lowest seat number.")
    double = str(rules.get("open_pair_double", ""))
    if double == "any":
        lines.append("On fourth street an open pair lets anyone bet the big bet.")
    elif double == "own":
        lines.append("On fourth street a player showing an open pair may bet the big bet.")
    if rules.get("stud") == "seven":
        lines.append("If the deck runs short on the last street, one common card is turned up for everyone"
                     + (", after the burn cards are used." if rules.get("reuse_burns", True) else "."))
    return lines


TEXAS_HOLDEM = PokerTable("texas-holdem", "Texas Hold'em")
OMAHA = PokerTable("omaha", "Omaha")
OMAHA_HI_LO = PokerTable("omaha-hi-lo", "Omaha Hi-Lo")
DOUBLE_BOARD_OMAHA = PokerTable("double-board-omaha", "Double Board Omaha")
BIG_O = PokerTable("big-o", "Big O")
PINEAPPLE = PokerTable("pineapple", "Pineapple")
FIVE_CARD_DRAW = PokerTable("five-card-draw", "Five-Card Draw")
LOWBALL_DRAW = PokerTable("lowball-draw", "Lowball Draw")
FIVE_CARD_DRAW_HI_LO = PokerTable("five-card-draw-hi-lo", "Five-Card Draw Hi-Lo")
MEXICAN_DRAW = PokerTable("mexican-draw", "Mexican Draw")
BADUGI = PokerTable("badugi", "Badugi")
SEVEN_CARD_STUD = PokerTable("seven-card-stud", "Seven Card Stud")
SEVEN_CARD_STUD_HI_LO = PokerTable("seven-card-stud-hi-lo", "Seven Card Stud Hi-Lo")
RAZZ = PokerTable("razz", "Razz")
FIVE_CARD_STUD = PokerTable("five-card-stud", "Five Card Stud")
MEXICAN_STUD = PokerTable("mexican-stud", "Mexican Stud")
