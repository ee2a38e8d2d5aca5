"""``flask --app app edge``: the house edge of every wager, per game and variant.

    flask --app app edge craps --variant chapter4 --bet pass
    flask --app app edge blackjack --variant grand-ronde --option "blackjack_pays=6 to 5"
    flask --app app edge --all --json
    flask --app app edge caribbean-stud --variant chapter4 --bet ante --rounds 600000 --write-cache
    flask --app app edge blackjack --variant single-deck --bet main --check 20000

Exact figures are computed on the spot. Simulated ones are read from the repository
cache when it holds this configuration, otherwise simulated now on every core;
``--write-cache`` keeps a fresh simulation in ``webgame/analysis/cache/<game>.json``
with this very command, which reproduces it.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from typing import Any

import click
from flask import Flask

from ..engine.paytable import load_game
from .edges import UnknownBet, UnknownConfiguration, analyze
from .registry import analyzer, registered_games
from .simulation import memoise_card_parsing


def parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    """NAME=VALUE pairs; a value is read as JSON where it can be (true, 6, [10, 11])."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{pair!r}: write NAME=VALUE", param_hint="--option")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        out[name.strip()] = value
    return out


def command_line(slug: str, variant: str, bet: str | None, options: tuple[str, ...], rounds: int | None,
                 seed: str) -> str:
    parts = ["flask", "--app", "app", "edge", slug, "--variant", variant]
    if bet:
        parts += ["--bet", bet]
    for pair in options:
        parts += ["--option", pair]
    if rounds:
        parts += ["--rounds", str(rounds)]
    parts += ["--seed", seed, "--write-cache"]
    return " ".join(shlex.quote(p) for p in parts)


def _progress() -> Any:
    state = {"last": 0.0, "start": time.monotonic()}

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - state["last"] < 2.0:
            return
        state["last"] = now
        rate = done / max(now - state["start"], 1e-9)
        click.echo(f"  working: {done:,}/{total:,} ({rate:,.0f}/s)", err=True)
        if done >= total:
            state["start"] = now
    return show


# ---------------------------------------------------------------------------------------
# Plain-text table
# ---------------------------------------------------------------------------------------
def _pct(x: float | None, digits: int = 4) -> str:
    return "" if x is None else f"{x * 100:.{digits}f}%"


def _paytable_text(paytable: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in paytable.items())


def render(report: dict[str, Any]) -> str:
    lines: list[str] = []
    notes: list[str] = []
    for game in report["games"]:
        lines.append(f"{game['game']} @ {game['variant']}")
        if game.get("options"):
            lines.append("  options: " + ", ".join(f"{k}={v}" for k, v in game["options"].items()))
        head = ("wager", "house edge", "method", "95% CI", "rounds", "hit freq", "el. of risk", "note", "paytable")
        rows = [head]
        for b in game["bets"]:
            if b["assumptions"] not in notes:
                notes.append(b["assumptions"])
            ci = f"±{b['ci95'] * 100:.3f}%" if b.get("ci95") is not None else ""
            rounds = f"{b['rounds']:,}" if b.get("rounds") else ""
            rows.append((b["bet"], _pct(b["house_edge"]), b["method"], ci, rounds, _pct(b.get("hit_frequency"), 2),
                         _pct(b.get("element_of_risk")), f"[{notes.index(b['assumptions']) + 1}]",
                         _paytable_text(b["paytable"])))
            check = b.get("check")
            if check:
                rows.append(("  check", _pct(check["house_edge"]), check["method"], f"±{check['ci95'] * 100:.3f}%",
                             f"{check['rounds']:,}", "", "", "", "contains the exact figure" if check["contains_exact"]
                             else "DOES NOT contain the exact figure"))
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        right = {1, 3, 4, 5, 6}
        for r in rows:
            cells = [c.rjust(widths[i]) if i in right else c.ljust(widths[i]) for i, c in enumerate(r)]
            lines.append("  " + "  ".join(cells).rstrip())
        lines.append("")
    for s in report.get("skipped", []):
        lines.append(f"{s['game']}: skipped ({s['note']})")
    if notes:
        lines += [f"[{i}] {text}" for i, text in enumerate(notes, 1)]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------------------
def register_edge_cli(app: Flask) -> None:
    @app.cli.command("edge")
    @click.argument("slug", required=False)
    @click.option("--variant", help="One rule variant (default: every variant of the game).")
    @click.option("--bet", help="One wager (default: every wager).")
    @click.option("--option", "options", multiple=True, metavar="NAME=VALUE",
                  help="An operator option of the variant, as on the config page; repeatable.")
    @click.option("--all", "all_games", is_flag=True, help="Every registered game and variant.")
    @click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
    @click.option("--rounds", type=click.IntRange(min=1), help="Simulate this many rounds now, cache or not.")
    @click.option("--seed", default="1", show_default=True, help="Seed of the simulation's SeededRng.")
    @click.option("--workers", type=click.IntRange(min=1), default=os.cpu_count() or 1, show_default=True,
                  help="Processes for a simulation.")
    @click.option("--write-cache", is_flag=True, help="Keep fresh simulations in webgame/analysis/cache/.")
    @click.option("--check", "check_rounds", type=click.IntRange(min=0), default=0, metavar="ROUNDS",
                  help="Also simulate exact wagers through the engine and check the figure.")
    def edge(slug: str | None, variant: str | None, bet: str | None, options: tuple[str, ...], all_games: bool,
             as_json: bool, rounds: int | None, seed: str, workers: int, write_cache: bool,
             check_rounds: int) -> None:
        """The house edge of each wager: exact by enumeration, or simulated with a 95% interval."""
        memoise_card_parsing()  # a command-line process: simulations twice as fast, same figures
        if all_games == bool(slug):
            raise click.UsageError("Name one game (SLUG) or pass --all.")
        slugs = registered_games() if all_games else [slug or ""]
        # A game with an analyzer but no house-banked table yet (Four Card Poker awaits the
        # player-dealer table) can still be asked for by name; --all lists the floor's games.
        if slug and slug not in registered_games() and analyzer(slug) is None:
            raise click.UsageError(f"No game {slug!r}; games: {', '.join(registered_games())}")
        config = {"options": parse_options(options)} if options else {}
        report: dict[str, Any] = {"games": [], "skipped": []}
        progress = None if as_json and not sys.stderr.isatty() else _progress()
        for game in slugs:
            if analyzer(game) is None:
                report["skipped"].append({"game": game, "note": "no analyzer for this game yet"})
                continue
            variants = list(load_game(game).variants)
            if variant:
                if variant not in variants:
                    raise click.UsageError(f"{game} has no variant {variant!r}; variants: {', '.join(variants)}")
                variants = [variant]
            for v in variants:
                known = load_game(game).variants[v].options
                unknown = [name for name in config.get("options", {}) if name not in known]
                if unknown:
                    raise click.UsageError(f"{game}@{v} has no option {', '.join(unknown)}; options: "
                                           + (", ".join(known) or "none"))
                try:
                    report["games"].append(analyze(
                        game, v, config, bet=bet, rounds=rounds, seed=seed, workers=workers,
                        write_cache=write_cache, command=command_line(game, v, bet, options, rounds, seed),
                        check_rounds=check_rounds, progress=progress))
                except (UnknownBet, UnknownConfiguration, ValueError) as exc:
                    raise click.UsageError(str(exc)) from None
        if as_json:
            click.echo(json.dumps(report, indent=2))
        else:
            click.echo(render(report))
