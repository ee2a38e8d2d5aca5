"""one open round per table, the next round's commitment, bot sponsors, money at risk per seat

Revision ID: b3c1e0a7d9f2
Revises: 85ff26d26694
Create Date: 2026-11-26 10:20:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'b3c1e0a7d9f2'
down_revision = '85ff26d26694'
branch_labels = None
depends_on = None


def upgrade():
    # A round left open by an earlier race is voided first: the index below would refuse it.
    # `flask ledger-check` then names the stakes it left on the layout.
    op.execute(
        "UPDATE rounds SET status = 'void' WHERE status = 'open' AND id NOT IN "
        "(SELECT max(id) FROM rounds WHERE status = 'open' GROUP BY table_id)"
    )
    op.create_index('uq_one_open_round', 'rounds', ['table_id'], unique=True,
                    sqlite_where=sa.text("status = 'open'"), postgresql_where=sa.text("status = 'open'"))
    _merge_duplicate_accounts()
    op.create_index('uq_account_key', 'accounts', [
        'kind', sa.text('coalesce(player_id, 0)'), sa.text('coalesce(table_id, 0)'),
        sa.text("(CASE WHEN kind = 'jackpot' THEN name ELSE '' END)")], unique=True)
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        batch_op.add_column(sa.Column('at_risk', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('journal_len', sa.Integer(), nullable=False, server_default='0'))
    op.execute("UPDATE rounds SET journal_len = COALESCE((SELECT max(seq) FROM round_events "
               "WHERE round_events.round_id = rounds.id), 0)")
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.add_column(sa.Column('next_seed', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('next_commitment', sa.String(length=64), nullable=True))
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bot_sponsor_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('sat_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('last_seen', sa.DateTime(), nullable=True))
        batch_op.create_foreign_key('fk_seats_bot_sponsor', 'players', ['bot_sponsor_id'], ['id'])


def _merge_duplicate_accounts():
    """Two requests racing to open the same account could each make one before the key below
    existed. Each such pair becomes one account (the oldest): its ledger entries point to it and
    its balance is the sum, so no cent is lost and the index can be built."""
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, kind, player_id, table_id, name, balance FROM accounts ORDER BY id")).all()
    keep = {}
    for acct_id, kind, player_id, table_id, name, balance in rows:
        key = (kind, player_id or 0, table_id or 0, name if kind == 'jackpot' else '')
        if key not in keep:
            keep[key] = acct_id
            continue
        survivor = keep[key]
        for column in ('debit_id', 'credit_id'):
            bind.execute(sa.text(f"UPDATE ledger_entries SET {column} = :survivor WHERE {column} = :dup"),
                         {"survivor": survivor, "dup": acct_id})
        bind.execute(sa.text("UPDATE accounts SET balance = balance + :amount WHERE id = :survivor"),
                     {"amount": balance, "survivor": survivor})
        bind.execute(sa.text("DELETE FROM accounts WHERE id = :dup"), {"dup": acct_id})


def downgrade():
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_constraint('fk_seats_bot_sponsor', type_='foreignkey')
        batch_op.drop_column('last_seen')
        batch_op.drop_column('sat_at')
        batch_op.drop_column('bot_sponsor_id')
    with op.batch_alter_table('tables', schema=None) as batch_op:
        batch_op.drop_column('next_commitment')
        batch_op.drop_column('next_seed')
    with op.batch_alter_table('rounds', schema=None) as batch_op:
        batch_op.drop_column('journal_len')
        batch_op.drop_column('at_risk')
    op.drop_index('uq_one_open_round', table_name='rounds')
    op.drop_index('uq_account_key', table_name='accounts')
