"""The Pan table on the Game protocol: one round is one hand (seed 003 §28).

A round opens in its ``seating`` phase: the services tell it who sits where and the chips each
seat holds (table stakes, ``owner_stacks``), and the table deals when its window closes (or a
player presses Deal). Every seat with the tops in chips is dealt in; play runs to the right,
which at this table is from each seat to the next lower-numbered one (P-380). The last hand's
winner is dealt first and plays first; on the table's first hand the deal starts at the
highest seat and each player's fifth card is dealt face up: the lowest up card is the eldest
hand (D-462).

Money. The engine (:mod:`hand`) counts in chips of the table's Kondition; the table turns them
into cents. Every chip a seat puts in is a ``Stake`` on its ``pot`` wager: the tops at the deal,
each Kondition and going-out payment as it falls due. When the hand is over the collection fee
leaves the pot as a ``Drop`` to the table's fees account, and every seat dealt in gets one
``Settlement`` of its ``pot`` wager: everything it put in, and back the chips the others paid
it (the winner also the tops less the fee), so the table's pot is empty again.

The table's own decisions on the engine's "arrange": a player lays the ticked cards as a new
meld (``lay``), adds them to one of their melds (``add@N``), splits meld N in two by adding
them (``split@N``, spot "cards/cut": the first ``cut`` cards of the meld as it lies stay in the
first meld, P-385) or borrows a card of an increased meld to start a new one with them
(``borrow``, spot "cards/N:card", P-386); the table builds the seat's whole new board and the
engine checks it (P-361).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product
from typing import Any

from ...engine import state as state_io
from ...engine.money import fmt
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
from . import hand as pan
from .hand import PanHand
from .melds import MIN_MELD, RANKS, SUITS, board_value, can_add, full_deck, is_card, meld_kind, meld_value, sort_hand

POT = "pot"   # a seat's one wager in a hand (services.rounds.POT_BET)
SEATING, HAND, OVER = "seating", "hand", "over"
UP_CARD = 4   # the fifth card of the first five is dealt face up on a table's first hand (D-462)


@dataclass
class PanState:
    rules: dict[str, Any]
    phase: str = SEATING
    owners: dict[str, str] = field(default_factory=dict)   # seat -> player id
    stacks: dict[str, int] = field(default_factory=dict)   # seat -> cents when told
    leader: int = -1          # the last hand's winner, dealt first (D-462); -1: the table's first hand
    hand: PanHand | None = None
    up_cards: list[list[Any]] = field(default_factory=list)   # [seat, card] on a first hand
    eldest: int = -1
    dealt_hands: dict[str, list[str]] = field(default_factory=dict)   # each seat's ten cards, for recall
    put_in: dict[str, int] = field(default_factory=dict)  # seat -> cents staked so far
    fee: int = 0
    settled: list[str] = field(default_factory=list)
    results: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    result: str = ""          # the hand's end in plain words


def kondition(rules: Mapping[str, Any]) -> int:
    """Cents per chip: the table's Kondition."""
    return int(rules.get("kondition", 100))


def tops_chips(rules: Mapping[str, Any]) -> int:
    return int(rules.get("tops", 1))


def collection_fee(rules: Mapping[str, Any], players: int) -> int:
    """The fee per hand for ``players`` dealt in (003 s.1565-1573: 5 or more / 4 or fewer)."""
    row = (rules.get("collection") or {}).get(str(kondition(rules)))
    if not row:
        return 0
    return int(row[0] if players >= 5 else row[1])


def play_order(seats: Sequence[int], first: int) -> list[int]:
    """``seats`` in the order of play, to the right (descending seat numbers, P-380), starting
    with ``first`` or, when ``first`` is not among them, the first seat to its right."""
    down = sorted(seats, reverse=True)
    if not down:
        return []
    start = next((s for s in down if s <= first), down[0]) if first >= 0 else down[0]
    i = down.index(start)
    return down[i:] + down[:i]


def eldest_hand(deal_order: Sequence[int], deck: Sequence[str]) -> tuple[int, list[list[Any]]]:
    """The first hand's eldest (D-462): each player's fifth card (the last of the first five
    dealt) is face up; the lowest (ace low, king high, suits equal) is the eldest hand, and a
    tie goes to the tied player dealt to first."""
    ups = [[seat, deck[i * 5 + UP_CARD]] for i, seat in enumerate(deal_order)]
    low = min(RANKS.index(str(card)[0]) for _, card in ups)
    eldest = next(int(str(seat)) for seat, card in ups if RANKS.index(str(card)[0]) == low)
    return eldest, ups


class PanTable(GameBase[PanState]):
    slug = "pan"
    name = "Pan"
    family = "other"
    opening_actions = ("deal",)
    seat_owner_action = "owner"
    window_closes_with = "deal"
    pot_banked = True
    owner_stacks = True
    opens_itself = 5  # seconds to read the last hand's result before the next is dealt

    # -- the round's life -----------------------------------------------------------------
    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> PanState:
        return PanState(rules=dict(rules), leader=int((carry or {}).get("leader", -1)))

    def carry(self, state: PanState) -> dict[str, Any]:
        winner = state.hand.winner if state.hand is not None else -1
        return {"leader": winner if winner >= 0 else state.leader}

    def can_open(self, carry: Mapping[str, Any] | None, seated: int) -> bool:
        return seated >= 3

    def bot_bankroll(self, rules: Mapping[str, Any]) -> tuple[int, int] | None:
        # A bot keeps fifty chips of the Kondition in front of it, topped up to a hundred.
        return 50 * kondition(rules), 100 * kondition(rules)

    def takes_owners(self, state: PanState) -> bool:
        return state.phase == SEATING

    def dump(self, state: PanState) -> dict[str, Any]:
        return state_io.dump(state)

    def load(self, data: Mapping[str, Any]) -> PanState:
        return state_io.load(PanState, data)

    def is_over(self, state: PanState) -> bool:
        return state.phase == OVER

    def to_act(self, state: PanState) -> int | None:
        if state.phase != HAND or state.hand is None:
            return None
        return pan.to_act(state.hand)

    def seat_dealt_in(self, state: PanState, seat: int) -> bool:
        return state.phase == HAND and state.hand is not None and seat in state.hand.order

    # -- what a seat may do ---------------------------------------------------------------
    def legal_actions(self, state: PanState, seat: int) -> list[Legal]:
        if state.phase == SEATING:
            return [Legal("deal", label="Deal the next hand")]
        if state.phase != HAND or state.hand is None:
            return []
        h = state.hand
        out: list[Legal] = []
        for lg in pan.legal(h, seat):
            if lg.kind == "in":
                out.append(Legal("in", label="In"))
            elif lg.kind == "top":
                out.append(Legal("top", label="On Top"))
            elif lg.kind == "draw" and lg.spot == "deck":
                out.append(Legal("draw", "deck", label="Pluck"))
            elif lg.kind == "draw":
                out.append(Legal("draw", "discard", label=f"Take the {h.discards[-1]}"))
            elif lg.kind == "force":
                out.append(Legal("force", label=f"Force the {h.discards[-1]}"))
            elif lg.kind == "arrange":
                board = h.boards[str(seat)]
                out.append(Legal("lay", label="Lay as a new meld"))
                out += [Legal(f"add@{i}", label=f"Add to meld {i + 1}") for i in range(len(board))]
                out += [Legal(f"split@{i}", label=f"Split meld {i + 1}") for i in range(len(board))]
                if lendable(board):
                    out.append(Legal("borrow", label="Borrow"))
            elif lg.kind == "discard":
                out.append(Legal("discard", lg.spot,
                                 label=("Throw away the " if h.phase == pan.USE else "Discard the ") + lg.spot))
        return out

    def apply(self, state: PanState, action: Action, rng: Rng) -> list[Event]:
        kind = action.kind
        if kind == "owner":
            return self._owner(state, action)
        if state.phase == SEATING:
            if kind == "deal":
                return self._deal(state, rng)
            raise IllegalAction("The next hand has not been dealt yet.")
        if state.phase != HAND or state.hand is None:
            raise IllegalAction("This hand is over.")
        h = state.hand
        seat = action.seat
        if (kind in ("lay", "borrow") or kind.startswith(("add@", "split@"))) and pan.to_act(h) != seat:
            raise IllegalAction("It is not your turn.")   # before reading the seat's melds
        if kind == "lay" or kind.startswith("add@"):
            melds = self._new_board(h, seat, kind, action.spot)
            said = self._engine_act(h, seat, "arrange", "", melds, rng)
            where = "as a new meld" if kind == "lay" else f"on meld {int(kind.partition('@')[2]) + 1}"
            said[0] = f"Seat {seat + 1} lays {' '.join(sort_meld(action.spot.split()))} {where}."
        elif kind.startswith("split@"):
            index, cut, cards = self._split_move(h, seat, kind, action.spot)
            melds = split_board(h.boards[str(seat)], index, cut, cards)
            said = self._engine_act(h, seat, "arrange", "", melds, rng)
            said[0] = (f"Seat {seat + 1} splits meld {index + 1} with {' '.join(sort_meld(cards))}: "
                       f"{' '.join(sort_meld(melds[index]))} and {' '.join(sort_meld(melds[index + 1]))}.")
        elif kind == "borrow":
            index, lent, cards = self._borrow_move(h, seat, action.spot)
            melds = borrow_board(h.boards[str(seat)], index, lent, cards)
            said = self._engine_act(h, seat, "arrange", "", melds, rng)
            said[0] = (f"Seat {seat + 1} borrows the {lent} from meld {index + 1} and lays "
                       f"{' '.join(sort_meld(melds[-1]))} as a new meld.")
        elif kind in ("in", "top", "draw", "force", "discard"):
            said = self._engine_act(h, seat, kind, action.spot, (), rng)
        else:
            raise IllegalAction("That move is not open to your seat right now.")
        events: list[Event] = [Note(text, seat) for text in said]
        state.notes += said
        events += self._stakes(state)
        if pan.is_over(h):
            events += self._finish(state)
        return events

    def _engine_act(self, h: PanHand, seat: int, kind: str, spot: str, melds: Sequence[Sequence[str]],
                    rng: Rng) -> list[str]:
        if not any(lg.kind == kind for lg in pan.legal(h, seat)):
            if pan.to_act(h) != seat and kind != "force":
                raise IllegalAction("It is not your turn.")
            raise IllegalAction("That move is not open to your seat right now.")
        return pan.act(h, seat, kind, spot, melds, rng)

    def _new_board(self, h: PanHand, seat: int, kind: str, spot: str) -> list[list[str]]:
        """The seat's board with the ticked cards laid as a new meld or added to meld N."""
        cards = self._ticked(spot.split())
        board = [list(m) for m in h.boards.get(str(seat), [])]
        if kind == "lay":
            return [*board, cards]
        index = kind.partition("@")[2]
        if not (index.isascii() and index.isdigit()) or int(index) >= len(board):
            raise IllegalAction("There is no such meld.")
        board[int(index)] += cards
        return board

    @staticmethod
    def _ticked(cards: Sequence[str]) -> list[str]:
        if not cards:
            raise IllegalAction("Tick the cards to lay first.")
        if not all(is_card(c) for c in cards) or len(cards) > pan.OUT_CARDS:
            raise IllegalAction("You can lay only cards you hold.")
        return list(cards)

    @staticmethod
    def _meld_index(h: PanHand, seat: int, index: str) -> int:
        """One of the seat's own melds, by its place on the seat's board (never another seat's)."""
        if not (index.isascii() and index.isdigit()) or len(index) > 2 or int(index) >= len(h.boards[str(seat)]):
            raise IllegalAction("There is no such meld.")
        return int(index)

    def _split_move(self, h: PanHand, seat: int, kind: str, spot: str) -> tuple[int, int, list[str]]:
        """``split@N`` with spot "cards/cut": meld N, where it splits, the ticked cards."""
        index = self._meld_index(h, seat, kind.partition("@")[2])
        ticked, _, cut = spot.partition("/")
        size = len(h.boards[str(seat)][index])
        cut = cut.strip()
        if not (cut.isascii() and cut.isdigit() and len(cut) <= 2) or not 0 < int(cut) < size:
            raise IllegalAction(f"Choose where meld {index + 1} splits.")
        return index, int(cut), self._ticked(ticked.split())

    def _borrow_move(self, h: PanHand, seat: int, spot: str) -> tuple[int, str, list[str]]:
        """``borrow`` with spot "cards/N:card": the meld lending, the card it lends, the ticked
        cards the new meld starts with."""
        ticked, _, lend = spot.partition("/")
        index, _, lent = lend.strip().partition(":")
        if not lend.strip():
            raise IllegalAction("Choose the card to borrow.")
        i = self._meld_index(h, seat, index)
        if lent not in h.boards[str(seat)][i]:
            raise IllegalAction(f"Meld {i + 1} holds no such card to lend.")
        return i, lent, self._ticked(ticked.split())

    def _owner(self, state: PanState, action: Action) -> list[Event]:
        key = str(action.seat)
        if not action.spot:
            state.owners.pop(key, None)
            state.stacks.pop(key, None)
            return []
        state.owners[key] = action.spot
        state.stacks[key] = max(int(action.amount), 0)
        return []

    # -- the deal -------------------------------------------------------------------------
    def _deal(self, state: PanState, rng: Rng) -> list[Event]:
        rules = state.rules
        kon, tops = kondition(rules), tops_chips(rules)
        chips = {int(k): state.stacks.get(k, 0) // kon for k in state.owners}
        playing = sorted(s for s, c in chips.items() if c >= tops)
        least = int(rules.get("min_players", 3))
        if len(playing) < least:
            raise IllegalAction(f"Pan deals {least} or more players with the tops in chips: waiting for players.")
        deck = full_deck()
        rng.shuffle(deck)
        events: list[Event] = []
        if state.leader < 0:
            deal_order = play_order(playing, -1)        # from the mucker's right, to the right
            state.eldest, state.up_cards = eldest_hand(deal_order, deck)
            order = play_order(playing, state.eldest)
            said = [f"Up cards: {', '.join(f'seat {s + 1} {c}' for s, c in state.up_cards)}.",
                    f"Seat {state.eldest + 1} has the lowest up card and is the eldest hand."]
        else:
            deal_order = order = play_order(playing, state.leader)
            said = [f"Seat {order[0] + 1} won the last hand and plays first." if order[0] == state.leader
                    else f"Seat {order[0] + 1} plays first, to the right of the last winner."]
        h = pan.deal(deal_order, deck, {s: chips[s] for s in playing}, tops)
        h.order = list(order)   # the deal's order, then play from the eldest (D-462)
        state.hand = h
        state.dealt_hands = {k: list(v) for k, v in h.hands.items()}
        state.phase = HAND
        said.append(f"Tops: {h.tops} chip(s) of {fmt(kon)}.")
        state.notes += said
        events += [Note(text) for text in said]
        events += self._stakes(state)
        return events

    def _stakes(self, state: PanState) -> list[Event]:
        """What each seat has paid since the last look (the tops, then Konditions), as stakes
        on its pot wager."""
        assert state.hand is not None
        h = state.hand
        kon, tops = kondition(state.rules), tops_chips(state.rules)
        paid = {s: tops for s in h.order}   # every seat dealt in holds the tops (see _deal)
        for p in h.payments:
            paid[p.payer] += p.chips
        events: list[Event] = []
        for seat in sorted(paid):
            total = paid[seat] * kon
            new = total - state.put_in.get(str(seat), 0)
            if new > 0:
                state.put_in[str(seat)] = total
                events.append(Stake(seat, POT, new))
        return events

    # -- the end of the hand --------------------------------------------------------------
    def _finish(self, state: PanState) -> list[Event]:
        assert state.hand is not None
        h = state.hand
        kon = kondition(state.rules)
        tops = h.tops * kon
        events: list[Event] = []
        if h.winner >= 0:
            # the fee comes out of the tops, the rest of the tops to the winner (003 s.1565)
            state.fee = min(collection_fee(state.rules, len(h.order)), tops)
        if state.fee:
            events.append(Drop("fees", state.fee, f"Pan collection, {len(h.order)} players"))
        received = {s: 0 for s in h.order}
        for p in h.payments:
            received[p.payee] += p.chips * kon
        for seat in h.order:
            stake = state.put_in.get(str(seat), 0)
            if h.winner < 0:
                back = stake   # nobody played the hand: each seat's tops go back (P-382)
            else:
                back = received[seat] + (tops - state.fee if seat == h.winner else 0)
            result = "win" if back > stake else "push" if back == stake else "lose"
            settle_once(state.settled, state.results.setdefault(str(seat), []), events, seat, POT,
                        stake, back, result, self._detail(h, seat, back - stake, kon))
        state.result = self._result_words(state)
        state.notes.append(state.result)
        events.append(Note(state.result))
        state.phase = OVER
        return events

    def _detail(self, h: PanHand, seat: int, net: int, kon: int) -> str:
        if h.winner < 0:
            return "no hand played: the tops back"
        if seat == h.winner:
            return f"Pans the hand: {chips_words(net, kon)} ({signed(net)})"
        if h.status.get(str(seat)) == "top":
            return "went on top: forfeits the tops"
        return f"{chips_words(net, kon)} ({signed(net)})"

    def _result_words(self, state: PanState) -> str:
        assert state.hand is not None
        h = state.hand
        if h.winner < 0:
            return "Every player went on top: the tops go back and no hand is played."
        net = sum(r["net"] for r in state.results.get(str(h.winner), []))
        words = f"{chips_words(net, kondition(state.rules))} ({signed(net)})"
        if h.live() == [h.winner] and not any(h.boards.values()):
            return f"Seat {h.winner + 1} is the only player in and takes the tops: {words}"
        return f"Seat {h.winner + 1} Pans the hand: {words}"


    # -- the clock and the bots -----------------------------------------------------------
    def timeout_action(self, state: PanState) -> Action | None:
        """A passed clock (P-383): the table deals; a player yet to declare goes on top (the
        move that risks nothing more than the tops); a player to draw plucks (or takes a
        forced discard); a plucked card is thrown away; after melding, the card that fits
        least in the hand is discarded."""
        if state.phase == SEATING:
            return Action("deal")
        seat = self.to_act(state)
        if seat is None or seat == SYSTEM_SEAT or state.hand is None:
            return None
        h = state.hand
        if h.phase == pan.DECLARE:
            return Action("top", seat)
        if h.phase == pan.DRAW:
            return Action("draw", seat, "discard" if h.forced else "deck")
        if h.phase == pan.USE:
            if h.forced:   # a discard taken must be melded: lay it as the bot would
                return self.bot_action(state, seat)
            return Action("discard", seat, h.drawn)
        return Action("discard", seat, loneliest(h, seat))

    def bot_action(self, state: PanState, seat: int) -> Action | None:
        """The house bot: in with any hand; takes the discard when it melds it, else plucks;
        lays the plucked card where it fits, else throws it away; lays every meld it can,
        the best paying first, and adds every card that fits; discards the loneliest card."""
        if state.phase != HAND or state.hand is None or pan.to_act(state.hand) != seat:
            return None
        h = state.hand
        kinds = {(lg.kind, lg.spot) for lg in pan.legal(h, seat)}
        if h.phase == pan.DECLARE:
            return Action("in", seat)
        if h.phase == pan.DRAW:
            return Action("draw", seat, "discard" if ("draw", "discard") in kinds else "deck")
        board = h.boards[str(seat)]
        hand = h.hands[str(seat)]
        if h.phase == pan.USE:
            fits = [i for i, m in enumerate(board) if can_add(m, h.drawn)]
            if fits:
                return Action(f"add@{fits[0]}", seat, h.drawn)
            meld = best_meld(hand, h.drawn)
            if meld:
                return Action("lay", seat, " ".join(meld))
            return Action("discard", seat, h.drawn)
        meld = best_meld(hand, "")
        if meld:
            return Action("lay", seat, " ".join(meld))
        for card in sorted(set(hand)):
            fits = [i for i, m in enumerate(board) if can_add(m, card)]
            if fits and len(hand) > 1:
                return Action(f"add@{fits[0]}", seat, card)
        return Action("discard", seat, loneliest(h, seat))

    # -- what a viewer sees ---------------------------------------------------------------
    def view(self, state: PanState, viewer: int | None) -> dict[str, Any]:
        h = state.hand
        kon = kondition(state.rules)
        seats: dict[str, dict[str, Any]] = {}
        for key in sorted(set(state.owners) | (set(map(str, h.order)) if h else set()), key=int):
            sv: dict[str, Any] = {"stack": state.stacks.get(key, 0), "results": state.results.get(key, []),
                                  "status": "", "melds": [], "cards": 0, "worth": 0, "dealt": False}
            if h is not None and int(key) in h.order:
                melds = h.boards[key]
                sv.update({
                    "dealt": True,
                    "status": h.status[key],
                    "melds": [{"cards": sort_meld(m), "worth": meld_value(m), "kind": meld_kind(m)} for m in melds],
                    "cards": len(h.hands[key]) + (1 if h.drawn and pan.to_act(h) == int(key) else 0),
                    "worth": board_value(melds),
                    "net": sum(p.chips for p in h.payments if p.payee == int(key))
                    - sum(p.chips for p in h.payments if p.payer == int(key)),
                })
            seats[key] = sv
        mine: dict[str, Any] | None = None
        if h is not None and viewer is not None and viewer in h.order and h.status.get(str(viewer)) != "top":
            board = h.boards[str(viewer)]
            cards = sort_hand(h.hands[str(viewer)])
            drawn = h.drawn if pan.to_act(h) == viewer else ""
            mine = {"seat": viewer, "hand": cards, "drawn": drawn,
                    "fits": {c: [i + 1 for i, m in enumerate(board) if can_add(m, c)] for c in set(cards) | {drawn} if c},
                    # where each meld may split, as it lies (P-385), and the cards it may lend (P-386)
                    "cuts": [[{"cut": k, "label": f"{' '.join(m[:k])} | {' '.join(m[k:])}"}
                              for k in range(1, len(m))] for m in map(sort_meld, board)],
                    "lend": [{"value": f"{i}:{c}", "label": f"{c} from meld {i + 1}"} for i, c in lendable(board)]}
        return {
            "phase": state.phase,
            "no_rebet": True,
            "notes": state.notes[-6:],
            "to_act": {"seat": self.to_act(state)} if self.to_act(state) is not None else None,
            "seats": {},
            "pan": {
                "phase": state.phase,
                "stage": h.phase if h is not None else "",
                "to_act": self.to_act(state),
                "kondition": kon,
                "tops_chips": tops_chips(state.rules),
                "tops": h.tops if h is not None else 0,
                "deck": len(h.stock) if h is not None else 0,
                "muck": h.discards[-1] if h is not None and h.discards else "",
                "takeable": bool(h is not None and h.discards and h.from_stock and h.phase == pan.DRAW),
                "forced": bool(h is not None and h.forced),
                "order": list(h.order) if h is not None else [],
                "seats": seats,
                "mine": mine,
                "up_cards": state.up_cards,
                "eldest": state.eldest,
                "fee": state.fee,
                "result": state.result,
                "winner": h.winner if h is not None else -1,
                "waiting": "" if len(state.owners) >= int(state.rules.get("min_players", 3))
                else f"Waiting for {int(state.rules.get('min_players', 3))} players.",
            },
        }

    def history(self, state: PanState, viewer: int | None, names: Mapping[int, str], table_name: str,
                hand_id: int, started: str) -> str:
        h = state.hand
        if h is None:
            return ""
        kon = kondition(state.rules)
        def who(seat: int) -> str:
            return f"Seat {seat + 1}" + (f" ({names[seat]})" if seat in names else "")
        lines = [f"Pan hand #{hand_id}: {table_name}, {started}",
                 f"Kondition {fmt(kon)} a chip; tops {tops_chips(state.rules)} chip(s) a player.",
                 "Order of play (to the right): " + ", ".join(who(s) for s in h.order) + "."]
        if viewer is not None and str(viewer) in state.dealt_hands:
            lines.append(f"Dealt to {who(viewer)}: {' '.join(sort_hand(state.dealt_hands[str(viewer)]))}")
        lines.append("*** PLAY ***")
        lines += state.notes
        lines.append("*** PAYMENTS ***")
        for p in h.payments:
            lines.append(f"{who(p.payer)} pays {who(p.payee)} {p.chips} chip(s) ({fmt(p.chips * kon)}) for "
                         + ("a condition" if p.why == "condition" else "going out") + ".")
        if state.fee:
            lines.append(f"Collection fee from the tops: {fmt(state.fee)}.")
        lines.append("*** SUMMARY ***")
        for seat in h.order:
            for r in state.results.get(str(seat), []):
                lines.append(f"{who(seat)}: put in {fmt(r['stake'])}, back {fmt(r['returned'])} ({r['detail']}).")
        return "\n".join(lines) + "\n"


def signed(cents: int) -> str:
    """"$14.00", "-$2.50": the dollars of a hand's result, cents always shown."""
    dollars, rest = divmod(abs(cents), 100)
    return ("-" if cents < 0 else "") + f"${dollars:,}.{rest:02d}"


def chips_words(cents: int, kon: int) -> str:
    """Cents as chips of the Kondition, signed: "+14 chips", "-1.25 chips" (a fee of $2.50
    at a $2 Kondition is not a whole number of chips)."""
    sign = "+" if cents >= 0 else "-"
    whole, part = divmod(abs(cents), kon)
    amount = str(whole) if not part else f"{abs(cents) / kon:.2f}".rstrip("0").rstrip(".")
    return f"{sign}{amount} chip{'' if amount == '1' else 's'}"


def sort_meld(meld: Sequence[str]) -> list[str]:
    """A meld as it lies: a rope in rank order, a square by suit."""
    return sorted(meld, key=lambda c: (RANKS.index(c[0]), SUITS.index(c[1])))


def split_board(board: Sequence[Sequence[str]], index: int, cut: int, cards: Sequence[str]) -> list[list[str]]:
    """The board with meld ``index`` split in two by adding ``cards`` (rule 13(c)II, P-385): the
    first ``cut`` cards of the meld as it lies begin the first meld, the rest the second, and
    each added card goes to the side that makes both halves melds, the best paying placement
    when several do. When none does, the placement with the most valid halves goes to the
    engine, which names the half that is not a meld."""
    meld = sort_meld(board[index])
    first, second = meld[:cut], meld[cut:]
    best: tuple[tuple[int, int], list[list[str]]] | None = None
    for sides in product((0, 1), repeat=len(cards)):
        halves = ([*first, *(c for c, s in zip(cards, sides) if s == 0)],
                  [*second, *(c for c, s in zip(cards, sides) if s == 1)])
        valid = sum(1 for m in halves if meld_kind(m))
        key = (valid, board_value(halves) if valid == 2 else 0)
        if best is None or key > best[0]:
            best = (key, [sort_meld(m) for m in halves])
    assert best is not None
    return [list(m) for m in board[:index]] + best[1] + [list(m) for m in board[index + 1:]]


def borrow_board(board: Sequence[Sequence[str]], index: int, card: str, cards: Sequence[str]) -> list[list[str]]:
    """The board with ``card`` taken from meld ``index`` to start a new meld with ``cards``
    (rule 16, P-386); the engine checks that the meld left and the new one are both melds."""
    new = [list(m) for m in board]
    new[index].remove(card)
    return [*new, sort_meld([card, *cards])]


def lendable(board: Sequence[Sequence[str]]) -> list[tuple[int, str]]:
    """The cards an increased meld (four cards or more) may lend and stay a meld (rule 16), as
    (meld index, card): what the felt offers to borrow."""
    out = []
    for i, meld in enumerate(board):
        if len(meld) <= MIN_MELD:
            continue
        for card in sort_meld(list(set(meld))):
            rest = list(meld)
            rest.remove(card)
            if meld_kind(rest):
                out.append((i, card))
    return out


def best_meld(hand: Sequence[str], must: str) -> list[str]:
    """The best paying three-card meld from ``hand`` (with ``must``, the drawn card, when it is
    given), or []: Konditions first, then the meld that keeps the most of the hand's pairs."""
    pool = list(hand)
    best: list[str] = []
    best_key = (-1, "")
    if must:
        options = [[must, a, b] for a, b in combinations(pool, 2)]
    else:
        options = [list(c) for c in combinations(pool, 3)]
    for meld in options:
        if not meld_kind(meld):
            continue
        key = (meld_value(meld), " ".join(sorted(meld)))
        if key > best_key:
            best, best_key = meld, key
    return sorted(best)


def loneliest(h: PanHand, seat: int) -> str:
    """The allowed discard that fits least with the rest of the hand: fewest cards of its rank
    or of its suit within two ranks, none of the seat's melds taking it."""
    hand = h.hands[str(seat)]
    allowed = [lg.spot for lg in pan.legal(h, seat) if lg.kind == "discard"]
    if not allowed:
        return ""
    counts = Counter(hand)
    board = h.boards[str(seat)]

    def friends(card: str) -> tuple[int, int, str]:
        near = sum(n for c, n in counts.items()
                   if (c[0] == card[0] or (c[1] == card[1] and abs(RANKS.index(c[0]) - RANKS.index(card[0])) <= 2)))
        near -= 1   # the card itself
        fits = 3 if any(can_add(m, card) for m in board) else 0
        return near + fits, -RANKS.index(card[0]), card

    return min(allowed, key=friends)


PAN = PanTable()


# The Konditions as the rules panel posts them: an example of each paying meld, priced by the
# engine itself (melds.meld_value) so the panel can never disagree with what the table pays.
_KONDITIONS = (
    ("Valle square (3s, 5s or 7s), three different suits", ["3c", "3d", "3h"], "3c", ""),
    ("Valle square, all of one suit", ["5h", "5h", "5h"], "5h", "5s"),
    ("Non-valle square, all of one suit", ["Qh", "Qh", "Qh"], "Qh", "Qs"),
    ("Rope K-Q-J of one suit", ["Jh", "Qh", "Kh"], "7h", "s"),
    ("Rope A-2-3 of one suit", ["Ah", "2h", "3h"], "4h", "s"),
)


def konditions() -> list[dict[str, Any]]:
    """Each Kondition: its worth in chips, in spades, and for each card added (003 s.1467-1488)."""
    rows = []
    for name, meld, added, spade in _KONDITIONS:
        spades = [c[0] + "s" for c in meld] if spade else []
        rows.append({"name": name, "chips": meld_value(meld),
                     "spades": meld_value(spades) if spades else None,
                     "added": meld_value([*meld, added]) - meld_value(meld),
                     "added_spades": (meld_value([*spades, added[0] + "s"]) - meld_value(spades)) if spades else None})
    return rows


def rules_lines(rules: Mapping[str, Any]) -> list[str]:
    """Pan's posted rules in plain sentences, from the table's resolved rules."""
    kon = kondition(rules)
    fees = (rules.get("collection") or {}).get(str(kon)) or [0, 0]
    return [
        (f"Kondition {fmt(kon)}: every chip below is worth {fmt(kon)}. Tops: {tops_chips(rules)} chip(s) "
         "from each player a hand (D-461)."),
        (f"Collection fee from the tops each hand: {fmt(int(fees[0]))} with 5 or more players, "
         f"{fmt(int(fees[1]))} with 4 or fewer (003 s.1565-1573); the rest of the tops to the winner."),
        ("Eight 40-card decks (no 8s, 9s or 10s). Ten cards each; each player declares In or goes "
         "On Top (forfeits the tops, pays nothing more)."),
        ("Play runs to the right, from each seat to the next lower number; the last winner plays "
         "first. On the first hand the lowest up card is the eldest hand (D-462)."),
        ("Each turn: pluck from the deck (meld it at once or throw it away) or take the discard "
         "when the last player plucked and threw it and you meld it at once; then lay and add, and discard."),
        ("Split one of your melds in two by adding cards (a Kondition the split makes pays), or borrow a "
         "card from a meld of four or more to start a new meld, leaving a valid meld (rules 13-16)."),
        ("Melds: ropes (one suit in sequence, 7 then J) and squares (one rank, three suits or all "
         "one suit; any three aces or kings). Every Kondition collects from every other player in the hand."),
        ("Eleven cards in melds Pans the hand: 2 chips from every player in the hand plus the worth "
         "of your melds again, and the tops."),
        "Table stakes: a player pays only from the chips in front of them at the deal (D-803).",
        ("When your clock runs out: On Top at the declaration, otherwise pluck and throw the card "
         "away, or discard the card that fits least (P-383)."),
    ]
