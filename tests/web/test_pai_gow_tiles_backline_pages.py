"""Bets behind at Pai Gow tiles through the web (D-474, rule 41, rule 42; P-243, P-244): Spot 1
banks, Spot 2 bets $10, Spot 3 bets $30 behind it and gets Spot 2's tile setter, Spot 4 bets $10
behind it and sees no tile of it. Every stack of the round's tiles can be set so that both hands
could be improved; Spot 3 sets Spot 2's that way. Spot 3 plays it as set, Spot 2 and Spot 4 on the
House Way setting; the felt tells them so, the recall keeps it, the bank pays and collects within
its stake, never the house, and the books balance."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from webgame.devices.shoe import Shoe
from webgame.extensions import db
from webgame.games.paigow import tiles_table
from webgame.games.paigow.tiles import improves_both, pairings, set_tiles
from webgame.models import BetSettlement
from webgame.services import recall, wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, second_player, table_account, three_players

GAME, VARIANT = "pai-gow-tiles", "lucky-chances"
# Eight stacks of four, each with a setting that another setting beats in both hands (rule 42),
# so whichever stack the dice give Spot 2 can be mis-set.
STACKS = ["66a 66b 11a 11b", "44a 44b 13a 13b", "55a 55b 33a 33b", "22a 22b 56a 56b",
          "46a 46b 16a 16b", "15a 15b 45 36", "35 26 34 25", "23 14 12 24"]
SETTER_TILE = re.compile(r'name="card" value="([^"]+)"')
FACE = re.compile(r'data-code="(\d\d[ab]?)"')


def mis_set(four: list[str]) -> str:
    """A low hand for ``four`` that another setting improves in both hands, as the felt posts it."""
    for s in pairings(four):
        for low in (s.low, s.high):
            setting = set_tiles(four, list(low.codes))
            if not setting.foul and improves_both(setting, four) is not None:
                return " ".join(sorted(low.codes))
    raise AssertionError(f"{four} has no obvious mis-set")


def test_a_bigger_backer_mis_sets_the_tiles_and_the_lesser_bettors_play_the_house_way(app, guest, monkeypatch):
    order = [c for stack in STACKS for c in stack.split()]

    def stacked(carry: Mapping[str, Any] | None, rng: Any) -> Shoe:
        return Shoe(decks=1, size=32, cut_at=32, remaining=list(order), shuffle_no=1, rounds_since_shuffle=1)

    monkeypatch.setattr(tiles_table, "new_tiles", stacked)
    table = create_table("P/D pai gow tiles backline", GAME, VARIANT, config={"options": {}})
    db.session.commit()
    (bank, _), (player, pb), (backer, pc) = three_players(app, guest, table)
    house_before = wallet.house_total()
    bank.page()
    if "bank" not in bank.actions:
        assert bank.act("next") == ""
    assert bank.act("bank", amount="300") == ""
    lesser = second_player(app, table, 3)
    player.page()
    assert player.act("bet", "main", chip="1000") == ""
    backer.page()
    assert 'data-testid="behind-form"' in backer.html
    assert backer.act("behind", "1:main", amount="30") == ""
    lesser.page()
    assert lesser.act("behind", "1:main", amount="10") == ""
    backer.page()
    assert "You have the most money on Spot 2's hand: you make its decisions." in backer.html
    player.page()
    assert player.act("deal") == ""

    # The seated player sees its four tiles and who sets them; it has no setter.
    player.page()
    assert 'data-testid="controlled-by"' in player.html and "Spot 3 has more money on this position" in player.html
    assert 'data-testid="hand-setter"' not in player.html
    # The controller gets Spot 2's setter, posting from its own seat.
    backer.page()
    assert 'data-testid="backed-hand"' in backer.html and 'data-testid="hand-setter"' in backer.html
    setter = backer.html[backer.html.index('data-testid="hand-setter"'):]
    assert 'name="kind" value="set@2"' in setter[:3000] and 'name="seat" value="2"' in setter[:3000]
    four = SETTER_TILE.findall(backer.html)
    assert len(four) == 4 and " ".join(four) in STACKS and set(four) <= set(FACE.findall(player.html))
    # Rule 41: the lesser backer and the bank see none of them (P-243).
    for other in (lesser, bank):
        other.page()
        assert not set(four) & set(FACE.findall(other.html)), "tiles leaked to a bettor who may not see them"
        assert 'data-testid="hand-setter"' not in other.html
    low = mis_set(four)
    assert backer.act("set@2", low) == ""
    bank.page()
    assert bank.act("house-way") == ""  # the player-dealer asks for the House Way (rule 47)
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    seat_bet = next(r for r in rows if r.bet == "main" and r.seat == 1)
    behind = {r.player_id: r for r in rows if r.bet == "main/behind-spot-2"}
    controller = behind.pop(pc.id)
    (lesser_row,) = behind.values()
    assert seat_bet.player_id == pb.id
    assert "played as set" in controller.detail and "rule 42" not in controller.detail
    for row in (seat_bet, lesser_row):
        assert "reset House Way, rule 42: " in row.detail
        assert re.search(r"(pays 1 to 1|wins|loses|copies)$", row.detail), row.detail  # kept whole
    # The two lesser bettors, $10 each on the same House Way setting, fare alike.
    assert (seat_bet.result, seat_bet.returned) == (lesser_row.result, lesser_row.returned)
    for r in rows:
        if r.bet != "bank" and r.result != "no-action":
            assert r.returned in (0, r.stake, 2 * r.stake)  # lose, push, or 1 to 1 (D-264)
    assert sum(r.returned - r.stake for r in rows) == 0  # between the players and the bank only
    # The felt says so on the result; the recall keeps the words and the rule.
    for seat in (player, lesser):
        seat.page()
        assert "Your hand was reset House Way, rule 42" in seat.html
        assert 'data-testid="rule-42-reset"' in seat.html
    backer.page()
    assert "Your hand was reset House Way, rule 42" not in backer.html and 'data-testid="rule-42-reset"' in backer.html
    page = lesser.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    assert "reset House Way, rule 42: " in page
    assert wallet.house_total() == house_before
    assert table_account("bank", table) == 0
    assert recall.prove(rnd).verified
    assert_books_balance()
