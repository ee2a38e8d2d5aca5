"""The operator's lobby config page: open, configure and close tables."""

import json

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import Player, Table
from webgame.services.demo import seed

from .tablehelp import Seat, latest_round


def test_demo_floor_is_seeded_once(app):
    seed()
    seed()
    db.session.commit()
    names = [t.name for t in db.session.scalars(sa.select(Table))]
    assert len(names) == len(set(names)) and "Grand Ronde Blackjack" in names
    assert db.session.scalars(sa.select(Player).filter_by(username="operator")).one().is_operator


def test_operator_opens_a_table(operator):
    operator.get("/operator/")
    resp = operator.post("/operator/tables", {"name": "High Limit 21", "game_variant": "blackjack|chapter4",
                                              "bots_allowed": "1"})
    assert resp.status_code == 302
    table = db.session.scalars(sa.select(Table).filter_by(name="High Limit 21")).one()
    assert table.variant == "chapter4" and table.seat_count == 7 and len(table.seats) == 7
    assert "High Limit 21" in operator.get("/").get_data(as_text=True)


def test_config_change_applies_from_the_next_round(operator, app):
    from tests.conftest import CasinoClient

    table = db.session.scalars(sa.select(Table).filter_by(name="Grand Ronde Blackjack")).one()
    player = CasinoClient(app.test_client())
    player.get("/login")
    player.post("/guest")
    seat = Seat(player, table)
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    in_play = latest_round(table)
    operator.get("/operator/")
    resp = operator.post(f"/operator/tables/{table.id}", {
        "name": table.name, "variant": "grand-ronde", "opt_blackjack_pays": "6 to 5",
        "limit_main_min": "10", "limit_main_max": "300", "bots_allowed": "1"})
    assert resp.status_code == 302
    db.session.expire_all()
    assert latest_round(table).rules["blackjack_pays"] == "3 to 2"  # the round in play keeps its rules
    seat.play_out()
    assert seat.act("bet", "main", amount="301") == "The maximum on the main bet is $300."
    seat.act("bet", "main", amount="20")
    db.session.expire_all()
    nxt = latest_round(table)
    assert nxt.id != in_play.id and nxt.rules["blackjack_pays"] == "6 to 5"
    assert nxt.rules["limits"]["main"] == {"min": 1000, "max": 30000}


def test_bad_configuration_is_refused(operator):
    table = db.session.scalars(sa.select(Table).filter_by(name="Chapter 4 Blackjack")).one()
    operator.get("/operator/")
    operator.post(f"/operator/tables/{table.id}", {"name": table.name, "variant": "chapter4",
                                                  "limit_main_min": "50", "limit_main_max": "10"})
    db.session.expire_all()
    assert "limits" not in (table.config or {}) or not table.config["limits"]
    page = operator.get("/operator/").get_data(as_text=True)
    assert "minimum" in page


def test_a_limit_outside_the_rulebook_is_refused_on_the_page_with_its_line(operator):
    """D-004: the operator sees the rule and its line, and the table keeps its limits."""
    table = db.session.scalars(sa.select(Table).filter_by(name="Grand Ronde Three Card Poker")).one()
    page = operator.get(f"/operator/?edit={table.id}").get_data(as_text=True)  # the table's edit row open
    assert "Rulebook: maximum not more than $500 (000 s.1028)" in page
    operator.post(f"/operator/tables/{table.id}", {"name": table.name, "variant": "grand-ronde",
                                                  "limit_ante_min": "5", "limit_ante_max": "600"})
    db.session.expire_all()
    assert not (table.config or {}).get("limits")
    page = operator.get("/operator/").get_data(as_text=True)
    assert "The maximum on Three Card Poker Ante is $500 (rulebook 000 s.1028)." in page
    operator.post(f"/operator/tables/{table.id}", {"name": table.name, "variant": "grand-ronde",
                                                  "limit_ante_min": "5", "limit_ante_max": "500"})
    db.session.expire_all()
    assert table.config["limits"]["ante"] == {"min": 500, "max": 50000}


def test_a_table_is_not_opened_outside_the_rulebook(operator):
    operator.get("/operator/")
    operator.post("/operator/tables", {"name": "Five Dollar Bonus", "game_variant": "let-it-ride|grand-ronde",
                                       "limit_lir-dollar-bonus_min": "5", "limit_lir-dollar-bonus_max": "5"})
    assert db.session.scalars(sa.select(Table).filter_by(name="Five Dollar Bonus")).first() is None
    page = operator.get("/operator/").get_data(as_text=True)
    assert "Let It Ride $1 Bonus is $1 only, as its minimum and its maximum (rulebook 000 s.583)." in page


def test_a_stored_configuration_outside_the_rulebook_is_flagged(operator):
    """A table configured before the rulebook's limits bound it is named on the page."""
    table = db.session.scalars(sa.select(Table).filter_by(name="Grand Ronde Blackjack")).one()
    table.config = {"limits": {"main": {"min": 500, "max": 110000}}}
    db.session.commit()
    page = operator.get("/operator/").get_data(as_text=True)
    assert f'data-testid="problem-{table.id}"' in page
    assert "The maximum on Blackjack main bet is $1,000 (rulebook 000 s.265)." in page


def test_close_and_reopen(operator):
    table = db.session.scalars(sa.select(Table).filter_by(name="Single Deck Blackjack")).one()
    operator.get("/operator/")
    operator.post(f"/operator/tables/{table.id}/status", {"status": "closed"})
    db.session.expire_all()
    assert table.status == "closed"
    assert f"/tables/{table.id}\"" not in operator.get("/").get_data(as_text=True)
    operator.post(f"/operator/tables/{table.id}/status", {"status": "open"})
    db.session.expire_all()
    assert table.status == "open"


def test_games_json(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    report = json.loads(result.output)
    bj = next(g for g in report["games"] if g["slug"] == "blackjack")
    assert bj["family"] == "blackjack" and bj["playable"] is True
    assert {v["slug"] for v in bj["variants"]} == {"grand-ronde", "chapter4", "single-deck"}
    assert {"super-bonus-blackjack", "21-plus-3-xtreme", "lucky-ladies"} <= set(bj["side_bets"])
    assert all(v["rulebook"] and v["sections"] for v in bj["variants"])


def test_games_md_lists_every_registered_game_and_variant(app):
    from pathlib import Path

    from webgame.cli import games_report

    text = (Path(__file__).resolve().parents[2] / "docs" / "GAMES.md").read_text()
    for game in games_report()["games"]:
        assert f"`{game['slug']}`" in text
        for v in game["variants"]:
            assert f"`{game['slug']}@{v['slug']}`" in text


def test_ledger_check_cli(app):
    seed()
    db.session.commit()
    result = app.test_cli_runner().invoke(args=["ledger-check"])
    assert result.exit_code == 0 and "ledger agrees: True" in result.output


def test_a_player_dealer_table_shows_its_fee_per_hand_beside_the_house_edge(operator):
    """Issue 12: the fee per hand of the posted schedule (002 s.3930-3961, option 1: players
    $1 to $5 a circle, the bank $1 to $5 on the table action) at the minimum, 5x and the maximum."""
    table = db.session.scalars(sa.select(Table).filter_by(
        name="Lucky Chances Four Card Poker (player-dealer)")).one()
    page = operator.get(f"/operator/tables/{table.id}/edges").get_data(as_text=True)
    assert "Collection fee per hand: schedule option 1 (002 s.3930-3961)" in page
    rows = [[c.strip() for c in r.split("</td><td>")] for r in
            page.split('data-testid="fees-')[1].split("<tbody>")[1].split("</tbody>")[0].split("<tr><td>")[1:]]
    cells = [[c.replace("</td></tr>", "").strip() for c in r] for r in rows]
    assert cells == [["$10", "$1", "10.00%", "$1", "$1"],
                     ["$50", "$1", "2.00%", "$1", "$3"],
                     ["$500", "$5", "1.00%", "$4", "$5"]]
    # Another option previewed on the form moves the limits and the fees with it.
    page = operator.get(f"/operator/tables/{table.id}/edges?variant=lucky-chances"
                        "&opt_collection_fee=002-three-card-poker-3").get_data(as_text=True)
    assert "schedule option 3" in page and "<td>$40</td>" in page and "<td>$1,000</td>" in page
    # A house-banked table has no fee.
    house = db.session.scalars(sa.select(Table).filter_by(name="Grand Ronde Three Card Poker")).one()
    assert "Collection fee" not in operator.get(f"/operator/tables/{house.id}/edges").get_data(as_text=True)
