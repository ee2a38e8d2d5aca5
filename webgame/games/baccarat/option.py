"""The player-option draw model of baccarat (INDEX section 2): one community Player hand that
the Player-line bettors play against one Dealer hand banked by the player-dealer, each bettor
choosing to hit or stand where the rules give the Player an option, the Dealer drawing by its
own rule. 21st Century Baccarat plays on it (seed 002 §16-§19 and §24-§27, seed 003 §18-§21);
Asian Baccarat and Super Pan 9 can follow as data.

The draw model is data, ``rules["option"]``:

``naturals``                 two-card totals that end the deal before anyone draws (D-160)
``player_hits``              Player two-card totals that must hit
``player_option``            totals on which each Player-line bettor chooses to hit or stand
``option_when_up``           if not empty, the option holds only when the Dealer's up card
                             counts one of these; otherwise an option total must hit (D-168)
``house_way_hits``           the House Way: what the dealer plays for a bettor who does not
                             choose, and for the hand when nobody holds the option (D-009, D-161)
``hit_card_on_option``       the hit card is dealt on an option total even if every bettor
                             stands, for the bets not on the stand line (8.3 rule 15, D-169)
``dealer_hits``              Dealer two-card totals that draw when no Player hit card was dealt
``dealer_draws_on_third``    optional: by the Dealer's two-card total, the values of the Player's
                             hit card on which the Dealer draws (8.3's banker chart, D-169);
                             without it the Dealer draws on ``dealer_hits`` whatever happened
``dealer_wins_ties_on``      tie totals the Dealer hand wins on the base game (D-162)
``tie_bets_returned_on_dealer_nine``  every tie bet goes back against a Dealer two-card 9 (D-165)
``lines``                    the line wagers the table takes (Face Up has no Dealer line, D-606)
``after_deal_tie_refused_on`` Player two-card totals on which no tie bet is taken after the deal,
                             besides a Player 5-9 equal to the Dealer's up card (D-164, D-173)

A round: bets; the deal (Player, Dealer, Player, Dealer; the Dealer's second card is the hole
card, face down); the Late Tie window where the table offers it (D-164); the natural check;
the Player-line bettors' option; the hit card; the hole card shown (it sets the action seat,
D-167); the Dealer's draw; every wager settled at once (D-013) and handed to the player-dealer
table, which settles them within the bank's stake.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...engine.money import fmt
from ...engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Legal, Note
from ...engine.rng import Rng
from ..banked import BETTING, OVER, Move, SeatBook, spot_word
from ..war.common import shoe_consistent
from .coup import BURN_COUNT, point, total
from .table import MARK, BaccaratState, BaccaratTable

PLAYER_LINE, DEALER_LINE = "player", "dealer"
LINES = (PLAYER_LINE, DEALER_LINE)
LATE, OPTION = "late-tie", "option"  # the two decision windows after the deal
HIT, STAND = "hit", "stand"
MAX_CARDS = 6
RED_SUITS = frozenset("hd")


@dataclass(frozen=True)
class Circle:
    """One betting circle of a side bet: its key (the action's spot and the settlement key),
    the side bet it belongs to (its paytable and its limit) and its name on the felt."""

    key: str
    side_bet: str
    label: str
    hand: str = ""  # the hand a Bonus Pair or Dragon Bonus is on


CIRCLES = (
    Circle("early-tie", "early-tie", "Early Tie"),
    Circle("late-tie", "late-tie", "Late Tie"),
    Circle("player-bonus-pair", "bonus-pair", "Player Bonus Pair", PLAYER_LINE),
    Circle("dealer-bonus-pair", "bonus-pair", "Dealer Bonus Pair", DEALER_LINE),
    Circle("player-dragon-bonus", "dragon-bonus", "Player Dragon Bonus", PLAYER_LINE),
    Circle("dealer-dragon-bonus", "dragon-bonus", "Dealer Dragon Bonus", DEALER_LINE),
    Circle("baccarat-tie", "baccarat-tie", "Tie Hands"),
)
BY_KEY = {c.key: c for c in CIRCLES}
TIE_BETS = ("early-tie", "late-tie", "baccarat-tie")
# The tie bets placed after the deal (D-164, D-173), and what a position must hold to bet one.
AFTER_DEAL = {"late-tie": "early-tie", "baccarat-tie": "line"}


@dataclass
class OptionState(BaccaratState):
    window: str = ""  # LATE or OPTION while bettors decide
    waiting: list[int] = field(default_factory=list)  # seats still to decide in the window
    choices: dict[int, str] = field(default_factory=dict)  # seat -> HIT / STAND on the option
    hit_card: str = ""  # the community hit card, once dealt
    hole_shown: bool = False
    must: str = ""  # how the Player hand played, in words
    start: int = 0  # cards dealt from the shoe before this hand (where the cut card is looked for)


def pair_line(cards: tuple[str, ...] | list[str]) -> str | None:
    """D-166: the first two cards of the same rank; only the highest tier pays."""
    a, b = cards[0], cards[1]
    if a[0] != b[0]:
        return None
    if a[1] == b[1]:
        return "same-suit"
    if (a[1] in RED_SUITS) == (b[1] in RED_SUITS):
        return "same-colour"
    return "pair"


def dragon_line(mine: list[str], theirs: list[str], won: bool, tied: bool, naturals: frozenset[int]) -> str | None:
    """002 s.2666-2715, D-172: a natural that wins pays at any margin and a natural tie pushes;
    otherwise the hand bet on must win by four points or more."""
    natural = total(mine[:2]) in naturals
    if tied:
        return "natural-tie" if natural and total(theirs[:2]) in naturals else None
    if not won:
        return None
    if natural and len(mine) == 2:
        return "natural-win"
    margin = abs(total(mine) - total(theirs))
    return f"win-by-{margin}" if margin >= 4 else None


class OptionBaccaratTable(BaccaratTable):
    """A player-option baccarat game: a Player line and a Dealer line at every position, the
    tie bets and the bonus bets its edition offers."""

    state_class = OptionState
    spots = (*LINES, *(c.key for c in CIRCLES))
    spot_names: ClassVar[Mapping[str, str]] = {PLAYER_LINE: "Player", DEALER_LINE: "Dealer",
                                               **{c.key: c.label for c in CIRCLES}}

    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> OptionState:
        base = super().new_round(rules, rng, carry)
        return OptionState(**vars(base))

    # -- what the table offers -------------------------------------------------------------
    def circles(self, rules: Mapping[str, Any]) -> list[Circle]:
        """The side-bet circles (the player-dealer table reads them as bonus bets for its fees)."""
        return [c for c in CIRCLES if c.side_bet in rules["side_bets"]]

    def limit_key(self, spot: str) -> str:
        return BY_KEY[spot].side_bet if spot in BY_KEY else spot

    def lines(self, rules: Mapping[str, Any]) -> list[str]:
        return list(self.model(rules).get("lines", LINES))

    def offered_spots(self, rules: Mapping[str, Any]) -> list[str]:
        """What may be bet before the deal; the Late Tie and the Tie Hands are bet after it."""
        return [*self.lines(rules), *(c.key for c in self.circles(rules) if c.key not in AFTER_DEAL)]

    def needs_line(self, rules: Mapping[str, Any], spot: str) -> bool:
        return spot in BY_KEY  # every side bet needs a base wager (D-163, D-166, D-172)

    def line_of(self, box: SeatBook) -> str | None:
        return next((s for s in LINES if box.bets.get(s)), None)

    def may_bet(self, rules: Mapping[str, Any], box: SeatBook, spot: str) -> str:
        """Why ``spot`` may not be bet now at this position, or "" if it may."""
        line = self.line_of(box)
        if spot in LINES:
            if spot not in self.lines(rules):
                return "This table takes no such line."
            other = DEALER_LINE if spot == PLAYER_LINE else PLAYER_LINE
            return f"This position is on the {self.spot_name(other)} line: one line a position (P-170)." \
                if box.bets.get(other) else ""
        if line is None:
            return f"The {self.spot_name(spot)} needs a Player or Dealer bet on the same position."
        hand = BY_KEY[spot].hand
        if BY_KEY[spot].side_bet == "dragon-bonus" and hand != line:
            return f"A {self.spot_name(line)}-line bettor may bet only the {self.spot_name(line)} Dragon Bonus (D-172)."
        if spot == "early-tie" and rules.get("tie_bet_at_most_base"):
            return ""  # checked against the amount
        return ""

    # -- the option's data -----------------------------------------------------------------
    @staticmethod
    def model(rules: Mapping[str, Any]) -> dict[str, Any]:
        opt: dict[str, Any] = rules["option"]
        return opt

    def naturals(self, rules: Mapping[str, Any]) -> frozenset[int]:
        return frozenset(self.model(rules)["naturals"])

    # -- what may be done --------------------------------------------------------------------
    def legal_actions(self, state: BaccaratState, seat: int) -> list[Legal]:
        assert isinstance(state, OptionState)
        if state.phase == BETTING:
            return self._betting_legal(state, seat)
        if state.phase == OVER or seat not in state.waiting:
            return []
        if state.window == OPTION:
            return [Legal(HIT, label="Hit"), Legal(STAND, label="Stand")]
        box = state.seats[seat]
        spot = self._after_deal_spot(state.rules)
        bounds = self.bet_bounds(state.rules, 0, spot)
        cap = self._tie_cap(state.rules, box)
        out: list[Legal] = []
        if bounds is not None and bounds[0] <= min(bounds[1], cap):
            out.append(Legal("late-tie", spot, bounds[0], min(bounds[1], cap), f"Bet the {self.spot_name(spot)}"))
        return [*out, Legal("pass", label=f"No {self.spot_name(spot)}")]

    def _betting_legal(self, state: OptionState, seat: int) -> list[Legal]:
        anyone = any(s.bets for s in state.seats.values())
        if seat == SYSTEM_SEAT:
            return [Legal("deal", label="Deal")] if anyone else []
        if seat not in state.seats:
            return []
        box = state.seats[seat]
        out: list[Legal] = []
        for spot in self.offered_spots(state.rules):
            if self.may_bet(state.rules, box, spot):
                continue
            bounds = self.bet_bounds(state.rules, box.bets.get(spot, 0), spot)
            if bounds is not None:
                out.append(Legal("bet", spot, bounds[0], bounds[1], self.spot_name(spot)))
        if box.bets:
            out.append(Legal("clear", "", label="Clear bets"))
            out.append(Legal("deal", label="Deal"))
        return out

    def cleared_with(self, state: BaccaratState, box: Any, spot: str) -> list[str]:
        """Taking back the line bet takes back the side bets that need it."""
        if spot and spot not in self.spots:
            raise IllegalAction("There is no such bet at this table.")
        if not spot or spot in LINES:
            return list(box.bets) if not spot else [spot, *(k for k in box.bets if k in BY_KEY)]
        return [spot]

    def moves(self) -> dict[str, Move[BaccaratState]]:
        return {**super().moves(), "bet": self._bet, "deal": self._deal_option,  # type: ignore[dict-item]
                HIT: self._choose, STAND: self._choose,  # type: ignore[dict-item]
                "late-tie": self._late_tie, "pass": self._pass_late,  # type: ignore[dict-item]
                "timeout": self.timeout}

    @staticmethod
    def _tie_cap(rules: Mapping[str, Any], box: SeatBook) -> int:
        """003 s.904, D-163: at the c003 tables a tie bet may not exceed the base wager."""
        if not rules.get("tie_bet_at_most_base"):
            return 10**12
        return max((box.bets.get(s, 0) for s in LINES), default=0)

    def _bet(self, state: BaccaratState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # D-026
        box = self.book(state, action.seat)
        spot = action.spot or PLAYER_LINE
        if spot not in self.offered_spots(state.rules):
            raise IllegalAction("This table does not take that bet.")
        self.check_amount(state.rules, action.amount, "A bet")
        why = self.may_bet(state.rules, box, spot)
        if why:
            raise IllegalAction(why)
        if spot == "early-tie" and box.bets.get(spot, 0) + action.amount > self._tie_cap(state.rules, box):
            raise IllegalAction("The Early Tie may not be more than your base wager (D-163).")
        self.add_to_spot(state.rules, box.bets, action.seat, spot, action.amount, events)

    # -- the deal -------------------------------------------------------------------------
    def _deal_option(self, state: OptionState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("The cards are already out.")
        if action.seat != SYSTEM_SEAT and not self.book(state, action.seat).bets:
            raise IllegalAction("Make a bet before the deal.")
        bettors = [n for n, s in sorted(state.seats.items()) if s.bets]
        if not bettors:
            raise IllegalAction("Nobody has a bet down yet.")
        for n in bettors:
            for spot, amount in state.seats[n].bets.items():
                lim = self.limit(state.rules, spot)
                if amount < lim["min"]:
                    raise IllegalAction(f"{spot_word(n)}: the minimum on the {self.spot_name(spot)} is {fmt(lim['min'])}.")
        shoe = state.shoe
        if not shoe_consistent(shoe):
            self.void_round(state, events, "the shoe does not hold its cards")
            return
        if shoe.first_round_after_shuffle and state.rules.get("burn_first_card") and not state.burned:
            first = shoe.draw(rng).code
            state.burned = [first] + [shoe.draw(rng).code for _ in range(BURN_COUNT[first[0]])]
            events.append(Note(f"Burn: {first} shown, {len(state.burned) - 1} more burned."))
        if shoe.cards_left < MAX_CARDS:
            self.void_round(state, events, "not enough cards in the shoe to finish the hand")
            shoe.cut_card_out = True
            state.after_cut = 0
            return
        state.start = shoe.dealt  # the cut card is looked for when the hand is over
        for _ in range(2):  # 002 s.1660-1665: Player (right, face up), Dealer (1st up, 2nd down)
            state.player.append(shoe.draw(rng).code)
            state.banker.append(shoe.draw(rng).code)
        state.drawing = f"Player {total(state.player)}; the Dealer shows {point(state.banker[0])}"
        spot = self._after_deal_spot(state.rules)
        needs = AFTER_DEAL.get(spot, "")
        late = [n for n in bettors if spot and self._late_tie_open(state)
                and (state.seats[n].bets.get(needs) if needs != "line" else self.line_of(state.seats[n]))]
        if late:
            state.phase, state.window, state.waiting = "play", LATE, late
            who = " (Early Tie holders only)" if needs == "early-tie" else ""
            events.append(Note(f"{self.spot_name(spot)} bets may be placed now{who}."))
            return
        self._after_late(state, rng, events)

    def _after_deal_spot(self, rules: Mapping[str, Any]) -> str:
        """The tie bet this table takes after the deal, if any."""
        return next((c.key for c in self.circles(rules) if c.key in AFTER_DEAL), "")

    def _late_tie_open(self, state: OptionState) -> bool:
        """D-164, D-173: refused when the Player's two-card 5-9 equals the Dealer's up card, and
        (5.0) on a Player two-card 9."""
        p2, up = total(state.player), point(state.banker[0])
        refused = self.model(state.rules).get("after_deal_tie_refused_on", [])
        return not (p2 in refused or (p2 >= 5 and p2 == up))

    def _late_tie(self, state: OptionState, action: Action, rng: Rng, events: list[Event]) -> None:
        spot = self._after_deal_spot(state.rules)
        if state.window != LATE or action.seat not in state.waiting:
            raise IllegalAction(f"The {self.spot_name(spot or 'late-tie')} is not open to you now.")
        box = state.seats[action.seat]
        self.check_amount(state.rules, action.amount, "A bet")
        lim = self.limit(state.rules, spot)
        if action.amount < lim["min"]:
            raise IllegalAction(f"The minimum on the {self.spot_name(spot)} is {fmt(lim['min'])}.")
        if action.amount > self._tie_cap(state.rules, box):
            raise IllegalAction(f"The {self.spot_name(spot)} may not be more than your base wager (D-164).")
        self.add_to_spot(state.rules, box.bets, action.seat, spot, action.amount, events)
        self._decided(state, action.seat, rng, events)

    def _pass_late(self, state: OptionState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.window != LATE or action.seat not in state.waiting:
            raise IllegalAction("No tie bet is open to you now.")
        self._decided(state, action.seat, rng, events)

    def _decided(self, state: OptionState, seat: int, rng: Rng, events: list[Event]) -> None:
        state.waiting = [s for s in state.waiting if s != seat]
        if state.waiting:
            return
        window, state.window = state.window, ""
        if window == LATE:
            self._after_late(state, rng, events)
        else:
            self._play_out(state, rng, events)

    def _after_late(self, state: OptionState, rng: Rng, events: list[Event]) -> None:
        """D-160: the natural check (hole card included), then the Player's option."""
        opt = self.model(state.rules)
        p2, d2 = total(state.player), total(state.banker)
        naturals = self.naturals(state.rules)
        if p2 in naturals or d2 in naturals:
            state.must = "Natural: both hands stand"
            self._finish(state, rng, events)
            return
        up = point(state.banker[0])
        option = p2 in opt["player_option"] and (not opt.get("option_when_up") or up in opt["option_when_up"])
        deciders = [n for n, box in sorted(state.seats.items()) if box.bets.get(PLAYER_LINE)]
        if option and deciders:
            state.phase, state.window, state.waiting = "play", OPTION, deciders
            state.must = f"Player {p2}: each Player bettor hits or stands"
            events.append(Note(f"Player {p2}: Hit or Stand? (House Way: {self._house_way_word(state)})"))
            return
        if option:
            state.must = f"Player {p2}: nobody holds the option, the hand plays the House Way"
        elif p2 in opt["player_hits"] or p2 in opt["player_option"]:
            state.must = f"Player {p2} must hit"
        else:
            state.must = f"Player {p2} stands"
        self._play_out(state, rng, events)

    def _house_way(self, state: OptionState) -> str:
        return HIT if total(state.player) in self.model(state.rules)["house_way_hits"] else STAND

    def _house_way_word(self, state: OptionState) -> str:
        return "hit" if self._house_way(state) == HIT else "stand"

    def _choose(self, state: OptionState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.window != OPTION or action.seat not in state.waiting:
            raise IllegalAction("You have no choice to make now.")
        state.choices[action.seat] = action.kind
        events.append(Note(f"{spot_word(action.seat)}: {action.kind}.", action.seat))
        self._decided(state, action.seat, rng, events)

    def undecided(self, state: BaccaratState) -> list[int]:
        assert isinstance(state, OptionState)
        return list(state.waiting) if state.window else []

    def default_action(self, state: BaccaratState, seat: int) -> Action:
        """D-009: on the option the House Way (hit on 5 or less, 002 s.1683, s.2645); the Late
        Tie is simply not bet."""
        assert isinstance(state, OptionState)
        if state.window == OPTION:
            return Action(self._house_way(state), seat)
        return Action("pass", seat)

    def decide(self, state: BaccaratState, action: Action, rng: Rng, events: list[Event]) -> None:
        assert isinstance(state, OptionState)
        if action.kind == "pass":
            self._pass_late(state, action, rng, events)
        else:
            self._choose(state, action, rng, events)

    def _play_out(self, state: OptionState, rng: Rng, events: list[Event]) -> None:
        """The hit card (D-161, D-169), then the hole card and the Dealer's draw."""
        opt = self.model(state.rules)
        p2 = total(state.player)
        up = point(state.banker[0])
        in_option = p2 in opt["player_option"] and (not opt.get("option_when_up") or up in opt["option_when_up"])
        anyone_hits = any(c == HIT for c in state.choices.values())
        nobody_holds = in_option and not state.choices
        hit = (p2 in opt["player_hits"] or (p2 in opt["player_option"] and not in_option) or anyone_hits
               or (in_option and opt.get("hit_card_on_option")) or (nobody_holds and self._house_way(state) == HIT))
        if hit:
            state.hit_card = state.shoe.draw(rng).code
            state.player.append(state.hit_card)
        state.hole_shown = True
        d2 = total(state.banker)
        chart = opt.get("dealer_draws_on_third")
        if chart is not None and state.hit_card:
            third = point(state.hit_card)
            draws = d2 < len(chart) and third in chart[d2]
            against = f"a Player hit card of {third}"
        else:
            draws = d2 in opt["dealer_hits"]
            against = "its own rule"
        if draws:
            state.banker.append(state.shoe.draw(rng).code)
        said = state.must + (f"; hit card {state.hit_card}" if state.hit_card else "")
        state.must = said + f"; Dealer {d2} {'draws' if draws else 'stands'} by {against}"
        self._finish(state, rng, events)

    # -- settlement ----------------------------------------------------------------------
    def version(self, state: OptionState, seat: int) -> list[str]:
        """The Player hand a position's bets are settled on (D-161): a stand-line bettor keeps
        the two-card hand; everyone else the hand as completed at the table."""
        return state.player[:2] if state.choices.get(seat) == STAND else list(state.player)

    def _finish(self, state: OptionState, rng: Rng, events: list[Event]) -> None:
        state.hole_shown = True
        state.drawing = state.must
        table = self.compare(state.rules, state.player, state.banker)
        state.marks.append({PLAYER_LINE: MARK["player"], DEALER_LINE: MARK["banker"]}.get(table, MARK["tie"]))  # the Dealer is the road's B
        events.append(Note(self.call_of(state)))
        self._cut_card(state, state.start, events)
        self._settle_option(state, events)
        state.window, state.waiting = "", []
        state.phase = OVER

    def compare(self, rules: Mapping[str, Any], player: list[str], dealer: list[str]) -> str:
        """The hand closer to nine wins; the Dealer wins ties on the totals its edition names
        (002 s.1692 "ties on zero and one", D-162); other ties push."""
        p, d = total(player), total(dealer)
        if p == d:
            return DEALER_LINE if p in self.model(rules)["dealer_wins_ties_on"] else "tie"
        return PLAYER_LINE if p > d else DEALER_LINE

    def call_of(self, state: OptionState) -> str:
        p, d = total(state.player), total(state.banker)
        two = total(state.player[:2])
        stood = f" (stand line: Player {two})" if state.hit_card and STAND in state.choices.values() else ""
        winner = self.compare(state.rules, state.player, state.banker)
        words = "Tie Hand" if winner == "tie" else f"{'Player' if winner == PLAYER_LINE else 'Dealer'} wins"
        if winner == DEALER_LINE and p == d:
            words = f"Tie on {p}: the Dealer hand wins"
        return f"Player {p}, Dealer {d}: {words}.{stood}"

    def _settle_option(self, state: OptionState, events: list[Event]) -> None:
        rules = state.rules
        naturals = self.naturals(rules)
        dealer = state.banker
        dealer_nine = len(dealer) >= 2 and total(dealer[:2]) == 9
        for n, box in sorted(state.seats.items()):
            if not box.bets:
                continue
            mine = self.version(state, n)
            table = list(state.player)
            if box.bets.get(PLAYER_LINE):
                self._line(state, events, n, PLAYER_LINE, self.compare(rules, mine, dealer))
            if box.bets.get(DEALER_LINE):
                self._line(state, events, n, DEALER_LINE, self.compare(rules, table, dealer))
            own = mine if box.bets.get(PLAYER_LINE) else table
            for key in TIE_BETS:
                if not box.bets.get(key):
                    continue
                if dealer_nine and self.model(rules).get("tie_bets_returned_on_dealer_nine"):
                    self.push(state, events, n, key, "The Dealer has a two-card 9: tie bets go back (D-165)")
                elif total(own) == total(dealer):
                    self.pay(state, events, n, key, key, "tie", f"{self.spot_name(key)}: a tie")
                else:
                    self.lose(state, events, n, key, f"{self.spot_name(key)} loses: no tie")
            for c in self.circles(rules):
                if c.side_bet == "bonus-pair" and box.bets.get(c.key):
                    cards = state.player if c.hand == PLAYER_LINE else dealer
                    line = pair_line(cards[:2])
                    self._side(state, events, n, c, line)
                elif c.side_bet == "dragon-bonus" and box.bets.get(c.key):
                    hand = own if c.hand == PLAYER_LINE else dealer
                    other = dealer if c.hand == PLAYER_LINE else own
                    winner = self.compare(rules, own, dealer)
                    won = winner == c.hand
                    tied = total(hand) == total(other)
                    self._side(state, events, n, c, dragon_line(hand, other, won and not tied, tied, naturals))

    def _line(self, state: OptionState, events: list[Event], seat: int, line: str, winner: str) -> None:
        name = self.spot_name(line)
        if winner == "tie":
            self.push(state, events, seat, line, "Tie: the bet pushes")
        elif winner == line:
            self.pay(state, events, seat, line, "baccarat", line, f"{name} wins")
        else:
            self.lose(state, events, seat, line, f"{name} loses")

    def _side(self, state: OptionState, events: list[Event], seat: int, c: Circle, line: str | None) -> None:
        words = self.words(state.rules)
        if line is None:
            self.lose(state, events, seat, c.key, f"{c.label} loses")
        elif line in state.rules["paytables"][c.side_bet].get("push_lines", []):
            self.push(state, events, seat, c.key, f"{c.label}: {words.label(c.side_bet, line)} pushes")
        else:
            self.pay(state, events, seat, c.key, c.side_bet, line, f"{c.label}: {words.label(c.side_bet, line)}")

    # -- showing it ------------------------------------------------------------------------
    def view(self, state: BaccaratState, viewer: int | None) -> dict[str, Any]:
        """The Player hand and the Dealer's up card are face up; the hole card only once it is
        shown (002 s.1686); the shoe shows counts only."""
        assert isinstance(state, OptionState)
        mine = self.viewer_seats(state, viewer)
        dealer = list(state.banker) if state.hole_shown else [*state.banker[:1], *([""] if len(state.banker) > 1 else [])]
        shown_total = total(state.banker) if state.hole_shown and state.banker else (
            point(state.banker[0]) if state.banker else None)
        over = state.phase == OVER and bool(state.player) and len(state.banker) >= 2
        winner = self.compare(state.rules, state.player, state.banker) if over else None
        seats = {n: {"owner": state.owners.get(n), "bets": dict(box.bets), "mine": n in mine,
                     "choice": state.choices.get(n, ""), "results": self.results_view(box, True)}
                 for n, box in sorted(state.seats.items())}
        shown = {"cards": dealer, "total": shown_total}
        return self.felt_view(
            state,
            player={"cards": list(state.player), "total": total(state.player) if state.player else None},
            banker=shown,
            box_labels={"player": "Player", "banker": "Dealer"},
            winner={PLAYER_LINE: "player", DEALER_LINE: "banker"}.get(winner, winner) if winner else None,
            call=self.call_of(state) if over else "",
            drawing=state.must if state.player else "",
            seats=seats,
            window=state.window,
            house_way=self._house_way_word(state) if state.window == OPTION else "",
            spots=[{"spot": s, "label": self.spot_name(s), "side": s not in LINES}
                   for s in self.offered_spots(state.rules)],
            needs_line=[s for s in self.offered_spots(state.rules) if s not in LINES],
            commission_pct=0,
            option=self.model(state.rules),
        )

    # -- the house's players ---------------------------------------------------------------
    def bot_spot(self, rules: Mapping[str, Any]) -> str:
        """Bots bet the Player line's minimum and play the House Way; no side bets (P-005)."""
        return PLAYER_LINE


TWENTY_FIRST_CENTURY_BACCARAT = OptionBaccaratTable("21st-century-baccarat", "21st Century Baccarat")
