"""The throwaway PostgreSQL server and an app on it, migrated as `flask db upgrade` does on
release: one server per test module, a fresh schema per test."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from tests.pgserver import postgres_server
from webgame import create_app
from webgame.extensions import db


@pytest.fixture(scope="module")
def pg_url():
    yield from postgres_server()


@pytest.fixture
def pg_app(pg_url):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": pg_url})
    with app.app_context():
        with db.engine.begin() as conn:
            conn.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
        from flask_migrate import upgrade

        upgrade()  # the real migrations, as `flask db upgrade` runs them on release
        yield app
        db.session.remove()
        db.engine.dispose()
