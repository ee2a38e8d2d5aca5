"""Three Card Poker: Ante and Play against the dealer, the Ante Bonus, and Pair Plus, for
every variant in ``webgame/rules/three-card-poker.toml`` (000 §20-§21, 004 §33-§34).

Round flow::

    betting ── deal ──> decide (Play = Ante, or fold; Pair-Plus-only hands do not decide)
            ── showdown: the dealer plays with its qualifier (queen high) ──> over
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.hands import evaluate_high, evaluate_three
from ...engine.money import fmt
from ...engine.prose import qualifier_words
from ...engine.protocol import Action, Event, IllegalAction, Legal, Note, Stake
from ...engine.rng import Rng
from ..banked import Move, spot_word
from .base import (
    Box,
    CarnivalEngine,
    CarnivalState,
    Spot,
    pay_line,
    qualifies,
)

ANTE, PLAY, PAIR_PLUS, ANTE_BONUS = "ante", "play", "pair-plus", "ante-bonus"
SIX_CARD_BONUS, TCP_BONUS = "six-card-bonus", "tcp-bonus"  # the player-dealer editions' bonus bets
FORFEITED_ON_FOLD = (ANTE, PAIR_PLUS, TCP_BONUS)  # the 6 Card Bonus survives a fold (D-280, D-281)
BOT_PLAYS_FROM = ("Q", "6", "4")  # the bots play queen-six-four or better


class ThreeCardPoker(CarnivalEngine):
    slug = "three-card-poker"
    name = "Three Card Poker"
    STAGES = 1
    DECISIONS = ("play", "fold")
    MAIN = ANTE

    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        # Pair Plus may be the only bet (000 s.1030, 004 s.1473): it deals the hand in. At the
        # player-dealer tables every bonus bet needs an Ante (001 s.373, 002 s.6485, 003 rule 4).
        alone = bool(rules.get("pair_plus_alone", True))
        needs = () if alone else (ANTE,)
        return [
            Spot(ANTE, "Ante", "ante", name="the Ante"),
            Spot(PAIR_PLUS, "Pair Plus", "pair-plus", side_bet="pair-plus", name="Pair Plus",
                 requires=needs, deals_in=alone),
            Spot(SIX_CARD_BONUS, "6 Card Bonus", "six-card-bonus", side_bet="six-card-bonus",
                 name="the 6 Card Bonus", requires=(ANTE,), deals_in=False),
            Spot(TCP_BONUS, "Bonus", "tcp-bonus", side_bet="tcp-bonus", name="the Bonus",
                 requires=(ANTE,), deals_in=False),
        ]

    def bonus_bounds(self, rules: Mapping[str, Any], spot: str, ante: int) -> tuple[int, int] | None:
        """(least, most) a bonus bet may hold beside an Ante of ``ante``, where the edition ties
        it to the Ante: the 6 Card Bonus at most the Ante (002 s.6526, D-286), the Lucky
        Chances Bonus exactly the Ante (002 s.1574, D-276); None where only its limit binds."""
        tie = (rules.get("tied_to_ante") or {}).get(spot)
        if tie == "at-most":
            return 0, ante
        if tie == "equal":
            return ante, ante
        return None

    def legal_actions(self, state: CarnivalState, seat: int) -> list[Legal]:
        out = super().legal_actions(state, seat)
        if state.phase != "betting" or seat not in state.seats:
            return out
        ante = state.seats[seat].bets.get(ANTE, 0)
        kept: list[Legal] = []
        for legal in out:
            tied = self.bonus_bounds(state.rules, legal.spot, ante) if legal.kind == "bet" else None
            if tied is not None:
                have = state.seats[seat].bets.get(legal.spot, 0)
                low, high = max(legal.min, tied[0] - have), min(legal.max, tied[1] - have)
                if high <= 0 or low > high:
                    continue
                legal = Legal(legal.kind, legal.spot, low, high, legal.label)
            kept.append(legal)
        return kept

    def moves(self) -> dict[str, Move[CarnivalState]]:
        return {**super().moves(), "bet": self._tied_bet}

    def _tied_bet(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase == "betting" and action.seat in state.seats:
            box = state.seats[action.seat]
            ante = box.bets.get(ANTE, 0)
            tied = self.bonus_bounds(state.rules, action.spot, ante)
            have = box.bets.get(action.spot, 0)
            if tied is not None and ante and have + action.amount > tied[1]:
                word = "equal" if tied[0] == tied[1] else "be no more than"
                raise IllegalAction(f"The {self.spot(state.rules, action.spot).label} must {word} "
                                    f"the Ante, {fmt(ante)}.")
        super().moves()["bet"](state, action, rng, events)

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        if rules["deal"] not in ("stacks", "rotation"):
            raise ValueError("deal is 'stacks' or 'rotation'")
        for key in ("ante_play_paytable", "ante_bonus_paytable", "pair_plus_paytable",
                    "six_card_bonus_paytable", "tcp_bonus_paytable"):
            if rules.get(key) and rules[key] not in rules["paytables"]:
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
        # The player-dealer's hand shows one card at the deal (001 s.382, 002 s.6440, D-283).
        state.dealer_up = [int(i) for i in state.rules.get("dealer_up", [])]

    def expected_cards(self, state: CarnivalState) -> tuple[int, int, int]:
        return 3, 3, 0

    # -- decisions -------------------------------------------------------------------------
    def needs_decision(self, state: CarnivalState, box: Box) -> bool:
        """Only an Ante hand decides; a Pair-Plus-only hand has no decision (D-269)."""
        return box.live and box.bets.get(ANTE, 0) > 0

    def decision_legal(self, state: CarnivalState, seat: int, box: Box) -> list[Legal]:
        ante = box.bets[ANTE]
        lost = [self.spot(state.rules, k).label for k in FORFEITED_ON_FOLD if box.bets.get(k)]
        fold = f"Fold (forfeits {' and '.join(lost)})" if len(lost) > 1 else "Fold"
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
        self.lose(state, events, seat, TCP_BONUS, "Folded: the Bonus is forfeited too (D-276)")
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
        main, bonus, pp = rules["ante_play_paytable"], rules.get("ante_bonus_paytable"), rules["pair_plus_paytable"]
        words = self.words(rules)
        for n, box in sorted(state.seats.items()):
            if box.dealt_in and box.bets.get(SIX_CARD_BONUS):
                self.six_card_bonus(state, events, n)  # settled for a folded hand too (D-281)
            if not box.live:
                continue
            value = evaluate_three(box.cards)
            box.hand = value.description
            # Pair Plus (and the Lucky Chances Bonus): the player's three cards against the
            # posted scale, whatever the dealer holds (000 s.1020, 004 s.1491-1496, 002 s.1586).
            for key, table in ((PAIR_PLUS, pp), (TCP_BONUS, rules.get("tcp_bonus_paytable", ""))):
                if not box.bets.get(key):
                    continue
                line = pay_line(rules, table, value)
                if line is None:
                    self.lose(state, events, n, key, f"{words.table_name(table)}: {value.description} does not pay")
                else:
                    won = self.odds(rules, table, line).win(box.bets[key])
                    self.win(state, events, n, key, won, f"{words.table_name(table)}: {self.pays(rules, table, line)}")
            if not box.bets.get(ANTE):
                continue
            ante = box.bets[ANTE]
            # The Ante Bonus: on the Ante of a hand that made the Play bet, whatever the dealer
            # holds (D-268). It is a payout, not a wager: it settles with no stake of its own.
            # The player-dealer editions have none (003 §62: "No Ante bonus").
            line = pay_line(rules, bonus, value) if bonus else None
            if bonus and line is not None:
                won = self.odds(rules, bonus, line).win(ante)
                self.settle(state, events, n, ANTE_BONUS, 0, won, "win",
                            f"{words.table_name(bonus)}: {self.pays(rules, bonus, line)}")
            if not plays:
                self.dealer_does_not_play(state, events, n, value > dealer)
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

    def dealer_does_not_play(self, state: CarnivalState, events: list[Event], n: int, higher: bool) -> None:
        """A dealer below the qualifier: the Play gets no action, and the Ante is paid even
        money (000 s.1047, 001 s.392, 002 s.6470) or, at Lucky Chances, paid only by a hand that
        beats the player-dealer's and returned otherwise (D-272)."""
        rules = state.rules
        ante = state.seats[n].bets[ANTE]
        odds = self.odds(rules, rules["ante_play_paytable"], "dealer-does-not-qualify")
        if rules.get("ante_if_dealer_does_not_play", "pays") == "pays-if-higher" and not higher:
            self.push(state, events, n, ANTE, "The player-dealer does not play and your hand does not "
                      "beat it: the Ante is returned (D-272)")
        else:
            self.win(state, events, n, ANTE, odds.win(ante), f"Dealer does not play: the Ante pays {odds} (000 s.1047)")
        self.push(state, events, n, PLAY, "Dealer does not play: the Play pushes (000 s.1047, 004 s.1486)")

    def six_card_bonus(self, state: CarnivalState, events: list[Event], n: int) -> None:
        """The best five of the player's three cards and the player-dealer's three, on a five-card
        scale with the flush above the straight (001 s.435-461, D-281, D-282)."""
        rules = state.rules
        table = rules["six_card_bonus_paytable"]
        value = evaluate_high([*state.seats[n].cards, *state.dealer])
        line = pay_line(rules, table, value)
        name = self.words(rules).table_name(table)
        if line is None:
            self.lose(state, events, n, SIX_CARD_BONUS, f"{name}: {value.description} does not pay")
        else:
            won = self.odds(rules, table, line).win(state.seats[n].bets[SIX_CARD_BONUS])
            self.win(state, events, n, SIX_CARD_BONUS, won, f"{name}: {self.pays(rules, table, line)}")

    # -- showing it --------------------------------------------------------------------------
    def hand_words(self, state: CarnivalState, box: Box) -> str:
        return evaluate_three(box.cards).description if len(box.cards) == 3 else ""

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        shown = [rules["ante_bonus_paytable"]] if rules.get("ante_bonus_paytable") else []
        for bet, key in (("pair-plus", "pair_plus_paytable"), ("six-card-bonus", "six_card_bonus_paytable"),
                         ("tcp-bonus", "tcp_bonus_paytable")):
            if bet in rules["side_bets"]:
                shown.append(rules[key])
        return shown

    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        if state.revealed and len(state.dealer) == 3:
            dealer = evaluate_three(state.dealer)
            view["dealer"]["hand"] = dealer.description
            view["dealer"]["qualifies"] = qualifies(dealer, state.rules["dealer_qualifier"])


THREE_CARD_POKER = ThreeCardPoker()
