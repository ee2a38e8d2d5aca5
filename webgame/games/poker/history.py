"""The hand history as text, in the format every poker tracker reads (PokerStars' own layout).

:func:`history_text` writes one finished hand from its record (``hand.record()``: every card,
unredacted) for one viewer: the header (game, structure, blinds, time), the seats and their
stacks, the button, the forced bets, the viewer's own hole cards ("Dealt to"), each street with
its board and its actions, the showdown with only the hands shown there, what each seat
collected from which pot, and the summary (total pot, pots, rake, board, each seat's end).
Another seat's hole cards appear only where they were shown at the showdown; viewer ``None``
is the public history, with nobody's unshown cards.

Amounts are dollars with the cents only where there are some ("$2", "$0.50"), never with a
thousands comma, since the trackers read the figures as plain numbers. The time is an argument
(the engine has no clock): ISO 8601, written as UTC.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from pokerkit import Label, StandardHighHand

from .bots import LOW_RANKS, best_high, best_low, rank_of, rule_for

STREETS = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}
# Draw games: each draw round's header, as the format writes them.
DRAWS = {"draw": "FIRST DRAW", "draw-1": "FIRST DRAW", "draw-2": "SECOND DRAW", "draw-3": "THIRD DRAW"}
BOARD_SIZES = (("flop", 3), ("turn", 4), ("river", 5))
FORCED_KINDS = ("small-blind", "big-blind", "straddle", "dead", "ante", "bomb")
_PREFLOP_FOLD = "before Flop"
_RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "Ten", "9": "Nine",
               "8": "Eight", "7": "Seven", "6": "Six", "5": "Five", "4": "Four", "3": "Three",
               "2": "Deuce"}
# The trackers' names for the room's games; the record's own name otherwise.
_GAME_NAMES = {"Texas Hold'em": "Hold'em", "Omaha Hi-Lo": "Omaha Hi/Lo"}


def dollars(cents: int) -> str:
    """$2, $0.50, $1234.05: no thousands comma (the format's parsers stop at one)."""
    whole, part = divmod(cents, 100)
    return f"${whole}" if part == 0 else f"${whole}.{part:02d}"


def _when(started: str) -> str:
    moment = datetime.fromisoformat(started)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y/%m/%d %H:%M:%S") + " UTC"


def _plural(rank: str) -> str:
    name = _RANK_NAMES[rank]
    return "Sixes" if rank == "6" else name + "s"


def describe_high(hand: StandardHighHand) -> str:
    """The words for a high hand: "a pair of Kings", "a full house, Kings full of Fives"."""
    codes = [repr(card) for card in hand.cards]
    counts = Counter(code[0] for code in codes)
    by_count = sorted(counts, key=lambda r: (counts[r], rank_of(r + "s")), reverse=True)
    ranks = sorted((rank_of(code) for code in codes), reverse=True)
    high = by_count[0]
    label = hand.entry.label
    if label in (Label.STRAIGHT, Label.STRAIGHT_FLUSH):
        wheel = ranks == [14, 5, 4, 3, 2]
        top, bottom = ("5", "A") if wheel else (codes_rank(ranks[0]), codes_rank(ranks[-1]))
        if label == Label.STRAIGHT_FLUSH and top == "A":
            return "a Royal Flush"
        kind = "a straight flush" if label == Label.STRAIGHT_FLUSH else "a straight"
        return f"{kind}, {_RANK_NAMES[bottom]} to {_RANK_NAMES[top]}"
    words = {
        Label.HIGH_CARD: f"high card {_RANK_NAMES[high]}",
        Label.ONE_PAIR: f"a pair of {_plural(high)}",
        Label.TWO_PAIR: f"two pair, {_plural(high)} and {_plural(by_count[1])}",
        Label.THREE_OF_A_KIND: f"three of a kind, {_plural(high)}",
        Label.FLUSH: f"a flush, {_RANK_NAMES[codes_rank(ranks[0])]} high",
        Label.FULL_HOUSE: f"a full house, {_plural(high)} full of {_plural(by_count[-1])}",
        Label.FOUR_OF_A_KIND: f"four of a kind, {_plural(high)}",
    }
    return words[label]


def codes_rank(rank: int) -> str:
    return "23456789TJQKA"[rank - 2]


def _cards(cards: Sequence[str]) -> str:
    return "[" + " ".join(cards) + "]"


class _Hand:
    """The record read once: names, positions, what each seat put in, the boards."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        self.record = record
        names: Mapping[str, str] = record.get("names") or {}
        self.seats = sorted(int(s["seat"]) for s in record["seats"])
        self.names = {seat: str(names.get(str(seat), f"Seat {seat}")) for seat in self.seats}
        self.stacks = {int(s["seat"]): int(s["stack"]) for s in record["seats"]}
        self.button = int(record["button"])
        self.hole = {int(seat): list(cards) for seat, cards in record.get("hole", {}).items()}
        self.discards = {int(seat): str(card) for seat, card in record.get("discards", {}).items()}
        self.shown = [int(seat) for seat in record.get("shown", [])]
        self.streets = list(record.get("streets", []))
        first = self.streets[0].get("actions", []) if self.streets else []
        # The hand writes its forced bets as the first actions, with what was really posted (a
        # short stack posts less); a record without them lists them under "forced" only.
        self.posts = [a for a in first if a.get("kind") in FORCED_KINDS] or list(
            record.get("forced", []))
        self.engine_uncalled = any(a.get("kind") == "uncalled"
                                   for street in self.streets for a in street.get("actions", []))
        self.runs = int(record.get("runs", 1))
        self.awards = list(record.get("awards", []))
        self.take = sum(int(t["amount"]) for t in record.get("house_take", []))
        self.boards = [list(b) for b in record.get("boards") or [] if b] or self._boards()
        # A low is named where the game plays for one: the record says so, or a pot was split
        # high and low (with no qualifying low, no shown hand has one to name anyway).
        halves = {str(a.get("half", "whole")) for a in self.awards}
        self.hi_lo = bool(record.get("hi_lo", bool(halves & {"high", "low"})))
        self.put_in: Counter[int] = Counter()
        self.folded_on: dict[int, str] = {}

    def _boards(self) -> list[list[str]]:
        """The final board(s); a street's board may be the whole board so far or its new cards."""
        boards: list[list[str]] = []
        for street in self.streets:
            cards = street.get("boards") or ([street["board"]] if street.get("board") else [])
            for i, board in enumerate(cards):
                if not board:
                    continue  # before the flop every board is empty
                if i >= len(boards):
                    boards.append([])
                new = list(board)
                if boards[i] and new[:len(boards[i])] == boards[i]:
                    boards[i] = new
                else:
                    boards[i] = boards[i] + new
        return boards

    def hole_at(self, seat: int, draw: Mapping[str, Any]) -> list[str]:
        """A draw game's hand just after this draw action: the first deal with the draws up to
        and including it applied."""
        cards = [str(c) for c in (self.record.get("dealt") or {}).get(str(seat), self.hole.get(seat, []))]
        for street in self.streets:
            for action in street.get("actions", []):
                if action.get("kind") == "draw" and int(action["seat"]) == seat:
                    swap = dict(zip(action["discards"], action["cards"], strict=True))
                    cards = [swap.get(c, c) for c in cards]
                    if action is draw:
                        return cards
        return cards

    def kept(self, seat: int) -> list[str]:
        """The cards a seat plays: pineapple's discard is gone from its hand."""
        return [card for card in self.hole.get(seat, []) if card != self.discards.get(seat)]

    def description(self, seat: int) -> str:
        if self.record.get("draw_game"):  # the hand words its draw hands itself (draw.py)
            return "; ".join(self.record.get("shown_hands", {}).get(str(seat), []))
        cards = self.kept(seat)
        rule = str(self.record.get("hole_rule") or rule_for(self.hole.get(seat, [])))
        parts: list[str] = []
        for board in self.boards or [[]]:
            if len(cards) + len(board) < 5:
                parts.append("")
                continue
            high = describe_high(best_high(cards, board, rule))
            if self.hi_lo:
                low = best_low(cards, board, rule)
                if low is not None:
                    ranks = sorted((repr(c)[0] for c in low.cards),
                                   key=lambda r: LOW_RANKS.index(r), reverse=True)
                    high = f"HI: {high}; LO: {','.join(ranks)}"
            parts.append(high)
        if len(parts) == 1:
            return parts[0]
        return "; ".join(f"{which} board: {words}" for which, words in zip(
            ("first", "second"), parts, strict=False))


def _position(hand: _Hand, seat: int) -> str:
    kinds = {str(f["kind"]) for f in hand.posts if int(f["seat"]) == seat}
    marks = [" (button)"] if seat == hand.button else []
    if "small-blind" in kinds:
        marks.append(" (small blind)")
    elif "big-blind" in kinds:
        marks.append(" (big blind)")
    return "".join(marks)


def _forced_lines(hand: _Hand, in_front: dict[int, int]) -> list[str]:
    lines: list[str] = []
    by_seat: dict[int, list[Mapping[str, Any]]] = {}
    for bet in hand.posts:
        by_seat.setdefault(int(bet["seat"]), []).append(bet)
    done: set[int] = set()
    for bet in hand.posts:
        seat, kind, amount = int(bet["seat"]), str(bet["kind"]), int(bet["amount"])
        hand.put_in[seat] += amount
        if "to" in bet:
            in_front[seat] = int(bet["to"])
        elif bet.get("live", kind != "dead") and kind not in ("ante", "bomb"):
            in_front[seat] = in_front.get(seat, 0) + amount
        if seat in done:
            continue
        name = hand.names[seat]
        all_in = " and is all-in" if bet.get("all_in") else ""
        kinds = {str(b["kind"]) for b in by_seat[seat]}
        if {"dead", "big-blind"} <= kinds:  # a missed small blind made up with the big one
            both = [b for b in by_seat[seat] if b["kind"] in ("dead", "big-blind")]
            total = sum(int(b["amount"]) for b in both)
            all_in = " and is all-in" if any(b.get("all_in") for b in both) else ""
            lines.append(f"{name}: posts small & big blinds {dollars(total)}{all_in}")
            done.add(seat)
            continue
        words = {"small-blind": "small blind", "big-blind": "big blind", "straddle": "straddle",
                 "dead": "dead small blind", "ante": "the ante", "bomb": "the ante"}[kind]
        lines.append(f"{name}: posts {words} {dollars(amount)}{all_in}")
    return lines


def _action_line(hand: _Hand, action: Mapping[str, Any], in_front: dict[int, int],
                 viewer: int | None, street: str) -> str:
    seat, kind = int(action["seat"]), str(action["kind"])
    name = hand.names[seat]
    if kind == "uncalled":  # the hand gave the part nobody called back
        back = int(action["amount"])
        hand.put_in[seat] -= back
        in_front[seat] = in_front.get(seat, 0) - back
        return f"Uncalled bet ({dollars(back)}) returned to {name}"
    top = max(in_front.values(), default=0)
    mine = in_front.get(seat, 0)
    all_in = " and is all-in" if action.get("all_in") else ""
    if kind == "fold":
        hand.folded_on[seat] = street
        return f"{name}: folds"
    if kind == "check":
        return f"{name}: checks"
    if kind == "discard":
        card = str(action.get("card") or action.get("spot") or hand.discards.get(seat, ""))
        shown = f" {_cards([card])}" if seat == viewer and card else ""
        return f"{name}: discards 1 card{shown}"
    if kind == "draw":  # draw games: how many cards, and which only to their owner
        thrown = [str(c) for c in action.get("discards", [])]
        if not thrown:
            return f"{name}: stands pat"
        shown = f" {_cards(thrown)}" if seat == viewer else ""
        line = f"{name}: discards {len(thrown)} card{'s' if len(thrown) != 1 else ''}{shown}"
        if seat == viewer:
            new = [str(c) for c in action.get("cards", [])]
            kept = [c for c in hand.hole_at(seat, action) if c not in new]
            line += f"\nDealt to {name} {_cards(kept)} {_cards(new)}"
        return line
    if kind == "call":
        amount = int(action.get("amount") or (top - mine))
        in_front[seat] = mine + amount
        hand.put_in[seat] += amount
        return f"{name}: calls {dollars(amount)}{all_in}"
    to = int(action.get("to") or mine + int(action.get("amount", 0)))
    in_front[seat] = to
    hand.put_in[seat] += to - mine
    if kind == "bet" or top == 0:
        return f"{name}: bets {dollars(to)}{all_in}"
    return f"{name}: raises {dollars(to - top)} to {dollars(to)}{all_in}"


def _uncalled(hand: _Hand, in_front: dict[int, int]) -> tuple[int, int] | None:
    """(seat, cents) of a bet nobody matched this street, which goes back to its maker."""
    if len(in_front) == 0:
        return None
    ranked = sorted(in_front.items(), key=lambda item: item[1], reverse=True)
    seat, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0
    if top > second:
        return seat, top - second
    return None


def _common(boards: list[list[str]]) -> int:
    """How many cards two runs share (those dealt before the all-in)."""
    shared = 0
    while shared < min(len(b) for b in boards) and boards[0][shared] == boards[1][shared]:
        shared += 1
    return shared


def _board_header(name: str, before: list[str], after: list[str], which: str) -> str:
    label = f"{which}{STREETS.get(name, name.upper())}"
    if name == "flop" or not before:
        return f"*** {label} *** {_cards(after)}"
    return f"*** {label} *** {_cards(before)} {_cards(after[len(before):])}"


def _show_order(hand: _Hand, shown: list[int]) -> list[int]:
    """Who shows first: the last to bet or raise on the final street, else the first seat after
    the button; then clockwise."""
    order = [s for s in hand.seats if s > hand.button] + [s for s in hand.seats if s <= hand.button]
    first = order[0]
    last_street = hand.streets[-1] if hand.streets else {}
    for action in last_street.get("actions", []):
        if action["kind"] in ("bet", "raise"):
            first = int(action["seat"])
    start = order.index(first)
    rotated = order[start:] + order[:start]
    return [seat for seat in rotated if seat in shown]


def history_text(record: Mapping[str, Any], viewer: int | None, table_name: str, hand_id: int,
                 started: str) -> str:
    """The hand as the viewer may read it (viewer None: the public history)."""
    if record.get("stud"):
        from .stud import history_text as stud_history  # STUD: streets of the players' own cards

        return stud_history(record, viewer, table_name, hand_id, started)
    hand = _Hand(record)
    game = str(record.get("game", ""))
    structure = str(record.get("structure", ""))
    # the format's stakes: the blinds, or at fixed limit the small and the big bet where given
    stakes = record.get("stakes") or record.get("bets") or record.get("blinds") or [0, 0]
    small, big = int(stakes[0]), int(stakes[-1])
    max_seats = int(record.get("max_seats", 9 if max(hand.seats) <= 9 else 10))
    lines = [
        (f"PokerStars Hand #{hand_id}: {_GAME_NAMES.get(game, game)} {structure} "
         f"({dollars(small)}/{dollars(big)} USD) - {_when(started)}"),
        f"Table '{table_name}' {max_seats}-max Seat #{hand.button} is the button",
    ]
    for seat in hand.seats:
        out = "" if seat in hand.hole or not hand.hole else " is sitting out"
        lines.append(f"Seat {seat}: {hand.names[seat]} ({dollars(hand.stacks[seat])} in chips){out}")
    in_front: dict[int, int] = {}
    lines += _forced_lines(hand, in_front)
    lines.append("*** HOLE CARDS ***")
    if viewer is not None and viewer in hand.hole:
        first = (record.get("dealt") or {}).get(str(viewer)) or hand.hole[viewer]  # draw games: the first deal
        lines.append(f"Dealt to {hand.names[viewer]} {_cards(first)}")
    so_far: list[list[str]] = []
    discards_written = any(a.get("kind") == "discard" for s in hand.streets for a in s["actions"])
    twice = hand.runs == 2 and len(hand.boards) == 2
    common = _common(hand.boards) if twice else 5
    for number, street in enumerate(hand.streets):
        name = str(street.get("name", "preflop"))
        boards = street.get("boards") or ([street["board"]] if street.get("board") else [])
        if name != "preflop" and boards:
            if number == 1 and not discards_written:  # pineapple's discard, before the flop
                for seat, card in sorted(hand.discards.items()):
                    if seat not in hand.folded_on:
                        shown = f" {_cards([card])}" if seat == viewer else ""
                        lines.append(f"{hand.names[seat]}: discards 1 card{shown}")
            in_front = {}
            for i, board in enumerate(boards):
                before = so_far[i] if i < len(so_far) else []
                after = list(board)
                if not before or after[:len(before)] != before:
                    after = before + after  # the street's new cards only
                which = ("FIRST ", "SECOND ")[i] if len(boards) > 1 or (
                    twice and len(after) > common) else ""
                lines.append(_board_header(name, before, after, which))
                if i < len(so_far):
                    so_far[i] = after
                else:
                    so_far.append(after)
        if name in DRAWS:  # draw games: a draw round, then its betting round
            lines.append(f"*** {DRAWS[name]} ***")
            in_front = {}
        label = STREETS.get(name, name).capitalize() if name != "preflop" else ""
        for action in street.get("actions", []):
            if action.get("kind") in FORCED_KINDS:
                continue  # posted above
            lines.append(_action_line(hand, action, in_front,
                                      viewer, f"on the {label}" if label else _PREFLOP_FOLD))
        back = None if hand.engine_uncalled else _uncalled(hand, in_front)
        if back is not None:
            seat, cents = back
            lines.append(f"Uncalled bet ({dollars(cents)}) returned to {hand.names[seat]}")
            hand.put_in[seat] -= cents
            in_front[seat] -= cents
    if twice:  # the second run (D-457): the streets dealt again after the all-in
        second = hand.boards[1]
        for name, size in BOARD_SIZES:
            if size > common:
                before = second[:size - 1] if name != "flop" else []
                lines.append(_board_header(name, before, second[:size], "SECOND "))
    lines += _results(hand, viewer)
    return "\n".join(lines) + "\n"


def _collected(hand: _Hand) -> list[tuple[int, int, str, int]]:
    """(seat, cents, pot name, pot number) for every share of every award, with the uncalled
    bet taken back out where the awards included it (it was returned, not won)."""
    pots = sorted({int(a["pot"]) for a in hand.awards})
    shares: list[tuple[int, int, str, int]] = []
    for award in hand.awards:
        pot = int(award["pot"])
        pot_name = "pot" if pots == [0] else ("main pot" if pot == 0 else f"side pot-{pot}")
        for seat, cents in award["winners"].items():
            shares.append((int(seat), int(cents), pot_name, pot))
    contributed = sum(hand.put_in.values())
    excess = sum(share[1] for share in shares) + hand.take - contributed
    if excess > 0:  # the awards gave back an uncalled bet: take it off the top pot of its seat
        for index in sorted(range(len(shares)), key=lambda i: -shares[i][3]):
            seat, cents, pot_name, pot = shares[index]
            cut = min(cents, excess)
            shares[index] = (seat, cents - cut, pot_name, pot)
            excess -= cut
            if excess == 0:
                break
    return [share for share in shares if share[1] > 0]


def _results(hand: _Hand, viewer: int | None) -> list[str]:
    lines: list[str] = []
    shares = _collected(hand)
    won: Counter[int] = Counter()
    for seat, cents, _, _ in shares:
        won[seat] += cents
    shown = [seat for seat in hand.shown if seat in hand.hole]
    words = {seat: hand.description(seat) for seat in shown}
    if shown:
        lines.append("*** SHOW DOWN ***")
        for seat in _show_order(hand, shown):
            lines.append(f"{hand.names[seat]}: shows {_cards(hand.kept(seat))} ({words[seat]})")
    for seat, cents, pot_name, _ in shares:
        lines.append(f"{hand.names[seat]} collected {dollars(cents)} from {pot_name}")
    lines.append("*** SUMMARY ***")
    pot_sizes: Counter[int] = Counter()
    for _, cents, _, pot in shares:
        pot_sizes[pot] += cents
    total = sum(pot_sizes.values()) + hand.take
    pots = ""
    if len(pot_sizes) > 1:
        pots = f" Main pot {dollars(pot_sizes[0])}." + "".join(
            f" Side pot-{pot} {dollars(pot_sizes[pot])}." for pot in sorted(pot_sizes) if pot)
    lines.append(f"Total pot {dollars(total)}{pots} | Rake {dollars(hand.take)}")
    if len(hand.boards) > 1:
        if hand.runs == 2:
            lines.append("Hand was run twice")
        for which, board in zip(("FIRST", "SECOND"), hand.boards, strict=False):
            lines.append(f"{which} Board {_cards(board)}")
    elif hand.boards and hand.boards[0]:
        lines.append(f"Board {_cards(hand.boards[0])}")
    for seat in hand.seats:
        if seat not in hand.hole:
            continue
        head = f"Seat {seat}: {hand.names[seat]}{_position(hand, seat)}"
        if seat in hand.folded_on:
            when = hand.folded_on[seat]
            quiet = " (didn't bet)" if when == _PREFLOP_FOLD and hand.put_in[seat] == 0 else ""
            lines.append(f"{head} folded {when}{quiet}")
        elif seat in words:
            cards = _cards(hand.kept(seat))
            if won[seat]:
                lines.append(f"{head} showed {cards} and won ({dollars(won[seat])}) with {words[seat]}")
            else:
                lines.append(f"{head} showed {cards} and lost with {words[seat]}")
        elif won[seat]:
            lines.append(f"{head} collected ({dollars(won[seat])})")
        elif seat == viewer:
            lines.append(f"{head} mucked {_cards(hand.kept(seat))}")
        else:
            lines.append(f"{head} mucked")
    return lines
