"""The Blackjack table: betting, the deal, insurance, the peek, the players' decisions,
the dealer's hand and settlement, for every variant in ``webgame/rules/blackjack.toml``.

A round is a :class:`BlackjackState` that the web layer stores as JSON between requests.
Seats are the table's betting boxes, numbered from first base (0) to third base; a
person may play several boxes (D-023), which the table learns from ``owner`` actions.

Round flow::

    betting ── deal ──> [insurance, when the dealer shows an ace] ── peek ──> play ──> over
                                                   dealer blackjack ─────────────────> over

Everything after the last player decision (the dealer's hand, settlement) happens inside
the ``apply`` call that made that decision; the table never waits for itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...devices.shoe import Shoe, dead_game_carry
from ...engine import state as codec
from ...engine.money import fmt, half_forfeit
from ...engine.paytable import odds_of
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    GameBase,
    IllegalAction,
    Legal,
    Note,
    Refund,
    Stake,
    settle_once,
)
from ...engine.rng import Rng
from ..sidebets import Graded, SideBet, capped_per_player
from . import strategy
from .bonus import bonus_21, bonus_name, is_super_bonus
from .hand import Count, card_value, count, is_ace, is_logo, is_natural, is_ten_value, same_value
from .sidebets import DEAL, END, PEEK, SIDE_BETS, Dealt

BETTING, INSURANCE, PLAY, OVER = "betting", "insurance", "play", "over"
MAIN = "main"
SECOND = "main/2"  # the second of a box's two equal wagers where the table deals two hands (Switch, D-048)
MAIN_LABEL, MAIN_NAME = "Main bet", "the main bet"
INSURANCE_BET = "insurance"
SPOTS = (MAIN, *SIDE_BETS.spots)  # every betting spot; the engine reads the side-bet table itself
NOTES_SHOWN = 12

# Hand statuses, as the table shows them.
PLAYING, STOOD, BUST, BLACKJACK, SURRENDERED, TWENTY_ONE, RESCUED, OVER_NATURAL = (
    "playing", "stood", "bust", "blackjack", "surrendered", "21", "rescued", "over")


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------
@dataclass
class Hand:
    """One hand in front of a box; a split makes more of them."""

    cards: list[str] = field(default_factory=list)
    bet: str = MAIN  # settlement key: "main", then "main/2" … for split hands
    stake: int = 0
    double: int = 0  # settled separately under "<bet>/double"
    split: bool = False  # formed by a split: an ace and a ten is 21, not blackjack (D-038)
    split_aces: bool = False  # one card each and no decisions (000 s.309, D-037)
    status: str = PLAYING
    result: str | None = None  # win | lose | push | blackjack | even-money | surrender | rescue
    # Double-doubles (Spanish 21, s.1119, D-063), each settled under "<bet>/double-<n>", n = 2, 3 ….
    redoubles: list[int] = field(default_factory=list)
    # Keys of the wagers on this hand that are "Free Bet" lammers, not the player's money
    # (Free Bet Blackjack, 000 s.1260-1264): staked by the house, paid only on a win (D-079).
    free: list[str] = field(default_factory=list)
    origin: int = 0  # which of the box's dealt hands it came from (Switch deals two): splits count per hand

    @property
    def double_bet(self) -> str:
        return f"{self.bet}/double"

    @property
    def wagers(self) -> list[tuple[str, int]]:
        """Every wager on the hand with its settlement key: the hand's bet, its double, and
        any double-doubles, in the order they were made."""
        out = [(self.bet, self.stake)]
        if self.double:
            out.append((self.double_bet, self.double))
        out += [(f"{self.double_bet}-{k}", amount) for k, amount in enumerate(self.redoubles, start=2)]
        return out

    @property
    def total_wager(self) -> int:
        return sum(amount for _, amount in self.wagers)


@dataclass
class Seat:
    """A betting box: the chips on its spots before the deal, then its hands."""

    bets: dict[str, int] = field(default_factory=dict)
    hands: list[Hand] = field(default_factory=list)
    insurance: int = 0
    insurance_decided: bool = False
    results: list[dict[str, Any]] = field(default_factory=list)
    switch_open: bool = False  # Switch: the box has still to choose whether to switch (D-602)
    switched: bool = False
    first_two: list[str] = field(default_factory=list)  # as dealt: the bonus bets grade them after splits (D-141)

    @property
    def main(self) -> int:
        return self.bets.get(MAIN, 0)

    @property
    def dealt_in(self) -> bool:
        return bool(self.hands)


@dataclass
class BlackjackState:
    rules: dict[str, Any]  # snapshot of the resolved rules, paytables included
    shoe: Shoe
    seats: dict[int, Seat] = field(default_factory=dict)
    owners: dict[int, str] = field(default_factory=dict)  # box -> player id, for per-player rules
    dealer: list[str] = field(default_factory=list)  # up card first, hole card second
    hole_revealed: bool = False
    peeked: bool = False
    dealer_blackjack: bool = False  # known to the table only once the peek or reveal has happened
    phase: str = BETTING
    turn: int | None = None
    turn_hand: int = 0
    settled: list[str] = field(default_factory=list)  # "seat:bet" keys already settled
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------
# Small readings of the rules snapshot
# ---------------------------------------------------------------------------------------
def _main_paytable(rules: Mapping[str, Any]) -> str:
    return str(rules["main_paytable"])


def _count(rules: Mapping[str, Any], cards: list[str] | tuple[str, ...]) -> Count:
    """A hand's total on the table's scale: an ace counts eleven up to 21, or up to No Bust
    4.0's target of 22 (``soft_ace_up_to``, D-112)."""
    return count(cards, int(rules.get("soft_ace_up_to", 21)))


def _over_above(rules: Mapping[str, Any]) -> int:
    """The highest total that is not "over": 21 at blackjack, 22 at No Bust 4.0 (001 s.1372),
    20 at No Bust 4.0a, whose Natural is 20½ (003 s.1655), 21 at 21st Century Free Bet."""
    return int(rules.get("over_above", 21))


def _must_stand(rules: Mapping[str, Any], c: Count) -> bool:
    """The player chart's forced stand: on a hard total (Pure Spanish 21.5: hard 17, D-085;
    hard 19, D-100), or on any total, soft or hard (No Bust and 21st Century Free Bet: 21 and
    over, D-112, D-131, D-604)."""
    return (not c.soft and c.total >= int(rules.get("player_must_stand_hard", 22))) \
        or c.total >= int(rules.get("player_must_stand_total", 99))


def _free_bet_funder(rules: Mapping[str, Any]) -> str:
    """Who matches a free double or split: the house, or at a player-dealer table the player-
    dealer, whose bank pays a winning Free Bet (003 s.2695-2698, D-126)."""
    return "the player-dealer" if rules.get("banking") == "player-dealer" else "the house"


def _is_natural(rules: Mapping[str, Any], cards: list[str] | tuple[str, ...]) -> bool:
    """The table's two-card natural: an ace and a ten-value card, or at Lucky Chances only an
    ace and a Logo card, or two Logo cards, the Bonus Natural (002 s.1226-1229, s.1236-1238):
    there an ace and an ordinary ten is a plain 21."""
    if rules.get("logo_naturals"):
        return len(cards) == 2 and any(is_logo(c) for c in cards) and all(is_logo(c) or is_ace(c) for c in cards)
    return is_natural(cards)


def _is_bonus_natural(rules: Mapping[str, Any], cards: list[str] | tuple[str, ...]) -> bool:
    """Lucky Chances' Bonus Natural: two Logo cards as the first two (002 s.1226-1229)."""
    return bool(rules.get("logo_naturals")) and len(cards) == 2 and all(is_logo(c) for c in cards)


def _natural_line(rules: Mapping[str, Any], cards: list[str] | tuple[str, ...]) -> str:
    """The paytable line a player's natural is paid at: the Bonus Natural's 2 to 1 where the
    table has one (002 s.1340-1347, D-136), else the blackjack line."""
    return "bonus-natural" if _is_bonus_natural(rules, cards) else "blackjack"


def _natural_known(state: BlackjackState) -> bool:
    """Whether the dealer's natural is settled before the players act: the dealer peeked, or
    the up card cannot make one. At 21st Century Free Bet a ten up is not peeked under
    (003 s.2700-2706), so its players' naturals are paid when the hole card is turned (D-130)."""
    up = state.dealer[0]
    return state.peeked or not (is_ace(up) or is_ten_value(up))


def _limit(rules: Mapping[str, Any], spot: str) -> dict[str, int]:
    name = SIDE_BETS[spot].paytable if spot in SIDE_BETS else MAIN
    lim = rules["limits"][name]
    return {"min": int(lim["min"]), "max": int(lim["max"])}


def _initial_wagers(box: Seat) -> int:
    """The box's initial wager, both of them at a two-hand table: insuring the two hands up
    to half of each is one insurance of up to half of both (P-104)."""
    return box.main + box.bets.get(SECOND, 0)


def _hands_per_box(rules: Mapping[str, Any]) -> int:
    """Hands dealt to each box: 2 at Blackjack Switch (004 s.440), else 1."""
    return int(rules.get("hands_per_box", 1))


def _at_most_main(rules: Mapping[str, Any], spot: str) -> bool:
    """A side bet that may not be more than the box's main bet (Match the Dealer, D-078)."""
    return bool(rules["paytables"][SIDE_BETS[spot].paytable].get("at_most_main"))


def posted_for_decks(rules: dict[str, Any]) -> None:
    """A side-bet table printed for one deck count only takes another table's lines on any other
    count (Pure Spanish 21.5's Match the Dealer: Table C on six decks, D-096)."""
    for table in rules["paytables"].values():
        other = table.get("other_decks_lines_from")
        if other and int(rules["decks"]) != int(table["for_decks"]):
            table["lines"] = dict(rules["paytables"][other]["lines"])


def _less_than_main(rules: Mapping[str, Any], spot: str) -> bool:
    """A side bet that must be less than the box's main bet (Pure Spanish 21.5's Match the
    Dealer at Lucky Derby, 001 s.932, D-097)."""
    return bool(rules["paytables"][SIDE_BETS[spot].paytable].get("less_than_main"))


def _natural(rules: Mapping[str, Any]) -> str:
    """The table's name for its two-card natural: "Pure 21.5" where Bonus cards make it (001 s.799)."""
    return str(rules.get("natural_name", "Blackjack"))


def _spot_name(spot: str) -> str:
    return SIDE_BETS[spot].name if spot in SIDE_BETS else MAIN_NAME


def _box(seat: int) -> str:
    """Betting boxes are shown to players as spots counted from first base: engine seat 0 is Spot 1."""
    return f"Spot {seat + 1}"


def _humanize(hand: str) -> str:
    return hand.replace("-", " ").capitalize()


def _insurance_max(rules: Mapping[str, Any], wager: int) -> int:
    """Half the initial wager; an odd cent rounds down in c000, up in c004 (D-033)."""
    if rules["insurance_rounding"] == "up":
        return (wager + 1) // 2
    return wager // 2


def _even_money_offered(rules: Mapping[str, Any]) -> bool:
    """Even money only where blackjack pays 3 to 2 (000 s.272, D-031, D-047)."""
    lines = rules["paytables"][_main_paytable(rules)]["lines"]
    return bool(rules["even_money"]) and rules["blackjack_pays"] in rules["even_money_with"] \
        and "even-money" in lines


def _side_bet_open(state: BlackjackState, bet: SideBet) -> tuple[bool, str]:
    """Whether a side bet may be placed this round, and if not, why in plain words. The side
    bet's name is its paytable's, as the rules data posts it."""
    rules = state.rules
    slug = bet.paytable
    if slug not in rules["side_bets"]:
        return False, f"This table does not offer {bet.name}."
    table = rules["paytables"][slug]
    name = table.get("name", bet.name)
    if table.get("first_round_after_shuffle") and not state.shoe.first_round_after_shuffle:
        return False, f"{name} is only open on the first round after a shuffle."  # D-054
    min_decks = int(table.get("min_decks", 1))
    if state.shoe.decks < min_decks:
        return False, f"{name} needs a shoe of {min_decks} or more decks."  # D-060
    only = table.get("only_decks")
    if only is not None and state.shoe.decks != int(only):
        return False, f"{name} is only offered on {only}-deck tables."  # D-076
    return True, ""


# ---------------------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------------------
class BlackjackEngine(GameBase[BlackjackState]):
    """The Game protocol for Blackjack; every variant is data."""

    slug = "blackjack"
    name = "Blackjack"
    family = "blackjack"
    seat_owner_action = "owner"  # the seating layer tells the round who plays each box
    independent_actions = ("bet",)  # each player bets on their own boxes (P-447)
    carries_shoe = True

    # -- round lifecycle -----------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> BlackjackState:
        snapshot: dict[str, Any] = json.loads(json.dumps(dict(rules)))
        if not 1 <= int(snapshot["decks"]) <= 8:
            raise ValueError("a blackjack shoe holds 1 to 8 decks")
        if snapshot["insurance_rounding"] not in ("down", "up"):
            raise ValueError("insurance_rounding is 'down' or 'up'")
        # The posted blackjack payout (an operator option in c000, D-030) is the one line the
        # round pays blackjacks from, so the round's paytable shows what was really used.
        snapshot["paytables"][_main_paytable(snapshot)]["lines"]["blackjack"] = snapshot["blackjack_pays"]
        posted_for_decks(snapshot)
        shoe = self._shoe(snapshot, carry)
        shoe.begin_round(rng)
        state = BlackjackState(rules=snapshot, shoe=shoe,
                               seats={i: Seat() for i in range(int(snapshot["seats"]))})
        if shoe.just_shuffled:
            state.notes.append("The shoe has been shuffled.")
        # A side bet open only after a shuffle (Super Bonus, D-054) is announced when it opens.
        announced: set[str] = set()
        for bet in SIDE_BETS.offered(snapshot):
            table = snapshot["paytables"][bet.paytable]
            if table.get("first_round_after_shuffle") and bet.paytable not in announced \
                    and _side_bet_open(state, bet)[0]:
                announced.add(bet.paytable)
                state.notes.append(f"{table.get('name', bet.name)} is open: first round after the shuffle.")
        return state

    @staticmethod
    def _shoe(rules: Mapping[str, Any], carry: Mapping[str, Any] | None) -> Shoe:
        decks, pct = int(rules["decks"]), int(rules["penetration_pct"])
        removed = str(rules.get("remove_ranks", ""))  # "T": 48-card Spanish decks (000 s.1111)
        bonus = str(rules.get("bonus_ranks", ""))  # Pure Spanish 21.5's marked Bonus cards (001 s.787)
        mark = str(rules.get("card_mark", "bonus"))  # No Bust 4.0a's aces are marked "No Bust" (003 s.1579)
        logos = int(rules.get("logo_cards_per_deck", 0))  # Lucky Chances: two a deck (002 s.1235-1236)
        size = decks * (52 - 4 * len(removed) + logos)
        if carry:
            shoe = codec.load(Shoe, carry)
            # A table whose shoe settings changed between rounds starts a new shoe.
            tag = f"+{mark}"
            marked = len([c for c in (*shoe.remaining, *shoe.discards, *shoe.in_play) if tag in c])
            if shoe.decks == decks and shoe.size == size and shoe.cut_at == shoe.size * pct // 100 \
                    and marked == decks * 4 * len(bonus):
                return shoe
        return Shoe.fresh(decks, pct, remove_ranks=removed, bonus_ranks=bonus, mark=mark, logo_per_deck=logos)

    def went_dead(self, carry: Mapping[str, Any]) -> dict[str, Any]:
        """D-011: no round for the table's idle time reshuffles the shoe."""
        return dead_game_carry(carry)

    def carry(self, state: BlackjackState) -> dict[str, Any]:
        return codec.dump(state.shoe)

    def is_over(self, state: BlackjackState) -> bool:
        return state.phase == OVER

    def to_act(self, state: BlackjackState) -> int | None:
        if state.phase in (INSURANCE, PLAY):
            return state.turn
        return None

    def dump(self, state: BlackjackState) -> dict[str, Any]:
        return codec.dump(state)

    def load(self, data: Mapping[str, Any]) -> BlackjackState:
        return codec.load(BlackjackState, data)

    # -- what may be done ----------------------------------------------------------------
    def legal_actions(self, state: BlackjackState, seat: int) -> list[Legal]:
        if state.phase == BETTING:
            return self._legal_betting(state, seat)
        if seat != state.turn or state.turn is None:
            return []
        if state.phase == INSURANCE:
            return self._legal_insurance(state, seat)
        if state.phase == PLAY:
            return self._legal_play(state, seat)
        return []

    def _legal_betting(self, state: BlackjackState, seat: int) -> list[Legal]:
        anyone_bet = any(s.main for s in state.seats.values())
        if seat == SYSTEM_SEAT:
            return [Legal("deal", label="Deal")] if anyone_bet else []
        if seat not in state.seats:
            return []
        box = state.seats[seat]
        step = int(state.rules["bet_step"])
        out: list[Legal] = []
        for spot in (MAIN, *SIDE_BETS.spots):
            label = MAIN_LABEL if _hands_per_box(state.rules) == 1 else "Bet on each of your two hands"
            if spot != MAIN:
                bet = SIDE_BETS[spot]
                if not box.main or not _side_bet_open(state, bet)[0]:
                    continue
                label = bet.label
            lim = _limit(state.rules, spot)
            have = box.bets.get(spot, 0)
            most = lim["max"]
            if spot != MAIN and _at_most_main(state.rules, spot):
                most = min(most, box.main)  # D-078
            if spot != MAIN and _less_than_main(state.rules, spot):
                most = min(most, box.main - step)  # D-097
            room = (most - have) // step * step
            if room <= 0:
                continue
            low = max(lim["min"] - have, step)
            low = -(-low // step) * step  # round up to the chip step
            out.append(Legal("bet", spot, min(low, room), room, label))
        if box.bets:
            out.append(Legal("clear", "", label="Clear bets"))
        if box.main:
            out.append(Legal("deal", label="Deal"))
        return out

    def _legal_insurance(self, state: BlackjackState, seat: int) -> list[Legal]:
        box = state.seats[seat]
        most = _insurance_max(state.rules, _initial_wagers(box))
        # Exactly half where the rulebook says "betting half" (No Bust 4.0a, 003 s.1699, D-110).
        least = most if state.rules.get("insurance_exact_half") else 1
        out = [Legal("insurance", INSURANCE_BET, least, most, "Insurance"),
               Legal("decline", label="No insurance")]
        if any(h.status == BLACKJACK for h in box.hands) and _even_money_offered(state.rules):
            out.append(Legal("even-money", MAIN, label="Even money"))
        return out

    def _legal_play(self, state: BlackjackState, seat: int) -> list[Legal]:
        rules = state.rules
        box = state.seats[seat]
        i = state.turn_hand
        hand = box.hands[i]
        spot = str(i)
        if box.switch_open:
            return [Legal("switch", label="Switch: swap the second cards of your two hands"),
                    Legal("keep", label="Keep both hands as dealt")]
        if hand.double:
            # Doubled and still in play (Spanish 21): double again, rescue or stand; no hit
            # (s.1119, s.1188-1189). Each double-double is up to the hand's total (D-063).
            out = [Legal("stand", spot, label="Stand")]
            must_stand = _must_stand(rules, _count(rules, hand.cards))
            if len(hand.redoubles) + 1 < int(rules.get("max_doublings", 1)) and not must_stand:
                total = hand.total_wager
                low = min(int(rules["double_min"]), total) if rules.get("double_for_less", True) else total
                out.append(Legal("double", spot, low, total, "Double again (up to the total bet)"))
            if rules.get("rescue"):
                out.append(Legal("rescue", spot, label="Rescue: take back the last double, lose the rest"))
            return out
        if hand.split_aces:
            # A split ace that drew another ace where aces split again (No Bust 4.0a: up to
            # three splits, one card each, 003 s.1694, D-113): split it again or keep it.
            out = [Legal("stand", spot, label="Stand")]
            if self._may_split(rules, box, hand):
                out.append(Legal("split", spot, hand.stake, hand.stake, "Split"))
            return out
        c = _count(rules, hand.cards)
        # A forced stand on a hard total (Pure Spanish 21.5: hard 17, D-085; hard 19, D-100)
        # takes away every card; a forced hit on a hard total takes away the stand (002 s.2031).
        must_stand = _must_stand(rules, c)
        must_hit = not c.soft and c.total <= int(rules.get("player_must_hit_hard", 0))
        out = [] if must_stand else [Legal("hit", spot, label="Hit")]
        if not must_hit:
            out.append(Legal("stand", spot, label="Stand"))
        if self._may_double(rules, hand) and not must_stand:
            if self._free_double(rules, hand):
                out.append(Legal("double", spot, hand.stake, hand.stake,
                                 f"Double for free: {_free_bet_funder(rules)} puts a Free Bet on it"))
            elif not rules.get("double_for_less", True):
                # Where double-doubles are offered there is no doubling for less (D-091).
                out.append(Legal("double", spot, hand.stake, hand.stake, "Double"))
            else:
                out.append(Legal("double", spot, min(int(rules["double_min"]), hand.stake), hand.stake, "Double"))
        if self._may_split(rules, box, hand):
            if self._free_split(rules, hand):
                out.append(Legal("split", spot, hand.stake, hand.stake,
                                 f"Split for free: {_free_bet_funder(rules)} puts a Free Bet on the new hand"))
            else:
                out.append(Legal("split", spot, hand.stake, hand.stake, "Split"))
        if rules["surrender"] and len(hand.cards) == 2 and not hand.split_aces \
                and not (hand.split and not rules.get("surrender_after_split", True)):  # D-090
            out.append(Legal("surrender", spot, label="Surrender: give up the hand, half the bet back"))
        return out

    @staticmethod
    def _may_split(rules: Mapping[str, Any], box: Seat, hand: Hand) -> bool:
        """Two cards of one value (D-037), within the table's hands per box; where the table
        says so, ten-values only of one rank (No Bust 4.0a, 003 s.1693) and a limit by value
        (the Perfect Pairs edition: tens to 3 hands, aces to 2, 003 s.2561-2563)."""
        if len(hand.cards) != 2 or not same_value(*hand.cards):
            return False
        a, b = hand.cards
        if rules.get("logo_naturals") and (is_logo(a) or is_logo(b)):
            return False  # "excluding Logo Cards" (002 s.1357)
        if rules.get("split_tens_same_rank") and is_ten_value(a) and a[0] != b[0]:
            return False
        by_value = rules.get("max_hands_by_value") or {}
        most = int(by_value.get(str(card_value(a)), rules["max_hands"]))
        return sum(h.origin == hand.origin for h in box.hands) < most

    @staticmethod
    def _free_double(rules: Mapping[str, Any], hand: Hand) -> bool:
        """Free Bet Blackjack (000 s.1262, s.1264, D-084): a two-card hard total the table
        doubles for free, split hands too."""
        totals = rules.get("free_double_hard_totals") or []
        c = count(hand.cards)
        return len(hand.cards) == 2 and not c.soft and c.total in totals

    @staticmethod
    def _free_split(rules: Mapping[str, Any], hand: Hand) -> bool:
        """Free Bet Blackjack (000 s.1263, D-080): a pair of these values (1 = aces) splits for
        free, resplits too; ten-value pairs split with the player's own money (D-081)."""
        values = rules.get("free_split_values") or []
        return len(hand.cards) == 2 and same_value(*hand.cards) and card_value(hand.cards[0]) in values

    @staticmethod
    def _may_double(rules: Mapping[str, Any], hand: Hand) -> bool:
        """Two cards (split hands too, with DAS), never split aces (D-036, D-046); two or
        more cards where the table allows it (Spanish 21, s.1118, D-063)."""
        if len(hand.cards) < 2 or hand.split_aces:
            return False
        if len(hand.cards) > 2 and not rules.get("double_any_cards"):
            return False
        if hand.split and not rules["double_after_split"]:
            return False
        if BlackjackEngine._free_double(rules, hand):
            return True
        totals = rules["double_totals"]
        # 21st Century Free Bet counts every ace as 1 for its own-money double on 2-8 (D-129).
        total = (sum(card_value(c) for c in hand.cards) if rules.get("double_totals_aces_one")
                 else _count(rules, hand.cards).total)
        return not totals or total in totals

    # -- doing it ------------------------------------------------------------------------
    def apply(self, state: BlackjackState, action: Action, rng: Rng) -> list[Event]:
        handlers = {
            "bet": self._bet, "clear": self._clear, "owner": self._owner, "deal": self._deal,
            "insurance": self._insure, "decline": self._insure, "even-money": self._insure,
            "hit": self._play, "stand": self._play, "double": self._play, "split": self._play,
            "surrender": self._play, "rescue": self._play, "switch": self._play, "keep": self._play,
        }
        handler = handlers.get(action.kind)
        if handler is None:
            raise IllegalAction("That is not a move at this table.")
        if state.phase == OVER:
            raise IllegalAction("This round is over.")
        events: list[Event] = []
        handler(state, action, rng, events)
        for event in events:
            if isinstance(event, Note):
                state.notes.append(event.text)
        return events

    # betting ---------------------------------------------------------------------------
    @staticmethod
    def _seat(state: BlackjackState, seat: int) -> Seat:
        if seat not in state.seats:
            raise IllegalAction("There is no such box at this table.")
        return state.seats[seat]

    def _bet(self, state: BlackjackState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # D-026
        box = self._seat(state, action.seat)
        spot = action.spot or MAIN
        if spot != MAIN and spot not in SIDE_BETS:
            raise IllegalAction("There is no such bet at this table.")
        if action.amount <= 0:
            raise IllegalAction("A bet must be more than $0.")
        step = int(state.rules["bet_step"])
        if action.amount % step:
            raise IllegalAction(f"Bets are taken in steps of {fmt(step)}.")  # D-003
        if spot != MAIN:
            is_open, why = _side_bet_open(state, SIDE_BETS[spot])
            if not is_open:
                raise IllegalAction(why)
            if not box.main:
                # 000 s.317, s.329, s.352: side bets need a main wager on the same box.
                raise IllegalAction(f"Place a main bet on this box before betting {_spot_name(spot)}.")
        lim = _limit(state.rules, spot)
        total = box.bets.get(spot, 0) + action.amount
        if total > lim["max"]:
            raise IllegalAction(f"The maximum on {_spot_name(spot)} is {fmt(lim['max'])}.")
        if spot != MAIN and _at_most_main(state.rules, spot) and total > box.main:
            raise IllegalAction(f"{_spot_name(spot)} may not be more than the main bet.")  # D-078
        if spot != MAIN and _less_than_main(state.rules, spot) and total >= box.main:
            raise IllegalAction(f"{_spot_name(spot)} must be less than the main bet.")  # D-097
        box.bets[spot] = total
        events.append(Stake(action.seat, spot, action.amount))
        if spot == MAIN and _hands_per_box(state.rules) == 2:
            # Two equal wagers, one on each hand (004 s.440, D-048): one bet places both.
            box.bets[SECOND] = total
            events.append(Stake(action.seat, SECOND, action.amount))

    def _clear(self, state: BlackjackState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("Betting is closed.")  # D-026
        box = self._seat(state, action.seat)
        if action.spot and action.spot != MAIN and action.spot not in SIDE_BETS:
            raise IllegalAction("There is no such bet at this table.")
        # Side bets stand only on a main wager, so taking the main bet back takes them too.
        spots = list(box.bets) if action.spot in ("", MAIN) else [action.spot]
        spots = [s for s in spots if box.bets.get(s)]
        if not spots:
            raise IllegalAction("There is nothing to clear.")
        for spot in spots:
            events.append(Refund(action.seat, spot, box.bets.pop(spot)))

    def _owner(self, state: BlackjackState, action: Action, rng: Rng, events: list[Event]) -> None:
        """Who plays this box (``spot`` = a player id, "" = nobody). The table needs it for
        rules that count per player, not per box: the Lucky Ladies cap (D-062, D-023).
        How many boxes one player may take is the seating's business (D-023,
        ``max_spots_per_player``), not the round's."""
        if state.phase != BETTING:
            raise IllegalAction("Boxes can only change hands between rounds.")
        self._seat(state, action.seat)
        if action.spot:
            state.owners[action.seat] = action.spot
        else:
            state.owners.pop(action.seat, None)

    def _deal(self, state: BlackjackState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != BETTING:
            raise IllegalAction("The cards are already out.")
        if action.seat != SYSTEM_SEAT and not self._seat(state, action.seat).main:
            raise IllegalAction("Place a main bet before the deal.")
        players = [n for n, s in sorted(state.seats.items()) if s.main]
        if not players:
            raise IllegalAction("Nobody has a bet down yet.")
        for n, box in sorted(state.seats.items()):
            for spot, amount in box.bets.items():
                if spot != MAIN and not box.main:
                    raise IllegalAction(f"{_box(n)}: side bets need a main bet on the same box.")
                lim = _limit(state.rules, spot)
                if amount < lim["min"]:
                    raise IllegalAction(f"{_box(n)}: the minimum on {_spot_name(spot)} is {fmt(lim['min'])}.")
        # 004 s.369-373: a card to each box from the dealer's left, the dealer's up card,
        # a second card to each box, then the dealer's hole card.
        for n in players:
            box = state.seats[n]
            box.hands = [Hand(cards=[state.shoe.draw(rng).code], bet=MAIN, stake=box.main)]
            if _hands_per_box(state.rules) == 2:  # Switch: a card to each of the box's hands
                box.hands.append(Hand(cards=[state.shoe.draw(rng).code], bet=SECOND, stake=box.bets[SECOND],
                                      origin=1))
        state.dealer = [state.shoe.draw(rng).code]
        for n in players:
            for hand in state.seats[n].hands:
                hand.cards.append(state.shoe.draw(rng).code)
        state.dealer.append(state.shoe.draw(rng).code)
        for n in players:
            state.seats[n].first_two = list(state.seats[n].hands[0].cards)
            for hand in state.seats[n].hands:
                if _is_natural(state.rules, hand.cards):
                    hand.status = BLACKJACK
        events.append(Note(f"Dealer shows {state.dealer[0]}."))
        self._settle_side_bets(state, events, DEAL)  # at once, before insurance (D-059)
        if is_ace(state.dealer[0]) and state.rules["insurance"]:
            state.phase = INSURANCE  # D-032
            state.turn = players[0]
            events.append(Note("Insurance is open."))
            return
        self._peek(state, rng, events)

    # insurance -------------------------------------------------------------------------
    def _insure(self, state: BlackjackState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != INSURANCE:
            raise IllegalAction("Insurance is not being offered now.")
        if action.seat != state.turn:
            raise IllegalAction("It is not your turn.")
        box = state.seats[action.seat]
        if action.kind == "insurance":
            most = _insurance_max(state.rules, _initial_wagers(box))
            if action.amount <= 0:
                raise IllegalAction("Insurance must be more than $0.")
            if state.rules.get("insurance_exact_half") and action.amount != most:
                raise IllegalAction(f"Insurance is exactly half the wager, {fmt(most)}.")  # D-110
            if action.amount > most:
                raise IllegalAction(f"Insurance is at most {fmt(most)}.")  # D-033
            box.insurance = action.amount
            events.append(Stake(action.seat, INSURANCE_BET, action.amount))
        elif action.kind == "even-money":
            naturals = [h for h in box.hands if h.status == BLACKJACK]
            if not naturals or not _even_money_offered(state.rules):
                raise IllegalAction("Even money is only for a blackjack on a 3 to 2 table.")  # D-031
            # Paid 1 to 1 at once; the hand is over whatever the hole card is (000 s.312-313).
            # A box with two hands takes it on every blackjack it holds (P-104).
            odds = odds_of(state.rules, _main_paytable(state.rules), "even-money")
            for hand in naturals:
                hand.result = "even-money"
                self._settle(state, events, action.seat, hand.bet, hand.stake, hand.stake + odds.win(hand.stake),
                             "win", f"Even money pays {odds}")
        box.insurance_decided = True
        waiting = [n for n, s in sorted(state.seats.items()) if s.dealt_in and not s.insurance_decided]
        if waiting:
            state.turn = waiting[0]
            return
        self._peek(state, rng, events)

    # the peek --------------------------------------------------------------------------
    def _peek(self, state: BlackjackState, rng: Rng, events: list[Event]) -> None:
        """D-034: with an ace or ten up the dealer checks for blackjack before anyone plays.
        Side bets that wait for the dealer's blackjack settle here (D-055, D-062), even when
        the up card makes a peek needless: the dealer's blackjack is then known to be off."""
        up = state.dealer[0]
        # The up cards the dealer peeks under: an ace or a ten, or at 21st Century Free Bet
        # only a Bonus ace (003 s.2700-2706, D-130).
        if up[0] in str(state.rules.get("peek_ranks", "ATJQK")):
            state.peeked = True
            state.dealer_blackjack = _is_natural(state.rules, state.dealer)
        natural = "blackjack" if _natural(state.rules) == "Blackjack" else f"a {_natural(state.rules)}"
        if state.dealer_blackjack:
            state.hole_revealed = True
            events.append(Note(f"Dealer has {natural}."))
        elif state.peeked:
            events.append(Note(f"Dealer does not have {natural}."))
        self._settle_insurance(state, events)
        self._settle_side_bets(state, events, PEEK)
        if state.dealer_blackjack:
            self._settle_against_dealer_blackjack(state, events)
            self._settle_side_bets(state, events, END)  # a natural never busts (D-107)
            self._finish(state)
            return
        for n, box in sorted(state.seats.items()):
            if state.rules.get("switch_second_cards") and len(box.hands) == 2 \
                    and all(h.result is None for h in box.hands):
                # D-602: the box chooses to switch when its turn comes; its blackjacks are
                # known only then (a switched ace and ten is a blackjack, D-051).
                box.switch_open = True
                continue
            if not _natural_known(state):
                continue  # a ten up and no peek: naturals wait for the hole card (D-130)
            self._pay_blackjacks(state, events, n, box)
        state.phase = PLAY
        dealt = [n for n, s in sorted(state.seats.items()) if s.dealt_in]
        state.turn, state.turn_hand = dealt[0], 0
        self._advance(state, rng, events)

    def _pay_blackjacks(self, state: BlackjackState, events: list[Event], n: int, box: Seat) -> None:
        """A blackjack is paid once the dealer is known not to have one, before anyone plays."""
        for hand in box.hands:
            if hand.status == BLACKJACK and hand.result is None:
                hand.result = BLACKJACK
                line = _natural_line(state.rules, hand.cards)
                win_line = odds_of(state.rules, _main_paytable(state.rules), line)
                name = "Bonus Natural" if line == "bonus-natural" else _natural(state.rules)
                self._settle(state, events, n, hand.bet, hand.stake, hand.stake + win_line.win(hand.stake),
                             "win", f"{name} pays {win_line}")

    def _switch(self, state: BlackjackState, events: list[Event], seat: int, box: Seat, switch: bool) -> None:
        """Blackjack Switch (004 s.444, D-602): exchange the second cards of the box's two hands,
        or keep them, once; then its blackjacks are paid (D-051) and it plays the first hand."""
        box.switch_open = False
        if switch:
            first, second = box.hands
            first.cards[1], second.cards[1] = second.cards[1], first.cards[1]
            box.switched = True
            events.append(Note(f"{_box(seat)} switches the second cards.", seat))
        for hand in box.hands:
            hand.status = BLACKJACK if _is_natural(state.rules, hand.cards) else PLAYING
        self._pay_blackjacks(state, events, seat, box)

    def _settle_against_dealer_blackjack(self, state: BlackjackState, events: list[Event]) -> None:
        """D-034: a player blackjack pushes (unless it took even money); every other hand loses
        its original wager only. With the peek no double or split can exist yet (D-035)."""
        for n, box in sorted(state.seats.items()):
            for hand in box.hands:
                if hand.result is not None:
                    continue  # took even money
                if hand.status == BLACKJACK and state.rules.get("blackjack_beats_dealer_blackjack"):
                    # 000 s.1130 (Spanish 21): a player blackjack always beats a dealer blackjack.
                    win_line = odds_of(state.rules, _main_paytable(state.rules), "blackjack")
                    hand.result = BLACKJACK
                    self._settle(state, events, n, hand.bet, hand.stake, hand.stake + win_line.win(hand.stake),
                                 "win", f"{_natural(state.rules)} beats the dealer's: pays {win_line}")
                elif hand.status == BLACKJACK:
                    hand.result = "push"
                    self._settle(state, events, n, hand.bet, hand.stake, hand.stake, "push",
                                 f"{_natural(state.rules)} against the dealer's is a push")
                else:
                    hand.status, hand.result = STOOD, "lose"
                    self._settle(state, events, n, hand.bet, hand.stake, 0, "lose",
                                 f"Dealer {_natural(state.rules)[0].lower()}{_natural(state.rules)[1:]}")

    # players' decisions ----------------------------------------------------------------
    def _play(self, state: BlackjackState, action: Action, rng: Rng, events: list[Event]) -> None:
        if state.phase != PLAY:
            raise IllegalAction("There is no hand to play now.")
        if action.seat != state.turn:
            raise IllegalAction("It is not your turn.")
        if action.spot not in ("", str(state.turn_hand)):
            raise IllegalAction("That hand is not the one in play.")
        allowed = {legal.kind: legal for legal in self._legal_play(state, action.seat)}
        legal = allowed.get(action.kind)
        box = state.seats[action.seat]
        hand = box.hands[state.turn_hand]
        if legal is None:
            raise IllegalAction(self._why_not(state, action.kind, hand))
        if action.kind == "hit":
            hand.cards.append(state.shoe.draw(rng).code)
            self._after_card(state, events, action.seat, hand, still_playing=True)
        elif action.kind == "stand":
            hand.status = STOOD
        elif action.kind == "double" and not hand.double and self._free_double(state.rules, hand):
            # The Free Bet lammer equals the hand's wager (000 s.1261); no money moves now.
            hand.double = hand.stake
            hand.free.append(hand.double_bet)
            events.append(Note(f"{_box(action.seat)} doubles for free.", action.seat))
            hand.cards.append(state.shoe.draw(rng).code)  # exactly one card (000 s.1251)
            self._after_card(state, events, action.seat, hand, still_playing=False)
        elif action.kind == "double":
            if action.amount <= 0 or action.amount < legal.min:
                raise IllegalAction(f"A double is at least {fmt(legal.min)}.")
            if action.amount > legal.max:
                if hand.double:
                    raise IllegalAction(f"A double-double is at most the total bet, {fmt(legal.max)}.")  # D-063
                raise IllegalAction(f"A double is at most the original wager, {fmt(legal.max)}.")  # D-036
            if hand.double:
                hand.redoubles.append(action.amount)
                key = hand.wagers[-1][0]
            else:
                hand.double = action.amount
                key = hand.double_bet
            events.append(Stake(action.seat, key, action.amount))
            hand.cards.append(state.shoe.draw(rng).code)  # exactly one card (000 s.306)
            # Where the table offers double-doubles or rescue the hand stays in play (s.1119).
            goes_on = bool(state.rules.get("rescue")) or int(state.rules.get("max_doublings", 1)) > 1
            self._after_card(state, events, action.seat, hand, still_playing=goes_on)
        elif action.kind == "rescue":
            self._rescue(state, events, action.seat, hand)
        elif action.kind in ("switch", "keep"):
            self._switch(state, events, action.seat, box, action.kind == "switch")
        elif action.kind == "split":
            self._split(state, events, action.seat, box)
        elif action.kind == "surrender":
            # D-040: half the wager back, the house's half rounded down (D-002).
            returned, _kept = half_forfeit(hand.stake)
            hand.status, hand.result = SURRENDERED, "surrender"
            self._settle(state, events, action.seat, hand.bet, hand.stake, returned, "surrender",
                         "Surrendered: half the wager returned")
        self._advance(state, rng, events)

    @staticmethod
    def _why_not(state: BlackjackState, kind: str, hand: Hand) -> str:
        if kind == "double":
            totals = state.rules["double_totals"]
            if len(hand.cards) == 2 and totals and not hand.split_aces:
                shown = " and ".join(str(t) for t in totals)
                return f"Doubling is only allowed on {shown}."  # D-046
            return "You may only double on your first two cards."
        if kind == "split":
            if len(hand.cards) == 2 and same_value(*hand.cards):
                return f"A box may split into at most {state.rules['max_hands']} hands."
            return "Only two cards of the same value can be split."
        if kind == "surrender":
            if not state.rules["surrender"]:
                return "This table does not offer surrender."
            return "Surrender is only allowed as the first decision on a hand."  # D-040
        if kind == "rescue":
            if not state.rules.get("rescue"):
                return "This table does not offer rescue."
            return "Rescue is only offered right after a double."  # s.1120, D-064
        if kind in ("switch", "keep"):
            return "The switch is offered once, before the box plays its hands."  # D-602
        if kind == "hit" and hand.double:
            return "After a double you may double again, rescue or stand."  # s.1119
        return "That is not allowed now."

    def _rescue(self, state: BlackjackState, events: list[Event], seat: int, hand: Hand) -> None:
        """D-064 (000 s.1120): the last doubled portion comes back and the rest of the hand's
        wager is lost; a busted hand cannot be rescued (it is settled when it busts)."""
        last = hand.wagers[-1][0]
        hand.status, hand.result = RESCUED, "rescue"
        for bet, stake in hand.wagers:
            back = stake if bet == last else 0
            self._settle(state, events, seat, bet, stake, back, "rescue",
                         "Rescued: the last double back, the rest lost")

    def _split(self, state: BlackjackState, events: list[Event], seat: int, box: Seat) -> None:
        """D-037: equal values split, the new hand's wager equals the original (000 s.310);
        aces once, one card each. The first hand is completed before the second gets its
        second card (004 s.395)."""
        i = state.turn_hand
        hand = box.hands[i]
        # Split aces take one card each, unless the table plays them like any pair (D-073).
        aces = is_ace(hand.cards[0]) and bool(state.rules.get("split_aces_one_card", True))
        free = self._free_split(state.rules, hand)
        new = Hand(cards=[hand.cards.pop()], bet=f"{MAIN}/{len(box.hands) + 1}", stake=hand.stake,
                   split=True, split_aces=aces, origin=hand.origin)
        hand.split, hand.split_aces = True, aces
        box.hands.insert(i + 1, new)
        if free:
            new.free.append(new.bet)  # a Free Bet lammer as the new hand's wager (000 s.1263)
            events.append(Note(f"{_box(seat)} splits for free.", seat))
            return
        events.append(Stake(seat, new.bet, new.stake))
        events.append(Note(f"{_box(seat)} splits {'aces' if is_ace(new.cards[0]) else 'the pair'}.", seat))

    def _after_card(self, state: BlackjackState, events: list[Event], seat: int, hand: Hand,
                    *, still_playing: bool) -> None:
        """A card has landed on a hand: bust loses at once (004 s.376), 21 stands (D-039)."""
        rules = state.rules
        if rules.get("over_hands_wait"):
            # No Bust and 21st Century Free Bet: a hand over a Natural is not lost at once; it
            # stands and waits for the P/D's hand (001 s.1383-1390, 003 s.1664, s.2786; D-112,
            # D-604). The chart's forced stand (21 and over) ends the hand too.
            c = _count(rules, hand.cards)
            if c.total > _over_above(rules):
                hand.status = OVER_NATURAL
                events.append(Note(f"{_box(seat)} is over with {c.total}: the hand waits for the player-dealer.", seat))
            elif _must_stand(rules, c) or not still_playing:
                hand.status = STOOD
            return
        total = count(hand.cards).total
        if total > 21 and state.rules.get("dealer_888_pushes_busts"):
            # A busted hand waits for the dealer: a dealer 8-8-8 pushes it (001 s.878, D-103).
            hand.status = BUST
            events.append(Note(f"{_box(seat)} busts with {total}.", seat))
        elif total > 21:
            hand.status, hand.result = BUST, "lose"
            events.append(Note(f"{_box(seat)} busts with {total}.", seat))
            self._settle_hand(state, events, seat, hand, "lose", "Bust")
        elif total == 21:
            hand.status = TWENTY_ONE
        elif not still_playing:
            hand.status = STOOD

    def _advance(self, state: BlackjackState, rng: Rng, events: list[Event]) -> None:
        """Move the turn to the next hand that needs a decision, dealing the second card to a
        split hand when its turn comes; when none is left, the dealer plays."""
        order = [n for n, s in sorted(state.seats.items()) if s.dealt_in]
        start = state.turn if state.turn is not None else order[0]
        for n in order:
            if n < start:
                continue
            box = state.seats[n]
            if box.switch_open:
                state.turn, state.turn_hand = n, 0  # its switch first (D-602)
                return
            i = state.turn_hand if n == start else 0
            while i < len(box.hands):
                hand = box.hands[i]
                if hand.status == PLAYING and len(hand.cards) < 2:
                    hand.cards.append(state.shoe.draw(rng).code)
                    c = _count(state.rules, hand.cards)
                    if state.rules.get("over_hands_wait") and _must_stand(state.rules, c):
                        # No natural after a split (003 s.1693-1694): an ace and a ten is 21,
                        # over No Bust 4.0a's 20½, and stands (D-112).
                        hand.status = OVER_NATURAL if c.total > _over_above(state.rules) else STOOD
                    elif c.total == 21 and not state.rules.get("over_hands_wait"):
                        hand.status = TWENTY_ONE  # D-038: 21, not blackjack; stands (D-039)
                    elif hand.split_aces and not (state.rules.get("resplit_aces") and is_ace(hand.cards[1])
                                                  and self._may_split(state.rules, box, hand)):
                        hand.status = STOOD  # one card to each split ace (000 s.309)
                if hand.status == PLAYING:
                    state.turn, state.turn_hand = n, i
                    return
                i += 1
        state.turn, state.turn_hand = None, 0
        self._dealer_plays(state, rng, events)

    # the dealer ------------------------------------------------------------------------
    def _dealer_plays(self, state: BlackjackState, rng: Rng, events: list[Event]) -> None:
        state.hole_revealed = True
        if not _natural_known(state):
            # The hole card is turned before the P/D draws (003 s.2706): its natural is known
            # now, and the players' naturals are paid before it hits (003 s.2842, D-130).
            state.dealer_blackjack = _is_natural(state.rules, state.dealer)
            if state.dealer_blackjack:
                events.append(Note(f"The player-dealer turns a {_natural(state.rules)}."))
                self._settle_against_late_natural(state, events)
                self._settle_side_bets(state, events, END)
                self._finish(state)
                return
            for n, box in sorted(state.seats.items()):
                self._pay_blackjacks(state, events, n, box)
        live = [(n, h) for n, s in sorted(state.seats.items()) for h in s.hands if h.result is None]
        hits_soft_17 = bool(state.rules["dealer_hits_soft_17"])
        # D-042 (004 s.401): no draw when every hand is already decided, unless a bet on the
        # dealer's hand is still riding (Buster: "must complete his hand", 002 s.4700, D-107).
        completes_for = state.rules.get("dealer_completes_for") or []
        riding = any(bet.spot in s.bets for bet in SIDE_BETS.offered(state.rules) for s in state.seats.values()
                     if bet.paytable in completes_for and s.dealt_in)
        while live or riding:
            dealer = _count(state.rules, state.dealer)
            if dealer.total > 17 or (dealer.total == 17 and not (dealer.soft and hits_soft_17)):
                break
            state.dealer.append(state.shoe.draw(rng).code)
        rules = state.rules
        if rules.get("over_hands_wait"):
            self._settle_over_scale(state, events, live)
            return
        dealer = count(state.dealer)
        # A dealer 22 pushes every hand still in action where the table says so (Free Bet
        # 000 s.1204, s.1259; Switch D-049); blackjacks were paid at the peek (D-082, D-050).
        pushes_22 = dealer.total == 22 and bool(rules.get("dealer_22_pushes"))
        if pushes_22:
            events.append(Note("Dealer has 22: every hand still in play pushes."))
        elif dealer.bust:
            events.append(Note(f"Dealer busts with {dealer.total}."))
        else:
            events.append(Note(f"Dealer has {dealer.total}."))
        eights = [c[0] for c in state.dealer] == ["8", "8", "8"] and bool(rules.get("dealer_888_pushes_busts"))
        if eights:
            events.append(Note("Dealer 8-8-8: every busted hand pushes."))
        for n, hand in live:
            player = count(hand.cards).total
            if hand.status == BUST:
                hand.result = "push" if eights else "lose"
                self._settle_hand(state, events, n, hand, hand.result,
                                  "Busted against the dealer's 8-8-8: push" if eights else "Bust")
            elif pushes_22:
                hand.result = "push"
                self._settle_hand(state, events, n, hand, "push", "Dealer 22 pushes")
            elif player == 21 and rules.get("player_21_wins"):
                # 000 s.1131: a player 21 always beats a dealer 21, and collects its bonus.
                hand.result = "win"
                self._settle_hand(state, events, n, hand, "win", "", bonus=self._bonus_line(rules, hand))
            elif dealer.bust or player > dealer.total:
                hand.result = "win"
                self._settle_hand(state, events, n, hand, "win", "")
            elif player == dealer.total:
                hand.result = "push"
                self._settle_hand(state, events, n, hand, "push", "Push")
            else:
                hand.result = "lose"
                self._settle_hand(state, events, n, hand, "lose", f"Dealer's {dealer.total} wins")
        self._super_bonus(state, events)
        self._settle_side_bets(state, events, END)
        self._finish(state)

    def _settle_over_scale(self, state: BlackjackState, events: list[Event], live: list[tuple[int, Hand]]) -> None:
        """No Bust and 21st Century Free Bet: every hand still in action against the P/D's
        finished hand by :func:`over_scale_result`, then the bets on the P/D's hand."""
        dealer = _count(state.rules, state.dealer)
        over = dealer.total > _over_above(state.rules)
        events.append(Note(f"The player-dealer has {dealer.total}" + (", over a Natural." if over else ".")))
        for n, hand in live:
            result, detail = over_scale_result(state.rules, hand.cards, state.dealer)
            hand.result = result
            self._settle_hand(state, events, n, hand, result, detail)
        self._settle_side_bets(state, events, END)
        self._finish(state)

    def _settle_against_late_natural(self, state: BlackjackState, events: list[Event]) -> None:
        """D-130: a P/D natural found after play (a ten up, no peek): each hand loses only its
        original base wager; own-money doubles and split wagers go back, a Free Bet lammer
        costs nothing, and a player's natural pushes (003 s.2761)."""
        for n, box in sorted(state.seats.items()):
            for hand in box.hands:
                if hand.result is not None:
                    continue
                if hand.status == BLACKJACK and _is_bonus_natural(state.rules, hand.cards):
                    # "no matter what hand the Player-Dealer has" (002 s.1345-1347, D-136).
                    win_line = odds_of(state.rules, _main_paytable(state.rules), "bonus-natural")
                    hand.result = BLACKJACK
                    self._settle(state, events, n, hand.bet, hand.stake, hand.stake + win_line.win(hand.stake),
                                 "win", f"Bonus Natural beats every hand: pays {win_line}")
                    continue
                if hand.status == BLACKJACK:
                    hand.result = "push"
                    self._settle(state, events, n, hand.bet, hand.stake, hand.stake, "push",
                                 "Natural against the player-dealer's Natural: push")
                    continue
                hand.result = "lose"
                for bet, stake in hand.wagers:
                    if bet in hand.free:
                        self._settle(state, events, n, bet, 0, 0, "push", "Free Bet: nothing lost")
                    elif bet == MAIN:
                        self._settle(state, events, n, bet, stake, 0, "lose",
                                     f"Player-dealer {_natural(state.rules)}: the original wager loses")
                    elif stake:
                        self._settle(state, events, n, bet, stake, stake, "push",
                                     "Returned: only the original wager loses to a natural found after play")

    @staticmethod
    def _bonus_line(rules: Mapping[str, Any], hand: Hand) -> str | None:
        """The 21 bonus a winning 21 collects, if the table posts one: never on a doubled
        hand (000 s.1151, D-067); on split hands too (D-066)."""
        table = rules.get("bonus_paytable")
        if not table or hand.double:
            return None
        line = bonus_21(hand.cards)
        return line if line is not None and line in rules["paytables"][table]["lines"] else None

    def _super_bonus(self, state: BlackjackState, events: list[Event]) -> None:
        """Spanish 21's Super Bonus (000 s.1151): a first three cards of suited 7s against a 7
        up, on an unsplit (D-066), undoubled (s.1151) hand, pays a fixed award by its bet, on
        top of its 7-7-7 bonus (D-070); under the smallest bet there is none (D-069). For each
        such hand every other player with a hand in the round gets the envy award, once per
        player, not per box, and not a player who hit a Super Bonus himself (D-071). Only an
        unsplit hand qualifies, so a box hits it at most once: its key is "super-bonus"."""
        slug = state.rules.get("super_bonus_paytable")
        if not slug:
            return
        table = state.rules["paytables"][slug]
        minimums: dict[str, int] = {k: int(v) for k, v in table["min_bet"].items()}
        hits: list[tuple[int, Hand, str]] = []
        for n, box in sorted(state.seats.items()):
            for hand in box.hands:
                if hand.split or hand.double or not is_super_bonus(hand.cards, state.dealer[0]):
                    continue
                reached = [ln for ln, least in minimums.items() if hand.stake >= least]
                if not reached:
                    events.append(Note(f"{_box(n)}: suited 7-7-7 against a 7, but the Super Bonus needs a "
                                       f"{fmt(min(minimums.values()))} bet.", n))
                    continue
                hits.append((n, hand, max(reached, key=lambda ln: minimums[ln])))
        who = {n: state.owners.get(n, f"box {n}") for n, box in state.seats.items() if box.dealt_in}
        lucky = {who[n] for n, _, _ in hits}
        envy_line = str(table["envy_line"])
        envy = int(table["lines"][envy_line])
        for n, hand, line in hits:
            award = int(table["lines"][line])
            self._settle(state, events, n, "super-bonus", 0, award, "win",
                         f"Super Bonus: {fmt(award)}")
            events.append(Note(f"{_box(n)} hits the Super Bonus: {fmt(award)}!", n))
            paid: set[str] = set()
            for m in sorted(who):
                if who[m] in lucky or who[m] in paid:
                    continue
                paid.add(who[m])
                self._settle(state, events, m, f"{envy_line}-at-spot-{n + 1}", 0, envy, "win",
                             f"{fmt(envy)} for {_box(n)}'s Super Bonus")

    @staticmethod
    def _finish(state: BlackjackState) -> None:
        state.phase = OVER
        state.turn, state.turn_hand = None, 0

    # settlement ------------------------------------------------------------------------
    def _settle(self, state: BlackjackState, events: list[Event], seat: int, bet: str, stake: int,
                returned: int, result: str, detail: str) -> None:
        settle_once(state.settled, state.seats[seat].results, events, seat, bet, stake, returned,
                    result, detail)

    def _settle_hand(self, state: BlackjackState, events: list[Event], seat: int, hand: Hand,
                     result: str, detail: str, bonus: str | None = None) -> None:
        """A hand and its doubles settle alike, each under its own key, at 1 to 1 (000 s.274),
        or at the hand's bonus line, which replaces the 1 to 1 (D-068)."""
        odds = odds_of(state.rules, _main_paytable(state.rules), "win")
        if bonus is not None:
            odds = odds_of(state.rules, str(state.rules["bonus_paytable"]), bonus)
            detail = f"{bonus_name(bonus)} pays {odds}"
        if result == "win":
            detail = detail or f"Wins {odds}"
        for bet, stake in hand.wagers:
            if not stake:
                continue
            if bet in hand.free:
                # A Free Bet lammer: a win is paid as if it were money, the lammer itself is
                # never cashed; a push or a loss costs the player nothing (D-079).
                won = odds.win(stake) if result == "win" else 0
                self._settle(state, events, seat, bet, 0, won, result,
                             f"Free Bet: wins {fmt(won)}" if won else "Free Bet: nothing lost")
                continue
            returned = {"win": stake + odds.win(stake), "push": stake, "lose": 0}[result]
            self._settle(state, events, seat, bet, stake, returned, result, detail)

    def _settle_side_bets(self, state: BlackjackState, events: list[Event], moment: str) -> None:
        """Every side bet the table offers that settles at ``moment``, from the side-bet table:
        each box's spots graded on its first two cards (D-054), paid at its paytable's line,
        and, where the paytable carries a per-player cap, capped (Lucky Ladies, 000 s.356, D-062)."""
        dealt = [(n, box.bets, Dealt(box.hands[0].cards, state.dealer[0], state.dealer_blackjack,
                                     first_two=tuple(box.first_two), hand=tuple(box.hands[0].cards),
                                     split=len(box.hands) > 1 and box.hands[0].split,
                                     dealer_cards=tuple(state.dealer) if state.hole_revealed else (),
                                     over_above=_over_above(state.rules),
                                     soft_ace_up_to=int(state.rules.get("soft_ace_up_to", 21))))
                 for n, box in sorted(state.seats.items()) if box.dealt_in]
        for bets in SIDE_BETS.due(state.rules, moment):
            graded = SIDE_BETS.grade(state.rules, bets, dealt)
            capped = capped_per_player(state.rules, graded, state.owners)
            for g in graded:
                self._settle_side_bet(state, events, g, capped.get((g.seat, g.bet.spot)))

    def _settle_side_bet(self, state: BlackjackState, events: list[Event], g: Graded, capped: int | None) -> None:
        if g.line is None:
            self._settle(state, events, g.seat, g.bet.spot, g.stake, 0, "lose", "No qualifying hand")
            return
        table = state.rules["paytables"][g.bet.paytable]
        detail = f"{_humanize(g.line)} pays {odds_of(state.rules, g.bet.paytable, g.line)}"
        won = g.won
        if capped is not None:
            won = capped
            detail += f"; the round's {table.get('name', g.bet.name)} win is capped at {fmt(int(table['cap']))}"
        # A line that returns the bet only is a push (the Blackjack Bonus Bet's two-card 20, 001 s.313).
        self._settle(state, events, g.seat, g.bet.spot, g.stake, g.stake + won, "win" if won else "push", detail)

    def _settle_insurance(self, state: BlackjackState, events: list[Event]) -> None:
        """Settled right after the peek (D-032), 2 to 1 on a dealer blackjack."""
        for n, box in sorted(state.seats.items()):
            if not box.insurance:
                continue  # a table with no insurance posts no line for it (D-088)
            odds = odds_of(state.rules, _main_paytable(state.rules), "insurance")
            if state.dealer_blackjack:
                self._settle(state, events, n, INSURANCE_BET, box.insurance,
                             box.insurance + odds.win(box.insurance), "win", f"Insurance pays {odds}")
            else:
                self._settle(state, events, n, INSURANCE_BET, box.insurance, 0, "lose", "Dealer has no blackjack")

    # -- showing it ----------------------------------------------------------------------
    def view(self, state: BlackjackState, viewer: int | None) -> dict[str, Any]:
        """Every card is dealt face up (D-041) so all viewers see the same table; the hole
        card stays None until it is turned, and the shoe shows counts only."""
        dealer_cards: list[str | None] = list(state.dealer)
        if len(dealer_cards) > 1 and not state.hole_revealed:
            dealer_cards[1] = None
        shown = [c for c in dealer_cards if c is not None]
        dealer_count = _count(state.rules, shown) if shown else None
        seats: dict[int, Any] = {}
        for n, box in sorted(state.seats.items()):
            hands = []
            for i, hand in enumerate(box.hands):
                cards: list[str | None] = list(hand.cards)
                if state.rules.get("double_card_face_down") and hand.double and state.phase != OVER:
                    # Lucky Chances: the double's card is dealt face down, untouched until the
                    # settlement (002 s.1351-1352, D-133).
                    cards[-1] = None
                c = _count(state.rules, [x for x in cards if x is not None])
                hands.append({
                    "bet": hand.bet,
                    "cards": cards,
                    "total": c.total,
                    "soft": c.soft,
                    "stake": hand.stake,
                    "double": hand.total_wager - hand.stake,
                    "doubled": hand.double > 0,
                    "doublings": (1 + len(hand.redoubles)) if hand.double else 0,
                    "free_bets": [{"bet": key, "amount": amount} for key, amount in hand.wagers if key in hand.free],
                    "split": hand.split,
                    "status": hand.status,
                    "active": state.phase == PLAY and state.turn == n and state.turn_hand == i,
                    "result": hand.result,
                })
            seats[n] = {
                "owner": state.owners.get(n),
                "bets": dict(box.bets),
                "hands": hands,
                "insurance": box.insurance,
                "results": [dict(r) for r in box.results],
                "switch_open": box.switch_open,
                "switched": box.switched,
            }
        # The felt's side-bet circles, in the table's order: every spot the table offers.
        side_bets = [{"spot": bet.spot, "label": bet.label, "paytable": bet.paytable,
                      "open": state.phase == BETTING and _side_bet_open(state, bet)[0]}
                     for bet in SIDE_BETS.offered(state.rules)]
        to_act = None
        if state.phase in (INSURANCE, PLAY) and state.turn is not None:
            to_act = {"seat": state.turn, "hand": state.turn_hand if state.phase == PLAY else 0}
        return {
            "phase": state.phase,
            "variant": state.rules.get("variant"),
            "dealer": {
                "cards": dealer_cards,
                "total": dealer_count.total if dealer_count else None,
                "soft": dealer_count.soft if dealer_count else False,
                "blackjack": state.hole_revealed and state.dealer_blackjack,
                "bust": bool(dealer_count and dealer_count.total > _over_above(state.rules)),
                "peeked": state.peeked,
            },
            "seats": seats,
            "to_act": to_act,
            "shoe": state.shoe.view(),
            "side_bets_open": {slug: any(s["open"] for s in side_bets if s["paytable"] == slug)
                               for slug in state.rules["side_bets"]},
            "side_bets": side_bets,
            "limits": {k: dict(v) for k, v in state.rules["limits"].items()},
            "bet_step": int(state.rules["bet_step"]),
            "paytables": self._paytables_view(state),
            "notes": state.notes[-NOTES_SHOWN:],
            "rules_summary": rules_summary(state.rules),
            "natural": _natural(state.rules),  # "Pure 21.5" where Bonus cards make it (001 s.810)
        }

    @staticmethod
    def _paytables_view(state: BlackjackState) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for slug, table in state.rules["paytables"].items():
            if slug != _main_paytable(state.rules) and slug not in state.rules["side_bets"]:
                continue
            lines = [{"hand": hand, "label": _humanize(hand), "pays": pays}
                     for hand, pays in table["lines"].items()]
            if slug == _main_paytable(state.rules) and not _even_money_offered(state.rules):
                lines = [ln for ln in lines if ln["hand"] != "even-money"]
            out[slug] = {"name": table.get("name", slug), "lines": lines}
            if "cap" in table:
                out[slug]["cap"] = table["cap"]
        return out

    # -- the house's players -------------------------------------------------------------
    def bot_action(self, state: BlackjackState, seat: int) -> Action | None:
        """Bots bet the table minimum, never insure or take side bets, and play the table's
        named chart (P-140): doubling on two cards only, or on any number where the table
        allows it (Spanish 21's chart); after a double they stand, or where the table offers
        double-doubles and rescue they play the chart's after-double grid. Where the table offers a
        free double or a free split (Free Bet Blackjack) the bot always takes it, the double
        first."""
        if state.phase == BETTING:
            if seat not in state.seats or state.seats[seat].main:
                return None
            step = int(state.rules["bet_step"])
            amount = -(-_limit(state.rules, MAIN)["min"] // step) * step
            return Action("bet", seat, MAIN, amount)
        if seat != self.to_act(state):
            return None
        if state.phase == INSURANCE:
            return Action("decline", seat)
        legal = {lg.kind: lg for lg in self._legal_play(state, seat)}
        box = state.seats[seat]
        if box.switch_open:
            first, second = box.hands
            # The Switch strategy's table of hand values for the table's decks (P-272).
            swap = strategy.better_switched(first.cards, second.cards, state.dealer[0], int(state.rules["decks"]))
            return Action("switch" if swap else "keep", seat)
        hand = state.seats[seat].hands[state.turn_hand]
        if hand.double:
            # Double again, rescue or stand by the chart's after-double grid (P-274).
            after = strategy.after_double(hand.cards, state.dealer[0], "double" in legal, "rescue" in legal,
                                          bool(state.rules["dealer_hits_soft_17"]), strategy.rule_set(state.rules))
            if after == "double":
                return Action("double", seat, str(state.turn_hand), legal["double"].max)
            return Action(after, seat, str(state.turn_hand))
        if "double" in legal and self._free_double(state.rules, hand):
            return Action("double", seat, str(state.turn_hand), hand.stake)  # a free double costs nothing
        if "split" in legal and self._free_split(state.rules, hand):
            return Action("split", seat, str(state.turn_hand), hand.stake)
        # The table's named chart (P-140): Spanish 21's doubles a hand of any number of cards.
        play = strategy.decide(hand.cards, state.dealer[0], strategy.Options(
            can_double="double" in legal and (len(hand.cards) == 2 or bool(state.rules.get("double_any_cards"))),
            can_split="split" in legal, can_surrender="surrender" in legal,
            dealer_hits_soft_17=bool(state.rules["dealer_hits_soft_17"]),
            rule_set=strategy.rule_set(state.rules)))
        if play not in legal:  # a forced stand or hit the chart does not know (D-085, D-100)
            play = "stand" if "stand" in legal else "hit"
        amount = legal["double"].max if play == "double" else 0
        return Action(play, seat, str(state.turn_hand), amount)

    def timeout_action(self, state: BlackjackState) -> Action | None:
        """D-009: when a decision timer runs out, the move that risks no more money."""
        seat = self.to_act(state)
        if seat is None:
            return None
        if state.phase == INSURANCE:
            return Action("decline", seat)
        if state.phase == PLAY and state.seats[seat].switch_open:
            return Action("keep", seat)  # the hands as dealt: no choice made for the player
        if state.phase == PLAY and "stand" not in {lg.kind for lg in self._legal_play(state, seat)}:
            return Action("hit", seat, str(state.turn_hand))  # a forced hit on a hard 11 or less (002 s.2031)
        return Action("stand", seat, str(state.turn_hand))


def over_scale_result(rules: Mapping[str, Any], player: list[str] | tuple[str, ...],
                      dealer: list[str] | tuple[str, ...]) -> tuple[str, str]:
    """A hand that is not a natural against the P/D's finished hand on the No Bust scale:
    win, push or lose, and why. A total above ``over_above`` is "over" a Natural and not lost
    at once (No Bust 4.0 rules 2-8, 001 s.1383-1392, D-111; 4.0a rules 2-6, 003 s.1655-1672,
    D-118; 21st Century Free Bet, 003 s.2777-2787, D-127):

    * under against over wins; over against under loses; both under: the higher total wins,
      equal totals push;
    * both over: the P/D wins when it is closer or equal (it "wins all ties over a Natural");
      when the player is closer the player still loses, except a push for the rule's hands:
      a player's 3-card total (4.0: 25), a P/D 3-card total against a player's 3-card hand
      that is not a 3-card 22 without an ace (4.0a: 23, 24, 25), or a P/D 7-8-9 of one suit
      (Free Bet);
    * ``dealer_22_pushes``: a P/D 22 pushes every hand in action (Free Bet, D-127)."""
    over = _over_above(rules)
    p, d = _count(rules, player).total, _count(rules, dealer).total
    if rules.get("dealer_22_pushes") and d == 22:
        return "push", "The player-dealer's 22 pushes every hand in action"
    if p <= over:
        if d > over:
            return "win", f"{p} against the player-dealer's {d}, over a Natural"
        if p == d and p in rules.get("dealer_wins_ties_at", []):
            return "lose", f"{p} against {p}: the player-dealer wins the tie"
        if p == d:
            return "push", f"{p} against {p}: push"
        return ("win", f"{p} beats the player-dealer's {d}") if p > d else ("lose", f"The player-dealer's {d} wins")
    if d <= over:
        return "lose", f"Over with {p} against the player-dealer's {d}"
    if d <= p:
        return "lose", f"Both over: the player-dealer's {d} is as close or closer"
    if rules.get("over_closer_pushes"):
        return "push", f"Both over: {p} is closer than the player-dealer's {d}: push"
    if len(player) == 3 and p in rules.get("over_push_player_three_card", []):
        return "push", f"Both over: a 3-card {p} pushes"
    if len(player) == 3 and len(dealer) == 3 and d in rules.get("over_push_dealer_three_card", []) \
            and not (p == 22 and not any(is_ace(c) for c in player)):
        return "push", f"Both over: a 3-card hand against the player-dealer's 3-card {d} pushes"
    if rules.get("over_push_dealer_suited_789") and len(dealer) == 3 \
            and sorted(c[0] for c in dealer) == ["7", "8", "9"] and len({c[1] for c in dealer}) == 1:
        return "push", "Both over: the player-dealer's suited 7-8-9 pushes"
    return "lose", f"Both over: {p} loses even though it is closer than the player-dealer's {d}"


def rules_summary(rules: Mapping[str, Any]) -> list[str]:
    """The table's posted rules in short lines (D-017, D-045)."""
    decks = int(rules["decks"])
    stripped = " Spanish (48-card, no tens)" if rules.get("remove_ranks") == "T" else ""
    lines = [
        (f"{decks}{stripped} deck{'s' if decks > 1 else ''}, "
         f"reshuffle after {rules['penetration_pct']}% of the shoe"),
        "Dealer hits soft 17" if rules["dealer_hits_soft_17"] else "Dealer stands on all 17s",
        f"Blackjack pays {rules['blackjack_pays']}",
    ]
    if _hands_per_box(rules) == 2:
        lines.append("Two equal bets, two hands; switch their second cards before you play")
    if rules.get("blackjack_beats_dealer_blackjack"):
        lines.append("A player blackjack beats a dealer blackjack")
    if rules.get("player_21_wins"):
        lines.append("A player 21 always wins")
    if rules.get("dealer_22_pushes"):
        lines.append("Dealer 22 pushes every hand still in play")
    table = rules["paytables"][_main_paytable(rules)]["lines"]
    if rules["insurance"]:
        lines.append(f"Insurance pays {table['insurance']}")
    lines.append("Even money offered" if _even_money_offered(rules) else "No even money")
    totals = rules["double_totals"]
    if rules.get("double_any_cards"):
        lines.append("Double on any two or more cards")
    else:
        lines.append("Double on any two cards" if not totals
                     else f"Double on {' and '.join(str(t) for t in totals)} only")
    lines.append("Double for less, up to the original wager")
    if int(rules.get("max_doublings", 1)) > 1:
        lines.append(f"Double-double: up to {rules['max_doublings']} doublings per hand")
    if rules.get("rescue"):
        lines.append("Rescue after a double: take back the last double, lose the rest")
    free_totals = rules.get("free_double_hard_totals") or []
    if free_totals:
        lines.append(f"Free doubles on two-card hard {', '.join(map(str, free_totals))}, after splits too")
    free_values = rules.get("free_split_values") or []
    if free_values:
        lines.append("Free splits on every pair but ten-values" if sorted(free_values) == list(range(1, 10))
                     else "Free splits on pairs of " + ", ".join("aces" if v == 1 else f"{v}s" for v in free_values))
    if free_totals or free_values:
        lines.append("A Free Bet wins as if it were money and loses nothing")
    if rules["double_after_split"]:
        lines.append("Double after split")
    if rules.get("split_aces_one_card", True):
        lines.append(f"Split to {rules['max_hands']} hands; aces once, one card each")
    else:
        lines.append(f"Split to {rules['max_hands']} hands, aces too; split aces may be hit and doubled")
    if rules["surrender"]:
        lines.append("Late surrender")
    bonus = rules.get("bonus_paytable")
    if bonus:
        pays = rules["paytables"][bonus]["lines"]
        lines.append("Bonus 21s, not on doubled hands: "
                     + ", ".join(f"{bonus_name(line)} {odds}" for line, odds in pays.items()))
    super_bonus = rules.get("super_bonus_paytable")
    if super_bonus:
        sb = rules["paytables"][super_bonus]
        least = {k: int(v) for k, v in sb["min_bet"].items()}
        awards = "; ".join(f"{fmt(int(sb['lines'][ln]))} on a {fmt(least[ln])} or more bet"
                           for ln in sorted(least, key=least.__getitem__))
        lines.append(f"Super Bonus, suited 7-7-7 against a 7 up: {awards}; "
                     f"{fmt(int(sb['lines'][sb['envy_line']]))} to every other player")
    limit = rules["limits"]["main"]
    lines.append(f"Bets {fmt(int(limit['min']))} to {fmt(int(limit['max']))}")
    return lines
