"""Four Card Poker at a player-dealer table through the web, as three browsers play it: one
seat banks with a stake, the collection fees of 002's schedule are taken before the deal
into the table's fees account, the bank pays and collects from the table's bank account
(never the house) starting at the action seat the P/D's face-up card sets (D-332), wagers
the stake cannot reach get no action, and the books balance after every hand (002 §28-§30,
s.4071-4101; D-465 … D-467, D-483, D-485, P-030 … P-033)."""

from __future__ import annotations

import json
import re

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement
from webgame.services import wallet
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, latest_round, table_account, three_players

FEE_ACCOUNT = "fees"
ACTION = re.compile(r"Action begins at Spot (\d+) \(the player-dealer's up card ([2-9TJQKA])[cdhs]\)")
# D-479: a card counts A = 1 … K = 13 (player-dealer.toml [card_values]), written out here so
# that a wrong count in the data fails this test.
CARD_VALUE = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}


def fcp_table(options: dict | None = None):
    table = create_table("P/D Four Card Poker", "four-card-poker", "lucky-chances",
                         config={"options": options or {}})
    db.session.commit()
    return table


balance = table_account
three = three_players


def take_bank(bank_seat: Seat, stake: str) -> None:
    bank_seat.page()
    if "next" in bank_seat.actions and "bank" not in bank_seat.actions:
        assert bank_seat.act("next") == ""
    assert "bank" in bank_seat.actions, bank_seat.html[-3000:]
    assert bank_seat.act("bank", amount=stake) == ""


def bet(seat: Seat, spot: str, chip: str = "1000") -> None:
    seat.page()
    assert seat.act("bet", spot, chip=chip) == ""


def decide_all(seats: list[Seat], multiple: str = "1") -> None:
    """Everyone decides at once (D-013): Play at ``multiple`` times the Ante."""
    for s in seats:
        s.page()
        assert f"play-{multiple}" in s.actions, sorted(s.actions)
        assert s.act("play", multiple) == ""


def rows_of(rnd) -> list[BetSettlement]:
    """The round's settlement rows in the order they were settled."""
    return list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)
                                   .order_by(BetSettlement.id)))


def test_bank_taken_fees_before_the_deal_and_the_ledger_balanced(app, guest):
    table = fcp_table()
    (a, pa), (b, pb), (c, pc) = three(app, guest, table)
    house_before = wallet.house_total()
    a_before = wallet.balance(wallet.chips(pa.id, table.id))

    take_bank(a, "300")
    assert balance("bank", table) == 30000  # the stake lies in the table's bank (P-030)
    assert wallet.balance(wallet.chips(pa.id, table.id)) == a_before - 30000
    bet(b, "ante")
    bet(b, "aces-up")  # Aces Up at least the Ante (002 s.3135)
    bet(c, "ante")
    c.page()
    # Posted before the deal: 002-three-card-poker-1, the default (D-482).
    assert 'data-testid="pd-fees"' in c.html
    assert balance(FEE_ACCOUNT, table) == 0
    assert c.act("deal") == ""

    # The fees are already taken while the players still decide, before any card is settled:
    # the bank pays $1 on $30 of table action ($10-$100 band), Spot 2 $1 on its $20 circle,
    # Spot 3 $1 on its $10 circle (002 s.4071-4101; D-483, D-487).
    rnd = latest_round(table)
    assert rnd.status != "over"
    assert balance(FEE_ACCOUNT, table) == 300
    assert balance("bank", table) == 30000  # the P/D pays its fee from its chips, not the stake
    assert wallet.balance(wallet.chips(pa.id, table.id)) == a_before - 30000 - 100
    b.page()
    assert "pd-fees" in b.html
    decide_all([b, c])

    rnd = latest_round(table)
    db.session.expire_all()
    assert rnd.status == "over"
    rows = rows_of(rnd)
    bank_row = next(r for r in rows if r.bet == "bank")
    assert bank_row.player_id == pa.id
    # A $300 stake covers every wager of two $10 Antes, their Plays and a $10 Aces Up: no
    # wager goes back for want of coverage, and the bank won exactly what the players lost.
    assert not [r for r in rows if r.result == "no-action"]
    player_rows = [r for r in rows if r.bet != "bank"]
    assert {r.player_id for r in player_rows} == {pb.id, pc.id}
    assert {r.bet for r in player_rows if r.player_id == pb.id} >= {"ante", "aces-up"}
    assert bank_row.returned - bank_row.stake == -sum(r.returned - r.stake for r in player_rows)
    assert wallet.house_total() == house_before  # the house never banks (D-470)
    assert balance("bank", table) == 0
    assert balance(FEE_ACCOUNT, table) == 300
    assert_books_balance()

    # The same player may bank a second hand, then must pass the bank on (D-468).
    a.page()
    assert "2nd turn" in a.html
    take_bank(a, "300")
    bet(b, "ante")
    bet(c, "ante")
    c.act("deal")
    decide_all([b, c], "3")
    assert latest_round(table).status == "over"
    assert_books_balance()
    a.page()
    assert "bank" not in a.actions
    b.page()
    assert "bank" in b.actions  # offered clockwise
    assert wallet.house_total() == house_before


def test_a_short_bank_settles_from_the_action_seat_its_up_card_sets(app, guest):
    table = fcp_table()
    (a, pa), (b, pb), (c, pc) = three(app, guest, table)
    # A $10 bank, the table minimum (D-471), against two seats of an Ante, Aces Up and the Bad
    # Beat Bonus each: the first Ante it settles uses it all up, win or lose (an Ante never
    # pushes: the player wins ties, D-328), and every other wager gets no action (D-466).
    take_bank(a, "10")
    for s in (b, c):
        bet(s, "ante")
        bet(s, "aces-up")
        bet(s, "bad-beat")
    c.page()
    assert c.act("deal") == ""
    decide_all([b, c])
    rnd = latest_round(table)
    db.session.expire_all()
    assert rnd.status == "over"

    b.page()
    found = ACTION.search(b.html)
    assert found, b.html[-3000:]
    # D-332: the up card's value counted clockwise over the non-P/D seats from the house
    # dealer's left (Spots 2-8, the P/D in Spot 1), then on to the first seat with a wager.
    counted = 2 + (CARD_VALUE[found.group(2)] - 1) % 7
    action_spot = 3 if counted == 3 else 2
    assert int(found.group(1)) == action_spot
    first, second = (pb, pc) if action_spot == 2 else (pc, pb)

    rows = [r for r in rows_of(rnd) if r.bet != "bank"]
    covered = [r for r in rows if r.result != "no-action"]
    assert [(r.player_id, r.bet) for r in covered] == [(first.id, "ante")]
    assert abs(covered[0].returned - covered[0].stake) == 1000  # covered to the bank's $10
    returned = {(r.player_id, r.bet) for r in rows if r.result == "no-action"}
    assert returned == {(first.id, "play"), (first.id, "aces-up"), (first.id, "bad-beat"),
                        (second.id, "ante"), (second.id, "play"), (second.id, "aces-up"), (second.id, "bad-beat")}
    assert all(r.returned == r.stake for r in rows if r.result == "no-action")
    bank_row = next(r for r in rows_of(rnd) if r.bet == "bank")
    assert bank_row.player_id == pa.id and bank_row.stake == 1000
    assert bank_row.returned - bank_row.stake == -(covered[0].returned - covered[0].stake)
    # A wager returned for want of coverage keeps its fee (D-485): the bank's $1 on $60 of
    # action and each player's $1 on a $30 circle.
    assert balance(FEE_ACCOUNT, table) == 300
    for s in (b, c):
        s.page()
        assert "no action" in s.html
    page = b.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
    assert 'data-testid="recall-fees"' in page and 'data-testid="recall-coverage"' in page
    assert balance("bank", table) == 0
    assert_books_balance()


def test_bad_input_changes_nothing(app, guest):
    table = fcp_table()
    (a, pa), (b, _pb), (_c, _pc) = three(app, guest, table)
    a.page()
    assert a.act("next") == ""
    chips_before = wallet.balance(wallet.chips(pa.id, table.id))
    assert a.act("bank", amount="5") == "The bank takes a stake of at least $10, the table minimum."
    assert b.act("bank", amount="100", seat=0) == "That seat is not yours."
    b.page()
    assert b.act("bet", "ante", chip="1000") == "The bank is being offered: nobody bets until somebody banks."
    assert wallet.balance(wallet.chips(pa.id, table.id)) == chips_before
    assert a.act("bank", amount="100") == ""
    assert a.act("bet", "ante", chip="1000") != ""  # the P/D posts no wager
    b.page()
    assert b.act("bet", "aces-up", chip="1000") != ""  # a bonus bet needs the Ante (002 s.3131)
    assert_books_balance()


def test_games_json_lists_four_card_poker_as_playable(app):
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    fcp = next(g for g in json.loads(result.output)["games"] if g["slug"] == "four-card-poker")
    (edition,) = fcp["variants"]
    assert edition["slug"] == "lucky-chances" and edition["banking"] == "player-dealer"
    assert edition["playable"] is True
    assert edition["side_bets"] == ["aces-up", "four-card-bad-beat"]
