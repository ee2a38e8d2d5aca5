"""Stacked decks for poker-room hands: name each player's hole cards and the board(s), and the
deck comes out in the order the hand deals it (hole cards one at a time from the button's left,
a burn before each street; double board: board 1's cards, then board 2's)."""

from __future__ import annotations

from collections.abc import Sequence

from webgame.games.poker.games import GameKind
from webgame.games.poker.hand import Forced, HandState, start_hand
from webgame.games.poker.structures import Structure

FULL = [r + s for s in "shdc" for r in "23456789TJQKA"]


def stack(holes: Sequence[str], boards: Sequence[str] = ("",), rest: Sequence[str] = ()) -> list[str]:
    """holes: one string per player in dealing order ("AsKd"); boards: "2c7dJh9s3c" per board;
    rest: cards to put next in the stub (a second run). The burns come from the unused cards."""
    hole = [[h[i:i + 2] for i in range(0, len(h), 2)] for h in holes]
    board_cards = [[b[i:i + 2] for i in range(0, len(b), 2)] for b in boards]
    named = [c for h in hole for c in h] + [c for b in board_cards for c in b] + list(rest)
    assert len(set(named)) == len(named), "a card named twice"
    spare = [c for c in FULL if c not in named]
    deck: list[str] = []
    for i in range(max(len(h) for h in hole)):
        deck += [h[i] for h in hole]
    for street, count in ((0, 3), (3, 1), (4, 1)):
        deck.append(spare.pop())
        for b in board_cards:
            cut = b[street:street + count]
            deck += cut if len(cut) == count else [spare.pop() for _ in range(count)]
    deck += list(rest)
    return deck + spare


def holdem(stacks: Sequence[tuple[int, int]], holes: Sequence[str], board: str = "",
           structure: Structure | None = None, forced: Sequence[Forced] | None = None,
           kind: GameKind | None = None, boards: Sequence[str] | None = None,
           rest: Sequence[str] = (), run_it_twice: bool = False) -> HandState:
    """A hand with blinds of $1-$2 from the first two seats unless told otherwise."""
    structure = structure or Structure("no-limit", 100, 200, min_bet=200)
    if forced is None:
        forced = [Forced(stacks[0][0], "small-blind", structure.small_blind),
                  Forced(stacks[1][0], "big-blind", structure.big_blind)]
        if len(stacks) == 2:  # heads-up the button posts the small blind (D-413)
            forced = [Forced(stacks[1][0], "small-blind", structure.small_blind),
                      Forced(stacks[0][0], "big-blind", structure.big_blind)]
    kind = kind or GameKind("Texas Hold'em")
    deck = stack(holes, boards or (board,), rest)
    return start_hand(kind, structure, list(stacks), stacks[-1][0], list(forced), deck,
                      run_it_twice=run_it_twice)
