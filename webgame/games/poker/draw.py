"""The draw games of the poker room on the hand of hand.py: five-card draw (004 §14), lowball
(004 §13), high-low split draw (004 §15), Mexican Draw (003 §8) and Badugi (004 §22).

A game kind's deal plan (games.GameKind): ``hole_cards`` dealt to each player (five, Badugi
four), ``draws`` (one, Badugi three), the ``evaluator`` ("high", "a5", "27", "hi-lo", "badugi")
and the ``joker``. hand.py deals, posts the blinds and runs the betting rounds as for the board
games; at a few marked points it hands over to this module:

* between betting rounds a draw round: each live player in turn from the button's left discards
  0 to N cards (standing pat = 0) and is dealt as many, all-in players too (004 s.574); the
  action is ``draw`` with the discarded codes joined by "," as its spot ("" stands pat);
* a burn card before each draw (004 s.633 speaks of the burn cards); the last card of the deck
  is never dealt, and when the stub cannot complete a draw the last card, the burns and the
  discards of earlier draw rounds are shuffled into a new stub, then if need be this round's
  discards of the players who have already drawn, never the drawer's own (D-802, D-450);
* limit betting: the small bet before the draw and the big bet after it; triple draw, the small
  bet on the first two rounds and the big bet on the last two (D-446, D-450, 003 §8 rule 7);
* the showdown ranks each hand by the kind's evaluator (engine/hands); the low hand of a
  lowball or Badugi table is the whole pot's hand, hi-lo splits high and eight-or-better low.

Every seat sees how many cards each other player drew (003 §8 rule 10 makes it public), never
the cards.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from webgame.engine.hands.high import evaluate_high
from webgame.engine.hands.low import evaluate_badugi, evaluate_low
from webgame.engine.hands.value import HandValue
from webgame.engine.protocol import IllegalAction, Legal
from webgame.engine.rng import Rng

from .games import GameKind
from .structures import FIXED_LIMIT, Structure

if TYPE_CHECKING:
    from .hand import HandState, Player

JOKER = "JK"
RANKS = "23456789TJQKA"
SUITS = "cdhs"
LOW_ORDER = {"a5": "A23456789TJQK", "8-or-better": "A23456789TJQK", "27": "23456789TJQKA"}
WAIT, BET, FINISH, NEXT = "wait", "bet", "finish", "next"


# --------------------------------------------------------------------------- the deal plan

def structure_for(kind: GameKind, structure: Structure) -> Structure:
    """The bet of each betting round in a limit draw game: single draw, the small bet before
    the draw and the big bet after it (004 s.574 with D-446; Mexican Draw's limit "doubles
    after the draw", 003 §8 rule 7); triple draw, small on the first two rounds and big on the
    last two (D-446, D-450)."""
    if structure.kind != FIXED_LIMIT or not structure.bets:
        return structure
    small, big = structure.bets[0], structure.bets[-1]
    rounds = kind.draws + 1
    return replace(structure, bets=tuple(small if i < rounds // 2 else big for i in range(rounds)))


def deck_for(kind: GameKind, rng: Rng) -> list[str]:
    """A fresh deck for the kind, shuffled: 52 cards, and the joker where the game plays one
    (Mexican Draw's 53 cards, 003 §8 rule 2; Chapter 4's optional joker, 004 s.541)."""
    deck = [r + s for s in SUITS for r in RANKS]
    if kind.joker:
        deck.append(JOKER)
    rng.shuffle(deck)
    return deck


def most_discards(kind: GameKind) -> int:
    """0 to 5 cards (D-446, D-453), Badugi 0 to 4 (004 s.624)."""
    return kind.hole_cards


def street_name(h: HandState) -> str:
    """Where the hand is, for the felt: "before the draw", "the draw", "after draw 2"."""
    if h.phase == "draw":
        return "the draw" if h.kind.draws == 1 else f"draw {h.street}"
    if h.kind.draws == 1:
        return "before the draw" if h.street == 0 else "after the draw"
    return "before the first draw" if h.street == 0 else f"after draw {h.street}"


# --------------------------------------------------------------------------- the flow

def between(h: HandState, said: list[str]) -> str:
    """Called by hand._advance once a betting round or a draw is complete: ``WAIT`` (a seat must
    draw, ``h.actor`` set), ``BET`` (open the next betting round), ``FINISH`` (the showdown), or
    ``NEXT`` (nothing to decide here: go round again)."""
    if h.phase == "draw":
        waiting = [p for p in h.live() if p.drawn < h.street]
        if waiting:
            h.actor = waiting[0].seat
            return WAIT
        h.phase = "between"
        if len([p for p in h.live() if p.stack > 0]) >= 2:
            return BET
        return NEXT
    if h.street >= h.kind.draws:
        return FINISH
    _open_draw(h, said)
    return NEXT


def _open_draw(h: HandState, said: list[str]) -> None:
    from .hand import Street

    # The last round's discards join the muck a new stub may be shuffled from (D-802).
    h.muck += [c for p in h.players if len(p.draws) >= h.street and h.street
               for c in p.draws[h.street - 1] if c not in h.reused]
    h.reused = []
    h.street += 1
    if _spare(h) > 0:
        card = _take(h)
        h.burns.append(card)
        h.muck.append(card)
    h.streets.append(Street(f"draw-{h.street}" if h.kind.draws > 1 else "draw", [[]]))
    h.phase = "draw"
    h.actor = -1
    said.append("The draw" if h.kind.draws == 1 else f"Draw {h.street}")


def legal(h: HandState, p: Player) -> list[Legal]:
    most = most_discards(h.kind)
    return [Legal("draw", spot="", min=0, max=most, label=f"Discard 0 to {most} cards")]


def act(h: HandState, p: Player, kind: str, spot: str) -> str:
    """The seat's draw: the cards it throws away (spot "Qh,7c"; "" stands pat)."""
    if kind != "draw":
        raise IllegalAction("Choose the cards to discard, or stand pat.")
    # "Qh,7c" as the hand offers it; "7c Qh" as the felt's form of ticked cards posts it.
    cards = [c for c in re.split(r"[,\s]+", spot) if c] if spot else []
    if len(set(cards)) != len(cards) or any(c not in p.hole for c in cards):
        raise IllegalAction("You can only discard cards you hold.")
    if len(cards) > most_discards(h.kind):
        raise IllegalAction(f"You may discard at most {most_discards(h.kind)} cards.")
    new = _deal_draw(h, p, len(cards))
    fresh = iter(new)
    p.hole = [next(fresh) if c in cards else c for c in p.hole]  # each new card where its discard was
    p.draws.append(list(cards))
    p.drawn = h.street
    h.streets[-1].actions.append({"seat": p.seat, "kind": "draw", "discards": list(cards), "cards": list(new)})
    if not cards:
        return f"Seat {p.seat} stands pat"
    return f"Seat {p.seat} draws {len(cards)} card{'s' if len(cards) != 1 else ''}"


def _spare(h: HandState) -> int:
    """Cards the stub may still deal: never the last card of the deck (D-802, 004 s.633)."""
    return len(h.deck) - h.dealt - (0 if h.restubbed else 1)


def _take(h: HandState) -> str:
    card = h.deck[h.dealt]
    h.dealt += 1
    return card


def _deal_draw(h: HandState, p: Player, n: int) -> list[str]:
    out: list[str] = []
    while len(out) < n:
        if _spare(h) > 0:
            out.append(_take(h))
        elif not _restub(h, p):
            raise ValueError("no card left to complete the draw")
    return out


def _restub(h: HandState, p: Player) -> bool:
    """D-802: the last card, the burns and the earlier rounds' discards make a new stub; failing
    those, this round's discards of the players who have drawn (never the drawer's own)."""
    pool = list(h.deck[h.dealt:]) + h.muck
    h.muck = []
    if not pool:
        pool = [c for q in h.players if q is not p and q.drawn == h.street and q.draws
                for c in q.draws[-1] if c not in h.reused]
        h.reused += pool
    if not pool:
        return False
    # The new stub's order comes from the secret deck itself (a hash keyed by every card of it),
    # so the hand stays a pure function of its shuffle and a replay deals the same cards.
    secret = ",".join(h.deck) + f"/{h.restubbed}"
    pool.sort(key=lambda c: hashlib.sha256(f"{secret}/{c}".encode()).hexdigest())
    h.deck = h.deck[:h.dealt] + pool
    h.restubbed += 1
    return True


# --------------------------------------------------------------------------- the showdown

def values(h: HandState) -> dict[int, tuple[HandValue, HandValue | None]]:
    """Each live seat's hand: (the hand that wins the whole pot, or the high half at hi-lo; the
    qualifying low at hi-lo, else None)."""
    return {p.seat: rank_hand(h.kind, p.hole) for p in h.live()}


def rank_hand(kind: GameKind, cards: list[str]) -> tuple[HandValue, HandValue | None]:
    ev = kind.evaluator
    if ev == "high":
        return _high(cards, kind.joker), None
    if ev == "badugi":
        return evaluate_badugi(cards), None
    if ev in ("a5", "27"):
        low = low_hand(cards, ev)
        assert low is not None
        return low, None
    # hi-lo (D-447): the high hand with the joker as an ace or filler, and an eight-or-better low.
    return _high(cards, kind.joker), low_hand(cards, "8-or-better")


def _high(cards: list[str], joker: str) -> HandValue:
    """The high hand (a bug joker: an ace or a straight or flush filler, 004 s.541; a wild one,
    D-453), worded as the felt words hands: "two pair, kings and fives"."""
    value = evaluate_high(cards, joker=joker or "none")
    return replace(value, description=value.description[:1].lower() + value.description[1:])


def low_hand(cards: list[str], kind: str) -> HandValue | None:
    """An A-5, 2-7 or eight-or-better low; the joker is the lowest rank the hand lacks (004
    s.541), of a suit that makes no flush at 2-7. None: no qualifying eight-or-better low."""
    played = _joker_low(cards, kind)
    value = evaluate_low(played, kind)
    if not value.rank:
        return None
    return HandValue(value.scale, value.rank, value.category, _low_words(value, kind, played),
                     value.cards, value.ranks)


def _joker_low(cards: list[str], kind: str) -> list[str]:
    if JOKER not in cards:
        return list(cards)
    naturals = [c for c in cards if c != JOKER]
    held = {c[0] for c in naturals}
    rank = next(r for r in LOW_ORDER[kind] if r not in held)
    suits = {c[1] for c in naturals}
    suit = next(s for s in SUITS if not (len(suits) == 1 and s in suits)) if kind == "27" else SUITS[0]
    return naturals + [rank + suit]


def _low_words(value: HandValue, kind: str, cards: list[str]) -> str:
    """"8-6-5-3-2 low"; a paired or (2-7) straight or flush hand in high-poker words."""
    if value.category != "high-card":
        return value.description[:1].lower() + value.description[1:]
    order = LOW_ORDER[kind]
    ranks = sorted((c[0] for c in cards), key=order.index, reverse=True)
    return "-".join("10" if r == "T" else r for r in ranks) + " low"


def showdown_hands(h: HandState) -> dict[int, list[dict[str, Any]]]:
    """Each seat's hand in words (hi-lo: the high, and the low where it has one)."""
    out: dict[int, list[dict[str, Any]]] = {}
    for seat, (main, low) in values(h).items():
        name = main.description + (f"; {low.description}" if low is not None else "")
        out[seat] = [{"name": name, "value": main.rank, "both_hole_cards": False}]
    return out


def record_extra(h: HandState, out: dict[str, Any]) -> None:
    """The record of a draw hand: the cards first dealt (the draws are the streets' "draw"
    actions, with the cards thrown and the cards received)."""
    dealt = {p.seat: list(p.hole) for p in h.players}
    for street in reversed(h.streets):
        for action in street.actions:
            if action.get("kind") == "draw":
                back = dict(zip(action["cards"], action["discards"], strict=True))
                dealt[action["seat"]] = [back.get(c, c) for c in dealt[action["seat"]]]
    out["dealt"] = {str(seat): cards for seat, cards in dealt.items()}
    out["draw_game"] = True


# --------------------------------------------------------------------------- what players see

def view_extra(h: HandState, viewer: int | None, shown: dict[str, Any]) -> None:
    """The draw games' part of the felt: the cards each seat drew in each round (public, 003 §8
    rule 10), the viewer's own discards, and no board."""
    by_seat = {p.seat: p for p in h.players}
    for row in shown["seats"]:
        p = by_seat[row["seat"]]
        row["drew"] = [len(d) for d in p.draws]
        row["my_discards"] = [list(d) for d in p.draws] if viewer == p.seat else []
    shown["street"] = street_name(h)
    shown["boards"] = []
    shown["board"] = []
    shown["draw_game"] = True
