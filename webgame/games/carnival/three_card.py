"""Three Card Poker: Ante and Play against the dealer, the Ante Bonus, and Pair Plus, for
every variant in ``webgame/rules/three-card-poker.toml`` (000 §20-§21, 004 §33-§34).

Round flow::

    betting ── deal ──> decide (Play = Ante, or fold; Pair-Plus-only hands do not decide)
            ── showdown: the dealer plays with its qualifier (queen high) ──> over
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.hands import evaluate_three
from ...engine.money import fmt
from ...engine.prose import qualifier_words
from ...engine.protocol import Action, Event, IllegalAction, Legal, Note, Stake
from ...engine.rng import Rng
from ..banked import spot_word
from .base import (
    Box,
    CarnivalEngine,
    CarnivalState,
    Spot,
    pay_line,
    qualifies,
)

ANTE, PLAY, PAIR_PLUS, ANTE_BONUS = "ante", "play", "pair-plus", "ante-bonus"
BOT_PLAYS_FROM = ("Q", "6", "4")  # the bots play queen-six-four or better


class ThreeCardPoker(CarnivalEngine):
    slug = "three-card-poker"
    name = "Three Card Poker"
    STAGES = 1
    DECISIONS = ("play", "fold")
    MAIN = ANTE

    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        return [
            Spot(ANTE, "Ante", "ante", name="the Ante"),
            # Pair Plus may be the only bet (000 s.1030, 004 s.1473): it deals the hand in.
            Spot(PAIR_PLUS, "Pair Plus", "pair-plus", side_bet="pair-plus", name="Pair Plus"),
        ]

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        if rules["deal"] not in ("stacks", "rotation"):
            raise ValueError("deal is 'stacks' or 'rotation'")
        for key in ("ante_play_paytable", "ante_bonus_paytable", "pair_plus_paytable"):
            if rules[key] not in rules["paytables"]:
                raise ValueError(f"{key} names a paytable this variant does not have")

    # -- the deal ------------------------------------------------------------------------
    def deal(self, state: CarnivalState, rng: Rng, players: list[int], events: list[Event]) -> None:
        if state.rules["deal"] == "stacks":
            # 000 s.1085: a 3-card stack to each player from the dealer's left, then the dealer's.
            for n in players:
                state.seats[n].cards = [state.shoe.draw(rng).code for _ in range(3)]
            state.dealer = [state.shoe.draw(rng).code for _ in range(3)]
        else:
            # 004 s.1456-1457: one card at a time, left to right, in rotation, the dealer last.
            for _ in range(3):
                for n in players:
                    state.seats[n].cards.append(state.shoe.draw(rng).code)
                state.dealer.append(state.shoe.draw(rng).code)

    def expected_cards(self, state: CarnivalState) -> tuple[int, int, int]:
        return 3, 3, 0

    # -- decisions -------------------------------------------------------------------------
    def needs_decision(self, state: CarnivalState, box: Box) -> bool:
        """Only an Ante hand decides; a Pair-Plus-only hand has no decision (D-269)."""
        return box.live and box.bets.get(ANTE, 0) > 0

    def decision_legal(self, state: CarnivalState, seat: int, box: Box) -> list[Legal]:
        ante = box.bets[ANTE]
        fold = "Fold (forfeits Ante and Pair Plus)" if box.bets.get(PAIR_PLUS) else "Fold"
        return [Legal("play", "", ante, ante, f"Play {fmt(ante)}"), Legal("fold", "", label=fold)]

    def apply_decision(self, state: CarnivalState, seat: int, box: Box, action: Action,
                       events: list[Event]) -> None:
        ante = box.bets[ANTE]
        if action.kind == "play":
            if action.amount not in (0, ante):
                raise IllegalAction(f"The Play bet must equal the Ante, {fmt(ante)}.")  # 000 s.1021, 004 s.1478
            box.bets[PLAY] = ante
            box.decisions.append("play")
            events.append(Stake(seat, PLAY, ante))
            return
        box.folded = True
        box.decisions.append("fold")
        self.lose(state, events, seat, ANTE, "Folded: the Ante is forfeited (000 s.1089, 004 s.1477)")
        self.lose(state, events, seat, PAIR_PLUS, "Folded: Pair Plus is forfeited too (000 s.1090, D-269)")
        events.append(Note(f"{spot_word(seat)} folds."))

    def default_action(self, state: CarnivalState, seat: int) -> Action:
        return Action("fold", seat)  # D-009: fold where a raise is required

    def bot_decision(self, state: CarnivalState, seat: int) -> Action:
        value = evaluate_three(state.seats[seat].cards)
        if qualifies(value, BOT_PLAYS_FROM):
            return Action("play", seat, "", state.seats[seat].bets[ANTE])
        return Action("fold", seat)

    # -- the showdown ------------------------------------------------------------------------
    def showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        rules = state.rules
        dealer = evaluate_three(state.dealer)
        plays = qualifies(dealer, rules["dealer_qualifier"])
        below = qualifier_words(rules["dealer_qualifier"])
        events.append(Note(f"Dealer has {dealer.description}: "
                           + ("the dealer plays." if plays else f"the dealer does not play (below {below}).")))
        main, bonus, pp = rules["ante_play_paytable"], rules["ante_bonus_paytable"], rules["pair_plus_paytable"]
        words = self.words(rules)
        for n, box in sorted(state.seats.items()):
            if not box.live:
                continue
            value = evaluate_three(box.cards)
            box.hand = value.description
            # Pair Plus: the player's three cards against the posted scale, whatever the dealer
            # holds (000 s.1020, 004 s.1491-1496).
            if box.bets.get(PAIR_PLUS):
                line = pay_line(rules, pp, value)
                if line is None:
                    self.lose(state, events, n, PAIR_PLUS, f"{words.table_name(pp)}: {value.description} does not pay")
                else:
                    won = self.odds(rules, pp, line).win(box.bets[PAIR_PLUS])
                    self.win(state, events, n, PAIR_PLUS, won, f"{words.table_name(pp)}: {self.pays(rules, pp, line)}")
            if not box.bets.get(ANTE):
                continue
            ante = box.bets[ANTE]
            # The Ante Bonus: on the Ante of a hand that made the Play bet, whatever the dealer
            # holds (D-268). It is a payout, not a wager: it settles with no stake of its own.
            line = pay_line(rules, bonus, value)
            if line is not None:
                won = self.odds(rules, bonus, line).win(ante)
                self.settle(state, events, n, ANTE_BONUS, 0, won, "win",
                            f"{words.table_name(bonus)}: {self.pays(rules, bonus, line)}")
            if not plays:
                odds = self.odds(rules, main, "dealer-does-not-qualify")
                self.win(state, events, n, ANTE, odds.win(ante),
                         f"Dealer does not play: the Ante pays {odds} (000 s.1047)")
                self.push(state, events, n, PLAY, "Dealer does not play: the Play pushes (000 s.1047, 004 s.1486)")
            elif value > dealer:
                odds = self.odds(rules, main, "win")
                detail = f"{value.description} beats the dealer's {dealer.description}: pays {odds}"
                self.win(state, events, n, ANTE, odds.win(ante), detail)
                self.win(state, events, n, PLAY, odds.win(box.bets[PLAY]), detail + " (D-266)")
            elif value == dealer:
                detail = "Identical hands push (000 s.1074, 004 s.1489, D-270)"
                self.push(state, events, n, ANTE, detail)
                self.push(state, events, n, PLAY, detail)
            else:
                detail = f"The dealer's {dealer.description} beats {value.description} (D-267)"
                self.lose(state, events, n, ANTE, detail)
                self.lose(state, events, n, PLAY, detail)

    # -- showing it --------------------------------------------------------------------------
    def hand_words(self, state: CarnivalState, box: Box) -> str:
        return evaluate_three(box.cards).description if len(box.cards) == 3 else ""

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        shown = [rules["ante_bonus_paytable"]]
        if "pair-plus" in rules["side_bets"]:
            shown.append(rules["pair_plus_paytable"])
        return shown

    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        if state.revealed and len(state.dealer) == 3:
            dealer = evaluate_three(state.dealer)
            view["dealer"]["hand"] = dealer.description
            view["dealer"]["qualifies"] = qualifies(dealer, state.rules["dealer_qualifier"])


THREE_CARD_POKER = ThreeCardPoker()
