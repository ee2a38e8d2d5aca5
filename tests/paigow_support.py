"""Test support for the pai gow tables: stacked 53-card decks dealt to chosen positions and
whole rounds. Used by the engine and web tests only."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from webgame.devices.shoe import Shoe
from webgame.engine.cards import build_shoe
from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import SYSTEM_SEAT, Action, Event
from webgame.engine.rng import Rng, SeededRng
from webgame.games.paigow import table
from webgame.games.paigow.table import PAI_GOW_POKER, POSITIONS, PaiGowState, position_of, seat_at

BANK = "bank"


def rules_for(variant: str = "grand-ronde", **options: Any) -> dict[str, Any]:
    rules = resolve(load_game("pai-gow-poker").variants[variant], {"options": options} if options else None)
    rules["variant"] = variant
    return rules


def deck_for(draw: Sequence[int], hands: Mapping[int | str, str], banker: int | None = None) -> list[str]:
    """A 53-card order that deals ``hands`` (seat or BANK, the house dealer's hand, -> seven
    card codes) when the first hand goes where ``draw`` points, counted from ``banker`` (a
    player bank) or the house as 1; every other stack is the rest of the deck in order."""
    first = position_of(list(draw))
    stacks: list[list[str] | None] = []
    for k in range(POSITIONS):
        seat = seat_at((first - 1 + k) % POSITIONS + 1, banker)
        key: int | str = BANK if seat is None else seat
        stacks.append(hands[key].split() if key in hands else None)
    used = [c for s in stacks if s for c in s]
    assert len(set(used)) == len(used), "a card twice in the stacked hands"
    rest = [c.code for c in build_shoe(1, jokers_per_deck=1) if c.code not in used]
    order: list[str] = []
    for s in stacks:
        order += s if s else [rest.pop(0) for _ in range(7)]
    return order + rest


def stacked_deck(order: Sequence[str]) -> Shoe:
    shoe = Shoe(decks=1, size=53, cut_at=53, remaining=list(order), shuffle_no=1, rounds_since_shuffle=1)
    assert sorted(order) == sorted(c.code for c in build_shoe(1, jokers_per_deck=1))
    return shoe


def stacking(draw: Sequence[int], hands: Mapping[int | str, str], banker: int | None = None) -> tuple[
        Callable[[Mapping[str, Any] | None, Rng], Shoe], Callable[[Mapping[str, Any], Rng], list[int]]]:
    """Replacements for ``table.new_deck`` and ``table.first_pick`` (web tests monkeypatch them)."""
    order = deck_for(draw, hands, banker)
    return (lambda carry, rng: stacked_deck(order)), (lambda rules, rng: list(draw))


def dealt_round(monkeypatch: Any, hands: Mapping[int | str, str], bets: Mapping[int, Mapping[str, int]], *,
                draw: Sequence[int] = (1,), rules: Mapping[str, Any] | None = None,
                owners: Mapping[int, str] | None = None) -> tuple[PaiGowState, list[Event]]:
    deck, pick = stacking(draw, hands)
    monkeypatch.setattr(table, "new_deck", deck)
    monkeypatch.setattr(table, "first_pick", pick)
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(rules or rules_for(), rng, None)
    events: list[Event] = []
    for seat, who in (owners or {}).items():
        events += PAI_GOW_POKER.apply(state, Action("owner", seat, who), rng)
    for seat, spots in bets.items():
        for spot, amount in spots.items():
            events += PAI_GOW_POKER.apply(state, Action("bet", seat, spot, amount), rng)
    events += PAI_GOW_POKER.apply(state, Action("deal", SYSTEM_SEAT), rng)
    return state, events


def play(state: PaiGowState, moves: Mapping[int, str]) -> list[Event]:
    """Set each seat: two card codes for the front, or "house" for the house way."""
    rng = SeededRng(1)
    events: list[Event] = []
    for seat, front in moves.items():
        action = Action("house-way", seat) if front == "house" else Action("set", seat, front)
        events += PAI_GOW_POKER.apply(state, action, rng)
    return events


def rotation_carry(house_bets: Mapping[int, tuple[str, int]], *, rounds: int = 1, pointer: int = 0,
                   last_banker: int | None = None) -> dict[str, Any]:
    """A table's carry after a house-banked round in which ``house_bets`` (seat -> player,
    cents) were the basic bets: the player bank's rotation as the engine carries it."""
    return {"shuffle_no": 1, "player_bank": {
        "rounds": rounds, "pointer": pointer, "last_banker": last_banker,
        "house_bets": {str(n): [who, amount] for n, (who, amount) in house_bets.items()}}}


def banked_round(monkeypatch: Any, hands: Mapping[int | str, str], bets: Mapping[int, Mapping[str, int]], *,
                 banker: int, cover: int, carry: Mapping[str, Any], owners: Mapping[int, str],
                 draw: Sequence[int] = (1,), rules: Mapping[str, Any] | None = None,
                 declines: Sequence[int] = ()) -> tuple[PaiGowState, list[Event]]:
    """A round in which the seats in ``declines`` pass the bank, ``banker`` takes it with a
    ``cover`` bank, the others bet ``bets`` and the cards (``hands``, BANK the house's) are dealt."""
    deck, pick = stacking(draw, hands, banker)
    monkeypatch.setattr(table, "new_deck", deck)
    monkeypatch.setattr(table, "first_pick", pick)
    rng = SeededRng(0)
    state = PAI_GOW_POKER.new_round(rules or rules_for(), rng, carry)
    events: list[Event] = []
    for seat, who in owners.items():
        events += PAI_GOW_POKER.apply(state, Action("owner", seat, who), rng)
    for seat in declines:
        events += PAI_GOW_POKER.apply(state, Action("decline", seat), rng)
    events += PAI_GOW_POKER.apply(state, Action("bank", banker, "", cover), rng)
    for seat, spots in bets.items():
        for spot, amount in spots.items():
            events += PAI_GOW_POKER.apply(state, Action("bet", seat, spot, amount), rng)
    events += PAI_GOW_POKER.apply(state, Action("deal", SYSTEM_SEAT), rng)
    return state, events
