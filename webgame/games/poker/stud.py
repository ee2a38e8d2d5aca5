"""Stud games on the hand engine of the poker room (hand.py): seven-card stud, stud hi-lo, razz
and five-card stud.

The hand (hand.py) keeps the betting, the pots and the showdown; at a few marked points it asks
this module what differs in stud (``if h.kind.stud:``):

* the deal plan (:data:`PLANS`): which cards go down and up on each street; no board, a burn
  before every street after the first. When the stub cannot give every player left a card on
  the last street, the burns are dealt first where the rulebook says so (c001-c003, c003 rule
  13) and only then one common card is turned up in the centre for everybody (D-440);
* the forced bets: every seat antes (the room plans it, room.py); on the first street the
  lowest up card brings in, aces high, ties by suit clubs < diamonds < hearts < spades (c001
  s.231-277, c002 §7, c003 §12, D-018, D-439); at razz the highest card, aces low, the higher
  suit bringing it in (003 §11, D-444). The bring-in may be the forced amount or a completion to
  the small bet, which is the round's bet, three raises following (c003 §12, D-439). The c004
  rooms force no bet: the card opens with a check or a bet (004 s.481, s.590, D-439, D-444, D-448);
* who acts first on later streets: the best hand showing (pairs and high cards, straights and
  flushes ignored), at razz the lowest; equal boards go to the first of them clockwise from the
  dealer, the lowest seat number (D-439, D-444, D-448);
* the double limit on fourth street once an open pair shows (c002-c004: anyone; c001: only
  the player showing it), never at hi-lo or razz (D-441, 002 §8);
* odd cents to the tied winner holding the highest card by suit, and at hi-lo's low half the
  lowest card (D-408, D-442).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from webgame.engine.money import fmt
from webgame.engine.protocol import IllegalAction, Legal
from webgame.engine.rng import Rng

from . import history, mexican
from .games import GameKind

if TYPE_CHECKING:
    from .hand import HandState, Player

DOWN, UP = "down", "up"
AUTO = "auto"  # Mexican Stud: down if the player has no down card (it was turned up), else up
# The deal plan: the cards of each street, in dealing order (each round goes round the table).
PLANS: dict[str, tuple[tuple[str, ...], ...]] = {
    "seven": ((DOWN, DOWN, UP), (UP,), (UP,), (UP,), (DOWN,)),   # 3rd street … 7th street
    "five": ((DOWN, UP), (UP,), (UP,), (UP,)),                   # 004 s.586
    "mexican": ((DOWN, UP), (AUTO,), (AUTO,), (AUTO,)),          # 003 §7: one card always down
}
STREET_NAMES = {"seven": ("third", "fourth", "fifth", "sixth", "seventh"),
                "five": ("second", "third", "fourth", "fifth"),
                "mexican": ("second", "third", "fourth", "fifth")}
HEADERS = {"seven": ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER"),
           "five": ("2nd STREET", "3rd STREET", "4th STREET", "5th STREET"),
           "mexican": ("2nd STREET", "3rd STREET", "4th STREET", "5th STREET")}
RANKS = "23456789TJQKA"
# Every rulebook ranks the suits the same way when a card must be chosen: clubs lowest, then
# diamonds, hearts, spades (001 s.231-277 "alphabetical", 002 §7, 003 §11, 004 s.586, D-018).
SUITS = "cdhs"
FORCED = ("bring-in", "complete")


def final_street(kind: GameKind) -> int:
    return len(PLANS[kind.stud]) - 1


def street_name(h: HandState) -> str:
    return STREET_NAMES[h.kind.stud][min(h.street, final_street(h.kind))]


def cards_needed(kind: GameKind, players: int) -> int:
    """The first street's cards: the least a deck must hold to start the hand."""
    return len(PLANS[kind.stud][0]) * players


def _high(card: str) -> int:
    return mexican.showing_rank(card)  # 2 … 14; Mexican Stud's joker counts as an ace (003 §7 rule 2)


def _low(card: str) -> int:
    return 1 if card[0] == "A" else _high(card)


def _suit(card: str) -> int:
    return SUITS.index(card[1]) if card != mexican.JOKER else len(SUITS)


def showing(h: HandState, p: Player) -> list[str]:
    """The cards a seat shows: its up cards and the common card, if one was turned up."""
    return list(p.up) + [c for board in h.boards for c in board]


# --------------------------------------------------------------------------- dealing

def _take(h: HandState) -> str:
    """The next card: from the stub, then (short of cards, D-440) the burns, unseen by anyone
    and so as random as a fresh shuffle of them."""
    if h.dealt < len(h.deck):
        card = h.deck[h.dealt]
        h.dealt += 1
        return card
    if h.burns_reused >= len(h.burns):
        raise ValueError("the deck and the burns are used up")
    card = h.burns[h.burns_reused]
    h.burns_reused += 1
    return card


def open_hand(h: HandState) -> None:
    """Deal the first street (after the antes) and give the first decision: the bring-in, or at
    a c004 table the opener's check or bet."""
    h.streets[0].name = STREET_NAMES[h.kind.stud][0]
    for kind in PLANS[h.kind.stud][0]:
        for p in h.players:
            _give(h, p, kind)
    opener = first_card(h)
    h.current = 0
    h.full = h.structure.smallest_bet(0)
    h.raises = 0
    h.phase = "betting"
    h.actor = opener
    h.bring_in_seat = opener
    h.bring_in_due = h.kind.forced in ("bring-in", "either-limit")


def first_card(h: HandState) -> int:
    """The seat whose up card opens the first round (D-439, D-444, D-448)."""
    def key(p: Player) -> tuple[int, int]:
        card = p.up[0]
        if h.kind.bring_in == "low":      # lowest card, ace high, the lowest suit
            return (-_high(card), -_suit(card))
        if h.kind.bring_in == "razz":     # highest card, ace low, the highest suit
            return (_low(card), _suit(card))
        if h.kind.bring_in == "mexican":  # highest card, the joker an ace, ties nearest the button
            return (_high(card), 0)
        return (_high(card), _suit(card))  # highest card, ace high, the highest suit
    return max(h.players, key=key).seat


def _give(h: HandState, p: Player, kind: str) -> str:
    card = _take(h)
    if kind == AUTO:
        kind = DOWN if all(c in p.up for c in p.hole) else UP
    p.hole.append(card)
    if kind == UP:
        p.up.append(card)
    return card


def deal_street(h: HandState, said: list[str] | None) -> None:
    """The next street: a burn and one card to each player still in; short of cards, the
    burns are dealt (without a burn of their own unless one is spare), and if even they cannot
    give everybody a card, one common card goes face up in the centre for all (D-440)."""
    from .hand import Street

    h.street += 1
    h.bring_in_due = False
    kind = PLANS[h.kind.stud][min(h.street, final_street(h.kind))][0]
    live = h.live()
    stub = len(h.deck) - h.dealt
    unused_burns = len(h.burns) - h.burns_reused
    words: list[str] = []
    if stub >= len(live) + 1:
        h.burns.append(_take(h))
        pool = -1
    else:
        pool = stub + (unused_burns if h.kind.reuse_burns else 0)
    if pool < 0 or pool >= len(live):
        if pool > len(live):
            h.burns.append(_take(h))  # a burn only if a card is spare (c003 rule 13)
        for p in live:
            card = _give(h, p, kind)
            if card in p.up:
                words.append(f"seat {p.seat} {card}")
    else:
        if stub + unused_burns >= 2:
            h.burns.append(_take(h))
        card = _take(h)
        h.boards[0].append(card)
        words.append(f"common card {card}")
    h.streets.append(Street(STREET_NAMES[h.kind.stud][h.street], [list(b) for b in h.boards]))
    if said is not None:
        said.append(f"{STREET_NAMES[h.kind.stud][h.street].capitalize()} street"
                    + (": " + ", ".join(words) if words else ""))


# --------------------------------------------------------------------------- who acts first

def board_key(h: HandState, p: Player) -> tuple[Any, ...]:
    """How good a seat's showing cards are (higher is better): more of a rank first (four, three,
    two pair, a pair), then the ranks; at razz the lowest board is best (pairs count against it,
    aces low)."""
    cards = showing(h, p)
    if h.kind.low == "a5":
        counts = Counter(_low(c) for c in cards)
        groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
        return (tuple(-n for n, _ in groups), tuple(-r for _, r in groups))
    counts = Counter(_high(c) for c in cards)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    return (tuple(n for n, _ in groups), tuple(r for _, r in groups))


def first_to_act(h: HandState) -> int:
    """The index in ``h.players`` of the best board showing among the players left (razz:
    the lowest); equal boards: the first of them clockwise from the dealer (D-439)."""
    live = h.live()
    best = max(board_key(h, p) for p in live)
    seat = next(p.seat for p in live if board_key(h, p) == best)
    return [p.seat for p in h.players].index(seat)


# --------------------------------------------------------------------------- the betting

def forced_options(h: HandState, p: Player) -> list[Legal]:
    """The bring-in: the forced amount or a completion to the small bet (D-439). If the card's
    owner is all-in from the ante, the next player may bring in, complete or fold (c003 §12
    rule 9)."""
    bring = min(h.structure.bring_in, p.stack)
    full = min(h.structure.smallest_bet(0), p.stack)
    out = [] if p.seat == h.bring_in_seat else [Legal("fold", label="Fold")]
    if h.kind.forced == "either-limit":
        # Mexican Stud: the high card opens at the lower or the upper limit (003 §7 rule 2)
        big = min(h.structure.unit(2), p.stack)
        out.append(Legal("bring-in", min=full, max=full, label=f"Open for {fmt(full)}"))
        if big > full:
            out.append(Legal("complete", min=big, max=big, label=f"Open for {fmt(big)}"))
        return out
    out.append(Legal("bring-in", min=bring, max=bring, label=f"Bring in for {fmt(bring)}"))
    if full > bring:
        out.append(Legal("complete", min=full, max=full, label=f"Complete to {fmt(full)}"))
    return out


def forced_action(h: HandState, p: Player, kind: str, option: Legal) -> str:
    """Post the bring-in or the completion. The completion is the round's bet (three raises
    may follow, c003 §12); the bring-in is not."""
    amount = option.min
    p.stack -= amount
    p.bet += amount
    p.put_in += amount
    h.current = max(h.current, p.bet)
    h.raises = 1 if kind == "complete" or h.kind.forced == "either-limit" else 0
    if h.kind.forced == "either-limit":
        h.full = max(h.full, amount)  # every raise at least the opening bet (003 §7 rule 11)
    h.aggressor = p.seat
    h.bring_in_due = False
    p.acted = True
    p.faced = h.current
    record: dict[str, Any] = {"seat": p.seat, "kind": kind, "amount": amount, "to": p.bet,
                              "all_in": p.stack == 0}
    h.streets[-1].actions.append(record)
    text = f"Seat {p.seat} brings in for {fmt(amount)}" if kind == "bring-in" \
        else f"Seat {p.seat} completes to {fmt(amount)}"
    if h.kind.forced == "either-limit":
        text = f"Seat {p.seat} opens for {fmt(amount)}"
    return text + (" and is all-in" if p.stack == 0 else "")


def _double_open(h: HandState, p: Player) -> bool:
    """Fourth street with an open pair: may this seat bet or raise the big bet (D-441)?"""
    if h.street != 1 or not h.kind.open_pair:
        return False
    seats = h.live() if h.kind.open_pair == "any" else [p]
    return any(max(Counter(c[0] for c in q.up).values(), default=0) >= 2 for q in seats)


def bounds(h: HandState, p: Player, lo: int, hi: int) -> tuple[int, int]:
    """The stud bet or raise bounds: completing the bring-in on the first street is a raise to
    the small bet; with an open pair on fourth street the small or the big bet, and once the
    big bet is made every raise is by the big bet (D-441)."""
    small = h.structure.unit(0)
    if h.street == 0 and 0 < h.current < small:
        return small, small
    if h.street == 0 and h.kind.forced == "either-limit" and h.full > small:
        return h.current + h.full, h.current + h.full  # opened at the upper limit
    if h.street == 1 and h.kind.open_pair:
        big = h.structure.unit(2)
        if h.full >= big:
            return h.current + big, h.current + big
        if _double_open(h, p):
            return h.current + small, h.current + big
    return lo, hi


def relabel(h: HandState, out: list[Legal]) -> list[Legal]:
    small = h.structure.unit(0)
    fixed: list[Legal] = []
    for o in out:
        if o.kind == "raise" and h.street == 0 and 0 < h.current < small:
            o = Legal("raise", o.spot, o.min, o.max, f"Complete to {fmt(o.min)}")
        elif o.kind in ("bet", "raise") and o.min < o.max:
            word = "Bet" if o.kind == "bet" else "Raise to"
            o = Legal(o.kind, o.spot, o.min, o.max, f"{word} {fmt(o.min)} or {fmt(o.max)}")
        fixed.append(o)
    return fixed


def check_amount(option: Legal, amount: int) -> None:
    """Fixed limit: a bet of the small or the big bet, nothing between (D-441)."""
    if option.kind in ("bet", "raise") and option.min < option.max and amount not in (option.min, option.max):
        raise IllegalAction(f"Bet {fmt(option.min)} or {fmt(option.max)}, nothing in between.")


def after_bet(h: HandState, increment: int) -> None:
    """Fourth street: once the big bet is made, every later raise that round is by the big bet."""
    if h.street == 1 and h.kind.open_pair and increment >= h.structure.unit(2):
        h.full = h.structure.unit(2)


# --------------------------------------------------------------------------- Mexican Stud

def expose_due(h: HandState) -> bool:
    """Mexican Stud: after each betting round but the last, before the next card, each player may
    turn the down card up (003 §7); the next card then comes down."""
    return h.kind.stud == "mexican" and h.street < final_street(h.kind) and h.asked_street != h.street \
        and len(h.live()) >= 2


def open_expose(h: HandState) -> None:
    h.asked_street = h.street
    h.asked = []
    h.phase = "expose"


def expose_waiting(h: HandState) -> int:
    """The next player (clockwise from the button) still to say whether to turn the down card
    up, or -1."""
    return next((p.seat for p in h.live() if p.seat not in h.asked), -1)


def expose_options(p: Player) -> list[Legal]:
    if all(c in p.up for c in p.hole):
        return [Legal("expose", spot="no", label="Go on")]
    return [Legal("expose", spot="no", label="Keep your down card down"),
            Legal("expose", spot="yes", label="Turn your down card up")]


def expose(h: HandState, p: Player, spot: str) -> str:
    if spot not in ("yes", "no") or (spot == "yes" and all(c in p.up for c in p.hole)):
        raise IllegalAction("Keep your down card down or turn it up.")
    h.asked.append(p.seat)
    if spot == "no":
        return f"Seat {p.seat} keeps the down card down"
    card = next(c for c in p.hole if c not in p.up)
    p.up.append(card)
    p.exposed.append(card)
    h.streets[-1].actions.append({"seat": p.seat, "kind": "expose", "card": card})
    return f"Seat {p.seat} turns up {card}"


def mexican_hand(h: HandState, p: Player) -> mexican.MexicanHand:
    """The seat's five cards; its joker is wild unless it was dealt face up (003 §7 rule 1)."""
    dealt_up = mexican.JOKER in p.up and mexican.JOKER not in p.exposed
    return mexican.evaluate(tuple(p.hole) + tuple(c for b in h.boards for c in b), not dealt_up)


def mexican_values(h: HandState) -> list[dict[int, tuple[Any, Any]]]:
    return [{p.seat: (mexican_hand(h, p), None) for p in h.live()}]


def shuffled_deck(kind: GameKind, rng: Rng) -> list[str]:
    """Mexican Stud's 41 cards: the 8s, 9s and 10s out, one joker in (003 §7, D-452)."""
    deck = list(mexican.DECK)
    rng.shuffle(deck)
    return deck


# --------------------------------------------------------------------------- odd cents

def odd_chip_order(h: HandState, seats: Sequence[int], low: bool = False) -> list[int]:
    """Tied winners in the order they take odd cents: the highest card by suit among all their
    cards (ace high); at hi-lo's low half the lowest card (ace low, clubs first), D-408."""
    def top(seat: int) -> tuple[int, int]:
        cards = h.player(seat).hole
        if low:
            card = min(cards, key=lambda c: (_low(c), _suit(c)))
            return (-_low(card), -_suit(card))
        card = max(cards, key=lambda c: (_high(c), _suit(c)))
        return (_high(card), _suit(card))
    return sorted(seats, key=top, reverse=True)


# --------------------------------------------------------------------------- what players see

def seat_cards(p: Player, visible: bool) -> list[str | None]:
    """Every card in dealing order: a down card only to its owner (or once shown), else None."""
    return [c if visible or c in p.up else None for c in p.hole]


def record_extra(h: HandState) -> dict[str, Any]:
    return {"stud": h.kind.stud, "up": {str(p.seat): list(p.up) for p in h.players},
            "stakes": [h.structure.unit(0), h.structure.unit(2)], "hole_rule": "any",
            "hi_lo": h.kind.hi_lo, "low": h.kind.low, "ante": h.structure.ante,
            "bring_in": h.structure.bring_in}


class _StudHand(history._Hand):
    def description(self, seat: int) -> str:
        if self.record.get("low") == "a5" or self.record.get("stud") == "mexican":
            names = self.record.get("shown_hands", {}).get(str(seat)) or [""]
            return str(names[0])
        return super().description(seat)


def history_text(record: Mapping[str, Any], viewer: int | None, table_name: str, hand_id: int,
                 started: str) -> str:
    """A stud hand in the common hand-history layout: the antes, each street's cards ("Dealt to
    Seat 3 [Xx Xx Kd]": another seat's down cards hidden), "brings in for", "completes it to",
    then the showdown and summary as for the board games."""
    hand = _StudHand(record)
    plan = PLANS[str(record["stud"])]
    headers = HEADERS[str(record["stud"])]
    small, big = (int(x) for x in record.get("stakes", [0, 0]))
    names = {"Seven Card Stud": "7 Card Stud", "Seven Card Stud Hi-Lo": "7 Card Stud Hi/Lo",
             "Five Card Stud": "5 Card Stud"}
    game = str(record.get("game", ""))
    lines = [(f"PokerStars Hand #{hand_id}: {names.get(game, game)} {record.get('structure', '')} "
              f"({history.dollars(small)}/{history.dollars(big)} USD) - {history._when(started)}"),
             f"Table '{table_name}' {int(record.get('max_seats', 8))}-max"]
    for seat in hand.seats:
        lines.append(f"Seat {seat}: {hand.names[seat]} ({history.dollars(hand.stacks[seat])} in chips)")
    in_front: dict[int, int] = {}
    lines += history._forced_lines(hand, in_front)
    up = {int(k): list(v) for k, v in (record.get("up") or {}).items()}
    dealt_so_far = 0
    for number, street in enumerate(hand.streets):
        if number > 0:
            in_front = {}
        count = len(plan[number]) if number < len(plan) else 0
        lines.append(f"*** {headers[min(number, len(headers) - 1)]} ***")
        board = list(street.get("board") or [])
        for seat in hand.seats:
            cards = hand.hole.get(seat, [])
            if len(cards) < dealt_so_far + count or seat in hand.folded_on:
                continue
            def shown(c: str, seat: int = seat) -> str:
                return c if seat == viewer or c in up.get(seat, []) else "Xx"
            before = [shown(c) for c in cards[:dealt_so_far]]
            new = [shown(c) for c in cards[dealt_so_far:dealt_so_far + count]]
            text = f"Dealt to {hand.names[seat]} " + (f"[{' '.join(before)}] " if before else "")
            lines.append(text + f"[{' '.join(new)}]")
        if board and number == len(hand.streets) - 1 and len(board) and not any(
                len(hand.hole.get(s, [])) > dealt_so_far for s in hand.seats):
            lines.append(f"Common card [{' '.join(board)}]")
        for action in street.get("actions", []):
            kind = str(action.get("kind"))
            if kind in history.FORCED_KINDS:
                continue
            seat = int(action["seat"])
            if kind in FORCED or (kind == "raise" and number == 0 and max(in_front.values(), default=0) < small):
                to = int(action["to"])
                hand.put_in[seat] += to - in_front.get(seat, 0)
                in_front[seat] = to
                all_in = " and is all-in" if action.get("all_in") else ""
                word = "brings in for" if kind == "bring-in" else "completes it to"
                if record.get("stud") == "mexican":
                    word = "bets"
                lines.append(f"{hand.names[seat]}: {word} {history.dollars(to)}{all_in}")
                continue
            lines.append(history._action_line(hand, action, in_front, viewer,
                                              f"on {headers[min(number, len(headers) - 1)].title()}"))
        dealt_so_far += count
    lines += history._results(hand, viewer)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- the house bots

def _strength(h: HandState, p: Player) -> float:
    """A rough 0-1 reading of the seat's own cards against the boards it can see."""
    cards = list(p.hole) + [c for b in h.boards for c in b]
    if h.kind.low == "a5" or h.kind.hi_lo:
        lows = {_low(c) for c in cards if _low(c) <= 8}
        low = min(len(lows) / 5, 1.0) * (0.9 if h.street < final_street(h.kind) else 1.0)
        if h.kind.low == "a5":
            return low
    else:
        low = 0.0
    if mexican.JOKER in cards:  # the joker read as an ace
        cards = [c if c != mexican.JOKER else ("Ac" if "Ac" not in cards else "As") for c in cards]
    counts = sorted(Counter(c[0] for c in cards).values(), reverse=True)
    top = max(_high(c) for c in cards) / 14
    if counts[0] >= 4:
        high = 0.97
    elif counts[0] == 3:
        high = 0.85 if len(counts) > 1 and counts[1] >= 2 else 0.75
    elif counts[0] == 2 and len(counts) > 1 and counts[1] == 2:
        high = 0.62
    elif counts[0] == 2:
        pair = max(_high(c) for c in cards if Counter(x[0] for x in cards)[c[0]] == 2) / 14
        high = 0.35 + 0.2 * pair
    else:
        high = 0.1 + 0.2 * top
    suits = max(Counter(c[1] for c in cards).values())
    if suits >= 5:
        high = max(high, 0.8)
    elif h.street < final_street(h.kind) and suits >= 3 + min(h.street, 1):
        high += 0.1
    rivals = [q for q in h.live() if q is not p]
    mine = board_key(h, p)
    if rivals and max(board_key(h, q) for q in rivals) > mine and h.street > 0:
        high -= 0.1  # a better board shows against it
    return max(high, low)


def bot_decide(style: str, h: HandState, seat: int, legal: Sequence[Legal], rng: Rng) -> tuple[str, int, str]:
    """A stud bot: brings in (a strong card completes), bets and raises its strong hands, calls
    with fair ones, folds the weak ones to a bet and never folds a free card."""
    options = {o.kind: o for o in legal}
    if "expose" in options:
        return "expose", 0, "no"  # a hidden card (and a face-down joker's wildness) is worth keeping
    p = h.player(seat)
    strength = _strength(h, p)
    loose = style == "loose"
    if "bring-in" in options:
        if "complete" in options and strength >= (0.5 if loose else 0.6):
            return "complete", options["complete"].min, ""
        return "bring-in", options["bring-in"].min, ""
    bet = options.get("raise") or options.get("bet")
    if bet is not None and (strength >= (0.55 if loose else 0.65) or (loose and rng.randbelow(100) < 8)):
        return bet.kind, bet.max if strength >= 0.8 else bet.min, ""
    if "check" in options:
        return "check", 0, ""
    owed = options["call"].min if "call" in options else 0
    pot = sum(q.put_in for q in h.players)
    need = 0.2 + (0.25 if owed * 3 > pot else 0.0) - (0.08 if loose else 0.0)
    if "call" in options and (strength >= need or (loose and rng.randbelow(100) < 10)):
        return "call", owed, ""
    return "fold", 0, ""
