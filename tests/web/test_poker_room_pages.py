"""The poker room through the web: seats, the deal, betting in turn, the pot and the house's
take in the ledger, hidden hole cards, forged and stale posts, the clock, bots and hand
histories (issue: the poker room, INDEX section 7)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import sqlalchemy as sa

from webgame.extensions import db
from webgame.games import registry
from webgame.models import BetSettlement, LedgerEntry, Round, utcnow
from webgame.services import play, recall, wallet
from webgame.services.tables import create_table

from .tablehelp import Seat, assert_books_balance, latest_round

CODE = re.compile(r'data-code="([2-9TJQKA][cdhs]|JK)"')  # the joker of Mexican Stud and Draw included


def make(variant: str = "nl-procedure", game: str = "texas-holdem", config=None):
    """A table whose hands are dealt by a player's Deal (the table's own deal waits an hour)."""
    table = create_table(f"Test {game} {variant}", game, variant, config={"next_hand_s": 3600, **(config or {})})
    db.session.commit()
    return table


def other(app, table, seat: int, buy: str = "100") -> Seat:
    """Another guest in their own browser, seated with ``buy`` in chips."""
    from tests.conftest import CasinoClient

    c = CasinoClient(app.test_client())
    c.get("/login")
    c.post("/guest")
    return Seat(c, table, seat, buy=buy)


def two_players(app, guest, table, buy="100"):
    a = Seat(guest, table, 0, buy=buy)
    b = other(app, table, 1, buy)
    a.page()
    b.page()
    return a, b


DISCARD = re.compile(r'data-action="discard-([2-9TJQKA][cdhs])"')


def to_act(seat: Seat) -> bool:
    seat.page()
    return bool({"fold", "check", "call", "run-twice-no", "draw", "bring-in", "expose-no"} & seat.actions or DISCARD.search(seat.html))


SMALLEST = re.compile(r'name="kind" value="(bet|raise)">.*?name="amount" inputmode="decimal" size="7" value="([\d.]+)"',
                      re.DOTALL)


def test_two_players_play_a_hand_and_the_pot_balances(app, guest):
    table = make()
    a, b = two_players(app, guest, table)
    assert "deal" in a.actions
    assert a.act("deal") == ""
    rnd = latest_round(table)
    assert rnd.status == "open"
    for _ in range(30):
        seat = a if to_act(a) else b if to_act(b) else None
        if seat is None:
            break
        kinds = seat.actions
        seat.act("check" if "check" in kinds else "call")
    db.session.expire_all()
    rnd = db.session.get(Round, rnd.id)
    assert rnd.status == "over"
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    assert {r.seat for r in rows} == {0, 1} and all(r.bet == "pot" for r in rows)
    assert wallet.balance(wallet.account("pot", table_id=table.id, name="Pot")) == 0
    assert_books_balance()


def play_to_the_end(a: Seat, b: Seat) -> None:
    for _ in range(30):
        seat = a if to_act(a) else b if to_act(b) else None
        if seat is None:
            return
        seat.act("check" if "check" in seat.actions else "call")


def test_each_player_reads_the_hand_history_with_their_own_cards(app, guest):
    table = make()
    a, b = two_players(app, guest, table)
    a.act("deal")
    rnd = latest_round(table)
    db.session.expire_all()
    state = db.session.get(Round, rnd.id).state
    holes = {p["seat"]: p["hole"] for p in state["hand"]["players"]}
    play_to_the_end(a, b)
    text = a.c.get(f"/rounds/{rnd.id}/hand.txt").get_data(as_text=True)
    assert "Dealt to" in text and " ".join(holes[0]) in text
    assert "Hold'em" in text and "SUMMARY" in text.upper()
    other = b.c.get(f"/rounds/{rnd.id}/hand.txt").get_data(as_text=True)
    assert " ".join(holes[1]) in other and " ".join(holes[0]) not in other.split("*** SHOW")[0]
    db.session.expire_all()
    assert recall.prove(db.session.get(Round, rnd.id)).verified  # the seed and the journal replay the hand


def test_only_the_seat_to_act_may_move_and_only_within_its_bounds(app, guest):
    table = make()
    a, b = two_players(app, guest, table)
    a.act("deal")
    first, second = (a, b) if to_act(a) else (b, a)
    first.page()
    held = {"round_id": first.round_id, "version": first.version}  # a form the seat to act holds
    before = (latest_round(table).version, db.session.scalar(sa.select(sa.func.count(LedgerEntry.id))))
    assert second.act("call", **held) == "That move is not open to your seat right now."  # out of turn
    assert second.act("owner", "1", **held) == "That move is not open to your seat right now."  # internal
    assert first.act("raise", amount="100000") != ""  # far over the stack
    assert first.act("deal") != ""  # a hand is in play
    db.session.expire_all()
    assert (latest_round(table).version, db.session.scalar(sa.select(sa.func.count(LedgerEntry.id)))) == before
    assert_books_balance()


def test_nobody_sees_another_players_hole_cards_before_the_showdown(app, guest):
    table = make()
    a, b = two_players(app, guest, table)
    a.act("deal")
    db.session.expire_all()
    state = latest_round(table).state
    holes = {p["seat"]: p["hole"] for p in state["hand"]["players"]}
    for seat, page in ((0, a), (1, b)):
        page.page()
        shown = set(CODE.findall(page.html))
        assert set(holes[seat]) <= shown
        assert not set(holes[1 - seat]) & shown
        deck = state["hand"]["deck"]
        assert not set(deck[state["hand"]["dealt"]:]) & shown  # nor the cards still to come


def test_a_seat_dealt_in_may_not_cash_out_or_leave_until_the_hand_is_over(app, guest):
    table = make()
    a, _b = two_players(app, guest, table)
    a.act("deal")
    chips_before = wallet.balance(wallet.chips(table.seats[0].player_id, table.id))
    a.c.post(f"/tables/{table.id}/cash-out", {})
    a.c.post(f"/tables/{table.id}/leave", {"seat": 0})
    db.session.expire_all()
    assert table.seats[0].player_id is not None
    assert wallet.balance(wallet.chips(table.seats[0].player_id, table.id)) == chips_before


def test_the_buy_in_is_held_to_the_tables_bounds(app, guest):
    table = make()
    a = Seat(guest, table, 0, buy="")
    assert a.c.post(f"/tables/{table.id}/buy-in", {"amount": "20"}, htmx=True).get_data(as_text=True).count(
        "The minimum buy-in here is $80") == 1
    assert "at most $200" in a.c.post(f"/tables/{table.id}/buy-in", {"amount": "250"}, htmx=True).get_data(as_text=True)
    assert "at most $200" not in a.c.post(f"/tables/{table.id}/buy-in", {"amount": "200"}, htmx=True).get_data(as_text=True)


def _buy(seat: Seat, amount: str) -> str:
    return seat.c.post(f"/tables/{seat.table_id}/buy-in", {"amount": amount}, htmx=True).get_data(as_text=True)


def _chips(table, seat: int = 0) -> int:
    return wallet.balance(wallet.chips(table.seats[seat].player_id, table.id))


@pytest.mark.parametrize("variant, per_day", [("chapter4", False), ("nl-procedure", True)])
def test_one_short_buy_in_after_a_full_one(app, guest, variant, per_day):
    """D-411: below the minimum only once after each full buy-in (c000, c002-c004), or once a
    day after the initial buy-in at a c001 (Lucky Derby) table (001 s.33)."""
    table = make(variant)
    a = Seat(guest, table, 0, buy="")
    assert "comes only after a full one" in _buy(a, "20")
    assert _buy(a, "200") and _chips(table) == 20000
    a.c.post(f"/tables/{table.id}/cash-out", {})
    assert _chips(table) == 0
    _buy(a, "20")                                                 # the short buy-in
    assert _chips(table) == 2000
    a.c.post(f"/tables/{table.id}/cash-out", {})
    refused = _buy(a, "20")
    assert _chips(table) == 0
    assert ("today" if per_day else "after each full buy-in") in refused
    _buy(a, "200")                                                # another full buy-in
    a.c.post(f"/tables/{table.id}/cash-out", {})
    _buy(a, "20")
    assert _chips(table) == (0 if per_day else 2000)              # c001: still one a day
    memos = db.session.scalars(sa.select(LedgerEntry.memo).where(
        LedgerEntry.credit_id == wallet.chips(table.seats[0].player_id, table.id).id,
        LedgerEntry.memo.like("%buy-in%")).order_by(LedgerEntry.id)).all()
    assert memos[:3] == ["buy-in", "short buy-in", "buy-in"]


def test_the_operators_posted_game_sets_the_stakes_and_the_buy_in(app, guest):
    """P-306: a Lucky Chances table runs the game its operator posts from 002 Appendix B."""
    table = make("lc-limit", config={"options": {"house_take": "lucky-chances-holdem-limit:41-44"}})
    a = Seat(guest, table, 0, buy="")
    assert "$6/$12 Fixed Limit, blinds $2/$6" in a.html
    assert "The minimum buy-in here is $120" in _buy(a, "100")
    _buy(a, "120")
    assert _chips(table) == 12000


def test_the_operator_posts_a_bigger_game_and_the_buy_in_follows(operator):
    """P-306: the form still shows the old game's buy-in; left as shown, it follows the game."""
    from webgame.services.rounds import next_round_rules

    table = make("lc-limit")
    operator.get("/operator/")
    assert "$6-$12 limit, blinds $2/$6, collected by the hand (002 options 41-44)" in \
        operator.get(f"/operator/?edit={table.id}").get_data(as_text=True)
    resp = operator.post(f"/operator/tables/{table.id}", {
        "name": table.name, "variant": "lc-limit", "opt_house_take": "lucky-chances-holdem-limit:41-44",
        "opt_straddle": "False", "opt_kill": "none", "opt_bad-beat-jackpot": "False", "opt_bot_style": "mixed",
        "limit_buy-in_min": "60", "limit_buy-in_max": "100000", "bots_allowed": "1"})
    assert resp.status_code == 302
    db.session.expire_all()
    rules = next_round_rules(table)
    assert rules["bets"] == [600, 1200] and rules["limits"]["buy-in"]["min"] == 12000
    operator.post(f"/operator/tables/{table.id}", {
        "name": table.name, "variant": "lc-limit", "opt_house_take": "lucky-chances-holdem-limit:41-44",
        "limit_buy-in_min": "150", "limit_buy-in_max": "100000", "bots_allowed": "1"})
    db.session.expire_all()
    assert next_round_rules(table)["limits"]["buy-in"]["min"] == 15000      # the operator's own figure


def test_a_passed_clock_draws_the_time_bank_then_folds_a_bet(app, guest):
    table = make()
    a, _b = two_players(app, guest, table)
    a.act("deal")
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.deadline_kind == "decision"
    waiting = rnd.state["hand"]["actor"]
    kinds = []
    for _ in range(5):  # 60 s of time bank, drawn 20 s a clock (D-239), then the default
        rnd.deadline = utcnow() - timedelta(seconds=1)
        db.session.commit()
        a.page()  # the next look at the table applies the clock
        db.session.expire_all()
        rnd = db.session.get(Round, rnd.id)
        kinds.append(rnd.deadline_kind)
        if rnd.status == "over":
            break
    assert kinds[:3] == [f"time-bank:{waiting}"] * 3
    players = {p["seat"]: p for p in rnd.state["hand"]["players"]}
    # Pre-flop the small blind owes a call: its clock folds it (D-009), and the hand is over.
    assert rnd.status == "over" and players[waiting]["folded"] and len(kinds) == 4
    assert rnd.state["time_bank"][str(waiting)] == 0
    assert "time-bank" not in a.actions
    assert_books_balance()


def test_the_next_hand_deals_itself_once_the_wait_is_over(app, guest):
    table = make(config={"next_hand_s": 5})
    a, _b = two_players(app, guest, table)
    db.session.expire_all()
    assert latest_round(table) is None or latest_round(table).status != "open"
    for seat in table.seats:
        if seat.player_id:
            seat.sat_at = utcnow() - timedelta(seconds=6)
    db.session.commit()
    a.page()
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd is not None and rnd.status == "open" and rnd.state["phase"] == "hand"


def test_the_collection_leaves_the_pot_for_the_tables_fees_once_a_flop_is_dealt(app, guest, monkeypatch):
    table = make()
    a, b = two_players(app, guest, table)
    a.act("deal")
    play_to_the_end(a, b)
    db.session.expire_all()
    rnd = latest_round(table)
    fees = wallet.balance(wallet.account("fees", table_id=table.id))
    taken = sum(t["amount"] for t in rnd.state["take"])
    assert taken > 0 and fees == taken  # 001 Appendix B, the table's schedule (lucky-derby-holdem-nl)
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    assert sum(r.stake for r in rows) - sum(r.returned for r in rows) == taken
    assert wallet.balance(wallet.account("pot", table_id=table.id, name="Pot")) == 0
    assert_books_balance()


def test_a_guest_and_two_bots_play_hands_to_the_end(app, guest):
    table = make()
    a = Seat(guest, table, 0, buy="100")
    for n in (1, 2):
        assert a.c.post(f"/tables/{table.id}/bot", {"seat": n}).status_code == 302
    for _ in range(2):
        a.page()
        if "deal" in a.actions:
            a.act("deal")
        for _ in range(20):
            if not to_act(a):
                break
            a.act("check" if "check" in a.actions else "fold")
        db.session.expire_all()
        assert latest_round(table).status == "over"
    bots = [s.player_id for s in table.seats if s.is_bot]
    assert len(bots) == 2
    assert_books_balance()


POKER_GAMES = ("texas-holdem", "omaha", "omaha-hi-lo", "double-board-omaha", "big-o", "pineapple",
               "five-card-draw", "lowball-draw", "five-card-draw-hi-lo", "mexican-draw", "badugi",
               "seven-card-stud", "seven-card-stud-hi-lo", "razz", "five-card-stud", "mexican-stud")
DRAW_CARD = re.compile(r'name="card" value="([2-9TJQKA][cdhs]|JK)"')
STUD_GAMES = ("seven-card-stud", "seven-card-stud-hi-lo", "razz", "five-card-stud", "mexican-stud")
EVERY_VARIANT = [(g, v) for g in POKER_GAMES for v in registry.rules(g).variants]


@pytest.mark.parametrize(("game", "variant"), EVERY_VARIANT)
def test_every_variant_deals_and_settles_a_hand_through_the_web(app, guest, game, variant):
    table = make(variant, game)
    rules = play.next_round_rules(table)
    buy = f"{registry.engine(game, variant).bot_bankroll(rules)[0] / 100:.2f}"
    seats = [Seat(guest, table, 0, buy=buy)] + [other(app, table, n, buy)
                                                for n in range(1, int(rules.get("min_players", 2)))]
    seats[0].page()
    assert seats[0].act("deal") == ""
    for _ in range(60):
        seat = next((s for s in seats if to_act(s)), None)
        if seat is None:
            break
        kinds = seat.actions
        if game in STUD_GAMES:  # the page of the seat to act shows its own cards, no other seat's down cards
            shown = set(CODE.findall(seat.html))
            for p in latest_round(table).state["hand"]["players"]:
                downs = {c for c in p["hole"] if c not in p["up"]}
                assert (set(p["hole"]) <= shown) if p["seat"] == seat.seat else not (shown & downs), p["seat"]
        if DISCARD.search(seat.html):  # pineapple: throw the first card offered
            seat.act("discard", DISCARD.search(seat.html).group(1))
        elif "draw" in kinds:  # the draw games: throw the first card of the form (draw.py)
            assert seat.act("draw", DRAW_CARD.search(seat.html).group(1)) == ""
        elif "run-twice-no" in kinds:
            seat.act("run-twice", "no")
        elif "bring-in" in kinds:  # stud: the forced bring-in (D-439)
            assert seat.act("bring-in") == ""
        elif "expose-no" in kinds:  # Mexican Stud: keep the down card down
            assert seat.act("expose", "no") == ""
        elif "check" in kinds or "call" in kinds:
            seat.act("check" if "check" in kinds else "call")
        else:  # the first player in opens for at least the blinds (c002, D-404)
            kind, amount = SMALLEST.search(seat.html).groups()
            assert seat.act(kind, amount=amount) == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over", (game, variant, rnd.state["hand"]["phase"])
    rows = list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))
    taken = sum(t["amount"] for t in rnd.state["take"])
    assert sum(r.stake for r in rows) - sum(r.returned for r in rows) == taken
    assert wallet.balance(wallet.account("pot", table_id=table.id, name="Pot")) == 0
    assert_books_balance()


def three_players(app, guest, table, buy="100"):
    seats = [Seat(guest, table, 0, buy=buy), other(app, table, 1, buy), other(app, table, 2, buy)]
    for s in seats:
        s.page()
    return seats


def finish_hand(seats) -> None:
    for _ in range(60):
        up = next((s for s in seats if to_act(s)), None)
        if up is None:
            return
        up.act("check" if "check" in up.actions else "call" if "call" in up.actions else "run-twice",
                "no" if "run-twice-no" in up.actions else "")


def test_the_player_left_of_the_big_blind_may_straddle_the_next_hand(app, guest):
    table = make("lucky-derby-limit")  # 001 house rules: a live straddle, one more raise (D-414)
    seats = three_players(app, guest, table, buy="200")
    seats[0].act("deal")
    finish_hand(seats)
    offered = [s for s in seats if (s.page() and "straddle" in s.actions)]
    assert len(offered) == 1  # only the seat left of the next big blind
    assert offered[0].act("straddle") == ""
    offered[0].act("deal")
    db.session.expire_all()
    forced = latest_round(table).state["hand"]["forced"]
    straddles = [f for f in forced if f["kind"] == "straddle"]
    big = max(f["amount"] for f in forced if f["kind"] == "big-blind")
    assert [f["seat"] for f in straddles] == [offered[0].seat] and straddles[0]["amount"] == 2 * big
    finish_hand(seats)
    assert_books_balance()


def test_a_bomb_pot_antes_everyone_in_and_starts_on_the_flop(app, guest):
    table = make("lucky-derby", "omaha")  # 001 s.5868-5876 (D-456)
    a, b = two_players(app, guest, table, buy="200")
    assert a.act("bomb-pot", amount="1000000") == "Choose between $2 and $20."  # a forged amount
    assert a.act("bomb-pot", amount="5") == ""
    b.page()
    assert b.act("bomb-pot-yes") == ""
    a.page()
    a.act("deal")
    db.session.expire_all()
    state = latest_round(table).state
    assert state["plan"]["bomb"] and {f["kind"] for f in state["hand"]["forced"]} == {"bomb"}
    assert all(f["amount"] == 500 for f in state["hand"]["forced"])
    assert len(state["hand"]["boards"][0]) == 3  # no pre-flop betting: the flop is out
    finish_hand([a, b])
    assert_books_balance()


def test_a_timed_collection_is_paid_from_the_chips_before_the_cards(app, guest):
    # 002 Appendix B's timed no-limit collection (P-302): each period is paid at its start.
    table = make("lc-nl", config={"options": {"house_take": "lucky-chances-holdem-nl-timed:235-237"}})
    a, b = two_players(app, guest, table)
    a.act("deal")
    db.session.expire_all()
    state = latest_round(table).state
    assert {f["seat"] for f in state["fees"]} == {0, 1} and all(f["amount"] > 0 for f in state["fees"])
    assert wallet.balance(wallet.account("fees", table_id=table.id)) == sum(f["amount"] for f in state["fees"])
    assert "Collection, seat 1" in a.page()
    play_to_the_end(a, b)
    assert_books_balance()


def test_a_draw_hand_refuses_a_forged_draw_and_never_shows_another_seats_cards(app, guest):
    table = make("chapter4", "lowball-draw")  # 004 §13: one draw of 0 to 5 cards (D-446)
    a, b = two_players(app, guest, table)
    a.act("deal")
    seats = {0: a, 1: b}

    def holes() -> dict[int, list[str]]:
        db.session.expire_all()
        return {p["seat"]: p["hole"] for p in latest_round(table).state["hand"]["players"]}

    def check_pages() -> None:
        now = holes()
        for seat, page in seats.items():
            page.page()
            shown = set(CODE.findall(page.html))
            assert set(now[seat]) <= shown and not set(now[1 - seat]) & shown

    for _ in range(6):  # the betting before the draw
        check_pages()
        up = next((s for s in seats.values() if to_act(s)), None)
        assert up is not None
        if "draw" in up.actions:
            break
        up.act("check" if "check" in up.actions else "call")
    assert 'data-testid="draw-form"' in up.html and "Stand pat" in up.html
    theirs = holes()[1 - up.seat]
    assert up.act("draw", theirs[0]) == "You can only discard cards you hold."   # a forged draw
    assert up.act("draw", "As,As") != ""
    mine = holes()[up.seat]
    # Ticking two cards on the form (no script): the cards come as "card" fields.
    data = {"seat": up.seat, "kind": "draw", "spot": "", "round_id": up.round_id, "version": up.version,
            "card": mine[:2]}
    up.c.post(f"/tables/{table.id}/act", data)
    after = holes()[up.seat]
    assert after[2:] == mine[2:] and not set(after[:2]) & set(mine[:2])
    check_pages()
    rival = seats[1 - up.seat]
    assert f'data-testid="drew-{up.seat}"' in rival.html and "drew 2" in rival.html
    finish = [a, b]
    for _ in range(20):
        nxt = next((s for s in finish if to_act(s)), None)
        if nxt is None:
            break
        if "draw" in nxt.actions:
            check_pages()
            nxt.act("draw", "")
        else:
            nxt.act("check" if "check" in nxt.actions else "call")
    db.session.expire_all()
    assert latest_round(table).status == "over"
    assert_books_balance()
