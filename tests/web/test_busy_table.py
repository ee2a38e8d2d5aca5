"""Several players betting at once (P-447): a form drawn before another seat's bet still lands,
and everything else that was news to the form is refused as before: a deal, a replay, a move
of the form's own seat, a journal length the round never had."""

import re

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.games import registry
from webgame.models import Round
from webgame.services.rounds import others_only_since

from .tablehelp import Seat, assert_books_balance, chips, latest_round, make_table, me, second_player

STALE = "The table moved on. Here is where it stands now."
SHOWN_CHIPS = re.compile(r'data-testid="chips">\$([\d,.]+)<')


def shown_chips(seat: Seat) -> int:
    """The chips the answer's felt shows the player, in cents."""
    return round(float(SHOWN_CHIPS.search(seat.html).group(1).replace(",", "")) * 100)


@pytest.fixture
def table(app):
    return make_table()


def open_rounds(table) -> int:
    db.session.expire_all()
    return db.session.scalar(sa.select(sa.func.count(Round.id))
                             .where(Round.table_id == table.id, Round.status == "open"))


def betting(guest, table, app):
    """The first player's $10 bet has opened the round and the second player sits down: the
    two seats, their players, and the second player's page as drawn then."""
    first = Seat(guest, table, seat=0)
    a = me()
    assert first.act("bet", "main", chip=1000) == ""  # opens the round
    second = second_player(app, table, seat=1)
    return first, a, second, me()


def test_a_bet_drawn_before_another_players_bet_still_lands(guest, table, app):
    first, a, second, b = betting(guest, table, app)
    drawn = second.form  # the second player's page, before the first player's next chip
    first.page()
    assert first.act("bet", "main", chip=500) == ""
    assert drawn["version"] != first.version  # the round moved on since the page was drawn
    assert second.act("bet", "main", chip=1000, **drawn) == ""
    assert chips(a, table) == 50_000 - 1500 and chips(b, table) == 50_000 - 1000
    assert shown_chips(second) == 50_000 - 1000
    assert open_rounds(table) == 1
    assert "deal" in second.actions and "bet-main" in second.actions  # the answer shows the table now
    assert_books_balance()


def test_a_replayed_bet_is_refused_though_others_bet_between(guest, table, app):
    first, a, second, b = betting(guest, table, app)
    drawn = second.form
    assert second.act("bet", "main", chip=1000, **drawn) == ""
    first.page()
    assert first.act("bet", "main", chip=500) == ""
    # The same post again (a double click, a resent request): its own bet is news to it.
    assert second.act("bet", "main", chip=1000, **drawn) == STALE
    assert chips(b, table) == 50_000 - 1000 and chips(a, table) == 50_000 - 1500
    assert_books_balance()


def test_a_form_drawn_before_the_deal_is_stale(guest, table, app):
    first, _a, second, b = betting(guest, table, app)
    assert second.act("bet", "main", chip=1000) == ""
    drawn = second.form
    first.page()
    assert first.act("deal") == ""
    assert second.act("bet", "main", chip=500, **drawn) == STALE
    assert chips(b, table) == 50_000 - 1000
    assert_books_balance()


def test_a_journal_length_the_round_never_had_is_stale(guest, table, app):
    first, _a, second, b = betting(guest, table, app)
    drawn = second.form
    first.page()
    assert first.act("bet", "main", chip=500) == ""
    for seen in ("999", "-1", "", "x"):
        assert second.act("bet", "main", chip=1000, **{**drawn, "seen": seen}) == STALE
    assert chips(b, table) == 50_000
    assert_books_balance()


def finish(seat: Seat) -> None:
    """Bet, deal and stand on everything: the table's latest round is over."""
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    seat.play_out()


def test_the_second_first_bet_lands_in_the_round_the_first_one_opened(guest, table, app):
    first = Seat(guest, table, seat=0)
    a = me()
    second = second_player(app, table, seat=1)
    b = me()
    finish(first)
    over = latest_round(table)
    assert over.status == "over"
    first.page()
    second.page()
    drawn = second.form  # both pages show the finished round; the first bet opens the next
    assert drawn["round_id"] == str(over.id)
    a_before, b_before = chips(a, table), chips(b, table)
    assert first.act("bet", "main", chip=1000) == ""
    assert second.act("bet", "main", chip=500, **drawn) == ""
    assert open_rounds(table) == 1
    rnd = latest_round(table)
    assert rnd.number == over.number + 1 and rnd.status == "open"
    assert chips(a, table) == a_before - 1000 and chips(b, table) == b_before - 500
    assert "bet-main" in second.actions
    assert shown_chips(second) == b_before - 500  # the answer of the bet started again shows it
    assert_books_balance()


def test_a_double_clicked_first_bet_opens_one_round_with_one_bet(guest, table, app):
    first = Seat(guest, table, seat=0)
    a = me()
    finish(first)
    first.page()
    drawn = first.form
    before = chips(a, table)
    assert first.act("bet", "main", chip=1000, **drawn) == ""
    assert first.act("bet", "main", chip=1000, **drawn) == STALE
    assert chips(a, table) == before - 1000 and open_rounds(table) == 1
    assert_books_balance()


def test_the_first_bets_at_a_new_table_both_land(guest, table, app):
    first = Seat(guest, table, seat=0)
    a = me()
    second = second_player(app, table, seat=1)
    b = me()
    drawn = second.form
    assert drawn["round_id"] == "" and drawn["seen"] == "0"
    assert first.act("bet", "main", chip=1000) == ""
    assert second.act("bet", "main", chip=500, **drawn) == ""
    assert open_rounds(table) == 1 and latest_round(table).number == 1
    assert chips(a, table) == 49_000 and chips(b, table) == 49_500
    assert_books_balance()


def test_a_post_without_the_journal_length_is_stale_as_before(guest, table, app):
    first, _a, second, b = betting(guest, table, app)
    drawn = {k: v for k, v in second.form.items() if k != "seen"}
    first.page()
    assert first.act("bet", "main", chip=500) == ""
    assert second.act("bet", "main", chip=1000, seen="", **drawn) == STALE
    assert chips(b, table) == 50_000
    assert_books_balance()


@pytest.mark.parametrize("game", ["texas-holdem", "seven-card-stud", "five-card-draw", "chinese-poker",
                                  "trips-dcs", "pan", "chemin-de-fer"])
def test_where_players_take_turns_every_move_is_news(app, game):
    """The poker room, Pan and chemin de fer name no independent move: whatever another seat
    did since a form was drawn, the form is stale."""
    engine = registry.engine(game)
    assert engine.independent_actions == ()
    assert others_only_since(Round(id=0), engine, 0, 0) is False


@pytest.mark.parametrize("game", ["blackjack", "roulette", "big-six", "craps", "three-card-poker", "mini-baccarat",
                                  "pai-gow-poker", "keno", "bingo"])
def test_house_banked_and_draw_games_let_other_seats_bets_through(game):
    assert registry.engine(game).independent_actions[0] in {"bet", "ticket", "cards"}


@pytest.mark.parametrize(("game", "variant", "spot", "other_spot"), [
    ("roulette", "chapter4-00", "red", "black"),
    ("craps", "grand-ronde", "pass", "dont-pass"),
    ("big-six", "chapter4", "1", "2"),
])
def test_at_a_wheel_or_the_dice_a_bet_drawn_before_another_lands(guest, app, game, variant, spot, other_spot):
    from webgame.services.tables import create_table

    table = create_table(f"Busy {game}", game, variant)
    db.session.commit()
    first = Seat(guest, table, seat=0)
    a = me()
    assert first.act("bet", spot, chip=500) == ""
    second = second_player(app, table, seat=1)
    b = me()
    drawn = second.form
    first.page()
    assert first.act("bet", other_spot, chip=500) == ""
    assert second.act("bet", spot, chip=500, **drawn) == ""
    assert chips(a, table) == 50_000 - 1000 and chips(b, table) == 50_000 - 500
    assert open_rounds(table) == 1
    assert second.act("bet", spot, chip=500, **drawn) == STALE  # and once only
    assert chips(b, table) == 50_000 - 500
    assert_books_balance()
