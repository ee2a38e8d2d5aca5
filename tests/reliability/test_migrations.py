"""Upgrading a database that already holds money: the migrations keep every cent."""

from __future__ import annotations

import sqlalchemy as sa
from flask_migrate import upgrade

from webgame import create_app
from webgame.extensions import db


def test_accounts_made_twice_before_the_unique_key_are_merged_without_losing_a_cent(tmp_path):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'old.db'}"})
    with app.app_context():
        upgrade(revision="85ff26d26694")  # the schema before the unique account key
        run = db.session.execute
        run(sa.text("INSERT INTO players (id, username, display_name, is_guest, is_operator, is_bot, created_at) "
                    "VALUES (1, 'early', 'Early', 1, 0, 0, CURRENT_TIMESTAMP)"))
        accounts = [(1, "cage", None, "Demo chip cage", -3000, 1), (2, "wallet", 1, "Wallet", 1000, 0),
                    (3, "wallet", 1, "Wallet", 2000, 0),  # the racing second wallet
                    (4, "house", None, "Casino bank", 0, 1), (5, "house", None, "Casino bank", 0, 1)]
        for acct_id, kind, player_id, name, balance, negative in accounts:
            run(sa.text("INSERT INTO accounts (id, kind, player_id, table_id, name, balance, may_go_negative) "
                        "VALUES (:i, :k, :p, NULL, :n, :b, :g)"),
                {"i": acct_id, "k": kind, "p": player_id, "n": name, "b": balance, "g": negative})
        for debit, credit, amount in ((1, 2, 1000), (1, 3, 2000)):
            run(sa.text("INSERT INTO ledger_entries (debit_id, credit_id, amount, memo, created_at) "
                        "VALUES (:d, :c, :a, 'buy', CURRENT_TIMESTAMP)"), {"d": debit, "c": credit, "a": amount})
        db.session.commit()
        upgrade()
        rows = run(sa.text("SELECT id, kind, balance FROM accounts ORDER BY id")).all()
        assert [tuple(r) for r in rows] == [(1, "cage", -3000), (2, "wallet", 3000), (4, "house", 0)]
        credits = run(sa.text("SELECT credit_id, amount FROM ledger_entries ORDER BY id")).all()
        assert [tuple(r) for r in credits] == [(2, 1000), (2, 2000)]
        assert run(sa.text("SELECT sum(balance) FROM accounts")).scalar() == 0
