"""Hostile forms at a live table: any kind, spot, amount, seat, round and version a browser
could be made to send. Each answer is a page with a plain message (never a server error or
a Python message), the books always balance, no stake is stranded and no second round opens."""

from __future__ import annotations

import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webgame.extensions import db
from webgame.models import Round
from webgame.services import audit, wallet
from webgame.services.tables import create_table

from .tablehelp import Seat
from .test_trust import KINDS

TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
NUMBERISH = st.one_of(st.integers(-10**12, 10**12).map(str), TEXT, st.sampled_from(["", "0", "²", "1e3", "NaN", "5.5"]))
FORMS = st.fixed_dictionaries({
    "kind": st.one_of(st.sampled_from(KINDS), TEXT),
    "spot": st.one_of(st.sampled_from(["", "main", "ante", "pair-plus", "pass", "1", "0", "lucky-ladies"]), TEXT),
    "seat": st.one_of(st.sampled_from(["0", "1", "-1"]), NUMBERISH),
    "chip": st.one_of(st.sampled_from(["100", "500", "2500"]), NUMBERISH),
    "amount": st.one_of(st.just(""), NUMBERISH),
    "round_id": NUMBERISH,
    "version": NUMBERISH,
    "use_current": st.booleans(),
})
PYTHON_WORDS = ("invalid literal", "Traceback", "KeyError", "ValueError", "NoneType")


def _fuzz(app, guest, slug: str, variant: str, forms: list[dict]) -> None:
    app.config["MONEY_RATE_LIMIT"] = "100000 per minute"
    table = create_table(f"Fuzz {slug}", slug, variant)
    db.session.commit()
    seat = Seat(guest, table, buy="2000")
    for form in forms:
        data = dict(form)
        if data.pop("use_current"):
            data["round_id"], data["version"] = seat.round_id, seat.version
        resp = guest.post(f"/tables/{table.id}/act", data, htmx=True)
        body = resp.get_data(as_text=True)
        assert resp.status_code in (200, 400), (resp.status_code, form)
        assert not any(w in body for w in PYTHON_WORDS), form
        seat.html = body if resp.status_code == 200 else seat.page()
    db.session.expire_all()
    assert wallet.total_of_all_accounts() == 0 and wallet.ledger_agrees_with_balances()
    assert audit.layout_problems() == []
    assert db.session.scalar(sa.select(sa.func.count(Round.id)).where(Round.status == "open")) <= 1


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(forms=st.lists(FORMS, min_size=5, max_size=15))
def test_fuzzed_posts_at_blackjack(app, guest, forms):
    _fuzz(app, guest, "blackjack", "grand-ronde", forms)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(forms=st.lists(FORMS, min_size=5, max_size=15))
def test_fuzzed_posts_at_three_card_poker(app, guest, forms):
    _fuzz(app, guest, "three-card-poker", "grand-ronde", forms)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(forms=st.lists(FORMS, min_size=5, max_size=15))
def test_fuzzed_posts_at_craps(app, guest, forms):
    _fuzz(app, guest, "craps", "chapter4", forms)
