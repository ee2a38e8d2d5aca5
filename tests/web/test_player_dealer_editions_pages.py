"""The player-dealer editions of Ultimate Texas Hold'em, Let It Ride, Mississippi Stud and
Caribbean Stud through the web, three browsers at one table: the bank taken with a stake, the
collection fees taken before the deal into the table's fees account, a hand played to its
settlement, every wager settled within the bank in the edition's order, the bank paying and
collecting from the table's bank account (never the house), and the books balancing
(D-465 … D-470, D-483, P-030 … P-033)."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.games.california.editions import edition
from webgame.models import BetSettlement, utcnow
from webgame.services import recall, wallet
from webgame.services.tables import create_table
from webgame.services.tableview import CHIP_DENOMINATIONS, denominations

from .tablehelp import Seat, assert_books_balance, latest_round, table_account, take_bank, three_players

FEE_ACCOUNT = "fees"

# edition, the main circle, and the fees two $10 main wagers pay under the default schedule
# (the bank first, then each player), read from the edition's printed schedule.
EDITIONS = [
    # 001-ultimate-texas-holdem-1 (001 s.2231-2235): the bank $0.50 on $40 of Ante and Blind;
    # players pay nothing.
    ("ultimate-texas-holdem", "lucky-derby", "ante", 50, 0),
    ("ultimate-texas-holdem", "bad-beat-lucky-derby", "ante", 50, 0),
    # 002-three-card-poker-1 (002 s.3930-3961), the schedule Lucky Chances posts for it: $1 a
    # circle, and the bank $1 on the table action.
    ("ultimate-texas-holdem", "bad-beat-1.0", "ante", 100, 100),
    # 003-group-d-1 (003 s.3036-3045): the bank $1, players $0.50 a circle.
    ("ultimate-texas-holdem", "crystal-park", "ante", 100, 50),
    # 002-let-it-ride-1 (002 s.4184-4214): $1 on a circle of $10 to $100; the bank $1.
    ("let-it-ride", "bonus-1.0", "base", 100, 100),
    # 003-mississippi-stud-1 (003 s.3833-3843): $0.50 a base wager; the bank $1.
    ("mississippi-stud", "crystal-park", "ante", 100, 50),
    # 001-caribbean-stud-1 (001 s.2061): $0.50 a circle and $0.50 from the Designated Player.
    ("caribbean-stud", "designated-player", "ante", 50, 50),
]
IDS = [f"{g}@{v}" for g, v, *_ in EDITIONS]


def three(app, guest, table):
    (a, pa), (b, _), (c, _) = three_players(app, guest, table)
    return a, pa, b, c


def play_to_settlement(table, bank: Seat, bettors: list[Seat], spot: str, stake: str) -> None:
    bank.page()
    take_bank(bank, stake)
    for s in bettors:
        s.page()
        assert s.act("bet", spot, chip="1000") == ""
    assert bettors[-1].act("deal") == ""
    # Each decision is left to the clock: the table's default move (D-009) plays the hand out.
    for _ in range(20):
        db.session.expire_all()
        rnd = latest_round(table)
        if rnd.status == "over":
            return
        rnd.deadline = utcnow() - timedelta(seconds=1)
        db.session.commit()
        bettors[0].page()
    raise AssertionError("the hand never reached its settlement")


@pytest.mark.parametrize(("game", "variant", "spot", "bank_fee", "player_fee"), EDITIONS, ids=IDS)
def test_a_hand_at_the_player_dealer_table(app, guest, game, variant, spot, bank_fee, player_fee):
    table = create_table(f"P/D {game}", game, variant, config={"options": {}})
    db.session.commit()
    a, pa, b, c = three(app, guest, table)
    house_before = wallet.house_total()
    play_to_settlement(table, a, [b, c], spot, "300")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)
                                   .order_by(BetSettlement.id)))
    bank_row = next(r for r in rows if r.bet == "bank")
    assert bank_row.player_id == pa.id and bank_row.stake == 30000
    # Money is conserved between the players and the bank: the house neither pays nor collects.
    assert sum(r.returned - r.stake for r in rows) == 0
    assert abs(bank_row.returned - bank_row.stake) <= bank_row.stake
    assert wallet.house_total() == house_before
    # The fees were taken before the deal by the edition's default schedule (D-482, D-483).
    assert balance(FEE_ACCOUNT, table) == bank_fee + 2 * player_fee
    assert balance("bank", table) == 0
    # Every wager has its place in the edition's settlement order (D-467).
    order = edition(f"{game}@{variant}").wager_order
    assert {r.bet for r in rows if r.bet != "bank"} <= set(order)
    for seat in (b, c):
        seat.page()
        assert 'data-testid="pd-fees"' in seat.html  # the player-dealer panel is on the felt
        recall_page = seat.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
        assert 'data-testid="recall-fees"' in recall_page and 'data-testid="recall-coverage"' in recall_page
    # The round replays from its committed seed to the same cards and money.
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_a_bank_below_the_table_minimum_is_refused(app, guest):
    table = create_table("P/D Let It Ride", "let-it-ride", "bonus-1.0", config={"options": {}})
    db.session.commit()
    a, pa, _b, _c = three(app, guest, table)
    a.page()
    assert a.act("next") == ""
    chips = wallet.balance(wallet.chips(pa.id, table.id))
    assert a.act("bank", amount="5") == "The bank takes a stake of at least $10, the table minimum."
    assert wallet.balance(wallet.chips(pa.id, table.id)) == chips
    assert_books_balance()


def test_the_bad_beat_circle_is_on_the_felt_only_where_the_edition_offers_it(app, guest):
    """P-092: each UTH edition's felt prints its own Blind table, and the Bad Beat Bonus circle
    and table only where the edition offers the wager (002 s.5916-5921)."""
    with_bb = create_table("P/D Hold'em one", "ultimate-texas-holdem", "bad-beat-1.0", config={"options": {}})
    without = create_table("P/D Hold'em two", "ultimate-texas-holdem", "crystal-park", config={"options": {}})
    db.session.commit()
    here = Seat(guest, with_bb, 1).html
    assert "spot-uth-bad-beat-bonus" in here and 'data-paytable="uth-bad-beat-bonus"' in here
    assert 'data-paytable="uth-blind-002"' in here and "spot-uth-trips" in here
    there = Seat(guest, without, 1).html
    assert "spot-uth-bad-beat-bonus" not in there and 'data-paytable="uth-bad-beat-bonus"' not in there
    assert 'data-paytable="uth-blind-003"' in there and "spot-uth-trips" in there


balance = table_account


def test_games_json_lists_the_editions_as_playable_player_dealer_tables(app):
    import json

    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    for game, variant, *_ in EDITIONS:
        listed = next(v for v in games[game]["variants"] if v["slug"] == variant)
        assert listed["banking"] == "player-dealer" and listed["playable"], f"{game}@{variant}"
    bad_beat = next(v for v in games["ultimate-texas-holdem"]["variants"] if v["slug"] == "bad-beat-1.0")
    assert bad_beat["side_bets"] == ["uth-trips", "uth-bad-beat-bonus"]


def test_a_ten_dollar_table_gets_a_ten_dollar_chip(app, guest):
    """The posted schedule makes the Bad Beat table's minimum $10 (P-034); the house's chips
    ($1, $5, $25 …) cannot make it, so the rail adds it. A $5 table's rail has no such chip."""
    assert 1000 not in CHIP_DENOMINATIONS
    assert denominations({"main": {"min": 1000, "max": 50000}, "uth-trips": {"min": 100, "max": 1000},
                          "bank": {"min": 1234, "max": 10**11}}) == sorted([*CHIP_DENOMINATIONS, 1000])
    assert denominations({"ante": {"min": 500, "max": 50000}}) == CHIP_DENOMINATIONS
    assert denominations({"ante": {"min": 50, "max": 500}}) == CHIP_DENOMINATIONS
    table = create_table("Bad Beat at $10", "ultimate-texas-holdem", "bad-beat-1.0", config={})
    db.session.commit()
    seat = Seat(guest, table)
    assert 'aria-label="$10 chip"' in seat.html
