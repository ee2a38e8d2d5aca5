"""Chinese Poker's table on the Game protocol: one round is one hand (003 §4, 004 §21, D-454).

A round opens in its ``seating`` phase, as in the poker room: the services tell it who sits
where and the chips each seat holds (table stakes, ``owner_stacks``), and a seated player may
sit out, come back or deal. At the deal the button moves on (the first button by high card,
D-413, D-018); Crystal Park deals thirteen cards to each player (003), Chapter 4 deals four
face-down hands of thirteen and the players take one each in turn, clockwise from the button's
left (``pick``, 004 s.607-609, D-454). Then every player sets their cards at once (``setting``,
D-013): a setting of their own, the house way, or, where the rulebook allows it, a surrender
(003 rule 2). The clock sets the house way for anyone still undecided (D-009). When every hand
is set, all are shown together (003 rule 3) and every pair of players settles (scoring.py).

Money, as at the poker room's tables: at the deal each seat dealt in stakes what it can lose on
its ``pot`` wager (table stakes: at most its chips); at the end the house's take leaves the pot
as ``Drop`` events (Crystal Park's collection per player, 003 s.1098-1106 and D-455; Chapter
4's rake on each player's net win, D-412) and every seat gets one ``Settlement`` of its pot
wager, so the table's pot account is empty again (services/rounds.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import state as state_io
from ...engine.cards import RANKS, SUITS
from ...engine.money import fmt
from ...engine.paytable import OPTION_BOUNDS, Bound, load_game
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Drop,
    Event,
    GameBase,
    IllegalAction,
    Legal,
    Note,
    Stake,
    settle_once,
)
from ...engine.rng import Rng
from . import rows as hands
from . import scoring

POT = "pot"  # a seat's one wager in a hand, settled against the table's pot (services.rounds.POT_BET)
SEATING, PICK, SETTING, OVER = "seating", "pick", "setting", "over"
HAND = hands.HAND_SIZE


@dataclass
class ChineseState:
    rules: dict[str, Any]
    phase: str = SEATING
    owners: dict[str, str] = field(default_factory=dict)    # table seat -> player id
    stacks: dict[str, int] = field(default_factory=dict)    # table seat -> chips when told
    out: list[int] = field(default_factory=list)            # seats sitting out (carried)
    button: int = -1                                        # the dealer button's seat
    draw: list[list[Any]] = field(default_factory=list)     # the first button's draw: [seat, card]
    order: list[int] = field(default_factory=list)          # seats dealt in, clockwise from the button's left
    packets: list[list[str]] = field(default_factory=list)  # Chapter 4: the four hands dealt face down
    picked: dict[str, int] = field(default_factory=dict)    # seat -> the packet it took
    cards: dict[str, list[str]] = field(default_factory=dict)   # seat -> its thirteen cards
    settings: dict[str, str] = field(default_factory=dict)      # seat -> its setting ("front/middle/back")
    house_way: list[int] = field(default_factory=list)      # seats set by the house way (button or clock)
    surrendered: list[int] = field(default_factory=list)
    staked: dict[str, int] = field(default_factory=dict)    # seat -> cents on its pot wager
    take: list[dict[str, Any]] = field(default_factory=list)    # the house's take: seat, account, amount
    pairs: list[dict[str, Any]] = field(default_factory=list)   # the showdown's pairings, in order
    nets: dict[str, int] = field(default_factory=dict)      # seat -> net before the take
    settled: list[str] = field(default_factory=list)
    results: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    hands_dealt: int = 0


def shuffled_deck(rng: Rng) -> list[str]:
    """A fresh 52-card deck, no joker (003 §4), in the order the round's randomness gives it."""
    deck = [r + s for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    return deck


def point_value(rules: Mapping[str, Any]) -> int:
    """Cents per point: the table's stakes (the operator's option, within the rulebook's)."""
    return int(rules.get("point", 100))


def take_spec(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The variant's take (the rules data's ``take``), checked against its stated maximum."""
    spec = dict(rules.get("take") or {})
    kind = str(spec.get("kind", ""))
    if kind == "rake" and int(spec.get("percent", 0)) > int(spec.get("max_percent", 10)):
        raise ValueError("the rake is above the rulebook's maximum")
    if kind not in ("rake", "collection"):
        raise ValueError(f"unknown take {kind!r}")
    return spec


def collection(rules: Mapping[str, Any]) -> int:
    """A flat collection per player per hand (Crystal Park, D-455); 0 at a raked table."""
    spec = take_spec(rules)
    return int(spec.get("per_player", 0)) if spec["kind"] == "collection" else 0


def rake_of(rules: Mapping[str, Any], net: int) -> int:
    """The rake on one player's net win (D-412: a share, truncated to the cent, capped)."""
    spec = take_spec(rules)
    if spec["kind"] != "rake" or net <= 0:
        return 0
    return min(net * int(spec["percent"]) // 100, int(spec.get("cap", net)))


def least_to_play(rules: Mapping[str, Any]) -> int:
    """The chips a seat needs to be dealt in: one point and the collection (P-341)."""
    return point_value(rules) + collection(rules)


def buy_in_min(rules: Mapping[str, Any]) -> int:
    """The buy-in: twenty times the point (003 rule 1, D-411), or the table's higher minimum."""
    floor = int(rules.get("buy_in_points", 20)) * point_value(rules)
    return max(floor, int(((rules.get("limits") or {}).get("buy-in") or {}).get("min", 0)))


def buy_in_max(rules: Mapping[str, Any]) -> int:
    """The most a player may have in front of them at the table (the operator's; 0: none)."""
    return int(((rules.get("limits") or {}).get("buy-in") or {}).get("max", 0))


def point_bounds(point: Any) -> tuple[Bound, ...]:
    """The buy-in a point value posts (003 rule 1, D-411: twenty points), binding the table's
    buy-in limit as a rulebook limit does (engine.paytable.OPTION_BOUNDS)."""
    if not isinstance(point, int) or isinstance(point, bool) or point <= 0:
        return ()
    # Every edition buys in for the same number of points (the rules data's default).
    points = min(int(v.rules.get("buy_in_points", 20)) for v in load_game("chinese-poker").variants.values())
    return (Bound("min", points * point, "003 s.152"),)


OPTION_BOUNDS["point"] = point_bounds


class ChinesePokerTable(GameBase[ChineseState]):
    """Chinese Poker (``chinese-poker``): every variant is data in rules/chinese-poker.toml."""

    family = "poker"
    opening_actions = ("deal", "sit-out", "sit-in")
    seat_owner_action = "owner"
    window_closes_with = "deal"
    pot_banked = True
    owner_stacks = True
    opens_itself = 5  # seconds to read the last showdown before the next hand is dealt

    def __init__(self, slug: str, name: str) -> None:
        self.slug = slug
        self.name = name

    # -- the round's life -------------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> ChineseState:
        carry = carry or {}
        return ChineseState(rules=dict(rules), out=[int(s) for s in carry.get("out", [])],
                            button=int(carry.get("button", -1)), hands_dealt=int(carry.get("hands_dealt", 0)))

    def carry(self, state: ChineseState) -> dict[str, Any]:
        return {"button": state.button, "out": list(state.out), "hands_dealt": state.hands_dealt}

    def dump(self, state: ChineseState) -> dict[str, Any]:
        return state_io.dump(state)

    def load(self, data: Mapping[str, Any]) -> ChineseState:
        return state_io.load(ChineseState, data)

    def is_over(self, state: ChineseState) -> bool:
        return state.phase == OVER

    def takes_owners(self, state: ChineseState) -> bool:
        return state.phase == SEATING

    def can_open(self, carry: Mapping[str, Any] | None, seated: int) -> bool:
        return seated >= 2

    def seat_dealt_in(self, state: ChineseState, seat: int) -> bool:
        return state.phase in (PICK, SETTING) and seat in state.order

    def buy_in_refusal(self, rules: Mapping[str, Any], holding: int, amount: int,
                       earlier: Sequence[tuple[str, str]] = (), today: str = "") -> str:
        # Twenty points in front of every player (003 §4, D-411); no short buy-in at this game.
        low, high = buy_in_min(rules), buy_in_max(rules)
        if high and holding + amount > high:
            return (f"Table stakes: at most {fmt(high)} in front of you at this table "
                    f"(you hold {fmt(holding)}).")
        if holding + amount < low:
            return f"The minimum buy-in here is {fmt(low)}: twenty points (you hold {fmt(holding)})."
        return ""

    def bot_bankroll(self, rules: Mapping[str, Any]) -> tuple[int, int] | None:
        low, high = buy_in_min(rules), buy_in_max(rules)
        return low, min(2 * low, high) if high else 2 * low

    def to_act(self, state: ChineseState) -> int | None:
        if state.phase == PICK:
            return self._picker(state)
        if state.phase == SETTING:
            waiting = self.deciding(state)
            return waiting[0] if waiting else None
        return None

    def deciding(self, state: ChineseState) -> list[int]:
        """Every player still setting: all set at once (D-013)."""
        if state.phase != SETTING:
            return []
        return [s for s in state.order if str(s) not in state.settings and s not in state.surrendered]

    def _picker(self, state: ChineseState) -> int | None:
        return next((s for s in state.order if str(s) not in state.picked), None)

    # -- what a seat may do -------------------------------------------------------------------
    def legal_actions(self, state: ChineseState, seat: int) -> list[Legal]:
        if state.phase == SEATING:
            # Offered before the round knows its owners (the services ask a scratch round what
            # the next one opens with, and check who sits where themselves).
            out = [Legal("deal", label="Deal the next hand")]
            out.append(Legal("sit-in", label="Sit in") if seat in state.out else Legal("sit-out", label="Sit out"))
            return out
        if state.phase == PICK and self._picker(state) == seat:
            taken = set(state.picked.values())
            return [Legal("pick", str(i), label=f"Take hand {i + 1}") for i in range(len(state.packets))
                    if i not in taken]
        if state.phase == SETTING and seat in self.deciding(state):
            out = [Legal("set", label="Set my hand"), Legal("house-way", label="House way")]
            if state.rules.get("surrender"):
                pts = scoring.Points.from_rules(state.rules)
                out.append(Legal("surrender", label=f"Surrender ({pts.surrender} points to each player)"))
            return out
        return []

    def apply(self, state: ChineseState, action: Action, rng: Rng) -> list[Event]:
        kind = action.kind
        if kind == "owner":
            return self._owner(state, action)
        if state.phase == SEATING:
            if kind == "deal":
                return self._deal(state, rng)
            if kind in ("sit-out", "sit-in"):
                if kind == "sit-out" and action.seat not in state.out:
                    state.out.append(action.seat)
                elif kind == "sit-in" and action.seat in state.out:
                    state.out.remove(action.seat)
                return [Note(f"Seat {action.seat + 1} {'sits out' if kind == 'sit-out' else 'is back'}.", action.seat)]
            raise IllegalAction("The next hand has not been dealt yet.")
        if state.phase == OVER:
            raise IllegalAction("This hand is over.")
        if kind == "timeout":
            if action.seat != SYSTEM_SEAT:
                raise IllegalAction("Only the table's clock can time a decision out.")
            return self._timeout(state)
        if state.phase == PICK:
            if kind != "pick" or self._picker(state) != action.seat:
                raise IllegalAction("It is not your turn to take a hand.")
            return self._pick(state, action.seat, action.spot)
        if action.seat not in self.deciding(state):
            raise IllegalAction("Your hand is already set." if str(action.seat) in state.settings
                                else "You have no hand to set.")
        if kind == "set":
            return self._set(state, action.seat, action.spot)
        if kind == "house-way":
            return self._house_way(state, action.seat, "sets it by the house way")
        if kind == "surrender" and state.rules.get("surrender"):
            if action.spot != "yes":  # a surrender costs points: the player confirms it (P-348)
                pts = scoring.Points.from_rules(state.rules)
                raise IllegalAction(f"Tick the box to surrender: you pay {pts.surrender} points to each player.")
            state.surrendered.append(action.seat)
            note = f"Seat {action.seat + 1} surrenders."
            state.notes.append(note)
            return [Note(note, action.seat)] + self._showdown_if_set(state)
        raise IllegalAction("That move is not open to your seat right now.")

    def _owner(self, state: ChineseState, action: Action) -> list[Event]:
        key = str(action.seat)
        if not action.spot:
            state.owners.pop(key, None)
            state.stacks.pop(key, None)
            if action.seat in state.out:
                state.out.remove(action.seat)
            return []
        if state.owners.get(key) not in (None, action.spot) and action.seat in state.out:
            state.out.remove(action.seat)  # a new player in the seat plays
        state.owners[key] = action.spot
        state.stacks[key] = max(int(action.amount), 0)
        return []

    # -- the deal ---------------------------------------------------------------------------
    def _deal(self, state: ChineseState, rng: Rng) -> list[Event]:
        rules = state.rules
        least = least_to_play(rules)
        playing = sorted(int(k) for k, v in state.stacks.items()
                         if k in state.owners and v >= least and int(k) not in state.out)
        most = int(rules.get("seats", 4))
        if len(playing) < 2:
            raise IllegalAction(f"Two players with at least {fmt(least)} in chips are needed to deal.")
        if len(playing) > most:
            raise IllegalAction(f"This game deals at most {most} players.")
        events: list[Event] = []
        deck = shuffled_deck(rng)
        if state.button < 0:
            # D-413, D-018: high card for the first button, suits spades > hearts > diamonds > clubs.
            drawn = list(zip(playing, deck, strict=False))
            state.draw = [[s, c] for s, c in drawn]
            state.button = max(drawn, key=lambda sc: (RANKS.index(sc[1][0]), SUITS.index(sc[1][1])))[0]
            events.append(Note(f"High card for the button: seat {state.button + 1}."))
            deck = shuffled_deck(rng)
        else:
            # The button moves one player clockwise (to the left: the next seat number up).
            state.button = next((s for s in playing if s > state.button), playing[0])
        after = [s for s in playing if s > state.button] + [s for s in playing if s <= state.button]
        state.order = after
        n = len(after)
        pts = scoring.Points.from_rules(rules)
        most_points = max([pts.scoop, pts.foul, pts.surrender, *pts.sweeps.values()])
        fee = collection(rules)
        for seat in after:
            # Table stakes: a seat risks what it can lose to every other player, at most its chips.
            stake = min(state.stacks[str(seat)], most_points * (n - 1) * point_value(rules) + fee)
            state.staked[str(seat)] = stake
            events.append(Stake(seat, POT, stake))
        if str(rules.get("deal", "direct")) == "pick":
            # 004 s.607-609: four hands of thirteen face down, whatever the number of players.
            state.packets = [deck[i * HAND:(i + 1) * HAND] for i in range(4)]
            state.phase = PICK
            state.notes.append("Four hands are dealt face down: each player takes one in turn.")
        else:
            for i, seat in enumerate(after):
                state.cards[str(seat)] = deck[i * HAND:(i + 1) * HAND]
            state.phase = SETTING
            state.notes.append("Thirteen cards each: set your front, middle and back.")
        state.hands_dealt += 1
        return events

    def _pick(self, state: ChineseState, seat: int, spot: str) -> list[Event]:
        taken = set(state.picked.values())
        if not spot.isdigit() or not 0 <= int(spot) < len(state.packets) or int(spot) in taken:
            raise IllegalAction("Take one of the hands still on the table.")
        state.picked[str(seat)] = int(spot)
        state.cards[str(seat)] = list(state.packets[int(spot)])
        note = f"Seat {seat + 1} takes hand {int(spot) + 1}."
        state.notes.append(note)
        if self._picker(state) is None:
            state.phase = SETTING
        return [Note(note, seat)]

    # -- setting --------------------------------------------------------------------------------
    def _set(self, state: ChineseState, seat: int, spot: str) -> list[Event]:
        accept_foul = spot.endswith("!")
        try:
            setting = hands.parse_setting(spot.rstrip("!"))
        except ValueError as exc:
            raise IllegalAction(str(exc)) from exc
        refused = hands.refusal(state.cards[str(seat)], setting)
        if refused:
            raise IllegalAction(refused)
        why = hands.foul(setting, str(state.rules.get("lowball", "none")))
        if why and not accept_foul:
            pts = scoring.Points.from_rules(state.rules)
            raise IllegalAction(f"That setting fouls: {why}. A fouled hand pays {pts.foul} points to each "
                                f"player; tick \"Keep a fouled hand\" to set it anyway.")
        state.settings[str(seat)] = hands.setting_text(setting)
        note = f"Seat {seat + 1} has set."  # nothing of the hand shows before the showdown (003 rule 3)
        state.notes.append(note)
        return [Note(note, seat)] + self._showdown_if_set(state)

    def _house_way(self, state: ChineseState, seat: int, words: str) -> list[Event]:
        setting = hands.house_way(state.cards[str(seat)], str(state.rules.get("lowball", "none")))
        state.settings[str(seat)] = hands.setting_text(setting)
        state.house_way.append(seat)
        note = f"Seat {seat + 1} {words}."
        state.notes.append(note)
        return [Note(note, seat)] + self._showdown_if_set(state)

    def _timeout(self, state: ChineseState) -> list[Event]:
        if state.phase == PICK:
            seat = self._picker(state)
            assert seat is not None
            first = min(i for i in range(len(state.packets)) if i not in set(state.picked.values()))
            return [Note(f"Seat {seat + 1}: time is up.", seat)] + self._pick(state, seat, str(first))
        waiting = self.deciding(state)
        if not waiting:
            raise IllegalAction("Nobody is setting now.")
        events: list[Event] = []
        for seat in waiting:  # D-009: the house way
            events += self._house_way(state, seat, "ran out of time: the house way sets the hand")
        return events

    def _showdown_if_set(self, state: ChineseState) -> list[Event]:
        return self._finish(state) if not self.deciding(state) else []

    # -- the showdown ---------------------------------------------------------------------------
    def _finish(self, state: ChineseState) -> list[Event]:
        rules = state.rules
        pts = scoring.Points.from_rules(rules)
        in_order = [scoring.Hand(s, tuple(state.cards[str(s)]),
                                 hands.parse_setting(state.settings[str(s)]) if str(s) in state.settings else None,
                                 s in state.surrendered) for s in state.order]
        fee = collection(rules)
        at_risk = {s: state.staked[str(s)] - fee for s in state.order}
        moneys = scoring.settle(scoring.pairings(in_order, pts), at_risk, point_value(rules))
        nets = scoring.nets(moneys)
        state.nets = {str(s): nets.get(s, 0) for s in state.order}
        state.pairs = [{"a": m.pairing.a, "b": m.pairing.b, "points": m.pairing.points, "line": m.pairing.line,
                        "rows": list(m.pairing.rows), "amount": m.amount, "full": m.full} for m in moneys]
        events: list[Event] = []
        spec = take_spec(rules)
        taken: dict[int, int] = {}
        for s in state.order:
            if fee:
                taken[s] = fee
                state.take.append({"seat": s, "account": "fees", "amount": fee})
                events.append(Drop("fees", fee, f"collection, seat {s + 1} ({spec.get('cite', '')})"))
            cut = rake_of(rules, nets.get(s, 0))
            if cut:
                taken[s] = taken.get(s, 0) + cut
                state.take.append({"seat": s, "account": "rake", "amount": cut})
                events.append(Drop("rake", cut, f"rake, seat {s + 1} ({spec.get('cite', '')})"))
        for s in state.order:
            stake = state.staked[str(s)]
            net = nets.get(s, 0)
            back = stake + net - taken.get(s, 0)
            result = "win" if back > stake else "push" if back == stake else "lose"
            words = "surrendered" if s in state.surrendered else (
                f"{'won' if net > 0 else 'lost' if net < 0 else 'broke even'}"
                + (f" {fmt(abs(net))}" if net else "") + " against the table")
            settle_once(state.settled, state.results.setdefault(str(s), []), events, s, POT, stake, back,
                        result, words)
        state.phase = OVER
        state.notes.append("Every hand is shown.")
        return events

    # -- the clock and the bots -----------------------------------------------------------------
    def timeout_action(self, state: ChineseState) -> Action | None:
        if state.phase == SEATING:
            return Action("deal")
        if state.phase == PICK or (state.phase == SETTING and self.deciding(state)):
            return Action("timeout", SYSTEM_SEAT)
        return None

    def bot_action(self, state: ChineseState, seat: int) -> Action | None:
        if state.phase == PICK and self._picker(state) == seat:
            first = min(i for i in range(len(state.packets)) if i not in set(state.picked.values()))
            return Action("pick", seat, str(first))
        if state.phase == SETTING and seat in self.deciding(state):
            return Action("house-way", seat)  # a bot sets its cards the house way
        return None

    # -- what a viewer sees -------------------------------------------------------------------
    def view(self, state: ChineseState, viewer: int | None) -> dict[str, Any]:
        rules = state.rules
        lowball = str(rules.get("lowball", "none"))
        pts = scoring.Points.from_rules(rules)
        over = state.phase == OVER
        seats: dict[str, dict[str, Any]] = {}
        taken: dict[int, int] = {}
        for t in state.take:
            taken[int(t["seat"])] = taken.get(int(t["seat"]), 0) + int(t["amount"])
        for key in state.owners:
            seat = int(key)
            dealt = seat in state.order
            mine = viewer == seat
            cards = state.cards.get(key, [])
            entry: dict[str, Any] = {
                # After the showdown, the chips the seat leaves the hand with.
                "stack": state.stacks.get(key, 0) + (state.nets.get(key, 0) - taken.get(seat, 0) if over and dealt else 0),
                "dealt": dealt, "button": state.button == seat,
                "sitting_out": seat in state.out, "set": key in state.settings or seat in state.surrendered,
                "surrendered": seat in state.surrendered, "cards": [], "rows": [], "foul": "", "sweep": "",
                "net": state.nets.get(key, 0) if over else 0, "take": taken.get(seat, 0),
                "staked": state.staked.get(key, 0), "by_house_way": seat in state.house_way,
            }
            if dealt and cards:
                if mine or over:
                    entry["cards"] = hands.sorted_codes(cards)
                else:
                    entry["cards"] = [None] * len(cards)
            if key in state.settings and (mine or over):
                setting = hands.parse_setting(state.settings[key])
                entry["rows"] = [{"row": r, "cards": hands.sorted_codes(setting.row(r)),
                                  "words": hands.row_words(r, setting.row(r), lowball)} for r in hands.ROWS]
                entry["foul"] = hands.foul(setting, lowball)
            if over and seat not in state.surrendered and pts.sweeps:
                sweep = hands.clean_sweep(cards) if cards else ""
                entry["sweep"] = hands.SWEEP_WORDS.get(sweep, "") if sweep in pts.sweeps else ""
            seats[key] = entry
        lines = []
        if over:
            for p in state.pairs:
                pairing = scoring.Pairing(int(p["a"]), int(p["b"]), int(p["points"]), str(p["line"]),
                                          (int(p["rows"][0]), int(p["rows"][1]), int(p["rows"][2])))
                lines.append({"a": pairing.a, "b": pairing.b, "line": pairing.line, "rows": list(pairing.rows),
                              "points": pairing.points, "amount": int(p["amount"]), "full": int(p["full"]),
                              "words": self._pair_words(pairing, pts)})
        me: dict[str, Any] | None = None
        if viewer is not None and state.phase == SETTING and viewer in self.deciding(state):
            cards = state.cards[str(viewer)]
            way = hands.house_way(cards, lowball)
            me = {"cards": hands.sorted_codes(cards),
                  "house_way": {r: list(way.row(r)) for r in hands.ROWS},
                  "house_way_words": {r: hands.row_words(r, way.row(r), lowball) for r in hands.ROWS},
                  "sweep": hands.SWEEP_WORDS.get(hands.clean_sweep(cards), "") if pts.sweeps else ""}
        picks: list[dict[str, Any]] = []
        if state.phase == PICK:
            taken_packets = {v: int(k) for k, v in state.picked.items()}
            picks = [{"hand": i, "taken_by": taken_packets.get(i)} for i in range(len(state.packets))]
        return {
            "phase": state.phase,
            "no_rebet": True,
            "notes": state.notes[-6:],
            "to_act": {"seat": self.to_act(state)} if self.to_act(state) is not None else None,
            "seats": seats,
            "chinese": {
                "phase": state.phase, "point": point_value(rules), "stakes": stakes_words(rules),
                "seats": seats, "order": list(state.order), "button": state.button, "lines": lines,
                "take": [{"seat": int(t["seat"]), "label": "Rake" if t["account"] == "rake" else "Collection",
                          "amount": int(t["amount"])} for t in state.take],
                "me": me, "picks": picks, "picker": self._picker(state) if state.phase == PICK else None,
                "lowball": lowball_words(lowball), "lowball_code": lowball, "foul_points": pts.foul, "surrender_points": pts.surrender,
                "waiting": "" if len(state.owners) >= 2 else "Waiting for a second player.",
            },
        }

    @staticmethod
    def _pair_words(p: scoring.Pairing, pts: scoring.Points) -> str:
        head = f"Seat {p.a + 1} against seat {p.b + 1}: "
        if p.line == "rows":
            rows = ", ".join(f"{name} {scoring.row_word(r)}" for name, r in zip(hands.ROWS, p.rows, strict=True))
            body = rows[0].upper() + rows[1:]
            if all(r == p.rows[0] for r in p.rows) and p.rows[0]:
                body += " (all three rows)"
        else:
            body = {"surrender": "a surrender", "sweep": "a clean sweep", "foul": "a fouled hand"}[p.line]
        return f"{head}{body}: {p.points:+d} point{'s' if abs(p.points) != 1 else ''} to seat {p.a + 1}"

    def history(self, state: ChineseState, viewer: int | None, names: Mapping[int, str], table_name: str,
                hand_id: int, started: str) -> str:
        """The hand as text: the button, who took which hand, and at the showdown every
        setting, every pairing and the money; before the showdown only the viewer's cards."""
        if not state.order:
            return ""
        rules = state.rules
        lowball = str(rules.get("lowball", "none"))
        out = [f"Chinese Poker Hand #{hand_id}: {stakes_words(rules)} - {started}",
               f"Table '{table_name}' {int(rules.get('seats', 4))}-max Seat #{state.button + 1} is the button"]
        for s in state.order:
            out.append(f"Seat {s + 1}: {names.get(s, f'Seat {s + 1}')} ({fmt(state.stacks.get(str(s), 0))} in chips)")
        for seat, packet in sorted(state.picked.items(), key=lambda kv: state.order.index(int(kv[0]))):
            out.append(f"{names.get(int(seat), f'Seat {int(seat) + 1}')}: takes hand {packet + 1}")
        over = state.phase == OVER
        out.append("*** SETTINGS ***")
        for s in state.order:
            who = names.get(s, f"Seat {s + 1}")
            if s in state.surrendered:
                out.append(f"{who}: surrenders")
            elif str(s) in state.settings and (over or viewer == s):
                setting = hands.parse_setting(state.settings[str(s)])
                rows = " | ".join(f"{r} [{' '.join(setting.row(r))}] {hands.row_words(r, setting.row(r), lowball)}"
                                  for r in hands.ROWS)
                foul = hands.foul(setting, lowball)
                out.append(f"{who}: {rows}" + (" (fouled)" if foul else ""))
            elif viewer == s and str(s) in state.cards:
                out.append(f"Dealt to {who} [{' '.join(state.cards[str(s)])}]")
        if over:
            pts = scoring.Points.from_rules(rules)
            out.append("*** SHOWDOWN ***")
            for p in state.pairs:
                pairing = scoring.Pairing(int(p["a"]), int(p["b"]), int(p["points"]), str(p["line"]),
                                          (int(p["rows"][0]), int(p["rows"][1]), int(p["rows"][2])))
                out.append(f"{self._pair_words(pairing, pts)} ({fmt(abs(int(p['amount'])))})")
            out.append("*** SUMMARY ***")
            for t in state.take:
                out.append(f"{'Rake' if t['account'] == 'rake' else 'Collection'} {fmt(int(t['amount']))} "
                           f"from seat {int(t['seat']) + 1}")
            for s in state.order:
                net = state.nets.get(str(s), 0)
                out.append(f"Seat {s + 1}: {names.get(s, f'Seat {s + 1}')} "
                           f"{'won' if net > 0 else 'lost' if net < 0 else 'broke even'} {fmt(abs(net))}")
        return "\n".join(out) + "\n"


def lowball_words(lowball: str) -> str:
    row, kind = hands.lowball_row(lowball)
    if not row:
        return ""
    return f"The {row} hand plays as a {'ace-to-five' if kind == 'a5' else 'deuce-to-seven'} lowball hand."


def stakes_words(rules: Mapping[str, Any]) -> str:
    """"$2 a point": the table's stakes as the felt prints them."""
    return f"{fmt(point_value(rules))} a point"


def rules_lines(rules: Mapping[str, Any]) -> list[str]:
    """The posted rules of a Chinese Poker table in plain sentences, from its resolved rules."""
    pts = scoring.Points.from_rules(rules)
    lines = [(f"{stakes_words(rules).capitalize()}; the buy-in is {int(rules.get('buy_in_points', 20))} points "
             f"({fmt(buy_in_min(rules))}). Two to {int(rules.get('seats', 4))} players, thirteen cards each."),
             ("Set 3 cards in front, 5 in the middle and 5 in the back. The back must not rank below the middle, "
             "nor the middle below the front; in front only three of a kind, a pair and high card count."),
             (f"Against each other player: {pts.row} point a row won, {pts.scoop} for winning all three rows; "
             f"a fouled hand pays {pts.foul} points to each player who did not foul.")]
    if str(rules.get("deal", "direct")) == "pick":
        lines.append("Four hands are dealt face down; each player takes one in turn from the button's left.")
    if rules.get("surrender"):
        lines.append(f"You may surrender before the showdown: {pts.surrender} points to each other player.")
    if pts.sweeps:
        parts = ", ".join(f"{hands.SWEEP_WORDS[k].lower()} {v}" for k, v in pts.sweeps.items())
        lines.append(f"Clean sweeps win automatically, in points from each player: {parts}.")
    low = lowball_words(str(rules.get("lowball", "none")))
    if low:
        lines.append(low + " The order rule binds the other two rows.")
    lines.append(take_words(rules))
    lines.append("When the clock runs out your hand is set by the house way.")
    return lines


def take_words(rules: Mapping[str, Any]) -> str:
    """The house's take in a sentence, from the rules data."""
    fee = collection(rules)
    if fee:
        return f"The house collects {fmt(fee)} from each player each hand."
    spec = take_spec(rules)
    return (f"The house rakes {spec['percent']}% of each player's net win, at most "
            f"{fmt(int(spec.get('cap', 0)))} a hand.")


CHINESE_POKER = ChinesePokerTable("chinese-poker", "Chinese Poker")
