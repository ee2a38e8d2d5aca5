"""Mississippi Stud Poker, for the Chapter 4 profile in ``webgame/rules/mississippi-stud.toml``
(004 Mississippi Stud Poker, s.1610-1755).

Round flow::

    betting (Ante) ── deal: two cards each, three community cards face down ──>
    3rd Street: 1x/2x/3x or fold ── first community card up ──>
    4th Street: 1x/2x/3x or fold ── second community card up ──>
    5th Street: 1x/2x/3x or fold ── third community card up ──> showdown ──> over

One position per player (004 s.1696, D-023): the seating allows one seat per person, and a
round refuses a second position's Ante from a player it knows.

The Crystal Park player-dealer edition (003 §60-§61, s.3696-3843) is the same game as data:
its own paytable, two cards at a time to each player and to the P/D, whose cards are never
used (``player_dealer_cards``, D-337), no cap stated (``capped``), and the 3 Card Bonus on
the three community cards, which stays in action on a folded hand and is settled after the
street wagers (003 s.3757, s.3787, s.3810-3827).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.hands import evaluate_high, evaluate_three
from ...engine.hands.value import plural, word
from ...engine.money import fmt, share_exactly
from ...engine.protocol import Action, Event, IllegalAction, Legal, Note, Stake
from ...engine.rng import Rng
from ..banked import spot_word
from .base import (
    RANK_INDEX,
    Box,
    CarnivalEngine,
    CarnivalState,
    Spot,
    pay_line,
)

ANTE = "ante"
THREE_CARD = "ms-three-card-bonus"  # the spot, its limit and its side bet (003 s.3807-3827)
STREETS = ("3rd", "4th", "5th")
STREET_NAMES = {"3rd": "3rd Street", "4th": "4th Street", "5th": "5th Street"}


class MississippiStud(CarnivalEngine):
    slug = "mississippi-stud"
    name = "Mississippi Stud"
    STAGES = 3
    DECISIONS = ("street", "fold")
    MAIN = ANTE

    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        return [
            Spot(ANTE, "Ante", "ante", name="the Ante"),  # 004 s.1616, s.1694
            # Only beside an Ante, before the deal (003 s.3811-3812); offered where the edition has it.
            Spot(THREE_CARD, "3 Card Bonus", THREE_CARD, requires=(ANTE,), side_bet=THREE_CARD,
                 deals_in=False, name="the 3 Card Bonus"),
        ]

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        if not rules["street_multiples"] or any(int(m) < 1 for m in rules["street_multiples"]):
            raise ValueError("street wagers are positive multiples of the Ante")
        if int(rules["max_spots_per_player"]) != 1:
            raise ValueError("a Mississippi Stud player plays one position only (004 s.1696, D-023)")

    def may_bet(self, state: CarnivalState, seat: int) -> str:
        """004 s.1696, D-023: one position per player."""
        who = state.owners.get(seat)
        if who and any(state.owners.get(n) == who and box.bets for n, box in state.seats.items() if n != seat):
            return "You may play only one position at Mississippi Stud (004 s.1696)."
        return ""

    # -- the deal ------------------------------------------------------------------------
    def deal(self, state: CarnivalState, rng: Rng, players: list[int], events: list[Event]) -> None:
        # Two cards face down to each player from the dealer's left, one at a time, then the
        # three community cards face down (004 s.1703-1706); or two at a time to each player
        # and then to the P/D, whose cards are never shown nor used (003 s.3759, D-337).
        if state.rules.get("deal", "one-at-a-time") == "two-at-a-time":
            for n in players:
                state.seats[n].cards = [state.shoe.draw(rng).code for _ in range(2)]
        else:
            for _ in range(2):
                for n in players:
                    state.seats[n].cards.append(state.shoe.draw(rng).code)
        state.burn = [state.shoe.draw(rng).code for _ in range(int(state.rules.get("player_dealer_cards", 0)))]
        state.community = [state.shoe.draw(rng).code for _ in range(3)]

    def expected_cards(self, state: CarnivalState) -> tuple[int, int, int]:
        return 2, 0, 3 + int(state.rules.get("player_dealer_cards", 0))

    # -- decisions -------------------------------------------------------------------------
    def decision_legal(self, state: CarnivalState, seat: int, box: Box) -> list[Legal]:
        ante = box.bets[ANTE]
        street = STREET_NAMES[STREETS[state.stage - 1]]
        out = [Legal("street", str(m), m * ante, m * ante, f"{street} {m}x ({fmt(m * ante)})")
               for m in state.rules["street_multiples"]]
        return [*out, Legal("fold", "", label="Fold")]

    def apply_decision(self, state: CarnivalState, seat: int, box: Box, action: Action,
                       events: list[Event]) -> None:
        ante = box.bets[ANTE]
        key = STREETS[state.stage - 1]
        if action.kind == "street":
            multiples = [int(m) for m in state.rules["street_multiples"]]
            if not action.spot.isdigit() or int(action.spot) not in multiples:
                raise IllegalAction(f"A {STREET_NAMES[key]} wager is "
                                    + ", ".join(f"{m}x" for m in multiples) + " the Ante (004 s.1617-1625).")
            amount = int(action.spot) * ante
            if action.amount not in (0, amount):
                raise IllegalAction(f"{action.spot}x the Ante is {fmt(amount)}.")
            box.bets[key] = amount
            box.decisions.append(f"{action.spot}x")
            events.append(Stake(seat, key, amount))
            return
        # 004 s.1714, s.1717, s.1719 (D-338): a fold loses the Ante and every street wager placed.
        box.folded = True
        box.decisions.append("fold")
        for bet in (ANTE, *STREETS):
            self.lose(state, events, seat, bet, f"Folded at {STREET_NAMES[key]} (004 s.1714-1719)")
        events.append(Note(f"{spot_word(seat)} folds."))

    def end_stage(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        state.community_shown = state.stage  # 004 s.1716, s.1718, s.1720
        events.append(Note(f"Community card {state.stage}: {state.community[state.stage - 1]}."))

    def default_action(self, state: CarnivalState, seat: int) -> Action:
        return Action("fold", seat)  # D-009: fold where a wager is required

    def bot_decision(self, state: CarnivalState, seat: int) -> Action:
        box = state.seats[seat]
        cards = box.cards + state.community[:state.community_shown]
        times = _bot_multiple(cards)
        if times == 0:
            return Action("fold", seat)
        allowed = [int(m) for m in state.rules["street_multiples"]]
        times = max(m for m in allowed if m <= times) if any(m <= times for m in allowed) else min(allowed)
        return Action("street", seat, str(times), times * box.bets[ANTE])

    # -- the showdown --------------------------------------------------------------------
    def cap(self, rules: Mapping[str, Any]) -> int | None:
        """004 s.1749, D-334: the greater of the floor and the most one patron could win betting
        the minimum: the minimum Ante and the top multiple on every street, at the top line.
        None where the rulebook states no cap (003: the P/D pays to its stake)."""
        if not rules.get("capped", True):
            return None
        table = rules["paytables"][rules["paytable"]]["lines"]
        top = max(self.odds(rules, rules["paytable"], line).net for line in table)
        stake = int(rules["limits"]["ante"]["min"]) * (1 + len(STREETS) * max(int(m) for m in rules["street_multiples"]))
        return max(int(rules["cap_floor"]), int(top * stake))

    def showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        rules = state.rules
        table = rules["paytable"]
        push = set(rules["paytables"][table].get("push_lines", []))
        if any(b.bets.get(THREE_CARD) for b in state.seats.values()):
            state.community_shown = len(state.community)  # the bonus is read on all three, folds or not
        for n, box in sorted(state.seats.items()):
            if box.live:
                self._settle_hand(state, events, n, box, table, push)
            if box.dealt_in:
                self._settle_bonus(state, events, n, box)

    def _settle_bonus(self, state: CarnivalState, events: list[Event], n: int, box: Box) -> None:
        """The 3 Card Bonus on the three community cards, whatever the hand did, a fold
        included (003 s.3810, s.3817; the cards are tucked under it); last in the seat's
        order (003 s.3787). Three-card straights as Three Card Poker's (D-339)."""
        if not box.bets.get(THREE_CARD):
            return
        rules = state.rules
        table = self.side_paytable(rules, THREE_CARD)
        three = evaluate_three(state.community)
        line = pay_line(rules, table, three)
        name = self.words(rules).table_name(table)
        if line is None:
            self.lose(state, events, n, THREE_CARD, f"{name}: the community cards make {three.description.lower()}")
        else:
            won = self.odds(rules, table, line).win(box.bets[THREE_CARD])
            self.win(state, events, n, THREE_CARD, won, f"{name}: {self.pays(rules, table, line)}")

    def _settle_hand(self, state: CarnivalState, events: list[Event], n: int, box: Box, table: str,
                     push: set[str]) -> None:
        rules = state.rules
        value = evaluate_high(box.cards + state.community)
        box.hand = value.description
        line = pay_line(rules, table, value)
        bets = [b for b in (ANTE, *STREETS) if box.bets.get(b)]
        if line is None:
            for bet in bets:
                self.lose(state, events, n, bet, f"{value.description} loses (004 s.1725, D-704)")
        elif line in push:
            pushed = self.words(rules).label(table, line).lower()
            for bet in bets:
                self.push(state, events, n, bet, f"{value.description}: a {pushed} pushes (004 s.1726)")
        else:
            odds = self.odds(rules, table, line)
            wins = {bet: odds.win(box.bets[bet]) for bet in bets}
            cap = self.cap(rules)
            paid = wins if cap is None else share_exactly(wins, cap)
            for bet in bets:
                detail = self.pays(rules, table, line)
                if paid[bet] != wins[bet]:
                    detail += f"; this hand's payout is capped at {fmt(cap or 0)} (004 s.1749, D-334)"
                self.win(state, events, n, bet, paid[bet], detail)

    # -- showing it ----------------------------------------------------------------------
    def hand_words(self, state: CarnivalState, box: Box) -> str:
        cards = box.cards + state.community[:state.community_shown]
        if len(cards) == 5:
            return evaluate_high(cards).description
        return _partial_words(cards) if cards else ""

    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        view["streets"] = [{"key": k, "label": STREET_NAMES[k]} for k in STREETS]
        view["street_multiples"] = [int(m) for m in state.rules["street_multiples"]]
        cap = self.cap(state.rules)
        view["cap"] = {"amount": cap, "kind": "per-hand"} if cap is not None else None

    def rules_summary(self, rules: Mapping[str, Any]) -> list[str]:
        cap = self.cap(rules)
        return self.words(rules).lines("summary", cap=fmt(cap) if cap is not None else "")

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        shown = [rules["paytable"]]
        if THREE_CARD in rules["side_bets"]:
            shown.append(self.side_paytable(rules, THREE_CARD))
        return shown


def _partial_words(cards: list[str]) -> str:
    """Words for two to four cards: what they already make."""
    ranks = sorted((RANK_INDEX[c[0]] for c in cards), reverse=True)
    counts = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    if counts[0][0] == 4:
        return f"Four {plural(counts[0][1])}"
    if counts[0][0] == 3:
        return f"Three {plural(counts[0][1])}"
    if counts[0][0] == 2 and len(counts) > 1 and counts[1][0] == 2:
        return f"Two pair, {plural(counts[0][1])} and {plural(counts[1][1])}"
    if counts[0][0] == 2:
        return f"Pair of {plural(counts[0][1])}"
    return f"{word(ranks[0]).capitalize()} high"


HIGH, MIDDLE = RANK_INDEX["J"], RANK_INDEX["6"]  # a pair of these pays (J-A), pushes (6-T)


def _straight_span(ranks: list[int]) -> tuple[int, int, int] | None:
    """(lowest, highest, gaps) of different ranks that fit in one straight, the ace low where
    that fits tighter (A-2-3-4-5, 004 s.1677); None for a pair or a spread over five."""
    if len(set(ranks)) < len(ranks):
        return None
    fits = []
    for ordering in (sorted(ranks), sorted(-1 if r == RANK_INDEX["A"] else r for r in ranks)):
        if ordering[-1] - ordering[0] <= 4:
            fits.append((ordering[-1] - ordering[0], ordering[0], ordering[-1]))
    if not fits:
        return None
    span, low, high = min(fits)
    return low, high, span - (len(ranks) - 1)


def _bot_multiple(cards: list[str]) -> int:
    """The bots' street wager in Antes (3, 1, or 0 to fold), a points strategy in the
    manner of the published ones, cheap enough for the engine (the best play is a table of
    every card set, kept in the analyzer): a high card (J-A) counts 2 points, a middle card
    (6-10) 1, a low card 0. Only 1x or 3x: the best wager is never 2x.

    3rd Street (two cards): 3x any pair; 1x with 2 points or 6-5 suited; fold.
    4th Street (three): 3x a pair of 6s or better, or three suited to a royal, to a
    straight flush without a gap from 5-6-7 up, with one gap and a high card, or two gaps
    and two high cards; 1x any other three suited, a low pair, 3 points, three to a straight
    without a gap from 4-5-6 up or with one gap and two middle cards; fold.
    5th Street (four): 3x a pair of 6s or better, four to a flush, or four to an outside
    straight 8 high or better; 1x any other four to a straight, a low pair, or 4 points;
    fold.

    Against the best play it costs 0.015 points of house edge per Ante (4.930 % against
    4.915 %, both exact by enumeration at the Chapter 4 paytable)."""
    ranks = [RANK_INDEX[c[0]] for c in cards]
    counts = {r: ranks.count(r) for r in ranks}
    pairs = [r for r, n in counts.items() if n >= 2]
    points = sum(2 if r >= HIGH else 1 if r >= MIDDLE else 0 for r in ranks)
    highs = sum(1 for r in ranks if r >= HIGH)
    middles = sum(1 for r in ranks if MIDDLE <= r < HIGH)
    suited = len({c[1] for c in cards}) == 1
    straight = _straight_span(ranks)
    if len(cards) == 2:
        if pairs:
            return 3
        five_six = sorted(ranks) == [RANK_INDEX["5"], RANK_INDEX["6"]]
        return 1 if points >= 2 or (suited and five_six) else 0
    made = any(n >= 3 for n in counts.values()) or len(pairs) >= 2 or any(r >= MIDDLE for r in pairs)
    if made:
        return 3
    if len(cards) == 3:
        if suited and straight is not None:
            low, _, gaps = straight
            if min(ranks) >= RANK_INDEX["T"] or (gaps == 0 and low >= RANK_INDEX["5"]) \
                    or (gaps == 1 and highs >= 1) or (gaps == 2 and highs >= 2):
                return 3
        if suited or pairs or points >= 3:
            return 1
        if straight is not None and ((straight[2] == 0 and straight[0] >= RANK_INDEX["4"])
                                     or (straight[2] == 1 and middles >= 2)):
            return 1
        return 0
    if suited:
        return 3
    if straight is not None:
        low, high, gaps = straight
        if gaps == 0 and low >= RANK_INDEX["2"] and RANK_INDEX["8"] <= high <= RANK_INDEX["K"]:
            return 3  # open at both ends
        return 1
    return 1 if pairs or points >= 4 else 0


MISSISSIPPI_STUD = MississippiStud()
