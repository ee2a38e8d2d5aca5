"""The tableau baccarat tables: Mini-Baccarat (seed 004), EZ Baccarat (seed 000 §28-§32 and the
player-dealer editions of seeds 001-003), Fortune 7, California Baccarat, Dragon Dai Bacc and
RUYI (seed 003), one engine over their rules data (``webgame/rules/<slug>.toml``).

A round: every position bets the Player, the Banker, the Tie and the side bets the table
offers; the deal (the table's move, or any bettor's) burns at a new shoe where the rulebook
says so (004 s.957, D-199), deals the coup by the tableau (:mod:`.coup`) and settles every
wager at once (D-013). At a house-banked table the Banker hand is the house's; a
player-dealer edition (``banking = "player-dealer"``) is this engine wrapped in the California
banking (``webgame/games/california``), which settles the same Settlement events within the
player-dealer's stake in the edition's order.

The shoe outlives the round with the two scoreboards of that shoe (:mod:`.roads`); when the
cut card comes out, the rulebook's last hands are dealt (004 s.975: one; 000 s.1512: one, or
two if it is the first card of a coup) and the next round reshuffles, which clears the
scoreboards. A shoe that cannot finish a coup voids it and reshuffles (004 s.1014).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from ...devices.shoe import Shoe, dead_game_carry
from ...engine import state as codec
from ...engine.money import fmt, truncate
from ...engine.protocol import SYSTEM_SEAT, Action, Event, IllegalAction, Legal, Note
from ...engine.rng import Rng
from ..banked import BETTING, NOTES_SHOWN, OVER, BankedTable, Book, Move, SeatBook, snapshot, spot_word
from ..war.common import shoe_consistent, shoe_for
from . import roads
from .coup import BANKER, BURN_COUNT, PLAYER, TIE, Coup, Tableau, deal
from .sidebets import SIDE_BETS

LINE_SPOTS = (PLAYER, BANKER)
MAX_COUP_CARDS = 6
MARK = {PLAYER: "P", BANKER: "B", TIE: "T"}
ROAD_COLUMNS = 12  # what fits a phone held upright


@dataclass
class BaccaratState:
    rules: dict[str, Any]
    shoe: Shoe
    seats: dict[int, SeatBook] = field(default_factory=dict)
    owners: dict[int, str] = field(default_factory=dict)
    player: list[str] = field(default_factory=list)
    banker: list[str] = field(default_factory=list)
    drawing: str = ""  # the drawing rule that applied, in words
    burned: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)  # this shoe's coups: "P", "B", "T"
    after_cut: int = -1  # hands still to deal once the cut card is out; -1: not out yet
    last_hand: bool = False
    phase: str = BETTING
    settled: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def commission(rules: Mapping[str, Any], won: int) -> int:
    """The commission on a Banker win of ``won`` cents (004 s.942): ``commission_pct`` of it,
    truncated to the cent (D-195, D-002), or rounded up to the next 25 cents where the table
    takes the rulebook's round-off ("quarter-up")."""
    exact = Fraction(won) * Fraction(str(rules["commission_pct"])) / 100
    if rules.get("commission_rounding") == "quarter-up":
        return 25 * math.ceil(exact / 25)
    return truncate(exact)


class BaccaratTable(BankedTable[BaccaratState]):
    family = "baccarat"
    carries_shoe = True
    state_class = BaccaratState
    spots = (PLAYER, BANKER, *SIDE_BETS.spots)
    spot_names: ClassVar[Mapping[str, str]] = {PLAYER: "Player", BANKER: "Banker",
                                               **{e.spot: e.label for e in SIDE_BETS}}

    def __init__(self, slug: str, name: str) -> None:
        self.slug, self.name = slug, name

    # -- the round and the shoe ----------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> BaccaratState:
        snap = snapshot(rules)
        carry = carry or {}
        shoe = shoe_for(snap, carry.get("shoe"))
        shoe.begin_round(rng)
        state = BaccaratState(rules=snap, shoe=shoe, seats={i: SeatBook() for i in range(int(snap["seats"]))})
        if shoe.just_shuffled:
            state.notes.append("The shoe has been shuffled.")  # the scoreboards start again
        else:
            state.marks = list(carry.get("marks", []))
            state.after_cut = int(carry.get("after_cut", -1))
        state.last_hand = state.after_cut == 1
        if state.last_hand:
            state.notes.append("Last Hand.")  # 004 s.975
        return state

    def carry(self, state: BaccaratState) -> dict[str, Any]:
        return {"shoe": codec.dump(state.shoe), "marks": list(state.marks), "after_cut": state.after_cut,
                "dead_game_half_shoe": bool(state.rules.get("dead_game_half_shoe", False))}

    def went_dead(self, carry: Mapping[str, Any]) -> dict[str, Any]:
        """D-011: a game gone dead reshuffles; EZ Baccarat only if less than half the shoe
        remains (000 s.1513, D-153)."""
        if "shoe" not in carry:
            return dict(carry)
        shoe = codec.load(Shoe, carry["shoe"])
        if carry.get("dead_game_half_shoe") and shoe.cards_left * 2 >= shoe.size:
            return dict(carry)
        return {**carry, "shoe": dead_game_carry(carry["shoe"])}

    # -- limits ----------------------------------------------------------------------------
    def limit_key(self, spot: str) -> str:
        return SIDE_BETS[spot].paytable if spot in SIDE_BETS else spot

    def limit(self, rules: Mapping[str, Any], spot: str) -> dict[str, int]:
        """A side bet whose maximum is a share of the posted maximum (000 s.1456-1458, D-156)
        never takes more than that share, whatever the table configures."""
        key = self.limit_key(spot)
        lim = dict(super().limit(rules, spot))
        share = rules.get("side_bet_share_of_max", {}).get(key)
        if share is not None:
            posted = max(int(rules["limits"][s]["max"]) for s in LINE_SPOTS)
            lim["max"] = min(lim["max"], truncate(Fraction(posted) * Fraction(str(share)) / 100))
        return lim

    def limits_of(self, rules: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        return {spot: self.limit(rules, spot) for spot in self.offered_spots(rules)}

    def offered_spots(self, rules: Mapping[str, Any]) -> list[str]:
        return [*LINE_SPOTS, *(e.spot for e in SIDE_BETS.offered(rules))]

    def needs_line(self, rules: Mapping[str, Any], spot: str) -> bool:
        return spot in SIDE_BETS and SIDE_BETS[spot].paytable in rules.get("line_bet_needed_for", [])

    def required_spots(self) -> tuple[str, ...]:
        return ()

    def cleared_with(self, state: BaccaratState, box: Book, spot: str) -> list[str]:
        """Taking back the last line bet takes back the side bets that need one (D-149)."""
        if spot and spot not in self.spots:
            raise IllegalAction("There is no such bet at this table.")
        if not spot:
            return list(box.bets)
        out = [spot]
        if spot in LINE_SPOTS and not any(box.bets.get(s) for s in LINE_SPOTS if s != spot):
            out += [s for s in box.bets if self.needs_line(state.rules, s)]
        return out

    # -- what may be done ----------------------------------------------------------------
    def legal_actions(self, state: BaccaratState, seat: int) -> list[Legal]:
        if state.phase != BETTING:
            return []
        anyone = any(s.bets for s in state.seats.values())
        if seat == SYSTEM_SEAT:
            return [Legal("deal", label="Deal")] if anyone else []
        if seat not in state.seats:
            return []
        box = state.seats[seat]
        lined = any(box.bets.get(s) for s in LINE_SPOTS)
        out: list[Legal] = []
        for spot in self.offered_spots(state.rules):
            if self.needs_line(state.rules, spot) and not lined:
                continue  # D-149: Dragon 7 and Panda 8 need a Player or Banker bet
            bounds = self.bet_bounds(state.rules, box.bets.get(spot, 0), spot)
            if bounds is not None:
                out.append(Legal("bet", spot, bounds[0], bounds[1], self.spot_name(spot)))
        if box.bets:
            out.append(Legal("clear", "", label="Clear bets"))
            out.append(Legal("deal", label="Deal"))
        return out

    def moves(self) -> dict[str, Move[BaccaratState]]:
        return {**super().moves(), "bet": self._bet, "deal": self._deal}

    def _bet(self, state: BaccaratState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # D-026
        box = self.book(state, action.seat)
        spot = action.spot or BANKER
        if spot not in self.offered_spots(state.rules):
            raise IllegalAction("This table does not take that bet.")
        self.check_amount(state.rules, action.amount, "A bet")
        if self.needs_line(state.rules, spot) and not any(box.bets.get(s) for s in LINE_SPOTS):
            raise IllegalAction(f"{self.spot_name(spot)} needs a Player or Banker bet on the same spot.")  # D-149
        self.add_to_spot(state.rules, box.bets, action.seat, spot, action.amount, events)

    def _deal(self, state: BaccaratState, action: Action, rng: Rng, events: list[Event]) -> None:
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
            first = shoe.draw(rng).code  # 004 s.957: shown, then that many more burned
            state.burned = [first] + [shoe.draw(rng).code for _ in range(BURN_COUNT[first[0]])]
            events.append(Note(f"Burn: {first} shown, {len(state.burned) - 1} more burned."))
        if shoe.cards_left < MAX_COUP_CARDS:
            # 004 s.1014: not enough cards to finish the round: void, full reshuffle.
            self.void_round(state, events, "not enough cards in the shoe to finish the coup")
            shoe.cut_card_out = True
            state.after_cut = 0
            return
        start = shoe.dealt
        coup, said = deal(lambda: shoe.draw(rng).code, Tableau.of(state.rules))
        state.player, state.banker, state.drawing = list(coup.player), list(coup.banker), said
        state.marks.append(MARK[coup.winner])
        events.append(Note(self.call(coup)))
        self._cut_card(state, start, events)  # its call comes after the dealer's
        self._settle(state, coup, events)
        state.phase = OVER

    def _cut_card(self, state: BaccaratState, start: int, events: list[Event]) -> None:
        """The cut card lies after card ``cut_at``: it comes out in the coup that deals past
        it (000 s.1512, 004 s.975). The shoe reshuffles only when the last hands are done."""
        shoe, rules = state.shoe, state.rules
        if state.after_cut < 0:
            if shoe.dealt > shoe.cut_at:
                first = start == shoe.cut_at
                state.after_cut = int(rules["hands_after_cut_first" if first else "hands_after_cut"])
                more = {0: "the shoe is shuffled after this coup.", 1: "one more hand."}  # 0: D-011, P-079
                events.append(Note("The cut card is out: " + more.get(state.after_cut, f"{state.after_cut} more hands.")))
        else:
            state.after_cut -= 1
        shoe.cut_card_out = state.after_cut == 0

    @staticmethod
    def call(coup: Coup) -> str:
        """The dealer's call (004 s.1007): the final counts and the winner, or "Tie Hand"."""
        p, b = coup.player_total, coup.banker_total
        if coup.winner == TIE:
            return f"Player {p}, Banker {b}: Tie Hand."
        return f"Player {p}, Banker {b}: {coup.winner.capitalize()} wins."

    # -- settlement ----------------------------------------------------------------------
    def _settle(self, state: BaccaratState, coup: Coup, events: list[Event]) -> None:
        """Every wager at once (D-013): the lines, then the side bets."""
        rules = state.rules
        for n, box in sorted(state.seats.items()):
            if coup.winner == TIE:  # 004 s.924, s.929; D-145
                for spot in LINE_SPOTS:
                    self.push(state, events, n, spot, "Tie: Player and Banker bets push")
            else:
                loser = PLAYER if coup.winner == BANKER else BANKER
                self.lose(state, events, n, loser, f"{coup.winner.capitalize()} wins")
                if coup.winner == PLAYER:
                    self.pay(state, events, n, PLAYER, "baccarat", PLAYER, "Player wins")
                elif rules.get("banker_three_card_7_push") and coup.three_card(BANKER, 7):
                    self.push(state, events, n, BANKER, "Banker wins with a three-card 7: the Banker bet pushes")  # 000 s.1445
                else:
                    self._pay_banker(state, events, n)
        for bets in SIDE_BETS.due(rules, "coup"):
            hands = [(n, box.bets, coup) for n, box in sorted(state.seats.items())]
            for g in SIDE_BETS.grade(rules, bets, hands):
                name = g.bet.name[:1].upper() + g.bet.name[1:]
                if g.line is None:
                    self.lose(state, events, g.seat, g.bet.spot, f"{name} loses")
                elif g.line in rules["paytables"][g.bet.paytable].get("push_lines", []):
                    self.push(state, events, g.seat, g.bet.spot, f"{name}: {self.words(rules).label(g.bet.paytable, g.line)} pushes")
                else:
                    o = self.odds(rules, g.bet.paytable, g.line)
                    self.win(state, events, g.seat, g.bet.spot, g.won,
                             f"{name}: {self.words(rules).label(g.bet.paytable, g.line)} pays {o}")

    def _pay_banker(self, state: BaccaratState, events: list[Event], seat: int) -> None:
        stake = state.seats[seat].bets.get(BANKER, 0)
        if not stake:
            return
        o = self.odds(state.rules, "baccarat", BANKER)
        won = o.win(stake)
        vig = commission(state.rules, won)
        detail = f"Banker wins: pays {o}" + (f" less {fmt(vig)} commission" if vig else "")
        self.win(state, events, seat, BANKER, won - vig, detail)

    # -- showing it ----------------------------------------------------------------------
    def view(self, state: BaccaratState, viewer: int | None) -> dict[str, Any]:
        """Every card of the coup and the burn is face up (000 s.1514, D-154; 004 s.957); the
        shoe shows counts only, never its order."""
        mine = self.viewer_seats(state, viewer)
        coup = Coup(tuple(state.player), tuple(state.banker)) if state.player else None
        seats = {n: {"owner": state.owners.get(n), "bets": dict(box.bets), "mine": n in mine,
                     "results": self.results_view(box, True)}
                 for n, box in sorted(state.seats.items())}
        return self.felt_view(
            state,
            player={"cards": list(state.player), "total": coup.player_total if coup else None},
            banker={"cards": list(state.banker), "total": coup.banker_total if coup else None},
            winner=coup.winner if coup else None,
            call=self.call(coup) if coup else "",
            seats=seats,
            spots=[{"spot": s, "label": self.spot_name(s), "side": s not in LINE_SPOTS}
                   for s in self.offered_spots(state.rules)],
            needs_line=[s for s in self.offered_spots(state.rules) if self.needs_line(state.rules, s)],
            side_bets_open={e.spot: state.phase == BETTING for e in SIDE_BETS.offered(state.rules)},
            commission_pct=state.rules.get("commission_pct", 0),
            tableau=state.rules["tableau"],
        )

    def felt_view(self, state: BaccaratState, *, player: dict[str, Any], banker: dict[str, Any],
                  **own: Any) -> dict[str, Any]:
        """What every baccarat felt shows, whatever the game: the shoe's counts, the roads, the
        limits, the paytables and the notes; the seats still to decide (``undecided``: none
        where nobody chooses); the Banker's box is also the dealer's. ``own`` holds the
        game's own parts (its hands, spots, call and words) and wins over these."""
        words = self.words(state.rules)
        deciding = self.undecided(state)
        return {
            "game": self.slug,
            "phase": state.phase,
            "variant": state.rules.get("variant"),
            "player": player,
            "banker": banker,
            "dealer": banker,
            "drawing": state.drawing,
            "burned": list(state.burned),
            "last_hand": state.last_hand,
            "to_act": deciding[0] if deciding else None,
            "deciding": deciding,
            "shoe": state.shoe.view(),
            "roads": self.roads_view(state.marks),
            "limits": self.limits_of(state.rules),
            "bet_step": self.step(state.rules),
            "paytables": {slug: words.paytable_view(slug) for slug in state.rules["paytables"]},
            "notes": state.notes[-NOTES_SHOWN:],
            "rules_summary": words.lines("summary"),
            **own,
        }

    @staticmethod
    def roads_view(marks: list[str]) -> dict[str, Any]:
        return {"bead": [vars(b) for b in roads.bead_plate(marks, columns=ROAD_COLUMNS)],
                "big": [vars(c) for c in roads.big_road(marks, columns=ROAD_COLUMNS)],
                "counts": roads.counts(marks), "coups": len(marks),
                "rows": roads.ROWS, "columns": ROAD_COLUMNS}

    # -- the house's players ---------------------------------------------------------------
    def bot_spot(self, rules: Mapping[str, Any]) -> str:
        """The one wager a bot makes: the Banker here."""
        return BANKER

    def bot_action(self, state: BaccaratState, seat: int) -> Action | None:
        """Bots answer a decision as its clock would (the House Way, D-009) and otherwise bet the
        minimum on the game's ``bot_spot``, never a side bet (P-005)."""
        if seat in self.undecided(state):
            return self.default_action(state, seat)
        if state.phase != BETTING or seat not in state.seats or state.seats[seat].bets:
            return None
        spot, step = self.bot_spot(state.rules), self.step(state.rules)
        return Action("bet", seat, spot, -(-self.limit(state.rules, spot)["min"] // step) * step)


MINI_BACCARAT = BaccaratTable("mini-baccarat", "Mini-Baccarat")
EZ_BACCARAT = BaccaratTable("ez-baccarat", "EZ Baccarat")
# The player-banked tableau games of seed 003: every variant is a player-dealer edition, so
# the registry hands them out wrapped in the player-dealer table (games/california/table.py).
FORTUNE_7_BACCARAT = BaccaratTable("fortune-7-baccarat", "Fortune 7 Baccarat")
CALIFORNIA_BACCARAT = BaccaratTable("california-baccarat", "California Baccarat")
DRAGON_DAI_BACC = BaccaratTable("dragon-dai-bacc", "Dragon Dai Bacc")
RUYI_BACCARAT = BaccaratTable("ruyi-baccarat", "RUYI Baccarat")
