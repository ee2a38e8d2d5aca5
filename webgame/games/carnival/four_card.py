"""Four Card Poker: Ante and Play against the player-dealer, Aces Up and the Bad Beat Bonus,
for every variant in ``webgame/rules/four-card-poker.toml`` (002 §28-§30).

The game is player-banked only (seed 002): the "dealer" of this engine is the player-dealer
(P/D). The engine settles every wager as if the dealer banked it, in the seat order and the
within-seat order of D-332 (Ante, Play, Aces Up, Bad Beat), all at the showdown; the
player-dealer table turns those results into payments within the P/D's stake (D-465).

Round flow::

    betting (Ante; Aces Up / Bad Beat Bonus at least the Ante) ── deal: five cards to each
    player, six to the P/D (the sixth face up) ──> decide (Play 1x-3x the Ante, or fold)
    ── showdown: the P/D always plays (D-329), best four against best four ──> over
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.hands import HandValue, evaluate_four
from ...engine.hands.four import FOUR_CATEGORIES
from ...engine.money import fmt
from ...engine.protocol import Action, Event, IllegalAction, Legal, Note, Stake
from ...engine.rng import Rng
from ..banked import spot_word
from ..sidebets import SideBet, SideBetTable
from .base import RANK_INDEX, Box, CarnivalEngine, CarnivalState, Spot, pay_line

ANTE, PLAY = "ante", "play"
ACES_UP, BAD_BEAT = "aces-up", "bad-beat"  # the spots; player-dealer.toml orders them (D-332)
OTHER_HANDS = "all-other-hands"  # the Ante table's "All other hands Even Money" (002 s.3065)

# The house bots' play, from the odds of each hand against the P/D's six cards (a player who
# wins ties): Play 3x with a pair of tens or better, 1x with a pair of threes to nines, fold
# the rest. Playing is worth more than folding from a pair of threes, and a pair of tens wins
# about half the time, from where the larger Play gains.
BOT_RAISES_FROM_PAIR = "T"
BOT_PLAYS_FROM_PAIR = "3"


@dataclass(frozen=True)
class Showdown:
    """What the bonus bets look at: the round's rules, one player's best four, the P/D's best
    four, and whether the player folded."""

    rules: Mapping[str, Any]
    player: HandValue
    dealer: HandValue
    folded: bool


def grade_aces_up(hand: Showdown) -> str | None:
    """Aces Up: the player's own best four, fold or play, whatever the P/D holds (D-330)."""
    return pay_line(hand.rules, ACES_UP, hand.player)


def beaten_hand(hand: Showdown) -> HandValue | None:
    """The hand that lost the comparison, or None for identical hands (D-331)."""
    if hand.player > hand.dealer:
        return hand.dealer
    if hand.dealer > hand.player:
        return hand.player
    return None


def grade_bad_beat(hand: Showdown) -> str | None:
    """The Bad Beat Bonus: paid by the beaten hand, the P/D's or the player's (002 s.3187-3191);
    a folded hand, or identical hands, lose (D-331)."""
    beaten = None if hand.folded else beaten_hand(hand)
    return None if beaten is None else pay_line(hand.rules, "four-card-bad-beat", beaten)


SIDE_BETS: SideBetTable[Showdown] = SideBetTable([
    SideBet(ACES_UP, "aces-up", "showdown", "aces-up", "Aces Up", "Aces Up"),
    SideBet(BAD_BEAT, "four-card-bad-beat", "showdown", "bad-beat", "Bad Beat", "the Bad Beat Bonus"),
], {"aces-up": grade_aces_up, "bad-beat": grade_bad_beat})


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def bot_multiple(value: HandValue) -> int:
    """The house bots' Play in Antes (0 = fold): see BOT_RAISES_FROM_PAIR."""
    if FOUR_CATEGORIES.index(value.category) > FOUR_CATEGORIES.index("pair"):
        return 3
    if value.category != "pair":
        return 0
    if value.ranks[0] >= RANK_INDEX[BOT_RAISES_FROM_PAIR]:
        return 3
    return 1 if value.ranks[0] >= RANK_INDEX[BOT_PLAYS_FROM_PAIR] else 0


class FourCardPoker(CarnivalEngine):
    slug = "four-card-poker"
    name = "Four Card Poker"
    STAGES = 1
    DECISIONS = ("play", "fold")
    MAIN = ANTE

    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        # Bonus bets are "for players who placed an ante bet" (002 s.3131): they need the Ante.
        return [Spot(ANTE, "Ante", "ante", name="the Ante"),
                *(Spot(b.spot, b.label, b.paytable, requires=(ANTE,), side_bet=b.paytable, deals_in=False,
                       name=b.name) for b in SIDE_BETS)]

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        for key in ("ante_paytable", "play_paytable"):
            if rules[key] not in rules["paytables"]:
                raise ValueError(f"{key} names a paytable this variant does not have")
        for bet in SIDE_BETS.offered(rules):
            if bet.paytable not in rules["paytables"]:
                raise ValueError(f"{bet.paytable} is offered without its paytable")
        if rules["ties"] not in ("player", "dealer"):
            raise ValueError("ties is 'player' (D-328) or 'dealer'")
        if not rules["play_multiples"] or any(int(m) < 1 for m in rules["play_multiples"]):
            raise ValueError("play_multiples are whole Antes, 1 or more")
        if int(rules["player_cards"]) not in (4, 5) or int(rules["dealer_cards"]) not in (4, 5, 6):
            raise ValueError("a four-card hand is the best four of four to six cards")

    # -- betting: bonus bets at least the Ante (002 s.3135, D-330, D-331) -------------------
    def check_bet(self, state: CarnivalState, box: Box, spot: Spot, amount: int) -> None:
        ante = box.bets.get(ANTE, 0)
        if spot.key == ANTE:
            for bet in SIDE_BETS.offered(state.rules):
                on = box.bets.get(bet.spot, 0)
                if on and on < ante + amount:
                    raise IllegalAction(f"{_capital(bet.name)} ({fmt(on)}) must be at least the Ante: raise "
                                        f"it first, or clear it.")
        elif spot.key in SIDE_BETS and box.bets.get(spot.key, 0) + amount < ante:
            raise IllegalAction(f"{_capital(spot.words)} must be at least the Ante, {fmt(ante)}.")

    def legal_actions(self, state: CarnivalState, seat: int) -> list[Legal]:
        """The base table's bet spots, with each bound narrowed to what ``check_bet`` takes:
        a bonus bet from the Ante up, the Ante no higher than a bonus bet already down."""
        out = []
        for lg in super().legal_actions(state, seat):
            if lg.kind == "bet" and seat in state.seats:
                box, step = state.seats[seat], self.step(state.rules)
                low, high = lg.min, lg.max
                if lg.spot in SIDE_BETS:
                    need = box.bets.get(ANTE, 0) - box.bets.get(lg.spot, 0)
                    low = max(low, -(-need // step) * step)
                elif lg.spot == ANTE:
                    ons = [box.bets[b.spot] for b in SIDE_BETS.offered(state.rules) if box.bets.get(b.spot)]
                    if ons:
                        high = min(high, min(ons) - box.bets.get(ANTE, 0))
                if low > high:
                    continue
                lg = Legal(lg.kind, lg.spot, low, high, lg.label)
            out.append(lg)
        return out

    # -- the deal ----------------------------------------------------------------------------
    def deal(self, state: CarnivalState, rng: Rng, players: list[int], events: list[Event]) -> None:
        # One card at a time to each player and the P/D (the order is not stated, P-041); the
        # P/D's last card is its face-up card, which places the action button (D-332).
        rules = state.rules
        for i in range(max(int(rules["player_cards"]), int(rules["dealer_cards"]))):
            if i < int(rules["player_cards"]):
                for n in players:
                    state.seats[n].cards.append(state.shoe.draw(rng).code)
            if i < int(rules["dealer_cards"]):
                state.dealer.append(state.shoe.draw(rng).code)
        state.dealer_up = [len(state.dealer) - 1]
        events.append(Note(f"The player-dealer's face-up card is {state.dealer[-1]}."))

    def expected_cards(self, state: CarnivalState) -> tuple[int, int, int]:
        return int(state.rules["player_cards"]), int(state.rules["dealer_cards"]), 0

    def up_card(self, state: CarnivalState) -> str | None:
        """The P/D's face-up card once dealt: it sets the action seat (D-332, D-479)."""
        return state.dealer[state.dealer_up[0]] if state.dealer_up else None

    # -- decisions -----------------------------------------------------------------------------
    def needs_decision(self, state: CarnivalState, box: Box) -> bool:
        return box.live and box.bets.get(ANTE, 0) > 0

    def decision_legal(self, state: CarnivalState, seat: int, box: Box) -> list[Legal]:
        ante = box.bets[ANTE]
        plays = [Legal("play", str(m), m * ante, m * ante, f"Play {m}x ({fmt(m * ante)})")
                 for m in state.rules["play_multiples"]]
        return [*plays, Legal("fold", "", label="Fold (forfeits the Ante)")]

    def apply_decision(self, state: CarnivalState, seat: int, box: Box, action: Action,
                       events: list[Event]) -> None:
        ante = box.bets[ANTE]
        if action.kind == "play":
            multiples = [int(m) for m in state.rules["play_multiples"]]
            if not action.spot.isdigit() or int(action.spot) not in multiples:
                words = ", ".join(f"{m}x" for m in multiples[:-1]) + f" or {multiples[-1]}x"
                raise IllegalAction(f"The Play bet is {words if len(multiples) > 1 else f'{multiples[0]}x'} "
                                    "the Ante (002 s.3048).")
            amount = int(action.spot) * ante
            if action.amount not in (0, amount):
                raise IllegalAction(f"{action.spot}x the Ante is {fmt(amount)}.")
            box.bets[PLAY] = amount
            box.decisions.append(f"{action.spot}x")
            events.append(Stake(seat, PLAY, amount))
            return
        # The Ante is forfeited (002 s.3046); it settles at the showdown with the seat's other
        # wagers, in the order the player-dealer pays and collects (D-332, P-042).
        box.folded = True
        box.decisions.append("fold")
        events.append(Note(f"{spot_word(seat)} folds."))

    def default_action(self, state: CarnivalState, seat: int) -> Action:
        return Action("fold", seat)  # D-009: fold where a raise is required

    def bot_decision(self, state: CarnivalState, seat: int) -> Action:
        multiple = bot_multiple(evaluate_four(state.seats[seat].cards))
        if multiple not in [int(m) for m in state.rules["play_multiples"]]:
            return Action("fold", seat)
        return Action("play", seat, str(multiple), multiple * state.seats[seat].bets[ANTE])

    # -- the showdown --------------------------------------------------------------------------
    def showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        rules = state.rules
        dealer = evaluate_four(state.dealer)
        events.append(Note(f"The player-dealer has {dealer.description}."))
        for n, box in sorted(state.seats.items()):
            if not box.dealt_in:
                continue
            value = evaluate_four(box.cards)
            box.hand = value.description
            self._ante_and_play(state, events, n, box, value, dealer)
            hand = Showdown(rules, value, dealer, box.folded)
            for graded in SIDE_BETS.grade(rules, SIDE_BETS.offered(rules), [(n, box.bets, hand)]):
                bet = graded.bet
                name = self.words(rules).table_name(bet.paytable)
                if graded.line is not None:
                    self.win(state, events, n, bet.spot, graded.won,
                             f"{name}: {self.pays(rules, bet.paytable, graded.line)}")
                elif bet.spot == BAD_BEAT:
                    self.lose(state, events, n, bet.spot, f"{name}: {self._no_beat(hand)}")
                else:
                    # A folded hand is never shown (D-016): its losing Aces Up is not described.
                    what = "the folded hand" if box.folded else value.description
                    self.lose(state, events, n, bet.spot, f"{name}: {what} does not pay")

    def _ante_and_play(self, state: CarnivalState, events: list[Event], n: int, box: Box,
                       value: HandValue, dealer: HandValue) -> None:
        rules = state.rules
        if box.folded:
            self.lose(state, events, n, ANTE, "Folded: the Ante is forfeited (002 s.3046)")
            return
        tie = value == dealer
        if value > dealer or (tie and rules["ties"] == "player"):
            ante_table, play_table = rules["ante_paytable"], rules["play_paytable"]
            line = pay_line(rules, ante_table, value) or OTHER_HANDS
            why = ("Identical hands: the player wins ties (D-328)" if tie
                   else f"{value.description} beats the player-dealer's {dealer.description}")
            self.win(state, events, n, ANTE, self.odds(rules, ante_table, line).win(box.bets[ANTE]),
                     f"{why}: Ante {self.pays(rules, ante_table, line)}")
            self.win(state, events, n, PLAY, self.odds(rules, play_table, "win").win(box.bets[PLAY]),
                     f"{why}: Play pays {self.odds(rules, play_table, 'win')} (D-327)")
            return
        why = ("Identical hands: the player-dealer wins ties" if tie
               else f"The player-dealer's {dealer.description} beats {value.description}")
        self.lose(state, events, n, ANTE, why)
        self.lose(state, events, n, PLAY, why)

    @staticmethod
    def _no_beat(hand: Showdown) -> str:
        if hand.folded:
            return "a folded hand loses (D-331)"
        beaten = beaten_hand(hand)
        if beaten is None:
            return "identical hands are not a bad beat (D-331)"
        return f"the beaten hand, {beaten.description}, is under two pair"

    # -- showing it ----------------------------------------------------------------------------
    def hand_words(self, state: CarnivalState, box: Box) -> str:
        return evaluate_four(box.cards).description if len(box.cards) >= 4 else ""

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        return [rules["ante_paytable"], *(b.paytable for b in SIDE_BETS.offered(rules))]

    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        view["dealer"]["up_card"] = self.up_card(state)
        if state.revealed and state.dealer:
            view["dealer"]["hand"] = evaluate_four(state.dealer).description


FOUR_CARD_POKER = FourCardPoker()
