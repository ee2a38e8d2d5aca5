"""House-banked poker ("carnival") games: the table they all share.

Three Card Poker, Let It Ride, Caribbean Stud and Mississippi Stud (and later Ultimate
Texas Hold'em, Four Card Poker, …) have one shape, which this module owns:

* a **fresh deck every round** (D-011, D-287, D-312): the round's committed RNG shuffles a
  new 52-card deck when the round opens; the shuffler widget shows counts only;
* **wagers before the deal** on named circles (Ante, Pair Plus, bets 1/2/$, …), in chip
  steps (D-003), within posted limits (D-004), side bets only where the table's own
  rulebook offers them (D-517) and only on a main wager where the rulebook says so;
  every wager is locked by the deal (D-026);
* **decision stages** after the deal (play/fold, let it ride/take back, street wagers).
  Every player decides at once within one timer (D-013): each undecided hand has its
  legal decisions open together; ``to_act`` names the first undecided hand for the clock
  and the bots; when the clock runs out the ``timeout`` table move makes the D-009 default
  for every hand still undecided;
* a **showdown**: dealer qualification, hand against hand, paytable lines, caps, pushes;
  all wagers settle at once (D-013: the "from the dealer's right" orders are display only);
* **privacy**: a hand is face down to everyone but its owner until the showdown; a folded
  hand goes to the discard rack unseen (D-016); the dealer's hole cards stay hidden until
  every decision is made;
* the **irregularity rule** of D-010: an internal inconsistency at the deal (a duplicate
  card, a wrong card count) voids as each rulebook says, wagers returned (D-008).

A game is a subclass that names its circles (:class:`Spot`), deals, lists and applies its
decisions, plays the showdown and describes hands. Money crosses only as events
(:mod:`webgame.engine.protocol`). Payout odds are read from the round's paytables (D-005).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...devices import decks
from ...devices.shoe import Shoe
from ...engine.hands import HandValue
from ...engine.money import fmt, truncate
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    IllegalAction,
    Legal,
    Note,
    Stake,
)
from ...engine.rng import Rng
from ..banked import BETTING, NOTES_SHOWN, OVER, BankedTable, Book, Move, snapshot, spot_word

DECIDE = "decide"
RANKS = "23456789TJQKA"
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}

# ---------------------------------------------------------------------------------------
# Betting circles
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Spot:
    """One betting circle as a player sees it.

    key: the action's ``spot``; label: the name printed on the felt; limit: which
    ``rules["limits"]`` entry bounds it; stakes: the wagers (settlement keys) one chip on
    this circle makes (Let It Ride's three equal bets are one circle with three stakes);
    requires: circles of which at least one must hold a wager first (a side bet needs a
    main wager); fixed: the wager is exactly the limit's amount (the $1 Bonus, the
    progressive token); side_bet: the side-bet slug the table must offer (D-517);
    deals_in: a wager here gets the box a hand.
    """

    key: str
    label: str
    limit: str
    stakes: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    fixed: bool = False
    side_bet: str = ""
    deals_in: bool = True
    name: str = ""  # in sentences: "the Ante", "Pair Plus"

    @property
    def keys(self) -> tuple[str, ...]:
        return self.stakes or (self.key,)

    @property
    def words(self) -> str:
        return self.name or self.label


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------
@dataclass
class Box:
    """One betting position: its wagers, its cards, its decisions and results."""

    bets: dict[str, int] = field(default_factory=dict)  # settlement key -> cents at risk now
    cards: list[str] = field(default_factory=list)
    folded: bool = False
    decided: bool = False  # has made this stage's decision
    decisions: list[str] = field(default_factory=list)  # one word per stage: "play", "ride", "3x" …
    hand: str = ""  # the hand in words, fixed at the showdown
    void: bool = False  # a misdealt hand (D-010)
    results: list[dict[str, Any]] = field(default_factory=list)

    @property
    def dealt_in(self) -> bool:
        return bool(self.cards) and not self.void

    @property
    def live(self) -> bool:
        return self.dealt_in and not self.folded


@dataclass
class CarnivalState:
    rules: dict[str, Any]  # snapshot of the resolved rules, paytables included
    shoe: Shoe
    seats: dict[int, Box] = field(default_factory=dict)
    owners: dict[int, str] = field(default_factory=dict)  # box -> player id (per-player caps, privacy)
    dealer: list[str] = field(default_factory=list)  # the dealer's hand (TCP, Caribbean Stud)
    dealer_up: list[int] = field(default_factory=list)  # dealer cards face up before the showdown
    community: list[str] = field(default_factory=list)  # shared cards (Let It Ride, Mississippi Stud)
    community_shown: int = 0
    burn: list[str] = field(default_factory=list)
    phase: str = BETTING
    stage: int = 0  # decision stage, from 1
    revealed: bool = False  # showdown: the dealer's hand and every live hand face up
    void: bool = False
    settled: list[str] = field(default_factory=list)  # "seat:bet" keys already settled
    notes: list[str] = field(default_factory=list)
    meter: int = 0  # a progressive meter's balance as this round sees it (Caribbean Stud)
    meter_log: list[dict[str, Any]] = field(default_factory=list)  # the progressive payout log


# ---------------------------------------------------------------------------------------
# Small helpers the games share
# ---------------------------------------------------------------------------------------
def new_shoe(carry: Mapping[str, Any] | None, rng: Rng) -> Shoe:
    """A new 52-card deck shuffled by this round's RNG (D-011: shuffled before play and after
    every round). The shuffler widget counts shuffles from the table's carry. Tests that need
    exact hands replace this function (a stacked deck), never the RNG."""
    shoe = Shoe.fresh(1, 90)
    shoe.cut_at = shoe.size  # no cut card: the whole deck is available every round
    if carry:
        shoe.shuffle_no = int(carry.get("shuffle_no", 0))
    shoe.begin_round(rng)
    return shoe


def pay_line(rules: Mapping[str, Any], paytable: str, value: HandValue) -> str | None:
    """The paytable line a hand pays on, most specific first, or None.

    Pair lines limited by rank (``pair_lines = {"pair-tens-or-better" = ["T", "A"]}``) come
    before the plain ``pair`` line; a royal flush falls back to the straight flush line."""
    table = rules["paytables"][paytable]
    lines = table["lines"]
    candidates = list(value.lines)
    if value.category == "pair":
        for name, (low, high) in table.get("pair_lines", {}).items():
            if RANK_INDEX[low] <= value.ranks[0] <= RANK_INDEX[high]:
                candidates.insert(0, name)
    for line in candidates:
        if line in lines:
            return line
    return None


def qualifies(value: HandValue, qualifier: Sequence[str]) -> bool:
    """Dealer qualification: any pair or better, or a no-pair hand at least as high, card by
    card, as ``qualifier`` ("Q" = queen high, D-270; "A", "K" = ace and king, D-520)."""
    if value.category != "high-card":
        return True
    need = tuple(RANK_INDEX[r] for r in qualifier)
    return tuple(value.ranks[:len(need)]) >= need


def prorate(awards: Mapping[Any, int], limit: int) -> dict[Any, int]:
    """A table-wide aggregate cap (c004 Let It Ride s.1124-1143, D-006, D-292): when the sum
    of all awards exceeds the limit, each award is multiplied by LIMIT / SUM and truncated to
    the cent."""
    total = sum(awards.values())
    if total <= limit:
        return dict(awards)
    ratio = Fraction(limit, total)
    return {k: truncate(a * ratio) for k, a in awards.items()}


# ---------------------------------------------------------------------------------------
# The engine every carnival game extends
# ---------------------------------------------------------------------------------------
class CarnivalEngine(BankedTable[CarnivalState]):
    """The Game protocol for a house-banked poker game; subclasses fill in the game. The
    table bookkeeping (owners, limits, settlement, the decision clock) is :class:`BankedTable`'s."""

    slug = "carnival"
    name = "Carnival game"
    state_class = CarnivalState
    STAGES = 1  # decision stages after the deal
    DECISIONS: tuple[str, ...] = ()  # the action kinds of the decisions
    MAIN = "ante"  # the circle bots bet

    # -- what subclasses provide ---------------------------------------------------------
    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        raise NotImplementedError

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        """Refuse a rules snapshot the game cannot run."""

    def deal(self, state: CarnivalState, rng: Rng, players: list[int], events: list[Event]) -> None:
        raise NotImplementedError

    def expected_cards(self, state: CarnivalState) -> tuple[int, int, int]:
        """Cards per player, for the dealer, and community + burn: the deal's integrity check."""
        raise NotImplementedError

    def after_deal(self, state: CarnivalState, events: list[Event]) -> None:
        """Wagers that lock at the deal (progressive contributions)."""

    def needs_decision(self, state: CarnivalState, box: Box) -> bool:
        return box.live

    def decision_legal(self, state: CarnivalState, seat: int, box: Box) -> list[Legal]:
        raise NotImplementedError

    def apply_decision(self, state: CarnivalState, seat: int, box: Box, action: Action,
                       events: list[Event]) -> None:
        raise NotImplementedError

    def end_stage(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        """Everyone has decided at ``state.stage``: turn the next card over, etc."""

    def showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        raise NotImplementedError

    def bot_decision(self, state: CarnivalState, seat: int) -> Action:
        raise NotImplementedError

    def hand_words(self, state: CarnivalState, box: Box) -> str:
        """The box's hand in words, from the cards its owner can see now."""
        return ""

    def rules_summary(self, rules: Mapping[str, Any]) -> list[str]:
        """The table's rules in short lines, as its data words them (``prose.summary``)."""
        return self.words(rules).lines("summary")

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        """The paytables printed on the felt, in order."""
        return list(rules["paytables"])

    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        """Game-specific parts of the view."""

    # -- round lifecycle -----------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> CarnivalState:
        snap = snapshot(rules)
        if int(snap.get("decks", 1)) != 1:
            raise ValueError("these games deal from one fresh 52-card deck (D-011)")
        if not 1 <= int(snap["seats"]) <= 12:
            raise ValueError("a table has 1 to 12 seats")
        if self.step(snap) <= 0:
            raise ValueError("bet_step must be positive")
        self.check_rules(snap)
        shoe = new_shoe(carry, rng)
        state = CarnivalState(rules=snap, shoe=shoe, seats={i: Box() for i in range(int(snap["seats"]))})
        state.notes.append(decks.note(shoe.shuffle_no) if decks.alternates(snap)
                           else "A fresh deck is shuffled for this round.")
        self.open_round(state)
        return state

    def open_round(self, state: CarnivalState) -> None:
        """Anything the game sets up when betting opens (the progressive meter)."""

    def carry(self, state: CarnivalState) -> dict[str, Any]:
        return {"shuffle_no": state.shoe.shuffle_no}

    def undecided(self, state: CarnivalState) -> list[int]:
        """Hands still to decide at this stage, in seat order."""
        if state.phase != DECIDE:
            return []
        return [n for n, b in sorted(state.seats.items()) if not b.decided and self.needs_decision(state, b)]

    # -- readings of the rules -------------------------------------------------------------
    def offered(self, rules: Mapping[str, Any]) -> list[Spot]:
        """The circles this table has: side bets only where its rulebook offers them (D-517)."""
        return [s for s in self.circles(rules) if not s.side_bet or s.side_bet in rules["side_bets"]]

    def spot(self, rules: Mapping[str, Any], key: str) -> Spot:
        for s in self.offered(rules):
            if s.key == key:
                return s
        raise IllegalAction("There is no such bet at this table.")

    @staticmethod
    def on_spot(box: Book, spot: Spot) -> int:
        """What one of the circle's stakes holds (Let It Ride's three are equal)."""
        return box.bets.get(spot.keys[0], 0)

    def _requirement_met(self, rules: Mapping[str, Any], box: Box, spot: Spot) -> bool:
        if not spot.requires:
            return True
        return any(self.on_spot(box, self.spot(rules, r)) for r in spot.requires)

    def _deals_in(self, rules: Mapping[str, Any], box: Box) -> bool:
        return any(s.deals_in and self.on_spot(box, s) for s in self.offered(rules))

    def may_bet(self, state: CarnivalState, seat: int) -> str:
        """Why this box may not take a wager now ("" = it may)."""
        return ""

    def check_bet(self, state: CarnivalState, box: Box, spot: Spot, amount: int) -> None:
        """Refuse (IllegalAction) a wager of ``amount`` more on ``spot`` that a rule between
        the box's wagers forbids (Four Card Poker's bonus bets at least the Ante)."""

    # -- what may be done ----------------------------------------------------------------
    def legal_actions(self, state: CarnivalState, seat: int) -> list[Legal]:
        if state.phase == BETTING:
            return self._legal_betting(state, seat)
        if state.phase != DECIDE or seat not in state.seats:
            return []
        box = state.seats[seat]
        if box.decided or not self.needs_decision(state, box):
            return []
        return self.decision_legal(state, seat, box)

    def _legal_betting(self, state: CarnivalState, seat: int) -> list[Legal]:
        rules = state.rules
        if seat == SYSTEM_SEAT:
            anyone = any(self._deals_in(rules, b) for b in state.seats.values())
            return [Legal("deal", label="Deal")] if anyone else []
        if seat not in state.seats:
            return []
        box = state.seats[seat]
        out: list[Legal] = []
        if not self.may_bet(state, seat):
            for spot in self.offered(rules):
                if not self._requirement_met(rules, box, spot):
                    continue
                have = self.on_spot(box, spot)
                if spot.fixed:
                    if not have:
                        low = self.limit(rules, spot.limit)["min"]
                        out.append(Legal("bet", spot.key, low, low, spot.label))
                    continue
                bounds = self.bet_bounds(rules, have, spot.limit)
                if bounds is not None:
                    out.append(Legal("bet", spot.key, bounds[0], bounds[1], spot.label))
        if box.bets:
            out.append(Legal("clear", label="Clear bets"))
        if self._deals_in(rules, box):
            out.append(Legal("deal", label="Deal"))
        return out

    # -- doing it ------------------------------------------------------------------------
    def moves(self) -> dict[str, Move[CarnivalState]]:
        return {**super().moves(), "bet": lambda s, a, r, e: self._bet(s, a, e), "deal": self._deal,
                "timeout": self.timeout, **dict.fromkeys(self.DECISIONS, self.decide)}

    def _bet(self, state: CarnivalState, action: Action, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # D-026
        rules = state.rules
        box = self.book(state, action.seat)
        spot = self.spot(rules, action.spot or self.MAIN)
        why = self.may_bet(state, action.seat)
        if why:
            raise IllegalAction(why)
        if action.amount <= 0:
            raise IllegalAction("A bet must be more than $0.")
        lim = self.limit(rules, spot.limit)
        low, high = lim["min"], lim["max"]
        have = self.on_spot(box, spot)
        amount = action.amount
        if spot.fixed:
            # A fixed wager (the $1 Bonus, the progressive token) is one click on its circle:
            # whatever chip is selected, exactly the fixed amount goes down.
            if have:
                raise IllegalAction(f"{spot.words} is already on: it is a {fmt(low)} wager.")
            amount = low
        else:
            step = self.step(rules)
            if action.amount % step:
                raise IllegalAction(f"Bets are taken in steps of {fmt(step)}.")  # D-003
            if have + amount > high:
                raise IllegalAction(f"The maximum on {spot.words} is {fmt(high)}.")
        if not self._requirement_met(rules, box, spot):
            needs = " or ".join(self.spot(rules, r).words for r in spot.requires)
            raise IllegalAction(f"{spot.words} needs a wager on {needs} first.")
        self.check_bet(state, box, spot, amount)
        for key in spot.keys:
            box.bets[key] = box.bets.get(key, 0) + amount
            events.append(Stake(action.seat, key, amount))

    def cleared_with(self, state: CarnivalState, box: Book, spot: str) -> list[str]:
        """One circle's stakes, or everything ("" spot). A side bet stands only on its main
        wager, so clearing the main wager clears it too."""
        if not spot:
            return list(box.bets)
        rules = state.rules
        offered = self.offered(rules)
        gone = {self.spot(rules, spot).key}
        changed = True
        while changed:  # cascade to circles whose requirement goes with it
            changed = False
            for s in offered:
                if s.key in gone or not s.requires or not self.on_spot(box, s):
                    continue
                if all(r in gone or not self.on_spot(box, self.spot(rules, r)) for r in s.requires):
                    gone.add(s.key)
                    changed = True
        return [k for s in offered if s.key in gone for k in s.keys]

    def _deal(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("The cards are already out.")
        rules = state.rules
        if action.seat != SYSTEM_SEAT:
            box = self.book(state, action.seat)
            if not self._deals_in(rules, box):
                raise IllegalAction("Place a bet before the deal.")
        players = [n for n, b in sorted(state.seats.items()) if self._deals_in(rules, b)]
        if not players:
            raise IllegalAction("Nobody has a bet down yet.")
        for n, box in sorted(state.seats.items()):
            for spot in self.offered(rules):
                amount = self.on_spot(box, spot)
                if not amount:
                    continue
                if not self._requirement_met(rules, box, spot):
                    raise IllegalAction(f"{spot_word(n)}: {spot.words} needs its main wager.")
                low = self.limit(rules, spot.limit)["min"]
                if amount < low:
                    raise IllegalAction(f"{spot_word(n)}: the minimum on {spot.words} is {fmt(low)}.")
        self.deal(state, rng, players, events)
        if not self._check_deal(state, players, events):
            return
        self.after_deal(state, events)
        state.phase = DECIDE
        state.stage = 1
        events.append(Note("No more bets. The cards are out."))
        self._advance(state, rng, events)

    # the deal's integrity (D-010, D-008) -----------------------------------------------
    def _check_deal(self, state: CarnivalState, players: list[int], events: list[Event]) -> bool:
        """A duplicate card, or a wrong card count for the dealer or the board, voids the
        round with every wager returned; a wrong count to one player voids that player's
        hand only where the rulebook says so (``misdeal_player = "void-player"``, c004 TCP
        s.1510), and the whole table otherwise (c004 LIR s.1149, Mississippi Stud s.1708)."""
        per_player, dealer_n, board_n = self.expected_cards(state)
        dealt = [c for n in players for c in state.seats[n].cards] + state.dealer + state.community + state.burn
        table_ok = (len(set(dealt)) == len(dealt) == len(state.shoe.in_play)
                    and len(state.dealer) == dealer_n
                    and len(state.community) + len(state.burn) == board_n)
        if not table_ok:
            self.void_round(state, events, "Misdeal: the round is void and every wager is returned (D-008, D-010).")
            return False
        bad = [n for n in players if len(state.seats[n].cards) != per_player]
        if bad and state.rules.get("misdeal_player") == "void-player":
            for n in bad:
                self._void_box(state, events, n)
                events.append(Note(f"{spot_word(n)}: misdealt hand is void; its wagers are returned (D-010)."))
        elif bad:
            self.void_round(state, events, "Misdeal: the round is void and every wager is returned (D-008, D-010).")
            return False
        return True

    def _void_box(self, state: CarnivalState, events: list[Event], seat: int) -> None:
        box = state.seats[seat]
        for key, stake in list(box.bets.items()):
            if f"{seat}:{key}" not in state.settled:
                self.settle(state, events, seat, key, stake, stake, "void", "Void: wager returned (D-008)")
        box.void = True

    def void_round(self, state: CarnivalState, events: list[Event], why: str) -> None:
        """The carnival rulebooks' void (D-008, D-010): each box's wagers go back with the
        words "Void: wager returned", the box is marked void, then ``why`` is announced."""
        for n in sorted(state.seats):
            if state.seats[n].bets:
                self._void_box(state, events, n)
        state.void = True
        state.phase = OVER
        events.append(Note(why))

    # decisions -------------------------------------------------------------------------
    def decide(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != DECIDE:
            raise IllegalAction("There is no decision to make now.")
        box = self.book(state, action.seat)
        if not box.dealt_in:
            raise IllegalAction("That position has no hand this round.")
        if box.folded:
            raise IllegalAction("That hand has folded.")
        if box.decided or not self.needs_decision(state, box):
            raise IllegalAction("That hand has already decided.")
        self.apply_decision(state, action.seat, box, action, events)
        box.decided = True
        self._advance(state, rng, events)

    def _advance(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        """Move on while nobody is left to decide: next stage, or the showdown."""
        while state.phase == DECIDE and not self.undecided(state):
            self.end_stage(state, rng, events)
            if state.stage >= self.STAGES or not any(b.live for b in state.seats.values()):
                self._showdown(state, rng, events)
                return
            state.stage += 1
            for box in state.seats.values():
                box.decided = False

    def _showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        state.revealed = True
        self.showdown(state, rng, events)
        for n, box in state.seats.items():
            for key in box.bets:
                if f"{n}:{key}" not in state.settled:
                    raise RuntimeError(f"{n}:{key} was never settled")  # a malfunction, never a rule
        state.phase = OVER

    # settlement (settle, win, push, lose: BankedTable) --------------------------------
    def pays(self, rules: Mapping[str, Any], paytable: str, line: str) -> str:
        """A winning line in a result: its label from the paytable data and its odds."""
        return f"{self.words(rules).label(paytable, line)} pays {self.odds(rules, paytable, line)}"

    # -- the house's players and the clock -----------------------------------------------
    def bot_action(self, state: CarnivalState, seat: int) -> Action | None:
        """Bots bet the table minimum on the main circle, never a side bet, then play a
        simple sound strategy for the game."""
        if seat == SYSTEM_SEAT or seat not in state.seats:
            return None
        box = state.seats[seat]
        if state.phase == BETTING:
            if box.bets or self.may_bet(state, seat):
                return None
            spot = self.spot(state.rules, self.MAIN)
            step = self.step(state.rules)
            low = self.limit(state.rules, spot.limit)["min"]
            return Action("bet", seat, spot.key, -(-low // step) * step)
        if state.phase == DECIDE and seat in self.undecided(state):
            return self.bot_decision(state, seat)
        return None

    # -- showing it ----------------------------------------------------------------------
    def view(self, state: CarnivalState, viewer: int | None) -> dict[str, Any]:
        """Everything ``viewer`` may see: no other player's face-down cards, no folded hand,
        no dealer hole card and no deck order before the showdown."""
        rules = state.rules
        mine = self.viewer_seats(state, viewer)
        waiting = self.undecided(state)
        seats: dict[int, Any] = {}
        for n, box in sorted(state.seats.items()):
            show = n in mine or (state.revealed and box.live)
            seats[n] = {
                "owner": state.owners.get(n),
                "mine": n in mine,
                "bets": dict(box.bets),
                "cards": list(box.cards) if show else [None] * len(box.cards),
                "hand": (box.hand or self.hand_words(state, box)) if show and box.dealt_in else None,
                "dealt_in": box.dealt_in,
                "folded": box.folded,
                "void": box.void,
                "to_decide": n in waiting,
                "decisions": list(box.decisions),
                "results": [dict(r) for r in box.results],
                "net": sum(r["net"] for r in box.results),
            }
        dealer = [c if (state.revealed or i in state.dealer_up) else None for i, c in enumerate(state.dealer)]
        community = [c if i < state.community_shown else None for i, c in enumerate(state.community)]
        view: dict[str, Any] = {
            "game": self.slug,
            "phase": state.phase,
            "stage": state.stage,
            "variant": rules.get("variant"),
            "void": state.void,
            "dealer": {"cards": dealer, "hand": None, "qualifies": None},
            "community": community,
            "burn": [None] * len(state.burn),
            "seats": seats,
            "to_act": {"seat": waiting[0]} if waiting else None,
            "pending": waiting,
            "shoe": {**state.shoe.view(), **({"deck": decks.view(state.shoe.shuffle_no)}
                                              if decks.alternates(rules) else {})},
            "limits": {k: dict(v) for k, v in rules["limits"].items()},
            "bet_step": self.step(rules),
            "spots": [{"key": s.key, "label": s.label, "fixed": s.fixed, "stakes": list(s.keys)}
                      for s in self.offered(rules)],
            "paytables": self.paytables_view(rules),
            "notes": state.notes[-NOTES_SHOWN:],
            "rules_summary": self.rules_summary(rules),
        }
        self.view_extra(state, viewer, view)
        return view

    def paytables_view(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        """The paytables printed on the felt: labels and what each line pays, in the words of
        the rules data (a push line, a share of the meter, a fixed award, odds)."""
        words = self.words(rules)
        out: dict[str, Any] = {}
        for slug in self.paytables_shown(rules):
            table = rules["paytables"][slug]
            out[slug] = words.paytable_view(slug)
            for extra in ("cap", "cap_kind", "capped_lines", "meter_percent"):
                if extra in table:
                    out[slug][extra] = table[extra]
        return out
