"""21st Century Baccarat Face Down through the web, three browsers at one table: one banks,
two bet; the deal takes the fees; each bettor sees its own two cards and not the other's, and
answers Hit / Stand / Double down / Surrender where its hand allows; the hand is settled
within the bank: the house neither pays nor collects and the books balance (003 §17; D-175,
D-176, D-465, D-483)."""

from __future__ import annotations

import json

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement, Table
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, load_shoe, take_bank, three_players

GAME, VARIANT = "21st-century-baccarat", "face-down"


def load(table: Table, codes: list[str]) -> None:
    """Eight decks of 53 cards (the joker deck) of ``codes``."""
    load_shoe(table, codes, decks=8, deck_size=53, baccarat=True)


def fives(table: Table) -> None:
    """A shoe of fives (each round still shuffles it with its own seed, P-001): every hand is a
    0 (5 + 5), so each bettor must hit (or double, or surrender) and draws to a 5; the bank hits
    its 0 to a 5: every hand ties on 5 and pushes."""
    load(table, ["5c", "5d", "5h", "5s"])


def test_a_hand_at_the_face_down_table(app, guest):
    table = create_table(f"P/D {GAME} {VARIANT}", GAME, VARIANT, config={"options": {}})
    db.session.commit()
    fives(table)
    (a, pa), (b, pb), (c, pc) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    b.page()
    assert "bet-main" in b.actions
    assert b.act("bet", "main", chip="2000") == ""
    c.page()
    assert c.act("bet", "main", chip="1000") == ""
    assert c.act("deal") == ""
    b.page()
    assert "Hit, Stand, Double down or Surrender?" in b.html
    assert {"hit", "double", "surrender"} <= b.actions and "stand" not in b.actions  # a 0 must hit (D-180)
    assert 'data-testid="seat-hands"' in b.html
    assert b.act("double", "double", amount="20") == ""
    c.page()
    assert c.act("surrender") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    by = {(r.player_id, r.bet): r for r in rows}
    assert by[(pb.id, "main")].returned == 2000 and by[(pb.id, "double")].returned == 2000  # 5 against 5 pushes
    assert by[(pc.id, "main")].returned == 500  # surrendered: half back
    assert by[(pa.id, "bank")].returned - by[(pa.id, "bank")].stake == 500
    assert sum(r.returned - r.stake for r in rows) == 0
    assert wallet.house_total() == house_before
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_jokers_on_the_felt_and_in_the_proof(app, guest):
    """A shoe of jokers: the bank's up card is a joker, so the deal ends at once (rule 11); every
    hand is a Natural and pushes the bank's Natural (rule 21). The felt draws the jokers' own
    art, and the round's proof replays its jokers."""
    table = create_table(f"P/D {GAME} {VARIANT} jokers", GAME, VARIANT, config={"options": {}})
    db.session.commit()
    load(table, ["JK"])
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
    assert next(r for r in rows if r.player_id == pb.id).result == "push"
    b.page()
    assert b.html.count('aria-label="Joker"') >= 4  # the bank's two and Spot 2's two
    assert recall.prove(rnd).verified
    assert_books_balance()


def test_games_json_lists_face_down_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    listed = {v["slug"]: v for v in games[GAME]["variants"]}
    assert listed[VARIANT]["playable"] and listed[VARIANT]["banking"] == "player-dealer"
