"""The baccarat side bets as one table (:mod:`webgame.games.sidebets`): the Tie and the
EZ Baccarat side bets of seed 000, each graded on the finished coup. Graders name the line a
coup wins or None; the odds come from the round's paytables (D-005).

The three-card-7 and three-card-8 bets of the later editions (Dragon King, Tiger 7, Gold 7,
China Bear, Ox 8, Jade 8 …) are these two graders with their own entries (INDEX section 2).
"""

from __future__ import annotations

from collections.abc import Callable

from ..sidebets import SideBet, SideBetTable
from .coup import BANKER, PLAYER, TIE, Coup

COUP = "coup"  # every baccarat side bet settles when the coup is complete


def tie(coup: Coup) -> str | None:
    return "tie" if coup.winner == TIE else None


def dragon_7(coup: Coup) -> str | None:
    """D-150: the Banker wins with exactly three cards totalling 7 (so the Player has 6 or less)."""
    return "dragon-7" if coup.winner == BANKER and coup.three_card(BANKER, 7) else None


def panda_8(coup: Coup) -> str | None:
    """D-151: the Player wins with exactly three cards totalling 8."""
    return "panda-8" if coup.winner == PLAYER and coup.three_card(PLAYER, 8) else None


def divine_9(coup: Coup) -> str | None:
    """000 s.1449, D-159: both hands three-card 9 pays only the higher line."""
    nines = coup.three_card(PLAYER, 9) + coup.three_card(BANKER, 9)
    return "both" if nines == 2 else "either" if nines == 1 else None


def golden_talons(side: str) -> Callable[[Coup], str | None]:
    def grade(coup: Coup) -> str | None:
        """000 s.1450, s.1479-1487, D-157, D-158: a winning natural pays its line whatever
        the margin; a natural tie pushes; a non-natural win pays by its margin from 4 points;
        anything else loses."""
        if coup.winner == TIE:
            return "natural-tie" if coup.natural(PLAYER) and coup.natural(BANKER) else None
        if coup.winner != side:
            return None
        if coup.natural(side):
            return "natural-win"
        return f"win-by-{coup.margin()}" if coup.margin() >= 4 else None
    return grade


SIDE_BETS: SideBetTable[Coup] = SideBetTable(
    [
        SideBet("baccarat-tie", "baccarat-tie", COUP, "tie", "Tie", "the Tie"),
        SideBet("dragon-7", "dragon-7", COUP, "dragon-7", "Dragon 7", "Dragon 7"),
        SideBet("panda-8", "panda-8", COUP, "panda-8", "Panda 8", "Panda 8"),
        SideBet("divine-9", "divine-9", COUP, "divine-9", "Divine 9", "Divine 9"),
        SideBet("talons-player", "golden-talons", COUP, "talons-player", "Talons P", "Golden Talons on the Player"),
        SideBet("talons-banker", "golden-talons", COUP, "talons-banker", "Talons B", "Golden Talons on the Banker"),
    ],
    {"tie": tie, "dragon-7": dragon_7, "panda-8": panda_8, "divine-9": divine_9,
     "talons-player": golden_talons(PLAYER), "talons-banker": golden_talons(BANKER)},
)
