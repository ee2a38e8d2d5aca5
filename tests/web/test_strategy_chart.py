"""The blackjack rules panel prints the basic-strategy chart (P-112): the grid the house's
bots play and the exact house edge assumes, with the dealer's soft-17 rule of the table."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import Table
from webgame.services.demo import seed


@pytest.fixture
def floor(app):
    seed()
    db.session.commit()
    return {t.name: t for t in db.session.scalars(sa.select(Table))}


def chart_of(html: str) -> str:
    start = html.index('data-testid="strategy-chart"')
    return html[start:html.index("</details>", start)]


def cells(chart: str, caption: str, label: str) -> list[str]:
    """The codes of one row (``label``) of one grid (``caption``)."""
    grid = chart[chart.index(f"<caption>{caption}</caption>"):]
    grid = grid[:grid.index("</table>")]
    row = re.search(rf'<th scope="row">{re.escape(label)}</th>(.*?)</tr>', grid, re.DOTALL)
    assert row is not None, (caption, label)
    return re.findall(r"<td[^>]*>([^<]+)</td>", row.group(1))


def test_each_blackjack_table_shows_its_chart_with_a_legend(guest, floor) -> None:
    h17 = chart_of(guest.get(f"/tables/{floor['Grand Ronde Blackjack'].id}").get_data(as_text=True))
    s17 = chart_of(guest.get(f"/tables/{floor['Chapter 4 Blackjack'].id}").get_data(as_text=True))
    assert "dealer hits soft 17" in h17 and "dealer stands on soft 17" in s17
    ups = re.findall(r'<th scope="col">([^<]+)</th>', h17[:h17.index("</thead>")])
    assert ups == ["You hold", "2", "3", "4", "5", "6", "7", "8", "9", "10", "A"]
    # Hard 16: stand against 2-6, hit 7 and 8, surrender (else hit) against 9, 10 and an ace.
    assert cells(h17, "Hard totals", "16") == ["S"] * 5 + ["H", "H", "R", "R", "R"]
    # Hard 11 doubles against an ace only where the dealer hits soft 17.
    assert cells(h17, "Hard totals", "11")[-1] == "D" and cells(s17, "Hard totals", "11")[-1] == "H"
    # Soft 18 against a 2: double (else stand) with H17, stand with S17.
    assert cells(h17, "Soft totals", "A,7")[0] == "Ds" and cells(s17, "Soft totals", "A,7")[0] == "S"
    assert cells(h17, "Pairs", "8,8") == ["P"] * 10 and cells(h17, "Pairs", "T,T") == ["S"] * 10
    for code, words in [("H", "hit"), ("S", "stand"), ("D", "double if allowed, otherwise hit"), ("P", "split"),
                        ("R", "surrender if allowed, otherwise hit")]:
        assert f"<dt>{code}</dt><dd>{words}</dd>" in h17


def test_no_other_game_prints_a_blackjack_chart(guest, floor) -> None:
    html = guest.get(f"/tables/{floor['Chapter 4 Craps'].id}").get_data(as_text=True)
    assert "strategy-chart" not in html


def test_the_switch_table_shows_its_play_chart_and_switch_table(guest, floor) -> None:
    """P-271, P-272: the Switch play chart (no surrender; a 12 hits a 4 to 6, as a dealer 22
    pushes) and the table of hand values the bots switch by, for the table's decks."""
    chart = chart_of(guest.get(f"/tables/{floor['Chapter 4 Blackjack Switch'].id}").get_data(as_text=True))
    assert "Blackjack Switch strategy" in chart and "dealer stands on soft 17" in chart
    assert cells(chart, "Hard totals", "12") == ["H"] * 10
    assert cells(chart, "Hard totals", "16") == ["S"] * 5 + ["H"] * 5
    switch = "Switch: each hand's value, in hundredths of a bet. Add up your two hands as dealt and as switched; play the higher (a tie keeps them)"
    assert cells(chart, switch, "A,T") == ["150"] * 10
    # A 20 is worth something against every up card; a 16 loses against every one.
    assert all(int(v) > 10 for v in cells(chart, switch, "T,T")) and all(int(v) < 0 for v in cells(chart, switch, "16"))
