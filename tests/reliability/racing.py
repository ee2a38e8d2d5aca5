"""Racing opening bets: a round is over and the same first-bet form is posted several times a
few milliseconds apart (a double-click, two players at once). One opens the next round; the
rest are told the table moved on. Never two open rounds, never a stake without a round."""

from __future__ import annotations

import random
import threading
import time

import sqlalchemy as sa

from webgame.engine.protocol import Action
from webgame.extensions import db
from webgame.models import Player, Round, RoundEvent, Table
from webgame.services import audit, play, wallet
from webgame.services.tables import create_table

STALE = "The table moved on. Here is where it stands now."


def big_six_with_two_players() -> tuple[int, list[int]]:
    table = create_table("Opening race", "big-six", "chapter4")
    players = []
    for n in range(2):
        p = Player(username=f"opener-{n}", display_name=f"Opener {n}")
        db.session.add(p)
        db.session.flush()
        wallet.transfer(wallet.cage(), wallet.wallet(p.id), 10_000_000)
        play.sit(table, p, n)
        play.buy_in(table, p, 5_000_000)
        players.append(p.id)
    db.session.commit()
    return table.id, players


def _finish(table_id: int, player_id: int) -> Round:
    """Bet and spin so the table's latest round is over; returns it."""
    table = db.session.get(Table, table_id)
    player = db.session.get(Player, player_id)
    rnd = play.current_round(table)
    if rnd is None or rnd.status != "open":
        rnd = play.act(table, player, Action("bet", 0, "1", 100), round_id=rnd.id if rnd else None,
                       version=rnd.version if rnd else None).round
    owner_seat = next(int(k) for k, v in (rnd.owners or {}).items())
    owner = db.session.get(Player, rnd.owners[str(owner_seat)])
    out = play.act(table, owner, Action("spin", owner_seat), round_id=rnd.id, version=rnd.version)
    db.session.commit()
    assert out.round.status == "over"
    return out.round


def post_at_once(app, posts: list[tuple[int, int, Action, int | None, int | None]],
                 offsets: list[float] | None = None, seen: int | None = None) -> list[str]:
    """Each (table, player, action, round, version) posted from its own thread with its own
    session, released together once all are ready (each ``offsets[k]`` seconds after that), each
    with the journal length ``seen`` if given (P-447; a post without it is stale whenever the
    round moved on). Returns "won" or the refusal's words for each."""
    barrier = threading.Barrier(len(posts))
    results: list[str] = []

    def worker(k: int) -> None:
        table_id, player_id, action, round_id, version = posts[k]
        with app.app_context():
            table = db.session.get(Table, table_id)
            player = db.session.get(Player, player_id)
            barrier.wait(30)  # every thread has its session and its objects: go
            time.sleep(offsets[k] if offsets else 0)
            try:
                play.act(table, player, action, round_id=round_id, version=version, seen=seen)
                db.session.commit()
                results.append("won")
            except play.PlayError as exc:
                db.session.rollback()
                results.append(str(exc))
            finally:
                db.session.remove()

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(len(posts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def race_opening_bets(app, table_id: int, players: list[int], rnd: Round, posts: int = 8,
                      seen: int | None = None) -> list[str]:
    """``posts`` first-bet forms for the round after ``rnd``, each 2-6 ms after the last, the
    players taking turns."""
    offsets, at = [], 0.0
    for _ in range(posts):
        offsets.append(at)
        at += random.uniform(0.002, 0.006)
    forms = [(table_id, players[k % len(players)], Action("bet", k % len(players), "2", 100), rnd.id, rnd.version)
             for k in range(posts)]
    return post_at_once(app, forms, offsets, seen)


def assert_one_round_and_no_stranded_stake(table_id: int) -> None:
    db.session.expire_all()
    opened = db.session.scalar(sa.select(sa.func.count(Round.id))
                               .where(Round.table_id == table_id, Round.status == "open"))
    assert opened <= 1
    assert audit.layout_problems() == []
    assert wallet.total_of_all_accounts() == 0 and wallet.ledger_agrees_with_balances()


def run_opening_races(app, times: int = 50, seen: bool = False) -> None:
    """Without the journal length (a post from before P-447) one post opens the round and the
    rest are stale. With it, each player's first post lands, in the one round the first of
    them opened, and every later post of a player finds that player's own bet: stale."""
    table_id, players = big_six_with_two_players()
    for _ in range(times):
        finished = _finish(table_id, players[0])
        results = race_opening_bets(app, table_id, players, finished,
                                    seen=finished.journal_len if seen else None)
        assert results.count("won") == (len(players) if seen else 1), results
        assert all(r == STALE for r in results if r != "won"), results
        assert_one_round_and_no_stranded_stake(table_id)


def run_concurrent_bets(app, times: int = 20) -> None:
    """P-447 at one moment: two players each post the same bet form twice, all four at once, on
    the version of the open round they both saw. Each player's bet lands exactly once: a claim
    lost to the other player's bet is tried again and lands, one lost to the player's own post
    finds its own bet and is stale."""
    table_id, players = big_six_with_two_players()
    for _ in range(times):
        finished = _finish(table_id, players[0])
        table = db.session.get(Table, table_id)
        opener = db.session.get(Player, players[0])
        rnd = play.act(table, opener, Action("bet", 0, "1", 100), round_id=finished.id,
                       version=finished.version).round
        db.session.commit()
        forms = [(table_id, players[k % 2], Action("bet", k % 2, "5", 100), rnd.id, rnd.version) for k in range(4)]
        results = post_at_once(app, forms, seen=rnd.journal_len)
        assert results.count("won") == 2, results
        assert all(r == STALE for r in results if r != "won"), results
        assert_one_round_and_no_stranded_stake(table_id)
        db.session.expire_all()
        journal = db.session.scalars(sa.select(RoundEvent).where(RoundEvent.round_id == rnd.id)).all()
        fives = sorted(e.action["seat"] for e in journal if e.action.get("spot") == "5")
        assert fives == [0, 1], fives
