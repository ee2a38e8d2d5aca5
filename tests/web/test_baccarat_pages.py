"""Mini-Baccarat and EZ Baccarat through the web: the felt with its boxes, circles, shoe and
scoreboards; bets and the deal posted as a browser does; the money of each round matching
its settlements with the ledger balanced; the scoreboards kept in the table's carry across
rounds; recall and the fairness proof."""

from __future__ import annotations

import json
import re

import pytest

from webgame.extensions import db
from webgame.games.baccarat import total
from webgame.models import Table
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, chips, latest_round, me, round_settlements

VARIANT = {"mini-baccarat": "chapter4", "ez-baccarat": "grand-ronde"}


def make(slug: str, config=None) -> Table:
    table = create_table(f"Test {slug}", slug, VARIANT[slug], config=config or {})
    db.session.commit()
    return table


def load_shoe(table: Table, codes: list[str], decks: int = 8, marks: list[str] | None = None) -> None:
    """Fill the table's shoe with chosen cards (each round still shuffles them with its own
    seed, P-001: only the composition matters) and the scoreboards with ``marks``."""
    size = 52 * decks
    shoe = {"decks": decks, "size": size, "cut_at": size * 75 // 100, "remaining": (codes * size)[:size],
            "discards": [], "in_play": [], "shuffle_no": 1, "rounds_since_shuffle": 1,
            "cut_card_out": False, "just_shuffled": False, "emergency_reshuffles": 0}
    table.carry = {"epoch": int((table.config or {}).get("epoch", 0)),
                   "data": {"shoe": shoe, "marks": marks or [], "after_cut": -1}}
    db.session.commit()


def nets_of(table: Table) -> dict[str, int]:
    return {s.bet: s.returned - s.stake for s in round_settlements(latest_round(table))}


def finished_books(table: Table, start: int) -> None:
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    assert chips(me(), table) == start + sum(s.returned - s.stake for s in round_settlements(rnd))
    assert_books_balance()


@pytest.mark.parametrize("slug", list(VARIANT))
def test_the_felt_names_its_boxes_circles_and_paytables(guest, slug):
    seat = Seat(guest, make(slug))
    page = seat.html
    for label in ("Player", "Banker", "Tie"):
        assert f'<span class="spot-label">{label}</span>' in page
    assert 'data-testid="dealer-cards"' in page and 'data-testid="scoreboards"' in page and "shoe-widget" in page
    assert 'data-paytable="baccarat-tie"' in page and "8 to 1" in page
    if slug == "ez-baccarat":
        assert 'data-paytable="dragon-7"' in page and "40 to 1" in page and "Divine 9" in page
    # The posted rules print Table 2 from the table's tableau (004 s.986-1003): the stood
    # column, then the Player's third card 0-9.
    assert tableau_row(page, 3) == "D DDDDDDDDSD"
    assert tableau_row(page, 6) == "S SSSSSSDDSS"
    assert tableau_row(page, 7) == "S SSSSSSSSSS"


def tableau_row(page: str, banker: int) -> str:
    table = page[page.index('class="paytable bacc-tableau"'):]
    row = re.search(rf'<tr><th scope="row">{banker}</th>(.*?)</tr>', table, re.DOTALL)
    assert row
    cells = re.findall(r"<td>([DS])</td>", row.group(1))
    return cells[0] + " " + "".join(cells[1:])


def test_a_tie_through_the_web_pushes_the_lines_and_pays_the_tie(guest):
    """All tens: both hands draw to 0 and tie (004 s.924, s.946)."""
    table = make("mini-baccarat")
    seat = Seat(guest, table)
    load_shoe(table, ["Tc", "Td", "Th", "Ts", "Jc", "Qd", "Kh"])
    seat.act("bet", "banker", chip=1000)
    seat.act("bet", "player", chip=500)
    seat.act("bet", "baccarat-tie", chip=100)
    assert seat.act("deal") == ""
    finished_books(table, 50_000)
    assert nets_of(table) == {"banker": 0, "player": 0, "baccarat-tie": 800}
    assert "Tie Hand" in seat.html
    db.session.expire_all()
    carry = db.session.get(Table, table.id).carry["data"]
    assert carry["marks"] == ["T"]


def test_a_banker_win_pays_less_commission_and_the_scoreboards_carry_on(guest):
    """All nines: naturals tie; then the shoe's history is kept and a new coup is added."""
    table = make("mini-baccarat")
    seat = Seat(guest, table)
    load_shoe(table, ["9c", "9d", "9h", "9s"], marks=["B", "B", "P"])
    seat.act("bet", "banker", chip=1000)
    seat.act("deal")
    finished_books(table, 50_000)
    assert nets_of(table) == {"banker": 0}
    db.session.expire_all()
    assert db.session.get(Table, table.id).carry["data"]["marks"] == ["B", "B", "P", "T"]
    assert 'class="bead bead-T"' in seat.html and seat.html.count('class="bead bead-B"') == 2


@pytest.mark.parametrize("slug", list(VARIANT))
def test_rounds_from_a_real_shoe_balance_the_books(guest, slug):
    table = make(slug)
    seat = Seat(guest, table)
    start = 50_000
    for _ in range(6):
        seat.page()
        seat.act("bet", "banker", chip=500)
        seat.act("bet", "baccarat-tie", chip=100)
        if slug == "ez-baccarat":
            assert seat.act("bet", "dragon-7", chip=100) == ""
            assert seat.act("bet", "talons-player", chip=100) == ""
        assert seat.act("deal") == ""
        finished_books(table, start)
        start = chips(me(), table)
        rnd = latest_round(table)
        banker = next(s for s in round_settlements(rnd) if s.bet == "banker")
        p, b = rnd.state["player"], rnd.state["banker"]
        winner = "tie" if total(p) == total(b) else "player" if total(p) > total(b) else "banker"
        expected = {"tie": ("push", 500), "player": ("lose", 0),
                    "banker": ("win", 975 if slug == "mini-baccarat" else 1000)}[winner]  # $5 less 25 cents
        if winner == "banker" and slug == "ez-baccarat" and len(b) == 3 and total(b) == 7:
            expected = ("push", 500)  # 000 s.1445
        assert (banker.result, banker.returned) == expected
    db.session.expire_all()
    assert len(db.session.get(Table, table.id).carry["data"]["marks"]) == 6


def test_dragon_7_is_refused_without_a_line_bet(guest):
    seat = Seat(guest, make("ez-baccarat"))
    assert "bet-dragon-7" not in seat.actions
    seat.act("bet", "baccarat-tie", chip=100)
    assert "bet-dragon-7" not in seat.actions
    seat.act("bet", "player", chip=500)
    assert "bet-dragon-7" in seat.actions


@pytest.mark.parametrize("slug", list(VARIANT))
def test_every_round_replays_from_its_seed_and_recalls(guest, slug):
    table = make(slug)
    seat = Seat(guest, table)
    seat.act("bet", "player", chip=500)
    seat.act("deal")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    assert "RECALL" in guest.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    proof = guest.get(f"/rounds/{rnd.id}/proof").get_data(as_text=True)
    assert 'data-testid="verdict">VERIFIED<' in proof


def test_the_games_cli_lists_both_as_playable(app):
    out = app.test_cli_runner().invoke(args=["games", "--json"])
    games = {g["slug"]: g for g in json.loads(out.output)["games"]}
    assert games["mini-baccarat"]["playable"] and games["ez-baccarat"]["playable"]
    assert games["ez-baccarat"]["side_bets"] == ["baccarat-tie", "dragon-7", "panda-8", "divine-9", "golden-talons"]
