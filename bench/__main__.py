"""``make bench`` = ``python -m bench``: every benchmark, one after the other.

    python -m bench                       # hand evaluator, web, analyzer, blackjack's exact count
    python -m bench --only web,analysis   # some of them
    python -m bench --no-write            # print only, leave bench/RESULTS.md alone

Each writes its own section of bench/RESULTS.md. Not part of the tests.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _hands(argv: list[str]) -> None:
    from bench import bench_hands

    bench_hands.main(argv)


def _web(argv: list[str]) -> None:
    from bench import bench_web

    bench_web.main(argv)


def _analysis(argv: list[str]) -> None:
    from bench import bench_analysis

    bench_analysis.main(argv)


def _blackjack_exact(argv: list[str]) -> None:
    from bench import bench_blackjack_exact

    bench_blackjack_exact.main(argv)


BENCHES: dict[str, Callable[[list[str]], None]] = {"hands": _hands, "web": _web, "analysis": _analysis,
                                                   "blackjack-exact": _blackjack_exact}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(BENCHES), help=f"comma-separated: {', '.join(BENCHES)}")
    parser.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in BENCHES]
    if unknown:
        parser.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(BENCHES)}")
    extra = ["--no-write"] if args.no_write else []
    for name in chosen:
        print(f"\n== {name} ==", flush=True)
        BENCHES[name](list(extra))


if __name__ == "__main__":
    main()
