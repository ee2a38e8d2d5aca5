"""House-banked Pai Gow Poker (c000 §15-§16, s.698-835), on the carnival table's bookkeeping.

A round: bets (the basic bet, and the Fortune Bonus where the table offers it), then seven
hands of seven cards from one 53-card deck, the first to the position the table's draw picks
(c000: a number 1-7 from the RNG, counted counterclockwise with the bank as 1, D-221); the
hands of empty positions are discarded unseen (D-229). Every player sets at once within one
clock (D-013): two cards to the low hand, or "House way" (D-226); a setting that fouls is
refused (D-227), and a clock that runs out sets the hand by the house way (D-009). Then the
dealer's seven cards are set by the house way (c000 s.783, D-235) and every hand is settled:

* both halves higher than the bank's: the bet wins 1 to 1 less the commission (c000 s.804,
  D-220), one higher: push, otherwise it loses; a copy is the bank's (c000 s.707, D-218);
* the Fortune Bonus on the seven cards however set (c000 s.808), at most ``fortune_cap`` to
  one player in a round (c000 s.835, D-006), banked by the house (D-223);
* Envy: a Fortune Bonus of ``envy_min`` or more collects the fixed award for each other
  player's qualifying hand that made a Fortune Bonus bet (c000 s.809-810, D-239, D-241).

Positions: engine seat 0 is the dealer's left (first base). Counting counterclockwise from the
bank (position 1), position 2 is the dealer's right: seat ``7 - position``.

At a player-dealer table (``banking = "player-dealer"``, the California editions) the bank is a
seated player: the table has seven seats, the player-dealer's among them, and the card room
(``games/california/table.py``) tells the engine where the bank sits and which seat the dice
gave the action pile (:meth:`PaiGowPoker.seat_player_dealer`). The seven piles then go to the
seven seats clockwise from that seat (001 s.39-110 rules 5-6, D-478, D-230), the bank's pile
is the dealer's hand, and once every player has set, the player-dealer sets the bank's hand or
asks for the house way; a clock that runs out sets it by the house way (D-235, D-472).

At a house-banked table whose rules name a ``player_bank`` rotation (000 s.756-771, 004
s.1314-1336) a seated player may take the bank against the house (:mod:`.player_bank`): the
offer comes before the deal, one seat at a time on a clock (a clock that runs out passes, P-011;
a bet from the offered seat passes, a deal lapses the offers, P-252); the player-banker stakes
exactly their last basic bet against the house's hand (``main``) and a bank (``bank``, "placed
on the marker", 004 s.1323) that must cover every other basic bet on the table (D-222, P-253);
the other players bet on one betting area each (000 s.771, D-229) and play against the banker's
hand, which its player sets like any hand (D-227, D-235); the house dealer's hand, set by the
house way, plays the bank too. The bank pays 5 % on a win against the house at once and 5 % on its net win from the
others (004 s.1326-1328, D-220, D-222); the Fortune Bonus and Envy stay the house's (D-223).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...devices.shoe import Shoe
from ...engine.cards import RANKS, build_shoe
from ...engine.hands import card_ids
from ...engine.money import fmt, percent, share_exactly
from ...engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Legal, Note, Refund, Stake
from ...engine.rng import Rng
from ..banked import BETTING, OVER, snapshot, spot_word
from ..carnival.base import DECIDE, Box, CarnivalEngine, CarnivalState, Spot
from .bonus import ace_high_line, fortune_line, pai_gow_high
from .hands import Ranking, SetHand, describe_front, parse_front, set_hand, settings, versus
from .house_way import HouseWay, house_way
from .player_bank import (
    BANK_BET,
    after_round,
    bank_limits,
    counterclockwise,
    fresh_rotation,
    last_basic_bet,
    offers_for,
    owner_recorded,
)

MAIN, FORTUNE, ENVY, ACE_HIGH = "main", "fortune-bonus", "envy-bonus", "ace-high-bonus"
POSITIONS = 7  # the bank and six player positions (D-229)
HALF_WORDS = {"win": "wins", "copy": "is a copy (the bank's)", "lose": "loses"}


@dataclass
class HandSet:
    """How one position's seven cards were set, and how each half fared."""

    front: list[str] = field(default_factory=list)
    back: list[str] = field(default_factory=list)
    front_words: str = ""
    back_words: str = ""
    by_house_way: bool = False
    row: str = ""  # the house way row that set it
    front_result: str = ""
    back_result: str = ""


@dataclass
class PaiGowState(CarnivalState):
    sets: dict[int, HandSet] = field(default_factory=dict)
    bank: HandSet = field(default_factory=HandSet)
    draw: list[int] = field(default_factory=list)  # the RNG number, or the three dice
    first_position: int = 0  # 1 = the bank, counted counterclockwise (D-221)
    bank_seat: int | None = None  # the player-dealer's seat, at a player-dealer table
    first_seat: int | None = None  # the seat the action pile goes to, at a player-dealer table
    pai_gow: int | None = None  # Face Up: the top rank of the bank's Pai Gow that pushes every game wager
    banker: int | None = None  # the seat that banks against the house this round (000 s.756, 004 s.1314)
    house_bet: int = 0  # the player-banker's wager against the house's hand (D-222)
    bank_cover: int = 0  # the player-banker's bank against the other players (004 s.1323)
    offers: list[int] = field(default_factory=list)  # seats still to be offered the bank, the first now
    rotation: dict[str, Any] = field(default_factory=dict)  # the bank's rotation, carried round to round
    # Envy buttons of Fortune bets behind a hand (001 s.1174): [backer seat, hand seat, the bet's key]
    behind_buttons: list[list[Any]] = field(default_factory=list)


def _pg(state: CarnivalState) -> PaiGowState:
    assert isinstance(state, PaiGowState)
    return state


def new_deck(carry: Mapping[str, Any] | None, rng: Rng) -> Shoe:
    """One 52-card deck and a joker (c000 s.706, s.731), shuffled by this round's RNG before
    play (c000 s.775, D-011). Tests that need exact hands replace this, never the RNG."""
    codes = [c.code for c in build_shoe(1, jokers_per_deck=1)]
    shoe = Shoe(decks=1, size=len(codes), cut_at=len(codes), remaining=codes, cut_card_out=True)
    if carry:
        shoe.shuffle_no = int(carry.get("shuffle_no", 0))
    shoe.begin_round(rng)
    return shoe


def first_pick(rules: Mapping[str, Any], rng: Rng) -> list[int]:
    """What picks the first hand: "rng-7", one number 1-7 (c000 s.776); "dice-3", three dice
    (c004 s.1273-1280)."""
    how = rules["first_hand"]
    if how == "rng-7":
        return [rng.randbelow(POSITIONS) + 1]
    if how == "dice-3":
        return [rng.randbelow(6) + 1 for _ in range(3)]
    raise ValueError(f"first_hand must be 'rng-7' or 'dice-3', not {how!r}")


def position_of(draw: list[int]) -> int:
    """The position the draw points at, the bank being 1 (and 8 and 15 on the dice, c004
    s.1276): ((total - 1) mod 7) + 1."""
    return (sum(draw) - 1) % POSITIONS + 1


def seat_at(position: int, bank: int | None = None) -> int | None:
    """The engine seat at a position counted counterclockwise from the bank as 1 (None: the
    house dealer). The bank is the house dealer, or the seat of a player who banks: "those
    numbers will always change as the Banker changes positions" (004 s.1273; 000 s.776)."""
    ring: list[int | None] = [None, *counterclockwise(POSITIONS - 1)]
    return ring[(ring.index(bank) + position - 1) % POSITIONS]


def player_banked(rules: Mapping[str, Any]) -> bool:
    """A California table: a seated player banks (the rules' ``banking``, D-465)."""
    return rules.get("banking") == "player-dealer"


def bank_mode(rules: Mapping[str, Any]) -> str:
    """The rotation that offers a player the bank against the house ("" where none does):
    000 s.756-769 "round", 004 s.1314-1319 "alternate" (:mod:`.player_bank`)."""
    return "" if player_banked(rules) else str(rules.get("player_bank", ""))


def envy_table(rules: Mapping[str, Any]) -> str:
    """The Envy awards of the table's Fortune paytable: its own column where the paytable
    names one (each Lucky Chances and Crystal Park option prints its Envy beside its Fortune
    pays, 002 s.2160-2382, 003 s.1177-1221), else the table's ``envy_paytable``."""
    fortune = rules["paytables"].get(str(rules.get("fortune_paytable", "")), {})
    return str(fortune.get("envy") or rules["envy_paytable"])


def bank_set_by_house_way(rules: Mapping[str, Any]) -> bool:
    """At a player-dealer table, whether the house dealer sets the bank's hand by the house
    way (001 Fortune s.1110, 003 Face Up rule 9: D-235) rather than the player-dealer."""
    return str(rules.get("bank_set_by", "player-dealer")) == "house-way"


def commission(rules: Mapping[str, Any], won: int) -> int:
    """The vigorish on a win: ``commission_pct`` of it, truncated to the cent (c000, D-002,
    D-220) or rounded up to the next ``commission_unit`` (c004 s.1309: "rounded to twenty-five
    cents or the next highest multiple")."""
    pct = Fraction(int(rules["commission_pct"]), 100)
    if rules["commission_rounding"] == "none":  # California: the collection fee only (D-219)
        return 0
    if rules["commission_rounding"] == "truncate":
        return percent(won, pct)
    if rules["commission_rounding"] == "up":
        unit = int(rules["commission_unit"])
        exact = won * pct
        return int(-(-exact // unit)) * unit
    raise ValueError("commission_rounding must be 'none', 'truncate' or 'up'")


SURRENDER, KEEP = "surrender-all", "keep"
FLIPPED = {"win": "lose", "lose": "win", "copy": "copy"}


def _flip(result: str) -> str:
    """A half's result seen from the other side ("copy" stays the bank's)."""
    return FLIPPED.get(result, result)
CONFIRMED = "confirmed"


class PaiGowPoker(CarnivalEngine):
    """Stage 1: every position sets its hand. Stage 2, where the table offers surrender (c004
    s.1295-1297, D-225): the bank's hand is set and shown, and each position keeps its hand or
    surrenders the whole bet, within one clock; a clock that runs out keeps the hand."""

    slug = "pai-gow-poker"
    name = "Pai Gow Poker"
    family = "paigow"
    state_class = PaiGowState
    opening_actions = ("bet", "bank", "decline")  # the offered player may answer before anyone bets
    STAGES = 2
    DECISIONS = ("set", "house-way", SURRENDER, KEEP)
    MAIN = MAIN
    SET_STAGE = 1  # the stage the players set their hands in
    BANK_STAGE = 2  # at a player-dealer table, the stage the P/D sets the bank's hand in

    # -- the table's circles and rules ---------------------------------------------------
    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        return [Spot(MAIN, "Bet", MAIN, name="the bet"),
                Spot(FORTUNE, "Fortune", FORTUNE, requires=(MAIN,), side_bet=FORTUNE, deals_in=False,
                     name="the Fortune Bonus")]

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        Ranking.of(rules)
        HouseWay.of(rules["house_way"])
        seats = POSITIONS if player_banked(rules) else POSITIONS - 1
        if int(rules["seats"]) != seats:
            raise ValueError("pai gow deals seven hands: six positions and the bank, seated or not (D-229, D-478)")

    # -- a player-dealer table -----------------------------------------------------------
    def seat_backline(self, state: CarnivalState, bets: list[tuple[int, int, str, int]]) -> None:
        """The card room's word at the deal: the bets behind each hand, as (backer seat, hand
        seat, the bet's key, cents). A Fortune Bonus behind a hand of ``envy_min`` or more holds
        an Envy button on that hand, as a seated player's does (001 s.1160, s.1174: "Seated
        players as well as back-line bettors are eligible"); the Fortune bet itself follows the
        seat's Fortune (the card room pays it at that wager's ratio)."""
        st = _pg(state)
        least = int(st.rules.get("envy_min", 0) or 0)
        if ENVY not in st.rules["side_bets"]:
            return
        st.behind_buttons = [[backer, hand, key] for backer, hand, key, cents in bets
                             if key.split("/")[0] == FORTUNE and cents >= least > 0]

    def seat_player_dealer(self, state: CarnivalState, bank_seat: int, first_seat: int) -> None:
        """The card room's word before the deal: the bank is the player at ``bank_seat``, and
        the action pile goes to ``first_seat`` (the seat the dice counted, D-478)."""
        st = _pg(state)
        if not player_banked(st.rules):
            raise ValueError("only a player-dealer table has a seated bank")
        st.bank_seat, st.first_seat = bank_seat, first_seat

    def _pd_setting(self, st: PaiGowState) -> bool:
        """The bank's stage at a player-dealer table: the player-dealer sets the bank's hand."""
        return st.bank_seat is not None and st.phase == DECIDE and st.stage == self.BANK_STAGE and not st.bank.front

    def undecided(self, state: CarnivalState) -> list[int]:
        st = _pg(state)
        if st.bank_seat is not None and st.phase == DECIDE and st.stage == self.BANK_STAGE:
            return [st.bank_seat] if not st.bank.front else []
        return super().undecided(state)

    def legal_actions(self, state: CarnivalState, seat: int) -> list[Legal]:
        st = _pg(state)
        if st.phase == BETTING and st.offers:
            betting = super().legal_actions(state, seat)
            return self._offer_legal(st, seat) + betting if seat == st.offers[0] else betting
        if st.phase == BETTING and st.banker is not None and seat == st.banker:
            return [Legal("clear", label="Give up the bank") if lg.kind == "clear" else lg
                    for lg in super().legal_actions(state, seat)]
        if self._pd_setting(st):
            if seat != st.bank_seat:
                return []
            return self._setting_legal(st.rules, st.dealer, "Set the bank's hand")
        return super().legal_actions(state, seat)

    def decide(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        st = _pg(state)
        if not self._pd_setting(st):
            if st.bank_seat is not None and action.seat == st.bank_seat:
                raise IllegalAction("You bank this hand: you set the bank's hand once every player has set.")
            super().decide(state, action, rng, events)
            return
        if action.seat != st.bank_seat:
            raise IllegalAction("The player-dealer is setting the bank's hand.")
        self._set_bank(st, action, events)
        self._advance(st, rng, events)

    @staticmethod
    def ranking(rules: Mapping[str, Any]) -> Ranking:
        return Ranking.of(rules)

    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> PaiGowState:
        snap = snapshot(rules)
        if int(snap.get("decks", 1)) != 1 or int(snap.get("jokers", 1)) != 1:
            raise ValueError("pai gow deals from one deck and one joker (c000 s.731)")
        if self.step(snap) <= 0:
            raise ValueError("bet_step must be positive")
        self.check_rules(snap)
        shoe = new_deck(carry, rng)
        state = PaiGowState(rules=snap, shoe=shoe, seats={i: Box() for i in range(int(snap["seats"]))})
        state.notes.append("A fresh deck and the joker are shuffled for this round.")
        mode = bank_mode(snap)
        if mode:
            state.rotation = dict((carry or {}).get("player_bank") or fresh_rotation())
            state.offers = offers_for(mode, state.rotation, int(snap["seats"]))
            if state.offers:
                state.notes.append(f"The bank is offered to {spot_word(state.offers[0])} before the bets.")
        return state

    def carry(self, state: CarnivalState) -> dict[str, Any]:
        """The shuffle count, and where a player bank's rotation stands once a round is dealt."""
        out = super().carry(state)
        st = _pg(state)
        mode = bank_mode(st.rules)
        if not mode:
            return out
        dealt = any(b.cards for b in st.seats.values()) and not st.void
        if not dealt:  # a round with no hand leaves the rotation where it was
            out["player_bank"] = dict(st.rotation)
            return out
        bets = {n: (st.owners.get(n, ""), box.bets.get(MAIN, 0)) for n, box in st.seats.items()
                if box.cards and n != st.banker and st.owners.get(n)}
        out["player_bank"] = after_round(mode, st.rotation, int(st.rules["seats"]), st.banker, bets)
        return out

    # -- a player bank against the house (000 s.756-771; 004 s.1314-1336; D-222) ----------
    def moves(self) -> dict[str, Any]:
        return {**super().moves(), "bet": self._bet_or_pass, "bank": self._take_bank, "decline": self._pass_bank,
                "deal": self._deal_once_banked, "timeout": self._timeout, "clear": self._clear,
                "owner": self._owner_change}

    def to_act(self, state: CarnivalState) -> int | None:
        st = _pg(state)
        if st.phase == BETTING and st.offers:
            return st.offers[0]  # the offer waits on its seat, on a clock (P-011)
        return super().to_act(state)

    def deciding(self, state: CarnivalState) -> list[int]:
        st = _pg(state)
        if st.phase == BETTING and st.offers:
            return [st.offers[0]]
        return super().deciding(state)

    def timeout_action(self, state: CarnivalState) -> Action | None:
        st = _pg(state)
        if st.phase == BETTING and st.offers:
            return Action("timeout", SYSTEM_SEAT)
        return super().timeout_action(state)

    def _timeout(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        st = _pg(state)
        if st.phase == BETTING and st.offers:
            if action.seat != SYSTEM_SEAT:
                raise IllegalAction("Only the table's clock can time a decision out.")
            seat = st.offers[0]
            events.append(Note(f"{spot_word(seat)}: time is up; the bank passes on.", seat))
            self._pass_bank(state, Action("decline", seat), rng, events)
            return
        self.timeout(state, action, rng, events)

    def _offer_legal(self, st: PaiGowState, seat: int) -> list[Legal]:
        rules = st.rules
        lim = self.limit(rules, MAIN)
        already = sum(b.bets.get(MAIN, 0) for n, b in st.seats.items() if n != seat)  # its own go back
        low, high = bank_limits(lim["min"], lim["max"], int(rules["seats"]), already, self.step(rules))
        house = self._house_bet(st, seat)
        return [Legal("bank", "", low, high, f"Take the bank ({fmt(house)} against the house)"),
                Legal("decline", label="Pass the bank")]

    def _house_bet(self, st: PaiGowState, seat: int) -> int:
        return min(last_basic_bet(st.rotation, seat), self.limit(st.rules, MAIN)["max"])

    @staticmethod
    def _wagered_against_bank(st: PaiGowState) -> int:
        """The basic bets the bank must cover: every seat's but the banker's (the Fortune Bonus
        is the house's, D-223)."""
        return sum(b.bets.get(MAIN, 0) for n, b in st.seats.items() if n != st.banker)

    def _take_bank(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        """The offered seat takes the bank: its own bets so far go back, it stakes its last basic
        bet against the house's hand and posts the bank; a player who now has bets on more than
        one betting area keeps the first (000 s.771, D-229)."""
        st = _pg(state)
        if st.phase != BETTING or not st.offers or action.seat != st.offers[0]:
            raise IllegalAction("The bank is not being offered to you.")
        legal = self._offer_legal(st, action.seat)[0]
        if action.amount % self.step(st.rules):
            raise IllegalAction(f"The bank is posted in steps of {fmt(self.step(st.rules))}.")
        if not legal.min <= action.amount <= legal.max:
            raise IllegalAction(f"The bank must cover every wager on the table: post {fmt(legal.min)} "
                                f"to {fmt(legal.max)} (004 s.1314, D-222).")
        seat = action.seat
        box = st.seats[seat]
        for key in list(box.bets):
            events.append(Refund(seat, key, box.bets.pop(key)))
        house = self._house_bet(st, seat)
        st.banker, st.house_bet, st.bank_cover, st.offers = seat, house, action.amount, []
        box.bets[MAIN], box.bets[BANK_BET] = house, action.amount
        events += [Stake(seat, MAIN, house), Stake(seat, BANK_BET, action.amount)]
        events.append(Note(f"{spot_word(seat)} takes the bank: {fmt(house)} against the house's hand and a "
                           f"{fmt(action.amount)} bank against the table.", seat))
        seen: dict[str, int] = {}
        for n, other in sorted(st.seats.items()):
            who = st.owners.get(n)
            if n == seat or not other.bets or not who:
                continue
            if who in seen:
                for key in list(other.bets):
                    events.append(Refund(n, key, other.bets.pop(key)))
                events.append(Note(f"While a player banks, each player bets on one betting area: the bets on "
                                   f"{spot_word(n)} go back (000 s.771, D-229).", n))
            else:
                seen[who] = n

    def _pass_bank(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        st = _pg(state)
        if st.phase != BETTING or not st.offers or action.seat != st.offers[0]:
            raise IllegalAction("The bank is not being offered to you.")
        st.offers.pop(0)
        nxt = f"it is offered to {spot_word(st.offers[0])}" if st.offers else "the house banks this round"
        events.append(Note(f"{spot_word(action.seat)} passes the bank: {nxt}.", action.seat))

    def _bet_or_pass(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        """A bet from the seat the bank is offered to passes the bank: a player who simply bets
        has chosen to play against the bank rather than be it (000 s.757 "be the bank or pass")."""
        st = _pg(state)
        self._bet(state, action, events)
        if st.phase == BETTING and st.offers and action.seat == st.offers[0]:
            self._pass_bank(state, Action("decline", action.seat), rng, events)

    def _deal_once_banked(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        """The deal: offers not yet answered lapse, and the house banks (P-252); the bank is
        settled before the hands are dealt (004 s.1314)."""
        st = _pg(state)
        lapsed = st.offers if st.phase == BETTING else []
        self._deal(state, action, rng, events)  # refused as at any table before anything lapses
        if lapsed:
            st.offers = []
            events.insert(0, Note("Nobody took the bank before the deal: the house banks this round."))

    def _clear(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        """Bets taken back before the deal; from the banker, the bank given up: both its stakes
        go back and the house banks the round (P-259; so a banker who is not there when the
        cards are dealt is never played for, P-015)."""
        st = _pg(state)
        if st.banker is not None and action.seat == st.banker:
            if st.phase != BETTING:
                raise IllegalAction("Betting is closed.")
            box = st.seats[st.banker]
            for key in list(box.bets):
                events.append(Refund(st.banker, key, box.bets.pop(key)))
            events.append(Note(f"{spot_word(st.banker)} gives up the bank: the house banks this round.", st.banker))
            st.banker, st.house_bet, st.bank_cover = None, 0, 0
            return
        self.clear(state, action, events)

    def _owner_change(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        """A seat changing hands: a seat whose new player did not make its last basic bet is not
        offered the bank (000 s.769; 004 s.1314)."""
        st = _pg(state)
        self.owner(state, action, events)
        was = st.offers[:1]
        if action.seat in st.offers and owner_recorded(st.rotation, action.seat) != st.owners.get(action.seat):
            st.offers.remove(action.seat)
        if was and st.offers[:1] != was and st.phase == BETTING:
            nxt = f"it is offered to {spot_word(st.offers[0])}" if st.offers else "the house banks this round"
            events.append(Note(f"{spot_word(was[0])} is not there to take the bank: {nxt}."))

    def may_bet(self, state: CarnivalState, seat: int) -> str:
        st = _pg(state)
        if st.banker is not None and seat == st.banker:
            return f"You hold the bank: your wager is {fmt(st.house_bet)} against the house's hand (D-222)."
        who = st.owners.get(seat)
        if st.banker is not None and who and any(
                st.owners.get(n) == who and b.bets for n, b in st.seats.items() if n != seat):
            return "While a player banks, each player bets on one betting area only (000 s.771, D-229)."
        return ""

    def check_bet(self, state: CarnivalState, box: Box, spot: Spot, amount: int) -> None:
        st = _pg(state)
        if st.banker is None or spot.key != MAIN:
            return
        already = self._wagered_against_bank(st)
        if already + amount > st.bank_cover:
            room = max(st.bank_cover - already, 0)
            raise IllegalAction(f"The bank covers {fmt(st.bank_cover)} and {fmt(already)} is already bet against "
                                f"it: at most {fmt(room)} more (004 s.1314, D-222).")

    # -- the deal ------------------------------------------------------------------------
    def expected_cards(self, state: CarnivalState) -> tuple[int, int, int]:
        players = sum(1 for b in state.seats.values() if b.cards)
        return 7, 7, 7 * (POSITIONS - 1 - players)

    def deal(self, state: CarnivalState, rng: Rng, players: list[int], events: list[Event]) -> None:
        """Seven stacks of seven, the first to the position the draw picks, then on
        counterclockwise; the stacks of empty positions are discarded unseen (D-221)."""
        st = _pg(state)
        if player_banked(st.rules):
            self._deal_to_seats(st, rng, players, events)
            return
        st.draw = first_pick(st.rules, rng)
        st.first_position = position_of(st.draw)
        stacks = [[st.shoe.draw(rng).code for _ in range(7)] for _ in range(POSITIONS)]
        for k, stack in enumerate(stacks):
            position = (st.first_position - 1 + k) % POSITIONS + 1
            seat = seat_at(position, st.banker)
            if seat is None:
                st.dealer = stack
            elif seat in players:
                st.seats[seat].cards = stack
            else:
                st.burn.extend(stack)
        first = seat_at(st.first_position, st.banker)
        if st.banker is None:
            where = "the bank" if first is None else spot_word(first)
        else:  # counted from the player who banks as 1 (004 s.1273-1283; 000 s.776)
            where = ("the house dealer" if first is None else
                     f"the bank, {spot_word(first)}" if first == st.banker else spot_word(first))
        drawn = " + ".join(str(d) for d in st.draw)
        total = f" = {sum(st.draw)}" if len(st.draw) > 1 else ""
        events.append(Note(f"The draw is {drawn}{total}: the first hand goes to {where}."))

    def _deal_to_seats(self, st: PaiGowState, rng: Rng, players: list[int], events: list[Event]) -> None:
        """The player-dealer table: the action pile to the seat the dice counted, the other six
        clockwise from it (001 s.39-110 rules 5-6; 003 s.92); the bank's pile is the dealer's
        hand, the piles of seats with no wager are collected unseen (002 DHP rule 5)."""
        if st.bank_seat is None or st.first_seat is None:
            raise ValueError("a player-dealer table deals once the card room seats the bank")
        stacks = [[st.shoe.draw(rng).code for _ in range(7)] for _ in range(POSITIONS)]
        for k, stack in enumerate(stacks):
            seat = (st.first_seat + k) % POSITIONS
            if seat == st.bank_seat:
                st.dealer = stack
            elif seat in players:
                st.seats[seat].cards = stack
            else:
                st.burn.extend(stack)
        where = "the bank" if st.first_seat == st.bank_seat else spot_word(st.first_seat)
        events.append(Note(f"The action pile goes to {where}; the other piles clockwise from it."))

    # -- setting the hands ---------------------------------------------------------------
    def needs_decision(self, state: CarnivalState, box: Box) -> bool:
        if state.stage == self.BANK_STAGE and _pg(state).bank_seat is not None:
            return False  # the player-dealer's stage: no player decides
        if state.stage != self.SET_STAGE:
            banker = _pg(state).banker  # the bank never surrenders
            banks = banker is not None and box is state.seats[banker]
            return box.live and bool(state.rules.get("surrender")) and not banks
        return box.live

    def decision_legal(self, state: CarnivalState, seat: int, box: Box) -> list[Legal]:
        if state.stage != self.SET_STAGE:
            return [Legal(KEEP, label="Keep my hand"),
                    Legal(SURRENDER, CONFIRMED, label="Surrender: lose the whole bet")]
        return self._setting_legal(state.rules, box.cards, "Set this hand")

    def _setting_legal(self, rules: Mapping[str, Any], cards: list[str], label: str) -> list[Legal]:
        # Every setting the table takes is listed, its low hand's codes sorted (the felt posts
        # them sorted): the table takes any that does not foul (D-227), not only the house way's.
        fronts = sorted({" ".join(sorted(s.front_codes)) for s in settings(self.ranking(rules), card_ids(cards))
                         if not s.foul})
        return [*(Legal("set", front, label=label) for front in fronts), Legal("house-way", label="House way")]

    def _set_bank(self, st: PaiGowState, action: Action, events: list[Event]) -> None:
        """The player-dealer's setting of the bank's hand, or the house way (D-235, D-472); a
        bank's hand can never be set fouled (003 s.92-117; D-227)."""
        ranking = self.ranking(st.rules)
        seven = card_ids(st.dealer)
        if action.kind == "house-way":
            done = house_way(ranking, HouseWay.of(st.rules["house_way"]), seven)
            st.bank = self._hand_set(ranking, done.hand, True, done.row)
        elif action.kind == "set":
            try:
                hand = set_hand(ranking, seven, parse_front(seven, action.spot.split()))
            except ValueError as exc:
                raise IllegalAction(str(exc)) from exc
            if hand.foul:
                raise IllegalAction("That setting fouls: the two-card hand would outrank the five-card hand.")
            st.bank = self._hand_set(ranking, hand, False, "")
        else:
            raise IllegalAction("Set the bank's hand, or ask for the house way.")
        st.dealer_up = list(range(len(st.dealer)))
        how = "by the house way" if st.bank.by_house_way else "as the player-dealer sets it"
        events.append(Note(f"The bank's hand, {how}: {st.bank.back_words} behind and {st.bank.front_words} in front."))

    def apply_decision(self, state: CarnivalState, seat: int, box: Box, action: Action,
                       events: list[Event]) -> None:
        st = _pg(state)
        ranking = self.ranking(st.rules)
        seven = card_ids(box.cards)
        if st.stage != self.SET_STAGE or action.kind in (SURRENDER, KEEP):
            self._surrender_or_keep(st, seat, box, action, events)
            return
        if action.kind == "house-way":
            done = house_way(ranking, HouseWay.of(st.rules["house_way"]), seven)
            st.sets[seat] = self._hand_set(ranking, done.hand, True, done.row)
            box.decisions.append("house-way")
            return
        try:
            front = parse_front(seven, action.spot.split())
        except ValueError as exc:
            raise IllegalAction(str(exc)) from exc
        hand = set_hand(ranking, seven, front)
        if hand.foul:  # D-227: the table takes only a legal setting
            raise IllegalAction("That setting fouls: the two-card hand would outrank the five-card hand.")
        st.sets[seat] = self._hand_set(ranking, hand, False, "")
        box.decisions.append("set")

    def _surrender_or_keep(self, st: PaiGowState, seat: int, box: Box, action: Action,
                           events: list[Event]) -> None:
        if st.stage != 2 or action.kind not in (SURRENDER, KEEP):
            raise IllegalAction("Set your hand first." if st.stage == 1 else "Keep your hand or surrender it.")
        if action.kind == KEEP:
            box.decisions.append(KEEP)
            return
        if action.spot != CONFIRMED:  # D-225: a confirmation says the whole bet is lost
            raise IllegalAction("A surrender loses the whole bet: confirm it to surrender.")
        box.decisions.append("surrender")
        box.folded = True  # c004 s.1297: the seven cards are collected unseen
        self.lose(st, events, seat, MAIN, "Surrendered: the whole bet is lost")
        for key in list(box.bets):
            if key != MAIN:
                self.lose(st, events, seat, key, "Surrendered with the hand")
        events.append(Note(f"{spot_word(seat)} surrenders.", seat))

    def end_stage(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        """Every hand is set: the dealer's seven cards are turned over and set by the house way
        (c000 s.783, c004 s.1292-1293, D-235), before any surrender (c004 s.1295)."""
        st = _pg(state)
        if st.stage != 1 or (st.bank_seat is not None and not bank_set_by_house_way(st.rules)):
            return  # at a player-dealer table the player-dealer sets the bank's hand next
        ranking = self.ranking(st.rules)
        done = house_way(ranking, HouseWay.of(st.rules["house_way"]), card_ids(st.dealer))
        st.bank = self._hand_set(ranking, done.hand, True, done.row)
        st.dealer_up = list(range(len(st.dealer)))
        events.append(Note(f"The bank sets {st.bank.back_words} behind and {st.bank.front_words} in front."))

    @staticmethod
    def _hand_set(ranking: Ranking, hand: SetHand, by_house: bool, row: str) -> HandSet:
        return HandSet(hand.front_codes, hand.back_codes, describe_front(hand.front_value),
                       ranking.describe_back(hand.back_value), by_house, row)

    def default_action(self, state: CarnivalState, seat: int) -> Action:
        """D-009, D-226: a hand not set when the clock runs out is set by the house way; D-225:
        a surrender clock that runs out keeps the hand; a player-dealer's clock sets the bank's
        hand by the house way (D-472)."""
        if state.stage == 2 and _pg(state).bank_seat is None:
            return Action(KEEP, seat)
        return Action("house-way", seat)

    def bot_action(self, state: CarnivalState, seat: int) -> Action | None:
        """Bots pass the bank (they never bank against the house) and otherwise play as at
        any table."""
        st = _pg(state)
        if st.phase == BETTING and st.offers:
            return Action("decline", seat) if seat == st.offers[0] else None
        return super().bot_action(state, seat)

    def bot_decision(self, state: CarnivalState, seat: int) -> Action:
        """Bots set every hand, the bank's too, by the house way and never surrender."""
        return self.default_action(state, seat)

    # -- the showdown --------------------------------------------------------------------
    def showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        st = _pg(state)
        if st.banker is not None:
            self._player_bank_showdown(st, events)
            return
        rules = st.rules
        ranking = self.ranking(rules)
        bank = set_hand(ranking, card_ids(st.dealer), card_ids(st.bank.front))
        for n, box in sorted(st.seats.items()):
            if not box.live:
                continue
            hs = st.sets[n]
            mine = set_hand(ranking, card_ids(box.cards), card_ids(hs.front))
            v = versus(mine, bank)
            hs.front_result, hs.back_result = v.front, v.back
            box.hand = f"{hs.back_words} behind, {hs.front_words} in front"
            words = (f"Five-card hand {HALF_WORDS[v.back]}, two-card hand {HALF_WORDS[v.front]}")
            if v.foul:
                self.lose(st, events, n, MAIN, "Foul: the two-card hand outranks the five-card hand")
            elif v.result == "win":
                stake = box.bets[MAIN]
                o = self.odds(rules, "pai-gow-poker", "win")
                won = o.win(stake)
                vig = commission(rules, won)
                detail = f"Both hands win: pays {o}" + (f" less {fmt(vig)} commission" if vig else "")
                self.settle(st, events, n, MAIN, stake, stake + won - vig, "win", detail)
            elif v.result == "push":
                self.push(st, events, n, MAIN, f"Push: {words}")
            else:
                self.lose(st, events, n, MAIN, words)
        self._fortune(st, events)

    def _player_bank_showdown(self, st: PaiGowState, events: list[Event]) -> None:
        """A player banks (004 s.1323-1336, D-222): the house's hand plays the bank first, for the
        banker's wager on its betting circle, a win paying 1 to 1 less the commission at once; then
        every other hand plays the banker's, the winners paid by the bank less the house's
        commission, and the bank pays the commission on its net win from them. Copies are the
        bank's, against the house too (004 s.1237 "The banker wins all copy hands")."""
        rules = st.rules
        ranking = self.ranking(rules)
        banker = st.banker
        assert banker is not None
        bbox, bset = st.seats[banker], st.sets[banker]
        bank = set_hand(ranking, card_ids(bbox.cards), card_ids(bset.front))
        bbox.hand = f"{bset.back_words} behind, {bset.front_words} in front"
        odds = self.odds(rules, "pai-gow-poker", "win")
        house = versus(set_hand(ranking, card_ids(st.dealer), card_ids(st.bank.front)), bank)
        st.bank.front_result, st.bank.back_result = house.front, house.back
        bset.front_result, bset.back_result = _flip(house.front), _flip(house.back)
        stake = bbox.bets[MAIN]
        if house.result == "lose":
            won = odds.win(stake)
            vig = commission(rules, won)
            self.settle(st, events, banker, MAIN, stake, stake + won - vig, "win",
                        f"The bank beats the house's hand: pays {odds}" + (f" less {fmt(vig)} commission" if vig else ""))
        elif house.result == "push":
            self.push(st, events, banker, MAIN, "Push with the house's hand: one hand each")
        else:
            self.lose(st, events, banker, MAIN, "The house's hand beats the bank")
        collected = paid = 0
        for n, box in sorted(st.seats.items()):
            if n == banker or MAIN not in box.bets:
                continue
            if not box.live:  # a surrendered wager is the bank's (004 s.1296)
                collected += box.bets[MAIN] if box.folded else 0
                continue
            hs = st.sets[n]
            mine = set_hand(ranking, card_ids(box.cards), card_ids(hs.front))
            v = versus(mine, bank)
            hs.front_result, hs.back_result = v.front, v.back
            box.hand = f"{hs.back_words} behind, {hs.front_words} in front"
            words = f"Five-card hand {HALF_WORDS[v.back]}, two-card hand {HALF_WORDS[v.front]} against the bank"
            bet = box.bets[MAIN]
            if v.result == "win" and not v.foul:
                won = odds.win(bet)
                vig = commission(rules, won)
                paid += won
                self.settle(st, events, n, MAIN, bet, bet + won - vig, "win",
                            f"Both hands beat the bank: pays {odds}" + (f" less {fmt(vig)} commission" if vig else ""))
            elif v.result == "push" and not v.foul:
                self.push(st, events, n, MAIN, f"Push: {words}")
            else:
                collected += bet
                self.lose(st, events, n, MAIN, "Foul: the two-card hand outranks the five-card hand" if v.foul else words)
        net = collected - paid
        vig = commission(rules, net) if net > 0 else 0
        cover = bbox.bets[BANK_BET]
        result = "win" if net > 0 else "lose" if net < 0 else "push"
        detail = (f"The bank collected {fmt(collected)} and paid {fmt(paid)}"
                  + (f"; {fmt(vig)} commission on its net win" if vig else ""))
        self.settle(st, events, banker, BANK_BET, cover, cover + net - vig, result, detail)
        events.append(Note(f"{spot_word(banker)}'s bank collected {fmt(collected)} and paid {fmt(paid)}."))
        self._fortune(st, events)

    def _fortune(self, st: PaiGowState, events: list[Event]) -> None:
        rules = st.rules
        if FORTUNE not in rules["side_bets"]:
            return
        joker = str(rules["joker"])
        fortune = str(rules["fortune_paytable"])
        lines = list(rules["paytables"][fortune]["lines"])
        graded: dict[int, str | None] = {}
        for n, box in sorted(st.seats.items()):
            if box.live and box.bets.get(FORTUNE):
                graded[n] = fortune_line(card_ids(box.cards), lines, joker)
        wins = {n: self.odds(rules, fortune, line).win(st.seats[n].bets[FORTUNE])
                for n, line in graded.items() if line is not None}
        cap = int(rules["fortune_cap"])  # 0: no cap (a player-dealer pays within its stake, D-465)
        players: dict[str, dict[int, int]] = {}
        for n, won in wins.items():
            players.setdefault(self._player(st, n), {})[n] = won
        paid: dict[int, int] = {}
        for mine in players.values():
            paid.update(share_exactly(mine, cap) if cap else mine)  # c000 s.835, D-006: per player, in proportion
        for n, line in graded.items():
            if line is None:
                self.lose(st, events, n, FORTUNE, "No Fortune hand")
                continue
            if not self.odds(rules, fortune, line).net:  # a line that pushes (D-244)
                self.push(st, events, n, FORTUNE, f"{self.words(rules).label(fortune, line)}: push")
                continue
            detail = self.pays(rules, fortune, line)
            if paid[n] < wins[n]:
                detail += f", cut to {fmt(paid[n])} by the {fmt(cap)} cap"
            self.win(st, events, n, FORTUNE, paid[n], detail)
        if ENVY in rules["side_bets"]:
            self._envy(st, graded, events)

    @staticmethod
    def _player(st: CarnivalState, seat: int) -> str:
        return st.owners.get(seat, f"box-{seat}")

    def _envy(self, st: PaiGowState, graded: Mapping[int, str | None], events: list[Event]) -> None:
        """D-239, D-241: each other player's hand that made a Fortune Bonus bet and reached an
        Envy line pays every Envy button once; the holder's own hands never count. Where
        ``envy_pays`` is "highest" (003 Face Up s.3616) only the table's highest Envy line pays,
        once per button, to holders who did not make it themselves."""
        rules = st.rules
        envy = envy_table(rules)
        awards: Mapping[str, int] = rules["paytables"][envy]["lines"]
        joker = str(rules["joker"])
        reached = {n: fortune_line(card_ids(st.seats[n].cards), list(awards), joker) for n in graded}
        order = list(awards)
        top = min((order.index(line) for line in reached.values() if line is not None), default=None)
        buttons = [(n, n, ENVY) for n, box in sorted(st.seats.items())
                   if box.live and box.bets.get(FORTUNE, 0) >= int(rules["envy_min"])]
        # A backline bettor's button is on the hand it backs: that hand is its own (001 s.1174).
        buttons += [(int(backer), int(hand), ENVY + str(key)[len(FORTUNE):])
                    for backer, hand, key in st.behind_buttons if st.seats[int(hand)].live]
        for n, own, bet in buttons:
            who = self._player(st, n)
            total, hands = 0, list[str]()
            for other, line in sorted(reached.items()):
                if other == own or self._player(st, other) == who or line is None:
                    continue
                if rules.get("envy_pays", "each") == "highest" and (order.index(line) != top or hands):
                    continue  # only the highest hand pays, once a button (D-241)
                total += int(awards[line])
                hands.append(f"{spot_word(other)} {self.words(rules).label(envy, line).lower()}")
            if total:
                self.settle(st, events, n, bet, 0, total, "win", "Envy: " + "; ".join(hands))

    # -- showing it ----------------------------------------------------------------------
    def hand_words(self, state: CarnivalState, box: Box) -> str:
        return ""

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        shown = ["pai-gow-poker"]
        if FORTUNE in rules["side_bets"]:
            shown.append(str(rules["fortune_paytable"]))
        if ENVY in rules["side_bets"]:
            shown.append(envy_table(rules))
        return shown

    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        """The hand-setting table: for each of the viewer's hands still to set, which fronts
        foul and how the house would set it (D-226); once set, both halves in words; after the
        showdown, the bank's hand and each half's result."""
        st = _pg(state)
        mine = self.viewer_seats(st, viewer)
        ranking = self.ranking(st.rules)
        way = HouseWay.of(st.rules["house_way"])
        seats: dict[int, Any] = {}
        for n, box in sorted(st.seats.items()):
            if not box.dealt_in:
                continue
            hs = st.sets.get(n)
            show = n in mine or (st.revealed and box.live)
            entry: dict[str, Any] = {"set": hs is not None, "surrendered": box.folded,
                                     "surrender_open": n in mine and st.stage != self.SET_STAGE
                                     and n in self.undecided(st)}
            if show and hs is not None:
                entry.update(front=list(hs.front), back=list(hs.back), front_words=hs.front_words,
                             back_words=hs.back_words, by_house_way=hs.by_house_way,
                             front_result=hs.front_result, back_result=hs.back_result)
            if n in mine and st.phase == DECIDE and hs is None:
                seven = card_ids(box.cards)
                entry["fouls"] = sorted(" ".join(sorted(s.front_codes)) for s in settings(ranking, seven) if s.foul)
                done = house_way(ranking, way, seven)
                entry["house_way"] = {"front": done.hand.front_codes, "back": done.hand.back_codes,
                                      "row": done.row}
            seats[n] = entry
        first = seat_at(st.first_position, st.banker) if st.first_position else None
        if st.bank_seat is not None:
            first = st.first_seat
        bank_to_set = None
        if self._pd_setting(st) and viewer is not None and viewer == st.bank_seat:
            seven = card_ids(st.dealer)  # the bank's pile, opened for its player-dealer only
            done = house_way(ranking, way, seven)
            bank_to_set = {"cards": list(st.dealer),
                           "fouls": sorted(" ".join(sorted(s.front_codes)) for s in settings(ranking, seven) if s.foul),
                           "house_way": {"front": done.hand.front_codes, "back": done.hand.back_codes, "row": done.row}}
        view["paigow"] = {
            "bank_seat": st.bank_seat,
            "bank_to_set": bank_to_set,
            "bank_waiting": self._pd_setting(st),
            "seats": seats,
            "draw": list(st.draw),
            "first_position": st.first_position,
            "first_seat": first,
            "bank": ({"front": st.bank.front, "back": st.bank.back, "front_words": st.bank.front_words,
                      "back_words": st.bank.back_words, "row": st.bank.row,
                      "by_house_way": st.bank.by_house_way} if st.bank.front else None),
            "joker": st.rules["joker"],
            "house_way_name": st.rules["house_way"]["name"],
            "player_bank": self._player_bank_view(st, mine),
        }

    def _player_bank_view(self, st: PaiGowState, mine: set[int]) -> dict[str, Any] | None:
        """The bank against the house as the felt shows it: who is offered it now, who holds it,
        its wager against the house's hand, its bank and what is bet against it, and once shown
        (at the surrender window or the showdown; to its player at once) the banker's hand and
        how each half fared against the house's."""
        mode = bank_mode(st.rules)
        if not mode:
            return None
        banker = st.banker
        hand = None
        if banker is not None and banker in st.sets and (st.revealed or st.stage >= 2 or banker in mine):
            hs = st.sets[banker]
            hand = {"front": list(hs.front), "back": list(hs.back), "front_words": hs.front_words,
                    "back_words": hs.back_words, "by_house_way": hs.by_house_way,
                    "front_result": hs.front_result, "back_result": hs.back_result}
        against = self._wagered_against_bank(st) if banker is not None else 0
        offered = st.offers[0] if st.phase == BETTING and st.offers else None
        rotation = st.rotation
        if st.phase == OVER:
            # Between rounds the felt shows the finished round: the next round's offer is the
            # one its rotation makes to the seats' players now.
            rotation = self.carry(st).get("player_bank", rotation)
            offered = next((s for s in offers_for(mode, rotation, int(st.rules["seats"]))
                            if owner_recorded(rotation, s) == st.owners.get(s)), None)
        house_bet = min(last_basic_bet(rotation, offered), self.limit(st.rules, MAIN)["max"]) if offered is not None else 0
        return {"mode": mode, "offered_to": offered, "offered_mine": offered is not None and offered in mine,
                "offer_house_bet": house_bet,
                "banker": banker, "mine": banker is not None and banker in mine,
                "house_bet": st.house_bet, "cover": st.bank_cover, "against": against,
                "room": max(st.bank_cover - against, 0), "hand": hand}


PAI_GOW_POKER = PaiGowPoker()


class JokerWildPaiGowPoker(PaiGowPoker):
    """Joker's Wild Pai Gow Poker (001 §14, s.192-229; 003 §3, s.119-132): the same game with
    the joker fully wild, its rules data in ``rules/joker-wild-pai-gow-poker.toml``; every
    edition is a player-dealer one."""

    slug = "joker-wild-pai-gow-poker"
    name = "Joker's Wild Pai Gow Poker"


JOKER_WILD_PAI_GOW_POKER = JokerWildPaiGowPoker()



class FortunePaiGowPoker(PaiGowPoker):
    """Fortune Pai Gow Poker (001 §15-§17, 002 §21-§23, 003 §23-§25): Pai Gow Poker with the
    Fortune Bonus and Envy on every edition, banked by a seated player; the rules data in
    ``rules/fortune-pai-gow-poker.toml`` (its paytable options, joker and who sets the bank)."""

    slug = "fortune-pai-gow-poker"
    name = "Fortune Pai Gow Poker"


FORTUNE_PAI_GOW_POKER = FortunePaiGowPoker()


class FaceUpPaiGowPoker(PaiGowPoker):
    """Face Up Pai Gow Poker (001 §18-§21, s.2769-3240; 003 §57-§59, s.3466-3694): the bank's
    seven cards are dealt face up and set first, by the player-dealer or the house way as the
    edition says (D-235); a bank's Pai Gow of the ranks in ``pai_gow_push`` (an ace-high hand
    with no pair, straight or flush; at Crystal Park king-high too) pushes every game wager at
    once and nobody sets (D-252); otherwise the players set against the bank's shown hand. The
    Ace-High Bonus (001 §21) is graded on the bank's seven cards and the player's (D-253)."""

    slug = "face-up-pai-gow-poker"
    name = "Face Up Pai Gow Poker"
    SET_STAGE = 2
    BANK_STAGE = 1

    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        return [*super().circles(rules),
                Spot(ACE_HIGH, "Ace-High", ACE_HIGH, requires=(MAIN,), side_bet=ACE_HIGH, deals_in=False,
                     name="the Ace-High Bonus")]

    def after_deal(self, state: CarnivalState, events: list[Event]) -> None:
        """The bank's pile is turned over for everyone (001 s.2836, 003 s.3528); a Pai Gow that
        pushes is set by the house way at once, nothing riding on it; a house-way edition sets
        it now (003 Face Up rule 9, D-235)."""
        st = _pg(state)
        st.dealer_up = list(range(len(st.dealer)))
        top = pai_gow_high(card_ids(st.dealer), str(st.rules["joker"]))
        pushes = [RANKS.index(r) for r in st.rules["pai_gow_push"]]
        if top is not None and top in pushes:
            st.pai_gow = top
            events.append(Note(f"The bank's seven cards are {RANKS[top]}-high with no pair, straight or flush "
                               "(a Pai Gow): every game wager pushes."))
        if st.pai_gow is not None or st.bank_seat is None or bank_set_by_house_way(st.rules):
            ranking = self.ranking(st.rules)
            done = house_way(ranking, HouseWay.of(st.rules["house_way"]), card_ids(st.dealer))
            st.bank = self._hand_set(ranking, done.hand, True, done.row)
            events.append(Note(f"The bank's hand is set by the house way: {st.bank.back_words} behind and "
                               f"{st.bank.front_words} in front."))

    def end_stage(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        return  # the bank's hand was set before the players set theirs

    def needs_decision(self, state: CarnivalState, box: Box) -> bool:
        if state.stage != self.SET_STAGE:
            return False
        return box.live and _pg(state).pai_gow is None

    def showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        st = _pg(state)
        if st.pai_gow is None:
            super().showdown(state, rng, events)
        else:
            for n, box in sorted(st.seats.items()):
                if box.live:
                    box.hand = "not set: the bank's Pai Gow pushes every game wager"
                    self.push(st, events, n, MAIN, f"Push: the bank holds a {RANKS[st.pai_gow]}-high Pai Gow (D-252)")
            self._fortune(st, events)
        self._ace_high(st, events)

    def _ace_high(self, st: PaiGowState, events: list[Event]) -> None:
        rules = st.rules
        if ACE_HIGH not in rules["side_bets"]:
            return
        joker = str(rules["joker"])
        for n, box in sorted(st.seats.items()):
            if not box.live or not box.bets.get(ACE_HIGH):
                continue
            line = ace_high_line(card_ids(box.cards), card_ids(st.dealer), joker)
            if line is None:
                self.lose(st, events, n, ACE_HIGH, "The bank's seven cards are not an ace-high Pai Gow")
                continue
            won = self.odds(rules, ACE_HIGH, line).win(box.bets[ACE_HIGH])
            self.win(st, events, n, ACE_HIGH, won, self.pays(rules, ACE_HIGH, line))

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        shown = super().paytables_shown(rules)
        return shown + ([ACE_HIGH] if ACE_HIGH in rules["side_bets"] else [])

    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        super().view_extra(state, viewer, view)
        st = _pg(state)
        view["paigow"]["face_up"] = True
        view["paigow"]["pai_gow"] = RANKS[st.pai_gow] if st.pai_gow is not None else None


FACE_UP_PAI_GOW_POKER = FaceUpPaiGowPoker()
