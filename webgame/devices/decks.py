"""Two-deck alternation (rules INDEX section 9): two 52-card decks of one design and different
back colours; one is shuffled in the machine while the other is dealt, and they change places
every round. A game turns it on with ``two_decks = true`` in its variant's rules; the engine
numbers its rounds and this module names the deck in play, so the felt shows its backs and the
round's notes (and the recall) say which deck was dealt.

Under the server's shuffle the machine always counts 52 cards, so the rule that a deck counted
short or long leaves play never fires; the note records the count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

COLOURS = ("red", "blue")
CARDS = 52


def in_play(round_no: int) -> str:
    """The colour dealt in a table's ``round_no``th round: red first, then blue, and so on."""
    return COLOURS[round_no % 2]


def in_shuffler(round_no: int) -> str:
    return COLOURS[(round_no + 1) % 2]


def alternates(rules: Mapping[str, Any]) -> bool:
    return bool(rules.get("two_decks"))


def view(round_no: int) -> dict[str, Any]:
    return {"in_play": in_play(round_no), "in_shuffler": in_shuffler(round_no), "counted": CARDS}


def note(round_no: int) -> str:
    return (f"The {in_play(round_no)} deck is dealt ({CARDS} cards counted by the shuffler); "
            f"the {in_shuffler(round_no)} deck is shuffled for the next round.")
