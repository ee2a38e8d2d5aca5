"""The baccarat side bets as one table (:mod:`webgame.games.sidebets`): the Tie, the EZ
Baccarat side bets of seed 000 and the player-dealer editions' bonus bets of seeds 001-003,
each graded on the finished coup. Graders name the line a coup wins or None; the odds come
from the round's paytables (D-005).

The nine three-card-7 and three-card-8 bets share two graders (INDEX section 2): Dragon 7,
Fortune 7, Dragon King, Tiger 7 and Gold 7 are :func:`three_card_7`; Panda 8, China Bear,
Ox 8 and Jade 8 are :func:`three_card_8`. Each is an entry of its own (its circle, its
paytable, its limit, its name); the rulebooks word them two ways ("the Banker totals 7 with
three cards and the Player 6 or less", "the Banker wins with a three-card 7"), which are the
same coups (D-150, D-151). Ruby 9 is Divine 9's grader (D-159, D-192).
"""

from __future__ import annotations

from collections.abc import Callable

from ..sidebets import SideBet, SideBetTable
from .coup import BANKER, PLAYER, TIE, Coup

COUP = "coup"  # every baccarat side bet settles when the coup is complete


def tie(coup: Coup) -> str | None:
    return "tie" if coup.winner == TIE else None


def three_card_7(coup: Coup) -> str | None:
    """D-150: the Banker wins with exactly three cards totalling 7 (so the Player has 6 or less)."""
    return "three-card-7" if coup.winner == BANKER and coup.three_card(BANKER, 7) else None


def three_card_8(coup: Coup) -> str | None:
    """D-151: the Player wins with exactly three cards totalling 8 (so the Banker has 7 or less)."""
    return "three-card-8" if coup.winner == PLAYER and coup.three_card(PLAYER, 8) else None


def kill_the_ox_tiger(coup: Coup) -> str | None:
    """003 s.3358-3365: a three-card 8 Player hand that loses to the Banker, or a three-card 7
    Banker hand that loses to the Player. A tie is no loss."""
    if coup.winner == BANKER and coup.three_card(PLAYER, 8):
        return "ox-loses"
    if coup.winner == PLAYER and coup.three_card(BANKER, 7):
        return "tiger-loses"
    return None


def one_up(coup: Coup) -> str | None:
    """003 s.2433-2445, D-190: the Player wins by exactly one point; 1 against 0 is its own line."""
    if coup.winner != PLAYER or coup.margin() != 1:
        return None
    return "win-1-0" if coup.player_total == 1 else "win-by-1"


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
        SideBet("dragon-7", "dragon-7", COUP, "three-card-7", "Dragon 7", "Dragon 7"),
        SideBet("panda-8", "panda-8", COUP, "three-card-8", "Panda 8", "Panda 8"),
        SideBet("divine-9", "divine-9", COUP, "divine-9", "Divine 9", "Divine 9"),
        SideBet("talons-player", "golden-talons", COUP, "talons-player", "Talons P", "Golden Talons on the Player"),
        SideBet("talons-banker", "golden-talons", COUP, "talons-banker", "Talons B", "Golden Talons on the Banker"),
        # The player-dealer editions of seed 003 (INDEX section 2)
        SideBet("one-up", "one-up", COUP, "one-up", "One Up", "One Up"),
        SideBet("fortune-7-bonus", "fortune-7-bonus", COUP, "three-card-7", "Fortune 7", "Fortune 7"),
        SideBet("china-bear", "china-bear", COUP, "three-card-8", "China Bear", "China Bear"),
        SideBet("dragon-king", "dragon-king", COUP, "three-card-7", "Dragon King", "Dragon King"),
        SideBet("tiger-7", "tiger-7", COUP, "three-card-7", "Tiger 7", "Tiger 7"),
        SideBet("ox-8", "ox-8", COUP, "three-card-8", "Ox 8", "Ox 8"),
        SideBet("kill-the-ox-tiger", "kill-the-ox-tiger", COUP, "kill-the-ox-tiger", "Ox/Tiger",
                "Kill the Ox/Tiger"),
        SideBet("gold-7", "gold-7", COUP, "three-card-7", "Gold 7", "Gold 7"),
        SideBet("jade-8", "jade-8", COUP, "three-card-8", "Jade 8", "Jade 8"),
        SideBet("ruby-9", "ruby-9", COUP, "divine-9", "Ruby 9", "Ruby 9"),
    ],
    {"tie": tie, "three-card-7": three_card_7, "three-card-8": three_card_8, "divine-9": divine_9,
     "talons-player": golden_talons(PLAYER), "talons-banker": golden_talons(BANKER),
     "kill-the-ox-tiger": kill_the_ox_tiger, "one-up": one_up},
)
