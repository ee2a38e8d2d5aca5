"""One hand of a board game (hold'em, Omaha, Big O, pineapple, double board) from the deal to the
awards, as plain data.

The room (room.py) decides who is dealt in and every forced bet; this module deals from the
deck it is given, runs the betting rounds under the table's structure (structures.py), and at the
end divides each pot by board and by high and low with pokerkit's hand evaluators (games.py).
Everything is a seat number and cents; the state round-trips through JSON
(``webgame.engine.state.dump``/``load``) and rebuilds nothing on load.

The betting runs on the rulebooks' own rules rather than on pokerkit's state machine because
several of them are not pokerkit's parameters: the raise cap lifted heads-up (D-403), the half-bet
all-in of limit games (D-403), the c002 minimum open (D-404), dead blinds and live straddles
(D-413, D-414), bomb pots without a pre-flop round (D-456), the pineapple discard (D-438) and
running it twice from the stub (D-457). tests/engine/poker checks the betting against pokerkit's
own state deal by deal where the rules agree (P-290).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from pokerkit import Hand

from webgame.engine.hands.value import HandValue
from webgame.engine.money import fmt
from webgame.engine.protocol import IllegalAction, Legal

from . import draw, stud
from .games import GameKind, best_high, best_low, hand_name, kind_from_rules, plays_whole_hole
from .structures import FIXED_LIMIT, SPREAD_LIMIT, Structure, from_rules

STREETS = ("preflop", "flop", "turn", "river")
BOARD_CARDS = (0, 3, 1, 1)  # cards added to each board on each street
DEAD_KINDS = ("dead", "ante", "bomb")  # forced bets that go into the pot without counting as a bet


@dataclass
class Forced:
    """A forced bet posted before the cards."""

    seat: int
    kind: str    # "small-blind", "big-blind", "straddle", "kill", "dead", "ante", "bomb"
    amount: int  # cents
    live: bool = True  # counts toward the poster's call


@dataclass
class Award:
    pot: int      # 0 = main pot, 1.. side pots in order
    board: int    # 0, or 1 for the second board / the second run
    half: str     # "whole", "high", "low"
    amount: int
    winners: dict[int, int] = field(default_factory=dict)       # seat -> cents
    hand_names: dict[int, str] = field(default_factory=dict)    # seat -> "two pair, kings and fives"


@dataclass
class Player:
    seat: int
    start: int            # the stack when the hand began
    stack: int            # chips behind now
    hole: list[str] = field(default_factory=list)
    bet: int = 0          # live chips in front this street
    put_in: int = 0       # every chip put in this hand, forced bets included
    dead: int = 0         # of which a dead small blind: the main pot's, not a stake (D-413)
    folded: bool = False
    acted: bool = False   # has acted this street (a posted blind has not)
    faced: int = 0        # the bet to call when this player last acted (reopening, D-403, D-404)
    discard: str = ""     # pineapple: the card thrown away (D-438)
    vote: str = ""        # run it twice: "yes" or "no" (D-457)
    drawn: int = 0        # draw games: the draw rounds this player has drawn in (draw.py)
    draws: list[list[str]] = field(default_factory=list)   # draw games: the cards discarded, round by round
    up: list[str] = field(default_factory=list)   # stud: the cards dealt face up (stud.py)
    exposed: list[str] = field(default_factory=list)   # Mexican Stud: down cards the player turned up

    @property
    def in_hand(self) -> bool:
        return not self.folded

    @property
    def all_in(self) -> bool:
        return not self.folded and self.stack == 0

    def kept(self) -> list[str]:
        return [c for c in self.hole if c != self.discard]


@dataclass
class Street:
    name: str
    boards: list[list[str]]
    actions: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class HandState:
    kind: GameKind
    structure: Structure
    button: int
    players: list[Player]            # clockwise from the seat after the button
    forced: list[Forced]
    deck: list[str]                  # the whole deck in dealing order: server side only
    dealt: int = 0                   # cards of the deck used so far (holes, burns, boards)
    burns: list[str] = field(default_factory=list)
    boards: list[list[str]] = field(default_factory=list)   # one, or two (double board, second run)
    street: int = 0
    phase: str = "betting"           # "betting", "discard", "run-vote", "done"
    actor: int = -1                  # the seat to act, -1 for none
    current: int = 0                 # the bet to call this street
    full: int = 0                    # the smallest raise increment now (D-404)
    raises: int = 0                  # the bet and raises counted toward the cap this street
    cap_extra: int = 0               # one more raise pre-flop after a live straddle (D-414)
    capped: bool = False             # the cap was reached with more than two players in (D-403)
    entered: bool = False            # pre-flop: someone has put chips in voluntarily (c002 open)
    aggressor: int = -1              # the last seat to bet or raise this street (D-415)
    bomb: bool = False               # a bomb pot: no pre-flop betting (D-456)
    rit_allowed: bool = False        # the table offers running it twice (D-457)
    runs: int = 1
    run_from: int = 0                # board cards out when the players agreed to run it twice
    streets: list[Street] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    house_take: int = 0
    takes: list[dict[str, Any]] = field(default_factory=list)
    # Draw games (draw.py, D-802): the burns and earlier discards a new stub may be shuffled
    # from, this round's discards already reused, and how many new stubs were made.
    muck: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    restubbed: int = 0
    bring_in_seat: int = -1          # stud: the seat whose card opens the first round
    bring_in_due: bool = False       # stud: the bring-in (or its completion) is still to come
    burns_reused: int = 0            # stud: burn cards dealt again, short of cards (D-440)
    asked: list[int] = field(default_factory=list)   # Mexican Stud: seats that chose to expose or not
    asked_street: int = -1           # Mexican Stud: the street whose expose choice was offered

    def player(self, seat: int) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        raise IllegalAction(f"Seat {seat} is not in this hand.")

    def live(self) -> list[Player]:
        return [p for p in self.players if p.in_hand]


# --------------------------------------------------------------------------- starting a hand

def start_hand(kind: GameKind, structure: Structure, seats: list[tuple[int, int]], button: int,
               forced: list[Forced], deck: list[str], *, run_it_twice: bool = False) -> HandState:
    """Post the forced bets, deal the hole cards and open the first betting round.

    ``seats``: (seat, stack in cents) clockwise from the seat after the button; ``deck``: the
    shuffled deck in dealing order. ``run_it_twice``: the table offers it (D-457)."""
    if len(seats) < 2:
        raise ValueError("a hand needs at least two players")
    if kind.draws:  # draw games: the small bet before the draw, the big bet after (draw.py)
        structure = draw.structure_for(kind, structure)
    need = len(seats) * kind.hole_cards + 8 * kind.boards
    if kind.stud:
        need = stud.cards_needed(kind, len(seats))
    if len(set(deck)) != len(deck) or len(deck) < need:
        raise ValueError("the deck must hold distinct cards, enough for the deal")
    h = HandState(kind=kind, structure=structure, button=button,
                  players=[Player(seat=s, start=st, stack=st) for s, st in seats],
                  forced=[Forced(f.seat, f.kind, f.amount, f.live and f.kind not in DEAD_KINDS)
                          for f in forced],
                  deck=list(deck), boards=[[] for _ in range(kind.boards)],
                  rit_allowed=run_it_twice and kind.boards == 1)
    h.bomb = any(f.kind == "bomb" for f in forced)
    h.streets.append(Street("preflop", [[] for _ in h.boards]))
    for f in h.forced:
        p = h.player(f.seat)
        amount = min(f.amount, p.stack)
        p.stack -= amount
        p.put_in += amount
        if f.live:
            p.bet += amount
        if f.kind == "dead":
            p.dead += amount
        h.streets[0].actions.append({"seat": f.seat, "kind": f.kind, "amount": amount, "to": p.bet,
                                     "all_in": p.stack == 0})
    if kind.stud:
        # STUD: antes posted, the first street dealt, then the bring-in or the opener (stud.py).
        stud.open_hand(h)
        _advance(h)
        return h
    # Hole cards one at a time, clockwise from the button's left.
    for _ in range(kind.hole_cards):
        for p in h.players:
            p.hole.append(_draw(h))
    if h.bomb:
        # D-456: no pre-flop betting; the first round is on the flop.
        _deal_street(h)
        _open_round(h, 0)
    else:
        live = [f for f in h.forced if f.live and f.kind in ("small-blind", "big-blind", "straddle", "kill")]
        h.current = max((f.amount for f in live), default=0)
        # The smallest raise is at least the bet to call: the big blind, a straddle (D-404) or
        # a kill blind; in spread limit a raise is at least the previous bet (D-426).
        h.full = max(structure.smallest_bet(0), h.current)
        # The big blind is the round's first bet (D-404); a live straddle counts as a raise and
        # allows one more (D-414). A kill blind is the kill hand's big blind (D-427).
        straddles = [f for f in h.forced if f.kind == "straddle"]
        h.raises = (1 if h.current else 0) + len(straddles)
        h.cap_extra = 1 if straddles else 0
        order = [p.seat for p in h.players]
        last = [order.index(f.seat) for f in straddles]
        bigs = [order.index(f.seat) for f in h.forced if f.kind == "big-blind"]
        if bigs:
            last.append(min(bigs))  # the big blind itself; a newcomer's posted big blind does not move the action
        kills = [order.index(f.seat) for f in h.forced if f.kind == "kill"]
        if kills:
            last = kills  # the kill blind acts last pre-flop, wherever it sits (D-427)
        first = (max(last) + 1) % len(order) if last else 0
        h.phase = "betting"
        h.actor = -1
        _set_actor_from(h, first)
    _advance(h)
    return h


def _draw(h: HandState) -> str:
    card = h.deck[h.dealt]
    h.dealt += 1
    return card


def _deal_street(h: HandState, said: list[str] | None = None) -> None:
    """Burn one card and add the street's cards to every board (double board: board 1 first)."""
    if h.kind.stud:
        stud.deal_street(h, said)  # STUD: the players' own cards, up or down
        return
    h.street += 1
    h.burns.append(_draw(h))
    for board in h.boards:
        board.extend(_draw(h) for _ in range(BOARD_CARDS[h.street]))
    h.streets.append(Street(STREETS[h.street], [list(b) for b in h.boards]))
    if said is not None:
        said.append(_street_words(h.street, h.boards))


def _street_words(street: int, boards: list[list[str]]) -> str:
    """ "Flop: 2c 7d Jh"; two boards: "Turn: board 1 9s, board 2 3c"."""
    name = STREETS[street].capitalize()
    cut = sum(BOARD_CARDS[:street])
    if len(boards) == 1:
        return f"{name}: {' '.join(boards[0][cut:cut + BOARD_CARDS[street]])}"
    parts = [f"board {i + 1} {' '.join(b[cut:cut + BOARD_CARDS[street]])}" for i, b in enumerate(boards)]
    return f"{name}: {', '.join(parts)}"


def _open_round(h: HandState, first: int) -> None:
    for p in h.players:
        p.bet = 0
        p.acted = False
        p.faced = 0
    h.current = 0
    h.full = h.structure.smallest_bet(h.street)
    h.raises = 0
    h.cap_extra = 0
    h.capped = False
    h.aggressor = -1
    h.phase = "betting"
    h.actor = -1
    _set_actor_from(h, first)


def _set_actor_from(h: HandState, start: int) -> None:
    """The first seat from this position on (clockwise) who still owes an action."""
    n = len(h.players)
    for i in range(n):
        p = h.players[(start + i) % n]
        if _owes_action(h, p):
            h.actor = p.seat
            return
    h.actor = -1


def _owes_action(h: HandState, p: Player) -> bool:
    if not p.in_hand or p.stack == 0:
        return False
    if p.bet < h.current:
        return True
    if p.acted:
        return False
    # A player who has matched the bet still has the option (the big blind's), unless nobody is
    # left to bet against: every other player is all-in or out.
    return any(q is not p and q.in_hand and q.stack > 0 for q in h.players)


# --------------------------------------------------------------------------- what a seat may do

def to_act(hand: HandState) -> int | None:
    return None if hand.phase == "done" or hand.actor < 0 else hand.actor


def is_over(hand: HandState) -> bool:
    return hand.phase == "done"


def legal(hand: HandState, seat: int) -> list[Legal]:
    if to_act(hand) != seat:
        return []
    p = hand.player(seat)
    if hand.phase == "discard":
        return [Legal("discard", spot=c, label=f"Discard {c}") for c in p.hole]
    if hand.phase == "draw":  # draw games (draw.py)
        return draw.legal(hand, p)
    if hand.phase == "run-vote":
        return [Legal("run-twice", spot="yes", label="Run it twice"),
                Legal("run-twice", spot="no", label="Run it once")]
    if hand.phase == "expose":
        return stud.expose_options(p)  # STUD (Mexican): turn the down card up or not
    if hand.kind.stud and hand.bring_in_due:
        return stud.forced_options(hand, p)  # STUD: bring in or complete
    out = [Legal("fold", label="Fold")]
    owed = hand.current - p.bet
    if owed <= 0:
        out.append(Legal("check", label="Check"))
    elif not _must_open(hand, p):
        call = min(owed, p.stack)
        out.append(Legal("call", min=call, max=call, label=f"Call {fmt(call)}"))
    bounds = _raise_bounds(hand, p)
    if bounds is not None:
        kind = "bet" if hand.current == 0 else "raise"
        lo, hi = bounds
        word = "Bet" if kind == "bet" else "Raise to"
        out.append(Legal(kind, min=lo, max=hi, label=f"{word} {fmt(lo)}" if lo == hi else f"{word} {fmt(lo)}–{fmt(hi)}"))
    if hand.kind.stud:
        out = stud.relabel(hand, out)
    return out


def timeout_action(hand: HandState, seat: int) -> tuple[str, int, str]:
    """What the table does for a seat whose time runs out: check if it costs nothing, else fold
    (D-009, D-416); a pineapple discard throws away the lowest card (P-293); running it twice
    needs a yes, so silence runs it once (D-457)."""
    options = {o.kind: o for o in legal(hand, seat)}
    if not options:
        raise IllegalAction(f"It is not seat {seat}'s turn.")
    if "discard" in options:
        lowest = min(hand.player(seat).hole, key=lambda c: ("23456789TJQKA".index(c[0]), "cdhs".index(c[1])))
        return "discard", 0, lowest
    if "run-twice" in options:
        return "run-twice", 0, "no"
    if "draw" in options:  # draw games: a silent player stands pat (P-321)
        return "draw", 0, ""
    if "bring-in" in options:
        return "bring-in", options["bring-in"].min, ""  # the forced bet is owed either way (D-439)
    if "expose" in options:
        return "expose", 0, "no"
    return ("check", 0, "") if "check" in options else ("fold", 0, "")


def _must_open(h: HandState, p: Player) -> bool:
    """c002 No Limit: the first player in pre-flop opens for the sum of the blinds, no limping
    (D-404). A player who cannot cover it may still call all-in."""
    return (h.structure.open_blinds_sum and h.street == 0 and not h.bomb and not h.entered
            and p.stack + p.bet > h.current)


def _blinds_sum(h: HandState) -> int:
    return sum(f.amount for f in h.forced if f.kind in ("small-blind", "big-blind") and f.live)


def _raise_bounds(h: HandState, p: Player) -> tuple[int, int] | None:
    """The bet or raise-to bounds for this seat now, or None if it may not bet or raise."""
    s = h.structure
    reach = p.stack + p.bet
    if reach <= h.current:
        return None  # can only call, all-in or not
    if not [q for q in h.players if q is not p and q.in_hand and q.stack + q.bet > h.current]:
        return None  # nobody else could call a raise: every other player is out or all-in to this bet
    if s.raise_cap >= 0 and not _cap_lifted(h) and h.raises >= 1 + s.raise_cap + h.cap_extra:
        return None  # D-403: a bet and three raises; once capped even an all-in is only a call
    if p.acted and h.current - p.faced < _reopen(h):
        return None  # a short all-in did not reopen the betting for a player who acted (D-403, D-404)
    pot_after_call = sum(q.put_in for q in h.players) + (h.current - p.bet)
    lo, hi = s.bounds(h.street, h.current, h.full, pot_after_call)
    if h.kind.stud:
        lo, hi = stud.bounds(h, p, lo, hi)  # STUD: completing the bring-in, the 4th-street double
    if _must_open(h, p) and s.open_blinds_sum:
        lo = max(_blinds_sum(h), h.current + 1)
    lo, hi = min(lo, reach), min(hi, reach)
    return lo, hi


def _cap_lifted(h: HandState) -> bool:
    """D-403: the cap is lifted while only two players remain, unless the round was capped
    before it became heads-up."""
    return h.structure.cap_heads_up and not h.capped and len(h.live()) == 2


def _reopen(h: HandState) -> int:
    """How far the bet must have risen since a player acted to let them raise again."""
    if h.structure.kind in (FIXED_LIMIT, SPREAD_LIMIT):
        return (h.structure.reopen_full(h.street, h.full) + 1) // 2  # half a full raise (D-403)
    return h.full  # a full raise, several short all-ins together included (D-404)


# --------------------------------------------------------------------------- acting

def act(hand: HandState, seat: int, kind: str, amount: int = 0, spot: str = "") -> list[str]:
    if hand.phase == "done":
        raise IllegalAction("The hand is over.")
    if to_act(hand) != seat:
        raise IllegalAction(f"It is not seat {seat}'s turn.")
    options = {o.kind: o for o in legal(hand, seat)}
    p = hand.player(seat)
    said: list[str] = []
    if hand.phase == "discard":
        if kind != "discard" or spot not in p.hole:
            raise IllegalAction("Choose one of your cards to discard.")
        p.discard = spot
        hand.streets[-1].actions.append({"seat": seat, "kind": "discard", "card": spot})
        said.append(f"Seat {seat} discards")
    elif hand.phase == "draw":  # draw games (draw.py)
        said.append(draw.act(hand, p, kind, spot))
    elif hand.phase == "expose":
        if kind != "expose":
            raise IllegalAction("Keep your down card down or turn it up.")
        said.append(stud.expose(hand, p, spot))
    elif hand.phase == "run-vote":
        if kind != "run-twice" or spot not in ("yes", "no"):
            raise IllegalAction("Answer yes or no to running it twice.")
        p.vote = spot
        said.append(f"Seat {seat} {'agrees to run it twice' if spot == 'yes' else 'runs it once'}")
    else:
        if kind not in options:
            raise IllegalAction(f"You cannot {kind} now.")
        if hand.kind.stud:
            stud.check_amount(options[kind], amount)
        if hand.kind.stud and kind in stud.FORCED:
            said.append(stud.forced_action(hand, p, kind, options[kind]))
        else:
            said.append(_bet_action(hand, p, kind, amount, options[kind]))
    _advance(hand, said)
    return said


def _bet_action(h: HandState, p: Player, kind: str, amount: int, option: Legal) -> str:
    record: dict[str, Any] = {"seat": p.seat, "kind": kind, "amount": 0, "to": p.bet, "all_in": False}
    if kind == "fold":
        p.folded = True
        text = f"Seat {p.seat} folds"
    elif kind == "check":
        text = f"Seat {p.seat} checks"
    elif kind == "call":
        put = option.min
        _put(p, put)
        h.entered = h.entered or h.street == 0
        record.update(amount=put, to=p.bet)
        text = f"Seat {p.seat} calls {fmt(put)}"
    else:
        if not option.min <= amount <= option.max:
            raise IllegalAction(f"The {kind} must be between {fmt(option.min)} and {fmt(option.max)}.")
        increment = amount - h.current
        _put(p, amount - p.bet)
        if h.structure.raise_counts(increment, h.street, h.full):
            if h.structure.kind != FIXED_LIMIT:
                h.full = max(h.full, increment)
            h.raises += 1
            if h.structure.raise_cap >= 0 and len(h.live()) > 2 \
                    and h.raises >= 1 + h.structure.raise_cap + h.cap_extra:
                h.capped = True
        elif h.street == 0 and h.structure.open_blinds_sum and not h.entered:
            h.raises += 1  # the c002 open counts as a raise of its excess (D-404)
        if h.kind.stud:
            stud.after_bet(h, increment)
        h.current = max(h.current, amount)
        h.entered = h.entered or h.street == 0
        h.aggressor = p.seat
        record.update(amount=amount - record["to"], to=p.bet)
        text = f"Seat {p.seat} {'bets' if kind == 'bet' else 'raises to'} {fmt(amount)}"
    p.acted = True
    p.faced = h.current
    if p.stack == 0 and not p.folded:
        record["all_in"] = True
        text += " and is all-in"
    h.streets[-1].actions.append(record)
    return text


def _put(p: Player, cents: int) -> None:
    p.stack -= cents
    p.bet += cents
    p.put_in += cents


# --------------------------------------------------------------------------- the flow of the hand

def _advance(h: HandState, said: list[str] | None = None) -> None:
    """Move the hand on until somebody must decide or it is over."""
    said = said if said is not None else []
    while True:
        if len(h.live()) == 1:
            _return_uncalled(h, said)
            _finish(h, said)
            return
        if h.phase == "betting":
            # From the seat whose turn it was: it keeps the turn until it has acted.
            order = [p.seat for p in h.players]
            _set_actor_from(h, order.index(h.actor) if h.actor >= 0 else 0)
            if h.actor >= 0:
                return
            _return_uncalled(h, said)
            for p in h.players:
                p.bet = 0
            h.phase = "between"
        if h.phase == "discard":
            waiting = [p for p in h.live() if not p.discard]
            if waiting:
                h.actor = waiting[0].seat
                return
            h.phase = "between"
        if h.phase == "expose":  # STUD (Mexican): each player says whether to turn the down card up
            h.actor = stud.expose_waiting(h)
            if h.actor >= 0:
                return
            h.phase = "between"
        if h.phase == "run-vote":
            votes = [p.vote for p in h.live()]
            if "no" in votes:
                h.phase = "between"
            elif all(v == "yes" for v in votes):
                h.runs = 2
                h.run_from = h.street
                h.phase = "between"
            else:
                h.actor = next(p.seat for p in h.live() if not p.vote)
                return
        if h.kind.draws:  # draw games: a draw round between the betting rounds (draw.py)
            step = draw.between(h, said)
            if step == draw.WAIT:
                return
            if step == draw.FINISH:
                _finish(h, said)
                return
            if step == draw.BET:
                _open_round(h, 0)
            continue
        # Between streets.
        if _discard_due(h):
            h.phase = "discard"
            continue
        if h.kind.stud and stud.expose_due(h):
            stud.open_expose(h)
            continue
        if h.street == _final_street(h):
            _finish(h, said)
            return
        betting = len([p for p in h.live() if p.stack > 0]) >= 2
        if not betting and h.rit_allowed and h.runs == 1 and not _voted(h) and _discards_done(h):
            h.phase = "run-vote"
            continue
        _deal_street(h, said)
        if betting:
            _open_round(h, stud.first_to_act(h) if h.kind.stud else 0)
        else:
            h.phase = "between"


def _final_street(h: HandState) -> int:
    return stud.final_street(h.kind) if h.kind.stud else 3


def _voted(h: HandState) -> bool:
    return any(p.vote for p in h.players)


def _discards_done(h: HandState) -> bool:
    return not h.kind.discard or all(p.discard for p in h.live())


def _discard_due(h: HandState) -> bool:
    """Pineapple: the discard after the pre-flop betting (before the flop) or after the flop's
    betting round (before the turn), D-438."""
    if not h.kind.discard or all(p.discard for p in h.live()):
        return False
    due = 0 if h.kind.discard == "before-flop" else 1
    return h.street == due


def _return_uncalled(h: HandState, said: list[str]) -> None:
    """The part of the last bet nobody called goes back to its owner."""
    bets = sorted((p.bet for p in h.players), reverse=True)
    if len(bets) < 2 or bets[0] == bets[1]:
        return
    top = next(p for p in h.players if p.bet == bets[0])
    back = bets[0] - bets[1]
    top.bet -= back
    top.stack += back
    top.put_in -= back
    h.streets[-1].actions.append({"seat": top.seat, "kind": "uncalled", "amount": back, "to": top.bet,
                                  "all_in": False})
    said.append(f"Uncalled bet ({fmt(back)}) returned to seat {top.seat}")


def _finish(h: HandState, said: list[str]) -> None:
    """No more decisions: run out the board(s) if the hand goes to a showdown."""
    h.phase = "done"
    h.actor = -1
    if len(h.live()) == 1:
        return
    while not h.kind.draws and h.street < _final_street(h):  # draw games deal no board
        _deal_street(h, said)
    if h.runs == 2:
        _second_run(h)
        said.append(f"Second run: {' '.join(h.boards[1][sum(BOARD_CARDS[: h.run_from + 1]):])}")
    _decide_shown(h)


def _second_run(h: HandState) -> None:
    """D-457: board 2 keeps the cards out when the players agreed and is dealt from the stub in
    normal order, a burn before each street; a short stub goes on with the burn cards not yet
    reused."""
    second = list(h.boards[0][:sum(BOARD_CARDS[: h.run_from + 1])])
    reused: list[str] = []

    def next_card() -> str:
        if h.dealt < len(h.deck):
            return _draw(h)
        card = next(b for b in h.burns if b not in reused)  # unseen, as random as a shuffle (P-291)
        reused.append(card)
        return card

    for street in range(h.run_from + 1, 4):
        h.burns.append(next_card())
        second.extend(next_card() for _ in range(BOARD_CARDS[street]))
    h.boards.append(second)


# --------------------------------------------------------------------------- money

def contributed(hand: HandState) -> dict[int, int]:
    return {p.seat: p.put_in for p in hand.players}


def pots(hand: HandState) -> list[tuple[int, list[int]]]:
    """The main pot and side pots: (amount, seats that can win it), D-409. A dead small blind
    is money in the main pot, not a stake that makes its poster eligible for more (D-413)."""
    live = hand.live()
    stake = {p.seat: p.put_in - p.dead for p in hand.players}
    levels = sorted({stake[p.seat] for p in live})
    out: list[tuple[int, list[int]]] = []
    prev = 0
    for level in levels:
        amount = sum(min(stake[p.seat], level) - min(stake[p.seat], prev) for p in hand.players)
        eligible = [p.seat for p in live if stake[p.seat] >= level]
        if amount:
            out.append((amount, eligible))
        prev = level
    extra = sum(max(0, stake[p.seat] - prev) for p in hand.players)
    if extra and out:
        out[-1] = (out[-1][0] + extra, out[-1][1])
    dead = sum(p.dead for p in hand.players)
    if dead and out:
        out[0] = (out[0][0] + dead, out[0][1])
    return out


def showdown(hand: HandState, house_take: int,
             takes: list[tuple[str, int, str]] | None = None) -> list[Award]:
    """The awards after the hand: each pot, less its share of the house's take (D-412),
    divided by board and by high and low, odd cents by the game's rule (D-408). ``takes``: the
    take's parts as take.from_pot gives them (account, cents, memo), for the record."""
    if not is_over(hand):
        raise IllegalAction("The hand is not over.")
    layers = pots(hand)
    total = sum(a for a, _ in layers)
    if not 0 <= house_take <= total:
        raise ValueError("the house's take exceeds the pot")
    # D-412: the take comes out of the pots in proportion to their size, each share truncated;
    # the cents left over come from the main pot.
    shares = [house_take * amount // total for amount, _ in layers] if total else []
    if shares:
        shares[0] += house_take - sum(shares)
    amounts = [(amount - share, eligible) for (amount, eligible), share in zip(layers, shares)]
    hand.house_take = house_take
    parts = takes if takes is not None else ([("house", house_take, "")] if house_take else [])
    if sum(c for _, c, _ in parts) != house_take:
        raise ValueError("the take's parts do not add up to the house's take")
    hand.takes = [{"kind": k, "amount": c, "memo": m} for k, c, m in parts]
    live = hand.live()
    if len(live) == 1:
        winner = live[0].seat
        hand.awards = [Award(0, 0, "whole", total - house_take, {winner: total - house_take}, {})]
        return hand.awards
    awards: list[Award] = []
    values = _evaluate(hand)
    for index, (amount, eligible) in enumerate(amounts):
        if not amount:
            continue
        for b, share in enumerate(_halve(amount, len(hand.boards))):
            awards += _board_awards(hand, values[b], index, b, share, eligible)
    hand.awards = awards
    return awards


def _halve(amount: int, parts: int) -> list[int]:
    """Equal whole cents per board; an odd cent to board 1 (D-433, D-457)."""
    base, odd = divmod(amount, parts)
    return [base + (1 if i < odd else 0) for i in range(parts)]


Values = dict[int, tuple[Hand | HandValue, Hand | HandValue | None]]


def _evaluate(h: HandState) -> list[Values]:
    """Each live seat's best high and (high-low games) best qualifying low, board by board."""
    if h.kind.draws:  # draw games rank the hands in hand (draw.py)
        return [dict(draw.values(h))]
    if h.kind.stud == "mexican":
        return stud.mexican_values(h)  # STUD: the stripped deck and its joker
    out: list[Values] = []
    for board in h.boards:
        out.append({p.seat: (best_high(h.kind, p.kept(), board),
                             best_low(h.kind, p.kept(), board) if h.kind.hi_lo else None)
                    for p in h.live()})
    return out


def _board_awards(h: HandState, values: Values, pot: int, b: int, amount: int,
                  eligible: list[int]) -> list[Award]:
    order = [p.seat for p in h.players]  # clockwise from the button's left: the odd-cent order
    highs = {s: values[s][0] for s in eligible}
    top = max(highs.values())
    high_winners = [s for s in order if s in eligible and highs[s] == top]
    if h.kind.odd_chip == "high-card":
        high_winners = stud.odd_chip_order(h, high_winners)  # STUD: by the highest card (D-408)
    lows = {s: low for s in eligible if (low := values[s][1]) is not None}
    if not lows:
        won = _split(amount, high_winners)
        return [Award(pot, b, "whole", amount, won, {s: hand_name(highs[s]) for s in won})]
    best = max(lows.values())
    low_winners = [s for s in order if s in lows and lows[s] == best]
    if h.kind.odd_chip == "high-card":
        low_winners = stud.odd_chip_order(h, low_winners, low=True)  # STUD: the lowest card (D-408)
    high_half, low_half = amount - amount // 2, amount // 2  # the odd cent to the high half (D-408)
    if h.kind.odd_chip == "nearest-button" and (len(high_winners) > 1 or len(low_winners) > 1):
        # c001 Omaha Hi-Lo (001 s.6036-6038): every odd cent of the pot to the winner nearest
        # the button's left.
        hi_won = {s: (amount // 2) // len(high_winners) for s in high_winners}
        lo_won = {s: (amount // 2) // len(low_winners) for s in low_winners}
        rest = amount - sum(hi_won.values()) - sum(lo_won.values())
        first = next(s for s in order if s in hi_won or s in lo_won)
        if first in hi_won:
            hi_won[first] += rest
        else:
            lo_won[first] += rest
    else:
        hi_won, lo_won = _split(high_half, high_winners), _split(low_half, low_winners)
    return [Award(pot, b, "high", sum(hi_won.values()), hi_won, {s: hand_name(highs[s]) for s in hi_won}),
            Award(pot, b, "low", sum(lo_won.values()), lo_won, {s: hand_name(lows[s]) for s in lo_won})]


def _split(amount: int, winners: list[int]) -> dict[int, int]:
    """Equal shares; odd cents one each to the tied winners clockwise from the button (D-408)."""
    base, odd = divmod(amount, len(winners))
    return {s: base + (1 if i < odd else 0) for i, s in enumerate(winners)}


def _decide_shown(h: HandState) -> None:
    """D-415: the last aggressor on the final round shows first (else the first player left of
    the button), then clockwise; all-in hands are always shown; a later hand that cannot win or
    share any pot or half against the hands shown is mucked unseen."""
    live = h.live()
    order = [p.seat for p in live]
    first = h.aggressor if h.aggressor in order else order[0]
    i = order.index(first)
    turn = order[i:] + order[:i]
    shown: list[int] = []
    values = _evaluate(h)
    layers = pots(h)
    for s in turn:
        if not shown or h.player(s).stack == 0 or _can_win(values, layers, s, shown):
            shown.append(s)
    h.shown = shown


def _can_win(values: list[Values], layers: list[tuple[int, list[int]]], seat: int, shown: list[int]) -> bool:
    for _, eligible in layers:
        if seat not in eligible:
            continue
        rivals = [s for s in shown if s in eligible]
        if not rivals:
            return True
        for board in values:
            high, low = board[seat]
            if all(high >= board[s][0] for s in rivals):
                return True
            if low is not None and all((t := board[s][1]) is None or low >= t for s in rivals):
                return True
    return False


def showdown_hands(hand: HandState) -> dict[int, list[dict[str, Any]]]:
    """Each seat still in at the end, board by board: its best high hand in words, the value to
    compare (higher is better, comparable between seats on the same board), and whether a best
    hand plays every hole card (the Bad Beat Jackpot's test, D-421)."""
    out: dict[int, list[dict[str, Any]]] = {}
    if not is_over(hand) or len(hand.live()) < 2:
        return out
    if hand.kind.draws:  # draw games (draw.py)
        return draw.showdown_hands(hand)
    for p in hand.live():
        rows = []
        for board in hand.boards:
            high = stud.mexican_hand(hand, p) if hand.kind.stud == "mexican" else best_high(hand.kind, p.kept(), board)
            rows.append({"name": hand_name(high), "value": high.entry.index,
                         "both_hole_cards": not hand.kind.stud and plays_whole_hole(hand.kind, p.kept(), board)})
        out[p.seat] = rows
    return out


def start_from_rules(game_name: str, rules: Mapping[str, Any], seats: list[tuple[int, int]], button: int,
                     forced: list[Forced], deck: list[str]) -> HandState:
    """A hand on a variant's resolved rules (webgame/rules/<game>.toml): its game kind, its
    structure, and running it twice where the rulebook lists it and the table offers it."""
    rit = "run-it-twice" in rules.get("table_options", []) and bool(rules.get("run-it-twice", False))
    return start_hand(kind_from_rules(game_name, rules), from_rules(rules), seats, button, forced, deck,
                      run_it_twice=rit)


# --------------------------------------------------------------------------- what players see

def view(hand: HandState, viewer: int | None) -> dict[str, Any]:
    """The felt for one viewer: boards, pot, bets, stacks and whose turn; hole cards only the
    viewer's own and, after the showdown, those shown. Never the deck or the burn cards."""
    over = is_over(hand)
    seats = []
    for p in hand.players:
        mine = viewer is not None and p.seat == viewer
        visible = mine or (over and p.seat in hand.shown)
        seats.append({
            "seat": p.seat, "stack": p.stack, "bet": p.bet, "put_in": p.put_in,
            "folded": p.folded, "all_in": p.all_in,
            "cards": list(p.hole) if visible else [],
            "face_down": 0 if visible or p.folded else len(p.kept()),
            "discarded": p.discard if mine else "",
            "has_discarded": bool(p.discard),
            "shown": over and p.seat in hand.shown,
        })
        if hand.kind.stud:
            # STUD: every up card to everyone, a down card only to its owner (None: face down).
            seats[-1].update(cards=[] if p.folded and not mine else stud.seat_cards(p, visible),
                             face_down=0, up=list(p.up))
    out = {
        "game": hand.kind.name, "structure": hand.structure.name, "button": hand.button,
        "street": stud.street_name(hand) if hand.kind.stud else STREETS[min(hand.street, 3)], "boards": [list(b) for b in hand.boards],
        "board": list(hand.boards[0]) if hand.boards else [],
        "pot": sum(p.put_in - p.bet for p in hand.players), "to_call": hand.current,
        "pots": [{"amount": a, "seats": e} for a, e in pots(hand)] if over else [],
        "seats": seats, "to_act": to_act(hand), "phase": hand.phase, "runs": hand.runs,
        "over": over,
        "awards": [asdict(a) for a in hand.awards] if over else [],
    }
    if hand.kind.draws:  # draw games: the cards each seat drew, no board (draw.py)
        draw.view_extra(hand, viewer, out)
    return out


def record(hand: HandState) -> dict[str, Any]:
    """The whole hand, unredacted, for the hand history (history.py filters by viewer)."""
    double = hand.kind.boards == 2
    streets = []
    for st in hand.streets:
        row: dict[str, Any] = {"name": st.name, "actions": [dict(a) for a in st.actions]}
        if double:
            row["boards"] = [list(b) for b in st.boards]
        else:
            row["board"] = list(st.boards[0]) if st.boards else []
        streets.append(row)
    out: dict[str, Any] = {
        "game": hand.kind.name, "structure": hand.structure.name,
        "blinds": [hand.structure.small_blind, hand.structure.big_blind], "button": hand.button,
        "seats": [{"seat": p.seat, "stack": p.start} for p in hand.players],
        "forced": [asdict(f) for f in hand.forced],
        "hole": {str(p.seat): list(p.hole) for p in hand.players},
        "shown": [str(s) for s in hand.shown],
        "streets": streets,
        "discards": {str(p.seat): p.discard for p in hand.players if p.discard},
        "shown_hands": {str(s): [row["name"] for row in rows] for s, rows in showdown_hands(hand).items()
                        if s in hand.shown},
        "awards": [asdict(a) for a in hand.awards],
        "house_take": [dict(t) for t in hand.takes],
        "boards": [list(b) for b in hand.boards],
    }
    if hand.runs == 2:
        out["runs"] = 2
    if hand.kind.draws:  # draw games: the first deal besides the final hands (draw.py)
        draw.record_extra(hand, out)
    if hand.kind.stud:
        out.update(stud.record_extra(hand))
    return out
