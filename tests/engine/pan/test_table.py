"""The Pan table (games/pan/table.py): the order of play to the right and the winner first
next hand, the eldest hand by the lowest up card (D-462), the collection fee by the number of
players and the tops to the winner (003 s.1565-1573, D-461), going on top, table stakes
(D-803), the money through the pot, the clock's defaults and the bots."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from webgame.engine.paytable import resolve
from webgame.engine.protocol import Action, Drop, Event, IllegalAction, Settlement, Stake
from webgame.games import registry
from webgame.games.pan import hand as pan
from webgame.games.pan import table as pt
from webgame.games.pan.table import PanState

GAME = registry.engine("pan", "crystal-park")


class Stacked:
    """A randomness that deals a chosen deck: its shuffle puts ``deck`` first."""

    def __init__(self, deck: Sequence[str]) -> None:
        self.deck = list(deck)

    def randbelow(self, n: int) -> int:
        return 0

    def shuffle(self, items: list[str]) -> None:
        rest = list(items)
        for c in self.deck:
            rest.remove(c)
        items[:] = self.deck + rest

    def choice(self, items: Sequence[str]) -> str:
        return items[0]


def rules(kon: int = 100, tops: int = 1) -> dict:
    return resolve(registry.rules("pan").variants["crystal-park"], {"options": {"kondition": kon, "tops": tops}})


def table(seats: Sequence[int], cents: int = 5000, leader: int = -1, **kw: int) -> PanState:
    st = GAME.new_round(rules(**kw), Stacked([]), {"leader": leader} if leader >= 0 else None)
    for s in seats:
        GAME.apply(st, Action("owner", s, str(100 + s), cents), Stacked([]))
    return st


def deck_for(hands: Sequence[Sequence[str]], stock: Sequence[str] = ()) -> list[str]:
    """The deck that deals these ten-card hands, five at a time, in the deal's order."""
    deck: list[str] = []
    for half in (0, 5):
        for cards in hands:
            deck += list(cards[half:half + 5])
    return deck + list(stock)


FILL = ["2c", "4d", "6c", "Jd", "Qc", "2d", "4c", "6d", "Jc", "Qd"]


def test_play_runs_to_the_right_from_the_last_winner() -> None:
    assert pt.play_order([0, 1, 2, 3], 2) == [2, 1, 0, 3]
    assert pt.play_order([0, 1, 3, 5], 4) == [3, 1, 0, 5]     # the winner gone: the next seat to the right
    st = table([0, 1, 2, 3], leader=2)
    GAME.apply(st, Action("deal"), Stacked([]))
    assert st.hand is not None and st.hand.order == [2, 1, 0, 3]
    assert GAME.to_act(st) == 2                                # the winner declares and draws first
    assert st.up_cards == []


def test_the_first_hand_goes_to_the_lowest_up_card() -> None:
    # dealt from the highest seat down (2, 1, 0); each fifth card up: 7h, As, Ad
    hands = [FILL[:4] + ["7h"] + FILL[4:9], FILL[:4] + ["As"] + FILL[4:9], FILL[:4] + ["Ad"] + FILL[4:9]]
    st = table([0, 1, 2])
    GAME.apply(st, Action("deal"), Stacked(deck_for(hands)))
    assert st.up_cards == [[2, "7h"], [1, "As"], [0, "Ad"]]
    assert st.eldest == 1                                      # the tie of aces goes to the one dealt first
    assert st.hand is not None and st.hand.order == [1, 0, 2]
    assert GAME.to_act(st) == 1
    assert "Seat 2 has the lowest up card and is the eldest hand." in st.notes


def everybody(st: PanState, moves: dict[int, str]) -> list[Event]:
    events: list[Event] = []
    while st.hand is not None and st.hand.phase == pan.DECLARE:
        seat = GAME.to_act(st)
        assert seat is not None
        events += GAME.apply(st, Action(moves.get(seat, "in"), seat), Stacked([]))
    return events


def play_out(st: PanState) -> list[Event]:
    events: list[Event] = []
    for _ in range(3000):
        if GAME.is_over(st):
            return events
        seat = GAME.to_act(st)
        assert seat is not None
        move = GAME.bot_action(st, seat)
        assert move is not None
        events += GAME.apply(st, move, Stacked([]))
    raise AssertionError("the hand did not end")


def money(events: Sequence[Event]) -> tuple[int, int, int]:
    return (sum(e.amount for e in events if isinstance(e, Stake)), sum(e.amount for e in events if isinstance(e, Drop)),
            sum(e.returned for e in events if isinstance(e, Settlement)))


@pytest.mark.parametrize(("players", "kon", "fee"), [(3, 100, 100), (4, 100, 100), (5, 100, 200), (6, 200, 250),
                                                      (4, 200, 200), (4, 300, 200), (5, 300, 300), (4, 500, 300),
                                                      (7, 500, 400), (3, 1000, 600), (5, 1000, 700)])
def test_the_collection_by_players_and_the_tops_to_the_winner(players: int, kon: int, fee: int) -> None:
    st = table(range(players), cents=100 * kon, kon=kon)
    events = GAME.apply(st, Action("deal"), Stacked([]))
    events += everybody(st, {})
    events += play_out(st)
    assert st.fee == fee                                       # 003 s.1565-1573
    assert [e for e in events if isinstance(e, Drop)] == [Drop("fees", fee, f"Pan collection, {players} players")]
    stakes, drops, back = money(events)
    assert stakes == drops + back                              # the pot is empty again
    h = st.hand
    assert h is not None and h.winner >= 0
    settled = {e.seat: e for e in events if isinstance(e, Settlement)}
    assert sorted(settled) == sorted(range(players))           # one settlement a seat
    received = {s: sum(p.chips for p in h.payments if p.payee == s) * kon for s in range(players)}
    for s, e in settled.items():
        tops = players * kon - fee if s == h.winner else 0
        assert e.returned == received[s] + tops
        assert e.stake == kon + sum(p.chips for p in h.payments if p.payer == s) * kon


def test_a_condition_is_paid_by_every_other_player_in_chips_of_the_kondition() -> None:
    # seat 2 (the leader) holds two 7s of spades and plucks the third: a valle square of one
    # suit in spades, 4 chips from each of the others at $5 a chip (003 s.1467-1488)
    hands = [["7s", "7s"] + FILL[:8], FILL, FILL]
    st = table([0, 1, 2], leader=2, kon=500)
    GAME.apply(st, Action("deal"), Stacked(deck_for(hands, ["7s"])))
    everybody(st, {})
    GAME.apply(st, Action("draw", 2, "deck"), Stacked([]))
    events = GAME.apply(st, Action("lay", 2, "7s 7s 7s"), Stacked([]))
    assert sorted((e.seat, e.amount) for e in events if isinstance(e, Stake)) == [(0, 2000), (1, 2000)]
    view = GAME.view(st, 0)
    assert view["pan"]["seats"]["2"]["melds"] == [{"cards": ["7s", "7s", "7s"], "worth": 4, "kind": "same-suit"}]


def test_going_on_top_forfeits_the_tops_only() -> None:
    hands = [["7s", "7s"] + FILL[:8], FILL, FILL]     # dealt to seats 1, 0, 2
    st = table([0, 1, 2], leader=1)
    GAME.apply(st, Action("deal"), Stacked(deck_for(hands, ["7s"])))
    events = everybody(st, {0: "top"})
    GAME.apply(st, Action("draw", 1, "deck"), Stacked([]))
    events += GAME.apply(st, Action("lay", 1, "7s 7s 7s"), Stacked([]))
    assert [(e.seat, e.amount) for e in events if isinstance(e, Stake)] == [(2, 400)]   # not seat 0
    events += play_out(st)
    settled = {e.seat: e for e in events if isinstance(e, Settlement)}
    assert settled[0].stake == 100 and settled[0].returned == 0      # the tops, and nothing more
    assert settled[0].detail == "went on top: forfeits the tops"


def test_a_seat_pays_only_the_chips_it_had_at_the_deal() -> None:
    hands = [["7s", "7s"] + FILL[:8], FILL, FILL]     # dealt to seats 1, 0, 2
    st = table([0, 1, 2], leader=1)
    GAME.apply(st, Action("owner", 0, "100", 300), Stacked([]))    # seat 0 has $3: tops and 2 chips
    GAME.apply(st, Action("deal"), Stacked(deck_for(hands, ["7s"])))
    everybody(st, {})
    GAME.apply(st, Action("draw", 1, "deck"), Stacked([]))
    events = GAME.apply(st, Action("lay", 1, "7s 7s 7s"), Stacked([]))
    assert sorted((e.seat, e.amount) for e in events if isinstance(e, Stake)) == [(0, 200), (2, 400)]
    events += play_out(st)
    stakes = {e.seat: e.stake for e in events if isinstance(e, Settlement)}
    assert stakes[0] == 300                                     # never more than it sat down with


def test_three_players_with_the_tops_are_needed() -> None:
    st = table([0, 1, 2])
    GAME.apply(st, Action("owner", 2, "102", 50), Stacked([]))   # less than one $1 chip
    with pytest.raises(IllegalAction, match="3 or more"):
        GAME.apply(st, Action("deal"), Stacked([]))


def test_the_winner_is_carried_to_the_next_hand() -> None:
    st = table([0, 1, 2, 3])
    GAME.apply(st, Action("deal"), Stacked([]))
    everybody(st, {})
    play_out(st)
    assert st.hand is not None
    winner = st.hand.winner
    assert GAME.carry(st) == {"leader": winner}
    nxt = GAME.new_round(rules(), Stacked([]), GAME.carry(st))
    for s in range(4):
        GAME.apply(nxt, Action("owner", s, str(100 + s), 5000), Stacked([]))
    GAME.apply(nxt, Action("deal"), Stacked([]))
    assert nxt.hand is not None and nxt.hand.order[0] == winner and nxt.up_cards == []
    assert GAME.to_act(nxt) == winner


def test_the_clock_goes_on_top_plucks_and_throws_away() -> None:
    st = table([0, 1, 2], leader=2)
    GAME.apply(st, Action("deal"), Stacked([]))
    assert GAME.timeout_action(st) == Action("top", 2)
    everybody(st, {})
    assert GAME.timeout_action(st) == Action("draw", 2, "deck")
    GAME.apply(st, Action("draw", 2, "deck"), Stacked([]))
    assert st.hand is not None
    assert GAME.timeout_action(st) == Action("discard", 2, st.hand.drawn)


def test_the_loneliest_card_is_discarded() -> None:
    hands = [["Qs", "Qh", "Qd", "5c", "5d", "5h", "Jd", "Jd", "Kh", "3s"], FILL, FILL]
    st = table([0, 1, 2], leader=2)
    GAME.apply(st, Action("deal"), Stacked(deck_for(hands, ["Ks"])))
    everybody(st, {})
    st.hand.phase = pan.PLAY   # after the draw: lay and discard
    # no other card shares the three of spades' rank or lies near it in its suit
    assert pt.loneliest(st.hand, 2) == "3s"
    assert GAME.bot_action(st, 2) == Action("lay", 2, "5c 5d 5h")     # the Kondition before the queens


def test_every_player_on_top_plays_no_hand_and_pays_no_fee() -> None:
    st = table([0, 1, 2], leader=0)
    events = GAME.apply(st, Action("deal"), Stacked([]))
    events += everybody(st, {0: "top", 1: "top", 2: "top"})
    assert GAME.is_over(st)
    assert not [e for e in events if isinstance(e, Drop)]                   # P-382
    assert all(e.returned == e.stake == 100 for e in events if isinstance(e, Settlement))
    assert GAME.carry(st) == {"leader": 0}                                   # the first player stays first


def test_one_player_left_in_takes_the_tops_less_the_fee() -> None:
    st = table([0, 1, 2], leader=0)
    events = GAME.apply(st, Action("deal"), Stacked([]))
    events += everybody(st, {1: "top", 2: "top"})
    settled = {e.seat: e for e in events if isinstance(e, Settlement)}
    assert (settled[0].stake, settled[0].returned) == (100, 300 - 100)        # $1 KON, 3 players: $1.00
    assert st.result == "Seat 1 is the only player in and takes the tops: +1 chip ($1.00)"
