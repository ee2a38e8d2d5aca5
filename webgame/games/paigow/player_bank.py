"""Who is offered the bank against the house at house-banked Pai Gow Poker, round to round.

Two rotations, named by a variant's ``player_bank`` rule:

``"round"`` (000 s.756-769): after the table's first round, the bank is offered seat by seat
    counterclockwise from the seat the rotation has reached (at first the player farthest to
    the dealer's right) until one accepts; the next round's offers start at the seat after the
    one who banked. When the offers come round to the dealer (nobody accepted, or the last seat
    banked) the next offers start again at the dealer's right; when the last seat banked, the
    house banks one round first, "until it returns to the dealer" (P-251). No player banks two
    rounds in a row, and only a player who bet against the dealer in the last round with no
    player bank may bank.
``"alternate"`` (004 s.1314-1319): the house banks the table's first hand and every hand after
    a player bank; on the other hands the bank is offered to one position only, the next one
    counterclockwise (the chung marks it, s.1319): if that position is empty, or its player did
    not play the previous hand, or declines, the house banks and the marker moves on.

A seat is known by its player too: the bets of the last house-banked round are kept with the
player who made them, so a new player in the seat is not offered the bank on another's bets.
The functions are pure; the engine keeps the rotation in its carry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

BANK_BET = "bank"  # the player-banker's bank against the other players, "placed on the marker" (004 s.1323)
MODES = ("round", "alternate")


def counterclockwise(seats: int) -> list[int]:
    """The player seats counterclockwise from the house dealer: the dealer's right first (engine
    seat ``seats - 1``), first base (seat 0) last."""
    return list(range(seats - 1, -1, -1))


def fresh_rotation() -> dict[str, Any]:
    """A table just opened: the house banks first (000 s.757 "after the first round"; 004 s.1315)."""
    return {"rounds": 0, "pointer": 0, "last_banker": None, "house_bets": {}}


def owner_recorded(rotation: Mapping[str, Any], seat: int) -> str | None:
    """Who made the seat's basic bet in the last round the house banked, if anyone did."""
    entry = rotation.get("house_bets", {}).get(str(seat))
    return str(entry[0]) if entry and int(entry[1]) > 0 else None


def last_basic_bet(rotation: Mapping[str, Any], seat: int) -> int:
    """That bet: the most the seat's player may wager against the house's hand as banker, and
    what the house wagers against the bank (004 s.1314, s.1323; D-222)."""
    entry = rotation.get("house_bets", {}).get(str(seat))
    return int(entry[1]) if entry else 0


def offers_for(mode: str, rotation: Mapping[str, Any], seats: int) -> list[int]:
    """The seats to offer the bank this round, in order (the first now): only seats whose player
    bet in the last house-banked round and that did not bank the last round."""
    if mode not in MODES:
        raise ValueError(f"player_bank must be one of {MODES}, not {mode!r}")
    if int(rotation.get("rounds", 0)) == 0:
        return []

    def eligible(seat: int) -> bool:
        return owner_recorded(rotation, seat) is not None and seat != rotation.get("last_banker")

    order = counterclockwise(seats)
    pointer = int(rotation.get("pointer", 0))
    if mode == "round":
        if pointer >= len(order):
            return []  # the offers came round to the dealer: the house banks this round
        return [s for s in order[pointer:] if eligible(s)]
    if rotation.get("last_banker") is not None:
        return []  # 004 s.1315: "For the following hand, the bank will revert back to the House dealer"
    seat = order[pointer % len(order)]
    return [seat] if eligible(seat) else []


def after_round(mode: str, rotation: Mapping[str, Any], seats: int, banker: int | None,
                basic_bets: Mapping[int, tuple[str, int]]) -> dict[str, Any]:
    """The rotation for the next round, once a round is dealt: ``banker`` banked it (None: the
    house), ``basic_bets`` are the seats' basic bets (seat -> (player, cents))."""
    order = counterclockwise(seats)
    rounds = int(rotation.get("rounds", 0))
    pointer = int(rotation.get("pointer", 0))
    if mode == "round":
        if banker is not None:
            pointer = order.index(banker) + 1  # 000 s.758, s.766: the next player is offered first next round
        else:
            pointer = 0  # the offers came round to the dealer: the dealer's right is first again
    elif rounds > 0 and rotation.get("last_banker") is None:
        pointer = (pointer + 1) % len(order)  # an offering hand: the marker moves on (004 s.1319)
    house_bets = dict(rotation.get("house_bets", {}))
    if banker is None:
        house_bets = {str(n): [who, amount] for n, (who, amount) in sorted(basic_bets.items()) if amount > 0}
    return {"rounds": rounds + 1, "pointer": pointer, "last_banker": banker, "house_bets": house_bets}


def bank_limits(table_min: int, table_max: int, seats: int, already: int, step: int) -> tuple[int, int]:
    """The bank a player-banker may post against the other players: at least what is already
    bet against it and the table minimum, at most every other seat at the table maximum (a
    bank need never hold more than it could pay, 004 s.1314)."""
    low = max(table_min, already)
    low = -(-low // step) * step
    high = max(low, (seats - 1) * table_max)
    return low, high
