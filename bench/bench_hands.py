"""Hand evaluator speed against treys, pokerkit and phevaluator, in one run.

    python bench/bench_hands.py [--seconds 2] [--no-write]

Every evaluator ranks the same seeded random hands (card conversion is done
beforehand and not timed). Prints a Markdown table of hands per second and
the ratio ours / baseline, and writes it into bench/RESULTS.md between the
"hand evaluator" markers (other sections are kept). Not part of the tests.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from webgame.engine.hands import high_evaluator, id_code

START = "<!-- hand-evaluator:start -->"
END = "<!-- hand-evaluator:end -->"
SEED = 20240601


def best_rates(jobs: list[tuple[str, Callable[[], int]]], seconds: float,
               rounds: int = 5) -> list[tuple[str, float]]:
    """Hands per second of each job, round-robin, best round kept.

    Each job returns how many hands it ranked. Alternating the evaluators in
    short rounds and keeping each one's best round keeps a busy machine from
    favouring whichever evaluator happened to run while it was quiet.
    """
    best = {name: 0.0 for name, _ in jobs}
    for _, job in jobs:
        job()  # warm up (builds tables on first use)
    for _ in range(rounds):
        for name, job in jobs:
            done = 0
            start = time.perf_counter()
            while True:
                done += job()
                elapsed = time.perf_counter() - start
                if elapsed >= seconds / rounds:
                    break
            best[name] = max(best[name], done / elapsed)
    return [(name, best[name]) for name, _ in jobs]


def loop(rank: Callable[..., object], hands: Sequence[object], star: bool = False) -> Callable[[], int]:
    if star:
        def run_star() -> int:
            for h in hands:
                rank(*h)  # type: ignore[misc]
            return len(hands)
        return run_star

    def run() -> int:
        for h in hands:
            rank(h)
        return len(hands)
    return run


def measure(n_cards: int, seconds: float) -> list[tuple[str, float]]:
    rng = random.Random(SEED + n_cards)
    hands = [rng.sample(range(52), n_cards) for _ in range(5_000)]
    jobs: list[tuple[str, Callable[[], int]]] = [("ours (single call)", loop(high_evaluator().rank, hands))]

    try:
        import numpy as np

        from webgame.engine.hands.batch import rank_high_batch

        big = np.array([rng.sample(range(52), n_cards) for _ in range(100_000)], dtype=np.uint8)
        jobs.append(("ours (numpy batch)", lambda: len(rank_high_batch(big))))
    except ImportError:
        pass

    try:
        import treys

        ev = treys.Evaluator()
        th = [[treys.Card.new(id_code(c)) for c in h] for h in hands]
        jobs.append(("treys 0.1.8", loop(ev.evaluate, [(h[:2], h[2:]) for h in th], star=True)))
    except ImportError:
        pass

    try:
        from phevaluator import evaluate_cards

        jobs.append(("phevaluator 0.6.0", loop(evaluate_cards, hands, star=True)))
    except ImportError:
        pass

    try:
        from pokerkit import StandardHighHand

        few = [("".join(id_code(c) for c in h[:2]), "".join(id_code(c) for c in h[2:]))
               for h in hands[:200]]
        jobs.append(("pokerkit 0.7.7", loop(StandardHighHand.from_game, few, star=True)))
    except ImportError:
        pass
    return best_rates(jobs, seconds)


def table(all_results: dict[int, list[tuple[str, float]]]) -> str:
    lines = ["| cards | evaluator | hands/s | ours single ÷ this | ours batch ÷ this |",
             "|---|---|---:|---:|---:|"]
    for n, results in all_results.items():
        single = dict(results)["ours (single call)"]
        batch = dict(results).get("ours (numpy batch)")
        for name, rate in results:
            b = f"{batch / rate:.1f}x" if batch else "n/a"
            lines.append(f"| {n} | {name} | {rate:,.0f} | {single / rate:.2f}x | {b} |")
    return "\n".join(lines)


def enumeration() -> str:
    """Exact histograms of every hand, the odds analyzer's workload (one run each)."""
    try:
        from webgame.engine.hands.batch import (
            combinations_array,
            histogram_high,
            rank_three_batch,
        )
    except ImportError:
        return "numpy not installed: no batch enumeration"
    lines = ["| exact enumeration | hands | seconds | hands/s |", "|---|---:|---:|---:|"]
    histogram_high(5)  # warm up: tables and the five-card subsets
    jobs: list[tuple[str, Callable[[], int]]] = [
        ("all 3-card hands (Three Card Poker)", lambda: len(rank_three_batch(combinations_array(52, 3)))),
        ("all 5-card hands", lambda: int(histogram_high(5).sum())),
        ("all 7-card hands", lambda: int(histogram_high(7).sum())),
    ]
    for name, job in jobs:
        start = time.perf_counter()
        count = job()
        took = time.perf_counter() - start
        lines.append(f"| {name} | {count:,} | {took:.2f} | {count / took:,.0f} |")
    return "\n".join(lines)


def write_results(markdown: str, command: str) -> Path:
    path = ROOT / "bench" / "RESULTS.md"
    section = "\n".join([
        START,
        "## Hand evaluator",
        "",
        f"- date: {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}",
        (f"- machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs, "
         f"Python {platform.python_version()}"),
        f"- command: `{command}`",
        "- same seeded random hands for every evaluator; card conversion not timed;",
        "  evaluators alternate in 5 short rounds and each keeps its best round",
        "",
        markdown,
        END,
    ])
    text = path.read_text() if path.exists() else "# Benchmark results\n"
    if START in text and END in text:
        head, rest = text.split(START, 1)
        tail = rest.split(END, 1)[1]
        text = head + section + tail
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    path.write_text(text)
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    args = parser.parse_args(argv)
    all_results = {n: measure(n, args.seconds) for n in (5, 7)}
    markdown = table(all_results) + "\n\n" + enumeration()
    print(markdown)
    if not args.no_write:
        command = "python bench/bench_hands.py" + (f" --seconds {args.seconds:g}" if args.seconds != 2.0 else "")
        print(f"\nwritten to {write_results(markdown, command)}")


if __name__ == "__main__":
    main()
