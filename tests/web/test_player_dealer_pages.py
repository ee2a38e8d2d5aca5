"""A Three Card Poker player-dealer table through the web, as three browsers play it: the
bank offered and accepted with a stake, the collection fee taken before the deal into the
table's fees account, the bank paying and collecting from the table's bank account (never
the house), the bank passing on after two hands, refusals in plain words that change nothing,
and the books balancing after every hand (D-465 … D-470, D-483, P-030 … P-033)."""

from __future__ import annotations

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement
from webgame.services import wallet
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, latest_round, me, table_account, take_bank, three_players

FEE_ACCOUNT = "fees"


def pd_table(variant: str = "6cb-lucky-derby", options: dict | None = None):
    table = create_table("P/D Three Card Poker", "three-card-poker", variant,
                         config={"options": options or {}})
    db.session.commit()
    return table


balance = table_account
three = three_players


def play_hand(bank_seat: Seat, bettors: list[Seat], stake: str = "300") -> None:
    """One hand: the offered seat banks, the others bet $10 on the Ante and play their hands."""
    bank_seat.page()
    if "next" in bank_seat.actions and "bank" not in bank_seat.actions:
        assert bank_seat.act("next") == ""
    assert "bank" in bank_seat.actions, bank_seat.html[-3000:]
    assert bank_seat.act("bank", amount=stake) == ""
    for s in bettors:
        s.page()
        assert s.act("bet", "ante", chip="1000") == ""
    bettors[-1].page()
    assert bettors[-1].act("deal") == ""
    for s in bettors:
        s.page()
        if "play" in s.actions:
            assert s.act("play") == ""


def test_bank_offered_accepted_and_rotated_after_two_hands(app, guest):
    table = pd_table()
    (a, pa), (b, pb), (c, _pc) = three(app, guest, table)
    house_before = wallet.house_total()

    play_hand(a, [b, c])
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    bank_row = next(r for r in rows if r.bet == "bank")
    assert bank_row.player_id == pa.id and bank_row.stake == 30000
    # Coverage conserves money: the bank won exactly what the players lost, and the house nothing.
    assert sum(r.returned - r.stake for r in rows) == 0
    assert wallet.house_total() == house_before
    # 001-blackjack-tcp-1 (the default, D-482): $20 of table action pays the bank's $0.50.
    assert balance(FEE_ACCOUNT, table) == 50
    assert balance("bank", table) == 0
    assert_books_balance()

    # The same player may bank a second hand (2nd turn) and then must pass it on (D-468).
    a.page()
    assert "2nd turn" in a.html
    play_hand(a, [b, c])
    assert_books_balance()
    a.page()
    assert "bank" not in a.actions
    b.page()
    assert "bank" in b.actions  # offered clockwise: the next seat that wagered
    play_hand(b, [a, c])
    rnd = latest_round(table)
    bank_row = db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id,
                                                                 BetSettlement.bet == "bank")).one()
    assert bank_row.player_id == pb.id
    assert_books_balance()


def test_bad_input_changes_nothing(app, guest):
    table = pd_table()
    (a, pa), (b, _pb), (_c, _pc) = three(app, guest, table)
    a.page()
    assert a.act("next") == ""
    version = a.version
    chips_before = wallet.balance(wallet.chips(pa.id, table.id))
    assert a.act("bank", amount="1") == "The bank takes a stake of at least $5, the table minimum."
    assert a.act("bank", amount="5000") .startswith("You have $500 in chips: not enough to bank $5,000")
    assert b.act("bank", amount="100", seat=0) == "That seat is not yours."
    b.page()
    assert b.act("bet", "ante", chip="1000") == "The bank is being offered: nobody bets until somebody banks."
    a.page()
    assert a.version == version
    assert wallet.balance(wallet.chips(pa.id, table.id)) == chips_before
    assert a.act("bank", amount="100") == ""
    assert a.act("bet", "ante", chip="1000") != ""  # the P/D posts no wager
    assert_books_balance()


def test_next_hand_opens_the_round_once_and_never_churns_it(app, guest):
    """A second "Next hand" in a round it already opened is refused and moves nothing, so a
    player cannot make everyone else's forms stale by pressing it again and again."""
    table = pd_table()
    (a, _), (b, _), (_c, _) = three(app, guest, table)
    a.page()
    assert a.act("next") == ""
    version = a.version
    b.page()
    assert "next" not in b.actions
    assert b.act("next", version=version) != ""
    a.page()
    assert a.version == version and "bank" in a.actions
    assert a.act("bank", amount="100") == ""  # the round goes on from where it was
    assert_books_balance()


def test_declined_round_the_table_closes(app, guest):
    table = pd_table()
    (a, _), (b, _), (c, _) = three(app, guest, table)
    a.page()
    assert a.act("next") == ""
    assert a.act("decline") == ""
    b.page()
    assert b.act("decline") == ""
    c.page()
    assert c.act("decline") == ""
    rnd = latest_round(table)
    c.page()
    assert "Nobody took the bank" in c.html
    # D-470: the pause lasts the operator's five minutes, not the betting window or a decision clock.
    from datetime import timedelta

    from webgame.models import utcnow
    db.session.expire_all()
    assert rnd.deadline_kind == "pause"
    assert timedelta(minutes=4, seconds=50) < rnd.deadline - utcnow() <= timedelta(minutes=5)
    assert "The table closes in" in c.html and "Waiting for a player to take the bank" in c.html
    # The pause's clock runs out: the round closes with no hand and no money moved.
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    c.page()
    db.session.expire_all()
    assert latest_round(table).status == "over"
    assert balance(FEE_ACCOUNT, table) == 0
    assert_books_balance()


def test_player_dealer_page_shows_fee_and_coverage(app, guest):
    table = pd_table()
    (a, _), (b, _pb), (c, _) = three(app, guest, table)
    play_hand(a, [b, c], stake="5")
    b.page()
    assert 'data-testid="pd-fees"' in b.html and "$0.50" in b.html
    assert 'data-testid="pd-covered"' in b.html
    rnd = latest_round(table)
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    # A $5 bank against two $10 Antes: whatever the cards, it cannot cover both seats in full
    # unless every wager it reached pushed (D-466).
    pushed = all(r.result == "push" for r in rows if r.bet not in ("bank",) and r.result != "no-action")
    assert pushed or any(r.result == "no-action" for r in rows) or any("bank ran out" in r.detail for r in rows)
    c.page()
    assert pushed or "no action" in b.html + c.html or "covered in part" in b.html
    assert_books_balance()


def test_each_players_recall_shows_the_fee_and_the_coverage_and_the_proof_replays(app, guest):
    from webgame.services import recall

    table = pd_table("6cb-crystal-park")
    (a, _), (b, _), (c, _) = three(app, guest, table)
    play_hand(a, [b, c])
    rnd = latest_round(table)
    assert recall.prove(rnd).verified
    for seat in (a, b, c):
        page = seat.c.get(f"/rounds/{rnd.id}").get_data(as_text=True)
        assert 'data-testid="recall-fees"' in page
        # 003-three-card-poker-6cb-own-1: $0.50 a player, and the bank $0.50 on $20 of action.
        assert "Spot 2 $0.50; Spot 3 $0.50" in page and "Spot 1 (the bank) $0.50" in page
        assert 'data-testid="recall-coverage"' in page and "Spot 2: covered" in page
    assert balance(FEE_ACCOUNT, table) == 150
    assert_books_balance()


def test_the_offer_clock_declines_for_the_offered_player(app, guest):
    from datetime import timedelta

    from webgame.models import utcnow

    table = pd_table()
    (a, _), (b, _), (_c, _) = three(app, guest, table)
    a.page()
    assert a.act("next") == ""
    rnd = latest_round(table)
    assert rnd.deadline is not None and rnd.deadline_kind == "decision"  # a person's clock (P-011)
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    b.page()
    assert "bank" in b.actions  # Spot 1's time ran out: offered on clockwise (D-009)
    a.page()
    assert "bank" not in a.actions
    assert_books_balance()


def test_bots_take_the_bank_where_the_operator_allows(app, guest):
    from webgame.services.bots import add_bot

    table = pd_table(options={"bots_may_bank": True})
    a = Seat(guest, table, 1)
    operator = me()
    operator.is_operator = True
    add_bot(table, 0, operator)
    db.session.commit()
    a.page()
    assert a.act("next") == ""
    assert "Spot 1 banks with" in a.html  # the bot in Spot 1 took the bank at once
    assert a.act("bet", "ante", chip="1000") == ""
    assert a.act("deal") == ""
    if "play" in a.actions:
        assert a.act("play") == ""
    assert latest_round(table).status == "over"
    assert_books_balance()


def test_games_json_lists_the_player_dealer_editions_as_playable(app):
    import json

    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    tcp = next(g for g in json.loads(result.output)["games"] if g["slug"] == "three-card-poker")
    editions = {v["slug"]: v for v in tcp["variants"] if v["banking"] == "player-dealer"}
    assert set(editions) == {"6cb-lucky-derby", "6cb-lucky-chances", "6cb-crystal-park", "lucky-chances"}
    assert all(v["playable"] for v in editions.values())
    assert editions["6cb-crystal-park"]["side_bets"] == ["pair-plus", "six-card-bonus"]
    assert editions["lucky-chances"]["side_bets"] == ["tcp-bonus"]
    assert {"six-card-bonus", "tcp-bonus"} <= set(tcp["side_bets"])


def test_a_bet_behind_through_the_web(app, guest):
    """Lucky Chances TCP 6 Card Bonus allows bets behind (D-474): Spot 3 bets $20 behind Spot
    2's Ante with the page's own form; it is settled right after that Ante, pays its circle's
    fee, the bank stays within its stake and the books balance (P-037)."""
    table = pd_table("6cb-lucky-chances")
    (a, _), (b, _), (c, pc) = three(app, guest, table)
    a.page()
    take_bank(a, "300")
    b.page()
    assert b.act("bet", "ante", chip="1000") == ""
    c.page()
    assert 'data-testid="behind-form"' in c.html and "Spot 2: Ante" in c.html
    assert c.act("behind", "0:ante", amount="20") != ""  # behind the bank: refused in words
    assert c.act("behind", "1:ante", amount="20") == ""
    c.page()
    assert "Spot 3: $20 behind Spot 2's Ante" in c.html
    assert "The bank's $300 covers the $30 on the table." in c.html  # before the deal
    b.page()
    assert b.act("deal") == ""
    if "play" in b.actions:
        assert b.act("play") == ""
    rnd = latest_round(table)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    behind = next(r for r in rows if r.bet == "ante/behind-spot-2")
    ante = next(r for r in rows if r.bet == "ante" and r.seat == 1)
    assert behind.player_id == pc.id and behind.stake == 2000
    assert behind.returned == 2 * ante.returned or behind.result == "no-action"
    assert sum(r.returned - r.stake for r in rows) == 0  # the bank paid what the players won, no more
    assert balance(FEE_ACCOUNT, table) > 0 and balance("bank", table) == 0
    assert_books_balance()


def test_the_bank_keeps_chips_for_its_own_collection_fee(app, guest):
    """P-038: the P/D's fee is taken from its chips before the deal (D-483, D-484), so a stake
    may not leave fewer chips than the most the posted schedule can charge the bank (001
    consolidated option 1: $0.50 to $5 on the table action, s.2077-2081)."""
    table = pd_table()
    (a, pa), (b, _), _ = three(app, guest, table)
    a.page()
    assert a.act("next") == ""
    chips = wallet.balance(wallet.chips(pa.id, table.id))
    assert chips == 50_000
    assert "$5–$495" in a.html  # the form offers up to the chips less the largest bank fee
    import html
    assert html.unescape(a.act("bank", amount="496")) == (
        "Keep $5 of your chips for the bank's collection fee: with $500 in chips you may bank up to $495.")
    assert wallet.balance(wallet.chips(pa.id, table.id)) == chips
    assert a.act("bank", amount="495") == ""
    b.page()
    assert b.act("bet", "ante", chip="1000") == ""
    assert b.act("deal") == ""  # the bank's fee is paid from the $5 kept
    assert_books_balance()
