"""No Bust 21st Century Blackjack 4.0a and 21st Century Free Bet Blackjack at player-dealer
tables through the web, three browsers at one table: one takes the bank, two bet (a side bet
too) and play their hands; the deal takes the collection fees into the table's fees account,
the P/D's hand is the dealer's hand, every wager settles within the bank, the house neither
pays nor collects, and the books balance (D-465 … D-470, D-483, D-122, P-200)."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, table_account, take_bank, three_players


@pytest.mark.parametrize(("game", "variant", "side_bet", "name"), [
    ("no-bust-21st-century-blackjack", "4.0a", "buster-blackjack", "No Bust"),
    ("21st-century-free-bet-blackjack", "crystal-park", "push-22", "Push 22"),
])
def test_a_hand_at_a_crystal_park_no_bust_table(app, guest, game, variant, side_bet, name):
    table = create_table(f"P/D {game}", game, variant, config={"options": {}})
    db.session.commit()
    (a, pa), (b, pb), (c, pc) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    b.page()
    assert b.act("bet", "main", chip="1000") == ""
    assert f"bet-{side_bet}" in b.actions  # once a base wager is down
    assert b.act("bet", side_bet, chip="500") == ""
    c.page()
    assert c.act("bet", "main", chip="1000") == ""
    assert c.act("deal") == ""
    for _ in range(20):
        db.session.expire_all()
        if latest_round(table).status == "over":
            break
        for seat in (b, c):
            seat.page()
            if "decline" in seat.actions:
                assert seat.act("decline") == ""
                continue
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
        (pb.id, "main"), (pc.id, "main"), (pb.id, side_bet)}
    assert sum(r.returned - r.stake for r in rows) == 0  # between the players and the bank only
    assert wallet.house_total() == house_before
    # Group B option 1 (003 s.2952): $20 of base wagers, the bank pays $0.50; each base wager $0.50.
    assert table_account("fees", table) == 150
    assert table_account("bank", table) == 0
    b.page()
    assert 'data-testid="pd-fees"' in b.html and 'data-testid="dealer-cards"' in b.html
    assert name in b.html
    recall_page = b.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    assert 'data-testid="recall-fees"' in recall_page and 'data-testid="recall-coverage"' in recall_page
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_the_no_bust_editions_and_21st_century_free_bet_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    listed = {v["slug"]: v for v in games["no-bust-21st-century-blackjack"]["variants"]}
    assert set(listed) == {"4.0", "buster-4.0", "4.0a", "4.0a-perfect-pairs"}
    assert all(v["banking"] == "player-dealer" and v["playable"] for v in listed.values())
    assert listed["4.0"]["side_bets"] == ["blackjack-bonus-bet"]
    assert listed["buster-4.0"]["side_bets"] == ["buster-blackjack", "blackjack-bonus-bet"]
    assert listed["4.0a"]["side_bets"] == ["buster-blackjack"]
    assert listed["4.0a-perfect-pairs"]["side_bets"] == ["buster-blackjack", "perfect-pairs"]
    (free_bet,) = games["21st-century-free-bet-blackjack"]["variants"]
    assert free_bet["slug"] == "crystal-park" and free_bet["playable"] and free_bet["side_bets"] == ["push-22"]


def test_the_card_art_marks_a_no_bust_ace(app):
    """The 4.0a shoe's "As+no-bust" is the ace of spades with its "NO BUST" badge and class,
    and says so to a screen reader."""
    with app.test_request_context():
        macro = app.jinja_env.get_template("devices/_macros.html").module.card
        marked = str(macro("As+no-bust"))
    assert "flag-no-bust" in marked and 'aria-label="Ace of spades (no-bust)"' in marked
    assert ">NO BUST</span>" in marked
