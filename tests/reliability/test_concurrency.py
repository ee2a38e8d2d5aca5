"""Two posts racing on one round: exactly one wins; money never doubles."""


import pytest
import sqlalchemy as sa

from webgame.engine.protocol import Action
from webgame.extensions import db
from webgame.models import Player, Round
from webgame.services import play, wallet
from webgame.services.tables import create_table


@pytest.fixture
def seated(app):
    table = create_table("Race", "blackjack", "chapter4")
    player = Player(username="racer", display_name="Racer")
    db.session.add(player)
    db.session.flush()
    wallet.transfer(wallet.cage(), wallet.wallet(player.id), 100_000)
    play.sit(table, player, 0)
    play.buy_in(table, player, 50_000)
    play.act(table, player, Action("bet", 0, "main", 1000), round_id=None, version=None)
    db.session.commit()
    return table.id, player.id


def _race(app, table_id, player_id, action, round_id, version, n=2):
    from .racing import post_at_once

    return post_at_once(app, [(table_id, player_id, action, round_id, version)] * n)


@pytest.mark.parametrize("attempt", range(3))
def test_two_concurrent_bets_on_one_version(app, seated, attempt):
    table_id, player_id = seated
    rnd = db.session.scalars(sa.select(Round)).one()
    results = _race(app, table_id, player_id, Action("bet", 0, "main", 500), rnd.id, rnd.version)
    assert sorted(results) == sorted(["won", "The table moved on. Here is where it stands now."])
    db.session.expire_all()
    assert wallet.balance(wallet.chips(player_id, table_id)) == 50_000 - 1500
    assert wallet.total_of_all_accounts() == 0 and wallet.ledger_agrees_with_balances()


def test_four_concurrent_deals(app, seated):
    table_id, player_id = seated
    rnd = db.session.scalars(sa.select(Round)).one()
    results = _race(app, table_id, player_id, Action("deal", 0), rnd.id, rnd.version, n=4)
    assert results.count("won") == 1 and len(results) == 4
    db.session.expire_all()
    assert wallet.total_of_all_accounts() == 0 and wallet.ledger_agrees_with_balances()


def test_racing_opening_bets_open_one_round_on_sqlite(app):
    """8 first-bet posts 2-6 ms apart, 50 times: one round opens, the rest are stale."""
    from .racing import run_opening_races

    run_opening_races(app, times=50)


def test_racing_first_bets_of_two_players_both_land_on_sqlite(app):
    """P-447: forms that show the journal length they saw. Each player's first post lands in
    the one round the first of them opened; each player's later posts find their own bet."""
    from .racing import run_opening_races

    run_opening_races(app, times=20, seen=True)


def test_two_players_bets_on_one_version_both_land_once_on_sqlite(app):
    """P-447: of four posts at once on one version, two players' forms each posted twice,
    each player's bet lands once."""
    from .racing import run_concurrent_bets

    run_concurrent_bets(app, times=20)


def test_the_database_refuses_a_second_open_round(app, seated):
    table_id, _ = seated
    first = db.session.scalars(sa.select(Round).where(Round.table_id == table_id)).one()
    db.session.add(Round(table_id=table_id, number=first.number + 1, game="blackjack", variant="chapter4",
                         rules={}, state={}, seed="0" * 64, commitment="0" * 64, owners={}, status="open"))
    with pytest.raises(sa.exc.IntegrityError):
        db.session.commit()
    db.session.rollback()
