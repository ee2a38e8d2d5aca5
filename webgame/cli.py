"""Command line: ``flask --app app games --json``, ``verify ROUND_ID``, ``seed-demo``."""

from __future__ import annotations

import json
import sys
from typing import Any

import click
import sqlalchemy as sa
from flask import Flask

from .extensions import db


def games_report() -> dict[str, Any]:
    from .games import registry

    games = []
    for slug in registry.slugs():
        rules = registry.rules(slug)
        side_bets: list[str] = []
        for v in rules.variants.values():
            side_bets += [s for s in v.side_bets if s not in side_bets]
        games.append({
            "slug": slug, "name": rules.name, "family": rules.family, "playable": True,
            "variants": [{"slug": v.slug, "name": v.name, "rulebook": v.rulebook, "seed": v.seed,
                          "sections": v.sections, "side_bets": list(v.side_bets), "playable": True,
                          "banking": v.banking}
                         for v in rules.variants.values()],
            "side_bets": side_bets,
        })
    # The sports pool is a book, not a table game: it has no round engine in the registry.
    from .games.sports.book import catalog_entry

    games.append(catalog_entry())
    return {"games": games}


def register_cli(app: Flask) -> None:
    @app.cli.command("games")
    @click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
    def games(as_json: bool) -> None:
        """List every registered game with its variants and side bets."""
        report = games_report()
        if as_json:
            click.echo(json.dumps(report, indent=2))
            return
        for g in report["games"]:
            click.echo(f"{g['slug']:<24} {g['name']}  ({g['family']})")
            for v in g["variants"]:
                click.echo(f"    @{v['slug']:<20} {v['rulebook']} {v['sections']}")
            if g["side_bets"]:
                click.echo(f"    side bets: {', '.join(g['side_bets'])}")

    @app.cli.command("verify")
    @click.argument("round_id", type=int)
    def verify(round_id: int) -> None:
        """Check a finished round's fairness proof: seed vs commitment, and an exact replay."""
        from .models import Round
        from .services.recall import prove

        rnd = db.session.get(Round, round_id)
        if rnd is None:
            click.echo(f"No round {round_id}.", err=True)
            sys.exit(2)
        proof = prove(rnd)
        click.echo(f"Round {rnd.id} (table {rnd.table_id}, #{rnd.number}, {rnd.game}@{rnd.variant})")
        click.echo(f"  commitment  {proof.commitment}")
        if not proof.revealed:
            click.echo("  The round is still in play: its seed is revealed when it ends.")
            sys.exit(1)
        click.echo(f"  seed        {proof.seed}")
        click.echo(f"  sha256(seed) matches commitment: {'yes' if proof.hash_matches else 'NO'}")
        click.echo(f"  replay of {proof.actions} journaled actions matches: {'yes' if proof.replay_matches else 'NO'}")
        for problem in proof.problems:
            click.echo(f"  ! {problem}")
        click.echo("VERIFIED" if proof.verified else "FAILED")
        sys.exit(0 if proof.verified else 1)

    @app.cli.command("seed-demo")
    def seed_demo() -> None:
        """Demo tables, demo players and one operator (idempotent)."""
        from .services.demo import seed

        created = seed()
        db.session.commit()
        click.echo(created)

    @app.cli.command("ledger-check")
    def ledger_check() -> None:
        """The sum of all balances is zero and every balance agrees with the ledger."""
        from .services import audit, wallet

        total = wallet.total_of_all_accounts()
        agrees = wallet.ledger_agrees_with_balances()
        click.echo(f"sum of balances: {total}; ledger agrees: {agrees}")
        stranded = audit.layout_problems()
        for problem in stranded:
            click.echo(f"stranded: {problem}")
        click.echo(f"layouts: {'every stake has a round to settle it' if not stranded else len(stranded)}")
        sys.exit(0 if total == 0 and agrees and not stranded else 1)

    @app.cli.command("init-db")
    def init_db() -> None:
        """Create the tables directly (tests); production uses `flask db upgrade`."""
        db.create_all()
        click.echo(f"tables: {len(db.metadata.tables)}")
        _ = sa  # keep the import for type checkers
