"""Game recall, the commit-reveal fairness proof, and the hole card that never leaks."""

import re

import sqlalchemy as sa

from webgame.engine.rng import commitment
from webgame.extensions import db
from webgame.models import Round
from webgame.services import recall

from .tablehelp import Seat, assert_books_balance, latest_round, make_table


def _play_rounds(seat, n):
    for _ in range(n):
        seat.act("bet", "main", chip=1000)
        seat.act("deal")
        seat.play_out()


def test_commitment_is_shown_before_and_seed_only_after(guest, app):
    table = make_table()
    seat = Seat(guest, table)
    seat.act("bet", "main", chip=1000)
    rnd = latest_round(table)
    assert rnd.commitment[:16] in seat.html
    assert rnd.seed not in seat.html
    proof_page = guest.get(f"/rounds/{rnd.id}/proof").get_data(as_text=True)
    assert "hidden until the round ends" in proof_page and rnd.seed not in proof_page
    seat.act("deal")
    seat.play_out()
    db.session.expire_all()
    rnd = db.session.get(Round, rnd.id)
    assert rnd.status == "over" and commitment(rnd.seed) == rnd.commitment
    page = guest.get(f"/rounds/{rnd.id}/proof").get_data(as_text=True)
    assert rnd.seed in page and "VERIFIED" in page


def test_replay_reproduces_every_round_and_catches_tampering(guest):
    table = make_table()
    seat = Seat(guest, table)
    for n in (1, 2):
        guest.post(f"/tables/{table.id}/bot", {"seat": n})
    seat.page()
    _play_rounds(seat, 4)
    rounds = db.session.scalars(sa.select(Round).where(Round.table_id == table.id)).all()
    assert len(rounds) == 4
    for rnd in rounds:
        assert recall.prove(rnd).verified
    victim = rounds[-1]
    state = dict(victim.state)
    dealer = list(state["dealer"])
    dealer[0] = "2c" if dealer[0] != "2c" else "3d"  # a different card (a reversed pair may read the same)
    state["dealer"] = dealer
    victim.state = state
    db.session.commit()
    proof = recall.prove(victim)
    assert proof.hash_matches and not proof.replay_matches and not proof.verified


def test_verify_cli(guest, app):
    table = make_table()
    seat = Seat(guest, table)
    _play_rounds(seat, 1)
    rnd = latest_round(table)
    runner = app.test_cli_runner()
    result = runner.invoke(args=["verify", str(rnd.id)])
    assert result.exit_code == 0, result.output
    assert "VERIFIED" in result.output and rnd.seed in result.output
    assert runner.invoke(args=["verify", "99999"]).exit_code == 2


def test_history_lists_rounds_with_balances_and_recall(guest):
    table = make_table()
    seat = Seat(guest, table)
    _play_rounds(seat, 11)
    page = guest.get("/history").get_data(as_text=True)
    assert page.count("Recall</a>") >= 10  # GLI-19: the last game and at least nine before it
    rnd = latest_round(table)
    detail = guest.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    assert "RECALL" in detail and "Every decision, in order" in detail
    assert re.search(r"main</td>", detail)


def test_another_players_round_is_not_recalled_for_you(guest, app):
    from tests.conftest import CasinoClient

    table = make_table()
    seat = Seat(guest, table)
    _play_rounds(seat, 1)
    rnd = latest_round(table)
    other = CasinoClient(app.test_client())
    other.get("/login")
    other.post("/guest")
    assert other.get(f"/rounds/{rnd.id}").status_code == 404
    assert other.get(f"/rounds/{rnd.id}/proof").status_code == 200  # proofs are public


def test_hole_card_never_reaches_any_page_before_it_is_turned(guest, app):
    """Scan every page and fragment: the hole card's code appears no more often than the
    visible cards with that code account for, until the dealer turns it over."""
    table = make_table()
    seat = Seat(guest, table)
    for n in (1, 2, 3, 4):
        guest.post(f"/tables/{table.id}/bot", {"seat": n})
    seat.page()
    checked = 0
    for _ in range(25):
        seat.act("bet", "main", chip=1000)
        seat.act("deal")
        pages = [seat.html]
        pages.append(guest.get(f"/tables/{table.id}/play").get_data(as_text=True))
        for _ in range(30):
            db.session.expire_all()
            rnd = latest_round(table)
            state = rnd.state
            if rnd.status == "over" or state.get("hole_revealed"):
                break
            hole = state["dealer"][1]
            visible = [state["dealer"][0]] + [c for box in state["seats"].values() for h in box["hands"] for c in h["cards"]]
            for html in pages + [seat.html]:
                shown = re.findall(r'data-code="([^"]+)"', html)
                assert shown.count(hole) == visible.count(hole), "the hole card leaked"
                assert 'data-code="back"' in html
                checked += 1
            pages = []
            if "decline" in seat.actions:
                seat.act("decline")
            elif any(a.startswith("stand-") for a in seat.actions):
                seat.act("stand", sorted(a for a in seat.actions if a.startswith("stand-"))[0][6:])
            else:
                break
        seat.play_out()
    assert checked > 20
    assert_books_balance()


def test_shoe_order_never_reaches_a_page(guest):
    table = make_table(variant="single-deck")
    seat = Seat(guest, table)
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    db.session.expire_all()
    remaining = latest_round(table).state["shoe"]["remaining"]
    html = seat.html + guest.get(f"/tables/{table.id}").get_data(as_text=True)
    run = "".join(remaining[:6])
    assert run not in html.replace('"', "").replace(" ", "")
    assert "remaining" not in html
