"""One hand of Pan (seed 003 §28): the deal, "In" or "On Top", the draws and discards, the
melds and their Konditions, the forcing and out rules, and the payments.

Pure and JSON-able (`webgame/engine/state.py`). Seats are the table's; ``order`` lists the
players dealt in, in the order of play, which runs to the right (counter-clockwise, general
rule 1): the table passes it, starting with the previous winner or the eldest hand (D-462).

Money is counted in chips of the table's Kondition; the table turns chips into cents. Every
payment is recorded as it falls due (payer, payee, chips, why), and each seat pays only from
the chips it had when the hand began, never from chips won in it (table stakes, D-803): a seat that runs out pays nothing
more, and the unpaid rest is lost to its payee.

A turn: draw one card, from the deck or (rule 6-7) the top discard when the preceding player
drew it from the deck and threw it away and this player melds it at once; a card from the deck
must be melded at once or thrown away, which ends the turn (rule 5); after using the drawn
card the player may lay more melds and add to them (rule 8) and ends the turn with a discard.
The player's melds are rearranged as a whole (`arrange`): laying new melds, adding to old ones,
splitting a meld in two and borrowing a card from an increased meld (rules 13-16) are all one
new arrangement of the board in which every meld is valid and no card goes back to the hand.
The board's worth before and after says what the move collects from every other player in the
hand (rule 12, 13(c), 15; P-361). Eleven cards on the board win the hand (rule 23, D-464): two
chips from every player in the hand plus the board's worth again, and the tops.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from webgame.engine.protocol import IllegalAction, Legal
from webgame.engine.rng import Rng
from webgame.games.pan.melds import board_value, can_add, meld_kind, melds_with, playable, sort_hand

DEAL = 10                 # ten cards, five at a time (method of play 2, general rule 3)
OUT_CARDS = 11            # "eleven cards, face up in front of you" (description, D-464)
GOING_OUT = 2             # "two for winning the hand" (out rule 23)

DECLARE, DRAW, USE, PLAY, OVER = "declare", "draw", "use", "play", "over"


@dataclass
class Payment:
    payer: int
    payee: int
    chips: int
    why: str


@dataclass
class PanHand:
    order: list[int]                           # seats in the order of play
    stock: list[str]                           # the deck; the next card is stock[0]
    hands: dict[str, list[str]] = field(default_factory=dict)
    boards: dict[str, list[list[str]]] = field(default_factory=dict)
    stacks: dict[str, int] = field(default_factory=dict)   # chips in front of each seat
    # Chips each seat may still pay: what it had at the deal less the tops and what it paid.
    # Chips won in the hand do not count (table stakes, D-803: "only from the chips in front
    # of them at the start of the hand", P-381).
    reserve: dict[str, int] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)   # "", "in", "top"
    discards: list[str] = field(default_factory=list)      # the muck, top last
    retired: list[str] = field(default_factory=list)       # hands that went on top (general rule 4)
    turn: int = 0                              # index into order
    phase: str = DECLARE
    drawn: str = ""                            # the card drawn from the deck, not yet used
    from_stock: bool = False                   # the top discard was drawn from the deck and thrown
    forced: bool = False                       # the player to draw must take the top discard (rule 22)
    tops: int = 0                              # chips in the centre
    payments: list[Payment] = field(default_factory=list)
    winner: int = -1
    log: list[str] = field(default_factory=list)

    def seat_key(self, seat: int) -> str:
        return str(seat)

    def live(self) -> list[int]:
        return [s for s in self.order if self.status.get(str(s)) == "in"]


def deal(order: Sequence[int], deck: list[str], stacks: dict[int, int], tops: int) -> PanHand:
    """Post the tops and deal ten cards to each seat, five at a time, from the front of the
    deck (general rule 3)."""
    if len(order) < 2:
        raise ValueError("Pan needs at least two players")
    h = PanHand(order=list(order), stock=list(deck))
    for s in order:
        h.hands[str(s)] = []
        h.boards[str(s)] = []
        h.status[str(s)] = ""
        paid = min(tops, stacks.get(s, 0))
        h.stacks[str(s)] = stacks.get(s, 0) - paid
        h.reserve[str(s)] = stacks.get(s, 0) - paid
        h.tops += paid
    for _ in range(DEAL // 5):
        for s in order:
            h.hands[str(s)] += [h.stock.pop(0) for _ in range(5)]
    for s in order:
        h.hands[str(s)] = sort_hand(h.hands[str(s)])
    h.log.append("The cards are dealt. Each player declares In or goes On Top.")
    return h


def to_act(h: PanHand) -> int | None:
    if h.phase == OVER:
        return None
    if h.phase == DECLARE:
        return next((s for s in h.order if not h.status[str(s)]), None)
    return h.order[h.turn]


def legal(h: PanHand, seat: int) -> list[Legal]:
    """What ``seat`` may do now. Others than the player to draw may force the top discard on
    them (rule 22)."""
    actor = to_act(h)
    if actor is None:
        return []
    if h.phase == DRAW and seat != actor and h.status.get(str(seat)) == "in" and _forceable(h):
        return [Legal("force")]
    if seat != actor:
        return []
    if h.phase == DECLARE:
        return [Legal("in"), Legal("top")]
    hand = h.hands[str(seat)]
    if h.phase == DRAW:
        out = [] if h.forced else [Legal("draw", "deck")]
        if _discard_takeable(h, seat):
            out.append(Legal("draw", "discard"))
        return out
    if h.phase == USE:
        out = [Legal("arrange")]
        if not h.forced:
            out.append(Legal("discard", h.drawn))
        return out
    # PLAY: more melds, then a discard (the out rule may bar some cards, rule 24)
    return [Legal("arrange")] + [Legal("discard", c) for c in _allowed_discards(h, seat, hand)]


def act(h: PanHand, seat: int, kind: str, spot: str = "", melds: Sequence[Sequence[str]] = (),
        rng: Rng | None = None) -> list[str]:
    """Apply one decision; returns what the felt announces. ``melds`` is the seat's whole new
    board for "arrange"; ``rng`` shuffles the muck into a new deck if the deck runs out."""
    options = legal(h, seat)
    if not any(o.kind == kind and (not o.spot or o.spot == spot or kind == "arrange") for o in options):
        raise IllegalAction(_refusal(h, seat, kind))
    said: list[str] = []
    if kind in ("in", "top"):
        h.status[str(seat)] = "in" if kind == "in" else "top"
        if kind == "top":
            h.retired += h.hands[str(seat)]   # set aside, never drawn again (general rule 4)
            h.hands[str(seat)] = []
            said.append(f"Seat {seat + 1} goes on top.")
        else:
            said.append(f"Seat {seat + 1} is in.")
        if all(h.status[str(s)] for s in h.order):
            said += _start_play(h)
        return said
    if kind == "force":
        h.forced = True
        return [f"Seat {seat + 1} forces seat {h.order[h.turn] + 1} to take the {h.discards[-1]}."]
    if kind == "draw":
        if spot == "deck":
            h.drawn = _next_card(h, rng)
            h.phase = USE
            return [f"Seat {seat + 1} plucks a card."]
        card = h.discards.pop()
        h.drawn = card
        h.from_stock = False
        h.phase = USE
        h.forced = True   # a discard taken must be melded at once (rule 7)
        return [f"Seat {seat + 1} takes the {card}."]
    if kind == "discard":
        return _discard(h, seat, spot)
    return _arrange(h, seat, melds)


def _start_play(h: PanHand) -> list[str]:
    live = h.live()
    if len(live) < 2:
        # everyone else went on top: the last player in takes the tops unplayed
        h.phase = OVER
        if live:
            h.winner = live[0]
            return [f"Seat {live[0] + 1} is the only player in and takes the tops."]
        return ["Every player went on top."]
    h.turn = h.order.index(live[0])
    h.phase = DRAW
    return [f"Seat {live[0] + 1} draws first."]


def _next_card(h: PanHand, rng: Rng | None) -> str:
    if not h.stock:
        # The rulebook never runs out: the muck but its top card is shuffled into a new deck
        # (P-363), as the discards are shuffled back after each hand (general rule 2).
        keep = h.discards[-1:]
        h.stock, h.discards = h.discards[:-1], keep
        if rng is None:
            raise IllegalAction("The deck is empty.")
        rng.shuffle(h.stock)
        h.from_stock = False
        if not h.stock:
            raise IllegalAction("The deck is empty.")
    return h.stock.pop(0)


def _discard_takeable(h: PanHand, seat: int) -> bool:
    if not h.discards or not h.from_stock:
        return False
    card = h.discards[-1]
    return playable(h.boards[str(seat)], card) or melds_with(h.hands[str(seat)], card)


def _forceable(h: PanHand) -> bool:
    """Rule 22: the top discard can be added to a meld of the player to whom it is available."""
    if not h.discards or not h.from_stock or h.forced:
        return False
    return playable(h.boards[str(h.order[h.turn])], h.discards[-1])


def _allowed_discards(h: PanHand, seat: int, hand: Sequence[str]) -> list[str]:
    """Rule 24: with the next player flat (ten cards spread), a card that would put them out
    is barred unless every card would."""
    cards = sorted(set(hand))
    nxt = _next_live(h, seat)
    if nxt is None or sum(len(m) for m in h.boards[str(nxt)]) < OUT_CARDS - 1:
        return cards
    safe = [c for c in cards if not playable(h.boards[str(nxt)], c)]
    return safe or cards


def _next_live(h: PanHand, seat: int) -> int | None:
    live = h.live()
    if seat not in live or len(live) < 2:
        return None
    return live[(live.index(seat) + 1) % len(live)]


def _discard(h: PanHand, seat: int, card: str) -> list[str]:
    if h.phase == USE:
        # the plucked card thrown away unused: the next player may take it (rule 6)
        h.discards.append(card)
        h.drawn = ""
        h.from_stock = True
    else:
        hand = h.hands[str(seat)]
        hand.remove(card)
        h.discards.append(card)
        h.from_stock = False
    _pass_turn(h, seat)
    return [f"Seat {seat + 1} discards the {card}."]


def _pass_turn(h: PanHand, seat: int) -> None:
    nxt = _next_live(h, seat)
    h.turn = h.order.index(nxt) if nxt is not None else h.turn
    h.phase = DRAW
    h.forced = False


def _arrange(h: PanHand, seat: int, melds: Sequence[Sequence[str]]) -> list[str]:
    old = h.boards[str(seat)]
    new = [list(m) for m in melds]
    bad = next((m for m in new if not meld_kind(m)), None)
    if bad is not None:
        raise IllegalAction(f"{' '.join(bad)} is not a meld: a rope of one suit in sequence or a square.")
    before, after = Counter(c for m in old for c in m), Counter(c for m in new for c in m)
    if before - after:
        raise IllegalAction("A card on the table stays on the table.")
    laid = after - before
    pool = Counter(h.hands[str(seat)]) + (Counter([h.drawn]) if h.drawn else Counter())
    if laid - pool:
        raise IllegalAction("You can lay only cards you hold.")
    if not laid:
        raise IllegalAction("Lay at least one card.")
    if h.phase == USE and h.drawn and laid[h.drawn] < 1:
        raise IllegalAction(f"Lay the {h.drawn} you drew, or throw it away.")
    if h.phase == USE and not h.drawn:
        raise IllegalAction("Draw first.")
    if h.drawn and laid[h.drawn] >= 1:
        laid[h.drawn] -= 1
        h.drawn = ""
    h.hands[str(seat)] = sort_hand((Counter(h.hands[str(seat)]) - laid).elements())
    gain = board_value(new) - board_value(old)
    h.boards[str(seat)] = new
    h.phase = PLAY
    h.forced = False
    said = [f"Seat {seat + 1} lays {sum(len(m) for m in new) - sum(len(m) for m in old)} card(s)."]
    if gain > 0:
        said += _collect(h, seat, gain, "condition")
    if sum(len(m) for m in new) >= OUT_CARDS:
        said += _go_out(h, seat)
    return said


def _collect(h: PanHand, payee: int, chips: int, why: str) -> list[str]:
    total = 0
    for payer in h.live():
        if payer == payee:
            continue
        paid = min(chips, h.reserve[str(payer)])
        h.reserve[str(payer)] -= paid
        h.stacks[str(payer)] -= paid
        h.stacks[str(payee)] += paid
        total += paid
        if paid:
            h.payments.append(Payment(payer, payee, paid, why))
    return [f"Seat {payee + 1} collects {total} chip(s) ({why})."] if total else []


def _go_out(h: PanHand, seat: int) -> list[str]:
    """Out rule 23: two chips from every player in the hand and the board's worth again,
    then the tops."""
    said = [f"Seat {seat + 1} Pans the hand!"]
    said += _collect(h, seat, GOING_OUT + board_value(h.boards[str(seat)]), "going out")
    h.winner = seat
    h.phase = OVER
    return said


def is_over(h: PanHand) -> bool:
    return h.phase == OVER


def net_chips(h: PanHand) -> dict[int, int]:
    """Each seat's chips won (+) or lost (-) in payments between players, tops apart."""
    net = {s: 0 for s in h.order}
    for p in h.payments:
        net[p.payer] -= p.chips
        net[p.payee] += p.chips
    return net


def _refusal(h: PanHand, seat: int, kind: str) -> str:
    actor = to_act(h)
    if actor is None:
        return "The hand is over."
    if seat != actor and kind != "force":
        return "It is not your turn."
    if kind == "draw":
        return "You may take the discard only if the last player plucked it and you meld it at once."
    if kind == "discard":
        return "You may not discard that card now."
    if kind == "force":
        return "The discard cannot be forced now."
    return "That is not a decision you can make now."


def view(h: PanHand, viewer: int | None) -> dict[str, Any]:
    """The table as ``viewer`` may see it: every board, every hand's size, the top discard;
    only the viewer's own hand (and the card the viewer drew)."""
    return {
        "phase": h.phase,
        "to_act": to_act(h),
        "top_discard": h.discards[-1] if h.discards else "",
        "takeable": h.from_stock,
        "stock": len(h.stock),
        "tops": h.tops,
        "winner": h.winner,
        "seats": {str(s): {"board": [list(m) for m in h.boards[str(s)]],
                           "cards": len(h.hands[str(s)]),
                           "status": h.status[str(s)],
                           "value": board_value(h.boards[str(s)]),
                           "hand": list(h.hands[str(s)]) if s == viewer else None,
                           "drawn": h.drawn if s == viewer and to_act(h) == s else ""}
                  for s in h.order},
    }


def can_lay(board: Sequence[Sequence[str]], card: str) -> list[int]:
    """The melds of ``board`` that take ``card`` (for the felt's hints)."""
    return [i for i, m in enumerate(board) if can_add(m, card)]
