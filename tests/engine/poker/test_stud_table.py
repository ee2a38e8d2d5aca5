"""The stud tables on the Game protocol (games/poker/table.py, room.py): antes instead of blinds,
no button, each card room's collection taken from the antes before the deal, the c004 rake only
from fourth street, the felt hiding other seats' down cards, and stud-playing bots."""

from __future__ import annotations

from typing import Any

import pytest

from webgame.engine.paytable import load_game, resolve
from webgame.engine.protocol import Action, Drop, Note, Settlement, Stake
from webgame.engine.rng import SeededRng
from webgame.games.poker.table import (
    FIVE_CARD_STUD,
    MEXICAN_STUD,
    RAZZ,
    SEVEN_CARD_STUD,
    SEVEN_CARD_STUD_HI_LO,
    PokerTable,
    rules_lines,
)


def dealt(table: PokerTable, game: str, variant: str, players: int,
          stack: int = 20_000) -> tuple[Any, list[Any]]:
    rules = resolve(load_game(game).variants[variant])
    rng = SeededRng(f"{game}{variant}{players}".encode())
    state = table.new_round(rules, rng, None)
    for seat in range(players):
        table.apply(state, Action("owner", seat, str(seat + 10), stack), rng)
    events = table.apply(state, Action("deal"), rng)
    return state, events


def fold_to_the_bring_in(table: PokerTable, state: Any) -> list[Any]:
    events: list[Any] = []
    rng = SeededRng(b"moves")
    while not table.is_over(state):
        seat = table.to_act(state)
        kinds = {a.kind for a in table.legal_actions(state, seat)}
        events += table.apply(state, Action("bring-in" if "bring-in" in kinds else "fold", seat), rng)
    return events


def call_down(table: PokerTable, state: Any) -> list[Any]:
    events: list[Any] = []
    rng = SeededRng(b"moves")
    while not table.is_over(state):
        seat = table.to_act(state)
        kinds = {a.kind for a in table.legal_actions(state, seat)}
        move = next(k for k in ("bring-in", "check", "call", "expose") if k in kinds)
        events += table.apply(state, Action(move, seat, "no" if move == "expose" else ""), rng)
    return events


def test_lucky_derby_takes_its_fee_after_the_ante_and_before_the_deal() -> None:
    # 001 s.3913: "taken after the Ante and before any cards are dealt": 4 or fewer players $3
    state, events = dealt(SEVEN_CARD_STUD, "seven-card-stud", "lucky-derby", 4)
    assert state.plan.button == 0 and {k for _, k, _, _ in state.plan.forced} == {"ante"}  # no blinds
    notes = [e.text for e in events if isinstance(e, Note)]
    assert "Collection $3 taken from the antes before the deal." in notes
    assert state.at_deal[0][:2] == ["fees", 300]
    assert [a["kind"] for a in state.hand.streets[0].actions] == ["ante"] * 4  # nobody has acted yet
    # the hand ends on third street, and the fee stays taken (no flop rule for stud's collection)
    events += fold_to_the_bring_in(SEVEN_CARD_STUD, state)
    drops = [e for e in events if isinstance(e, Drop)]
    assert [(d.account, d.amount) for d in drops] == [("fees", 300)]
    staked = sum(e.amount for e in events if isinstance(e, Stake))
    pot = [e for e in events if isinstance(e, Settlement)]
    assert sum(e.returned for e in pot) + 300 == staked


@pytest.mark.parametrize(("game", "variant", "players", "fee"), [
    ("seven-card-stud", "lc", 7, 300),                  # 002 s.5467: $3-$6, 6 or more, $3
    ("seven-card-stud-hi-lo", "lc", 5, 200),            # 002 s.5468: 5 players, $2
    ("seven-card-stud", "crystal-park", 7, 300),        # 003 s.1068: $3-$6, 7 or more
    ("razz", "crystal-park", 6, 750),                   # 003 s.1092: $30-$60, 6 or less
])
def test_each_card_room_collects_from_the_antes_by_its_schedule(game: str, variant: str, players: int,
                                                                fee: int) -> None:
    table = {"seven-card-stud": SEVEN_CARD_STUD, "seven-card-stud-hi-lo": SEVEN_CARD_STUD_HI_LO,
             "razz": RAZZ}[game]
    state, events = dealt(table, game, variant, players, stack=200_000)
    assert [c for _, c, _ in state.at_deal] == [fee]
    events += call_down(table, state)
    assert sum(d.amount for d in events if isinstance(d, Drop) and d.account == "fees") == fee


def test_chapter4_rakes_only_a_hand_that_reaches_fourth_street() -> None:
    # D-412: no rake before fourth street in stud games; 5% of the pot, at most $4
    state, events = dealt(SEVEN_CARD_STUD, "seven-card-stud", "chapter4", 3)
    assert state.at_deal == []
    rng = SeededRng(b"x")
    opener = SEVEN_CARD_STUD.to_act(state)
    events += SEVEN_CARD_STUD.apply(state, Action("bet", opener, "", 300), rng)
    while not SEVEN_CARD_STUD.is_over(state):
        events += SEVEN_CARD_STUD.apply(state, Action("fold", SEVEN_CARD_STUD.to_act(state)), rng)
    assert not [e for e in events if isinstance(e, Drop)]
    state, events = dealt(SEVEN_CARD_STUD, "seven-card-stud", "chapter4", 3)
    events += call_down(SEVEN_CARD_STUD, state)
    staked = sum(e.amount for e in events if isinstance(e, Stake))
    assert [(d.account, d.amount) for d in events if isinstance(d, Drop)] == [("rake", min(staked * 5 // 100, 400))]


def test_the_felt_shows_up_cards_to_all_and_down_cards_to_their_owner() -> None:
    state, _ = dealt(SEVEN_CARD_STUD, "seven-card-stud", "lc", 3)
    mine = SEVEN_CARD_STUD.view(state, 0)["poker"]["seats"]
    hole = {p.seat: p.hole for p in state.hand.players}
    assert mine["0"]["cards"] == hole[0]
    assert mine["1"]["cards"] == [None, None, hole[1][2]] and mine["1"]["up"] == [hole[1][2]]
    assert SEVEN_CARD_STUD.view(state, 0)["poker"]["street"] == "third"
    assert all(s["blind"] == "" and not s["button"] for s in mine.values())


@pytest.mark.parametrize(("table", "game", "variant"), [
    (SEVEN_CARD_STUD, "seven-card-stud", "lc"), (SEVEN_CARD_STUD_HI_LO, "seven-card-stud-hi-lo", "crystal-park"),
    (RAZZ, "razz", "chapter4"), (FIVE_CARD_STUD, "five-card-stud", "chapter4"),
    (MEXICAN_STUD, "mexican-stud", "crystal-park")])
def test_bots_play_stud_hands_to_the_end_with_the_books_square(table: PokerTable, game: str, variant: str) -> None:
    for hand_no in range(3):
        state, events = dealt(table, game, variant, 5, stack=50_000 + hand_no)
        rng = SeededRng(b"bots")
        moves: set[str] = set()
        for _ in range(200):
            seat = table.to_act(state)
            if seat is None:
                break
            action = table.bot_action(state, seat)
            assert action is not None
            moves.add(action.kind)
            events += table.apply(state, action, rng)
        assert table.is_over(state)
        staked = sum(e.amount for e in events if isinstance(e, Stake))
        back = sum(e.returned for e in events if isinstance(e, Settlement))
        assert back + sum(d.amount for d in events if isinstance(d, Drop)) == staked
        assert moves & {"bring-in", "bet", "check"}
        if game == "mexican-stud":
            assert "expose" in moves


TABLES = {"seven-card-stud": SEVEN_CARD_STUD, "seven-card-stud-hi-lo": SEVEN_CARD_STUD_HI_LO, "razz": RAZZ,
          "five-card-stud": FIVE_CARD_STUD, "mexican-stud": MEXICAN_STUD}
# INDEX section 7's stud variants.
INDEX = {"seven-card-stud": {"lucky-derby", "lc", "crystal-park", "chapter4"},
         "seven-card-stud-hi-lo": {"lc", "crystal-park", "chapter4"},
         "razz": {"crystal-park", "chapter4"}, "five-card-stud": {"chapter4"}, "mexican-stud": {"crystal-park"}}


@pytest.mark.parametrize(("game", "variant"), [(g, v) for g, vs in sorted(INDEX.items()) for v in sorted(vs)])
def test_every_stud_variant_is_cited_and_deals_a_hand_to_the_end(game: str, variant: str) -> None:
    assert set(load_game(game).variants) == INDEX[game]
    data = load_game(game).variants[variant]
    assert data.seed and data.sections and data.notes
    rules = resolve(data)
    assert rules["seats"] == {"five-card-stud": 10, "mexican-stud": 7}.get(game, 8)  # D-410
    assert rules["take"] == (["rake-004"] if variant == "chapter4" else rules["take"]) and rules["take"]
    state, events = dealt(TABLES[game], game, variant, 4, stack=200_000)
    events += call_down(TABLES[game], state)
    staked = sum(e.amount for e in events if isinstance(e, Stake))
    assert sum(e.returned for e in events if isinstance(e, Settlement)) + sum(
        d.amount for d in events if isinstance(d, Drop)) == staked
    forced = {"bring-in": rules["bring_in"], "either-limit": rules["bets"][0]}.get(rules["first_round"], 0)
    assert staked == 4 * rules["ante"] + 4 * forced


def test_the_posted_rules_name_each_rooms_stud_rules() -> None:
    def lines(game: str, variant: str) -> str:
        return " ".join(rules_lines(resolve(load_game(game).variants[variant])))
    lc = lines("seven-card-stud", "lc")
    assert "$3/$6 Fixed Limit, ante $1, bring-in $1." in lc
    assert "The lowest up card (aces high) brings in for $1 or completes to the small bet" in lc
    assert "an open pair lets anyone bet the big bet" in lc and "after the burn cards are used" in lc
    assert "a player showing an open pair may bet the big bet" in lines("seven-card-stud", "lucky-derby")
    assert "open pair" not in lines("seven-card-stud-hi-lo", "lc")  # 002 §8
    razz = lines("razz", "chapter4")
    assert "The highest up card (aces low) opens the first round with a check or a bet" in razz
    assert "the lowest hand showing acts first" in razz and "bring-in" not in razz
    assert "common card is turned up for everyone." in lines("seven-card-stud", "chapter4")
    assert "must open for $3 or $6" in lines("mexican-stud", "crystal-park")


def test_mexican_studs_button_moves_one_seat_each_hand() -> None:
    # 003 s.228: "The dealer button advances after each hand is complete"
    state, _ = dealt(MEXICAN_STUD, "mexican-stud", "crystal-park", 4)
    first = state.plan.button
    call_down(MEXICAN_STUD, state)
    rng = SeededRng(b"next")
    nxt = MEXICAN_STUD.new_round(state.rules, rng, MEXICAN_STUD.carry(state))
    for seat in range(4):
        MEXICAN_STUD.apply(nxt, Action("owner", seat, str(seat + 10), 20_000), rng)
    MEXICAN_STUD.apply(nxt, Action("deal"), rng)
    assert nxt.plan.button == first % 4 + 1 and nxt.plan.dealt[-1] == nxt.plan.button


def test_a_stud_kill_hand_raises_the_ante_the_bring_in_and_the_limits() -> None:
    # D-427: in stud (003 Stud/8 "may be played with a kill") no kill blind; everything x1.5
    rules = resolve(load_game("seven-card-stud-hi-lo").variants["crystal-park"], {"options": {"kill": "half"}})
    rng = SeededRng(b"kill")
    state = SEVEN_CARD_STUD_HI_LO.new_round(rules, rng, {"kill": 1})
    for seat in range(3):
        SEVEN_CARD_STUD_HI_LO.apply(state, Action("owner", seat, str(seat + 10), 20_000), rng)
    events = SEVEN_CARD_STUD_HI_LO.apply(state, Action("deal"), rng)
    h = state.hand
    assert h.structure.bets == (450, 450, 900, 900) and h.structure.bring_in == 150
    assert [a["amount"] for a in h.streets[0].actions] == [150, 150, 150]  # the antes, raised
    assert not [f for f in h.forced if f.kind == "kill"]
    assert "Kill hand: the ante, the bring-in and the limits rise." in [e.text for e in events if isinstance(e, Note)]
    seat = SEVEN_CARD_STUD_HI_LO.to_act(state)
    assert {a.kind: a.min for a in SEVEN_CARD_STUD_HI_LO.legal_actions(state, seat)} == {"bring-in": 150, "complete": 450}
