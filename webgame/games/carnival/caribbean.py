"""Caribbean Stud Poker with its progressive jackpot, for the Chapter 4 profile in
``webgame/rules/caribbean-stud.toml`` (004 Caribbean Stud Poker, s.730-782).

Round flow::

    betting (Ante, the $1 progressive) ── deal: five cards each, one dealer card up ──>
    decide (Bet = 2x Ante, or fold) ── showdown: dealer qualifies with A-K ──> over

The progressive meter is a ledger (D-020): the round learns its balance from
``rules["meters"]`` when it opens, funds it $0.50 per progressive wager when betting closes
(``MeterMove(.., "in")``), pays each award to the player through a Settlement and has the
meter reimburse the house for it (``MeterMove(.., "out")``), and resets it to the seed after
a royal flush. Every award goes into the round's payout log (004 s.741, D-027).

The Designated Player edition (001 §22, s.112-190) is the same game as data: the Bet equal
to the Ante (``bet_multiple``), its own Ante table and premium schedule (``ante_paytable``,
``bonus_paytable``), no progressive and no maximum payout. A seated player banks it; the
dealer's hand here is the Designated Player's.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...engine.hands import HandValue, evaluate_high
from ...engine.money import fmt, truncate
from ...engine.prose import qualifier_words
from ...engine.protocol import (
    Action,
    Event,
    IllegalAction,
    Legal,
    MeterMove,
    Note,
    Stake,
)
from ...engine.rng import Rng
from ..banked import spot_word
from .base import (
    RANK_INDEX,
    Box,
    CarnivalEngine,
    CarnivalState,
    Spot,
    pay_line,
    qualifies,
)

ANTE, BET, PROGRESSIVE = "ante", "bet", "progressive"
PROGRESSIVE_TABLE = "caribbean-progressive"


def has_progressive(rules: Mapping[str, Any]) -> bool:
    """Whether the table has the progressive at all (Chapter 4; not the Designated Player
    edition, 001 s.175). Its meter settings come with it."""
    return PROGRESSIVE_TABLE in rules["paytables"]


def meter_name(rules: Mapping[str, Any]) -> str:
    return str(next(iter(rules["progressive_meters"])))


class CaribbeanStud(CarnivalEngine):
    slug = "caribbean-stud"
    name = "Caribbean Stud Poker"
    STAGES = 1
    DECISIONS = ("play", "fold")
    MAIN = ANTE

    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        return [
            Spot(ANTE, "Ante", "ante", name="the Ante"),  # "Players must ante to get in the game" (004 s.735)
            # One token a round, only with an Ante on the same spot (004 s.736, D-317, D-519).
            Spot(PROGRESSIVE, "Progressive", PROGRESSIVE_TABLE, requires=(ANTE,), fixed=True,
                 side_bet=PROGRESSIVE_TABLE, deals_in=False, name="the progressive"),
        ]

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        if has_progressive(rules) and len(rules.get("progressive_meters") or {}) != 1:
            raise ValueError("a Caribbean Stud table with the progressive feeds exactly one meter")
        if int(rules["bet_multiple"]) < 1 or int(rules.get("table_max_payout", 1)) <= 0:
            raise ValueError("the Bet multiple and the table's maximum payout must be positive")
        if any(not 0 <= int(i) < 5 for i in rules["dealer_up"]):
            raise ValueError("dealer_up lists positions 0-4 of the dealer's hand")

    def open_round(self, state: CarnivalState) -> None:
        rules = state.rules
        if not has_progressive(rules):
            return
        name = meter_name(rules)
        seed = int(rules["progressive_meters"][name])
        state.meter = int((rules.get("meters") or {}).get(name, seed))

    # -- the deal ------------------------------------------------------------------------
    def deal(self, state: CarnivalState, rng: Rng, players: list[int], events: list[Event]) -> None:
        # Five cards each, one at a time from the dealer's left, the dealer last in each turn;
        # one dealer card is dealt face up (D-312).
        for _ in range(5):
            for n in players:
                state.seats[n].cards.append(state.shoe.draw(rng).code)
            state.dealer.append(state.shoe.draw(rng).code)
        state.dealer_up = [int(i) for i in state.rules["dealer_up"]]
        up = ", ".join(state.dealer[i] for i in state.dealer_up)
        events.append(Note(f"The dealer shows {up}."))

    def expected_cards(self, state: CarnivalState) -> tuple[int, int, int]:
        return 5, 5, 0

    def after_deal(self, state: CarnivalState, events: list[Event]) -> None:
        """Progressive wagers lock when betting closes (D-319); the meter rises by the
        increment for each one (004 s.736, s.754; D-317), funded by the house (D-020)."""
        if not has_progressive(state.rules):
            return
        name = meter_name(state.rules)
        step = int(state.rules["progressive_increment"])
        for n, box in sorted(state.seats.items()):
            if box.dealt_in and box.bets.get(PROGRESSIVE):
                state.meter += step
                events.append(MeterMove(name, step, "in", f"progressive wager, {spot_word(n)}"))

    # -- decisions -------------------------------------------------------------------------
    def _progressive_award(self, state: CarnivalState, box: Box, meter: int | None = None) -> tuple[str | None, int]:
        """The line and amount a hand would take from the progressive now (0 if none)."""
        if not box.bets.get(PROGRESSIVE):
            return None, 0
        rules = state.rules
        table = rules["paytables"][PROGRESSIVE_TABLE]
        line = pay_line(rules, PROGRESSIVE_TABLE, evaluate_high(box.cards))
        if line is None:
            return None, 0
        percent = table.get("meter_percent", {}).get(line)
        if percent is not None:
            return line, truncate(Fraction(state.meter if meter is None else meter) * Fraction(percent, 100))
        return line, int(table["lines"][line])  # a fixed award (D-024)

    def decision_legal(self, state: CarnivalState, seat: int, box: Box) -> list[Legal]:
        multiple = int(state.rules["bet_multiple"])
        bet = multiple * box.bets[ANTE]
        out = [Legal("play", "", bet, bet, f"Bet {fmt(bet)} ({multiple}x Ante)")]
        line, award = self._progressive_award(state, box)
        if line is not None:
            # D-316: a fold that gives up a progressive award needs confirming.
            out.append(Legal("fold", "confirm", label=f"Fold anyway: gives up the {fmt(award)} progressive award"))
        else:
            out.append(Legal("fold", "", label="Fold (forfeits the Ante)"))
        return out

    def apply_decision(self, state: CarnivalState, seat: int, box: Box, action: Action,
                       events: list[Event]) -> None:
        multiple = int(state.rules["bet_multiple"])
        bet = multiple * box.bets[ANTE]
        if action.kind == "play":
            if action.amount not in (0, bet):
                raise IllegalAction(f"The Bet is exactly {multiple} times the Ante: {fmt(bet)} (004 s.737).")
            box.bets[BET] = bet
            box.decisions.append("bet")
            events.append(Stake(seat, BET, bet))
            return
        line, award = self._progressive_award(state, box)
        if line is not None and action.spot != "confirm":
            label = self.words(state.rules).label(PROGRESSIVE_TABLE, line).lower()
            raise IllegalAction(f"Your {label} wins {fmt(award)} from the progressive. "
                                "Folding gives it up: choose 'Fold anyway' to confirm (D-316).")
        box.folded = True
        box.decisions.append("fold")
        self.lose(state, events, seat, ANTE, "Folded: the Ante is forfeited (D-312)")
        self.lose(state, events, seat, PROGRESSIVE, "Folded: the progressive wager is forfeited (D-316)")
        events.append(Note(f"{spot_word(seat)} folds."))

    def default_action(self, state: CarnivalState, seat: int) -> Action:
        return Action("fold", seat, "confirm")  # D-009: fold where a raise is required

    def bot_decision(self, state: CarnivalState, seat: int) -> Action:
        box = state.seats[seat]
        up = state.dealer[state.dealer_up[0]]
        even = int(state.rules["bet_multiple"]) == 1
        if (even_bet_plays if even else bot_plays)(box.cards, up):
            return Action("play", seat, "", int(state.rules["bet_multiple"]) * box.bets[ANTE])
        return self.default_action(state, seat)

    # -- the showdown --------------------------------------------------------------------
    def showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        rules = state.rules
        dealer = evaluate_high(state.dealer)
        plays = qualifies(dealer, rules["dealer_qualifier"])
        below = qualifier_words(rules["dealer_qualifier"])
        events.append(Note(f"Dealer has {dealer.description}: "
                           + ("the dealer qualifies." if plays else f"the dealer does not qualify (below {below}).")))
        for n, box in sorted(state.seats.items()):
            if box.live:
                value = evaluate_high(box.cards)
                box.hand = value.description
                self._settle_main(state, events, n, box, value, dealer, plays)
        # Progressive awards, whatever the dealer holds (004 s.738, s.771), one at a time
        # from the dealer's right (D-318).
        for n, box in sorted(state.seats.items(), reverse=True):
            if box.live and box.bets.get(PROGRESSIVE):
                self._settle_progressive(state, events, n, box)

    def _settle_main(self, state: CarnivalState, events: list[Event], n: int, box: Box, value: HandValue,
                     dealer: HandValue, plays: bool) -> None:
        rules = state.rules
        ante_table, bonus_table = rules["ante_paytable"], rules["bonus_paytable"]
        if not plays:
            odds = self.odds(rules, ante_table, "dealer-does-not-qualify")
            self.win(state, events, n, ANTE, odds.win(box.bets[ANTE]),
                     f"Dealer does not qualify: the Ante pays {odds} (004 s.738)")
            self.push(state, events, n, BET, "Dealer does not qualify: the Bet pushes (D-313)")
        elif value > dealer:
            odds = self.odds(rules, ante_table, "win")
            self.win(state, events, n, ANTE, odds.win(box.bets[ANTE]),
                     f"{value.description} beats the dealer's {dealer.description}: the Ante pays {odds} (D-313)")
            line = pay_line(rules, bonus_table, value)
            assert line is not None  # beating a qualified dealer takes at least ace-king
            won = self.odds(rules, bonus_table, line).win(box.bets[BET])
            detail = f"Bet: {self.pays(rules, bonus_table, line)} (D-314)"
            cap = int(rules.get("table_max_payout", 0))
            if line in rules["paytables"][bonus_table].get("capped_lines", []) and won > cap:
                won = cap
                detail += f"; capped at the table's maximum payout of {fmt(cap)} (004 s.769, D-315)"
            self.win(state, events, n, BET, won, detail)
        elif value == dealer:
            detail = "Identical hands: the Ante and the Bet push (D-313, D-520)"
            self.push(state, events, n, ANTE, detail)
            self.push(state, events, n, BET, detail)
        else:
            detail = f"The dealer's {dealer.description} beats {value.description} (D-313)"
            self.lose(state, events, n, ANTE, detail)
            self.lose(state, events, n, BET, detail)

    def _settle_progressive(self, state: CarnivalState, events: list[Event], n: int, box: Box) -> None:
        """One award: a share of the meter as it stands now or a fixed amount; the meter
        reimburses the house for it, never dropping below the seed; a royal flush resets the
        meter to the seed (004 s.747-752, D-318, D-020)."""
        rules = state.rules
        name = meter_name(rules)
        seed = int(rules["progressive_seed"])
        line, award = self._progressive_award(state, box)
        if line is None:
            self.lose(state, events, n, PROGRESSIVE, f"Progressive: {box.hand} does not qualify")
            return
        before = state.meter
        words = self.words(rules)
        label = words.label(PROGRESSIVE_TABLE, line)
        percent = rules["paytables"][PROGRESSIVE_TABLE].get("meter_percent", {}).get(line)
        what = words.pays(PROGRESSIVE_TABLE, line) if percent is not None else "fixed award"
        self.win(state, events, n, PROGRESSIVE, award,
                 f"Progressive: {label.lower()} wins {fmt(award)} ({what}, 004 s.773-778)")
        memo = f"{label}, {spot_word(n)}, {' '.join(box.cards)}"
        reset = line in rules["paytables"][PROGRESSIVE_TABLE].get("reset_lines", [])
        from_meter = state.meter if reset else max(0, min(award, state.meter - seed))
        if from_meter:
            events.append(MeterMove(name, from_meter, "out", f"{memo}: the meter pays"))
        state.meter -= from_meter
        if reset:
            events.append(MeterMove(name, seed, "in", "meter reset to the seed (004 s.750)"))
            state.meter = seed
        state.meter_log.append({
            "seat": n, "spot": spot_word(n), "hand": line, "label": label, "cards": list(box.cards),
            "award": award, "meter_before": before, "from_meter": from_meter, "house_paid": award - from_meter,
            "reset": reset, "meter_after": state.meter,
        })
        events.append(Note(f"Progressive: {spot_word(n)} wins {fmt(award)} with a {label.lower()}."))

    # -- showing it --------------------------------------------------------------------------
    def hand_words(self, state: CarnivalState, box: Box) -> str:
        return evaluate_high(box.cards).description if len(box.cards) == 5 else ""

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        shown = [str(rules["bonus_paytable"])]
        if PROGRESSIVE_TABLE in rules["side_bets"]:
            shown.append(PROGRESSIVE_TABLE)
        return shown

    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        rules = state.rules
        if state.revealed and len(state.dealer) == 5:
            dealer = evaluate_high(state.dealer)
            view["dealer"]["hand"] = dealer.description
            view["dealer"]["qualifies"] = qualifies(dealer, rules["dealer_qualifier"])
        view["table_max_payout"] = int(rules["table_max_payout"]) if "table_max_payout" in rules else None
        if not has_progressive(rules):
            view["progressive"] = {"offered": False, "log": []}
            return
        awards = self.words(rules).paytable_view(PROGRESSIVE_TABLE)["lines"]
        view["progressive"] = {
            "name": meter_name(rules),
            "offered": PROGRESSIVE_TABLE in rules["side_bets"],
            "meter": state.meter,
            "seed": int(rules["progressive_seed"]),
            "increment": int(rules["progressive_increment"]),
            "wager": int(rules["limits"][PROGRESSIVE_TABLE]["min"]),
            "awards": awards,
            "log": [dict(e) for e in state.meter_log],
        }


ACE, KING, QUEEN, JACK = (RANK_INDEX[r] for r in "AKQJ")


def bot_plays(cards: list[str], up: str) -> bool:
    """The house players' strategy, the near-optimal one of the published analyses (its
    edge 5.225 % per Ante against 5.224 % for perfect play): Bet with a pair or better,
    fold below ace-king; with ace-king high Bet only if the dealer's up card (1) is 2 to Q
    and pairs one of the player's cards, or (2) is an A or K and the player holds a Q or
    J, or (3) pairs none of them, the player holds a Q, and it is below the player's
    fourth-highest card. The up card matters because a rank the player holds leaves the
    dealer fewer cards to pair it with."""
    if evaluate_high(cards).category != "high-card":
        return True
    ranks = sorted((RANK_INDEX[c[0]] for c in cards), reverse=True)
    if ranks[:2] != [ACE, KING]:
        return False
    seen = RANK_INDEX[up[0]]
    if seen >= KING:
        return QUEEN in ranks or JACK in ranks
    if seen in ranks:
        return True
    return QUEEN in ranks and seen < ranks[3]


def even_bet_plays(cards: list[str], up: str) -> bool:
    """Where the Bet only equals the Ante (the Designated Player edition, 001 s.133), a fold
    costs the Ante while a Bet against a dealer who does not qualify wins it, so nearly every
    hand plays: Bet with a pair or better, and with no pair unless the up card is an ace or a
    king and the player holds neither (about 1.6 % per Ante against the Designated Player,
    where the house game's strategy above would give up about 17 %)."""
    if evaluate_high(cards).category != "high-card":
        return True
    return RANK_INDEX[up[0]] < KING or any(RANK_INDEX[c[0]] >= KING for c in cards)


CARIBBEAN_STUD = CaribbeanStud()
