"""Odds analyzer: the time to each exact figure, and the simulation's pace.

    python bench/bench_analysis.py [--rounds 2000] [--no-write]

Every exact wager of every analyzed game and variant (as shipped) is computed once,
from nothing memoised, in this process: what an operator's first look at a table
costs. The simulation line times the blackjack main game through the engine, one
process, for ``--rounds`` rounds of a full table.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_web import replace_section
from webgame.analysis import cache
from webgame.analysis.edges import configuration
from webgame.analysis.registry import analyzed_games, registered_games
from webgame.engine.paytable import load_game

LOAD_AT_START = " / ".join(f"{x:.1f}" for x in os.getloadavg())
START = "<!-- analysis:start -->"
END = "<!-- analysis:end -->"


def time_exact() -> list[tuple[str, str, str, float, float]]:
    """(game, variant, bet, house edge, seconds) of every exact figure; the counts kept in
    the repository cache (minutes each) report the seconds recorded with them."""
    rows = []
    games = registered_games() + [g for g in analyzed_games() if g not in registered_games()]
    for game in games:
        if game not in analyzed_games():
            continue
        for variant in load_game(game).variants:
            _, _, wagers = configuration(game, variant, {})
            for w in wagers:
                if w.exact is None:
                    continue
                if w.cached:  # a count of minutes: its time as recorded when it was kept
                    entry = cache.lookup(game, variant, w.bet, w.sim_key)
                    if entry is not None:
                        rows.append((game, variant, f"{w.bet} (kept count)", float(entry["house_edge"]),
                                     float(entry["seconds"])))
                    continue
                start = time.perf_counter()
                result = w.exact()
                rows.append((game, variant, w.bet, float(result.house_edge), time.perf_counter() - start))
    return rows


def time_simulation(rounds: int) -> tuple[float, int]:
    from webgame.analysis import blackjack
    from webgame.analysis.simulation import memoise_card_parsing

    memoise_card_parsing()
    _, rules, _ = configuration("blackjack", "grand-ronde", {})
    start = time.perf_counter()
    tally = blackjack.simulate(rules, "main", rounds, "bench")
    return time.perf_counter() - start, tally.n


def tables(rows: list[tuple[str, str, str, float, float]], sim: tuple[float, int], rounds: int) -> str:
    by: dict[tuple[str, str], list[tuple[str, float, float]]] = {}
    for game, variant, bet, edge, took in rows:
        by.setdefault((game, variant), []).append((bet, edge, took))
    out = ["| game | variant | exact figures | total ms | slowest | its ms | median ms |",
           "|---|---|---:|---:|---|---:|---:|"]
    for (game, variant), items in by.items():
        slow = max(items, key=lambda x: x[2])
        times = sorted(t for _, _, t in items)
        out.append(f"| {game} | {variant} | {len(items)} | {sum(times) * 1000:.1f} | {slow[0]} | "
                   f"{slow[2] * 1000:.1f} | {times[len(times) // 2] * 1000:.2f} |")
    seconds, hands = sim
    out += ["", "| simulation (one process) | rounds | hands | seconds | rounds/s | hands/s |",
            "|---|---:|---:|---:|---:|---:|",
            (f"| blackjack main game, 7 boxes of basic strategy | {rounds:,} | {hands:,} | {seconds:.1f} | "
             f"{rounds / seconds:,.0f} | {hands / seconds:,.0f} |")]
    out += ["", "<details><summary>Time to each exact figure</summary>", "",
            "| game | variant | wager | house edge | ms |", "|---|---|---|---:|---:|"]
    out += [f"| {g} | {v} | {b} | {e * 100:.4f}% | {t * 1000:.2f} |" for g, v, b, e, t in rows]
    out += ["", "</details>"]
    return "\n".join(out)


def write_results(markdown: str, command: str) -> Path:
    path = ROOT / "bench" / "RESULTS.md"
    section = "\n".join([
        START,
        "## Odds analyzer",
        "",
        f"- date: {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}",
        (f"- machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs, "
         f"Python {platform.python_version()}"),
        f"- command: `{command}`",
        f"- load average when it started: {LOAD_AT_START} (other work on the machine slows every figure)",
        "- each exact figure computed once in one process, nothing memoised (an operator's first look);",
        "  the simulation plays the blackjack engine itself, card parsing memoised as the CLI does",
        "",
        markdown,
        END,
    ])
    replace_section(path, section, START, END)
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="blackjack rounds to time")
    parser.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    args = parser.parse_args(argv)
    markdown = tables(time_exact(), time_simulation(args.rounds), args.rounds)
    print(markdown)
    if not args.no_write:
        command = "python bench/bench_analysis.py" + (f" --rounds {args.rounds}" if args.rounds != 2000 else "")
        print(f"\nwritten to {write_results(markdown, command)}")


if __name__ == "__main__":
    main()
