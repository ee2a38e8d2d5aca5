"""House-banked hold'em against the dealer: Ultimate Texas Hold'em and Jackpot Hold'em.

Both games are the same machine with different data (``webgame/rules/<slug>.toml``):

* two required wagers of equal size: the Ante and the "matched" wager (UTH Blind, seed 000
  s.1283; Jackpot Hold'em X-tra Bonus, s.1551), and optional bonuses that need both on the
  same position (DECISIONS D-519);
* decision windows, one per street (``rules.streets``): the Play wager at a multiple of the
  Ante, or check while checking is free, or fold where a Play is required; one Play per hand;
* showdown against the dealer, who qualifies with a pair (s.1365, s.1665): when the dealer
  does not, only the Ante pushes and every other wager still has action (D-299);
* a fold forfeits the Ante and the matched wager; the bonuses stay in action (D-297, D-309).

Round flow::

    betting ── deal ──> street 0 ──> street 1 ──> street 2 ──> showdown ──> over

A street whose every live position already made its Play (or folded) is passed straight
through. Decisions on a street are simultaneous (D-013): every position still to decide may
act, in any order; ``to_act`` is the lowest of them, for the decision clock (D-009).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...devices import decks
from ...engine.money import fmt
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
from ..banked import (
    BETTING,
    NOTES_SHOWN,
    OVER,
    BankedTable,
    Book,
    Move,
    SeatBook,
    snapshot,
    spot_word,
)
from . import showdown
from .banked import first_line

DECIDING = "deciding"
ANTE, PLAY = "ante", "play"
LIVE, PLAYED, FOLDED = "live", "played", "folded"


@dataclass
class HoldemSeat(SeatBook):
    cards: list[str] = field(default_factory=list)  # the two hole cards (private until showdown)
    status: str = ""  # "" (not in the round), live, played, folded
    multiple: int = 0  # the Play multiple made (4, 3, 2, 1)
    decided: bool = False  # decided in the current window
    last: str = ""  # the last decision in words: "Checked", "Bet 4x", "Folded"
    hand: str = ""  # best hand in words, once graded


@dataclass
class HoldemState:
    rules: dict[str, Any]
    seats: dict[int, HoldemSeat] = field(default_factory=dict)
    owners: dict[int, str] = field(default_factory=dict)
    board: list[str] = field(default_factory=list)  # five community cards, dealt face down first
    exposed: int = 0  # how many community cards are face up
    dealer: list[str] = field(default_factory=list)
    burns: list[str] = field(default_factory=list)
    dealer_shown: bool = False
    dealer_hand: str = ""
    dealer_qualifies: bool | None = None
    phase: str = BETTING
    street: int = -1
    settled: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    round_no: int = 0  # the table's rounds, for the two alternating decks (devices.decks)


class HoldemTable(BankedTable[HoldemState]):
    """The Game protocol for the hold'em tables; subclasses name the spots and the bots."""

    family = "carnival"
    state_class = HoldemState
    matched = "blind"  # the required wager equal to the Ante
    side_spots: tuple[str, ...] = ()

    @property
    def spots(self) -> tuple[str, ...]:  # type: ignore[override]
        return (ANTE, self.matched, PLAY, *self.side_spots)

    def required_spots(self) -> tuple[str, ...]:
        return (ANTE, self.matched)

    def limit_key(self, spot: str) -> str:
        # The Ante and the wager that must equal it share the "main" limit (D-301, s.1563).
        return "main" if spot in (ANTE, self.matched, PLAY) else spot

    # -- round lifecycle -----------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> HoldemState:
        snap = snapshot(rules)
        for street in snap["streets"]:
            if not street["multiples"] or (not street["may_check"] and street is not snap["streets"][-1]):
                raise ValueError("every street offers a Play; only the last may require it")
        state = HoldemState(rules=snap, seats={i: HoldemSeat() for i in range(int(snap["seats"]))},
                            round_no=int((carry or {}).get("round_no", -1)) + 1)
        if decks.alternates(snap):
            state.notes.append(decks.note(state.round_no))
        return state

    def carry(self, state: HoldemState) -> dict[str, Any]:
        # A fresh deck every round (s.1347, s.1644; D-011); only the round count carries over.
        return {"round_no": state.round_no}

    def undecided(self, state: HoldemState) -> list[int]:
        if state.phase != DECIDING:
            return []
        return [n for n, s in sorted(state.seats.items()) if s.status == LIVE and not s.decided]

    # -- what may be done ----------------------------------------------------------------
    def side_open(self, state: HoldemState, spot: str) -> bool:
        return spot in state.rules["side_bets"]

    def side_room(self, rules: Mapping[str, Any], box: HoldemSeat, spot: str) -> int | None:
        """How much more ``spot`` may take under the edition's cap on the bonus bets together
        (``side_bets_within_ante``: Trips and Bad Beat together no more than the Ante, D-302),
        or None where the spot is not capped by the Ante."""
        capped = rules.get("side_bets_within_ante", [])
        if spot not in capped:
            return None
        return box.bets.get(ANTE, 0) - sum(box.bets.get(s, 0) for s in capped)

    def side_needs(self, rules: Mapping[str, Any], box: HoldemSeat, spot: str) -> str | None:
        """The bonus bet ``spot`` needs on the same position first (``side_bet_needs``: the
        Bad Beat Bonus needs Trips, D-303), when it is not there yet."""
        needed = rules.get("side_bet_needs", {}).get(spot)
        return str(needed) if needed and not box.bets.get(needed) else None

    def cleared_with(self, state: HoldemState, box: Book, spot: str) -> list[str]:
        """Taking a bonus back takes back the bonus that stands on it (the Bad Beat on Trips, D-303)."""
        keys = super().cleared_with(state, box, spot)
        needs = state.rules.get("side_bet_needs", {})
        grown = True
        while grown:
            grown = False
            for bonus, needed in needs.items():
                if needed in keys and bonus not in keys:
                    keys.append(bonus)
                    grown = True
        return keys

    def legal_actions(self, state: HoldemState, seat: int) -> list[Legal]:
        if state.phase == BETTING:
            return self._legal_betting(state, seat)
        if state.phase == DECIDING and seat in self.undecided(state):
            return self._legal_decision(state, seat)
        return []

    def _legal_betting(self, state: HoldemState, seat: int) -> list[Legal]:
        if seat == SYSTEM_SEAT:
            return [Legal("deal", label="Deal")] if any(s.bets.get(ANTE) for s in state.seats.values()) else []
        if seat not in state.seats:
            return []
        box = state.seats[seat]
        out: list[Legal] = []
        for spot in (ANTE, *self.side_spots):
            if spot != ANTE and (not box.bets.get(ANTE) or not self.side_open(state, spot)):
                continue  # D-519: a bonus needs the Ante and the matched wager on this position
            if spot != ANTE and self.side_needs(state.rules, box, spot):
                continue  # D-303: the Bad Beat Bonus needs Trips first
            bounds = self.bet_bounds(state.rules, box.bets.get(spot, 0), spot)
            room = self.side_room(state.rules, box, spot)
            if bounds is not None and room is not None:
                room = room // self.step(state.rules) * self.step(state.rules)
                bounds = (bounds[0], min(bounds[1], room)) if bounds[0] <= room else None
            if bounds is not None:
                out.append(Legal("bet", spot, bounds[0], bounds[1], self.spot_name(spot)))
        if box.bets:
            out.append(Legal("clear", "", label="Clear bets"))
        if box.bets.get(ANTE):
            out.append(Legal("deal", label="Deal"))
        return out

    def _legal_decision(self, state: HoldemState, seat: int) -> list[Legal]:
        street = state.rules["streets"][state.street]
        ante = state.seats[seat].bets[ANTE]
        out = [Legal(PLAY, f"{m}x", m * ante, m * ante, f"Bet {m}x ({fmt(m * ante)})") for m in street["multiples"]]
        out.append(Legal("check", label="Check") if street["may_check"] else Legal("fold", label="Fold"))
        return out

    # -- doing it ------------------------------------------------------------------------
    def moves(self) -> dict[str, Move[HoldemState]]:
        return {**super().moves(), "bet": self._bet, "deal": self._deal, "timeout": self.timeout,
                **dict.fromkeys((PLAY, "check", "fold"), self.decide)}

    def _bet(self, state: HoldemState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # D-026
        box = self.book(state, action.seat)
        spot = action.spot or ANTE
        if spot == self.matched:
            raise IllegalAction(f"The {self.spot_name(spot)} is placed with the Ante and always equals it.")
        if spot not in (ANTE, *self.side_spots):
            raise IllegalAction("There is no such bet at this table.")
        self.check_amount(state.rules, action.amount, "A bet")
        if spot != ANTE:
            if not self.side_open(state, spot):
                raise IllegalAction(f"This table does not offer {self.spot_name(spot)}.")  # D-517
            if not box.bets.get(ANTE):
                raise IllegalAction(f"Place the Ante and the {self.spot_name(self.matched)} before betting "
                                    f"{self.spot_name(spot)}.")  # D-519
            needed = self.side_needs(state.rules, box, spot)
            if needed:
                raise IllegalAction(f"Place {self.spot_name(needed)} before betting {self.spot_name(spot)}.")  # D-303
            room = self.side_room(state.rules, box, spot)
            if room is not None and action.amount > room:
                capped = " and ".join(self.spot_name(s) for s in state.rules["side_bets_within_ante"]
                                      if self.side_open(state, s))
                raise IllegalAction(f"{capped} together may not be more than the Ante "
                                    f"({fmt(box.bets[ANTE])}).")  # D-302
        total = self.add_to_spot(state.rules, box.bets, action.seat, spot, action.amount, events)
        if spot == ANTE:
            # The matched wager is required and equal to the Ante (s.1283, s.1551).
            box.bets[self.matched] = total
            events.append(Stake(action.seat, self.matched, action.amount))

    def _deal(self, state: HoldemState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("The cards are already out.")
        if action.seat != SYSTEM_SEAT and not self.book(state, action.seat).bets.get(ANTE):
            raise IllegalAction("Place the Ante before the deal.")
        players = [n for n, s in sorted(state.seats.items()) if s.bets.get(ANTE)]
        if not players:
            raise IllegalAction("Nobody has a bet down yet.")
        for n in players:
            for spot, amount in state.seats[n].bets.items():
                if spot == PLAY:
                    continue
                lim = self.limit(state.rules, spot)
                if amount < lim["min"]:
                    raise IllegalAction(f"{spot_word(n)}: the minimum on the {self.spot_name(spot)} is {fmt(lim['min'])}.")
        d = showdown.deal(showdown.shuffled_deck(rng), players, state.rules.get("burn_before", []))
        if not showdown.consistent(d):
            self.void_round(state, events, "the deck did not hold 52 different cards")
            return
        state.board, state.dealer, state.burns = d.board, d.dealer, d.burns
        for n in players:
            box = state.seats[n]
            box.cards, box.status = d.hands[n], LIVE
        events.append(Note("Cards are out: the community cards first, then each position, the dealer last."))
        self._open_street(state, 0, events)

    def decide(self, state: HoldemState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != DECIDING:
            raise IllegalAction("There is no decision to make now.")
        box = self.book(state, action.seat)
        if action.seat not in self.undecided(state):
            if box.status != LIVE:
                raise IllegalAction("This position has no decision left this round.")
            raise IllegalAction("You have already decided on this street.")
        street = state.rules["streets"][state.street]
        ante = box.bets[ANTE]
        if action.kind == PLAY:
            try:
                multiple = int(action.spot.rstrip("x"))
            except ValueError:
                multiple = 0
            if multiple not in street["multiples"]:
                allowed = " or ".join(f"{m}x" for m in street["multiples"])
                raise IllegalAction(f"On the {street['name']} the Play is {allowed} the Ante.")
            amount = multiple * ante
            if action.amount and action.amount != amount:
                raise IllegalAction(f"A {multiple}x Play on this Ante is {fmt(amount)}.")
            box.bets[PLAY] = amount
            box.multiple, box.status, box.last = multiple, PLAYED, f"Bet {multiple}x"
            events.append(Stake(action.seat, PLAY, amount))
            events.append(Note(f"{spot_word(action.seat)} bets {multiple}x on Play.", action.seat))
        elif action.kind == "check":
            if not street["may_check"]:
                raise IllegalAction(f"On the {street['name']} you must bet {street['multiples'][-1]}x or fold.")
            box.last = "Checked"
        else:  # fold
            if street["may_check"]:
                raise IllegalAction("Checking is free on this street; there is nothing to fold to.")
            self._fold(state, action.seat, events)
        box.decided = True
        if not self.undecided(state):
            self._open_street(state, state.street + 1, events)

    def _fold(self, state: HoldemState, seat: int, events: list[Event]) -> None:
        """D-297, D-309: a fold forfeits the Ante and the matched wager; the bonuses stay in
        action unless the table's data says a fold loses them."""
        box = state.seats[seat]
        box.status, box.last = FOLDED, "Folded"
        for spot in state.rules["fold_forfeits"]:
            self.lose(state, events, seat, spot, "Folded")
        if not state.rules["side_bets_survive_fold"]:
            for spot in self.side_spots:
                self.lose(state, events, seat, spot, "Folded")
        events.append(Note(f"{spot_word(seat)} folds.", seat))

    # -- streets and showdown ------------------------------------------------------------
    def _open_street(self, state: HoldemState, index: int, events: list[Event]) -> None:
        streets = state.rules["streets"]
        while index < len(streets):
            street = streets[index]
            self._expose(state, int(street["exposed"]), events)
            state.phase, state.street = DECIDING, index
            for box in state.seats.values():
                box.decided = False
            if self.undecided(state):
                return
            index += 1
        self._showdown(state, events)

    def _expose(self, state: HoldemState, upto: int, events: list[Event]) -> None:
        if upto <= state.exposed:
            return
        shown = state.board[state.exposed:upto]
        names = {(0, 1): "The first community card", (0, 3): "The flop", (1, 3): "The rest of the flop",
                 (3, 5): "The turn and river"}
        what = names.get((state.exposed, upto), "The board")
        events.append(Note(f"{what}: {' '.join(shown)}."))
        state.exposed = upto
        self._settle_side_bets(state, events, "first-card")

    def _showdown(self, state: HoldemState, events: list[Event]) -> None:
        rules = state.rules
        self._expose(state, 5, events)
        state.dealer_shown = True
        dealer = showdown.best(state.dealer, state.board)
        state.dealer_hand = dealer.description
        state.dealer_qualifies = showdown.qualifies(dealer, rules["dealer_qualifies"])
        events.append(Note(f"Dealer has {dealer.description}: "
                           f"{'qualifies' if state.dealer_qualifies else 'does not qualify, the Ante pushes'}."))
        main = rules["main_paytable"]
        for n, box in sorted(state.seats.items()):
            if not box.status:
                continue
            player = showdown.best(box.cards, state.board)
            box.hand = player.description
            if box.status == FOLDED:
                continue
            cmp = showdown.compare(player, dealer)
            if not state.dealer_qualifies and rules.get("not_qualified", "compare") == "pays":
                # The Bad Beat editions pay the Play and the matched wager by their tables when the
                # P/D does not qualify, whatever the comparison (001 s.1798, 002 s.6005; D-299).
                self.push(state, events, n, ANTE, "Dealer does not qualify: the Ante pushes")
                self.pay(state, events, n, PLAY, main, PLAY, "Play")
                self._pay_matched(state, events, n, player.lines, "With less than a straight")
            elif cmp > 0:
                if state.dealer_qualifies:
                    self.pay(state, events, n, ANTE, main, ANTE, "Ante")
                else:
                    self.push(state, events, n, ANTE, "Dealer does not qualify: the Ante pushes")
                self.pay(state, events, n, PLAY, main, PLAY, "Play")
                self._pay_matched(state, events, n, player.lines, "Wins with less than a straight")
            elif cmp < 0:
                if state.dealer_qualifies:
                    self.lose(state, events, n, ANTE, f"Dealer's {dealer.description} wins")
                else:
                    self.push(state, events, n, ANTE, "Dealer does not qualify: the Ante pushes")
                for spot in (PLAY, self.matched):
                    self.lose(state, events, n, spot, f"Dealer's {dealer.description} wins")
            else:
                for spot in (ANTE, PLAY, self.matched):
                    self.push(state, events, n, spot, "Identical hands: push")
        self._settle_side_bets(state, events, "showdown")
        state.phase, state.street = OVER, len(rules["streets"])

    def _pay_matched(self, state: HoldemState, events: list[Event], seat: int, lines: Sequence[str],
                     below: str) -> None:
        """The matched wager by its table on a straight or better; below, it pushes (s.1308, D-300)."""
        table = state.rules["matched_paytable"]
        line = first_line(state.rules, table, lines)
        name = self.spot_name(self.matched)
        if line is None:
            self.push(state, events, seat, self.matched, f"{below}: the {name} pushes")
        else:
            self.pay(state, events, seat, self.matched, table, line,
                     f"{name}: {self.words(state.rules).label(table, line)}")

    def _settle_side_bets(self, state: HoldemState, events: list[Event], when: str) -> None:
        for spot in self.side_spots:
            slug = self.side_paytable(state.rules, spot)
            table = state.rules["paytables"].get(slug)
            if table is None or table.get("settle", "showdown") != when:
                continue
            for n, box in sorted(state.seats.items()):
                if not box.status or not box.bets.get(spot) or f"{n}:{spot}" in state.settled:
                    continue
                if table["grade"] in showdown.DUEL_GRADERS:
                    if box.status == FOLDED:  # a folded hand is in no duel with the dealer (D-303)
                        self.lose(state, events, n, spot, "Folded")
                        continue
                    lines, words = showdown.DUEL_GRADERS[table["grade"]](
                        box.cards, state.dealer, state.board[:state.exposed], table)
                else:
                    lines, words = showdown.GRADERS[table["grade"]](box.cards, state.board[:state.exposed], table)
                line = first_line(state.rules, slug, lines)
                if line is None:
                    self.lose(state, events, n, spot, f"{words}: no {self.spot_name(spot)} hand")
                else:
                    label = self.words(state.rules).label(slug, line)
                    self.pay(state, events, n, spot, slug, line, f"{self.spot_name(spot)}: {label}")

    # -- showing it ----------------------------------------------------------------------
    def view(self, state: HoldemState, viewer: int | None) -> dict[str, Any]:
        """The dealer's cards, the hole cards of every other position and the community
        cards not yet turned are never in the view before the showdown (D-016)."""
        over = state.phase == OVER
        mine = self.viewer_seats(state, viewer)
        board: list[str | None] = [c if i < state.exposed else None for i, c in enumerate(state.board)]
        seats: dict[int, Any] = {}
        for n, box in sorted(state.seats.items()):
            visible = over or n in mine
            cards: list[str | None] = list(box.cards) if visible else [None] * len(box.cards)
            hand = box.hand if visible else ""
            if visible and box.cards and not hand and state.exposed >= 3:
                hand = showdown.best(box.cards, state.board[:state.exposed]).description
            seats[n] = {
                "owner": state.owners.get(n),
                "bets": dict(box.bets),
                "status": box.status,
                "multiple": box.multiple,
                "last": box.last,
                "deciding": state.phase == DECIDING and box.status == LIVE and not box.decided,
                "cards": cards,
                "hand": hand,
                "hands": [{"cards": cards, "total": hand}] if box.cards else [],
                "results": self.results_view(box, visible),
                "mine": n in mine,
            }
        street = None
        if state.phase == DECIDING:
            s = state.rules["streets"][state.street]
            street = {"index": state.street, "name": s["name"], "multiples": list(s["multiples"]),
                      "may_check": bool(s["may_check"])}
        waiting = self.undecided(state)
        dealer_cards: list[str | None] = list(state.dealer) if state.dealer_shown else [None] * len(state.dealer)
        return {
            "game": self.slug,
            "phase": state.phase,
            "variant": state.rules.get("variant"),
            "street": street,
            "board": board,
            "burns": len(state.burns),
            "dealer": {"cards": dealer_cards, "total": state.dealer_hand or None,
                       "hand": state.dealer_hand, "qualifies": state.dealer_qualifies},
            "seats": seats,
            "to_act": {"seat": waiting[0]} if waiting else None,
            "deciding": waiting,
            "shuffler": self.shuffler_view(state),
            "side_bets_open": {s: state.phase == BETTING and self.side_open(state, s) for s in self.side_spots},
            "limits": self.limits_view(state.rules),
            "bet_step": self.step(state.rules),
            "paytables": self.paytables_view(state.rules),
            "notes": state.notes[-NOTES_SHOWN:],
            "rules_summary": self.rules_summary(state.rules),
        }

    @staticmethod
    def shuffler_view(state: HoldemState) -> dict[str, Any]:
        """The shuffler: one deck, shuffled fresh for every round (s.1347, D-011); counts only,
        and which of two alternating decks is dealt where the edition uses two."""
        dealt = len(state.board) + len(state.dealer) + len(state.burns) + sum(len(s.cards) for s in state.seats.values())
        return {"decks": 1, "size": 52, "dealt": dealt, "cards_left": 52 - dealt, "fresh_each_round": True,
                **({"deck": decks.view(state.round_no)} if decks.alternates(state.rules) else {})}

    def paytables_view(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        out = {}
        for slug in (rules["main_paytable"], rules["matched_paytable"], *self.side_spots):
            if slug in self.side_spots and slug not in rules["side_bets"]:
                continue
            table = self.side_paytable(rules, slug)
            if table in rules["paytables"]:
                out[slug] = self.words(rules).paytable_view(table)
        return out

    def rules_summary(self, rules: Mapping[str, Any]) -> list[str]:
        """The table's rules in short lines, as its data words them (``prose.summary``)."""
        return self.words(rules).lines("summary")

    # -- defaults and the house's players ------------------------------------------------
    def default_action(self, state: HoldemState, seat: int) -> Action:
        """D-009: check while checking is free; fold where a Play is required."""
        street = state.rules["streets"][state.street]
        return Action("check" if street["may_check"] else "fold", seat)

    def bot_action(self, state: HoldemState, seat: int) -> Action | None:
        """Bots post the minimum Ante, never bonus bets (P-005), and play a simple strategy."""
        if state.phase == BETTING:
            if seat not in state.seats or state.seats[seat].bets.get(ANTE):
                return None
            step = self.step(state.rules)
            amount = -(-self.limit(state.rules, ANTE)["min"] // step) * step
            return Action("bet", seat, ANTE, amount)
        if seat not in self.undecided(state):
            return None
        box = state.seats[seat]
        street = state.rules["streets"][state.street]
        multiple = self.strategy(box.cards, state.board[:state.exposed], list(street["multiples"]))
        if multiple:
            return Action(PLAY, seat, f"{multiple}x")
        return Action("check" if street["may_check"] else "fold", seat)

    def strategy(self, hole: list[str], board: list[str], multiples: Sequence[int]) -> int:
        raise NotImplementedError
