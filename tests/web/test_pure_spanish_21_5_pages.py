"""A Pure Spanish 21.5 player-dealer table through the web, three browsers at one table: one
takes the bank, two bet and play their hands; the deal takes the collection fee into the
table's fees account, the P/D's hand is the dealer's hand, every wager settles within the bank
from the action seat set by the P/D's down card, the house neither pays nor collects, and the
books balance (D-465 … D-470, D-483, D-094, P-150)."""

from __future__ import annotations

import json

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, table_account, take_bank, three_players


def test_a_hand_at_the_lucky_derby_pure_spanish_21_5_table(app, guest):
    table = create_table("P/D Pure Spanish 21.5", "pure-spanish-21-5", "lucky-derby", config={"options": {}})
    db.session.commit()
    (a, pa), (b, pb), (c, pc) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    b.page()
    assert b.act("bet", "main", chip="1000") == ""
    assert {"bet-match-the-dealer", "bet-blackjack-bonus-bet"} <= b.actions  # once a base wager is down
    assert b.act("bet", "blackjack-bonus-bet", chip="100") == ""
    c.page()
    assert c.act("bet", "main", chip="1000") == ""
    assert c.act("deal") == ""
    # Each player plays: the move the table offers that risks no more money.
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
    assert {(r.player_id, r.bet) for r in rows if r.bet != "bank"} >= {
        (pb.id, "main"), (pc.id, "main"), (pb.id, "blackjack-bonus-bet")}
    # Between the players and the bank only: the house neither pays nor collects.
    assert sum(r.returned - r.stake for r in rows) == 0
    assert wallet.house_total() == house_before
    # 001-blackjack-tcp-1 (001 s.2077): $21 of table action, the bank pays $0.50; players nothing.
    assert table_account("fees", table) == 50
    assert table_account("bank", table) == 0
    b.page()
    assert 'data-testid="pd-fees"' in b.html and 'data-testid="pd-covered"' in b.html
    assert "Pure Spanish 21.5" in b.html and 'data-testid="dealer-cards"' in b.html
    recall_page = b.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    assert 'data-testid="recall-fees"' in recall_page and 'data-testid="recall-coverage"' in recall_page
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_every_pure_spanish_21_5_edition_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    game = next(g for g in json.loads(result.output)["games"] if g["slug"] == "pure-spanish-21-5")
    listed = {v["slug"]: v for v in game["variants"]}
    assert set(listed) == {"lucky-derby", "lucky-chances-2009", "lucky-chances-bgc", "crystal-park"}
    assert all(v["banking"] == "player-dealer" and v["playable"] for v in listed.values())
    assert listed["lucky-derby"]["side_bets"] == ["match-the-dealer", "blackjack-bonus-bet"]
    assert listed["lucky-chances-bgc"]["side_bets"] == ["buster-blackjack"]
    assert listed["crystal-park"]["side_bets"] == ["match-the-dealer"]
    assert listed["lucky-chances-2009"]["side_bets"] == []


def test_the_card_art_marks_a_bonus_card(app):
    """The shoe's "Kh+bonus" is drawn as the king of hearts with its Bonus mark (the flag's
    class the felt's stylesheet rings in gold), and says so to a screen reader."""
    with app.test_request_context():
        macro = app.jinja_env.get_template("devices/_macros.html").module.card
        marked, plain = str(macro("Kh+bonus")), str(macro("Kh"))
    assert "flag-bonus" in marked and 'aria-label="King of hearts (bonus)"' in marked
    assert "flag-bonus" not in plain and 'aria-label="King of hearts"' in plain
