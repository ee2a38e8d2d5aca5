"""the sports book: events, markets, posted prices, tickets, legs, settlements, player limits

Revision ID: 756ff955c2ca
Revises: b3c1e0a7d9f2
Create Date: 2026-11-27 08:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '756ff955c2ca'
down_revision = 'b3c1e0a7d9f2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'sports_events',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('sport', sa.String(length=40), nullable=False),
        sa.Column('home', sa.String(length=60), nullable=False),
        sa.Column('away', sa.String(length=60), nullable=False),
        sa.Column('starts_at', sa.DateTime(), nullable=False),
        sa.Column('status', sa.String(length=12), nullable=False),
        sa.Column('home_score', sa.Integer(), nullable=True),
        sa.Column('away_score', sa.Integer(), nullable=True),
        sa.Column('graded_at', sa.DateTime(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_sports_events_starts_at', 'sports_events', ['starts_at'])
    op.create_index('ix_sports_events_status', 'sports_events', ['status'])
    op.create_table(
        'sports_markets',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('max_stake', sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['sports_events.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'kind', name='uq_sports_market'),
    )
    op.create_index('ix_sports_markets_event_id', 'sports_markets', ['event_id'])
    op.create_table(
        'sports_prices',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('market_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('side', sa.String(length=8), nullable=False),
        sa.Column('odds', sa.Integer(), nullable=False),
        sa.Column('half_points', sa.Integer(), nullable=False),
        sa.Column('is_current', sa.Boolean(), nullable=False),
        sa.Column('posted_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['sports_events.id']),
        sa.ForeignKeyConstraint(['market_id'], ['sports_markets.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_sports_prices_event_id', 'sports_prices', ['event_id'])
    op.create_index('ix_sports_prices_market_id', 'sports_prices', ['market_id'])
    op.create_index('uq_sports_current_price', 'sports_prices', ['market_id', 'side'], unique=True,
                    sqlite_where=sa.text('is_current'), postgresql_where=sa.text('is_current'))
    op.create_table(
        'sports_tickets',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('stake', sa.BigInteger(), nullable=False),
        sa.Column('potential', sa.BigInteger(), nullable=False),
        sa.Column('status', sa.String(length=12), nullable=False),
        sa.Column('returned', sa.BigInteger(), nullable=True),
        sa.Column('summary', sa.String(length=200), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('settled_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['player_id'], ['players.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_sports_tickets_player_id', 'sports_tickets', ['player_id'])
    op.create_index('ix_sports_tickets_status', 'sports_tickets', ['status'])
    op.create_table(
        'sports_legs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('ticket_id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('price_id', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('side', sa.String(length=8), nullable=False),
        sa.Column('odds', sa.Integer(), nullable=False),
        sa.Column('half_points', sa.Integer(), nullable=False),
        sa.Column('outcome', sa.String(length=8), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['sports_events.id']),
        sa.ForeignKeyConstraint(['price_id'], ['sports_prices.id']),
        sa.ForeignKeyConstraint(['ticket_id'], ['sports_tickets.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_sports_legs_event_id', 'sports_legs', ['event_id'])
    op.create_index('ix_sports_legs_ticket_id', 'sports_legs', ['ticket_id'])
    op.create_table(
        'sports_settlements',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('ticket_id', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('stake', sa.BigInteger(), nullable=False),
        sa.Column('returned', sa.BigInteger(), nullable=False),
        sa.Column('result', sa.String(length=12), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['players.id']),
        sa.ForeignKeyConstraint(['ticket_id'], ['sports_tickets.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('ticket_id', name='uq_sports_settlement'),
    )
    op.create_index('ix_sports_settlements_player_id', 'sports_settlements', ['player_id'])
    op.create_table(
        'sports_player_limits',
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('max_stake', sa.BigInteger(), nullable=False),
        sa.Column('reason', sa.String(length=120), nullable=False),
        sa.Column('set_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['players.id']),
        sa.PrimaryKeyConstraint('player_id'),
    )


def downgrade():
    op.drop_table('sports_player_limits')
    op.drop_index('ix_sports_settlements_player_id', table_name='sports_settlements')
    op.drop_table('sports_settlements')
    op.drop_index('ix_sports_legs_ticket_id', table_name='sports_legs')
    op.drop_index('ix_sports_legs_event_id', table_name='sports_legs')
    op.drop_table('sports_legs')
    op.drop_index('ix_sports_tickets_status', table_name='sports_tickets')
    op.drop_index('ix_sports_tickets_player_id', table_name='sports_tickets')
    op.drop_table('sports_tickets')
    op.drop_index('uq_sports_current_price', table_name='sports_prices')
    op.drop_index('ix_sports_prices_market_id', table_name='sports_prices')
    op.drop_index('ix_sports_prices_event_id', table_name='sports_prices')
    op.drop_table('sports_prices')
    op.drop_index('ix_sports_markets_event_id', table_name='sports_markets')
    op.drop_table('sports_markets')
    op.drop_index('ix_sports_events_status', table_name='sports_events')
    op.drop_index('ix_sports_events_starts_at', table_name='sports_events')
    op.drop_table('sports_events')
