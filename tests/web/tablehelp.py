"""Helpers to drive a table through the test client as a browser would."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import sqlalchemy as sa

from webgame.extensions import db
from webgame.models import BetSettlement, Player, Round, Table
from webgame.services import wallet
from webgame.services.tables import create_table

ROUND = re.compile(r'name="round_id" value="(\d*)"')
VERSION = re.compile(r'name="version" value="(\d*)"')
SEEN = re.compile(r'name="seen" value="(\d*)"')
ERROR = re.compile(r'class="flash flash-error"[^>]*>([^<]*)<')
ACTIONS = re.compile(r'data-action="([a-z0-9-]+)"')


def make_table(variant="grand-ronde", config=None, name="Test Blackjack"):
    table = create_table(name, "blackjack", variant, config=config or {})
    db.session.commit()
    return table


def me() -> Player:
    return db.session.scalars(sa.select(Player).where(Player.is_guest.is_(True), Player.is_bot.is_(False))
                              .order_by(Player.id.desc())).first()


class Seat:
    """One browser at one seat of one table."""

    def __init__(self, client, table: Table, seat: int = 0, buy: str = "500"):
        self.c = client
        self.table_id = table.id
        self.seat = seat
        self.html = ""
        self.page()
        assert self.c.post(f"/tables/{table.id}/sit", {"seat": seat}).status_code == 302
        if buy:
            assert self.c.post(f"/tables/{table.id}/buy-in", {"amount": buy}).status_code == 302
        self.page()

    def page(self):
        self.html = self.c.get(f"/tables/{self.table_id}").get_data(as_text=True)
        return self.html

    @property
    def round_id(self):
        m = ROUND.search(self.html)
        return m.group(1) if m else ""

    @property
    def version(self):
        m = VERSION.search(self.html)
        return m.group(1) if m else ""

    @property
    def seen(self):
        m = SEEN.search(self.html)
        return m.group(1) if m else ""

    @property
    def form(self):
        """The hidden round fields of the page's forms, as a later post of this page sends them."""
        return {"round_id": self.round_id, "version": self.version, "seen": self.seen}

    @property
    def actions(self):
        return set(ACTIONS.findall(self.html))

    @property
    def error(self):
        m = ERROR.search(self.html)
        return m.group(1).strip() if m else ""

    def act(self, kind, spot="", chip=None, amount=None, *, round_id=None, version=None, seen=None, seat=None):
        data = {"seat": self.seat if seat is None else seat, "kind": kind, "spot": spot,
                "round_id": self.round_id if round_id is None else round_id,
                "version": self.version if version is None else version,
                "seen": self.seen if seen is None else seen}
        if chip is not None:
            data["chip"] = chip
        if amount is not None:
            data["amount"] = amount
        resp = self.c.post(f"/tables/{self.table_id}/act", data, htmx=True)
        assert resp.status_code == 200
        self.html = resp.get_data(as_text=True)
        return self.error

    def play_out(self, max_steps=40):
        """Stand on everything (decline insurance) until the round is over."""
        for _ in range(max_steps):
            acts = self.actions
            if "decline" in acts:
                self.act("decline")
            elif any(a.startswith("stand-") for a in acts):
                spot = sorted(a for a in acts if a.startswith("stand-"))[0].split("-", 1)[1]
                self.act("stand", spot)
            else:
                return
        raise AssertionError("the round did not end")


def chips(player: Player, table: Table) -> int:
    return wallet.balance(wallet.chips(player.id, table.id))


def latest_round(table: Table) -> Round:
    return db.session.scalars(sa.select(Round).where(Round.table_id == table.id)
                              .order_by(Round.number.desc())).first()


def assert_books_balance():
    """Nothing created or lost, and no stake on any layout without a round to settle it."""
    from webgame.services import audit

    db.session.expire_all()
    assert wallet.total_of_all_accounts() == 0
    assert wallet.ledger_agrees_with_balances()
    assert audit.layout_problems() == []


def load_shoe(table: Table, codes: list[str], decks: int = 6, deck_size: int = 52, *, baccarat: bool = False) -> None:
    """Fill the table's shoe with chosen cards. Only the composition matters: each round still
    shuffles what is left with its own committed seed (P-001). All eights, for example, means
    no blackjack for anybody, no insurance, and a pair to split on every hand. ``deck_size``
    48 is a Spanish 21 shoe. ``baccarat``: the shoe of a baccarat coup, which carries its
    road marks beside the shoe."""
    size = deck_size * decks
    cards = (codes * (size // len(codes) + 1))[:size]
    shoe = {"decks": decks, "size": size, "cut_at": size * 75 // 100, "remaining": cards,
            "discards": [], "in_play": [], "shuffle_no": 1, "rounds_since_shuffle": 1,
            "cut_card_out": False, "just_shuffled": False, "emergency_reshuffles": 0}
    data: dict = {"inner": {"shoe": shoe, "marks": [], "after_cut": -1}} if baccarat else shoe
    table.carry = {"epoch": int((table.config or {}).get("epoch", 0)), "data": data}
    db.session.commit()


EIGHTS = ["8c", "8d", "8h", "8s"]


def second_player(app, table: Table, seat: int = 1) -> Seat:
    """Another guest, in their own browser, seated at ``seat``."""
    from tests.conftest import CasinoClient

    c = CasinoClient(app.test_client())
    c.get("/login")
    c.post("/guest")
    return Seat(c, table, seat=seat)


def round_settlements(rnd: Round) -> list[BetSettlement]:
    return list(db.session.scalars(sa.select(BetSettlement).where(BetSettlement.round_id == rnd.id)))


def table_account(kind: str, table: Table) -> int:
    """The balance of one of the table's own accounts ("bank", "fees", "wagers")."""
    return wallet.balance(wallet.account(kind, table_id=table.id))


def three_players(app, guest, table: Table) -> list[tuple[Seat, Player]]:
    """Three browsers seated at spots 1, 2 and 3, each with the player behind it."""
    out = [(Seat(guest, table, 0), me())]
    for seat in (1, 2):
        out.append((second_player(app, table, seat), me()))
    return out


def take_bank(seat: Seat, amount: str) -> None:
    """The seat takes the player-dealer bank for ``amount`` dollars: if the bank is not yet
    offered to it (another seat's offer, or the previous turn still showing), the clock's
    ``next`` moves the offer on first."""
    if "bank" not in seat.actions:
        assert seat.act("next") == ""
    assert "bank" in seat.actions, seat.html[-2000:]
    assert seat.act("bank", amount=amount) == ""


def bank_and_two_choosers(app, guest, game: str, variant: str, deck_size: int, prompt: str,
                          at_choice: Callable[[Seat], None]) -> tuple[Round, Seat]:
    """A player-dealer baccarat hand where each bettor chooses its own draw (Asian Baccarat,
    Super Pan 9), on a shoe of deuces: seat 0 banks $300, seat 1 bets $25 and seat 2 $10 on
    the Players' side, seat 1 draws, seat 2 stands, the bank draws. Seat 1 draws to the bank's
    total (a push), seat 2 loses its $10 to the bank, and the hand is settled within the bank:
    the house neither pays nor collects. ``at_choice`` checks seat 1's page when it is asked."""
    table = create_table(f"P/D {game}", game, variant, config={"options": {}})
    db.session.commit()
    load_shoe(table, ["2c", "2d", "2h", "2s"], decks=8, deck_size=deck_size, baccarat=True)
    (a, pa), (b, pb), (c, pc) = three_players(app, guest, table)
    house_before = wallet.house_total()
    a.page()
    take_bank(a, "300")
    b.page()
    assert "bet-player" in b.actions and "bet-banker" not in b.actions
    assert b.act("bet", "player", chip="2500") == ""
    c.page()
    assert c.act("bet", "player", chip="1000") == ""
    assert c.act("deal") == ""
    b.page()
    assert prompt in b.html and {"hit", "stand"} <= b.actions
    at_choice(b)
    assert b.act("hit") == ""
    c.page()
    assert c.act("stand") == ""
    a.page()
    assert {"hit", "stand"} <= a.actions  # the bank's own choice
    assert a.act("hit") == ""
    db.session.expire_all()
    rnd = latest_round(table)
    assert rnd.status == "over"
    by_player = {(r.player_id, r.bet): r for r in round_settlements(rnd)}
    assert by_player[(pb.id, "player")].returned == by_player[(pb.id, "player")].stake == 2500
    assert by_player[(pc.id, "player")].returned == 0
    assert by_player[(pa.id, "bank")].returned - by_player[(pa.id, "bank")].stake == 1000
    assert sum(r.returned - r.stake for r in by_player.values()) == 0  # the bank pays and collects, nobody else
    assert wallet.house_total() == house_before
    b.page()
    return rnd, b


def listed_variant(app, game: str, variant: str) -> dict:
    """The variant's row in ``flask games --json``."""
    result = app.test_cli_runner().invoke(args=["games", "--json"])
    assert result.exit_code == 0
    games = {g["slug"]: g for g in json.loads(result.output)["games"]}
    return {v["slug"]: v for v in games[game]["variants"]}[variant]
