"""The poker room's house bots: a tight player and a loose one, for every board game of the room.

A bot sees what a player at its seat sees (:class:`BotSeen`: its own hole cards, the board or
boards, the pot, the amount to call) and picks one of the decisions the hand offers
(:func:`decide`). It reads its cards the way a regular does, with no simulation, so a decision
costs well under two milliseconds:

* before the flop, a starting-hand score: the Chen formula for two cards, the best two of three
  at pineapple, and for Omaha's four or five cards a count of pairs, suits, connected ranks,
  aces and, at hi-lo, low cards (A-2 first);
* after the flop, the made hand by pokerkit's evaluators under the table's hole-card rule (any
  five at hold'em and pineapple, exactly two hole cards at Omaha, at least two at seed 003's
  Big O) and the eight-or-better low at hi-lo, the draws (flush, straight, low) by the rule of
  four and two, and the pot odds against the amount to call. At double board each board plays
  for half the pot, so the bot weighs the two boards evenly.

The caller fills :class:`BotSeen` from the seat's own view (P-312); ``to_call`` is what the
seat still owes (the bet to match less its own chips in front), not the bet itself.

The tight style folds more and raises its strong hands; the loose one calls wider, opens more
pots and bluffs now and then, the mixing drawn from the hand's :class:`Rng`. Whatever it
decides, the answer is one of the offered decisions with an amount inside its bounds, and a bot
never folds when checking is free.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TypeVar

from pokerkit import Card, EightOrBetterLowHand, Label, StandardHighHand

from webgame.engine.hands.low import evaluate_badugi
from webgame.engine.protocol import Legal
from webgame.engine.rng import Rng

from .draw import JOKER, rank_hand
from .games import GameKind

RANKS = "23456789TJQKA"
# The hole-card rules of the board games (the hand's GameKind.hole_rule): hold'em and pineapple
# play any five; Omaha exactly two hole cards and three from the board (D-434, D-437); seed 003's
# Big O at least two hole cards (D-434).
ANY, EXACTLY_TWO, AT_LEAST_TWO = "any", "exactly-two", "at-least-two"
LOW_RANKS = "A2345678"  # eight or better: an ace plays low (D-407)
T = TypeVar("T")


def rule_for(hole: Sequence[str]) -> str:
    """The hole-card rule where the table did not say: four or more hole cards play two."""
    return EXACTLY_TWO if len(hole) >= 4 else ANY


def rank_of(card: str) -> int:
    """2 for a deuce … 14 for an ace."""
    return RANKS.index(card[0]) + 2


@dataclass
class BotSeen:
    """What a bot may know at its turn: the same as the player in its seat, nothing more.

    ``boards`` holds one board, or two at double board ([] or [[]] before the flop).
    ``position`` counts seats clockwise from the button (0 the button, 1 the small blind,
    2 the big blind). ``pot`` is every chip in the middle, this street's bets included, and
    ``to_call`` what the bot must add to stay in; ``in_front`` is what it has already put in
    this street. ``players`` counts the hands still in, the bot's own included.
    """

    hole: list[str]
    boards: list[list[str]] = field(default_factory=list)
    game: str = "texas-holdem"
    hi_lo: bool = False
    pot: int = 0
    to_call: int = 0
    players: int = 2
    street: str = "preflop"
    position: int = 0
    big_blind: int = 0
    stack: int = 0
    in_front: int = 0
    hole_rule: str = ""  # ANY, EXACTLY_TWO, AT_LEAST_TWO; "" by the cards (four or more: two)

    @property
    def rule(self) -> str:
        return self.hole_rule or rule_for(self.hole)

    @property
    def omaha(self) -> bool:
        return self.rule != ANY

    @property
    def board_list(self) -> list[list[str]]:
        return [board for board in self.boards if board] or [[]]


@dataclass(frozen=True)
class Style:
    """How a style plays, as thresholds on the scores below (0 … 1)."""

    open_play: float      # preflop: limp or call the blinds with at least this
    open_raise: float     # preflop: raise unopened pots with at least this
    call_raise: float     # preflop: call a raise with at least this
    reraise: float        # preflop: re-raise with at least this
    value_bet: float      # postflop equity to bet when checked to
    value_raise: float    # postflop equity to raise a bet
    call_margin: float    # postflop: call when equity >= pot odds + this
    bluff: float          # chance of a bet with nothing when checked to (heads-up)
    semi_bluff: float     # chance of a bet with a good draw when checked to
    loose_call: float     # chance of calling anyway when the odds say fold
    loose_open: float     # chance of playing a hand below ``open_play`` before the flop


STYLES: dict[str, Style] = {
    "tight": Style(open_play=0.35, open_raise=0.45, call_raise=0.45, reraise=0.60,
                   value_bet=0.55, value_raise=0.75, call_margin=0.08,
                   bluff=0.0, semi_bluff=0.25, loose_call=0.0, loose_open=0.0),
    "loose": Style(open_play=0.20, open_raise=0.35, call_raise=0.25, reraise=0.50,
                   value_bet=0.45, value_raise=0.68, call_margin=-0.06,
                   bluff=0.25, semi_bluff=0.55, loose_call=0.12, loose_open=0.15),
}


def _chance(rng: Rng, p: float) -> bool:
    return p > 0 and rng.randbelow(1000) < int(p * 1000)


# --- before the flop ---------------------------------------------------------------------

def chen(a: str, b: str) -> float:
    """Bill Chen's starting-hand points for two cards (AA 20, 7-2 offsuit -1)."""
    high, low = sorted((rank_of(a), rank_of(b)), reverse=True)
    points = {14: 10.0, 13: 8.0, 12: 7.0, 11: 6.0}.get(high, high / 2)
    if high == low:
        return max(points * 2, 5.0)
    if a[1] == b[1]:
        points += 2
    gap = high - low - 1
    points -= {0: 0, 1: 1, 2: 2, 3: 4}.get(gap, 5)
    if gap <= 1 and high < 12:
        points += 1
    return float(-(-points // 1))  # rounded up, as the formula says


_OMAHA_POINTS = {(False, False): 16.7, (False, True): 21.0, (True, False): 23.0, (True, True): 31.0}


def _omaha_score(hole: Sequence[str], hi_lo: bool) -> float:
    """Four or five cards: pairs, suits, connected ranks and aces; low cards at hi-lo."""
    ranks = [rank_of(card) for card in hole]
    counts = Counter(ranks)
    points = 0.0
    for rank, n in counts.items():
        if n == 2:
            points += {14: 8.0, 13: 6.0, 12: 5.0, 11: 4.0}.get(rank, 3.0 if rank >= 10 else 1.5)
        elif n >= 3:
            points -= 3.0  # the third card of a rank is dead: only two play
    suits = Counter(card[1] for card in hole)
    for suit, n in suits.items():
        if n >= 2:
            top = max(rank_of(card) for card in hole if card[1] == suit)
            points += 2.0 if top == 14 else 1.5 if top == 13 else 1.0
            if n >= 3:
                points -= 1.0
    distinct = sorted(set(ranks))
    for x, y in combinations(distinct, 2):
        gap = y - x
        if gap == 1:
            points += 1.0
        elif gap == 2:
            points += 0.5
    points += 0.5 * sum(1 for rank in distinct if rank >= 10)
    if hi_lo:
        lows = {1 if rank == 14 else rank for rank in ranks if rank == 14 or rank <= 8}
        if {1, 2} <= lows:
            points += 4.0
        elif {1, 3} <= lows:
            points += 3.0
        elif {2, 3} <= lows:
            points += 1.5
        points += 0.5 * len(lows)
        points -= 0.5 * sum(1 for rank in distinct if 9 <= rank <= 12 and counts[rank] == 1)
    # Points to hold'em's scale: the same share of random hands clears each threshold (a fifth
    # card, and the low half at hi-lo, make every count easier).
    return max(0.0, min(1.0, points / _OMAHA_POINTS[(len(hole) > 4, hi_lo)]))


def preflop_score(seen: BotSeen) -> float:
    """The starting hand on a 0 … 1 scale (Chen points / 20 for two cards)."""
    hole = seen.hole
    if seen.omaha:
        return _omaha_score(hole, seen.hi_lo)
    if len(hole) == 3:  # pineapple before the discard: the best two of three (the spare card
        # makes a good pair of the three common, so the scale comes down to hold'em's)
        return max(chen(a, b) for a, b in combinations(hole, 2)) / 20 - 0.1
    return chen(hole[0], hole[1]) / 20


# --- after the flop ----------------------------------------------------------------------

# Heads-up chances of each made hand, by pokerkit's category; an Omaha field holds stronger
# hands (four hole cards each), so the same category is worth less there.
_HOLDEM_MADE = {Label.HIGH_CARD: 0.12, Label.ONE_PAIR: 0.45, Label.TWO_PAIR: 0.66,
                Label.THREE_OF_A_KIND: 0.76, Label.STRAIGHT: 0.83, Label.FLUSH: 0.88,
                Label.FULL_HOUSE: 0.94, Label.FOUR_OF_A_KIND: 0.98, Label.STRAIGHT_FLUSH: 1.0}
_OMAHA_MADE = {Label.HIGH_CARD: 0.05, Label.ONE_PAIR: 0.22, Label.TWO_PAIR: 0.42,
               Label.THREE_OF_A_KIND: 0.58, Label.STRAIGHT: 0.68, Label.FLUSH: 0.77,
               Label.FULL_HOUSE: 0.89, Label.FOUR_OF_A_KIND: 0.97, Label.STRAIGHT_FLUSH: 1.0}
_ORDER = list(Label)


def _fives(hole: Sequence[T], board: Sequence[T], rule: str) -> list[tuple[T, ...]]:
    """Every five cards the rule lets a player make from its hole cards and the board."""
    if rule == ANY:
        return list(combinations([*hole, *board], 5))
    most = 2 if rule == EXACTLY_TWO else min(5, len(hole))
    return [mine + shared for used in range(2, most + 1)
            for mine in combinations(hole, used) for shared in combinations(board, 5 - used)]


def best_high(hole: Sequence[str], board: Sequence[str], rule: str) -> StandardHighHand:
    """The best five-card high hand under the hole-card rule."""
    cards_hole = list(Card.parse("".join(hole)))
    cards_board = list(Card.parse("".join(board)))
    # pokerkit's lookup entries rank the fives; only the best is made a hand (three times faster)
    fives = _fives(cards_hole, cards_board, rule)
    return StandardHighHand(max(fives, key=StandardHighHand.lookup.get_entry))


def best_low(hole: Sequence[str], board: Sequence[str], rule: str) -> EightOrBetterLowHand | None:
    """The best eight-or-better low (D-407), or None when the cards make none."""
    low_hole = [c for c in hole if c[0] in LOW_RANKS]
    low_board = [c for c in board if c[0] in LOW_RANKS]
    picks = _fives(low_hole, low_board, rule)
    best: EightOrBetterLowHand | None = None
    for pick in picks:
        if len({card[0] for card in pick}) < 5:
            continue  # a pair is never a low
        hand = EightOrBetterLowHand("".join(pick))
        if best is None or hand > best:
            best = hand
    return best


def _board_category(board: Sequence[str]) -> int:
    """What the board's ranks make alone (0 nothing, 1 a pair, 2 two pair, 3 trips …)."""
    counts = sorted(Counter(card[0] for card in board).values(), reverse=True) + [0, 0]
    if counts[0] >= 4:
        return 7
    if counts[0] == 3:
        return 6 if counts[1] >= 2 else 3
    if counts[0] == 2:
        return 2 if counts[1] == 2 else 1
    return 0


def made_strength(hole: Sequence[str], board: Sequence[str], rule: str) -> float:
    """The made high hand's heads-up chance (0 … 1), lowered where the board makes it alone."""
    hand = best_high(hole, board, rule)
    label = hand.entry.label
    omaha_field = rule != ANY  # four or five hole cards in every hand against it
    table = _OMAHA_MADE if omaha_field else _HOLDEM_MADE
    category = _ORDER.index(label)
    if 0 < category == _board_category(board):
        category -= 1  # the board makes it alone: every player still in holds as much
    strength = table[_ORDER[category]]
    if _ORDER[category] == Label.ONE_PAIR and not omaha_field:
        strength += _pair_bonus(hole, board)
    top_used = max(rank_of(repr(card)) for card in hand.cards)
    return min(1.0, strength + 0.02 * (top_used - 8) / 6)


def _pair_bonus(hole: Sequence[str], board: Sequence[str]) -> float:
    """Hold'em's one pair: an overpair or top pair is worth more than bottom pair."""
    top = max(rank_of(card) for card in board)
    hole_ranks = [rank_of(card) for card in hole]
    board_ranks = {rank_of(card) for card in board}
    pocket = [r for r in hole_ranks if hole_ranks.count(r) == 2]
    if pocket and pocket[0] > top:
        return 0.16
    if top in hole_ranks:
        kicker = max((r for r in hole_ranks if r != top), default=0)
        return 0.08 + (0.04 if kicker >= 12 else 0.0)
    if any(r in board_ranks for r in hole_ranks):
        return -0.06
    return -0.1


def low_strength(hole: Sequence[str], board: Sequence[str], rule: str) -> float:
    """An eight-or-better low's chance of taking the low half (0 when there is none)."""
    low = best_low(hole, board, rule)
    if low is None:
        return 0.0
    ranks = sorted((1 if repr(c)[0] == "A" else rank_of(repr(c)) for c in low.cards), reverse=True)
    return {5: 0.9, 6: 0.78, 7: 0.64, 8: 0.5}[ranks[0]] - 0.02 * (ranks[1] - 4)


def draw_outs(hole: Sequence[str], board: Sequence[str], rule: str) -> int:
    """Cards that complete a flush or a straight draw (9, 8 or 4; 15 at most). Under the
    two-card rules a draw needs two hole cards of its suit or ranks, as the made hand will."""
    two_needed = rule != ANY
    outs = 0
    for suit in "cdhs":
        in_hole = sum(1 for c in hole if c[1] == suit)
        on_board = sum(1 for c in board if c[1] == suit)
        if two_needed:
            if in_hole >= 2 and on_board == 2:
                outs += 9
        elif in_hole >= 1 and in_hole + on_board == 4:
            outs += 9
    hole_ranks = {rank_of(c) for c in hole} | ({1} if any(c[0] == "A" for c in hole) else set())
    board_ranks = {rank_of(c) for c in board} | ({1} if any(c[0] == "A" for c in board) else set())
    completing: set[int] = set()
    for low in range(1, 11):
        window = set(range(low, low + 5))
        have_hole, have_board = window & hole_ranks, window & board_ranks
        missing = window - have_hole - have_board
        if not missing and have_hole - have_board:
            completing.clear()  # a straight made already: no straight draw to count
            break
        if len(missing) != 1 or not have_hole - have_board:
            continue
        if two_needed and (len(have_board) + 1 < 3 or len(have_hole - have_board) < 2):
            continue
        completing |= missing
    outs += 4 * len(completing)
    return min(outs, 15)


def _low_draw(hole: Sequence[str], board: Sequence[str]) -> bool:
    board_low = {c[0] for c in board if c[0] in LOW_RANKS}
    hole_low = {c[0] for c in hole if c[0] in LOW_RANKS} - board_low
    return len(board) < 5 and len(board_low) >= 2 and len(hole_low) >= 2


def equity(seen: BotSeen) -> tuple[float, float]:
    """(the share of the pot the hand can expect against the field, of it from draws)."""
    shares: list[tuple[float, float]] = []
    rule = seen.rule
    opponents = max(1, seen.players - 1)
    for board in seen.board_list:
        cards_to_come = {3: 2, 4: 1}.get(len(board), 0)
        high = made_strength(seen.hole, board, rule) ** (1 + 0.5 * (opponents - 1))
        draw = min(0.45, draw_outs(seen.hole, board, rule) * 0.02 * cards_to_come)
        high_share = min(0.97, high + draw * (1 - high))
        if not seen.hi_lo:
            shares.append((high_share, draw))
            continue
        low = low_strength(seen.hole, board, rule)
        low_draw = 0.16 * cards_to_come if low == 0 and _low_draw(seen.hole, board) else 0.0
        low_share = low ** (1 + 0.4 * (opponents - 1)) + low_draw
        low_possible = len({c[0] for c in board if c[0] in LOW_RANKS}) >= 3 or cards_to_come > 0
        share = 0.5 * high_share + 0.5 * low_share if low_possible else high_share
        shares.append((min(0.97, share), draw + low_draw))
    return (sum(s for s, _ in shares) / len(shares), sum(d for _, d in shares) / len(shares))


# --- pineapple's discard -----------------------------------------------------------------

def discard_choice(seen: BotSeen, offered: Sequence[str]) -> str:
    """The card whose loss hurts least: keep the best two for the board we have."""
    def kept_value(card: str) -> float:
        rest = [c for c in seen.hole if c != card]
        board = seen.board_list[0]
        if not board:
            return chen(rest[0], rest[1])
        view = BotSeen(hole=rest, boards=seen.boards, game=seen.game, hi_lo=seen.hi_lo,
                       players=seen.players, hole_rule=ANY)
        return equity(view)[0]
    return max(offered, key=kept_value)


# --- the decision ------------------------------------------------------------------------

def _find(legal: Sequence[Legal], kind: str) -> Legal | None:
    return next((option for option in legal if option.kind == kind), None)


def _sized(option: Legal, wanted: int) -> int:
    return max(option.min, min(option.max, wanted))


def _aggress(legal: Sequence[Legal], wanted: int) -> tuple[str, int, str] | None:
    """A bet or raise to ``wanted`` (clipped to its bounds), if either is offered."""
    for kind in ("raise", "bet"):
        option = _find(legal, kind)
        if option is not None:
            return (kind, _sized(option, wanted), "")
    return None


def _passive(legal: Sequence[Legal], stay: bool) -> tuple[str, int, str]:
    """Check when free; otherwise call if staying in, else fold."""
    if _find(legal, "check") is not None:
        return ("check", 0, "")
    call = _find(legal, "call")
    if stay and call is not None:
        return ("call", call.min, "")
    if _find(legal, "fold") is not None:
        return ("fold", 0, "")
    first = legal[0]
    return (first.kind, first.min, first.spot)


def _preflop(style: Style, seen: BotSeen, legal: Sequence[Legal], rng: Rng) -> tuple[str, int, str]:
    score = preflop_score(seen)
    late = seen.position == 0 or (seen.players > 3 and seen.position >= seen.players - 1)
    if late:
        score += 0.04  # the button acts last on every later street
    blind = seen.big_blind
    raised = seen.to_call > 0 and blind > 0 and seen.in_front + seen.to_call > blind
    if blind <= 0:  # no blind told: any call above nothing counts as facing a raise
        raised = seen.to_call > 0
    faced = seen.in_front + seen.to_call
    if raised:
        if score >= style.reraise:
            move = _aggress(legal, 3 * faced)
            if move is not None:
                return move
        stay = score >= style.call_raise or _chance(rng, style.loose_call)
        return _passive(legal, stay)
    if score >= style.open_raise or (score >= style.open_play and _chance(rng, style.loose_open)):
        move = _aggress(legal, max(3 * blind, faced + 2 * blind))
        if move is not None:
            return move
    stay = score >= style.open_play or _chance(rng, style.loose_open)
    return _passive(legal, stay)


def _postflop(style: Style, seen: BotSeen, legal: Sequence[Legal], rng: Rng) -> tuple[str, int, str]:
    share, draw = equity(seen)
    heads_up = seen.players <= 2
    if seen.to_call <= 0:
        if share >= style.value_bet:
            move = _aggress(legal, seen.in_front + seen.pot * 2 // 3)
        elif (draw >= 0.2 and _chance(rng, style.semi_bluff)) or _chance(
                rng, style.bluff if heads_up else style.bluff / 2):
            move = _aggress(legal, seen.in_front + seen.pot // 2)
        else:
            move = None
        return move if move is not None else _passive(legal, True)
    odds = seen.to_call / (seen.pot + seen.to_call)
    if share >= style.value_raise:
        move = _aggress(legal, seen.in_front + seen.to_call + (seen.pot + seen.to_call) * 3 // 4)
        if move is not None:
            return move
    stay = share >= odds + style.call_margin or _chance(rng, style.loose_call)
    return _passive(legal, stay)


def decide(style: str, seen: BotSeen, legal: Sequence[Legal], rng: Rng) -> tuple[str, int, str]:
    """The bot's decision as (kind, amount, spot): one of ``legal``, its amount in bounds.

    Bets and raises are raise-TO totals for the street, as the hand offers them."""
    if not legal:
        raise ValueError("no decision is open to this seat")
    profile = STYLES[style]
    discards = [option.spot for option in legal if option.kind == "discard"]
    if discards:
        return ("discard", 0, discard_choice(seen, discards))
    votes = [option.spot for option in legal if option.kind == "run-twice"]
    if votes:  # D-457: the same expectation either way; the tight player takes less variance
        wanted = "yes" if style == "tight" else "no"
        return ("run-twice", 0, wanted if wanted in votes else votes[0])
    if not any(seen.board_list[0]):
        kind, amount, spot = _preflop(profile, seen, legal, rng)
    else:
        kind, amount, spot = _postflop(profile, seen, legal, rng)
    if kind == "fold" and _find(legal, "check") is not None:
        return ("check", 0, "")  # a free card is never thrown away (as D-009's default checks)
    return (kind, amount, spot)


# --- the draw games (draw.py) ------------------------------------------------------------
# A bot at a draw table sees only its own cards, the bet to call and the pot. It draws as a
# regular does: a pat hand stands (a straight or better at high, a smooth low, a Badugi), pairs,
# trips and four to a flush are kept at high, and the low cards of different ranks (and, at
# Badugi, of different suits) are kept at lowball.

_PAT_HIGH = {"straight", "flush", "full-house", "four-of-a-kind", "straight-flush", "royal-flush", "five-of-a-kind"}
_HIGH_STRENGTH = {"high-card": 0.08, "pair": 0.22, "two-pair": 0.6, "three-of-a-kind": 0.72, "straight": 0.8,
                  "flush": 0.84, "full-house": 0.9}
_GOOD_LOW = {"a5": "A2345678", "27": "2345678", "8-or-better": "A2345678"}


def draw_discards(kind: GameKind, hole: Sequence[str]) -> list[str]:
    """The cards a bot throws away at this draw (none: it stands pat)."""
    hole = list(hole)
    if kind.evaluator == "badugi":
        counted = [c.code for c in evaluate_badugi(hole).cards]
        # Keep the cards that count, unless a high one spoils an unfinished hand.
        keep = counted if len(counted) == 4 else [c for c in counted if c[0] in "A2345678"]
        return [c for c in hole if c not in keep]
    if kind.evaluator in ("a5", "27"):
        made, _ = rank_hand(kind, hole)
        smooth = "A23456789" if kind.evaluator == "a5" else "23456789"
        if made.category == "high-card" and all(c[0] in smooth or c == JOKER for c in hole):
            return []
        return _low_discards(hole, kind.evaluator)
    high, low = rank_hand(kind, hole)
    if high.category in _PAT_HIGH or low is not None:
        return []
    naturals = [c for c in hole if c != JOKER]
    counts = Counter(c[0] for c in naturals)
    if kind.evaluator == "hi-lo" and not any(n >= 2 and rank_of(r + "s") >= 11 for r, n in counts.items()):
        return _low_discards(hole, "8-or-better")
    keep = [c for c in naturals if counts[c[0]] >= 2]
    if not keep:
        suits = Counter(c[1] for c in naturals)
        suit, n = suits.most_common(1)[0]
        if n + (len(hole) - len(naturals)) >= 4:
            keep = [c for c in naturals if c[1] == suit]
        else:
            keep = sorted(naturals, key=rank_of)[-1:]  # the highest card
    return [c for c in naturals if c not in keep]


def _low_discards(hole: list[str], low: str) -> list[str]:
    good = _GOOD_LOW[low]
    kept: set[str] = set()
    out = []
    for card in sorted(hole, key=lambda c: good.index(c[0]) if c[0] in good else 99):
        if card == JOKER or (card[0] in good and card[0] not in kept):
            kept.add(card[0])
        else:
            out.append(card)
    return out


def draw_strength(kind: GameKind, hole: Sequence[str], draws_left: int) -> float:
    """A share of the pot the hand may expect (0 … 1), with a little for the draws to come."""
    main, low = rank_hand(kind, list(hole))
    if kind.evaluator == "badugi":
        size = len(main.cards)
        top = max(("A23456789TJQK".index(c.code[0]) for c in main.cards), default=12)
        score = 0.95 - top * 0.05 if size == 4 else (0.35 - top * 0.02 if size == 3 else 0.08)
    elif kind.evaluator in ("a5", "27"):
        order = "A23456789TJQK" if kind.evaluator == "a5" else "23456789TJQKA"
        top = max(order.index(c[0]) for c in hole if c != JOKER)
        score = max(0.15, 0.95 - 0.1 * max(top - 4, 0)) if main.category == "high-card" else 0.1
    else:
        score = _HIGH_STRENGTH.get(main.category, 0.95)
        if main.category == "pair":
            score += 0.02 * (main.ranks[0] if main.ranks else 0)
        if low is not None:
            score = 0.5 * score + 0.5
    return min(0.97, score + 0.08 * draws_left)


def decide_draw(style: str, kind: GameKind, hole: Sequence[str], draws_left: int, legal: Sequence[Legal],
                rng: Rng, to_call: int, pot: int, in_front: int) -> tuple[str, int, str]:
    """A draw table's decision: the discards at a draw, else a bet, call, check or fold."""
    if not legal:
        raise ValueError("no decision is open to this seat")
    if _find(legal, "draw") is not None:
        return ("draw", 0, ",".join(draw_discards(kind, hole)))
    profile = STYLES[style]
    share = draw_strength(kind, hole, draws_left)
    if to_call <= 0:
        move = None
        if share >= profile.value_bet or _chance(rng, profile.bluff / 2):
            move = _aggress(legal, in_front + max(pot // 2, 1))
        return move if move is not None else _passive(legal, True)
    if share >= profile.value_raise:
        move = _aggress(legal, in_front + to_call + pot)
        if move is not None:
            return move
    stay = share >= to_call / (pot + to_call) + profile.call_margin or _chance(rng, profile.loose_call)
    return _passive(legal, stay)
