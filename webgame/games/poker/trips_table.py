"""Trips (003 §16) on the Game protocol: one round is one hand of a round of play.

A round of play (003 s.640) runs from the first collection until a qualifying hand wins the
accumulated pot; it spans as many hands as it takes, so it lives in the table's carry with the
pot it has accumulated: ``pot`` (cents carried to the next hand), ``paid`` (the seats that paid
this round of play's collection and have played every hand since, D-460, with the player who
paid), ``hands`` and ``collections`` (for the felt).

A hand: in ``seating`` the services tell the round who sits where and their chips
(``owner_stacks``); any seated player may deal, and the table deals itself when its window
closes (``opens_itself``). The deal takes the collection from each player who owes one (a
``Fee`` to the table's fees account, D-458's schedule) and the 1st bet (a ``Stake`` on the
seat's ``pot`` wager), then two up cards each from seat 1 to seat 6 (s.655). Three times, from
seat 1, each player still in bets the same amount again or folds (s.657-663), then the table
deals one more up card to each player still in. After the 5th card the carried pot is brought
back (``CarriedPot("bring")``), each seat's ``pot`` wager settles once (its stakes, what it
won), and what carries on goes back to the carried-pot account (``CarriedPot("keep")``), so
the table's pot is empty after every action and the carried pot is always on the ledger.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine import state as state_io
from ...engine.money import fmt
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    CarriedPot,
    Event,
    Fee,
    GameBase,
    IllegalAction,
    Legal,
    Note,
    Stake,
    settle_once,
)
from ...engine.rng import Rng
from . import trips

POT = "pot"  # a seat's one wager in a hand: all its bets (services.rounds.POT_BET)
SEATING, HAND, OVER = "seating", "hand", "over"
LAST_CARD = 5


@dataclass
class RoundOfPlay:
    """What outlives a hand until a qualifying hand wins the pot (003 s.640, D-460, D-801)."""

    pot: int = 0  # cents carried into the next hand
    paid: dict[str, str] = field(default_factory=dict)  # table seat -> player who paid the collection
    hands: int = 0  # hands dealt in this round of play
    collections: int = 0  # cents collected in this round of play (dropped when it ends, s.630)
    number: int = 1  # rounds of play at this table
    sitting_out: list[str] = field(default_factory=list)  # table seats sitting out


@dataclass
class TripsState:
    rules: dict[str, Any]
    play: RoundOfPlay
    phase: str = SEATING
    owners: dict[str, str] = field(default_factory=dict)  # table seat -> player id
    stacks: dict[str, int] = field(default_factory=dict)  # table seat -> chips when told
    deck: list[str] = field(default_factory=list)  # the undealt cards, server side only
    dealt: list[int] = field(default_factory=list)  # seats in the hand, seat 1 first
    cards: dict[str, list[str]] = field(default_factory=dict)  # table seat -> up cards
    folded: list[int] = field(default_factory=list)
    acted: list[int] = field(default_factory=list)  # seats that decided on this card
    carried_in: int = 0  # the pot this hand started with
    put_in: dict[str, int] = field(default_factory=dict)  # table seat -> cents bet this hand
    fees: dict[str, int] = field(default_factory=dict)  # table seat -> collection paid at this deal
    settled: list[str] = field(default_factory=list)
    results: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    outcome: dict[str, Any] = field(default_factory=dict)  # the division, for the felt and the recall
    log: list[str] = field(default_factory=list)  # the hand's history, line by line
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class TripsRules:
    """The settings a hand runs on, from ``webgame/rules/trips-dcs.toml``."""

    bet: int
    collection: int
    seats: int
    jokers: int
    qualifier: str
    high_hand_pct: int
    min_players: int

    @classmethod
    def of(cls, rules: Mapping[str, Any]) -> TripsRules:
        return cls(bet=int(rules["bet"]), collection=int(rules["collection"]), seats=int(rules["seats"]),
                   jokers=int(rules["jokers"]), qualifier=str(rules["qualifier"]),
                   high_hand_pct=int(rules["high_hand_pct"]), min_players=int(rules["min_players"]))


def shuffled(rules: TripsRules, rng: Rng) -> list[str]:
    """The 54 cards in the order the round's randomness shuffles them (tests stack this)."""
    cards = trips.deck(rules.jokers)
    rng.shuffle(cards)
    return cards


class TripsTable(GameBase[TripsState]):
    slug = "trips-dcs"
    name = "Trips"
    family = "poker"
    opening_actions = ("deal", "sit-out", "sit-in")
    seat_owner_action = "owner"
    window_closes_with = "deal"
    pot_banked = True
    owner_stacks = True
    carries_pot = True
    opens_itself = 5  # seconds to read the monitors before the next hand deals

    # -- the round's life -----------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> TripsState:
        data = (carry or {}).get("play")
        play = state_io.load(RoundOfPlay, data) if data else RoundOfPlay()
        return TripsState(rules=dict(rules), play=play)

    def carry(self, state: TripsState) -> dict[str, Any]:
        return {"play": state_io.dump(state.play)}

    def carried_pot(self, carry: Mapping[str, Any] | None) -> int:
        return int(((carry or {}).get("play") or {}).get("pot", 0))

    def with_carried_pot(self, carry: Mapping[str, Any] | None, cents: int) -> dict[str, Any]:
        data = (carry or {}).get("play")
        play = state_io.load(RoundOfPlay, data) if data else RoundOfPlay()
        if cents == 0:  # the pot went to another table: this table's round of play is over (D-801)
            play = RoundOfPlay(number=play.number + 1)
        else:
            play.pot = cents
        return {"play": state_io.dump(play)}

    def carried_pot_terms(self, rules: Mapping[str, Any]) -> tuple[Any, ...]:
        return (int(rules["bet"]),)  # D-801: "another Trips table of the same limit"

    def can_open(self, carry: Mapping[str, Any] | None, seated: int) -> bool:
        return seated >= 2  # D-801: a hand needs two players; the round of play waits

    def takes_owners(self, state: TripsState) -> bool:
        return state.phase == SEATING

    def dump(self, state: TripsState) -> dict[str, Any]:
        return state_io.dump(state)

    def load(self, data: Mapping[str, Any]) -> TripsState:
        return state_io.load(TripsState, data)

    def is_over(self, state: TripsState) -> bool:
        return state.phase == OVER

    def to_act(self, state: TripsState) -> int | None:
        if state.phase != HAND:
            return None
        return next((s for s in self._live(state) if s not in state.acted), None)

    def seat_dealt_in(self, state: TripsState, seat: int) -> bool:
        return state.phase == HAND and seat in state.dealt

    def _live(self, state: TripsState) -> list[int]:
        return [s for s in state.dealt if s not in state.folded]

    # -- what a seat may do ---------------------------------------------------------------
    def legal_actions(self, state: TripsState, seat: int) -> list[Legal]:
        tr = TripsRules.of(state.rules)
        if state.phase == SEATING:
            # Between hands the page asks a round that has not been told its owners yet (the
            # services tell them when it opens), so every seat is offered the deal.
            out = [Legal("deal", label="Deal the next hand")]
            if str(seat) in state.play.sitting_out:
                out.append(Legal("sit-in", label="Sit in"))
            else:
                out.append(Legal("sit-out", label="Sit out"))
            return out
        if state.phase == HAND and self.to_act(state) == seat:
            fold = Legal("fold", label="Fold")
            if self._left(state, seat) < tr.bet:
                return [fold]  # table stakes: a player who cannot post the bet can only fold
            return [Legal("bet", "", tr.bet, tr.bet, f"Bet {fmt(tr.bet)}"), fold]
        return []

    def _left(self, state: TripsState, seat: int) -> int:
        """The chips the seat holds now: told at the deal, less this hand's collection and bets."""
        key = str(seat)
        return state.stacks.get(key, 0) - state.fees.get(key, 0) - state.put_in.get(key, 0)

    def apply(self, state: TripsState, action: Action, rng: Rng) -> list[Event]:
        kind = action.kind
        if kind == "owner":
            return self._owner(state, action)
        if state.phase == SEATING:
            if str(action.seat) not in state.owners and action.seat != SYSTEM_SEAT:
                raise IllegalAction("Nobody sits in that seat.")
            if kind == "deal":
                return self._deal(state, rng)
            if kind == "sit-out":
                if str(action.seat) not in state.play.sitting_out:
                    state.play.sitting_out.append(str(action.seat))
                return [Note(f"Seat {action.seat + 1} sits out.", action.seat)]
            if kind == "sit-in":
                state.play.sitting_out = [s for s in state.play.sitting_out if s != str(action.seat)]
                return [Note(f"Seat {action.seat + 1} is back.", action.seat)]
            raise IllegalAction("The next hand has not been dealt yet.")
        if state.phase != HAND:
            raise IllegalAction("This hand is over.")
        if kind not in ("bet", "fold"):
            raise IllegalAction("A hand is in play: bet or fold.")
        if self.to_act(state) != action.seat:
            raise IllegalAction("It is not your turn.")
        tr = TripsRules.of(state.rules)
        if kind == "bet" and action.amount != tr.bet:
            # 003 s.657: "another wager equal to the original bet", never another amount.
            raise IllegalAction(f"Every bet at this table is {fmt(tr.bet)}.")
        if kind == "bet" and self._left(state, action.seat) < tr.bet:
            raise IllegalAction(f"You need {fmt(tr.bet)} in chips to bet: you can only fold.")
        return self._decide(state, action.seat, kind, tr)

    def _owner(self, state: TripsState, action: Action) -> list[Event]:
        key = str(action.seat)
        if not action.spot:
            state.owners.pop(key, None)
            state.stacks.pop(key, None)
            # D-460, D-801: a player who leaves loses the collection they paid and any claim.
            state.play.paid.pop(key, None)
            state.play.sitting_out = [s for s in state.play.sitting_out if s != key]
            return []
        if state.owners.get(key) not in (None, action.spot) or state.play.paid.get(key) not in (None, action.spot):
            state.play.paid.pop(key, None)  # another player in the seat: a newcomer pays (rule 14)
            state.play.sitting_out = [s for s in state.play.sitting_out if s != key]
        state.owners[key] = action.spot
        state.stacks[key] = max(int(action.amount), 0)
        return []

    # -- the deal -------------------------------------------------------------------------
    def _owes(self, state: TripsState, seat: int) -> bool:
        return state.play.paid.get(str(seat)) != state.owners.get(str(seat))

    def _deal(self, state: TripsState, rng: Rng) -> list[Event]:
        tr = TripsRules.of(state.rules)
        players = []
        for key in sorted(state.owners, key=int):
            seat = int(key)
            need = tr.bet + (tr.collection if self._owes(state, seat) else 0)
            if key not in state.play.sitting_out and state.stacks.get(key, 0) >= need:
                players.append(seat)
        players = players[:tr.seats]
        if len(players) < tr.min_players:
            raise IllegalAction(f"A hand needs {tr.min_players} players with chips: waiting for another.")
        events: list[Event] = []
        play = state.play
        # D-460: a player who sat this hand out (or could not post) loses the paid collection.
        play.paid = {k: v for k, v in play.paid.items() if int(k) in players}
        state.log.append(f"Trips hand {play.hands + 1} of round of play {play.number}: "
                         f"{fmt(tr.bet)} bets, carried pot {fmt(play.pot)}")
        for seat in players:
            key = str(seat)
            if self._owes(state, seat):
                state.fees[key] = tr.collection
                play.paid[key] = state.owners[key]
                play.collections += tr.collection
                events.append(Fee(seat, tr.collection, "Trips collection for the round of play"))
                state.log.append(f"Seat {seat + 1} pays the collection of {fmt(tr.collection)}")
            state.put_in[key] = tr.bet
            events.append(Stake(seat, POT, tr.bet))
            state.log.append(f"Seat {seat + 1} posts the 1st bet of {fmt(tr.bet)}")
        state.deck = shuffled(tr, rng)
        state.dealt = players
        state.carried_in = play.pot
        play.hands += 1
        state.cards = {str(s): [] for s in players}
        for _ in range(2):  # two up cards, one at a time from seat 1 (003 s.655)
            for seat in players:
                state.cards[str(seat)].append(state.deck.pop(0))
        for seat in players:
            state.log.append(f"Seat {seat + 1} is dealt {' '.join(state.cards[str(seat)])}")
        state.phase = HAND
        events.append(Note(f"Hand {play.hands} of this round of play: the pot stands at "
                           f"{fmt(play.pot + tr.bet * len(players))}."))
        return events

    # -- bet or fold ----------------------------------------------------------------------
    def _decide(self, state: TripsState, seat: int, kind: str, tr: TripsRules) -> list[Event]:
        key = str(seat)
        events: list[Event] = []
        if kind == "fold":
            state.folded.append(seat)
            said = f"Seat {seat + 1} folds."
        else:
            state.put_in[key] = state.put_in.get(key, 0) + tr.bet
            events.append(Stake(seat, POT, tr.bet))
            said = f"Seat {seat + 1} bets {fmt(tr.bet)}."
        state.acted.append(seat)
        state.log.append(said.rstrip("."))
        state.notes.append(said)
        events.append(Note(said, seat))
        if self.to_act(state) is None:
            events += self._next_card(state)
        return events

    def _next_card(self, state: TripsState) -> list[Event]:
        """Everyone still in has decided: one more up card each from seat 1 (003 s.658-663);
        after the 5th, the hand is over."""
        live = self._live(state)
        state.acted = []
        for seat in live:
            card = state.deck.pop(0)
            state.cards[str(seat)].append(card)
            state.log.append(f"Seat {seat + 1} is dealt {card}")
        if not live or len(state.cards[str(live[0])]) >= LAST_CARD:
            return self._finish(state)
        return []

    # -- the end of the hand --------------------------------------------------------------
    def _finish(self, state: TripsState) -> list[Event]:
        tr = TripsRules.of(state.rules)
        play = state.play
        staked = sum(state.put_in.values())
        pot = state.carried_in + staked
        hands = {seat: state.cards[str(seat)] for seat in self._live(state)}
        division = trips.divide(pot, hands, tr.qualifier, tr.high_hand_pct)
        events: list[Event] = []
        if state.carried_in:
            events.append(CarriedPot(state.carried_in, "bring", "carried pot back in play"))
        for seat in state.dealt:
            key = str(seat)
            stake = state.put_in.get(key, 0)
            back = division.shares.get(seat, 0)
            result = "win" if back > stake else "push" if back == stake else "lose"
            if back and division.kind == trips.WINNER:
                detail = f"WINNER: {division.hands[seat]} wins {fmt(back)}"
            elif back:
                detail = f"HIGH HAND: {division.hands[seat]} wins {fmt(back)}"
            else:
                detail = "folded" if seat in state.folded else "lost"
            settle_once(state.settled, state.results.setdefault(key, []), events, seat, POT, stake, back,
                        result, detail)
        if division.carried:
            events.append(CarriedPot(division.carried, "keep", "pot carried to the next hand"))
        graded = {str(s): trips.grade(c).description for s, c in hands.items()}
        state.outcome = {"kind": division.kind, "pot": pot, "carried": division.carried,
                         "shares": {str(k): v for k, v in division.shares.items()},
                         "hands": graded, "concluded": division.concluded}
        winners = ", ".join(f"seat {s + 1} ({division.hands[s]}) wins {fmt(v)}"
                            for s, v in sorted(division.shares.items()))
        if division.kind == trips.WINNER:
            said = f"WINNER: {winners}. The round of play is over."
        elif division.kind == trips.HIGH_HAND:
            said = f"HIGH HAND: {winners}; {fmt(division.carried)} carries to the next hand."
        else:
            said = f"Nobody is left in: the pot of {fmt(pot)} carries to the next hand."
        state.notes.append(said)
        state.log.append(said)
        events.append(Note(said))
        if division.concluded:
            # 003 s.664: the round of play ends; everyone pays a new collection next hand.
            state.play = RoundOfPlay(number=play.number + 1, sitting_out=list(play.sitting_out))
        else:
            play.pot = division.carried
            # D-460: everyone who posted this hand's 1st bet keeps the paid collection, folded or not.
            play.paid = {str(s): state.owners[str(s)] for s in state.dealt if str(s) in state.owners}
        state.phase = OVER
        return events

    # -- the clock and the bots -----------------------------------------------------------
    def timeout_action(self, state: TripsState) -> Action | None:
        if state.phase == SEATING:
            return Action("deal")
        seat = self.to_act(state)
        if seat is None:
            return None
        return Action("fold", seat)  # a silent player places no chip on the portal: a fold (s.657)

    def bot_action(self, state: TripsState, seat: int) -> Action | None:
        if self.to_act(state) != seat:
            return None
        tr = TripsRules.of(state.rules)
        if self._left(state, seat) >= tr.bet and \
                keeps_betting(state.cards[str(seat)], self._rival_best(state, seat), _noise(state, seat)):
            return Action("bet", seat, "", tr.bet)
        return Action("fold", seat)

    def _rival_best(self, state: TripsState, seat: int) -> int:
        """The strongest pair or better among the other players' up cards (all face up)."""
        best = 0
        for other in self._live(state):
            if other != seat:
                best = max(best, _made(state.cards[str(other)]))
        return best

    # -- what a viewer sees ---------------------------------------------------------------
    def view(self, state: TripsState, viewer: int | None) -> dict[str, Any]:
        tr = TripsRules.of(state.rules)
        # The monitors' pot: what the hand plays for while it is dealt, else what carries on.
        pot = state.carried_in + sum(state.put_in.values()) if state.phase == HAND else state.play.pot
        shares = state.outcome.get("shares", {})
        seats: dict[str, dict[str, Any]] = {}
        for key in sorted(state.owners, key=int):
            seat = int(key)
            status = ""
            if key in state.play.sitting_out and seat not in state.dealt:
                status = "sitting-out"
            elif state.phase != SEATING and seat not in state.dealt:
                status = "waiting"
            elif seat in state.folded:
                status = "folded"
            won = int(shares.get(key, 0))
            tag = ""
            if won:
                tag = "WINNER" if state.outcome.get("kind") == trips.WINNER else "HIGH HAND"
            seats[key] = {
                "cards": list(state.cards.get(key, [])),
                "stack": self._left(state, seat) + won,
                "put_in": state.put_in.get(key, 0),
                "status": status,
                "paid": state.play.paid.get(key) == state.owners.get(key) or key in state.fees,
                "hand_name": str(state.outcome.get("hands", {}).get(key, "")),
                "won": won,
                "tag": tag,
                "results": state.results.get(key, []),
            }
        to_act = self.to_act(state)
        return {
            "phase": state.phase,
            "no_rebet": True,
            "notes": state.notes[-6:],
            "to_act": {"seat": to_act} if to_act is not None else None,
            "seats": seats,
            "trips": {
                "phase": state.phase,
                "bet": tr.bet,
                "collection": tr.collection,
                "pot": pot,
                "carried_in": state.carried_in if state.phase == HAND else state.play.pot,
                "high_hand_award": (sum(int(v) for v in shares.values())
                                    if state.outcome.get("kind") == trips.HIGH_HAND else pot * tr.high_hand_pct // 100),
                "high_hand_pct": tr.high_hand_pct,
                "card": max((len(c) for c in state.cards.values()), default=0),
                "to_act": to_act,
                "seats": seats,
                "outcome": dict(state.outcome),
                "bell": state.outcome.get("kind") == trips.WINNER,
                "hands": state.play.hands,
                "collections": state.play.collections,
                "round_of_play": state.play.number,
                "waiting": "" if len(state.owners) >= tr.min_players else "Waiting for a second player.",
            },
        }

    def history(self, state: TripsState, viewer: int | None, names: Mapping[int, str], table_name: str,
                hand_id: int, started: str) -> str:
        """The hand as text: every card is dealt face up, so every viewer reads the same."""
        if not state.log:
            return ""
        head = f"Trips Hand #{hand_id}: {table_name} - {started}"
        seats = [f"Seat {s + 1}: {names.get(s, f'Seat {s + 1}')}" for s in state.dealt]
        return "\n".join([head, *seats, *state.log]) + "\n"


RANKING = ("five of a kind", "royal flush", "straight flush", "four of a kind", "full house", "flush",
           "straight", "three of a kind", "two pair", "one pair", "no pair")  # 003 s.599-611


def limit_words(rules: Mapping[str, Any]) -> str:
    """"$2 bets, 50¢ collection": the table limit as the signage posts it (003 s.616-624)."""
    tr = TripsRules.of(rules)
    return f"{fmt(tr.bet)} bets, {fmt(tr.collection)} collection per round of play"


def rules_lines(rules: Mapping[str, Any]) -> list[str]:
    """The posted rules of a Trips table in plain sentences, from its resolved rules."""
    tr = TripsRules.of(rules)
    bet, fee = fmt(tr.bet), fmt(tr.collection)
    return [
        (f"Five-card stud, every card face up, one 52-card deck and {tr.jokers} jokers, fully wild; "
         f"at most {tr.seats} players play each other for the pot."),
        (f"To get your first two cards, pay the collection of {fee} (once per round of play) and post the "
         f"1st bet of {bet}."),
        (f"After your 2nd, 3rd and 4th cards, bet {bet} again to get the next card, or fold: a folded hand gets no "
         "more cards and cannot win any part of the pot."),
        (f"{tr.qualifier.replace('-', ' ').capitalize()} or better wins the whole accumulated pot (WINNER) and ends "
         "the round of play; tied hands split it."),
        (f"With no {tr.qualifier.replace('-', ' ')} or better, the best hand (HIGH HAND) wins {tr.high_hand_pct}% of "
         "the accumulated pot, to the cent below, and the rest carries to the next hand; tied hands split it."),
        ("While the pot carries, a player who played every hand of the round of play pays no new collection; "
         f"a newcomer, or a player who sat a hand out, pays the collection of {fee} and the bet."),
        "A joker is any card; two jokers make at least three of a kind of the hand's highest card.",
        "Hands rank: " + ", ".join(RANKING) + ".",
        "The carried pot belongs to the table's round of play: it waits, between sessions too, until a hand wins it.",
        "Odd cents of a split go one each from seat 1; when your clock runs out your hand is folded.",
    ]


def _made(cards: list[str]) -> int:
    """A rough strength of up to five up cards for the bots: 3 trips or better (two jokers,
    a joker and a pair), 2 a pair (or a joker), 1 nothing."""
    jokers = cards.count(trips.JOKER)
    counts: dict[str, int] = {}
    for c in cards:
        if c != trips.JOKER:
            counts[c[0]] = counts.get(c[0], 0) + 1
    most = max(counts.values(), default=0) + jokers
    return 3 if most >= 3 else 2 if most == 2 else 1


def keeps_betting(cards: list[str], rival: int, noise: int) -> bool:
    """The house bots' bet-or-fold: keep going with a pair or a joker, or three or more to a
    flush; with nothing, continue on the 2nd card and otherwise only when no rival shows a
    pair (and then only some of the time, ``noise`` 0-99 from the hand as it stands)."""
    mine = _made(cards)
    suits: dict[str, int] = {}
    for c in cards:
        if c != trips.JOKER:
            suits[c[1]] = suits.get(c[1], 0) + 1
    drawing = max(suits.values(), default=0) + cards.count(trips.JOKER) >= len(cards) and len(cards) >= 3
    if mine >= 2 or drawing or len(cards) <= 2:
        return True
    return rival < 2 and noise < 50


def _noise(state: TripsState, seat: int) -> int:
    """0-99 drawn from the cards on the table, so a replay makes the same move."""
    text = "|".join(" ".join(state.cards[str(s)]) for s in state.dealt) + f"|{seat}"
    return hashlib.sha256(text.encode()).digest()[0] * 100 // 256


TRIPS = TripsTable()
