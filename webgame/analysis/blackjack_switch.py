"""Blackjack Switch: the main game and insurance exactly; the engine's simulation as the
main game's cross-check.

The main game is counted over the finite shoe (:func:`.blackjack_exact.switch_count`, P-270):
both hands of a box, the switch made by the table of hand values and each hand played by the
Switch chart of :mod:`webgame.games.blackjack.strategy`, the strategy the house bots play.
The bots read the switch table from ``games/blackjack/switch_values.json``, which this module
counts for the Chapter 4 table at every number of decks it may deal
(``python -m webgame.analysis.blackjack_switch``, P-272). The engine still plays the game for
the cross-check (``flask edge blackjack-switch --check ROUNDS``): every box a house bot.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import partial
from typing import Any

from ..engine.paytable import Variant, load_game, resolve
from ..games.blackjack import BlackjackSwitch, strategy
from ..games.blackjack.engine import MAIN
from . import blackjack_exact
from .blackjack import _lines
from .blackjack import insurance as blackjack_insurance
from .blackjack_tables import play_rounds
from .core import Progress, Result, Tally, Wager

GAME = "blackjack-switch"
VARIANT = "chapter4"
INSURANCE = "insurance"
MAIN_SETTINGS = ("decks", "penetration_pct", "seats", "dealer_hits_soft_17", "blackjack_pays", "double_totals",
                 "double_after_split", "max_hands", "dealer_22_pushes")
DEFAULT_ROUNDS = 200_000


def simulate(rules: Mapping[str, Any], bet: str, rounds: int, seed: str,
             progress: Progress | None = None) -> Tally:
    """Play ``rounds`` rounds with a bot on every box; both hands' wagers with their doubles
    and splits, per the box's two initial wagers."""
    return play_rounds(BlackjackSwitch, rules, bet, rounds, seed, progress)


def _main_assumptions(rules: Mapping[str, Any]) -> str:
    decks = int(rules["decks"])
    return (
        f"Exact count over a fresh {decks}-deck shoe (P-270): both hands of a box, the player playing "
        f"{blackjack_exact.Game.of(rules).chart.name} (the house bots' strategy, webgame.games.blackjack."
        "strategy); never insurance or even money. Every four cards the two hands can be dealt against every "
        "up card, weighted by the ways the shoe deals them; the dealer peeks before the switch (D-602: a dealt "
        "blackjack pushes the dealer's, every other hand loses); the switch by the table of hand values these "
        "rules give; each hand then worth its value, played from the shoe less the up card and its own cards "
        "with the dealer's final totals exact for that shoe (the other hand's cards not removed, P-270). "
        f"Dealer {'hits' if rules['dealer_hits_soft_17'] else 'stands on'} soft 17; a dealer 22 pushes every "
        f"hand but a blackjack (D-049, D-050); blackjack pays {rules['blackjack_pays']}, a switched ace and ten "
        f"too (D-051); double any two cards, after splits too; split to {rules['max_hands']} hands from each "
        "hand, aces once with one card each, counted as published calculators count them (P-111); no "
        "surrender (D-052). House edge per initial wager (each of the two bets); one box, no cut card."
    )


def main_exact(rules: Mapping[str, Any]) -> Result:
    """The main game's exact figure (:func:`.blackjack_exact.main_bet`), per initial wager."""
    return Result(house_edge=blackjack_exact.main_bet(rules).house_edge)


def wagers(variant: Variant, rules: Mapping[str, Any]) -> list[Wager]:
    decks = int(rules["decks"])
    lines = _lines(rules, str(rules["main_paytable"]))
    out = [Wager(
        bet=MAIN, label="Both bets (Blackjack Switch strategy)",
        paytable={"blackjack": str(rules["blackjack_pays"]), "win": lines["win"]},
        assumptions=_main_assumptions(rules), exact=partial(main_exact, rules), slow=True,
        can_simulate=True, sim_key={**{k: rules[k] for k in MAIN_SETTINGS}, "game": GAME},
        default_rounds=DEFAULT_ROUNDS,
    )]
    if rules.get("insurance"):
        out.append(Wager(
            bet=INSURANCE, label="Insurance", paytable={INSURANCE: lines[INSURANCE]},
            assumptions=(f"Exact: the hole card from a full {decks}-deck shoe less the ace showing; "
                         "the player's own cards not removed (as bought blind)."),
            exact=lambda: blackjack_insurance(rules),
        ))
    return out


# ---------------------------------------------------------------------------------------
# The bots' switch tables (P-272)
# ---------------------------------------------------------------------------------------
def table_rules(decks: int) -> dict[str, Any]:
    """The Chapter 4 table as shipped, dealing ``decks`` decks."""
    return resolve(load_game(GAME).variants[VARIANT], {"options": {"decks": decks}})


def values_for(decks: int) -> dict[str, tuple[float, ...]]:
    """The switch table the count gives the Chapter 4 table at ``decks`` decks."""
    return blackjack_exact.switch_table(blackjack_exact.Game.of(table_rules(decks)))


def write_values() -> None:
    """Count the switch tables for every number of decks the table may deal and keep them as
    the bots' data (``games/blackjack/switch_values.json``)."""
    choices = load_game(GAME).variants[VARIANT].options["decks"]["choices"]
    tables = {str(d): {row: list(cells) for row, cells in values_for(int(d)).items()} for d in choices}
    data = {
        "about": ("Blackjack Switch (Chapter 4) switch tables, by decks: each two-card hand's expected value "
                  "per unit bet against the dealer's up card (2-9, ten, ace) once the dealer has no blackjack, "
                  "under the Switch play chart. Counted by webgame.analysis.blackjack_switch (P-272); "
                  "regenerate with: python -m webgame.analysis.blackjack_switch"),
        "tables": tables,
    }
    # One row of the table a line, so a change reads as a change of rows.
    blocks = [",\n".join(f"   {json.dumps(row)}: {json.dumps(cells)}" for row, cells in table.items())
              for table in tables.values()]
    body = ",\n".join(f'  {json.dumps(d)}: {{\n{block}\n  }}' for d, block in zip(tables, blocks, strict=True))
    text = f'{{\n "about": {json.dumps(data["about"])},\n "tables": {{\n{body}\n }}\n}}'
    assert json.loads(text) == data
    strategy.SWITCH_VALUES_FILE.write_text(text + "\n")
    strategy.switch_values.cache_clear()


if __name__ == "__main__":
    write_values()
