"""Bingo on the Game protocol: one round is one game, shared by every card at the table, on
the table's schedule of draws as keno's (docs/ARCHITECTURE.md "Draw games").

Seed 000 §1-§5 (lines 176-242) with DECISIONS D-380 … D-392.

* ``cards`` (a seat, while cards are sold): ``count=3`` (with ``;planet=1`` for the Planet
  Bingo add-on where the operator has it, D-387), or a Pick Your Own card's ``numbers=…`` or
  ``quick=1`` (D-390). Each card is dealt from the round's RNG (D-381) and staked at once:
  one :class:`Stake` per card, ``card-<serial>``.
* ``draw`` (the table, when the game's time comes: ``timeout_action``): the balls called one
  at a time until the last one completes a card's pattern (000 s.211, D-384: every card is
  claimed for automatically), then one :class:`Settlement` per card; Planet Bingo's add-ons
  and award are :class:`MeterMove`s as keno's meters (D-020).
* ``void`` (the table): a game that cannot be played (fewer than D-380's players, or D-388's
  malfunction) returns every card whole.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engine.draw import DrawGame
from ...engine.money import Cents, fmt
from ...engine.protocol import (
    SYSTEM_SEAT,
    Action,
    Event,
    IllegalAction,
    Legal,
    MeterMove,
    Note,
    Settlement,
    Stake,
)
from ...engine.rng import Rng
from .calls import Entry, pattern_prize, planet_contribution, play_game, pre_draw
from .cards import CardError, check_picks, colour_card, deal_card, quick_picks

PRIZE_WORDS = {"line": "a line", "four-corners": "four corners", "letter-x": "the letter X",
               "blackout": "a blackout", "jackpot": "the jackpot", "consolation": "the consolation prize"}


@dataclass
class BingoState:
    rules: dict[str, Any]
    phase: str = "selling"  # "selling" until the game's time, then "called" or "void"
    game_no: int = 1
    cards: list[dict[str, Any]] = field(default_factory=list)  # serial, seat, card, planet, colours
    pre_drawn: list[int] = field(default_factory=list)  # Bingo Bonanza's 45 (000 s.240)
    calls: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    prize: str = ""
    awards: list[dict[str, Any]] = field(default_factory=list)
    wheel: int | None = None
    meters: dict[str, int] = field(default_factory=dict)
    serial: int = 0
    results: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    history: list[list[int]] = field(default_factory=list)


def card_price(rules: Mapping[str, Any], planet: bool) -> Cents:
    """A card's price for one game, with the Planet Bingo add-on where bought (D-380, D-387)."""
    return int(rules["card_price"]) + (int(rules["planet"]["add_on"]) if planet else 0)


def _fields(spec: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in spec.split(";"):
        if part.strip():
            key, sep, value = part.partition("=")
            if not sep or key.strip() in out or key.strip() not in {"count", "planet", "numbers", "quick"}:
                raise CardError("Those cards cannot be read.")
            out[key.strip()] = value.strip()
    return out


class BingoGame(DrawGame[BingoState]):
    slug = "bingo"
    name = "Bingo"
    opening_actions = ("cards",)
    independent_actions = ("cards",)  # each player buys their own cards (P-447)

    state_type = BingoState
    closed_words = "Game {no} is closed: cards now play the next game."

    def number(self, state: BingoState) -> int:
        return state.game_no

    def new_round(self, rules: Mapping[str, Any], rng: Rng, carry: Mapping[str, Any] | None) -> BingoState:
        carry = carry or {}
        state = BingoState(rules=copy.deepcopy(dict(rules)), game_no=int(carry.get("games", 0)) + 1,
                           serial=int(carry.get("serial", 0)),
                           history=[list(map(int, b)) for b in carry.get("history", [])])
        if rules.get("kind") == "bonanza":
            # 000 s.240, D-392: drawn before any sheet is sold, from the round's committed seed.
            state.pre_drawn = pre_draw(rng, rules)
        return state

    def carry(self, state: BingoState) -> dict[str, Any]:
        done = not self.selling(state)
        history = state.history + ([list(state.calls)] if state.calls else [])
        return {"games": state.game_no if done else state.game_no - 1, "serial": state.serial,
                "history": history[-int(state.rules.get("history", 10)):]}

    def offers(self, state: BingoState, seat: int) -> list[Legal]:
        if seat == SYSTEM_SEAT:
            return [Legal("draw", label="Call the game"), Legal("void", label="Void the game")]
        price = int(state.rules["card_price"])
        return [Legal("cards", "", price, price * int(state.rules["max_cards"]), "Buy cards")]

    def holds(self, state: BingoState, seat: int) -> bool:
        return any(int(c["seat"]) == seat for c in state.cards)

    def bot_purchase(self, state: BingoState, seat: int) -> Action | None:
        """One card for this game at its price, without the Planet Bingo add-on; at Pick Your
        Own a quick pick (P-412). One card is within any hall's most a player holds."""
        if int(state.rules["max_cards"]) < 1:
            return None
        return Action("cards", seat, "quick=1" if state.rules["kind"] == "pick" else "count=1")

    def sell(self, state: BingoState, action: Action, rng: Rng) -> list[Event]:
        try:
            return self._buy(state, action.seat, action.spot, rng)
        except CardError as exc:
            raise IllegalAction(str(exc)) from None

    def table_move(self, state: BingoState, action: Action, rng: Rng) -> list[Event]:
        if action.kind == "draw":
            players = {int(c["seat"]) for c in state.cards}
            if len(players) < int(state.rules.get("min_players", 2)):
                return self._void(state, f"fewer than {state.rules.get('min_players', 2)} players (D-380)")
            return self._call(state, rng)
        if action.kind == "void":
            return self._void(state, "the game could not be played (D-388)")
        raise IllegalAction("That is not a bingo move.")

    # -- buying cards -------------------------------------------------------------------------
    def _buy(self, state: BingoState, seat: int, spec: str, rng: Rng) -> list[Event]:
        rules = state.rules
        fields = _fields(spec)
        held = sum(1 for c in state.cards if int(c["seat"]) == seat)
        if rules["kind"] == "pick":
            spaces, balls = int(rules["spaces"]), int(rules["balls"])
            if "quick" in fields:
                faces = [quick_picks(rng, balls, spaces)]
            elif "numbers" in fields:
                text = [p.strip() for p in fields["numbers"].split(",") if p.strip()]
                if not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in text):
                    raise CardError("Pick whole numbers from 1 to 75.")
                faces = [check_picks([int(p) for p in text], balls, spaces)]
            else:
                raise CardError(f"Pick {spaces} numbers, or ask for a quick pick.")
            planet = False
        else:
            count_text = fields.get("count", "")
            if not (count_text.isascii() and count_text.isdigit()) or not 1 <= int(count_text) <= 99:
                raise CardError("Choose how many cards.")
            planet = fields.get("planet", "0") == "1"
            if planet and not rules.get("planet_on"):
                raise CardError("This game has no Planet Bingo add-on.")
            faces = [deal_card(rng, rules["columns"]) for _ in range(int(count_text))]
        if held + len(faces) > int(rules["max_cards"]):
            raise CardError(f"A player holds at most {rules['max_cards']} cards in a game (D-380).")
        events: list[Event] = []
        for face in faces:
            state.serial += 1
            colours = list(colour_card(rng, len(rules["planet"]["colours"]))) if planet else []
            state.cards.append({"serial": state.serial, "seat": seat, "card": list(face), "planet": planet,
                                "colours": colours})
            events.append(Stake(seat, f"card-{state.serial}", card_price(rules, planet)))
        return events

    # -- the game -----------------------------------------------------------------------------
    def _call(self, state: BingoState, rng: Rng) -> list[Event]:
        rules = state.rules
        meter_name = str(rules["planet"]["meter"])
        state.meters = {k: int(v) for k, v in (rules.get("meters") or {}).items()}
        entries = [Entry(int(c["serial"]), tuple(c["card"]), bool(c["planet"]), tuple(c["colours"]))
                   for c in state.cards]
        out = play_game(rules, entries, rng, state.meters.get(meter_name, 0), state.pre_drawn)
        events: list[Event] = []
        added = planet_contribution(rules, entries) if rules.get("planet_on") else 0
        if added:
            events.append(MeterMove(meter_name, added, "in", "Planet Bingo add-ons (D-387)"))
        state.calls, state.winners, state.prize = out.calls, out.winners, out.prize
        state.wheel = out.wheel_segment
        won: dict[int, list[str]] = {}
        paid: dict[int, int] = {}
        for a in out.awards:
            paid[a.serial] = paid.get(a.serial, 0) + a.amount
            won.setdefault(a.serial, []).append(f"{fmt(a.amount)} {self._award_words(a.prize)}")
        state.awards = [{"card": a.serial, "prize": a.prize, "amount": a.amount} for a in out.awards]
        ball = len(out.calls)
        for c in state.cards:
            serial, seat = int(c["serial"]), int(c["seat"])
            stake = card_price(rules, bool(c["planet"]))
            returned = paid.get(serial, 0)
            if serial in won:
                detail = f"Card {serial}: bingo on ball {ball} ({out.calls[-1]}): " + ", ".join(won[serial])
                if len(out.winners) > 1:
                    detail += f", shared by {len(out.winners)} cards (D-385)"
            else:
                detail = f"Card {serial}: no bingo by ball {ball}"
            result = "win" if returned > stake else ("push" if returned == stake else "lose")
            events.append(Settlement(seat, f"card-{serial}", stake, returned, result, detail))
            state.results.setdefault(seat, []).append(
                {"bet": f"card-{serial}", "card": serial, "stake": stake, "returned": returned, "result": result,
                 "detail": detail, "net": returned - stake})
        if out.planet_paid:
            # The meter reimburses the house for the award, then resets to its seed (D-387, D-020).
            events.append(MeterMove(meter_name, out.planet_paid, "out", "Planet Bingo award"))
            events.append(MeterMove(meter_name, int(rules["planet"]["seed"]), "in", "meter reset to its seed"))
        if rules.get("planet_on"):
            state.meters[meter_name] = out.planet_meter
        state.phase = "called"
        words = PRIZE_WORDS.get(out.prize, out.prize)
        events.append(Note(f"Game {state.game_no}: bingo on ball {ball} for {words}; "
                           f"{len(out.winners)} winning card{'s' if len(out.winners) != 1 else ''}."))
        return events

    @staticmethod
    def _award_words(prize: str) -> str:
        if prize == "wheel":
            return "from the prize wheel"
        if prize == "planet-bingo":
            return "from the Planet Bingo progressive"
        return "for " + PRIZE_WORDS.get(prize, prize)

    def _void(self, state: BingoState, why: str) -> list[Event]:
        events: list[Event] = []
        for c in state.cards:
            stake, seat = card_price(state.rules, bool(c["planet"])), int(c["seat"])
            detail = f"Card {c['serial']}: game {state.game_no} void, {why}; the card is returned"
            events.append(Settlement(seat, f"card-{c['serial']}", stake, stake, "void", detail))
            state.results.setdefault(seat, []).append(
                {"bet": f"card-{c['serial']}", "card": int(c["serial"]), "stake": stake, "returned": stake,
                 "result": "void", "detail": detail, "net": 0})
        state.phase = "void"
        events.append(Note(f"Game {state.game_no} is void: {why}."))
        return events

    # -- what a viewer sees ---------------------------------------------------------------------
    def view(self, state: BingoState, viewer: int | None) -> dict[str, Any]:
        """The flashboard and the viewer's own cards; nobody sees another's cards."""
        rules = state.rules
        mine = [c for c in state.cards if viewer is not None and int(c["seat"]) == viewer]
        sealed = rules["kind"] == "bonanza" and self.selling(state)  # D-392: sheets stay sealed
        kind = str(rules["kind"])
        name = str(rules.get("pattern", "")) if kind != "pick" else ""
        return {
            "game": self.slug,
            "variant": rules.get("variant", ""),
            "kind": kind,
            "phase": state.phase,
            "draw_no": state.game_no,
            "balls": list(state.calls),
            "board": int(rules["balls"]),
            "drawn_count": len(state.calls),
            "pre_drawn": len(state.pre_drawn) if not self.selling(state) else 0,
            "reveal_ms": int(rules.get("reveal_ms", 400)),
            "pattern": name,
            "pattern_words": PRIZE_WORDS.get(name, name),
            "shapes": list(rules["patterns"].get(name, [])) if name else [],
            "prize": pattern_prize(rules, name) if kind == "pattern" else int(rules.get("jackpot", 0)),
            "consolation": int(rules.get("consolation", 0)),
            "cards": [{"serial": c["serial"], "card": [] if sealed else list(c["card"]), "planet": c["planet"],
                       "colours": list(c["colours"])} for c in mine],
            "cards_in_play": len(state.cards),
            "card_price": int(rules["card_price"]),
            "max_cards": int(rules["max_cards"]),
            "spaces": int(rules.get("spaces", 0)),
            "planet_on": bool(rules.get("planet_on")),
            "winners": list(state.winners),
            "won_prize": state.prize,
            "awards": list(state.awards),
            "wheel": state.wheel,
            "results": list(state.results.get(viewer, [])) if viewer is not None else [],
            "meters": dict(state.meters or rules.get("meters") or {}),
            "history": [list(b) for b in state.history[-5:]],
            "you": viewer,
            "no_rebet": True,
        }


BINGO = BingoGame()
