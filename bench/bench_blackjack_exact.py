"""The blackjack main bet's exact count: seconds per rule set, one core.

    python bench/bench_blackjack_exact.py [--no-write] [--games spanish-21,...]

Every variant of blackjack, Spanish 21, Free Bet Blackjack, Blackjack Switch, Lucky Chances
Blackjack (P-225), Pure Spanish 21.5 (P-228), 21st Century Free Bet Blackjack (P-284) and every
No Bust 21st Century Blackjack edition (P-287) as shipped, then each of its
options changed alone (the figure an operator's page asks for when one setting moves): each rule set counted from nothing
memoised (the dealer's draw lists included), in this one process. The target is under
10 seconds per rule set (P-110). With ``--games`` only those games are timed and their rows
replace theirs in bench/RESULTS.md, the other rows kept as they were last timed.
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


def rule_sets(games: tuple[str, ...] = GAMES) -> list[tuple[str, str, dict[str, Any]]]:
    """(game@variant, what changed, config): each variant as shipped, then one option at a time."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    for game in games:
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


Row = tuple[str, str, float, float, float]


def time_rule_sets(games: tuple[str, ...] = GAMES) -> list[Row]:
    """(variant, change, house edge, wall seconds, CPU seconds of this process)."""
    rows = []
    for slug, change, config in rule_sets(games):
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


def table(rows: list[Row]) -> str:
    wall = sorted(row[3] for row in rows)
    cpu = sorted(row[4] for row in rows)
    out = [(f"{len(rows)} rule sets. Wall clock: median {wall[len(wall) // 2]:.2f} s, slowest {wall[-1]:.2f} s; "
            f"CPU: median {cpu[len(cpu) // 2]:.2f} s, slowest {cpu[-1]:.2f} s (target: under 10 s)."), "",
           "| variant | rule set | house edge | seconds | CPU seconds |", "|---|---|---:|---:|---:|"]
    out += [f"| {v} | {c} | {e * 100:.4f}% | {t:.2f} | {p:.2f} |" for v, c, e, t, p in rows]
    return "\n".join(out)


def kept_rows(path: Path) -> tuple[list[Row], str]:
    """The rows of the table last written, and the date line they were timed under."""
    text = path.read_text() if path.exists() else ""
    if START not in text:
        return [], ""
    section = text.split(START, 1)[1].split(END, 1)[0]
    rows: list[Row] = []
    date = ""
    for line in section.splitlines():
        if line.startswith("- date: "):
            date = line[len("- date: "):]
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 5 and cells[2].endswith("%"):
            rows.append((cells[0], cells[1], float(cells[2][:-1]) / 100, float(cells[3]), float(cells[4])))
    return rows, date


def merged(rows: list[Row], games: tuple[str, ...], kept: list[Row]) -> list[Row]:
    """The kept table with the rows of ``games`` replaced by ``rows`` (in the games' places)."""
    out: list[Row] = []
    placed = False
    for row in kept:
        if row[0].partition("@")[0] in games:
            if not placed:
                out += rows
                placed = True
        else:
            out.append(row)
    return out if placed else out + rows


def write_results(markdown: str, date: str | None = None) -> Path:
    path = ROOT / "bench" / "RESULTS.md"
    now = dt.datetime.now().strftime('%Y-%m-%d %H:%M')
    section = "\n".join([
        START,
        ("## Blackjack, Spanish 21, Free Bet, Blackjack Switch, Lucky Chances, Pure Spanish 21.5, 21st Century "
         "Free Bet and No Bust main bets, exact count per rule set"),
        "",
        f"- date: {date or now}",
        (f"- machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs, "
         f"Python {platform.python_version()}"),
        "- command: `python bench/bench_blackjack_exact.py`",
        (f"- load average when it started: {LOAD_AT_START} (other work on the machine slows every figure)" if date is None
         else f"- load average when the rerun started: {LOAD_AT_START} (other work on the machine slows every figure)"),
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
    parser.add_argument("--games", default=",".join(GAMES), help=f"comma-separated: {', '.join(GAMES)}")
    args = parser.parse_args(argv)
    games = tuple(g for g in args.games.split(",") if g)
    unknown = set(games) - set(GAMES)
    if unknown:
        parser.error(f"not counted exactly: {', '.join(sorted(unknown))}")
    rows = time_rule_sets(games)
    print(table(rows))
    if args.no_write:
        return
    date = None
    if set(games) != set(GAMES):
        kept, kept_date = kept_rows(ROOT / "bench" / "RESULTS.md")
        rows = merged(rows, games, kept)
        now = dt.datetime.now().strftime('%Y-%m-%d %H:%M')
        date = f"{kept_date}; the {', '.join(games)} rows rerun {now} (`--games {','.join(games)}`)"
    print(f"\nwritten to {write_results(table(rows), date)}")


if __name__ == "__main__":
    main()
