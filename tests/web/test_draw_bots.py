"""House bots at a keno lounge and a bingo hall (P-412): seated by the operator or beside a
player, each buys one quick-pick ticket or one card for each draw inside the table's limits,
with real ledgered chips topped up from the cage, and the books balance."""

from __future__ import annotations

import sqlalchemy as sa

from tests.web.tablehelp import Seat, assert_books_balance, latest_round, me
from tests.web.test_bingo_pages import buy as buy_cards
from tests.web.test_bingo_pages import run_the_game
from tests.web.test_keno_pages import buy as buy_ticket
from tests.web.test_keno_pages import run_the_draw
from webgame.engine.protocol import Action
from webgame.extensions import db
from webgame.games.bingo.table import BINGO
from webgame.games.keno.table import KENO
from webgame.models import BetSettlement, Player, Round, Table
from webgame.services import wallet
from webgame.services.bots import add_bot
from webgame.services.tables import create_table

BOTS = (3, 4, 5)


def floor_operator() -> Player:
    op = Player(username="pit-boss", display_name="Pit boss", is_operator=True)
    db.session.add(op)
    db.session.flush()
    return op


def seat_bots(table: Table) -> list[Player]:
    op = floor_operator()
    bots = [add_bot(table, n, op).player for n in BOTS]
    db.session.commit()
    return bots


def bot_settlements(rnd: Round) -> dict[int, list[BetSettlement]]:
    rows = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id,
                                                             BetSettlement.seat.in_(BOTS)))
    out: dict[int, list[BetSettlement]] = {}
    for row in rows:
        out.setdefault(row.seat, []).append(row)
    return out


def test_keno_bots_buy_a_quick_pick_for_each_draw_within_the_limits(app, guest):
    table = create_table("Bot Keno", "keno", "grand-ronde",
                         config={"limits": {"way": {"min": 300, "max": 500}}, "options": {"max_spots": 10}})
    db.session.commit()
    bots = seat_bots(table)
    seat = Seat(guest, table, seat=0, buy="50")
    for draw in (1, 2):
        assert buy_ticket(seat, [1, 2, 3], amount="3") == ""
        state = latest_round(table).state
        mine = [t for t in state["tickets"] if t["seat"] in BOTS]
        # One ticket each, however many moves the round has seen: a quick pick of six spots
        # for this draw only, at the table's minimum per way (never over a limit).
        assert sorted(t["seat"] for t in mine) == list(BOTS)
        assert all(t["kind"] == "quick pick" and len(t["numbers"]) == 6 and t["games"] == 1
                   and t["wager"] == 300 and len(t["ways"]) == 1 for t in mine)
        assert buy_ticket(seat, [4, 5], amount="3") == ""  # another move: the bots do not buy again
        assert len([t for t in latest_round(table).state["tickets"] if t["seat"] in BOTS]) == len(BOTS)
        drawn = run_the_draw(seat)
        assert drawn.status != "open" and drawn.state["draw_no"] == draw
        settled = bot_settlements(drawn)
        assert sorted(settled) == list(BOTS) and all(len(rows) == 1 and rows[0].stake == 300
                                                     for rows in settled.values())
    for bot in bots:  # their chips are real: bought from the cage, staked and settled on the ledger
        assert wallet.balance(wallet.chips(bot.id, table.id)) > 0
    assert_books_balance()


def test_bingo_bots_buy_a_card_for_each_game_and_are_topped_up(app, guest):
    table = create_table("Bot Hall", "bingo", "standard", config={"options": {"min_players": 1}})
    db.session.commit()
    bots = seat_bots(table)
    # A bot run low on chips is topped up before it buys, as at every other table.
    broke = wallet.chips(bots[0].id, table.id)
    wallet.transfer(broke, wallet.cage(), wallet.balance(broke) - 50, memo="cash-out")
    db.session.commit()
    seat = Seat(guest, table, seat=0, buy="50")
    for game in (1, 2):
        assert buy_cards(seat, "1") == ""
        cards = [c for c in latest_round(table).state["cards"] if c["seat"] in BOTS]
        assert sorted(c["seat"] for c in cards) == list(BOTS) and not any(c["planet"] for c in cards)
        assert buy_cards(seat, "1") == ""
        assert len([c for c in latest_round(table).state["cards"] if c["seat"] in BOTS]) == len(BOTS)
        called = run_the_game(seat)
        assert called.state["phase"] == "called" and called.state["game_no"] == game
        settled = bot_settlements(called)
        assert sorted(settled) == list(BOTS) and all(len(r) == 1 and r[0].stake == 100 for r in settled.values())
    assert wallet.balance(wallet.chips(bots[0].id, table.id)) > 50
    assert_books_balance()


def test_a_seated_player_adds_a_bot_to_a_hall_and_a_stranger_may_not(app, guest, client):
    table = create_table("Guest Hall", "bingo", "pick-your-own", config={"options": {"min_players": 1}})
    db.session.commit()
    seat = Seat(guest, table, seat=0, buy="50")
    assert 'data-action="bot-1"' in seat.page()  # the lounge's one "Add a bot" button, at the next place
    assert guest.post(f"/tables/{table.id}/bot", {"seat": "1"}).status_code in (200, 302)
    db.session.expire_all()
    bot_seat = next(s for s in db.session.get(Table, table.id).seats if s.number == 1)
    assert bot_seat.is_bot and bot_seat.bot_sponsor_id == me().id
    assert buy_cards(seat, None, quick=True) == ""
    cards = latest_round(table).state["cards"]
    assert [c["seat"] for c in cards].count(1) == 1 and len(cards[-1]["card"]) == 8  # its own quick pick


def test_the_engines_bot_buys_nothing_over_a_limit_or_twice():
    from webgame.engine.paytable import resolve
    from webgame.engine.rng import SeededRng
    from webgame.games import registry

    rng = SeededRng("bots")
    keno_rules = resolve(registry.rules("keno").variants["grand-ronde"], {"options": {"max_spots": 10}})
    state = KENO.new_round(keno_rules, rng, None)
    move = KENO.bot_action(state, 2)
    assert move == Action("ticket", 2, "quick=6;games=1", 100)
    legal = KENO.legal_actions(state, 2)[0]
    assert legal.min <= move.amount <= legal.max
    KENO.apply(state, move, rng)
    assert KENO.bot_action(state, 2) is None and KENO.bot_action(state, -1) is None
    KENO.apply(state, Action("draw"), rng)
    assert KENO.bot_action(state, 3) is None  # the draw is closed
    bingo_rules = resolve(registry.rules("bingo").variants["standard"], {})
    hall = BINGO.new_round(bingo_rules, rng, None)
    events = BINGO.apply(hall, BINGO.bot_action(hall, 4), rng)
    assert [e.amount for e in events] == [100] and BINGO.bot_action(hall, 4) is None
