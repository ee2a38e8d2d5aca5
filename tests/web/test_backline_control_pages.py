"""A backline bettor who controls a hand, through the web (D-475, D-477, P-260): at the Lucky
Derby Pai Gow Poker table the person with the most money in action on a hand sets it. Spot 2
bets $10; Spot 3 bets $20 behind it and gets Spot 2's setter, posting from its own seat; Spot 4's
$5 behind gives it nothing to set and no card to see; Spot 2 is told who sets its hand and its
own post is refused in words with nothing changed. The bank pays within its stake, the bets
behind follow Spot 2's Bet, and the books balance."""

from __future__ import annotations

import re

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement
from webgame.services import wallet
from webgame.services.tables import create_table

from .tablehelp import assert_books_balance, latest_round, second_player, table_account, three_players

CODE = re.compile(r'data-code="([2-9TJQKA][cdhs]|JK)"')
SETTER_CARD = re.compile(r'name="card" value="([^"]+)"')


def test_a_backline_bettor_sets_the_hand_it_has_the_most_money_on(app, guest):
    table = create_table("P/D pai gow control", "pai-gow-poker", "lucky-derby", config={"options": {}})
    db.session.commit()
    (bank, pa), (player, pb), (backer, pc) = three_players(app, guest, table)
    lesser = second_player(app, table, 3)
    house_before = wallet.house_total()
    bank.page()
    if "bank" not in bank.actions:
        assert bank.act("next") == ""
    assert bank.act("bank", amount="300") == ""
    player.page()
    assert player.act("bet", "main", chip="1000") == ""
    backer.page()
    assert 'data-testid="behind-form"' in backer.html and "Spot 2: Main" in backer.html
    assert backer.act("behind", "1:main", amount="20") == ""
    lesser.page()
    assert lesser.act("behind", "1:main", amount="5") == ""
    backer.page()
    assert "Spot 3: $20 behind Spot 2's Main · <strong>you back Spot 2</strong>" in backer.html
    assert "You have the most money on Spot 2's hand: you make its decisions." in backer.html
    player.page()
    assert player.act("deal") == ""

    # The seated player sees its own seven cards and who sets them, and has no setter.
    player.page()
    own = set(CODE.findall(player.html))
    assert 'data-testid="controlled-by"' in player.html and "Spot 3 has more money on this hand" in player.html
    assert 'data-testid="hand-setter"' not in player.html and "house-way" not in player.actions
    db.session.expire_all()
    rnd = latest_round(table)
    before = dict(rnd.state)
    # A forged post (the page offers no form for it) against the open round's version.
    error = player.act("house-way", round_id=str(rnd.id), version=str(rnd.version))
    assert "Spot 3 has more money on your hand" in error and "nothing was changed" in error
    db.session.expire_all()
    assert latest_round(table).state == before and latest_round(table).version == rnd.version
    # The controller gets Spot 2's setter, posting from its own seat, and no other hand.
    backer.page()
    assert 'data-testid="backed-hand"' in backer.html and 'data-testid="hand-setter"' in backer.html
    setter = backer.html[backer.html.index('data-testid="hand-setter"'):]
    assert 'name="seat" value="2"' in setter[:2000] and 'name="kind" value="set@2"' in setter[:2000]
    cards = SETTER_CARD.findall(backer.html)
    assert len(cards) == 7 and set(cards) <= own  # Spot 2's seven, seen by the seated player too
    # Nobody else sees them: the bank, the lesser backer.
    for other in (bank, lesser):
        other.page()
        assert not set(cards) & set(CODE.findall(other.html)), "a hand leaked to a player who may not see it"
        assert 'data-testid="hand-setter"' not in other.html
    db.session.expire_all()
    state = latest_round(table).state
    assert state["phase"] == "play"
    assert "data-action=\"house-way@2\">Spot 2: House way<" in backer.html  # the decisions bar
    assert backer.act("house-way@2") == ""
    db.session.expire_all()
    assert latest_round(table).state["inner"]["sets"]["1"]["by_house_way"]
    bank.page()
    assert bank.act("house-way") == ""  # the player-dealer sets the bank's hand
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    bet = next(r for r in rows if r.bet == "main" and r.seat == 1)
    behind = {r.player_id: r for r in rows if r.bet == "main/behind-spot-2"}
    assert bet.player_id == pb.id and set(behind) == {pc.id, lesser_id(rows, pc.id, pb.id, pa.id)}
    for row in behind.values():
        assert row.result == bet.result and row.returned * bet.stake == bet.returned * row.stake  # the Bet's ratio
    assert sum(r.returned - r.stake for r in rows) == 0  # between the players and the bank only
    assert wallet.house_total() == house_before
    assert table_account("bank", table) == 0
    assert_books_balance()


def lesser_id(rows: list[BetSettlement], *known: int) -> int:
    """The fourth browser's player: the bettor behind Spot 2 who is none of the other three."""
    return next(r.player_id for r in rows if r.bet == "main/behind-spot-2" and r.player_id not in known)


def test_a_backline_bettor_draws_for_the_super_pan_9_position(app, guest):
    """Super Pan 9 rule 41 (002 s.1143): Spot 3's $20 behind Spot 2's $10 makes it the active
    player; the decisions bar offers it "Spot 2: Draw" and "No card", the seated player's own
    post is refused, and the round settles with the books balanced."""
    table = create_table("P/D Super Pan 9 control", "super-pan-9", "lucky-chances", config={"options": {}})
    db.session.commit()
    (bank, _), (player, pb), (backer, pc) = three_players(app, guest, table)
    bank.page()
    if "bank" not in bank.actions:
        assert bank.act("next") == ""
    assert bank.act("bank", amount="300") == ""
    player.page()
    assert player.act("bet", "player", chip="1000") == ""
    backer.page()
    assert backer.act("behind", "1:player", amount="20") == ""
    player.page()
    assert player.act("deal") == ""
    backer.page()
    assert "you decide it" in backer.html
    assert 'data-action="hit@2"' in backer.html and 'data-action="stand@2"' in backer.html
    player.page()
    assert 'data-action="hit"' not in player.html
    assert "Spot 3 has more money on your hand and makes its decisions." in player.html
    db.session.expire_all()
    rnd = latest_round(table)
    error = player.act("stand", round_id=str(rnd.id), version=str(rnd.version))
    assert "Spot 3 has more money on your hand" in error
    assert backer.act("stand@2") == ""
    bank.page()
    for kind in ("hit", "stand"):  # the bank's own choice on 4-6, if it has one
        if kind in bank.actions:
            assert bank.act(kind) == ""
            break
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    bet = next(r for r in rows if r.bet == "player" and r.player_id == pb.id)
    behind = next(r for r in rows if r.bet == "player/behind-spot-2")
    assert behind.player_id == pc.id and behind.returned * bet.stake == bet.returned * behind.stake
    assert sum(r.returned - r.stake for r in rows) == 0
    assert_books_balance()
