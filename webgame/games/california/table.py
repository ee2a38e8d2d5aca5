"""A player-dealer table: a house-banked engine's edition with a seated player banking.

:class:`PlayerDealerTable` wraps any engine (``Game``) unchanged and adds the card room around
its hand. A round runs in four phases:

``offer``    the bank is offered round the table (:mod:`.rotation`): the offered seat accepts
             with a stake of at least the table minimum (``bank`` limit) or declines; a clock
             that runs out declines (D-009); a table where nobody takes it pauses, and the next
             clock closes the round with no hand (D-470). The stake moves to the table's bank
             when the bank is accepted (P-030).
``betting``  the wrapped engine's betting; the player-dealer (P/D) posts no wager of its own.
``play``     the collection fees are taken just before the deal (:mod:`.fees`, D-483), the
             wrapped engine deals and plays with the P/D's hand as its dealer's hand, and the
             action seat is set (:mod:`.action`). Every settlement the wrapped engine makes is
             held back until its hand is over.
``over``     the held settlements are graded as :class:`~.coverage.Outcome` s, ordered from the
             action seat and settled within the P/D's stake (:mod:`.coverage`): wagers the stake
             does not reach get no action and go back whole, and the P/D's bank settles last.
             The bank is then offered on for the next hand (two consecutive hands at most).

Money leaves only as the protocol's events: ``Stake(pd, "bank")`` (the P/D's chips to the
table's bank), :class:`~webgame.engine.protocol.Fee` (a person's chips to the fees), the covered
``Settlement`` s (booked against the bank, never the house), ``Settlement(..., "no-action")``
for a wager returned whole, and ``Settlement(pd, "bank")`` returning what the bank holds.

The wrapper knows no game: an engine's settlements, its wagers (``Stake``), its dealer's
face-up card in its view and which of its circles are side bets are all it reads, so the baccarat, pai gow and blackjack editions
reuse it as their data in ``rules/california/`` and their rules TOML say.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...engine.money import fmt
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    Fee,
    Game,
    GameBase,
    IllegalAction,
    Legal,
    Note,
    Refund,
    Settlement,
    Stake,
)
from ...engine.rng import Rng, SeededRng
from . import action as seats_action
from . import coverage, fees, rotation
from .editions import Edition, edition

BANK_BET = coverage.BANK_BET
OFFER, BETTING, PLAY, OVER = "offer", "betting", "play", "over"
HISTORY_KEPT = 5  # hands of wagering remembered for eligibility (D-469 asks at most three)
NO_ACTION = "no-action"


@dataclass
class PlayerDealerState:
    """A round at a player-dealer table: the wrapped engine's state and the card room's."""

    rules: dict[str, Any]
    inner: Any  # the wrapped engine's own round state
    bank: dict[str, Any]  # rotation.Bank as data
    phase: str = OFFER
    owners: dict[str, str] = field(default_factory=dict)  # engine seat -> player id
    stake: int = 0  # the P/D's posted stake
    pd_seat: int | None = None  # engine seat of the P/D this hand
    turn: int = 0  # 1st or 2nd consecutive hand of this P/D
    history: list[list[int]] = field(default_factory=list)  # positions that wagered, per hand
    hands_dealt: int = 0  # since the table opened (free hands, D-492)
    wagers: dict[str, dict[str, int]] = field(default_factory=dict)  # seat -> bet -> cents before the deal
    fees: dict[str, int] = field(default_factory=dict)  # seat -> collection fee taken this hand
    action_seat: int | None = None  # engine seat where settlement begins
    action_card: str = ""
    dice: list[int] = field(default_factory=list)  # the dice cup, where the edition shakes it (D-478)
    counted: int | None = None  # engine seat the dice counted to (the P/D's own seat included)
    held: list[dict[str, Any]] = field(default_factory=list)  # the engine's settlements, held back
    results: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # seat -> settled within the stake
    collected: int = 0
    paid: int = 0
    notes: list[str] = field(default_factory=list)
    next_pressed: bool = False  # "Next hand" opened this round: a second press would only churn it
    behind: dict[str, dict[str, int]] = field(default_factory=dict)  # backer seat -> "bet/behind-spot-N" -> cents


FOR = "@"  # a decision a backline controller posts for another spot's hand: "<kind>@<spot>" ("hit@3")
BEHIND = "/behind-spot-"  # a backline wager's key: the wager it follows, then the spot ("ante/behind-spot-3")


def behind_key(bet: str, circle: int) -> str:
    return f"{bet}{BEHIND}{position(circle)}"


def behind_target(key: str) -> tuple[str, int]:
    """The wager and engine seat a backline key follows."""
    bet, _, spot = key.partition(BEHIND)
    return bet, seat_of(int(spot))


def position(seat: int) -> int:
    """Engine seats count from 0 at the house dealer's left; the rotation counts positions from 1."""
    return seat + 1


def seat_of(pos: int) -> int:
    return pos - 1


def turn_word(turn: int) -> str:
    return {1: "1st", 2: "2nd"}.get(turn, f"{turn}th")


class PlayerDealerTable(GameBase[PlayerDealerState]):
    """Any engine's edition banked by a seated player; the engine itself is unchanged."""

    seat_owner_action = "owner"
    opening_actions = ("next", "bank", "decline")
    independent_actions = ("bet",)  # the bettors' own spots; the bank checks its coverage at each (P-447)
    player_banked = True

    def __init__(self, inner: Game[Any]) -> None:
        self.inner = inner
        self.slug, self.name, self.family = inner.slug, inner.name, inner.family
        self.window_closes_with = inner.window_closes_with

    # -- the edition's data -------------------------------------------------------------
    def edition(self, rules: Mapping[str, Any]) -> Edition:
        return edition(f"{self.slug}@{rules['variant']}")

    def positions(self, rules: Mapping[str, Any]) -> int:
        return self.edition(rules).positions or int(rules["seats"])

    def schedule(self, rules: Mapping[str, Any]) -> fees.Schedule:
        """The table's posted schedule: the operator's ``collection_fee`` option, or the
        edition's default where the variant offers no choice (D-482)."""
        chosen = rules.get("collection_fee")
        return fees.schedule(str(chosen)) if chosen else fees.default_schedule(f"{self.slug}@{rules['variant']}")

    def side_spots(self, rules: Mapping[str, Any]) -> frozenset[str]:
        """The wager keys that are bonus bets for the fee schedules: the variant's side bets,
        and any circle the engine marks as one under its own key (Let It Ride's 3 Card Bonus
        is staked as ``three-card-bonus`` for the ``lir-three-card-bonus`` side bet)."""
        keys = set(rules["side_bets"])
        circles = getattr(self.inner, "circles", None)
        if callable(circles):
            keys |= {str(spot.key) for spot in circles(rules) if getattr(spot, "side_bet", None)}
        return frozenset(keys)

    @staticmethod
    def bank_limit(rules: Mapping[str, Any]) -> tuple[int, int]:
        """The P/D's stake: the ``bank`` limit, or at least the first (main) wager's minimum
        with no maximum where the variant names none (D-471)."""
        limits = rules["limits"]
        table_min = int(next(iter(limits.values()))["min"])
        lim = limits.get("bank") or {"min": table_min, "max": 10**11}
        # The fee schedule may raise the table minimum above the data's (P-034): the stake follows.
        return max(int(lim["min"]), table_min), int(lim["max"])

    def _bank(self, state: PlayerDealerState) -> rotation.Bank:
        return rotation.Bank.from_dict(state.bank)

    def _eligible(self, state: PlayerDealerState, history: list[list[int]] | None = None) -> set[int]:
        seated = {position(int(s)) for s in state.owners}
        return rotation.eligible(self.edition(state.rules).rotation, seated, state.history if history is None else history)

    # -- the round's life ---------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> PlayerDealerState:
        carry = carry or {}
        inner = self.inner.new_round(rules, rng, carry.get("inner"))
        bank = carry.get("bank")
        fresh = bank is None or bank.get("phase") in ("closed", "paused")
        state = PlayerDealerState(
            rules=dict(rules), inner=inner,
            bank=rotation.Bank(self.positions(rules)).to_dict() if fresh else dict(bank or {}),
            history=[] if fresh else [list(h) for h in carry.get("history", [])],
            hands_dealt=0 if fresh else int(carry.get("hands", 0)))
        return state

    def carry(self, state: PlayerDealerState) -> dict[str, Any]:
        return {"inner": self.inner.carry(state.inner), "bank": dict(state.bank),
                "history": [list(h) for h in state.history[-HISTORY_KEPT:]], "hands": state.hands_dealt}

    def is_over(self, state: PlayerDealerState) -> bool:
        return state.phase == OVER

    def takes_owners(self, state: PlayerDealerState) -> bool:
        return state.phase in (OFFER, BETTING)

    def to_act(self, state: PlayerDealerState) -> int | None:
        if state.phase == OFFER:
            bank = self._bank(state)
            return seat_of(bank.offered_to) if bank.phase == "offering" and bank.offered_to else None
        if state.phase in (BETTING, PLAY):
            return self.inner.to_act(state.inner)
        return None

    def bank_reserve(self, rules: Mapping[str, Any]) -> int:
        """The most the posted schedule can charge the P/D for a hand: its chips must hold it
        beside the stake, or the deal could not take it (D-483, D-484, P-038)."""
        return self.schedule(rules).player_dealer.rate.most

    def wait_seconds(self, state: PlayerDealerState) -> int | None:
        """A table nobody will bank pauses, then closes (D-470): after the operator's
        ``pause_minutes``, else the edition's ``close_after_minutes``."""
        if state.phase != OFFER or self._bank(state).phase != "paused":
            return None
        minutes = state.rules.get("pause_minutes") or self.edition(state.rules).rotation.close_after_minutes
        return int(minutes) * 60

    def deciding(self, state: PlayerDealerState) -> list[int]:
        return self.inner.deciding(state.inner) if state.phase == PLAY else []

    # -- what may be done ---------------------------------------------------------------
    def legal_actions(self, state: PlayerDealerState, seat: int) -> list[Legal]:
        if state.phase == OFFER:
            return self._offer_legal(state, seat)
        # "Next hand" opens a round; bots may have moved it on before the press is applied.
        nxt = ([Legal("next", label="Next hand")]
               if seat != SYSTEM_SEAT and state.phase != OVER and not state.next_pressed else [])
        if state.phase == BETTING and seat == state.pd_seat:
            return nxt  # the P/D banks this hand and places no wagers
        if state.phase == BETTING:
            return list(self.inner.legal_actions(state.inner, seat)) + self._behind_legal(state, seat) + nxt
        if state.phase == PLAY:
            return self._play_legal(state, seat) + nxt
        return []

    # -- who decides a seat's hand (D-475, D-477) -------------------------------------------
    def money_on(self, state: PlayerDealerState, circle: int) -> dict[int, int]:
        """Each person's money in action on one seat's hand: the seated player's wagers there
        and every bet behind them, by the engine seat of whoever placed it."""
        out: dict[int, int] = {}
        own = sum(a for a in state.wagers.get(str(circle), {}).values() if a > 0)
        if own:
            out[circle] = own
        for backer, keys in state.behind.items():
            here = sum(amount for key, amount in keys.items() if behind_target(key)[1] == circle)
            if here:
                out[int(backer)] = out.get(int(backer), 0) + here
        return out

    def controllers(self, state: PlayerDealerState) -> dict[int, int]:
        """Each seat with a hand (a wager of its own) -> the engine seat of the person who makes
        its decisions (P-260). Where the edition's ``control`` is "most-money" (D-475) that is
        whoever has the most money in action on the hand, the seated player on equal amounts,
        and between backers with equal money the lower spot (002 s.1354, "the player betting on
        the #1 square has preference"). Where the game lets a player see only one hand
        (``one_hand``: 001 s.61, s.214; 002 s.1175) a bettor who has a hand of their own never
        takes another (D-477), and a backer with none decides one hand at most, the first in
        the order hands are played ("a player may set only the first hand they look at").
        Elsewhere the seated player decides (D-475, 003 rule 44)."""
        hands = sorted(int(s) for s, bets in state.wagers.items()
                       if int(s) != state.pd_seat and any(a > 0 for a in bets.values()))
        out = {seat: seat for seat in hands}
        ed = self.edition(state.rules)
        if ed.control != "most-money" or not state.behind:
            return out
        if state.action_seat is not None and state.pd_seat is not None:
            order = seats_action.settlement_order(self._layout(state), position(state.action_seat), ed.action.settle)
            ranked = [seat_of(p) for p in order if seat_of(p) in out]
            hands = ranked + [h for h in hands if h not in ranked]
        taken: set[int] = set()
        for seat in hands:
            money = self.money_on(state, seat)
            best, most = seat, money.get(seat, 0)
            for backer in sorted(money):
                if backer == seat or (ed.one_hand and (backer in out or backer in taken)):
                    continue  # one hand a player (D-477): their own, or the one already theirs
                if money[backer] > most:
                    best, most = backer, money[backer]
            out[seat] = best
            if best != seat:
                taken.add(best)
        return out

    def backs(self, state: PlayerDealerState, seat: int) -> list[int]:
        """The other seats whose hands this seat's player decides as a backline bettor."""
        return sorted(hand for hand, who in self.controllers(state).items() if who == seat and hand != seat)

    def _stakes_more(self, state: PlayerDealerState, hand: int, action: Action) -> bool:
        """Whether a decision would put more of the seated player's money on the table (a
        double, a split): tried on a copy, since only the engine knows its moves (P-261)."""
        trial = copy.deepcopy(state.inner)
        try:
            events = self.inner.apply(trial, replace(action, seat=hand), SeededRng(b"control"))
        except (IllegalAction, KeyError, ValueError, TypeError):
            return False
        return any(isinstance(ev, Stake) for ev in events)

    def _play_legal(self, state: PlayerDealerState, seat: int) -> list[Legal]:
        """The decisions a seat's player may post: their own hand's, unless somebody with more
        money on it decides (D-475); and for each hand they decide as a backline bettor, that
        hand's, named ``<kind>@<spot>`` ("set@2"), except one that would stake more of the
        seated player's chips (P-261)."""
        if seat == SYSTEM_SEAT:
            return list(self.inner.legal_actions(state.inner, seat))
        own = (list(self.inner.legal_actions(state.inner, seat))
               if self.controllers(state).get(seat, seat) == seat else [])
        for hand in self.backs(state, seat):
            own += [replace(lg, kind=f"{lg.kind}{FOR}{position(hand)}",
                            label=f"Spot {position(hand)}: {lg.label or lg.kind.replace('-', ' ').capitalize()}")
                    for lg in self.inner.legal_actions(state.inner, hand)
                    if not self._stakes_more(state, hand, Action(lg.kind, hand, lg.spot, lg.max))]
        return own

    def _controlled(self, state: PlayerDealerState, action: Action) -> Action:
        """A decision as the hand's engine takes it: ``<kind>@<spot>`` from a backline controller
        is played on that spot's hand; the seated player's is refused while somebody else
        decides, and nothing changes."""
        if action.seat == SYSTEM_SEAT:
            return action
        kind, _, spot = action.kind.partition(FOR)
        if spot:
            hand = seat_of(int(spot)) if spot.isdigit() else -1
            if hand not in self.backs(state, action.seat):
                raise IllegalAction("You do not decide that hand: its own player, or whoever has the most "
                                    "money on it, does.")
            if self._stakes_more(state, hand, replace(action, kind=kind)):
                raise IllegalAction(f"Only Spot {position(hand)}'s own player can put more money on that hand: "
                                    "a bet behind puts up no further wager.")
            return replace(action, kind=kind, seat=hand)
        who = self.controllers(state).get(action.seat, action.seat)
        if who != action.seat:
            raise IllegalAction(f"Spot {position(who)} has more money on your hand than you and makes its "
                                "decisions: nothing was changed.")
        return action

    # -- backline: bets behind another seat's wager (D-473, D-474) ------------------------
    def _behind_allowed(self, state: PlayerDealerState, bet: str) -> bool:
        rule = self.edition(state.rules).backline
        return rule == "all" or (rule == "base" and bet not in self.side_spots(state.rules))

    def _requires(self, rules: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
        """The circles a wager needs a bet on first, where the engine names them (a Fortune
        Bonus needs the game wager, 001 s.1160): a bet behind needs the same behind that seat."""
        circles = getattr(self.inner, "circles", None)
        if not callable(circles):
            return {}
        return {str(spot.key): tuple(str(r) for r in spot.requires)
                for spot in circles(rules) if getattr(spot, "requires", ())}

    def _wager_limit(self, rules: Mapping[str, Any], bet: str) -> tuple[int, int]:
        """A backline wager's limits are those of the wager it follows."""
        limit = getattr(self.inner, "limit", None)
        if callable(limit):
            try:
                lim = limit(rules, bet)
                return int(lim["min"]), int(lim["max"])
            except (KeyError, IllegalAction):
                pass
        main = next(iter(rules["limits"].values()))
        return int(main["min"]), int(main["max"])

    def _behind_legal(self, state: PlayerDealerState, seat: int) -> list[Legal]:
        if seat == SYSTEM_SEAT or str(seat) not in state.owners or self.edition(state.rules).backline == "none":
            return []
        mine = state.behind.get(str(seat), {})
        needs = self._requires(state.rules)
        out: list[Legal] = []
        for circle, bets in sorted(state.wagers.items(), key=lambda kv: int(kv[0])):
            target = int(circle)
            if target in (seat, state.pd_seat):
                continue
            for bet, amount in bets.items():
                if amount <= 0 or not self._behind_allowed(state, bet):
                    continue
                if needs.get(bet) and not any(mine.get(behind_key(r, target), 0) > 0 for r in needs[bet]):
                    continue  # a side bet behind needs the wager it goes with, behind the same seat
                low, high = self._wager_limit(state.rules, bet)
                room = high - mine.get(behind_key(bet, target), 0)
                if room >= low:
                    out.append(Legal("behind", f"{target}:{bet}", low, room,
                                     f"Spot {position(target)}: {self._bet_words(bet, state.rules)}"))
        if mine:
            out.append(Legal("clear-behind", label="Take back your bets behind"))
        return out

    @staticmethod
    def _bet_words(bet: str, rules: Mapping[str, Any]) -> str:
        """A wager's name for players: its paytable's name where it has one ("6 Card Bonus"),
        else its key in words ("Ante")."""
        table = rules.get("paytables", {}).get(bet)
        if isinstance(table, Mapping) and table.get("name"):
            return str(table["name"])
        return bet.replace("-", " ").capitalize()

    def _behind(self, state: PlayerDealerState, action: Action) -> list[Event]:
        """A bet behind another seat's wager: it rides on that wager's outcome, settles right
        after it, and pays its own collection fee for that circle (D-473, D-474, D-488)."""
        seat = action.seat
        if action.kind == "clear-behind":
            mine = state.behind.pop(str(seat), {})
            if not mine:
                raise IllegalAction("You have no bets behind another spot.")
            return [Refund(seat, key, amount) for key, amount in sorted(mine.items())]
        legal = next((lg for lg in self._behind_legal(state, seat) if lg.kind == "behind" and lg.spot == action.spot), None)
        if legal is None:
            raise IllegalAction("You cannot bet behind that wager.")
        if not legal.min <= action.amount <= legal.max:
            raise IllegalAction(f"A bet behind that wager is {fmt(legal.min)} to {fmt(legal.max)}.")
        target, _, bet = action.spot.partition(":")
        key = behind_key(bet, int(target))
        mine = state.behind.setdefault(str(seat), {})
        mine[key] = mine.get(key, 0) + action.amount
        return [Stake(seat, key, action.amount),
                Note(f"Spot {position(seat)} bets {fmt(action.amount)} behind Spot {position(int(target))}'s "
                     f"{self._bet_words(bet, state.rules)}.", seat)]

    def _orphans(self, state: PlayerDealerState) -> list[Event]:
        """Bets behind a wager that is gone (taken back, or its player left) go back whole."""
        events: list[Event] = []
        for backer, keys in list(state.behind.items()):
            for key, amount in list(keys.items()):
                bet, circle = behind_target(key)
                if state.wagers.get(str(circle), {}).get(bet, 0) <= 0 or str(backer) not in state.owners:
                    events.append(Refund(int(backer), key, amount))
                    del keys[key]
            if not keys:
                del state.behind[backer]
        return events

    def _behind_outcomes(self, state: PlayerDealerState) -> list[coverage.Outcome]:
        """Each backline wager as the wager it follows was decided: paid at the same ratio of
        returned to staked, to the cent below (P-037), a split or doubled hand counted whole."""
        out = []
        # An engine that graded a bet behind itself (Pai Gow tiles rule 42: a lesser bettor on
        # another setting than the hand's own) settled it under its key: no ratio for that one.
        graded = {(h["seat"], h["bet"]) for h in state.held}
        for backer, keys in sorted(state.behind.items(), key=lambda kv: int(kv[0])):
            for key, amount in sorted(keys.items()):
                if (int(backer), key) in graded:
                    continue
                bet, circle = behind_target(key)
                rows = [h for h in state.held if h["seat"] == circle and h["bet"].split("/")[0] == bet
                        and BEHIND not in h["bet"]]
                staked, back = sum(h["stake"] for h in rows), sum(h["returned"] for h in rows)
                returned = amount if staked == 0 else amount * back // staked
                detail = f"Behind Spot {position(circle)}" + (f": {rows[0]['detail']}" if rows and rows[0]["detail"] else "")
                out.append(coverage.Outcome(position(circle), int(backer), key, amount, returned - amount, detail))
        return out

    def _offer_legal(self, state: PlayerDealerState, seat: int) -> list[Legal]:
        bank = self._bank(state)
        if seat == SYSTEM_SEAT:
            return [Legal("close", label="Close the table")] if bank.phase in ("paused", "waiting") else []
        out: list[Legal] = []
        if bank.phase == "offering" and bank.offered_to == position(seat):
            low, high = self.bank_limit(state.rules)
            turn = bank.turn if bank.holder == position(seat) else 1
            title = self.edition(state.rules).rotation.title
            out += [Legal("bank", "", low, high, f"Take the bank as {title} ({turn_word(turn)} turn)"),
                    Legal("decline", label="Decline the bank")]
        if not state.next_pressed:
            out.append(Legal("next", label="Next hand"))
        return out

    # -- doing it -----------------------------------------------------------------------
    def apply(self, state: PlayerDealerState, action: Action, rng: Rng) -> list[Event]:
        if state.phase == OVER:
            raise IllegalAction("This round is over.")
        kind = action.kind
        if kind == "owner":
            return self._owner(state, action, rng)
        if kind == "next" and action.seat != SYSTEM_SEAT:
            if state.next_pressed:  # only the press that opens the round; no churn of its version
                raise IllegalAction("The next hand has already begun.")
            state.next_pressed = True
            return []  # the press that opened the round: nothing more to do
        if state.phase == OFFER:
            events = self._offer_move(state, action)
        elif kind == "close" and state.phase == BETTING:
            events = self._no_wagers(state, action)
        elif state.phase == BETTING and action.seat == state.pd_seat and action.seat != SYSTEM_SEAT:
            raise IllegalAction("You are banking this hand: the player-dealer places no wagers.")
        elif state.phase == BETTING and kind in ("behind", "clear-behind"):
            events = self._behind(state, action)
        elif state.phase == BETTING and kind == self.inner.window_closes_with:
            events = self._orphans(state) + self._deal(state, action, rng)
        elif state.phase == PLAY:
            events = self._pass(state, self.inner.apply(state.inner, self._controlled(state, action), rng))
        else:
            events = self._pass(state, self.inner.apply(state.inner, action, rng))
        self._record(state, events)
        if state.phase == BETTING and state.behind:
            orphans = self._orphans(state)
            events += orphans
        return events

    def _owner(self, state: PlayerDealerState, action: Action, rng: Rng) -> list[Event]:
        if state.phase not in (OFFER, BETTING):
            raise IllegalAction("Seats can only change hands between hands.")
        events = self.inner.apply(state.inner, action, rng)
        if action.spot:
            state.owners[str(action.seat)] = action.spot
        else:
            state.owners.pop(str(action.seat), None)
        if state.behind:
            self._record(state, events)
            events = [*events, *self._orphans(state)]
        if state.phase == OFFER:
            self._follow_seats(state)
        return events

    def _follow_seats(self, state: PlayerDealerState) -> None:
        """Who is seated changed while the bank is offered: a new table opens its offer once two
        could bank, an offer to a seat that left passes on, a paused table offers again."""
        rule = self.edition(state.rules).rotation
        bank = self._bank(state)
        seated = {position(int(s)) for s in state.owners}
        pool = self._eligible(state)
        if bank.phase == "waiting" and bank.holder is None:
            bank = rotation.open_table(rule, bank.positions, pool)
        elif bank.phase in ("waiting", "paused"):
            bank = rotation.reoffer(bank, rule, pool)
        elif bank.phase == "offering" and bank.offered_to not in seated:
            bank = rotation.decline(bank, rule, int(bank.offered_to or 0), pool)
        state.bank = bank.to_dict()

    def _offer_move(self, state: PlayerDealerState, action: Action) -> list[Event]:
        rule = self.edition(state.rules).rotation
        bank = self._bank(state)
        if action.kind == "next":
            raise IllegalAction("That is not a move at this table.")  # the table's own seat
        if action.kind == "close":
            if action.seat != SYSTEM_SEAT or bank.phase not in ("paused", "waiting"):
                raise IllegalAction("The table is not waiting for a player-dealer.")
            words = "two players who may bank are needed to deal" if bank.phase == "waiting" else \
                "nobody took the bank, so the table closes (D-470)"
            if bank.phase == "paused":
                bank = rotation.close(bank)
            state.bank = bank.to_dict()
            state.phase = OVER
            return [Note(f"No hand: {words}.")]
        if action.kind not in ("bank", "decline", "timeout"):
            raise IllegalAction("The bank is being offered: nobody bets until somebody banks.")
        seat = action.seat
        if action.kind == "timeout":
            if action.seat != SYSTEM_SEAT or bank.phase != "offering" or not bank.offered_to:
                raise IllegalAction("Nobody is being offered the bank.")
            seat = seat_of(bank.offered_to)
        if bank.phase != "offering" or bank.offered_to != position(seat):
            raise IllegalAction("The bank is not being offered to you.")
        who = f"Spot {position(seat)}"
        if action.kind == "bank":
            low, _ = self.bank_limit(state.rules)
            if action.amount < low:  # no maximum: the P/D's chips are the only bound (D-471)
                raise IllegalAction(f"The bank takes a stake of at least {fmt(low)}, the table minimum.")
            bank = rotation.accept(bank, position(seat))
            state.bank, state.stake, state.pd_seat = bank.to_dict(), action.amount, seat
            state.turn, state.phase = bank.turn, BETTING
            title = rule.title.lower()
            return [Stake(seat, BANK_BET, action.amount),
                    Note(f"{who} banks as {title} ({turn_word(bank.turn)} turn) with {fmt(action.amount)}.", seat)]
        bank = rotation.decline(bank, rule, position(seat), self._eligible(state))
        state.bank = bank.to_dict()
        why = "time is up" if action.kind == "timeout" else "declines the bank"
        after = {"paused": " Nobody took the bank: the table pauses.",
                 "waiting": " Too few players may bank: the table waits."}.get(bank.phase, "")
        if bank.phase == "offering" and bank.offered_to:
            after = f" The bank is offered to Spot {bank.offered_to}."
        return [Note(f"{who}: {why}.{after}", seat)]

    def _no_wagers(self, state: PlayerDealerState, action: Action) -> list[Event]:
        """The betting window closed with no wager: no hand, the stake goes back, and the same
        player-dealer is offered the bank again (a hand not dealt does not count, D-468)."""
        if action.seat != SYSTEM_SEAT or any(state.wagers.values()):
            raise IllegalAction("There are wagers to deal.")
        assert state.pd_seat is not None
        bank = self._bank(state)
        bank.phase, bank.offered_to = "offering", bank.holder
        state.bank, state.phase = bank.to_dict(), OVER
        back = Settlement(state.pd_seat, BANK_BET, state.stake, state.stake, "push",
                          "Nobody bet: the hand is not dealt and the bank goes back")
        return [back, Note("Nobody bet this hand: the player-dealer's stake goes back.")]

    def _deal(self, state: PlayerDealerState, action: Action, rng: Rng) -> list[Event]:
        """The collection fees are taken before anything is dealt (D-483), then the engine
        deals and the action seat is set by the edition's method."""
        assert state.pd_seat is not None
        side = self.side_spots(state.rules)
        wagers = [fees.Wager(position(int(s)), position(int(s)), bet, amount, bet in side)
                  for s, bets in sorted(state.wagers.items(), key=lambda kv: int(kv[0]))
                  for bet, amount in bets.items() if amount]
        wagers += self._behind_wagers(state)
        tell = getattr(self.inner, "seat_backline", None)
        if callable(tell) and state.behind:  # an engine that pays a bet behind by its own grade (Envy)
            tell(state.inner, [(int(backer), behind_target(key)[1], key, amount)
                               for backer, keys in sorted(state.behind.items(), key=lambda kv: int(kv[0]))
                               for key, amount in sorted(keys.items())])
        if self.edition(state.rules).action.method == "dice":
            self._shake(state, rng)
        else:
            seat_bank = getattr(self.inner, "seat_player_dealer", None)
            if callable(seat_bank):  # an engine that asks the bank's own choices (Face Down's 6, D-181)
                seat_bank(state.inner, state.pd_seat, state.pd_seat)
        dealt = self._pass(state, self.inner.apply(state.inner, action, rng))
        taken = fees.collect(self.schedule(state.rules), wagers, position(state.pd_seat), state.hands_dealt)
        if self.inner.is_over(state.inner) and state.held and all(h["result"] == "void" for h in state.held):
            taken = fees.Collection((), None)  # a hand voided at the deal takes no fee (D-483, D-485)
        events: list[Event] = [Fee(seat_of(f.seat), f.amount, self._fee_memo(f)) for f in taken.fees]
        if state.dice:
            events.append(Note(self._dice_words(state)))
        for fee in taken.fees:
            key = str(seat_of(fee.seat))
            state.fees[key] = state.fees.get(key, 0) + fee.amount
        state.phase = PLAY
        self._set_action_seat(state, rng)
        decide = getattr(self.inner, "seat_control", None)
        if callable(decide) and state.behind:  # an engine whose game protects a hand's lesser bettors
            decide(state.inner, self.controllers(state))  # (Pai Gow tiles rule 42)
        events += dealt
        if self.inner.is_over(state.inner):
            events += self._finish(state)
        return events

    def _behind_wagers(self, state: PlayerDealerState) -> list[fees.Wager]:
        """Backline wagers pay the fee of the circle they are in, as their bettor's own (D-488)."""
        side = self.side_spots(state.rules)
        out = []
        for backer, keys in sorted(state.behind.items(), key=lambda kv: int(kv[0])):
            for key, amount in sorted(keys.items()):
                bet, circle = behind_target(key)
                out.append(fees.Wager(position(int(backer)), position(circle), key, amount, bet in side))
        return out

    @staticmethod
    def _fee_memo(fee: fees.CollectionFee) -> str:
        return "collection fee: " + ("the bank, " + fee.detail if fee.circle is None else fee.detail)

    def _layout(self, state: PlayerDealerState) -> seats_action.Layout:
        assert state.pd_seat is not None
        wagering = frozenset(position(int(s)) for s, bets in state.wagers.items() if any(bets.values()))
        return seats_action.Layout(self.positions(state.rules), position(state.pd_seat), wagering)

    def _shake(self, state: PlayerDealerState, rng: Rng) -> None:
        """The dice cup, shaken by the server once the bets are down and before any card is
        dealt (D-478): the count from the P/D as 1 names the seat of the first pile, and an
        engine that deals piles to seats (pai gow) is told where the bank sits and where the
        first pile goes (001 s.39-110 rules 3-6)."""
        assert state.pd_seat is not None
        rule = self.edition(state.rules).action
        found = seats_action.choose(self._layout(state), rule, rng)
        state.dice = list(found.dice)
        state.counted = seat_of(found.counted)
        state.action_seat = seat_of(found.seat) if found.seat is not None else None
        seat_bank = getattr(self.inner, "seat_player_dealer", None)
        if callable(seat_bank):
            seat_bank(state.inner, state.pd_seat, state.counted)

    def _set_action_seat(self, state: PlayerDealerState, rng: Rng | None) -> None:
        rule = self.edition(state.rules).action
        if rule.method == "dice":
            return  # set by the dice before the deal (_shake)
        layout = self._layout(state)
        card = None
        if rule.method in ("card", "seat-map"):
            dealer = self.inner.view(state.inner, None).get("dealer")
            shown = [c for c in (dealer.get("cards", []) if isinstance(dealer, dict) else []) if c]
            if len(shown) < rule.card and not self.inner.is_over(state.inner):
                # The counted card is still face down (Pure Spanish 21.5's down card, 001 s.838):
                # the button is set when it is turned, before anything is settled (D-094).
                return
            counted = shown[rule.card - 1] if len(shown) >= rule.card else None
            # A card's rank: its first letter, or "JK" for a joker (Face Down's Seat 8, D-182).
            card = ("JK" if str(counted).upper().startswith("JK") else str(counted)[0]) if counted else None
            state.action_card = str(counted) if counted else ""
        if card is None and rule.method in ("card", "seat-map"):
            found = seats_action.fixed(layout, seats_action.ActionRule("fixed"))  # no card shown: P/D's left
        else:
            found = seats_action.choose(layout, rule, rng, card)
        state.action_seat = seat_of(found.seat) if found.seat is not None else None

    def _pass(self, state: PlayerDealerState, events: list[Event]) -> list[Event]:
        """The engine's events: wagers go through as they are; settlements are held back until
        the hand is over, when they are settled within the stake."""
        out: list[Event] = []
        for ev in events:
            if isinstance(ev, Settlement) and state.phase != OFFER:
                state.held.append({"seat": ev.seat, "bet": ev.bet, "stake": ev.stake, "returned": ev.returned,
                                   "result": ev.result, "detail": ev.detail})
            else:
                out.append(ev)
        if state.phase == PLAY and self.inner.is_over(state.inner):
            out += self._finish(state)  # the last decision ended the engine's hand
        return out

    def _record(self, state: PlayerDealerState, events: list[Event]) -> None:
        for ev in events:
            if isinstance(ev, Note):
                state.notes.append(ev.text)
            elif isinstance(ev, (Stake, Refund)) and BEHIND in ev.bet:
                continue  # backline wagers are kept in ``behind``; they make nobody eligible to bank
            elif state.phase == BETTING and isinstance(ev, Stake) and ev.bet != BANK_BET:
                bets = state.wagers.setdefault(str(ev.seat), {})
                bets[ev.bet] = bets.get(ev.bet, 0) + ev.amount
            elif state.phase == BETTING and isinstance(ev, Refund):
                bets = state.wagers.setdefault(str(ev.seat), {})
                bets[ev.bet] = bets.get(ev.bet, 0) - ev.amount
        state.notes = state.notes[-12:]

    def _finish(self, state: PlayerDealerState) -> list[Event]:
        """The hand is over: settle what the engine decided within the P/D's stake, in the
        edition's order from the action seat (D-465, D-466, D-467), then offer the bank on."""
        if state.phase == OVER:
            return []
        assert state.pd_seat is not None
        ed = self.edition(state.rules)
        if ed.action.method in ("card", "seat-map") and not state.action_card:
            # The card that sets the action may be shown only at the end of the hand: the
            # 21st Century Baccarat hole card (002 s.1686, D-167).
            self._set_action_seat(state, None)
        layout = self._layout(state)
        start = position(state.action_seat) if state.action_seat is not None else position(state.pd_seat)
        order = seats_action.settlement_order(layout, start, ed.action.settle)
        # An award the engine made to a backline bettor (an Envy button behind a hand) is in the
        # circle of the hand it backs, and settles right after that seat's same wager.
        outcomes = [coverage.Outcome(position(behind_target(h["bet"])[1] if BEHIND in h["bet"] else h["seat"]),
                                     h["seat"], h["bet"], h["stake"], h["returned"] - h["stake"], h["detail"])
                    for h in state.held]
        outcomes += self._behind_outcomes(state)
        settled = coverage.settle(state.stake, state.pd_seat,
                                  coverage.in_settlement_order(outcomes, order, ed.wager_order, ed.settle_by,
                                                                   ed.settle_last))
        events: list[Event] = list(settled.settlements)
        events += [Settlement(r.seat, r.bet, r.amount, r.amount, NO_ACTION,
                              "No action: the player-dealer's stake ran out, the wager goes back (D-466)")
                   for r in settled.no_action]
        events.append(settled.player_dealer)
        for ev in events:
            if isinstance(ev, Settlement):
                state.results.setdefault(str(ev.seat), []).append(
                    {"bet": ev.bet, "stake": ev.stake, "returned": ev.returned, "result": ev.result,
                     "detail": ev.detail, "net": ev.net})
        state.held = []
        state.collected, state.paid = settled.collected, settled.paid
        bettors = sorted(layout.wagering)
        state.history = [*state.history, bettors][-HISTORY_KEPT:]
        state.hands_dealt += 1
        bank = rotation.after_hand(self._bank(state), ed.rotation, self._eligible(state))
        state.bank = bank.to_dict()
        state.phase = OVER
        short = f" The bank ran out: {len(settled.no_action)} wager(s) get no action." if settled.no_action else ""
        events.append(Note(f"The bank collected {fmt(settled.collected)} and paid {fmt(settled.paid)}.{short}"))
        return events

    # -- the house's players and the clock ----------------------------------------------
    def bot_action(self, state: PlayerDealerState, seat: int) -> Action | None:
        if state.phase == OFFER:
            bank = self._bank(state)
            if seat == SYSTEM_SEAT or bank.phase != "offering" or bank.offered_to != position(seat):
                return None
            if state.rules.get("bots_may_bank"):
                return Action("bank", seat, "", max(int(state.rules.get("bot_bank", 0)), self.bank_limit(state.rules)[0]))
            return Action("decline", seat)
        if state.phase == BETTING and seat == state.pd_seat:
            return None
        if state.phase == PLAY and seat != SYSTEM_SEAT and self.controllers(state).get(seat, seat) != seat:
            return None  # somebody with more money decides this hand (D-475); bots never bet behind
        if state.phase in (BETTING, PLAY):
            return self.inner.bot_action(state.inner, seat)
        return None

    def timeout_action(self, state: PlayerDealerState) -> Action | None:
        if state.phase == OFFER:
            bank = self._bank(state)
            if bank.phase == "offering":
                return Action("timeout", SYSTEM_SEAT)
            return Action("close", SYSTEM_SEAT)
        if state.phase == BETTING and not any(any(b.values()) for b in state.wagers.values()):
            return Action("close", SYSTEM_SEAT)
        if state.phase == PLAY:
            move = self.inner.timeout_action(state.inner)
            if move is None or move.seat == SYSTEM_SEAT:
                return move
            # The clock's default is posted as the controller's decision (D-473, D-009).
            who = self.controllers(state).get(move.seat, move.seat)
            return move if who == move.seat else replace(move, kind=f"{move.kind}{FOR}{position(move.seat)}", seat=who)
        if state.phase == BETTING:
            return self.inner.timeout_action(state.inner)
        return None

    # -- showing it ---------------------------------------------------------------------
    def _shown_to(self, state: PlayerDealerState, viewer: int | None) -> Any:
        """The wrapped state as ``viewer`` may see it: a backline controller sees each hand they
        decide as its own player does (one at most where the game says so, D-477). The engines
        show a viewer the hands of every seat its person plays (``owners``), so the copy lends
        them those hands."""
        hands = self.backs(state, viewer) if viewer is not None and state.phase in (PLAY, OVER) else []
        owners = getattr(state.inner, "owners", None)
        if not hands or not isinstance(owners, dict):
            return state.inner
        me = next((owners[k] for k in owners if str(k) == str(viewer)), f"seat {viewer}")
        lent = dict(owners)
        for hand in hands:
            lent[next((k for k in owners if str(k) == str(hand)), hand)] = me
        shown = copy.copy(state.inner)
        shown.owners = lent
        return shown

    def view(self, state: PlayerDealerState, viewer: int | None) -> dict[str, Any]:
        view = self.inner.view(self._shown_to(state, viewer), viewer)
        bank = self._bank(state)
        rules = state.rules
        schedule = self.schedule(rules)
        fee_now = dict(state.fees)
        if state.phase == BETTING and state.pd_seat is not None:  # what the deal will take
            side = self.side_spots(rules)
            wagers = [fees.Wager(position(int(s)), position(int(s)), bet, amount, bet in side)
                      for s, bets in state.wagers.items() for bet, amount in bets.items() if amount]
            for f in fees.collect(schedule, wagers, position(state.pd_seat), state.hands_dealt).fees:
                key = str(seat_of(f.seat))
                fee_now[key] = fee_now.get(key, 0) + f.amount
        covered: dict[int, str] = {}
        for key, rows in state.results.items():
            if int(key) == state.pd_seat:
                continue
            words = {r["result"] for r in rows}
            covered[int(key)] = ("no action" if words == {NO_ACTION} else
                                 "covered in part" if NO_ACTION in words else "covered")
        low, high = self.bank_limit(rules)
        ed = self.edition(rules)
        view["player_dealer"] = {
            "title": ed.rotation.title,
            "phase": state.phase,
            "bank_phase": bank.phase,
            "seat": state.pd_seat,
            "turn": state.turn,
            "turn_word": turn_word(state.turn) if state.turn else "",
            "stake": state.stake,
            "offered_to": seat_of(bank.offered_to) if bank.phase == "offering" and bank.offered_to else None,
            "offer_turn": turn_word(bank.turn if bank.holder == bank.offered_to else 1),
            "min": low, "max": high,
            "fees": {int(k): v for k, v in fee_now.items() if v},
            "fees_taken": state.phase in (PLAY, OVER),
            "schedule": {"id": schedule.id, "option": schedule.option, "cite": schedule.cite},
            "action_seat": state.action_seat,
            "action_card": state.action_card,
            "action_card_words": ed.action.card_words,
            "dice": self._dice_view(state),
            "covered": covered,
            # Before the deal, the bank's stake against the table's wagers: where it falls short,
            # the action seat decides which seats it reaches (D-466; D-332's "when the P/D does
            # not cover").
            "wagered": (sum(a for bets in state.wagers.values() for a in bets.values())
                        + sum(a for keys in state.behind.values() for a in keys.values())),
            "collected": state.collected, "paid": state.paid,
            "backline": self.edition(rules).backline,
            "behind": [{"seat": int(backer), "circle": behind_target(key)[1],
                        "bet": self._bet_words(behind_target(key)[0], rules), "amount": amount}
                       for backer, keys in sorted(state.behind.items(), key=lambda kv: int(kv[0]))
                       for key, amount in sorted(keys.items())],
            "notes": state.notes[-6:],
            "control": ed.control,
            # Hands decided by a backline bettor: hand seat -> the controller's seat (D-475).
            "controlled_by": {hand: who for hand, who in self.controllers(state).items() if who != hand},
            "you_control": self.backs(state, viewer) if viewer is not None else [],
        }
        for key, rows in state.results.items():
            seat = int(key)
            if seat in view.get("seats", {}) and seat != state.pd_seat:
                view["seats"][seat]["results"] = [dict(r) for r in rows]
                view["seats"][seat]["net"] = sum(r["net"] for r in rows)
        if state.pd_seat is not None and state.pd_seat in view.get("seats", {}):
            view["seats"][state.pd_seat]["player_dealer"] = True
        return view

    def _dice_words(self, state: PlayerDealerState) -> str:
        shown = self._dice_view(state)
        assert shown is not None
        where = "the bank" if shown["on_bank"] else f"Spot {position(int(shown['counted_seat']))}"
        action = "nobody" if shown["action_seat"] is None else f"Spot {position(int(shown['action_seat']))}"
        dice = " + ".join(str(d) for d in shown["dice"])
        return (f"The dice: {dice} = {shown['total']}, counted from the bank as 1: {where} "
                f"{shown['counted_words']}; action begins at {action}.")

    def _dice_view(self, state: PlayerDealerState) -> dict[str, Any] | None:
        """The dice cup as the felt shows it: the three dice, their total, the positions that
        total names counted from the P/D as 1 (1, 8 and 15 on seven positions), the seat it
        counted to and the action seat (D-478, D-230)."""
        if not state.dice or state.pd_seat is None:
            return None
        positions = self.positions(state.rules)
        total = sum(state.dice)
        counted_pos = seats_action.dice_position(total, positions)
        return {
            "dice": list(state.dice),
            "total": total,
            "positions": positions,
            "direction": self.edition(state.rules).action.direction,
            "counted_position": counted_pos,  # 1 = the P/D
            "bank_counts": [p for p in range(1, seats_action.DICE * seats_action.DIE_FACES + 1, positions)],
            "counted_seat": state.counted,
            "on_bank": state.counted == state.pd_seat,
            "action_seat": state.action_seat,
            "counted_words": self.edition(state.rules).action.counted_words,
        }

    # -- storing it ---------------------------------------------------------------------
    def dump(self, state: PlayerDealerState) -> dict[str, Any]:
        data = {k: v for k, v in vars(state).items() if k != "inner"}
        data["inner"] = self.inner.dump(state.inner)
        return data

    def load(self, data: Mapping[str, Any]) -> PlayerDealerState:
        fields = dict(data)
        inner = self.inner.load(fields.pop("inner"))
        return PlayerDealerState(inner=inner, **fields)
