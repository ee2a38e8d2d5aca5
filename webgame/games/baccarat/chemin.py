"""Chemin de Fer (seed 004 §25, s.784-902): baccarat with the bank held by a seated player.

One round is one coup, in these phases:

``bid``      nobody holds the shoe (a new shoe, or the bank passed): every seated player may
             bid for it; when the window closes the highest bid takes the shoe (s.819, D-203)
             and that bid is the Banker's first wager (s.827, P-181). After a voluntary pass
             the first bidder counter-clockwise from the passer's right who meets 1x-2x the last
             wager takes it, else the highest bid; the passer may not bid (s.885, P-182).
``bank``     the Banker who kept the shoe wagers again, 1x-2x the previous wager (s.827), or
             passes it (s.881).
``betting``  the punters bet against the bank: "Suivi" (the punter who equaled and lost the
             last wager, s.833), "Banco" (the whole bank, s.834) or a part of it (s.835). At
             the close the priority decides who plays: Suivi, else the Banco caller nearest the
             Banker counter-clockwise, else the partial wagers counter-clockwise from the
             Banker's right until the bank is covered; the rest go back (P-183).
``player``   the Dominant Player's option on a Player 5 (s.859, D-202).
``banker``   the Banker's "Op." cells (s.865-869, D-200).
``over``     settled: the punters 1 to 1 out of the Banker's wager (s.876), the Banker's bank
             back, less the house commission on what it won (s.877, D-205).

Money: the Banker's wager is ``Stake(banker, "bank")`` (the table's bank account, as at the
player-dealer tables), the punters' wagers are ``Stake(seat, "against")`` on the layout and
settle against the bank; the commission is a ``Fee`` from the Banker's chips to the house's
take at the table, right after the bank comes back (P-184).

Seats count from 0 at the dealer's left; counter-clockwise runs from a seat to the one
numbered below it (P-121, P-180).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...devices.shoe import Shoe, dead_game_carry
from ...engine import state as codec
from ...engine.money import fmt
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    Fee,
    GameBase,
    IllegalAction,
    Legal,
    Note,
    Refund,
    Settlement,
    Stake,
)
from ...engine.rng import Rng
from ..war.common import shoe_for
from .coup import BANKER, BURN_COUNT, PLAYER, TIE, Coup, Tableau, point, total
from .table import commission

BID, BANK, BETTING, PLAYER_OPTION, BANKER_OPTION, OVER = "bid", "bank", "betting", "player", "banker", "over"
BANK_BET, AGAINST = "bank", "against"
SUIVI, BANCO, PART = "suivi", "banco", "part"
MAX_COUP_CARDS = 6
NOTES_SHOWN = 6


@dataclass
class CheminState:
    rules: dict[str, Any]
    shoe: Shoe
    phase: str = BID
    owners: dict[int, str] = field(default_factory=dict)
    banker: int | None = None  # the seat holding the shoe
    last_wager: int = 0  # the Banker's previous wager (0: a new bank)
    passer: int | None = None  # the Banker who passed voluntarily, out of this auction (s.885)
    after_seat: int | None = None  # the previous Banker: the auction's order starts at its right
    suivi: int | None = None  # the punter who equaled and lost the last wager (s.833)
    bids: dict[int, int] = field(default_factory=dict)
    wager: int = 0  # the Banker's wager on this coup
    calls: dict[int, str] = field(default_factory=dict)  # seat -> "suivi", "banco", "part"
    bets: dict[int, int] = field(default_factory=dict)  # seat -> cents against the bank
    dominant: int | None = None
    player: list[str] = field(default_factory=list)
    banker_cards: list[str] = field(default_factory=list)
    drawing: str = ""
    burned: list[str] = field(default_factory=list)
    winner: str = ""
    passes: bool = False  # the bank lost this coup: the shoe passes at the next (s.882)
    settled: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def ccw(seats: int, start: int) -> list[int]:
    """Every other seat, counter-clockwise from the one at ``start``'s right (P-180)."""
    return [(start - k) % seats for k in range(1, seats)]


class CheminTable(GameBase[CheminState]):
    slug, name, family = "chemin-de-fer", "Chemin de Fer", "baccarat"
    seat_owner_action = "owner"
    opening_actions = ("bid", "bank", "pass", "owner")
    window_closes_with = "close"
    carries_shoe = True
    player_banked = True

    # -- the round and the shoe ----------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> CheminState:
        snap = dict(rules)
        carry = carry or {}
        shoe = shoe_for(snap, carry.get("shoe"))
        shoe.begin_round(rng)
        state = CheminState(rules=snap, shoe=shoe)
        if shoe.just_shuffled:
            # A new shoe is offered to the table again (s.819, P-181).
            state.notes.append("A new shoe: bid for the bank.")
            state.after_seat = carry.get("banker")
            return state
        state.banker = carry.get("banker")
        state.last_wager = int(carry.get("last_wager", 0))
        state.suivi = carry.get("suivi")
        state.after_seat = carry.get("after_seat")
        state.passer = carry.get("passer")
        if state.banker is not None:
            state.phase = BANK
        return state

    def carry(self, state: CheminState) -> dict[str, Any]:
        return {"shoe": codec.dump(state.shoe), "banker": None if state.passes else state.banker,
                "last_wager": state.last_wager,
                "suivi": state.suivi, "after_seat": state.after_seat, "passer": state.passer}

    def went_dead(self, carry: Mapping[str, Any]) -> dict[str, Any]:
        if "shoe" not in carry:
            return dict(carry)
        return {**carry, "shoe": dead_game_carry(carry["shoe"])}

    def dump(self, state: CheminState) -> dict[str, Any]:
        return codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> CheminState:
        return codec.load(CheminState, data)

    # -- limits ----------------------------------------------------------------------------
    @staticmethod
    def limit(rules: Mapping[str, Any], spot: str) -> tuple[int, int]:
        lim = rules["limits"][spot]
        return int(lim["min"]), int(lim["max"])

    @staticmethod
    def step(rules: Mapping[str, Any]) -> int:
        return int(rules.get("bet_step", 100))

    def wager_bounds(self, state: CheminState) -> tuple[int, int]:
        """The continuing Banker's wager: at least the last, at most twice it (s.827), within
        the table's bank limits."""
        lo, hi = self.limit(state.rules, BANK_BET)
        return max(lo, state.last_wager), min(hi, 2 * state.last_wager)

    def seats(self, state: CheminState) -> int:
        return int(state.rules["seats"])

    # -- what may be done ----------------------------------------------------------------
    def to_act(self, state: CheminState) -> int | None:
        if state.phase == BANK:
            return state.banker
        if state.phase == PLAYER_OPTION:
            return state.dominant
        if state.phase == BANKER_OPTION:
            return state.banker
        return None

    def is_over(self, state: CheminState) -> bool:
        return state.phase == OVER

    def takes_owners(self, state: CheminState) -> bool:
        return state.phase in (BID, BANK, BETTING)

    def legal_actions(self, state: CheminState, seat: int) -> list[Legal]:
        rules = state.rules
        if seat == SYSTEM_SEAT:
            if state.phase == BID and state.bids:
                return [Legal("close", label="Close the bidding")]
            if state.phase == BETTING and state.bets:
                return [Legal("close", label="No more bets")]
            return []
        if seat < 0 or seat >= self.seats(state):
            return []
        if state.phase == BID and seat != state.passer:
            lo, hi = self.limit(rules, BANK_BET)
            out = [Legal("bid", "", lo, hi, "Bid for the bank")]
            if seat in state.bids:
                out.append(Legal("clear", "", label="Take back the bid"))
            return out
        if state.phase == BANK and seat == state.banker:
            lo, hi = self.wager_bounds(state)
            return [Legal("bank", "", lo, hi, "Bank"), Legal("pass", label="Pass the shoe")]
        if state.phase == BETTING and seat != state.banker:
            if seat in state.bets:
                return [Legal("clear", "", label="Take back the bet")]
            out = []
            if seat == state.suivi:
                out.append(Legal(SUIVI, "", state.wager, state.wager, "Banco Suivi"))
            out.append(Legal(BANCO, "", state.wager, state.wager, "Banco"))
            lo, _ = self.limit(rules, AGAINST)
            if lo <= state.wager:
                out.append(Legal(AGAINST, "", lo, state.wager, "Bet against the bank"))
            return out
        if state.phase == BETTING and seat == state.banker and state.bets:
            return [Legal("close", label="Card")]
        if state.phase == PLAYER_OPTION and seat == state.dominant:
            return [Legal("card", label="Card"), Legal("stay", label="Stay")]
        if state.phase == BANKER_OPTION and seat == state.banker:
            return [Legal("draw", label="Draw"), Legal("stand", label="Stand")]
        return []

    def apply(self, state: CheminState, action: Action, rng: Rng) -> list[Event]:
        events: list[Event] = []
        moves = {"owner": self._owner, "bid": self._bid, "bank": self._bank, "pass": self._pass,
                 SUIVI: self._call, BANCO: self._call, AGAINST: self._call, "clear": self._clear,
                 "close": self._close, "card": self._player_option, "stay": self._player_option,
                 "draw": self._banker_option, "stand": self._banker_option}
        move = moves.get(action.kind)
        if move is None:
            raise IllegalAction("That is not a move at Chemin de Fer.")
        move(state, action, rng, events)
        for ev in events:
            if isinstance(ev, Note):
                state.notes.append(ev.text)
        return events

    def _owner(self, state: CheminState, action: Action, rng: Rng, events: list[Event]) -> None:
        state.owners[action.seat] = action.spot

    def _amount(self, state: CheminState, amount: int, lo: int, hi: int, what: str) -> None:
        if amount % self.step(state.rules):
            raise IllegalAction(f"{what} goes in multiples of {fmt(self.step(state.rules))}.")
        if not lo <= amount <= hi:
            raise IllegalAction(f"{what} must be from {fmt(lo)} to {fmt(hi)}.")

    # -- the bank ------------------------------------------------------------------------
    def _bid(self, state: CheminState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BID:
            raise IllegalAction("The bank is not up for bidding now.")
        if action.seat == state.passer:
            raise IllegalAction("The Banker who passed the shoe sits out this bidding (s.885).")
        lo, hi = self.limit(state.rules, BANK_BET)
        self._amount(state, action.amount, lo, hi, "A bid for the bank")
        state.bids[action.seat] = action.amount

    def auction_winner(self, state: CheminState) -> int:
        """s.819, s.885, D-203: after a voluntary pass, the first bidder counter-clockwise from
        the passer's right who meets 1x-2x the last wager; otherwise the highest bid, equal
        bids to the one nearest counter-clockwise (from the previous Banker's right, or from
        the dealer's right when a new shoe opens)."""
        n = self.seats(state)
        start = state.after_seat if state.after_seat is not None else n  # n: the dealer
        order = [s for s in ccw(n + 1, start) if s < n] if start == n else ccw(n, start)
        if state.passer is not None and state.last_wager:
            for s in order:
                if state.last_wager <= state.bids.get(s, 0) <= 2 * state.last_wager:
                    return s
        best = max(state.bids.values())
        return next(s for s in order if state.bids.get(s) == best)

    def _bank(self, state: CheminState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BANK or action.seat != state.banker:
            raise IllegalAction("Only the Banker wagers for the bank, before the punters bet.")
        lo, hi = self.wager_bounds(state)
        self._amount(state, action.amount, lo, hi, "The Banker's wager")
        self._post_bank(state, action.seat, action.amount, events)

    def _post_bank(self, state: CheminState, seat: int, amount: int, events: list[Event]) -> None:
        state.banker, state.wager = seat, amount
        events.append(Stake(seat, BANK_BET, amount))
        events.append(Note(f"Seat {seat + 1} banks {fmt(amount)}.", seat))
        state.phase = BETTING

    def _pass(self, state: CheminState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BANK or action.seat != state.banker:
            raise IllegalAction("Only the Banker may pass the shoe.")
        events.append(Note(f"Seat {action.seat + 1} passes the shoe.", action.seat))
        state.passer = state.after_seat = action.seat
        state.banker, state.suivi = None, None
        state.phase = BID

    # -- the punters -----------------------------------------------------------------------
    def _call(self, state: CheminState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Bets against the bank are closed.")
        seat = action.seat
        if seat == state.banker:
            raise IllegalAction("The Banker does not bet against the bank.")
        if seat < 0 or seat >= self.seats(state):
            raise IllegalAction("Nobody sits in that seat.")
        if seat in state.bets:
            raise IllegalAction("You already have a bet against the bank: take it back first.")
        if action.kind == SUIVI and seat != state.suivi:
            raise IllegalAction("Only the punter who took and lost the last bank may call Suivi (s.833).")
        if action.kind in (SUIVI, BANCO):
            amount = state.wager
        else:
            lo, _ = self.limit(state.rules, AGAINST)
            amount = action.amount
            self._amount(state, amount, lo, state.wager, "A bet against the bank")
        state.calls[seat] = action.kind if action.kind != AGAINST else PART
        state.bets[seat] = amount
        events.append(Stake(seat, AGAINST, amount))
        said = {SUIVI: "Banco Suivi!", BANCO: "Banco!"}.get(action.kind, f"{fmt(amount)} against the bank.")
        events.append(Note(f"Seat {seat + 1}: {said}", seat))

    def _clear(self, state: CheminState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase == BID and action.seat in state.bids:
            del state.bids[action.seat]
            return
        if state.phase != BETTING or action.seat not in state.bets:
            raise IllegalAction("There is nothing of yours to take back.")
        events.append(Refund(action.seat, AGAINST, state.bets.pop(action.seat)))
        state.calls.pop(action.seat, None)

    def covering(self, state: CheminState) -> dict[int, int]:
        """Who plays against the bank and for how much (s.833-836, P-183)."""
        n, b = self.seats(state), state.banker
        assert b is not None
        order = ccw(n, b)
        if state.suivi in state.calls and state.calls[state.suivi] == SUIVI:
            return {state.suivi: state.wager}
        banco = [s for s in order if state.calls.get(s) == BANCO]
        if banco:
            return {banco[0]: state.wager}
        out: dict[int, int] = {}
        left = state.wager
        for s in order:
            if s in state.bets and left:
                out[s] = min(state.bets[s], left)
                left -= out[s]
        return out

    def _close(self, state: CheminState, action: Action, rng: Rng, events: list[Event]) -> None:
        if action.seat not in (SYSTEM_SEAT, state.banker):
            raise IllegalAction("The bets close on the dealer's call or the Banker's.")
        if state.phase == BID:
            if not state.bids:
                raise IllegalAction("Nobody has bid for the bank.")
            seat = self.auction_winner(state)
            events.append(Note(f"Seat {seat + 1} takes the shoe for {fmt(state.bids[seat])}.", seat))
            state.passer = None
            self._post_bank(state, seat, state.bids[seat], events)
            state.bids = {}
            return
        if state.phase != BETTING or not state.bets:
            raise IllegalAction("Nobody has bet against the bank yet.")
        covered = self.covering(state)
        for s, amount in sorted(state.bets.items()):
            back = amount - covered.get(s, 0)
            if back:
                events.append(Refund(s, AGAINST, back))
                state.bets[s] = amount - back
        state.bets = {s: a for s, a in state.bets.items() if a}
        uncovered = state.wager - sum(state.bets.values())
        if uncovered:
            # s.837: the Banker withdraws the part of his wager nobody covered.
            events.append(Note(f"The Banker withdraws {fmt(uncovered)} that nobody covered."))
        # D-202: the largest wager plays the Player hand; equal wagers, nearest the Banker ccw.
        assert state.banker is not None
        order = ccw(self.seats(state), state.banker)
        state.dominant = max(state.bets, key=lambda s: (state.bets[s], -order.index(s)))
        self._deal(state, rng, events)

    # -- the coup --------------------------------------------------------------------------
    def _draw(self, state: CheminState, rng: Rng) -> str:
        return state.shoe.draw(rng).code

    def _deal(self, state: CheminState, rng: Rng, events: list[Event]) -> None:
        shoe = state.shoe
        if shoe.first_round_after_shuffle and not state.burned:
            first = self._draw(state, rng)  # s.814: shown, then that many more burned
            state.burned = [first] + [self._draw(state, rng) for _ in range(BURN_COUNT[first[0]])]
            events.append(Note(f"Burn: {first} shown, {len(state.burned) - 1} more burned."))
        if shoe.cards_left < MAX_COUP_CARDS:
            self._void(state, events)  # s.902
            return
        for _ in range(2):
            state.player.append(self._draw(state, rng))
            state.banker_cards.append(self._draw(state, rng))
        tab = Tableau.of(state.rules)
        p2, b2 = total(state.player), total(state.banker_cards)
        if p2 in tab.naturals or b2 in tab.naturals:
            state.drawing = "Natural: both hands stand"  # D-201
            self._settle(state, events)
            return
        if p2 in state.rules["player_option_on"]:
            state.phase = PLAYER_OPTION  # s.859
            return
        self._player_draws(state, tab.player_draws(p2), rng, events)

    def _player_option(self, state: CheminState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != PLAYER_OPTION or action.seat not in (state.dominant, SYSTEM_SEAT):
            raise IllegalAction("It is not your call.")
        events.append(Note(f"Player {total(state.player)}: {action.kind.capitalize()}."))
        self._player_draws(state, action.kind == "card", rng, events)

    def _player_draws(self, state: CheminState, draws: bool, rng: Rng, events: list[Event]) -> None:
        p2 = total(state.player)
        if draws:
            state.player.append(self._draw(state, rng))
            state.drawing = f"Player {p2} draws"
        else:
            state.drawing = f"Player {p2} stays"
        third = point(state.player[2]) if len(state.player) == 3 else None
        b2 = total(state.banker_cards)
        if third is not None and [b2, third] in [list(c) for c in state.rules["banker_option_cells"]]:
            state.phase = BANKER_OPTION  # s.865-869, D-200
            return
        self._banker_draws(state, Tableau.of(state.rules).banker_draws(b2, third), rng, events)

    def _banker_option(self, state: CheminState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BANKER_OPTION or action.seat not in (state.banker, SYSTEM_SEAT):
            raise IllegalAction("It is the Banker's call.")
        self._banker_draws(state, action.kind == "draw", rng, events, option=True)

    def _banker_draws(self, state: CheminState, draws: bool, rng: Rng, events: list[Event], *,
                      option: bool = False) -> None:
        b2 = total(state.banker_cards)
        third = point(state.player[2]) if len(state.player) == 3 else None
        against = "the Player stayed" if third is None else f"a Player third card of {third}"
        if draws:
            state.banker_cards.append(self._draw(state, rng))
        chose = " (the Banker's option)" if option else ""
        state.drawing += f"; Banker {b2} {'draws' if draws else 'stands'} against {against}{chose}"
        self._settle(state, events)

    def _void(self, state: CheminState, events: list[Event]) -> None:
        events.append(Note("Not enough cards to finish the coup: it is void and the shoe is shuffled."))
        for s, amount in sorted(state.bets.items()):
            self._settlement(state, events, Settlement(s, AGAINST, amount, amount, "void", "Void coup"))
        assert state.banker is not None
        self._settlement(state, events, Settlement(state.banker, BANK_BET, state.wager, state.wager, "void",
                                                   "Void coup"))
        state.shoe.cut_card_out = True
        state.phase = OVER

    def _settlement(self, state: CheminState, events: list[Event], ev: Settlement) -> None:
        key = f"{ev.seat}:{ev.bet}"
        if key in state.settled:
            raise RuntimeError(f"{key} settled twice")  # D-010
        state.settled.append(key)
        events.append(ev)

    def _settle(self, state: CheminState, events: list[Event]) -> None:
        """s.876-877: the punters 1 to 1 from the Banker's wager; the Banker's bank back, less
        the house commission on its win (D-205)."""
        coup = Coup(tuple(state.player), tuple(state.banker_cards))
        state.winner = coup.winner
        banker = state.banker
        assert banker is not None
        covered = sum(state.bets.values())
        p, b = coup.player_total, coup.banker_total
        if coup.winner == TIE:
            events.append(Note(f"Player {p}, Banker {b}: Stand Off."))
            for s, amount in sorted(state.bets.items()):
                self._settlement(state, events, Settlement(s, AGAINST, amount, amount, "push", "Stand Off"))
            self._settlement(state, events, Settlement(banker, BANK_BET, state.wager, state.wager, "push", "Stand Off"))
            # s.833: a stand-off does not count as the preceding wager; the Banker keeps the shoe.
            state.last_wager = state.wager
        elif coup.winner == PLAYER:
            events.append(Note(f"Player {p}, Banker {b}: Player wins."))
            for s, amount in sorted(state.bets.items()):
                self._settlement(state, events, Settlement(s, AGAINST, amount, 2 * amount, "win", "Player wins: pays 1 to 1"))
            self._settlement(state, events, Settlement(banker, BANK_BET, state.wager, state.wager - covered, "lose",
                                                       "Banker loses"))
            # s.882, s.884: a losing bank passes; the auction starts at the Banker's right.
            events.append(Note("The bank lost: the shoe passes."))
            state.passes = True  # the felt still shows who held the shoe for this coup
            state.after_seat, state.suivi, state.passer, state.last_wager = banker, None, None, 0
        else:
            events.append(Note(f"Player {p}, Banker {b}: Banker wins."))
            for s, amount in sorted(state.bets.items()):
                self._settlement(state, events, Settlement(s, AGAINST, amount, 0, "lose", "Banker wins"))
            vig = commission(state.rules, covered)
            self._settlement(state, events, Settlement(banker, BANK_BET, state.wager, state.wager + covered, "win",
                                                       "Banker wins: pays 1 to 1"))
            if vig:
                events.append(Fee(banker, vig, f"house commission {state.rules['commission_pct']}% of {fmt(covered)}"))
                events.append(Note(f"The house takes {fmt(vig)} commission.", banker))
            state.suivi = next((s for s, c in state.calls.items() if c in (SUIVI, BANCO) and s in state.bets), None)
            state.last_wager = state.wager
        state.phase = OVER

    # -- clocks and bots -------------------------------------------------------------------
    def wait_seconds(self, state: CheminState) -> int | None:
        """A bid puts no chips down, so the table's betting window (opened by a first stake)
        never starts for it: the bidding runs for its own posted time from the first bid (P-181)."""
        if state.phase == BID and state.bids:
            return int(state.rules["bidding_seconds"])
        return None

    def timeout_action(self, state: CheminState) -> Action | None:
        """D-009: the bidding and the bets close; a Banker who does not wager passes (the bank
        offer declined); a Player 5 draws, as Table 1 would (D-009 a); an "Op." cell draws (D-200)."""
        if state.phase == BID:
            return Action("close") if state.bids else None
        if state.phase == BETTING:
            return Action("close") if state.bets else None
        if state.phase == BANK and state.banker is not None:
            return Action("pass", state.banker)
        if state.phase == PLAYER_OPTION:
            return Action("card")
        if state.phase == BANKER_OPTION:
            return Action("draw")
        return None

    def bot_action(self, state: CheminState, seat: int) -> Action | None:
        """Bots bid the bank minimum, bank again at the last wager, call Banco on a bank no
        larger than the punter maximum or bet the punter minimum, and play the tableau's
        default on an option (P-186)."""
        rules = state.rules
        if state.phase == BID and seat != state.passer and seat not in state.bids:
            return Action("bid", seat, amount=self.limit(rules, BANK_BET)[0])
        if state.phase == BANK and seat == state.banker:
            return Action("bank", seat, amount=self.wager_bounds(state)[0])
        if state.phase == BETTING and seat != state.banker and seat not in state.bets:
            lo, hi = self.limit(rules, AGAINST)
            if state.wager <= hi and not any(c in (SUIVI, BANCO) for c in state.calls.values()):
                return Action(BANCO, seat)
            return Action(AGAINST, seat, amount=lo) if lo <= state.wager else None
        if state.phase == PLAYER_OPTION and seat == state.dominant:
            return Action("card", seat)
        if state.phase == BANKER_OPTION and seat == state.banker:
            return Action("draw", seat)
        return None

    # -- showing it ----------------------------------------------------------------------
    def view(self, state: CheminState, viewer: int | None) -> dict[str, Any]:
        """Both hands once the coup is played; while the Player 5 option is open the Player's
        cards show only to the Dominant Player (s.857) and the Banker's to nobody."""
        hidden = state.phase in (PLAYER_OPTION,)
        show_player = not hidden or viewer == state.dominant
        p = state.player if show_player else []
        b = state.banker_cards if state.phase in (BANKER_OPTION, OVER) else []
        return {
            "game": self.slug,
            "phase": state.phase,
            "banker": state.banker,
            "passes": state.passes,
            "bank": state.wager,
            "last_wager": state.last_wager,
            "bids": dict(state.bids),
            "calls": dict(state.calls),
            "bets": dict(state.bets),
            "dominant": state.dominant,
            "suivi": state.suivi,
            "player": {"cards": list(p), "total": total(p) if p else None, "count": len(state.player)},
            "banker_hand": {"cards": list(b), "total": total(b) if b else None, "count": len(state.banker_cards)},
            "winner": state.winner,
            "drawing": state.drawing,
            "burned": list(state.burned),
            "shoe": state.shoe.view(),
            "seats": {n: {"owner": state.owners.get(n), "bet": state.bets.get(n, 0), "call": state.calls.get(n, ""),
                          "bid": state.bids.get(n, 0), "mine": n == viewer}
                      for n in range(self.seats(state))},
            "commission_pct": state.rules["commission_pct"],
            "notes": state.notes[-NOTES_SHOWN:],
            "no_rebet": True,  # every coup's wagers answer that coup's bank
        }


CHEMIN_DE_FER = CheminTable()
__all__ = ["BANKER", "CHEMIN_DE_FER", "CheminState", "CheminTable"]
