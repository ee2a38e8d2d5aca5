"""Flask extensions, created unbound and initialised in create_app()."""

from __future__ import annotations

from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from htmx_flask import Htmx
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
login_manager = LoginManager()
htmx = Htmx()
# Login and money endpoints are rate-limited per client address; with REDIS_URL the counts
# are shared by every process (RATELIMIT_STORAGE_URI), otherwise kept in memory.
limiter = Limiter(key_func=get_remote_address, default_limits=[])
