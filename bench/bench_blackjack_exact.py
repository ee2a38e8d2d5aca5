"""The blackjack main bet's exact count: seconds per rule set, one core.

    python bench/bench_blackjack_exact.py [--no-write]

Every variant of blackjack, Spanish 21, Free Bet Blackjack, Blackjack Switch, Lucky Chances
Blackjack (P-225), Pure Spanish 21.5 (P-228), 21st Century Free Bet Blackjack (P-284) and every
No Bust 21st Century Blackjack edition (P-287) as shipped, then each of its
options changed alone (the figure an operator's page asks for when one setting moves): each rule set counted from nothing
memoised (the dealer's draw lists included), in this one process. The target is under
10 seconds per rule set (P-110).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_web import replace_section
from webgame.analysis import blackjack_exact, lucky_chances_exact
from webgame.analysis import no_bust_21st_century_blackjack as no_bust
from webgame.engine.paytable import load_game, resolve

LOAD_AT_START = " / ".join(f"{x:.1f}" for x in os.getloadavg())
START = "<!-- blackjack-exact:start -->"
END = "<!-- blackjack-exact:end -->"
# Options that change nothing in the main bet's count (the table's furniture).
NOT_COUNTED = {"seats", "penetration_pct", "dead_game_minutes", "max_spots_per_player", "bet_step",
               "bots_may_bank", "pause_minutes", "collection_fee"}


# The games counted exactly (P-110, P-140, P-270, P-225, P-228, P-284, P-287).
GAMES = ("blackjack", "spanish-21", "free-bet-blackjack", "blackjack-switch", "lucky-chances-blackjack",
         "pure-spanish-21-5", "21st-century-free-bet-blackjack", "no-bust-21st-century-blackjack")


def rule_sets() -> list[tuple[str, str, dict[str, Any]]]:
    """(game@variant, what changed, config): each variant as shipped, then one option at a time."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    for game in GAMES:
        for slug, variant in load_game(game).variants.items():
            if game == no_bust.GAME and not no_bust.counted(resolve(variant, {})):
                continue  # a No Bust scale the count does not compare (none today, P-287)
            name_of = f"{game}@{slug}"
            out.append((name_of, "as shipped", {}))
            for name, spec in variant.options.items():
                if name in NOT_COUNTED:
                    continue
                for choice in spec["choices"]:
                    if choice != spec["default"]:
                        out.append((name_of, f"{name} = {choice}", {"options": {name: choice}}))
    return out


def time_rule_sets() -> list[tuple[str, str, float, float, float]]:
    """(variant, change, house edge, wall seconds, CPU seconds of this process)."""
    rows = []
    for slug, change, config in rule_sets():
        game, _, variant = slug.partition("@")
        rules = resolve(load_game(game).variants[variant], config)
        blackjack_exact.dealer_draws.cache_clear()  # nothing carried over from the last rule set
        blackjack_exact.count_cache_clear()
        blackjack_exact.final_draws.cache_clear()
        blackjack_exact.twenty_two_draws.cache_clear()
        start, cpu = time.perf_counter(), time.process_time()
        if game == "lucky-chances-blackjack":
            edge = lucky_chances_exact.base_wager(rules).house_edge
        else:
            edge = blackjack_exact.main_bet(rules).house_edge
        rows.append((slug, change, edge, time.perf_counter() - start, time.process_time() - cpu))
    return rows


def table(rows: list[tuple[str, str, float, float, float]]) -> str:
    wall = sorted(row[3] for row in rows)
    cpu = sorted(row[4] for row in rows)
    out = [(f"{len(rows)} rule sets. Wall clock: median {wall[len(wall) // 2]:.2f} s, slowest {wall[-1]:.2f} s; "
            f"CPU: median {cpu[len(cpu) // 2]:.2f} s, slowest {cpu[-1]:.2f} s (target: under 10 s)."), "",
           "| variant | rule set | house edge | seconds | CPU seconds |", "|---|---|---:|---:|---:|"]
    out += [f"| {v} | {c} | {e * 100:.4f}% | {t:.2f} | {p:.2f} |" for v, c, e, t, p in rows]
    return "\n".join(out)


def write_results(markdown: str) -> Path:
    path = ROOT / "bench" / "RESULTS.md"
    section = "\n".join([
        START,
        ("## Blackjack, Spanish 21, Free Bet, Blackjack Switch, Lucky Chances, Pure Spanish 21.5, 21st Century "
         "Free Bet and No Bust main bets, exact count per rule set"),
        "",
        f"- date: {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}",
        (f"- machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs, "
         f"Python {platform.python_version()}"),
        "- command: `python bench/bench_blackjack_exact.py`",
        f"- load average when it started: {LOAD_AT_START} (other work on the machine slows every figure)",
        "- one process, one core; each rule set from nothing memoised (webgame/analysis/blackjack_exact.py,",
        "  webgame/analysis/lucky_chances_exact.py);",
        "  CPU seconds are this process's own, what the count costs whatever else the machine runs",
        "",
        markdown,
        END,
    ])
    replace_section(path, section, START, END)
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    args = parser.parse_args(argv)
    markdown = table(time_rule_sets())
    print(markdown)
    if not args.no_write:
        print(f"\nwritten to {write_results(markdown)}")


if __name__ == "__main__":
    main()
