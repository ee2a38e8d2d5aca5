"""The holes a hostile tester found, each pinned: forged moves, replayed Rebets, abandoned
rounds, bots seated by strangers, the commitment shown only after betting, stranded stakes."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from webgame.engine.protocol import Action
from webgame.extensions import db
from webgame.games import registry
from webgame.models import BetSettlement, LedgerEntry, Player, Round, Table, utcnow
from webgame.services import audit, play, wallet
from webgame.services.tables import configure, create_table

from .tablehelp import EIGHTS, Seat, assert_books_balance, chips, latest_round, load_shoe, make_table, me, second_player

# Every kind a browser could be made to send: the engines' player moves, their internal
# moves, and nonsense. Only what the engine lists as legal for the seat now may pass.
KINDS = sorted({
    "bet", "clear", "deal", "hit", "stand", "double", "split", "surrender", "insurance", "decline",
    "even-money", "fold", "check", "play", "raise", "bet-4x", "bet-3x", "bet-2x", "bet-1x", "pull",
    "let-it-ride", "war", "odds", "lay-odds", "take-down", "roll", "spin", "rebet",
    "owner", "timeout", "settle", "void", "reveal", "peek", "OWNER", "owner ", "__class__", "",
    "call", "sit-out", "sit-in", "post", "discard", "run-twice", "time-bank",
    "ticket", "draw", "open",
})
FIRST_VARIANT = {slug: next(iter(registry.rules(slug).variants)) for slug in registry.slugs()}


def _player(name: str, table: Table, seat: int) -> Player:
    p = Player(username=name, display_name=name.title())
    db.session.add(p)
    db.session.flush()
    wallet.transfer(wallet.cage(), wallet.wallet(p.id), 1_000_000)
    play.sit(table, p, seat)
    game = registry.engine(table.game, table.variant)
    bankroll = game.bot_bankroll(play.next_round_rules(table))  # the poker room's table stakes
    play.buy_in(table, p, bankroll[1] if bankroll else 500_000)
    return p


def _legal(table: Table, seat: int) -> list:
    """What the engine lists for the seat now (a scratch round when none is open)."""
    game = registry.engine(table.game, table.variant)  # a player-dealer edition is wrapped (P-033)
    rnd = play.current_round(table)
    if rnd is not None and rnd.status == "open":
        return list(game.legal_actions(game.load(rnd.state), seat))
    from webgame.engine.paytable import resolve
    from webgame.engine.rng import SeededRng

    variant = registry.rules(table.game).variants[table.variant]
    rng = SeededRng(0)
    state = game.new_round(resolve(variant, table.config), rng, play.table_carry(table))
    if game.seat_owner_action and game.takes_owners(state):
        # As a round opens it learns who sits where (rounds.tell_owner): a player-dealer table
        # then offers the bank to the first seat, which may take it or decline it at once.
        for s in table.seats:
            if s.player_id:
                game.apply(state, Action(game.seat_owner_action, s.number, str(s.player_id)), rng)
    return [a for a in game.legal_actions(state, seat) if a.kind in game.opening_actions]


def _snapshot(table_id: int) -> tuple:
    """What the database holds (read by one plain statement, not the objects this test has):
    the table's last round, its version and its state as the stored text (byte for byte, not
    decoded), and the ledger's length."""
    def last(column: Any) -> Any:
        return (sa.select(column).where(Round.table_id == table_id)
                .order_by(Round.number.desc()).limit(1).scalar_subquery())

    return tuple(db.session.execute(sa.select(
        last(Round.id), last(Round.version), last(sa.type_coerce(Round.state, sa.Text)),
        sa.select(sa.func.count(LedgerEntry.id)).scalar_subquery())).one())


SPOTS_SAMPLED = 12


def _refused_unless_legal(table: Table, player: Player, seat: int, other: Player) -> int:
    """Post every kind with a few spots; each that is not legal now is refused and changes
    nothing. Returns how many were tried."""
    legal = _legal(table, seat)
    # Every kind against the odd spots and a spread of the legal ones: a roulette layout lists
    # some 150 spots, and every one of them with every kind would be 15,000 posts a phase.
    # A kind the seat may not make at all is refused whatever its spot, so it is tried with the
    # odd spots and two real ones; a kind legal on some spots is tried on the whole spread.
    named = sorted({a.spot for a in legal})
    step = max(1, len(named) // SPOTS_SAMPLED)
    odd = {"", str(other.id), "main", "0"} | set(named[:1]) | set(named[-1:])
    spread = odd | set(named[::step])
    tried = 0
    table_id, player_id, slug = table.id, player.id, table.game
    before = _snapshot(table_id)  # each refusal is checked against it: nothing may move it
    round_id, version = before[0], before[1]
    for kind in KINDS:
        for spot in sorted(spread if any(a.kind == kind for a in legal) else odd):
            if any(a.kind == kind and (not a.spot or a.spot == spot) for a in legal):
                continue
            # Each post read as the view reads it: the table, its seated players, the posted
            # round and the poster in one statement (the session held nothing after the rollback).
            loaded = play.load_table(table_id, round_id, player_id)
            with pytest.raises(play.PlayError) as refused:
                play.act(loaded.table, player, Action(kind, seat, spot, 500), round_id=round_id, version=version,
                         posted=loaded.posted, settled=loaded.settled)
            assert str(refused.value), (kind, spot)
            db.session.rollback()  # as the view does; it also expires what the session held
            assert _snapshot(table_id) == before, (slug, kind, spot)
            tried += 1
    return tried


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_kind_is_refused_unless_it_is_a_legal_action_of_that_seat(app, slug):
    table = create_table(f"Forge {slug}", slug, FIRST_VARIANT[slug])
    player = _player(f"forger-{slug}", table, 0)
    other = _player(f"victim-{slug}", table, 1)
    db.session.commit()
    tried = _refused_unless_legal(table, player, 0, other)  # before any round
    if registry.rules(slug).variants[FIRST_VARIANT[slug]].player_banked:
        # Nobody bets before somebody banks: the bank is offered to Spot 1, which is refused
        # everything else, declines, and Spot 2 takes it (P-033).
        play.act(table, player, Action("next", 0), round_id=None, version=None)
        db.session.commit()
        tried += _refused_unless_legal(table, player, 0, other)  # the bank offered to this seat
        rnd = play.current_round(table)
        play.act(table, player, Action("decline", 0), round_id=rnd.id, version=rnd.version)
        rnd = play.current_round(table)
        play.act(table, other, Action("bank", 1, "", 100_000), round_id=rnd.id, version=rnd.version)
        db.session.commit()
    if slug == "chemin-de-fer":
        # The shoe is bid for first (P-181): Spot 2 bids, and the bidding's clock gives it the bank.
        play.act(table, other, Action("bid", 1, "", 2000), round_id=None, version=None)
        db.session.commit()
        tried += _refused_unless_legal(table, player, 0, other)  # the bidding open
        rnd = play.current_round(table)
        rnd.deadline = utcnow() - timedelta(seconds=1)
        db.session.commit()
        assert play.tick(table)
        db.session.commit()
    if registry.engine(slug).pot_banked:
        # The poker room: Spot 1 deals, and the hand waits on one seat at a time; the other
        # seat may do nothing, and the seat to act only its own legal moves.
        if slug == "pan":
            _player("third-pan", table, 2)  # Pan deals three or more players (003 s.1395)
            db.session.commit()
        play.act(table, player, Action("deal", 0), round_id=None, version=None)
        db.session.commit()
        tried += _refused_unless_legal(table, player, 0, other)
        tried += _refused_unless_legal(table, other, 1, player)
        assert tried > 2 * len(KINDS)
        assert_books_balance()
        return
    bet = next(a for a in _legal(table, 0) if a.kind in ("bet", "against", "ticket", "cards"))
    # A keno ticket names its spots; bingo cards their count.
    spot = {"ticket": "numbers=1,2,3", "cards": "count=1"}.get(bet.kind, bet.spot)
    rnd = play.current_round(table)
    play.act(table, player, Action(bet.kind, 0, spot, bet.min),
             round_id=rnd.id if rnd else None, version=rnd.version if rnd else None)
    db.session.commit()
    tried += _refused_unless_legal(table, player, 0, other)  # betting open, one bet down
    move = next((a for a in _legal(table, 0) if a.kind not in ("bet", "against", "clear", "ticket", "cards")), None)
    if move is not None:
        rnd = play.current_round(table)
        play.act(table, player, Action(move.kind, 0, move.spot, move.min), round_id=rnd.id, version=rnd.version)
        db.session.commit()
        if play.current_round(table).status == "open":
            tried += _refused_unless_legal(table, player, 0, other)  # a decision is due
    assert tried > 2 * len(KINDS)
    assert_books_balance()


@pytest.mark.parametrize("slug", ["three-card-poker", "blackjack", "ultimate-texas-holdem", "casino-war"])
def test_a_forged_owner_move_is_refused_and_shows_no_other_players_cards(app, guest, slug):
    table = create_table(f"Owner {slug}", slug, FIRST_VARIANT[slug])
    db.session.commit()
    victim = second_player(app, table, seat=1)
    attacker = Seat(guest, table, seat=0)
    victim_id = table.seats[1].player_id
    assert attacker.act("owner", str(victim_id)) == "Place a bet to start the next round."
    assert latest_round(table) is None  # the forged move opened nothing
    bet = next(a for a in _legal(table, 0) if a.kind == "bet")
    attacker.act("bet", bet.spot, amount=str(bet.min / 100))
    assert attacker.act("owner", str(victim_id)) == "That move is not open to your seat right now."
    rnd = latest_round(table)
    assert "owner" not in [e.action["kind"] for e in _journal(rnd) if e.actor == "player"]
    if slug == "three-card-poker":  # the hidden-card scan: the victim's cards never reach the attacker
        victim.page()
        victim.act("bet", bet.spot, amount=str(bet.min / 100))
        victim.act("deal")
        db.session.expire_all()
        state = latest_round(table).state
        theirs = state["seats"]["1"]["cards"]
        assert theirs and attacker.page()
        for code in theirs:
            if code not in state["seats"]["0"]["cards"]:
                assert f'data-code="{code}"' not in attacker.html


def _journal(rnd: Round):
    from webgame.models import RoundEvent

    return db.session.scalars(sa.select(RoundEvent).where(RoundEvent.round_id == rnd.id)).all()


def test_a_replayed_rebet_stakes_once(app, guest):
    table = create_table("Rebet wheel", "big-six", "chapter4")
    db.session.commit()
    seat = Seat(guest, table)
    seat.act("bet", "1", chip=500)
    seat.act("spin")
    assert latest_round(table).status == "over"
    start = chips(me(), table)
    form = {"round_id": seat.round_id, "version": seat.version}
    assert seat.act("rebet", **form) == ""
    assert chips(me(), table) == start - 500
    assert seat.act("rebet", **form) == "The table moved on. Here is where it stands now."
    assert seat.act("rebet", **form) == "The table moved on. Here is where it stands now."
    assert chips(me(), table) == start - 500
    assert_books_balance()


def test_an_abandoned_round_frees_the_table_when_the_next_player_sits(app, guest):
    """A guest deals and vanishes: the round waits a day for a lone player (D-009), but the
    moment a second person sits it is a shared table with a 30-second clock, and when that
    runs out the absent hand stands and the round settles."""
    table = make_table()
    load_shoe(table, EIGHTS)  # no blackjack on either side: the hand waits for a decision
    gone = Seat(guest, table, seat=0)
    gone.act("bet", "main", chip=1000)
    gone.act("deal")
    rnd = latest_round(table)
    assert rnd.status == "open" and rnd.deadline - utcnow() > timedelta(hours=23)
    newcomer = second_player(app, table, seat=3)
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.deadline_kind == "decision" and rnd.deadline - utcnow() <= timedelta(seconds=30)
    assert newcomer.act("bet", "main", chip=1000) != ""  # still the guest's round
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    newcomer.page()  # the next look at the table applies the clock
    db.session.expire_all()
    assert latest_round(table).status == "over"
    assert newcomer.act("bet", "main", chip=1000) == ""
    assert latest_round(table).number == 2
    assert_books_balance()


def test_a_lone_players_round_settles_by_the_default_after_a_day(app, guest):
    table = make_table()
    seat = Seat(guest, table)
    seat.act("bet", "main", chip=1000)
    rnd = latest_round(table)
    rnd.deadline = utcnow() - timedelta(seconds=1)  # a day has passed
    db.session.commit()
    seat.page()
    db.session.expire_all()
    assert latest_round(table).status == "over"  # dealt, and the absent hand stood (D-009)
    assert_books_balance()


def test_bots_are_seated_by_a_seated_player_beside_themselves_up_to_the_limit(app, guest):
    table = make_table()
    db.session.commit()
    guest.get(f"/tables/{table.id}")
    resp = guest.post(f"/tables/{table.id}/bot", {"seat": 2}, htmx=True)
    assert "Sit down first" in resp.get_data(as_text=True)
    Seat(guest, table, seat=0)
    for n in range(1, 1 + play.MAX_BOTS_PER_PLAYER):
        assert guest.post(f"/tables/{table.id}/bot", {"seat": n}).status_code == 302
    resp = guest.post(f"/tables/{table.id}/bot", {"seat": 6}, htmx=True)
    assert f"at most {play.MAX_BOTS_PER_PLAYER} bots" in resp.get_data(as_text=True)
    db.session.expire_all()
    assert sum(1 for s in table.seats if s.is_bot) == play.MAX_BOTS_PER_PLAYER


def test_only_the_sponsor_or_the_operator_removes_a_bot(app, guest):
    table = make_table()
    sponsor = Seat(guest, table, seat=0)
    assert guest.post(f"/tables/{table.id}/bot", {"seat": 1}).status_code == 302
    stranger = second_player(app, table, seat=4)
    resp = stranger.c.post(f"/tables/{table.id}/bot", {"seat": 1, "remove": "1"}, htmx=True)
    assert "Only the player who seated that bot" in resp.get_data(as_text=True)
    db.session.expire_all()
    assert table.seats[1].is_bot
    operator = Player(username="floor", display_name="Floor", is_operator=True)
    db.session.add(operator)
    db.session.commit()
    play.remove_bot(table, 1, operator)
    db.session.commit()
    assert table.seats[1].player_id is None
    assert sponsor.page()


def test_a_players_bots_leave_with_them(app, guest):
    table = make_table()
    Seat(guest, table, seat=0)
    for n in (1, 2):
        assert guest.post(f"/tables/{table.id}/bot", {"seat": n}).status_code == 302
    assert guest.post(f"/tables/{table.id}/leave", {"seat": 0}).status_code == 302
    db.session.expire_all()
    assert all(s.player_id is None for s in table.seats)


def test_the_next_rounds_commitment_is_shown_before_the_first_bet(app, guest):
    table = make_table()
    seat = Seat(guest, table)
    db.session.expire_all()
    shown = table.next_commitment
    assert shown and shown[:16] in seat.html and latest_round(table) is None
    seat.act("bet", "main", chip=1000)
    rnd = latest_round(table)
    assert rnd.commitment == shown
    seat.act("deal")
    seat.play_out()
    db.session.expire_all()
    following = table.next_commitment
    assert following and following != shown and following[:16] in seat.page()
    seat.act("bet", "main", chip=1000)
    assert latest_round(table).commitment == following


def test_ledger_check_reports_a_stake_no_round_will_settle(app, guest):
    table = make_table()
    seat = Seat(guest, table)
    seat.act("bet", "main", chip=1000)
    assert audit.layout_problems() == []
    rnd = latest_round(table)
    rnd.status = "void"  # abandoned with its stake on the layout, as the race used to leave it
    db.session.commit()
    problems = audit.layout_problems()
    assert len(problems) == 1 and "$10 on the layout" in problems[0]
    result = app.test_cli_runner().invoke(args=["ledger-check"])
    assert result.exit_code == 1 and "stranded:" in result.output


def test_changing_a_craps_tables_rules_with_bets_standing_is_refused(app, guest):
    table = create_table("Dice", "craps", "grand-ronde")
    db.session.commit()
    seat = Seat(guest, table)
    for _ in range(60):  # until a come-out roll sets a point with the pass line standing
        if "bet-pass" in seat.actions:
            seat.act("bet", "pass", chip=500)
        seat.act("roll")
        db.session.expire_all()
        if audit.standing_total(table, play.table_carry(table)):
            break
    assert audit.standing_total(table, play.table_carry(table)) > 0
    from webgame.services.tables import ConfigError

    with pytest.raises(ConfigError, match="standing"):
        configure(table, variant="chapter4", config={}, bots_allowed=True, name=table.name, operator=None)
    db.session.rollback()
    assert_books_balance()


def test_recall_shows_each_rounds_closing_chips_from_its_ledger(app, guest):
    from webgame.services import recall

    table = make_table()
    load_shoe(table, EIGHTS)
    seat = Seat(guest, table)
    before = chips(me(), table)
    seat.act("bet", "main", chip=1000)
    seat.act("deal")
    seat.play_out()
    rnd = latest_round(table)
    (rs,) = recall.round_seats(rnd)
    assert rs.chips_before == before and rs.chips_after == chips(me(), table) != before


def test_a_cleared_bet_frees_the_seat_and_the_chips_at_once(app, guest):
    table = make_table()
    seat = Seat(guest, table)
    seat.act("bet", "main", chip=1000)
    seat.act("clear", "main")
    assert latest_round(table).status == "open"
    resp = guest.post(f"/tables/{table.id}/cash-out", {}, htmx=True)
    assert "went back to your wallet" in resp.get_data(as_text=True)
    assert guest.post(f"/tables/{table.id}/leave", {"seat": 0}).status_code == 302
    db.session.expire_all()
    assert table.seats[0].player_id is None
    assert_books_balance()


def test_a_table_saved_outside_the_rulebook_refuses_play_in_plain_words(app, guest):
    """A configuration saved before D-004 bound the operator no longer resolves: a bet gets a
    plain message and changes nothing (no server error)."""
    table = make_table()
    seat = Seat(guest, table)
    table.config = {"limits": {"main": {"min": 500, "max": 110_000}}}  # above 000 s.265's $1,000
    db.session.commit()
    start = chips(me(), table)
    error = seat.act("bet", "main", chip=1000)
    assert error.startswith("This table is closed for a change of its rules") and "$1,000" in error
    assert latest_round(table) is None and chips(me(), table) == start
    assert seat.page() and "Internal Server Error" not in seat.html


def test_the_betting_window_spins_a_shared_wheel_instead_of_returning_every_bet(app, guest):
    """D-025: at a shared Big Six table the window's end spins the wheel; the bets are played,
    not handed back (the clock used to send the card tables' 'deal', which a wheel refuses)."""
    table = create_table("Shared wheel", "big-six", "chapter4")
    db.session.commit()
    first = Seat(guest, table, seat=0)
    second = second_player(app, table, seat=1)
    first.act("bet", "1", chip=500)
    second.page()
    second.act("bet", "2", chip=500)
    rnd = latest_round(table)
    assert rnd.deadline_kind == "betting"
    rnd.deadline = utcnow() - timedelta(seconds=1)
    db.session.commit()
    second.page()
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    settled = {(s.seat, s.bet) for s in db.session.scalars(
        sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id))}
    assert settled == {(0, "1"), (1, "2")}
    assert_books_balance()


def test_the_next_sitter_bets_from_their_own_chips_not_the_last_players(app, guest):
    """A player who took every bet back and left mid-round is forgotten by the round: the
    player who sits down in the same betting round bets from their own chips, their part in
    the round is theirs in the recall, and the one who left keeps every chip."""
    table = make_table()
    first = Seat(guest, table, buy="200")
    left = me()
    assert first.act("bet", "main", chip=500) == ""
    assert first.act("clear", "main") == ""
    assert guest.post(f"/tables/{table.id}/leave", {"seat": 0}, htmx=True).status_code == 200
    other = second_player(app, table, seat=0)
    newcomer = me()
    assert newcomer.id != left.id
    assert other.act("bet", "main", chip=500) == ""
    assert chips(left, table) == 20_000
    assert chips(newcomer, table) == 49_500
    rnd = latest_round(table)
    assert rnd.owners == {"0": newcomer.id}
    from webgame.models import RoundSeat

    seats = db.session.execute(sa.select(RoundSeat.seat, RoundSeat.player_id, RoundSeat.chips_before)
                               .where(RoundSeat.round_id == rnd.id)).all()
    assert seats == [(0, newcomer.id, 50_000)]
    assert_books_balance()

