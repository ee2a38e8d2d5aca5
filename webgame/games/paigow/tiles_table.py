"""Pai Gow tiles (002 §11, s.546-981): the Pai Gow table with 32 tiles instead of a deck.

Always banked by a seated player: the card room (``games/california/table.py``) offers the
bank counter-clockwise, takes the collection fees, shakes the dice and settles within the
player-dealer's stake; this engine deals and sets the tiles. A round:

* the 32 tiles are shuffled by the round's RNG and built into eight stacks of four (rule 7);
* the dice total, counted counter-clockwise from the player-dealer as 1 over all eight
  positions (rule 37, D-478, D-265), names the position that takes the first ("action")
  stack; the other stacks follow counter-clockwise, the bank's stack is the bank's hand and
  the stacks of positions with no wager are collected unseen (rule 38);
* every player sets four tiles into a high and a low hand of two, or asks for the House Way
  (rules 43, 46); the table takes no setting whose low hand outranks its high (D-262); a
  clock that runs out sets them by the House Way (D-009);
* then the player-dealer sets the bank's four tiles or asks for the House Way (rules 12,
  51-53, D-472), and each position's halves are compared with the bank's (rules 3, 14, 56-60):
  both higher wins even money (D-264), one higher pushes, a copy is the bank's;
* where others bet behind a position, the card room says who sets its tiles (the most money,
  rule 41, D-475: ``seat_backline``, ``seat_control``); a setting another setting beats in both
  hands is played as set by that bettor only, and every lesser bettor there is graded on the
  House Way's setting (rule 42, P-243).

The tiles, their ranks and the House Way are in :mod:`.tiles` and ``rules/pai-gow-tiles.toml``.
Engine seat ``s`` is position ``s + 1`` clockwise from the house dealer's left, so
counter-clockwise is ``s - 1``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...devices.shoe import Shoe
from ...engine.protocol import Action, Event, IllegalAction, Legal, Note
from ...engine.rng import Rng
from ..banked import snapshot, spot_word
from ..carnival.base import DECIDE, Box, CarnivalState, Spot
from .table import MAIN, HandSet, PaiGowPoker, PaiGowState, _pg, player_banked
from .tiles import (
    Hand,
    HouseWaySetting,
    Setting,
    TileHouseWay,
    Versus,
    hand,
    house_way,
    improves_both,
    pairings,
    set_tiles,
    tile_set,
    versus,
)

TILES_PER_HAND = 4
RESET = "your hand was reset House Way, rule 42"
HALF_WORDS = {"win": "wins", "copy": "is a copy (the bank's)", "lose": "loses"}
SHORT_WORDS = {"win": "wins", "copy": "copies", "lose": "loses"}  # behind a longer lead (rule 42)
FOUL = "That setting fouls: the low hand would outrank the high hand."


@dataclass
class TilesState(PaiGowState):
    """A tiles round: the pai gow round, and what the card room says of each position's
    bettors (rules 41-42)."""

    # Bets behind each position, told at the deal: [backer seat, hand seat, the bet's key, cents].
    behind: list[list[Any]] = field(default_factory=list)
    # Who sets each position's tiles where it is not its own player (D-475): hand seat -> seat.
    deciders: dict[int, int] = field(default_factory=dict)
    # Rule 42: the House Way setting the lesser bettors of an obviously mis-set hand play.
    resets: dict[int, HandSet] = field(default_factory=dict)


def _tl(state: CarnivalState) -> TilesState:
    assert isinstance(state, TilesState)
    return state


def new_tiles(carry: Mapping[str, Any] | None, rng: Rng) -> Shoe:
    """The 32 tiles in the set's order, mixed by this round's RNG (rule 7, D-011). The Shoe
    only keeps them: a tile is never parsed as a card. Tests that need exact stacks replace
    this, never the RNG."""
    codes = tile_set().codes
    rng.shuffle(codes)
    shoe = Shoe(decks=1, size=len(codes), cut_at=len(codes), remaining=codes, cut_card_out=False)
    shoe.shuffle_no = int((carry or {}).get("shuffle_no", 0)) + 1
    shoe.rounds_since_shuffle = 1
    return shoe


def way_of(rules: Mapping[str, Any]) -> TileHouseWay:
    """The table's House Way (D-263): its name, and the threshold of its step 2 [configurable]."""
    return TileHouseWay.of({"name": rules["house_way"]["name"], "high_at_least": rules["house_way_high_at_least"]})


def _low_codes(spot: str) -> list[str]:
    return spot.split()


class PaiGowTiles(PaiGowPoker):
    """Stage 1: every position sets its four tiles; stage 2: the player-dealer sets the bank's."""

    slug = "pai-gow-tiles"
    name = "Pai Gow Tiles"
    family = "paigow"
    state_class = TilesState
    POSITIONS = 8  # eight stacks of four (rule 7, D-265)

    def circles(self, rules: Mapping[str, Any]) -> list[Spot]:
        return [Spot(MAIN, "Bet", MAIN, name="the bet")]  # rule 31: no side bets

    def check_rules(self, rules: Mapping[str, Any]) -> None:
        way_of(rules)
        if not player_banked(rules):
            raise ValueError("Pai Gow tiles is banked by a seated player (002 rule 4)")
        if int(rules["seats"]) != self.POSITIONS:
            raise ValueError("Pai Gow tiles deals eight stacks: eight positions, the bank's included (D-265)")

    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> PaiGowState:
        snap = snapshot(rules)
        if self.step(snap) <= 0:
            raise ValueError("bet_step must be positive")
        self.check_rules(snap)
        shoe = new_tiles(carry, rng)
        state = TilesState(rules=snap, shoe=shoe, seats={i: Box() for i in range(int(snap["seats"]))})
        state.notes.append("The 32 tiles are mixed face down for this round.")
        return state

    # -- the deal ------------------------------------------------------------------------
    def expected_cards(self, state: CarnivalState) -> tuple[int, int, int]:
        players = sum(1 for b in state.seats.values() if b.cards)
        return TILES_PER_HAND, TILES_PER_HAND, TILES_PER_HAND * (self.POSITIONS - 1 - players)

    def deal(self, state: CarnivalState, rng: Rng, players: list[int], events: list[Event]) -> None:
        """Eight stacks of four: the action stack to the position the dice counted, the rest
        counter-clockwise from it (rule 37, D-265); the bank's stack is the bank's hand; a
        position with no wager has its stack collected unseen (rule 38)."""
        st = _pg(state)
        if st.bank_seat is None or st.first_seat is None:
            raise ValueError("the tiles are dealt once the card room seats the bank")
        shoe = st.shoe
        for k in range(self.POSITIONS):
            stack = [shoe.remaining.pop(0) for _ in range(TILES_PER_HAND)]
            shoe.in_play.extend(stack)
            seat = (st.first_seat - k) % self.POSITIONS
            if seat == st.bank_seat:
                st.dealer = stack
            elif seat in players:
                st.seats[seat].cards = stack
            else:
                st.burn.extend(stack)
        where = "the bank" if st.first_seat == st.bank_seat else spot_word(st.first_seat)
        events.append(Note(f"The action stack goes to {where}; the other stacks counter-clockwise from it."))

    def _deal(self, state: CarnivalState, action: Action, rng: Rng, events: list[Event]) -> None:
        """The carnival deal, in the words of a tile table."""
        start = len(events)
        super()._deal(state, action, rng, events)
        for k in range(start, len(events)):
            ev = events[k]
            if isinstance(ev, Note) and ev.text == "No more bets. The cards are out.":
                events[k] = Note("No more bets. The tiles are out.", ev.seat)

    # -- setting the tiles ---------------------------------------------------------------
    def _setting(self, four: list[str], low: list[str]) -> Setting:
        try:
            setting = set_tiles(four, low)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from exc
        if setting.foul:  # D-262: the stronger pair is the high hand; the table takes no other
            raise IllegalAction(FOUL)
        return setting

    @staticmethod
    def _tile_set(setting: Setting, by_house: bool, row: str) -> HandSet:
        return HandSet(list(setting.low.codes), list(setting.high.codes), setting.low.words,
                       setting.high.words, by_house, row)

    def _house(self, rules: Mapping[str, Any], four: list[str]) -> HouseWaySetting:
        return house_way(four, way_of(rules))

    def _setting_legal(self, rules: Mapping[str, Any], cards: list[str], label: str) -> list[Legal]:
        # Every setting the table takes is listed, its low hand's codes sorted (the felt posts
        # them sorted): any two tiles that do not outrank the other two (D-262, P-240).
        lows = set()
        for s in pairings(cards):
            lows.add(" ".join(sorted(s.low.codes)))
            if s.low.key == s.high.key:  # equal hands: either way round
                lows.add(" ".join(sorted(s.high.codes)))
        return [*(Legal("set", low, label=label) for low in sorted(lows)), Legal("house-way", label="House way")]

    def _set_bank(self, st: PaiGowState, action: Action, events: list[Event]) -> None:
        """The player-dealer's setting of the bank's tiles, or the House Way (rules 12, 47,
        51-53; D-472)."""
        if action.kind == "house-way":
            done = self._house(st.rules, st.dealer)
            st.bank = self._tile_set(done.setting, True, done.row)
        elif action.kind == "set":
            st.bank = self._tile_set(self._setting(st.dealer, _low_codes(action.spot)), False, "")
        else:
            raise IllegalAction("Set the bank's tiles, or ask for the House Way.")
        st.dealer_up = list(range(len(st.dealer)))
        how = "by the House Way" if st.bank.by_house_way else "as the player-dealer sets them"
        events.append(Note(f"The bank's tiles, {how}: high hand {st.bank.back_words}; low hand {st.bank.front_words}."))

    def apply_decision(self, state: CarnivalState, seat: int, box: Box, action: Action,
                       events: list[Event]) -> None:
        st = _pg(state)
        if action.kind == "house-way":  # rule 46: a stack of four, set by the House Way
            done = self._house(st.rules, box.cards)
            st.sets[seat] = self._tile_set(done.setting, True, done.row)
            box.decisions.append("house-way")
            return
        if action.kind != "set":
            raise IllegalAction("Set your tiles, or ask for the House Way.")
        st.sets[seat] = self._tile_set(self._setting(box.cards, _low_codes(action.spot)), False, "")
        box.decisions.append("set")

    def end_stage(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        return  # the player-dealer sets the bank's tiles in the next stage

    # -- the card room's word: who bets on each position (rules 41-42) -------------------
    def seat_backline(self, state: CarnivalState, bets: list[tuple[int, int, str, int]]) -> None:
        """The bets behind each position at the deal, as (backer seat, hand seat, the bet's
        key, cents): rule 42 may grade them on another setting than the position's own."""
        _tl(state).behind = [[backer, hand_seat, key, cents] for backer, hand_seat, key, cents in bets]

    def seat_control(self, state: CarnivalState, deciders: Mapping[int, int]) -> None:
        """Who sets each position's tiles, at the deal: hand seat -> the seat of the bettor with
        the most money on it (rule 41, D-475). Everyone else on that position is a lesser
        bettor whom rule 42 protects."""
        _tl(state).deciders = {int(h): int(who) for h, who in deciders.items() if int(h) != int(who)}

    # -- the showdown --------------------------------------------------------------------
    def showdown(self, state: CarnivalState, rng: Rng, events: list[Event]) -> None:
        """Each position's high and low hands against the bank's (rules 3, 14, 54, 56-60). A
        setting its controller made that another legal setting improves in both hands is played
        as set by the controller only; every lesser bettor on that position plays it reset by
        the House Way (rule 42, P-243)."""
        st = _tl(state)
        bank = Setting(self._hand(st.bank.back), self._hand(st.bank.front))
        for n, box in sorted(st.seats.items()):
            if not box.live:
                continue
            hs = st.sets[n]
            played = Setting(self._hand(hs.back), self._hand(hs.front))
            v = versus(played, bank)
            hs.front_result, hs.back_result = v.low, v.high
            box.hand = f"high hand {hs.back_words}; low hand {hs.front_words}"
            decider = st.deciders.get(n, n)
            behind = [(int(b), str(key), int(cents)) for b, h, key, cents in st.behind if int(h) == n]
            lesser = decider != n or any(b != decider for b, _, _ in behind)
            reset = self._reset(st, n, box.cards, played, bank) if lesser and not hs.by_house_way else None
            if reset is None:
                self._grade(st, events, n, MAIN, box.bets[MAIN], v, "")
                continue  # bets behind follow the position's own bet (P-037)
            # The words fit the recall's 120 characters: the House Way's hands are in the note
            # below and on the felt beside the hand.
            rv = versus(Setting(self._hand(reset.back), self._hand(reset.front)), bank)
            self._grade(st, events, n, MAIN, box.bets[MAIN], v if decider == n else rv,
                        "Played as set: " if decider == n else f"{RESET[0].upper()}{RESET[1:]}: ")
            spot = spot_word(n)
            for backer, key, cents in behind:  # each settled here, on its own setting
                lead = f"Behind {spot}, played as set: " if backer == decider else f"Behind {spot}: {RESET}: "
                self._grade(st, events, backer, key, cents, v if backer == decider else rv, lead)
            events.append(Note(f"{spot}'s tiles were set so that both hands could be improved: the bettor who "
                               f"set them plays them as set, every other bettor there plays them set by the House "
                               f"Way (rule 42): high hand {reset.back_words}, low hand {reset.front_words}."))

    def _reset(self, st: TilesState, n: int, four: list[str], played: Setting, bank: Setting) -> HandSet | None:
        """Rule 42: the House Way setting of an obviously mis-set hand, or None."""
        if improves_both(played, four) is None:
            return None
        done = self._house(st.rules, four)
        reset = self._tile_set(done.setting, True, done.row)
        rv = versus(done.setting, bank)
        reset.front_result, reset.back_result = rv.low, rv.high
        st.resets[n] = reset
        return reset

    def _grade(self, st: TilesState, events: list[Event], seat: int, bet: str, stake: int, v: Versus,
               lead: str) -> None:
        """One wager on a setting's result: both halves win even money (D-264), one pushes,
        none loses."""
        half = SHORT_WORDS if lead else HALF_WORDS
        words = f"High hand {half[v.high]}, low hand {half[v.low]}"
        if v.result == "win":
            o = self.odds(st.rules, "pai-gow-tiles", "win")
            self.settle(st, events, seat, bet, stake, stake + o.win(stake), "win", f"{lead}Both hands win: pays {o}")
        elif v.result == "push":
            self.settle(st, events, seat, bet, stake, stake, "push", f"{lead}Push: {words}")
        else:
            self.settle(st, events, seat, bet, stake, 0, "lose", f"{lead}{words}")

    @staticmethod
    def _hand(codes: list[str]) -> Hand:
        return hand(codes)

    def hand_words(self, state: CarnivalState, box: Box) -> str:
        return ""

    def paytables_shown(self, rules: Mapping[str, Any]) -> list[str]:
        return ["pai-gow-tiles"]

    # -- showing it ----------------------------------------------------------------------
    def view_extra(self, state: CarnivalState, viewer: int | None, view: dict[str, Any]) -> None:
        """The tile-setting table: for the viewer's own unset tiles, every pairing (which
        fouls) and the House Way; once set, both hands in words; after the showdown, the bank's
        hands and each half's result. Other positions' tiles and the bank's stay hidden until
        they are opened (the base view hides their codes)."""
        st = _pg(state)
        mine = self.viewer_seats(st, viewer)
        seats: dict[int, Any] = {}
        for n, box in sorted(st.seats.items()):
            if not box.dealt_in:
                continue
            hs = st.sets.get(n)
            show = n in mine or (st.revealed and box.live)
            entry: dict[str, Any] = {"set": hs is not None}
            if show and hs is not None:
                entry.update(low=list(hs.front), high=list(hs.back), low_words=hs.front_words,
                             high_words=hs.back_words, by_house_way=hs.by_house_way,
                             low_result=hs.front_result, high_result=hs.back_result)
            reset = st.resets.get(n) if isinstance(st, TilesState) else None
            if show and reset is not None:  # rule 42: what the lesser bettors played
                entry["reset"] = {"low": list(reset.front), "high": list(reset.back), "low_words": reset.front_words,
                                  "high_words": reset.back_words, "low_result": reset.front_result,
                                  "high_result": reset.back_result}
            if n in mine and st.phase == DECIDE and hs is None and st.stage == self.SET_STAGE:
                entry["choices"] = self._choices(st.rules, box.cards)
            seats[n] = entry
        bank_to_set = None
        if self._pd_setting(st) and viewer is not None and viewer == st.bank_seat:
            bank_to_set = {"tiles": list(st.dealer), "choices": self._choices(st.rules, st.dealer)}
        view["tiles"] = {
            "bank_seat": st.bank_seat,
            "bank_to_set": bank_to_set,
            "bank_waiting": self._pd_setting(st),
            "seats": seats,
            "first_seat": st.first_seat,
            "bank": ({"low": st.bank.front, "high": st.bank.back, "low_words": st.bank.front_words,
                      "high_words": st.bank.back_words, "row": st.bank.row,
                      "by_house_way": st.bank.by_house_way} if st.bank.front else None),
            "house_way_name": st.rules["house_way"]["name"],
            "faces": {code: list(t.pips) for code, t in tile_set().tiles.items()},
            "names": {code: t.name for code, t in tile_set().tiles.items()},
        }

    def _choices(self, rules: Mapping[str, Any], four: list[str]) -> dict[str, Any]:
        """Every way to choose the low hand (six: each pairing either way round), which of them
        foul, and the House Way: the felt shows a foul at once without asking the server."""
        options = []
        for s in pairings(four):
            for low, high in ((s.low, s.high), (s.high, s.low)):
                options.append({"low": sorted(low.codes), "high": sorted(high.codes), "low_words": low.words,
                                "high_words": high.words, "foul": low.key > high.key})
        done = self._house(rules, four)
        return {"options": options,
                "house_way": {"low": sorted(done.setting.low.codes), "high": sorted(done.setting.high.codes),
                              "low_words": done.setting.low.words, "high_words": done.setting.high.words,
                              "row": done.row}}


PAI_GOW_TILES = PaiGowTiles()
