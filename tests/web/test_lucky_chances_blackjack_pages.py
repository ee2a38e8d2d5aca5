"""Lucky Chances Blackjack at a player-dealer table through the web (002 §13): three browsers
at one table, one takes the bank and two bet and play; the deal takes the A11 collection fees,
every wager settles within the bank, the house neither pays nor collects, the books balance;
the Logo cards are on the felt in their own art and in the round's proof (D-019, D-138)."""

from __future__ import annotations

import json

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement, Table
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, table_account, take_bank, three_players

GAME, VARIANT = "lucky-chances-blackjack", "lucky-chances"
SIZE = 6 * 54  # six decks, each with two Logo cards (D-138)


def load(table: Table, codes: list[str]) -> None:
    """A six-deck shoe of ``codes`` repeated (each round still shuffles it with its own seed)."""
    shoe = {"decks": 6, "size": SIZE, "cut_at": SIZE * 75 // 100, "remaining": (codes * SIZE)[:SIZE],
            "discards": [], "in_play": [], "shuffle_no": 1, "rounds_since_shuffle": 1,
            "cut_card_out": False, "just_shuffled": False, "emergency_reshuffles": 0}
    table.carry = {"epoch": int((table.config or {}).get("epoch", 0)), "data": {"inner": shoe}}
    db.session.commit()


def test_a_round_at_the_lucky_chances_blackjack_table(app, guest):
    table = create_table(f"P/D {GAME}", GAME, VARIANT, config={"options": {}})
    db.session.commit()
    (a, pa), (b, pb), (c, pc) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    b.page()
    assert b.act("bet", "main", chip="1000") == ""
    c.page()
    assert c.act("bet", "main", chip="2000") == ""
    assert c.act("deal") == ""
    for _ in range(20):
        db.session.expire_all()
        if latest_round(table).status == "over":
            break
        for seat in (b, c):
            seat.page()
            hand = next((a.split("-", 1)[1] for a in sorted(seat.actions) if a.startswith(("stand-", "hit-"))), None)
            if hand is not None and f"stand-{hand}" in seat.actions:
                assert seat.act("stand", hand) == ""
            elif hand is not None:
                assert seat.act("hit", hand) == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    bank_row = next(r for r in rows if r.bet == "bank")
    assert bank_row.player_id == pa.id and bank_row.stake == 30000
    assert {(r.player_id, r.bet) for r in rows if r.bet != "bank"} >= {(pb.id, "main"), (pc.id, "main")}
    assert sum(r.returned - r.stake for r in rows) == 0  # between the players and the bank only
    assert wallet.house_total() == house_before
    # A11 option 1 (002 s.4225-4249): the bank pays $1; $10 and $20 wagers pay $1 each.
    assert table_account("fees", table) == 300
    assert table_account("bank", table) == 0
    b.page()
    assert 'data-testid="pd-fees"' in b.html and 'data-testid="dealer-cards"' in b.html
    assert "Lucky Chances Blackjack" in b.html
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_logo_cards_on_the_felt_and_in_the_proof(app, guest):
    """A shoe of Logo cards: every hand, the P/D's too, is a Bonus Natural; the player's wins
    2 to 1 whatever the P/D holds (002 s.1345-1347, D-136). The felt draws the Logo cards' own
    art and the proof replays them."""
    table = create_table(f"P/D {GAME} logos", GAME, VARIANT, config={"options": {}})
    db.session.commit()
    load(table, ["JK+logo"])
    (a, _), (b, pb), _ = three_players(app, guest, table)
    a.page()
    take_bank(a, "300")
    b.page()
    assert b.act("bet", "main", chip="1000") == ""
    assert b.act("deal") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    main = next(r for r in rows if r.player_id == pb.id and r.bet == "main")
    assert (main.stake, main.returned) == (1000, 3000)
    b.page()
    assert b.html.count('aria-label="Lucky Chances Logo card"') >= 4  # the P/D's two and the player's two
    assert "flag-logo" in b.html and 'aria-label="Joker"' not in b.html
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_the_card_art_draws_a_logo_card_of_its_own(app):
    with app.test_request_context():
        macro = app.jinja_env.get_template("devices/_macros.html").module.card
        logo, joker = str(macro("JK+logo")), str(macro("JK"))
    assert 'aria-label="Lucky Chances Logo card"' in logo and "logo-art" in logo and "joker-art" not in logo
    assert 'aria-label="Joker"' in joker and "logo-art" not in joker


def test_games_json_lists_lucky_chances_blackjack_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    (variant,) = games[GAME]["variants"]
    assert variant["slug"] == VARIANT and variant["playable"] and variant["banking"] == "player-dealer"
    assert variant["side_bets"] == []
