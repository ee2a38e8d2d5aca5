"""The operator's page: options in words, the edit row in place, the edge previewed as the
variant or an option changes, and the floor's figures summed from the settlements."""

from __future__ import annotations

import html as htmllib
import re
from datetime import timedelta

import pytest
import sqlalchemy as sa

from webgame.engine.money import fmt
from webgame.extensions import db
from webgame.games import registry
from webgame.models import BetSettlement, Round, Table, utcnow
from webgame.services import floor

from .operatorhelp import named, settled
from .tablehelp import Seat, assert_books_balance


def visible(page: str) -> str:
    """What a person reads: the text between the tags, entities decoded."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL)
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def edit_row(client, table: Table, **args) -> str:
    resp = client.get(f"/operator/tables/{table.id}/edit", query_string=args, headers={"HX-Request": "true"})
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def edge_of(fragment: str, wager: str) -> str:
    m = re.search(rf"<td>{re.escape(wager)}</td>\s*<td>([0-9.]+)%</td>", fragment)
    assert m, f"no {wager} row in {fragment}"
    return m.group(1)


# -- words, not keys --------------------------------------------------------------------------

RAW = re.compile(r"\[\]|\[\d|\bTrue\b|\bFalse\b|\b[a-z]+_[a-z_]+\b|\bopt_|\bside_|\blimit_")


def test_the_page_opens_with_no_raw_key_and_every_table_listed(operator):
    page = operator.get("/operator/").get_data(as_text=True)
    text = visible(page)
    assert not RAW.search(text), RAW.search(text)
    for t in db.session.scalars(sa.select(Table)):
        assert f'id="table-{t.id}"' in page and f'id="edit-{t.id}"' in page


@pytest.mark.parametrize("game", registry.slugs())
def test_every_option_of_every_variant_reads_as_words(operator, game):
    """Each variant's edit row, opened from a demo table of the game: no raw key, no Python
    value, no side bet's slug; every option has a label and each choice its words."""
    table = db.session.scalars(sa.select(Table).filter_by(game=game)).first()
    for slug, variant in registry.rules(game).variants.items():
        row = edit_row(operator, table, variant=slug, form_variant=table.variant)
        text = visible(row)
        assert not RAW.search(text), (slug, RAW.search(text))
        for side in variant.side_bets:
            assert side not in text, (slug, side)
            assert f'name="side_{side}"' in row
        for name, spec in variant.options.items():
            assert f'name="opt_{name}"' in row and spec["label"] in text
            for words in spec["labels"]:
                assert f">{words}</option>" in htmllib.unescape(row), (slug, name, words)


def test_blackjack_options_read_as_the_floor_says_them(operator):
    text = visible(edit_row(operator, named("Grand Ronde Blackjack")))
    assert "Double down on any two cards 9, 10 or 11 only 10 or 11 only" in text
    assert "Late surrender not offered offered" in text
    assert "Offer the 21+3 Xtreme side bet" in text and "Offer the Lucky Ladies side bet" in text
    assert "Decks in the shoe" in text and "6 decks" in text


# -- the edit row -----------------------------------------------------------------------------

def test_edit_opens_in_place_and_closes(operator):
    table = named("Chapter 4 Craps")
    page = operator.get("/operator/").get_data(as_text=True)
    assert f'<tr id="edit-{table.id}" class="edit-row" hidden></tr>' in page
    assert f'hx-get="/operator/tables/{table.id}/edit"' in page and 'data-testid="configure-' not in page
    row = edit_row(operator, table)
    assert row.lstrip().startswith(f'<tr id="edit-{table.id}" class="edit-row"') and "hidden" not in row.split(">")[0]
    assert f'data-testid="configure-{table.id}"' in row and "House edge of this configuration" in row
    closed = edit_row(operator, table, close=1)
    assert closed.strip() == f'<tr id="edit-{table.id}" class="edit-row" hidden></tr>'
    # Without JavaScript the same link opens the page with the row open.
    resp = operator.get(f"/operator/tables/{table.id}/edit")
    assert resp.status_code == 302 and f"edit={table.id}" in resp.headers["Location"]
    assert f'data-testid="configure-{table.id}"' in operator.get(f"/operator/?edit={table.id}").get_data(as_text=True)


def test_the_edge_follows_the_variant_before_it_is_saved(operator):
    table = named("Double-Zero Roulette")
    saved = settled(lambda: edit_row(operator, table))
    assert edge_of(saved, "Straight") == "5.2632" and "(not saved yet)" not in saved
    single = settled(lambda: edit_row(operator, table, variant="chapter4-0", form_variant="grand-ronde-00",
                                      name=table.name))
    assert edge_of(single, "Straight") == "2.7027" and "(not saved yet)" in single
    assert 'name="form_variant" value="chapter4-0"' in single and "Offer the Back-to-Back side bet" in single
    db.session.expire_all()
    assert table.variant == "grand-ronde-00"  # nothing saved
    back = settled(lambda: edit_row(operator, table, variant="grand-ronde-00", form_variant="chapter4-0"))
    assert edge_of(back, "Straight") == "5.2632" and "(not saved yet)" not in back


def test_the_edge_follows_an_option_before_it_is_saved(operator):
    table = named("Grand Ronde Blackjack")
    main = "Main bet (house basic strategy chart)"
    url = f"/operator/tables/{table.id}/edges"

    def fragment(**args):
        return operator.get(url, query_string=args, headers={"HX-Request": "true"}).get_data(as_text=True)

    # The main bet is an exact count of a few seconds each (P-110), made off the request.
    saved = settled(lambda: fragment(), seconds=120.0)
    six_five = settled(lambda: fragment(variant="grand-ronde", form_variant="grand-ronde",
                                        opt_blackjack_pays="6 to 5"), seconds=120.0)
    assert float(edge_of(six_five, main)) > float(edge_of(saved, main)) + 1  # 6 to 5 costs over 1 %
    assert "(not saved yet)" in six_five
    db.session.expire_all()
    assert (table.config.get("options") or {}).get("blackjack_pays", "3 to 2") == "3 to 2"


def test_the_redrawn_row_saves_the_new_variants_options(operator):
    table = named("Grand Ronde Blackjack")
    row = edit_row(operator, table, variant="chapter4", form_variant="grand-ronde", name=table.name)
    assert 'name="opt_blackjack_pays"' not in row  # Chapter 4 always pays 3 to 2 (D-030)
    assert 'name="opt_decks"' in row and 'name="form_variant" value="chapter4"' in row
    operator.post(f"/operator/tables/{table.id}", {"name": table.name, "variant": "chapter4", "form_variant": "chapter4",
                                                  "opt_decks": "2", "opt_double_totals": "[10, 11]",
                                                  "limit_main_min": "10", "limit_main_max": "200"})
    db.session.expire_all()
    assert table.variant == "chapter4"
    assert table.config["options"] == {"decks": 2, "double_totals": [10, 11]}
    assert table.config["limits"]["main"] == {"min": 1000, "max": 20000}


def test_a_variant_posted_with_the_old_variants_fields_starts_from_its_defaults(operator):
    """A form sent without the page redrawing it (no JavaScript) carries fields of the variant
    it was drawn for: they do not apply to the new one."""
    table = named("Grand Ronde Blackjack")
    operator.get("/operator/")
    operator.post(f"/operator/tables/{table.id}", {"name": table.name, "variant": "chapter4", "form_variant": "grand-ronde",
                                                  "opt_decks": "2", "limit_main_min": "5", "limit_main_max": "1000"})
    db.session.expire_all()
    assert table.variant == "chapter4" and not table.config.get("options") and not table.config.get("limits")


def test_a_refused_save_reopens_the_row_with_the_reason(operator):
    table = named("Grand Ronde Three Card Poker")
    operator.get("/operator/")
    resp = operator.post(f"/operator/tables/{table.id}", {"name": table.name, "variant": "grand-ronde",
                                                         "limit_ante_min": "5", "limit_ante_max": "600"})
    assert resp.status_code == 302 and f"edit={table.id}" in resp.headers["Location"]
    page = operator.get(resp.headers["Location"]).get_data(as_text=True)
    assert "The maximum on Three Card Poker Ante is $500 (rulebook 000 s.1028)." in page
    assert f'data-testid="configure-{table.id}"' in page


# -- the floor's figures ----------------------------------------------------------------------

def play_rounds(app, client) -> None:
    """Blackjack at two tables and Big Six at one, through the tables' forms (play.act)."""
    from tests.conftest import CasinoClient

    client.get("/login")
    client.post("/guest")
    first = Seat(client, named("Chapter 4 Blackjack"), buy="500")
    for chip in (1000, 2500, 500):
        assert first.act("bet", "main", chip=chip) == ""
        assert first.act("deal") == ""
        first.play_out()
    other = CasinoClient(app.test_client())
    other.get("/login")
    other.post("/guest")
    second = Seat(other, named("Grand Ronde Blackjack"), buy="300")
    assert second.act("bet", "main", chip=2500) == ""
    assert second.act("deal") == ""
    second.play_out()
    wheel = Seat(other, named("Big Six Wheel"), buy="100")
    for _ in range(2):
        assert wheel.act("bet", "1", chip=500) == ""
        assert wheel.act("bet", "joker", chip=100) == ""
        assert wheel.act("spin") == ""
    assert_books_balance()


def independent_sums():
    """Straight from the settlements: (rounds, handle, returned) in all, per table, per game."""
    rows = db.session.execute(sa.select(BetSettlement.round_id, BetSettlement.stake, BetSettlement.returned,
                                        Round.table_id, Round.game).join(Round, Round.id == BetSettlement.round_id)).all()

    def sums(chosen):
        return len({r.round_id for r in chosen}), sum(r.stake for r in chosen), sum(r.returned for r in chosen)

    return (sums(rows), {t: sums([r for r in rows if r.table_id == t]) for t in {r.table_id for r in rows}},
            {g: sums([r for r in rows if r.game == g]) for g in {r.game for r in rows}})


def as_tuple(f: floor.Figures):
    return f.rounds, f.handle, f.returned


def test_the_dashboard_adds_up_to_the_settlements(app, operator):
    play_rounds(app, operator.__class__(app.test_client()))
    everything, per_table, per_game = independent_sums()
    assert everything[0] == 6 and len(per_table) == 3 and set(per_game) == {"blackjack", "big-six"}
    board = floor.dashboard()
    for f in (board.day, board.fortnight, board.ever):
        assert as_tuple(f) == everything
    for table_id, sums in per_table.items():
        part = board.tables[table_id]
        assert as_tuple(part.day) == as_tuple(part.fortnight) == as_tuple(part.ever) == sums
    assert {g.slug: as_tuple(g.part.ever) for g in board.games} == per_game
    assert sum(b.figures.handle for b in board.hourly) == everything[1]
    assert board.ever.hold == (everything[1] - everything[2]) / everything[1]

    page = operator.get("/operator/").get_data(as_text=True)
    summary = visible(page[page.index('data-testid="summary-ever"'):])
    rounds, handle, returned = everything
    assert f'Since opening {rounds} {fmt(handle)} {fmt(handle - returned, sign=True)}' in summary
    game_row = visible(page[page.index('data-testid="game-big-six"'):].split("</tr>")[0])
    assert fmt(per_game["big-six"][1]) in game_row
    table = named("Chapter 4 Blackjack")
    row = visible(page[page.index(f'data-testid="row-{table.id}"'):].split("</tr>")[0])
    assert f"{per_table[table.id][0]} {fmt(per_table[table.id][1])}" in row


def test_rounds_fall_in_their_hour_and_day(app, operator):
    play_rounds(app, operator.__class__(app.test_client()))
    everything, _, _ = independent_sums()
    rounds = sorted({s.round_id for s in db.session.scalars(sa.select(BetSettlement))})
    now = utcnow()
    moved = {rounds[0]: now - timedelta(days=3), rounds[1]: now - timedelta(days=30),
             rounds[2]: now - timedelta(hours=5)}
    for round_id, at in moved.items():
        db.session.execute(sa.update(BetSettlement).where(BetSettlement.round_id == round_id).values(created_at=at))
    db.session.commit()

    def sums(ids):
        chosen = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id.in_(ids))))
        return len(set(ids)), sum(s.stake for s in chosen), sum(s.returned for s in chosen)

    board = floor.dashboard(now)
    assert as_tuple(board.ever) == everything
    assert as_tuple(board.fortnight) == sums([r for r in rounds if r != rounds[1]])
    assert as_tuple(board.day) == sums([r for r in rounds if r not in (rounds[0], rounds[1])])
    five_hours_ago = (now - timedelta(hours=5)).replace(minute=0, second=0, microsecond=0)
    hour = next(b for b in board.hourly if b.start == five_hours_ago)
    assert as_tuple(hour.figures) == sums([rounds[2]])
    three_days_ago = (now - timedelta(days=3)).replace(hour=0, minute=0, second=0, microsecond=0)
    day = next(b for b in board.daily if b.start == three_days_ago)
    assert as_tuple(day.figures) == sums([rounds[0]])
    assert len(board.hourly) == 24 and len(board.daily) == 14


def test_the_page_reads_the_figures_in_a_few_queries(app, operator):
    """Two aggregate queries for the figures, whatever the number of tables (no query per table)."""
    from tests.sqlcount import count_statements

    play_rounds(app, operator.__class__(app.test_client()))
    operator.get("/operator/")
    with count_statements() as sql:
        floor.dashboard()
    assert sql.count == 2, sql.report()
    with count_statements() as sql:
        operator.get("/operator/")
    assert sql.count <= 12, sql.report()
