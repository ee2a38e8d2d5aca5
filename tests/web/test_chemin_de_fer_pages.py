"""Chemin de Fer through the web, three browsers at one table (004 §25): two bid for the shoe
and the clock gives it to the higher bid, whose chips go to the table's bank; one punter calls
Banco and another's partial bet goes back; the Banker calls "Card" and the coup is played out
through the services. The punters are paid from the bank and the bank's win is taxed by the
house commission into the table's take; the bank account is empty after the coup and the books
balance (P-180 … P-186)."""

from __future__ import annotations

from datetime import timedelta

from webgame.extensions import db
from webgame.models import utcnow
from webgame.services import wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, round_settlements, table_account, three_players


def test_a_bid_a_banco_and_a_coup(app, guest):
    table = create_table("Chemin", "chemin-de-fer", "chapter4", config={"options": {}})
    db.session.commit()
    (a, pa), (b, pb), (c, _) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    assert "bid" in a.actions and 'data-testid="bank"' in a.html
    assert a.act("bid", amount="50") == ""
    b.page()
    assert b.act("bid", amount="30") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.deadline_kind == "pause"  # the bidding's own time (P-181)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    a.page()  # the clock closes the bidding: the higher bid takes the shoe (s.819)
    assert "Spot 1" in a.html and 'data-testid="bank-amount"' in a.html
    assert table_account("bank", table) == 5000
    b.page()
    assert "banco" in b.actions and "against" in b.actions
    assert b.act("banco") == ""
    c.page()
    assert c.act("against", amount="10") == ""
    a.page()
    assert "close" in a.actions
    assert a.act("close") == ""
    for _ in range(4):  # the Player 5 and the Banker's option, if the cards ask for them
        for seat, kind in ((b, "card"), (a, "draw")):
            seat.page()
            if kind in seat.actions:
                assert seat.act(kind) == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = {(r.seat, r.bet): r for r in round_settlements(rnd)}
    assert set(rows) == {(0, "bank"), (1, "against")}  # the partial bet went back: Banco takes it all
    bank, punter = rows[(0, "bank")], rows[(1, "against")]
    assert bank.player_id == pa.id and bank.stake == 5000
    assert punter.player_id == pb.id and punter.stake == 5000
    # The coup is between the Banker and the punter; the house only takes its commission.
    assert bank.returned - bank.stake == -(punter.returned - punter.stake)
    commission = 250 if bank.returned > bank.stake else 0  # 5 % of $50 (004 s.877, D-205)
    assert table_account("fees", table) == commission
    assert table_account("bank", table) == 0
    assert wallet.house_total() == house_before
    assert_books_balance()
    b.page()
    assert 'data-testid="dealer-cards"' in b.html and "Banco" in b.html
