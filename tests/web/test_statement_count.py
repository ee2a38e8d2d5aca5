"""How many SQL statements one table action costs, measured through the web as a browser posts
it: the htmx POST of the table's form, counted from the request's first statement (the table,
its round and the player the session names, whom the login then finds loaded, P-426) to its
last (the reads of the response).

The targets for the request path:

- an action's transaction, everything up to its commit (loading the player, the table and the
  round, the claim, the ledger, the journal), is at most 8 statements;
- the whole request, the answer included, stays within the ceilings of ``WHOLE_REQUEST``: the
  answer is drawn from what the transaction read and wrote (the balances from the first
  statement and the UPDATE's RETURNING, the table's new version from its UPDATE, the empty
  seats from the seat count), so it reads nothing more;
- a settling spin grows by at most one statement (whole request) per extra settlement row.

Each action is measured in the steady state: one full round is played first, so accounts made
on first use are not counted. The counts are printed (``pytest -s`` or ``-rP``).
"""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from tests.sqlcount import Statements, count_statements
from webgame.extensions import db
from webgame.models import BetSettlement, Player
from webgame.services.tables import create_table

from .tablehelp import EIGHTS, Seat, assert_books_balance, latest_round, load_shoe, make_table, second_player

TARGET_PER_ACTION = 8
GROWTH_PER_SETTLEMENT = 1
# The whole request, the answer included: nothing is read after the commit. A settling action
# lists the round's settlement rows from what it wrote, when the round had none before it; a
# round with rows from an earlier request reads them once (one more statement, see
# test_an_earlier_settlement_is_read_for_the_banner).
WHOLE_REQUEST = {
    "big-six bet": 7,
    "big-six spin (win)": 7,
    "big-six spin (loss)": 7,
    "blackjack bet": 7,
    "blackjack deal": 4,
    "blackjack stand": 7,
}



def _settled(table) -> list[BetSettlement]:
    return list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == latest_round(table).id)))


def _measure(seat: Seat, kind: str, spot: str = "", **money) -> Statements:
    seat.page()
    with count_statements() as sql:
        error = seat.act(kind, spot, **money)
    assert error == "", f"{kind} {spot} was refused: {error}"
    return sql


# -- the scenarios --------------------------------------------------------------------------

MAX_ROUNDS = 40  # a bet on the $1 bill wins 24 spins in 54: both outcomes come long before this


def _spins(table, seats: list[Seat], spots: list[str]) -> dict[str, Statements]:
    """Play Big Six rounds (every seat bets $1 on each of ``spots``, the first seat spins) until
    the first seat's $1-bill bet has both won and lost once after a warm-up round. A win moves
    more money than a loss, so each outcome is counted on its own: "bet" (the first bet of the
    round, which opens it; the largest count seen), "win" and "loss" (the settling spin)."""
    out: dict[str, Statements] = {}
    for n in range(MAX_ROUNDS):
        for i, seat in enumerate(seats):
            for j, spot in enumerate(spots):
                sql = _measure(seat, "bet", spot, chip=100)
                if n and i == j == 0 and sql.count > out.get("bet", Statements()).count:
                    out["bet"] = sql
        sql = _measure(seats[0], "spin")
        settled = _settled(table)
        assert len(settled) == len(seats) * len(spots) and latest_round(table).status == "over"
        mine = next(s for s in settled if s.seat == seats[0].seat and s.bet == spots[0])
        if n:
            out.setdefault("win" if mine.returned > mine.stake else "loss", sql)
        if "win" in out and "loss" in out:
            assert_books_balance()
            return out
    raise AssertionError(f"no win and loss in {MAX_ROUNDS} spins")


def big_six(guest) -> dict[str, Statements]:
    """A one-player Big Six table: a bet on the $1 bill (it opens the round), then the spin
    that settles it, won and lost."""
    table = create_table("Count Big Six", "big-six", "chapter4")
    db.session.commit()
    counts = _spins(table, [Seat(guest, table, buy="100")], ["1"])
    return {"big-six bet": counts["bet"], "big-six spin (win)": counts["win"],
            "big-six spin (loss)": counts["loss"]}


def blackjack(guest) -> dict[str, Statements]:
    """A one-player blackjack table with a shoe of eights (no blackjack, no insurance): bet,
    deal, then stand on 16; the dealer draws to 24 and the stand settles the bet (a win)."""
    table = make_table("chapter4", name="Count Blackjack")
    load_shoe(table, EIGHTS)
    seat = Seat(guest, table, buy="100")
    for kind, spot, money in (("bet", "main", {"chip": 1000}), ("deal", "", {}), ("stand", "0", {})):
        assert seat.act(kind, spot, **money) == ""  # the warm-up round
    assert latest_round(table).status == "over"
    out = {"blackjack bet": _measure(seat, "bet", "main", chip=1000)}
    out["blackjack deal"] = _measure(seat, "deal")
    assert "stand-0" in seat.actions
    out["blackjack stand"] = _measure(seat, "stand", "0")
    assert latest_round(table).status == "over"
    assert [(s.bet, s.returned) for s in _settled(table)] == [("main", 2000)]
    assert_books_balance()
    return out


def spin_with_bettors(app, guest, bettors: int) -> dict[str, Statements]:
    """Big Six with ``bettors`` people seated, each with $1 on the $1 bill: all win or all
    lose together, so each outcome has one settlement row per bettor."""
    table = create_table(f"Count Big Six x{bettors}", "big-six", "chapter4")
    db.session.commit()
    seats = [Seat(guest, table, buy="50")] + [second_player(app, table, seat=n) for n in range(1, bettors)]
    return _spins(table, seats, ["1"])


def spin_with_bets(guest, spots: list[str]) -> dict[str, Statements]:
    """One player with $1 on each of ``spots``."""
    table = create_table(f"Count Big Six {len(spots)} bets", "big-six", "chapter4")
    db.session.commit()
    return _spins(table, [Seat(guest, table, buy="100")], spots)


# -- the harness itself ---------------------------------------------------------------------

def test_the_harness_counts_each_statement_once_and_only_inside_the_block(app):
    db.session.execute(sa.select(Player.id)).all()  # outside: not counted
    with count_statements() as sql:
        db.session.execute(sa.select(Player.id)).all()
        db.session.add_all([Player(username=f"count-{i}", display_name="Count") for i in range(3)])
        db.session.flush()
        db.session.commit()
    db.session.execute(sa.select(Player.id)).all()
    # The SELECT, the three rows' INSERT (one statement or one each, as the dialect batches them).
    assert sql.statements[0].startswith("SELECT")
    inserts = [s for s in sql.statements if s.startswith("INSERT INTO players")]
    assert 1 <= len(inserts) <= 3 and sql.count == 1 + len(inserts)
    assert sql.commits == [sql.count] and sql.before_commit == sql.count
    assert sql.verbs() == {"SELECT": 1, "INSERT": len(inserts)}
    assert "-- COMMIT" in sql.report()


# -- today's figures (always run, always printed) -------------------------------------------

def test_every_measured_action_does_its_work_and_its_count_is_printed(app, guest):
    counts = {**big_six(guest), **blackjack(guest)}
    print(f"\nstatements per action: up to the commit (target <= {TARGET_PER_ACTION}) / whole request")
    for name, sql in counts.items():
        print(f"  {name:<16} {sql.before_commit:>3} / {sql.count:>3}")
    assert all(sql.count > 0 for sql in counts.values())


def test_growth_with_seated_bettors_is_printed(app, guest):
    spins = {n: spin_with_bettors(app, guest, n) for n in (1, 2, 4)}
    print("\nsettling spin by seated bettors (one bet each), whole request:")
    for outcome in ("win", "loss"):
        print(f"  all {outcome}: " + ", ".join(f"{n} bettors {c[outcome].count}" for n, c in spins.items()))
    assert all(spins[4][o].count >= spins[1][o].count for o in ("win", "loss"))


# -- the targets ------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    "big-six bet",
    "big-six spin (win)",
    "big-six spin (loss)",
    "blackjack bet",
    "blackjack deal",
    "blackjack stand",
])
def test_an_action_commits_within_eight_statements(app, guest, action):
    sql = (big_six if action.startswith("big-six") else blackjack)(guest)[action]
    print(f"\n{action}: {sql.summary()}")
    assert sql.commits, "the action committed nothing"
    assert sql.before_commit <= TARGET_PER_ACTION, sql.report()
    assert sql.count <= WHOLE_REQUEST[action], sql.report()


RESULT_LINES = re.compile(r'<ul class="result-lines">(.*?)</ul>', re.DOTALL)


def test_an_earlier_settlement_is_read_for_the_banner(app, guest):
    """Lucky Ladies settles at the deal (eight-eight is 16, a loss) and the main bet at the
    stand: the stand's answer lists both, exactly as the whole page does, at one statement
    more than a round settled in one request."""
    table = make_table("grand-ronde", name="Count Lucky Ladies")
    load_shoe(table, EIGHTS)
    seat = Seat(guest, table, buy="100")
    assert seat.act("bet", "main", chip=1000) == "" and seat.act("bet", "lucky-ladies", chip=500) == ""
    deal = _measure(seat, "deal")
    assert [(s.bet, s.returned) for s in _settled(table)] == [("lucky-ladies", 0)]
    stand = _measure(seat, "stand", "0")
    assert latest_round(table).status == "over"
    assert sorted((s.bet, s.returned) for s in _settled(table)) == [("lucky-ladies", 0), ("main", 2000)]
    answered = RESULT_LINES.search(seat.html)
    page = RESULT_LINES.search(seat.page())
    assert answered and page and answered.group(1) == page.group(1)
    assert "Lucky Ladies" in answered.group(1) and "Main bet" in answered.group(1)
    assert stand.count == WHOLE_REQUEST["blackjack stand"] + 1, stand.report()
    assert deal.before_commit <= TARGET_PER_ACTION and stand.before_commit <= TARGET_PER_ACTION
    assert_books_balance()


def test_each_extra_seated_bettor_costs_at_most_one_statement_at_the_spin(app, guest):
    spins = {n: spin_with_bettors(app, guest, n) for n in (1, 2, 4)}
    for outcome in ("win", "loss"):
        counts = {n: c[outcome].count for n, c in spins.items()}
        print(f"\nsettling spin, all {outcome}, by seated bettors: {counts}")
        for n in (2, 4):
            assert counts[n] - counts[1] <= GROWTH_PER_SETTLEMENT * (n - 1), (outcome, counts)


def test_each_extra_bet_costs_at_most_one_statement_at_the_spin(app, guest):
    # Seven spots: exactly one wins each spin, so compare with a single winning bet.
    one = spin_with_bets(guest, ["1"])["win"]
    seven = spin_with_bets(guest, ["1", "2", "5", "10", "20", "joker", "casino"])
    worst = max(seven["win"], seven["loss"], key=lambda sql: sql.count)
    print(f"\nsettling spin, one winning bet: {one.count}; a bet on each of the seven spots: {worst.count}")
    assert worst.count - one.count <= GROWTH_PER_SETTLEMENT * 6, worst.report()
