"""Let It Ride: three equal base bets on the player's three cards and two community cards,
bets 1 and 2 taken back or let ride as the community cards turn, the $1 Bonus and the Three
Card Bonus, for every variant in ``webgame/rules/let-it-ride.toml`` (000 §12-§14,
004 Let It Ride).

Round flow::

    betting ── deal (3 to each player; the dealer's 3: one burn, two community) ──>
    bet 1: let it ride / take back ── first community card up ──>
    bet 2: let it ride / take back ── second community card up ──> showdown ──> over
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.hands import evaluate_high, evaluate_three
from ...engine.money import fmt, share_exactly
from ...engine.protocol import Action, Event, IllegalAction, Legal, Note, Refund
from ...engine.rng import Rng
from .base import (
    RANK_INDEX,
    Box,
    CarnivalEngine,
    CarnivalState,
    Spot,
    pay_line,
    prorate,
)

BASE = "base"
BETS = ("bet-1", "bet-2", "bet-3")
DOLLAR, THREE_CARD = "dollar-bonus", "three-card-bonus"
DOLLAR_TABLE, THREE_CARD_TABLE = "lir-dollar-bonus", "lir-three-card-bonus"
BET_NAMES = {"bet-1": "bet 1", "bet-2": "bet 2", "bet-3": "the $ bet"}


class LetItRide(CarnivalEngine):
    slug = "let-it-ride"
    name = "Let It Ride"
    STAGES = 2
    DECISIONS = ("ride", "take-back")
    MAIN = BASE

    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        return [
            # Three equal bets (000 s.582, s.589; 004 s.1099): one chip goes on each circle.
            Spot(BASE, "1 · 2 · $", "base", stakes=BETS, name="each base bet"),
            Spot(DOLLAR, "$1 Bonus", DOLLAR_TABLE, requires=(BASE,), fixed=True,
                 side_bet=DOLLAR_TABLE, deals_in=False, name="the $1 Bonus"),
            Spot(THREE_CARD, "3 Card Bonus", THREE_CARD_TABLE, requires=(BASE,),
                 side_bet=THREE_CARD_TABLE, deals_in=False, name="the Three Card Bonus"),
        ]

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        if rules["burn"] not in ("deal", "first-reveal"):
            raise ValueError("burn is 'deal' or 'first-reveal'")
        if rules["cap_kind"] not in ("per-player", "table-aggregate", "none"):
            raise ValueError("cap_kind is 'per-player', 'table-aggregate' or 'none'")
        if (rules["cap_kind"] != "none" and int(rules["cap"]) <= 0) or rules["base_paytable"] not in rules["paytables"]:
            raise ValueError("a Let It Ride table needs a positive cap and its base paytable")

    # -- the deal ------------------------------------------------------------------------
    def deal(self, state: CarnivalState, rng: Rng, players: list[int], events: list[Event]) -> None:
        # A stack of three to each player from the dealer's left, then a stack of three in
        # front of the dealer: one is the burn card, two are the community cards (000 s.669,
        # 004 s.1100-1101, s.1103).
        for n in players:
            state.seats[n].cards = [state.shoe.draw(rng).code for _ in range(3)]
        stack = [state.shoe.draw(rng).code for _ in range(3)]
        state.burn, state.community = stack[:1], stack[1:]

    def expected_cards(self, state: CarnivalState) -> tuple[int, int, int]:
        return 3, 0, 3

    # -- decisions ---------------------------------------------------------------------------
    def decision_legal(self, state: CarnivalState, seat: int, box: Box) -> list[Legal]:
        n = str(state.stage)
        amount = box.bets[f"bet-{n}"]
        return [Legal("ride", n, label=f"Let it ride (bet {n})"),
                Legal("take-back", n, amount, amount, f"Take back bet {n} ({fmt(amount)})")]

    def apply_decision(self, state: CarnivalState, seat: int, box: Box, action: Action,
                       events: list[Event]) -> None:
        n = str(state.stage)
        if action.spot not in ("", n):
            raise IllegalAction(f"Bet {n} is the one to decide now; bet 3 can never be taken back.")
        key = f"bet-{n}"
        if action.kind == "take-back":
            # The chips go back to the player at once (000 s.684, s.688; 004 s.1102).
            events.append(Refund(seat, key, box.bets.pop(key)))
            box.decisions.append("take-back")
        else:
            box.decisions.append("ride")

    def default_action(self, state: CarnivalState, seat: int) -> Action:
        return Action("take-back", seat, str(state.stage))  # D-009: "take back"

    def bot_decision(self, state: CarnivalState, seat: int) -> Action:
        box = state.seats[seat]
        cards = box.cards + state.community[:state.community_shown]
        ride = _rides_first(cards) if state.stage == 1 else _rides_second(cards)
        return Action("ride" if ride else "take-back", seat, str(state.stage))

    def end_stage(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        state.community_shown = state.stage
        card = state.community[state.stage - 1]
        if state.stage == 1 and state.rules["burn"] == "first-reveal":
            events.append(Note("The bottom card is burned."))
        events.append(Note(f"Community card {state.stage}: {card}."))

    # -- the showdown --------------------------------------------------------------------
    def showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        rules = state.rules
        table = rules["base_paytable"]
        three_table = self.side_paytable(rules, THREE_CARD_TABLE)
        words = self.words(rules)
        wins: dict[tuple[int, str], int] = {}
        lines: dict[int, str] = {}
        for n, box in sorted(state.seats.items()):
            if not box.live:
                continue
            five = evaluate_high(box.cards + state.community)
            box.hand = five.description
            # The Three Card Bonus: the player's own three cards (000 s.689-690, s.649-661),
            # settled before the base bets (002 s.3522, D-293).
            if box.bets.get(THREE_CARD):
                three = evaluate_three(box.cards)
                line = pay_line(rules, three_table, three)
                if line is None:
                    self.lose(state, events, n, THREE_CARD,
                              f"{words.table_name(three_table)}: {three.description} does not pay")
                else:
                    won = self.odds(rules, three_table, line).win(box.bets[THREE_CARD])
                    self.win(state, events, n, THREE_CARD, won,
                             f"{words.table_name(three_table)}: {self.pays(rules, three_table, line)}")
            # The $1 Bonus: the final five-card hand, "for 1" (D-024, D-288); no cap (D-289).
            if box.bets.get(DOLLAR):
                line = pay_line(rules, DOLLAR_TABLE, five)
                if line is None:
                    self.lose(state, events, n, DOLLAR,
                              f"{words.table_name(DOLLAR_TABLE)}: {five.description} does not pay")
                else:
                    won = self.odds(rules, DOLLAR_TABLE, line).win(box.bets[DOLLAR])
                    self.win(state, events, n, DOLLAR, won,
                             f"{words.table_name(DOLLAR_TABLE)}: {self.pays(rules, DOLLAR_TABLE, line)}")
            line = pay_line(rules, table, five)
            if line is None:
                # Lower than a pair of 10s: every bet still in action loses (000 s.693).
                for key in BETS:
                    self.lose(state, events, n, key, f"{five.description} is below a pair of 10s")
                continue
            lines[n] = line
            odds = self.odds(rules, table, line)
            for key in BETS:
                if box.bets.get(key):
                    wins[(n, key)] = odds.win(box.bets[key])
        paid, cap_note = self._capped(state, wins)
        for (n, key), won in sorted(wins.items()):
            detail = self.pays(rules, table, lines[n])
            if paid[(n, key)] != won:
                detail += f"; {cap_note}"
            self.win(state, events, n, key, paid[(n, key)], detail)
        if cap_note and any(paid[k] != w for k, w in wins.items()):
            events.append(Note(cap_note[0].upper() + cap_note[1:] + "."))

    def _capped(self, state: CarnivalState, wins: Mapping[tuple[int, str], int]) -> tuple[dict[tuple[int, str], int], str]:
        """The base bets' cap (D-006): per player, all spots together, paid up to the cap
        exactly (000 s.612, D-289); or table-wide, each hand's award times LIMIT / SUM,
        truncated (004 s.1124-1143, D-292)."""
        rules = state.rules
        if rules["cap_kind"] == "none":  # no cap stated: the P/D pays to its stake (002 s.3338-3340)
            return dict(wins), ""
        cap = int(rules["cap"])
        if rules["cap_kind"] == "per-player":
            paid = dict(wins)
            players: dict[str, list[tuple[int, str]]] = {}
            for n, key in wins:
                players.setdefault(state.owners.get(n) or f"spot-{n}", []).append((n, key))
            for keys in players.values():
                paid.update(share_exactly({k: wins[k] for k in keys}, cap))
            return paid, f"a player's base bets win at most {fmt(cap)} a round (000 s.612)"
        awards: dict[int, int] = {}
        for (n, _), won in wins.items():
            awards[n] = awards.get(n, 0) + won
        total = sum(awards.values())
        shares = prorate(awards, cap)
        paid = {}
        for n, share in shares.items():
            paid.update(share_exactly({k: w for k, w in wins.items() if k[0] == n}, share))
        return paid, (f"the table's awards of {fmt(total)} are cut to the {fmt(cap)} aggregate limit, "
                      f"each by {fmt(cap)} / {fmt(total)} (004 s.1124-1143)")

    # -- showing it ----------------------------------------------------------------------
    def hand_words(self, state: CarnivalState, box: Box) -> str:
        if len(box.cards) != 3:
            return ""
        if state.community_shown == 2:
            return evaluate_high(box.cards + state.community).description
        return evaluate_three(box.cards).description

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        shown = [rules["base_paytable"]]
        shown += [self.side_paytable(rules, slug) for slug in (DOLLAR_TABLE, THREE_CARD_TABLE)
                  if slug in rules["side_bets"]]
        return shown

    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        # The dealer's face-down cards: the burn stays in front of the dealer until the first
        # turn where the rulebook burns then (004 s.1103).
        on_table = state.rules["burn"] == "first-reveal" and state.community_shown == 0 and bool(state.burn)
        view["burn_on_table"] = on_table
        view["cap"] = {"amount": int(state.rules["cap"]), "kind": state.rules["cap_kind"]}


# ---------------------------------------------------------------------------------------
# The bots' strategy: let a bet ride only with a paying hand or a strong draw
# ---------------------------------------------------------------------------------------
def _ranks(cards: list[str]) -> list[int]:
    return sorted((RANK_INDEX[c[0]] for c in cards), reverse=True)


def _paying_pair(cards: list[str]) -> bool:
    ranks = _ranks(cards)
    counts = {r: ranks.count(r) for r in ranks}
    return any(c >= 3 for c in counts.values()) or any(c == 2 and r >= RANK_INDEX["T"] for r, c in counts.items()) \
        or sum(1 for c in counts.values() if c == 2) >= 2


def _rides_first(cards: list[str]) -> bool:
    """Three cards: a paying pair or trips, three to a royal, or three suited in a row from 3-4-5 up."""
    if _paying_pair(cards):
        return True
    suited = len({c[1] for c in cards}) == 1
    ranks = _ranks(cards)
    if suited and min(ranks) >= RANK_INDEX["T"]:
        return True
    return suited and ranks[0] - ranks[2] == 2 and len(set(ranks)) == 3 and ranks[2] >= RANK_INDEX["3"]


def _rides_second(cards: list[str]) -> bool:
    """Four cards: a paying hand, four to a flush, or four in a row ten high or better."""
    if _paying_pair(cards):
        return True
    if max(sum(1 for c in cards if c[1] == s) for s in "cdhs") == 4:
        return True
    ranks = sorted(set(_ranks(cards)))
    return len(ranks) == 4 and ranks[3] - ranks[0] == 3 and ranks[3] >= RANK_INDEX["T"]


LET_IT_RIDE = LetItRide()
